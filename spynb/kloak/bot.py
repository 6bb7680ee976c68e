"""A KLOAK player of rules of thumb, playing the way a beginner does: it hides pieces, gathers colours and claims
what its memory says is there.

It reads only its view: the board as seen (``?`` under big pieces) and the
public history, folded by the memory aid of KL-13 into the colour of every
small piece.  Its rules, in order:

1. score if it can — a small move that makes a line (KL-6), or a claim its
   memory says is one colour (KL-7: with the memory aid the odds of a claim
   are certain, so it never claims on a guess);
2. with a turn still to come after this one (KL-8), set up a score for it;
3. otherwise guard the lines it can see: play a move after which the next
   player has the fewest small moves that make a line;
4. among those, never shuffle: no move back to a board that has already stood
   this game (undoing its last move included) while another move will do;
5. then advance: kloak the most small pieces, put the most pieces of one
   colour together in lines, and keep each colour close together; ties at
   random.

Rule 3 is the beginner's blind spot, and what ends its games: it does not ask
whether a line it hides under big pieces could be unkloaked by the next
player, who remembers the colours too (KL-13).

>>> import spynb
>>> from spynb.bots.base import play_match
>>> spec = spynb.get_spec("kloak")
>>> result = play_match(spec, {1: LineBot(spec, 1), 2: LineBot(spec, 2)}, seed=3, options={"turn_limit": 150})
>>> result.winners, result.turns
((2,), 18)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import cast

from spynb.engine import Action, GameSpec, State, View
from .actions import Big, Claim, Kloak, Score, Slide, Step
from .board import FILES, LINES, LINES_THROUGH, NEIGHBOURS
from .memory import memory_aid
from .state import KloakState

from spynb.bots.base import choices
from spynb.bots.ismcts import SearchSettings

__all__ = ["LineBot", "SEARCH", "board_from_view", "scoring_moves", "line_moves", "take_a_score"]

Small = Mapping[str, "str | None"]
Board = tuple[dict[str, "str | None"], set[str]]
_MOVED = ("step", "big", "kloak", "slide")


def board_from_view(view: View) -> Board:
    """(square -> colour or None if not remembered, big-piece squares), from a seat's view only."""
    memory = memory_aid(view)
    small = {sq: (c if c != "?" else memory.get(sq)) for sq, c in view["small"].items()}
    return small, set(view["big"])


def _after(small: Small, big: AbstractSet[str], action: Action) -> tuple[Board, bool]:
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


def _others(gap: str) -> tuple[tuple[tuple[str, str, str], str, str], ...]:
    """(line, its other two squares) for every line through ``gap``."""
    found = []
    for line in LINES_THROUGH[gap]:
        a, b = (sq for sq in line if sq != gap)
        found.append((line, a, b))
    return tuple(found)


_OTHERS = {gap: _others(gap) for gap in LINES_THROUGH}


def line_moves(small: Small, big: AbstractSet[str]) -> int:
    """How many small moves make a line of three (KL-6): the scores anyone can see on the board.

    >>> line_moves({"a2": "O", "b2": "O", "d2": "O", "d3": "S"}, {"d3"})
    1
    """
    found: set[tuple[str, str]] = set()
    for gap, lines in _OTHERS.items():
        if gap in small or gap in big:
            continue
        for line, a, b in lines:
            colour = small.get(a)
            if colour is None or small.get(b) != colour or a in big or b in big:
                continue
            found.update((frm, gap) for frm in NEIGHBOURS[gap]
                         if frm not in line and frm not in big and small.get(frm) == colour)
    return len(found)


def scoring_moves(small: Small, big: AbstractSet[str]) -> int:
    """How many moves score on this board: claims that are right (KL-7) and small moves that make a line (KL-6)."""
    claims = 0
    for line in LINES:
        if any(sq in big for sq in line) and all(sq in small for sq in line):
            colours = {small[sq] for sq in line}
            claims += len(colours) == 1 and None not in colours
    return claims + line_moves(small, big)


def _gathered(small: Small, lines: Iterable[tuple[str, str, str]]) -> int:
    """How far the colours are gathered along ``lines``: a line holding two pieces of one colour and nothing
    else counts 1, three of one colour 8 — more than the 6 that three pieces in any other shape can reach (each
    of their three pairs lies in at most two lines), so a line of three beats any cluster."""
    total = 0
    for line in lines:
        colours = [small[sq] for sq in line if sq in small]
        if len(colours) > 1 and colours[0] is not None and colours.count(colours[0]) == len(colours):
            total += 1 if len(colours) == 2 else 8
    return total


