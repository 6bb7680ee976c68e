"""The Cloak & Dagger track teaches the whole rulebook, in its order, with a move and a question for each section."""

from __future__ import annotations

import re

import pytest

import spynb
from spynb import scenarios
from spynb.scenarios import StepKind

from tests.track_notebooks import cells, track_parts, walkthrough_names

SECTIONS_WITHOUT_A_MOVE = {"CD/Preparation": "the cut is chance: nobody chooses the card cut"}
"""Sections the learner cannot act out as a move of their own, and why."""
PARTS = track_parts("cloak-dagger")


def walkthroughs() -> list[scenarios.Scenario]:
    """The scenarios the track's notebooks play, in reading order."""
    return [scenarios.load(name) for name in walkthrough_names(PARTS)]


def section_of(rule_id: str) -> str:
    rule = spynb.lookup(rule_id)
    return rule.section or rule.id


def kinds_by_section() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for tour in walkthroughs():
        for step in tour.steps:
            if step.rule:
                found.setdefault(section_of(step.rule), set()).add(step.kind.value)
    return found


def test_the_track_goes_from_the_cards_to_a_game_in_the_rulebooks_order() -> None:
    parts = PARTS
    assert parts[0] == "cloak-dagger/01-start-here.ipynb" and parts[-1] == "cloak-dagger/06-play.ipynb"
    assert 4 <= len(parts) <= 6
    sections = [r.id for r in spynb.get_spec("cloak-dagger").rules.sections()]
    first_taught = []
    for tour in walkthroughs():
        for step in tour.steps:
            section = section_of(step.rule) if step.rule.startswith("CD/") else ""  # rulebook words, not rulings
            if section in sections and section not in first_taught:
                first_taught.append(section)
    core = ["CD/Contents", "CD/Aim", "CD/Preparation", "CD/Placing", "CD/Tracking", "CD/Winning"]
    assert [s for s in first_taught if s in core] == core


def test_every_notebook_of_the_track_opens_with_its_goal() -> None:
    for part in PARTS:
        first = cells(part, "markdown")[0]
        assert first.startswith("# Cloak & Dagger") and "goal" in first.lower(), part


@pytest.mark.parametrize("section", [r.id for r in spynb.get_spec("cloak-dagger").rules.sections()])
def test_every_rulebook_section_is_explained_shown_played_and_asked(section: str) -> None:
    kinds = kinds_by_section().get(section, set())
    assert "question" in kinds, f"{section}: no question step"
    assert kinds & {"narrated", "end"}, f"{section}: no explained example"
    if section not in SECTIONS_WITHOUT_A_MOVE:
        assert "your-turn" in kinds, f"{section}: the learner never makes a move for it"


def test_the_reminder_asks_about_each_of_the_four_things_you_must_show() -> None:
    asked = {step.rule for tour in walkthroughs() for step in tour.steps if step.kind is StepKind.QUESTION}
    assert {f"CD/Reminder.{n}" for n in range(1, 5)} <= asked


def test_placing_is_labelled_as_spynbs_ruling_where_it_is_taught() -> None:
    """CD-5: placing is compulsory, and the track says it is the project's ruling, not the rulebook's words."""
    steps = [s for tour in walkthroughs() for s in tour.steps if s.rule == "CD-5" and s.kind is StepKind.QUESTION]
    assert any("spynb's ruling" in s.question.explain for s in steps)
    two = "".join(cells(PARTS[1], "markdown") + cells(PARTS[1], "code"))
    assert "spynb's ruling" in two and "#CD-5" in two


def test_the_winning_walkthrough_ends_in_a_win_after_both_near_misses() -> None:
    """CD-8: a rival's agent in the envelope, or cards in hand, stop a win; the walkthrough ends won."""
    tour = scenarios.load("cloak-dagger-winning")
    assert tour.game_at(len(tour.steps) - 1).state.winners == (1,)
    near = [i for i, s in enumerate(tour.steps) if s.kind is StepKind.QUESTION and s.rule == "CD/Winning.1"]
    assert len(near) == 2
    for i in near:
        assert tour.steps[i].question.right(tour.game_at(i), tour.seat) == [[]]  # no winner, on both


def test_the_tracking_walkthrough_changes_the_note_list_of_the_tracker() -> None:
    """CD-7 and CD-10: after tracking, the finishing rival's envelope appears in the tracker's notes."""
    tour = scenarios.load("cloak-dagger-tracking")
    shown = next(i for i, s in enumerate(tour.steps) if s.rule == "CD/Reminder.3" and s.do.startswith("2:"))
    before, after = tour.game_at(shown).view(1)["notes"][8], tour.game_at(shown + 1).view(1)["notes"][8]
    assert (before["letters"], after["letters"]) == ("", "e") and after["unknown"] == 1


def test_the_example_shows_the_capital_letter_warning() -> None:
    quotes = " ".join(s.quote for s in scenarios.load("cloak-dagger-example").steps)
    assert "WATCH OUT FOR SUCH CONFISCATION OF MATERIAL OR CAPTURE OF PERSONNEL." in quotes


def test_no_caption_of_a_seats_walkthrough_names_a_card_another_seat_drew() -> None:
    """A seat's walkthrough never says which card another seat placed: only the placer sees it (CD-5)."""
    for tour in walkthroughs():
        if tour.seat is None:
            continue
        for i, step in enumerate(tour.steps):
            if step.do.startswith("chance: draw") and i and tour.steps[i - 1].do.split(":")[0].strip() != str(tour.seat):
                card = step.do.split()[-1]
                assert not re.search(rf"\b{card}\b", step.caption), f"{tour.id} step {i + 1}: {step.caption!r}"
