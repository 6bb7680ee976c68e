"""Whole-game experiments with rules bots: games end, the first mover is read from the rules, the table counts."""

from __future__ import annotations

import random

import pytest

from spynb.engine import Game
from spynb.games import get_spec
from spynb.prob import across


@pytest.mark.parametrize("game,seats,variant", [("cloak-dagger", 2, None), ("kloak", 2, None), ("kloak", 4, "four-player"),
                                                ("target", 4, None)])
def test_rules_bot_games_end_before_the_turn_limit_and_replay_from_the_seed(game, seats, variant):
    trial = across.bot_game_trial(game, seats, variant=variant)
    results = [trial(random.Random(seed)) for seed in range(6)]
    assert all(r.winners and not r.limited and r.turns < across.BOT_LIMITS[game] for r in results)
    assert results == [trial(random.Random(seed)) for seed in range(6)]
    assert all(1 <= r.first <= seats for r in results)


def test_CD_2_the_first_mover_is_the_seat_that_cut_the_earliest_letter():
    spec = get_spec("cloak-dagger")
    firsts = {across.first_mover("cloak-dagger", Game(spec, seats=3, seed=s).view(None)) for s in range(12)}
    assert firsts <= {1, 2, 3} and len(firsts) > 1


def test_first_player_table_counts_limited_and_decided_games():
    rows = across.first_player_table({"cloak-dagger": (2, 12), "kloak": (2, 3)}, seed=5)
    assert [r.game for r in rows] == ["cloak-dagger", "kloak"]
    for row in rows:
        assert row.games == row.first_wins.n + row.limited
        assert 0 <= row.first_wins.value <= 1 and row.fair == pytest.approx(0.5)
    assert "hit the turn limit" in str(rows[0])
    assert rows == across.first_player_table({"cloak-dagger": (2, 12), "kloak": (2, 3)}, seed=5)


def test_coverage_misses_takes_an_exercise_id():
    from spynb.prob.coverage import misses

    def coin(rng: random.Random) -> bool:
        return rng.random() < 3 / 8

    by_id = misses(coin, "cd-first-document", runs=5, trials=50, seed=1)
    assert by_id == misses(coin, 3 / 8, runs=5, trials=50, seed=1)
