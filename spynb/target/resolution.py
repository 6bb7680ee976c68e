"""Resolving the pile, step by step (rulebook *Play*, steps 1–6; rulings TG-5 … TG-10, TG-14).

Each step of :data:`STEPS` changes the state for one resolution stage: it takes its cards from the pile,
discards them or puts them where they go, and logs what happened.  The state's turn procedure decides
when a step runs (after the Target's choices, TG-S1) and which stage comes next; a step that ends the
game sets the stage itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .cards import ATTACKS, DECK_OF, DEFLECTS, DIRTY, HAND, HQS, INTEL, SURVEILLANCE, letter_of
from .piles import insert
from .stages import RESOLUTION, Stage

if TYPE_CHECKING:
    from .state import TargetState

__all__ = ["STEPS", "next_marker", "net_steps", "MOVERS", "MOVER_CARDS", "ESPIONAGE_TARGETS"]

MOVERS = ("reverse", "advance-hq")
"""Step 5's cards (TG-10), in the order they act."""
MOVER_CARDS = frozenset(MOVERS)
ESPIONAGE_TARGETS = (*SURVEILLANCE, "outed")
"""The Espionage cards that go in front of the Target unless cancelled (TG-7)."""


def outed(state: TargetState) -> None:
    """TG-7: Outed cards left unshown (no one left to show them to) are void."""
    if state.outed_left:
        state._log("outed_void", None, None, ("receiver", str(state.circle[state.receiver])))
    state.outed_left = 0


def deflect(state: TargetState) -> None:
    """TG-5: net steps over players only; the pile goes there for this turn only."""
    deflects = [c for c in state.pile if c in DEFLECTS]
    if not deflects:
        return
    net = net_steps(deflects)
    state._take_from_pile(deflects)
    state._discard(deflects)
    if net:
        state.receiver = state._step_players(state.marker, net * state.direction)
    state._log("deflect", None, None, ("cards", tuple(deflects)), ("net", net),
               ("receiver", str(state.circle[state.receiver])))


def operatives(state: TargetState) -> None:
    """TG-6: Missed cancels every attack; an uncountered attack hits (once, TG-S4); Bombed on an HQ."""
    cards = [c for c in state.pile if DECK_OF[c] == "operative"]
    if not cards:
        return
    state._take_from_pile(cards)
    state._discard(cards)
    attacks = [c for c in cards if c in ATTACKS]
    missed = "missed" in cards
    who = state.circle[state.receiver]
    if not isinstance(who, int):
        state.bombed = "bombed" in attacks and not missed
        state._log("operatives", None, None, ("cards", tuple(cards)), ("bombed", state.bombed), ("hq", who))
    elif attacks and not missed:
        _attack(state, who, attacks)
    else:
        state._log("operatives", None, None, ("cards", tuple(cards)))


def _attack(state: TargetState, seat: int, attacks: list[str]) -> None:
    lost, tokens = list(state.hands[seat]), list(state.tokens[seat])
    state.hands[seat], state.tokens[seat] = [], []
    state._discard(lost)
    state._log("attack", seat, None, ("attacks", tuple(attacks)), ("lost", tuple(lost)), ("tokens", tuple(tokens)))
    state.draws.extend([(seat, "rookie")] * HAND)
    state._prepare_draw()


def espionage(state: TargetState) -> None:
    """TG-7 and TG-S6: Evasion in the pile cancels; the rest goes in front of the Target."""
    who = state.circle[state.receiver]
    if not isinstance(who, int):
        cards = [c for c in state.pile if DECK_OF[c] == "espionage"]
        if cards:
            state._take_from_pile(cards)
            state._discard(cards)
            state._log("espionage", None, None, ("cards", tuple(cards)), ("hq", who))
        return
    targets = [c for c in state.pile if c in ESPIONAGE_TARGETS]
    if not targets:
        return
    used: list[str] = []
    if "deep-cover" in state.pile:
        used = ["deep-cover"]
    else:
        used = ["slip"] * min(state.pile.count("slip"), len(targets))
    cancelled = targets if used[:1] == ["deep-cover"] else targets[:len(used)]
    kept = targets[len(cancelled):]
    state._take_from_pile(used + targets)
    state._discard(used + cancelled)
    for card in kept:
        insert(state.front[who], card)
    state.outed_left = kept.count("outed")
    state._log("espionage", None, None, ("cancelled", tuple(cancelled)), ("kept", tuple(kept)),
               ("used", tuple(used)), ("seat", who))


