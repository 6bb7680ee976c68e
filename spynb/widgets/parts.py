"""What the parts of a board may use of the board they are mixed into, declared once.

A board's logic, :class:`~spynb.widgets.play.BoardController`, is put together
from parts, each in its own module: the bots' pace (:mod:`spynb.widgets.pacing`),
the narration and log (:mod:`spynb.widgets.narration`), records and position
links (:mod:`spynb.widgets.records`) and the deduction aid
(:mod:`spynb.widgets.aid`).  Each part reads and sets the board's fields and
state and calls a few of its methods.  :class:`BoardPart`, the base of every
part, names them with their types: declarations only, which the board defines
(the type checker holds each definition to its declaration here).  A part's
own fields are its own to set: every redraw of the board calls each part's
``_draw_part`` (the one method defined here, which does nothing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .fields import Synced

if TYPE_CHECKING:
    from ..bots.base import Bot
    from ..engine import Action, Game, GameSpec
    from .play import Seating, _Entry

__all__ = ["BoardPart"]


class BoardPart(Synced):
    """The base of a board's parts: the board's fields, state and methods they use (declared, not defined)."""

    GAME: ClassVar[str]
    SCRIPTED: ClassVar[bool]
    MESSAGES: ClassVar[Mapping[str, str]]
    """The messages from the front end a class answers: their ``kind`` -> the name of its method that takes
    the message (a dict).  The board answers those of every class it is made of (``message_handlers``)."""
    KEEPS: ClassVar[tuple[str, ...]]
    """The private state of a class that a failed message puts back (:mod:`spynb.widgets.checkpoint`)."""

    # the board's fields (spynb.widgets.play.BoardController)
    view: dict[str, Any]
    legal: list[str]
    status: str
    error: dict[str, Any]
    viewer: int | None
    teaching: bool
    cover: str
    players: list[str]
    names: list[str]
    history: dict[str, Any]
    changed: list[str]

    # the board's state
    _game: Game
    _spec: GameSpec
    _bots: dict[int, Bot]
    _entries: list[_Entry]
    _floor: int
    _review: int
    _prev_view: dict[str, Any] | None
    # the parts' own state that another part reads
    _shared: dict[str, Any] | None
    _bot_played: int

    def _draw_part(self) -> None:
        """Set this part's own fields from the board as just drawn (every redraw calls it, after the board's
        fields); each part sets its own, then calls ``super()._draw_part()``."""

    if TYPE_CHECKING:
        def humans(self) -> list[int]: ...

        def load(self, text: Any) -> bool: ...

        def _seating(self, game: Game, players: Sequence[str] | None, names: Sequence[str] | None) -> Seating: ...

        def _take_seats(self, game: Game, seating: Seating) -> None: ...

        def _play_entry(self, notation: str | Action, seat: int | None, human: bool) -> None: ...

        def _after_change(self, *, new_game: bool = False) -> None: ...

        def _redraw(self) -> None: ...

        def _seat_name(self, seat: int) -> str: ...

        def _status_text(self) -> str: ...
