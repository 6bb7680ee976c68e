"""Annotated walkthroughs as data: a scripted game whose every step says what it shows.

A scenario file is JSON::

    {"id": ..., "title": ..., "game": ..., "variant": ..., "seats": 2, "seed": 0,
     "seat": 1,                       # whose view a walkthrough shows
     "steps": [{"do": "1: 7", "caption": "...", "rule": "CD-4", "quote": "rulebook words"}, ...]}

``do`` is a record entry (``"<seat>: <notation>"`` or ``"chance: <outcome>"``);
chance is scripted, so a scenario replays the same on every machine.

A *your turn* step adds ``"expect"``: the walkthrough player waits for the
learner to make a move there instead of playing ``do`` itself::

    {"do": "1: take d+X", "caption": ..., "rule": ..., "quote": ...,
     "expect": {"prompt": "Start a transfer: show your cloak, take the plans along",
                "accept": ["take d+X"],          # notations accepted, and/or
                "match": "take d(\\+.)?",        # a regular expression they fully match
                "why": {"take d": "Take the plans too: that is the point of the transfer."},
                "otherwise": "Look for your own cloak, d, and the plans, X.",
                "praise": "Exactly: d is shown, X travels unseen."}}

``accept``/``match`` say which *legal* moves satisfy the step (``do``'s move
must be one of them); ``why`` explains particular wrong moves and
``otherwise`` every other one.  The seat is ``do``'s.  Steps after a your-turn
step must stay playable whichever accepted move the learner made
(:meth:`Scenario.check` replays them all).

>>> example = load("cloak-dagger-example")
>>> example.game_at(len(example.steps)).over
False
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from spynb.engine import Game, Record, RecordError

__all__ = ["Scenario", "Step", "Expect", "load", "names", "from_data"]


@dataclass(frozen=True)
class Expect:
    """What a *your turn* step accepts from the learner, and what it says about other moves.

    >>> e = Expect(seat=1, prompt="Start a transfer", accept=("take d+X",), match=r"take d",
    ...            why={"pass": "Doing nothing moves no agent."})
    >>> e.accepts("take d"), e.accepts("take d+X"), e.accepts("take D")
    (True, True, False)
    >>> e.explain("pass")
    "pass is legal, but not this step's move: Doing nothing moves no agent."
    """

    seat: int
    prompt: str
    accept: tuple[str, ...] = ()
    match: str = ""
    why: Mapping[str, str] = field(default_factory=dict)
    otherwise: str = ""
    praise: str = ""

    def accepts(self, notation: str) -> bool:
        """Does this (legal) move satisfy the step?"""
        return notation in self.accept or bool(self.match and re.fullmatch(self.match, notation))

    def explain(self, notation: str) -> str:
        """Why a legal move that does not satisfy the step is not what the step asks."""
        reason = self.why.get(notation) or self.otherwise or "That move is legal, but not what this step asks."
        return f"{notation} is legal, but not this step's move: {reason}"


@dataclass(frozen=True)
class Step:
    """One action of a walkthrough with its explanation (``expect``: a *your turn* step)."""

    do: str
    caption: str
    rule: str
    quote: str = ""
    expect: Expect | None = None


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    game: str
    variant: str
    seats: int
    seed: int
    seat: int
    steps: tuple[Step, ...]

    def record(self, entries: Sequence[str] | None = None) -> Record:
        """The scenario as a record: its steps' own moves, or ``entries`` in their place (``"<seat>: <move>"``
        each, as a learner's answers are)."""
        moves = tuple(entries) if entries is not None else tuple(s.do for s in self.steps)
        return Record(self.game, self.variant, self.seats, self.seed, moves, {}, False)

    def game_at(self, step: int, entries: Sequence[str] | None = None) -> Game:
        """The game after the first ``step`` steps, waiting for the next (see :meth:`Record.replay`);
        ``entries`` as for :meth:`record`."""
        return self.record(entries).replay(step, waiting=True)

    def check(self) -> list[str]:
        """Problems with the your-turn steps: ``do`` not accepted, or a later step unplayable after an accepted move.

        Every legal move each your-turn step accepts is tried in ``do``'s place
        and the rest of the scenario replayed.

        >>> load("cloak-dagger-first-steps").check()
        []
        """
        problems = []
        entries = [step.do for step in self.steps]
        for i, step in enumerate(self.steps):
            if step.expect is None:
                continue
            game = self.game_at(i)
            seat, _, notation = step.do.partition(":")
            if not step.expect.accepts(notation.strip()):
                problems.append(f"step {i + 1}: its own move {step.do!r} is not accepted")
            for action in game.legal_actions(step.expect.seat):
                if not step.expect.accepts(str(action)) or str(action) == notation.strip():
                    continue
                trial = entries[:i] + [f"{step.expect.seat}: {action}"] + entries[i + 1:]
                try:
                    self.record(trial).replay()
                except RecordError as err:
                    problems.append(f"step {i + 1}: after the accepted move {str(action)!r}, {err}")
        return problems