def intel(state: TargetState) -> None:
    """TG-9: on an HQ, Intel is deposited unless a Bombed destroys it this turn (TG-6); the rest is discarded."""
    hq = state.circle[state.receiver]
    if isinstance(hq, int):
        return
    intel = [c for c in state.pile if c in INTEL]
    rest = [c for c in state.pile if c not in INTEL and c not in MOVERS]
    state._take_from_pile(intel + rest)
    if intel and state.bombed:
        state._discard(intel)
        state._log("destroyed", None, None, ("cards", tuple(intel)), ("hq", hq))
    elif intel:
        state.deposits[hq].extend(intel)
        state.deposited += len(intel)
        state._log("deposit", None, None, ("hq", hq), ("cards", tuple(intel)))
    if rest:
        state._discard(rest)
        state._log("hq_discard", None, None, ("cards", tuple(rest)), ("hq", hq))
    check_win(state)


def check_win(state: TargetState) -> None:
    """TG-14: a team's three of a letter at its own HQ; Double Agents' three Dirty anywhere, winning ties."""
    in_game = set(state.affiliation[1:])
    dirty = sum(c in DIRTY for cards in state.deposits.values() for c in cards)
    team = ""
    intel: tuple[tuple[str, str], ...] = ()
    if "double-agent" in in_game and dirty >= 3:
        team = "double-agent"
        intel = tuple((hq, c) for hq in HQS for c in state.deposits[hq] if c in DIRTY)
    else:
        for hq in HQS:
            letters = [letter_of(c) for c in state.deposits[hq]]
            won = {x for x in letters if letters.count(x) >= 3}
            if won:
                team = hq.lower()
                intel = tuple((hq, c) for c in state.deposits[hq] if letter_of(c) in won)
    if not team:
        return
    state.win_team, state.win_intel = team, intel
    state._end_game(tuple(s for s in range(1, state.seats + 1) if state.affiliation[s] == team))
    # the game is over: the winning Intel and every affiliation are shown to all (the view reveals them)
    state._log("win", None, None, ("team", team), ("winners", state.winners), ("intel", intel),
               ("affiliations", tuple(state.affiliation[1:])))


def movement(state: TargetState) -> None:
    """TG-10 and TG-FAQ-5: Reverse first, then Advance to HQ, both from the next turn."""
    cards = [c for c in state.pile if c in MOVERS]
    if not cards:
        return
    state._take_from_pile(cards)
    state._discard(cards)
    if cards.count("reverse") % 2:
        state.direction = -state.direction
    state.advance = "advance-hq" in cards
    state.moved = True
    state._log("movement", None, None, ("cards", tuple(cards)), ("direction", state.direction),
               ("advance", state.advance), ("next_target", str(state.circle[next_marker(state)])))


def take(state: TargetState) -> None:
    who = state.circle[state.receiver]
    if state.pile and isinstance(who, int):
        taken = state.pile
        for card in taken:
            insert(state.hands[who], card)
        state._log("take", who, None, ("cards", tuple(taken)))
    state.pile = []


def next_marker(state: TargetState) -> int:
    """Where the marker goes at the end of the turn (TG-5, TG-10, TG-FAQ-5, TG-FAQ-6).

    After a net forward Deflect the seat that received the pile is the next Target, even with an HQ
    between it and the intended Target.  Otherwise (no Deflect, a net backward one, Deflects that
    cancel), and whenever a Reverse or an Advance to HQ is in the same pile, the marker moves on from
    the intended Target: one place in the (new) direction, or to the next HQ after an Advance to HQ.
    Read from the revealed pile, so it holds at every stage of the turn.
    """
    if net_steps(state.revealed) > 0 and MOVER_CARDS.isdisjoint(state.revealed):
        return state.receiver
    pos, size = state.marker, len(state.circle)
    while True:
        pos = (pos + state.direction) % size
        if not state.advance or not isinstance(state.circle[pos], int):
            return pos


def net_steps(cards: Iterable[str]) -> int:
    """TG-5: Deflect Forward cards minus Deflect Backward cards."""
    return sum(DEFLECTS.get(c, 0) for c in cards)


STEPS: dict[Stage, Callable[[TargetState], None]] = {
    Stage.DEFLECT: deflect, Stage.OPERATIVES: operatives, Stage.ESPIONAGE: espionage, Stage.OUTED: outed,
    Stage.INTEL: intel, Stage.MOVEMENT: movement, Stage.TAKE: take,
}
"""What each resolution step does (a stage that is not a step has none: asking is an error)."""
if set(STEPS) != set(RESOLUTION):  # the table checks itself on import
    raise AssertionError("every resolution step needs a handler")
