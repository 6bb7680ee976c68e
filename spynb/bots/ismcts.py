"""Information-set Monte Carlo tree search that decides from its own view only.

Each iteration imagines the hidden cards with the game's ``determinise``
(which sees the bot's view, never the true state), then walks one tree of
the bot's information set (single-observer ISMCTS: nodes are keyed by the
actions taken, children are weighed by how often they were available).
Rollouts are random and cut off after a few moves, where the game's
``evaluate`` scores the position.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from spynb.engine import Action, GameSpec, SpynbError, State, View, sample_chance

__all__ = ["ISMCTSBot"]


@dataclass
class _Node:
    seat: int | None = None
    visits: int = 0
    value: float = 0.0
    available: int = 0
    children: dict[tuple[int, Action], _Node] = field(default_factory=dict)


class ISMCTSBot:
    """Searches ``iterations`` imagined games before every decision."""

    name = "ismcts"

    def __init__(self, spec: GameSpec, seed: int = 0, iterations: int = 200, rollout_depth: int = 24,
                 exploration: float = 0.7) -> None:
        if spec.determinise is None:
            raise SpynbError(f"{spec.title} cannot imagine hidden cards yet: no determinise in its spec")
        self.spec, self.iterations, self.rollout_depth, self.exploration = spec, iterations, rollout_depth, exploration
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        assert view.seat is not None
        root = _Node(seat=view.seat)
        for _ in range(self.iterations):
            state = self.spec.determinise(view, self.rng)  # type: ignore[misc]
            self._iterate(root, state, view.seat)
        legal_set = set(legal)
        mine = [(action, child) for (seat, action), child in root.children.items()
                if seat == view.seat and action in legal_set]
        if not mine:
            return self.rng.choice(legal)
        return max(mine, key=lambda ac: ac[1].visits)[0]

    def _iterate(self, root: _Node, state: State, me: int) -> None:
        path = [root]
        node = root
        while not state.over:
            if state.turn.chance:
                state.apply(sample_chance(state, self.rng))
                continue
            seats = state.turn.seats
            seat = me if me in seats else seats[0]  # several pending seats: any order gives the same result
            legal = state.legal_actions(seat)
            for action in legal:
                child = node.children.get((seat, action))
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if (seat, a) not in node.children]
            if untried:
                action = self.rng.choice(untried)
                node.children[(seat, action)] = child = _Node(seat=seat, available=1)
                state.apply(action, seat)
                path.append(child)
                break
            action, child = max(((a, node.children[(seat, a)]) for a in legal), key=lambda ac: self._ucb(ac[1]))
            state.apply(action, seat)
            node = child
            path.append(child)
        self._rollout(state)
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.value += self._score(state, visited.seat)

    def _ucb(self, child: _Node) -> float:
        if child.visits == 0:
            return math.inf
        return child.value / child.visits + self.exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits)

    def _rollout(self, state: State) -> None:
        for _ in range(self.rollout_depth):
            if state.over:
                return
            if state.turn.chance:
                state.apply(sample_chance(state, self.rng))
            else:
                seat = state.turn.seats[0]
                state.apply(self.rng.choice(state.legal_actions(seat)), seat)

    def _score(self, state: State, seat: int) -> float:
        if self.spec.evaluate is not None:
            return self.spec.evaluate(state, seat)
        if not state.over:
            return 0.5
        return 1.0 if seat in state.winners else 0.0
