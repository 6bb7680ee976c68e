"""Check a student's answer: right, close or wrong, with a hint.

Answers may be given in any of the usual forms: a ``Fraction``, a whole
number, text like ``"5/16"``, ``"5 in 16"``, a decimal (``0.3125`` or
``"0.3125"``) or a percentage (``"31.25%"``).  A fraction must be exactly
equal to count as right; a decimal is right when it is within
``tolerance`` (relative, default 0.5 %) and close within ``close``
(default 5 %) — close is what an estimate from a simulation earns, and a
decimal that is the answer rounded too soon is told to give more digits.
When the answer is a whole number (a count of games, say), a decimal next
to it is told which way to round.  A wrong answer never shows the
solution, only hints.

>>> from fractions import Fraction
>>> print(check("5/16", Fraction(5, 16)))
✔ right: 5/16 = 0.3125
>>> print(check("31.25%", Fraction(5, 16)))
✔ right: 31.25% is 5/16 = 0.3125
>>> print(check(0.3, Fraction(5, 16)))
≈ close: 0.3 is within 5% of the answer: close, which is as near as an estimate from a simulation can be sure to get. For a right verdict work out the exact value.
>>> print(check("0.31", Fraction(5, 16)))
≈ close: 0.31 is the answer rounded to 2 decimal places: close. For a right verdict give more digits (or the exact fraction).
>>> print(check(96.04, 97))
≈ close: 96.04 is not a whole number, and the answer is one: round it up — a count such as a number of games must reach the target, and rounding down falls short.
>>> print(check("11/16", Fraction(5, 16), hint="How many documents are in the stack?"))
✘ wrong: 11/16 is the chance of the opposite event (1 minus the answer). Hint: How many documents are in the stack?
>>> check(..., Fraction(5, 16)).status
'unanswered'
>>> bool(check("0.3125", Fraction(5, 16))), bool(check("0.4", Fraction(5, 16)))
(True, False)
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

__all__ = ["Verdict", "check", "parse_answer", "NotANumber"]

RIGHT, CLOSE, WRONG, UNANSWERED = "right", "close", "wrong", "unanswered"
_SYMBOL = {RIGHT: "✔", CLOSE: "≈", WRONG: "✘", UNANSWERED: "…"}
_COLOUR = {RIGHT: "#0072b2", CLOSE: "#b36b00", WRONG: "#d55e00", UNANSWERED: "#555555"}  # colour-blind safe


class NotANumber(ValueError):
    """An answer that cannot be read as a number."""


@dataclass(frozen=True)
class Answer:
    """A student's answer read as a number: ``exact`` for fractions and whole numbers."""

    value: Fraction
    exact: bool
    text: str


_FRACTION = re.compile(r"^([+-]?\d+)\s*(?:/|\bin\b|\bout of\b)\s*(\d+)$")


def parse_answer(answer: Any) -> Answer | None:
    """Read an answer; ``None`` when it is still blank (``...``, ``None`` or ``""``).

    >>> parse_answer("5 / 16").value, parse_answer("5 in 16").exact
    (Fraction(5, 16), True)
    >>> parse_answer("31.25 %").value, parse_answer("31.25 %").exact
    (Fraction(5, 16), False)
    >>> parse_answer("three")
    Traceback (most recent call last):
    ...
    spynb.prob.check.NotANumber: cannot read 'three' as a number: write it like 5/16, 0.3125 or 31.25%
    """
    if answer is None or answer is Ellipsis or (isinstance(answer, str) and not answer.strip()):
        return None
    if isinstance(answer, bool):
        raise NotANumber(f"{answer!r} is True/False, not a number")
    if isinstance(answer, (int, Fraction)):
        return Answer(Fraction(answer), True, str(answer))
    if isinstance(answer, float):
        return Answer(Fraction(answer), False, repr(answer))
    if isinstance(answer, Decimal):
        return Answer(Fraction(answer), False, str(answer))
    if not isinstance(answer, str):
        try:  # a numpy number, say
            return Answer(Fraction(float(answer)), False, str(answer))
        except (TypeError, ValueError):
            raise NotANumber(f"cannot read {answer!r} as a number") from None
    text = answer.strip()
    body = text.replace(",", "").replace("\u2009", "").replace(" %", "%").strip()
    percent = body.endswith("%")
    if percent:
        body = body[:-1].strip()
    match = _FRACTION.match(body)
    try:
        if match:
            value = Fraction(int(match.group(1)), int(match.group(2)))
            exact = not percent
        else:
            value = Fraction(Decimal(body))
            exact = not percent and re.fullmatch(r"[+-]?\d+", body) is not None
    except (InvalidOperation, ValueError, ZeroDivisionError):
        raise NotANumber(f"cannot read {text!r} as a number: write it like 5/16, 0.3125 or 31.25%") from None
    if percent:
        value /= 100
    return Answer(value, exact, text)


