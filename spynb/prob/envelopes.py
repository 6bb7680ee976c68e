"""Cloak & Dagger: what a seat's notes say about each envelope, and what a tracker learns (CD-7, CD-10).

A seat's notes (CD-10) list, against each envelope, the letters it saw
there and a ``?`` for each card it knows is there but has not seen (a card
someone placed, CD-5, or a card a tracked rival carried in, CD-7).  Every card
the notes do not place — not in the seat's hand, not written against an
envelope, not known in a rival's hand, not at the bottom of the stack — is
*unlocated*.  The aid's model: the ``?`` cards are dealt at random, without
replacement, from the unlocated cards, except that a ``?`` the seat saw
*placed* (CD-5: the placer drew the top card of the stack) is never a cloak
or dagger, since the stack holds none (CD-1); a ``?`` a rival *carried in*
(CD-7) may be any unlocated card.  Every deal of the unlocated cards into the
notes' ``?`` cards that keeps to this is equally likely.  With n unlocated
cards that are no agent, P placed ``?`` in all the notes, and an envelope
holding p placed and c carried-in ``?``, the chance that it holds none of
some letters is

    C(n − h, p) / C(n, p) × Σ_j H(j) × C(u − P − r_j, c) / C(u − P, c),

where u counts the unlocated cards, h the wanted letters among the n, H(j)
the chance that j of them went to the other P − p placed cards, and r_j the
wanted letters left for the carried-in cards.  With nothing placed this is
1 − C(u − d, k) / C(u, k), the hand count of :func:`spynb.prob.hands.holds_chance`.
(The model ignores where else the unlocated cards could be — the stack never
holds an agent either — and that players' choices hint at what they saw.)

The table (:func:`envelope_table`) gives only what the notes still settle:
a move the seat was not shown may have changed an envelope since its last
look (:mod:`spynb.prob.envelope_changes`).  An envelope that may have lost
cards is left out of the count (its letters and ``?`` count as unlocated) and
keeps only its certain 0s (a note with no ``?``, of kinds it does not list);
one that may have gained cards keeps only its 1s; every other cell is None,
shown "—".

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
from collections.abc import Callable, Collection, Mapping
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from spynb.cloak_dagger.cards import DOCUMENTS, HAZARDS, IMPLEMENTS, STACK_COUNTS, agents_of, owner_of
from spynb.engine import SpynbError, View

from .deduce import Deduction, seat_of
from .envelope_changes import Unseen, changed_unseen

__all__ = [
    "KINDS", "tracker_position", "tracker_seat", "tracked_envelope", "all_cards", "located", "unlocated",
    "placed_unknowns", "document_chance", "document_chance_by_listing", "table_columns", "envelope_table",
    "notes_trial",
]

KINDS = {"X": "X", "Y": "Y", "Z": "Z", "document": DOCUMENTS, "double agent": IMPLEMENTS, "hazard": HAZARDS}
"""The table's columns: a name and the letters that count for it (cloaks and daggers get a column each way)."""


def all_cards(seats: int) -> Counter[str]:
    """Every card in a game of ``seats`` players: the 24 of the stack and each seat's cloak and dagger (CD-1)."""
    cards = Counter(STACK_COUNTS)
    cards.update(card for seat in range(1, seats + 1) for card in agents_of(seat))
    return cards


def located(view: View, left_out: Collection[int] = ()) -> Counter[str]:
    """The cards the seat's notes place: its hand, letters on envelopes (but those ``left_out``), rivals' shown
    cards, the stack's bottom (a document seen in several envelopes counts at most as often as it exists)."""
    seen = Counter(view["hand"])
    for note in view["notes"]:
        if note["envelope"] not in left_out:
            seen.update(note["letters"])
    for letters in view["hands_known"].values():
        seen.update(letters)
    seen.update(view["stack_bottom"])
    return seen & all_cards(view["seats"])


def unlocated(view: View, left_out: Collection[int] = ()) -> Counter[str]:
    """The cards the notes (but those of the envelopes ``left_out``) do not place: the pool every ``?`` is dealt
    from."""
    return all_cards(view["seats"]) - located(view, left_out)


