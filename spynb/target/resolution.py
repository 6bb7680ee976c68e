"""What the resolution of the pile reads (rulebook *Play*, steps 1–6; rulings TG-5, TG-10): the cards
steps 3 and 5 deal with, a Deflect's net steps, and where the marker goes at the end of the turn.

The steps themselves are the state's own (:meth:`spynb.target.state.TargetState._perform`): each changes
the position it belongs to.  What is here only reads a state, so views and explanations share it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .cards import DEFLECTS, SURVEILLANCE

if TYPE_CHECKING:
    from .state import TargetState

__all__ = ["next_marker", "net_steps", "MOVERS", "MOVER_CARDS", "ESPIONAGE_TARGETS"]

MOVERS = ("reverse", "advance-hq")
"""Step 5's cards (TG-10), in the order they act."""
MOVER_CARDS = frozenset(MOVERS)
ESPIONAGE_TARGETS = (*SURVEILLANCE, "outed")
"""The Espionage cards that go in front of the Target unless cancelled (TG-7)."""


def next_marker(state: TargetState) -> int:
    """Where the marker goes at the end of the turn (TG-5, TG-10, TG-FAQ-5, TG-FAQ-6).

    After a net forward Deflect the seat that received the pile is the next Target, even with an HQ
    between it and the intended Target.  Otherwise (no Deflect, a net backward one, Deflects that
    cancel), and whenever a Reverse or an Advance to HQ is in the same pile, the marker moves on from
    the intended Target: one place in the (new) direction, or to the next HQ after an Advance to HQ.
    Read from the revealed pile, so it holds at every stage of the turn.
    """
    if net_steps(state.revealed) > 0 and MOVER_CARDS.isdisjoint(state.revealed):
        return state.receiver
    pos, size = state.marker, len(state.circle)
    while True:
        pos = (pos + state.direction) % size
        if not state.advance or not isinstance(state.circle[pos], int):
            return pos


def net_steps(cards: Iterable[str]) -> int:
    """TG-5: Deflect Forward cards minus Deflect Backward cards."""
    return sum(DEFLECTS.get(c, 0) for c in cards)
