"""The setup lessons: the learner performs the setup's chance acts, a lesson plays one player count, and the cut
and the hiding of agents are played only where they are taught."""

from __future__ import annotations

import pytest

from spynb import scenarios
from spynb.scenarios import StepKind

from tests.track_notebooks import REPO, load_tracks, walkthrough_names

import taught  # noqa: E402  (lite/ is on the import path: tests/track_notebooks.py)

LESSONS = [part.notebook for track in load_tracks() if track.game for part in track.parts]

ABOUT_PLAYER_COUNTS = {"kloak/05-other-games.ipynb": "the simpler, three-player and team games"}
"""The lessons about playing with other numbers of players, which may change the count between walkthroughs."""

TEACHES_THE_CUT = {"cloak-dagger-setup": "who starts, and how your agents enter the game",
                   "cloak-dagger-three-players": "the cut and the order of play with three players"}
"""The Cloak & Dagger walkthroughs whose steps play the cut and the hiding of agents: they teach them, and the
learner cuts (an ``act``)."""


def player_counts(notebook: str) -> dict[str, int]:
    """The walkthroughs one lesson plays and the number of players of each."""
    return {name: scenarios.load(name).seats for name in walkthrough_names([notebook])}


@pytest.mark.parametrize("notebook", LESSONS)
def test_a_lesson_plays_one_player_count_unless_it_is_about_player_counts(notebook: str) -> None:
    counts = player_counts(notebook)
    if notebook in ABOUT_PLAYER_COUNTS:
        assert len(set(counts.values())) > 1, f"{notebook} plays one count now: drop it from ABOUT_PLAYER_COUNTS"
    else:
        assert len(set(counts.values())) <= 1, counts


def test_the_target_setup_is_a_game_of_four_like_the_first_turns_beside_it() -> None:
    assert player_counts("target/01-start-here.ipynb") == {"target-setup": 4, "target-first-turns": 4}


def cut_and_hiding_steps(tour: scenarios.Scenario) -> list[int]:
    """The steps (1-based) that play a cut, or a seat's first move: the one that hides its agents (CD-4)."""
    moved: set[str] = {entry.partition(":")[0] for entry in tour.setup}
    found = []
    for number, step in enumerate(tour.steps, 1):
        entries = [step.do, *step.more] if step.moves else []
        seats = {entry.partition(":")[0] for entry in entries if not entry.startswith("chance")}
        if any(entry.startswith("chance: cut") for entry in entries) or seats - moved:
            found.append(number)
        moved |= seats
    return found


CLOAK_DAGGER = [name for name in scenarios.names() if scenarios.load(name).game == "cloak-dagger"]


@pytest.mark.parametrize("name", CLOAK_DAGGER)
def test_no_cloak_dagger_walkthrough_but_the_setup_plays_the_cut_or_the_hiding_of_agents(name: str) -> None:
    found = cut_and_hiding_steps(scenarios.load(name))
    if name in TEACHES_THE_CUT:
        tour = scenarios.load(name)
        assert found, f"{name} teaches the cut: its steps play it"
        assert any(step.act for step in tour.steps if step.do.startswith("chance: cut")), "the learner cuts"
    else:
        assert found == [], "steps that play the cut or hide agents: put them in the walkthrough's setup"


def test_a_walkthrough_that_starts_after_the_cut_says_so_first() -> None:
    tour = scenarios.load("cloak-dagger-first-steps")
    assert "chance: cut a" in tour.setup and cut_and_hiding_steps(tour) == []
    assert "The cut is done" in tour.steps[0].caption and "hidden in envelope 11" in tour.steps[0].caption


def test_the_cut_is_done_by_the_learner_with_its_own_button() -> None:
    """CD-2: the learner cuts the stack themselves; the tie's re-cut too."""
    tour = scenarios.load("cloak-dagger-setup")
    cuts = [step for step in tour.steps if step.act]
    assert [step.act for step in cuts] == ["Cut the stack", "Cut the stack again"]
    assert all(step.do.startswith("chance: cut") for step in cuts) and "CD-2" in {step.rule for step in cuts}


@pytest.mark.parametrize("rule", ["CD-2", "KL/Setup", "KL-2", "TG/Components", "TG/Affiliation Setup Chart",
                                  "TG/Setup Steps"])
def test_each_setup_rule_chance_acts_out_is_done_by_the_learner(rule: str) -> None:
    where = taught.taught_where(REPO / "notebooks", load_tracks())[rule]
    assert any(taught.WAYS[2] in lesson.ways for lesson in where)


def test_the_target_setup_asks_what_the_learner_works_out_not_what_the_board_shows() -> None:
    """Each question is about what could be or will be: a ``possible`` or ``legal`` query, or one asked after moves."""
    tour = scenarios.load("target-setup")
    questions = [step.question for step in tour.steps if step.kind is StepKind.QUESTION and step.question]
    assert questions and all(q.answer.after or q.answer.name in ("possible", "legal") for q in questions)
    teammate = next(q for q in questions if q.answer.name == "possible")
    assert teammate.answer.value == tour.game_at(len(tour.steps) - 1).view(tour.seat)["affiliation"]