def _note(view: View, envelope: int) -> dict[str, Any]:
    if not 1 <= envelope <= len(view["notes"]):
        raise SpynbError(f"there is no envelope {envelope!r}: envelopes are numbered 1 to 20 (CD-1)")
    note: dict[str, Any] = view["notes"][envelope - 1]  # the view's JSON-safe note
    return note


def placed_unknowns(view: View, left_out: Collection[int] = ()) -> dict[int, int]:
    """Per envelope (but those ``left_out``), how many of its ``?`` the seat saw placed from the stack (CD-5), from
    its view's events.

    A ``place`` adds one, the placer's own ``placed`` (it saw the card) takes it
    back, and a look inside (``open``, ``show_empty``, ``win``) starts afresh.
    The rest of an envelope's ``?`` were carried in by a rival (CD-7).
    """
    placed: Counter[int] = Counter()
    for event in view["events"]:
        kind, envelope = event["kind"], event.get("envelope")
        if kind == "place":
            placed[envelope] += 1
        elif kind == "placed":
            placed[envelope] -= 1
        elif kind in ("open", "show_empty", "win"):
            placed[envelope] = 0
    return {note["envelope"]: min(max(placed[note["envelope"]], 0), note["unknown"]) for note in view["notes"]
            if note["envelope"] not in left_out}


def _hypergeometric(hits: int, others: int, drawn: int, wanted: int) -> Fraction:
    """The chance that ``drawn`` cards dealt from ``hits`` + ``others`` hold exactly ``wanted`` hits (0 in a branch
    whose counts cannot happen: fewer hits or others than it needs, as when an earlier factor is already 0)."""
    if min(hits, others, wanted, drawn - wanted) < 0 or hits + others < drawn:
        return Fraction(0)
    return Fraction(comb(hits, wanted) * comb(others, drawn - wanted), comb(hits + others, drawn))


def _chance(note: Mapping[str, Any], pool: Counter[str], placed: Mapping[int, int], letters: str) -> Fraction:
    """The chance the envelope of ``note`` holds at least one of ``letters``, when the notes' ``?`` are dealt from
    ``pool``, ``placed`` of them from its cards that are no agent (the module doc's count)."""
    if any(c in letters for c in note["letters"]):
        return Fraction(1)
    agents = {c for c in pool if owner_of(c) is not None}
    stack_kind = sum(pool[c] for c in pool if c not in agents)
    stack_hits = sum(pool[c] for c in letters if c not in agents)
    agent_hits = sum(pool[c] for c in letters if c in agents)
    own, everywhere = placed[note["envelope"]], sum(placed.values())
    carried, rest = note["unknown"] - own, sum(pool.values()) - everywhere
    if everywhere > stack_kind or carried > rest:
        raise SpynbError("the notes hold more unseen cards than the unlocated ones can fill (CD-10)")
    none = _hypergeometric(stack_hits, stack_kind - stack_hits, own, 0)
    left = stack_kind - own
    elsewhere = sum(_hypergeometric(stack_hits, left - stack_hits, everywhere - own, j)
                    * _hypergeometric(stack_hits - j + agent_hits, rest - stack_hits + j - agent_hits, carried, 0)
                    for j in range(min(stack_hits, everywhere - own) + 1))
    return 1 - none * elsewhere


def document_chance(view: View, envelope: int, letters: str = DOCUMENTS, left_out: Collection[int] = ()) -> Fraction:
    """The chance envelope ``envelope`` holds a document (or one of ``letters``), given the seat's notes (but those
    of the envelopes ``left_out``, whose cards then count as unlocated)."""
    return _chance(_note(view, envelope), unlocated(view, left_out), placed_unknowns(view, left_out), letters)


