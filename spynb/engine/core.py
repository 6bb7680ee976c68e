"""The game-agnostic contract: turns, actions, events, views and the State base.

A game supplies a :class:`State` subclass.  Its legal actions are the single
source of truth: :meth:`State.apply` accepts exactly the actions that
:meth:`State.legal_actions` (or, at a chance point, :meth:`State.chance_outcomes`)
lists, and asks the game to explain anything else.  Validation happens before
any change, so an illegal action leaves the state exactly as it was.
"""

from __future__ import annotations

import functools
import inspect
import json
import math
import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import ActionError, IllegalActionError, SeatError, SpynbError, quoted

if TYPE_CHECKING:
    from dataclasses import Field

    from .game import GameSpec

__all__ = ["Turn", "CHANCE_TURN", "OVER", "Action", "Event", "View", "FrozenDict", "freeze", "State", "EVERYONE",
           "check_seat"]


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose move it is: one seat, several pending seats, chance, or nobody.

    >>> Turn((2,))
    Turn(seats=(2,), chance=False)
    >>> Turn((), chance=True).over, Turn(()).over
    (False, True)
    >>> str(Turn((1, 3)))
    'seats 1, 3 (simultaneous)'
    """

    seats: tuple[int, ...]
    chance: bool = False

    @property
    def over(self) -> bool:
        return not self.seats and not self.chance

    @property
    def simultaneous(self) -> bool:
        return len(self.seats) > 1

    def __str__(self) -> str:
        if self.chance:
            return "chance"
        if self.over:
            return "game over"
        if self.simultaneous:
            return "seats " + ", ".join(map(str, self.seats)) + " (simultaneous)"
        return f"seat {self.seats[0]}"


CHANCE_TURN = Turn((), chance=True)
"""Chance acts next (a shuffle, a draw, a deal)."""
OVER = Turn(())
"""Nobody acts: the game is over."""


class Action:
    """Base of every game's actions: frozen values with a text notation.

    Subclasses are frozen dataclasses (declared with ``repr=False``) whose
    ``__str__`` is the notation that the game's ``parse`` reads back; the
    ``repr`` written here is evaluable and leaves out trailing defaults, like
    ``Take('d')``.  Chance outcomes are actions too (``is_chance`` is true
    for them).  Every field is checked against its annotation when an action
    is made (``int``, ``str``, and tuples of them): ``Open(True)`` or
    ``Open(7.0)`` raise :class:`ActionError`, so no action is recorded that
    its notation cannot read back.  A subclass with its own ``__post_init__``
    calls ``Action.__post_init__(self)`` first.
    """

    __slots__ = ()
    is_chance: ClassVar[bool] = False
    if TYPE_CHECKING:  # what the dataclass decorator gives every subclass
        __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def __post_init__(self) -> None:
        for name, kind in _field_types(type(self)):
            value = getattr(self, name)
            if value.__class__ is not kind and not _fits(value, kind):
                raise ActionError(type(self).__name__, name, kind, value)

    def __repr__(self) -> str:
        values = [(getattr(self, f.name), f.default) for f in fields(self)]
        while values and values[-1][0] == values[-1][1]:
            values.pop()
        return f"{type(self).__name__}({', '.join(repr(value) for value, _ in values)})"


_FIELD_TYPES: dict[type, tuple[tuple[str, Any], ...]] = {}


def _field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field of an action class with its (resolved) annotation, worked out once per class."""
    known = _FIELD_TYPES.get(cls)
    if known is None:
        hints = typing.get_type_hints(cls)
        known = _FIELD_TYPES[cls] = tuple((f.name, hints[f.name]) for f in fields(cls))
    return known


def _fits(value: object, kind: Any) -> bool:
    """Whether ``value`` has type ``kind``: ``int`` (not a bool), ``str``, ``tuple[X, ...]`` or ``tuple[X, Y]``."""
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if typing.get_origin(kind) is tuple:
        args = typing.get_args(kind)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(_fits, value, args))
    return isinstance(value, kind)


