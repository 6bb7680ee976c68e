"""Nothing hidden leaks through whose turn it is (TG-S10, TG-S11, TG-S1).

Each test builds two positions that differ only in something one seat cannot
see (another seat's hand or affiliation), plays both on with the same public
choices, and checks at every step that the seat observes the same thing:
whose move it is, the stage, its own choices, and every event it saw with
its number.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from spynb.engine import Action, sample_chance
from spynb.target import Discard, Draw, Resolve, Reveal, TargetState

from .helpers import play, scene

TRAINING = ("firearms", "martial-arts", "deception")


def _observed(state: TargetState, seat: int) -> tuple:
    """What ``seat`` observes: whose move, its view (stage, events with their numbers), its choices, all it saw."""
    return (state.turn, state.view(seat), state.legal_actions(seat) if seat in state.turn.seats else (),
            tuple(e.frozen() for e in state.events_seen_by(seat)))


def _public_choices(a: TargetState, b: TargetState, seat: int) -> tuple[Action, Action]:
    """The same visible choice for ``seat`` in both positions: resolve, a Rookie draw, a card both hands hold,
    or showing the same seat an Outed affiliation (whatever colour it shows)."""
    both = [x for x in a.legal_actions(seat) if x in b.legal_actions(seat)]
    for wanted in (Resolve(), Draw("rookie")):
        if wanted in both:
            return wanted, wanted
    common = [Discard(c) for c in a.hands[seat] if Discard(c) in both]
    if common or both:
        return (common or both)[0], (common or both)[0]
    reveal_a, reveal_b = a.legal_actions(seat)[0], b.legal_actions(seat)[0]
    assert isinstance(reveal_a, Reveal) and isinstance(reveal_b, Reveal) and reveal_a.seat == reveal_b.seat
    return reveal_a, reveal_b


def _same_to(observer: int, a: TargetState, b: TargetState) -> int:
    """Play ``a`` and ``b`` on to the next turn's plays, asserting ``observer`` cannot tell them apart; the steps."""
    rng_a, rng_b = random.Random(7), random.Random(7)
    steps = 0
    while a.stage not in ("surveilled", "play", "over") or a.turn_number == 1:
        assert _observed(a, observer) == _observed(b, observer), f"seat {observer} tells them apart at step {steps}"
        if a.turn.chance:
            a.apply(sample_chance(a, rng_a))
            b.apply(sample_chance(b, rng_b))
        else:
            seat = a.turn.seats[0]
            if seat == observer:
                action_a = action_b = a.legal_actions(seat)[0]
            else:
                action_a, action_b = _public_choices(a, b, seat)
            a.apply(action_a, seat)
            b.apply(action_b, seat)
        steps += 1
    assert _observed(a, observer) == _observed(b, observer)
    return steps


def _pair(hidden: Mapping[int, tuple[list[str], list[str]]], plays: Mapping[int, str],
          hands: Mapping[int, list[str]] | None = None, **kwargs: object) -> tuple[TargetState, TargetState]:
    """Two scenes that differ only in the hands given in ``hidden`` (first and second version: cards of the
    same decks, so every deck's size is the same), after ``plays``."""
    states = []
    for version in (0, 1):
        given = {**(hands or {}), **{s: cards[version] for s, cards in hidden.items()}}
        states.append(play(scene(4, given, **kwargs), plays))  # type: ignore[arg-type]
    return states[0], states[1]


def test_TG_S11_a_seat_holding_a_set_is_asked_to_restore_like_any_other() -> None:
    a, b = _pair({2: ([*TRAINING, "mole"], ["informant", "defector", "german", "mole"])}, {2: "mole"})
    assert a.stage == b.stage == "restore" and a.turn == b.turn and 2 in a.turn.seats
    assert _same_to(1, a, b) > 4


def test_TG_S11_a_seat_that_could_remove_a_card_in_front_is_asked_like_any_other() -> None:
    slip_or_not = {3: (["slip", "mole", "french", "kevlar"], ["staked-out", "mole", "french", "kevlar"])}
    a, b = _pair(slip_or_not, {3: "mole"}, front={3: ["tailed"]})
    assert a.turn == b.turn and 3 in a.turn.seats
    _same_to(1, a, b)
    _same_to(4, *_pair(slip_or_not, {3: "mole"}, front={3: ["tailed"]}))  # seat 4 watched seat 3 play (TG-8)


def test_TG_S1_an_attacked_target_pauses_whether_or_not_it_can_counter() -> None:
    shooter = ["shot", "mole", "german", "french"]
    a, b = (play(scene(4, {1: target, 2: shooter}), {1: "mole", 2: "shot"})
            for target in (["firearms", "kevlar", "mole", "french"], ["german", "informant", "mole", "french"]))
    assert a.stage == b.stage == "operatives" and a.turn.seats == (1,)
    assert _observed(a, 3) == _observed(b, 3)  # once it is hit, its hand goes face up to the discards (TG-6)


@pytest.mark.parametrize("observer", [1, 3])
def test_TG_S1_a_surveilled_target_pauses_whether_or_not_it_can_counter(observer: int) -> None:
    hands_a = {2: ["firearms", "technology", "mole", "french"], 1: ["staked-out", "mole", "german", "french"]}
    hands_b = {2: ["german", "informant", "mole", "french"], 1: ["staked-out", "mole", "german", "french"]}
    plays = {1: "staked-out", 2: "mole"}
    a, b = (play(scene(4, hands, marker=2), plays) for hands in (hands_a, hands_b))
    assert a.stage == b.stage == "espionage"
    _same_to(observer, a, b)


def test_TG_7_an_outed_target_is_asked_whatever_its_side() -> None:
    hands = {1: ["outed", "mole", "german", "french"]}
    a, b = (play(scene(4, hands, marker=2, affiliations={1: "kgb", 2: side, 3: "cia", 4: "kgb"}), {1: "outed"})
            for side in ("cia", "double-agent"))
    assert a.stage == b.stage == "espionage"
    a.apply(Resolve())
    b.apply(Resolve())
    assert a.stage == b.stage == "outed" and a.legal_actions(2) != b.legal_actions(2)  # a Double Agent picks a colour
    _same_to(3, a, b)


def test_TG_12_a_target_above_four_discards_the_same_way_whatever_else_it_holds() -> None:
    a, b = _pair({1: ([*TRAINING, "mole"], ["informant", "defector", "german", "mole"])},
                 {1: "mole", 2: "kevlar", 3: "kevlar", 4: "kevlar"}, hands={s: ["kevlar"] for s in (2, 3, 4)})
    assert len(a.hands[1]) == 7 and a.turn == b.turn
    _same_to(2, a, b)
