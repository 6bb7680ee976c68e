"""What a seat of Kuhn poker sees: its own card, the betting, and the other card only after a showdown (KP-2).

Small on purpose, to audit for leaks: the one place a card reaches a view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spynb.engine import View, freeze

if TYPE_CHECKING:
    from .state import KuhnState

__all__ = ["HIDDEN", "view_label", "view_of"]

HIDDEN = "?"
"""A card dealt face down that the seat may not see."""
TITLE = "Kuhn poker"


def view_label(seat: int | None) -> str:
    if seat is None:
        return f"{TITLE} — omniscient teaching view (shows both cards)"
    return f"{TITLE} — what seat {seat} knows"


def view_of(state: KuhnState, seat: int | None) -> View:
    """``state`` as ``seat`` knows it (``None``: the labelled omniscient view)."""
    seen = seat is None or state.shown
    data: dict[str, Any] = {
        "seats": state.seats, "to_move": list(state.turn.seats), "moves": list(state.moves),
        "cards": {str(s): card if seen or s == seat else HIDDEN for s, card in enumerate(state.cards, 1)},
        "stakes": {str(s): chips for s, chips in state.stakes.items()}, "pot": state.pot,
        "winner": state.winner, "shown": state.shown, "turn_limit": state.turn_limit,
        "events": tuple(e.frozen() for e in state.events_seen_by(seat)),
    }
    return View(state.spec.name, seat, view_label(seat), freeze(data))
