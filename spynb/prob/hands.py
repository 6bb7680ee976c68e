"""The Target: will an attack be countered?  Does the next Target hold a card?  (TG-1, TG-6)

An attack is cancelled when the Target discards its two named Rookie cards,
taken from their hand and/or the pile (TG-6).  From one seat's view, every
card it has not seen is equally likely to be in any hidden place: a rival's
hand of h cards is a random h of the cards the seat has not seen.  The chance
that the hand holds what it needs is then a count of hands (a multivariate
hypergeometric chance).

While no seat holds a clearance token, every hand holds only Rookie cards
(TG-11, TG-12), so only the unseen Rookie cards matter.  The Target's own
play goes into the pile and still counts for a counter, so at the play stage
its four cards are what it can counter with.

>>> view = target_position().view(2)
>>> sum(unseen_rookies(view).values())          # 96 Rookie cards less seat 2's four
92
>>> holds_chance({"firearms": 1, "other": 1}, 1, {"firearms": 1})
Fraction(1, 2)
>>> counter_chance(view, "shot") == counter_chance_by_formula(view, "shot")
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from itertools import combinations, product
from typing import Any

from spynb.engine import SpynbError, View
from spynb.target.cards import COUNTERS, DECK_COUNTS, DECK_OF

__all__ = [
    "target_position", "unseen_rookies", "holds_chance", "holds_chance_by_listing", "counter_chance",
    "counter_chance_by_formula", "holds_card_chance", "deal_trial", "hand_trial",
]


def target_position(seats: int = 5, seed: int = 4) -> Any:
    """A seeded game of The Target at the first play stage (seat 1 is the Target, TG-2)."""
    import spynb

    return spynb.new_game("target", seats=seats, seed=seed).state


def unseen_rookies(view: View, also_seen: Iterable[str] = ()) -> Counter[str]:
    """The Rookie cards ``view``'s seat has not seen: the deck's counts (TG-1) less its hand, the
    discards, the pile, every play it knows, and ``also_seen`` (cards imagined face up)."""
    seen = Counter(view["hand"])
    seen.update(c for c, n in view["discards"]["rookie"].items() for _ in range(n))
    seen.update(view["pile"])
    seen.update(view["known_plays"].values())
    seen.update(also_seen)
    left = Counter(DECK_COUNTS["rookie"])
    left.subtract(c for c in seen.elements() if DECK_OF[c] == "rookie")
    if any(n < 0 for n in left.values()):
        raise SpynbError("more Rookie cards are seen than the deck has (TG-1)")
    return +left


def holds_chance(pool: Mapping[str, int], hand: int, need: Mapping[str, int]) -> Fraction:
    """The chance that ``hand`` cards dealt from ``pool`` include at least ``need[k]`` of each kind k.

    Counts hands: for every number x_k ≥ need[k] of each needed kind,
    Π C(pool[k], x_k) · C(rest, hand − Σx) hands, out of C(total, hand).
    """
    kinds = [k for k, n in need.items() if n > 0]
    total = sum(pool.values())
    rest = total - sum(pool.get(k, 0) for k in kinds)
    good = 0
    for xs in product(*(range(need[k], pool.get(k, 0) + 1) for k in kinds)):
        if sum(xs) <= hand:
            good += math.prod(math.comb(pool[k], x) for k, x in zip(kinds, xs)) * math.comb(rest, hand - sum(xs))
    return Fraction(good, math.comb(total, hand))


def holds_chance_by_listing(pool: Mapping[str, int], hand: int, need: Mapping[str, int]) -> Fraction:
    """The same by listing every hand of labelled cards (small pools only): a second method."""
    cards = [k for k, n in sorted(pool.items()) for _ in range(n)]
    hands = list(combinations(range(len(cards)), hand))
    good = sum(all(Counter(cards[i] for i in h)[k] >= n for k, n in need.items()) for h in hands)
    return Fraction(good, len(hands))


def _target(view: View) -> int:
    target = view["receiver"] if view["receiver"] is not None else view["marker"]
    if not isinstance(target, int):
        raise SpynbError(f"the Target is the {target} HQ: nobody can counter there (TG-6)")
    return target


def _rookie_hand(view: View, seat: int) -> int:
    """The size of ``seat``'s hand, which must hold only Rookie cards (no clearance yet, TG-11)."""
    if view["tokens"][str(seat)] or seat in view["language_pass"]:
        raise SpynbError(f"seat {seat} has clearance, so its hand may hold advanced cards: "
                         "this chance covers Rookie-only hands (TG-11)")
    return int(view["hand_sizes"][str(seat)]) + (1 if str(seat) in _played(view) else 0)


