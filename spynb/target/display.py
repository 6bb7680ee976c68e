"""Text display of The Target's views: the circle as a table.

>>> from spynb.target import TargetState
>>> print(TargetState.scenario(4, marker=2).text(1))  # doctest: +NORMALIZE_WHITESPACE
The Target — what seat 1 knows
turn 1: Playing: everyone plays one card face down · seats 1, 2, 3 and 4 to move · play goes clockwise
  circle  target  hand  tokens  in front  notes
  KGB HQ                                  deposits: —
  seat 1          4                       you (CIA): martial arts, technology, defector, german
  seat 2  <==     4
  CIA HQ                                  deposits: —
  seat 3          4
  seat 4          4
decks: rookie 80, operative 36, espionage 40, intel 34 · discards: —
"""

from __future__ import annotations

from collections.abc import Iterable

from spynb.engine import View
from spynb.engine.wording import outcome, seats, status_line

from .cards import describe

_TOKEN_LETTER = {"operative": "O", "espionage": "E", "intel": "I"}


def _cards(cards: Iterable[str]) -> str:
    return ", ".join(describe(c).lower() if len(str(c)) > 0 else "" for c in cards) or "—"


def _status(view: View) -> str:
    turn = view["turn_number"]
    if view["stage"] == "over":
        side = describe(view["winner"]) if view["winner"] else ""
        return status_line(turn, outcome(view["winners"] if side else [], view["events"], side=side), over=True)
    who = "chance" if view["chance"] else seats(view["to_move"])
    return status_line(turn, f"{view['stage_title']} · {who} to move · play goes {view['direction']}")


def text_table(view: View) -> str:
    """One row per position of the circle (TG-2), then the pile, decks and discards."""
    lines = [view.label, _status(view)]
    rows = [("circle", "target", "hand", "tokens", "in front", "notes")]
    for position in view["circle"]:
        mark = "<==" if position == view["marker"] else ""
        if view["receiver"] is not None and position == view["receiver"] and position != view["marker"]:
            mark = "<- pile"
        if isinstance(position, str):
            rows.append((f"{position} HQ", mark, "", "", "", f"deposits: {_cards(view['deposits'][position])}"))
            continue
        key = str(position)
        tokens = "".join(_TOKEN_LETTER[t] for t in view["tokens"][key])
        notes = []
        if view.omniscient:
            notes.append(f"{describe(view['affiliations'][key]) or '?'}: {_cards(view['hands'][key])}")
            if key in view["plays"]:
                notes.append(f"played {describe(view['plays'][key]).lower()}")
        else:
            if position == view.seat:
                notes.append(f"you ({describe(view['affiliation']) or '?'}): {_cards(view['hand'])}")
            if key in view["shown_to_me"]:
                notes.append(f"showed you {describe(view['shown_to_me'][key])}")
            if key in view["known_plays"]:
                notes.append(f"played {describe(view['known_plays'][key]).lower()}")
        if position in view["language_pass"]:
            notes.append("languages pass")
        rows.append((f"seat {position}", mark, str(view["hand_sizes"][key]), tokens, _cards(view["front"][key])
                     if view["front"][key] else "", "; ".join(notes)))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    for row in rows:
        lines.append(("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[5]).rstrip())
    if view["revealed"]:
        lines.append(f"revealed pile: {_cards(view['revealed'])}" + (
            f" · still in the middle: {_cards(view['pile'])}" if view["pile"] != view["revealed"] else ""))
    elif view["played"]:
        lines.append(f"played face down so far: {seats(view['played'])}")
    decks = ", ".join(f"{d} {n}" for d, n in view["deck_sizes"].items())
    discards = ", ".join(f"{d} {sum(c.values())}" for d, c in view["discards"].items() if c) or "—"
    lines.append(f"decks: {decks} · discards: {discards}")
    if view["next_target"] is not None and view["stage"] != "over":
        lines.append(f"next Target: {view['next_target']}")
    return "\n".join(lines)
