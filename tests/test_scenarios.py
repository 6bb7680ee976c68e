"""Shipped walkthrough scenarios: they replay on every path, their claims and answers hold, their prose teaches."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

import spynb
from spynb import scenarios
from spynb.kloak.board import COLOUR_NAMES, THREE_COLOURS
from spynb.scenarios import StepKind, lint

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
    assert links or tour.steps[-1].caption.endswith("Continue below.")  # the page goes on (tests/site)
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


def test_every_caption_that_names_a_seat_with_its_secret_is_backed_by_a_checked_fact(tour) -> None:
    assert lint.unbacked(tour) == []


def _one_step(name: str, number: int, **changes) -> scenarios.Scenario:
    """Scenario ``name``'s step ``number`` (1-based) alone, with ``changes``, in its position, before an end."""
    tour = scenarios.load(name)
    step = {**tour.to_data()["steps"][number - 1], **changes}
    step = {key: value for key, value in step.items() if value is not None}
    return scenarios.from_data({**tour.to_data(), "setup": tour.entries()[:tour.moves_before(number - 1)],
                                "steps": [step, {"kind": "end", "caption": "Done.", "links": []}]})


def test_a_claim_that_needs_another_seats_hidden_cards_fails_the_check_from_the_learners_seat() -> None:
    """Seen from seat 4, whether seat 3 can play a Deflect Forward depends on seat 3's hidden hand."""
    others = ["1: play firearms", "2: play kevlar", "3: play deflect-forward"]
    knowable = {"query": "view", "path": "revealed", "after": ["4: play deflect-backward", *others],
                "contains": "deflect-forward"}
    assert _one_step("target-reverse", 1).check() == []
    assert [p for p in _one_step("target-reverse", 1, claims=[knowable]).check() if "has not seen" in p]


def test_a_step_marked_shows_hidden_may_state_what_the_seat_remembers() -> None:
    """KL-13: a seat that watched every move knows colours its board hides; the step says so on screen."""
    marked = _one_step("kloak-lift-reveals", 4)
    assert marked.steps[0].shows_hidden and marked.check() == []
    assert any("has not seen" in p for p in _one_step("kloak-lift-reveals", 4, shows_hidden=None).check())


@pytest.mark.parametrize(("name", "number", "caption"), [
    ("target-outed-double", 7, "Your turn. Show seat 1 a colour. Seat 1 is on the CIA side of the table."),
    ("target-deflect", 12, "Seats 2 and 4 play Deflect Forward, seat 1 plays Kevlar. The pile is revealed."),
    ("target-reverse", 2, "Your turn. Play Deflect Backward. Seat 3 will play a Deflect Forward."),
    ("target-reverse", 15, "Seat 2 plays Deflect Forward, seat 3 Advance to HQ, seat 1 a Rookie card."),
    ("target-clearance", 5, "Your turn. Seat 4 will attack seat 2 with Stabbed. Play your Missed."),
])
def test_the_lint_finds_captions_that_say_who_holds_or_played_a_hidden_card(name, number, caption) -> None:
    """TG-4: who played a face-down card is unknowable; a seat's affiliation is its own secret."""
    assert lint.unbacked(_one_step(name, number, caption=caption))


def test_KL_13_the_lint_finds_a_seat_named_with_the_colour_under_a_big_piece() -> None:
    """KL-13: the colour under a big piece is hidden, so a caption that says it needs a claim."""
    caption = "Seat 2 will lift the big piece off c1: the piece under it is sky blue."
    assert lint.unbacked(_one_step("kloak-lift-reveals", 5, caption=caption, claims=[]))


def test_KL_13_a_colour_the_seat_sees_uncovered_is_no_secret_to_the_lint() -> None:
    """KL-13: only colours under big pieces are hidden; the green piece on c2 is in plain sight."""
    caption = "Seat 2 will lift the big piece off c1 instead, onto the green piece on c2."
    assert lint.unbacked(_one_step("kloak-lift-reveals", 5, caption=caption, claims=[])) == []


def test_the_kloak_key_names_each_colour_with_the_word_the_captions_use() -> None:
    """One name for a colour: the board's key and the walkthroughs' text say the same word."""
    words = " ".join(text.replace("-", " ") for name in scenarios.names() if scenarios.load(name).game == "kloak"
                     for step in scenarios.load(name).steps for text in prose(step))
    assert all(re.search(rf"\b{COLOUR_NAMES[letter]}\b", words) for letter, _ in THREE_COLOURS)


def test_a_five_player_double_agent_knows_no_other_seat_is_one() -> None:
    """TG-7, the setup chart: with five players one Double Agent card comes into play, so the learner's is it."""
    tour = scenarios.load("target-outed-double")
    at = next(i for i, s in enumerate(tour.steps) if s.question and s.question.answer.name == "possible")
    assert tour.steps[at].question.right(tour.game_at(at), tour.seat) == [False]


def test_possible_finds_a_double_agent_the_seat_cannot_rule_out_in_a_seven_player_game() -> None:
    game = spynb.new_game("target", seats=7, seed=0)
    affiliations = game.view(None)["affiliations"]
    other = next(int(seat) for seat, team in affiliations.items() if seat != "4" and team != "double-agent")
    could_be = scenarios.Query("possible", path=f"affiliations.{other}", value="double-agent")
    assert could_be.evaluate(game, 4)


