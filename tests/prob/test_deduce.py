"""The deduction aid: exact against brute force and against sampling, and it reads only the seat's view."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

import pytest

import spynb
from spynb.engine import SpynbError, View
from spynb.prob import decisions, envelopes, outcome_distribution
from spynb.prob.affiliations import deal_chance, posterior, sampled_posterior
from spynb.prob.deduce import Deduction, deduce
from spynb.target.cards import AFFILIATIONS


def _setup_walk(seats: int) -> dict[tuple[str, ...], Fraction]:
    """Every deal of affiliations, by walking the engine's own setup chance points (TG-1)."""
    state = spynb.get_spec("target").new_state(seats=seats)
    return outcome_distribution(
        state, lambda s: tuple(s.view(None)["affiliations"][str(i)] for i in range(1, seats + 1)),
        stop=lambda s: s.view(None)["stage"] not in ("pick", "assign"))


def _with(view: View, **data) -> View:
    return View(view.game, view.seat, view.label, {**view.data, **data})


def _brute(walk, me, mine, shown, q):
    """Condition the engine walk on the seat's card and the Outed reveals, by Bayes' rule."""
    table, total = defaultdict(Fraction), Fraction(0)
    for deal, p in walk.items():
        if deal[me - 1] != mine:
            continue
        for seat, colour in shown.items():
            a = deal[seat - 1]
            p *= q if a == "double-agent" else int(a == colour)
        total += p
        for seat, a in enumerate(deal, start=1):
            table[seat, a] += p
    return {(s, a): v / total for (s, a), v in table.items()}


@pytest.mark.parametrize("seats", [4, 5, 6])
def test_TG_1_deal_chance_equals_the_engine_setup_walk(seats):
    walk = _setup_walk(seats)
    assert sum(walk.values()) == 1
    assert all(deal_chance(dict(enumerate(deal, start=1))) == p for deal, p in walk.items())


@pytest.mark.parametrize("seats, mine, shown, q", [
    (4, "cia", {}, Fraction(1, 2)),
    (5, "cia", {3: "kgb"}, Fraction(1, 2)),
    (5, "double-agent", {2: "cia", 4: "cia"}, Fraction(1, 3)),
    (6, "kgb", {1: "kgb"}, Fraction(1)),
])
def test_TG_7_posterior_equals_brute_force_over_the_engine_setup(seats, mine, shown, q):
    walk = _setup_walk(seats)
    me = 2 if 1 in shown else 1
    view = View("target", me, "", {"seats": seats, "affiliation": mine,
                                   "shown_to_me": {str(s): c for s, c in shown.items()}})
    exact = posterior(view, q)
    brute = _brute(walk, me, mine, shown, q)
    for seat, row in exact.items():
        for a in AFFILIATIONS:
            assert row[a] == brute.get((seat, a), 0)


def test_TG_7_exact_agrees_with_sampled_intervals():
    view = decisions.outed_view()
    exact = posterior(view)
    sampled = sampled_posterior(view, trials=600, seed=3)
    inside = [sampled[s][a].contains(exact[s][a]) for s in exact for a in AFFILIATIONS]
    assert sum(inside) >= len(inside) - 1  # 12 intervals at 95%: at most one may miss
    assert exact[3]["cia"] == 0 and sampled[3]["cia"].value == 0


def test_deduce_switches_to_sampling_above_the_limit_and_says_so():
    game = spynb.new_game("target", seats=11, seed=1)
    table = deduce(game, 1, trials=300)
    assert not table.exact and "sampled" in str(table)
    assert deduce(game, 1, exact_limit=3 ** 10).exact


def test_TG_7_the_outed_exercise_answer_by_bayes_by_hand():
    # 5 seats, pile 2 = (CIA, KGB, DA) pick 1. I am CIA. Seat 3 showed KGB (a DA shows KGB half the time).
    # P(pick) ∝ P(I am CIA | pick): CIA 3/5, KGB 2/5, DA 2/5; seat 3 is then KGB / DA with chances below.
    prior = {"cia": Fraction(3, 5), "kgb": Fraction(2, 5), "double-agent": Fraction(2, 5)}
    kgb = {"cia": Fraction(2, 4), "kgb": Fraction(3, 4), "double-agent": Fraction(2, 4)}
    da = {"cia": 0, "kgb": 0, "double-agent": Fraction(1, 4)}
    num = sum(prior[p] * da[p] * Fraction(1, 2) for p in prior)
    den = sum(prior[p] * (kgb[p] + da[p] * Fraction(1, 2)) for p in prior)
    assert decisions.tg_outed_double_agent() == num / den == Fraction(1, 17)


# -- only the view -------------------------------------------------------------------------------

def _same_answer_after_resampling(state, seat, rng, **options):
    before = deduce(state, seat, **options)
    changed = False
    for _ in range(10):
        other = state.resample_hidden(seat, rng)
        if other is None:
            continue
        changed |= other.view(None) != state.view(None)
        assert deduce(other, seat, **options).cells == before.cells
    assert changed, "the re-deal changed nothing: the test would prove nothing"


