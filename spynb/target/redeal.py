"""Dealing again what a seat has not seen: the copies searching bots and the no-leak tests imagine.

:func:`redeal` works out, from a position, everything ``seat`` has not seen dealt again: a :class:`Redeal`,
which :meth:`~spynb.target.state.TargetState.resample_hidden` holds in a copy (no field of the state is
written here).  :func:`deal_affiliations` draws the seats' affiliations as the setup does, given what a seat
knows (it also serves :mod:`spynb.target.determinise`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from spynb.engine import SpynbError

from .cards import DECK_OF, DECKS, SETUP_CHART, sort_cards
from .piles import add
from .stages import PLAYING, Stage

if TYPE_CHECKING:
    from .state import TargetState

__all__ = ["Redeal", "redeal", "deal_affiliations"]

_KNOWN_TO_ALL = (Stage.PICK, Stage.ASSIGN, Stage.DONE)
"""Stages at which the affiliations are not re-dealt: before anyone has one, and at the end (the winners are known)."""


@dataclass
class Redeal:
    """What a re-deal for one seat changes, whole: each field is the state's field of that name."""

    hands: list[list[str]]
    plays: dict[int, str]
    decks: dict[str, dict[str, int]]
    affiliation: list[str]
    outed_seen: dict[int, dict[int, str]]
    removed: dict[str, int]


def redeal(state: TargetState, seat: int, rng: random.Random) -> Redeal:
    """What ``seat`` has not seen, dealt again: others' hands and hidden plays (each card only with
    unseen cards of its own deck, so every public count stays), the decks' contents, who played
    which card of the revealed pile, and the other seats' affiliations (keeping what Outed
    showed ``seat``).  Everything ``seat`` saw is as in ``state``."""
    slots, cards, secret_plays = _unseen_cards(state, seat)
    plays = dict(state.plays)
    if state.stage not in PLAYING and len(secret_plays) > 1:  # revealed: who played which card is unknown
        shuffled = [state.plays[s] for s in secret_plays]
        rng.shuffle(shuffled)
        plays.update(zip(secret_plays, shuffled))
    hands, decks = _deal_unseen(state, seat, slots, cards, plays, rng)
    affiliation = list(state.affiliation)
    outed_seen = {s: dict(seen) for s, seen in state.outed_seen.items()}
    removed = dict(state.removed)
    if state.stage not in _KNOWN_TO_ALL:
        left_out = _redeal_affiliations(state, seat, affiliation, outed_seen, rng)
        if left_out is not None:
            removed = left_out
    return Redeal(hands, plays, decks, affiliation, outed_seen, removed)


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


def _deal_unseen(state: TargetState, seat: int, slots: dict[str, list[tuple[str, int]]],
                 cards: dict[str, list[str]], plays: dict[int, str],
                 rng: random.Random) -> tuple[list[list[str]], dict[str, dict[str, int]]]:
    """Shuffle each deck's unseen cards with its contents and fill the unseen places from them: the hands
    and the decks dealt (the hidden plays are dealt into ``plays``)."""
    dealt = [s for s in range(1, state.seats + 1) if s != seat]
    hands = [[] if s in dealt else list(hand) for s, hand in enumerate(state.hands)]
    decks: dict[str, dict[str, int]] = {}
    for deck in DECKS:
        pool = cards[deck] + [c for c, n in sorted(state.decks[deck].items()) for _ in range(n)]
        rng.shuffle(pool)
        for (where, s), card in zip(slots[deck], pool):
            if where == "hand":
                hands[s].append(card)
            else:
                plays[s] = card
        decks[deck] = {}
        for card in pool[len(slots[deck]):]:
            add(decks[deck], card)
    for s in dealt:
        hands[s] = sort_cards(hands[s])
    return hands, decks


def _redeal_affiliations(state: TargetState, seat: int, affiliation: list[str],
                         outed_seen: dict[int, dict[int, str]], rng: random.Random) -> dict[str, int] | None:
    """Deal the seats' ``affiliation`` again as :func:`deal_affiliations` draws them; the colours Outed
    showed other viewers follow (a Double Agent's stay: it chose them, TG-7).  The Pile 2 cards left out,
    or ``None`` for a scenario, whose affiliations are all in play."""
    shown = {s: seen[seat] for s, seen in state.outed_seen.items() if seat in seen}
    pool = state.affiliation[1:] if state.from_scenario else None  # a scenario's need not follow the chart
    dealt, left_out = deal_affiliations(state.seats, seat, state.affiliation[seat], shown, rng, pool)
    for s, dealt_affiliation in dealt.items():
        affiliation[s] = dealt_affiliation
        if dealt_affiliation != "double-agent":
            for viewer in outed_seen.get(s, {}):
                outed_seen[s][viewer] = dealt_affiliation
    if pool is not None:
        return None
    removed: dict[str, int] = {}
    for card in left_out:
        add(removed, card)
    return removed


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
