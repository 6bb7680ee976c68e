"""Information-set Monte Carlo tree search that decides from its own view only.

Each iteration imagines the hidden cards with the game's ``determinise``
(which sees the bot's view, never the true state), then walks one tree of
the bot's information set (single-observer ISMCTS: nodes are keyed by the
actions taken, children are weighed by how often they were available).
Below the root an action not tried yet counts as ``first_play`` (first-play
urgency): once a reply scores better than that, the search follows it
instead of sampling every other reply once.
Rollouts run in simulation mode (:func:`spynb.engine.simulate.playout`:
the game's own random draws, no event log) and are cut off after a few
moves, where the game's ``evaluate`` scores the position once per seat.

Where random rollouts say little, a rule-of-thumb bot guides the search
(the game's own, or the ``guide`` its settings name): its choice, asked
once per decision from the same view, is tried first and carries a bonus
that fades as the search visits it (a prior, as in progressive bias).  A
game whose imagined games are too short to tell most choices apart may
compare instead of search (``paired``): every action is played on from the
same imagined deals with the same draws, and the rule-of-thumb choice
stands unless another gains clearly more over it.
How many iterations, how deep the rollouts and how strong the prior are
the game's own settings (``SEARCH`` in its module of
:mod:`spynb.bots`, a :class:`SearchSettings`).

In the browser the budget is also bounded in time: a decision stops imagining
games after :data:`BROWSER_SECONDS` of wall-clock time (Pyodide runs the same
search two to three times slower than CPython, and a board waits for the
answer).  In CPython the iterations alone are the budget, so a seed replays
the same game on any machine.
"""

from __future__ import annotations

import math
import random
from time import perf_counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from spynb.engine import Action, GameSpec, SpynbError, State, View
from spynb.engine.simulate import paused_gc, playout
from spynb.games import manifest
from spynb.plotting import in_browser

from .base import Bot, choices

__all__ = ["ISMCTSBot", "SearchNode", "SearchSettings", "BROWSER_SECONDS"]

BROWSER_SECONDS = 0.6
"""In the browser, the most wall-clock seconds a decision searches (the imagined game under way is finished);
what playing the move and redrawing the board add keeps a bot move within a second."""


@dataclass(frozen=True)
class SearchSettings:
    """How the search bot plays one game: its default budget and guidance."""

    iterations: int = 200
    """Imagined games per decision (the default budget)."""
    rollout_depth: int = 24
    """Random actions after the tree before ``evaluate`` scores the position."""
    prior: float = 0.0
    """The rule-of-thumb bot's choice's bonus, in units of a win, times √(parent's visits) / (its visits + 1)
    (as in PUCT): it keeps the search on that choice unless another scores clearly better; 0: no prior."""
    exploration: float = 0.7
    """The UCB constant: higher explores more."""
    tree_depth: int | None = None
    """The most actions an iteration takes down the tree before it rolls out (``None``: no limit)."""
    first_play: float = math.inf
    """Below the root, what an action not tried yet counts as (first-play urgency): one is tried only while no
    tried action's UCB value beats this.  Infinity (the default) tries every action before any again."""
    prefer: Callable[[State, random.Random], Action | None] | None = None
    """A rollout's rule of thumb: the action to take instead of a random one, or ``None`` (random)."""
    paired: bool = False
    """No tree: each imagined game is played on once after every legal action, all from the same deal and with the
    same draws (common random numbers), so two actions' scores differ only where the actions do; the rule-of-thumb
    bot's choice stands unless another gains more than ``margin`` over it on average, game by game.  The
    ``iterations`` are then the games played on, spread evenly over the actions."""
    margin: float = 0.0
    """With ``paired``: how much (in units of a win) an action must gain over the rule-of-thumb choice on average
    to be played instead.  Where the imagined games are short, the rules' longer view keeps every close call."""
    guide: Callable[[GameSpec, int], Bot] | None = None
    """The rule-of-thumb bot whose choice the prior favours and ``paired`` keeps, made from the spec and a seed;
    ``None``: the game's rule-of-thumb bot (its manifest's ``bot``)."""
    follow_up: bool = False
    """With ``paired``: where an action leaves the same seat to choose again within its turn (after looking inside
    something), each imagined game scores the best of those next choices, played on with the same draws: the seat
    will make that choice knowing what it then sees.  The ``iterations`` count the first actions only."""


@dataclass
class SearchNode:
    """A node of the search tree: reached by ``seat``'s action, with the scores for that seat backed up into it."""

    seat: int | None = None
    visits: int = 0
    value: float = 0.0
    available: int = 0
    bonus: float = 0.0
    children: dict[tuple[int, Action], SearchNode] = field(default_factory=dict)


