"""A KLOAK player of rules of thumb: it scores what its memory says is there, and leaves nothing to score.

It reads only its view: the board as seen (``?`` under big pieces) and the
public history, folded by the memory aid of KL-13 into the colour of every
small piece.  Its rules, in order:

1. score if it can — a small move that makes a line (KL-6), or a claim its
   memory says is one colour (KL-7; it never claims on a guess);
2. with a turn still to come after this one (KL-8), set up a score for it;
3. otherwise play a move after which the next player has the fewest ways to
   score (blocking), breaking ties at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from spynb.engine import Action, GameSpec, State, View
from spynb.kloak.actions import Big, Claim, Kloak, Score, Slide, Step
from spynb.kloak.board import LINES_THROUGH
from spynb.kloak.determinise import scoring_moves
from spynb.kloak.memory import memory_aid

from .ismcts import SearchSettings

__all__ = ["LineBot", "RULES_BOT", "SEARCH", "scoring_moves", "board_from_view", "take_a_score"]

Board = tuple[dict[str, "str | None"], set[str]]


def board_from_view(view: View) -> Board:
    """(square -> colour or None if not remembered, big-piece squares), from a seat's view only."""
    memory = memory_aid(view)
    small = {sq: (c if c != "?" else memory.get(sq)) for sq, c in view["small"].items()}
    return small, set(view["big"])


def _after(small: dict[str, str | None], big: set[str], action: Action) -> tuple[Board, bool]:
    """The board after ``action`` and whether it scored (claims judged by memory)."""
    small, big = dict(small), set(big)
    if isinstance(action, Step):
        colour = small.pop(action.frm)
        small[action.to] = colour
        made = [line for line in LINES_THROUGH[action.to] if colour is not None and all(
            sq in small and sq not in big and small[sq] == colour for sq in line)]
        if made:
            for sq in made[0]:
                del small[sq]
        return (small, big), bool(made)
    if isinstance(action, (Big, Kloak, Slide)):
        big.discard(action.frm)
        big.add(action.to)
        if isinstance(action, Slide):
            small[action.to] = small.pop(action.frm)
        return (small, big), False
    if isinstance(action, (Claim, Score)):
        colours = {small.get(sq) for sq in action.squares}
        if len(colours) == 1 and None not in colours:
            for sq in action.squares:
                del small[sq]
            return (small, big), True
    return (small, big), False


class LineBot:
    """Completes lines it knows, blocks the rest.

    >>> import spynb
    >>> from spynb.bots.base import RandomBot, play_match
    >>> spec = spynb.get_spec("kloak")
    >>> play_match(spec, {1: LineBot(spec, 1), 2: RandomBot(spec, 2)}, seed=3,
    ...            options={"turn_limit": 200}).winners
    (1,)
    """

    name = "rules"

    def __init__(self, spec: GameSpec | None = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        small, big = board_from_view(view)
        outcomes = [(action, *_after(small, big, action)) for action in legal]
        safe = [(a, b, s) for a, b, s in outcomes if not isinstance(a, Claim) or s]  # never claim on a guess
        options = safe or outcomes
        scoring = [(a, b) for a, b, s in options if s]
        if scoring:
            options = [(a, b, True) for a, b in scoring]
        elif view["extra_turns"]:
            best = max(scoring_moves(*b) for _, b, _ in options)  # KL-8: I move again: set up a score
            if best:
                return self._pick([a for a, b, _ in options if scoring_moves(*b) == best])
        threats = [(scoring_moves(*b), a) for a, b, _ in options]
        fewest = min(t for t, _ in threats)
        return self._pick([a for t, a in threats if t == fewest])

    def _pick(self, actions: list[Action]) -> Action:
        return actions[0] if len(actions) == 1 else self.rng.choice(sorted(actions, key=str))


RULES_BOT = LineBot


def take_a_score(state: State, rng: random.Random) -> Action | None:
    """A rollout's rule of thumb: score when a score is on the board (KL-6, KL-7), else leave it to chance.

    The searching bot's imagined state is the whole board (KL-13: the history tells every colour), so it
    may read the colours under the big pieces.
    """
    scoring = state.scoring_actions()  # type: ignore[attr-defined]
    return rng.choice(scoring) if scoring else None


SEARCH = SearchSettings(iterations=3000, rollout_depth=0, tree_depth=2, prior=0.2, exploration=0.4, first_play=0.55,
                        prefer=take_a_score)
"""The search bot in KLOAK: no random rollouts (random moves say little about lines; the imagined board is
the whole truth, KL-13): positions are scored after each move and its reply, a reply that scores is tried
first and followed while it holds, and the line bot's choice is searched first."""
