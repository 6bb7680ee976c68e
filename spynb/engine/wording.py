"""Words every game's texts share: a count with its noun in the right number, lists, groups of seats.

>>> counted(1, "card"), counted(3, "card"), counted(0, "turn")
('1 card', '3 cards', '0 turns')
>>> for_number(1, "deflects", "deflect"), for_number(2, "deflects", "deflect"), for_number(2, "big piece")
('deflects', 'deflect', 'big pieces')
>>> listed(["Shot"]), listed(["Shot", "Kevlar"]), listed(["a", "b", "c"]), listed([])
('Shot', 'Shot and Kevlar', 'a, b and c', '')
>>> seats([2]), seats([2, 4]), seats([1, 2, 3]).capitalize()
('seat 2', 'seats 2 and 4', 'Seats 1, 2 and 3')
>>> status_line(4, "seat 2 selects an envelope"), status_line(0, "cutting for first player")
('turn 4: seat 2 selects an envelope', 'cutting for first player')
>>> status_line(31, outcome([2], []), over=True), status_line(200, outcome([], [{"kind": "limit"}]), over=True)
('game over after turn 31: seat 2 won', 'game over after turn 200: no winner at the turn limit')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

__all__ = ["for_number", "counted", "listed", "seats", "status_line", "outcome"]


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


def status_line(turn_number: int, doing: str, *, over: bool = False) -> str:
    """Every game's one line on where it stands (a text display's second line): ``turn 4: <doing>``, or before
    the first turn (setting up) ``<doing>`` alone; once over, ``game over after turn 31: <doing>`` (the outcome,
    :func:`outcome`)."""
    if over:
        return f"game over after turn {turn_number}: {doing}"
    return f"turn {turn_number}: {doing}" if turn_number else doing


def outcome(winners: Iterable[int], events: Sequence[Mapping[str, object]], *, side: str = "",
            nobody: str = "no winner", draw: str | None = None) -> str:
    """How a game ended: ``seat 2 won``, ``seats 1 and 3 won`` (``side`` names their side first: ``CIA win
    (seats 1 and 3)``); with no winner, ``<nobody> at the turn limit`` when the last event is the engine's
    ``limit``, or else ``draw`` (the game's own way of ending with no winner; ``nobody`` unless given).
    ``nobody`` is what the game's rules call an end with no winner ("no winner", "a draw")."""
    found = list(winners)
    if found:
        return f"{side} win ({seats(found)})" if side else f"{seats(found)} won"
    if events and events[-1].get("kind") == "limit":
        return f"{nobody} at the turn limit"
    return nobody if draw is None else draw
