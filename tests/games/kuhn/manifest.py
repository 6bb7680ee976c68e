"""Where Kuhn poker's parts live, for the games registry (:mod:`spynb.games`)."""

from spynb.games import Manifest

MANIFEST = Manifest(
    name="kuhn",
    package=__package__,
    spec="spec:SPEC",
    drawing="svg:draw",
    bot="bot:HighCardBot",
    search="bot:SEARCH",
    board="widget:KuhnController",
    front_end="widget.js",
    styles="widget.css",
)
