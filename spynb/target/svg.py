"""SVG drawing of The Target: the circle of envelopes and HQs (TG-2) seen through one view.

Colours are the Okabe–Ito palette (safe for colour-blind readers); every
piece carries a ``<title>`` as its text alternative.

>>> from . import TargetState
>>> svg = draw(TargetState.scenario(5, front={2: ["tailed"]}).view(1))
>>> svg.startswith("<svg") and "seat 2" in svg and "Tailed" in svg and "KGB HQ" in svg
True
"""

from __future__ import annotations

import math
from typing import Any

from spynb.engine import View
from spynb.engine.wording import counted
from .cards import (ATTACKS, CATEGORY, COUNTERS, DECK_OF, DEFLECTS, DIRTY, INTEL, TOKEN_FOR, WATCH_DISTANCE,
                                describe)

from spynb.render import escape

__all__ = ["draw", "card_face", "DECK_COLOURS", "CATEGORY_COLOURS"]

DECK_COLOURS = {"rookie": "#ffffff", "operative": "#0072B2", "espionage": "#E69F00", "intel": "#009E73"}
"""The band of a card's deck (Okabe–Ito); the Rookie band takes its category's colour."""
CATEGORY_COLOURS = {"training": "#D55E00", "materials": "#56B4E9", "contacts": "#CC79A7", "languages": "#F0E442"}
_LIGHT = {"#ffffff", "#E69F00", "#56B4E9", "#CC79A7", "#F0E442"}
"""Bands dark text reads on."""

_EFFECTS = {
    "missed": ("Cancels every attack on the Target this turn; saves Intel from a Bombed.", "TG-6"),
    "outed": ("The Target shows their affiliation to a player of their choice.", "TG-7"),
    "blown-cover": ("Surveillance: the Target plays face up while it stays.", "TG-8"),
    "slip": ("Evasion: removes one Espionage card played on you.", "TG-7"),
    "deep-cover": ("Evasion: removes every Espionage card played on you.", "TG-7"),
    "reverse": ("Play reverses direction from the next turn.", "TG-10"),
    "advance-hq": ("The next Target is the next HQ.", "TG-10"),
}


def _effect(card: str) -> tuple[str, str]:
    """What a card does, in one sentence (rulebook: the card texts), and the ruling it follows (shown beside)."""
    if card in _EFFECTS:
        return _EFFECTS[card]
    if card in ATTACKS:
        return "Attack: the Target discards their hand, draws 4 Rookie cards and returns every token." + (
            " On an HQ it destroys this turn's Intel." if card == "bombed" else ""), "TG-6"
    if card in WATCH_DISTANCE:
        return (f"Surveillance: before each play the Target shows their card to the player "
                f"{counted(WATCH_DISTANCE[card], 'seat')} clockwise."), "TG-8"
    if card in DEFLECTS:
        return f"The pile goes to the {'next' if DEFLECTS[card] > 0 else 'previous'} player instead.", "TG-5"
    if card in DIRTY:
        return f"Counts as Intel {card[-1].upper()}; three Dirty Intel deposited win for the Double Agents.", "TG-14"
    if card in INTEL:
        return f"Deposit three Intel {card[-1].upper()} at your team's HQ to win.", "TG-14"
    category = CATEGORY[card]
    if category == "languages":
        return "Three Languages: one restore from any advanced deck, no token.", "TG-11"
    return f"Three {category.title()}: the {TOKEN_FOR[category].title()} clearance token.", "TG-11"


def card_face(card: str) -> dict[str, Any]:
    """What a card's face shows: deck, category, name, effect (with the ruling it follows) and counter, with its
    band's colours.

    >>> face = card_face("shot")
    >>> face["deck"], face["name"], face["counter"]
    ('operative', 'Shot', ['Firearms', 'Kevlar'])
    >>> card_face("french")["effect"], card_face("french")["rule"]
    ('Three Languages: one restore from any advanced deck, no token.', 'TG-11')
    """
    deck = DECK_OF[card]
    category = CATEGORY.get(card, "")
    band = CATEGORY_COLOURS[category] if category else DECK_COLOURS[deck]
    counter = [describe(c) for c in COUNTERS[card]] if card in COUNTERS else (
        ["The Slip", "Deep Cover"] if card == "outed" else [])
    effect, rule = _effect(card)
    return {"card": card, "deck": deck, "category": category, "name": describe(card), "effect": effect, "rule": rule,
            "counter": counter, "band": band, "ink": INK if band in _LIGHT else "#ffffff"}

WIDTH, HEIGHT = 620, 600
CENTRE_X, CENTRE_Y, RADIUS = 310, 300, 215
TOKEN_COLOURS = {"operative": "#0072B2", "espionage": "#E69F00", "intel": "#009E73"}
AFFILIATION_COLOURS = {"cia": "#56B4E9", "kgb": "#CC79A7", "double-agent": "#F0E442"}
MARKER = "#D55E00"
INK = "#222222"


def _text(x: float, y: float, text: str, size: int = 11, weight: str = "normal", anchor: str = "middle",
          fill: str = INK) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}" font-family="sans-serif">{escape(text)}</text>')


def _names(cards: Any) -> str:
    return ", ".join(describe(c) for c in cards)


def _position(index: int, count: int) -> tuple[float, float]:
    angle = -math.pi / 2 + 2 * math.pi * index / count  # clockwise from the top, as drawn on screen
    return CENTRE_X + RADIUS * math.cos(angle), CENTRE_Y + RADIUS * math.sin(angle)


