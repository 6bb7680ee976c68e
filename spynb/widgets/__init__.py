"""Interactive boards for notebooks (needs the ``widgets`` extra: anywidget).

The framework every game's board sits in; a game's own board (its controller,
front-end module and styles) lives in the game's folder and is found through
its manifest: ``board_class("kloak")``.  The engine never imports this package.
A game's board (and so its game) is imported when first used, so a notebook
about one game loads only that one.

A board's logic is plain Python (:class:`spynb.widgets.play.BoardController`,
one subclass per game): importing it loads no widget machinery, so a page can
host a board without a notebook.  The anywidget classes below
(:mod:`spynb.widgets.board`) load anywidget when first asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

from .play import board_class, walkthrough

__all__ = ["GameBoard", "PlayBoard", "board_class", "walkthrough"]

_MODULES = {"GameBoard": "base", "PlayBoard": "board"}


def __getattr__(name: str) -> Any:
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_MODULES[name]}"), name)
