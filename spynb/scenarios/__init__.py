"""Walkthroughs as data: a scripted game told one step at a time, each step's facts checked by the engine.

A scenario file (``spynb/scenarios/<id>.json``) is one JSON object::

    {"id": "cloak-dagger-first-steps", "title": "...", "game": "cloak-dagger",
     "variant": "standard", "seats": 2, "seed": 0,
     "seat": 1,          # whose view the walkthrough shows; null: the omniscient teaching view
     "goal": "...",      # what the learner will be able to do at the end (shown first)
     "setup": [ ... ],   # optional: record entries played before the first step
     "steps": [ ... ]}

``setup`` sets the table without telling it move by move (a scripted deal, a
few turns already played): the first step shows the game after them, and its
caption says what they did.

Each step has a ``kind`` and a ``caption``, and may name the ``rule`` it
teaches (a rule id, shown as a small link, never in the prose), quote the
rulebook (``quote``) and carry ``claims`` (below).  The four kinds:

``narrated``
    The caption says what *will* happen; Next plays ``do`` (a record entry,
    ``"<seat>: <notation>"`` or ``"chance: <outcome>"``).  Without ``do`` the
    step is text only (the goal, an overview).  ``do`` may be a list of
    entries, played together (the other seats' plays of one turn).  Where
    ``do`` is chance acting out what the rulebook has a player do (cut the
    stack, draw an affiliation, place the pieces), ``act`` names that act as
    a short imperative label (``"Cut the deck"``): the learner performs it,
    pressing a button with that label in place of Next, and chance plays the
    step's scripted outcome.  Only a step whose every entry is chance's, or
    the walkthrough seat's only legal move (drawing from an empty deck: the
    engine reshuffles), may have an ``act``.
``your-turn``
    The caption tells the learner what to do before they act.  ``do`` is the
    scenario's own move (what *Show me* plays) and must be a seat's.
    ``accept`` (notations) and/or ``match`` (a regular expression a notation
    fully matches) say which legal moves satisfy the step; ``why`` explains
    particular wrong moves, ``otherwise`` says what the step asks, to a
    move of a kind it does not take (a big move where it asks for a small
    one) or, where it takes one move only, to every other move (the player
    first tells what the move did); ``praise`` is said after any accepted
    move (so it must not assume the scripted one), unless
    ``feedback`` has words for that move: where the step is a decision, what
    each accepted choice risks and gains, as the learner's seat sees it.
``question``
    Asks; the right answer is computed from the engine, never typed in.
    ``answer`` is a query (below); ``choices`` are ``{"text", "value"}``
    objects (right: the value equals the query's result, or for a
    ``legal`` query without ``move``, the value is a legal move), or
    ``"number": true`` asks for a whole number; where more than one choice
    is right, ``"several": true`` has the learner tick every right one (the
    checker refuses a pick-one question with several right).  ``explain`` follows the
    answer, right or wrong: questions are not graded, but Next waits for an
    answer (skipping is an explicit choice that shows the answer).
``end``
    The last step, and only the last: the caption sums up; ``links`` are
    ``{"text", "href"}`` objects to what comes next.

A *query* reads the game at a step through the contract only, so a game
needs no code of its own.  It reads what the scenario's seat may know (its
view, its legal moves, whose turn it is); ``seat`` may name another seat only
in a scenario shown from the omniscient view.

====================  =======================================================
``{"query": ...}``    result
====================  =======================================================
``"to_move"``         the seat to move (a list if several, ``"chance"``,
                      ``"nobody"`` when the game is over)
``"view"``            the value at ``path`` in the view (dotted: ``notes.6.letters``;
                      a number indexes a list)
``"count"``           how many items the value at ``path`` holds
``"legal"``           whether ``move`` (a notation) is legal for the seat now
                      (at a chance point: whether chance may deal it)
``"legal_count"``     how many moves the seat has
``"winners"``         the seats that won (a list)
``"possible"``        whether the seat cannot rule out that the omniscient
                      view holds ``value`` at ``path`` (equal to it, or in
                      the list there): in the real game or a re-deal of
                      what the seat has not seen
====================  =======================================================

Any query may add ``"after": [entries]``: it is then asked of a copy of the
game with those moves played ("what happens if ...?").  Where they stop at a
chance point, the query is asked after every way chance can go next and must
come out the same in each (what follows is true whatever chance deals), unless
it says ``"before_chance": true`` (ask there, before chance acts); ``legal``
and ``to_move`` there ask about chance itself (what it may deal; ``"chance"``).

A *claim* is a query with what its result must be: ``"is"`` (equal),
``"contains"`` or ``"lacks"`` (an item of a list or text), and ``"when"``:
``"after"`` the step's move (the default for steps with a move) or
``"before"`` it.  Claims state the main facts of a caption;
:meth:`Scenario.check` asserts each one on every way through the scenario
(the scripted moves and every move a your-turn step accepts).

A text names things on the board through *references* in braces (``{piece d4}``,
``{turn}``), rendered from the walkthrough's seat's view at its step when the
scenario loads (:mod:`.references`): a board fact is never typed by hand, and
:func:`.references.free_text_facts` finds one that is.

A walkthrough told from a seat states only what that seat knows, so the
check also asks every claim and every computed answer again in re-deals of
what the seat has not seen (:mod:`.from_seat`): each must come out the same.
A step that means to tell more (what a seat remembers but its board hides,
say) marks it with ``"shows_hidden"``: a sentence the screen shows beside
the caption.  :func:`.lint.unbacked` finds captions that name a seat with a
card, a colour or an affiliation that no fact of their step checks.

>>> steps = [{"kind": "narrated", "caption": "Get your agents to a document."},
...          {"kind": "narrated", "do": "chance: cut a", "caption": "Seat 1 cuts the pistol.", "rule": "CD-2"},
...          {"kind": "narrated", "do": "chance: cut K", "caption": "Seat 2 cuts a hazard: seat 1 starts.",
...           "claims": [{"query": "to_move", "is": 1}]},
...          {"kind": "question", "caption": "How many envelopes may seat 1 choose?",
...           "number": True, "answer": {"query": "legal_count"}},
...          {"kind": "your-turn", "do": "1: 11", "caption": "Pick envelope 11.", "accept": ["11"]},
...          {"kind": "end", "caption": "That is how a game starts.",
...           "links": [{"text": "Play a game", "href": "boards/cloak-dagger.ipynb"}]}]
>>> tour = from_data({"id": "t", "title": "T", "game": "cloak-dagger", "variant": "standard", "seats": 2,
...                   "seed": 0, "seat": 1, "goal": "Start a game.", "steps": steps})
>>> [step.kind.value for step in tour.steps]
['narrated', 'narrated', 'narrated', 'question', 'your-turn', 'end']
>>> tour.steps[3].question.right(tour.game_at(3), 1)
[20]
>>> [Query("legal", move=cut).evaluate(tour.game_at(1), 1) for cut in ("cut a", "cut 11")]
[True, False]
>>> tour.check()
[]
>>> dealt = from_data({**tour.to_data(), "setup": ["chance: cut a", "chance: cut K"], "steps": [
...     {"kind": "narrated", "do": ["1: 11", "2: 12"], "caption": "Both seats pick an envelope."}, steps[-1]]})
>>> dealt.moves_before(1), dealt.entries()
(4, ['chance: cut a', 'chance: cut K', '1: 11', '2: 12'])
>>> from_data({**tour.to_data(), "steps": steps[:-1]})
Traceback (most recent call last):
...
spynb.engine.errors.RecordError: scenario 'scenario' steps[4]: the last step must be an end step (kind 'end')
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Set as AbstractSet
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from importlib import resources
from typing import Any

from spynb.engine import Game, Record, RecordError, SpynbError, State, is_whole_number
from spynb.games import get_spec

from .from_seat import possible, redeals
from .references import reference_problems, rendered

__all__ = ["Scenario", "Step", "StepKind", "Expect", "Query", "Claim", "Question", "Choice",
           "load", "names", "from_data", "rendered"]

CHANCE = "chance"


class StepKind(StrEnum):
    """What a step asks of the learner."""

    NARRATED = "narrated"
    YOUR_TURN = "your-turn"
    QUESTION = "question"
    END = "end"


def _split(entry: str) -> tuple[int | None, str]:
    """A record entry's seat (None for chance) and notation.

    >>> _split("1: take d"), _split("chance: draw X")
    ((1, 'take d'), (None, 'draw X'))
    """
    who, _, notation = entry.partition(":")
    return (None if who.strip() == CHANCE else int(who)), notation.strip()


@dataclass(frozen=True)
class Query:
    """A question put to the game at one step, through the contract; see the module's table.

    >>> import spynb
    >>> game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    >>> Query("count", path="notes").evaluate(game, 1), Query("legal", move="take d").evaluate(game, 1)
    (20, False)
    >>> Query("to_move", after=("1: 12",)).evaluate(game, 1), Query("to_move").evaluate(game, 1)
    (2, 1)
    """

    name: str
    path: str = ""
    move: str = ""
    after: tuple[str, ...] = ()
    seat: int | None = None
    value: Any = None
    """For ``possible``: the value looked for at ``path``."""
    before_chance: bool = False
    """Where the ``after`` moves stop at a chance point: ask there, before chance acts (else the query is asked
    after every way chance can go, and must come out the same in each)."""

    def evaluate(self, position: Game | State, seat: int | None, move: str | None = None) -> Any:
        """The query's result for ``seat`` (None: omniscient) in a game or state; ``move`` stands in for ``move``.

        :raises SpynbError: when the path does not exist or an ``after`` move is illegal.
        """
        state = position.state if isinstance(position, Game) else position
        seat = self.seat if self.seat is not None else seat
        move = move if move is not None else self.move
        if not self.after:
            return _QUERIES[self.name](self, state, seat, move)
        state = state.clone()
        for entry in self.after:
            who, notation = _split(entry)
            state.apply(state.spec.parse(notation), who)
        if self.before_chance or self.name in ("legal", "to_move"):  # these ask about the chance point itself
            return _QUERIES[self.name](self, state, seat, move)
        results = [_QUERIES[self.name](self, world, seat, move) for world in _settled(state)]
        if any(result != results[0] for result in results):
            raise SpynbError(f"what follows {self.after[-1]!r} depends on what chance deals next: name its outcome "
                             "(\"chance: …\") in 'after', or ask before it (\"before_chance\": true)")
        return results[0]

    def _path(self, value: Any) -> Any:
        for part in self.path.split(".") if self.path else ():
            try:
                value = value[int(part)] if isinstance(value, list) else value[part]
            except (KeyError, IndexError, ValueError, TypeError):
                raise SpynbError(f"the view has nothing at {self.path!r} (stopped at {part!r})") from None
        return value


MAX_SETTLED = 500
"""The most ways chance may go after a query's ``after`` moves."""


