"""The errors every game raises: one base, three precise kinds.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

from typing import TypeGuard

__all__ = ["quoted", "is_whole_number", "SpynbError", "NotationError", "IllegalActionError", "RecordError", "SeatError", "OptionError", "ActionError",
           "UnknownRuleError", "DuplicateRuleError"]


_QUOTED = 80
"""How much of a long input an error message quotes (the error keeps all of it)."""


def quoted(value: object) -> str:
    """``value`` as an error message quotes it: its ``repr``, cut to the first 80 characters when longer.

    >>> quoted("ok"), quoted("7" * 100)
    ("'ok'", "'77777777777777777777777777777777777777777777777777777777777777777777777777777777'… (100 characters)")
    """
    if isinstance(value, str) and len(value) > _QUOTED:
        return f"{value[:_QUOTED]!r}… ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= _QUOTED else f"{text[:_QUOTED]}… ({len(text)} characters)"


def is_whole_number(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number as a message or a record may carry one: an int, not a bool.

    >>> is_whole_number(3), is_whole_number(True), is_whole_number(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


class SpynbError(ValueError):
    """Base of every error spynb raises on purpose."""


class NotationError(SpynbError):
    """The text of an action could not be read.

    >>> str(NotationError("take", "expected 'take <card>' such as 'take d'"))
    "cannot read 'take': expected 'take <card>' such as 'take d'"
    """

    def __init__(self, text: str, expected: str) -> None:
        self.text = text
        self.expected = expected
        super().__init__(f"cannot read {quoted(text)}: {expected}")


class IllegalActionError(SpynbError):
    """An action was read but a rule forbids it now.

    Carries the rule's id, a citation a reader can look up, and one plain
    sentence a student understands.

    >>> err = IllegalActionError("CD-6", "You can't start a transfer while holding cards",
    ...                          citation="rulebook: Starting a Transfer; ruling CD-6")
    >>> str(err)
    "You can't start a transfer while holding cards (rulebook: Starting a Transfer; ruling CD-6)"
    >>> err.rule_id
    'CD-6'
    """

    def __init__(self, rule_id: str, reason: str, *, citation: str | None = None,
                 action: str | None = None) -> None:
        self.rule_id = rule_id
        self.reason = reason
        self.citation = citation or rule_id
        self.action = action
        super().__init__(f"{reason} ({self.citation})")


class RecordError(SpynbError):
    """A saved game could not be loaded; the message says where it went wrong."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


class SeatError(SpynbError):
    """A seat that the game does not have: not a whole number, or outside 1..seats (rule ENG-4).

    >>> str(SeatError(0, 3))
    'no seat 0: seats are numbered 1 to 3 (ENG-4)'
    >>> str(SeatError("1", 3))
    "no seat '1': a seat is a whole number (an int, not str) from 1 to 3 (ENG-4)"
    """

    rule_id = "ENG-4"

    def __init__(self, seat: object, seats: int) -> None:
        self.seat = seat
        self.seats = seats
        if is_whole_number(seat):
            why = f"seats are numbered 1 to {seats}"
        else:
            why = f"a seat is a whole number (an int, not {type(seat).__name__}) from 1 to {seats}"
        super().__init__(f"no seat {quoted(seat)}: {why} ({self.rule_id})")


class OptionError(SpynbError):
    """A game option of the wrong type or out of range; the message names the option.

    >>> str(OptionError("turn_limit", "must be a whole number of turns (at least 1) or None", "x"))
    "option 'turn_limit' must be a whole number of turns (at least 1) or None, not 'x'"
    """

    def __init__(self, name: str, expected: str, value: object) -> None:
        self.name = name
        self.value = value
        super().__init__(f"option {quoted(name)} {expected}, not {quoted(value)}")


class ActionError(SpynbError):
    """An action made with a field of the wrong type (``Open(True)``, ``Open(7.0)``): it could not be written down
    and read back.

    >>> str(ActionError("Open", "envelope", int, 7.0))
    'Open(envelope=...) must be int, not 7.0 (float)'
    """

    def __init__(self, action: str, field: str, kind: object, value: object) -> None:
        self.field = field
        self.value = value
        expected = getattr(kind, "__name__", str(kind)) if not hasattr(kind, "__origin__") else str(kind)
        super().__init__(f"{action}({field}=...) must be {expected}, not {quoted(value)} ({type(value).__name__})")


class UnknownRuleError(SpynbError, KeyError):
    """No rule has that id (in a game's rule book, or in any game's); a :class:`KeyError` too, as a lookup by key.

    >>> err = UnknownRuleError("KL-99", "kloak")
    >>> str(err), err.rule_id, isinstance(err, KeyError)
    ("no rule 'KL-99' in kloak", 'KL-99', True)
    """

    def __init__(self, rule_id: str, game: str | None = None) -> None:
        self.rule_id = rule_id
        self.game = game
        super().__init__(f"no rule {quoted(rule_id)}" + ("" if game is None else f" in {game}"))

    def __str__(self) -> str:
        return str(self.args[0])  # KeyError's own would quote the message


class DuplicateRuleError(SpynbError):
    """A rule book given two rules with the same id.

    >>> str(DuplicateRuleError("KL-1"))
    "duplicate rule id 'KL-1'"
    """

    def __init__(self, rule_id: str) -> None:
        self.rule_id = rule_id
        super().__init__(f"duplicate rule id {quoted(rule_id)}")
