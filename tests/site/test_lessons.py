"""The games' lessons are short and go somewhere: small cells, short walkthroughs, each shown once, links onward."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from spynb import scenarios

from tests.track_notebooks import cells, load_tracks, walkthrough_names, word_count

GAMES = [track for track in load_tracks() if track.game]
LESSONS = [(track, part.notebook) for track in GAMES for part in track.parts]
MAX_CELL_WORDS = 120
MAX_WALKTHROUGH_STEPS = 30


@pytest.mark.parametrize("notebook", [n for _, n in LESSONS])
def test_no_markdown_cell_of_a_lesson_is_over_120_words(notebook) -> None:
    long = [(k + 1, word_count(text)) for k, text in enumerate(cells(notebook, "markdown"))
            if word_count(text) > MAX_CELL_WORDS]
    assert long == [], f"markdown cells (number, words) over {MAX_CELL_WORDS} words"


@pytest.mark.parametrize("track", GAMES, ids=[t.id for t in GAMES])
def test_no_walkthrough_of_a_track_is_over_30_steps(track) -> None:
    names = walkthrough_names([part.notebook for part in track.parts])
    assert [(n, len(scenarios.load(n).steps)) for n in names
            if len(scenarios.load(n).steps) > MAX_WALKTHROUGH_STEPS] == []


def test_no_walkthrough_is_shown_twice() -> None:
    shown = [name for _, notebook in LESSONS for name in walkthrough_names([notebook])]
    assert sorted({n for n in shown if shown.count(n) > 1}) == []


@pytest.mark.parametrize("notebook", [n for _, n in LESSONS])
def test_no_walkthroughs_link_onward_points_at_the_page_it_is_on(notebook) -> None:
    for name in walkthrough_names([notebook]):
        hrefs = [link.value for link in scenarios.load(name).steps[-1].links]
        assert not [h for h in hrefs if h.endswith(f"path={notebook}")], name


@pytest.mark.parametrize("name", scenarios.names())
def test_a_learners_move_is_a_choice_never_the_only_legal_move(name) -> None:
    """A step with one legal move (a bare "resolve step N") plays by itself, with a caption."""
    tour = scenarios.load(name)
    only = [number for number, _, legal in your_turns(tour) if len(legal) < 2]
    assert only == [], "your-turn steps where the learner has a single legal move"


def your_turns(tour: scenarios.Scenario) -> Iterator[tuple[int, scenarios.Expect, list[str]]]:
    """Each your-turn step: its number, what it expects, and the learner's legal moves there."""
    for i, step in enumerate(tour.steps):
        if step.expect is not None:
            yield i + 1, step.expect, [str(a) for a in tour.game_at(i).legal_actions(step.expect.seat)]


def decisions(tour: scenarios.Scenario) -> list[int]:
    """The your-turn steps where the learner chooses: at least two legal moves the step has its own words for
    (moves it accepts and goes on from, and moves whose risk its ``why`` explains)."""
    return [number for number, expect, legal in your_turns(tour)
            if sum(expect.accepts(m) or m in expect.why for m in legal) >= 2]


@pytest.mark.parametrize("notebook", [p.notebook for t in GAMES for p in t.parts[1:] if walkthrough_names([p.notebook])])
def test_every_lesson_after_the_first_makes_the_learner_decide_at_least_once(notebook) -> None:
    assert any(decisions(scenarios.load(name)) for name in walkthrough_names([notebook]))


def test_every_notebooks_cell_ids_are_unique() -> None:
    """nbformat 4.5: a cell id names one cell (a split cell needs an id of its own)."""
    for path in sorted((Path(__file__).resolve().parents[2] / "notebooks").rglob("*.ipynb")):
        ids = [cell.get("id") for cell in json.loads(path.read_text(encoding="utf-8"))["cells"] if cell.get("id")]
        assert len(ids) == len(set(ids)), path.name


DRAWN = {"cloak-dagger": {"stack_size", "hand_sizes", "hand", "notes", "hands_known", "envelopes", "events"},
         "kloak": {"small", "big", "covered", "scores", "team_scores", "events"},
         "target": {"marker", "stage", "hand", "shown_to_me", "face_up", "deposits", "front", "tokens", "deck_sizes",
                    "pile", "revealed", "events"}}
"""The view's fields each game's board draws (the status line draws whose turn it is and the winners)."""


def reads_the_board(tour: scenarios.Scenario, number: int) -> bool:
    """Whether a question's right answer is read off the present board: a drawn field of the view, whose turn it
    is or who won, with no move played first (``after``)."""
    step = tour.steps[number - 1]
    answer = step.question.answer if step.question else None
    if answer is None or answer.after or answer.seat not in (None, tour.seat):
        return False  # a move first, or another seat's view: not what the board shows
    if answer.name == "winners":
        return tour.game_at(number - 1).over  # the ending says who won; before it, nobody has
    if answer.name == "to_move":
        return True
    return answer.name in ("view", "count") and answer.path.split(".")[0] in DRAWN[tour.game]


@pytest.mark.parametrize("track", GAMES, ids=[t.id for t in GAMES])
def test_no_question_is_answered_by_reading_the_board_beside_it(track) -> None:
    found = {(name, number) for name in walkthrough_names([part.notebook for part in track.parts])
             for number in range(1, len(scenarios.load(name).steps) + 1) if reads_the_board(scenarios.load(name), number)}
    assert found == set(), "questions that read the board: ask what a move will do, or what is possible"


def goes_on_from_the_choice(tour: scenarios.Scenario) -> list[int]:
    """The your-turn steps that accept two or more legal moves: the walkthrough goes on from the one chosen
    (:meth:`Scenario.paths` checks every accepted way through)."""
    return [number for number, expect, legal in your_turns(tour) if sum(map(expect.accepts, legal)) >= 2]


@pytest.mark.parametrize("notebook", [p.notebook for t in GAMES for p in t.parts[1:] if walkthrough_names([p.notebook])])
def test_every_lesson_after_the_first_has_a_decision_that_accepts_two_or_more_moves_and_goes_on(notebook) -> None:
    goes_on = any(goes_on_from_the_choice(scenarios.load(name)) for name in walkthrough_names([notebook]))
    assert goes_on, "no decision goes on from the choice made"


@pytest.mark.parametrize("notebook", [n for _, n in LESSONS if len(walkthrough_names([n])) > 1])
def test_walkthroughs_read_as_one_page_and_only_the_last_links_on(notebook: str) -> None:
    """Issue 49: a walkthrough that is not its page's last ends "Continue below." with no link; the link to the
    next lesson sits on the page's last walkthrough only."""
    names = walkthrough_names([notebook])
    for name in names[:-1]:
        end = scenarios.load(name).steps[-1]
        assert end.caption.endswith("Continue below.") and not end.links, name
    last = scenarios.load(names[-1]).steps[-1]
    assert last.links and "Continue below" not in last.caption