def _settled(state: State) -> list[State]:
    """``state`` with any chance that acts next played out every way it can (the query must come out the same
    in each: a statement about what follows is true whatever chance deals)."""
    worlds, settled = [state], []
    while worlds:
        world = worlds.pop()
        if not world.turn.chance:
            settled.append(world)
            continue
        for outcome, _ in world.chance_outcomes():
            branch = world.clone()
            branch.apply(outcome, None)
            worlds.append(branch)
        if len(worlds) + len(settled) > MAX_SETTLED:
            raise SpynbError(f"chance may go more than {MAX_SETTLED} ways after the 'after' moves: name its "
                             "outcomes in 'after', or ask before it (\"before_chance\": true)")
    return settled


def _to_move(state: Any) -> Any:
    turn = state.turn
    if turn.chance:
        return CHANCE
    if turn.over:
        return "nobody"
    return turn.seats[0] if len(turn.seats) == 1 else list(turn.seats)


def _acting(state: Any, seat: int | None) -> int:
    if seat is not None:
        return seat
    if len(state.turn.seats) != 1:
        raise SpynbError("a legal-move query in the omniscient view needs a 'seat' when not one seat is to move")
    return int(state.turn.seats[0])


def _is_legal(state: Any, seat: int | None, move: str) -> bool:
    try:
        who = None if state.turn.chance else _acting(state, seat)  # at chance: may chance deal it?
        return bool(state.is_legal(state.spec.parse(move), who))
    except SpynbError:
        return False


