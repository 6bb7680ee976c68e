"""Only messages change a board: a front end that writes a synced trait is refused.

Every trait a board syncs is written by Python and only read by the page: the
page's own script never sets one.  A page could still try (``model.set`` then
``save_changes``), and ipywidgets would set the trait, past every check a
message passes, even a read-only one: ``teaching`` turned on at a shared
screen would show the next redraw's omniscient view.  :class:`RefusesWrites`
takes such a write in place of ipywidgets: it changes nothing, tells the page
the values Python holds, and says so in ``error``
(:mod:`spynb.widgets.refusals`).

>>> from spynb.widgets.board import widget_class
>>> from spynb.widgets.play import controller_class
>>> board = widget_class(controller_class("kloak"))(seed=1)
>>> board.set_state({"teaching": True})
>>> board.teaching, board.error["kind"]
(False, 'refused')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .refusals import refusal

__all__ = ["RefusesWrites", "WRITABLE"]

WRITABLE: frozenset[str] = frozenset()
"""The traits a page may write: none (what a seat is shown is Python's alone to decide)."""


def write_refused(names: list[str]) -> dict[str, Any]:
    """The refusal of a page's write to the traits ``names``."""
    listed = ", ".join(repr(name) for name in names[:5]) + (", …" if len(names) > 5 else "")
    return refusal(f"the page may not set {listed}: a board changes only by its messages; nothing changed")


class RefusesWrites:
    """Mixed into a widget: a write to a synced trait from the page is refused (the module doc)."""

    if TYPE_CHECKING:  # the widget's own
        keys: list[str]
        error: dict[str, Any]

        def send_state(self, key: str | list[str] | None = None) -> None: ...

    def set_state(self, sync_data: Any) -> None:
        """What ipywidgets calls with a page's write: refuse all but :data:`WRITABLE`, and tell the page again
        what Python holds for the rest."""
        if not isinstance(sync_data, Mapping):
            return
        names = sorted(str(name) for name in sync_data)
        refused = [name for name in names if name not in WRITABLE]
        if not refused:
            return
        self.error = write_refused(refused)
        shown = [name for name in refused if name in self.keys]
        if shown:
            self.send_state(shown)
