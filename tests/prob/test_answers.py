"""Every exact answer against an independent computation and against a seeded simulation."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from spynb.prob import expectation, outcome_distribution, simulate
from spynb.prob import across, cloak_dagger as cd, kloak as kl, target as tg
from spynb.prob.answers import EXERCISES, answer, exercises_for


def test_every_exercise_has_a_computed_answer_and_a_notebook():
    for exercise in EXERCISES.values():
        value = answer(exercise.id)
        assert value is not None
        assert exercise.concepts
    assert all(len(exercises_for(g)) >= 4 for g in ("cloak-dagger", "kloak", "target"))


# -- Cloak & Dagger ------------------------------------------------------------------

def test_cd_first_document_by_counting_equals_the_engine_walk():
    assert cd.first_document_by_counting() == Fraction(9, 24)
    assert cd.first_document_by_walk(2, seed=0) == cd.first_document_by_walk(4, seed=3) == answer("cd-first-document")


def test_cd_first_document_inside_simulation_interval():
    sim = simulate(cd.first_document_trial, 1500, seed=11, progress=False)
    assert sim.estimate.contains(answer("cd-first-document"))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_cd_cut_round_counting_equals_engine_walk(seats):
    counted, walked = cd.cut_round_by_counting(seats), cd.cut_round_by_walk(seats)
    assert counted == walked
    assert sum(counted.values()) == 1


def test_cd_cut_tie_two_players_by_hand():
    # first card a document (9/24), second the same letter (2/23)
    assert cd.tie_by_counting(2) == Fraction(9, 24) * Fraction(2, 23) == answer("cd-cut-tie")[2]


def test_cd_cut_tie_brute_force_over_ordered_cuts():
    stack = [c for c, n in cd.STACK_COUNTS.items() for _ in range(n)]
    order = "abc" + "KLMNPQRSTUVW" + "XYZ"
    for seats in (2, 3):
        ties = total = 0
        for cards in __import__("itertools").permutations(range(len(stack)), seats):
            letters = [stack[i] for i in cards]
            best = min(letters, key=order.index)
            ties += letters.count(best) > 1
            total += 1
        assert Fraction(ties, total) == cd.tie_by_counting(seats)


@pytest.mark.parametrize("seats", [2, 3])
def test_cd_cut_tie_inside_simulation_interval(seats):
    sim = simulate(lambda rng: cd.tie_trial(rng, seats), 3000, seed=seats, progress=False)
    assert sim.estimate.contains(cd.tie_by_counting(seats))


def test_cd_double_agent_first_by_counting_equals_walk_and_solves_its_equation():
    for seats in (2, 3, 4):
        assert cd.double_agent_first(seats) == cd.double_agent_first(seats, cd.cut_round_by_walk)
    p2 = answer("cd-cut-double-agent")[2]
    q2 = 1 - Fraction(math.comb(21, 2), math.comb(24, 2))
    assert p2 == q2 + Fraction(3, 92) * p2 == Fraction(22, 89)


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_cd_double_agent_first_inside_simulation_interval(seats):
    sim = simulate(lambda rng: cd.double_agent_first_trial(rng, seats), 1500, seed=20 + seats, progress=False)
    assert sim.estimate.contains(cd.double_agent_first(seats))


def test_cd_placements_until_documents_two_ways():
    pile = cd.placements_until_documents_by_pile()
    assert sum(pile.values()) == 1 and min(pile) == 3
    assert expectation(pile) == cd.placements_until_documents_by_counting() == answer("cd-placements-documents")


def test_cd_placements_until_documents_inside_simulation_interval():
    sim = simulate(cd.placements_until_documents_trial, 300, seed=7, progress=False)
    assert sim.estimate.contains(answer("cd-placements-documents"))


# -- KLOAK ---------------------------------------------------------------------------

def test_kl_colourings_by_formula_and_by_the_game():
    from spynb.kloak.layouts import count_colourings

    assert answer("kl-colourings") == math.comb(15, 5) * math.comb(10, 5) == count_colourings((5, 5, 5))


def test_kl_valid_count_backtracking_equals_the_engine_counter():
    assert kl.count_valid() == kl.count_valid_by_engine()
    assert answer("kl-valid-fraction") == Fraction(kl.count_valid(), kl.colourings())


@pytest.mark.parametrize("files, ranks, counts", [(3, 3, (3, 3, 3)), (4, 2, (3, 3, 2)), (3, 2, (2, 2, 2))])
def test_kl_valid_count_brute_force_on_small_boards(files, ranks, counts):
    from spynb.kloak.layouts import count_layouts

    brute = kl.brute_force_count(files, ranks, counts)
    assert kl.count_valid(files, ranks, counts) == brute == count_layouts(rows=ranks, cols=files, counts=counts)


def test_kl_valid_fraction_and_tries_inside_simulation_intervals():
    assert simulate(kl.valid_layout_trial, 4000, seed=5, progress=False).estimate.contains(answer("kl-valid-fraction"))
    assert simulate(kl.rejection_trial, 3000, seed=6, progress=False).estimate.contains(answer("kl-rejection-tries"))
    assert answer("kl-rejection-tries") * answer("kl-valid-fraction") == 1


def test_kl_same_colour_shuffle_and_valid_two_ways():
    assert answer("kl-same-colour") == Fraction(4, 14)
    assert kl.same_colour_valid() == kl.same_colour_valid_by_engine() == Fraction(3097, 13693)
    shuffle = simulate(kl.same_colour_shuffle_trial, 4000, seed=8, progress=False)
    dealt = simulate(lambda rng: kl.engine_setup_trial(rng, lambda c: c["a2"] == c["a3"]), 400, seed=9,
                     progress=False)
    assert shuffle.estimate.contains(answer("kl-same-colour"))
    assert dealt.estimate.contains(kl.same_colour_valid())


# -- The Target ----------------------------------------------------------------------

@pytest.mark.parametrize("players", tg.PLAYER_COUNTS)
def test_tg_double_agents_three_ways(players):
    dist = tg.double_agents(players)
    assert dist == tg.double_agents_by_listing(players) == tg.double_agents_by_walk(players)
    assert sum(dist.values()) == 1


def test_tg_double_agent_answers():
    assert answer("tg-double-agent-present") == {4: Fraction(2, 3), 7: Fraction(4, 5), 10: Fraction(9, 10)}
    assert answer("tg-double-agents-mean") == 3 * Fraction(3, 7)


@pytest.mark.parametrize("players", [4, 7, 10])
def test_tg_double_agent_inside_simulation_interval(players):
    sim = simulate(lambda rng: tg.double_agents_trial(rng, players) > 0, 600, seed=players, progress=False)
    assert sim.estimate.contains(answer("tg-double-agent-present")[players])


def test_tg_rookie_set_two_ways_and_symmetry():
    assert tg.rookie_set_by_counting() == tg.rookie_set_by_compositions() == answer("tg-rookie-set")
    clearance = tg.rookie_set_by_compositions(("training", "materials", "contacts"))
    assert clearance == answer("tg-rookie-clearance") == answer("tg-rookie-set") * Fraction(3, 4)


def test_tg_rookie_hands_inside_simulation_intervals():
    hands = simulate(tg.rookie_hand_trial, 800, seed=12, progress=False)
    assert all(len(h) == 4 for h in hands.values)
    sets = [tg._has_three(h, tg.CATEGORIES) for h in hands.values]
    tokens = [tg._has_three(h, ("training", "materials", "contacts")) for h in hands.values]
    from spynb.prob import wilson

    assert wilson(sum(sets), len(sets)).contains(answer("tg-rookie-set"))
    assert wilson(sum(tokens), len(tokens)).contains(answer("tg-rookie-clearance"))


# -- Across the games --------------------------------------------------------------------

def test_ax_sample_size_and_scaling():
    n = answer("ax-games-needed")
    z = 1.959963984540054
    assert z * math.sqrt(0.25 / n) <= 0.05 < z * math.sqrt(0.25 / (n - 1))
    assert answer("ax-quarter-width") == 1600
    # an interval from 4× the games is about half as wide
    coin = lambda rng: rng.random() < 0.5  # noqa: E731
    wide, narrow = simulate(coin, 400, seed=1, progress=False), simulate(coin, 1600, seed=1, progress=False)
    assert narrow.estimate.half_width == pytest.approx(wide.estimate.half_width / 2, rel=0.1)


def test_random_game_trial_ends_and_reports_turns():
    results = simulate(across.random_game_trial("kloak", 2, turn_limit=30), 5, seed=3, progress=False).values
    assert all(isinstance(turns, int) and turns <= 31 for _, turns in results)
    rates = across.win_rates(list(results), 2)
    assert set(rates) == {"seat 1", "seat 2", "no winner"}


# -- the walk itself -------------------------------------------------------------------

def test_outcome_distribution_does_not_change_the_state_and_memoises_soundly():
    state = cd.new_state(2)
    before = state.view(None)
    plain = cd.cut_round_by_counting(2)
    merged = outcome_distribution(state, cd._round_value, stop=cd._round_over,
                                  key=lambda s: tuple(sorted(e.get("card") for e in s.events)))
    assert merged == plain and state.view(None) == before


def test_a_wrong_count_would_be_caught():
    # the tests can fail: a walk that stops one card early does not match the counting
    early = outcome_distribution(cd.new_state(3), lambda s: len(s.events), stop=lambda s: len(s.events) >= 2)
    assert early != cd.cut_round_by_counting(3)
    assert not simulate(cd.first_document_trial, 1500, seed=11, progress=False).estimate.contains(Fraction(1, 2))
