"""The walkthrough player: a scenario (:mod:`spynb.scenarios`) told one step at a time on its game's board.

Each step says what comes *before* it happens.  A narrated step's move is
played when the learner presses Next, and the board marks what it changed; a
narrated step with an ``act`` (chance acting out what the rulebook has a
player do: "Cut the deck") waits for the learner to press a button with that
label instead, and then chance plays the scripted outcome; at
a your-turn step the learner makes the move (any move the step accepts) or
asks *Show me*; a question step asks and answers with the engine's own
result, and moves on only once answered or skipped (an explicit choice); the end step sums up and links on.  After every move the panel says,
in the engine's words, what the shown seat saw happen (never the move's
notation).

The player is the game's board class with :class:`Walkthrough` mixed in
(:func:`player_class`), so the drawing, the highlighting and a game's own
controls (KLOAK's touch-move) work as on any board.  Its panel is
``static/walkthrough.js`` (+ ``.css``), linked into the board's module by
:func:`spynb.widgets.frontend.board_module`.  A page address ending in
``#step=12`` opens the walkthrough at step 12; the panel offers a link to
the step shown.

>>> tour = walkthrough("cloak-dagger-first-steps")
>>> type(tour).__name__, tour.walk["at"], tour.walk["step"]["kind"]
('CloakDaggerWalkthrough', 0, 'narrated')
>>> tour.walk_jump(3)
True
>>> tour.walk["step"]["number"], tour.walk["count"]
(3, 13)
"""

from __future__ import annotations

import functools
import re
from typing import Any, ClassVar

import traitlets

from ..engine import Action, Game, SpynbError, State, is_whole_number
from ..engine.wording import listed
from ..rulespage import rule_link
from ..scenarios import Question, Scenario, Step, StepKind, load
from ..scenarios.from_seat import redeals
from .play import HUMAN, PlayBoard, board_class
from .refusals import refusal as _error
from .refusals import refusal_for as _error_from

__all__ = ["Walkthrough", "walkthrough", "player_class", "narrate"]

QUIET = "The move is made; nothing of it shows yet."
"""What the panel says after a move whose events the shown seat does not see yet (a card played face down)."""


def narrate(before: Game, after: Game, seat: int | None) -> str:
    """What ``seat`` (None: everyone) saw happen between two points of one game, in the engine's words.

    >>> from spynb import scenarios
    >>> tour = scenarios.load("kloak-first-kloak")
    >>> narrate(tour.game_at(2), tour.game_at(3), 1)
    'Seat 1 moved the big piece on a1 onto the small piece on a2.'
    """
    seen = after.state.events_seen_by(seat)[len(before.state.events_seen_by(seat)):]
    return " ".join(event.text for event in seen) or QUIET


def told_safely(state: State, action: Action, seat: int) -> tuple[str, bool]:
    """What ``seat`` sees its legal ``action`` do (chance not yet played), in the engine's words, keeping only
    the words that are the same in every re-deal of what the seat has not seen; and whether any were left out
    (they would show what is hidden).

    >>> from spynb import scenarios
    >>> game = scenarios.load("kloak-first-kloak").game_at(2)
    >>> told_safely(game.state, game.parse("B a1xa2"), 1)
    ('Seat 1 moved the big piece on a1 onto the small piece on a2.', False)
    """
    def words(world: State) -> list[str]:
        seen = len(world.events_seen_by(seat))
        world.apply(action, seat)
        return [event.text for event in world.events_seen_by(seat)[seen:]]

    told = words(state.clone())
    others = [words(world) for world in redeals(state, seat)]
    if any(len(other) != len(told) for other in others):
        return "", True
    kept = [text for i, text in enumerate(told) if all(other[i] == text for other in others)]
    return " ".join(kept), len(kept) < len(told)


