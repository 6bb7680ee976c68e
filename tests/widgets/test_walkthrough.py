"""The walkthrough player: each step kind, the move in words, links to steps and rules, refusals."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from spynb import scenarios  # noqa: E402
from spynb.engine import RecordError  # noqa: E402
from spynb.rulespage import rule_href  # noqa: E402
from spynb.cloak_dagger.widget import CloakDaggerBoard  # noqa: E402
from spynb.widgets.frontend import board_module  # noqa: E402
from spynb.widgets.play import walkthrough as walkthrough_from_play  # noqa: E402
from spynb.widgets.walkthrough_player import QUIET, Walkthrough, narrate, walkthrough  # noqa: E402

from .helpers import WALK_TRAITS, front_end_sends, snapshot  # noqa: E402

FIRST = "cloak-dagger-first-steps"
SETUP = "cloak-dagger-setup"
"""The walkthrough that teaches the cut: its learner cuts the stack, and it asks for whole numbers."""


def step_of(name: str, kind: str, after: int = 0) -> int:
    """The number (1-based) of the first step of ``kind`` after step ``after``."""
    steps = scenarios.load(name).steps
    return next(i for i, s in enumerate(steps, 1) if s.kind.value == kind and i > after)


def walk(tour, **content) -> None:
    front_end_sends(tour, {"kind": "walk", **content})


@pytest.fixture
def tour():
    return walkthrough(FIRST)


def test_the_player_is_its_games_board_with_the_walkthrough_panel(tour):
    assert isinstance(tour, CloakDaggerBoard) and isinstance(tour, Walkthrough)
    assert tour.walk["title"].startswith("Cloak & Dagger") and tour.walk["at"] == 0
    assert tour.walk["goal"] and tour.walk["count"] == len(scenarios.load(FIRST).steps)
    assert tour.viewer == 1 and tour.legal == [] and tour.setup["walkthrough"] is True
    assert "// ---- walkthrough.js ----" in tour._esm and "spynb-walk" in tour._css
    assert "// ---- walkthrough.js" not in board_module("cloak-dagger")  # a plain board carries no panel


def test_the_players_own_traits_are_synced_and_documented(tour):
    for name in WALK_TRAITS:
        trait = tour.traits(sync=True)[name]
        assert trait.help, name


def test_notebooks_import_still_gives_the_player():
    assert isinstance(walkthrough_from_play("kloak-first-kloak"), Walkthrough)


def test_the_package_still_gives_the_function_after_a_walkthrough_was_shown():
    """A notebook runs ``from spynb.widgets import walkthrough`` in several cells: the name stays the function."""
    import spynb.widgets

    spynb.widgets.walkthrough("kloak-first-kloak")
    from spynb.widgets import walkthrough as again

    assert isinstance(again("kloak-first-kloak"), Walkthrough)


def test_a_narrated_step_shows_its_caption_before_its_move_and_next_plays_it(tour):
    n = step_of(FIRST, "narrated", after=step_of(FIRST, "your-turn"))  # seat 2 hides its agents
    tour.walk_jump(n)
    step = scenarios.load(FIRST).steps[n - 1]
    assert tour.walk["step"]["caption"] == step.caption and tour.walk["step"]["kind"] == "narrated"
    played = len(tour.game.actions)
    walk(tour, move="next")
    assert len(tour.game.actions) == played + 1 and tour.walk["at"] == n
    assert str(tour.game.actions[-1][1]) == step.do.partition(":")[2].strip()
    assert tour.walk["just"] == "Seat 2 examined an envelope. Seat 2 showed that envelope 3 was empty and drew a card for it."


def test_next_marks_what_the_move_changed_on_the_board(tour):
    tour.walk_jump(3)  # you choose envelope 7, which is empty
    assert scenarios.load(FIRST).steps[2].do == "1: 7"
    walk(tour, move="next")
    assert "env-7" in tour.changed
    walk(tour, move="previous")
    assert tour.changed == []  # stepping back marks nothing


def test_a_text_only_step_moves_nothing(tour):
    played = tour.game.actions
    walk(tour, move="next")
    assert tour.walk["at"] == 1 and tour.game.actions == played and tour.walk["just"] == ""


def test_a_your_turn_step_says_what_to_do_before_the_learner_acts(tour):
    n = step_of(FIRST, "your-turn")
    tour.walk_jump(n)
    assert tour.walk["step"]["caption"].startswith("Your turn") and "Your turn" in tour.status
    assert len(tour.legal) == 20 and tour.game.actions[-1][0] is None  # nothing of the learner's played yet


def test_a_wrong_legal_move_is_explained_and_changes_nothing(tour):
    tour.walk_jump(step_of(FIRST, "your-turn"))
    before = (tour.view, tour.legal, tour.walk, len(tour.game.actions))
    front_end_sends(tour, {"kind": "play", "action": "5"})
    assert tour.feedback["ok"] is False and "envelope 11" in tour.feedback["text"]
    assert tour.feedback["rule_href"] == rule_href("CD-6")
    assert tour.feedback["step"] == tour.walk["step"]["number"]  # about the step shown: drawn below its caption
    assert (tour.view, tour.legal, tour.walk, len(tour.game.actions)) == before
    walk(tour, move="next")
    assert tour.error["kind"] == "walk" and (tour.walk, len(tour.game.actions)) == before[2:]


def start_a_transfer() -> int:
    """The your-turn step that starts a transfer (after the question on what may be done there)."""
    return step_of(FIRST, "your-turn", after=step_of(FIRST, "question", after=step_of(FIRST, "your-turn")))


def test_an_illegal_move_at_a_your_turn_step_shows_the_rule(tour):
    n = start_a_transfer()
    tour.walk_jump(n)
    front_end_sends(tour, {"kind": "play", "action": "take e"})
    assert tour.error["rule"] == "CD-6" and tour.walk["at"] == n - 1


def test_the_move_the_learner_made_is_described_not_the_scripted_one(tour):
    n = start_a_transfer()
    tour.walk_jump(n)
    assert scenarios.load(FIRST).steps[n - 1].do == "1: take d"
    assert tour.play("take D")  # the step accepts either agent
    assert tour.feedback["ok"] is True
    assert "showing D" in tour.walk["just"] and "showing d" not in tour.walk["just"]
    while tour.walk["step"]["kind"] != "your-turn":
        walk(tour, move="skip" if tour.walk["step"]["kind"] == "question" else "next")
    assert tour.play("7")
    assert "D" in tour.game.view(None)["envelopes"]["7"] and tour.walk["step"]["kind"] == "end"


def test_show_me_plays_the_scenarios_move_and_says_it_in_words(tour):
    n = step_of(FIRST, "your-turn")
    tour.walk_jump(n)
    walk(tour, move="show")
    assert tour.walk["at"] == n and tour.feedback["shown"] is True
    assert tour.feedback["step"] == n  # about the step before the one shown: drawn above its caption
    assert tour.walk["just"] == "Seat 1 examined an envelope. Seat 1 opened envelope 11 and saw d D."
    assert "1: 11" not in tour.walk["just"] + tour.feedback["text"]


def test_a_move_the_seat_sees_nothing_of_yet_is_said_so():
    tour = walkthrough("target-first-turns", start=step_of("target-first-turns", "your-turn"))
    walk(tour, move="show")
    assert tour.walk["just"] == QUIET


def test_the_engines_words_lose_their_rule_ids():
    target = scenarios.load("target-first-turns")
    reveal = step_of("target-first-turns", "narrated", after=4)
    words = narrate(target.game_at(reveal - 1), target.game_at(reveal), 1)
    assert "The pile is shuffled and revealed: " in words and "TG-" not in words


def test_a_question_is_answered_with_the_engines_result_and_the_rule():
    name = "kloak-memory"
    n = next(i for i, s in enumerate(scenarios.load(name).steps, 1) if s.question and s.question.number)
    question = scenarios.load(name).steps[n - 1].question
    right = question.right(scenarios.load(name).game_at(n - 1), scenarios.load(name).seat)[0]
    tour = walkthrough(name, start=n)
    step = tour.walk["step"]
    assert step["number_answer"] and step["rule_href"] == rule_href(step["rule"])
    walk(tour, move="answer", value=right + 1)  # a first wrong try: told it is wrong, not the answer (issue 54)
    assert tour.feedback["ok"] is False and tour.feedback["retry"] is True and str(right) not in tour.feedback["text"]
    assert tour.walk["step"]["tried"] == right + 1 and tour.walk["step"]["answered"] is None
    walk(tour, move="next")
    assert "Answer the question first" in tour.error["message"]  # a try is no answer
    walk(tour, move="answer", value=right + 2)
    assert tour.feedback["ok"] is False and tour.feedback["text"] == f"Not quite. The answer: {right}. {question.explain}"
    assert tour.feedback["rule"] == step["rule"] and tour.walk["step"]["answered"] == right + 2
    assert tour.walk["step"]["right"] is False
    walk(tour, move="answer", value=right)
    assert tour.feedback["ok"] is True and tour.feedback["text"].startswith("Right.")
    walk(tour, move="next")  # questions are not graded: Next moves on once answered, right or wrong
    assert tour.walk["at"] == n and tour.feedback == {}


def test_next_waits_for_an_answer_and_skipping_is_an_explicit_choice_that_tells_the_answer(tour):
    n = step_of(FIRST, "question")
    tour.walk_jump(n)
    walk(tour, move="next")
    assert tour.walk["at"] == n - 1 and "Answer the question first" in tour.error["message"]
    walk(tour, move="skip")
    assert tour.walk["at"] == n and tour.feedback["ok"] is None
    assert tour.feedback["text"].startswith("Skipped. The answer: A card comes from the stack into it. With an empty")
    assert tour.feedback["step"] == n
    walk(tour, move="skip")
    assert tour.walk["at"] == n and "no question to skip" in tour.error["message"]


def test_a_question_with_several_right_choices_wants_every_one_ticked_and_names_them_all(tour):
    n = step_of(FIRST, "question", after=step_of(FIRST, "your-turn"))  # which of these may you do now? (two are right)
    tour.walk_jump(n)
    assert tour.walk["step"]["several"] is True
    walk(tour, move="answer", value=["pass"])
    assert tour.feedback["ok"] is False and tour.feedback["retry"] is True  # a second try comes first
    walk(tour, move="answer", value=["take e"])
    assert tour.feedback["ok"] is False
    assert "Take your cloak d in hand and Do nothing more" in tour.feedback["text"]
    walk(tour, move="answer", value=["pass", "take d"])
    assert tour.feedback["ok"] is True and tour.walk["step"]["right"] is True
    before = snapshot(tour)
    for value in ("pass", ["pass", "pass"], ["nonsense"]):  # one value, a choice twice, no such choice
        walk(tour, move="answer", value=value)
        assert tour.error["kind"] == "walk" and snapshot(tour) == before


def test_three_right_choices_are_named_as_an_english_list():
    question = next(s.question for s in scenarios.load(FIRST).steps if s.question and s.question.several)
    everything = [choice.value for choice in question.choices]
    assert Walkthrough._said(question, everything) == (
        "Take your cloak d in hand, Take seat 2's cloak e in hand and Do nothing more")


def test_a_checked_question_with_several_right_choices_must_say_so():
    """The checker refuses a pick-one question where more than one choice is right on some way through."""
    data = scenarios.load(FIRST).to_data()
    n = step_of(FIRST, "question", after=step_of(FIRST, "your-turn"))
    data["steps"][n - 1] = {k: v for k, v in data["steps"][n - 1].items() if k != "several"}
    assert any('"several": true' in problem for problem in scenarios.from_data(data, FIRST).check())


@pytest.mark.parametrize("value", [23.5, "24", None, [24]])
def test_an_answer_that_is_not_one_of_the_questions_is_refused(value):
    tour = walkthrough(SETUP, start=step_of(SETUP, "question"))
    before = snapshot(tour)
    walk(tour, move="answer", value=value)
    assert tour.error["kind"] == "walk" and snapshot(tour) == before


def test_the_end_step_sums_up_links_on_and_has_no_next():
    tour = walkthrough("cloak-dagger-transfers")  # the last walkthrough of its page: it links on
    count = tour.walk["count"]
    tour.walk_jump(count)
    step = tour.walk["step"]
    assert step["kind"] == "end" and step["links"][0]["href"].startswith("../notebooks/")
    assert "next" not in step["caption"].lower() and "Next" not in tour.status
    walk(tour, move="next")
    assert tour.error["kind"] == "walk" and tour.walk["at"] == count - 1


def test_every_step_carries_its_number_of_the_whole_and_its_rule_as_a_link(tour):
    for n in range(1, tour.walk["count"] + 1):
        tour.walk_jump(n)
        step = tour.walk["step"]
        assert step["number"] == n and tour.walk["outline"][n - 1]["number"] == n
        if step["rule"]:
            assert step["rule_href"] == rule_href(step["rule"]) and step["citation"]


def test_a_walkthrough_opens_at_a_step(tour):
    started = walkthrough(FIRST, start=9)
    assert started.walk["at"] == 8
    assert started.view == scenarios.load(FIRST).game_at(8).view(1).to_dict()
    walk(tour, move="jump", step=9)  # what the page's #step=9 sends
    assert tour.view == started.view and tour.walk == started.walk


def test_previous_after_an_answer_forgets_it(tour):
    n = step_of(FIRST, "your-turn")
    tour.walk_jump(n)
    tour.play("11")
    walk(tour, move="previous")
    assert tour.walk["at"] == n - 1 and tour._answers == {}


@pytest.mark.parametrize("content", [
    {"kind": "walk", "move": "jump", "step": 99},
    {"kind": "walk", "move": "jump", "step": 0},
    {"kind": "walk", "move": "jump", "step": "3"},
    {"kind": "walk", "move": "fly"},
    {"kind": "walk", "move": "previous"},
    {"kind": "walk", "move": "show"},
    {"kind": "walk", "move": "act"},
    {"kind": "walk", "move": "answer", "value": 1},
    {"kind": "play", "action": "7"},
    {"kind": "play", "action": 7},
    {"kind": "new", "seed": 3},
    {"kind": "load", "json": "{}"},
    {"kind": "undo"},
    {"kind": "review", "step": 0},
])
def test_walkthrough_refusals_change_nothing(tour, content):
    before = snapshot(tour)
    front_end_sends(tour, content)
    assert tour.error
    assert snapshot(tour) == before


def test_a_walkthrough_needs_a_real_scenario():
    with pytest.raises(RecordError, match="no such scenario"):
        walkthrough("no-such-scenario")


def test_an_omniscient_scenario_shows_the_teaching_view():
    tour = walkthrough("cloak-dagger-example")
    assert tour.viewer is None and tour.view["omniscient"] is True
    tour.walk_jump(step_of("cloak-dagger-example", "question"))
    walk(tour, move="answer", value=["take d", "take D"])
    assert tour.feedback["ok"] is True


def test_a_kloak_walkthrough_keeps_touch_move_and_explains_a_wrong_move():
    from spynb.kloak.widget import KloakBoard

    name = "kloak-first-kloak"
    tour = walkthrough(name, start=step_of(name, "your-turn"))
    assert isinstance(tour, KloakBoard)
    front_end_sends(tour, {"kind": "touch", "square": "a2"})
    assert tour.touched == "a2"
    front_end_sends(tour, {"kind": "play", "action": "B b1xb2"})
    assert tour.error["rule"] == "KL-14"
    front_end_sends(tour, {"kind": "play", "action": "B a2-a1"})
    assert tour.feedback["ok"] is False and "orange piece shows" in tour.feedback["text"]
    assert tour.touched == ""  # explained, nothing played: pick again
    front_end_sends(tour, {"kind": "touch", "square": "c1"})
    front_end_sends(tour, {"kind": "play", "action": "B c1xc2"})
    assert tour.feedback["ok"] is True and tour.walk["step"]["kind"] == "end" and tour.touched == ""
    assert tour.walk["just"] == "Seat 1 moved the big piece on c1 onto the small piece on c2."


def test_a_jump_forgets_a_touched_piece():
    name = "kloak-first-kloak"
    tour = walkthrough(name, start=step_of(name, "your-turn"))
    front_end_sends(tour, {"kind": "touch", "square": "c1"})
    walk(tour, move="previous")
    assert tour.touched == ""


def test_a_target_walkthrough_starts_on_the_dealt_hands_and_teaches_a_clearance():
    from spynb.target.widget import TargetBoard

    name = "target-first-turns"
    tour = walkthrough(name, start=step_of(name, "your-turn"))
    assert isinstance(tour, TargetBoard) and len(tour.view["hand"]) == 4
    assert tour.play("play technology")  # any card is accepted at the first play
    while tour.walk["step"]["kind"] != "your-turn":
        walk(tour, move="skip" if tour.walk["step"]["kind"] == "question" else "next")
    front_end_sends(tour, {"kind": "play", "action": "discard firearms"})
    assert tour.feedback["ok"] is False and "three Training cards" in tour.feedback["text"]
    assert tour.play("clear firearms+deception+deception")
    assert tour.feedback["ok"] and tour.view["tokens"]["1"] == ["operative"]


def test_a_step_that_tells_more_than_the_seats_board_says_so_on_screen():
    """KL-13: what a seat remembers but its board hides is marked; other steps carry no such note."""
    marked = walkthrough("kloak-lift-reveals")
    number = next(i for i, s in enumerate(scenarios.load("kloak-lift-reveals").steps, 1) if s.shows_hidden)
    assert marked.walk["step"]["shows_hidden"] == ""
    walk(marked, move="jump", step=number)
    assert "board does not show" in marked.walk["step"]["shows_hidden"]


def test_the_end_of_a_walkthrough_that_plays_a_game_to_its_end_says_who_won():
    won = walkthrough("cloak-dagger-near-misses")
    won.walk_jump(won.walk["count"])
    assert won.status == "Game over: Seat 1 wins. The walkthrough is complete."
    unfinished = walkthrough("cloak-dagger-first-steps")
    unfinished.walk_jump(unfinished.walk["count"])
    assert unfinished.status == "The walkthrough is complete."


def play_on(tour) -> None:
    """Press whatever plays the shown step on: Show me, the act's button, Skip this question or Next."""
    step = tour.walk["step"]
    if step["kind"] == "your-turn":
        assert tour.walk_show()
    elif step["act"]:
        assert tour.walk_act()
    elif step["kind"] == "question":
        assert tour.walk_skip()
    else:
        assert tour.walk_next()


