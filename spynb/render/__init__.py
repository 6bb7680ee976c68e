"""SVG drawing shared by ``_repr_svg_`` and the widgets.

Each game has a module here named after its package (``spynb.render.kloak``
draws ``spynb.kloak`` states); :func:`svg_for` finds it, so the renderer is
imported only when something is drawn.
"""

from __future__ import annotations

import importlib
from typing import Any

from spynb.engine import State

__all__ = ["svg_for", "escape"]


def svg_for(state: State, seat: int | None = None) -> str:
    """Draw ``state`` as ``seat`` sees it (``None``: the omniscient view)."""
    package = type(state).__module__.split(".")[1]
    drawer: Any = importlib.import_module(f"spynb.render.{package}")
    return drawer.draw(state.view(seat))


def escape(text: object) -> str:
    """Text made safe inside SVG/HTML."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))
