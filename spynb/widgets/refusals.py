"""What a board says when it refuses a message: the ``error`` data, never longer than a few lines.

A message from the browser may be anything — a megabyte of text, a number
where a name belongs.  The board's answer quotes it, but never at length: every
quoted piece (a ``'...'`` or ``"..."`` run, as ``repr`` writes it) is cut to
:data:`QUOTE` characters and each field to :data:`FIELD`, so a hostile payload
cannot come back through the ``error`` trait.

>>> clip("cannot read " + repr("x" * 1000) + ": expected a number") == (
...     "cannot read '" + "x" * 80 + "…': expected a number")
True
>>> refusal("No.")["message"], refusal("Too far", citation="rule 3")["message"]
('No.', 'Too far (rule 3)')

Every board's ``error`` has this one shape, the engine's typed errors included
(:func:`refusal_for`): its ``message`` is the engine's own sentence.
"""

from __future__ import annotations

import re
from typing import Any

from ..engine import IllegalActionError, NotationError, RecordError, SpynbError

__all__ = ["clip", "failure_reason", "message_failed", "refusal", "refusal_for", "QUOTE", "FIELD"]

QUOTE = 80
"""Quoted input is cut to this many characters."""
FIELD = 400
"""Each text field of an error is cut to this many characters."""

_QUOTED_CHAR = r"(?:\\.|(?!\1).)"
_LONG_QUOTE = re.compile(rf"""(?<!\w)(['"])({_QUOTED_CHAR}{{{QUOTE}}}){_QUOTED_CHAR}+\1(?!\w)""", re.DOTALL)


def clip(text: str, limit: int = FIELD) -> str:
    """``text`` with every long quote cut to :data:`QUOTE` characters, and at most ``limit`` in all."""
    text = text[:limit * 50]  # a quote cut here stays unclosed and falls to the limit below
    text = _LONG_QUOTE.sub(lambda m: f"{m[1]}{m[2]}…{m[1]}", text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def refusal(reason: str, *, rule: str = "", citation: str = "", kind: str = "refused", where: str = "") -> dict[str, Any]:
    """The ``error`` trait's data: {kind, rule, reason, citation, where, message}, every text clipped."""
    reason, where = clip(reason), clip(where, QUOTE * 2)
    return {"kind": kind, "rule": rule, "reason": reason, "citation": citation, "where": where,
            "message": f"{reason} ({citation})" if citation else reason}


def refusal_for(err: SpynbError) -> dict[str, Any]:
    """The ``error`` data for an error the engine raised: the rule and its citation for an illegal action,
    where a record is wrong, or the sentence of any other refusal (``message`` is always ``str(err)``, clipped).

    >>> from spynb.engine import NotationError
    >>> refusal_for(NotationError("zz", "a number"))["kind"]
    'notation'
    """
    if isinstance(err, IllegalActionError):
        return refusal(err.reason, rule=err.rule_id, citation=err.citation, kind="illegal")
    if isinstance(err, RecordError):
        return refusal(str(err), kind="record", where=err.where)
    return refusal(str(err), kind="notation" if isinstance(err, NotationError) else "refused")


def failure_reason(err: Exception) -> str:
    """What a refusal says of an error no check caught: the engine's own sentence for a spynb error,
    else that something went wrong inside — never a Python class name.

    >>> failure_reason(IllegalActionError("CD-6", "Not now")), failure_reason(KeyError("x"))
    ('Not now (CD-6)', 'something went wrong inside the board')
    """
    return str(err) if isinstance(err, SpynbError) else "something went wrong inside the board"


def message_failed(err: Exception) -> dict[str, Any]:
    """The ``error`` data for a message that failed inside the board and was undone
    (:mod:`spynb.widgets.checkpoint`)."""
    return refusal(f"the board could not handle that message: {failure_reason(err)}; nothing changed")
