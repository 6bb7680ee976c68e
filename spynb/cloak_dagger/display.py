"""Text display of Cloak & Dagger views: the box as a table."""

from __future__ import annotations

from spynb.engine import View
from spynb.engine.wording import counted


def _status(view: View) -> str:
    phase, turn = view["phase"], view["turn_number"]
    if phase == "over":
        return f"game over, {'seat ' + str(view['winner']) + ' won' if view['winner'] else 'no winner'}"
    if phase == "cut":
        return "cutting for first player"
    mover = view["to_move"][0] if view["to_move"] else "chance"
    doing = "selects an envelope" if phase == "select" else "decides what to do"
    return f"turn {turn}, seat {mover} {doing}"


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
