"""Words every game's texts share: a count with its noun in the right number, lists, groups of seats.

>>> counted(1, "card"), counted(3, "card"), counted(0, "turn")
('1 card', '3 cards', '0 turns')
>>> for_number(1, "deflects", "deflect"), for_number(2, "deflects", "deflect"), for_number(2, "big piece")
('deflects', 'deflect', 'big pieces')
>>> listed(["Shot"]), listed(["Shot", "Kevlar"]), listed(["a", "b", "c"]), listed([])
('Shot', 'Shot and Kevlar', 'a, b and c', '')
>>> seats([2]), seats([2, 4]), seats([1, 2, 3]).capitalize()
('seat 2', 'seats 2 and 4', 'Seats 1, 2 and 3')
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["for_number", "counted", "listed", "seats"]


def for_number(number: int, one: str, many: str | None = None) -> str:
    """The word that agrees with ``number`` things: ``one``, or else ``many`` (``one`` + "s" unless given)."""
    return one if number == 1 else many or one + "s"


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, plural unless the number is 1 (``plural`` where adding "s" is wrong)."""
    return f"{number} {for_number(number, noun, plural)}"


def listed(items: Iterable[str]) -> str:
    """``items`` as an English list: "a", "a and b", "a, b and c"."""
    words = list(items)
    return " and ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} and {words[-1]}"


def seats(numbers: Iterable[int]) -> str:
    """One seat or several, in words: "seat 2", "seats 2 and 4" (``.capitalize()`` to start a sentence)."""
    found = list(numbers)
    return f"{for_number(len(found), 'seat')} {listed(map(str, found))}"