@dataclass(frozen=True)
class Verdict:
    """The result of :func:`check`: a status and a sentence for the student."""

    status: str
    message: str

    def __bool__(self) -> bool:
        return self.status == RIGHT

    def __str__(self) -> str:
        return f"{_SYMBOL[self.status]} {self.status}: {self.message}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = _COLOUR[self.status]
        return (f'<div style="border-left:4px solid {colour};padding:2px 8px">'
                f'<b style="color:{colour}">{_SYMBOL[self.status]} {self.status}</b>: '
                f"{html.escape(self.message)}</div>")


def _decimal(x: Fraction) -> str:
    return f"{float(x):.6g}"


def _shown(answer: Answer, exact: Fraction) -> str:
    return f"{exact} = {_decimal(exact)}" if exact.denominator != 1 else str(exact)


def _one(answer: Any, exact: Fraction, tolerance: float, close: float, hint: str) -> Verdict:
    hint_text = f" Hint: {hint}" if hint else ""
    try:
        given = parse_answer(answer)
    except NotANumber as err:
        return Verdict(WRONG, f"{err}.{hint_text}")
    if given is None:
        return Verdict(UNANSWERED, "replace ... with your answer, then run the cell again.")
    exact = Fraction(exact)
    error = abs(given.value - exact)
    scale = abs(exact) if exact else Fraction(1)
    if error == 0:
        if given.exact:
            return Verdict(RIGHT, _shown(given, exact))
        return Verdict(RIGHT, f"{given.text} is {_shown(given, exact)}")
    if exact.denominator == 1 and given.value.denominator != 1 and abs(given.value - exact) < 1:
        return Verdict(CLOSE, f"{given.text} is not a whole number, and the answer is one: "
                              f"{_which_way(given.value, exact)}.{hint_text}")
    if not given.exact and error <= tolerance * scale:
        return Verdict(RIGHT, f"{given.text} is {_shown(given, exact)}, to within {tolerance:.1%}")
    if error <= close * scale:
        if given.exact:  # a fraction that is nearly right: a small slip somewhere
            return Verdict(CLOSE, f"{given.text} is within {close:.0%}, but not exactly right.{hint_text}")
        places = _decimal_places(given.text)
        if places is not None and round(exact, places) == given.value:
            return Verdict(CLOSE, f"{given.text} is the answer rounded to {places} decimal place"
                                  f"{'s' if places != 1 else ''}: close. For a right verdict give more digits "
                                  "(or the exact fraction).")
        return Verdict(CLOSE, f"{given.text} is within {close:.0%} of the answer: close, which is as near as "
                              "an estimate from a simulation can be sure to get. For a right verdict work out "
                              "the exact value.")
    return Verdict(WRONG, f"{given.text}{_diagnose(given.value, exact, close)}.{hint_text}")


def _which_way(value: Fraction, exact: Fraction) -> str:
    """Which way to round a decimal that lies next to a whole-number answer."""
    if value < exact:
        return ("round it up — a count such as a number of games must reach the target, "
                "and rounding down falls short")
    return "round it down to the whole number below"


