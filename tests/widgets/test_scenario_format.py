"""The scenario format: the four step kinds, queries and claims, errors that say where, check()."""

from __future__ import annotations

import copy

import pytest

import spynb
from spynb import scenarios
from spynb.engine import RecordError, SpynbError
from spynb.scenarios import Expect, Query, StepKind, from_data

CUTS = [{"kind": "narrated", "do": "chance: cut a", "caption": "c", "rule": "CD-2"},
        {"kind": "narrated", "do": "chance: cut K", "caption": "c", "rule": "CD-2"}]
BASE = {"id": "t", "title": "T", "game": "cloak-dagger", "variant": "standard", "seats": 2, "seed": 0, "seat": 1,
        "goal": "g",
        "steps": [*CUTS,
                  {"kind": "your-turn", "do": "1: 11", "caption": "pick 11", "rule": "CD-4", "accept": ["11"]},
                  {"kind": "question", "caption": "who moves?", "answer": {"query": "to_move"},
                   "choices": [{"text": "you", "value": 1}, {"text": "seat 2", "value": 2}]},
                  {"kind": "end", "caption": "done", "links": [{"text": "on", "href": "x.ipynb"}]}]}


def data(change=None) -> dict:
    out = copy.deepcopy(BASE)
    if change:
        change(out)
    return out


def test_the_kinds_are_read_from_each_step():
    tour = from_data(data())
    assert [s.kind for s in tour.steps] == [StepKind.NARRATED, StepKind.NARRATED, StepKind.YOUR_TURN,
                                            StepKind.QUESTION, StepKind.END]
    assert tour.steps[2].expect == Expect(seat=1, accept=("11",))
    assert tour.steps[4].links[0].value == "x.ipynb" and tour.steps[4].do == ""


def test_steps_without_a_move_play_none_and_the_game_waits_where_the_moves_left_it():
    tour = from_data(data())
    assert tour.entries() == ["chance: cut a", "chance: cut K", "1: 11"]
    assert tour.moves_before(4) == 3
    assert tour.game_at(3).record().actions == tour.game_at(4).record().actions


def test_a_question_answer_is_computed_from_the_engine_not_typed():
    tour = from_data(data())
    assert tour.steps[3].question.right(tour.game_at(3), 1) == [2]  # seat 1 chose 11: seat 2 moves
    # the same question earlier in the game has another answer: nothing is stored
    assert tour.steps[3].question.right(tour.game_at(2), 1) == [1]


@pytest.mark.parametrize("query, expected", [
    ({"query": "to_move"}, 1),
    ({"query": "to_move", "after": ["1: 7"]}, 2),
    ({"query": "to_move", "after": ["1: 11", "2: 12", "1: 7"]}, "chance"),
    ({"query": "view", "path": "notes.6.text"}, "?"),
    ({"query": "count", "path": "notes"}, 20),
    ({"query": "legal", "move": "7"}, True),
    ({"query": "legal", "move": "take d"}, False),
    ({"query": "legal", "move": "not notation"}, False),
    ({"query": "legal_count"}, 20),
    ({"query": "winners"}, []),
])
def test_each_query_reads_the_game_through_the_contract(query, expected):
    tour = from_data(data(lambda d: d["steps"][3].update(answer=query, choices=[{"text": "x", "value": expected}])))
    assert tour.steps[3].question.answer.evaluate(tour.game_at(2), 1) == expected


def test_a_query_with_after_leaves_the_game_as_it_was():
    game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    before = game.view(None).to_json()
    assert Query("to_move", after=("1: 12",)).evaluate(game, 1) == 2
    assert game.view(None).to_json() == before


def test_a_view_query_reads_only_the_seats_view():
    game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    with pytest.raises(SpynbError, match="stopped at 'envelopes'"):
        Query("view", path="envelopes.7").evaluate(game, 1)  # the omniscient view's field
    assert Query("view", path="envelopes.7").evaluate(game, None) == ""


def test_a_question_of_legal_moves_marks_each_legal_choice_right():
    legal = {"kind": "question", "caption": "which?", "answer": {"query": "legal"},
             "choices": [{"text": "7", "value": "7"}, {"text": "take d", "value": "take d"},
                         {"text": "12", "value": "12"}]}
    tour = from_data(data(lambda d: d["steps"].insert(2, legal)))
    assert tour.steps[2].question.right(tour.game_at(2), 1) == ["7", "12"]


