"""The deduction aid beside a board: what the seat shown can infer, as plain data for a panel.

The panel is :func:`spynb.prob.deduce.deduce` drawn in the browser:

* The Target — each other seat's chance of each affiliation (TG-1, TG-7);
* Cloak & Dagger — for each envelope the notes leave uncertain, the chance of
  each kind of card in it (CD-10); envelopes the notes settle are listed, not drawn.

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
from typing import Any

from ..engine import FrozenDict, SpynbError, View
from ..prob.deduce import Deduction, deduce
from ..prob.stats import Estimate
from .fields import Field
from .parts import BoardPart
from .refusals import refusal

__all__ = ["panel", "view_of", "aid_options", "DeductionAid", "AID_GAMES", "AID_KINDS"]

AID_GAMES = ("target", "cloak-dagger")
"""The games whose boards offer the aid."""
AID_KINDS = frozenset({"aid"})
"""The intentions this module answers."""
EXACT_LIMIT = 3 ** 8
"""The Target: list every deal of the other seats when there are at most this many (up to 9 seats), else
sample; listing 3⁹ deals for 10 seats takes a good part of a second in the browser, sampling a few hundredths."""
TRIALS = 2000
"""Deals kept when the aid samples (each cell's 95% interval is then at most about ±0.02 wide)."""
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


def aid_options(game: str) -> dict[str, Any]:
    """The options the board's aid passes to :func:`~spynb.prob.deduce.deduce` for ``game``."""
    return {"exact_limit": EXACT_LIMIT, "trials": TRIALS, "seed": 0} if game == "target" else {}


def _cell(cell: Fraction | Estimate | None) -> dict[str, Any]:
    if isinstance(cell, Estimate):
        return {"kind": "sampled", "value": cell.value, "low": cell.low, "high": cell.high, "n": cell.n,
                "text": f"{cell.value:.3f} ±{cell.half_width:.3f}",
                "title": f"sampled: 95% interval {cell.low:.3f} to {cell.high:.3f} ({cell.n} deals)"}
    if cell is None:
        return {"kind": "none", "value": None, "text": "—", "title": "not computed"}
    text = str(cell) if cell.denominator <= SHORT_DENOMINATOR else f"{float(cell):.3f}"
    return {"kind": "exact", "value": float(cell), "fraction": str(cell), "text": text, "title": f"exactly {cell}"}


def _uncertain(row: Mapping[str, Any]) -> bool:
    return any(c is not None and (isinstance(c, Estimate) or 0 < c < 1) for c in row.values())


def _rows(view: View, table: Deduction) -> tuple[list[dict[str, Any]], str]:
    """The rows the panel draws, and a sentence on the rows it leaves out."""
    if view.game == "target":
        return [{"key": seat, "seat": seat, "label": f"Seat {seat}", "note": "",
                 "cells": [_cell(table[seat][c]) for c in table.columns]} for seat in table.rows], ""
    notes = {note["envelope"]: " ".join([*note["letters"], *"?" * note["unknown"], *"…" * (not note["complete"])])
             for note in view["notes"]}  # the note as the seat wrote it: letters seen, ? unseen, … looked in part
    shown = [e for e in table.rows if _uncertain(table[e])]
    settled = [e for e in table.rows if e not in shown]
    rows = [{"key": e, "seat": None, "label": f"Envelope {e}", "note": notes.get(e, ""),
             "cells": [_cell(table[e][c]) for c in table.columns]} for e in shown]
    left = (f"Settled by your notes (every kind certain): envelope{'s' if len(settled) > 1 else ''} "
            f"{', '.join(map(str, settled))}." if settled else "")
    return rows, left


def _method(table: Deduction) -> str:
    if table.exact:
        return (f"Exact, over every deal your view allows: a fraction, or a decimal when its bottom number "
                f"is over {SHORT_DENOMINATOR}.")
    return f"Sampled ({TRIALS} deals that agree with your view): each figure ± half its 95% interval."


def _panel(view: View) -> dict[str, Any]:
    table = deduce(view, **aid_options(view.game))
    rows, left = _rows(view, table)
    return {"open": True, "game": view.game, "seat": view.seat, "title": table.title, "columns": list(table.columns),
            "rows": rows, "kind": "exact" if table.exact else "sampled", "method": _method(table),
            "left_out": left, "notes": list(table.notes), "note_rules": list(table.note_rules)}


@lru_cache(maxsize=64)
def _panel_text(view_text: str) -> str:
    return json.dumps(_panel(view_of(json.loads(view_text))))


def panel(view: Mapping[str, Any]) -> dict[str, Any]:
    """The aid's panel for the seat whose view (JSON form) is ``view``: plain, JSON-safe data (see the module doc).

    :raises SpynbError: for a view that is not a seat's, or a game without an aid.
    """
    if view.get("game") not in AID_GAMES:
        raise SpynbError(f"no deduction aid on the board of {view.get('game')!r}")
    data: dict[str, Any] = json.loads(_panel_text(json.dumps(view, sort_keys=True)))
    return data


class DeductionAid(BoardPart):
    """The aid's panel on a :class:`~spynb.widgets.play.BoardController` (mixed into it)."""

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
        if self.GAME not in AID_GAMES:
            self.error = refusal("There is no deduction aid for this game: only The Target's and Cloak & Dagger's "
                                 "boards have one.")
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

    def _aid_follow(self) -> None:
        """Redraw the open aid from the view now shown; close it when the device passes (called by every
        redraw of the board)."""
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

    def _aid_message(self, content: dict[str, Any]) -> None:
        """``{"kind": "aid", "on": true | false}``."""
        self.show_aid(content.get("on"))
