"""How every board tells the end of a game (spynb/widgets/ending.py), Python side.

The ``ending`` field says "You won", "You lost" or "Draw" for the person's seat, names the winners (and the
side), gives the reason in one sentence with its rule, reveals what The Target hid (every affiliation) and the
seed; the final position stays, and undo only reviews.
"""

from __future__ import annotations

import functools

import pytest

import spynb
from spynb.widgets.play import controller_class

GAMES = ("cloak-dagger", "kloak", "target")
ENDING_RULE = {"cloak-dagger": "CD-8", "kloak": "KL-9", "target": "TG-14"}


@functools.cache
def finished_record(game: str) -> str:
    """A game of seat 1 (always its first legal action) against the rule-of-thumb bots, played to its end."""
    board = controller_class(game)(seed=3)
    for _ in range(5_000):
        if board.game.over:
            return board.save()
        if board.thinking is not None:
            assert board.bot_step()
        else:
            assert board.play(board.legal[0]), board.error
    raise AssertionError("the game did not end")


def board_at_the_end(game: str, person: int | None) -> object:
    """The finished game loaded on a board where ``person`` (None: nobody) is the one person playing."""
    seats = spynb.load_record(finished_record(game)).seats
    players = ["rules" if seat != person else "human" for seat in range(1, seats + 1)]
    board = controller_class(game)(seats=seats, players=players)
    assert board.load(finished_record(game)), board.error
    return board


@pytest.mark.parametrize("game", GAMES)
def test_the_winner_reads_you_won_and_the_others_you_lost_with_the_reason(game):
    winners = spynb.load_record(finished_record(game)).winners
    assert winners, "the game found has a winner"
    seats = spynb.load_record(finished_record(game)).seats
    loser = next(seat for seat in range(1, seats + 1) if seat not in winners)
    won, lost = board_at_the_end(game, winners[0]), board_at_the_end(game, loser)
    assert (won.ending["outcome"], won.ending["headline"]) == ("won", "You won")
    assert (lost.ending["outcome"], lost.ending["headline"]) == ("lost", "You lost")
    for board in (won, lost):
        ending = board.ending
        assert ending["winners"].startswith("Winner") and f"Seat {winners[0]}" in ending["winners"]
        assert ending["reason"].endswith(".") and ending["reason"].count(". ") == 0, "one sentence"
        assert ending["rule"] == ENDING_RULE[game]
        assert ending["seed"] == board.game.seed == board.setup["seed"]
        assert board.view["seat"] == board.viewer and board.game.over, "the final position stays on the board"


def test_each_game_names_what_won():
    cloak = board_at_the_end("cloak-dagger", 1).ending["reason"]
    assert cloak.startswith("Envelope ") and "secret plans" in cloak and "no other seat's" in cloak
    kloak = board_at_the_end("kloak", 1).ending["reason"]
    assert kloak.startswith("Two lines scored: ") and kloak.count(" in ") == 2
    target = board_at_the_end("target", 1).ending
    assert "Intel" in target["reason"] and " HQ" in target["reason"]
    assert target["winners"].startswith(("Winner: the ", "Winners: the ")) and " side — " in target["winners"]


def test_the_target_shows_every_affiliation_at_the_end_and_none_before():
    board = board_at_the_end("target", 1)
    seats = board.game.seats
    affiliations = {str(s): board.game.state.affiliation[s] for s in range(1, seats + 1)}
    assert board.view["affiliations"] == affiliations
    assert set(board.ending["roles"]) == set(affiliations)
    assert set(board.ending["roles"].values()) <= {"CIA", "KGB", "Double Agent"}
    running = board.game.at(len(board.game.actions) - 1)
    for seat in range(1, seats + 1):
        view = running.view(seat)
        assert "affiliations" not in view.data and "ending" not in view.data


def test_nobody_playing_gets_who_won_and_a_draw_says_draw():
    watched = board_at_the_end("kloak", None)
    winner = watched.game.winners[0]
    assert watched.ending["outcome"] == "over" and watched.ending["headline"] == f"Seat {winner} won"
    game = spynb.new_game("kloak", seed=4, options={"turn_limit": 1})
    board = controller_class("kloak")(game, players=["human", "rules"])
    while not board.game.over:
        assert board.bot_step() if board.thinking is not None else board.play(board.legal[0]), board.error
    assert board.game.winners == ()
    assert (board.ending["outcome"], board.ending["headline"], board.ending["winners"]) == ("draw", "Draw", "No winner.")
    assert "turn limit" in board.ending["reason"]


def test_at_a_shared_screen_the_headline_names_the_seat_shown():
    seats = spynb.load_record(finished_record("kloak")).seats
    board = controller_class("kloak")(seats=seats, players=["human"] * seats)
    assert board.load(finished_record("kloak"))
    assert board.ending["headline"].startswith(f"Seat {board.viewer}: you ")


def test_while_the_game_runs_there_is_no_ending_and_no_seed():
    board = controller_class("target")(seed=2)
    assert board.ending == {} and board.setup["seed"] is None


def test_after_the_end_undo_only_steps_back_to_review_and_the_result_stands():
    board = board_at_the_end("cloak-dagger", 1)
    length, ending = len(board.game.actions), dict(board.ending)
    assert board.history["can_undo"] and "review" in board.history["undo_note"]
    assert board.undo() and board.undo()
    assert board.history["review"] == length - 2 and len(board.game.actions) == length
    assert board.ending == ending and board.status.startswith("Reviewing step")
    assert board.review(-1) and board.ending == ending and board.legal == []
