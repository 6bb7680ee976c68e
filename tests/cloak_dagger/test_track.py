"""The Cloak & Dagger track opens with a guided first game, then teaches the whole rulebook, in its order, with a move
and a question for each section."""

from __future__ import annotations

import re

import pytest

import spynb
from spynb import scenarios
from spynb.cloak_dagger.cards import CUT_ORDER, STACK_CARDS
from spynb.scenarios import StepKind

from tests.cloak_dagger.scenarios import play, started
from tests.track_notebooks import cells, track_parts, walkthrough_names

SECTIONS_WITHOUT_A_MOVE: dict[str, str] = {}
"""Sections the learner cannot act out as a move of their own, and why (none: the cut of Preparation is chance, but
the learner's first deposit of the agents they began with is theirs)."""
PARTS = track_parts("cloak-dagger")
FIRST_GAME, DEEPER = PARTS[0], PARTS[1:]
"""The guided first game (played in play order), then the parts that follow the rulebook."""


def walkthroughs(parts: list[str] = PARTS) -> list[scenarios.Scenario]:
    """The scenarios the track's notebooks (all of them, unless ``parts`` says which) play, in reading order."""
    return [scenarios.load(name) for name in walkthrough_names(parts)]


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
    """After the guided first game (which meets the rules in play order), the parts follow the rulebook."""
    assert FIRST_GAME == "cloak-dagger/00-first-game.ipynb"
    parts = DEEPER
    assert parts[0] == "cloak-dagger/01-start-here.ipynb" and parts[-1] == "cloak-dagger/06-play.ipynb"
    assert 4 <= len(parts) <= 6
    sections = [r.id for r in spynb.get_spec("cloak-dagger").rules.sections()]
    first_taught = []
    for tour in walkthroughs(parts):
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
    """CD-5: placing is compulsory, and the track says it is the project's ruling, not the rulebook's words: the
    walkthrough's rule link says so from the id (spynb.rulespage.SOURCES), the notebook in its prose."""
    from spynb.rulespage import rule_link

    steps = [s for tour in walkthroughs() for s in tour.steps if s.rule == "CD-5" and s.kind is StepKind.QUESTION]
    assert steps and rule_link(spynb.get_spec("cloak-dagger").rules, "CD-5")["source"] == "spynb's ruling"
    two = "".join(cells(DEEPER[1], "markdown") + cells(DEEPER[1], "code"))
    assert "spynb's ruling" in two and "#CD-5" in two


def test_the_near_misses_walkthrough_ends_in_a_win_after_both_near_misses() -> None:
    """CD-8: a rival's agent in the envelope, or cards in hand, stop a win; the walkthrough ends won."""
    tour = scenarios.load("cloak-dagger-near-misses")
    assert tour.game_at(len(tour.steps) - 1).state.winners == (1,)
    near = [i for i, s in enumerate(tour.steps) if s.kind is StepKind.QUESTION and s.rule == "CD/Winning.1"]
    assert len(near) == 2
    for i in near:
        assert tour.steps[i].question.right(tour.game_at(i), tour.seat) == [[]]  # no winner, on both


def test_CD_8_the_near_misses_walkthrough_wins_by_finishing_a_transfer_into_the_envelope() -> None:
    """CD-8, "finishing into it counts": the last move of the walkthrough puts the learner's last card away and wins."""
    tour = scenarios.load("cloak-dagger-near-misses")
    last = max(i for i, s in enumerate(tour.steps) if s.kind is StepKind.YOUR_TURN)
    asked = tour.steps[last - 1]
    assert asked.kind is StepKind.QUESTION and asked.question.right(tour.game_at(last - 1), 1) == [[1]]
    before, after = tour.game_at(last).view(1), tour.game_at(last + 1)
    assert before["hand"] and after.view(1)["hand"] == "" and after.state.winners == (1,)


def test_CD_6_a_hazard_never_starts_a_transfer_but_rides_along_as_the_tracking_lesson_says() -> None:
    """CD-6, CD-7: with an agent beside it, a hazard may be the unseen second card; alone it is only tracked."""
    beside = play(started(), "4", "draw K", "12", "pass", "11", "take d", "12", "pass", "4", "12", "pass", "4")
    legal = {str(action) for action in beside.legal_actions()}
    assert {"take d+K", "track K"} <= legal and "take K" not in legal
    explain = next(s.question.explain for s in scenarios.load("cloak-dagger-tracking").steps
                   if s.question is not None and any(c.value == "take K" for c in s.question.choices))
    assert "cannot start a transfer" in explain and "second card" in explain


