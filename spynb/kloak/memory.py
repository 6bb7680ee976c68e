"""The memory aid of ruling KL-13: what a perfect memory knows, from public events only.

Every move in KLOAK is public.  A small piece's colour is known once it has been
seen uncovered (at setup, when a big piece is lifted off it, in a claim), and
the knowledge follows the piece as it steps, or slides under a big piece.  The
aid is folded from the events in a view — nothing is stored, and nothing the
view does not hold can get in.

>>> import spynb
>>> game = spynb.new_game("kloak", seed=3)
>>> _ = game.play("B a1xa2")                 # a1's big piece kloaks a2
>>> view = game.view(2)
>>> view["small"]["a2"], memory_aid(view)["a2"] == game.view(None)["small"]["a2"]
('?', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from spynb.engine import View

__all__ = ["memory_aid", "remember"]


def remember(events: Iterable[Mapping[str, Any]]) -> dict[str, str | None]:
    """Square → colour (``None`` if never seen) for every small piece, from event dicts."""
    known: dict[str, str | None] = {}
    for event in events:
        kind = event["kind"]
        if kind == "place":
            known[event["square"]] = event["colour"]
        elif kind in ("step", "slide"):  # the colour travels with the piece
            known[event["to"]] = known.pop(event["frm"], None)
        elif kind in ("big", "kloak") and event.get("revealed"):  # lifted off: seen uncovered
            known[event["frm"]] = event["revealed"]
        elif kind == "claim":  # KL-7: everyone sees the lifted pieces
            known.update(zip(event["squares"], event["colours"]))
        elif kind == "score":
            for square in event["squares"]:
                known.pop(square, None)
    return dict(sorted(known.items()))


def memory_aid(view: View) -> dict[str, str | None]:
    """KL-13: the colour of every small piece that a seat with perfect memory knows."""
    return remember(view["events"])