class FrozenDict(dict[Any, Any]):
    """A dict that refuses changes, so views stay what they were when made.

    >>> d = FrozenDict(a=1)
    >>> d["a"] = 2
    Traceback (most recent call last):
    ...
    TypeError: a view is read-only
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a view is read-only")

    # One refusal stands for every changing method, whatever its signature.
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]  # dict is unhashable; a view never changes, so it hashes
        return hash(tuple(sorted(self.items(), key=lambda kv: kv[0])))

    def __reduce__(self) -> tuple[type, tuple[dict[Any, Any]]]:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self  # immutable all the way down


def freeze(value: Any) -> Any:
    """Deep-freeze JSON-like data: dicts become FrozenDicts, lists tuples."""
    if isinstance(value, FrozenDict):
        return value
    if isinstance(value, dict):
        return FrozenDict((k, freeze(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


EVERYONE = None
"""The audience of a public event."""


@dataclass(slots=True)
class Event:
    """Something that happened, and who saw it.

    ``seen_by`` is ``None`` when every seat saw it, else the seats that did.
    ``data`` holds the facts as JSON-safe values; ``text`` says it in plain
    English from the point of view of an onlooker who saw it.  A game may
    give, instead of the text, a *narrator*: a function of the event that
    writes the text from its facts, called only when someone reads it (most
    simulated events are never read).  What is logged never changes: the
    text the narrator writes (and the rule ``cites`` names) is kept beside
    it on first reading.  (Not a frozen dataclass only because events are
    made on the hot path, where a frozen one costs six times as much.)

    ``cites`` is the id of the rule the event applies, kept beside the text
    (never in it: a reader sees it as a small link), or a function of the
    event that names it; the game's narration gives it with the narrator.

    >>> e = Event(3, "cut", 2, None, lambda e: f"Seat {e.actor} cut {e.get('card')}.", (("card", "K"),), cites="CD-2")
    >>> e.text, e.rule
    ('Seat 2 cut K.', 'CD-2')
    """

    step: int
    kind: str
    actor: int | None
    seen_by: frozenset[int] | None
    narration: str | Callable[[Event], str] = field(compare=False)
    data: tuple[tuple[str, Any], ...] = ()
    _frozen: FrozenDict | None = field(default=None, compare=False, repr=False)
    cites: str | Callable[[Event], str | None] | None = field(default=None, compare=False, repr=False)
    _text: str | None = field(default=None, compare=False, repr=False)
    _rule: str | None = field(default=None, compare=False, repr=False)
    _named: bool = field(default=False, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The event in plain English (written by the narrator on first reading, then kept)."""
        if self._text is None:
            self._text = self.narration if isinstance(self.narration, str) else self.narration(self)
        return self._text

    @property
    def rule(self) -> str | None:
        """The id of the rule the event applies, or None (named on first reading, like the text)."""
        if not self._named:
            self._rule, self._named = (self.cites(self) if callable(self.cites) else self.cites), True
        return self._rule

    def visible_to(self, seat: int | None) -> bool:
        """Did ``seat`` see it?  ``None`` is the omniscient onlooker."""
        return seat is None or self.seen_by is None or seat in self.seen_by

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step, "kind": self.kind, "actor": self.actor,
            "seen_by": "everyone" if self.seen_by is None else sorted(self.seen_by),
            "text": self.text, **({"rule": self.rule} if self.rule else {}), **dict(self.data),
        }

    def frozen(self) -> FrozenDict:
        """The event as view data, built once."""
        if self._frozen is None:
            self._frozen = freeze(self.to_dict())
        return self._frozen


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know, frozen and JSON-safe.

    ``seat`` is ``None`` for the omniscient teaching view, which is labelled
    as such.  ``data`` is game-specific but always JSON-like.
    """

    game: str
    seat: int | None
    label: str
    data: FrozenDict

    def __post_init__(self) -> None:
        """A view is of a seat the game has (ENG-4: checked against ``data["seats"]`` where the game gives it), so
        whatever reads a view (a bot's ``choose``) gets a real seat."""
        seats = self.data.get("seats")
        if self.seat is not None and isinstance(seats, int):
            check_seat(self.seat, seats)

    @property
    def omniscient(self) -> bool:
        return self.seat is None

    def seat_of(self, game: str) -> int:
        """The seat whose view of ``game`` this is (what imagining its hidden part starts from).

        :raises SpynbError: for the omniscient view, or a view of another game.
        """
        if self.game != game:
            raise SpynbError(f"this is a view of {quoted(self.game)}, not of {quoted(game)}")
        if self.seat is None:
            raise SpynbError("this is the omniscient view: imagine from a seat's view")
        return self.seat

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-ready dict (what a widget or a file receives)."""
        data: dict[str, Any] = json.loads(self.to_json())
        return data

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "seat": self.seat, "label": self.label,
                           "omniscient": self.omniscient, **self.data}, sort_keys=True)


def check_seat(seat: object, seats: int) -> int:
    """``seat`` if the game has it (a whole number from 1 to ``seats``); else :class:`SeatError` (ENG-4).

    >>> check_seat(2, 3)
    2
    >>> check_seat(-1, 3)
    Traceback (most recent call last):
    ...
    spynb.engine.errors.SeatError: no seat -1: seats are numbered 1 to 3 (ENG-4)
    >>> check_seat(True, 3)
    Traceback (most recent call last):
    ...
    spynb.engine.errors.SeatError: no seat True: a seat is a whole number (an int, not bool) from 1 to 3 (ENG-4)
    """
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 < seat <= seats:
        return seat
    raise SeatError(seat, seats)


_SEAT_ARGUMENTS: dict[str, tuple[int, bool]] = {
    "legal_actions": (0, True), "view": (0, True), "text": (0, True), "events_seen_by": (0, True),
    "steps_seen_by": (0, False), "resample_hidden": (0, False), "is_legal": (1, True), "explain_illegal": (1, False),
    "apply": (1, True),
}
"""The contract's methods that take a seat: which argument (after ``self``) it is, and whether ``None`` is allowed
(the omniscient onlooker, chance, or the seat to move)."""

_Method = Callable[..., Any]
_SEAT_CHECKED: set[_Method] = set()
"""The wrapped methods, and those that check their seat themselves (a subclass that does not redefine one inherits
it already checked)."""


def _checks_its_own_seat(method: _Method) -> _Method:
    """Mark a contract method that refuses unknown seats itself, so it is not wrapped."""
    _SEAT_CHECKED.add(method)
    return method


def _refuse_unknown_seat(state: State, seat: object, optional: bool) -> None:
    """Raise :class:`SeatError` (ENG-4) unless ``seat`` is one of the game's, or ``None`` where that is allowed."""
    if seat is not None or not optional:
        check_seat(seat, state.seats)


def _checking_seat(method: _Method, index: int, optional: bool) -> _Method:
    """``method`` refusing, before it runs, a seat the game does not have (ENG-4).

    The usual shapes, ``(self, seat)`` and ``(self, action, seat)``, get a wrapper with the same parameters and
    defaults: a third of the cost of the general one, which packs and unpacks its arguments.
    """
    shape = tuple(inspect.signature(method).parameters)
    if shape == ("self", "seat"):
        def checked(self: State, seat: Any) -> Any:
            if seat.__class__ is not int or not 0 < seat <= self.seats:  # the fast test; the refusal says why
                _refuse_unknown_seat(self, seat, optional)
            return method(self, seat)
    elif shape == ("self", "action", "seat"):
        def checked(self: State, action: Any, seat: Any) -> Any:  # type: ignore[misc]  # one shape of two
            if seat.__class__ is not int or not 0 < seat <= self.seats:
                _refuse_unknown_seat(self, seat, optional)
            return method(self, action, seat)
    else:
        return _as_checked(_checking_seat_anywhere(method, index, optional), method)
    checked.__defaults__ = method.__defaults__
    return _as_checked(checked, method)


def _checking_seat_anywhere(method: _Method, index: int, optional: bool) -> _Method:
    """:func:`_checking_seat` for a method of any other shape: the seat is argument ``index`` or ``seat=``."""
    def checked(self: State, *args: Any, **kwargs: Any) -> Any:
        seat = args[index] if len(args) > index else kwargs.get("seat")
        if seat.__class__ is not int or not 0 < seat <= self.seats:
            _refuse_unknown_seat(self, seat, optional)
        return method(self, *args, **kwargs)
    return checked


def _as_checked(checked: _Method, method: _Method) -> _Method:
    """``checked`` named and documented as ``method``, and known as checking its seat."""
    functools.update_wrapper(checked, method)
    _SEAT_CHECKED.add(checked)
    return checked


def _check_seats_of(cls: type) -> None:
    """Wrap each seat-taking contract method that ``cls`` defines, so every game refuses unknown seats alike."""
    for name, (index, optional) in _SEAT_ARGUMENTS.items():
        method = cls.__dict__.get(name)
        if callable(method) and method not in _SEAT_CHECKED:
            setattr(cls, name, _checking_seat(method, index, optional))
    is_legal = cls.__dict__.get("is_legal")
    if is_legal is not None:
        cls._is_legal_here = getattr(is_legal, "__wrapped__", is_legal)  # type: ignore[attr-defined]


class State(ABC):
    """A position of a game: the contract every game implements.

    Subclasses implement the abstract methods; ``apply`` is written once here.
    Seats are numbered from 1.  Every method of the contract that takes a seat
    (``view``, ``legal_actions``, ``apply``, ``is_legal``, ``text``, …) refuses
    one the game does not have with :class:`SeatError` (ENG-4), in every game
    alike: a subclass's own definitions are wrapped when it is made.

    >>> import spynb
    >>> state = spynb.new_game("kloak", seed=1).state
    >>> state.view(3)
    Traceback (most recent call last):
    ...
    spynb.engine.errors.SeatError: no seat 3: seats are numbered 1 to 2 (ENG-4)
    """

    spec: GameSpec
    seats: int
    variant: str
    CACHES: ClassVar[frozenset[str]] = frozenset()
    """The fields that only cache what the position implies: left out when positions are compared field by field."""
    _is_legal_here: ClassVar[Callable[..., bool]]
    """The class's ``is_legal`` without its seat check, for :meth:`apply`, which has checked the seat already."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _check_seats_of(cls)

    # -- whose move -------------------------------------------------------
    @property
    @abstractmethod
    def turn(self) -> Turn:
        """Who acts now."""

    @property
    def over(self) -> bool:
        return self.turn.over

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """The sorted actions ``seat`` may take now (empty if it is not their move)."""

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """At a chance point: every outcome with its exact probability.

        Derived from :meth:`chance_weights`; a game overrides one of the two.
        """
        weights = self.chance_weights()
        total = sum(w for _, w in weights)
        return tuple((outcome, Fraction(w, total)) for outcome, w in weights)

    def chance_weights(self) -> tuple[tuple[Action, int], ...]:
        """At a chance point: every outcome with a whole-number weight (probability = weight / total).

        The seeded sampler draws from these, so games with many chance
        points (card draws) can skip building fractions.
        """
        outcomes = self.chance_outcomes()
        scale = math.lcm(*(p.denominator for _, p in outcomes)) if outcomes else 1
        return tuple((outcome, p.numerator * (scale // p.denominator)) for outcome, p in outcomes)

    def is_legal(self, action: Action, seat: int | None) -> bool:
        """May ``seat`` take ``action`` now?  ``seat`` is ``None`` for chance.

        Exactly membership in :meth:`legal_actions` (or in the chance
        outcomes); a game may override it with a faster test of the same
        thing, and the conformance suite checks that the two agree.
        """
        if seat is None:
            return action.is_chance and any(action == outcome for outcome, _ in self.chance_weights())
        return action in self.legal_actions(seat)

    # -- simulation mode (optional fast paths, used only by spynb.engine.simulate) --
    def random_action(self, rng: random.Random) -> Action:
        """A legal action of the seat to move (the first pending seat), drawn uniformly with ``rng``.

        This default picks from :meth:`legal_actions`; a game may override it with a faster draw of the same
        thing (the conformance suite checks that :meth:`random_universe` is the legal set and that the draws
        are uniform).
        """
        return rng.choice(self.legal_actions(self.turn.seats[0]))

    def random_universe(self) -> tuple[Action, ...]:
        """The actions :meth:`random_action` can draw here, each equally likely: the legal actions of the seat
        to move.  A game with a faster draw lists what its draw accepts, so the suite can compare."""
        return self.legal_actions(self.turn.seats[0])

    def random_outcome(self, rng: random.Random) -> Action:
        """At a chance point: an outcome drawn with its exact probability (by default
        :func:`~spynb.engine.game.sample_chance`); a game may override it with a faster draw of the same
        distribution."""
        from .game import sample_chance

        return sample_chance(self, rng)

    def stop_logging(self) -> bool:
        """Simulation mode: log no more events (nobody will read them); whether the game can.

        A game that logs into a :class:`~spynb.engine.History` switches to
        :data:`~spynb.engine.history.NULL_HISTORY`; from then on its views show no events and it cannot be
        replayed from them.  By default a game cannot, and logs as before.
        """
        return False

    # -- change -----------------------------------------------------------
    @_checks_its_own_seat
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Validate ``action`` for ``seat`` (default: the only seat to move), then do it.

        :raises IllegalActionError: naming the rule, and changing nothing, when the action is not
            allowed (not this seat's turn, a seat playing a chance outcome, the game over, or a rule of the
            game forbids it).
        :raises SeatError: when ``seat`` is not a seat the game has (ENG-4).
        """
        turn = self.turn
        if turn.chance:
            if seat is not None:  # tested here, not in _refuse_unknown_seat: chance's turn is a hot path
                check_seat(seat, self.seats)
                raise self.spec.rules.illegal(
                    "ENG-1", f"It is chance's turn: only chance plays {action}, not seat {seat}", action)
            if not self._is_legal_here(action, None):
                raise self.spec.rules.illegal(
                    "ENG-1", f"It is chance's turn: {action} is not one of its possible outcomes", action)
            self._apply(action, None)
            return
        seats = turn.seats
        if seat is None and len(seats) == 1:
            seat = seats[0]
        elif seat.__class__ is not int or seat not in seats:  # a seat to move is one of the game's (ENG-4)
            _refuse_unknown_seat(self, seat, optional=True)
            raise self._not_this_seat(turn, seat, action)
        if not self._is_legal_here(action, seat):
            raise self.explain_illegal(action, seat)
        self._apply(action, seat)

    def explain_illegal(self, action: Action, seat: int) -> IllegalActionError:
        """Why ``action`` is not legal for ``seat`` now, citing the rule.

        A seat not to move is told so (ENG-1, ENG-2), whatever is hidden; a chance outcome is chance's alone
        (ENG-1); otherwise the game says which of its rules forbids the action.
        """
        turn = self.turn
        if seat not in turn.seats:
            return self._not_this_seat(turn, seat, action)
        if getattr(action, "is_chance", False):
            return self._chance_only(action)
        return self._explain_illegal(action, seat)

    def _chance_only(self, action: Action) -> IllegalActionError:
        """Why a seat cannot play the chance outcome ``action`` (ENG-1)."""
        return self.spec.rules.illegal("ENG-1", f"{action} is a chance outcome: only chance plays it", action)

    def _not_this_seat(self, turn: Turn, seat: int | None, action: Action) -> IllegalActionError:
        """Why ``seat`` (or nobody named) cannot act now."""
        rules = self.spec.rules
        if getattr(action, "is_chance", False) and not turn.over:
            return self._chance_only(action)
        if turn.chance:
            return rules.illegal("ENG-1", f"It is chance's turn, not seat {seat}'s", action)
        if not turn.seats:
            return rules.illegal("ENG-2", "The game is over: nobody can act any more", action)
        if seat is None:
            return rules.illegal("ENG-3", "Several seats choose at once here: say which seat is acting", action)
        return rules.illegal("ENG-1", f"It is not seat {seat}'s turn: it is {turn}'s", action)

    @abstractmethod
    def _apply(self, action: Action, seat: int | None) -> None:
        """Do a legal action (already validated); ``seat`` is ``None`` for chance."""

    @abstractmethod
    def _explain_illegal(self, action: Action, seat: int) -> IllegalActionError:
        """Why ``action`` (not a chance outcome) is not legal for ``seat``, one of the seats to move, citing the
        rule."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    # -- knowledge --------------------------------------------------------
    @property
    @abstractmethod
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, each event saying who saw it."""

    def events_seen_by(self, seat: int | None) -> tuple[Event, ...]:
        return tuple(e for e in self.events if e.visible_to(seat))

    @property
    def event_count(self) -> int:
        """How many events happened so far (a game may count them without making them)."""
        return len(self.events)

    def events_since(self, start: int) -> tuple[Event, ...]:
        """The events from the ``start``-th on: what a reader who has read ``start`` of them has not (a game may
        make only these)."""
        return self.events[start:]

    def steps_seen_by(self, seat: int) -> list[int]:
        """The step numbers of the events ``seat`` saw, in order: what the numbering a seat sees rests on (a game
        may read them without making the events)."""
        return [e.step for e in self.events_seen_by(seat)]

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know; ``None`` gives the labelled omniscient view."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (empty for no winner)."""

    def resample_hidden(self, seat: int, rng: random.Random) -> State | None:
        """Another state that ``seat`` cannot tell from this one.

        What the seat has not seen is re-dealt at random with ``rng`` (``None`` when
        nothing is hidden from it).  The no-leak tests compare the two views;
        a bot may use it to imagine what else could be true.

        :raises SpynbError: when ``rng`` is not a :class:`random.Random`.
        :raises SeatError: when ``seat`` is not a seat the game has (ENG-4).
        """
        if not isinstance(rng, random.Random):
            raise SpynbError(f"a re-deal draws with a random.Random (seeded by the caller), not {quoted(rng)}")
        return self._resample_hidden(seat, rng)

    @abstractmethod
    def _resample_hidden(self, seat: int, rng: random.Random) -> State | None:
        """:meth:`resample_hidden` for a seat the game has and a generator (both checked)."""

    @abstractmethod
    def validate(self) -> list[str]:
        """Broken invariants (every card in one place, counts, …); empty when sound."""

    # -- display ----------------------------------------------------------
    @abstractmethod
    def text(self, seat: int | None = None) -> str:
        """The position as text: omniscient, or as ``seat`` knows it."""

    def __str__(self) -> str:
        return self.text(None)

    def _repr_svg_(self) -> str | None:
        """The omniscient view drawn by the spec's ``draw`` (``None``, nothing to show, when it has none)."""
        draw = self.spec.draw
        return None if draw is None else draw(self.view(None))


_check_seats_of(State)
