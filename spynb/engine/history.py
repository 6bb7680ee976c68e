"""A game's history: events logged as plain tuples, made into :class:`Event`s when first read.

Logging is on the hot path of every simulation, and most simulated events are
never read.  A game appends entries ``(step, kind, actor, seen_by, facts)`` to
:attr:`History.entries`; :meth:`History.events` makes them into events, each
narrated by ``narrators[kind]``, the first time anyone asks, and citing
``cites[kind]``: the rule it applies, if any (an id, or a function of the event
naming it), kept with the narration rather than logged with each entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import chain, islice
from typing import Any

from .core import Event

__all__ = ["Entry", "History", "NullHistory", "NULL_HISTORY"]

Entry = tuple[int, str, "int | None", "frozenset[int] | None", tuple[tuple[str, Any], ...]]
"""What a game logs: (step, kind, actor, seen_by, facts); see :class:`Event` for each field."""


class History:
    """The events of one play so far.

    ``entries`` is the open chunk, where a game appends.  :meth:`seal` closes it (at the end of a turn,
    say); sealed chunks are tuples shared by every copy, so copying a long history costs only its open
    chunk.  Two histories are equal when they hold the same entries.

    >>> history = History({"cut": lambda e: f"Seat {e.actor} cut {e.get('card')}."}, cites={"cut": "CD-2"})
    >>> history.entries.append((1, "cut", 2, None, (("card", "K"),)))
    >>> history.seal()
    >>> [(e.text, e.rule) for e in history.events()]
    [('Seat 2 cut K.', 'CD-2')]
    >>> history.copy() == history, len(history.seen_by(1))
    (True, 1)
    """

    __slots__ = ("narrators", "cites", "entries", "_sealed", "_sealed_count", "_made", "_tail_start", "_tail")

    def __init__(self, narrators: Mapping[str, str | Callable[[Event], str]],
                 sealed: tuple[tuple[Entry, ...], ...] = (), entries: list[Entry] | None = None, *,
                 cites: Mapping[str, str | Callable[[Event], str | None]] | None = None) -> None:
        self.narrators = narrators
        """Event kind -> its text, or a narrator writing it from the event."""
        self.cites = cites or {}
        """Event kind -> the id of the rule it applies, or a function of the event naming it (kinds citing none
        are left out)."""
        self.entries: list[Entry] = [] if entries is None else entries
        """The open chunk: where a game logs."""
        self._sealed = sealed
        self._sealed_count = sum(map(len, sealed))
        self._made: list[Event] = []
        """The first entries, made into events so far (a cache: copies carry it, equality ignores it)."""
        self._tail_start = 0
        self._tail: list[Event] = []
        """The entries from the ``_tail_start``-th on, made into events while the first ones are unread (the cache of
        :meth:`events_since`: every seat's view of a turn reads the same few events; copies start without it)."""

    def __len__(self) -> int:
        return self._sealed_count + len(self.entries)

    def _all(self) -> Iterator[Entry]:
        return chain(*self._sealed, self.entries)

    def events(self) -> list[Event]:
        """Every event so far, in order (the list is the cache itself: read it, do not change it)."""
        made, start = self._made, len(self._made)
        if start < len(self):
            sealed = self._sealed_count
            new = self.entries[start - sealed:] if start >= sealed else islice(self._all(), start, None)
            made.extend(self._make(new))
        return made

    def events_since(self, start: int) -> list[Event]:
        """The events from the ``start``-th on.  A history whose first ``start`` events nobody has read yet (a fresh
        copy, a simulated game) makes only these, and keeps them for the next call from there on."""
        if len(self._made) >= start:
            return self.events()[start:]
        tail, tail_start = self._tail, self._tail_start
        if not tail_start <= start <= tail_start + len(tail):
            tail.clear()
            self._tail_start = tail_start = start
        elif start > tail_start:
            del tail[:start - tail_start]
            self._tail_start = tail_start = start
        made_to, sealed = tail_start + len(tail), self._sealed_count
        if made_to < len(self):
            tail.extend(self._make(self.entries[made_to - sealed:] if made_to >= sealed
                                   else islice(self._all(), made_to, None)))
        return tail[:]

    def open_events(self) -> list[Event]:
        """The events of the open chunk (this turn's, for a game that seals at each turn's end), made as
        :meth:`events_since` makes them."""
        return self.events_since(self._sealed_count)

    def steps_seen_by(self, seat: int) -> list[int]:
        """The step numbers of the events ``seat`` saw, in order, read from the entries (no event is made)."""
        return [step for step, _, _, seen_by, _ in self._all() if seen_by is None or seat in seen_by]

    def _make(self, entries: Iterable[Entry]) -> Iterator[Event]:
        narrators, cites = self.narrators, self.cites
        return (Event(step, kind, actor, seen_by, narrators[kind], facts, cites=cites.get(kind))
                for step, kind, actor, seen_by, facts in entries)

    def seal(self) -> None:
        """Close the open chunk: from now on copies share it."""
        if self.entries:
            self._sealed += (tuple(self.entries),)
            self._sealed_count += len(self.entries)
            self.entries = []

    def copy(self) -> History:
        other = History(self.narrators, entries=self.entries[:], cites=self.cites)
        other._sealed, other._sealed_count, other._made = self._sealed, self._sealed_count, self._made[:]
        return other

    def seen_by(self, seat: int) -> History:
        """A history of only what ``seat`` saw, with the same chunks."""
        def seen(entries: Iterable[Entry]) -> list[Entry]:
            return [entry for entry in entries if entry[3] is None or seat in entry[3]]

        return History(self.narrators, tuple(tuple(seen(chunk)) for chunk in self._sealed), seen(self.entries),
                       cites=self.cites)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, History) and list(self._all()) == list(other._all())

    __hash__ = None  # type: ignore[assignment]  # changes as the game goes on

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self.copy()  # entries are never changed once logged

    def __repr__(self) -> str:
        return f"<History of {len(self)} events>"


class _Discarding(list[Entry]):
    """An open chunk that keeps nothing: its ``append`` is the built-in :func:`id`, which takes one argument and
    does nothing with it at C speed (a built-in function is not bound to the list, so no method call is made)."""

    __slots__ = ()
    append = id  # type: ignore[assignment]  # returns an int, which nobody reads


class NullHistory(History):
    """Simulation mode's history: the game logs into it as usual, and nothing is kept.

    For playouts nobody reads the events of (``spynb.engine.simulate``): no entry is made into an event, and no
    long-lived entries pile up for the garbage collector to walk.  Copies of it are itself.

    >>> history = NullHistory({})
    >>> _ = history.entries.append((1, "cut", 2, None, ()))   # (returns a number nobody reads)
    >>> len(history), history.events(), history.copy() is history
    (0, [], True)
    """

    __slots__ = ()

    def __init__(self, narrators: Mapping[str, str | Callable[[Event], str]] | None = None) -> None:
        super().__init__(narrators or {}, entries=_Discarding())

    def seal(self) -> None:
        """Nothing to close."""

    def copy(self) -> History:
        return self

    def seen_by(self, seat: int) -> History:
        return self

    def __repr__(self) -> str:
        return "<NullHistory: simulation mode, nothing recorded>"


NULL_HISTORY = NullHistory()
"""The one null history a game in simulation mode logs into (it keeps nothing, so it is shared)."""