_DISTANCE = {(a, b): max(abs(FILES.index(a[0]) - FILES.index(b[0])), abs(int(a[1]) - int(b[1])))
             for a in NEIGHBOURS for b in NEIGHBOURS}
"""Steps between two squares (KL-3: a step goes in any of the 8 directions)."""


def _advance(small: Small, action: Action) -> tuple[int, int]:
    """What moving a small piece (a step or a slide) does to its colour: how much more gathered into lines, and
    how many steps nearer the other pieces of its colour; (0, 0) for any other move."""
    if not isinstance(action, (Step, Slide)):
        return 0, 0
    frm, to = action.frm, action.to
    colour = small[frm]
    if colour is None:
        return 0, 0
    lines = set(LINES_THROUGH[frm]) | set(LINES_THROUGH[to])
    after = dict(small)
    after[to] = after.pop(frm)
    nearer = sum(_DISTANCE[frm, sq] - _DISTANCE[to, sq] for sq, c in small.items() if c == colour and sq != frm)
    return _gathered(after, lines) - _gathered(small, lines), nearer


BoardKey = tuple[frozenset[tuple[str, "str | None"]], frozenset[str]]


def _key(small: Small, big: AbstractSet[str]) -> BoardKey:
    return frozenset(small.items()), frozenset(big)


def _boards_seen(view: View, small: Small, big: AbstractSet[str]) -> Counter[BoardKey]:
    """How often each board has stood before a turn this game (the present one included), from the public
    history (KL-13) undone turn by turn."""
    small, big = dict(small), set(big)
    seen = Counter([_key(small, big)])
    for event in reversed(view["events"]):
        kind = event["kind"]
        if kind == "score":  # the pieces come back: the board before the move or claim that scored them
            small.update(dict.fromkeys(event["squares"], event["colour"]))
            continue
        if kind in _MOVED:
            frm, to = event["frm"], event["to"]
            if kind in ("step", "slide"):
                small[frm] = small.pop(to)
            if kind != "step":
                big.discard(to)
                big.add(frm)
        elif kind != "claim":
            continue
        seen[_key(small, big)] += 1
    return seen


class LineBot:
    """Scores what it knows, guards the lines it sees, hides and gathers the rest.

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
        outcomes = [(action, *_after(small, big, action)) for action in choices(legal)]
        scoring = [a for a, _, scored in outcomes if scored]
        if scoring:
            return self._pick(scoring)
        options = [(a, b) for a, b, _ in outcomes if not isinstance(a, Claim)]  # never claim on a guess
        if not options:
            return self._pick(list(legal))
        if view["extra_turns"]:
            best = max(scoring_moves(*b) for _, b in options)  # KL-8: I move again: set up a score
            if best:
                return self._pick([a for a, b in options if scoring_moves(*b) == best])
        threats = [line_moves(*b) for _, b in options]
        fewest = min(threats)
        options = [option for option, t in zip(options, threats) if t == fewest]
        seen = _boards_seen(view, small, big)
        ranked = [((-seen[_key(*b)], len(b[1] & b[0].keys()), *_advance(small, a)), a) for a, b in options]
        top = max(rank for rank, _ in ranked)
        return self._pick([a for rank, a in ranked if rank == top])

    def _pick(self, actions: list[Action]) -> Action:
        return actions[0] if len(actions) == 1 else self.rng.choice(sorted(actions, key=str))



def take_a_score(state: State, rng: random.Random) -> Action | None:
    """A rollout's rule of thumb: score when a score is on the board (KL-6, KL-7), else leave it to chance.

    The searching bot's imagined state is the whole board (KL-13: the history tells every colour), so it
    may read the colours under the big pieces.
    """
    scoring = cast(KloakState, state).scoring_actions()  # the imagined state of a KLOAK game
    return rng.choice(scoring) if scoring else None


SEARCH = SearchSettings(iterations=3000, rollout_depth=0, tree_depth=2, prior=0.2, exploration=0.4, first_play=0.55,
                        prefer=take_a_score)
"""The search bot in KLOAK: no random rollouts (random moves say little about lines; the imagined board is
the whole truth, KL-13): positions are scored after each move and its reply, a reply that scores is tried
first and followed while it holds, and the line bot's choice is searched first."""
