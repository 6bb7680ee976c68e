"""The choices a seat has: the legal actions of The Target, listed in notation order.

The listing is on the hot path of every playout: actions are values built once here and shared by every
position, and a hand's sets are found from a tally before any is listed.  What a seat may do depends on
the stage (:mod:`spynb.target.stages`): play a card (TG-3), decide at a resolution step (TG-5 … TG-7),
restore its hand (TG-12); a seat pending to act may also turn in a set (TG-11) or remove cards in front
of it (TG-7), whenever it acts (reading TG-S2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING

from spynb.engine import Action

from .actions import Counter, Discard, Draw, Evade, Play, Remove, Resolve, Reveal, TurnIn
from .cards import ATTACKS, CATEGORIES, CATEGORY, COUNTERS, DECKS, HAND, RANK, SURVEILLANCE
from .piles import distinct
from .resolution import ESPIONAGE_TARGETS
from .stages import PLAYING, Stage

if TYPE_CHECKING:
    from .state import TargetState

__all__ = ["legal", "restorers", "drawable", "cleared_decks", "outed_viewers"]

_RESTORE, _OPERATIVES, _ESPIONAGE, _OUTED = Stage.RESTORE, Stage.OPERATIVES, Stage.ESPIONAGE, Stage.OUTED
"""The stages with choices of their own, looked up once (a member read from its class costs ten times more)."""
# Actions are values: each is built once here and shared by every position.
_PLAYS = {card: Play(card) for card in RANK}
_DISCARDS = {card: Discard(card) for card in RANK}
_DRAWS = {deck: Draw(deck) for deck in DECKS}
_SLIP_REMOVALS = {card: Remove(card, ("slip",)) for card in RANK}
_PAIR_REMOVALS = {card: Remove(card, pair) for card, pair in COUNTERS.items()}
_DEEP_COVER_REMOVAL = Remove("all", ("deep-cover",))
_ROOKIE = ("rookie",)
_ADVANCED_DECKS = DECKS[1:]
_TALLY = {card: 1 << 16 * CATEGORIES.index(CATEGORY[card]) if card in CATEGORY else 0 for card in RANK}
"""A hand's tally of Rookie cards is the sum over its cards: a 16-bit count for each category (TG-11)."""
_TO_THREE, _THREE = (sum(bits << 16 * i for i in range(len(CATEGORIES))) for bits in (0x8000 - 3, 0x8000))
"""Added to a tally, ``_TO_THREE`` sets a count's top bit (in ``_THREE``) exactly when the count is 3 or more."""


def legal(state: TargetState, seat: int) -> tuple[Action, ...]:
    """Everything ``seat`` may do now, in notation order (the seat is one whose move it is)."""
    stage, hand = state.stage, state.hands[seat]
    if stage in PLAYING:
        return (*_each(_PLAYS, hand), *_anytime(state, seat, 1))
    if stage is _RESTORE:
        if len(hand) > HAND:
            moves: Iterable[Action] = _each(_DISCARDS, hand)
        else:
            moves = map(_DRAWS.__getitem__, drawable(state, seat))
        return (*moves, *_anytime(state, seat, 0))
    decisions: list[Action] = []
    if stage is _OPERATIVES and "missed" not in state.pile:
        for attack in distinct(c for c in state.pile if c in ATTACKS):
            decisions.extend(_counters(state, seat, attack))
    elif stage is _ESPIONAGE:
        for card in distinct(c for c in state.pile if c in SURVEILLANCE):
            decisions.extend(_counters(state, seat, card))
        if "slip" in state.pile and "deep-cover" not in state.pile:
            decisions.extend(Evade(c) for c in distinct(c for c in state.pile if c in ESPIONAGE_TARGETS))
    elif stage is _OUTED:
        decisions.extend(_reveals(state, seat))
    if stage is not _OUTED and _may_resolve(state):
        decisions.append(Resolve())
    return (*decisions, *_anytime(state, seat, 0))


def _anytime(state: TargetState, seat: int, keep: int) -> list[Action]:
    """TG-11 sets, also of a category whose token (or pass) the seat already has (TG-S3), and TG-7
    removals, offered while the seat is pending (TG-S2)."""
    hand, front = state.hands[seat], state.front[seat]
    spare = len(hand) - keep
    actions: list[Action] = []
    if spare >= 3 and (sum(map(_TALLY.__getitem__, hand)) + _TO_THREE) & _THREE:  # three of a category
        actions.extend(_sets(hand))
    if front and spare >= 1:
        cards = dict.fromkeys(front)  # each once, in rulebook order (fronts are kept sorted)
        if "slip" in hand:
            actions.extend(map(_SLIP_REMOVALS.__getitem__, cards))
        if "deep-cover" in hand:
            actions.append(_DEEP_COVER_REMOVAL)
        if spare >= 2:
            for card in cards:
                pair = COUNTERS.get(card)
                if pair and pair[0] in hand and pair[1] in hand:
                    actions.append(_PAIR_REMOVALS[card])
    return actions


