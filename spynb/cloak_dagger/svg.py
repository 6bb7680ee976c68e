"""Cloak & Dagger drawn as SVG from a view: the box of twenty envelopes with card faces, and a key.

The card faces are data (:data:`KINDS`, :func:`card_face`) that the live board
draws too (its glossary carries them), so a static picture looks like the board:
a card is a tile coloured by its kind, with the kind's icon, its letter and its
name — a document, an agent (with the seat that owns it), a double agent, a hazard.
"""

from __future__ import annotations

from .cards import CARD_NAMES, CLOAKS, DAGGERS, DOCUMENTS, IMPLEMENTS, owner_of
from spynb.engine import View
from spynb.engine.wording import counted

from spynb.render import escape

__all__ = ["KINDS", "card_face", "draw"]

KINDS: dict[str, dict[str, str]] = {
    # Okabe–Ito colours; every face also shows an icon, a letter and a name (colour is never alone)
    "document": {"label": "Document", "fill": "#F0E442", "ink": "#1a1a1a",
                 "icon": "M6 2h9l5 5v15H6Z M15 2v5h5", "says": "what a seat collects to win"},
    "agent": {"label": "Agent", "fill": "#0072B2", "ink": "#ffffff",
              "icon": "M3 16h18v2H3Z M7 16l1.5-9h7L17 16Z", "says": "a seat's cloak or dagger (its owner's seat shown)"},
    "double": {"label": "Double agent", "fill": "#009E73", "ink": "#ffffff",
               "icon": "M3 8h18v4c0 4-4 5-6 3l-3-2-3 2c-2 2-6 1-6-3Z", "says": "pistol, binocular or camera"},
    "hazard": {"label": "Hazard", "fill": "#D55E00", "ink": "#ffffff",
               "icon": "M12 3 22 21H2Z M11 9v6h2V9Z M11 17v2h2v-2Z", "says": "a character card, tracked or avoided"},
}
"""The four kinds of card a learner tells apart: label, colours, icon (an SVG path in a 24×24 box)."""

_SHORT = {"a": "Pistol", "b": "Binocular", "c": "Camera", "X": "Secret plans", "Y": "Private report",
          "Z": "Coded message"}


def card_face(card: str) -> dict[str, object]:
    """What a card's face shows: ``{letter, kind, name, short, owner}``.

    >>> card_face("E")["short"], card_face("E")["owner"], card_face("a")["kind"]
    ('Dagger', 2, 'double')
    """
    if card in IMPLEMENTS:
        kind = "double"
    elif card in CLOAKS or card in DAGGERS:
        kind = "agent"
    elif card in DOCUMENTS:
        kind = "document"
    else:
        kind = "hazard"
    short = _SHORT.get(card) or ("Cloak" if card in CLOAKS else "Dagger" if card in DAGGERS else f"Hazard {card}")
    return {"letter": card, "kind": kind, "name": CARD_NAMES[card], "short": short, "owner": owner_of(card)}


CELL_W, CELL_H, PAD = 150, 96, 8
FACE_W, FACE_H = 68, 34


def _face(card: str, x: float, y: float) -> str:
    """One card face as SVG at (x, y); ``?`` is a card not seen."""
    if card == "?":
        return (f'<g><rect x="{x}" y="{y}" width="{FACE_W}" height="{FACE_H}" rx="4" fill="#ffffff" '
                f'stroke="#555" stroke-dasharray="3 2"/><text x="{x + FACE_W / 2}" y="{y + 22}" font-size="14" '
                f'text-anchor="middle" fill="#333">? unseen</text></g>')
    face = card_face(card)
    kind = KINDS[str(face["kind"])]
    owner = f" · seat {face['owner']}" if face["owner"] else ""
    return (f'<g><title>{escape(face["name"])}</title><rect x="{x}" y="{y}" width="{FACE_W}" height="{FACE_H}" '
            f'rx="4" fill="{kind["fill"]}" stroke="#1a1a1a"/>'
            f'<path transform="translate({x + 3} {y + 3}) scale(0.6)" d="{kind["icon"]}" fill="none" '
            f'stroke="{kind["ink"]}" stroke-width="2.2" fill-rule="evenodd"/>'
            f'<text x="{x + 20}" y="{y + 14}" font-size="13" font-weight="bold" fill="{kind["ink"]}">'
            f'{escape(card)}</text><text x="{x + 3}" y="{y + 29}" font-size="9" fill="{kind["ink"]}">'
            f'{escape(str(face["short"]) + owner)}</text></g>')


