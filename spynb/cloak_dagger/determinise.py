"""Imagining the hidden cards from one seat's view (for searching bots).

A bot may not read the true state.  :func:`determinise` builds a full state
from a seat's view alone: what the note list records stays where it was
seen, and every card the seat cannot place is dealt at random among the
places it might be: an envelope whose note is not complete, or one a rival
may have finished into, unseen, since the seat's last look (CD-4, CD-7).
:func:`evaluate` scores a position for a seat.
"""

from __future__ import annotations

import random
from collections import Counter

from spynb.engine import View
from spynb.games import get_spec

from .cards import DOCUMENTS, ENVELOPES, STACK_COUNTS, agents_of, owner_of, sort_cards
from .notes import HiddenFinish, Notebook, hidden_finishes
from .rules import RULES
from .state import DECIDE, SELECT, CloakDaggerState

__all__ = ["determinise", "evaluate"]


def _cards_in_play(seats: int) -> Counter[str]:
    cards = Counter(STACK_COUNTS)
    for seat in range(1, seats + 1):
        cards.update(agents_of(seat))
    return cards


def determinise(view: View, rng: random.Random) -> CloakDaggerState:
    """A state consistent with ``view``: the seat's view of it and its legal actions are the real ones.

    At the seat's own decision (what a searching bot asks) the envelope it opened stays open; while a rival
    decides, the envelope that rival opened, which the seat did not see, is imagined among those holding a card.

    :raises SpynbError: for the omniscient view or a view of another game.
    """
    seats, seat = view["seats"], view.seat_of(RULES.game)
    state = get_spec(view.game).new_state("standard", seats, {"turn_limit": view["turn_limit"]})
    assert isinstance(state, CloakDaggerState)  # what Cloak & Dagger's spec makes
    unplaced = _cards_in_play(seats)
    unplaced.subtract(view["hand"] + view["stack_bottom"])
    hands = {int(s): letters for s, letters in view["hands_known"].items()}
    unplaced.subtract("".join(hands.values()))
    envelopes = {e: "" for e in ENVELOPES}
    unknown_slots: list[int] = []  # envelopes that hold a card the seat has not identified
    open_places: list[int] = []  # envelopes that may hold more than the notes say
    opened = view.data.get("opened")
    now, inside = (opened["envelope"], opened["contents"]) if opened else (None, "")
    noted: list[tuple[int, int, str]] = []  # (turn seen, envelope, card) of each card placed by a note but `now`'s
    # CD-10: notes are stamped with the turn they were seen; the freshest first, the envelope open now (certain) first
    for note in sorted(view["notes"], key=lambda note: (note["envelope"] != now, -(note["seen_turn"] or 0))):
        e = note["envelope"]
        letters = inside if e == now else note["letters"]
        for card in letters:
            if unplaced[card] > 0:  # a stale note loses to fresher knowledge: the freshest come first
                unplaced[card] -= 1
                envelopes[e] += card
                if e != now:
                    noted.append((note["seen_turn"] or 0, e, card))
    finishes = hidden_finishes(seat, view["events"])
    uncertain = set().union(*(finish.could_be for finish in finishes))
    for note in view["notes"]:
        e = note["envelope"]
        unknown_slots.extend([e] * note["unknown"])
        if not note["complete"] or e in uncertain:
            open_places.append(e)
    stack_hidden_size = view["stack_size"] - len(view["stack_bottom"])
    missing = {other: view["hand_sizes"][str(other)] - len(hands.get(other, ""))
               for other in range(1, seats + 1) if other != seat}
    # hand sizes are certain, notes may be stale (a card taken unseen): the stalest noted cards make up a shortfall
    noted.sort()
    shortfall = stack_hidden_size + sum(missing.values()) + len(unknown_slots) - sum((+unplaced).values())
    for _, e, card in noted[:max(shortfall, 0)]:
        envelopes[e] = envelopes[e].replace(card, "", 1)
        unplaced[card] += 1
    agents = [c for c in unplaced.elements() if owner_of(c) is not None]
    others = [c for c in unplaced.elements() if owner_of(c) is None]
    rng.shuffle(agents)
    rng.shuffle(others)
    stack = Counter(others[:stack_hidden_size])
    rest = agents + others[stack_hidden_size:]
    rng.shuffle(rest)
    for other, count in missing.items():
        hands[other] = hands.get(other, "") + "".join(rest.pop() for _ in range(min(count, len(rest))))
    for e in unknown_slots:
        if rest:
            envelopes[e] += rest.pop()
    # cards no note accounts for lie where the notes are not known in full, never in the envelope open now
    places = [e for e in open_places if e != now] or [e for e in ENVELOPES if e != now]
    for card in rest:
        envelopes[rng.choice(places)] += card
    _set(state, view, seat, envelopes, hands, stack, finishes)
    if view["phase"] == DECIDE and not opened:  # a rival decides over an envelope the seat does not see
        state.selected = rng.choice([e for e in ENVELOPES if state.envelopes[e]] or list(ENVELOPES))
        state.phase, state._choices = DECIDE, state._decisions()
    return state


def _set(state: CloakDaggerState, view: View, seat: int, envelopes: dict[int, str], hands: dict[int, str],
         stack: Counter[str], finishes: list[HiddenFinish]) -> None:
    state.envelopes = [""] + [sort_cards(envelopes[e]) for e in ENVELOPES]
    state.hands = [""] + [view["hand"] if s == seat else sort_cards(hands.get(s, "")) for s in range(1, view["seats"] + 1)]
    state.stack_hidden = {card: stack.get(card, 0) for card in STACK_COUNTS}
    state.stack_bottom = list(view["stack_bottom"])
    state.first_player, state.turn_number = view["first_player"], view["turn_number"]
    state.current = view["to_move"][0] if view["to_move"] else seat
    state.owed = {int(s): list(t) for s, t in view["owed"].items()}
    state.phase = SELECT
    book = Notebook.from_view(seat, view["notes"], view["hands_known"])
    book.finishes = finishes
    state.known_before = {seat: book}
    opened = view.data.get("opened")
    if opened:
        state.selected, state.phase = opened["envelope"], DECIDE
        state._choices = state._decisions()


def _gathered(state: CloakDaggerState, seat: int) -> int:
    """The most kinds of document beside one of ``seat``'s agents, in an envelope or in its hand (CD-8)."""
    own = agents_of(seat)
    best = 0
    for cards in (*state.envelopes[1:], state.hands[seat]):
        if any(agent in cards for agent in own):
            best = max(best, sum(doc in cards for doc in DOCUMENTS))
    return best


def evaluate(state: CloakDaggerState, seat: int) -> float:
    """Progress towards CD-8 for ``seat`` against its rivals: documents gathered beside its own agent.

    1 for a win, 0 for a loss, ½ when the turn limit ends the game; else ½
    plus 0.13 for each kind of document the seat's best envelope (or hand)
    holds beside its agent beyond the best rival's, so a rival's progress
    counts against it as much as its own counts for it.
    """
    if state.over:
        return 0.5 if not state.winners else 1.0 if seat in state.winners else 0.0
    rival = max(_gathered(state, other) for other in range(1, state.seats + 1) if other != seat)
    return 0.5 + 0.13 * (_gathered(state, seat) - rival)
