"""A legal move a walkthrough step does not take is told what it did and why the step wants another, computed
from that move (never one sentence for all); a card that cannot be picked is refused by the rule that refuses it."""

from __future__ import annotations

import re

import pytest

from spynb.cloak_dagger.actions import Take
from spynb.engine import IllegalActionError, State
from spynb.scenarios import StepKind, load, names
from spynb.scenarios.from_seat import redeals
from spynb.widgets.walkthrough_player import told_safely, walkthrough

HIDES = ", and it would show what the board hides."


def _your_turns(name: str) -> list[int]:
    return [i for i, step in enumerate(load(name).steps) if step.kind is StepKind.YOUR_TURN]


@pytest.mark.parametrize("name", [n for n in names() if _your_turns(n)])
def test_every_other_legal_move_is_told_what_it_did(name: str) -> None:
    scenario, tour = load(name), walkthrough(name)
    for i in _your_turns(name):
        step = scenario.steps[i]
        expect = step.expect
        assert expect is not None and tour.walk_jump(i + 1)
        game = tour.game
        legal = game.legal_actions(expect.seat)
        kinds = {type(a) for a in legal if expect.accepts(str(a))}
        said: dict[str, str] = {}
        for action in legal:
            if expect.accepts(str(action)):
                continue
            assert tour.play(str(action)) is False and tour.error == {}, (name, i + 1, str(action))
            text = tour.feedback["text"]
            assert tour.feedback["ok"] is False and tour.walk["at"] == i and len(tour.game.actions) == len(game.actions)
            told, hides = told_safely(game.state, action, expect.seat)
            assert text.startswith(told) and (HIDES in text) is hides, (name, i + 1, str(action), text)
            if expect.why.get(str(action)):
                assert text.endswith(expect.why[str(action)])
            elif type(action) in kinds:  # a move of the kind the step asks for is not told to make that kind
                assert "this game goes on with another" in text
                if len([a for a in legal if expect.accepts(str(a))]) > 1 and expect.otherwise:
                    assert expect.otherwise not in text
            said[str(action)] = text
        named = [text.split(" That move")[0] for text in said.values() if HIDES not in text and not text.startswith("That")]
        assert len(set(named)) == len(named), (name, i + 1)  # each move that hides nothing told in its own words


def test_a_small_move_is_never_told_the_step_moves_a_small_piece() -> None:
    tour = walkthrough("kloak-first-game", start=15)
    smalls = [a for a in tour.legal if re.fullmatch(r"[a-e][1-5]-[a-e][1-5]", a)]
    for move in smalls:
        if tour.play(move):
            tour.walk_jump(15)
            continue
        assert "This step moves a small piece" not in tour.feedback["text"]
        assert tour.feedback["text"].startswith(f"Seat 1 moved the small piece on {move[:2]} to {move[3:]}.")


def test_a_move_that_would_uncover_a_piece_does_not_tell_its_colour() -> None:
    tour = walkthrough("kloak-first-game", start=15)
    assert tour.play("B a2-a1") is False and HIDES in tour.feedback["text"]
    assert not re.search(r"sky|blue|orange|green|\([A-Z]\)", tour.feedback["text"])


def test_words_that_differ_in_a_re_deal_are_never_told() -> None:
    game = walkthrough("kloak-first-game", start=15).game
    lift = game.parse("claim a2 a3 a4")
    told, hides = told_safely(game.state, lift, 1)
    assert hides and "a2 S" not in told

    def words(world: State) -> str:
        seen = len(world.events_seen_by(1))
        world.apply(lift, 1)
        return " ".join(event.text for event in world.events_seen_by(1)[seen:])

    assert len({words(w) for w in [game.state.clone(), *redeals(game.state, 1)]}) > 1


def _engine_refuses(tour, take: Take) -> str:
    try:
        tour.game.copy().play(take, tour.walk["seat"])
    except IllegalActionError as err:
        return err.reason
    return ""


@pytest.mark.parametrize("name", [n for n in names() if n.startswith("cloak-dagger") and _your_turns(n)])
def test_a_card_that_cannot_start_a_transfer_is_refused_by_the_engines_rule(name: str) -> None:
    tour = walkthrough(name)
    for i in _your_turns(name):
        tour.walk_jump(i + 1)
        opened = tour.view.get("opened")
        if not opened or tour.walk["seat"] is None:
            continue
        for card in dict.fromkeys(opened["contents"]):
            refused = _engine_refuses(tour, Take(card))
            assert tour.pick(card) is not bool(refused), (name, i + 1, card)
            if refused:
                assert tour.error["reason"].startswith(refused) and tour.error["rule"] == "CD-6"
                assert "No transfer can start now" not in tour.error["reason"]
            else:
                tour.pick(card)  # put it back


def test_a_hazard_is_refused_because_a_hazard_cannot_start_a_transfer() -> None:
    tour = walkthrough("cloak-dagger-first-game", start=18)
    assert tour.view["opened"]["contents"] == "K" and tour.view["hand"] == ""
    assert tour.pick("K") is False
    assert tour.error["rule"] == "CD-6" and "not K" in tour.error["reason"]