def test_CD_6_the_example_says_a_document_can_never_start_a_transfer() -> None:
    """CD-6: the plans cannot start a transfer even from their own envelope; the Example's question says "never"."""
    tour = scenarios.load("cloak-dagger-example")
    beside = next(i for i, s in enumerate(tour.steps) if s.question is not None
                  and any(c.value == "take X+d" for c in s.question.choices))
    legal = {str(a) for a in tour.game_at(beside).legal_actions(1)}
    assert "take d+X" in legal and not {"take X", "take X+d"} & legal
    explain = next(s.question.explain for s in tour.steps if s.question is not None
                   and any(c.value == "take X" for c in s.question.choices))
    assert "never" in explain


def test_CD_2_the_setup_states_the_cut_order_of_the_stack_and_labels_the_recut() -> None:
    """CD-2: the order a < b < c < K < ... < Z covers only stack cards; the tie's re-cut is spynb's ruling."""
    tour = scenarios.load("cloak-dagger-setup")
    explain = next(s.question.explain for s in tour.steps if s.question is not None and " < " in s.question.explain)
    chain = re.search(r"\w(?: < (?:…|\w))+", explain).group(0).replace(" < …", "").split(" < ")
    assert chain == sorted(chain, key=CUT_ORDER.index) and set(chain) <= set(STACK_CARDS)
    assert chain[0] == min(STACK_CARDS, key=CUT_ORDER.index) and chain[-1] == max(STACK_CARDS, key=CUT_ORDER.index)
    recut = [s for i, s in enumerate(tour.steps) if s.do and tour.game_at(i + 1).view(1)["events"][-1]["kind"] == "recut"]
    assert recut and all(s.rule == "CD-2" for s in recut)  # its link says "spynb's ruling" (the rule's id)


def test_CD_5_CD_9_placing_is_taught_with_its_conditions_and_the_exhausted_stack() -> None:
    """CD-5, CD-6, CD-9: the four actions name the empty hand of placing and starting, and what an empty stack does."""
    actions = cells(DEEPER[1], "markdown")[0]
    place, start = (re.search(rf"\*\*{name}\.\*\*.*?(?=\n\d\. |\Z)", actions, re.S).group(0)
                    for name in ("Place", "Start a transfer"))
    assert "hold no card" in place and "stack still has cards" in place and "#CD-9" in place and "#CD-5" in place
    assert "hold no card" in start and "#CD-6" in start
    first = scenarios.load("cloak-dagger-transfers").steps[0].caption
    assert " may " not in first


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


def learners_events(tour: scenarios.Scenario, answers: dict[int, str] | None = None) -> list[set[str]]:
    """Per your-turn step of ``tour`` (on the path ``answers`` chooses): the kinds of the learner's own events its
    move made (``show_empty`` a place, ``take`` a start, ``finish`` a finish, ``track``, ``win``)."""
    made = []
    for i, step in enumerate(tour.steps):
        if step.kind is StepKind.YOUR_TURN:
            before = tour.game_at(i, answers).view(tour.seat)["events"]
            after = tour.game_at(i + 1, answers).view(tour.seat)["events"]
            made.append({e["kind"] for e in after[len(before):] if e["actor"] == tour.seat})
    return made


def test_the_first_game_has_the_learner_place_start_finish_track_and_win_on_every_way_through() -> None:
    """Issue 32: in the guided game the learner's own moves place a card, start and finish a transfer, track, and
    win; on every path the walkthrough accepts, in that order of first use."""
    tour = scenarios.load(walkthrough_names([FIRST_GAME])[0])
    assert tour.seats == 2 and tour.seat == 1
    for answers in tour.paths():
        made = learners_events(tour, answers)
        order = [next(k for k, kinds in enumerate(made) if kind in kinds)
                 for kind in ("show_empty", "take", "finish", "track", "win")]
        assert order == sorted(order), answers
        assert made[-1] >= {"finish", "win"}, "the win is the learner's own finish (CD-8)"


