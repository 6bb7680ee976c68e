"""Saving a game and linking to a position, without handing anyone a hidden card.

A record holds the seed, and with the seed a replay shows every card that was
ever hidden; the moves of the other seats can themselves be secret (which
envelope a seat looked into, the card played face down).  So what leaves a
board depends on whether the game is still running:

* **Save** (the front end's button) sends the record — seed included — except
  at a shared screen (two or more people's seats) while the game runs: there
  it waits for the game's end, since whoever saw the record could replay the
  others' cards.  Leaving the seed out would not be enough (the moves tell
  secrets too), and a seat's view cannot be played on.  From Python,
  ``board.save()`` always returns the record: the notebook holds the game.
* **A link to this position** goes into the page address, after ``#``:
  ``#position=<data>``, where ``<data>`` is the compact JSON below, compressed
  (zlib) and written in URL-safe base64 without padding.  The fragment is a
  list of ``key=value`` pairs joined by ``&``; play boards read only
  ``position=`` (a walkthrough's ``step=`` is its own).  The first play board
  of that game to appear on the page restores it.

  - game over: ``{"v": 1, "game", "seat", "names", "players", "record"}`` — the
    whole record, seed included: nothing is hidden any more.  Opening it loads
    the record and shows that seat's view (or the teaching view).
  - game running: ``{"v": 1, "game", "variant", "seats", "seat", "step",
    "names", "view"}`` — the engine's view of the seat shown and nothing else:
    no seed, no record, no other seat's card.  Without the seed the hidden cards
    cannot be dealt again, so the game cannot go on from such a link; opening it
    shows that seat's position, labelled, *to look at*: no moves, no undo, no
    bots, until a new game is started or a record loaded.  A link from the
    omniscient teaching view of a running game carries the view of the one
    person playing, and is refused when there is no such single seat.

>>> payload = {"v": 1, "game": "kloak", "seat": 1}
>>> decode_link("#step=2&" + encode_link(payload)) == payload
True
"""

from __future__ import annotations

import base64
import binascii
import json
import random
import zlib
from typing import Any, ClassVar

from ..engine import RecordError, SpynbError, is_whole_number
from .parts import BoardPart
from .refusals import failure_reason, refusal

__all__ = ["encode_link", "decode_link", "SharedPositions", "LINK_KEY"]

LINK_KEY = "position"
"""The key of a position in the page address's fragment."""
MAX_LINK = 200_000
"""The longest ``position=`` value a board reads (characters)."""
MAX_JSON = 2_000_000
"""The most bytes a link may unpack to."""


def _check_events(events: Any, seats: int) -> None:
    """A shared view's events are a list of ``{step, kind, actor, text, ...}`` as views write them.

    :raises RecordError: naming the first event that is not.
    """
    if not isinstance(events, list):
        raise RecordError("field 'view.events'", "must be a list of events")
    for i, event in enumerate(events):
        where = f"field 'view.events[{i}]'"
        if not isinstance(event, dict):
            raise RecordError(where, "must be an event (an object)")
        actor = event.get("actor")
        if not isinstance(event.get("text"), str) or not isinstance(event.get("kind"), str):
            raise RecordError(where, "must say what happened (a kind and a text)")
        if not (actor is None or is_whole_number(actor) and 1 <= actor <= seats):
            raise RecordError(where, f"names no seat from 1 to {seats} as its actor")
        if not isinstance(event.get("rule", ""), str) or not (is_whole_number(step := event.get("step")) and step >= 0):
            raise RecordError(where, "needs a step number and, if any, a rule id")


def _shape(value: Any) -> str:
    """The JSON shape of a value: a list, an object, or one value (a number, a text, true or false, null).

    A field of a view keeps its shape through a game, not always its kind (The Target's marker is a seat's
    number, or a text once it stands on an HQ): the imagined world (``determinise``) checks the values.
    """
    return "a list" if isinstance(value, list) else "an object" if isinstance(value, dict) else "one value"


def encode_link(payload: dict[str, Any]) -> str:
    """``position=<data>``: ``payload`` as compact JSON, zlib-compressed, URL-safe base64 without padding."""
    packed = zlib.compress(json.dumps(payload, separators=(",", ":"), sort_keys=True).encode("utf-8"), 9)
    return f"{LINK_KEY}=" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_link(text: Any) -> dict[str, Any]:
    """The payload of a link: ``text`` is the fragment (``#…&position=…``) or the ``position=`` value alone.

    :raises RecordError: saying what is wrong (not text, too long, not a position, damaged).
    """
    if not isinstance(text, str):
        raise RecordError("the link", f"must be text, not {type(text).__name__}")
    value = text.lstrip("#")
    for part in value.split("&"):
        key, sep, rest = part.partition("=")
        if sep and key == LINK_KEY:
            value = rest
            break
    if len(value) > MAX_LINK:
        raise RecordError("the link", f"is {len(value)} characters long; a position link has at most {MAX_LINK}")
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_JSON)
        if unpacker.unconsumed_tail:
            raise RecordError("the link", f"unpacks to more than {MAX_JSON} bytes")
        payload = json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        raise RecordError("the link", "is damaged: it is not a position link (copy it again, whole)") from None
    if not isinstance(payload, dict) or payload.get("v") != 1:
        raise RecordError("the link", "is not a position link of this version")
    return payload


