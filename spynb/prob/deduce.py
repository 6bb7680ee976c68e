"""A deduction aid: what one seat can infer about the hidden parts of a game, from its view alone.

``deduce(state_or_view, seat)`` reads ``view(seat)`` — nothing else — and
returns a :class:`Deduction`, a table of chances with a text and an HTML
form:

* The Target: each other seat's affiliation (:mod:`spynb.prob.affiliations`);
* Cloak & Dagger: each card kind in each envelope of the notes
  (:mod:`spynb.prob.envelopes`);
* KLOAK: each colour under each big piece (:mod:`spynb.prob.covered`).

Exact cells are ``Fraction``s; sampled cells are :class:`~spynb.prob.stats.Estimate`
with a 95% interval.

>>> import spynb
>>> game = spynb.new_game("target", seats=4, seed=2)
>>> table = deduce(game, 1)
>>> table.exact, table.columns
(True, ('CIA', 'KGB', 'Double Agent'))
>>> sum(table[2].values()) == 1
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from spynb.engine import SpynbError, View

from .stats import Estimate

__all__ = ["Deduction", "deduce", "as_view", "seat_of"]

Cell = Fraction | Estimate | None


@dataclass(frozen=True)
class Deduction:
    """A table of chances: ``cells[row][column]``, exact (``Fraction``) or sampled (``Estimate``)."""

    title: str
    seat: int
    columns: tuple[str, ...]
    cells: Mapping[Any, Mapping[str, Cell]]
    exact: bool
    notes: tuple[str, ...] = field(default=())
    note_rules: tuple[str, ...] = field(default=())
    """The id of the rule each note applies ("" for none), kept beside the note rather than in it."""

    def __getitem__(self, row: Any) -> Mapping[str, Cell]:
        return self.cells[row]

    @property
    def rows(self) -> tuple[Any, ...]:
        return tuple(self.cells)

    def value(self, row: Any, column: str) -> float | None:
        """A cell as a plain number (an estimate's centre)."""
        cell = self.cells[row][column]
        if cell is None:
            return None
        return cell.value if isinstance(cell, Estimate) else float(cell)

    def _text(self, cell: Cell) -> str:
        if cell is None:
            return "—"
        if isinstance(cell, Estimate):
            return f"{cell.value:.3f} ±{cell.half_width:.3f}"
        return f"{float(cell):.3f}"

    def __str__(self) -> str:
        head = ["", *self.columns]
        body = [[str(row), *(self._text(c.get(col)) for col in self.columns)] for row, c in self.cells.items()]
        widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
        lines = [self.title, "  ".join(h.rjust(w) for h, w in zip(head, widths))]
        lines += ["  ".join(x.rjust(w) for x, w in zip(r, widths)) for r in body]
        kind = "exact" if self.exact else "sampled, ± half the 95% interval"
        return "\n".join([*lines, f"({kind})", *self.notes])

    __repr__ = __str__

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in ("", *self.columns))
        rows = "".join(
            "<tr><th>" + html.escape(str(row)) + "</th>"
            + "".join(f'<td style="text-align:right">{html.escape(self._text(c.get(col)))}</td>' for col in self.columns)
            + "</tr>" for row, c in self.cells.items())
        kind = "exact" if self.exact else "sampled (± half the 95% interval)"
        notes = "".join(f"<li>{html.escape(n)}{_rule_link(rule)}</li>"
                        for n, rule in zip(self.notes, (*self.note_rules, *[""] * len(self.notes))))
        return (f"<div><b>{html.escape(self.title)}</b><table><thead><tr>{head}</tr></thead>"
                f"<tbody>{rows}</tbody></table><small>{kind}</small><ul>{notes}</ul></div>")


def _rule_link(rule: str) -> str:
    """A small link to ``rule`` on the rules page, after a note ("" for no rule)."""
    if not rule:
        return ""
    from spynb.rulespage import rule_href

    href = html.escape(rule_href(rule))
    return f' <small><a href="{href}" target="_blank" rel="noopener">{html.escape(rule)} ↗</a></small>'


def as_view(state_or_view: Any, seat: int | None = None) -> View:
    """A seat's view: ``state_or_view`` itself if it is one, else its ``view(seat)``.

    :raises SpynbError: for the omniscient view, or a view of another seat than ``seat``.
    """
    if isinstance(state_or_view, View):
        view = state_or_view
        if seat is not None and view.seat != seat:
            raise SpynbError(f"this is seat {view.seat}'s view, not seat {seat}'s")
    else:
        if seat is None:
            raise SpynbError("name the seat whose knowledge to use: deduce(state, seat)")
        view = state_or_view.view(seat)
    if view.seat is None:
        raise SpynbError("the omniscient view knows everything: deduce from a seat's view")
    return view


def seat_of(view: View) -> int:
    """The seat a view belongs to.

    :raises SpynbError: for the omniscient view.
    """
    if view.seat is None:
        raise SpynbError("the omniscient view knows everything: deduce from a seat's view")
    return view.seat


def deduce(state_or_view: Any, seat: int | None = None, **options: Any) -> Deduction:
    """What ``seat`` can infer from its view (see the module doc); ``options`` go to the game's aid.

    :raises SpynbError: for a game without an aid, or a view that is not a seat's.
    """
    view = as_view(state_or_view, seat)
    if view.game == "target":
        from .affiliations import affiliation_table

        return affiliation_table(view, **options)
    if view.game == "cloak-dagger":
        from .envelopes import envelope_table

        return envelope_table(view, **options)
    if view.game == "kloak":
        from .covered import covered_table

        return covered_table(view, **options)
    raise SpynbError(f"no deduction aid for {view.game!r}")
