"""Annotated walkthroughs as data: a scripted game whose every step says what it shows.

A scenario file is JSON::

    {"id": ..., "title": ..., "game": ..., "variant": ..., "seats": 2, "seed": 0,
     "seat": 1,                       # whose view a walkthrough shows
     "steps": [{"do": "1: 7", "caption": "...", "rule": "CD-4", "quote": "rulebook words"}, ...]}

``do`` is a record entry (``"<seat>: <notation>"`` or ``"chance: <outcome>"``);
chance is scripted, so a scenario replays the same on every machine.

>>> example = load("cloak-dagger-example")
>>> example.game_at(len(example.steps)).over
False
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from spynb.engine import Game, Record, RecordError

__all__ = ["Scenario", "Step", "load", "names"]


@dataclass(frozen=True)
class Step:
    """One action of a walkthrough with its explanation."""

    do: str
    caption: str
    rule: str
    quote: str = ""


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

    def record(self, upto: int | None = None) -> Record:
        steps = self.steps if upto is None else self.steps[:upto]
        return Record(self.game, self.variant, self.seats, self.seed, tuple(s.do for s in steps), {}, False)

    def game_at(self, step: int) -> Game:
        """The game after the first ``step`` steps."""
        return self.record(step).replay()


def names() -> tuple[str, ...]:
    """The scenarios shipped with spynb."""
    return tuple(sorted(p.name[:-5] for p in resources.files(__name__).iterdir() if p.name.endswith(".json")))


def load(name: str) -> Scenario:
    """Read a shipped scenario; a malformed one fails with a message saying where."""
    text = resources.files(__name__).joinpath(f"{name}.json").read_text()
    data = json.loads(text)
    try:
        steps = tuple(Step(**step) for step in data.pop("steps"))
        return Scenario(steps=steps, **data)
    except TypeError as err:
        raise RecordError(f"scenario {name!r}", str(err)) from None
