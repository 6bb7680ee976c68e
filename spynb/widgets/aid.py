"""The deduction aid beside a board: what the seat shown can infer, as plain data for a panel.

The panel is :func:`spynb.prob.deduce.deduce` drawn in the browser.  A game
whose board has an aid names its :class:`AidRows` in its manifest (``aid``):
the options it passes to ``deduce`` and which rows of the table the panel
draws (The Target: each other seat's chance of each affiliation; Cloak &
Dagger: each envelope its notes leave uncertain).

:func:`panel` turns a *view* — the JSON dict the board sends the browser as its
``view`` trait, and nothing else — into plain data: a title, the columns, one
row per seat or envelope, each cell with its text and whether it is exact (a
fraction) or sampled (a value with its 95% interval).  It never sees the game's
state, so it can only tell the seat what the seat's own view implies.  Results
are cached by the view's text, so reopening the panel or returning to a
position costs nothing.

On a board (:class:`DeductionAid`, mixed into
:class:`~spynb.widgets.play.BoardController`) the learner opens and closes the panel
with a button (the ``aid`` intention); while it is open the board recomputes it
whenever the view shown changes.  It shows nothing for the omniscient teaching
view, and it closes whenever the device passes to another seat (the hot-seat
cover), so the next person opens their own.

>>> import spynb
>>> data = panel(spynb.new_game("target", seats=4, seed=2).view(1).to_dict())
>>> data["columns"], data["kind"], [row["label"] for row in data["rows"]]
(['CIA', 'KGB', 'Double Agent'], 'exact', ['Seat 2', 'Seat 3', 'Seat 4'])
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import FrozenDict, SpynbError, View
from ..games import get_spec, manifest
from ..prob.deduce import Cell, Deduction, deduce
from ..prob.stats import Estimate
from .fields import Field
from .parts import BoardPart
from .refusals import refusal

__all__ = ["AidRows", "Row", "panel", "panel_row", "view_of", "aid_rows", "has_aid", "DeductionAid"]

SHORT_DENOMINATOR = 99
"""An exact chance is written as a fraction up to this denominator, as a decimal above it: nothing hides in a tooltip."""
_VIEW_KEYS = ("game", "seat", "label", "omniscient")


def view_of(data: Mapping[str, Any]) -> View:
    """The :class:`~spynb.engine.View` whose JSON form (``View.to_dict``) is ``data``.

    :raises SpynbError: if ``data`` is not a seat's view (the omniscient view, a covered board).
    """
    seat = data.get("seat")
    if data.get("omniscient") or not isinstance(seat, int) or isinstance(seat, bool) or not data.get("game"):
        raise SpynbError("the deduction aid reads one seat's own view")
    return View(str(data["game"]), seat, str(data.get("label", "")),
                FrozenDict((k, v) for k, v in data.items() if k not in _VIEW_KEYS))


Row = dict[str, Any]
"""One row the panel draws: ``key``, ``seat`` (or None), ``label``, ``note`` and its ``cells``."""


@dataclass(frozen=True)
class AidRows:
    """How one game's board shows its deduction aid (its manifest's ``aid``)."""

    heading: str
    """What each row is, over the rows' labels ("Seat", "Envelope")."""
    rows: Callable[[View, Deduction], tuple[list[Row], str]]
    """The rows the panel draws from the table, and a sentence on the rows it leaves out ('' for none)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """What the aid passes to :func:`~spynb.prob.deduce.deduce` besides the view."""


def has_aid(game: str) -> bool:
    """Whether ``game``'s board has a deduction aid."""
    return manifest(game).has("aid")


def aid_rows(game: str) -> AidRows:
    """``game``'s aid, as its manifest names it.

    :raises SpynbError: the game has none.
    """
    rows: AidRows = manifest(game).part("aid")
    return rows


def panel_row(key: Any, label: str, cells: list[Cell], *, seat: int | None = None, note: str = "") -> Row:
    """A row of the panel: its cells each with the text shown and whether it is exact or sampled."""
    return {"key": key, "seat": seat, "label": label, "note": note, "cells": [_cell(cell) for cell in cells]}