def _count(query: Query, state: Any, seat: int | None) -> int:
    value = query._path(state.view(seat).to_dict())
    if not isinstance(value, (list, dict, str)):
        raise SpynbError(f"{query.path!r} holds {value!r}, which has no count")
    return len(value)


def _possible(query: Query, state: Any, seat: int | None) -> bool:
    if seat is None:
        raise SpynbError("a 'possible' query asks what a seat cannot rule out: it needs the scenario's seat")
    def found(world: State) -> bool:
        result = query._path(world.view(None).to_dict())
        return bool(result == query.value or (isinstance(result, list) and query.value in result))
    return possible(state, seat, found)


_QUERIES: dict[str, Callable[[Query, Any, int | None, str], Any]] = {
    "to_move": lambda q, state, seat, move: _to_move(state),
    "view": lambda q, state, seat, move: q._path(state.view(seat).to_dict()),
    "count": lambda q, state, seat, move: _count(q, state, seat),
    "legal": lambda q, state, seat, move: _is_legal(state, seat, move),
    "legal_count": lambda q, state, seat, move: len(state.legal_actions(_acting(state, seat))),
    "winners": lambda q, state, seat, move: list(state.winners),
    "possible": lambda q, state, seat, move: _possible(q, state, seat),
}
FROM_SEAT = frozenset({"possible"})
"""Queries answered from everything the seat cannot rule out: the same in every world it cannot tell apart."""


