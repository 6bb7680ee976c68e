"""Cloak & Dagger probability exercises: exact answers two ways, and trials to simulate.

Each exercise has an answer by counting (``*_by_counting``), a second,
independent answer by walking the engine's chance points or another
argument (``*_by_walk`` / ``*_by_pile``), and a trial for :func:`spynb.prob.simulate`
(``*_trial``) that plays through the engine.  The card counts come from the
game's own data (ruling CD-1), never typed in here.

>>> first_document_by_counting() == first_document_by_walk()
True
>>> cut_round_by_counting(2) == cut_round_by_walk(2)    # the cut's first round, two ways
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from spynb.cloak_dagger.cards import DOCUMENTS, HAZARDS, IMPLEMENTS, STACK_COUNTS
from spynb.games import get_spec

from .exact import draws_until, outcome_distribution, probability
from .simulate import random_playout

if TYPE_CHECKING:
    from spynb.engine import Action, Event, State

__all__ = [
    "STACK_SIZE", "DOCUMENT_CARDS", "new_state",
    "first_document_by_counting", "first_document_by_walk", "first_document_trial",
    "cut_round_by_counting", "cut_round_by_walk", "tie_by_counting", "tie_trial", "cut_winner_trial",
    "double_agent_first", "double_agent_first_trial",
    "placements_until_documents_by_counting", "placements_until_documents_by_pile",
    "placements_until_documents_trial",
]

STACK_SIZE = sum(STACK_COUNTS.values())
"""24: the stack is every card but the players' cloaks and daggers (CD-1)."""
DOCUMENT_CARDS = sum(STACK_COUNTS[d] for d in DOCUMENTS)
"""9: X, Y and Z, three of each."""
DOUBLE_AGENTS = sum(STACK_COUNTS[c] for c in IMPLEMENTS)
"""3: a, b and c."""


def new_state(seats: int, turn_limit: int | None = None) -> State:
    """A fresh game (its first chance point is the cut, CD-2)."""
    options = {} if turn_limit is None else {"turn_limit": turn_limit}
    return get_spec("cloak-dagger").new_state(seats=seats, options=options)


def _events(state: State, kind: str) -> list[Event]:
    return [e for e in state.events if e.kind == kind]


# -- 1. The first card placed is a document ---------------------------------------

def first_document_by_counting() -> Fraction:
    """The stack is reshuffled after the cut, so the first card placed is any of the 24 alike."""
    return Fraction(DOCUMENT_CARDS, STACK_SIZE)


def _deposit_then_place(state: State) -> Action:
    """A fixed script: with cards in hand open your own seat's envelope (CD-4), else open envelope 20."""
    seat = state.turn.seats[0]
    holding = state.view(None)["hands"][str(seat)]
    return state.spec.parse(str(seat) if holding else "20")


def first_document_by_walk(seats: int = 2, seed: int = 0) -> Fraction:
    """Play to the first placement and follow every card the draw can give (the engine's Draw chance point).

    The cut is sampled with ``seed``: who starts does not change the answer.
    """
    from spynb.engine import sample_chance

    rng = random.Random(seed)
    state = new_state(seats)
    while state.turn.chance:  # the cut
        state.apply(sample_chance(state, rng))
    dist = outcome_distribution(state, lambda s: _events(s, "placed")[0].get("card"),
                                stop=lambda s: bool(_events(s, "placed")), choose=_deposit_then_place)
    return probability(dist, lambda card: card in DOCUMENTS)


def first_document_trial(rng: random.Random, seats: int = 3) -> bool:
    """Random players until someone places a card: was it a document?"""
    state = random_playout(new_state(seats, turn_limit=500), rng, stop=lambda s: bool(_events(s, "placed")))
    placed = _events(state, "placed")
    return bool(placed) and placed[0].get("card") in DOCUMENTS


# -- 2. One round of the cut: who wins it, and with what (CD-2) ----------------------

def _round_outcome(cards: list[str]) -> str:
    """'double agent', 'hazard', 'document', or 'tie k' (k players cut the same best document)."""
    if any(c in IMPLEMENTS for c in cards):
        return "double agent"
    if any(c in HAZARDS for c in cards):
        return "hazard"
    best = min(cards)  # all documents: X < Y < Z
    k = cards.count(best)
    return f"tie {k}" if k > 1 else "document"


def cut_round_by_counting(seats: int) -> dict[str, Fraction]:
    """One round of the cut with ``seats`` cutters, by counting card sets.

    Each player cuts one card, so the round is a random set of ``seats`` of
    the 24 cards, all C(24, n) sets equally likely.  Every letter but X, Y
    and Z is unique, so only documents can tie, and they can only tie when
    every card cut is a document (any other card beats them).
    """
    total = math.comb(STACK_SIZE, seats)
    no_agent = math.comb(STACK_SIZE - DOUBLE_AGENTS, seats)
    only_documents = math.comb(DOCUMENT_CARDS, seats)
    result = {"double agent": Fraction(total - no_agent, total),
              "hazard": Fraction(no_agent - only_documents, total)}
    copies = [STACK_COUNTS[d] for d in sorted(DOCUMENTS)]  # X, Y, Z
    for x in range(copies[0] + 1):
        for y in range(copies[1] + 1):
            z = seats - x - y
            if not 0 <= z <= copies[2]:
                continue
            ways = math.comb(copies[0], x) * math.comb(copies[1], y) * math.comb(copies[2], z)
            best = next(n for n in (x, y, z) if n)  # how many cut the earliest document present
            name = f"tie {best}" if best > 1 else "document"
            result[name] = result.get(name, Fraction(0)) + Fraction(ways, total)
    return {k: v for k, v in sorted(result.items()) if v}


