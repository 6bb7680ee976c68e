"""SVG drawing shared by ``_repr_svg_`` and the widgets.

Each game has a module here named after its package (``spynb.render.kloak``
draws ``spynb.kloak`` views) with a ``draw(view) -> str``.  A game's spec
carries its drawer, made by :func:`drawing` where the spec is built, so the
engine draws without importing anything above it and the renderer is imported
only when something is drawn.

>>> import spynb
>>> svg_for(spynb.new_game("kloak", seed=1).state, 1).startswith("<svg")
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from spynb.engine import SpynbError, State, View

__all__ = ["drawing", "svg_for", "escape"]


def drawing(package: str) -> Callable[[View], str]:
    """The drawer of the game in ``spynb.<package>``: ``spynb.render.<package>.draw``, imported on first use."""
    def draw(view: View) -> str:
        drawn: str = importlib.import_module(f"spynb.render.{package}").draw(view)
        return drawn

    return draw


def svg_for(state: State, seat: int | None = None) -> str:
    """Draw ``state`` as ``seat`` sees it (``None``: the omniscient view), with its spec's drawer.

    :raises SpynbError: when the game has no drawer.
    """
    draw = state.spec.draw
    if draw is None:
        raise SpynbError(f"{state.spec.title} has no drawing: its spec sets no draw")
    return draw(state.view(seat))


def escape(text: object) -> str:
    """Text made safe inside SVG/HTML."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))
