"""The Target's components as data: decks, counters, the setup chart, the circle.

Everything here is a table (ruling TG-1 says the counts are data and may be
replaced); the turn procedure lives in :mod:`spynb.target.state`.

>>> {deck: sum(counts.values()) for deck, counts in DECK_COUNTS.items()}
{'rookie': 96, 'operative': 36, 'espionage': 40, 'intel': 34}
>>> sum(AFFILIATION_COUNTS.values())
16
>>> SETUP_CHART[7]
((('cia', 2), ('kgb', 2)), (('cia', 2), ('kgb', 2), ('double-agent', 2)), 3)
>>> circle(5)
('KGB', 1, 2, 3, 'CIA', 4, 5)
>>> COUNTERS["shot"], CATEGORY["kevlar"]
(('firearms', 'kevlar'), 'materials')
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "DECKS", "DECK_COUNTS", "CARDS", "RANK", "DECK_OF", "CATEGORY", "CATEGORIES", "TOKEN_FOR", "NAMES",
    "ATTACKS", "SURVEILLANCE", "EVASION", "INTEL", "DIRTY", "DEFLECTS", "COUNTERS", "WATCH_DISTANCE",
    "AFFILIATIONS", "AFFILIATION_COUNTS", "AFFILIATION_NAMES", "SETUP_CHART", "HQS", "circle", "sort_cards",
    "letter_of", "describe", "HAND",
]

HAND = 4
"""Players should always have 4 cards in their hand (rulebook: Play, step 6)."""

DECKS = ("rookie", "operative", "espionage", "intel")
"""The four card decks, each with its own discard pile (the affiliation deck is separate)."""

DECK_COUNTS: dict[str, dict[str, int]] = {
    # TG-1: the rulebook gives only totals; these counts are the product's ruling.
    "rookie": {
        "firearms": 6, "martial-arts": 6, "deception": 6, "explosives": 6,     # Training
        "kevlar": 6, "chemicals": 6, "technology": 6, "audio-visual": 6,      # Materials
        "defector": 8, "informant": 8, "mole": 8,                             # Contacts
        "french": 8, "german": 8, "russian": 8,                               # Languages
    },
    "operative": {"shot": 6, "stabbed": 6, "poisoned": 6, "bombed": 6, "missed": 12},
    "espionage": {"staked-out": 5, "tailed": 5, "wiretapped": 5, "blown-cover": 5, "outed": 6,
                  "slip": 10, "deep-cover": 4},
    "intel": {"intel-a": 4, "intel-b": 4, "intel-c": 4, "intel-d": 4,
              "dirty-a": 2, "dirty-b": 2, "dirty-c": 2, "dirty-d": 2,
              "deflect-forward": 3, "deflect-backward": 3, "reverse": 2, "advance-hq": 2},
}

CARDS: tuple[str, ...] = tuple(card for deck in DECKS for card in DECK_COUNTS[deck])
"""Every card name, in rulebook order (also the display and sort order)."""
RANK = {card: i for i, card in enumerate(CARDS)}
DECK_OF = {card: deck for deck in DECKS for card in DECK_COUNTS[deck]}

CATEGORIES = ("training", "materials", "contacts", "languages")
CATEGORY: dict[str, str] = {
    **dict.fromkeys(("firearms", "martial-arts", "deception", "explosives"), "training"),
    **dict.fromkeys(("kevlar", "chemicals", "technology", "audio-visual"), "materials"),
    **dict.fromkeys(("defector", "informant", "mole"), "contacts"),
    **dict.fromkeys(("french", "german", "russian"), "languages"),
}
"""The colour of each Rookie card (rulebook: Security Clearance Guide; TG-1)."""
TOKEN_FOR = {"training": "operative", "materials": "espionage", "contacts": "intel"}
"""Three of a category give the token of this deck (TG-11); Languages give no token."""

ATTACKS = ("shot", "stabbed", "poisoned", "bombed")
SURVEILLANCE = ("staked-out", "tailed", "wiretapped", "blown-cover")
EVASION = ("slip", "deep-cover")
INTEL = ("intel-a", "intel-b", "intel-c", "intel-d", "dirty-a", "dirty-b", "dirty-c", "dirty-d")
DIRTY = ("dirty-a", "dirty-b", "dirty-c", "dirty-d")
DEFLECTS = {"deflect-forward": 1, "deflect-backward": -1}

COUNTERS: dict[str, tuple[str, str]] = {
    # rulebook: Attacks and Surveillance Cards ("COUNTER: Training: …; Materials: …")
    "shot": ("firearms", "kevlar"),
    "stabbed": ("martial-arts", "audio-visual"),
    "poisoned": ("deception", "technology"),
    "bombed": ("explosives", "chemicals"),
    "staked-out": ("firearms", "technology"),
    "tailed": ("martial-arts", "kevlar"),
    "wiretapped": ("deception", "audio-visual"),
    "blown-cover": ("explosives", "chemicals"),
}
WATCH_DISTANCE = {"staked-out": 1, "tailed": 2, "wiretapped": 3}
"""TG-8: whom a surveilled player shows their card to, in seats clockwise."""

AFFILIATIONS = ("cia", "kgb", "double-agent")
AFFILIATION_COUNTS = {"cia": 6, "kgb": 6, "double-agent": 4}
AFFILIATION_NAMES = {"cia": "CIA", "kgb": "KGB", "double-agent": "Double Agent"}

_Pile = tuple[tuple[str, int], ...]
SETUP_CHART: dict[int, tuple[_Pile, _Pile, int]] = {
    # players: (Pile 1, Pile 2, how many to pick from Pile 2) — rulebook: Affiliation Setup Chart
    4: ((("cia", 1), ("kgb", 1)), (("cia", 1), ("kgb", 1), ("double-agent", 1)), 2),
    5: ((("cia", 2), ("kgb", 2)), (("cia", 1), ("kgb", 1), ("double-agent", 1)), 1),
    6: ((("cia", 2), ("kgb", 2)), (("cia", 1), ("kgb", 1), ("double-agent", 2)), 2),
    7: ((("cia", 2), ("kgb", 2)), (("cia", 2), ("kgb", 2), ("double-agent", 2)), 3),
    8: ((("cia", 3), ("kgb", 3)), (("cia", 1), ("kgb", 1), ("double-agent", 3)), 2),
    9: ((("cia", 3), ("kgb", 3)), (("cia", 2), ("kgb", 2), ("double-agent", 3)), 3),
    10: ((("cia", 4), ("kgb", 4)), (("cia", 1), ("kgb", 1), ("double-agent", 3)), 2),
    11: ((("cia", 4), ("kgb", 4)), (("cia", 1), ("kgb", 1), ("double-agent", 3)), 3),  # TG-1: the cut row
}

HQS = ("KGB", "CIA")

NAMES: dict[str, str] = {
    "martial-arts": "Martial Arts", "audio-visual": "Audio/Visual", "staked-out": "Staked Out",
    "blown-cover": "Blown Cover", "slip": "The Slip", "deep-cover": "Deep Cover",
    "deflect-forward": "Deflect Forward", "deflect-backward": "Deflect Backward", "advance-hq": "Advance to HQ",
    **{f"intel-{x}": f"Intel {x.upper()}" for x in "abcd"},
    **{f"dirty-{x}": f"Dirty Intel {x.upper()}" for x in "abcd"},
}


def describe(card: str) -> str:
    """A card's printed name: ``describe('audio-visual') == 'Audio/Visual'``."""
    return NAMES.get(card) or AFFILIATION_NAMES.get(card) or card.replace("-", " ").title()


def letter_of(card: str) -> str:
    """The letter of an Intel card, Dirty or not (TG-14): ``'a'`` for ``dirty-a``."""
    return card[-1]


def circle(seats: int) -> tuple[str | int, ...]:
    """TG-2: clockwise from the KGB HQ: seats 1…⌈n/2⌉, the CIA HQ, the remaining seats."""
    half = (seats + 1) // 2
    return ("KGB", *range(1, half + 1), "CIA", *range(half + 1, seats + 1))


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in rulebook order, so equal multisets compare equal."""
    return sorted(cards, key=RANK.__getitem__)


def _check_tables() -> None:
    assert set(CATEGORY) == set(DECK_COUNTS["rookie"])
    assert all(set(pair) <= set(CATEGORY) for pair in COUNTERS.values())
    for players, (pile1, pile2, pick) in SETUP_CHART.items():
        assert sum(n for _, n in pile1) + pick == players
        for affiliation, limit in AFFILIATION_COUNTS.items():
            assert dict(pile1).get(affiliation, 0) + dict(pile2).get(affiliation, 0) <= limit


_check_tables()
