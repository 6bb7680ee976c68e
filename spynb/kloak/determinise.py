"""Imagining the hidden colours from one seat's view (for searching bots), and scoring a position.

KL-13: every move in KLOAK is public, so the view's history holds the whole
game — the setup's placements included.  :func:`determinise` rebuilds the
position by replaying that history through the public contract (a new
state, then ``apply`` for each event's action), so the colours under the big
pieces are exactly what the memory aid remembers (:mod:`spynb.kloak.memory`)
and nothing is left to sample.  Nothing outside the view is read.

>>> import random, spynb
>>> game = spynb.new_game("kloak", seed=3)
>>> _ = game.play("B a1xa2")
>>> imagined = determinise(game.view(2), random.Random(0))
>>> imagined.view(2) == game.view(2), imagined.validate()
(True, [])
>>> 0 < evaluate(imagined, 1) < 1
True
"""

from __future__ import annotations

import random

from typing import Any

from spynb.engine import Action, SpynbError, State, View
from spynb.games import get_spec

from .actions import Big, Claim, Kloak, Pass, Place, Score, Slide, Step
from .board import VARIANTS
from .rules import RULES
from .state import KloakState

__all__ = ["determinise", "evaluate"]

_MOVE = {"step": Step, "big": Big, "kloak": Kloak, "slide": Slide}
_cache: dict[int, tuple[View, KloakState]] = {}


def _action(event: dict[str, Any]) -> Action | None:
    kind = event["kind"]
    if kind == "place":
        return Place(event["square"], event["colour"])
    if kind in _MOVE:
        return _MOVE[kind](event["frm"], event["to"])
    if kind == "claim":
        return Claim(*event["squares"])
    if kind == "score" and event.get("how") == "chose":
        return Score(*event["squares"])
    if kind == "pass":
        return Pass()
    return None  # consequences of an action (start, choose, penalty, win, limit, dead)


def _start_big(view: View) -> list[str]:
    """Where the big pieces stood at the start: the present squares, every big move undone."""
    big = set(view["big"])
    for event in reversed(view["events"]):
        if event["kind"] in _MOVE and event["kind"] != "step":
            big.discard(event["to"])
            big.add(event["frm"])
    return sorted(big)


def _replay(view: View) -> KloakState:
    options: dict[str, Any] = {"turn_limit": view["turn_limit"]}
    layout = VARIANTS[view["variant"]]
    if dict(view["colours"]) != dict(layout.colours):
        options["colours"] = dict(view["colours"])
    start = _start_big(view)
    if start != sorted(layout.big_squares):
        options["big_squares"] = start
    state = get_spec(view.game).new_state(view["variant"], view["seats"], options)
    if not isinstance(state, KloakState):  # KLOAK's spec makes KLOAK states: checked, for the type checker
        raise TypeError(f"KLOAK's spec made a {type(state).__name__}")
    for event in view["events"]:
        action = _action(event)
        if action is not None:
            state.apply(action)
    return state


def determinise(view: View, rng: random.Random) -> KloakState:
    """A state consistent with ``view``: the public history replayed (KL-13).

    ``rng`` is part of the contract; KLOAK needs none, since a perfect memory
    leaves nothing hidden.  The replay is remembered for the last view asked
    about, so a search that imagines the same view many times replays it
    once and clones it.

    :raises SpynbError: for the omniscient view, a view of another game, or one whose history does not start
        at the setup.
    """
    view.seat_of(RULES.game)
    cached = _cache.get(id(view))
    if cached is None or cached[0] is not view:
        if not any(e["kind"] == "place" for e in view["events"]):
            raise SpynbError("this KLOAK view's history does not start at the setup: nothing to replay")
        _cache.clear()
        _cache[id(view)] = cached = (view, _replay(view))
    return cached[1].clone()


def evaluate(state: State, seat: int) -> float:
    """How promising ``state`` is for ``seat``: 1 won, 0 lost, ½ a draw; else by scores and threats.

    Each score of one's team is worth a fifth; being to move when a score is
    on the board is worth almost as much, three twentieths (for the team to
    move: for it, else against): the mover takes it unless it has a reason not to;
    a second turn in a row (KL-8) is worth a tenth, for it can set one up.
    """
    if not isinstance(state, KloakState):
        raise TypeError(f"KLOAK's evaluation reads a KLOAK state, not a {type(state).__name__}")
    if state.over:
        if not state.winners:
            return 0.5
        return 1.0 if seat in state.winners else 0.0
    mine = state.score_of(seat)
    theirs = max((state.score_of(team[0]) for team in state.teams if seat not in team), default=0)
    value = 0.5 + 0.2 * (mine - theirs)
    mover = state.turn.seats[0] if state.turn.seats else None
    if mover is not None:
        edge = 0.15 * bool(state.scoring_actions()) + 0.1 * state.extra  # KL-8: two turns set up a score
        value += edge if mover in state.team_of(seat) else -edge
    return min(0.95, max(0.05, value))
