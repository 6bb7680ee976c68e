"""Interactive boards for notebooks (needs the ``widgets`` extra: anywidget).

Each board is one Python class with one ``static/<name>.js`` (and ``.css``).
The engine never imports this package.  A game's board (and so its game) is
imported when first used, so a notebook about one game loads only that one.
"""

from __future__ import annotations

import importlib

from .base import GameBoard
from .play import PlayBoard, board_class, walkthrough

__all__ = ["GameBoard", "PlayBoard", "CloakDaggerBoard", "KloakBoard", "TargetBoard", "board_class", "walkthrough"]

_BOARD_MODULES = {"CloakDaggerBoard": "cloak_dagger", "KloakBoard": "kloak", "TargetBoard": "target"}


def __getattr__(name: str) -> type[PlayBoard]:
    if name not in _BOARD_MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    board: type[PlayBoard] = getattr(importlib.import_module(f"{__name__}.{_BOARD_MODULES[name]}"), name)
    return board