def _counters(state: TargetState, seat: int, card: str) -> list[Action]:
    """Every way to pay ``card``'s two named Rookie cards from hand and/or pile (TG-6, TG-FAQ-2)."""
    hand = state.hands[seat]
    options = [[where for where, place in (("hand", hand), ("pile", state.pile)) if named in place]
               for named in COUNTERS[card]]
    return [Counter(card, tuple(zip(wheres, COUNTERS[card]))) for wheres in product(*options)]


def _reveals(state: TargetState, seat: int) -> list[Action]:
    """TG-7: an Outed Target shows its affiliation to a seat that has not seen it yet."""
    viewers = outed_viewers(state)
    if state.affiliation[seat] == "double-agent":  # TG-7: both colour bars, the Double Agent chooses
        return [Reveal(v, colour) for v in viewers for colour in ("cia", "kgb")]
    return [Reveal(v) for v in viewers]


def outed_viewers(state: TargetState) -> list[int]:
    """The seats the Outed Target has not shown its affiliation to (TG-7)."""
    owner = state.circle[state.receiver]
    seen = state.outed_seen.get(owner, {})  # type: ignore[arg-type]  # the Outed Target is a seat (TG-7)
    return [s for s in range(1, state.seats + 1) if s != owner and s not in seen]


def _may_resolve(state: TargetState) -> bool:
    """Whether the Target may let the step resolve as the pile stands (TG-S6)."""
    if state.stage is _ESPIONAGE and "deep-cover" not in state.pile:
        slips = state.pile.count("slip")
        targets = sum(c in ESPIONAGE_TARGETS for c in state.pile)
        return slips == 0 or slips >= targets  # TG-S6: fewer Slips than cards: choose first
    return True


def cleared_decks(state: TargetState, seat: int) -> Sequence[str]:
    """TG-11: the advanced decks ``seat`` may draw from besides the Rookie deck: its tokens' decks, or every
    one with a Languages pass."""
    return _ADVANCED_DECKS if seat in state.language_pass else state.tokens[seat]


def drawable(state: TargetState, seat: int) -> tuple[str, ...]:
    """The decks ``seat`` may draw from whose cards or discards are not all gone (TG-S12)."""
    decks, discards = state.decks, state.discards
    drawable: tuple[str, ...] = _ROOKIE if decks["rookie"] or discards["rookie"] else ()
    for deck in cleared_decks(state, seat):
        if decks[deck] or discards[deck]:
            drawable += (deck,)
    return drawable


def restorers(state: TargetState) -> list[int]:
    """TG-12: the seats whose hand is not 4 cards and can be restored (TG-S12: not from empty decks).

    Who is asked depends only on public facts: hand sizes, tokens, Languages passes and the decks' and
    discard piles' sizes (TG-S10).  A seat below 4 restores its own hand, one draw at a time, whatever
    it holds: the rulebook lets it turn in a set "whenever they have a match" before it draws (TG-11,
    *Security Clearance*: "all players must restore their hand to 4 cards before advancing the Target
    Marker"), and asking only the seats whose hands hold a set or a counter would tell everyone what
    those hands hold (TG-S11).
    """
    hands, restoring = state.hands, []
    rookie = state.decks["rookie"] or state.discards["rookie"]  # every seat may draw Rookie cards
    for seat in range(1, state.seats + 1):
        size = len(hands[seat])
        if size > HAND or (size < HAND and (rookie or drawable(state, seat))):
            restoring.append(seat)
    return restoring


def _sets(hand: list[str]) -> list[TurnIn]:
    """TG-11: every set of three Rookie cards of one category in ``hand``, category by category."""
    categories = list(map(CATEGORY.get, hand))
    return [turn_in for category in CATEGORIES if categories.count(category) >= 3
            for turn_in in _sets_of(tuple(c for c, of in zip(hand, categories) if of == category))]


@lru_cache(maxsize=4096)
def _sets_of(cards: tuple[str, ...]) -> tuple[TurnIn, ...]:
    """Every set of three of ``cards`` (one category's, in hand order), in rulebook order."""
    return tuple(TurnIn(combo) for combo in sorted(set(combinations(cards, 3)), key=_ranks))


def _ranks(cards: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(RANK[c] for c in cards)


def _each(actions: Mapping[str, Action], cards: list[str]) -> list[Action]:
    """``actions[card]`` for each distinct card, in rulebook order (``cards`` is in that order: equal cards
    are side by side)."""
    found, last = [], None
    for card in cards:
        if card != last:
            found.append(actions[card])
            last = card
    return found
