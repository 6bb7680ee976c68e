"""The Target's aid is sound and exact where it says so (issue 50, TG-1, TG-7): no exact cell gives 0 to an
affiliation a seat may have, or 1 to one it may not, in the real game or in any world the no-leak re-deal builds
from the seat's view, over 1,000 positions of random games and every step of every walkthrough; and its
figures equal a listing of every deal of the setup."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from spynb import scenarios
from spynb.engine import SpynbError
from spynb.prob.affiliations import posterior
from spynb.prob.deduce import deduce
from spynb.target.cards import AFFILIATION_NAMES, SETUP_CHART
from spynb.widgets.aid import aid_rows
from tests.widgets.helpers import random_positions

OPTIONS = aid_rows("target").options
EXACT_SEATS = tuple(s for s in range(4, 12) if 3 ** (s - 1) <= OPTIONS["exact_limit"])


def _wrong_cells(table, world) -> list[tuple[int, str, object]]:
    """The exact cells ``world`` contradicts: 0 for the affiliation a seat has there, 1 for one it lacks (a seat
    not dealt its card yet has none to contradict)."""
    wrong = []
    for seat in table.rows:
        if not world.affiliation[seat]:
            continue
        has = AFFILIATION_NAMES[world.affiliation[seat]]
        for name, cell in table[seat].items():
            if isinstance(cell, Fraction) and cell == (0 if name == has else 1):
                wrong.append((seat, name, cell))
    return wrong


def _worlds(game, seat: int, count: int):
    """The real world and ``count`` re-deals of what ``seat`` has not seen."""
    rng = random.Random(len(game.actions))
    yield game.state
    for _ in range(count):
        other = game.state.resample_hidden(seat, rng)
        if other is not None:
            yield other


def test_TG_7_no_exact_cell_contradicts_any_world_over_a_thousand_positions() -> None:
    checked = 0
    per_count = -(-1000 // len(EXACT_SEATS))
    for seats in EXACT_SEATS:
        for game, seat in random_positions("target", per_count, seats=seats, max_steps=400):
            table = deduce(game.view(seat), **OPTIONS)
            assert table.exact
            for world in _worlds(game, seat, 3):
                assert _wrong_cells(table, world) == [], (seats, game.seed, len(game.actions), seat)
            checked += 1
    assert checked >= 1000


@pytest.mark.parametrize("name", [name for name in scenarios.names() if name.startswith("target")])
def test_TG_7_no_cell_contradicts_any_world_at_any_walkthrough_step(name: str) -> None:
    scenario = scenarios.load(name)
    for game in scenario.positions():
        for seat in [scenario.seat] if scenario.seat is not None else range(1, game.state.seats + 1):
            if not game.view(seat)["affiliation"]:
                with pytest.raises(SpynbError, match="no affiliation card has been dealt yet"):
                    deduce(game.view(seat), **OPTIONS)
                continue
            table = deduce(game.view(seat), **OPTIONS)
            for world in _worlds(game, seat, 2):
                assert _wrong_cells(table, world) == [], (name, len(game.actions), seat)


def _listed(seats: int, me: int, mine: str, shown: dict[int, str]) -> dict[int, dict[str, Fraction]]:
    """The posterior by brute force: every distinct order of every pick of the chart's piles, weighed by its
    chance, the Double Agents' shown colours by ½ each."""
    pile1, pile2, picks = SETUP_CHART[seats]
    first = [a for a, n in dict(pile1).items() for _ in range(n)]
    second = [a for a, n in dict(pile2).items() for _ in range(n)]
    weights: dict[tuple[str, ...], Fraction] = {}
    picked_ways = list(permutations(range(len(second)), picks))
    for chosen in picked_ways:
        cards = first + [second[i] for i in chosen]
        orders = list(permutations(cards))
        for order in orders:
            weights[order] = weights.get(order, Fraction(0)) + Fraction(1, len(picked_ways) * len(orders))
    table: dict[int, dict[str, Fraction]] = {s: {} for s in range(1, seats + 1) if s != me}
    total = Fraction(0)
    for order, weight in weights.items():
        if order[me - 1] != mine:
            continue
        for s, colour in shown.items():
            if order[s - 1] == "double-agent":
                weight *= Fraction(1, 2)
            elif order[s - 1] != colour:
                weight = Fraction(0)
        total += weight
        for s in table:
            table[s][order[s - 1]] = table[s].get(order[s - 1], Fraction(0)) + weight
    return {s: {a: p / total for a, p in row.items()} for s, row in table.items()}


@pytest.mark.parametrize(("seats", "mine", "shown"), [
    (4, "cia", {}), (4, "double-agent", {2: "kgb"}), (5, "kgb", {3: "kgb", 4: "cia"}), (6, "cia", {2: "cia"}),
])
def test_TG_1_TG_7_the_aid_equals_a_listing_of_every_order_of_the_setup_draw(seats, mine, shown) -> None:
    from spynb.engine import View, freeze

    view = View("target", 1, "", freeze({"seats": seats, "affiliation": mine,
                                         "shown_to_me": {str(s): c for s, c in shown.items()}}))
    exact = posterior(view)
    listed = _listed(seats, 1, mine, shown)
    for seat, row in listed.items():
        assert {a: p for a, p in exact[seat].items() if p} == {a: p for a, p in row.items() if p}
