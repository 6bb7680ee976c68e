"""Cards as lists kept in rulebook order and as multisets (card -> how many): the moves every pile makes.

>>> deck = {"mole": 1}
>>> add(deck, "mole"); remove(deck, "mole"); remove(deck, "mole"); deck
{}
>>> hand = ["kevlar", "shot"]; insert(hand, "mole"); hand
['kevlar', 'mole', 'shot']
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable

from .cards import RANK, sort_cards

__all__ = ["add", "remove", "insert", "holds", "distinct"]


def distinct(cards: Iterable[str]) -> list[str]:
    """Each of ``cards`` once, in rulebook order."""
    return sort_cards(set(cards))


def holds(hand: list[str], cards: Iterable[str]) -> bool:
    """Whether ``hand`` holds every one of ``cards``, counted with multiplicity."""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def insert(cards: list[str], card: str) -> None:
    """Put ``card`` into the sorted ``cards``, after any equal card."""
    insort(cards, card, key=RANK.__getitem__)


def add(counts: dict[str, int], card: str) -> None:
    """One more ``card`` in the multiset ``counts``."""
    counts[card] = counts.get(card, 0) + 1


def remove(counts: dict[str, int], card: str) -> None:
    """One ``card`` fewer in the multiset ``counts`` (a count that reaches 0 is dropped)."""
    if counts[card] == 1:
        del counts[card]
    else:
        counts[card] -= 1
