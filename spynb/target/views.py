"""What a seat of The Target sees: its view, apart from the state (reading TG-S10 and TG-S11).

A view is the face-up table (:func:`public_view`, the same for every seat and built once per position),
the last events the seat saw, and what the seat alone knows (:func:`seat_view`): its affiliation, its hand,
the plays it may know (its own, face-up plays, plays shown to it) and the colours Outed showed it.  Once a
side has won, the win shows everyone every affiliation (:func:`ending_part`).  The omniscient view, for teaching, adds every hidden thing and is labelled so.  Nothing else of the state
reaches a seat: this module is the whole list to audit for leaks.

>>> import spynb
>>> state = spynb.new_game("target", seats=4, seed=2).state
>>> sorted(set(state.view(None).data) - set(state.view(1).data))
['affiliations', 'decks', 'hands', 'outed_colours', 'plays', 'setup']
>>> sorted(set(state.view(1).data) - set(state.view(None).data))
['affiliation', 'hand', 'known_plays', 'shown_to_me']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spynb.engine import FrozenDict, View, freeze

from .cards import DECKS, describe, sort_cards
from .narration import direction_name, winning_intel
from .resolution import next_marker
from .stages import PLAYING, RESOLVING, STAGE_RULES, STAGE_TITLES, Stage

if TYPE_CHECKING:
    from .state import TargetState

__all__ = ["seat_view", "public_view", "ending_part", "RECENT_EVENTS"]

RECENT_EVENTS = 6
"""How many of this turn's events a view carries."""
_MARKER_KNOWN = (Stage.TAKE, Stage.RESTORE)
"""Stages at which the next Target is settled whatever happened (steps 1–5 are done, TG-5, TG-10)."""


def seat_view(state: TargetState, seat: int | None, public: Mapping[str, Any]) -> View:
    """``seat``'s view (``None``: the omniscient one), given the face-up table ``public``."""
    data = dict(public)
    data["events"] = recent_events(state, seat)
    data.update(omniscient_part(state) if seat is None else private_part(state, seat))
    return View(state.spec.name, seat, state.view_label(seat), FrozenDict(data))


def private_part(state: TargetState, seat: int) -> dict[str, Any]:
    """What ``seat`` alone knows: its affiliation and hand, the plays it saw, the colours Outed showed it."""
    known = {s: c for s, c in state.plays.items()
             if s == seat or s in state.face_up or seat in state.shown.get(s, ())}
    return {
        "affiliation": state.affiliation[seat],
        "hand": tuple(state.hands[seat]),
        "known_plays": FrozenDict((str(s), c) for s, c in sorted(known.items())),
        "shown_to_me": FrozenDict((str(s), seen[seat]) for s, seen in sorted(state.outed_seen.items()) if seat in seen),
    }


def omniscient_part(state: TargetState) -> dict[str, Any]:
    """Everything hidden, for the teaching view: affiliations, hands, plays, decks, Outed colours, the setup."""
    seats = range(1, state.seats + 1)
    return {
        "affiliations": FrozenDict((str(s), state.affiliation[s]) for s in seats),
        "hands": FrozenDict((str(s), tuple(state.hands[s])) for s in seats),
        "plays": FrozenDict((str(s), c) for s, c in sorted(state.plays.items())),
        "decks": FrozenDict((d, _counts(state.decks[d])) for d in DECKS),
        "outed_colours": freeze({str(s): {str(v): c for v, c in sorted(seen.items())}
                                 for s, seen in sorted(state.outed_seen.items())}),
        "setup": freeze({"pile2": state.pile2, "picks_left": state.picks_left, "combined": state.combined,
                         "removed": state.removed}),
    }


def public_view(state: TargetState) -> dict[str, Any]:
    """Everything face up: the same in every seat's view (TG-S10)."""
    seats = range(1, state.seats + 1)
    stage = state.stage
    return {
        "seats": state.seats,
        "turn_number": state.turn_number,
        "turn_limit": state.turn_limit,
        "stage": str(stage),
        "stage_title": STAGE_TITLES[stage],
        "stage_rule": STAGE_RULES.get(stage, ""),
        "to_move": tuple(state.turn.seats),
        "chance": state.turn.chance,
        "circle": tuple(state.circle),
        "marker": state.target,
        "marker_index": state.marker,
        "direction": direction_name(state.direction),
        "receiver": state.circle[state.receiver] if stage in RESOLVING else None,
        "next_target": (state.circle[next_marker(state)]
                        if stage in _MARKER_KNOWN or (state.moved and stage is not Stage.DONE) else None),
        "hand_sizes": FrozenDict((str(s), len(state.hands[s])) for s in seats),
        "tokens": FrozenDict((str(s), tuple(state.tokens[s])) for s in seats),
        "front": FrozenDict((str(s), tuple(state.front[s])) for s in seats),
        "deposits": FrozenDict((hq, tuple(cards)) for hq, cards in state.deposits.items()),
        "deck_sizes": FrozenDict((d, sum(state.decks[d].values())) for d in DECKS),
        "discards": FrozenDict((d, _counts(state.discards[d])) for d in DECKS),
        "played": tuple(sorted(state.plays)) if stage in PLAYING else (),
        "face_up": FrozenDict((str(s), c) for s, c in sorted(state.face_up.items())),
        "shown": FrozenDict((str(s), tuple(w)) for s, w in sorted(state.shown.items())),
        "pile": tuple(state.pile),
        "revealed": tuple(state.revealed),
        "outed": FrozenDict((str(s), tuple(sorted(v))) for s, v in sorted(state.outed_seen.items())),
        "language_pass": tuple(state.language_pass),
        "winner": state.win_team or None,
        "winners": state.winners,
        **ending_part(state),
    }


def ending_part(state: TargetState) -> dict[str, Any]:
    """Once a side has won (TG-14), what the win showed everyone (its event says it too): every seat's affiliation,
    and an ``ending``: why in one sentence (which Intel, where), the rule, the side, each seat's affiliation."""
    if not state.win_team:
        return {}
    team, seats = state.win_team, range(1, state.seats + 1)
    why = winning_intel(team, state.win_intel)
    return {
        "affiliations": FrozenDict((str(s), state.affiliation[s]) for s in seats),
        "ending": freeze({"reason": f"{why[0].upper()}{why[1:]}.", "rule": "TG-14", "side": f"the {describe(team)} side",
                          "roles": {str(s): describe(state.affiliation[s]) for s in seats}}),
    }


def recent_events(state: TargetState, seat: int | None) -> tuple[FrozenDict, ...]:
    """The last :data:`RECENT_EVENTS` events ``seat`` saw this turn (the whole history:
    ``events_seen_by(seat)``); a view stays small however long the game."""
    recent: list[FrozenDict] = []
    for event in reversed(state._history.open_events()):
        if event.visible_to(seat):
            recent.append(event.frozen())
            if len(recent) == RECENT_EVENTS:
                break
    return tuple(reversed(recent))


def _counts(counts: Mapping[str, int]) -> FrozenDict:
    """A multiset as view data: card -> how many, in rulebook order."""
    return FrozenDict((c, counts[c]) for c in sort_cards(counts))
