"""Every game that numbers its turns says in its text display where it stands in one shared shape
(spynb.engine.wording.status_line): ``turn N: …`` while it runs, ``game over after turn N: <outcome>`` once it is
over, the outcome in the same words in every game (who won; no winner at the turn limit, in the game's own word
for an end with no winner), and a game's own way of ending with no winner in its own."""

from __future__ import annotations

import random

import pytest

import spynb
GAMES = [name for name in spynb.game_names() if "turn_number" in spynb.new_game(name, seed=0).state.view(1).data]


def _second_line(game: spynb.Game, seat: int | None = 1) -> str:
    return game.state.text(seat).splitlines()[1]


def _play_one(game: spynb.Game, rng: random.Random) -> None:
    """A random legal move of the first seat to move (several may be to move at once)."""
    seat = game.turn.seats[0]
    game.play(rng.choice(game.legal_actions(seat)), seat)


def _played_out(game: spynb.Game, seed: int) -> spynb.Game:
    rng = random.Random(seed)
    for _ in range(100_000):
        if game.over:
            return game
        _play_one(game, rng)
    raise AssertionError("the game did not end")


def test_the_games_with_turns_are_found() -> None:
    assert {"cloak-dagger", "kloak", "target"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_a_running_game_says_its_turn_first(name: str) -> None:
    game = spynb.new_game(name, seed=2)
    rng = random.Random(2)
    while game.state.view(1)["turn_number"] < 1:
        _play_one(game, rng)
    turn = game.state.view(1)["turn_number"]
    assert _second_line(game).startswith(f"turn {turn}: ")


@pytest.mark.parametrize("name", GAMES)
def test_a_game_that_reaches_its_turn_limit_says_it_ended_with_no_winner_at_the_turn_limit_in_its_rules_words(name: str) -> None:
    game = _played_out(spynb.new_game(name, seed=5, options={"turn_limit": 1}), 5)
    if game.winners:
        pytest.skip("this seed was won inside one turn")
    line = _second_line(game)
    assert line.startswith(f"game over after turn {game.state.view(1)['turn_number']}: "), line
    assert line.endswith(" at the turn limit") and line.split(": ", 1)[1] in ("no winner at the turn limit",
                                                                              "a draw at the turn limit"), line
    assert _second_line(game, None) == _second_line(game)


@pytest.mark.parametrize("name", GAMES)
def test_a_won_game_says_who_won(name: str) -> None:
    game = next(g for seed in range(40) if (g := _played_out(spynb.new_game(name, seed=seed), seed)).winners)
    line = _second_line(game)
    assert line.startswith(f"game over after turn {game.state.view(1)['turn_number']}: ")
    assert all(str(seat) in line.rsplit(":", 1)[1] for seat in game.winners), line


def test_KL_15_a_dead_position_is_said_to_be_a_draw_by_KL_15_not_by_a_turn_limit() -> None:
    game = spynb.new_game("kloak", seed=3)
    game.state.set_board({"a2": "O", "b2": "O"}, game.state.big)  # two small pieces: no score left (KL-15)
    assert game.over and not game.winners
    line = _second_line(game)
    assert line.endswith("a draw: no side can reach two scores any more (KL-15)") and "turn limit" not in line


def test_the_targets_status_names_who_is_to_move_in_words_with_one_colon() -> None:
    """"seat 3 to move" for one seat, "seats 1, 2, 3 and 4 to move" for several: no "seats 3", no second colon."""
    game = spynb.new_game("target", seats=4, seed=1)
    rng = random.Random(1)
    seen = set()
    for _ in range(400):
        if game.over:
            break
        line, to_move = _second_line(game), game.turn.seats
        if to_move and not game.turn.chance:
            words = f"seat {to_move[0]}" if len(to_move) == 1 else "seats " + ", ".join(map(str, to_move[:-1])) + f" and {to_move[-1]}"
            assert f" · {words} to move · " in line, line
            assert "to move:" not in line
            seen.add(len(to_move) == 1)
        _play_one(game, rng)
    assert seen == {True, False}, "never saw one seat, or several, to move"