def names() -> tuple[str, ...]:
    """The scenarios shipped with spynb."""
    return tuple(sorted(p.name[:-5] for p in resources.files(__name__).iterdir() if p.name.endswith(".json")))


def load(name: str) -> Scenario:
    """Read a shipped scenario; a malformed one fails with a message saying where."""
    if not isinstance(name, str) or name not in names():
        raise RecordError(f"scenario {name!r}", f"no such scenario; scenarios: {', '.join(names())}")
    text = resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"scenario {name!r} line {err.lineno} column {err.colno}", err.msg) from None
    return from_data(data, name)


_EXPECT_KEYS = {"prompt", "accept", "match", "why", "otherwise", "praise"}


def _expect(data: Any, where: str, do: str) -> Expect:
    if not isinstance(data, dict):
        raise RecordError(where, "must be an object")
    unknown = sorted(set(data) - _EXPECT_KEYS)
    if unknown:
        raise RecordError(f"{where}.{unknown[0]}", f"is not part of expect ({', '.join(sorted(_EXPECT_KEYS))})")
    who = do.partition(":")[0].strip()
    if not who.isdigit():
        raise RecordError(where, f"a your-turn step needs a seat's move in 'do', not {do!r}")
    prompt = data.get("prompt")
    if not isinstance(prompt, str) or not prompt:
        raise RecordError(f"{where}.prompt", "must be a non-empty text")
    accept = data.get("accept", [])
    if not isinstance(accept, list) or not all(isinstance(a, str) for a in accept):
        raise RecordError(f"{where}.accept", "must be a list of notations")
    match = data.get("match", "")
    try:
        re.compile(match)
    except (re.error, TypeError) as err:
        raise RecordError(f"{where}.match", f"is not a regular expression ({err})") from None
    if not accept and not match:
        raise RecordError(where, "needs 'accept' or 'match'")
    why = data.get("why", {})
    if not isinstance(why, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in why.items()):
        raise RecordError(f"{where}.why", "must map notations to explanations")
    texts = {key: data.get(key, "") for key in ("otherwise", "praise")}
    for key, value in texts.items():
        if not isinstance(value, str):
            raise RecordError(f"{where}.{key}", "must be a text")
    return Expect(int(who), prompt, tuple(accept), match, why, **texts)


def from_data(data: Any, name: str = "scenario") -> Scenario:
    """A scenario from its parsed JSON; anything malformed raises :class:`RecordError` saying where."""
    if not isinstance(data, dict):
        raise RecordError(f"scenario {name!r}", "must be a JSON object")
    data = dict(data)
    raw_steps = data.pop("steps", None)
    if not isinstance(raw_steps, list):
        raise RecordError(f"scenario {name!r} field 'steps'", "must be a list")
    steps = []
    for i, raw in enumerate(raw_steps):
        where = f"scenario {name!r} steps[{i}]"
        if not isinstance(raw, dict):
            raise RecordError(where, "must be an object")
        raw = dict(raw)
        expect = raw.pop("expect", None)
        try:
            step = Step(**raw)
        except TypeError as err:
            raise RecordError(where, str(err)) from None
        if expect is not None:
            step = Step(step.do, step.caption, step.rule, step.quote, _expect(expect, f"{where}.expect", step.do))
        steps.append(step)
    try:
        return Scenario(steps=tuple(steps), **data)
    except TypeError as err:
        raise RecordError(f"scenario {name!r}", str(err)) from None
