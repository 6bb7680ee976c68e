"""What a board's controller sends its front end: fields declared once, in plain Python.

A board's logic (:class:`spynb.widgets.play.BoardController`) keeps everything the
front end draws in *fields*: class attributes made with :class:`Field`, each with
its default and a sentence saying what it holds.  The same declarations serve
two hosts:

* in a notebook, :mod:`spynb.widgets.board` makes each field a synced trait of
  the anywidget (``PlayBoard``), so the widget machinery carries it;
* anywhere else (the welcome page's board, a test) the controller itself is the
  host: :meth:`Synced.front_state` is the whole state as the front end reads it,
  :meth:`Synced.subscribe` hears every change, batched by :meth:`Synced.hold`
  as ``hold_sync`` batches a widget's, and every one-off message.

Standard library only: nothing here needs IPython, ipywidgets or traitlets.

>>> class Counter(Synced):
...     count = Field(0, "How many.")
>>> counter, heard = Counter(), []
>>> counter.subscribe(heard.append)
>>> with counter.hold():
...     counter.count = 1
...     counter.count = 2
>>> heard
[{'kind': 'change', 'state': {'count': 2}}]
>>> counter.front_state()
{'count': 2}
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar, overload

from .wire import seat_to_json

__all__ = ["Field", "Synced", "Listener"]

T = TypeVar("T")

Listener = Callable[[dict[str, Any]], None]
"""Hears ``{"kind": "change", "state": {name: value, ...}}`` or ``{"kind": "message", "content": ...}``."""


class Field(Generic[T]):
    """One value the front end reads: a default, a help sentence, and how it travels.

    ``Field[T]``: the value is a ``T`` (the default's type unless the declaration says, as
    ``viewer: Field[int | None] = Field(None, ...)`` does).

    ``seat=True``: a seat number or None, sent as 0 for None (:mod:`spynb.widgets.wire`);
    ``choices``: the only values it takes; ``items``: the type of a list's items (``str`` or ``dict``);
    ``wire``: what of the value the page receives, when not all of it (:mod:`spynb.widgets.front_limits`).
    """

    def __init__(self, default: T, help: str, *, seat: bool = False,  # noqa: A002 - traitlets' word
                 choices: tuple[str, ...] = (), items: type = str, wire: Callable[[T], Any] | None = None) -> None:
        self.default, self.help, self.seat, self.choices, self.items = default, help, seat, choices, items
        self.wire = wire
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Field[T]: ...

    @overload
    def __get__(self, obj: Synced, owner: type | None = None) -> T: ...

    def __get__(self, obj: Synced | None, owner: type | None = None) -> Field[T] | T:
        if obj is None:
            return self
        values = obj.__dict__
        if self.name not in values:
            values[self.name] = copy.deepcopy(self.default)
        value: T = values[self.name]
        return value

    def __set__(self, obj: Synced, value: T) -> None:
        values = obj.__dict__
        old = values.get(self.name, self.default)
        values[self.name] = value
        if old != value:
            obj._field_changed(self.name)

    def to_json(self, value: Any) -> Any:
        """The value as the front end receives it."""
        if self.wire is not None:
            return self.wire(value)
        return seat_to_json(value, None) if self.seat else value


class _Outbox:
    """A controller's listeners and the changes not yet told."""

    __slots__ = ("listeners", "pending", "depth")

    def __init__(self) -> None:
        self.listeners: list[Listener] = []
        self.pending: dict[str, None] = {}
        self.depth = 0


class Synced:
    """A plain object whose fields a front end mirrors: the state, the changes, the one-off messages."""

    @classmethod
    def fields(cls) -> dict[str, Field[Any]]:
        """Every field of the class, by name, the base classes' first."""
        found: dict[str, Field[Any]] = {}
        for klass in reversed(cls.__mro__):
            found.update({name: value for name, value in vars(klass).items() if isinstance(value, Field)})
        return found

    @property
    def _outbox(self) -> _Outbox:
        outbox: _Outbox = self.__dict__.setdefault("_spynb_outbox", _Outbox())
        return outbox

    def front_state(self) -> dict[str, Any]:
        """Every field, as the front end receives it (JSON-safe)."""
        return {name: field.to_json(getattr(self, name)) for name, field in self.fields().items()}

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with every batch of changes and every one-off message (see :data:`Listener`)."""
        self._outbox.listeners.append(listener)

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Tell the changes made inside as one batch, when the outermost ``hold`` ends."""
        outbox = self._outbox
        outbox.depth += 1
        try:
            yield
        finally:
            outbox.depth -= 1
            if not outbox.depth:
                self._flush()

    def _field_changed(self, name: str) -> None:
        outbox = self._outbox
        outbox.pending[name] = None
        if not outbox.depth:
            self._flush()

    def _flush(self) -> None:
        outbox = self._outbox
        if not outbox.pending:
            return
        fields = self.fields()
        state = {name: fields[name].to_json(getattr(self, name)) for name in outbox.pending}
        outbox.pending = {}
        self._tell({"kind": "change", "state": state})

    def _emit(self, content: dict[str, Any]) -> None:
        """Send the front end a one-off message (a record to save, a link): never part of the state."""
        self._tell({"kind": "message", "content": content})

    def _tell(self, news: dict[str, Any]) -> None:
        for listener in list(self._outbox.listeners):
            listener(news)
