"""The notebook's boards: each game's :class:`~spynb.widgets.play.BoardController` carried by anywidget.

The controller holds all of a board's logic and keeps what the front end draws
in fields (:mod:`spynb.widgets.fields`).  Here each field becomes a synced
trait of the same name, with the field's help (:class:`SyncedTraits` does it
for every board class, so a game's own fields, like KLOAK's ``touched``, become
traits too); a message from the front end goes to
:meth:`~spynb.widgets.play.BoardController.handle`, a one-off message to the
widget's ``send``, and the controller's batches of changes to ``hold_sync``.
Nothing else: what a board does is the controller's.

>>> from spynb.widgets.play import controller_class
>>> KloakBoard = widget_class(controller_class("kloak"))
>>> KloakBoard.__name__, issubclass(KloakBoard, PlayBoard), KloakBoard.class_traits()["touched"].help[:30]
('KloakBoard', True, 'The square of the piece the se')
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import anywidget
import traitlets

from .fields import Field
from .frontend import board_module, board_styles
from .frontend_writes import RefusesWrites
from .play import BoardController, board_name
from .wire import seat_trait

__all__ = ["PlayBoard", "SyncedTraits", "widget_class"]


def _trait(field: Field[Any]) -> traitlets.TraitType[Any, Any]:
    """The synced trait that carries ``field``."""
    if field.seat:
        return seat_trait(field.help)
    trait: traitlets.TraitType[Any, Any]
    if field.choices:
        trait = traitlets.Enum(field.choices, field.default, help=field.help)
    elif isinstance(field.default, bool):
        trait = traitlets.Bool(field.default, help=field.help)
    elif isinstance(field.default, str):
        trait = traitlets.Unicode(field.default, help=field.help)
    elif isinstance(field.default, dict):
        trait = traitlets.Dict(help=field.help)
    else:
        items = traitlets.Dict() if field.items is dict else traitlets.Unicode()
        trait = traitlets.List(items, help=field.help)
    if field.wire is not None:
        return trait.tag(sync=True, to_json=lambda value, _widget: field.to_json(value))
    return trait.tag(sync=True)


class SyncedTraits(traitlets.MetaHasTraits):
    """Gives a board class a synced trait for each controller field that no base class carries yet."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> type:
        for base in bases:
            for field_name, field in getattr(base, "fields", dict)().items():
                carried = any(isinstance(getattr(b, field_name, None), traitlets.TraitType) for b in bases)
                if field_name not in namespace and not carried:
                    namespace[field_name] = _trait(field)
        return super().__new__(mcls, name, bases, namespace, **kwargs)


class PlayBoard(RefusesWrites, BoardController, anywidget.AnyWidget, metaclass=SyncedTraits):
    """A live board for one game in a notebook: :class:`~spynb.widgets.play.BoardController` as an anywidget.

    Every field of the controller is a synced trait (see the module's docstring);
    the constructor takes the controller's arguments.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._esm = board_module(self.GAME, self.PANELS)  # read by AnyWidget.__init__
        self._css = board_styles(self.GAME, self.PANELS)
        anywidget.AnyWidget.__init__(self)
        self.on_msg(self._on_message)
        super().__init__(*args, **kwargs)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    @contextmanager
    def hold(self) -> Iterator[None]:
        """The controller's batches of changes are the widget's: one sync message each."""
        with self.hold_sync():
            yield

    def _emit(self, content: dict[str, Any]) -> None:
        self.send(content)


@functools.cache
def widget_class(controller: type[BoardController]) -> type[PlayBoard]:
    """The notebook's board for a game's controller: ``KloakController`` gives ``KloakBoard``."""
    name = board_name(controller)
    board: type[PlayBoard] = SyncedTraits(name, (controller, PlayBoard), {
        "__module__": controller.__module__, "__qualname__": name,
        "__doc__": f"{controller.__doc__}\n\n    The notebook's widget: see :mod:`spynb.widgets.board`."})
    return board
