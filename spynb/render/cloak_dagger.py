"""Cloak & Dagger drawn as SVG from a view: the box of twenty envelopes."""

from __future__ import annotations

from spynb.engine import View

from . import escape

CELL_W, CELL_H, PAD = 120, 64, 8
KIND_COLOURS = {"agent": "#0072B2", "double": "#009E73", "hazard": "#D55E00", "document": "#CC79A7", "unknown": "#777"}


def _colour(card: str) -> str:
    if card in "abc":
        return KIND_COLOURS["double"]
    if card in "defghjDEFGHJ":
        return KIND_COLOURS["agent"]
    if card in "XYZ":
        return KIND_COLOURS["document"]
    if card.isalpha():
        return KIND_COLOURS["hazard"]
    return KIND_COLOURS["unknown"]


def _cards(envelope: int, view: View) -> tuple[str, str]:
    """(cards shown, note) for one envelope."""
    if view.omniscient:
        return view["envelopes"][str(envelope)], ""
    note = view["notes"][envelope - 1]
    if note["seen_turn"] is None:
        return "?", "never seen"
    return note["letters"] + "?" * note["unknown"], f"turn {note['seen_turn']}" + (f", gone {note['gone']}" if note["gone"] else "")


def draw(view: View) -> str:
    """The box as four rows of five envelopes, with hands and stack below."""
    width, height = 5 * CELL_W + 2 * PAD, 4 * CELL_H + 80
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" '
             f'aria-label="{escape(view.label)}">', f'<title>{escape(view.label)}</title>']
    selected = view.data.get("selected") or (view.data.get("opened") or {}).get("envelope")
    for envelope in range(1, 21):
        x, y = PAD + (envelope - 1) % 5 * CELL_W, PAD + (envelope - 1) // 5 * CELL_H
        cards, note = _cards(envelope, view)
        stroke = "#E69F00" if envelope == selected else "#444"
        parts.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL_W - 4}" height="{CELL_H - 4}" rx="6" '
                     f'fill="#f7f3e8" stroke="{stroke}" stroke-width="{3 if envelope == selected else 1}"/>')
        parts.append(f'<text x="{x + 8}" y="{y + 18}" font-size="12" fill="#333">{envelope}</text>')
        for i, card in enumerate(cards[:8]):
            parts.append(f'<text x="{x + 28 + i * 11}" y="{y + 20}" font-size="15" font-weight="bold" '
                         f'fill="{_colour(card)}">{escape(card)}</text>')
        if note:
            parts.append(f'<text x="{x + 8}" y="{y + 44}" font-size="10" fill="#555">{escape(note)}</text>')
    base = 4 * CELL_H + PAD + 24
    if view.omniscient:
        hands = "  ".join(f"seat {s}: {c or '—'}" for s, c in view["hands"].items())
    else:
        hands = f"your hand: {view['hand'] or '—'}   " + "  ".join(
            f"seat {s}: {n}" for s, n in view["hand_sizes"].items())
    parts.append(f'<text x="{PAD}" y="{base}" font-size="13">{escape(hands)}</text>')
    parts.append(f'<text x="{PAD}" y="{base + 22}" font-size="13">{escape(view.label)} · stack '
                 f'{view["stack_size"]}</text>')
    parts.append("</svg>")
    return "".join(parts)
