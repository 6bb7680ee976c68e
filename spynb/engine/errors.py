"""The errors every game raises: one base, three precise kinds.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

__all__ = ["SpynbError", "NotationError", "IllegalActionError", "RecordError"]


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
        super().__init__(f"cannot read {text!r}: {expected}")


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
