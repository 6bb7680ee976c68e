"""KLOAK's bots choose from their own view only; the search bot imagines the board from the history (KL-13)."""

from __future__ import annotations

import random

import pytest

import spynb
from spynb.bots import ISMCTSBot, RandomBot, make_bot, play_match, tournament
from spynb.engine import Game
from spynb.kloak import memory_aid
from tests.conftest import playout

SPEC = spynb.get_spec("kloak")


def _scores(state: spynb.State, seat: int, action: spynb.Action) -> bool:
    after = state.clone()
    after.apply(action, seat)
    return after.score_of(seat) > state.score_of(seat)


@pytest.mark.parametrize("variant,seats", [("standard", 2), ("three-player", 3), ("four-colours", 4)])
def test_a_determinised_kloak_state_is_the_board_the_view_shows(variant: str, seats: int) -> None:
    rng = random.Random(3)
    checked = 0
    for state, seat, _action in playout(SPEC, variant, seats, seed=8, turn_limit=30):
        if seat is None or rng.random() > 0.25:
            continue
        view = state.view(seat)
        other = state.resample_hidden(seat, rng) or state
        imagined = SPEC.determinise(view, random.Random(0))
        assert imagined.validate() == []
        assert imagined.view(seat) == view  # every public fact, history included
        assert imagined.legal_actions(seat) == state.legal_actions(seat)
        remembered = memory_aid(view)
        assert {sq: imagined.view(None)["small"][sq] for sq in view["covered"]} == \
            {sq: remembered[sq] for sq in view["covered"]}  # the colours memory names (KL-13), not the truth
        same = SPEC.determinise(other.view(seat), random.Random(0))
        assert same.view(None) == imagined.view(None)  # nothing but the view goes in
        checked += 1
    assert checked >= 5


def test_kloak_evaluate_is_a_probability_and_certain_at_the_end() -> None:
    result = play_match(SPEC, {1: make_bot("rules", SPEC, 1), 2: RandomBot(SPEC, 2)}, seed=3,
                        options={"turn_limit": 200})
    end = result.record.replay().state
    winner = result.winners[0]
    assert SPEC.evaluate(end, winner) == 1.0 and SPEC.evaluate(end, 3 - winner) == 0.0
    for state, seat, _action in playout(SPEC, "standard", 2, seed=1, turn_limit=20):
        if seat is not None:
            assert 0 < SPEC.evaluate(state, seat) < 1


def test_the_line_bot_always_takes_a_score_and_never_claims_wrong() -> None:
    offered = 0
    for seed in range(6):
        game = Game(SPEC, seats=2, seed=seed, options={"turn_limit": 60})
        bots = {1: make_bot("rules", SPEC, seed), 2: RandomBot(SPEC, seed)}
        while not game.over:
            seat = game.turn.seats[0]
            state, legal = game.state, game.legal_actions(seat)
            action = bots[seat].choose(game.view(seat), legal)
            if seat == 1 and any(_scores(state, seat, a) for a in legal):
                offered += 1
                assert _scores(state, seat, action), f"missed a score: {action} in\n{state}"
            game.play(action, seat)
        claims = [e for e in game.state.events if e.kind == "claim" and e.actor == 1]
        assert all(e.get("correct") for e in claims)
    assert offered >= 3


def test_the_line_bot_beats_random_play() -> None:
    table = tournament("kloak", ["rules", "random"], games=20, seed=3)
    rules, rand = table.rows
    assert rules.interval[0] > rand.interval[1], str(table)


@pytest.mark.parametrize("variant,seats", [("standard", 2), ("four-player", 4)])
def test_the_search_bot_plays_legal_kloak_moves_to_the_end(variant: str, seats: int) -> None:
    bots = {seat: ISMCTSBot(SPEC, seat, iterations=10, rollout_depth=4) if seat % 2 else RandomBot(SPEC, seat)
            for seat in range(1, seats + 1)}
    result = play_match(SPEC, bots, seed=5, variant=variant, options={"turn_limit": 16})
    assert result.turns == 16 or result.winners
    assert result.record.replay().over


def test_the_kloak_tournament_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from spynb.__main__ import main

    assert main(["tournament", "kloak", "--bots", "rules,random", "--games", "4", "--seed", "1"]) == 0
    assert "win rate" in capsys.readouterr().out
