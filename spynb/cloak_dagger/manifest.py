"""Where Cloak & Dagger's parts live, for the games registry (:mod:`spynb.games`)."""

from spynb.games import Manifest

MANIFEST = Manifest(
    name="cloak-dagger",
    package=__package__,
    spec="spec:SPEC",
    drawing="svg:draw",
    bot="bot:CollectorBot",
    search="bot:SEARCH",
    board="widget:CloakDaggerController",
    front_end="widget.js",
    styles="widget.css",
    aid="aid:AID_ROWS",
    references="references:REFERENCES",
)