def test_claims_hold_or_check_says_which_does_not():
    def claim(value):
        return lambda d: d["steps"][2].update(claims=[{"query": "view", "path": "notes.10.letters", "is": value}])

    assert from_data(data(claim("dD"))).check() == []
    problems = from_data(data(claim("dDX"))).check()
    assert problems == ["step 3: the claim view notes.10.letters is 'dDX' does not hold"]


def test_a_before_claim_is_checked_before_the_move():
    tour = from_data(data(lambda d: d["steps"][2].update(
        claims=[{"query": "view", "path": "hand", "is": "dD", "when": "before"},
                {"query": "view", "path": "hand", "is": "", "when": "after"},
                {"query": "view", "path": "hand", "lacks": "d"}])))
    assert tour.check() == []


def test_check_finds_a_question_without_its_computed_answer_among_the_choices():
    tour = from_data(data(lambda d: d["steps"][3].update(choices=[{"text": "you", "value": 1}])))
    assert tour.check() == ["step 4: no choice is the computed answer"]


def test_check_finds_a_do_the_step_does_not_accept_and_a_later_step_an_accepted_move_breaks():
    assert "not accepted" in from_data(data(lambda d: d["steps"][2].update(accept=["12"]))).check()[0]

    def any_envelope(d):
        d["steps"][2].update(accept=[], match=r"\d+")
        d["steps"][3:3] = [{"kind": "narrated", "do": "2: 11", "caption": "c"},
                           {"kind": "narrated", "do": "1: 11", "caption": "c"},
                           {"kind": "narrated", "do": "1: take d", "caption": "c"}]
        d["steps"][6]["answer"] = {"query": "to_move"}
    problems = from_data(data(any_envelope)).check()
    assert problems and all("after the accepted move" in p for p in problems)


def test_check_follows_every_accepted_move_into_the_later_claims():
    def any_envelope(d):
        d["steps"][2].update(accept=[], match=r"1[01]",
                             claims=[{"query": "view", "path": "notes.10.letters", "is": "dD"}])
    problems = from_data(data(any_envelope)).check()
    assert problems == ["step 3: the claim view notes.10.letters is 'dD' does not hold (after the accepted move "
                        "'1: 10')"]


@pytest.mark.parametrize("change, where", [
    (lambda d: d["steps"][2].update(colour="red"), "steps[2].colour"),
    (lambda d: d["steps"][2].update(kind="lecture"), "steps[2].kind"),
    (lambda d: d["steps"][2].pop("caption"), "steps[2].caption"),
    (lambda d: d["steps"][2].update(accept="11"), "steps[2].accept"),
    (lambda d: d["steps"][2].update(match="(", accept=[]), "steps[2].match"),
    (lambda d: d["steps"][2].update(accept=[]), "steps[2]"),
    (lambda d: d["steps"][2].update(why={"5": 3}), "steps[2].why"),
    (lambda d: d["steps"][2].update(do="chance: cut a"), "steps[2].do"),
    (lambda d: d["steps"][2].update(do="eleven"), "steps[2].do"),
    (lambda d: d["steps"][0].update(accept=["x"]), "steps[0].accept"),
    (lambda d: d["steps"][3].pop("answer"), "steps[3].answer"),
    (lambda d: d["steps"][3].update(answer={"query": "mood"}), "steps[3].answer.query"),
    (lambda d: d["steps"][3].update(answer={"query": "view"}), "steps[3].answer.path"),
    (lambda d: d["steps"][3].update(answer={"query": "to_move", "colour": 1}), "steps[3].answer.colour"),
    (lambda d: d["steps"][3].update(answer={"query": "to_move", "seat": 2}), "steps[3].answer.seat"),
    (lambda d: d["steps"][3].update(answer={"query": "to_move", "after": [7]}), "steps[3].answer.after[0]"),
    (lambda d: d["steps"][3].update(choices=[]), "steps[3]"),
    (lambda d: d["steps"][3].update(number=True), "steps[3]"),
    (lambda d: d["steps"][3].update(choices=[{"text": "x"}]), "steps[3].choices[0]"),
    (lambda d: d["steps"][3].update(claims=[{"query": "to_move"}]), "steps[3].claims[0]"),
    (lambda d: d["steps"][3].update(claims=[{"query": "to_move", "is": 1, "when": "after"}]),
     "steps[3].claims[0].when"),
    (lambda d: d["steps"][4].update(links=[{"text": "x"}]), "steps[4].links[0]"),
    (lambda d: d["steps"].pop(), "steps[3]"),
    (lambda d: d["steps"].insert(0, {"kind": "end", "caption": "too soon"}), "steps[0]"),
    (lambda d: d.update(steps={}), "field 'steps'"),
    (lambda d: d.update(steps=[]), "field 'steps'"),
    (lambda d: d.pop("goal"), "field 'goal'"),
    (lambda d: d.update(seat=3), "field 'seat'"),
    (lambda d: d.update(colour="red"), "field 'colour'"),
])
def test_a_malformed_scenario_says_where(change, where):
    with pytest.raises(RecordError) as err:
        from_data(data(change), "t")
    assert where in err.value.where


