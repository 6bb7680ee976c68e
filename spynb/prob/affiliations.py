"""The Target: a seat's chances for every other seat's affiliation, from its view (TG-1, TG-7).

The game's chance model (rulebook *Setup Steps*, TG-1): Pile 1 is kept, a
few cards are picked at random from Pile 2, the combined pile is shuffled
and each seat draws one.  So a full deal ``a`` (an affiliation per seat)
with counts K has chance

    P(the pick gives K) / (number of deals with counts K),

the pick being hypergeometric.  What a seat sees changes this by Bayes' rule:

* its own card: only deals that give it that card remain;
* an Outed reveal shown to it (TG-7): a CIA or KGB seat shows its own
  colour; a Double Agent chooses a colour — the aid assumes it shows either
  with chance ``double_agent_shows`` (½ by default: change it to ask "what
  if Double Agents always claim CIA?").

Cards a seat has seen (its hand, cards shown under surveillance, Blown
Cover plays face up) say what seats hold, not what they are: in the chance
model affiliations are dealt apart from the cards, so they leave these
chances unchanged unless you model how players choose their plays.

Exact by listing every deal of the other seats (3ⁿ⁻¹ of them) when there
are at most ``exact_limit``; otherwise sampled from the setup's own draw,
rejecting what contradicts the view, with a Wilson interval per cell.

>>> from spynb.engine import View
>>> view = View("target", 1, "", {"seats": 5, "affiliation": "cia", "shown_to_me": {}})
>>> posterior(view)[2]["double-agent"]
Fraction(1, 14)
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from itertools import product
from typing import Any

from spynb.engine import SpynbError, View, freeze
from spynb.target.cards import AFFILIATION_NAMES, AFFILIATIONS, SETUP_CHART

from .deduce import Deduction, seat_of
from .stats import Estimate, wilson

__all__ = ["deal_chance", "posterior", "sampled_posterior", "affiliation_table", "evidence"]

HALF = Fraction(1, 2)
Table = dict[int, dict[str, Fraction]]


def _chart(seats: int) -> tuple[Counter[str], Counter[str], int]:
    if seats not in SETUP_CHART:
        raise SpynbError(f"the Affiliation Setup Chart has no row for {seats} players (TG-1)")
    pile1, pile2, picks = SETUP_CHART[seats]
    return Counter(dict(pile1)), Counter(dict(pile2)), picks


def deal_chance(deal: Mapping[int, str]) -> Fraction:
    """The chance of one full deal (seat → affiliation) in the setup's draw (TG-1)."""
    counts = Counter(deal.values())
    return _counts_chance(len(deal), tuple(counts[a] for a in AFFILIATIONS))


@functools.lru_cache(maxsize=1024)
def _counts_chance(seats: int, numbers: tuple[int, ...]) -> Fraction:
    """The chance of one full deal whose affiliations come ``numbers`` times each (in ``AFFILIATIONS``' order):
    every deal with the same counts is as likely."""
    pile1, pile2, picks = _chart(seats)
    counts = Counter({a: n for a, n in zip(AFFILIATIONS, numbers) if n})
    picked = counts - pile1
    if pile1 - counts or sum(picked.values()) != picks:
        return Fraction(0)
    ways = math.prod(math.comb(pile2[a], picked[a]) for a in AFFILIATIONS)
    pick = Fraction(ways, math.comb(sum(pile2.values()), picks))
    arrangements = math.factorial(seats) // math.prod(math.factorial(n) for n in counts.values())
    return pick / arrangements


def evidence(view: View) -> dict[int, str]:
    """What an Outed showed the seat: seat → colour shown (TG-7)."""
    return {int(s): c for s, c in view["shown_to_me"].items()}


def _others(view: View) -> list[int]:
    """The seats but the view's own (:raises SpynbError: for a view that is no seat's)."""
    me = seat_of(view)
    return [s for s in range(1, view["seats"] + 1) if s != me]


def posterior(view: View, double_agent_shows: Fraction = HALF) -> Table:
    """Exact: for every other seat, the chance of each affiliation given the view (listing every deal).

    Deals alike in their counts of each affiliation and in how many shown colours came from Double Agents have
    the same weight, so each such group is counted in whole numbers and weighed once."""
    mine, shown = view["affiliation"], evidence(view)
    others = _others(view)
    where = {seat: i for i, seat in enumerate(others)}
    checks = [(where[s], colour) for s, colour in shown.items() if s in where]
    groups: dict[tuple[tuple[int, ...], int], list[Counter[str]]] = {}  # per group, each other seat's labels
    sizes: Counter[tuple[tuple[int, ...], int]] = Counter()  # per group, how many deals
    for labels in product(AFFILIATIONS, repeat=len(others)):
        if any(labels[i] != colour and labels[i] != "double-agent" for i, colour in checks):
            continue
        numbers = tuple(labels.count(a) + (a == mine) for a in AFFILIATIONS)
        key = numbers, sum(labels[i] == "double-agent" for i, _ in checks)
        sizes[key] += 1
        for row, a in zip(groups.setdefault(key, [Counter() for _ in others]), labels):
            row[a] += 1
    table: Table = {s: {a: Fraction(0) for a in AFFILIATIONS} for s in others}
    total = Fraction(0)
    for (numbers, doubles), rows in groups.items():
        weight = _counts_chance(len(others) + 1, numbers) * Fraction(double_agent_shows) ** doubles
        total += weight * sizes[numbers, doubles]
        for seat, row in zip(others, rows):
            for a, n in row.items():
                table[seat][a] += weight * n
    if not total:
        raise SpynbError("no deal of the chart agrees with this view (TG-1, TG-7)")
    return {s: {a: p / total for a, p in row.items()} for s, row in table.items()}


