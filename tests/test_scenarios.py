"""Shipped walkthrough scenarios: they replay on every path, their claims and answers hold, their prose teaches."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

import spynb
from spynb import scenarios
from spynb.scenarios import StepKind

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
RULE_ID = re.compile(r"\b(?:CD|KL|TG)[-/]\w")
LONGEST_SENTENCE = 30
"""Words in a sentence of a caption, at most: short sentences."""


def prose(step) -> list[str]:
    """Everything a step says to the learner in its own words (quotes are the rulebook's)."""
    texts = [step.caption]
    if step.expect is not None:
        texts += [step.expect.otherwise, step.expect.praise, *step.expect.why.values()]
    if step.question is not None:
        texts += [step.question.explain, *(c.text for c in step.question.choices)]
    return [t for t in texts if t]


@pytest.fixture(params=scenarios.names())
def tour(request):
    return scenarios.load(request.param)


def test_every_scenario_replays_and_cites_real_rules(tour) -> None:
    rules = spynb.get_spec(tour.game).rules
    for step in tour.steps:
        assert not step.rule or step.rule in rules, f"{tour.id}: unknown rule {step.rule}"
    game = tour.game_at(len(tour.steps))
    assert len(game.record().actions) == len(tour.entries())


def test_every_claim_holds_and_every_question_has_its_computed_answer_on_every_path(tour) -> None:
    assert tour.check() == []


def test_every_scenario_asks_a_question_lets_the_learner_move_and_ends_with_a_summary(tour) -> None:
    kinds = [step.kind for step in tour.steps]
    assert StepKind.QUESTION in kinds and kinds[-1] is StepKind.END and tour.goal
    if tour.seat is not None:
        assert StepKind.YOUR_TURN in kinds
    assert sum(1 for s in tour.steps if s.claims) >= len(tour.steps) // 2, "claims check the main facts"


def test_the_end_links_to_notebooks_that_exist(tour) -> None:
    links = tour.steps[-1].links
    assert links
    for link in links:
        url = urlparse(link.value)
        assert url.path == "../notebooks/index.html", link.value
        assert (NOTEBOOKS / parse_qs(url.query)["path"][0]).is_file(), link.value


def test_the_prose_has_no_rule_ids_and_short_sentences_and_never_says_press_next(tour) -> None:
    for number, step in enumerate(tour.steps, 1):
        for text in prose(step):
            assert not RULE_ID.search(text), f"step {number}: a rule id in the prose: {text!r}"
            assert "press next" not in text.lower(), f"step {number}: {text!r}"
            for sentence in re.split(r"(?<=[.!?])\s+", text):
                assert len(sentence.split()) <= LONGEST_SENTENCE, f"step {number}: a long sentence: {sentence!r}"


def test_a_your_turn_step_tells_the_learner_what_to_do_before_they_act(tour) -> None:
    for step in tour.steps:
        if step.kind is StepKind.YOUR_TURN:
            assert "Your turn" in step.caption, step.caption


def test_kloak_prose_gives_the_big_pieces_to_no_one() -> None:
    """KL-1: big pieces belong to no one."""
    for name in scenarios.names():
        tour = scenarios.load(name)
        if tour.game != "kloak":
            continue
        for step in tour.steps:
            for text in prose(step):
                assert not re.search(r"\byour (big|side)\b", text, re.IGNORECASE), text


def test_the_rulebook_example_moves_the_cloak_to_the_document_then_both_together() -> None:
    example = scenarios.load("cloak-dagger-example")
    finished = next(i for i, s in enumerate(example.steps, 1) if s.rule == "CD/Reminder.3")
    game = example.game_at(finished)
    assert game.view(None)["envelopes"]["7"] == "dX"
    assert [e["envelope"] for e in game.view(2)["events"] if e["kind"] == "shown"] == [7]
    final = example.game_at(len(example.steps))
    assert final.view(None)["envelopes"]["9"] == "dX"
    assert "X" not in "".join(n["letters"] for n in final.view(2)["notes"])
