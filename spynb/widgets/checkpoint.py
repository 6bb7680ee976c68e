"""All or nothing: a message that fails inside a board leaves the board, and the screen, as they were.

A board's message may go wrong where no check foresaw it: a bug in a part
(the deduction aid, the narration, a game's drawing) raising while the board
redraws after a move.  The move would then be played in Python but never
shown, and the next click would act on a position the learner cannot see.
:func:`all_or_nothing` prevents it: it remembers the board's game and every
value a board keeps (its fields and the private state each class names in
``KEEPS``), and if the message raises, it puts them all back, so the fields the
front end mirrors are told again with their old values.  The caller then
refuses the message with a typed refusal (:mod:`spynb.widgets.refusals`).

>>> from spynb.widgets.play import controller_class
>>> board = controller_class("kloak")(seed=1)
>>> before = board.front_state()
>>> try:
...     with all_or_nothing(board):
...         _ = board.play(board.legal[0])
...         raise RuntimeError("a part failed while it drew the move")
... except RuntimeError:
...     pass
>>> board.front_state() == before, len(board.game.actions)
(True, 0)
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .play import BoardController

__all__ = ["all_or_nothing", "kept_names"]


def kept_names(board: type[BoardController]) -> tuple[str, ...]:
    """What a board of class ``board`` keeps: its fields, then each class's ``KEEPS`` (bases first)."""
    names = dict.fromkeys(board.fields())
    for klass in reversed(board.__mro__):
        names.update(dict.fromkeys(vars(klass).get("KEEPS", ())))
    return tuple(names)


@contextmanager
def all_or_nothing(board: Any, kept: tuple[str, ...] | None = None) -> Iterator[None]:
    """Run the block; if it raises, put ``board`` back as it was before it (then re-raise).

    ``board``: a :class:`~spynb.widgets.play.BoardController`, or a widget with ``_game`` and ``hold_sync``.
    ``kept``: the names of what the board keeps (default :func:`kept_names` of its class); a board
    without a controller's ``hold`` batches the changes with the widget's ``hold_sync``.

    The game is put back by replaying it to its old length when the block played on it (a game's
    state is never copied in advance: most messages succeed, and replaying costs only on failure).
    """
    game, length = board._game, len(board._game.actions)
    names = kept_names(type(board)) if kept is None else kept
    saved = {name: copy.copy(getattr(board, name)) for name in names if hasattr(board, name)}
    try:
        yield
    except Exception:
        board._game = game if len(game.actions) == length else game.at(length)
        with (board.hold if hasattr(board, "hold") else board.hold_sync)():
            for name, value in saved.items():
                setattr(board, name, value)
        raise
