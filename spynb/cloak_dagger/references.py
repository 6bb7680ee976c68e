"""Cloak & Dagger's references for walkthrough texts (:mod:`spynb.scenarios.references`): envelopes named from the
learner's notes, never from what the learner has not seen (CD-4, CD-6, CD-7, CD-10).

* ``{envelope 7}``: "envelope 7" (an envelope the game has);
* ``{holds 7}``: what the notes say of it: "envelope 7 (you saw d, X, Y and Z there on turn 23)"; where a move the
  seat was not shown may have changed it since (:mod:`spynb.prob.envelope_changes`), it says what may have gone
  in or out ("…; since then E may have gone in, unseen"); "envelope 7, which you have not looked into" before a
  look; "envelope 7 (open before you: d, X, Y and Z)" while the seat looks inside; told from above (the
  teaching view), "envelope 7, which holds d, X, Y and Z".

>>> from spynb.prob.decisions import tracker_view
>>> REFERENCES.kinds["holds"](tracker_view().to_dict(), ["1"])
'envelope 1 (you saw e and E there on turn 13)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spynb.engine import SpynbError
from spynb.engine.wording import listed
from spynb.prob.envelope_changes import changed_unseen
from spynb.scenarios.references import References
from spynb.widgets.aid import view_of

__all__ = ["REFERENCES"]


def _number(view: Mapping[str, Any], words: list[str]) -> int:
    if len(words) != 1 or not words[0].isdigit():
        raise SpynbError("names one envelope by its number, such as 7")
    number = int(words[0])
    count = len(view["envelopes"] if view.get("omniscient") else view["notes"])
    if not 1 <= number <= count:
        raise SpynbError(f"the game has envelopes 1 to {count}, not {number}")
    return number


def _envelope(view: Mapping[str, Any], words: list[str]) -> str:
    return f"envelope {_number(view, words)}"


def _cards(letters: str, unknown: int) -> str:
    unseen = ["one card you did not see" if unknown == 1 else f"{unknown} cards you did not see"] if unknown else []
    return listed([*letters, *unseen]) or "nothing"


def _since(view: Mapping[str, Any], number: int) -> str:
    """What moves the seat was not shown may have done to envelope ``number`` since its last look ("" for none)."""
    unseen = changed_unseen(view_of(view))
    changes = []
    if number in unseen.gained:
        known = sorted(set(unseen.gained[number]))
        changes.append(f"{' or '.join(known)} may have gone in")
    if number in unseen.gained_unseen and number not in unseen.gained:
        changes.append("a card you did not see may have gone in")
    if number in unseen.lost:
        changes.append("a card may have been taken out")
    return f"; since then {listed(changes)}, unseen" if changes else ""


def _holds(view: Mapping[str, Any], words: list[str]) -> str:
    number = _number(view, words)
    if view.get("omniscient"):  # a walkthrough told from above: what is there
        return f"envelope {number}, which holds {_cards(view['envelopes'][str(number)], 0)}"
    note = view["notes"][number - 1]
    opened = view.get("opened")
    if opened and opened["envelope"] == number:
        return f"envelope {number} (open before you: {_cards(opened['contents'], 0)})"
    if note["seen_turn"] is None:
        return f"envelope {number}, which you have not looked into"
    more = "" if note["complete"] else ", and perhaps more"
    return (f"envelope {number} (you saw {_cards(note['letters'], note['unknown'])}{more} there on turn "
            f"{note['seen_turn']}{_since(view, number)})")


REFERENCES = References(
    {"envelope": _envelope, "holds": _holds},
    free_text=((r"(?<!Suppose )(?<![Ii]f )\b[Ee]nvelope \d+ (?:holds|is empty|has nothing)\b", "{holds 7}"),
               (r"(?:^|(?<=[.!?:] ))It is empty\b", "what the seat will see, said after the look (a claim checks it)")),
    names=((r"\b[Yy]our (?:hazards?|double agents?|pistol|binocular|camera|agent [abc])\b",
            "the hazard K, the double agent b: hazards and double agents belong to nobody (CD-1)"),
           (r"\bDouble Agents?\b", "double agent: Cloak & Dagger's cards a, b and c")))
