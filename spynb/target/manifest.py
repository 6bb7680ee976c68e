"""Where The Target's parts live, for the games registry (:mod:`spynb.games`)."""

from spynb.games import Manifest

MANIFEST = Manifest(
    name="target",
    package=__package__,
    spec="spec:SPEC",
    drawing="svg:draw",
    bot="bot:AgentBot",
    search="bot:SEARCH",
    board="widget:TargetController",
    front_end="widget.js",
    styles="widget.css",
    aid="aid:AID_ROWS",
    references="references:REFERENCES",
)
