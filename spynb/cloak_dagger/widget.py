"""The Cloak & Dagger board: the box of 20 envelopes, the seat's notes, what was shown.

Selecting an envelope is the action ``"7"``: the engine shows the seat what is
inside (the view's ``opened``) and, when that is compulsory, finishes a
transfer or places a card at once (CD-4, CD-5).  Then the seat chooses:
start a transfer showing one card (optionally taking a second unseen),
track a hazard, or nothing.

>>> board = CloakDaggerController(seed=1)            # seat 1 plays, the others are rule-of-thumb bots
>>> board.viewer, board.players[:2]
(1, ['human', 'rules'])
"""

from __future__ import annotations

from typing import Any, ClassVar

from .cards import CUT_ORDER
from .display import ending_reason
from .svg import KINDS, card_face
from spynb.widgets.play import BoardController, lazy_board

__all__ = ["CloakDaggerController"]


class CloakDaggerController(BoardController):
    """Cloak & Dagger: pick an envelope, see inside privately, then transfer, track or do nothing."""

    GAME: ClassVar[str] = "cloak-dagger"
    REVEALS_TO_ACTOR: ClassVar[frozenset[str]] = frozenset({"open", "show_empty", "placed", "win"})
    """A seat learns something from its own action only by looking inside or drawing a card."""

    def glossary_data(self) -> dict[str, Any]:
        """Every card's face and the key of the four kinds (the SVG picture draws the same data)."""
        return {"faces": {card: card_face(card) for card in CUT_ORDER}, "kinds": KINDS}

    def changed_keys(self, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        keys = []
        if before.get("omniscient") != after.get("omniscient"):
            return []
        if after.get("omniscient"):
            for env, contents in after.get("envelopes", {}).items():
                if before.get("envelopes", {}).get(env) != contents:
                    keys.append(f"env-{env}")
            if before.get("hands") != after.get("hands"):
                keys.append("hand")
        else:
            old = {n["envelope"]: n for n in before.get("notes", [])}
            for note in after.get("notes", []):
                if old.get(note["envelope"]) != note:
                    keys.append(f"env-{note['envelope']}")
            if before.get("hand") != after.get("hand"):
                keys.append("hand")
            sizes = before.get("hand_sizes", {})
            keys += [f"hands-{seat}" for seat, size in after.get("hand_sizes", {}).items() if sizes.get(seat) != size]
        if before.get("stack_size") != after.get("stack_size"):
            keys.append("stack")
        if before.get("opened") != after.get("opened") and after.get("opened"):
            keys.append("opened")
        return keys

    def ending_reason(self, view: dict[str, Any]) -> dict[str, Any]:
        return ending_reason(view) or super().ending_reason(view)


__getattr__ = lazy_board(__name__, CloakDaggerController)
"""``CloakDaggerBoard`` (also ``BOARD``), the notebook's anywidget of the controller, is made when first asked for."""
