"""The Cloak & Dagger aid reads every step of every shipped walkthrough, and its count agrees with a listing of
every deal (CD-5, CD-7, CD-10)."""

from __future__ import annotations

import pytest

from spynb import scenarios
from spynb.prob.envelopes import _hypergeometric, document_chance, document_chance_by_listing, envelope_table

WALKTHROUGHS = [name for name in scenarios.names() if name.startswith("cloak-dagger")]


def test_CD_10_a_branch_that_cannot_happen_counts_zero() -> None:
    assert _hypergeometric(2, -1, 3, 0) == 0  # raised ValueError: n must be a non-negative integer
    assert _hypergeometric(1, 1, 3, 1) == 0


@pytest.mark.parametrize("name", WALKTHROUGHS)
def test_CD_10_the_aid_reads_every_step_of_every_walkthrough_and_agrees_with_every_deal(name: str) -> None:
    scenario = scenarios.load(name)
    if scenario.seat is None:
        pytest.skip("a walkthrough shown from the teaching view has no seat's aid")
    for game in scenario.positions():
        view = game.view(scenario.seat)
        table = envelope_table(view)  # the endgame's every step raised ValueError before
        for envelope in table.rows:
            if view["notes"][envelope - 1]["unknown"] <= 3:  # small enough to list every deal
                assert document_chance(view, envelope) == document_chance_by_listing(view, envelope)