def _holds(test: str, result: Any, value: Any) -> bool:
    """A claim's test: ``is`` (equal), ``contains`` or ``lacks`` (an item of a list or text, a key of an object)."""
    if test == "is":
        return bool(result == value)
    found = value in result if isinstance(result, (list, str, dict)) else False
    return found if test == "contains" else not found


@dataclass(frozen=True)
class Claim:
    """A fact a caption states, as a query and what its result must be.

    >>> import spynb
    >>> game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    >>> Claim(Query("to_move"), "is", 1).holds(game, 1), Claim(Query("view", path="hand"), "lacks", "X").holds(game, 1)
    (True, True)
    """

    query: Query
    test: str
    value: Any
    when: str = "after"

    def holds(self, position: Game | State, seat: int | None) -> bool:
        return _holds(self.test, self.query.evaluate(position, seat), self.value)

    def describe(self) -> str:
        return f"{self.query.name} {self.query.path or self.query.move} {self.test} {self.value!r}".replace("  ", " ")


@dataclass(frozen=True)
class Choice:
    """Words shown to the learner and what they stand for: one answer a question offers (``value`` is compared
    with the query's result), or an end step's link (``value`` is the address, relative to a page of the
    site's apps)."""

    text: str
    value: Any


@dataclass(frozen=True)
class Question:
    """A question step's answer: a query, and the choices (or a whole number) the learner picks from."""

    answer: Query
    choices: tuple[Choice, ...] = ()
    number: bool = False
    explain: str = ""
    several: bool = False
    """Choose every right choice (check boxes), where more than one is right; else pick one."""

    def right(self, position: Game | State, seat: int | None) -> list[Any]:
        """The right values now: the choices' values that are right, or the number, computed from the game.

        :raises SpynbError: when the query cannot be answered in this position.
        """
        if self.answer.name == "legal" and not self.answer.move:
            return [c.value for c in self.choices if self.answer.evaluate(position, seat, move=str(c.value))]
        result = self.answer.evaluate(position, seat)
        if self.number:
            return [result]
        return [c.value for c in self.choices if c.value == result]


@dataclass(frozen=True)
class Expect:
    """What a *your turn* step accepts from the learner, and what it says about other moves.

    >>> e = Expect(seat=1, accept=("take d+X",), match=r"take d",
    ...            why={"pass": "Doing nothing moves no agent."})
    >>> e.accepts("take d"), e.accepts("take d+X"), e.accepts("take D")
    (True, True, False)
    >>> Expect(seat=1, accept=("a", "b"), praise="Done.", feedback={"b": "Safe, but slow."}).reply("a")
    'Done.'
    """

    seat: int
    accept: tuple[str, ...] = ()
    match: str = ""
    why: Mapping[str, str] = field(default_factory=dict)
    otherwise: str = ""
    praise: str = ""
    feedback: Mapping[str, str] = field(default_factory=dict)
    """Words for particular accepted moves (a decision's choices), said instead of ``praise``."""

    def accepts(self, notation: str) -> bool:
        """Does this (legal) move satisfy the step?"""
        return notation in self.accept or bool(self.match and re.fullmatch(self.match, notation))

    def reply(self, notation: str) -> str:
        """What the walkthrough says after an accepted move."""
        return self.feedback.get(notation) or self.praise or "Yes, that is the move for this step."


