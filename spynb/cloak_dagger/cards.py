"""Cloak & Dagger's components as data (ruling CD-1).

>>> len(STACK_CARDS), len(ENVELOPES)
(24, 20)
>>> agents_of(2)
('e', 'E')
>>> sorted("XKad", key=CUT_ORDER.index)
['a', 'd', 'K', 'X']
"""

from __future__ import annotations

from collections import Counter

__all__ = [
    "IMPLEMENTS", "CLOAKS", "DAGGERS", "HAZARDS", "DOCUMENTS", "STACK_CARDS", "STACK_COUNTS",
    "ENVELOPES", "CARD_NAMES", "CUT_ORDER", "agents_of", "owner_of", "kind_of", "sort_cards",
]

IMPLEMENTS = "abc"
"""Pistol, binocular, camera: they also represent double agents."""
CLOAKS = "defghj"
DAGGERS = "DEFGHJ"
HAZARDS = "KLMNPQRSTUVW"
"""The twelve character cards."""
DOCUMENTS = "XYZ"
"""Secret plans, private report, coded message: three of each."""
DOCUMENT_COPIES = 3

STACK_CARDS = IMPLEMENTS + HAZARDS + DOCUMENTS * DOCUMENT_COPIES
STACK_COUNTS: dict[str, int] = dict(Counter(STACK_CARDS))
ENVELOPES = tuple(range(1, 21))

CARD_NAMES = {
    "a": "pistol (double agent)", "b": "binocular (double agent)", "c": "camera (double agent)",
    "X": "secret plans", "Y": "private report", "Z": "coded message",
    **{h: f"hazard {h}" for h in HAZARDS},
    **{c: f"cloak of seat {i + 1}" for i, c in enumerate(CLOAKS)},
    **{d: f"dagger of seat {i + 1}" for i, d in enumerate(DAGGERS)},
}

CUT_ORDER = IMPLEMENTS + CLOAKS + DAGGERS + HAZARDS + DOCUMENTS
"""Alphabetical order of the letters, case aside: a < b < c < … < K < … < Z (CD-2)."""
_RANK = {card: i for i, card in enumerate(CUT_ORDER)}


def agents_of(seat: int) -> tuple[str, str]:
    """The cloak and dagger of a seat (seat 1 owns d/D, CD-1)."""
    return CLOAKS[seat - 1], DAGGERS[seat - 1]


def owner_of(card: str) -> int | None:
    """The seat whose cloak or dagger this is, else None."""
    for agents in (CLOAKS, DAGGERS):
        if card in agents:
            return agents.index(card) + 1
    return None


def kind_of(card: str) -> str:
    if card in IMPLEMENTS:
        return "double agent"
    if card in CLOAKS:
        return "cloak"
    if card in DAGGERS:
        return "dagger"
    if card in HAZARDS:
        return "hazard"
    return "document"


def sort_cards(cards: str) -> str:
    """Cards in a fixed display order, so equal contents compare equal."""
    return "".join(sorted(cards, key=_RANK.__getitem__))
