"""Interactive boards for notebooks (needs the ``widgets`` extra: anywidget).

Each board is one Python class with one ``static/<name>.js`` (and ``.css``).
The engine never imports this package.
"""

from .base import GameBoard

__all__ = ["GameBoard"]