def test_a_walkthrough_is_finished_when_played_on_from_the_first_step_to_the_end_and_not_after_a_jump():
    jumped = walkthrough("cloak-dagger-first-steps")
    jumped.walk_jump(jumped.walk["count"] - 1)
    play_on(jumped)
    assert jumped.walk["step"]["kind"] == "end" and jumped.walk["finished"] is False
    played = walkthrough("cloak-dagger-first-steps")
    while played.walk["step"]["kind"] != "end":
        assert played.walk["finished"] is False
        play_on(played)
    assert played.walk["finished"] is True
    assert played.walk_previous() and played.walk["finished"] is True, "finished stays finished"


def acted(name: str) -> int:
    """The number (1-based) of the first step of ``name`` the learner acts out."""
    return next(i for i, s in enumerate(scenarios.load(name).steps, 1) if s.act)


def test_a_step_the_learner_acts_out_waits_for_its_act_and_then_chance_plays_the_scripted_outcome():
    n = acted(SETUP)
    step = scenarios.load(SETUP).steps[n - 1]
    tour = walkthrough(SETUP, start=n)
    assert tour.walk["step"]["act"] == "Cut the stack" == step.act and "Cut the stack" in tour.status
    assert tour.walk["outline"][n - 1]["act"] is True and tour.walk["outline"][0]["act"] is False
    before = snapshot(tour)
    walk(tour, move="next")  # the learner cuts: Next does not do it for them
    assert tour.error["kind"] == "walk" and "Cut the stack" in tour.error["message"] and snapshot(tour) == before
    walk(tour, move="act")
    assert tour.walk["at"] == n and str(tour.game.actions[-1][1]) == step.do.partition(":")[2].strip()
    assert tour.game.actions[-1][0] is None and tour.walk["just"] == "Seat 1 cut X."


def test_only_a_step_with_an_act_is_acted_out(tour):
    assert tour.walk["step"]["act"] == ""
    before = snapshot(tour)
    walk(tour, move="act")
    assert tour.error["kind"] == "walk" and "press Next" in tour.error["message"] and snapshot(tour) == before


@pytest.mark.parametrize("name", scenarios.names())
def test_no_questions_explanation_or_answer_is_shown_before_the_learner_answers(name):
    """Everything the panel is sent at a question step, before an answer: no explanation, no answer given."""
    tour = walkthrough(name)
    for number, step in enumerate(scenarios.load(name).steps, 1):
        if step.question is None:
            continue
        tour.walk_jump(number)
        sent = repr((tour.walk, tour.feedback))
        assert tour.walk["step"]["answered"] is None, number
        assert not step.question.explain or step.question.explain not in sent, number
