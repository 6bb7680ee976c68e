"""A generic, game-agnostic board: the base the per-game boards build on.

The board holds a :class:`spynb.Game` in Python and shows one seat's view in
the browser.  Everything the front end draws comes from traits, so a reloaded
page redraws from them.  The front end never changes the game: it sends an
*intention* (an action's notation, as a custom message
``{"kind": "play", "action": "<notation>"}``); Python checks it through the
engine and answers by changing traits.  A refused or malformed intention
sets ``error`` and changes nothing else; no message can raise, and the
error quotes a message briefly.  ``error`` has the shape of every board's
(:func:`spynb.widgets.refusals.refusal`): ``{kind, rule, reason, citation,
where, message}``, or ``{}``.

>>> board = GameBoard("cloak-dagger", seats=3, seed=7)      # doctest: +SKIP
>>> board.play(board.legal[0])                               # doctest: +SKIP
True
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

from ..engine import Game, SpynbError
from .checkpoint import all_or_nothing
from .frontend import widget_module
from .frontend_writes import RefusesWrites
from .refusals import message_failed, refusal, refusal_for

__all__ = ["GameBoard"]

_STATIC = pathlib.Path(__file__).parent / "static"
_SHOWN = ("view", "legal", "status", "last_action")
"""The traits a failed message puts back."""


def _describe_turn(game: Game, seat: int | None) -> str:
    """One sentence about whose turn it is, from ``seat``'s point of view."""
    turn = game.turn
    if turn.over:
        winners = tuple(game.winners)
        if not winners:
            return "Game over."
        who = ", ".join(map(str, winners))
        return f"Game over: seat {who} wins." if len(winners) == 1 else f"Game over: seats {who} win."
    if turn.chance:
        return "Waiting for chance."
    if seat is None:
        if turn.simultaneous:
            return "Seats " + ", ".join(map(str, turn.seats)) + " choose at the same time."
        return f"Seat {turn.seats[0]} to play."
    if seat in turn.seats:
        return f"Your turn (seat {seat})."
    if turn.simultaneous:
        return "Waiting for seats " + ", ".join(map(str, turn.seats)) + "."
    return f"Waiting for seat {turn.seats[0]}."


class GameBoard(RefusesWrites, anywidget.AnyWidget):
    """A live board for one seat at a game, played by clicking legal actions.

    ``game_or_name`` is a :class:`spynb.Game` or a game's name (then
    ``seats``, ``seed`` and ``variant`` start a new game).  ``seat`` is the
    seat the board sits at; ``None`` (the default) shows the labelled
    omniscient teaching view and plays for whichever seat is to move.
    """

    _esm = widget_module("base")
    _css = _STATIC / "base.css"

    view = traitlets.Dict(
        help="What the board's seat may know: the engine's view of that seat, as a JSON-safe dict "
             "(for seat None, the labelled omniscient teaching view). Never the full state.",
    ).tag(sync=True)
    legal = traitlets.List(
        traitlets.Unicode(),
        help="The notation of every action the board may take now, in the engine's order; "
             "empty when it is not this board's turn.",
    ).tag(sync=True)
    status = traitlets.Unicode(
        "",
        help="One sentence saying whose turn it is, or who won.",
    ).tag(sync=True)
    error = traitlets.Dict(
        help="Why the last intention was refused: {kind, rule, reason, citation, where, message}, message being "
             "the engine's sentence; {} after an accepted one.",
    ).tag(sync=True)
    seat = traitlets.Int(
        None,
        allow_none=True,
        read_only=True,
        help="The seat this board sits at (1-based), or None for the omniscient teaching view.",
    ).tag(sync=True)
    last_action = traitlets.Unicode(
        "",
        help="The notation of the last action this board played, or ''.",
    ).tag(sync=True)

    def __init__(self, game_or_name: Game | str, *, seat: int | None = None, seed: int | None = None,
                 seats: int | None = None, variant: str | None = None, **kwargs: Any) -> None:
        if kwargs:
            unknown = ", ".join(sorted(kwargs))
            raise TypeError(
                f"GameBoard() got unknown keyword argument(s): {unknown}; "
                "it accepts seat, seed, seats and variant"
            )
        if isinstance(game_or_name, str):
            from .. import new_game  # the package root; imported late to avoid a cycle

            game = new_game(game_or_name, variant=variant, seats=seats, seed=0 if seed is None else seed)
        elif isinstance(game_or_name, Game):
            given = [name for name, value in (("seed", seed), ("seats", seats), ("variant", variant))
                     if value is not None]
            if given:
                raise TypeError(f"{', '.join(given)} only apply when GameBoard starts a game by name")
            game = game_or_name
        else:
            raise TypeError(f"GameBoard() needs a spynb Game or a game's name, not {game_or_name!r}")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 1 <= seat <= game.seats):
            raise ValueError(f"seat must be None or a seat from 1 to {game.seats}, not {seat!r}")
        super().__init__()
        self._game = game
        self.set_trait("seat", seat)
        self.on_msg(self._on_message)
        self._refresh()

    @property
    def game(self) -> Game:
        """The game this board plays (Python side only; never sent to the browser)."""
        return self._game

    def acting_seat(self) -> int | None:
        """The seat an intention is played for now, or None when this board cannot act."""
        turn = self._game.turn
        if turn.over or turn.chance:
            return None
        if self.seat is None:
            return turn.seats[0]
        return self.seat if self.seat in turn.seats else None

    def play(self, notation: object) -> bool:
        """Play ``notation`` for this board's seat, exactly as a click does.

        Returns True if the engine accepted it.  If it refused, ``error``
        holds the engine's reason (its ``message`` the engine's sentence) and nothing else changed.
        """
        if not isinstance(notation, str) or not notation.strip():
            self.error = refusal(f"an intention must be an action's notation, such as 'pass', not {notation!r:.80}")
            return False
        acting = self.acting_seat()
        if acting is None:
            self.error = refusal(f"{notation!r} was not played: {_describe_turn(self._game, self.seat)}")
            return False
        try:
            action = self._game.play(notation.strip(), seat=acting)
        except SpynbError as err:
            self.error = refusal_for(err)
            return False
        with self.hold_sync():
            self.last_action = str(action)
            self.error = {}
            self._refresh()
        return True

    def refresh(self) -> None:
        """Redraw from the game, e.g. after playing on ``board.game`` directly."""
        self._refresh()

    def _refresh(self) -> None:
        game, seat = self._game, self.seat
        acting = self.acting_seat()
        with self.hold_sync():
            self.view = game.view(seat).to_dict()
            self.legal = [] if acting is None else [str(action) for action in game.legal_actions(acting)]
            self.status = _describe_turn(game, seat)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Every message from the front end ends here; none can raise or change state unless valid
        (one that fails inside the board puts the game and the traits back: :mod:`spynb.widgets.checkpoint`)."""
        try:
            with all_or_nothing(self, _SHOWN):
                if not isinstance(content, dict) or content.get("kind") != "play":
                    self.error = refusal(f"unknown message from the board: {content!r:.80}")
                    return
                self.play(content.get("action"))
        except Exception as err:  # noqa: BLE001 - a hostile message must never break the kernel side
            self.error = message_failed(err)
