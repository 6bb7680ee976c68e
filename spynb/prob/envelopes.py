"""Cloak & Dagger: what a seat's notes say about each envelope, and what a tracker learns (CD-7, CD-10).

A seat's notes (CD-10) list, against each envelope, the letters it saw
there and a ``?`` for each card it knows is there but has not seen (a card
someone placed, CD-5, or a card a tracked rival carried in, CD-7).  Every card
the notes do not place — not in the seat's hand, not written against an
envelope, not known in a rival's hand, not at the bottom of the stack — is
*unlocated*.  The aid's model: each ``?`` is equally likely to be any
unlocated card (the cards are exchangeable, as a shuffle makes them).  So the
chance that one ``?`` is a document is

    (unlocated documents) / (unlocated cards),

and an envelope with k question marks holds at least one document with chance
1 − C(u − d, k) / C(u, k) — the hand count of :func:`spynb.prob.hands.holds_chance`.
(The model ignores that a placed card is never a cloak or dagger, and that
players' choices hint at what they saw.)

>>> state = tracker_position()
>>> view = state.view(tracker_seat(state))
>>> envelope = tracked_envelope(view)
>>> [n["text"] for n in view["notes"]][envelope - 1]
'd ? …'
>>> document_chance(view, envelope) == document_chance_by_listing(view, envelope)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from typing import Any

from spynb.cloak_dagger.cards import DOCUMENTS, HAZARDS, IMPLEMENTS, STACK_COUNTS, agents_of
from spynb.engine import SpynbError, View

from .deduce import Deduction, seat_of
from .hands import holds_chance

__all__ = [
    "KINDS", "tracker_position", "tracker_seat", "tracked_envelope", "all_cards", "located", "unlocated",
    "document_chance", "document_chance_by_listing", "envelope_table", "notes_trial",
]

KINDS = {"X": "X", "Y": "Y", "Z": "Z", "document": DOCUMENTS, "double agent": IMPLEMENTS, "hazard": HAZARDS}
"""The table's columns: a name and the letters that count for it (cloaks and daggers get a column each way)."""


def all_cards(seats: int) -> Counter[str]:
    """Every card in a game of ``seats`` players: the 24 of the stack and each seat's cloak and dagger (CD-1)."""
    cards = Counter(STACK_COUNTS)
    cards.update(card for seat in range(1, seats + 1) for card in agents_of(seat))
    return cards


def located(view: View) -> Counter[str]:
    """The cards the seat's notes place: its hand, letters on envelopes, rivals' shown cards, the stack's bottom
    (a document seen in several envelopes counts at most as often as it exists)."""
    seen = Counter(view["hand"])
    for note in view["notes"]:
        seen.update(note["letters"])
    for letters in view["hands_known"].values():
        seen.update(letters)
    seen.update(view["stack_bottom"])
    return seen & all_cards(view["seats"])


def unlocated(view: View) -> Counter[str]:
    """The cards the notes do not place: the pool every ``?`` is dealt from."""
    return all_cards(view["seats"]) - located(view)


def _note(view: View, envelope: int) -> dict[str, Any]:
    if not 1 <= envelope <= len(view["notes"]):
        raise SpynbError(f"there is no envelope {envelope!r}: envelopes are numbered 1 to 20 (CD-1)")
    return view["notes"][envelope - 1]


def _chance(view: View, envelope: int, letters: str) -> Fraction:
    """The chance the envelope holds at least one of ``letters``, by the notes."""
    note = _note(view, envelope)
    if any(c in letters for c in note["letters"]):
        return Fraction(1)
    pool = unlocated(view)
    grouped = {"hit": sum(pool[c] for c in letters), "other": sum(pool[c] for c in pool if c not in letters)}
    return holds_chance(grouped, note["unknown"], {"hit": 1})


def document_chance(view: View, envelope: int, letters: str = DOCUMENTS) -> Fraction:
    """The chance envelope ``envelope`` holds a document (or one of ``letters``), given the seat's notes."""
    return _chance(view, envelope, letters)


def document_chance_by_listing(view: View, envelope: int, letters: str = DOCUMENTS) -> Fraction:
    """The same by listing every way to choose the envelope's ``?`` cards from the unlocated ones."""
    note = _note(view, envelope)
    if any(c in letters for c in note["letters"]):
        return Fraction(1)
    cards = list(unlocated(view).elements())
    ways = list(combinations(range(len(cards)), note["unknown"]))
    return Fraction(sum(any(cards[i] in letters for i in way) for way in ways), len(ways))


