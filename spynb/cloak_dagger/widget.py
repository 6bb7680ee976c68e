"""The Cloak & Dagger board: the box of 20 envelopes, the seat's notes, what was shown.

Selecting an envelope is the action ``"7"``: the engine shows the seat what is
inside (the view's ``opened``) and, when that is compulsory, finishes a
transfer or places a card at once (CD-4, CD-5).  Then the seat chooses:
start a transfer showing one card (optionally taking a second unseen),
track a hazard, or nothing.

A transfer starts on the cards in the open envelope (CD-6): :meth:`~CloakDaggerController.pick`
the agent to show (``showing``), optionally the one card to take with it
(``taking``), then :meth:`~CloakDaggerController.start_transfer`.  A card that
cannot be picked is refused with the rule and changes nothing.

>>> board = CloakDaggerController(seed=1)            # seat 1 plays, the others are rule-of-thumb bots
>>> board.viewer, board.players[:2]
(1, ['human', 'rules'])
>>> board.pick("d")                                  # no envelope is open yet
False
"""

from __future__ import annotations

from typing import Any, ClassVar

from spynb.engine import SpynbError
from .actions import Take
from .cards import CUT_ORDER
from .display import ending_reason
from .svg import KINDS, card_face
from spynb.widgets.fields import Field
from spynb.widgets.play import BoardController, lazy_board
from spynb.widgets.refusals import refusal, refusal_for

__all__ = ["CloakDaggerController"]


class CloakDaggerController(BoardController):
    """Cloak & Dagger: pick an envelope, see inside privately, then transfer, track or do nothing."""

    GAME: ClassVar[str] = "cloak-dagger"
    REVEALS_TO_ACTOR: ClassVar[frozenset[str]] = frozenset({"open", "show_empty", "placed", "win"})
    """A seat learns something from its own action only by looking inside or drawing a card."""

    showing = Field("", "The agent picked in the open envelope, to show to all and start a transfer with (CD-6), "
                        "or ''.")
    taking = Field("", "The one card picked to take along with `showing`, unseen (CD-6), or ''.")

    # -- starting a transfer on the cards ----------------------------------------------------
    def pick(self, card: Any) -> bool:
        """Pick ``card`` in the open envelope; True if the picks changed.

        First the agent to show (CD-6: the seat's own cloak or dagger, or ``a``, ``b``, ``c``), then
        optionally one more card of any kind to take with it; the same card again puts it back (the
        agent: both).  Any other card is refused with the rule and changes nothing.
        """
        contents = self._opened_contents()
        if not isinstance(card, str) or len(card) != 1:
            self.error = refusal(f"a card is one letter, not {card!r:.20}")
            return False
        acting = self._acting_seat()
        if contents is None or acting is None:
            self.error = refusal("No transfer can start now. A transfer starts with an empty hand, from the "
                                 "envelope you have just looked into.", rule="CD-6",
                                 citation=self._spec.rules.citation("CD-6"), kind="illegal")
            return False
        if card not in contents:
            self.error = refusal(f"There is no {card} in the envelope you opened.")
            return False
        if card == self.showing:
            return self._set_picks("", "")
        if card == self.taking:
            return self._set_picks(self.showing, "")
        take = Take(self.showing, card) if self.showing else Take(card)
        try:  # the engine says whether the pick can start a transfer, and which rule forbids it if not
            self._game.copy().play(take, acting)
        except SpynbError as err:
            refused = refusal_for(err)
            if not self.showing and any(n.startswith("take ") and n.endswith(f"+{card}") for n in self.legal):
                refused = refusal(f"{refused['reason']}. {card} can go along unseen: pick the agent to show first.",
                                  rule=refused["rule"], citation=refused["citation"], kind="illegal")
            self.error = refused
            return False
        return self._set_picks(take.shown, take.second)

    def start_transfer(self) -> bool:
        """Start the transfer picked: show ``showing`` and take it, with ``taking`` unseen (CD-6)."""
        if not self.showing:
            self.error = refusal("Pick the agent to show first: your own cloak or dagger, or a double agent "
                                 "(a, b or c).", rule="CD-6", citation=self._spec.rules.citation("CD-6"),
                                 kind="illegal")
            return False
        return self.play(str(Take(self.showing, self.taking)))

    def _set_picks(self, showing: str, taking: str) -> bool:
        with self.hold():
            self.error = {}
            self.showing, self.taking = showing, taking
        return True

    def _opened_contents(self) -> str | None:
        """What the envelope open in the view shown holds (the seat's own look, or the teaching view's)."""
        view = self.view
        if view.get("omniscient"):
            selected = view.get("selected")
            return view.get("envelopes", {}).get(str(selected)) if view.get("phase") == "decide" else None
        opened = view.get("opened")
        return opened["contents"] if opened else None

    def _draw(self) -> None:
        super()._draw()
        if self.showing and str(Take(self.showing, self.taking)) not in self.legal:
            self.showing, self.taking = "", ""  # undone, reviewed or moved on: the picks no longer apply

    def _after_change(self, *, new_game: bool = False) -> None:
        self.showing, self.taking = "", ""
        super()._after_change(new_game=new_game)

    MESSAGES = {"pick": "_pick_message", "transfer": "_transfer_message"}

    def _pick_message(self, content: dict[str, Any]) -> None:
        self.pick(content.get("card"))

    def _transfer_message(self, content: dict[str, Any]) -> None:
        self.start_transfer()

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

    def extra_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """Once the game is over, ``revealed``: every envelope's contents and every seat's hand (the end shows
        them all); nothing while it runs."""
        final = self.final_view(view)
        if final is None:
            return {}
        return {"revealed": {"envelopes": dict(final["envelopes"]), "hands": dict(final["hands"])}}

    def ending_reason(self, view: dict[str, Any]) -> dict[str, Any]:
        return ending_reason(view) or super().ending_reason(view)


__getattr__ = lazy_board(__name__, CloakDaggerController)
"""``CloakDaggerBoard`` (also ``BOARD``), the notebook's anywidget of the controller, is made when first asked for."""