def _setup_deal(first: list[str], second: list[str], picks: int, rng: random.Random) -> list[str]:
    """One deal as the setup makes it, seat 1 first: pick from the shuffled Pile 2 (``second``), add Pile 1
    (``first``), shuffle, draw in seat order."""
    second = second[:]
    rng.shuffle(second)
    final = first + second[:picks]
    rng.shuffle(final)
    return final


def sampled_posterior(view: View, trials: int = 2000, seed: int = 0,
                      double_agent_shows: Fraction = HALF) -> dict[int, dict[str, Estimate]]:
    """The same chances, sampled: deal as the setup does, keep deals that agree with the view
    (a Double Agent's reveal kept with chance ``double_agent_shows``) until ``trials`` are kept."""
    rng = random.Random(seed)
    me, mine, shown = seat_of(view), view["affiliation"], evidence(view)
    others = _others(view)
    pile1, pile2, picks = _chart(view["seats"])
    first, second = sorted(pile1.elements()), sorted(pile2.elements())
    counts: dict[int, Counter[str]] = {s: Counter() for s in others}
    kept = 0
    for _ in range(trials * 1000):
        deal = _setup_deal(first, second, picks, rng)
        if deal[me - 1] != mine or not all(
                rng.random() < double_agent_shows if deal[s - 1] == "double-agent" else deal[s - 1] == c
                for s, c in shown.items()):
            continue
        kept += 1
        for s in others:
            counts[s][deal[s - 1]] += 1
        if kept == trials:
            return {s: {a: wilson(counts[s][a], kept) for a in AFFILIATIONS} for s in others}
    raise SpynbError("almost no deal agrees with this view: it cannot come from the chart (TG-1)")


def affiliation_table(view: View, *, double_agent_shows: Fraction = HALF, exact_limit: int = 20000,
                      trials: int = 2000, seed: int = 0) -> Deduction:
    """The deduction table for ``view``'s seat: exact if 3ⁿ⁻¹ ≤ ``exact_limit``, else sampled.

    It reads only the seat count, the seat, its affiliation and what Outed cards showed it, so a table is worked
    out once for those (a board redraws it after every move; listing 3⁸ deals takes a tenth of a second)."""
    if not view["affiliation"]:
        raise SpynbError("no affiliation card has been dealt yet, so there is nothing to deduce (TG-1)")
    shown = tuple(sorted(evidence(view).items()))
    return _table(view["seats"], seat_of(view), view["affiliation"], shown, Fraction(double_agent_shows),
                  exact_limit, trials, seed)


@functools.lru_cache(maxsize=256)
def _table(seats: int, me: int, mine: str, shown: tuple[tuple[int, str], ...], double_agent_shows: Fraction,
           exact_limit: int, trials: int, seed: int) -> Deduction:
    view = View("target", me, "", freeze({"seats": seats, "affiliation": mine,
                                          "shown_to_me": {str(s): c for s, c in shown}}))
    exact = 3 ** (seats - 1) <= exact_limit
    cells: Mapping[int, Mapping[str, Any]]
    if exact:
        cells = posterior(view, double_agent_shows)
    else:
        cells = sampled_posterior(view, trials, seed, double_agent_shows)
    notes = [(f"You are {AFFILIATION_NAMES[mine]}.", "")]
    notes += [(f"Seat {s} showed you {c.upper()} through an Outed; a Double Agent shows either colour "
               f"with chance {double_agent_shows} here.", "TG-7") for s, c in shown]
    notes.append(("Cards seen (hand, surveillance, Blown Cover) do not move these chances: "
                  "affiliations are dealt apart from the cards.", "TG-1"))
    columns = tuple(AFFILIATION_NAMES[a] for a in AFFILIATIONS)
    named = {s: {AFFILIATION_NAMES[a]: row[a] for a in AFFILIATIONS}
             for s, row in cells.items()}
    return Deduction(f"Seat {me}: each other seat's affiliation", me, columns, named, exact,
                     tuple(text for text, _ in notes), tuple(rule for _, rule in notes))
