"""SVG helpers every game's drawing uses, and :func:`svg_for`.

A game's drawing (``draw(view) -> str``) lives in its own folder and its
manifest names it; the game's spec carries it (``draw``, the manifest's lazy
:meth:`~spynb.games.Manifest.draw`), so the engine draws without importing
anything above it and the drawing is imported only when something is drawn.

>>> import spynb
>>> svg_for(spynb.new_game("kloak", seed=1).state, 1).startswith("<svg")
True
"""

from __future__ import annotations

from spynb.engine import SpynbError, State

__all__ = ["svg_for", "escape"]


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
