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

import math
import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from itertools import product
from typing import Any

from spynb.engine import SpynbError, View
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
    seats = len(deal)
    pile1, pile2, picks = _chart(seats)
    counts = Counter(deal.values())
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


def _likelihood(deal: Mapping[int, str], shown: Mapping[int, str], double_agent_shows: Fraction) -> Fraction:
    p = Fraction(1)
    for seat, colour in shown.items():
        if deal[seat] == "double-agent":
            p *= double_agent_shows
        elif deal[seat] != colour:
            return Fraction(0)
    return p


def _others(view: View) -> list[int]:
    return [s for s in range(1, view["seats"] + 1) if s != view.seat]


def posterior(view: View, double_agent_shows: Fraction = HALF) -> Table:
    """Exact: for every other seat, the chance of each affiliation given the view (listing every deal)."""
    me, mine, shown = seat_of(view), view["affiliation"], evidence(view)
    others = _others(view)
    table: Table = {s: {a: Fraction(0) for a in AFFILIATIONS} for s in others}
    total = Fraction(0)
    for labels in product(AFFILIATIONS, repeat=len(others)):
        deal = {me: mine, **dict(zip(others, labels))}
        weight = deal_chance(deal)
        if weight:
            weight *= _likelihood(deal, shown, Fraction(double_agent_shows))
        if not weight:
            continue
        total += weight
        for seat, a in zip(others, labels):
            table[seat][a] += weight
    if not total:
        raise SpynbError("no deal of the chart agrees with this view (TG-1, TG-7)")
    return {s: {a: p / total for a, p in row.items()} for s, row in table.items()}


def _setup_deal(seats: int, rng: random.Random) -> dict[int, str]:
    """One deal as the setup makes it: pick from the shuffled Pile 2, shuffle, draw in seat order."""
    pile1, pile2, picks = _chart(seats)
    second = sorted(pile2.elements())
    rng.shuffle(second)
    final = sorted(pile1.elements()) + second[:picks]
    rng.shuffle(final)
    return dict(zip(range(1, seats + 1), final))


def sampled_posterior(view: View, trials: int = 2000, seed: int = 0,
                      double_agent_shows: Fraction = HALF) -> dict[int, dict[str, Estimate]]:
    """The same chances, sampled: deal as the setup does, keep deals that agree with the view
    (a Double Agent's reveal kept with chance ``double_agent_shows``) until ``trials`` are kept."""
    rng = random.Random(seed)
    me, mine, shown = seat_of(view), view["affiliation"], evidence(view)
    others = _others(view)
    counts: dict[int, Counter[str]] = {s: Counter() for s in others}
    kept = 0
    for _ in range(trials * 1000):
        deal = _setup_deal(view["seats"], rng)
        if deal[me] != mine or not all(
                rng.random() < double_agent_shows if deal[s] == "double-agent" else deal[s] == c
                for s, c in shown.items()):
            continue
        kept += 1
        for s in others:
            counts[s][deal[s]] += 1
        if kept == trials:
            return {s: {a: wilson(counts[s][a], kept) for a in AFFILIATIONS} for s in others}
    raise SpynbError("almost no deal agrees with this view: it cannot come from the chart (TG-1)")


def affiliation_table(view: View, *, double_agent_shows: Fraction = HALF, exact_limit: int = 20000,
                      trials: int = 2000, seed: int = 0) -> Deduction:
    """The deduction table for ``view``'s seat: exact if 3ⁿ⁻¹ ≤ ``exact_limit``, else sampled."""
    exact = 3 ** (view["seats"] - 1) <= exact_limit
    cells: Mapping[int, Mapping[str, Any]]
    if exact:
        cells = posterior(view, double_agent_shows)
    else:
        cells = sampled_posterior(view, trials, seed, double_agent_shows)
    shown = evidence(view)
    notes = [(f"You are {AFFILIATION_NAMES[view['affiliation']]}.", "")]
    notes += [(f"Seat {s} showed you {c.upper()} through an Outed; a Double Agent shows either colour "
               f"with chance {double_agent_shows} here.", "TG-7") for s, c in sorted(shown.items())]
    notes.append(("Cards seen (hand, surveillance, Blown Cover) do not move these chances: "
                  "affiliations are dealt apart from the cards.", "TG-1"))
    columns = tuple(AFFILIATION_NAMES[a] for a in AFFILIATIONS)
    named = {s: {AFFILIATION_NAMES[a]: row[a] for a in AFFILIATIONS}
             for s, row in cells.items()}
    return Deduction(f"Seat {view.seat}: each other seat's affiliation", seat_of(view), columns, named, exact,
                     tuple(text for text, _ in notes), tuple(rule for _, rule in notes))