def _round_over(state: State) -> bool:
    return any(e.kind in ("first", "recut") for e in state.events)


def _round_value(state: State) -> str:
    return _round_outcome([e.get("card") for e in _events(state, "cut")])


def cut_round_by_walk(seats: int) -> dict[str, Fraction]:
    """The same round, by following every card each player can cut in the engine.

    What happens next depends only on which cards were cut so far (not on who
    cut them), so states are merged by that set of cards.
    """
    return outcome_distribution(new_state(seats), _round_value, stop=_round_over,
                                key=lambda s: tuple(sorted(e.get("card") for e in _events(s, "cut"))))


def tie_by_counting(seats: int) -> Fraction:
    """The chance that the first round of the cut ties, so that some players cut again."""
    return probability(cut_round_by_counting(seats), lambda outcome: outcome.startswith("tie"))


# -- 3. The first player is decided by a double agent, recuts included -----------

def double_agent_first(seats: int, round_table: Callable[[int], dict[str, Fraction]] = cut_round_by_counting
                       ) -> Fraction:
    """The chance that the cut is finally won with a, b or c.

    With n cutters: P(n) = P(a double agent in this round) + Σₖ P(tie of k) · P(k),
    because the k tied players cut again from the whole stack (CD-2, as the
    engine reads it).  A tie of all n players leads back to P(n) itself, so
    P(n) = (P(double agent) + Σₖ₍ₖ<ₙ₎ P(tie of k) P(k)) / (1 − P(tie of n)).
    """
    @cache
    def chance(n: int) -> Fraction:
        table = round_table(n)
        direct = table.get("double agent", Fraction(0))
        smaller = sum((p * chance(int(name.split()[1])) for name, p in table.items()
                       if name.startswith("tie") and int(name.split()[1]) < n), Fraction(0))
        again = table.get(f"tie {n}", Fraction(0))
        return (direct + smaller) / (1 - again)

    return chance(seats)


def cut_winner_trial(rng: random.Random, seats: int) -> str:
    """Resolve the whole cut in the engine (recuts included); the winning card."""
    state = random_playout(new_state(seats), rng, stop=lambda s: not s.turn.chance)
    card: str = _events(state, "first")[0].get("card")
    return card


def double_agent_first_trial(rng: random.Random, seats: int) -> bool:
    return cut_winner_trial(rng, seats) in IMPLEMENTS


# -- 4. Placements until all three kinds of document are in play -----------------

def placements_until_documents_by_counting() -> Fraction:
    """E[T] = Σₖ P(T > k): after k placements, some kind of document is still missing.

    By inclusion–exclusion over the three kinds (each kind has 3 cards in the stack),
    P(T > k) = 3·C(21,k)/C(24,k) − 3·C(18,k)/C(24,k) + C(15,k)/C(24,k).
    """
    n = STACK_SIZE
    per_kind = [STACK_COUNTS[d] for d in DOCUMENTS]
    total = Fraction(0)
    for k in range(n + 1):
        missing = Fraction(0)
        for size in range(1, len(per_kind) + 1):  # inclusion–exclusion over sets of missing kinds
            for subset in _subsets(per_kind, size):
                missing += (-1) ** (size + 1) * Fraction(math.comb(n - sum(subset), k), math.comb(n, k))
        total += missing
    return total


def _subsets(items: list[int], size: int) -> list[tuple[int, ...]]:
    from itertools import combinations

    return list(combinations(items, size))


def placements_until_documents_by_pile() -> dict[int, Fraction]:
    """The whole distribution of T, by following the stack card by card (a second method)."""
    counts = {d: STACK_COUNTS[d] for d in DOCUMENTS}
    counts["other"] = STACK_SIZE - DOCUMENT_CARDS
    return draws_until(counts, lambda seen: set(DOCUMENTS) <= seen)


def placements_until_documents_trial(rng: random.Random, seats: int = 3) -> int:
    """Random players until X, Y and Z have each been placed; how many placements that took."""
    def all_placed(state: State) -> bool:
        return set(DOCUMENTS) <= {e.get("card") for e in _events(state, "placed")}

    state = random_playout(new_state(seats), rng, stop=all_placed)
    return len(_events(state, "placed"))


def tie_trial(rng: random.Random, seats: int) -> bool:
    """Resolve the cut in the engine: did the first round tie (was there a recut)?"""
    state = random_playout(new_state(seats), rng, stop=lambda s: not s.turn.chance)
    return bool(_events(state, "recut"))
