"""Information-set Monte Carlo tree search that decides from its own view only.

Each iteration imagines the hidden cards with the game's ``determinise``
(which sees the bot's view, never the true state), then walks one tree of
the bot's information set (single-observer ISMCTS: nodes are keyed by the
actions taken, children are weighed by how often they were available).
Rollouts run in simulation mode (:func:`spynb.engine.simulate.playout`:
the game's own random draws, no event log) and are cut off after a few
moves, where the game's ``evaluate`` scores the position once per seat.

Where random rollouts say little, the game's rule-of-thumb bot guides the
search: its choice, asked once per decision from the same view, is tried
first and carries a bonus that fades as the search visits it (a prior, as
in progressive bias).  How many iterations, how deep the rollouts and how
strong the prior are the game's own settings (``SEARCH`` in its module of
:mod:`spynb.bots`, a :class:`SearchSettings`).
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import ModuleType

from spynb.engine import Action, GameSpec, SpynbError, State, View
from spynb.engine.simulate import playout

from .base import Bot

__all__ = ["ISMCTSBot", "SearchSettings"]


@dataclass(frozen=True)
class SearchSettings:
    """How the search bot plays one game: its default budget and guidance."""

    iterations: int = 200
    """Imagined games per decision (the default budget)."""
    rollout_depth: int = 24
    """Random actions after the tree before ``evaluate`` scores the position."""
    prior: float = 0.0
    """The bonus of the rule-of-thumb bot's choice, in units of a win, fading as 1 / (visits + 1); 0: no prior."""


@dataclass
class _Node:
    seat: int | None = None
    visits: int = 0
    value: float = 0.0
    available: int = 0
    bonus: float = 0.0
    children: dict[tuple[int, Action], _Node] = field(default_factory=dict)


def _game_module(spec: GameSpec) -> ModuleType | None:
    """The game's module of :mod:`spynb.bots` (rule-of-thumb bot and search settings), if it has one."""
    try:
        return importlib.import_module(f"spynb.bots.{spec.name.replace('-', '_')}")
    except ModuleNotFoundError:
        return None


class ISMCTSBot:
    """Searches ``iterations`` imagined games before every decision.

    Unset arguments take the game's :class:`SearchSettings`.
    """

    name = "ismcts"

    def __init__(self, spec: GameSpec, seed: int = 0, iterations: int | None = None,
                 rollout_depth: int | None = None, exploration: float = 0.7, prior: float | None = None) -> None:
        if spec.determinise is None:
            raise SpynbError(f"{spec.title} cannot imagine hidden cards yet: no determinise in its spec")
        module = _game_module(spec)
        settings: SearchSettings = getattr(module, "SEARCH", SearchSettings())
        self.spec, self.exploration = spec, exploration
        self.iterations = settings.iterations if iterations is None else iterations
        self.rollout_depth = settings.rollout_depth if rollout_depth is None else rollout_depth
        self.prior = settings.prior if prior is None else prior
        self.rng = random.Random(seed)
        rules = getattr(module, "RULES_BOT", None)
        self.guide: Bot | None = rules(spec, seed) if rules is not None and self.prior else None

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        assert me is not None
        root = _Node(seat=me)
        if self.guide is not None:
            hint = self.guide.choose(view, legal)
            root.children[(me, hint)] = _Node(seat=me, bonus=self.prior)
        for _ in range(self.iterations):
            state = self.spec.determinise(view, self.rng)  # type: ignore[misc]
            state.stop_logging()  # nothing below reads the imagined game's events
            self._iterate(root, state, me)
        legal_set = set(legal)
        mine = [(action, child) for (seat, action), child in root.children.items()
                if seat == me and action in legal_set and child.visits]
        if not mine:
            return self.rng.choice(legal)
        return max(mine, key=lambda ac: ac[1].visits)[0]

    def _iterate(self, root: _Node, state: State, me: int) -> None:
        path = [root]
        node = root
        while not state.over:
            if state.turn.chance:
                state.apply(state.random_outcome(self.rng))
                continue
            seats = state.turn.seats
            seat = me if me in seats else seats[0]  # several pending seats: any order gives the same result
            legal = state.legal_actions(seat)
            children = node.children
            untried, guided = [], None
            for action in legal:
                child = children.get((seat, action))
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
                    if not child.visits:
                        guided = action  # the rule-of-thumb choice, not searched yet: first
            if guided is None and untried:
                action = self.rng.choice(untried)
                children[(seat, action)] = _Node(seat=seat, available=1)
            else:
                action = guided if guided is not None else max(
                    (a for a in legal if (seat, a) in children), key=lambda a: self._ucb(children[(seat, a)]))
            child = children[(seat, action)]
            state.apply(action, seat)
            path.append(child)
            if child.visits == 0:
                break  # a new leaf: roll out from it
            node = child
        playout(state, self.rng, limit=self.rollout_depth)
        self._back_up(path, state)

    def _back_up(self, path: list[_Node], state: State) -> None:
        """Add the position's score for each node's seat, each seat scored once."""
        scores: dict[int, float] = {}
        for visited in path:
            visited.visits += 1
            seat = visited.seat
            if seat is not None:
                score = scores.get(seat)
                if score is None:
                    score = scores[seat] = self._score(state, seat)
                visited.value += score

    def _ucb(self, child: _Node) -> float:
        if child.visits == 0:
            return math.inf
        return (child.value / child.visits + child.bonus / (child.visits + 1)
                + self.exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits))

    def _score(self, state: State, seat: int) -> float:
        if self.spec.evaluate is not None:
            return self.spec.evaluate(state, seat)
        if not state.over:
            return 0.5
        return 1.0 if seat in state.winners else 0.0
