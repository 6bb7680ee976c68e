"""How much of a game a board sends its page, and how long a game a board keeps.

A board redraws after every move.  Its view and its log grow with the game,
so a long game would send its whole history again each time (a 64,000-action
game sent about 22 MB a move).  The page shows only recent history: the view
it receives keeps the last :data:`FRONT_EVENTS` events (the number left out in
``events_before``), the log the last :data:`FRONT_TURNS` turns after a line
saying how many earlier turns the game's record holds.  Python keeps all of
it: the deduction aid, links and records read the whole game.

A board also stops taking moves once its game holds :data:`MAX_BOARD_ACTIONS`
actions, so its record (at most :data:`~spynb.engine.MAX_RECORD_ACTIONS`, with
room for chance's entries after the last move) can always be loaded again.

>>> view = {"seat": 1, "events": [{"turn": t, "text": f"move {t}"} for t in range(FRONT_EVENTS + 5)]}
>>> sent = recent_view(view)
>>> len(sent["events"]), sent["events_before"], sent["events"][0]["text"]
(200, 5, 'move 5')
>>> recent_view({"seat": 1, "events": []}) == {"seat": 1, "events": []}
True
"""

from __future__ import annotations

from typing import Any

from ..engine import MAX_RECORD_ACTIONS

__all__ = ["FRONT_EVENTS", "FRONT_TURNS", "MAX_BOARD_ACTIONS", "recent_view", "recent_log"]

FRONT_EVENTS = 200
"""The most events of a view a page receives (the latest)."""
FRONT_TURNS = 40
"""The most turns of the log a page receives (the latest)."""
MAX_BOARD_ACTIONS = MAX_RECORD_ACTIONS - 5_000
"""The most actions a board's game may hold before the board refuses more moves."""


def recent_view(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` as the page receives it: its last :data:`FRONT_EVENTS` events, and how many came before."""
    events = view.get("events")
    if not isinstance(events, list) or len(events) <= FRONT_EVENTS:
        return view
    return {**view, "events": events[-FRONT_EVENTS:], "events_before": len(events) - FRONT_EVENTS}


def recent_log(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log as the page receives it: its last :data:`FRONT_TURNS` turns, after a line for the earlier ones."""
    if len(log) <= FRONT_TURNS:
        return log
    earlier = len(log) - FRONT_TURNS
    line = {"text": f"{earlier:,} earlier turns are not listed here: the game's record (Save) holds every move.",
            "rule": "", "new": False}
    return [{"turn": -1, "title": "Earlier turns", "events": [line]}, *log[-FRONT_TURNS:]]


def board_full_reason(actions: int) -> str | None:
    """Why a board with ``actions`` actions takes no more moves, or None while it has room."""
    if actions < MAX_BOARD_ACTIONS:
        return None
    return (f"This game has reached {MAX_BOARD_ACTIONS:,} actions, the most a board keeps: save its record, or "
            "start a new game.")