@dataclass(frozen=True)
class Step:
    """One step of a walkthrough (see the module's description of the kinds)."""

    kind: StepKind
    caption: str
    rule: str = ""
    quote: str = ""
    do: str = ""
    expect: Expect | None = None
    question: Question | None = None
    links: tuple[Choice, ...] = ()
    claims: tuple[Claim, ...] = ()
    more: tuple[str, ...] = ()
    """A narrated step's entries after ``do``, played together with it."""
    shows_hidden: str = ""
    """What the screen says when the step deliberately tells what the walkthrough's seat cannot know (its
    claims are then checked against the full state only); empty for every other step."""
    act: str = ""
    """For a narrated step whose move is chance's: the physical act the learner performs to play it (a short
    imperative label, "Cut the deck"); empty for every other step."""

    @property
    def moves(self) -> bool:
        """Does the step play a move?"""
        return bool(self.do)

    @property
    def count(self) -> int:
        """How many record entries the step plays."""
        return (1 + len(self.more)) if self.do else 0


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    game: str
    variant: str
    seats: int
    seed: int
    seat: int | None
    goal: str
    steps: tuple[Step, ...]
    setup: tuple[str, ...] = ()
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def to_data(self) -> dict[str, Any]:
        """The scenario's JSON object, as read."""
        return dict(self.raw)

    def entries(self, answers: Mapping[int, str] | None = None) -> list[str]:
        """The scenario's moves in order (its setup first), a learner's ``answers`` (step index → entry) in place
        of its own."""
        answers = answers or {}
        entries = list(self.setup)
        for i, step in enumerate(self.steps):
            if step.moves:
                entries += [answers.get(i, step.do), *step.more]
        return entries

    def record(self, answers: Mapping[int, str] | None = None) -> Record:
        """The scenario as a record (see :meth:`entries`)."""
        return Record(self.game, self.variant, self.seats, self.seed, tuple(self.entries(answers)), {}, False,
                      get_spec(self.game))

    def moves_before(self, step: int) -> int:
        """How many moves the setup and the steps before ``step`` (0-based) play."""
        return len(self.setup) + sum(s.count for s in self.steps[:step])

    def game_at(self, step: int, answers: Mapping[int, str] | None = None) -> Game:
        """The game as step ``step`` (0-based) shows it: after the moves of the steps before it, any chance
        dealt before the next seat's move resolved (see :meth:`Record.replay`)."""
        return self.record(answers).replay(self.moves_before(step), waiting=True)

    def positions(self, answers: Mapping[int, str] | None = None) -> list[Game]:
        """The game as each step shows it (``game_at`` of every step, and after the last), played once through.

        :raises RecordError: the scenario does not replay.
        """
        return self.record(answers).replays([self.moves_before(i) for i in range(len(self.steps) + 1)])

    def paths(self) -> Iterator[dict[int, str]]:
        """Every way through the scenario a check must follow: the scripted one (``{}``), then each
        move a your-turn step accepts in place of its own (one at a time)."""
        yield {}
        scripted = self.positions()
        for i, step in enumerate(self.steps):
            if step.expect is None:
                continue
            own = _split(step.do)[1]
            for action in scripted[i].legal_actions(step.expect.seat):
                if str(action) != own and step.expect.accepts(str(action)):
                    yield {i: f"{step.expect.seat}: {action}"}

    def check(self) -> list[str]:
        """Everything wrong with the scenario as played: each path replays, your-turn steps accept their own
        move, every claim holds and every question has a right answer among its choices, on every path."""
        problems = []
        for i, step in enumerate(self.steps):
            if step.expect is not None and not step.expect.accepts(_split(step.do)[1]):
                problems.append(f"step {i + 1}: its own move {step.do!r} is not accepted")
            if step.act:
                problems += [f"step {i + 1}: {p}" for p in self._unforced(i, step)]
        for answers in self.paths():
            label = "" if not answers else f" (after the accepted move {next(iter(answers.values()))!r})"
            try:
                positions = self.positions(answers)
            except RecordError as err:
                problems.append(f"the scenario does not replay{label}: {err}")
                continue
            problems += [p + label for p in self._check_facts(positions)]
        return problems + reference_problems(from_data(self.raw, self.id))

    def _unforced(self, i: int, step: Step) -> list[str]:
        """An act's entries that are a seat's choice: each must be chance's or the walkthrough seat's only move."""
        game, problems = self.game_at(i), []
        for entry in (step.do, *step.more):
            seat, notation = _split(entry)
            if seat is not None:
                legal = [str(a) for a in game.legal_actions(seat)]
                if seat != self.seat or legal != [notation]:
                    problems.append(f"its act plays {entry!r}, a choice of seat {seat}'s (make it a your-turn step)")
            game.play(notation, seat)
        return problems

    def _check_facts(self, positions: list[Game]) -> list[str]:
        """What is wrong with the claims and questions of each step, at the positions of one way through."""
        problems = []
        for i, step in enumerate(self.steps):
            before = positions[i]
            after = positions[i + 1] if step.moves else before
            worlds: dict[int, list[State]] = {}
            for claim in step.claims:
                game = before if claim.when == "before" else after
                try:
                    result = claim.query.evaluate(game, self.seat)
                except SpynbError as err:
                    problems.append(f"step {i + 1}: the claim {claim.describe()} cannot be checked: {err}")
                    continue
                if not _holds(claim.test, result, claim.value):
                    problems.append(f"step {i + 1}: the claim {claim.describe()} does not hold")
                elif claim.query.name not in FROM_SEAT:
                    problems += self._from_seat(i, f"the claim {claim.describe()}", result, self._worlds(
                        i, game, worlds), partial(claim.query.evaluate, seat=self.seat))
            if step.question is not None:
                try:
                    right = step.question.right(before, self.seat)
                except SpynbError as err:
                    problems.append(f"step {i + 1}: the question's answer cannot be computed: {err}")
                    continue
                if not right:
                    problems.append(f"step {i + 1}: no choice is the computed answer")
                elif len(right) > 1 and not step.question.several:
                    problems.append(f"step {i + 1}: {len(right)} choices are right: mark the question "
                                    "\"several\": true, so the learner chooses every one")
                elif step.question.number and not is_whole_number(right[0]):
                    problems.append(f"step {i + 1}: the answer {right[0]!r} is not a whole number")
                elif step.question.answer.name not in FROM_SEAT:
                    problems += self._from_seat(i, "the question's answer", right, self._worlds(
                        i, before, worlds), partial(step.question.right, seat=self.seat))
        return problems

    def _worlds(self, i: int, game: Game, made: dict[int, list[State]]) -> list[State]:
        """The worlds step ``i``'s facts are asked again in: re-deals of what the walkthrough's seat has not seen
        in ``game``, made once per position (none from above, or for a step marked ``shows_hidden``)."""
        if self.seat is None or self.steps[i].shows_hidden:
            return []
        if id(game) not in made:
            made[id(game)] = redeals(game.state, self.seat, seed=f"{self.id}/{i}")
        return made[id(game)]

    def _from_seat(self, i: int, what: str, real: Any, worlds: list[State], ask: Callable[[State], Any]) -> list[str]:
        """``what`` (a claim's result, an answer: ``real`` here) as the walkthrough's seat knows it: the same in
        every world that seat cannot tell from this one."""
        for world in worlds:
            try:
                other = ask(world)
            except SpynbError as err:
                other = f"no answer ({err})"
            if other != real:
                return [f"step {i + 1}: {what} depends on what seat {self.seat} has not seen: {real!r} here, "
                        f"{other!r} in a re-deal it cannot tell apart (mark the step 'shows_hidden' if it means to)"]
        return []