def _played(view: View) -> set[str]:
    """Seats whose play is face down in the pile still to be revealed (it still counts for a counter)."""
    return {str(s) for s in view["played"]} - set(view["known_plays"])


def _need(attack: str, pile: Iterable[str]) -> Counter[str]:
    if attack not in COUNTERS:
        raise SpynbError(f"{attack!r} has no counter: choose one of {', '.join(COUNTERS)} (TG-6, TG-7)")
    need = Counter(COUNTERS[attack])
    need.subtract(pile)
    return +need


def counter_chance(view: View, attack: str, also_in_pile: Iterable[str] = ()) -> Fraction:
    """The chance the Target can discard ``attack``'s two counter cards from hand and pile (TG-6),
    as ``view``'s seat sees it; ``also_in_pile`` adds cards imagined face up in the pile.

    :raises SpynbError: if the Target is an HQ, has clearance, or ``attack`` has no counter.
    """
    extra = list(also_in_pile)
    target = _target(view)
    need = _need(attack, [*view["pile"], *view["known_plays"].values(), *extra])
    if target == view.seat:
        return Fraction(int(not _need(attack, [*view["hand"], *view["pile"], *extra])))
    return holds_chance(unseen_rookies(view, extra), _rookie_hand(view, target), need)


def counter_chance_by_formula(view: View, attack: str, also_in_pile: Iterable[str] = ()) -> Fraction:
    """The same by inclusion–exclusion: 1 − P(no first card) − P(no second) + P(neither)."""
    extra = list(also_in_pile)
    pool = unseen_rookies(view, extra)
    total, hand = sum(pool.values()), _rookie_hand(view, _target(view))
    need = _need(attack, [*view["pile"], *view["known_plays"].values(), *extra])

    def none_of(cards: Iterable[str]) -> Fraction:
        return Fraction(math.comb(total - sum(pool[c] for c in cards), hand), math.comb(total, hand))

    kinds = list(need)
    if any(n > 1 for n in need.values()):
        raise SpynbError("the formula covers needing one card of each kind")
    return sum(((-1) ** len(subset) * none_of(subset)
                for size in range(len(kinds) + 1) for subset in combinations(kinds, size)), Fraction(0))


def holds_card_chance(view: View, seat: int, card: str, copies: int = 1) -> Fraction:
    """The chance that ``seat`` holds at least ``copies`` of the Rookie ``card``, as ``view``'s seat sees it."""
    if seat == view.seat:
        return Fraction(int(list(view["hand"]).count(card) >= copies))
    return holds_chance(unseen_rookies(view), _rookie_hand(view, seat), {card: copies})


def deal_trial(pool: Mapping[str, int], hand: int, test: Callable[[Counter[str]], bool]) -> Any:
    """A trial: deal ``hand`` cards from a shuffled ``pool``; ``test`` the hand."""
    cards = [k for k, n in sorted(pool.items()) for _ in range(n)]

    def trial(rng: random.Random) -> bool:
        return test(Counter(rng.sample(cards, hand)))

    return trial


def hand_trial(state: Any, viewer: int, seat: int, test: Callable[[Counter[str]], bool]) -> Any:
    """A trial: the engine re-deals what ``viewer`` has not seen (``resample_hidden``); ``test`` ``seat``'s hand."""
    def trial(rng: random.Random) -> bool:
        other = state.resample_hidden(viewer, rng) or state
        return test(Counter(other.view(None)["hands"][str(seat)]))

    return trial
