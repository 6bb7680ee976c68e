"""Draw a KLOAK view as SVG: the 5×5 board, big and small pieces, scores.

Small pieces are discs in Okabe–Ito colour-blind-safe colours, each with its
colour letter; big pieces are dark octagons drawn over the square.  A big
piece kloaking a piece shows that piece's letter on a coloured disc in the
omniscient view, ``?`` in a seat's view (or, with ``memory=True``, the letter
the memory aid recalls, in lower case).  Every piece has a ``<title>`` for
screen readers.  Drawn from a view only.

>>> import spynb
>>> svg = draw(spynb.new_game("kloak", seed=1).view(1))
>>> svg.startswith("<svg") and svg.count("<circle") == 15 and "big piece" in svg
True
"""

from __future__ import annotations

from spynb.engine import View
from .board import COLOUR_NAMES, FILES, PALETTE, RANKS
from .display import status_line
from .memory import memory_aid

from spynb.render import escape

__all__ = ["draw"]

CELL, MARGIN, TOP = 64, 28, 34
_DARK_TEXT = {"Y", "O", "S"}  # letters drawn dark on light fills, light on dark ones


def _xy(square: str) -> tuple[int, int]:
    return MARGIN + FILES.index(square[0]) * CELL, TOP + (5 - int(square[1])) * CELL


def _disc(cx: float, cy: float, r: float, colour: str | None, label: str, title: str) -> str:
    fill = PALETTE.get(colour or "", "#FFFFFF")
    ink = "#000000" if colour in _DARK_TEXT or colour is None else "#FFFFFF"
    return (f'<g><title>{escape(title)}</title><circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" '
            f'stroke="#000000" stroke-width="1.5"/><text x="{cx}" y="{cy + 6}" text-anchor="middle" '
            f'font-family="sans-serif" font-size="17" font-weight="bold" fill="{ink}">{escape(label)}</text></g>')


def _octagon(x: int, y: int) -> str:
    a, b = 6, 20
    pts = [(x + b, y + a), (x + CELL - b, y + a), (x + CELL - a, y + b), (x + CELL - a, y + CELL - b),
           (x + CELL - b, y + CELL - a), (x + b, y + CELL - a), (x + a, y + CELL - b), (x + a, y + b)]
    return " ".join(f"{px},{py}" for px, py in pts)


def draw(view: View, memory: bool = False) -> str:
    """SVG text for a view (``memory``: fill hidden colours from the memory aid, KL-13)."""
    recalled = memory_aid(view) if memory and not view.omniscient else {}
    width, height = 2 * MARGIN + 5 * CELL, TOP + 5 * CELL + 58
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(view.label)}">',
             f'<title>{escape(view.label)}</title>',
             f'<text x="{MARGIN}" y="20" font-family="sans-serif" font-size="14">{escape(status_line(view))}</text>']
    for rank in RANKS:
        for f in FILES:
            x, y = _xy(f"{f}{rank}")
            shade = "#EEEEEE" if (FILES.index(f) + rank) % 2 else "#FFFFFF"
            parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{shade}" stroke="#777777"/>')
    for i, f in enumerate(FILES):
        parts.append(f'<text x="{MARGIN + i * CELL + CELL // 2}" y="{TOP + 5 * CELL + 16}" text-anchor="middle" '
                     f'font-family="sans-serif" font-size="12">{f}</text>')
    for rank in RANKS:
        parts.append(f'<text x="{MARGIN - 14}" y="{TOP + (5 - rank) * CELL + CELL // 2 + 4}" '
                     f'font-family="sans-serif" font-size="12">{rank}</text>')
    small, big = view["small"], set(view["big"])
    for square, colour in small.items():
        if square in big:
            continue
        x, y = _xy(square)
        parts.append(_disc(x + CELL / 2, y + CELL / 2, 20, colour,
                           colour, f"{square}: small piece, {COLOUR_NAMES.get(colour, colour)} ({colour})"))
    for square in sorted(big):
        x, y = _xy(square)
        under = small.get(square)
        if under is None:
            title = f"{square}: big piece"
        elif under == "?":
            title = f"{square}: big piece kloaking a small piece of unknown colour"
        else:
            title = f"{square}: big piece kloaking a {COLOUR_NAMES.get(under, under)} small piece ({under})"
        parts.append(f'<g><title>{escape(title)}</title><polygon points="{_octagon(x, y)}" fill="#333333" '
                     f'fill-opacity="0.9" stroke="#000000" stroke-width="2"/></g>')
        if under == "?" and (letter := recalled.get(square)):
            parts.append(_disc(x + CELL / 2, y + CELL / 2, 12, letter, letter.lower(),
                               f"{square}: remembered {COLOUR_NAMES.get(letter, letter)} ({letter})"))
        elif under == "?":
            parts.append(f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 7}" text-anchor="middle" '
                         f'font-family="sans-serif" font-size="20" font-weight="bold" fill="#FFFFFF">?</text>')
        elif under is not None:
            parts.append(_disc(x + CELL / 2, y + CELL / 2, 12, under, under,
                               f"{square}: kloaked {COLOUR_NAMES.get(under, under)} piece ({under})"))
    teams = view["teams"]
    scores = "   ".join(f"{' + '.join(f'seat {s}' for s in team)}: {n}" for team, n in zip(teams, view["team_scores"]))
    parts.append(f'<text x="{MARGIN}" y="{TOP + 5 * CELL + 40}" font-family="sans-serif" font-size="13">'
                 f'scores — {escape(scores)}</text>')
    parts.append("</svg>")
    return "".join(parts)