def names() -> tuple[str, ...]:
    """The scenarios shipped with spynb."""
    return tuple(sorted(p.name[:-5] for p in resources.files(__name__).iterdir() if p.name.endswith(".json")))


def load(name: str) -> Scenario:
    """Read a shipped scenario.

    :raises RecordError: no such scenario, or a malformed one (the message says where).
    """
    if not isinstance(name, str) or name not in names():
        raise RecordError(f"scenario {name!r}", f"no such scenario; scenarios: {', '.join(names())}")
    text = resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"scenario {name!r} line {err.lineno} column {err.colno}", err.msg) from None
    scenario: Scenario = rendered(from_data(data, name))
    return scenario


# -- reading and validating ----------------------------------------------------------------------------
_COMMON = {"kind", "caption", "rule", "quote", "claims", "shows_hidden"}
_KEYS = {
    StepKind.NARRATED: _COMMON | {"do", "act"},
    StepKind.YOUR_TURN: _COMMON | {"do", "accept", "match", "why", "otherwise", "praise", "feedback"},
    StepKind.QUESTION: _COMMON | {"answer", "choices", "number", "explain", "several"},
    StepKind.END: _COMMON | {"links"},
}
_QUERY_KEYS = {"query", "path", "move", "after", "seat", "value", "before_chance"}
_CLAIM_TESTS = ("is", "contains", "lacks")
_HEADER = {"id": str, "title": str, "game": str, "variant": str, "seats": int, "seed": int, "goal": str}


def _text(data: Mapping[str, Any], key: str, where: str, required: bool = False) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise RecordError(f"{where}.{key}", "must be a non-empty text" if required else "must be a text")
    return value


def _entry(data: Any, where: str) -> str:
    if not isinstance(data, str) or not re.fullmatch(r"\s*(chance|\d+)\s*:\s*\S.*", data):
        raise RecordError(where, f"must be a record entry like '1: 7' or 'chance: draw X', not {data!r}")
    return data


def _query(data: Any, where: str, omniscient: bool, extra: AbstractSet[str] = frozenset()) -> Query:
    if not isinstance(data, dict):
        raise RecordError(where, "must be an object with a 'query'")
    unknown = sorted(set(data) - _QUERY_KEYS - extra)
    if unknown:
        raise RecordError(f"{where}.{unknown[0]}", f"is not part of a query ({', '.join(sorted(_QUERY_KEYS))})")
    name = data.get("query")
    if name not in _QUERIES:
        raise RecordError(f"{where}.query", f"must be one of {', '.join(_QUERIES)}, not {name!r}")
    path, move = _text(data, "path", where), _text(data, "move", where)
    if name in ("view", "count", "possible") and not path:
        raise RecordError(f"{where}.path", f"a {name!r} query needs a dotted path into the view")
    if ("value" in data) != (name == "possible"):
        raise RecordError(f"{where}.value", "a 'possible' query, and only it, needs the 'value' it looks for")
    after = data.get("after", [])
    after = [after] if isinstance(after, str) else after
    if not isinstance(after, list):
        raise RecordError(f"{where}.after", "must be a record entry or a list of them")
    seat = data.get("seat")
    if seat is not None and (not omniscient or not isinstance(seat, int) or isinstance(seat, bool)):
        raise RecordError(f"{where}.seat", "only a scenario shown from the omniscient view (\"seat\": null) may ask "
                                           "about another seat: a seat's walkthrough must not tell it others' secrets")
    before_chance = data.get("before_chance", False)
    if not isinstance(before_chance, bool) or (before_chance and not after):
        raise RecordError(f"{where}.before_chance", "is true or false, and true only beside 'after' moves")
    return Query(name, path, move, tuple(_entry(e, f"{where}.after[{k}]") for k, e in enumerate(after)), seat,
                 data.get("value"), before_chance)


