"""The base of a game state that keeps its events in a :class:`~spynb.engine.History`.

What every such game would otherwise write again lives here once: the log (:meth:`LoggedState._log`), ``events``,
``winners``, the game's end and its turn limit, copying (:meth:`~LoggedState.clone`, and the copy that keeps only
what one seat saw), the per-position cache, the view's label, and simulation mode's null history.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .core import Event, State
from .history import NULL_HISTORY, History

if TYPE_CHECKING:
    from .game import GameSpec

__all__ = ["LoggedState"]

_UNLOGGED: Callable[..., object] = "".format
"""Simulation mode's :meth:`LoggedState._log`: an empty template's ``format`` takes any arguments and ignores them,
with no Python frame."""


class LoggedState(State):
    """A position of a game that logs every event into a :class:`~spynb.engine.History`.

    A game gives its narration (``NARRATORS``, ``CITES``), what its omniscient view shows (for the label), and
    three methods: :meth:`_set_over` (its finished phase), :meth:`_copy_parts` (a copy's own containers), and the
    rest of the contract.  It logs with :meth:`_log`, ends with :meth:`_end_game` or
    :meth:`_ends_at_turn_limit`, keeps what its position implies in ``_cache`` (emptied by :meth:`_forget`, never
    shared by a copy), and re-deals for a seat from :meth:`_copy_seen_by`.
    """

    NARRATORS: ClassVar[Mapping[str, str | Callable[[Event], str]]]
    """Event kind -> its text, or a narrator writing it from the event (see :class:`~spynb.engine.History`)."""
    CITES: ClassVar[Mapping[str, str | Callable[[Event], str | None]]] = {}
    """Event kind -> the rule it applies, shown beside its text."""
    OMNISCIENT_SHOWS: ClassVar[str] = "every hidden card"
    """What the omniscient teaching view shows, for its label."""
    SEAT_LEARNS: ClassVar[str] = "knows"
    """What a seat's view is of, for its label: what the seat ``knows`` (or ``sees``)."""
    CACHES: ClassVar[frozenset[str]] = frozenset(("_cache",))

    def __init__(self, spec: GameSpec, variant: str, seats: int, options: Mapping[str, Any]) -> None:
        """The fields every logged game has; the game's own ``__init__`` sets up its position after them."""
        self.spec, self.variant, self.seats = spec, variant, seats
        self.turn_limit: int | None = options.get("turn_limit")
        """The turn after which the game ends with no winner (simulations), or ``None``."""
        self.turn_number = 0
        self.step = 0
        """How many actions have been applied: every event is logged with the step it happened at."""
        self._winners: tuple[int, ...] = ()
        self._history: History = History(self.NARRATORS, cites=self.CITES)
        self._cache: dict[Any, Any] = {}
        """What the position implies, worked out once (a seat's legal actions, a part of its view, …)."""

    # -- the log ------------------------------------------------------------------
    def _log(self, kind: str, actor: int | None, seen_by: frozenset[int] | None, *facts: tuple[str, Any]) -> None:
        """Log an event of ``kind`` seen by ``seen_by`` (``None``: everyone), with its facts as (name, value) pairs
        followed by :meth:`_when`'s; its text is written when someone reads it."""
        self._history.entries.append((self.step, kind, actor, seen_by, facts + self._when()))

    def _when(self) -> tuple[tuple[str, Any], ...]:
        """The facts that say when an event happened, logged after its own: the turn (a game may add its stage)."""
        return (("turn", self.turn_number),)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._history.events())

    @property
    def event_count(self) -> int:
        return len(self._history)

    def events_since(self, start: int) -> tuple[Event, ...]:
        return tuple(self._history.events_since(start))

    def steps_seen_by(self, seat: int) -> list[int]:
        return self._history.steps_seen_by(seat)

    def stop_logging(self) -> bool:
        """Log into the null history from now on: no events.

        Nothing would be kept, so nothing is logged at all: :meth:`_log` becomes a call that takes the same
        arguments and does nothing at C speed (an instance attribute, so copies keep it).
        """
        self._history = NULL_HISTORY
        self._log = _UNLOGGED  # type: ignore[method-assign,assignment]  # the same call, nothing kept
        return True

    # -- the end ------------------------------------------------------------------
    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    def _end_game(self, winners: tuple[int, ...] = ()) -> None:
        """The game is over, won by ``winners`` (none: a draw, or no winner)."""
        self._winners = winners
        self._set_over()

    @abstractmethod
    def _set_over(self) -> None:
        """Put the game in its finished phase: from now on nobody acts."""

    def _ends_at_turn_limit(self) -> bool:
        """End the game with no winner, logging ``limit``, once the turn limit is reached; whether it did."""
        limit = self.turn_limit
        if limit is None or self.turn_number < limit:
            return False
        self._end_game()
        self._log("limit", None, None, ("limit", limit))
        return True

    # -- copies -------------------------------------------------------------------
    def clone(self) -> Self:
        """An independent copy: the same position and history, its own containers, an empty cache."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._history = self._history.copy()
        other._forget()
        self._copy_parts(other)
        return other

    @abstractmethod
    def _copy_parts(self, other: Self) -> None:
        """Give ``other``, a field-by-field copy of this state, its own copy of every container that play changes."""

    def _copy_seen_by(self, seat: int) -> Self:
        """A copy that keeps only the history ``seat`` saw: what a re-deal for ``seat`` starts from."""
        other = self.clone()
        other._history = self._history.seen_by(seat)
        return other

    def _forget(self) -> None:
        """The position changed: forget what was worked out from it."""
        self._cache = {}

    # -- display ------------------------------------------------------------------
    def view_label(self, seat: int | None) -> str:
        """The label of ``seat``'s view (``None``: the omniscient teaching view, saying what it shows)."""
        if seat is None:
            return f"{self.spec.title} — omniscient teaching view (shows {self.OMNISCIENT_SHOWS})"
        return f"{self.spec.title} — what seat {seat} {self.SEAT_LEARNS}"