def test_CD_8_the_first_game_wins_by_finishing_into_the_envelope_a_double_agent_shares() -> None:
    """CD-8: finishing into the envelope counts, and the pistol beside the documents does not block; a question asks
    it first, answered from the learner's seat."""
    tour = scenarios.load(walkthrough_names([FIRST_GAME])[0])
    last = len(tour.steps) - 2
    asked = tour.steps[last - 1]
    assert asked.kind is StepKind.QUESTION and asked.rule == "CD-8"
    assert asked.question.right(tour.game_at(last - 1), 1) == [[1]]
    before, after = tour.game_at(last), tour.game_at(last + 1)
    assert "a" in before.view(1)["hand"] and after.view(1)["hand"] == "" and after.state.winners == (1,)
    assert {"a", "d", "X", "Y", "Z"} <= set(after.view(1)["notes"][5]["letters"])


def test_the_first_game_makes_the_learner_decide_where_to_look_and_goes_on_from_the_choice() -> None:
    """A your-turn step accepts looks into several envelopes the learner has not all seen, says something about
    each, and the walkthrough goes on (to the win, see tests/site/test_first_games.py) from whichever was chosen."""
    tour = scenarios.load(walkthrough_names([FIRST_GAME])[0])
    looks = [i for i, s in enumerate(tour.steps) if s.expect is not None and len(s.expect.accept) >= 3
             and all(a.isdigit() for a in s.expect.accept)]
    assert looks
    step = tour.steps[looks[0]]
    notes = tour.game_at(looks[0]).view(1)["notes"]
    assert any(notes[int(a) - 1]["unknown"] for a in step.expect.accept), "at least one look is into the unknown"
    assert set(step.expect.feedback) == set(step.expect.accept)  # each look has its own words
    assert {i for answers in tour.paths() for i in answers} >= {looks[0]}


def _your_turns(tour: scenarios.Scenario, rule: str) -> list[int]:
    return [i for i, s in enumerate(tour.steps) if s.kind is StepKind.YOUR_TURN and s.rule == rule]


def test_CD_9_a_deeper_walkthrough_exhausts_the_stack_and_the_learner_plays_and_wins_after() -> None:
    """CD-9: a step shows the last card placed; a question asks what an empty envelope does then (only a look);
    the learner acts with the stack empty, and wins with a double agent beside the documents on every way through."""
    tour = next(t for t in walkthroughs(DEEPER) if any(s.rule == "CD-9" and s.moves for s in t.steps))
    shown = next(i for i, s in enumerate(tour.steps) if s.rule == "CD-9" and s.moves)
    assert tour.game_at(shown).view(1)["stack_size"] == 1 and tour.game_at(shown + 1).view(1)["stack_size"] == 0
    asked = next(i for i, s in enumerate(tour.steps) if s.rule == "CD-9" and s.kind is StepKind.QUESTION)
    assert shown < asked < _your_turns(tour, "CD-9")[0]
    assert tour.steps[asked].question.right(tour.game_at(asked), 1) == [1]  # no draw: the seat only looks
    for answers in tour.paths():
        game = tour.record(answers).replay()
        assert game.state.winners == (1,), answers
        won = game.view(1)["events"][-1]
        assert won["kind"] == "win" and {"a", "d", "X", "Y", "Z"} <= set(won["contents"]), answers


def test_CD_7_in_a_three_player_walkthrough_the_learner_finishes_a_transfer_two_rivals_tracked() -> None:
    """CD-7, "obligations to several trackers accumulate", and a game of three: two rivals track one transfer, a
    question asks (before the second tracks) who will be shown the envelope, and on every way through the learner's
    finish shows it to both."""
    tour = next(t for t in walkthroughs(DEEPER) if t.seats >= 3)
    asked = next(i for i, s in enumerate(tour.steps) if s.rule == "CD-7" and s.kind is StepKind.QUESTION)
    assert tour.steps[asked].question.right(tour.game_at(asked), 1) == [[2, 3]]
    finish = next(i for i in _your_turns(tour, "CD-7") if i > asked)
    for answers in tour.paths():
        events = tour.game_at(finish + 1, answers).view(1)["events"]
        assert list([e.get("trackers") for e in events if e["kind"] == "shown"][-1]) == [2, 3], answers
    first = next(i for i, s in enumerate(tour.steps) if s.kind is StepKind.YOUR_TURN)
    assert tour.steps[first].rule == "CD-2" and tour.game_at(first).view(1)["first_player"] != 1