def test_only_an_omniscient_scenario_may_ask_about_another_seat():
    ask = {"query": "legal", "seat": 2}
    with pytest.raises(RecordError, match="must not tell it others' secrets"):
        from_data(data(lambda d: d["steps"][3].update(answer=ask)))
    tour = from_data(data(lambda d: (d.update(seat=None), d["steps"][3].update(
        answer=ask, choices=[{"text": "x", "value": "7"}, {"text": "y", "value": "take e"}]))))
    assert tour.steps[3].question.right(tour.game_at(3), None) == ["7"]


def test_unknown_scenario_name_is_a_record_error():
    with pytest.raises(RecordError, match="no such scenario"):
        scenarios.load("../etc/passwd")


def test_a_decision_says_what_each_accepted_choice_risks_and_the_player_says_it():
    from spynb.widgets.walkthrough_player import player_class
    from spynb.widgets.play import board_class

    def decide(d):
        d["steps"][2].update(accept=["11", "12"], praise="Hidden.", feedback={"12": "Far from the plans."})

    tour = from_data(data(decide))
    assert tour.steps[2].expect.reply("12") == "Far from the plans." and tour.steps[2].expect.reply("11") == "Hidden."
    player = player_class(board_class("cloak-dagger"))(tour)
    player.walk_jump(3)
    assert player.play("12") and player.feedback["text"] == "Far from the plans."


def test_feedback_for_a_move_the_step_does_not_accept_is_refused():
    with pytest.raises(RecordError, match=r"steps\[2\]\.feedback: '12' is not a move the step accepts"):
        from_data(data(lambda d: d["steps"][2].update(feedback={"12": "no"})))


def test_a_step_whose_move_is_chances_may_name_the_act_the_learner_performs():
    tour = from_data(data(lambda d: d["steps"][0].update(act="Cut the stack")))
    assert tour.steps[0].act == "Cut the stack" and tour.steps[1].act == ""
    assert tour.entries()[0] == "chance: cut a"  # chance still plays the scripted outcome


@pytest.mark.parametrize("step, why", [
    ({"kind": "narrated", "caption": "c"}, "only a step with a move"),
    ({"kind": "your-turn", "do": "1: 11", "caption": "c", "accept": ["11"]}, "is not part of a your-turn step"),
    ({"kind": "narrated", "do": "chance: cut a", "caption": "c", "act": ""}, "non-empty text"),
    ({"kind": "narrated", "do": "chance: cut a", "caption": "c", "act": "cut the stack"}, "short imperative"),
    ({"kind": "narrated", "do": "chance: cut a", "caption": "c", "act": "Cut the stack."}, "short imperative"),
    ({"kind": "narrated", "do": "chance: cut a", "caption": "c", "act": "You cut the stack"}, "short imperative"),
    ({"kind": "narrated", "do": "chance: cut a", "caption": "c",
      "act": "Cut the stack and then look at the card you cut"}, "short imperative"),
])
def test_an_act_is_a_short_imperative_label_on_a_step_with_a_move(step, why):
    with pytest.raises(RecordError, match=why) as raised:
        from_data(data(lambda d: d["steps"].__setitem__(0, {**step, "act": step.get("act", "Cut the stack")})))
    assert "steps[0]" in str(raised.value)


def test_an_act_never_plays_a_choice_of_the_learners():
    """Choosing envelope 11 among twenty is the learner's decision: a your-turn step, not an act."""
    chosen = {"kind": "narrated", "do": "1: 11", "caption": "c", "act": "Open envelope 11"}
    tour = from_data(data(lambda d: d["steps"].__setitem__(2, chosen)))
    assert [p for p in tour.check() if "act" in p] == ["step 3: its act plays '1: 11', a choice of seat 1's "
                                                       "(make it a your-turn step)"]