def test_target_aid_reads_only_the_seat_view():
    from spynb.target.state import TargetState

    state = TargetState.scenario(5, affiliations={1: "cia", 2: "kgb", 3: "kgb", 4: "cia", 5: "double-agent"},
                                 outed_seen={5: {1: "kgb"}})
    _same_answer_after_resampling(state, 1, random.Random(1))
    _same_answer_after_resampling(spynb.new_game("target", seats=7, seed=2).state, 3, random.Random(2))


def test_cloak_dagger_aid_reads_only_the_seat_view():
    state = envelopes.tracker_position()
    _same_answer_after_resampling(state, envelopes.tracker_seat(state), random.Random(3))


def test_kloak_aid_reads_only_the_seat_view():
    from spynb.prob.covered import claim_position

    _same_answer_after_resampling(claim_position(), 1, random.Random(4), after_setup=True)


def _placements_view(seed: int = 3) -> View:
    """Two seats deposit (CD-4), then each places cards in fresh envelopes (CD-5): the first player's view, whose
    notes no unseen move has changed but the rival's deposit (its own cloak and dagger, somewhere)."""
    game = spynb.new_game("cloak-dagger", seats=2, seed=seed)
    for envelope in range(1, 11):
        game.play(str(envelope))
    return game.view(game.turn.seats[0])


def test_CD_10_table_cells_match_document_chance_where_no_unseen_move_changed_the_envelope():
    from spynb.prob.envelope_changes import changed_unseen

    for view in (decisions.tracker_view(), _placements_view()):
        table, unseen = deduce(view), changed_unseen(view)
        columns = envelopes.table_columns(view["seats"])
        exact = [e for e in table.rows if e not in unseen.lost and e not in unseen.gained]
        assert exact
        for envelope in exact:
            assert table[envelope] == {name: envelopes.document_chance(view, envelope, letters, unseen.lost)
                                       for name, letters in columns.items()}
    view = decisions.tracker_view()  # the rival's unseen finish may have added to the tracked envelope
    envelope = envelopes.tracked_envelope(view)
    assert deduce(view)[envelope]["document"] is None and 0 < envelopes.document_chance(view, envelope) < 1


def test_CD_5_a_placed_only_envelope_holds_no_agent():
    """A card placed from the stack is never a cloak or dagger (CD-1, CD-5): every seat's agent column is 0, while
    the documents stay a chance; once an unseen take may have emptied it, the chance is withheld."""
    view = _placements_view()
    placed = envelopes.placed_unknowns(view)
    only_placed = [n["envelope"] for n in view["notes"] if n["unknown"] and placed[n["envelope"]] == n["unknown"]
                   and not n["letters"]]
    assert len(only_placed) == 4
    table = deduce(view)
    agent_columns = [c for c in table.columns if c.endswith("'s agent")]
    assert len(agent_columns) == view["seats"]
    for envelope in only_placed:
        assert all(table[envelope][c] == 0 for c in agent_columns)
        assert 0 < table[envelope]["document"] < 1
    tracker = decisions.tracker_view()
    placed = [e for e, n in envelopes.placed_unknowns(tracker).items() if n]
    assert placed and all(deduce(tracker)[e]["document"] is None for e in placed)


def test_CD_5_CD_7_envelope_table_against_every_deal_of_the_unknown_cards():
    """Brute force: list every deal of the unlocated cards into all the notes' ?, placed ones (CD-5) from cards
    that are no agent, carried-in ones (CD-7) from any; each deal equally likely.  The table agrees exactly."""
    from itertools import permutations

    from spynb.cloak_dagger.cards import owner_of

    view = _placements_view()
    table = deduce(view)
    placed = envelopes.placed_unknowns(view)
    slots = [(n["envelope"], i < placed[n["envelope"]]) for n in view["notes"] for i in range(n["unknown"])]
    assert len(slots) == 4 and all(from_stack for _, from_stack in slots)
    cards = list(envelopes.unlocated(view).elements())
    columns = envelopes.table_columns(view["seats"])
    assert list(columns) == list(table.columns)
    hits: dict[tuple[int, str], int] = defaultdict(int)
    deals = 0
    for deal in permutations(range(len(cards)), len(slots)):
        if any(from_stack and owner_of(cards[i]) is not None for (_, from_stack), i in zip(slots, deal)):
            continue
        deals += 1
        contents = {n["envelope"]: n["letters"] for n in view["notes"]}
        for (envelope, _), i in zip(slots, deal):
            contents[envelope] += cards[i]
        for envelope in {e for e, _ in slots}:
            for name, letters in columns.items():
                hits[envelope, name] += any(c in letters for c in contents[envelope])
    for envelope in {e for e, _ in slots}:
        assert {name: table[envelope][name] for name in columns} == \
            {name: Fraction(hits[envelope, name], deals) for name in columns}


def test_deduction_renders_as_text_and_html():
    table = deduce(decisions.outed_view())
    assert isinstance(table, Deduction) and table.exact
    assert "Double Agent" in str(table) and "<table>" in table._repr_html_()
    assert table.value(3, "CIA") == 0.0


def test_deduce_refuses_the_omniscient_view_and_a_wrong_seat():
    game = spynb.new_game("target", seats=4, seed=1)
    with pytest.raises(SpynbError, match="omniscient"):
        deduce(game.view(None))
    with pytest.raises(SpynbError, match="seat 2"):
        deduce(game.view(1), 2)
    with pytest.raises(SpynbError, match="name the seat"):
        deduce(game)