def document_chance_by_listing(view: View, envelope: int, letters: str = DOCUMENTS,
                               left_out: Collection[int] = ()) -> Fraction:
    """The same by listing every way to choose the placed ``?`` cards of all the notes from the unlocated
    cards that are no agent, this envelope's among them, then its carried-in ``?`` cards from those left."""
    note = _note(view, envelope)
    if any(c in letters for c in note["letters"]):
        return Fraction(1)
    cards = list(unlocated(view, left_out).elements())
    placed = placed_unknowns(view, left_out)
    own, everywhere = placed[envelope], sum(placed.values())
    stack_kind = [i for i, c in enumerate(cards) if owner_of(c) is None]
    hits = total = 0
    for mine in combinations(stack_kind, own):
        for others in combinations([i for i in stack_kind if i not in mine], everywhere - own):
            left = [i for i in range(len(cards)) if i not in mine and i not in others]
            for carried in combinations(left, note["unknown"] - own):
                total += 1
                hits += any(cards[i] in letters for i in mine + carried)
    return Fraction(hits, total)


def table_columns(seats: int) -> dict[str, str]:
    """The table's columns and the letters each counts: the kinds, then each seat's cloak and dagger."""
    return {**KINDS, **{f"seat {s}'s agent": "".join(agents_of(s)) for s in range(1, seats + 1)}}


def _cell(note: Mapping[str, Any], pool: Counter[str], placed: Mapping[int, int], letters: str,
          unseen: Unseen) -> Fraction | None:
    """A cell of the table, or None where an unseen move (:mod:`spynb.prob.envelope_changes`) leaves it uncertain.

    A note that may have lost cards gives a 1 only for letters seen go in since, a 0 only where neither its
    letters, nor its ``?`` (any unlocated card), nor what it may have gained can hold ``letters``; any other
    gives the count's chance, kept only where it is 1, or 0 with nothing gained that can hold ``letters``.
    """
    envelope = note["envelope"]
    hit = any(c in letters for c in unseen.gained.get(envelope, "")) or (
        envelope in unseen.gained_unseen and any(pool[c] for c in letters))
    if envelope in unseen.lost:
        if any(c in letters for c in unseen.kept.get(envelope, "")):
            return Fraction(1)
        unknown = note["unknown"] and any(pool[c] for c in letters)
        return None if hit or unknown or any(c in letters for c in note["letters"]) else Fraction(0)
    chance = _chance(note, pool, placed, letters)
    if envelope not in unseen.gained or chance == 1 or chance == 0 and not hit:
        return chance
    return None


def envelope_table(view: View) -> Deduction:
    """For every envelope in the notes, the chance it holds each kind of card (see the module doc), or None (shown
    "—") where a move the seat was not shown may have changed it."""
    columns = table_columns(view["seats"])
    unseen = changed_unseen(view)
    pool, placed = unlocated(view, unseen.lost), placed_unknowns(view, unseen.lost)
    cells = {note["envelope"]: {name: _cell(note, pool, placed, letters, unseen) for name, letters in columns.items()}
             for note in view["notes"] if note["seen_turn"] is not None}
    notes = (f"{sum(pool.values())} cards unlocated: each ? is dealt one of them at random, but a ? placed from "
             "the stack is never a cloak or dagger (the stack holds none).",
             "— where a move you were not shown may have changed the envelope since you last looked inside: a "
             "rival's finish may have put cards in, a rival's take or track may have taken some out.")
    return Deduction(f"Seat {view.seat}: what each envelope holds", seat_of(view), tuple(columns), cells, True, notes)


def notes_trial(view: View, test: Callable[[dict[int, str]], bool]) -> Any:
    """A trial: deal the unlocated cards into every ``?`` of the notes at random, the placed ones (CD-5) from
    the cards that are no agent; ``test`` the envelopes."""
    cards = sorted(unlocated(view).elements())
    placed = placed_unknowns(view)
    slots = [(note["envelope"], i < placed[note["envelope"]]) for note in view["notes"] for i in range(note["unknown"])]
    slots.sort(key=lambda slot: not slot[1])  # the placed ones first

    def trial(rng: random.Random) -> bool:
        left = list(cards)
        contents = {note["envelope"]: note["letters"] for note in view["notes"]}
        for envelope, from_stack in slots:
            card = rng.choice([c for c in left if not from_stack or owner_of(c) is None])
            left.remove(card)
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
