"""The Target's deduction aid: each other seat's chance of each affiliation (TG-1, TG-7)."""

from __future__ import annotations

from spynb.engine import View
from spynb.prob.deduce import Deduction
from spynb.widgets.aid import AidRows, Row, panel_row

__all__ = ["AID_ROWS", "EXACT_LIMIT", "TRIALS"]

EXACT_LIMIT = 3 ** 8
"""List every deal of the other seats when there are at most this many (up to 9 seats), else sample; listing
3⁹ deals for 10 seats takes a good part of a second in the browser, sampling a few hundredths."""
TRIALS = 2000
"""Deals kept when the aid samples (each cell's 95% interval is then at most about ±0.02 wide)."""


def seat_rows(view: View, table: Deduction) -> tuple[list[Row], str]:
    """One row per other seat, none left out."""
    return [panel_row(seat, f"Seat {seat}", [table[seat][c] for c in table.columns], seat=seat)
            for seat in table.rows], ""


AID_ROWS = AidRows("Seat", seat_rows, {"exact_limit": EXACT_LIMIT, "trials": TRIALS, "seed": 0})