def _hq(view: View, name: str, x: float, y: float) -> list[str]:
    deposits = view["deposits"][name]
    label = f"{name} HQ: deposits {_names(deposits) or 'none'}"
    parts = [f'<g><title>{escape(label)}</title>',
             f'<rect x="{x - 52:.1f}" y="{y - 30:.1f}" width="104" height="60" rx="6" fill="#f2f2f2" '
             f'stroke="{INK}" stroke-width="2"/>',
             _text(x, y - 13, f"{name} HQ", 13, "bold")]
    for i, card in enumerate(deposits[:6]):
        parts.append(_text(x - 46 + (i % 3) * 32, y + 5 + (i // 3) * 13, describe(card).replace("Dirty Intel ", "d")
                           .replace("Intel ", ""), 10, "bold" if card.startswith("dirty") else "normal",
                           anchor="start", fill="#A03000" if card.startswith("dirty") else INK))
    if len(deposits) > 6:
        parts.append(_text(x, y + 31, f"+{len(deposits) - 6} more", 9))
    parts.append("</g>")
    return parts


def _seat(view: View, seat: int, x: float, y: float) -> list[str]:
    key = str(seat)
    affiliation = ""
    if view.omniscient:
        affiliation = view["affiliations"][key]
    elif view.seat == seat:
        affiliation = view["affiliation"]
    elif key in view["shown_to_me"]:
        affiliation = view["shown_to_me"][key]
    elif key in view.data.get("affiliations", {}):  # the game is won: every affiliation is shown
        affiliation = view["affiliations"][key]
    tokens, front = view["tokens"][key], view["front"][key]
    label = (f"seat {seat}{' (you)' if view.seat == seat else ''}: {view['hand_sizes'][key]} cards"
             f"{', ' + describe(affiliation) if affiliation else ''}"
             f"{', tokens ' + ', '.join(tokens) if tokens else ''}"
             f"{', in front: ' + _names(front) if front else ''}")
    fill = AFFILIATION_COLOURS.get(affiliation, "#ffffff")
    parts = [f'<g><title>{escape(label)}</title>',
             f'<rect x="{x - 40:.1f}" y="{y - 24:.1f}" width="80" height="48" rx="4" fill="{fill}" '
             f'stroke="{INK}" stroke-width="{3 if view.seat == seat else 1.5}"/>',
             _text(x, y - 7, f"seat {seat}", 12, "bold"),
             _text(x, y + 8, f"{view['hand_sizes'][key]} cards", 10)]
    for i, token in enumerate(tokens):
        parts.append(f'<circle cx="{x - 28 + 11 * i:.1f}" cy="{y + 16:.1f}" r="4.5" fill="{TOKEN_COLOURS[token]}" '
                     f'stroke="{INK}" stroke-width="0.5"/>')
    for i, card in enumerate(front[:3]):
        parts.append(_text(x, y + 36 + 12 * i, describe(card), 9, fill="#A03000"))
    if len(front) > 3:
        parts.append(_text(x, y + 72, f"+{len(front) - 3}", 9, fill="#A03000"))
    parts.append("</g>")
    return parts


def draw(view: View) -> str:
    """The circle as SVG: envelopes, HQs and deposits, tokens, cards in front, marker, pile."""
    circle = view["circle"]
    title = view.label
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}">',
             f"<title>{escape(title)}</title>",
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
             _text(10, 18, title, 12, "bold", anchor="start"),
             _text(10, 34, f"turn {view['turn_number']} · {view['stage_title']}", 11, anchor="start"),
             f'<circle cx="{CENTRE_X}" cy="{CENTRE_Y}" r="{RADIUS}" fill="none" stroke="#bbbbbb" '
             'stroke-dasharray="4 4"/>']
    for index, position in enumerate(circle):
        x, y = _position(index, len(circle))
        if position == view["marker"]:
            parts.append(f'<g><title>The Target Marker is here</title><circle cx="{x:.1f}" cy="{y:.1f}" r="52" '
                         f'fill="none" stroke="{MARKER}" stroke-width="4"/></g>')
        if view["receiver"] is not None and position == view["receiver"] and position != view["marker"]:
            parts.append(f'<g><title>This player receives the pile this turn (Deflect)</title><circle '
                         f'cx="{x:.1f}" cy="{y:.1f}" r="52" fill="none" stroke="{MARKER}" stroke-width="2" '
                         'stroke-dasharray="6 3"/></g>')
        parts.extend(_hq(view, position, x, y) if isinstance(position, str) else _seat(view, position, x, y))
    arrow = "↻ clockwise" if view["direction"] == "clockwise" else "↺ counter-clockwise"
    parts.append(_text(CENTRE_X, CENTRE_Y - 60, arrow, 13, "bold"))
    pile = view["pile"] or view["revealed"]
    if pile:
        parts.append(f"<g><title>{escape('Pile: ' + _names(pile))}</title>")
        parts.append(_text(CENTRE_X, CENTRE_Y - 38, "pile" if view["pile"] else "revealed pile", 11, "bold"))
        for i, card in enumerate(pile[:12]):
            parts.append(_text(CENTRE_X - 60 + 120 * (i % 2), CENTRE_Y - 20 + 14 * (i // 2), describe(card), 10))
        parts.append("</g>")
    elif view["played"]:
        parts.append(_text(CENTRE_X, CENTRE_Y, f"{counted(len(view['played']), 'card')} face down", 11))
    if view["winner"]:
        parts.append(_text(CENTRE_X, HEIGHT - 12, f"{describe(view['winner'])} win", 14, "bold", fill=MARKER))
    parts.append("</svg>")
    return "\n".join(parts)