def _answer_told(said: str, explain: str) -> str:
    """The answer and why, saying the answer once: an explanation that opens with it is not preceded by it.

    >>> _answer_told("No", "No: only another player's cloak or dagger blocks a win.")
    "No: only another player's cloak or dagger blocks a win."
    >>> _answer_told("24", "Eight cards of each kind.")
    'The answer: 24. Eight cards of each kind.'
    """
    opening = explain[:len(said)].casefold()
    if explain and opening == said.casefold() and explain[len(said):len(said) + 1] in ("", ".", ":", ",", " ", ";"):
        return explain
    return f"The answer: {said}. {explain}".strip()


class Walkthrough(PlayBoard):
    """What every game's walkthrough player adds to its board (see :func:`player_class`)."""

    PANELS: ClassVar[tuple[str, ...]] = ("walkthrough",)
    SCRIPTED: ClassVar[bool] = True
    MESSAGES = {"walk": "_walk_message"}
    KEEPS: ClassVar[tuple[str, ...]] = ("_at", "_answers", "_replies", "_right", "_tried", "_just", "_played",
                                        "walk", "feedback")

    walk = traitlets.Dict(help="The scenario and the step shown: {id, title, goal, seat, count, at (0-based), "
                               "step: {number, kind, caption, act, shows_hidden, rule, rule_href, citation, quote, choices, "
                               "number_answer, several, answered, tried (a first wrong answer), links}, just (what the last move showed, in words), "
                               "outline: [{number, kind, act (the learner acts it out), title}]}.").tag(sync=True)
    feedback = traitlets.Dict(help="About the learner's last move or answer: {ok, text, step (the number of the "
                                   "step it is about), rule, rule_href, citation}; {} when there is nothing to say."
                              ).tag(sync=True)

    _scenario: Scenario
    _at: int
    _answers: dict[int, str]
    _replies: dict[int, Any]
    _right: dict[int, bool]
    """Per answered question step, whether the answer given is right."""
    _tried: dict[int, Any]
    """Per question step (0-based), the learner's first, wrong answer: a second try comes before the answer."""
    _just: str
    _played: set[int]
    """The steps (0-based) reached by playing on from the first, with no jump on the way: the walkthrough is
    finished when its end step is one of them."""

    def _begin(self, scenario: Scenario) -> None:
        """Set the player's own state (before the board's constructor draws)."""
        self._scenario, self._at, self._answers, self._replies, self._just = scenario, 0, {}, {}, ""
        self._right, self._tried = {}, {}
        self._played = {0}

    # -- the step shown ---------------------------------------------------------------------
    def _step(self) -> Step:
        return self._scenario.steps[self._at]

    def humans(self) -> list[int]:
        """The learner plays the scenario's seat and nothing else."""
        return [] if self._scenario.seat is None else [self._scenario.seat]

    def _acting_seat(self) -> int | None:
        expect = self._step().expect
        return expect.seat if expect is not None and expect.seat in self._game.turn.seats else None

    def _status_text(self) -> str:
        step = self._step()
        if step.kind is StepKind.YOUR_TURN and step.expect is not None:  # a your-turn step always expects a move
            return f"Your turn, as {self._seat_name(step.expect.seat)}."
        if step.act:
            return f"Your turn: press “{step.act}”."
        if step.kind is StepKind.QUESTION:
            return "A question: choose your answer."
        if step.kind is StepKind.END:  # a game played to its end says who won (PlayBoard's words)
            return (f"{super()._status_text()} " if self._game.turn.over else "") + "The walkthrough is complete."
        return f"Step {self._at + 1} of {len(self._scenario.steps)}."

    def _setup_data(self) -> dict[str, Any]:
        return super()._setup_data() | {"walkthrough": True}

    def _redraw(self) -> None:
        with self.hold_sync():
            super()._redraw()
            self.walk = self._walk_data()

    def _rule(self, rule: str) -> dict[str, str]:
        return rule_link(self._spec.rules, rule)

    def _walk_data(self) -> dict[str, Any]:
        scenario, at, step = self._scenario, self._at, self._step()
        question = step.question
        shown = {"number": at + 1, "kind": step.kind.value, "caption": step.caption, "quote": step.quote,
                 "act": step.act, "shows_hidden": step.shows_hidden,
                 **self._rule(step.rule),
                 "choices": [{"text": c.text, "value": c.value} for c in question.choices] if question else [],
                 "number_answer": bool(question and question.number), "several": bool(question and question.several),
                 "answered": self._replies.get(at), "right": self._right.get(at), "tried": self._tried.get(at),
                 "links": [{"text": link.text, "href": link.value} for link in step.links]}
        outline = [{"number": i + 1, "kind": s.kind.value, "act": bool(s.act), "title": _title(s.caption)}
                   for i, s in enumerate(scenario.steps)]
        return {"id": scenario.id, "title": scenario.title, "goal": scenario.goal, "seat": scenario.seat,
                "count": len(scenario.steps), "at": at, "step": shown, "just": self._just, "outline": outline,
                "finished": len(scenario.steps) - 1 in self._played}

    # -- moving through the steps -----------------------------------------------------------
    def _goto(self, at: int, *, feedback: dict[str, Any] | None = None, just: str = "") -> None:
        """Show step ``at`` (0-based); ``just``: what the move that led here showed (its changes are marked)."""
        for kept in (self._answers, self._replies, self._right, self._tried):
            for i in [i for i in kept if i >= at]:
                del kept[i]
        self._game = self._scenario.game_at(at, self._answers)
        self._at, self._just = at, just
        with self.hold_sync():
            self.error = {}
            self.feedback = feedback or {}
            if not just:
                self._prev_view = None  # a jump: nothing to mark as changed
            self._after_change()  # the board forgets a half-made move (a touched piece) and redraws

    def _advance(self, answers: dict[int, str] | None = None, feedback: dict[str, Any] | None = None) -> None:
        """Play the step's move (``answers``: the learner's, else the scenario's) and show the next step."""
        before, at = self._game, self._at
        if answers:
            self._answers.update(answers)
        after = self._scenario.game_at(at + 1, self._answers)
        just = narrate(before, after, self.viewer)
        if at in self._played:
            self._played.add(at + 1)
        self._goto(at + 1, feedback=feedback, just=just if self._step().moves else "")

    def walk_next(self) -> bool:
        """Next: play a narrated step's move (if any) or leave a question; refused elsewhere, and at a step the
        learner acts out (:meth:`walk_act`)."""
        step = self._step()
        if step.act:
            self.error = _error(f"This one is yours to do: press “{step.act}”.", kind="walk")
            return False
        if step.kind is StepKind.END:
            self.error = _error("This is the last step: the walkthrough is complete.", kind="walk")
            return False
        if step.kind is StepKind.YOUR_TURN:
            self.error = _error("Your turn: make the move on the board, or press Show me.", kind="walk")
            return False
        if step.kind is StepKind.QUESTION and self._at not in self._replies:
            self.error = _error("Answer the question first, or press Skip this question.", kind="walk")
            return False
        self._advance()
        return True

    def walk_act(self) -> bool:
        """The learner performs a step's act ("Cut the deck"): chance plays the step's scripted outcome."""
        if not self._step().act:
            self.error = _error("There is nothing to do by hand at this step: press Next.", kind="walk")
            return False
        self._advance()
        return True

    def walk_skip(self) -> bool:
        """Skip this question (an explicit choice): move on, and say what the answer was."""
        question = self._step().question
        if question is None:
            self.error = _error("There is no question to skip at this step.", kind="walk")
            return False
        try:
            said = self._said(question, question.right(self._game, self._scenario.seat))
        except SpynbError as err:
            self.error = _error_from(err)
            return False
        self._advance(feedback={"ok": None, "step": self._at + 1,
                                "text": f"Skipped. {_answer_told(said, question.explain)}"})
        return True

    def walk_previous(self) -> bool:
        if self._at == 0:
            self.error = _error("This is the first step of the walkthrough.", kind="walk")
            return False
        self._goto(self._at - 1)
        return True

    def walk_jump(self, step: Any) -> bool:
        """Show step ``step`` (1-based, as "step n of m" and ``#step=n`` count)."""
        count = len(self._scenario.steps)
        if not is_whole_number(step) or not 1 <= step <= count:
            self.error = _error(f"There is no step {step!r:.20}: the steps are 1 to {count}.", kind="walk")
            return False
        self._goto(step - 1)
        return True

    def walk_show(self) -> bool:
        """Show me: play the scenario's own move at a your-turn step, and say it in words."""
        step = self._step()
        if step.expect is None:
            self.error = _error("There is no move to show at this step.", kind="walk")
            return False
        self._advance(feedback={"ok": None, "shown": True, "step": self._at + 1,
                                "text": "Here is the move for this step."})
        return True

    def walk_answer(self, value: Any) -> bool:
        """Answer the question shown; the feedback says whether the engine agrees, and why.  A first wrong answer
        is only said to be wrong: the learner tries again before the answer is told."""
        question, at = self._step().question, self._at
        if question is None:
            self.error = _error("There is no question at this step.", kind="walk")
            return False
        values = [c.value for c in question.choices]
        if question.several:
            if not isinstance(value, list) or any(v not in values for v in value) or len(value) != len(set(map(str, value))):
                self.error = _error(f"{value!r:.30} is not a choice of this question's answers (tick each that is "
                                    "right).", kind="walk")
                return False
        elif question.number and not is_whole_number(value) or not question.number and value not in values:
            self.error = _error(f"{value!r:.30} is not one of this question's answers.", kind="walk")
            return False
        try:
            right = question.right(self._game, self._scenario.seat)
        except SpynbError as err:
            self.error = _error_from(err)
            return False
        ok = sorted(map(str, value)) == sorted(map(str, right)) if question.several else value in right
        if not ok and at not in self._tried:  # a second try before the answer is told
            self._tried[at] = value
            with self.hold_sync():
                self.error = {}
                self.feedback = {"ok": False, "retry": True, "step": at + 1, **self._rule(self._step().rule),
                                 "text": "Not quite. Think again, and try another answer: the answer comes after "
                                         "your second try."}
                self._redraw()
            return True
        text = f"{'Right' if ok else 'Not quite'}. {_answer_told(self._said(question, right), question.explain)}"
        self._replies[at], self._right[at] = value, ok
        with self.hold_sync():
            self.error = {}
            self.feedback = {"ok": ok, "text": text, "step": at + 1, **self._rule(self._step().rule)}
            self._redraw()
        return True

    @staticmethod
    def _said(question: Question, right: list[Any]) -> str:
        """The right answer in the words the learner was offered."""
        words = [c.text for c in question.choices if c.value in right] or [str(r) for r in right]
        return listed(words) if question.several else " / ".join(words)

    def _walk_message(self, content: dict[str, Any]) -> None:
        move = content.get("move")
        if move == "next":
            self.walk_next()
        elif move == "act":
            self.walk_act()
        elif move == "previous":
            self.walk_previous()
        elif move == "jump":
            self.walk_jump(content.get("step"))
        elif move == "show":
            self.walk_show()
        elif move == "skip":
            self.walk_skip()
        elif move == "answer":
            self.walk_answer(content.get("value"))
        else:
            self.error = _error(f"unknown walkthrough move {move!r:.40}", kind="walk")

    # -- the learner's move -----------------------------------------------------------------
    def play(self, notation: Any) -> bool:
        """The learner's move at a your-turn step: accepted, explained, or refused by the rules."""
        step = self._step()
        if not isinstance(notation, str) or not notation.strip() or len(notation) > 100:
            self.error = _error(f"an intention must be an action's notation, not {notation!r:.60}")
            return False
        if step.expect is None:
            self.error = _error("This step is not yours to play: press Next." if step.kind is StepKind.NARRATED
                                else "There is no move to make at this step.", kind="walk")
            return False
        trial = self._scenario.game_at(self._at, self._answers)
        try:
            played = trial.play(notation.strip(), step.expect.seat)
        except SpynbError as err:
            self.error = _error_from(err)
            return False
        action = str(played)
        if not step.expect.accepts(action):
            with self.hold_sync():
                self.error = {}
                self.feedback = {"ok": False, "text": self._other_move(played), "step": self._at + 1,
                                 **self._rule(step.rule)}
            return False
        self._advance({self._at: f"{step.expect.seat}: {action}"},
                      feedback={"ok": True, "step": self._at + 1, "text": step.expect.reply(action)})
        return True

    def _other_move(self, action: Action) -> str:
        """What a legal move the step does not take did, and why the step wants another: the step's words for
        that move, else whether it is of a kind the step takes.  The step's ``otherwise`` is said to a move of
        another kind (it tells what the step asks for), and to any move where the step takes one move only."""
        expect = self._step().expect
        assert expect is not None  # only a your-turn step takes a move
        told, hides = told_safely(self._game.state, action, expect.seat)
        made = f"{told} That move is legal, but not this step's".lstrip() + (
            ", and it would show what the board hides." if hides else ".")
        if expect.why.get(str(action)):
            return f"{made} {expect.why[str(action)]}"
        taken = [a for a in self._game.legal_actions(expect.seat) if expect.accepts(str(a))]
        if type(action) not in {type(a) for a in taken}:
            return f"{made} {expect.otherwise}".rstrip()
        kind = f"{made} It is the kind of move this step asks for, but this game goes on with another."
        return f"{kind} {expect.otherwise}".rstrip() if len(taken) == 1 else kind

    # -- what a walkthrough refuses -----------------------------------------------------------
    def _undo_check(self) -> tuple[bool, str]:
        return False, "A walkthrough steps back with Previous."

    def undo(self) -> bool:
        self.error = _error("A walkthrough steps back with Previous.", kind="undo")
        return False

    def review(self, step: int | None) -> bool:
        self.error = _error("A walkthrough steps back with Previous.", kind="review")
        return False

    def new_game(self, **options: Any) -> bool:
        self.error = _error("A walkthrough plays its scenario; open a board to play a new game.", kind="setup")
        return False

    def load(self, text: Any) -> bool:
        self.error = _error("A walkthrough plays its scenario; records load on a board.", kind="record")
        return False


