"""Kuhn poker's rules, one test per rule sentence and ruling (named after its id)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import spynb
from spynb.engine import IllegalActionError

from .actions import Bet, Deal, parse
from .state import KuhnState


def hand(*notations: str, turn_limit: int | None = None) -> KuhnState:
    """A hand played from the start: the deals and moves in notation (``"deal K"``, ``"bet"``)."""
    state = spynb.get_spec("kuhn").new_state(options={"turn_limit": turn_limit})
    assert isinstance(state, KuhnState)
    for notation in notations:
        state.apply(parse(notation))
    return state


def words(state: KuhnState, seat: int) -> list[str]:
    return [str(action) for action in state.legal_actions(seat)]


def test_KP_Cards_1_the_king_beats_the_queen_beats_the_jack() -> None:
    for high, low in (("K", "Q"), ("Q", "J"), ("K", "J")):
        assert hand(f"deal {low}", f"deal {high}", "check", "check").winners == (2,)
        assert hand(f"deal {high}", f"deal {low}", "check", "check").winners == (1,)


def test_KP_Ante_1_each_seat_starts_with_one_chip_in_the_pot() -> None:
    state = hand("deal J", "deal Q")
    assert state.stakes == {1: 1, 2: 1} and state.pot == 2


def test_KP_Deal_1_chance_deals_one_card_each_from_the_three() -> None:
    state = hand()
    assert dict(state.chance_outcomes()) == {Deal(c): Fraction(1, 3) for c in "JQK"}
    state.apply(Deal("Q"))
    assert dict(state.chance_outcomes()) == {Deal("J"): Fraction(1, 2), Deal("K"): Fraction(1, 2)}
    state.apply(Deal("K"))
    assert not state.turn.chance and state.cards == ["Q", "K"]


def test_KP_Deal_2_a_seat_sees_its_own_card_only() -> None:
    state = hand("deal Q", "deal K")
    assert state.view(1)["cards"] == {"1": "Q", "2": "?"} and state.view(2)["cards"] == {"1": "?", "2": "K"}
    assert "Queen" in state.text(1) and "King" not in state.text(1)


def test_KP_Betting_1_the_first_seat_checks_or_bets() -> None:
    assert words(hand("deal J", "deal Q"), 1) == ["bet", "check"]


def test_KP_Betting_2_after_a_check_the_second_seat_checks_or_bets() -> None:
    state = hand("deal J", "deal Q", "check")
    assert words(state, 2) == ["bet", "check"] and words(state, 1) == []


def test_KP_Betting_3_a_bet_is_called_with_one_chip_or_folded_to() -> None:
    state = hand("deal J", "deal Q", "check", "bet")
    assert words(state, 1) == ["call", "fold"]
    state.apply(Bet("call"))
    assert state.stakes == {1: 2, 2: 2} and state.over


def test_KP_Showdown_1_two_checks_or_a_call_show_both_cards() -> None:
    for moves in (("check", "check"), ("bet", "call"), ("check", "bet", "call")):
        state = hand("deal K", "deal J", *moves)
        assert state.shown and state.view(2)["cards"] == {"1": "K", "2": "J"} and state.winners == (1,)


def test_KP_Showdown_2_a_fold_gives_the_pot_away_and_shows_no_card() -> None:
    state = hand("deal K", "deal J", "check", "bet", "fold")
    assert state.winners == (2,) and not state.shown
    assert state.view(2)["cards"] == {"1": "?", "2": "J"}
    assert state.resample_hidden(2, random.Random(0)) is not None  # still hidden after the end


def test_KP_1_seat_1_acts_first_and_the_seats_alternate() -> None:
    state = hand("deal J", "deal Q")
    seats = []
    for move in ("check", "bet", "call"):
        seats.append(state.turn.seats[0])
        state.apply(Bet(move))
    assert seats == [1, 2, 1]
    with pytest.raises(IllegalActionError) as caught:
        hand("deal J", "deal Q").apply(Bet("bet"), 2)
    assert caught.value.rule_id == "ENG-1"


def test_KP_2_the_other_card_is_hidden_until_a_showdown() -> None:
    state = hand("deal J", "deal Q")
    others = {state.resample_hidden(1, random.Random(seed)).cards[1] for seed in range(20)}  # type: ignore[union-attr]
    assert others == {"Q", "K"}
    assert state.view(1) == state.resample_hidden(1, random.Random(3)).view(1)  # type: ignore[union-attr]
    assert hand("deal J", "deal Q", "check", "check").resample_hidden(1, random.Random(0)) is None


def test_KP_3_a_turn_limit_ends_the_hand_with_no_winner() -> None:
    state = hand("deal J", "deal Q", "check", turn_limit=1)
    assert state.over and state.winners == () and "turn limit" in state.events[-1].text


def test_KP_4_there_is_no_raise() -> None:
    state = hand("deal J", "deal Q", "bet")
    for move in ("bet", "check"):
        with pytest.raises(IllegalActionError) as caught:
            state.apply(Bet(move))
        assert caught.value.rule_id == "KP-4"
    with pytest.raises(IllegalActionError):
        hand("deal J", "deal Q").apply(Bet("call"))


def test_KP_5_the_winner_takes_the_whole_pot() -> None:
    state = hand("deal Q", "deal K", "check", "bet", "call")
    assert state.pot == 4 and state.events[-1].text.endswith("takes the pot of 4 chips.")
    assert state.events[-1].rule == "KP-5"
