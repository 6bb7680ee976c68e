"""Decisions in play: every exact answer against a second method and a seeded simulation's interval."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from spynb.games import get_spec
from spynb.cloak_dagger.cards import agents_of
from spynb.engine import SpynbError
from spynb.kloak import memory_aid
from spynb.target.cards import COUNTERS
from spynb.prob import covered, decisions, envelopes, hands, simulate
from spynb.prob.affiliations import posterior, sampled_posterior
from spynb.prob.answers import answer, exercises_for
from spynb.prob.coverage import expected_misses, misses
from spynb.prob.deduce import deduce
from spynb.kloak.board import COLOUR_NAMES


# -- KLOAK: a claim from remembered moves (KL-7, KL-8, KL-13) -----------------------------------------

@pytest.fixture(scope="module")
def kloak():
    game = decisions.kloak_game()
    return game.state, game.view(1)


def test_KL_13_the_claim_position_is_reached_through_the_engine(kloak):
    state, view = kloak
    assert [str(a) for seat, a in decisions.kloak_game().actions if seat is not None] == \
        [entry.partition(": ")[2] for entry in decisions.KLOAK_RECORD.actions]
    assert state.validate() == [] and tuple(view["to_move"]) == (1,)
    assert any(view["small"][sq] == "?" for sq in decisions.CLAIM_LINE)
    assert covered.line_chance(view, decisions.CLAIM_LINE) < 1  # the board alone does not settle it


def test_KL_13_covered_colours_are_the_set_minus_what_is_in_sight(kloak):
    state, view = kloak
    truth = state.view(None)["small"]
    assert covered.covered_colours(view) == Counter(truth[sq] for sq in state.covered_squares())


def test_KL_13_a_seat_that_watched_every_move_knows_what_is_covered(kloak):
    state, view = kloak
    truth = state.view(None)["small"]
    remembered = memory_aid(view)
    assert all(remembered[sq] == truth[sq] for sq in view["covered"])
    assert answer("kl-claim-remembered") == covered.line_chance(view, decisions.CLAIM_LINE, remembered) == 1
    sim = simulate(covered.remembered_trial(state, 1, remembered, covered.one_colour(decisions.CLAIM_LINE)), 300,
                   seed=1, progress=False)
    assert sim.estimate.contains(answer("kl-claim-remembered"))


def test_KL_13_the_late_seat_knows_the_board_it_saw_and_the_moves_since():
    then, now = decisions.takeover_views()
    assert then.seat == now.seat == 1 and len(then["events"]) < len(now["events"])
    known = decisions.takeover_known()
    later = [decisions.kloak_game(n).view(1) for n in range(decisions.TAKEOVER, len(decisions.KLOAK_RECORD.actions) + 1)]
    seen_covered = {sq for v in later for sq, c in v["small"].items() if c != "?"}  # seen uncovered since
    assert {sq for sq in now["covered"] if known.get(sq)} <= seen_covered
    assert {sq for sq in now["covered"] if not known.get(sq)} == {sq for sq in then["covered"] if sq in now["covered"]}
    with pytest.raises(SpynbError, match="earlier first"):
        covered.known_since(now, then)


def test_KL_7_the_late_seats_chance_by_counting_listing_and_resampling(kloak):
    state, view = kloak
    known = decisions.takeover_known()
    exact = answer("kl-claim-takeover")
    assert exact == covered.line_chance(view, decisions.CLAIM_LINE, known)
    assert exact == covered.line_chance_by_listing(view, decisions.CLAIM_LINE, known)
    assert 0 < exact < 1 and exact != covered.line_chance(view, decisions.CLAIM_LINE)
    table = deduce(view, known=known)  # the deduction aid, from the same view and memory
    covered_in_line = [sq for sq in decisions.CLAIM_LINE if view["small"][sq] == "?" and not known.get(sq)]
    in_sight = {known.get(sq) or view["small"][sq] for sq in decisions.CLAIM_LINE} - {"?"}
    assert len(covered_in_line) == 1 and len(in_sight) == 1
    assert exact == table[covered_in_line[0]][COLOUR_NAMES[in_sight.pop()]]
    sim = simulate(covered.remembered_trial(state, 1, known, covered.one_colour(decisions.CLAIM_LINE)), 400, seed=2,
                   progress=False)
    assert sim.estimate.contains(exact)


def test_KL_7_line_chance_by_counting_equals_listing_on_every_claimable_line(kloak):
    from spynb.kloak.board import LINES

    _, view = kloak
    checked = 0
    for line in LINES:
        for known in ({}, decisions.takeover_known(), memory_aid(view)):
            try:
                exact = covered.line_chance(view, line, known)
            except SpynbError:
                continue
            assert exact == covered.line_chance_by_listing(view, line, known)
            checked += 1
    assert checked >= 9


def test_KL_7_a_line_without_a_covered_piece_is_refused():
    view = covered.claim_position().view(1)
    with pytest.raises(SpynbError, match="KL-7"):
        covered.line_chance(view, ("a3", "b3", "c3"))
    with pytest.raises(SpynbError, match="KL-7"):
        covered.line_chance(view, ("a2", "c2", "e2"))


def test_KL_2_after_setup_listing_equals_the_engine_setup_walk():
    view = covered.claim_position().view(1)
    for line in (("c4", "d4", "e4"), ("b2", "c3", "d4")):
        assert covered.line_chance_after_setup(view, line) == covered.line_chance_after_setup_by_walk(view, line) == 0
    assert covered.line_chance(view, ("b2", "c3", "d4")) > 0  # the board alone does not rule it out


def test_KL_2_setup_square_by_listing_and_simulated():
    state = covered.claim_position()
    view = state.view(1)
    valid = [g for g in covered.arrangements(view) if covered._valid_setup(view, g)]
    exact = covered.square_chances(view, after_setup=True)["e4"]["S"]
    assert exact == Fraction(sum(g["e4"] == "S" for g in valid), len(valid))
    assert covered.square_chances(view)["e4"]["S"] == covered.square_chance_by_counting(view, "S")
    sim = simulate(covered.setup_trial(state, 1, covered.holds("e4", "S")), 300, seed=2, progress=False)
    assert sim.estimate.contains(exact)


def test_KL_2_setup_model_refuses_a_board_where_a_small_piece_moved():
    state = covered.claim_position(moves=(*covered.CLAIM_MOVES, "c2-b1"))
    with pytest.raises(SpynbError, match="moved"):
        covered.line_chance_after_setup(state.view(1), ("c4", "d4", "e4"))


def test_KL_8_break_even_and_claim_value():
    p = covered.break_even(Fraction(1, 4))
    assert answer("kl-claim-break-even") == p
    assert covered.claim_value(p, Fraction(1, 4)) == 0 == covered.claim_value(Fraction(1, 3), 1, Fraction(-1, 3)) - 0
    assert covered.claim_value(Fraction(1, 6), Fraction(1, 4)) < 0 < covered.claim_value(Fraction(1, 4), Fraction(1, 4))
    assert covered.break_even(Fraction(1, 4), Fraction(1, 10)) == Fraction(7, 25)
    assert answer("kl-claim-takeover") > p  # the late seat should claim too


# -- The Target: which attack to play into a watched pile (TG-4, TG-6, TG-8) -----------------------------

@pytest.fixture(scope="module")
def watched():
    game = decisions.surveillance_game()
    return game.state, game.view(decisions.ATTACKER)


def test_TG_8_the_watched_target_is_reached_through_the_engine(watched):
    state, view = watched
    target = view["marker"]
    assert view["stage"] == "play" and decisions.ATTACKER in view["to_move"]
    assert "staked-out" in view["front"][str(target)]
    assert state.view(None)["plays"][str(target)] == view["known_plays"][str(target)]  # shown to the attacker
    assert str(target) not in state.view(1)["known_plays"]  # TG-4: the others do not know it


def test_TG_8_the_premises_are_what_the_attackers_view_shows(watched):
    _, view = watched
    premises = decisions.surveillance_premises(view)
    target = view["marker"]
    assert premises == {"target": target, "shown": view["known_plays"][str(target)],
                        "target_hand": view["hand_sizes"][str(target)],
                        "attacks": [c for c in view["hand"] if c in ("shot", "stabbed", "poisoned", "bombed")]}
    assert premises["shown"] in COUNTERS["shot"] and premises["attacks"] == ["shot", "stabbed"]
    assert view["tokens"][str(target)] == () and view["tokens"][str(decisions.ATTACKER)] == ("operative",)


def test_TG_6_the_counter_chances_by_hand_and_by_formula(watched):
    _, view = watched
    pool = hands.unseen_rookies(view)
    total, hand = sum(pool.values()), decisions.surveillance_premises(view)["target_hand"]
    f = pool["firearms"]
    assert answer("tg-counter-shot") == 1 - Fraction(math.comb(total - f, hand), math.comb(total, hand))
    assert answer("tg-counter-shot") == hands.counter_chance_by_formula(view, "shot")
    assert answer("tg-counter-stabbed") == hands.counter_chance_by_formula(view, "stabbed")
    assert answer("tg-counter-stabbed") < answer("tg-counter-shot")


@pytest.mark.parametrize("exercise, cards, seed", [
    ("tg-counter-shot", ("firearms",), 3),
    ("tg-counter-stabbed", ("martial-arts", "audio-visual"), 4),
])
def test_TG_6_counter_chances_inside_the_engine_resampled_interval(watched, exercise, cards, seed):
    state, view = watched
    sim = simulate(hands.hand_trial(state, decisions.ATTACKER, view["marker"], lambda h: all(h[c] for c in cards)),
                   600, seed=seed, progress=False)
    assert sim.estimate.contains(answer(exercise))


@pytest.mark.parametrize("pool, hand, need", [
    ({"f": 2, "k": 2, "o": 3}, 3, {"f": 1, "k": 1}),
    ({"f": 1, "k": 3, "o": 2}, 4, {"k": 2}),
    ({"f": 2, "o": 5}, 2, {"f": 1}),
])
def test_holds_chance_by_counting_equals_listing(pool, hand, need):
    assert hands.holds_chance(pool, hand, need) == hands.holds_chance_by_listing(pool, hand, need)


def test_next_target_holds_firearms_exact_and_simulated():
    view = decisions.target_view(3)
    pool = hands.unseen_rookies(view)
    total = sum(pool.values())
    assert answer("tg-next-target") == 1 - Fraction(math.comb(total - pool["firearms"], 4), math.comb(total, 4))
    sim = simulate(hands.hand_trial(hands.target_position(), 3, 2, lambda h: h["firearms"] >= 1), 500, seed=5,
                   progress=False)
    assert sim.estimate.contains(answer("tg-next-target"))


def test_TG_7_the_outed_position_is_reached_through_the_engine_and_read_from_the_view():
    game = decisions.outed_game()
    view = game.view(1)
    truth = game.view(None)
    assert view["turn_number"] == 3 and dict(view["shown_to_me"]) == {"3": truth["outed_colours"]["3"]["1"]}
    assert view["affiliation"] == truth["affiliations"]["1"]
    assert decisions.TARGET_RECORD.replay(spec=get_spec("target")).view(1)["shown_to_me"] == view["shown_to_me"]  # the same game goes on


def test_TG_7_outed_double_agent_exact_and_simulated():
    view = decisions.outed_view()
    assert answer("tg-outed-double-agent") == posterior(view)[3]["double-agent"]
    sampled = sampled_posterior(view, trials=600, seed=3)[3]["double-agent"]
    assert sampled.contains(answer("tg-outed-double-agent"))


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
    placed = sum(envelopes.placed_unknowns(view).values())
    assert placed == 3
    assert answer("cd-tracker-document") == Fraction(documents * (stack_kind - placed), stack_kind * (cards - placed))
    assert answer("cd-tracker-document") == envelopes.document_chance_by_listing(view, envelope)
    sim = simulate(envelopes.notes_trial(view, lambda c: any(x in "XYZ" for x in c[envelope])), 600, seed=8,
                   progress=False)
    assert sim.estimate.contains(answer("cd-tracker-document"))


def test_CD_5_placed_card_document_two_ways_and_simulated():
    view = decisions.tracker_view()
    envelope = decisions.placed_envelope(view)
    assert view["notes"][envelope - 1]["text"] == "?" and envelopes.placed_unknowns(view)[envelope] == 1
    pool = envelopes.unlocated(view)
    stack_kind = sum(n for c, n in pool.items() if c not in agents_of(1) + agents_of(2))
    assert answer("cd-placed-document") == Fraction(sum(pool[c] for c in "XYZ"), stack_kind)
    assert answer("cd-placed-document") == envelopes.document_chance_by_listing(view, envelope)
    sim = simulate(envelopes.notes_trial(view, lambda c: any(x in "XYZ" for x in c[envelope])), 600, seed=10,
                   progress=False)
    assert sim.estimate.contains(answer("cd-placed-document"))


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
