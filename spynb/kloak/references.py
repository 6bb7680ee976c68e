"""KLOAK's references for walkthrough texts (:mod:`spynb.scenarios.references`): pieces named from the view.

* ``{piece d4}``: "the sky-blue piece on d4", or "the covered piece on d4" where the view shows a big piece on it;
* ``{pieces d2 e3}``: "the sky-blue pieces on d2 and e3" when the view shows one colour on all, else each piece;
* ``{big c1}``: "the big piece on c1" (a big piece must stand there);
* ``{colour d4}``: "sky blue", the colour the view shows on d4 (never a covered one's).

>>> view = {"small": {"d2": "S", "e3": "S", "b2": "?"}, "big": ["b2", "c1"], "covered": ["b2"]}
>>> REFERENCES.kinds["pieces"](view, ["d2", "e3"]), REFERENCES.kinds["piece"](view, ["b2"])
('the sky-blue pieces on d2 and e3', 'the covered piece on b2')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spynb.engine import SpynbError
from spynb.engine.wording import listed
from spynb.scenarios.references import References

from .board import COLOUR_NAMES

__all__ = ["REFERENCES"]


def _one_square(words: list[str]) -> str:
    if len(words) != 1:
        raise SpynbError("names one square, such as d4")
    return words[0]


def _shown(view: Mapping[str, Any], square: str) -> str:
    """The colour letter the view shows on ``square`` ("?" under a big piece)."""
    small = view["small"]
    if square not in small:
        raise SpynbError(f"no small piece stands on {square}")
    colour: str = small[square]
    return colour


def _adjective(colour: str) -> str:
    return COLOUR_NAMES[colour].replace(" ", "-")


def _piece(view: Mapping[str, Any], words: list[str]) -> str:
    square = _one_square(words)
    colour = _shown(view, square)
    return f"the covered piece on {square}" if colour == "?" else f"the {_adjective(colour)} piece on {square}"


def _pieces(view: Mapping[str, Any], words: list[str]) -> str:
    if len(words) < 2:
        raise SpynbError("names two squares or more, such as d2 e3")
    colours = {_shown(view, square) for square in words}
    if len(colours) == 1 and "?" not in colours:
        return f"the {_adjective(colours.pop())} pieces on {listed(words)}"
    return listed([_piece(view, [square]) for square in words])


def _big(view: Mapping[str, Any], words: list[str]) -> str:
    square = _one_square(words)
    if square not in view["big"]:
        raise SpynbError(f"no big piece stands on {square}")
    return f"the big piece on {square}"


def _colour(view: Mapping[str, Any], words: list[str]) -> str:
    square = _one_square(words)
    colour = _shown(view, square)
    if colour == "?":
        raise SpynbError(f"the piece on {square} is covered: its colour is not shown")
    return COLOUR_NAMES[colour]


_COLOURS = "|".join(name.replace(" ", "[- ]") for name in COLOUR_NAMES.values())
_SQUARE = r"\b[a-e][1-5]\b"

REFERENCES = References(
    {"piece": _piece, "pieces": _pieces, "big": _big, "colour": _colour},
    free_text=((rf"\b(?:{_COLOURS}) (?:small )?pieces? on {_SQUARE}", "{piece d4} or {pieces d2 e3}"),
               (rf"{_SQUARE} (?:is|holds|shows) (?:an? |the )?(?:{_COLOURS})\b", "{piece d4} or {colour d4}")),
    names=((r"\bsky blue (?=pieces?\b|lines?\b|scores?\b)", "sky-blue, before the word it describes"),))
