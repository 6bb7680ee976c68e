"""The decisions-in-play exercises: their positions and exact answers, computed (never typed in).

Each position is seeded, so the notebook, the tests and the answers all see
the same game.

>>> kl_claim_line() == covered.line_chance_by_listing(kloak_view(), CLAIM_LINE)
True
>>> kl_claim_line() < kl_break_even()            # below the break-even chance: do not claim
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import covered, envelopes, hands

__all__ = [
    "CLAIM_LINE", "PENALTY", "SETUP_SQUARE", "RUNS", "kloak_view", "kl_claim_line", "kl_break_even",
    "kl_setup_square", "target_view", "tg_counter_shot", "tg_counter_with_kevlar", "tg_next_target_firearms",
    "outed_view", "tg_outed_double_agent", "tracker_view", "cd_tracker_document", "cd_placed_hazard",
    "ax_coverage_misses",
]

CLAIM_LINE = ("c4", "d4", "e4")
"""The line seat 1 thinks of claiming in :func:`covered.claim_position`."""
PENALTY = Fraction(1, 4)
"""What the rival's extra turn (KL-8) is taken to be worth, in scores."""
SETUP_SQUARE = ("e4", "S")
"""Is e4 sky blue?"""
RUNS = 200
"""Simulations in the coverage exercise."""


def kloak_view() -> Any:
    return covered.claim_position().view(1)


def kl_claim_line() -> Fraction:
    """KL-7: the board as seen, the chance that c4 d4 e4 are one colour."""
    return covered.line_chance(kloak_view(), CLAIM_LINE)


def kl_break_even() -> Fraction:
    """KL-8: the chance a claim needs when the rival's extra turn is worth a quarter of a score."""
    return covered.break_even(PENALTY)


def kl_setup_square() -> Fraction:
    """KL-2: knowing nothing small has moved, the chance e4 is sky blue."""
    square, colour = SETUP_SQUARE
    return covered.square_chances(kloak_view(), after_setup=True)[square][colour]


def target_view(seat: int) -> Any:
    return hands.target_position().view(seat)


def tg_counter_shot() -> Fraction:
    """TG-6: seat 2 attacks the Target (seat 1) with Shot: the chance seat 1's own cards counter it."""
    return hands.counter_chance(target_view(2), "shot")


def tg_counter_with_kevlar() -> Fraction:
    """TG-6: the same, with another seat's Kevlar in the pile."""
    return hands.counter_chance(target_view(2), "shot", ["kevlar"])


def tg_next_target_firearms() -> Fraction:
    """Seat 3's view: the next Target, seat 2, holds at least one Firearms."""
    return hands.holds_card_chance(target_view(3), 2, "firearms")


def outed_view() -> Any:
    """Five seats; seat 1 (CIA) has been shown KGB by seat 3 through an Outed (TG-7)."""
    from spynb.target.state import TargetState

    state = TargetState.scenario(5, affiliations={1: "cia", 2: "cia", 3: "kgb", 4: "kgb", 5: "double-agent"},
                                 outed_seen={3: {1: "kgb"}})
    return state.view(1)


def tg_outed_double_agent() -> Fraction:
    """TG-1, TG-7: the chance seat 3, who showed KGB, is a Double Agent."""
    from .affiliations import posterior

    return posterior(outed_view())[3]["double-agent"]


def tracker_view() -> Any:
    state = envelopes.tracker_position()
    return state.view(envelopes.tracker_seat(state))


def cd_tracker_document() -> Fraction:
    """CD-7: the chance the card the rival carried unseen into the envelope it showed is a document."""
    view = tracker_view()
    return envelopes.document_chance(view, envelopes.tracked_envelope(view))


def cd_placed_hazard() -> Fraction:
    """CD-5: the chance the card the rival placed in envelope 4 is a hazard."""
    from spynb.cloak_dagger.cards import HAZARDS

    return envelopes.document_chance(tracker_view(), 4, HAZARDS)


def ax_coverage_misses() -> Fraction:
    """How many of 200 intervals at 95% should miss the exact value, on average."""
    from .coverage import expected_misses

    return expected_misses(RUNS)
