"""KLOAK's actions and their notation.

Squares are written ``a1`` … ``e5``; colours by their capital letter (``O``
orange, ``S`` sky blue, ``G`` green, ``P`` purple in the 4-colour set).

=====================  ==========================================================
notation               meaning
=====================  ==========================================================
``b2-b3``              a small piece steps to an adjacent open square (KL-3, KL-4)
``B c1-c2``            a big piece steps to an adjacent open square; if it was
                       kloaking, it is lifted off alone (KL-5, first choice)
``B c1xc2``            a big piece kloaks the uncovered small piece on ``c2``;
                       if it was kloaking, it is lifted onto it (KL-5, second choice)
``B c2=c3``            a kloaking big piece slides with its small piece to an
                       open square (KL-5, third choice; a full turn)
``claim a2 b3 c4``     unkloak: lift the big pieces on three squares in a line
                       and claim one colour (KL-7)
``score a3 b3 c3``     after a small move that made several lines (or a line
                       longer than three), the three that score (KL-6)
``pass``               only when no piece can move (KL-9)
``place a2 O``         chance: the setup puts an ``O`` piece on ``a2`` (KL-2)
=====================  ==========================================================

Scoring by a move (KL-6) is a decision step: a small move that makes exactly
one line of three scores it at once; one that makes several, or a longer
line, leaves the mover to choose with ``score …`` before the turn ends.  The
squares of a line are written in file order (then rank), whatever order they
were typed in.

>>> parse("B c1xc2")
Kloak('c1', 'c2')
>>> parse("claim c4 a2 b3")
Claim('a2', 'b3', 'c4')
>>> str(parse("  b2-b3 "))
'b2-b3'
>>> actions = (Step('b2', 'b3'), Big('c1', 'c2'), Kloak('c1', 'c2'), Slide('c2', 'c3'),
...            Claim('a2', 'b3', 'c4'), Score('a3', 'b3', 'c3'), Pass(), Place('a2', 'O'))
>>> all(parse(str(a)) == a for a in actions)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spynb.engine import Action, NotationError

from .board import SQUARES, line_key

__all__ = ["Step", "Big", "Kloak", "Slide", "Claim", "Score", "Pass", "Place", "parse", "MOVES"]

_SQUARE_SET = frozenset(SQUARES)


@dataclass(frozen=True, slots=True, repr=False)
class Step(Action):
    """A small piece moves one square to an open square."""

    frm: str
    to: str

    def __str__(self) -> str:
        return f"{self.frm}-{self.to}"


@dataclass(frozen=True, slots=True, repr=False)
class Big(Action):
    """A big piece moves (or is lifted off alone) to an open square."""

    frm: str
    to: str

    def __str__(self) -> str:
        return f"B {self.frm}-{self.to}"


@dataclass(frozen=True, slots=True, repr=False)
class Kloak(Action):
    """A big piece moves (or is lifted) onto an uncovered small piece."""

    frm: str
    to: str

    def __str__(self) -> str:
        return f"B {self.frm}x{self.to}"


@dataclass(frozen=True, slots=True, repr=False)
class Slide(Action):
    """A kloaking big piece slides, with its small piece, to an open square."""

    frm: str
    to: str

    def __str__(self) -> str:
        return f"B {self.frm}={self.to}"


MOVES = (Step, Big, Kloak, Slide)
"""The actions that move a piece (a turn without one is a claim or a pass)."""


class _Triple(Action):
    """Three squares, kept in line order (file, then rank) so equal claims compare equal."""

    __slots__ = ()
    verb = ""
    a: str  # the squares, declared by each subclass's fields
    b: str
    c: str

    def __post_init__(self) -> None:
        Action.__post_init__(self)  # the field types first
        ordered = sorted((self.a, self.b, self.c), key=lambda s: line_key(s) if s in _SQUARE_SET else (9, 9))
        for name, square in zip("abc", ordered):
            object.__setattr__(self, name, square)

    @property
    def squares(self) -> tuple[str, str, str]:
        return (self.a, self.b, self.c)

    def __str__(self) -> str:
        return f"{self.verb} {' '.join(self.squares)}"


@dataclass(frozen=True, slots=True, repr=False)
class Claim(_Triple):
    """Unkloak three squares in a line and claim they hold one colour (KL-7)."""

    a: str
    b: str
    c: str
    verb = "claim"


@dataclass(frozen=True, slots=True, repr=False)
class Score(_Triple):
    """Choose which three of the lines a small move made score (KL-6)."""

    a: str
    b: str
    c: str
    verb = "score"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Action):
    """Do nothing: allowed only when no piece can move (KL-9)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, repr=False)
class Place(Action):
    """Chance: the setup puts a small piece of ``colour`` on ``square`` (KL-2)."""

    square: str
    colour: str
    is_chance = True

    def __str__(self) -> str:
        return f"place {self.square} {self.colour}"


_EXPECTED = ("expected 'b2-b3', 'B c1-c2', 'B c1xc2', 'B c2=c3', 'claim a2 b3 c4', 'score a2 b3 c4', "
             "'pass' or 'place a2 O'")
_MOVE = re.compile(r"^(?:(B)\s+)?([a-z][0-9])([-x=])([a-z][0-9])$")


def _square(text: str, word: str) -> str:
    if word not in _SQUARE_SET:
        raise NotationError(text, f"{word!r} is not a square: files a-e, ranks 1-5 (a1 … e5)")
    return word


def parse(text: str) -> Action:
    """Read one action from its notation; raises :class:`NotationError` quoting the text.

    >>> parse("b2xb3")
    Traceback (most recent call last):
    ...
    spynb.engine.errors.NotationError: cannot read 'b2xb3': a small piece only steps ('b2-b3'); 'x' and '=' are for big pieces ('B c1xc2')
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), _EXPECTED)
    words = text.split()
    if words == ["pass"]:
        return Pass()
    if len(words) == 4 and words[0] in ("claim", "score"):
        squares = [_square(text, w) for w in words[1:]]
        if len(set(squares)) != 3:
            raise NotationError(text, "name three different squares")
        return (Claim if words[0] == "claim" else Score)(*squares)
    if len(words) == 3 and words[0] == "place":
        if not re.fullmatch(r"[A-Z]", words[2]):
            raise NotationError(text, f"{words[2]!r} is not a colour letter such as 'O'")
        return Place(_square(text, words[1]), words[2])
    match = _MOVE.match(" ".join(words))
    if match:
        big, frm, how, to = match.groups()
        frm, to = _square(text, frm), _square(text, to)
        if not big:
            if how != "-":
                raise NotationError(text, "a small piece only steps ('b2-b3'); 'x' and '=' are for big pieces "
                                          "('B c1xc2')")
            return Step(frm, to)
        return {"-": Big, "x": Kloak, "=": Slide}[how](frm, to)
    raise NotationError(text, _EXPECTED)