def _decimal_places(text: str) -> int | None:
    """How many decimal places a plain decimal answer was written with (``None`` for other forms)."""
    match = re.fullmatch(r"\s*[+-]?\d*\.(\d+)\s*", text)
    return len(match.group(1)) if match else None


def _diagnose(value: Fraction, exact: Fraction, close: float) -> str:
    """A reason for a wrong answer, when a common slip explains it."""
    def near(x: Fraction, y: Fraction) -> bool:
        return abs(x - y) <= close * (abs(y) if y else 1)

    if 0 <= exact <= 1:
        if value > 1 and near(value / 100, exact):
            return " looks like a percentage: add the % sign, or divide by 100"
        if near(1 - value, exact) and not near(value, Fraction(1, 2)):
            return " is the chance of the opposite event (1 minus the answer)"
        if value < 0 or value > 1:
            return " cannot be a probability: probabilities lie between 0 and 1"
    if exact and near(1 / value if value else Fraction(0), exact):
        return " is upside down (1 divided by the answer)"
    return " is not it"


def check(answer: Any, exact: Any, *, hint: str = "", tolerance: float = 0.005, close: float = 0.05,
          hints: Mapping[Any, str] | None = None) -> Verdict:
    """Compare ``answer`` with the ``exact`` value: a :class:`Verdict` (right / close / wrong).

    ``exact`` may be an exercise's id (``"cd-first-document"``): the answer is
    then computed without being shown (:mod:`spynb.prob.answers`).

    ``exact`` may also be a mapping (say, one probability per player count):
    then ``answer`` is a mapping with the same keys, or a list in key order,
    and each entry is checked; ``hints`` may give a hint per key.

    >>> print(check({2: "1/2", 3: 0.3}, {2: Fraction(1, 2), 3: Fraction(1, 4)}))
    ✘ wrong: 1 of 2 right. 3: 0.3 is not it.
    """
    if isinstance(exact, str):
        from .answers import exact_answer

        exact = exact_answer(exact)
    if isinstance(exact, Mapping):
        return _many(answer, exact, hint, tolerance, close, hints or {})
    return _one(answer, Fraction(exact), tolerance, close, hint)


def _many(answer: Any, exact: Mapping[Any, Any], hint: str, tolerance: float, close: float,
          hints: Mapping[Any, str]) -> Verdict:
    keys = list(exact)
    if answer is None or answer is Ellipsis:
        return Verdict(UNANSWERED, f"replace ... with your answers for {', '.join(map(str, keys))}.")
    if isinstance(answer, Mapping):
        given = dict(answer)
    elif isinstance(answer, Sequence) and not isinstance(answer, str):
        if len(answer) != len(keys):
            return Verdict(WRONG, f"expected {len(keys)} answers (for {', '.join(map(str, keys))}), "
                                  f"got {len(answer)}.")
        given = dict(zip(keys, answer))
    else:
        return Verdict(WRONG, f"give one answer for each of {', '.join(map(str, keys))} "
                              "(a dict like {2: '1/2', ...} or a list in that order).")
    verdicts = {k: _one(given.get(k, ...), Fraction(exact[k]), tolerance, close, hints.get(k, "")) for k in keys}
    statuses = [v.status for v in verdicts.values()]
    right = statuses.count(RIGHT)
    if right == len(keys):
        return Verdict(RIGHT, f"all {len(keys)} right.")
    if statuses.count(UNANSWERED) == len(keys):
        return Verdict(UNANSWERED, f"replace ... with your answers for {', '.join(map(str, keys))}.")
    status = CLOSE if all(s in (RIGHT, CLOSE) for s in statuses) else WRONG
    notes = " ".join(f"{k}: {v.message}" for k, v in verdicts.items() if v.status != RIGHT)
    return Verdict(status, f"{right} of {len(keys)} right. {notes}" + (f" Hint: {hint}" if hint else ""))
