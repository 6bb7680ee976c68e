"""Kuhn poker as text, drawn from a view: one line per seat, then the pot and the betting."""

from __future__ import annotations

from spynb.engine import View

from .narration import CARD_NAMES

__all__ = ["status", "text_of"]


def status(view: View) -> str:
    """Where the hand stands, in a sentence."""
    if view["winner"]:
        return f"Seat {view['winner']} won the pot of {view['pot']}."
    if view["to_move"]:
        return f"Seat {view['to_move'][0]} to move."
    return "The hand is over: no winner." if len(view["cards"]) == view["seats"] else "Dealing."


def text_of(view: View) -> str:
    """The hand as a small table.

    >>> import spynb
    >>> print(spynb.new_game("kuhn", seed=1).state.text(1))
    Kuhn poker — what seat 1 knows
    seat 1: Jack  (1 in the pot)
    seat 2: ?  (1 in the pot)
    pot 2; betting: none yet
    Seat 1 to move.
    """
    lines = [view.label]
    for seat, card in view["cards"].items():
        lines.append(f"seat {seat}: {CARD_NAMES.get(card, card)}  ({view['stakes'][seat]} in the pot)")
    lines.append(f"pot {view['pot']}; betting: {', '.join(view['moves']) or 'none yet'}")
    lines.append(status(view))
    return "\n".join(lines)
