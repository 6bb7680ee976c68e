"""Cloak & Dagger's actions and their notation.

=================  ==========================================================
notation           meaning
=================  ==========================================================
``7``              select envelope 7 and look inside (CD-3); finishing a
                   transfer and placing follow from it when compulsory
``take d``         start a transfer showing ``d`` (CD-6)
``take d+X``       … and take a second card ``X`` unseen
``track K``        expose hazard ``K`` and return it to the stack (CD-7)
``pass``           do nothing more this turn
``cut X``          chance: the next player cuts ``X`` (CD-2)
``draw X``         chance: the card drawn for a placement is ``X``
=================  ==========================================================

>>> parse("take d+X")
Take('d', 'X')
>>> str(parse(" 7 "))
'7'
>>> all(str(parse(str(a))) == str(a) for a in (Open(20), Take('a'), Track('K'), Pass(), Cut('X'), Draw('b')))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from spynb.engine import Action, NotationError
from spynb.engine.notation import read_number

from .cards import CUT_ORDER, ENVELOPES, STACK_COUNTS

__all__ = ["Open", "Take", "Track", "Pass", "Cut", "Draw", "parse"]


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Open(Action):
    """Select an envelope (1–20) and look inside."""

    envelope: int

    def __str__(self) -> str:
        return str(self.envelope)


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Take(Action):
    """Start a transfer: ``shown`` is displayed to all, ``second`` taken unseen."""

    shown: str
    second: str = ""

    def __str__(self) -> str:
        return f"take {self.shown}+{self.second}" if self.second else f"take {self.shown}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Track(Action):
    """Expose a hazard and return it to the bottom of the stack."""

    hazard: str

    def __str__(self) -> str:
        return f"track {self.hazard}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Pass(Action):
    """Do nothing more this turn (examine only)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Cut(Action):
    """Chance: the card the next player cuts for first player."""

    card: str
    is_chance = True

    def __str__(self) -> str:
        return f"cut {self.card}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Draw(Action):
    """Chance: the top card of the stack, drawn to be placed."""

    card: str
    is_chance = True

    def __str__(self) -> str:
        return f"draw {self.card}"


_EXPECTED = "expected an envelope number 1-20, 'take d', 'take d+X', 'track K', 'pass', 'cut X' or 'draw X'"


def _card(text: str, word: str, allowed: str) -> str:
    if len(word) != 1 or word not in allowed:
        raise NotationError(text, f"{word!r} is not a card letter here")
    return word


def parse(text: str) -> Action:
    """Read one action from its notation; raises :class:`NotationError` quoting the text."""
    if not isinstance(text, str):
        raise NotationError(repr(text), _EXPECTED)
    words = text.split()
    if len(words) == 1 and words[0].isdigit():
        number = read_number(text, words[0], "an envelope number")
        if number not in ENVELOPES:
            raise NotationError(text, "envelopes are numbered 1 to 20")
        return Open(number)
    if words == ["pass"]:
        return Pass()
    if len(words) == 2:
        verb, arg = words
        if verb == "take":
            shown, _, second = arg.partition("+")
            return Take(_card(text, shown, CUT_ORDER), _card(text, second, CUT_ORDER) if second else "")
        if verb == "track":
            return Track(_card(text, arg, CUT_ORDER))
        if verb == "cut":
            return Cut(_card(text, arg, "".join(STACK_COUNTS)))
        if verb == "draw":
            return Draw(_card(text, arg, "".join(STACK_COUNTS)))
    raise NotationError(text, _EXPECTED)