def test_TG_2_a_question_about_what_follows_a_draw_is_answered_after_chance_deals() -> None:
    """The finding: target-first-turns step 10 marked "You again" right, its `after` query read before chance dealt
    seat 4's card, so the marker had not moved yet."""
    tour = scenarios.load("target-first-turns")
    assert tour.steps[9].question.right(tour.game_at(9), tour.seat) == [2]


def test_an_after_query_whose_answer_depends_on_what_chance_deals_is_refused() -> None:
    from spynb.engine import SpynbError
    from spynb.scenarios import Query

    tour = scenarios.load("target-empty-deck")
    game = tour.game_at(1)
    asked = Query("view", path="hand", after=("4: draw rookie",))  # which card comes is chance's
    with pytest.raises(SpynbError, match="depends on what chance deals next"):
        asked.evaluate(game, tour.seat)
    before = Query("view", path="deck_sizes.rookie", after=("4: draw rookie",), before_chance=True)
    assert before.evaluate(game, tour.seat) == 83


def test_no_walkthrough_labels_a_rule_by_hand(tour) -> None:
    """Issue 49: where a rule comes from is said by the step's link, from the rule's id, never in the text."""
    assert lint.hand_labels(tour) == []


def test_the_lint_finds_a_hand_written_ruling_label() -> None:
    data = scenarios.load("target-clearance").to_data()
    data["steps"][2]["explain"] = "spynb's ruling: yes, whenever you have a match."
    problems = lint.hand_labels(scenarios.from_data(data, "target-clearance"))
    assert problems == ["step 3 explain: \"spynb's ruling\" labels a rule by hand: the step's rule link says where "
                        "it comes from"]


def test_TG_5_the_lesson_says_where_the_ruling_departs_from_play_step_1() -> None:
    explain = scenarios.load("target-override").steps[4].question.explain
    assert "departs from the rulebook's Play step 1" in explain


def test_a_steps_rule_link_says_where_the_rule_comes_from() -> None:
    from spynb.rulespage import rule_link

    rules = spynb.get_spec("target").rules
    assert rule_link(rules, "TG-5")["source"] == "spynb's ruling"
    assert rule_link(rules, "TG/Play.2")["source"] == "rulebook"


def test_no_walkthrough_text_is_unreachable(tour) -> None:
    """Issue 49: every text a step carries can be shown to some learner on some way through."""
    assert lint.unreachable(tour) == []


def test_the_lint_lists_words_for_a_move_that_is_never_legal_there() -> None:
    data = scenarios.load("kloak-winning").to_data()
    data["steps"][3]["why"] = {**data["steps"][3]["why"], "a1-a2": "Never legal here."}
    problems = lint.unreachable(scenarios.from_data(data, "kloak-winning"))
    assert "step 4 why['a1-a2']: never shown (that move is never legal there)" in problems


FINDINGS = [  # issue 49: false or hand-told sentences a reviewer found, each gone from its step
    ("target-outed-cia", 9, "caption", "Then turn 2 begins"),  # said during turn 2
    ("target-surveillance", 9, "praise", "Seat 1 knows you are CIA"),  # a Double Agent may show CIA (TG-7)
    ("target-surveillance", 9, "caption", "learns you are CIA"),
    ("target-first-game", 23, "caption", "Deposited here, it is the third A"),  # before the pile is revealed
    ("target-a-turn", 3, "caption", "It comes back to you"),
    ("cloak-dagger-example", 24, "caption", "The rulebook's Example chose envelope"),  # the Example names none
]


@pytest.mark.parametrize(("name", "number", "field", "old"), FINDINGS)
def test_a_reviewers_finding_is_gone_from_its_step(name, number, field, old) -> None:
    step = scenarios.load(name).steps[number - 1]
    texts = {"caption": step.caption, "praise": step.expect.praise if step.expect else ""}
    assert old not in texts[field]
    assert all("rulebook's Example plays" not in text for step in scenarios.load("cloak-dagger-example").steps
               for text in prose(step))


@pytest.mark.parametrize(("name", "number", "rule"), [
    ("kloak-setup", 8, "KL-1"),  # five of each colour
    ("kloak-three-players", 1, "KL-11"),  # the two-player board and layout
    ("kloak-teams", 2, "KL-12"),
    ("target-clearance", 20, "TG-S4"),  # several attacks, one effect
])
def test_a_step_that_states_a_ruling_cites_the_ruling_not_the_rulebook(name, number, rule) -> None:
    """Issue 49: the step's link (and so its 'spynb's ruling' label) is the ruling its caption states."""
    assert scenarios.load(name).steps[number - 1].rule == rule


def test_KL_10_the_simpler_games_rulebook_step_says_only_what_the_rulebook_does() -> None:
    """The rulebook removes four big pieces; which four (the corners) is KL-10's, shown on the board."""
    step = scenarios.load("kloak-simpler").steps[0]
    assert step.rule.startswith("KL/Simpler Game") and "corner" not in step.caption
