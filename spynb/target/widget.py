"""The Target board: the circle of seats and HQs with the marker and direction, the seat's hand, the
revealed pile, face-up cards, deposited Intel, clearance tokens, and the six resolution steps.

Everyone plays a card face down at once (TG-3): in hot-seat play the device
passes to each pending human seat in turn, and nobody's choice shows before
the pile is revealed.  The resolution then runs one step at a time (``resolve``
or the choices a step offers), the current step highlighted.

>>> board = TargetController(seed=2)
>>> board.glossary["steps"][0]
{'stages': ['deflect'], 'title': '1 Deflect', 'rule': 'TG-5'}
"""

from __future__ import annotations

from typing import Any, ClassVar

from .svg import CATEGORY_COLOURS, DECK_COLOURS, card_face
from .cards import AFFILIATION_NAMES, DECK_OF, TOKEN_FOR, describe
from spynb.widgets.play import BoardController, lazy_board

__all__ = ["TargetController"]

STEPS = (
    (("deflect",), "1 Deflect", "TG-5"),
    (("operatives",), "2 Operatives", "TG-6"),
    (("espionage", "outed"), "3 Surveillance and Outed", "TG-7"),
    (("intel",), "4 Intel at an HQ", "TG-9"),
    (("movement",), "5 Reverse and Advance to HQ", "TG-10"),
    (("take", "restore"), "6 Take the rest, restore to 4", "TG-12"),
)


class TargetController(BoardController):
    """The Target: play a card on the Target, then watch (and act in) the six resolution steps."""

    GAME: ClassVar[str] = "target"

    def glossary_data(self) -> dict[str, Any]:
        """The steps, every card's face (the SVG picture draws the same data), the colours and the tokens."""
        return {"steps": [{"stages": list(s), "title": t, "rule": r} for s, t, r in STEPS],
                "decks": dict(DECK_OF), "names": {card: describe(card) for card in DECK_OF},
                "faces": {card: card_face(card) for card in DECK_OF}, "token_for": dict(TOKEN_FOR),
                "deck_colours": dict(DECK_COLOURS), "category_colours": dict(CATEGORY_COLOURS),
                "affiliations": dict(AFFILIATION_NAMES)}

    def changed_keys(self, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        keys = []
        for name in ("hand", "revealed", "deposits", "face_up", "tokens", "marker", "stage", "language_pass"):
            if before.get(name) != after.get(name):
                keys.append(name)
        if "revealed" not in keys and before.get("pile") != after.get("pile"):
            keys.append("revealed")  # the pile's section shows what is left of the revealed pile too
        for seat, cards in after.get("front", {}).items():
            if before.get("front", {}).get(seat) != cards:
                keys.append(f"seat-{seat}")
        return keys


__getattr__ = lazy_board(__name__, TargetController)
"""``TargetBoard`` (also ``BOARD``), the notebook's anywidget of the controller, is made when first asked for."""
