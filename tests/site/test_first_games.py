"""Each game's track starts with a guided first game: short, played by the learner, ending in the learner's win."""

from __future__ import annotations

import pytest

from spynb import scenarios
from spynb.scenarios import StepKind

from tests.track_notebooks import cells, lesson_words, load_tracks, walkthrough_names, word_count

GAMES = [track for track in load_tracks() if track.game]
MAX_WORDS = 1500
MAX_STEPS = 40


def guided(track) -> scenarios.Scenario:
    return scenarios.load(f"{track.game}-first-game")


@pytest.mark.parametrize("track", GAMES, ids=[t.id for t in GAMES])
def test_the_first_lesson_is_one_notebook_playing_one_guided_game(track) -> None:
    first = track.parts[0].notebook
    assert first == f"{track.id}/00-first-game.ipynb"
    assert walkthrough_names([first]) == [f"{track.game}-first-game"]
    assert len(cells(first, "code")) == 1, "one board: the guided game's"


@pytest.mark.parametrize("track", GAMES, ids=[t.id for t in GAMES])
def test_a_guided_game_is_at_most_1500_words_and_40_steps(track) -> None:
    assert lesson_words(track.parts[0].notebook) <= MAX_WORDS
    assert len(guided(track).steps) <= MAX_STEPS


@pytest.mark.parametrize("track", GAMES, ids=[t.id for t in GAMES])
def test_at_least_half_of_a_guided_games_steps_are_the_learners_moves_or_decisions(track) -> None:
    steps = guided(track).steps
    learners = [s for s in steps if s.kind in (StepKind.YOUR_TURN, StepKind.QUESTION)]
    assert 2 * len(learners) >= len(steps)
    assert sum(s.kind is StepKind.YOUR_TURN for s in steps) >= sum(s.kind is StepKind.QUESTION for s in steps), \
        "more moves than questions: the learner plays"


@pytest.mark.parametrize("track", GAMES, ids=[t.id for t in GAMES])
def test_a_guided_game_ends_on_the_learners_win_on_every_way_through(track) -> None:
    tour = guided(track)
    assert tour.seat is not None
    for answers in tour.paths():
        final = tour.record(answers).replay()
        assert final.state.turn.over and tour.seat in final.state.winners, answers
    assert tour.steps[-1].kind is StepKind.END and tour.steps[-2].moves, "the end step shows the winning move's board"


@pytest.mark.parametrize("track", GAMES, ids=[t.id for t in GAMES])
def test_a_guided_game_offers_a_real_game_and_the_rules_in_depth_at_the_end(track) -> None:
    hrefs = [link.value for link in guided(track).steps[-1].links]
    assert any(href.endswith(f"path={track.parts[-1].notebook}") for href in hrefs)
    assert any(href.endswith(f"path={track.parts[1].notebook}") for href in hrefs)


def test_the_word_count_reads_prose_and_skips_link_addresses() -> None:
    assert word_count("Win the [game](../rules/index.html?%#CD/Aim) now.") == 4
    assert word_count("Seat 2's cloak d: X, Y & Z.") == 7
