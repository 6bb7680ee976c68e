"""Dealing again what a seat has not seen: the copies searching bots and the no-leak tests imagine.

:func:`resample` keeps everything ``seat`` knows (its hand and affiliation, every public count, the plays it
saw, what Outed showed it) and re-deals the rest; :func:`deal_affiliations` draws the seats' affiliations as
the setup does, given what a seat knows (it also serves :mod:`spynb.target.determinise`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from spynb.engine import SpynbError

from .cards import DECK_OF, DECKS, SETUP_CHART, sort_cards
from .piles import add
from .stages import PLAYING, Stage

if TYPE_CHECKING:
    from .state import TargetState

__all__ = ["resample", "deal_affiliations"]

_KNOWN_TO_ALL = (Stage.PICK, Stage.ASSIGN, Stage.DONE)
"""Stages at which the affiliations are not re-dealt: before anyone has one, and at the end (the winners are known)."""


def resample(state: TargetState, seat: int, rng: random.Random) -> TargetState:
    """Re-deal what ``seat`` has not seen: others' hands and hidden plays (each card only with
    unseen cards of its own deck, so every public count stays), the decks' contents, who played
    which card of the revealed pile, and the other seats' affiliations (keeping what Outed
    showed ``seat``).  The copy keeps only the history ``seat`` saw."""
    other = state._copy_seen_by(seat)
    slots, cards, secret_plays = _unseen_cards(state, seat)
    if state.stage not in PLAYING and len(secret_plays) > 1:  # revealed: who played which card is unknown
        shuffled = [state.plays[s] for s in secret_plays]
        rng.shuffle(shuffled)
        other.plays.update(zip(secret_plays, shuffled))
    _deal_unseen(state, other, seat, slots, cards, rng)
    if state.stage not in _KNOWN_TO_ALL:
        _resample_affiliations(other, seat, rng)
    return other


def _unseen_cards(state: TargetState, seat: int) -> tuple[dict[str, list[tuple[str, int]]], dict[str, list[str]],
                                                          list[int]]:
    """Per deck, the places ``seat`` cannot see into (other hands, face-down plays before the reveal) and the
    cards in them; and the seats whose plays it has not seen."""
    slots: dict[str, list[tuple[str, int]]] = {deck: [] for deck in DECKS}
    cards: dict[str, list[str]] = {deck: [] for deck in DECKS}
    for s in range(1, state.seats + 1):
        if s != seat:
            for card in state.hands[s]:
                slots[DECK_OF[card]].append(("hand", s))
                cards[DECK_OF[card]].append(card)
    secret_plays = [s for s in sorted(state.plays) if s != seat and s not in state.face_up
                    and seat not in state.shown.get(s, ())]
    if state.stage in PLAYING:
        for s in secret_plays:
            slots[DECK_OF[state.plays[s]]].append(("play", s))
            cards[DECK_OF[state.plays[s]]].append(state.plays[s])
    return slots, cards, secret_plays


def _deal_unseen(state: TargetState, other: TargetState, seat: int, slots: dict[str, list[tuple[str, int]]],
                 cards: dict[str, list[str]], rng: random.Random) -> None:
    """Shuffle each deck's unseen cards with its contents and fill ``other``'s unseen places from them."""
    for s in range(1, state.seats + 1):
        if s != seat:
            other.hands[s] = []
    for deck in DECKS:
        pool = cards[deck] + [c for c, n in sorted(state.decks[deck].items()) for _ in range(n)]
        rng.shuffle(pool)
        for (where, s), card in zip(slots[deck], pool):
            if where == "hand":
                other.hands[s].append(card)
            else:
                other.plays[s] = card
        other.decks[deck] = {}
        for card in pool[len(slots[deck]):]:
            add(other.decks[deck], card)
    for s in range(1, state.seats + 1):
        other.hands[s] = sort_cards(other.hands[s])


def _resample_affiliations(state: TargetState, seat: int, rng: random.Random) -> None:
    """The other seats' affiliations re-dealt as :func:`deal_affiliations` draws them; the colours Outed
    showed other viewers follow (a Double Agent's stay: it chose them, TG-7)."""
    shown = {s: seen[seat] for s, seen in state.outed_seen.items() if seat in seen}
    pool = state.affiliation[1:] if state.from_scenario else None  # a scenario's need not follow the chart
    dealt, removed = deal_affiliations(state.seats, seat, state.affiliation[seat], shown, rng, pool)
    for s, affiliation in dealt.items():
        state.affiliation[s] = affiliation
        if affiliation != "double-agent":
            for viewer in state.outed_seen.get(s, {}):
                state.outed_seen[s][viewer] = affiliation
    if pool is None:
        state.removed = {}
        for affiliation in removed:
            add(state.removed, affiliation)


def deal_affiliations(seats: int, seat: int, mine: str, shown: Mapping[int, str], rng: random.Random,
                      pool: Sequence[str] | None = None) -> tuple[dict[int, str], list[str]]:
    """Every seat's affiliation as ``seat`` may imagine them, and the Pile 2 cards left out of play.

    They are drawn as the setup draws them (Pile 1 plus a random pick from Pile 2, TG-1), or for a scenario
    as a shuffle of ``pool`` (every seat's card), keeping what the seat knows: its own card is ``mine``,
    and a seat whose Outed showed it a colour holds that colour or is a Double Agent (TG-7).  Drawing
    again until the deal fits gives each fitting deal its chance; when the fit is too rare for that, a
    fitting deal is built directly from a possible pick.
    """
    pile1, pile2, picks = SETUP_CHART[seats]
    base = [a for a, n in pile1 for _ in range(n)]
    pile2_cards = [a for a, n in pile2 for _ in range(n)]

    def fits(s: int, affiliation: str) -> bool:
        if s == seat:
            return affiliation == mine
        return shown.get(s) in (None, affiliation) or affiliation == "double-agent"

    for _ in range(200):
        rng.shuffle(pile2_cards)
        final = list(pool) if pool is not None else base + pile2_cards[:picks]
        rng.shuffle(final)
        if all(fits(s, a) for s, a in enumerate(final, 1)):
            return dict(enumerate(final, 1)), ([] if pool is not None else pile2_cards[picks:])
    choices = [(list(pool), [])] if pool is not None else [
        (base + [pile2_cards[i] for i in chosen], [c for i, c in enumerate(pile2_cards) if i not in chosen])
        for chosen in combinations(range(len(pile2_cards)), picks)]
    rng.shuffle(choices)
    for final, removed in choices:
        dealt = _fit(list(range(1, seats + 1)), final, fits, rng)
        if dealt is not None:
            return dealt, removed
    raise SpynbError(f"no deal of the Affiliation Setup Chart fits what seat {seat} knows (TG-1, TG-7)")


def _fit(seats: list[int], cards: list[str], fits: Callable[[int, str], bool],
         rng: random.Random) -> dict[int, str] | None:
    """Give each of ``seats`` one of ``cards`` that fits it, trying choices in a random order (None: impossible)."""
    if not seats:
        return {}
    first, rest = seats[0], seats[1:]
    for card in rng.sample(sorted(set(cards)), len(set(cards))):
        if fits(first, card):
            left = list(cards)
            left.remove(card)
            dealt = _fit(rest, left, fits, rng)
            if dealt is not None:
                return {first: card, **dealt}
    return None
