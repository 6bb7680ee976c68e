"""Cloak & Dagger's deduction aid: for each envelope the notes leave uncertain, the chance of each kind of card
in it (CD-10); envelopes the notes settle are listed, not drawn."""

from __future__ import annotations

from collections.abc import Mapping

from spynb.engine import View
from spynb.prob.deduce import Cell, Deduction
from spynb.prob.stats import Estimate
from spynb.widgets.aid import AidRows, Row, panel_row

__all__ = ["AID_ROWS"]


def _uncertain(row: Mapping[str, Cell]) -> bool:
    """Whether some cell of ``row`` is not a certain 0 or 1: a chance, or None (a move the seat was not shown may
    have changed the envelope)."""
    return any(c is None or isinstance(c, Estimate) or 0 < c < 1 for c in row.values())


def envelope_rows(view: View, table: Deduction) -> tuple[list[Row], str]:
    """A row per envelope the notes leave uncertain, beside the note as the seat wrote it (letters seen,
    ? unseen, … looked in part); a sentence naming the settled ones."""
    notes = {note["envelope"]: " ".join([*note["letters"], *"?" * note["unknown"], *"…" * (not note["complete"])])
             for note in view["notes"]}
    shown = [e for e in table.rows if _uncertain(table[e])]
    settled = [e for e in table.rows if e not in shown]
    rows = [panel_row(e, f"Envelope {e}", [table[e][c] for c in table.columns], note=notes.get(e, ""))
            for e in shown]
    left = (f"Settled by your notes (every kind certain): envelope{'s' if len(settled) > 1 else ''} "
            f"{', '.join(map(str, settled))}." if settled else "")
    return rows, left


AID_ROWS = AidRows("Envelope", envelope_rows)
