"""The KLOAK board: the 5 × 5 board, touch-move (ruling KL-14), claims, scores, the penalty, memory modes.

Pick a piece, then a destination (:meth:`KloakController.click` is what a
click on a square does).  A big piece that is kloaking has three kinds of move
(KL-5): lift off alone to an open square, lift onto another uncovered small
piece, or slide together with its small piece.  An open square it can reach
both by lifting off and by sliding is reached two ways: a click there offers
the two at that square (``offer``), and the next click picks one.  ``reach``
holds the touched piece's moves, each with its destination and its words.
*Claim* mode picks three squares in a line (KL-7).

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
>>> [move["to"] for move in board.reach]    # onto the small piece on a2, or to the open b2
['a2', 'b2']
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any, ClassVar

from spynb.engine import Event, Game
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


def move_words(notation: str, covered: Collection[str]) -> str:
    """What a move does, in words; ``covered``: the squares whose small piece a big piece covers.

    >>> move_words("B c2-c1", {"c2"}), move_words("B c2=c1", {"c2"})
    ('Lift the big piece off alone to c1 (the piece on c2 shows)', 'Slide the big piece and its small piece to c1 (it stays hidden)')
    >>> move_words("b2-b3", ()), move_words("B c1xc2", ())
    ('Small piece b2 to b3', 'Big piece c1 onto the small piece on c2 (kloak it)')
    """
    match = MOVE.match(notation)
    if not match:
        return notation
    start, to = match.groups()
    if not notation.startswith("B "):
        return f"Small piece {start} to {to}"
    if "x" in notation:
        return f"Big piece {start} onto the small piece on {to} (kloak it)"
    if "=" in notation:
        return f"Slide the big piece and its small piece to {to} (it stays hidden)"
    if start in covered:
        return f"Lift the big piece off alone to {to} (the piece on {start} shows)"
    return f"Big piece {start} to {to}"


class KloakController(BoardController):
    """KLOAK: pick a piece (touch-move), then a destination; or claim three squares in a line."""

    GAME: ClassVar[str] = "kloak"

    touched = Field("", "The square of the piece the seat touched (KL-14), or ''.")
    reach: Field[list[dict[str, Any]]]
    reach = Field([], "The touched piece's legal moves: {action, to (the destination square), words}; [] when no "
                      "piece is touched.", items=dict)
    offer = Field("", "A square the touched piece reaches two ways (a kloaking big piece lifting off alone or "
                      "sliding with its small piece, KL-5), whose two moves the board offers there; '' when none.")
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
        """``remembered`` when ``reveal`` is on; once the game is over, ``revealed``: the colour of every piece
        the view hides (square -> colour letter), nothing while it runs."""
        final = self.final_view(view)
        if final is not None:
            small = view.get("small", {})
            return {"revealed": {sq: colour for sq, colour in final["small"].items() if small.get(sq) == "?"}}
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
            if square != self.touched:
                self._set_touched(square)
        return True

    def release(self) -> bool:
        """Put the touched piece down without moving it: only in the practice setting."""
        if self.touched and self.touch_move:
            self.error = self._kl14(f"You touched the piece on {self.touched}: you must move it")
            return False
        with self.hold():
            self.error = {}
            self._set_touched("")
        return True

    def click(self, square: Any) -> bool:
        """What a click on ``square`` does; True if it did something.

        No piece touched: touch the piece there.  A piece touched: a square it reaches one way plays
        that move; a square it reaches two ways (lift off alone or slide, KL-5) offers both there
        (``offer``), and a click on the offered square takes the offer back.  The touched piece's own
        square puts it down in the practice setting.  Under touch-move any other square is refused: a
        piece with a move by KL-14, any other square by the touched piece's own rule (KL-4 or KL-5).  In
        practice it touches the piece there.
        """
        if not self.touched or not isinstance(square, str):
            return self.touch(square)
        if square == self.offer:
            with self.hold():
                self.error = {}
                self.offer = ""
            return True
        if square == self.touched:
            return self.touch(square) if self.touch_move else self.release()
        moves = [move["action"] for move in self.reach if move["to"] == square]
        if len(moves) == 1:
            return self.play(moves[0])
        if moves:
            with self.hold():
                self.error = {}
                self.offer = square
            return True
        if square in SQUARES and self.touch_move and not any(move_from(n) == square for n in self.legal):
            self.error = refusal(f"The piece on {self.touched} cannot move to {square}: its moves end on the "
                                 "marked squares", rule=self._move_rule(),
                                 citation=self._spec.rules.citation(self._move_rule()), kind="illegal")
            return False
        return self.touch(square)

    def _move_rule(self) -> str:
        """The rule of the touched piece's moves: KL-5 for a big piece, KL-4 for a small one."""
        return "KL-5" if self.touched in self.view.get("big", ()) else "KL-4"

    def _set_touched(self, square: str) -> None:
        """Touch ``square`` ('' for none): its moves in ``reach``, and no offer yet."""
        self.touched, self.offer = square, ""
        self.reach = self._reach()

    def _reach(self) -> list[dict[str, Any]]:
        """The touched piece's legal moves now, with their destinations and words."""
        covered = self.view.get("covered", ())
        return [{"action": n, "to": n[-2:], "words": move_words(n, covered)}
                for n in self.legal if self.touched and move_from(n) == self.touched]

    def _draw(self) -> None:
        super()._draw()
        self.reach = self._reach()
        if self.offer not in {move["to"] for move in self.reach}:
            self.offer = ""

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
            self._set_touched("")  # played, or a walkthrough explained why not: the learner picks again
        return accepted

    def _after_change(self, *, new_game: bool = False) -> None:
        self.touched = ""
        super()._after_change(new_game=new_game)

    def _reveals(self, event: Event, seat: int) -> bool:
        """A claim lifts its covered pieces for everyone to see, correct or not (KL-7): the claimer learns them
        too, so undo cannot take the claim back and cover them again."""
        return super()._reveals(event, seat) or (event.kind == "claim" and bool(event.get("lifted")))

    def undo(self) -> bool:
        if self.touched and self.touch_move:
            self.error = self._kl14(f"You touched the piece on {self.touched}: you must move it")
            return False
        done = super().undo()
        if done:
            self._set_touched("")
        return done

    MESSAGES = {"touch": "_touch_message", "square": "_square_message", "reveal": "_reveal_message",
                "touch_move": "_touch_move_message"}

    def _touch_message(self, content: dict[str, Any]) -> None:
        self.touch(content.get("square"))

    def _square_message(self, content: dict[str, Any]) -> None:
        self.click(content.get("square"))

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
