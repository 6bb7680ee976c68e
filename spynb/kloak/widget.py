"""The KLOAK board: the 5 × 5 board, touch-move (ruling KL-14), claims, scores, the penalty, memory modes.

Pick a piece, then a destination.  A big piece that is kloaking has three
kinds of move (KL-5) and the board lists them in words: lift off alone to an
open square, lift onto another uncovered small piece, or slide together with
its small piece.  *Claim* mode picks three squares in a line (KL-7).

Touch-move (KL-14): with ``touch_move=True`` (the default) touching a piece
that has a legal move commits the player to moving it; ``touch_move=False``
is the practice setting.  The touched square lives in the ``touched`` trait and
Python refuses any other move while it is set.

Memory (KL-13): the seat's view hides the colours under big pieces (the
memory challenge).  ``reveal=True`` adds what a perfect memory of the public
moves knows (``remembered`` in the view shown), derived from that view alone.

The logic is :class:`KloakController` (plain Python); ``KloakBoard`` is the
notebook's anywidget of it (:func:`spynb.widgets.board.widget_class`).

>>> board = KloakController(seed=1)
>>> board.touch("a1") and board.touched
'a1'
>>> board.play("b2-b3")
False
>>> board.error["rule"]
'KL-14'
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from spynb.engine import Game
from .board import COLOUR_NAMES, PALETTE, SQUARES
from .display import ending_reason
from .memory import memory_aid
from spynb.widgets.fields import Field
from spynb.widgets.play import BoardController, lazy_board
from spynb.widgets.refusals import refusal

__all__ = ["KloakController"]

MOVE = re.compile(r"^(?:B )?([a-e][1-5])[-x=]([a-e][1-5])$")


def move_from(notation: str) -> str | None:
    """The square a move starts from (None for claims, scores, pass).

    >>> move_from("B c1xc2"), move_from("b2-b3"), move_from("claim a1 b2 c3")
    ('c1', 'b2', None)
    """
    match = MOVE.match(notation)
    return match.group(1) if match else None


class KloakController(BoardController):
    """KLOAK: pick a piece (touch-move), then a destination; or claim three squares in a line."""

    GAME: ClassVar[str] = "kloak"

    touched = Field("", "The square of the piece the seat touched (KL-14), or ''.")
    touch_move = Field(True, "True: touching a piece with a legal move commits the seat to moving it (KL-14); "
                             "False: the practice setting.")
    reveal = Field(False, "True: the view shown adds the colours a perfect memory of the public moves knows "
                          "(KL-13); False: the memory challenge.")

    def __init__(self, game: Game | None = None, *, seats: int | None = None, seed: int = 0,
                 variant: str | None = None, players: Any = None, names: Any = None, teaching: bool = False,
                 touch_move: bool = True, reveal: bool = False) -> None:
        self._touch_move_init, self._reveal_init = bool(touch_move), bool(reveal)
        super().__init__(game, seats=seats, seed=seed, variant=variant, players=players, names=names,
                         teaching=teaching)
        with self.hold():
            self.touch_move = self._touch_move_init
            self.reveal = self._reveal_init
            self._redraw()

    def glossary_data(self) -> dict[str, Any]:
        return {"colour_names": dict(COLOUR_NAMES), "palette": dict(PALETTE),
                "shapes": {"O": "circle", "S": "square", "G": "triangle", "P": "diamond", "Y": "hexagon",
                           "U": "star", "V": "cross", "K": "bar"}}

    def extra_view(self, view: dict[str, Any]) -> dict[str, Any]:
        if not self.reveal:
            return {}
        if view.get("omniscient") or "events" not in view:
            return {}
        from spynb.engine import FrozenDict, View

        remembered = memory_aid(View(view["game"], view["seat"], view["label"], FrozenDict(view)))
        return {"remembered": remembered}

    def changed_keys(self, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        keys = []
        for square in SQUARES:
            if (before.get("small", {}).get(square) != after.get("small", {}).get(square)
                    or (square in before.get("big", [])) != (square in after.get("big", []))):
                keys.append(f"sq-{square}")
        if before.get("scores") != after.get("scores"):
            keys.append("scores")
        return keys

    # -- touch-move ---------------------------------------------------------------------------
    def touch(self, square: Any) -> bool:
        """Touch the piece on ``square`` (KL-14); True if it is now the touched piece."""
        if not isinstance(square, str) or square not in SQUARES:
            self.error = refusal(f"a square is written a1 to e5, not {square!r:.20}")
            return False
        if self._acting_seat() is None:
            self.error = refusal(f"No piece can be touched now: {self._status_text()}")
            return False
        if self.touched and self.touch_move and square != self.touched:
            self.error = self._kl14(f"You touched the piece on {self.touched}: you must move it")
            return False
        moves = [n for n in self.legal if move_from(n) == square]
        if not moves:
            self.error = refusal(f"The piece on {square} has no legal move now (or there is no piece there)",
                                rule="KL-4", citation=self._spec.rules.citation("KL-4"), kind="illegal")
            return False
        with self.hold():
            self.error = {}
            self.touched = square
        return True

    def release(self) -> bool:
        """Put the touched piece down without moving it: only in the practice setting."""
        if self.touched and self.touch_move:
            self.error = self._kl14(f"You touched the piece on {self.touched}: you must move it")
            return False
        with self.hold():
            self.error = {}
            self.touched = ""
        return True

    def _kl14(self, reason: str) -> dict[str, Any]:
        return refusal(reason, rule="KL-14", citation=self._spec.rules.citation("KL-14"), kind="illegal")

    def play(self, notation: Any) -> bool:
        if (isinstance(notation, str) and self.touched and self.touch_move
                and move_from(notation.strip()) != self.touched):
            self.error = self._kl14(f"You touched the piece on {self.touched}: you must move it, "
                                    f"not play {notation.strip()!r:.40}")
            return False
        accepted = super().play(notation)
        if accepted or not self.error:
            self.touched = ""  # played, or a walkthrough explained why not: the learner picks again
        return accepted

    def _after_change(self, *, new_game: bool = False) -> None:
        self.touched = ""
        super()._after_change(new_game=new_game)

    def undo(self) -> bool:
        if self.touched and self.touch_move:
            self.error = self._kl14(f"You touched the piece on {self.touched}: you must move it")
            return False
        done = super().undo()
        if done:
            self.touched = ""
        return done

    MESSAGES = {"touch": "_touch_message", "release": "_release_message", "reveal": "_reveal_message",
                "touch_move": "_touch_move_message"}

    def _touch_message(self, content: dict[str, Any]) -> None:
        self.touch(content.get("square"))

    def _release_message(self, content: dict[str, Any]) -> None:
        self.release()

    def _reveal_message(self, content: dict[str, Any]) -> None:
        on = content.get("on")
        if not isinstance(on, bool):
            self.error = refusal("the memory switch needs true or false")
            return
        with self.hold():
            self.error = {}
            self.reveal = on
            self._prev_view = None
            self._redraw()

    def _touch_move_message(self, content: dict[str, Any]) -> None:
        on = content.get("on")
        if not isinstance(on, bool):
            self.error = refusal("the touch-move switch needs true or false")
        elif self.touched and self.touch_move:
            self.error = self._kl14(f"You touched the piece on {self.touched}: move it first")
        else:
            self.error = {}
            self.touch_move = on

    def ending_reason(self, view: dict[str, Any]) -> dict[str, Any]:
        return ending_reason(view) or super().ending_reason(view)


__getattr__ = lazy_board(__name__, KloakController)
"""``KloakBoard`` (also ``BOARD``), the notebook's anywidget of the controller, is made when first asked for."""
