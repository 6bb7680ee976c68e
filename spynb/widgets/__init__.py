"""Interactive boards for notebooks (needs the ``widgets`` extra: anywidget).

Each board is one Python class with one ``static/<name>.js`` (and ``.css``).
The engine never imports this package.
"""

from .base import GameBoard
from .cloak_dagger import CloakDaggerBoard
from .kloak import KloakBoard
from .play import PlayBoard, board_class, walkthrough
from .target import TargetBoard

__all__ = ["GameBoard", "PlayBoard", "CloakDaggerBoard", "KloakBoard", "TargetBoard", "board_class", "walkthrough"]