def _claim(data: Any, where: str, omniscient: bool, moves: bool) -> Claim:
    query = _query(data, where, omniscient, {*_CLAIM_TESTS, "when"})
    tests = [t for t in _CLAIM_TESTS if t in data]
    if len(tests) != 1:
        raise RecordError(where, f"a claim needs exactly one of {', '.join(_CLAIM_TESTS)}")
    when = data.get("when", "after" if moves else "before")
    if when not in ("before", "after") or (when == "after" and not moves):
        raise RecordError(f"{where}.when", "must be 'before' or 'after' ('after' only on a step with a move)")
    return Claim(query, tests[0], data[tests[0]], when)


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise RecordError(f"{where}.{key}", "must be a list")
    return value


def _objects(data: Mapping[str, Any], key: str, where: str, fields: tuple[str, str]) -> list[tuple[str, Any]]:
    out = []
    for k, item in enumerate(_list(data, key, where)):
        if not isinstance(item, dict) or set(item) != set(fields) or not isinstance(item[fields[0]], str):
            raise RecordError(f"{where}.{key}[{k}]", f"must be an object with {fields[0]!r} (a text) and {fields[1]!r}")
        out.append((item[fields[0]], item[fields[1]]))
    return out


def _expect(data: Mapping[str, Any], where: str) -> Expect:
    seat, _ = _split(data["do"])
    if seat is None:
        raise RecordError(f"{where}.do", f"a your-turn step needs a seat's move, not {data['do']!r}")
    accept = _list(data, "accept", where)
    if not all(isinstance(a, str) for a in accept):
        raise RecordError(f"{where}.accept", "must be a list of notations")
    match = data.get("match", "")
    try:
        re.compile(match)
    except (re.error, TypeError) as err:
        raise RecordError(f"{where}.match", f"is not a regular expression ({err})") from None
    if not accept and not match:
        raise RecordError(where, "a your-turn step needs 'accept' or 'match'")
    why, feedback = (_texts_by_move(data, key, where) for key in ("why", "feedback"))
    expect = Expect(seat, tuple(accept), match, why, _text(data, "otherwise", where), _text(data, "praise", where),
                    feedback)
    for notation in feedback:
        if not expect.accepts(notation):
            raise RecordError(f"{where}.feedback", f"{notation!r} is not a move the step accepts (explain it in 'why')")
    return expect


def _texts_by_move(data: Mapping[str, Any], key: str, where: str) -> dict[str, str]:
    value = data.get(key, {})
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise RecordError(f"{where}.{key}", "must map notations to explanations")
    return value


def _question(data: Mapping[str, Any], where: str, omniscient: bool) -> Question:
    if "answer" not in data:
        raise RecordError(f"{where}.answer", "a question needs an 'answer' query (the engine computes it)")
    answer = _query(data["answer"], f"{where}.answer", omniscient)
    choices = tuple(Choice(t, v) for t, v in _objects(data, "choices", where, ("text", "value")))
    number, several = data.get("number", False), data.get("several", False)
    if not isinstance(number, bool) or number == bool(choices):
        raise RecordError(where, "a question needs either 'choices' or \"number\": true")
    if not isinstance(several, bool) or several and number:
        raise RecordError(f"{where}.several", "is true or false, and only for a question with choices")
    return Question(answer, choices, number, _text(data, "explain", where), several)


