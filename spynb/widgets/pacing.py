"""Bots at a pace the learner sets: one bot action per request, narrated from the seat shown.

A board never plays many bot actions in one go: the front end asks Python for
*one* bot action (the ``bot`` intention) each time its timer ticks, and the
learner sets the timer with the ``pace`` trait:

* ``"step"`` — the bots wait; each press of *Step* plays one bot action;
* ``"slow"`` / ``"fast"`` — one bot action every :data:`PACES` milliseconds;
* *Stop* sets the pace back to ``"step"``.

A bot moves only when no person's seat is to move (at a simultaneous choice the
bots wait for the people), never while the device passes between people (the
hot-seat cover), never in a review and never in a walkthrough.  The
``thinking`` trait names the bot seat to move, so the front end knows when to
tick and the status says who is thinking and what to press.

Each bot action is narrated in ``narration`` (:mod:`spynb.widgets.narration`):
the events of that action that the seat shown saw, in the engine's own words.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .checkpoint import all_or_nothing
from .fields import Field
from .parts import BoardPart
from .refusals import failure_reason, refusal

__all__ = ["BotPacing", "PACES"]

PACES = {"step": 0, "slow": 1500, "fast": 300}
"""Milliseconds between bot actions at each pace (``"step"``: only when Step is pressed)."""


class BotPacing(BoardPart):
    """The pace of the bots on a :class:`~spynb.widgets.play.BoardController` (mixed into it)."""

    MESSAGES = {"bot": "_bot_message", "pace": "_pace_message"}
    KEEPS: ClassVar[tuple[str, ...]] = ("_bot_played",)

    pace = Field("fast", "How the bots move: 'step' (one action each time Step is pressed), 'slow' or 'fast' "
                         "(one action per tick of the front end's timer).", choices=tuple(PACES))
    thinking: Field[int | None]
    thinking = Field(None, "The bot seat (1-based) that moves at the next Step or tick, or None (0 in the browser) "
                           "when no bot may move now.", seat=True)
    def bot_step(self) -> bool:
        """Play one action for the bot seat to move (as the Step button does); True if one was played.

        Refused (``error`` set, nothing changed) when no bot may move now.  A bot that fails
        stops the bots (pace ``"step"``) and says so.
        """
        seat = self._bot_seat()
        if seat is None:
            self.error = refusal(f"No bot moves now: {self._status_text()}")
            return False
        game = self._game
        choice = self._bots[seat].choose(game.view(seat), game.legal_actions(seat))
        self._play_entry(choice, seat, human=False)
        self._bot_played = len(self._entries)
        with self.hold():
            self.error = {}
            self._after_change()
        return True

    def set_pace(self, pace: Any) -> bool:
        """Set the bots' pace (``"step"``, ``"slow"`` or ``"fast"``); a bad name sets ``error``."""
        if not isinstance(pace, str) or pace not in PACES:
            self.error = refusal(f"the pace is one of {', '.join(PACES)}, not {pace!r:.40}")
            return False
        with self.hold():
            self.error = {}
            self.pace = pace
            self.status = self._status_text()
        return True

    def _pace_message(self, content: dict[str, Any]) -> None:
        """``{"kind": "pace", "pace": name}``."""
        self.set_pace(content.get("pace"))

    def _bot_message(self, content: dict[str, Any]) -> None:
        """``{"kind": "bot", "at": n}``: one bot action, if the game still has ``n`` actions (a stale
        tick from a timer does nothing).

        The timer's ticks say ``"tick": true``: a tick that finds no bot to move (the turn passed to a
        person while it was on its way) does nothing either, so it never replaces the refusal the
        learner is reading.  Only a press of Step is refused then."""
        at = content.get("at")
        if at is not None and (not isinstance(at, int) or isinstance(at, bool)):
            self.error = refusal(f"a bot step names the number of actions so far, not {at!r:.40}")
            return
        if at is not None and at != len(self._game.actions):
            return
        if content.get("tick") is True and self._bot_seat() is None:
            return
        try:
            with all_or_nothing(self):  # a move that cannot be shown is not played
                self.bot_step()
        except Exception as err:  # noqa: BLE001 - a failing bot stops the bots, the board lives on
            with self.hold():
                self.pace = "step"
                self.error = refusal(f"The bot at seat {self.thinking} could not move: "
                                           f"{failure_reason(err)}; the bots are stopped.")

    def _draw_part(self) -> None:
        self.thinking = self._bot_seat()
        super()._draw_part()

    def _bot_seat(self) -> int | None:
        """The bot seat that moves next, or None when no bot may move now."""
        turn = self._game.turn
        if (turn.over or turn.chance or self.cover or self._review >= 0 or self.SCRIPTED
                or getattr(self, "_shared", None) is not None):
            return None
        if any(s not in self._bots for s in turn.seats):
            return None  # a person is to move: the bots wait
        return turn.seats[0]

    def _starting_pace(self) -> None:
        """A game of bots alone waits for Step; a game with a person keeps a running pace."""
        self._bot_played = 0
        if not any(p == "human" for p in self.players):
            self.pace = "step"
        elif self.pace == "step":
            self.pace = "fast"

    def _bot_status(self, seat: int) -> str:
        who = f"{self._seat_name(seat)} (bot: {self.players[seat - 1]})"
        if self.pace == "step":
            return f"{who} is to move: press Step for its move, or Slow or Fast to let the bots play."
        return f"{who} is thinking… (Stop pauses the bots.)"
