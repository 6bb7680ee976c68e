"""The Target probability exercises: the affiliation chart and the Rookie deal (ruling TG-1).

The chart and deck counts come from the game's data tables
(:mod:`spynb.target.cards`), never typed in here.

>>> double_agents(8)
{0: Fraction(1, 10), 1: Fraction(3, 5), 2: Fraction(3, 10)}
>>> double_agents(7) == double_agents_by_walk(7)
True
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations, product
from typing import Any

from spynb.games import get_spec
from spynb.target.cards import CATEGORIES, CATEGORY, DECK_COUNTS, SETUP_CHART, TOKEN_FOR

from .exact import expectation, hypergeometric_distribution, outcome_distribution
from .simulate import random_playout

__all__ = [
    "PLAYER_COUNTS", "double_agents", "double_agents_by_listing", "double_agents_by_walk", "double_agents_trial",
    "at_least_one_double_agent", "expected_double_agents", "CATEGORY_SIZES", "HAND",
    "rookie_set_by_counting", "rookie_set_by_compositions", "rookie_hand_trial", "rookie_set_trial",
    "rookie_clearance_by_counting", "rookie_clearance_trial",
]

PLAYER_COUNTS = tuple(sorted(SETUP_CHART))
DA = "double-agent"
HAND = 4
"""Cards in a Rookie hand (rulebook: Setup Steps)."""
ROOKIE = DECK_COUNTS["rookie"]
CATEGORY_SIZES = {c: sum(n for card, n in ROOKIE.items() if CATEGORY[card] == c) for c in CATEGORIES}
"""24 cards in each of Training, Materials, Contacts and Languages (TG-1)."""


# -- Double Agents from the affiliation chart (TG-1) -----------------------------

def double_agents(players: int) -> dict[int, Fraction]:
    """The number of Double Agents in the game: Pile 1 has none, so it is the number picked from Pile 2,
    a hypergeometric draw (``pick`` cards from Pile 2 without replacement)."""
    _, pile2, pick = SETUP_CHART[players]
    pile = dict(pile2)
    return hypergeometric_distribution(sum(pile.values()), pile.get(DA, 0), pick)


def double_agents_by_listing(players: int) -> dict[int, Fraction]:
    """The same by listing every set of cards that can be picked (all equally likely)."""
    _, pile2, pick = SETUP_CHART[players]
    cards = [name for name, n in pile2 for _ in range(n)]
    sets = list(combinations(range(len(cards)), pick))
    result: dict[int, Fraction] = {}
    for chosen in sets:
        k = sum(1 for i in chosen if cards[i] == DA)
        result[k] = result.get(k, Fraction(0)) + Fraction(1, len(sets))
    return dict(sorted(result.items()))


def _picked(state: Any) -> list[str]:
    return [e.get("affiliation") for e in state.events if e.kind == "pick"]


def double_agents_by_walk(players: int) -> dict[int, Fraction]:
    """The same by walking the engine's Pile 2 picks (its chance points)."""
    return outcome_distribution(get_spec("target").new_state(seats=players),
                                lambda s: _picked(s).count(DA),
                                stop=lambda s: any(e.kind == "combined" for e in s.events))


def double_agents_trial(rng: random.Random, players: int) -> int:
    """Let the engine deal the affiliations; how many seats are Double Agents?"""
    state = random_playout(get_spec("target").new_state(seats=players), rng,
                           stop=lambda s: any(e.kind == "circle" for e in s.events))
    return sum(1 for e in state.events if e.kind == "affiliation" and e.get("affiliation") == DA)


def at_least_one_double_agent(players: int) -> Fraction:
    return 1 - double_agents(players).get(0, Fraction(0))


def expected_double_agents(players: int) -> Fraction:
    return expectation(double_agents(players))


# -- The Rookie deal: a set of three in the first hand (TG-1, TG-11) ---------------

def rookie_set_by_counting(categories: tuple[str, ...] = CATEGORIES) -> Fraction:
    """A hand of 4 from the 96 Rookie cards holds 3 or 4 of one of ``categories``.

    Two categories cannot both reach 3 in 4 cards, so the cases add up:
    for each category, C(24,3)·C(72,1) + C(24,4) of the C(96,4) hands.
    """
    total = sum(CATEGORY_SIZES.values())
    ways = 0
    for c in categories:
        size = CATEGORY_SIZES[c]
        ways += sum(math.comb(size, k) * math.comb(total - size, HAND - k) for k in range(3, HAND + 1))
    return Fraction(ways, math.comb(total, HAND))


def rookie_set_by_compositions(categories: tuple[str, ...] = CATEGORIES) -> Fraction:
    """The same by listing every category make-up of a hand (how many of each of the 4 categories)."""
    total = sum(CATEGORY_SIZES.values())
    sizes = [CATEGORY_SIZES[c] for c in CATEGORIES]
    result = Fraction(0)
    for counts in product(range(HAND + 1), repeat=len(sizes)):
        if sum(counts) != HAND:
            continue
        ways = math.prod(math.comb(n, k) for n, k in zip(sizes, counts))
        if any(k >= 3 and c in categories for c, k in zip(CATEGORIES, counts)):
            result += Fraction(ways, math.comb(total, HAND))
    return result


def rookie_clearance_by_counting() -> Fraction:
    """Only Training, Materials and Contacts give a clearance token (TG-11); Languages do not."""
    return rookie_set_by_counting(tuple(TOKEN_FOR))


def rookie_hand_trial(rng: random.Random, players: int = 4) -> list[str]:
    """Let the engine set up a game and deal; seat 1's first four Rookie cards."""
    def dealt(state: Any) -> list[str]:
        return [e.get("card") for e in state.events if e.kind == "card" and e.actor == 1]

    state = random_playout(get_spec("target").new_state(seats=players), rng, stop=lambda s: len(dealt(s)) >= HAND)
    return dealt(state)[:HAND]


def _has_three(hand: list[str], categories: tuple[str, ...]) -> bool:
    return any(sum(1 for card in hand if CATEGORY[card] == c) >= 3 for c in categories)


def rookie_set_trial(rng: random.Random) -> bool:
    return _has_three(rookie_hand_trial(rng), CATEGORIES)


def rookie_clearance_trial(rng: random.Random) -> bool:
    return _has_three(rookie_hand_trial(rng), tuple(TOKEN_FOR))
