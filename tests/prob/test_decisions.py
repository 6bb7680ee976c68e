"""Decisions in play: every exact answer against a second method and a seeded simulation's interval."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from spynb.cloak_dagger.cards import agents_of
from spynb.engine import SpynbError
from spynb.prob import covered, decisions, envelopes, hands, simulate
from spynb.prob.answers import answer, exercises_for
from spynb.prob.coverage import expected_misses, misses


# -- KLOAK: is a claim worth it? (KL-2, KL-7, KL-8, KL-13) --------------------------------------

@pytest.fixture(scope="module")
def kloak():
    state = covered.claim_position()
    return state, state.view(1)


def test_KL_13_covered_colours_are_the_set_minus_what_is_in_sight(kloak):
    state, view = kloak
    truth = state.view(None)["small"]
    assert covered.covered_colours(view) == Counter(truth[sq] for sq in state.covered_squares())


def test_KL_7_line_chance_by_counting_equals_listing_on_every_claimable_line(kloak):
    _, view = kloak
    lines = [tuple(line) for line in view["candidates"]] or [decisions.CLAIM_LINE]
    from spynb.kloak.board import LINES

    checked = 0
    for line in LINES:
        try:
            exact = covered.line_chance(view, line)
        except SpynbError:
            continue
        assert exact == covered.line_chance_by_listing(view, line)
        checked += 1
    assert checked >= 5 and answer("kl-claim-line") == Fraction(1, 6)
    assert lines


def test_KL_7_a_line_without_a_covered_piece_is_refused(kloak):
    _, view = kloak
    with pytest.raises(SpynbError, match="KL-7"):
        covered.line_chance(view, ("a3", "b3", "c3"))
    with pytest.raises(SpynbError, match="KL-7"):
        covered.line_chance(view, ("a2", "c2", "e2"))


def test_KL_7_claim_line_inside_the_resampled_simulation_interval(kloak):
    state, _ = kloak
    sim = simulate(covered.board_trial(state, 1, covered.one_colour(decisions.CLAIM_LINE)), 400, seed=1,
                   progress=False)
    assert sim.estimate.contains(answer("kl-claim-line"))
    assert not sim.estimate.contains(Fraction(1, 2))


def test_KL_2_after_setup_listing_equals_the_engine_setup_walk(kloak):
    _, view = kloak
    for line in (decisions.CLAIM_LINE, ("b2", "c3", "d4")):
        assert covered.line_chance_after_setup(view, line) == covered.line_chance_after_setup_by_walk(view, line) == 0
    assert covered.line_chance(view, ("b2", "c3", "d4")) > 0  # the board alone does not rule it out


def test_KL_2_setup_square_two_ways_and_simulated(kloak):
    state, view = kloak
    square, colour = decisions.SETUP_SQUARE
    exact = answer("kl-claim-setup")
    valid = [g for g in covered.arrangements(view) if covered._valid_setup(view, g)]
    assert exact == Fraction(sum(g[square] == colour for g in valid), len(valid)) == Fraction(3, 4)
    assert covered.square_chances(view)[square][colour] == covered.square_chance_by_counting(view, colour)
    sim = simulate(covered.setup_trial(state, 1, covered.holds(square, colour)), 300, seed=2, progress=False)
    assert sim.estimate.contains(exact)


def test_KL_2_setup_model_refuses_a_board_where_a_small_piece_moved():
    state = covered.claim_position(moves=(*covered.CLAIM_MOVES, "c2-b1"))
    with pytest.raises(SpynbError, match="moved"):
        covered.line_chance_after_setup(state.view(1), decisions.CLAIM_LINE)


def test_KL_8_break_even_and_claim_value():
    p = covered.break_even(Fraction(1, 4))
    assert covered.claim_value(p, Fraction(1, 4)) == 0 == covered.claim_value(Fraction(1, 3), 1, Fraction(-1, 3)) - 0
    assert covered.claim_value(Fraction(1, 6), Fraction(1, 4)) < 0 < covered.claim_value(Fraction(1, 4), Fraction(1, 4))
    assert covered.break_even(Fraction(1, 4), Fraction(1, 10)) == Fraction(7, 25)


# -- The Target: counters and hands (TG-1, TG-6) ---------------------------------------------------

@pytest.mark.parametrize("pool, hand, need", [
    ({"f": 2, "k": 2, "o": 3}, 3, {"f": 1, "k": 1}),
    ({"f": 1, "k": 3, "o": 2}, 4, {"k": 2}),
    ({"f": 2, "o": 5}, 2, {"f": 1}),
])
def test_holds_chance_by_counting_equals_listing(pool, hand, need):
    assert hands.holds_chance(pool, hand, need) == hands.holds_chance_by_listing(pool, hand, need)


def test_TG_6_counter_chance_two_ways_and_by_hand():
    view = decisions.target_view(2)
    pool = hands.unseen_rookies(view)
    total = sum(pool.values())
    assert total == 92
    f, k = pool["firearms"], pool["kevlar"]
    by_hand = 1 - Fraction(math.comb(total - f, 4) + math.comb(total - k, 4) - math.comb(total - f - k, 4),
                           math.comb(total, 4))
    assert answer("tg-counter-shot") == hands.counter_chance_by_formula(view, "shot") == by_hand
    assert answer("tg-counter-kevlar") == hands.counter_chance_by_formula(view, "shot", ["kevlar"])
    assert answer("tg-counter-kevlar") == 1 - Fraction(math.comb(total - 1 - f, 4), math.comb(total - 1, 4))


def test_TG_6_counter_inside_engine_resampled_interval():
    state = hands.target_position()
    sim = simulate(hands.hand_trial(state, 2, 1, lambda h: h["firearms"] >= 1 and h["kevlar"] >= 1), 600, seed=3,
                   progress=False)
    assert sim.estimate.contains(answer("tg-counter-shot"))


def test_TG_6_counter_with_a_kevlar_inside_dealt_interval():
    view = decisions.target_view(2)
    pool = hands.unseen_rookies(view, ["kevlar"])
    sim = simulate(hands.deal_trial(pool, 4, lambda h: h["firearms"] >= 1), 600, seed=4, progress=False)
    assert sim.estimate.contains(answer("tg-counter-kevlar"))


def test_next_target_holds_firearms_exact_and_simulated():
    view = decisions.target_view(3)
    pool = hands.unseen_rookies(view)
    total = sum(pool.values())
    assert answer("tg-next-target") == 1 - Fraction(math.comb(total - pool["firearms"], 4), math.comb(total, 4))
    sim = simulate(hands.hand_trial(hands.target_position(), 3, 2, lambda h: h["firearms"] >= 1), 500, seed=5,
                   progress=False)
    assert sim.estimate.contains(answer("tg-next-target"))


def test_TG_6_a_counter_needs_a_player_target_and_a_counterable_card():
    view = decisions.target_view(2)
    with pytest.raises(SpynbError, match="TG-6"):
        hands.counter_chance(view, "missed")
    assert hands.counter_chance(view, "shot", ["firearms", "kevlar"]) == 1


# -- Cloak & Dagger: what a tracker learns (CD-5, CD-7, CD-10) ---------------------------------------

def test_CD_7_tracked_envelope_document_two_ways_and_simulated():
    view = decisions.tracker_view()
    envelope = envelopes.tracked_envelope(view)
    note = view["notes"][envelope - 1]
    assert note["unknown"] == 1 and len(note["letters"]) == 1  # the shown cloak and the unseen card (CD-6)
    pool = envelopes.unlocated(view)
    documents, cards = sum(pool[c] for c in "XYZ"), sum(pool.values())
    stack_kind = cards - sum(pool[c] for c in agents_of(1) + agents_of(2))
    placed_in = {e for e, n in envelopes.placed_unknowns(view).items() if n}  # stack cards only (CD-5)
    assert placed_in == {4, 6, 8}  # as exercise 8 says
    placed = sum(envelopes.placed_unknowns(view).values())
    assert placed == 3
    assert answer("cd-tracker-document") == Fraction(documents * (stack_kind - placed), stack_kind * (cards - placed))
    assert answer("cd-tracker-document") == envelopes.document_chance_by_listing(view, envelope)
    sim = simulate(envelopes.notes_trial(view, lambda c: any(x in "XYZ" for x in c[envelope])), 600, seed=8,
                   progress=False)
    assert sim.estimate.contains(answer("cd-tracker-document"))


def test_CD_5_placed_card_hazard_two_ways_and_simulated():
    from spynb.cloak_dagger.cards import HAZARDS

    view = decisions.tracker_view()
    assert answer("cd-placed-hazard") == envelopes.document_chance_by_listing(view, 4, HAZARDS)
    # CD-5: a placed card is dealt from the cards that are no agent (the trial draws anew: seed 7 misses, 1 in 20 do)
    sim = simulate(envelopes.notes_trial(view, lambda c: any(x in HAZARDS for x in c[4])), 600, seed=9,
                   progress=False)
    assert sim.estimate.contains(answer("cd-placed-hazard"))


def test_CD_10_located_cards_never_exceed_the_game():
    view = decisions.tracker_view()
    assert not (envelopes.located(view) - envelopes.all_cards(view["seats"]))
    assert sum(envelopes.unlocated(view).values()) + sum(envelopes.located(view).values()) == 24 + 2 * view["seats"]


# -- coverage ------------------------------------------------------------------------------------

def test_coverage_miss_count_near_five_percent():
    coin = lambda rng: rng.random() < 0.3  # noqa: E731
    result = misses(coin, 0.3, runs=200, trials=100, seed=10)
    assert answer("ax-coverage-misses") == expected_misses(200) == 10
    assert result.miss_rate.contains(0.05)
    assert 2 <= result.missed <= 20
    wrong = misses(coin, 0.45, runs=50, trials=100, seed=10)
    assert wrong.missed > 35  # intervals around 0.3 rarely hold 0.45: a wrong "exact" value is caught


def test_every_decisions_exercise_is_registered():
    ids = {e.id for g in ("kloak", "target", "cloak-dagger", "across") for e in exercises_for(g)
           if e.notebook == "decisions-in-play.ipynb"}
    assert len(ids) == 10
