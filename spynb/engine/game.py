"""Game specs, the seeded chance sampler, the Game driver and its JSON record.

A :class:`GameSpec` is data: names, seat counts, variants, rules, and how to
make the first state and read notation.  A :class:`Game` drives one play of
it: it holds the seeded sampler that resolves chance points, the list of
actions taken, and can rebuild any earlier step by replay.
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeGuard

from .core import Action, State, Turn, View
from .errors import OptionError, RecordError, SpynbError, is_whole_number, quoted
from .notation import read_number
from .rules import RuleBook

__all__ = ["GameSpec", "Game", "Record", "sample_outcome", "sample_chance", "ENGINE_OPTIONS", "whole_number",
           "is_seed", "SEED_RANGE", "MAX_RECORD_ACTIONS", "MAX_RECORD_CHARS"]


@dataclass(frozen=True)
class GameSpec:
    """A game as data: what it is called, who can play, and how it starts."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    default_seats: int
    variants: tuple[str, ...]
    rules: RuleBook
    create: Callable[[GameSpec, str, int, Mapping[str, Any]], State] = field(repr=False)
    parse: Callable[[str], Action] = field(repr=False)
    options: tuple[str, ...] = ()
    """Names of the optional settings a variant accepts (e.g. ``turn_limit``)."""
    option_checks: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict, repr=False)
    """Option name -> its check: the value as the state uses it, or :class:`OptionError` (``turn_limit`` has one
    built in, :data:`ENGINE_OPTIONS`)."""
    seat_counts: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Seat counts a variant is limited to, where it is (otherwise min..max)."""
    variant_titles: Mapping[str, str] = field(default_factory=dict)
    """What each variant is, in a few words, where a board offers it (a variant without one is shown by name)."""
    determinise: Callable[[View, random.Random], State] | None = field(default=None, repr=False)
    """Optional: a full state consistent with a seat's view, hidden parts sampled (for searching bots)."""
    evaluate: Callable[[State, int], float] | None = field(default=None, repr=False)
    """Optional: how promising a state is for a seat, 0 (lost) to 1 (won), for cut-off searches."""
    draw: Callable[[View], str] | None = field(default=None, repr=False)
    """Optional: a view drawn as SVG text (what ``_repr_svg_`` shows in a notebook); the game's package sets it
    where it builds the spec, so the engine never imports a renderer."""

    @property
    def default_variant(self) -> str:
        return self.variants[0]

    def allowed_seats(self, variant: str) -> tuple[int, ...]:
        return self.seat_counts.get(variant, tuple(range(self.min_seats, self.max_seats + 1)))

    def new_state(self, variant: str | None = None, seats: int | None = None,
                  options: Mapping[str, Any] | None = None) -> State:
        """The first state (usually a chance point) for a variant and seat count.

        Every argument is checked here, before anything is made: the one place a game's
        settings are validated, for new games and loaded records alike.

        :raises SpynbError: an unknown variant, a seat count the variant does not allow
            (``2.0`` is not a seat count), or an unknown option.
        :raises OptionError: an option of the wrong type or out of range.
        """
        variant = self.default_variant if variant is None else variant
        seats = self.default_seats if seats is None else seats
        if not isinstance(variant, str) or variant not in self.variants:
            raise SpynbError(f"{self.title} has no variant {quoted(variant)}; choose from {', '.join(self.variants)}")
        allowed = self.allowed_seats(variant)
        if not isinstance(seats, int) or isinstance(seats, bool) or seats not in allowed:
            raise SpynbError(f"{self.title} ({variant}) is for {', '.join(map(str, allowed))} seats, not {quoted(seats)}")
        return self.create(self, variant, seats, self.check_options(options))

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options as the state uses them, each checked for type and range.

        >>> import spynb
        >>> spynb.get_spec("kloak").check_options({"turn_limit": "x"})
        Traceback (most recent call last):
        ...
        spynb.engine.errors.OptionError: option 'turn_limit' must be a whole number of turns, at least 1, or None, not 'x'
        """
        if options is None:
            return {}
        if not isinstance(options, Mapping):
            raise SpynbError(f"options must be a mapping of names to values, like {{'turn_limit': 50}}, not {quoted(options)}")
        unknown = sorted(set(options) - set(self.options), key=repr)
        if unknown:
            raise SpynbError(f"{self.title} has no option {quoted(unknown[0])}; options: {', '.join(self.options) or 'none'}")
        checks = {**ENGINE_OPTIONS, **self.option_checks}
        return {name: checks[name](value) if name in checks else value for name, value in options.items()}

    def new_game(self, variant: str | None = None, seats: int | None = None, seed: int = 0,
                 options: Mapping[str, Any] | None = None, *, auto_chance: bool = True) -> Game:
        return Game(self, variant=variant, seats=seats, seed=seed, options=options, auto_chance=auto_chance)


def _turn_limit(value: Any) -> int | None:
    """``turn_limit``: ``None`` (no limit) or a whole number of turns, at least 1."""
    if value is None or isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    raise OptionError("turn_limit", "must be a whole number of turns, at least 1, or None", value)


ENGINE_OPTIONS: Mapping[str, Callable[[Any], Any]] = {"turn_limit": _turn_limit}
"""The checks of the options every game has (a game's own ``option_checks`` come on top)."""


SEED_RANGE = "a whole number from 0 to 2**63 - 1"
"""The seeds every game takes, in words (what *New game* on a board takes too)."""


def is_seed(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a seed: an int (not a bool) from 0 to 2**63 - 1, as :data:`SEED_RANGE` says.

    >>> is_seed(7), is_seed(-1), is_seed(10**70), is_seed(True)
    (True, False, False, False)
    """
    return is_whole_number(value) and 0 <= value < 2**63


def whole_number(name: str, value: object, least: int | None = None) -> int:
    """``value`` if it is an int (not a bool), at least ``least`` if given; else :class:`SpynbError` naming ``name``.

    >>> whole_number("games", -1, least=1)
    Traceback (most recent call last):
    ...
    spynb.engine.errors.SpynbError: games must be a whole number (an int) of at least 1, not -1
    """
    if is_whole_number(value) and (least is None or value >= least):
        return value
    at_least = "" if least is None else f" of at least {least}"
    raise SpynbError(f"{name} must be a whole number (an int){at_least}, not {quoted(value)}")


def sample_outcome(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """Pick one outcome with its exact probability, using only ``rng``.

    The draw is an integer below the common denominator, so it is exact and
    the same on every Python.

    >>> from fractions import Fraction as F
    >>> rng = random.Random(1)
    >>> sorted({sample_outcome([("x", F(1, 3)), ("y", F(2, 3))], rng) for _ in range(50)})
    ['x', 'y']
    """
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    ticket = rng.randrange(denominator)
    for outcome, probability in outcomes:
        ticket -= probability.numerator * (denominator // probability.denominator)
        if ticket < 0:
            return outcome
    raise SpynbError("chance outcomes do not add up to 1")


def sample_chance(state: State, rng: random.Random) -> Action:
    """Resolve ``state``'s chance point: one integer draw below the total weight.

    >>> import spynb
    >>> state = spynb.get_spec("cloak-dagger").new_state(seats=2)
    >>> sample_chance(state, random.Random(0))
    Cut('U')
    """
    weights = state.chance_weights()
    ticket = rng.randrange(sum(w for _, w in weights))
    for outcome, weight in weights:
        ticket -= weight
        if ticket < 0:
            return outcome
    raise SpynbError("a chance point has no outcomes")


CHANCE_SEAT = "chance"

class Game:
    """One play of a game: its state, seeded chance, and the actions taken.

    With ``auto_chance`` (the default) every chance point is resolved by the
    seeded sampler as soon as it arises, so the state always waits for a seat.
    Without it, chance outcomes may be scripted by playing them (``"draw X"``)
    and ``resolve_chance()`` samples the rest.
    """

    def __init__(self, spec: GameSpec, *, variant: str | None = None, seats: int | None = None,
                 seed: int = 0, options: Mapping[str, Any] | None = None, auto_chance: bool = True) -> None:
        if not isinstance(auto_chance, bool):
            raise SpynbError(f"auto_chance must be True or False, not {quoted(auto_chance)}")
        if not is_seed(seed):
            raise SpynbError(f"the seed must be {SEED_RANGE}, not {quoted(seed)}")
        self.seed = seed
        self.spec = spec
        self.auto_chance = auto_chance
        self._start(variant, seats, options)
        self.options = dict(options or {})

    def _start(self, variant: str | None, seats: int | None, options: Mapping[str, Any] | None) -> None:
        """The game as it begins: the first state (the options checked), chance seeded, no action taken."""
        self.state = self.spec.new_state(variant, seats, options)
        self._rng = random.Random(self.seed)
        self._entries: list[tuple[int | None, Action]] = []
        if self.auto_chance:
            self.resolve_chance()

    # -- the state, through the contract -----------------------------------
    @property
    def variant(self) -> str:
        return self.state.variant

    @property
    def seats(self) -> int:
        return self.state.seats

    @property
    def turn(self) -> Turn:
        return self.state.turn

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winners(self) -> tuple[int, ...]:
        return self.state.winners

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        return self.state.legal_actions(seat)

    def view(self, seat: int | None) -> View:
        return self.state.view(seat)

    def parse(self, text: str) -> Action:
        return self.spec.parse(text)

    # -- change ---------------------------------------------------------------
    def play(self, action: Action | str, seat: int | None = None) -> Action:
        """Take an action (or its notation) for ``seat``; returns the action taken.

        Illegal or unreadable actions raise and change nothing.

        :raises NotationError: when the notation cannot be read.
        :raises IllegalActionError: when a rule forbids the action now (naming the rule).
        :raises SeatError: when ``seat`` is not a seat the game has (ENG-4).

        >>> import spynb
        >>> game = spynb.new_game("cloak-dagger", seats=2, seed=1)
        >>> game.play("12")
        Open(12)
        >>> game.play("twelve")
        Traceback (most recent call last):
        ...
        spynb.engine.errors.NotationError: cannot read 'twelve': expected an envelope number 1-20, 'take d', \
'take d+X', 'track K', 'pass', 'cut X' or 'draw X'
        >>> len(game)
        1
        """
        if isinstance(action, str):
            action = self.spec.parse(action)
        turn = self.state.turn
        acting = seat if seat is not None or turn.chance or turn.simultaneous or turn.over else turn.seats[0]
        self.state.apply(action, acting)
        self._entries.append((acting, action))
        if self.auto_chance:
            self.resolve_chance()
        return action

    def resolve_chance(self) -> None:
        """Resolve every pending chance point with the seeded sampler."""
        state = self.state
        while state.turn.chance:
            state.apply(sample_chance(state, self._rng))

    # -- history ------------------------------------------------------------
    @property
    def actions(self) -> tuple[tuple[int | None, Action], ...]:
        """The actions taken so far by seats (and scripted chance outcomes)."""
        return tuple(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def record(self) -> Record:
        return Record(self.spec.name, self.variant, self.seats, self.seed,
                      tuple(_entry_text(seat, action) for seat, action in self._entries),
                      dict(self.options), self.auto_chance, self.spec)

    def at(self, step: int) -> Game:
        """A new game replayed to just after the first ``step`` actions.

        >>> import spynb
        >>> game = spynb.new_game("cloak-dagger", seats=2, seed=1)
        >>> for move in ("12", "3", "12"):
        ...     _ = game.play(move)
        >>> game.at(1).turn, game.turn
        (Turn(seats=(2,), chance=False), Turn(seats=(1,), chance=False))
        """
        if not 0 <= whole_number("a step", step) <= len(self._entries):
            raise SpynbError(f"step {step} is outside 0..{len(self._entries)}")
        return self.record().replay(upto=step)

    def copy(self) -> Game:
        """An independent game at the same point: the state cloned, chance's generator in the same state."""
        other = copy.copy(self)
        other.state, other._rng = self.state.clone(), copy.copy(self._rng)
        other._entries, other.options = list(self._entries), dict(self.options)
        return other

    def undo(self) -> Action:
        """Take back the last action (by playing the others again from the start); returns it."""
        if not self._entries:
            raise SpynbError("there is nothing to undo")
        *kept, (_, last) = self._entries
        self._start(self.variant, self.seats, self.options)
        for seat, action in kept:
            self.play(action, seat)
        return last

    # -- display ------------------------------------------------------------
    def __str__(self) -> str:
        return str(self.state)

    def __repr__(self) -> str:
        return (f"<{self.spec.title} game: {self.seats} seats, variant {self.variant!r}, "
                f"seed {self.seed}, {len(self._entries)} actions, {self.turn}>")

    def _repr_svg_(self) -> str | None:
        return self.state._repr_svg_()


MAX_RECORD_CHARS = 2_000_000
"""The longest record text read (characters): ample for :data:`MAX_RECORD_ACTIONS` actions and any options."""
MAX_RECORD_ACTIONS = 25_000
"""The most actions a record holds: reading and replaying that many stays under 2 s of CPython (the longest
bot-played games of the project are a few thousand)."""
_MAX_NESTING = 32
"""How deep a record's JSON may nest (a record is two levels deep; Python's reader fails somewhere past 1000)."""
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
"""JSON strings (skipped whole) and brackets."""


def _nested_too_deep(text: str) -> str | None:
    """Where (``"line L column C"``) ``text`` first opens a bracket nested deeper than :data:`_MAX_NESTING`.

    >>> _nested_too_deep('{"a": [[]]}'), _nested_too_deep("[" * 40 + "]" * 40)
    (None, 'line 1 column 33')
    """
    depth = 0
    for token in _BRACKETS.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > _MAX_NESTING:
                i = token.start()
                return f"line {text.count(chr(10), 0, i) + 1} column {i - text.rfind(chr(10), 0, i)}"
        elif bracket in "]}":
            depth -= 1
    return None


def _entry_text(seat: int | None, action: Action) -> str:
    return f"{CHANCE_SEAT if seat is None else seat}: {action}"


@dataclass(frozen=True)
class Record:
    """A whole game as data: (game, variant, seats, seed, actions) ⇄ JSON.

    Actions are written ``"<seat>: <notation>"``; scripted chance outcomes
    ``"chance: <notation>"``.  Chance points not scripted are resolved by the
    seed, in order, so a record replays identically.  A record a game makes
    keeps that game's ``spec`` (never written to JSON); one read from JSON
    names its game only, and is replayed with the spec given, or through the
    games registry (``spynb.load_record``).
    """

    game: str
    variant: str
    seats: int
    seed: int
    actions: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    auto_chance: bool = True
    spec: GameSpec | None = field(default=None, compare=False, repr=False)
    """The game's spec, when the record was made from a game (a record read from JSON has none)."""

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps({"game": self.game, "variant": self.variant, "seats": self.seats,
                           "seed": self.seed, "options": dict(self.options),
                           "auto_chance": self.auto_chance, "actions": list(self.actions)},
                          indent=indent)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record, saying exactly where a malformed one goes wrong.

        >>> Record.from_json('{"game": "cloak-dagger", "variant": "standard", "seats": "two"}')
        Traceback (most recent call last):
        ...
        spynb.engine.errors.RecordError: field 'seats': must be int, not 'two'
        """
        if not isinstance(text, str):
            raise RecordError("the record", f"must be JSON text (a str), not {type(text).__name__}")
        if len(text) > MAX_RECORD_CHARS:
            raise RecordError("the record", f"is {len(text):,} characters long; a record holds at most "
                                            f"{MAX_RECORD_CHARS:,}")
        too_deep = _nested_too_deep(text)
        if too_deep:
            raise RecordError(too_deep, f"nested more than {_MAX_NESTING} levels deep: a record is a flat object")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise RecordError(f"line {err.lineno} column {err.colno}", f"not valid JSON ({err.msg})") from None
        except ValueError as err:  # e.g. a number with more digits than Python reads
            raise RecordError("the record", f"not readable JSON ({err})") from None
        if not isinstance(data, dict):
            raise RecordError("the record", "must be a JSON object")
        fields = {"game": str, "variant": str, "seats": int, "seed": int, "actions": list}
        for name, kind in fields.items():
            if name not in data:
                raise RecordError(f"field {quoted(name)}", "is missing")
            if not isinstance(data[name], kind) or isinstance(data[name], bool):
                raise RecordError(f"field {quoted(name)}", f"must be {kind.__name__}, not {quoted(data[name])}")
        if not is_seed(data["seed"]):
            raise RecordError("field 'seed'", f"must be {SEED_RANGE}, not {quoted(data['seed'])}")
        if len(data["actions"]) > MAX_RECORD_ACTIONS:
            raise RecordError("field 'actions'", f"holds {len(data['actions']):,} actions; a record holds at most "
                                                 f"{MAX_RECORD_ACTIONS:,}")
        for i, entry in enumerate(data["actions"]):
            if not isinstance(entry, str):
                raise RecordError(f"actions[{i}]", f"must be a string like '1: 7', not {quoted(entry)}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("field 'options'", "must be an object")
        unknown = sorted(set(data) - set(fields) - {"options", "auto_chance"})
        if unknown:
            raise RecordError(f"field {quoted(unknown[0])}", "is not part of a record")
        auto_chance = data.get("auto_chance", True)
        if not isinstance(auto_chance, bool):
            raise RecordError("field 'auto_chance'", f"must be true or false, not {quoted(auto_chance)}")
        return cls(data["game"], data["variant"], data["seats"], data["seed"], tuple(data["actions"]),
                   options, auto_chance)

    def replay(self, upto: int | None = None, waiting: bool = False, *, spec: GameSpec | None = None) -> Game:
        """Rebuild the game from the start, through the first ``upto`` actions.

        Before each seat's entry, pending chance is resolved (scripted chance comes as its own
        entries).  With ``waiting``, the game is left as it waits for entry ``upto``: resolved the
        same way if that entry is a seat's, so what chance dealt shows before the seat moves.
        The game is ``spec``, or else the record's own.

        :raises RecordError: saying where: a header naming no game, variant, seat count or
            options it has (or not ``spec``'s game), or the entry that cannot be read or played.
        """
        game = self._started(spec)
        stop = len(self.actions) if upto is None else upto
        self._play(game, 0, stop)
        self._settle(game, stop, waiting)
        return game

    def replays(self, stops: Sequence[int], *, spec: GameSpec | None = None) -> list[Game]:
        """The game as ``replay(stop, waiting=True)`` leaves it, for each of ``stops`` (in rising order),
        the record played once through rather than once per stop.

        :raises RecordError: as :meth:`replay`.
        """
        game, done, games = self._started(spec), 0, []
        for stop in stops:
            self._play(game, done, stop)
            done = stop
            waiting = game.copy()
            self._settle(waiting, stop, True)
            games.append(waiting)
        return games

    def _started(self, spec: GameSpec | None) -> Game:
        """The game the record names (``spec``, or the record's own), at its start, chance left pending.

        :raises RecordError: the header names no game, variant, seat count or options it has.
        """
        try:
            spec = spec or self.spec
            if spec is None:
                raise SpynbError(f"this record names its game, {quoted(self.game)}, but carries no spec: replay it "
                                 "with the game's spec, or read it with spynb.load_record")
            if spec.name != self.game:
                raise SpynbError(f"this is a record of {quoted(self.game)}, not of {quoted(spec.name)}")
            return Game(spec, variant=self.variant, seats=self.seats, seed=self.seed,
                        options=self.options, auto_chance=False)
        except (SpynbError, KeyError) as err:
            raise RecordError("the record's header", str(err)) from None

    def _play(self, game: Game, start: int, stop: int) -> None:
        """Play entries ``start`` up to ``stop``, pending chance resolved before each seat's entry.

        :raises RecordError: naming the entry that cannot be read or played.
        """
        for i in range(start, min(stop, len(self.actions))):
            entry = self.actions[i]
            seat, action = self._read_entry(i, entry, game.spec)
            try:
                if seat is not None:
                    game.resolve_chance()
                game.play(action, seat)
            except SpynbError as err:
                raise RecordError(f"actions[{i}] {quoted(entry)}", str(err)) from None

    def _settle(self, game: Game, stop: int, waiting: bool) -> None:
        """Leave ``game`` as the record has it after ``stop`` entries: chance resolved as the record says, or,
        ``waiting``, if the next entry is a seat's."""
        game.auto_chance = self.auto_chance
        following = self.actions[stop:stop + 1]
        if self.auto_chance or waiting and following and self._by_seat(following[0]):
            game.resolve_chance()

    @staticmethod
    def _by_seat(entry: str) -> bool:
        """Whether a record entry is a seat's move (not a scripted chance outcome)."""
        return entry.partition(":")[0].strip() != CHANCE_SEAT

    @staticmethod
    def _read_entry(i: int, entry: str, spec: GameSpec) -> tuple[int | None, Action]:
        who, sep, notation = entry.partition(":")
        who = who.strip()
        if not sep or not (who == CHANCE_SEAT or who.isdigit()):
            raise RecordError(f"actions[{i}] {quoted(entry)}", "expected '<seat>: <action>' or 'chance: <outcome>'")
        try:
            seat = None if who == CHANCE_SEAT else read_number(entry, who, "a seat number")
            action = spec.parse(notation.strip())
        except SpynbError as err:
            raise RecordError(f"actions[{i}] {quoted(entry)}", str(err)) from None
        return seat, action