def _step(raw: Any, where: str, omniscient: bool, last: bool) -> Step:
    if not isinstance(raw, dict):
        raise RecordError(where, "must be an object")
    try:
        kind = StepKind(raw.get("kind", ""))
    except ValueError:
        raise RecordError(f"{where}.kind", f"must be one of {', '.join(k.value for k in StepKind)}, "
                                           f"not {raw.get('kind')!r}") from None
    unknown = sorted(set(raw) - _KEYS[kind])
    if unknown:
        raise RecordError(f"{where}.{unknown[0]}", f"is not part of a {kind.value} step "
                                                   f"({', '.join(sorted(_KEYS[kind]))})")
    if (kind is StepKind.END) != last:
        raise RecordError(where, "the last step must be an end step (kind 'end')" if last
                          else "only the last step may be an end step")
    entries = _entries(raw, where, kind)
    do = entries[0] if entries else ""
    claims = tuple(_claim(c, f"{where}.claims[{k}]", omniscient, bool(do))
                   for k, c in enumerate(_list(raw, "claims", where)))
    return Step(kind, caption=_text(raw, "caption", where, required=True), rule=_text(raw, "rule", where),
                quote=_text(raw, "quote", where), do=do,
                expect=_expect(raw, where) if kind is StepKind.YOUR_TURN else None,
                question=_question(raw, where, omniscient) if kind is StepKind.QUESTION else None,
                links=tuple(Choice(t, h) for t, h in _objects(raw, "links", where, ("text", "href"))),
                claims=claims, more=tuple(entries[1:]), shows_hidden=_text(raw, "shows_hidden", where),
                act=_act(raw, where, entries))


_ACT_WORDS = 8
_NOT_IMPERATIVE = frozenset({"a", "an", "the", "you", "your", "seat", "it", "they", "we", "i", "chance"})


def _act(raw: Mapping[str, Any], where: str, entries: list[str]) -> str:
    """A narrated step's ``act``: the learner's physical act for a move that is chance's, as a short imperative
    label (a capital first, at most eight words, no closing punctuation, not opening on an article or a pronoun).

    >>> _act({"act": "Cut the deck"}, "s", ["chance: cut a"])
    'Cut the deck'
    >>> _act({"act": "You cut."}, "s", ["chance: cut a"])
    Traceback (most recent call last):
    ...
    spynb.engine.errors.RecordError: s.act: must be a short imperative label like 'Cut the deck' (a capital first, at most 8 words, no closing punctuation), not 'You cut.'
    """
    if "act" not in raw:
        return ""
    if not entries:
        raise RecordError(f"{where}.act", "only a step with a move has an act for the learner to perform")
    label = _text(raw, "act", where, required=True)
    words = label.split()
    if (not label[0].isupper() or label[-1] in ".!?:;," or len(words) > _ACT_WORDS
            or words[0].casefold() in _NOT_IMPERATIVE):
        raise RecordError(f"{where}.act", f"must be a short imperative label like 'Cut the deck' (a capital first, "
                                          f"at most {_ACT_WORDS} words, no closing punctuation), not {label!r}")
    return label


def _entries(raw: Mapping[str, Any], where: str, kind: StepKind) -> list[str]:
    """A step's ``do``: one entry, or for a narrated step a non-empty list of them."""
    if "do" not in raw and kind is not StepKind.YOUR_TURN:
        return []
    do = raw.get("do")
    if isinstance(do, list) and kind is StepKind.NARRATED:
        if not do:
            raise RecordError(f"{where}.do", "must list at least one record entry")
        return [_entry(e, f"{where}.do[{k}]") for k, e in enumerate(do)]
    return [_entry(do, f"{where}.do")]


def from_data(data: Any, name: str = "scenario") -> Scenario:
    """A scenario from its parsed JSON.

    :raises RecordError: anything malformed, saying where (``scenario 'x' steps[3].answer.query``).
    """
    where = f"scenario {name!r}"
    if not isinstance(data, dict):
        raise RecordError(where, "must be a JSON object")
    unknown = sorted(set(data) - set(_HEADER) - {"seat", "steps", "setup"})
    if unknown:
        raise RecordError(f"{where} field {unknown[0]!r}", "is not part of a scenario")
    for key, kind in _HEADER.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise RecordError(f"{where} field {key!r}", f"must be {'a text' if kind is str else 'a whole number'}")
    seat = data.get("seat")
    if seat is not None and (not isinstance(seat, int) or not 1 <= seat <= data["seats"]):
        raise RecordError(f"{where} field 'seat'", f"must be a seat from 1 to {data['seats']}, or null")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise RecordError(f"{where} field 'steps'", "must be a non-empty list")
    steps = tuple(_step(raw, f"{where} steps[{i}]", seat is None, i == len(raw_steps) - 1)
                  for i, raw in enumerate(raw_steps))
    setup = data.get("setup", [])
    if not isinstance(setup, list):
        raise RecordError(f"{where} field 'setup'", "must be a list of record entries")
    entries = tuple(_entry(e, f"{where} setup[{k}]") for k, e in enumerate(setup))
    return Scenario(data["id"], data["title"], data["game"], data["variant"], data["seats"], data["seed"], seat,
                    data["goal"], steps, entries, dict(data))

