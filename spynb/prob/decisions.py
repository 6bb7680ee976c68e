"""The decisions-in-play exercises: their positions, what each seat knows, and the exact answers (never typed in).

Every position is a record replayed through the engine, and every premise
an exercise states is read from the seat's own view, so the notebook, the
tests and the answers all see the same game.

>>> kl_claim_remembered()                         # a seat that watched every covering knows (KL-13)
Fraction(1, 1)
>>> kl_claim_takeover() == covered.line_chance_by_listing(takeover_views()[1], CLAIM_LINE, takeover_known())
True
>>> tg_counter_stabbed() < tg_counter_shot()      # the shown Kevlar helps the Target against Shot only
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from spynb.engine import Game, Record, View
from spynb.games import get_spec

from . import covered, envelopes, hands

__all__ = [
    "KLOAK_RECORD", "TAKEOVER", "CLAIM_LINE", "PENALTY", "TARGET_RECORD", "ATTACKER", "RUNS",
    "kloak_game", "takeover_views", "takeover_known", "kl_claim_remembered", "kl_claim_takeover", "kl_break_even",
    "surveillance_game", "surveillance_view", "surveillance_premises", "tg_counter_shot", "tg_counter_stabbed",
    "target_view", "tg_next_target_firearms", "outed_game", "outed_view", "tg_outed_double_agent",
    "tracker_view", "placed_envelope", "cd_tracker_document", "cd_placed_document", "ax_coverage_misses",
]

KLOAK_RECORD = Record("kloak", "standard", 2, 3, (
    "1: B e5xe4", "2: B c1xd2", "1: B b5xa4", "2: B d2xe3", "1: b2-c1", "2: B d1xe2"))
"""Six moves of a two-player game: seat 1 is to move, and c1 d2 e3 can be claimed (KL-7)."""
TAKEOVER = 4
"""Seat 1 in :func:`takeover_views` sat down after this many moves: it saw the board then, and every move since."""
CLAIM_LINE = ("c1", "d2", "e3")
"""The line seat 1 thinks of claiming."""
PENALTY = Fraction(1, 4)
"""What the rival's extra turn (KL-8) is taken to be worth, in scores."""
ATTACKER = 3
"""The seat that chooses its attack in :func:`surveillance_game`."""
RUNS = 200
"""Simulations in the coverage exercise."""


# -- KLOAK: a claim from remembered moves (KL-7, KL-8, KL-13) -----------------------------------------

def kloak_game(moves: int | None = None) -> Game:
    """The KLOAK game of :data:`KLOAK_RECORD`, after ``moves`` moves (all of them by default)."""
    return KLOAK_RECORD.replay(moves, spec=get_spec("kloak"))


def takeover_views() -> tuple[View, View]:
    """Seat 1's view when it sat down (after :data:`TAKEOVER` moves) and now."""
    return kloak_game(TAKEOVER).view(1), kloak_game().view(1)


def takeover_known() -> dict[str, str | None]:
    """What seat 1 knows if it saw the board after :data:`TAKEOVER` moves and watched every move since."""
    return covered.known_since(*takeover_views())


def kl_claim_remembered() -> Fraction:
    """KL-13: for a seat that watched every move, the chance a claim on :data:`CLAIM_LINE` scores."""
    from spynb.kloak import memory_aid

    view = kloak_game().view(1)
    return covered.line_chance(view, CLAIM_LINE, memory_aid(view))


def kl_claim_takeover() -> Fraction:
    """KL-7, KL-13: the same chance for a seat that watched only from move :data:`TAKEOVER` on."""
    return covered.line_chance(takeover_views()[1], CLAIM_LINE, takeover_known())


def kl_break_even() -> Fraction:
    """KL-8: the chance a claim needs when the rival's extra turn is worth a quarter of a score."""
    return covered.break_even(PENALTY)


# -- The Target: which attack to play when the Target is watched (TG-4, TG-6, TG-8) -------------------