def _cards(envelope: int, view: View) -> tuple[str, str, str]:
    """(cards shown, cards gone, note) for one envelope."""
    if view.omniscient:
        return view["envelopes"][str(envelope)], "", ""
    note = view["notes"][envelope - 1]
    if note["seen_turn"] is None:
        return "", "", "not looked into"
    more = "" if note["complete"] else " · maybe more"
    return note["letters"] + "?" * note["unknown"], note["gone"], f"seen turn {note['seen_turn']}{more}"


def _swatch(kind: dict[str, str], x: float, y: float) -> str:
    """A kind's colour and icon with its name, no letter (a key must not look like a card someone holds)."""
    return (f'<g><rect x="{x}" y="{y}" width="{FACE_W + 30}" height="{FACE_H - 10}" rx="4" fill="{kind["fill"]}" '
            f'stroke="#1a1a1a"/><path transform="translate({x + 3} {y + 3}) scale(0.75)" d="{kind["icon"]}" '
            f'fill="none" stroke="{kind["ink"]}" stroke-width="2.2" fill-rule="evenodd"/>'
            f'<text x="{x + 24}" y="{y + 17}" font-size="11" font-weight="bold" fill="{kind["ink"]}">'
            f'{escape(kind["label"])}</text></g>')


def _key(y: float) -> list[str]:
    parts = [f'<text x="{PAD}" y="{y + 16}" font-size="12" font-weight="bold">Key:</text>']
    parts += [_swatch(kind, PAD + 40 + i * 180, y) for i, kind in enumerate(KINDS.values())]
    return parts


def draw(view: View) -> str:
    """The box as four rows of five envelopes, hands and stack below, then the key of card kinds."""
    width, height = 5 * CELL_W + 2 * PAD, 4 * CELL_H + 110
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" '
             f'aria-label="{escape(view.label)}">', f'<title>{escape(view.label)}</title>',
             f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    selected = view.data.get("selected") or (view.data.get("opened") or {}).get("envelope")
    for envelope in range(1, 21):
        x, y = PAD + (envelope - 1) % 5 * CELL_W, PAD + (envelope - 1) // 5 * CELL_H
        cards, gone, note = _cards(envelope, view)
        stroke = "#E69F00" if envelope == selected else "#6b5a3a"
        parts.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL_W - 4}" height="{CELL_H - 4}" rx="6" '
                     f'fill="#f3e7c9" stroke="{stroke}" stroke-width="{3 if envelope == selected else 1.2}"/>'
                     f'<path d="M{x + 2} {y + 2}l{(CELL_W - 4) / 2} 14l{(CELL_W - 4) / 2} -14" fill="none" '
                     f'stroke="#b59a64"/>')
        parts.append(f'<text x="{x + 8}" y="{y + 16}" font-size="13" font-weight="bold" fill="#333">{envelope}</text>')
        for i, card in enumerate(cards[:4]):
            parts.append(_face(card, x + 6 + i % 2 * (FACE_W + 4), y + 20 + i // 2 * (FACE_H + 2)))
        if not cards and note == "" or (not cards and view.omniscient):
            parts.append(f'<text x="{x + 40}" y="{y + 50}" font-size="12" fill="#555">empty</text>')
        if gone:
            parts.append(f'<text x="{x + 8}" y="{y + CELL_H - 8}" font-size="10" fill="#555">gone: <tspan '
                         f'text-decoration="line-through">{escape(" ".join(gone))}</tspan></text>')
        elif note:
            parts.append(f'<text x="{x + 8}" y="{y + CELL_H - 8}" font-size="10" fill="#555">{escape(note)}</text>')
    base = 4 * CELL_H + PAD + 22
    if view.omniscient:
        hands = "  ".join(f"seat {s}: {c or '—'}" for s, c in view["hands"].items())
    else:
        hands = f"your hand: {view['hand'] or '—'}   " + "  ".join(
            f"seat {s}: {counted(n, 'card')}" for s, n in view["hand_sizes"].items())
    parts.append(f'<text x="{PAD}" y="{base}" font-size="13">{escape(hands)}</text>')
    parts.append(f'<text x="{PAD}" y="{base + 20}" font-size="13">{escape(view.label)} · stack '
                 f'{view["stack_size"]}</text>')
    parts += _key(base + 32)
    parts.append("</svg>")
    return "".join(parts)