class SharedPositions(BoardPart):
    """Save refusals, position links and restoring them, on a :class:`~spynb.widgets.play.BoardController` (mixed in)."""

    MESSAGES = {"link": "_link_message", "position": "_position_message"}
    KEEPS: ClassVar[tuple[str, ...]] = ("_shared",)

    _shared: dict[str, Any] | None = None
    """The running game's position a link restored (its payload), shown to look at; None otherwise."""

    def position_link(self) -> str:
        """The ``position=…`` fragment for the position shown (see the module's docstring).

        :raises SpynbError: when nothing may be linked now (the device passes, or a running
            game's teaching view has no single person's seat to link).
        """
        if self._shared is not None:
            return encode_link(self._shared)
        if self.cover:
            raise SpynbError("Nothing can be linked while the device passes.")
        game, seat = self._game, self._link_seat()
        base = {"v": 1, "game": self.GAME, "seat": seat, "names": list(self.names)}
        if game.over:
            record = json.loads(game.record().to_json())
            return encode_link(base | {"players": list(self.players), "record": record})
        if seat is None:
            raise SpynbError("A link to a running game carries one seat's view, and this board shows every "
                             "seat's cards with no single person's seat: switch the teaching view off, or "
                             "link once the game is over.")
        if self._spec.determinise is None:
            raise SpynbError(f"A link to a running game of {self._spec.title} cannot be checked when opened: "
                             "link once the game is over.")
        view = game.view(seat).to_dict()
        return encode_link(base | {"variant": game.variant, "seats": game.seats, "step": len(game.actions),
                                   "view": view})

    def _link_seat(self) -> int | None:
        """The seat whose view a link carries: the seat shown, else the one person's seat, else None."""
        if self._shared is not None:
            shared_seat: int = self._shared["seat"]  # checked when the link was restored
            return shared_seat
        humans = self.humans()
        return self.viewer if self.viewer is not None else (humans[0] if len(humans) == 1 else None)

    def restore_position(self, link: Any) -> bool:
        """Show the position a link holds (see the module's docstring); a bad link sets ``error`` and
        changes nothing."""
        try:
            payload = decode_link(link)
            if payload.get("game") != self.GAME:
                raise RecordError("field 'game'", f"this board plays {self.GAME!r}, not {payload.get('game')!r:.40}")
            if self.SCRIPTED:
                raise RecordError("the link", "a walkthrough plays its scenario; position links open on a board")
            if "record" in payload:
                return self._restore_record(payload)
            shared = self._checked_view(payload)
            game = self._spec.new_game(shared["variant"], shared["seats"], 0)
        except SpynbError as err:
            self.error = refusal(str(err), kind="record", where=getattr(err, "where", "the link"))
            return False
        seat = shared["seat"]
        try:
            seating = self._seating(game, ["human" if s == seat else "rules" for s in range(1, game.seats + 1)],
                                    shared["names"])
        except SpynbError as err:
            self.error = refusal(str(err), kind="record", where="field 'names'")
            return False
        self._take_seats(game, seating)
        self._entries, self._floor, self._review, self._prev_view = [], 0, -1, None
        self._shared = shared
        with self.hold():
            self.error = {}
            self.cover = ""
            self._redraw()
        return True

    def _restore_record(self, payload: dict[str, Any]) -> bool:
        if not self.load(json.dumps(payload["record"])):
            return False
        seat = payload.get("seat")
        if is_whole_number(seat) and 1 <= seat <= self._game.seats and not self.cover:  # a cover shows no seat
            with self.hold():
                self.viewer = seat
                self._redraw()
        return True

    def _checked_view(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The payload of a running game's link, checked field by field (raises RecordError)."""
        spec = self._spec
        variant, seats, seat, step = (payload.get(k) for k in ("variant", "seats", "seat", "step"))
        if variant not in spec.variants:
            raise RecordError("field 'variant'", f"{variant!r:.40} is not a variant of {spec.title}")
        if not isinstance(seats, int) or seats not in spec.allowed_seats(variant):
            raise RecordError("field 'seats'", f"{seats!r:.20} seats cannot play {variant}")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= seats:
            raise RecordError("field 'seat'", f"must be a seat from 1 to {seats}, not {seat!r:.20}")
        if not isinstance(step, int) or isinstance(step, bool) or step < 0:
            raise RecordError("field 'step'", f"must be a whole number, not {step!r:.20}")
        view, names = payload.get("view"), payload.get("names")
        if (not isinstance(view, dict) or view.get("game") != self.GAME or view.get("seat") != seat
                or view.get("omniscient") is not False):
            raise RecordError("field 'view'", f"must be seat {seat}'s own view of a {spec.title} game")
        if not isinstance(names, list) or len(names) != seats:
            raise RecordError("field 'names'", f"must name {seats} seats")
        return {"v": 1, "game": self.GAME, "variant": variant, "seats": seats, "seat": seat, "step": step,
                "names": names, "view": self._possible_view(view, variant, seats)}

    def _possible_view(self, view: dict[str, Any], variant: str, seats: int) -> dict[str, Any]:
        """``view`` if the game can show it: its events well formed, each field of the shape a new game's view
        has, and a world the seat cannot tell from it imagined (``determinise``) that shows the seat this very view.

        :raises RecordError: saying which part of the view no game of these seats can show.
        """
        from .aid import view_of

        spec = self._spec
        events = view.get("events", [])
        _check_events(events, seats)
        fresh = spec.new_game(variant, seats, 0).view(view["seat"]).to_dict()
        for key, value in fresh.items():
            if value is not None and key in view and _shape(view[key]) != _shape(value):
                raise RecordError(f"field 'view.{key}'", f"must be {_shape(value)}, as the game shows it, "
                                                         f"not {_shape(view[key])}")
        assert spec.determinise is not None  # position_link links a running game only where it has one
        try:
            world = spec.determinise(view_of(view), random.Random(0))
            problems = world.validate()
            imagined = world.view(view["seat"]).to_dict()
        except Exception as err:  # noqa: BLE001 - any failure to imagine the view means no game shows it
            problems = [failure_reason(err)]
        if problems:
            raise RecordError("field 'view'", f"is not a position a {spec.title} game can reach ({problems[0]:.80})")
        differs = sorted(key for key in (set(view) | set(imagined)) - {"events"} if view.get(key) != imagined.get(key))
        if differs:
            raise RecordError(f"field 'view.{differs[0]}'", f"is not what a {spec.title} game shows this seat")
        return imagined | {"events": events}

    def _draw_shared(self, shared: dict[str, Any]) -> None:
        """Draw the shared position: that seat's view, to look at (called by the board's redraw)."""
        seat = shared["seat"]
        with self.hold():
            self.teaching = False
            self.viewer = seat
            self.view = shared["view"] | {"label": f"{self._spec.title} — a shared position: what "
                                                   f"{self._seat_name(seat)} knew after {shared['step']} moves"}
            self.legal, self.changed = [], []
            self.history = {"length": shared["step"], "review": -1, "can_undo": False,
                            "undo_note": "A shared position has no moves behind it to take back."}
            self.status = (f"A position shared from {self._seat_name(seat)}'s view, to look at: the link holds no "
                           "seed and no other seat's cards, so this game cannot go on here. Start a new game "
                           "to play.")

    def _save_refusal(self) -> str:
        """Why the front end's Save is refused now ('' if it is not)."""
        if self.cover:
            return "Nothing can be saved while the device passes."
        if self._shared is not None:
            return "A shared position has no record behind it: only a link to it."
        if len(self.humans()) > 1 and not self._game.over:
            return ("At a shared screen the record — which holds the seed, and with it every hidden card — is "
                    "saved only once the game is over. Copy a link to this position to keep what you see.")
        return ""

    def _position_message(self, content: dict[str, Any]) -> None:
        """``{"kind": "position", "link"}``: show the position a link holds."""
        self.restore_position(content.get("link"))

    def _link_message(self, content: dict[str, Any]) -> None:
        """``{"kind": "link"}``: send the link to the position shown back as a one-off message."""
        try:
            fragment = self.position_link()
        except SpynbError as err:
            self.error = refusal(str(err), kind="record")
            return
        if self._game.over and self._shared is None:
            note = "The whole game, seed included: it is over, nothing is hidden any more."
        else:
            seat = self._link_seat()
            assert seat is not None  # position_link refuses a link without one
            note = (f"What {self._seat_name(seat)} sees and nothing more: opened, it shows this "
                    "position to look at (without the hidden cards the game cannot go on).")
        self.error = {}
        self._emit({"kind": "link", "fragment": fragment, "note": note})