def _title(caption: str) -> str:
    """A caption's first sentence (after a "Your turn."), short enough for a list of steps.

    >>> _title("Your turn. Choose envelope 11. Your agents go there.")
    'Choose envelope 11.'
    """
    first = re.split(r"(?<=[.!?:])\s", caption.removeprefix("Your turn. "), maxsplit=1)[0]
    return first if len(first) <= 70 else first[:67].rstrip() + "…"


@functools.cache
def player_class(board: type[PlayBoard]) -> type[Walkthrough]:
    """The walkthrough player for one game's board: the board with :class:`Walkthrough` mixed in."""

    def __init__(self: Walkthrough, scenario: Scenario, *, teaching: bool = False) -> None:
        self._begin(scenario)
        board.__init__(self, scenario.game_at(0), players=[HUMAN] * scenario.seats,
                       teaching=teaching or scenario.seat is None)

    name = board.__name__.removesuffix("Board") + "Walkthrough"
    return type(name, (board, Walkthrough), {"__init__": __init__, "__module__": __name__,
                                             "__doc__": f"A walkthrough on the {board.GAME} board."})


def walkthrough(name: str, teaching: bool = False, *, start: int = 1) -> Walkthrough:
    """The walkthrough player for the shipped scenario ``name``, at step ``start`` (1-based).

    ``teaching`` shows the omniscient teaching view (a scenario whose ``seat``
    is null always does).

    :raises RecordError: no such scenario, or a malformed one.
    """
    scenario = load(name)
    player = player_class(board_class(scenario.game))(scenario, teaching=teaching)
    if start != 1 and not player.walk_jump(start):
        raise SpynbError(player.error["message"])
    return player

