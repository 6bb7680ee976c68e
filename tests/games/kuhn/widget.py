"""The Kuhn poker board: the seat's card, the other face down until a showdown, and a button per move.

>>> board = KuhnController(seed=1)
>>> board.legal, board.play("call")
(['bet', 'check'], False)
>>> board.error["rule"]
'KP-4'
"""

from __future__ import annotations

from typing import Any, ClassVar

from spynb.widgets.play import BoardController, lazy_board

from .narration import CARD_NAMES

__all__ = ["KuhnController"]


class KuhnController(BoardController):
    """Kuhn poker: check, bet, call or fold with one card in hand."""

    GAME: ClassVar[str] = "kuhn"

    def glossary_data(self) -> dict[str, Any]:
        return {"card_names": dict(CARD_NAMES)}

    def changed_keys(self, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        cards, was = after.get("cards", {}), before.get("cards", {})
        return [f"card-{seat}" for seat in cards if cards[seat] != was.get(seat)]


__getattr__ = lazy_board(__name__, KuhnController)
"""``KuhnBoard`` (also ``BOARD``), the notebook's anywidget of the controller, is made when first asked for."""