def envelope_table(view: View) -> Deduction:
    """For every envelope in the notes, the chance it holds each kind of card (see the module doc)."""
    seats = view["seats"]
    columns = {**KINDS, **{f"seat {s}'s agent": "".join(agents_of(s)) for s in range(1, seats + 1)}}
    cells = {}
    for note in view["notes"]:
        if note["seen_turn"] is None:
            continue
        cells[note["envelope"]] = {name: _chance(view, note["envelope"], letters) for name, letters in columns.items()}
    pool = unlocated(view)
    notes = (f"{sum(pool.values())} cards unlocated: each ? is any of them with the same chance.",
             "An envelope seen only in part (… in the notes) may hold more than this.")
    return Deduction(f"Seat {view.seat}: what each envelope holds", seat_of(view), tuple(columns), cells, True, notes)


def notes_trial(view: View, test: Callable[[dict[int, str]], bool]) -> Any:
    """A trial: deal the unlocated cards into every ``?`` of the notes at random; ``test`` the envelopes."""
    cards = sorted(unlocated(view).elements())
    slots = [note["envelope"] for note in view["notes"] for _ in range(note["unknown"])]

    def trial(rng: random.Random) -> bool:
        dealt = rng.sample(cards, len(slots))
        contents = {note["envelope"]: note["letters"] for note in view["notes"]}
        for envelope, card in zip(slots, dealt):
            contents[envelope] += card
        return test(contents)

    return trial


def tracker_seat(state: Any) -> int:
    """The seat that tracked in :func:`tracker_position`: the first player (CD-2), a public fact."""
    return int(state.view(1)["first_player"])


def tracked_envelope(view: View) -> int:
    """The last envelope a tracked rival finished in and showed this seat (CD-7)."""
    shown = [e for e in view["events"] if e["kind"] == "shown" and view.seat in e["trackers"]]
    if not shown:
        raise SpynbError("no rival has shown this seat an envelope yet: track first (CD-7)")
    return int(shown[-1]["envelope"])


def _hazard_placed(view: View) -> int | None:
    for note in view["notes"]:
        if len(note["letters"]) == 1 and note["letters"] in HAZARDS and not note["unknown"]:
            return int(note["envelope"])
    return None


def tracker_position(seed: int = 5, seats: int = 2) -> Any:
    """A seeded two-player game scripted to a tracking (CD-7).

    The first player T and the rival R deposit their agents (CD-4) in
    envelopes 1 and 2, then place cards in fresh envelopes (CD-5) until T has
    placed a hazard and R a document.  R moves its agents onto its document,
    then starts a transfer showing its cloak and taking one card unseen (CD-6);
    T tracks with its hazard (CD-7); R finishes in a fresh envelope and must
    show T its number.
    """
    import spynb

    game = spynb.new_game("cloak-dagger", seats=seats, seed=seed)
    tracker = int(game.turn.seats[0])
    rival = tracker % seats + 1
    game.play("1")
    game.play("2")
    fresh = iter(range(3, 21))
    rival_document = None
    while _hazard_placed(game.view(tracker)) is None or rival_document is None:
        mover, envelope = game.turn.seats[0], next(fresh)
        game.play(str(envelope))
        placed = [n["letters"] for n in game.view(mover)["notes"]][envelope - 1]
        if mover == rival and rival_document is None and placed in DOCUMENTS:
            rival_document = envelope
    cloak, dagger = agents_of(rival)

    def on_turn(seat: int, *moves: str) -> None:
        if game.turn.seats[0] != seat:  # the other seat looks in its own envelope and does nothing
            game.play("1" if seat == rival else "2")
            game.play("pass")
        for move in moves:
            game.play(move)

    on_turn(rival, "2", f"take {cloak}+{dagger}")
    on_turn(rival, str(rival_document))
    on_turn(rival, str(rival_document))
    carried = next(c for c in game.view(rival)["opened"]["contents"] if c in DOCUMENTS)
    game.play(f"take {cloak}+{carried}")
    hazard = _hazard_placed(game.view(tracker))
    if hazard is None:  # the loop above stops only once there is one
        raise SpynbError("the script lost the tracker's hazard")
    on_turn(tracker, str(hazard), f"track {game.view(tracker)['notes'][hazard - 1]['letters']}")
    on_turn(rival, str(next(fresh)))
    return game.state
