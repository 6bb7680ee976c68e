"""Kuhn poker's actions and their notation: ``deal K`` (chance), ``check``, ``bet``, ``call``, ``fold``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from spynb.engine import Action, NotationError

__all__ = ["CARDS", "WORDS", "Deal", "Bet", "parse"]

CARDS = "JQK"
"""The deck, lowest first (KP/Cards.1)."""
WORDS = ("bet", "call", "check", "fold")
"""A seat's four moves, in notation order."""


@dataclass(frozen=True, slots=True, repr=False)
class Deal(Action):
    """Chance deals ``card`` to the next seat (KP/Deal.1).

    >>> Deal("K"), str(Deal("K"))
    (Deal('K'), 'deal K')
    """

    card: str
    is_chance: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class Bet(Action):
    """A seat's move in the betting round: ``check``, ``bet``, ``call`` or ``fold`` (KP/Betting).

    >>> Bet("call"), str(Bet("call"))
    (Bet('call'), 'call')
    """

    word: str

    def __str__(self) -> str:
        return self.word


def parse(text: str) -> Action:
    """The action written ``text``.

    >>> parse(" Fold "), parse("deal Q")
    (Bet('fold'), Deal('Q'))

    :raises NotationError: when ``text`` is no move and no deal.
    """
    if not isinstance(text, str):
        raise NotationError(text, "expected text such as 'bet' or 'deal K'")
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in WORDS:
        return Bet(words[0])
    if len(words) == 2 and words[0] == "deal" and words[1].upper() in CARDS:
        return Deal(words[1].upper())
    raise NotationError(text, f"expected one of {', '.join(WORDS)}, or 'deal' and a card of {CARDS}")