TARGET_RECORD = Record("target", "standard", 5, 4, (
    "1: play french", "2: play martial-arts", "3: clear firearms+martial-arts+martial-arts", "3: play audio-visual",
    "4: clear kevlar+chemicals+audio-visual", "4: play firearms", "5: play french",
    "1: clear firearms+martial-arts+explosives", "1: clear french+french+french", "1: draw intel", "1: draw intel",
    "2: draw rookie", "chance: deal kevlar", "3: draw operative", "chance: deal shot", "3: draw operative",
    "chance: deal stabbed", "3: draw rookie", "3: draw rookie", "4: draw espionage", "chance: deal staked-out",
    "4: draw espionage", "chance: deal outed", "4: draw espionage", "4: draw espionage", "5: draw rookie",
    "1: play audio-visual", "2: play defector", "3: play defector", "4: play staked-out",
    "5: clear defector+defector+informant", "5: play deception", "2: resolve", "1: draw operative",
    "2: discard deception", "2: discard defector", "2: discard defector", "3: draw operative", "4: draw rookie",
    "5: draw intel", "5: draw intel", "5: draw rookie", "5: draw rookie", "2: play audio-visual",
    "1: play audio-visual", "3: play missed", "4: play outed", "5: play defector", "3: resolve", "3: resolve",
    "3: reveal 1", "1: draw rookie", "2: draw rookie", "3: discard audio-visual", "3: discard audio-visual",
    "4: draw rookie", "5: draw rookie", "2: play informant", "1: play intel-d", "3: play defector",
    "4: play audio-visual", "5: play intel-d", "1: draw rookie", "2: draw rookie", "3: draw operative",
    "4: draw rookie", "5: draw intel", "2: play chemicals", "1: play deception", "3: play informant",
    "4: play audio-visual", "5: play informant", "1: draw rookie", "2: draw rookie", "3: draw rookie",
    "4: discard audio-visual", "4: discard chemicals", "4: discard outed", "4: discard tailed", "5: draw rookie",
    "2: play defector", "1: play kevlar", "3: play defector", "4: play deception", "5: play german", "1: draw rookie",
    "2: draw rookie", "3: draw rookie", "4: draw rookie", "5: discard defector", "5: discard defector",
    "5: discard german", "5: discard kevlar", "2: play chemicals", "1: play kevlar", "3: play chemicals",
    "4: play russian", "5: play deception", "1: draw rookie", "2: draw rookie", "3: draw rookie", "4: draw rookie",
    "5: draw rookie", "2: play firearms", "1: play missed", "3: play deception", "4: play firearms", "5: play mole",
    "1: resolve", "1: clear firearms+firearms+deception", "2: draw rookie", "3: draw rookie", "4: draw rookie",
    "5: draw rookie", "2: play kevlar",
))
"""Nine turns of a five-player game: seat 4 put Staked Out on seat 2 (turn 2) and Outed seat 3 (turn 3); seat 3
keeps Shot and Stabbed until seat 2 is the Target again, and seat 2 shows seat 3 the card it plays (TG-8)."""
_OUTED_REVEAL = TARGET_RECORD.actions.index("3: reveal 1") + 1
"""The entries up to the Outed seat 3 showing its affiliation to seat 1 (TG-7)."""


def surveillance_game() -> Game:
    """The Target's game at its last entry: seat 2 is the Target and has shown seat 3 its play."""
    return TARGET_RECORD.replay(spec=get_spec("target"))


def surveillance_view() -> View:
    return surveillance_game().view(ATTACKER)


def surveillance_premises(view: View) -> dict[str, Any]:
    """What the attacker's view says: the Target, the card it showed, the cards left in its hand, the attacks held."""
    from spynb.target.cards import ATTACKS

    target = view["marker"]
    return {"target": target, "shown": view["known_plays"][str(target)],
            "target_hand": view["hand_sizes"][str(target)], "attacks": [c for c in view["hand"] if c in ATTACKS]}


def tg_counter_shot() -> Fraction:
    """TG-6: the chance the Target's own cards counter a Shot (Firearms and Kevlar), as the attacker sees it."""
    return hands.counter_chance(surveillance_view(), "shot")


def tg_counter_stabbed() -> Fraction:
    """TG-6: the same for Stabbed (Martial Arts and Audio/Visual)."""
    return hands.counter_chance(surveillance_view(), "stabbed")


def target_view(seat: int) -> View:
    """A seat's view of :func:`spynb.prob.hands.target_position`: the first turn of a five-player game."""
    view: View = hands.target_position().view(seat)
    return view


def tg_next_target_firearms() -> Fraction:
    """Seat 3's view on turn 1: the next Target, seat 2, holds at least one Firearms."""
    return hands.holds_card_chance(target_view(3), 2, "firearms")


def outed_game() -> Game:
    """The Target's game just after the Outed seat 3 showed its affiliation to seat 1 (turn 3)."""
    return TARGET_RECORD.replay(_OUTED_REVEAL, spec=get_spec("target"))


def outed_view() -> View:
    """Seat 1's view: seat 3 has shown it a colour through an Outed (TG-7)."""
    return outed_game().view(1)


def tg_outed_double_agent() -> Fraction:
    """TG-1, TG-7: the chance seat 3, who showed seat 1 a colour, is a Double Agent."""
    from .affiliations import posterior

    return posterior(outed_view())[3]["double-agent"]


# -- Cloak & Dagger: which envelope to open (CD-5, CD-7, CD-10) ---------------------------------------

def tracker_view() -> View:
    state = envelopes.tracker_position()
    view: View = state.view(envelopes.tracker_seat(state))
    return view


def placed_envelope(view: View) -> int:
    """The first envelope in the notes holding a card the seat saw placed but not seen (CD-5)."""
    return min(e for e, n in envelopes.placed_unknowns(view).items() if n)


def cd_tracker_document() -> Fraction:
    """CD-7: the chance the card the rival carried unseen into the envelope it showed is a document."""
    view = tracker_view()
    return envelopes.document_chance(view, envelopes.tracked_envelope(view))


def cd_placed_document() -> Fraction:
    """CD-5: the chance the card placed unseen in :func:`placed_envelope` is a document."""
    view = tracker_view()
    return envelopes.document_chance(view, placed_envelope(view))


def ax_coverage_misses() -> Fraction:
    """How many of 200 intervals at 95% should miss the exact value, on average."""
    from .coverage import expected_misses

    return expected_misses(RUNS)
