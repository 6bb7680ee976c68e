"""The Cloak & Dagger aid is sound: no panel cell gives 0 to a kind an envelope may hold, nor 1 to a kind that may
have left (CD-4, CD-6, CD-7, CD-10), against the real game, every walkthrough, and every world a seat cannot rule
out on small positions."""

from __future__ import annotations

from collections import Counter

import pytest

from spynb import scenarios
from spynb.cloak_dagger.aid import AID_ROWS
from spynb.prob.envelopes import envelope_table

from .cd_worlds import playouts, worlds, wrong_cells

SEATS = (2, 3, 4, 5, 6)


def _positions(seeds: range, every: int = 1, steps: int | None = None):
    """(game so far, seat) at every ``every``-th step of seeded games at each seat count, the seat turning round."""
    for seats in SEATS:
        for seed in seeds:
            for i, played in enumerate(playouts(seats, seed)):
                if steps is not None and i >= steps:
                    break
                if i % every == 0:
                    yield played, 1 + (i // every) % seats


def test_CD_10_no_cell_contradicts_the_real_game_over_a_thousand_positions() -> None:
    kinds: Counter[str] = Counter()
    positions = 0
    for played, seat in _positions(range(4), every=3):
        table = envelope_table(played.state.view(seat))
        assert wrong_cells(table, played.state) == [], (played.state.seats, len(played.steps), seat)
        positions += 1
        kinds.update("none" if c is None else "certain" if c in (0, 1) else "chance"
                     for row in table.cells.values() for c in row.values())
    assert positions >= 1000
    assert kinds["certain"] > kinds["none"] / 4 and kinds["chance"]  # the aid still says something


@pytest.mark.parametrize("name", [name for name in scenarios.names() if name.startswith("cloak-dagger")])
def test_CD_10_no_cell_contradicts_any_walkthrough_step(name: str) -> None:
    scenario = scenarios.load(name)
    seats = [scenario.seat] if scenario.seat is not None else None
    for game in scenario.positions():
        for seat in seats or range(1, game.state.seats + 1):
            assert wrong_cells(envelope_table(game.view(seat)), game.state) == []


def test_CD_10_no_cell_contradicts_any_world_the_seat_cannot_rule_out() -> None:
    """Every history that shows the seat the same events, replayed through the engine, on small positions."""
    checked = 0
    for seed in range(3):
        for i, played in enumerate(playouts(2, seed)):
            if i >= 24:
                break
            seat = 1 + i % 2
            found = worlds(played, seat, cap=400)
            if found is None or played.state.turn.chance:
                continue
            table = envelope_table(played.state.view(seat))
            assert len(found) >= 1
            assert all(wrong_cells(table, world) == [] for world in found), (seed, i, seat)
            checked += 1
    assert checked >= 10


def test_CD_6_CD_4_a_rival_who_took_c_and_put_a_card_away_unseen_may_have_put_it_anywhere() -> None:
    """The issue's case: seat 2 took `c` (shown, CD-6), then put 1 card from hand into an envelope the seat was not
    shown (CD-4): an envelope noted complete before is no longer 0 for a double agent."""
    for played, seat in _positions(range(40), steps=200):
        view = played.state.view(seat)
        events = view["events"]
        if not (events[-1]["kind"] == "finish" and events[-1]["actor"] != seat and events[-1]["count"] == 1):
            continue
        takes = [e for e in events if e["kind"] == "take" and e["actor"] == events[-1]["actor"]]
        if not takes or takes[-1]["shown"] != "c":
            continue
        table = envelope_table(view)
        complete = [n["envelope"] for n in view["notes"] if n["complete"] and "c" not in n["letters"]
                    and n["envelope"] in table.rows]
        assert complete
        assert all(table[e]["double agent"] != 0 for e in complete)  # it was 0: the note was taken as current
        return
    pytest.fail("no game found a rival's take of c followed by an unseen finish")


def test_CD_10_the_panel_shows_an_envelope_with_an_uncertain_cell() -> None:
    """A row with a "—" is one the notes leave uncertain: the panel lists it, not among the settled ones."""
    for played, seat in _positions(range(2), every=5):
        view = played.state.view(seat)
        table = envelope_table(view)
        unknown = [e for e in table.rows if None in table[e].values()]
        if unknown:
            rows, _ = AID_ROWS.rows(view, table)
            assert {row["key"] for row in rows} >= set(unknown)
            return
    pytest.fail("no position had a cell the aid withholds")
