"""KLOAK's bots choose from their own view only; the search bot imagines the board from the history (KL-13)."""

from __future__ import annotations

import random

import pytest

import spynb
from spynb.bots import ISMCTSBot, RandomBot, make_bot, play_match, tournament
from spynb.engine import Game
from spynb.kloak.actions import Claim, Step
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


def _rules_games(seeds: range, variant: str = "standard", seats: int = 2, turn_limit: int = 150):
    """Every decision of rules bots in seeded games: (seed, state before, seat, view, legal actions, choice)."""
    for seed in seeds:
        game = Game(SPEC, variant=variant, seats=seats, seed=seed, options={"turn_limit": turn_limit})
        bots = {seat: make_bot("rules", SPEC, seed * 10 + seat) for seat in range(1, seats + 1)}
        while not game.over:
            seat = game.turn.seats[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            action = bots[seat].choose(view, legal)
            yield seed, game.state, seat, view, legal, action
            game.play(action, seat)


def _after(state: spynb.State, seat: int, action: spynb.Action) -> spynb.State:
    after = state.clone()
    after.apply(action, seat)
    return after


def _line_steps(state: spynb.State) -> int:
    """Small moves that make a line for whoever moves next (KL-6), read off the true board."""
    return len({a for a in state.scoring_actions() if isinstance(a, Step)}) if not state.over else 0


def _board(state: spynb.State) -> tuple[frozenset, frozenset]:
    return frozenset(state.small.items()), frozenset(state.big)


def _quiet(state: spynb.State, seat: int, view: spynb.View, legal) -> bool:
    """Nothing to score and no second turn to come (KL-8): the bot's rules 3 to 5 decide."""
    return not view["extra_turns"] and not any(_scores(state, seat, a) for a in legal)


@pytest.mark.parametrize("variant,seats", [("standard", 2), ("simpler", 2), ("four-player", 4),
                                           ("four-colours", 2), ("four-colours", 4)])
def test_all_rules_kloak_games_end_with_a_winner_before_the_turn_limit(variant: str, seats: int) -> None:
    for seed in range(8):
        bots = {seat: make_bot("rules", SPEC, seed * 10 + seat) for seat in range(1, seats + 1)}
        result = play_match(SPEC, bots, seed=seed, variant=variant, options={"turn_limit": 150})
        assert result.winners and result.turns < 60, f"seed {seed}: {result.turns} turns, winners {result.winners}"


def test_three_player_rules_games_without_a_winner_are_those_where_each_seat_scored_once() -> None:
    """KL-1, KL-9, KL-15: five pieces of each of three colours allow one score per colour, so once three seats have
    one score each nobody can reach two and the game ends at once as a draw (no turn limit needed); every other
    three-player game of rules bots ends with a winner."""
    ended = []
    for seed in range(10):
        bots = {seat: make_bot("rules", SPEC, seed * 10 + seat) for seat in (1, 2, 3)}
        result = play_match(SPEC, bots, seed=seed, variant="three-player")
        end = result.record.replay().state
        if not result.winners:
            assert [end.score_of(seat) for seat in (1, 2, 3)] == [1, 1, 1], f"seed {seed} stalled"
            assert end.over and end.events[-1].kind == "dead", f"seed {seed}: not ended by KL-15"
        ended.append(bool(result.winners))
    assert sum(ended) >= 7


def test_the_line_bot_leaves_the_next_player_the_fewest_lines_it_can_see() -> None:
    checked = 0
    for _seed, state, seat, view, legal, action in _rules_games(range(10)):
        if not _quiet(state, seat, view, legal):
            continue
        moves = [a for a in legal if not isinstance(a, Claim)]
        fewest = min(_line_steps(_after(state, seat, a)) for a in moves)
        assert _line_steps(_after(state, seat, action)) == fewest, f"{action} leaves a line open in\n{state}"
        checked += 1
    assert checked >= 80


@pytest.mark.parametrize("variant,seats,seeds", [("standard", 2, range(4)), ("three-player", 3, range(1, 2))])
def test_the_line_bot_never_goes_back_to_an_earlier_board_while_an_as_safe_move_leads_somewhere_new(
        variant: str, seats: int, seeds: range) -> None:
    """No shuffling back and forth: undoing its own last move included, while another move will do.  The
    three-player game of seed 1 reaches one score each, after which nobody can score (KL-1, KL-9), and the
    bots have nothing else to go by."""
    stood: dict[int, list[tuple[frozenset, frozenset]]] = {}
    tempted = 0
    for seed, state, seat, view, legal, action in _rules_games(seeds, variant, seats, turn_limit=80):
        boards = stood.setdefault(seed, [])
        boards.append(_board(state))
        if not _quiet(state, seat, view, legal):
            continue
        moves = {a: _after(state, seat, a) for a in legal if not isinstance(a, Claim)}
        fewest = min(map(_line_steps, moves.values()))
        safe = {a: _board(after) in boards for a, after in moves.items() if _line_steps(after) == fewest}
        if all(safe.values()):
            continue
        tempted += any(safe.values())
        assert not safe[action], f"{action} goes back to an earlier board in\n{state}"
    assert tempted >= 10


def test_with_nothing_to_score_or_guard_the_line_bot_hides_pieces_first() -> None:
    """Rule 5: it kloaks (KL-5), the way to a claim (KL-7), before it gathers colours with small moves."""
    for seed in range(5):
        result = play_match(SPEC, {seat: make_bot("rules", SPEC, seed * 10 + seat) for seat in (1, 2)}, seed=seed)
        kinds = [e.kind for e in result.record.replay().state.events if e.actor is not None][:6]
        assert kinds == ["kloak"] * 6, kinds


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


def test_a_kloak_tournament_takes_the_variant_its_seat_count_needs(capsys: pytest.CaptureFixture[str]) -> None:
    from spynb.__main__ import main

    assert main(["tournament", "kloak", "--bots", "rules", "--seats", "3", "--variant", "three-player",
                 "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "seat 3:" in out and out.rstrip().endswith("--seats 3 --variant three-player")
