"""Where KLOAK's parts live, for the games registry (:mod:`spynb.games`)."""

from spynb.games import Manifest

MANIFEST = Manifest(
    name="kloak",
    package=__package__,
    spec="spec:SPEC",
    drawing="svg:draw",
    bot="bot:LineBot",
    search="bot:SEARCH",
    board="widget:KloakController",
    front_end="widget.js",
    styles="widget.css",
    references="references:REFERENCES",
)