def _cell(cell: Fraction | Estimate | None) -> dict[str, Any]:
    if isinstance(cell, Estimate):
        return {"kind": "sampled", "value": cell.value, "low": cell.low, "high": cell.high, "n": cell.n,
                "text": f"{cell.value:.3f} ±{cell.half_width:.3f}",
                "title": f"sampled: 95% interval {cell.low:.3f} to {cell.high:.3f} ({cell.n} deals)"}
    if cell is None:
        return {"kind": "none", "value": None, "text": "—",
                "title": "not known: a move you were not shown may have changed this since you last looked"}
    text = str(cell) if cell.denominator <= SHORT_DENOMINATOR else f"{float(cell):.3f}"
    return {"kind": "exact", "value": float(cell), "fraction": str(cell), "text": text, "title": f"exactly {cell}"}


def _method(table: Deduction, options: Mapping[str, Any]) -> str:
    if table.exact:
        return (f"Exact, over every deal your view allows: a fraction, or a decimal when its bottom number "
                f"is over {SHORT_DENOMINATOR}; — where a move you were not shown may have changed it, so no "
                f"figure would be exact.")
    kept = f"{options['trials']} deals" if "trials" in options else "deals"
    return f"Sampled ({kept} that agree with your view): each figure ± half its 95% interval."


def _panel(view: View) -> dict[str, Any]:
    shown = aid_rows(view.game)
    table = deduce(view, **shown.options)
    rows, left = shown.rows(view, table)
    return {"open": True, "game": view.game, "seat": view.seat, "title": table.title, "heading": shown.heading, "columns": list(table.columns),
            "rows": rows, "kind": "exact" if table.exact else "sampled", "method": _method(table, shown.options),
            "left_out": left, "notes": list(table.notes), "note_rules": list(table.note_rules)}


@lru_cache(maxsize=64)
def _panel_text(view_text: str) -> str:
    return json.dumps(_panel(view_of(json.loads(view_text))))


def panel(view: Mapping[str, Any]) -> dict[str, Any]:
    """The aid's panel for the seat whose view (JSON form) is ``view``: plain, JSON-safe data (see the module doc).

    :raises SpynbError: for a view that is not a seat's, or a game without an aid.
    """
    if not isinstance(view.get("game"), str) or not has_aid(view["game"]):
        raise SpynbError(f"no deduction aid on the board of {view.get('game')!r}")
    data: dict[str, Any] = json.loads(_panel_text(json.dumps(view, sort_keys=True)))
    return data


class DeductionAid(BoardPart):
    """The aid's panel on a :class:`~spynb.widgets.play.BoardController` (mixed into it)."""

    MESSAGES = {"aid": "_aid_message"}
    KEEPS: ClassVar[tuple[str, ...]] = ("_aid_open",)

    aid: Field[dict[str, Any]]
    aid = Field({}, "The deduction aid beside the board: {} while closed; else {open: True, ...} computed from the "
                    "`view` trait alone (spynb.widgets.aid.panel), or {open: True, note} saying why there is "
                    "nothing to show.")
    _aid_open = False

    def show_aid(self, on: Any) -> bool:
        """Open (``True``) or close (``False``) the aid; True if done.

        Refused (``error`` set, nothing changed) on a board of a game without an aid,
        for anything but ``True`` or ``False``, and while the device passes.
        """
        if not has_aid(self.GAME):
            self.error = refusal(f"There is no deduction aid on {get_spec(self.GAME).title}'s board.")
            return False
        if not isinstance(on, bool):
            self.error = refusal("the aid switch needs true or false")
            return False
        if on and self.view.get("covered"):
            self.error = refusal("Nothing can be deduced while the device passes: press Show my seat first.")
            return False
        with self.hold():
            self.error = {}
            self._aid_open = on
            self._aid_follow()
        return True

    def _draw_part(self) -> None:
        self._aid_follow()
        super()._draw_part()

    def _aid_follow(self) -> None:
        """Redraw the open aid from the view now shown; close it when the device passes."""
        view = self.view
        if view.get("covered"):
            self._aid_open = False
        if not self._aid_open:
            self.aid = {}
        elif view.get("omniscient") or not view.get("seat"):
            self.aid = {"open": True, "note": "The teaching view is nobody's view: the aid shows what one seat "
                                              "can deduce, so it waits for a seat's own view."}
        else:
            try:
                self.aid = panel(view)
            except SpynbError as err:  # a view no deal of the setup agrees with: say so beside the board
                self.aid = {"open": True, "note": f"No deduction: {err}"}
            except Exception:  # noqa: BLE001 - the aid's own failure never stops the game beside it
                self.aid = {"open": True, "note": "No deduction: the aid could not work this position out. "
                                                  "The game goes on; nothing of it changed."}

    def _aid_message(self, content: dict[str, Any]) -> None:
        """``{"kind": "aid", "on": true | false}``."""
        self.show_aid(content.get("on"))
