"""Bots choose from their own view only, and the tournament reports honestly."""

from __future__ import annotations

import random

import pytest

import spynb
from spynb.bots import ISMCTSBot, RandomBot, make_bot, play_match, tournament

GAMES_WITH_RULES_BOT = [name for name in spynb.game_names() if name == "cloak-dagger"]


def test_the_search_bot_imagines_hidden_cards_from_the_view_alone() -> None:
    spec = spynb.get_spec("cloak-dagger")
    game = spynb.new_game("cloak-dagger", seats=3, seed=2)
    for move in ("4", "5", "6", "9"):
        game.play(move)
    view = game.view(1)
    imagined = spec.determinise(view, random.Random(0))
    assert imagined.validate() == []
    truth = imagined.view(None)
    assert truth["hands"]["1"] == view["hand"]
    for note in view["notes"]:  # what seat 1 noted is where it noted it
        inside = truth["envelopes"][str(note["envelope"])]
        assert all(inside.count(c) >= note["letters"].count(c) for c in note["letters"])
    assert set(imagined.legal_actions(1)) == set(game.legal_actions(1))


def test_the_document_collector_beats_random_play() -> None:
    table = tournament("cloak-dagger", ["rules", "random"], games=20, seed=3)
    rules, rand = table.rows
    assert rules.interval[0] > rand.interval[1], str(table)


def test_the_search_bot_plays_legal_moves_to_the_end() -> None:
    spec = spynb.get_spec("cloak-dagger")
    bots = {1: ISMCTSBot(spec, 1, iterations=10, rollout_depth=4), 2: RandomBot(spec, 2)}
    result = play_match(spec, bots, seed=5, options={"turn_limit": 20})
    assert result.turns == 20 or result.winners


def test_tournament_rotates_seats_and_counts_every_game() -> None:
    table = tournament("cloak-dagger", ["random", "random"], games=10, seed=0, turn_limit=30)
    assert [row.bot for row in table.rows] == ["random #1", "random #2"]
    assert all(row.games == 10 for row in table.rows)
    assert sum(table.seat_wins) + table.no_winner == 10
    assert table.length_interval[0] <= table.mean_length <= table.length_interval[1]


def test_win_rate_intervals_are_the_wilson_intervals_of_the_probability_helpers() -> None:
    from spynb.bots import wilson_interval
    from spynb.prob.stats import wilson

    assert wilson_interval(3, 10) == (wilson(3, 10).low, wilson(3, 10).high)
    assert wilson_interval(0, 20)[0] == 0 and wilson_interval(20, 20)[1] == 1


def test_unknown_bot_names_are_refused_with_the_list() -> None:
    with pytest.raises(spynb.SpynbError, match="random"):
        make_bot("oracle", spynb.get_spec("cloak-dagger"))


def test_the_command_line_prints_the_table_and_how_to_reproduce(capsys: pytest.CaptureFixture[str]) -> None:
    from spynb.__main__ import main

    assert main(["tournament", "cloak-dagger", "--bots", "rules,random", "--games", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out
    assert "python -m spynb tournament cloak-dagger --bots rules,random --games 4 --seed 1 --turn-limit 300" in out
