"""How a board says a game ended: who won, from the seat shown, and why, in one sentence.

When the game is over the ``ending`` field holds what the front end's ending
banner shows (``board_common.js``):

* ``outcome`` and ``headline``: ``"won"`` / ``"You won"``, ``"lost"`` / ``"You
  lost"`` or ``"draw"`` / ``"Draw"`` for the person's seat (the seat shown, or
  the one person's seat under the teaching view; at a shared screen the
  headline names that seat first); ``"over"`` and who won when no person plays;
* ``winners``: the winning seats by name, and the side when the game has sides;
* ``reason`` and ``rule``: why, in one sentence, with the rule it applies;
* ``roles``: what each seat was, where the game kept it hidden until the end
  (seat -> a few words), else {};
* ``seed``: the seed that deals the same game again (*New game* with it).

Once the game is over a board shows every hidden card and piece, marked as
revealed at the end: a game's board reads them from :meth:`GameEnding.final_view`
in its ``extra_view`` (the seat's view gains a ``revealed`` field).

The reason comes from the game's final view (:meth:`GameEnding.ending_reason`):
by default the last thing that happened in it, which every game logs when it
ends; a game whose view carries an ``ending`` entry (its reason, rule, side
and roles) is read from that, and a game's board may override the method.
The final position stays on the board; undo then only steps back through the
game to review it (:meth:`~spynb.widgets.play.BoardController.undo`).
"""

from __future__ import annotations

from typing import Any

from ..engine.wording import listed
from .fields import Field
from .parts import BoardPart

__all__ = ["GameEnding"]

HEADLINES = {"won": "You won", "lost": "You lost", "draw": "Draw"}


class GameEnding(BoardPart):
    """The ``ending`` field of a :class:`~spynb.widgets.play.BoardController` (mixed into it)."""

    ending: Field[dict[str, Any]]
    ending = Field({}, "When the game is over: {outcome ('won', 'lost', 'draw' for the person's seat, or 'over'), "
                       "headline, winners, reason, rule, roles (seat -> what it was, where that was hidden), seed}; "
                       "{} while the game runs.")

    def ending_reason(self, view: dict[str, Any]) -> dict[str, Any]:
        """Why the game ended, from its final ``view`` (a seat's or the teaching one): ``{reason, rule}`` and, where
        the game has them, ``side`` (the winning side's name) and ``roles`` (seat number as text -> what it was).

        The view's own ``ending`` entry where it has one, else the last event in it (every game logs why it ended).
        """
        own = view.get("ending")
        if isinstance(own, dict) and own.get("reason"):
            return dict(own)
        events = view.get("events") or ()
        last = events[-1] if events else {}
        return {"reason": last.get("text", ""), "rule": last.get("rule") or ""}

    def final_view(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """The omniscient view of the finished game, for a board adding to the seat's ``view`` what the end
        reveals (every hidden card and piece); None while the game runs, and for a review of an earlier step,
        a shared screen or the teaching view (which hides nothing)."""
        if not self._game.over or self._review >= 0 or self._shared is not None or view.get("omniscient"):
            return None
        return self._game.view(None).to_dict()

    def _draw_part(self) -> None:
        super()._draw_part()
        self.ending = self._ending() if self._game.over and self._shared is None else {}

    def _person_seat(self) -> int | None:
        """The seat the headline speaks to: the seat shown if a person plays it, else the one person's seat."""
        humans = self.humans()
        if self.viewer in humans:
            return self.viewer
        return humans[0] if len(humans) == 1 else None

    def _ending(self) -> dict[str, Any]:
        game = self._game
        winners = list(game.winners)
        told = self.ending_reason(game.view(self.viewer).to_dict())
        you = self._person_seat()
        if you is None:
            outcome = "over"
            headline = f"{listed([self._seat_name(s) for s in winners])} won" if winners else "Draw"
        else:
            outcome = "draw" if not winners else "won" if you in winners else "lost"
            headline = HEADLINES[outcome]
            if len(self.humans()) > 1 and outcome != "draw":
                headline = f"{self._seat_name(you)}: {headline[0].lower()}{headline[1:]}"
        return {"outcome": outcome, "headline": headline, "winners": self._winners_line(winners, told.get("side", "")),
                "reason": told.get("reason", ""), "rule": told.get("rule", ""),
                "roles": {str(k): str(v) for k, v in (told.get("roles") or {}).items()}, "seed": game.seed}

    def _winners_line(self, winners: list[int], side: str) -> str:
        if not winners:
            return "No winner."
        names = listed([self._seat_name(s) for s in winners])
        label = "Winner" if len(winners) == 1 else "Winners"
        return f"{label}: {side} — {names}." if side else f"{label}: {names}."
