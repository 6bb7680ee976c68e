"""Kuhn poker drawn as SVG from a view: two cards (a hidden one face down), the pot and the betting."""

from __future__ import annotations

from spynb.engine import View
from spynb.render import escape

from .display import status
from .narration import CARD_NAMES

__all__ = ["draw"]


def _card(x: int, seat: str, card: str) -> str:
    face = "#fdfaf2" if card != "?" else "#2d5d8a"
    name = CARD_NAMES.get(card, "face down")
    return (f'<g><title>Seat {escape(seat)}: {escape(name)}</title>'
            f'<rect x="{x}" y="30" width="60" height="84" rx="6" fill="{face}" stroke="#1a1a1a"/>'
            f'<text x="{x + 30}" y="82" text-anchor="middle" font-size="28">{escape(card)}</text>'
            f'<text x="{x + 30}" y="20" text-anchor="middle" font-size="13">seat {escape(seat)}</text></g>')


def draw(view: View) -> str:
    """The view as an SVG picture, every text escaped.

    >>> import spynb
    >>> draw(spynb.new_game("kuhn", seed=1).view(1)).startswith('<svg')
    True
    """
    cards = "".join(_card(20 + 110 * i, seat, card) for i, (seat, card) in enumerate(view["cards"].items()))
    betting = ", ".join(view["moves"]) or "no bets yet"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 170" width="320" height="170" role="img" '
            f'aria-label="{escape(view.label)}">{cards}'
            f'<text x="240" y="60" font-size="14">pot {view["pot"]}</text>'
            f'<text x="20" y="140" font-size="13">{escape(betting)}</text>'
            f'<text x="20" y="160" font-size="13">{escape(status(view))}</text></svg>')
