"""Text display of Cloak & Dagger views: the box as a table."""

from __future__ import annotations

from typing import Any

from spynb.engine import View
from spynb.engine.wording import counted, outcome, status_line

from .cards import CARD_NAMES, DOCUMENTS, owner_of


def ending_reason(view: dict[str, Any]) -> dict[str, Any]:
    """Why a won game ended, from its final view: the envelope the winner finished into and what made it win
    (CD-8); {} for no winner (the board then says what the last event says).

    >>> print(ending_reason({"winner": 2, "events": [{"kind": "win", "envelope": 8, "contents": "aeXYZ"}]})["reason"])
    Envelope 8 holds the cloak of seat 2 with the secret plans, the private report and the coded message, and no other seat's cloak or dagger.
    """
    winner = view.get("winner")
    won = next((e for e in reversed(view.get("events") or ()) if e.get("kind") == "win"), None)
    if not winner or won is None:
        return {}
    contents = won.get("contents", "")
    agents = " and the ".join(CARD_NAMES[c] for c in contents if owner_of(c) == winner) or "an agent of the winner"
    documents = ", ".join(f"the {CARD_NAMES[d]}" for d in DOCUMENTS[:-1]) + f" and the {CARD_NAMES[DOCUMENTS[-1]]}"
    return {"reason": f"Envelope {won.get('envelope')} holds the {agents} with {documents}, and no other seat's "
                      "cloak or dagger.", "rule": "CD-8"}


def _status(view: View) -> str:
    phase, turn = view["phase"], view["turn_number"]
    if phase == "over":
        return status_line(turn, outcome([view["winner"]] if view["winner"] else [], view["events"]), over=True)
    if phase == "cut":
        return status_line(turn, "cutting for first player")
    mover = view["to_move"][0] if view["to_move"] else "chance"
    doing = "selects an envelope" if phase == "select" else "decides what to do"
    return status_line(turn, f"seat {mover} {doing}")


def text_table(view: View) -> str:
    """Four rows of five envelopes, then hands and the stack.

    Omniscient: the true contents (``·`` for empty).  For a seat: its note
    list (``?`` never seen, ``~K~`` crossed out).
    """
    lines = [view.label, _status(view)]
    if view.omniscient:
        cells = {int(e): (cards or "·") for e, cards in view["envelopes"].items()}
        hands = "  ".join(f"seat {s}: {cards or '—'}" for s, cards in view["hands"].items())
    else:
        cells = {note["envelope"]: note["text"].replace(" ", "") for note in view["notes"]}
        hands = "  ".join(f"seat {s}: {counted(n, 'card')}" for s, n in view["hand_sizes"].items())
        hands += f"   your hand: {view['hand'] or '—'}"
    width = max(6, *(len(c) for c in cells.values())) + 4
    for row in range(4):
        numbers = range(row * 5 + 1, row * 5 + 6)
        lines.append("".join(f"{n:>2} {cells[n]:<{width - 3}}" for n in numbers).rstrip())
    lines.append(f"hands: {hands}")
    bottom = f" (returned to the bottom: {' '.join(view['stack_bottom'])})" if view["stack_bottom"] else ""
    lines.append(f"stack: {counted(view['stack_size'], 'card')}{bottom}")
    return "\n".join(lines)
