"""What just happened: the last move by another seat in a sentence, and the log of every turn.

``narration`` tells the last action if the seat shown did not take it itself: a
bot's (one action per Step or tick, :mod:`spynb.widgets.pacing`) or, at a shared
screen, another person's, told once that seat's player has the device.  It is
the sentences of that action's events (and the chance it set off) that the seat
shown saw, in the engine's own words; under the hot-seat cover only what every
seat saw; in the labelled omniscient teaching view, everything (a person's own
clicks there are not told back).  It is rebuilt on every redraw from the seat
shown then, so switching seats or views never carries another seat's
knowledge over.

``log`` is every event the seat shown saw since the game began, grouped by turn
(the engine's ``turn`` field), the events of the narrated action marked ``new``
so the board can highlight them.  Each sentence keeps the rule it applies
beside it (``rule``, the event's), and so does the narration (``rules``): the
board shows them as small links after the text, never in it.  A view may carry only the latest events (The
Target's does); the log is read from the game's history through the same door,
``Event.visible_to``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine import Event
from .fields import Field
from .front_limits import recent_log
from .parts import BoardPart

__all__ = ["Narration", "turn_log", "NARRATED_EVENTS"]

NARRATED_EVENTS = 3
"""At most this many sentences tell one action; the log holds the rest."""


def turn_log(events: Iterable[tuple[Event | dict[str, Any], bool]]) -> list[dict[str, Any]]:
    """Events (each with whether it is new) grouped by turn: ``[{turn, title, events: [{text, rule, new}]}]``.

    >>> turn_log([({"turn": 0, "text": "Seat 1 cut L."}, False),
    ...           ({"turn": 1, "text": "Seat 3 passes.", "rule": "KL-9"}, True)])
    [{'turn': 0, 'title': 'Before the first turn', 'events': [{'text': 'Seat 1 cut L.', 'rule': '', 'new': False}]}, \
{'turn': 1, 'title': 'Turn 1', 'events': [{'text': 'Seat 3 passes.', 'rule': 'KL-9', 'new': True}]}]
    """
    turns: list[dict[str, Any]] = []
    for event, new in events:
        turn = event.get("turn")
        text, rule = (event["text"], event.get("rule")) if isinstance(event, dict) else (event.text, event.rule)
        if not turns or turns[-1]["turn"] != turn:
            title = "Before the first turn" if not turn else f"Turn {turn}"
            turns.append({"turn": turn, "title": title, "events": []})
        turns[-1]["events"].append({"text": text, "rule": rule or "", "new": bool(new)})
    return turns


def _own_secret(event: Event, seat: int | None) -> bool:
    """An event about the seat's own doing that only that seat sees."""
    return seat is not None and event.actor == seat and event.seen_by == frozenset({seat})


class Narration(BoardPart):
    """The narration and the log of a :class:`~spynb.widgets.play.BoardController` (mixed into it)."""

    narration: Field[dict[str, Any]]
    narration = Field({}, "The last action, if a seat other than the one shown took it: {seat, step, bot, text, "
                          "rules}, text being what the seat shown saw of it (only public events under the cover) "
                          "and rules the ids of the rules those sentences apply; {} otherwise.")
    log: Field[list[dict[str, Any]]]
    log = Field([], "Every event the seat shown saw, by turn: [{turn, title, events: [{text, rule, new}]}], rule "
                    "being the id of the rule the event applies (or '') and new marking the narrated action's "
                    "events; [] under the cover. The page receives its latest turns only "
                    "(spynb.widgets.front_limits).", items=dict, wire=recent_log)

    _bot_played: int = 0
    """How many actions the game had just after the last bot step (0: none in this game)."""

    def _told_entry(self) -> Any:
        """The entry the narration tells, or None (see the module's docstring)."""
        entries = self._entries
        if not entries or self._review >= 0 or self._shared is not None:
            return None
        entry = entries[-1]
        if entry.human:
            if self.cover or (self.viewer is not None and entry.seat != self.viewer):
                return entry
            return None  # the seat shown (or the person at the teaching view) made it
        if entry.seat in self._bots and self._bot_played == len(entries):
            return entry
        return None  # a loaded record's action, or an undone bot step's count

    def _seen(self, events: Iterable[Event]) -> list[Event]:
        """The events the seat shown saw (only public ones under the cover)."""
        if self.cover:
            return [e for e in events if e.seen_by is None]
        return [e for e in events if e.visible_to(self.viewer)]

    def _draw_part(self) -> None:
        self.narration, self.log = self._narrate(), self._turn_log()
        super()._draw_part()

    def _narrate(self) -> dict[str, Any]:
        """The last action told from the seat shown now, if another seat took it: what the seat shown saw of it,
        but for the secrets of its own that the action brought out (its own face-down card, shown back to it
        alone when a simultaneous turn resolves): the move told is the other seat's."""
        entry = self._told_entry()
        if entry is None:
            return {}
        seen = self._seen(self._game.state.events[entry.first_event:entry.last_event])
        seen = [e for e in seen if not _own_secret(e, self.viewer)] or seen
        told = " ".join(e.text for e in seen[:NARRATED_EVENTS]) + (
            " (more in the event log)" if len(seen) > NARRATED_EVENTS else "")
        rules = list(dict.fromkeys(e.rule for e in seen[:NARRATED_EVENTS] if e.rule))
        return {"seat": entry.seat, "step": len(self._entries), "bot": not entry.human,
                "text": told or self._unseen(entry.seat), "rules": rules}

    def _unseen(self, seat: int) -> str:
        """What to say of a move the seat shown saw nothing of: a choice still hidden, or just that it moved."""
        turn = self._game.turn
        if not turn.over and turn.simultaneous and seat not in turn.seats:
            return f"{self._seat_name(seat)} has made its choice; it stays hidden until every seat has chosen."
        return f"{self._seat_name(seat)} moved; nothing of it shows from here."

    def _turn_log(self) -> list[dict[str, Any]]:
        """The log of the state shown, from the seat shown (the live game's or the reviewed step's)."""
        if self.cover:
            return []
        if self._shared is not None:
            return turn_log((e, False) for e in self._shared["view"].get("events", ()))
        state = self._game.at(self._review).state if self._review >= 0 else self._game.state
        entry = self._told_entry()
        new = range(entry.first_event, entry.last_event) if entry is not None else range(0)
        return turn_log((e, i in new) for i, e in enumerate(state.events) if e.visible_to(self.viewer))