class ISMCTSBot:
    """Searches ``iterations`` imagined games before every decision.

    Unset arguments take the game's :class:`SearchSettings`; ``seconds`` bounds a decision's search in
    wall-clock time as well (unset: :data:`BROWSER_SECONDS` in the browser, no bound in CPython).
    """

    name = "ismcts"

    def __init__(self, spec: GameSpec, seed: int = 0, iterations: int | None = None,
                 rollout_depth: int | None = None, exploration: float | None = None, prior: float | None = None,
                 seconds: float | None = None) -> None:
        if spec.determinise is None:
            raise SpynbError(f"{spec.title} cannot imagine hidden cards yet: no determinise in its spec")
        parts = manifest(spec.name)
        settings: SearchSettings = parts.part("search") if parts.has("search") else SearchSettings()
        self.spec = spec
        self.exploration = settings.exploration if exploration is None else exploration
        self.first_play = settings.first_play
        self.tree_depth = settings.tree_depth
        self.iterations = settings.iterations if iterations is None else iterations
        self.rollout_depth = settings.rollout_depth if rollout_depth is None else rollout_depth
        self.prior = settings.prior if prior is None else prior
        self.prefer = settings.prefer
        self.paired = settings.paired
        self.margin = settings.margin
        self.follow_up = settings.follow_up
        self.seconds = seconds if seconds is not None else BROWSER_SECONDS if in_browser() else None
        self._deadline = math.inf
        self.rng = random.Random(seed)
        rules = settings.guide or (parts.part("bot") if parts.has("bot") else None)
        asked = self.prior or self.paired
        self.guide: Bot | None = rules(spec, seed) if rules is not None and asked else None

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(choices(legal)) == 1:
            return legal[0]
        self._deadline = math.inf if self.seconds is None else perf_counter() + self.seconds
        if self.paired:
            return self.compare(view, legal)
        root = self.search(view, legal)
        legal_set = set(legal)
        mine = [(action, child) for (seat, action), child in root.children.items()
                if seat == view.seat and action in legal_set and child.visits]
        if not mine:
            return self.rng.choice(legal)
        return max(mine, key=lambda ac: ac[1].visits)[0]

    def search(self, view: View, legal: Sequence[Action]) -> SearchNode:
        """The tree of ``iterations`` imagined games from ``view`` (whose seat may take ``legal``)."""
        me = view.seat
        assert me is not None
        root = SearchNode(seat=me)
        if self.guide is not None:
            hint = self.guide.choose(view, legal)
            root.children[(me, hint)] = SearchNode(seat=me, bonus=self.prior)
        with paused_gc():  # the imagined games are short-lived: nothing for the collector to find
            for _ in range(self.iterations):
                state = self.spec.determinise(view, self.rng)  # type: ignore[misc]  # not None: __init__ checks
                state.stop_logging()  # nothing below reads the imagined game's events
                self._iterate(root, state, me)
                if self._out_of_time():
                    break
        return root

    def compare(self, view: View, legal: Sequence[Action]) -> Action:
        """The rule-of-thumb choice, or the action that gains most over it in paired imagined games (``paired``)."""
        me = view.seat
        assert me is not None
        hint = self.guide.choose(view, legal) if self.guide is not None else legal[0]
        games = 0
        gain = dict.fromkeys(legal, 0.0)
        with paused_gc():
            while games < max(1, self.iterations // len(legal)):
                deal = self.spec.determinise(view, self.rng)  # type: ignore[misc]
                deal.stop_logging()
                draws = self.rng.getrandbits(64)
                scores = {action: self._played_on(deal, action, me, draws, self.follow_up) for action in legal}
                for action in legal:
                    gain[action] += scores[action] - scores[hint]
                games += 1
                if self._out_of_time():
                    break
        best = max(legal, key=gain.__getitem__)
        return best if gain[best] / games > self.margin else hint

    def _out_of_time(self) -> bool:
        """True once the decision under way has used its wall-clock bound (``seconds``)."""
        return self._deadline != math.inf and perf_counter() > self._deadline

    def _played_on(self, deal: State, action: Action, me: int, draws: int, follow_up: bool) -> float:
        """``me``'s score once ``action`` is taken in a copy of ``deal`` and the game played on with ``draws``; with
        ``follow_up``, the best score of ``me``'s next choices if the action leaves it to choose again."""
        state = deal.clone()
        state.apply(action, me)
        if follow_up and state.turn.seats == (me,):
            choices = state.legal_actions(me)
            if len(choices) > 1:
                return max(self._played_on(state, choice, me, draws, False) for choice in choices)
        playout(state, random.Random(draws), limit=self.rollout_depth, prefer=self.prefer)
        return self._score(state, me)

    def _iterate(self, root: SearchNode, state: State, me: int) -> None:
        path = [root]
        node = root
        while not state.over and (self.tree_depth is None or len(path) <= self.tree_depth):
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
            tried = None if guided is not None or len(untried) == len(legal) else max(
                (a for a in legal if (seat, a) in children), key=lambda a: self._ucb(children[(seat, a)], node.visits))
            if guided is not None:
                action = guided
            elif untried and (tried is None or node is root
                              or self._ucb(children[(seat, tried)], node.visits) < self.first_play):
                action = self._fresh(state, untried)
                children[(seat, action)] = SearchNode(seat=seat, available=1)
            else:
                action = tried  # type: ignore[assignment]  # not None: some action was tried
            child = children[(seat, action)]
            state.apply(action, seat)
            path.append(child)
            if child.visits == 0:
                break  # a new leaf: roll out from it
            node = child
        playout(state, self.rng, limit=self.rollout_depth, prefer=self.prefer)
        self._back_up(path, state)

    def _fresh(self, state: State, untried: list[Action]) -> Action:
        """The next action to add to the tree: the rollouts' rule of thumb if it names one not tried yet, else
        one at random."""
        if self.prefer is not None:
            preferred = self.prefer(state, self.rng)
            if preferred in untried:
                return preferred
        return self.rng.choice(untried)

    def _back_up(self, path: list[SearchNode], state: State) -> None:
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

    def _ucb(self, child: SearchNode, parent_visits: int) -> float:
        if child.visits == 0:
            return math.inf
        return (child.value / child.visits + child.bonus * math.sqrt(parent_visits) / (child.visits + 1)
                + self.exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits))

    def _score(self, state: State, seat: int) -> float:
        if self.spec.evaluate is not None:
            return self.spec.evaluate(state, seat)
        if not state.over:
            return 0.5
        return 1.0 if seat in state.winners else 0.0
