"""The machinery every game's board shares: seats, bots, hot-seat, undo, review, records.

A board holds a :class:`spynb.Game` in Python and sends the browser only a
*view*: the engine's view of the seat being shown (or the labelled omniscient
teaching view), the notation of the legal actions, a status sentence and the
like, all in fields (:mod:`spynb.widgets.fields`).  The browser sends
*intentions* — messages such as ``{"kind": "play", "action": "7"}`` — and
Python checks each through the engine and answers by changing fields.  A
refused or malformed message sets ``error`` and changes nothing else; no
message can raise.

This logic is :class:`BoardController`, plain Python: it imports neither
IPython, ipywidgets nor traitlets, so a page can host it in Pyodide without
a notebook (the site's welcome page does).  In a notebook, the anywidget
``PlayBoard`` (:mod:`spynb.widgets.board`) is the controller with each field
made a synced trait; ``spynb.widgets.play.PlayBoard`` still names it.

The front end: ``static/board_common.js`` (frame, toolbar, hot-seat cover,
undo and review, new game, save and load, the ending, the event log) around the game's
``static/<game>.js``, with the board's extra panels (``PANELS``: the
walkthrough player's, see :mod:`spynb.widgets.walkthrough_player`), linked
into the widget's one module by :func:`spynb.widgets.frontend.board_module`.

Hot-seat play: ``players`` names, per seat, ``"human"`` or a bot
(:func:`spynb.bots.make_bot`).  With two or more human seats the board shows
one seat at a time; when the device must pass to another seat, it shows a
cover and holds no seat's view at all until that seat says it has the device
(the ``uncover`` intention).

Bots move one action per request, at the pace the learner sets
(:mod:`spynb.widgets.pacing`); every action by another seat, bot or person, is
told in a sentence from the seat shown and the log keeps every turn
(:mod:`spynb.widgets.narration`); with a bot to move
first at a shared screen, the first person's seat is shown (after the cover)
and watches.  Saving and links to a position never hand over a hidden card
(:mod:`spynb.widgets.records`); refusals quote their input briefly
(:mod:`spynb.widgets.refusals`).

Undo never reveals anything: it takes back the last human action (and the
bots' moves after it) only if none of the actions taken back showed the
seat being shown something new — a chance outcome, a card drawn or looked
at, another seat's move — and never across a passing of the device.  The
omniscient teaching view has seen everything, so there undo is free.
*Review* (step back / forward) shows the shown seat's own view at an earlier
step, which can only hold less than it knows now.  Once the game is over its
final position stays, told in the ``ending`` field (:mod:`spynb.widgets.ending`),
and undo only steps back through it, as review.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..engine import SEED_RANGE, Action, Event, Game, Record, RecordError, SpynbError, is_seed, is_whole_number
from ..rulespage import rule_links
from .aid import DeductionAid
from .checkpoint import all_or_nothing
from .ending import GameEnding
from .fields import Field, Synced
from .front_limits import board_full_reason, recent_view
from .narration import Narration
from .pacing import BotPacing
from .records import SharedPositions
from .refusals import message_failed, refusal, refusal_for
from .wire import is_null

if TYPE_CHECKING:
    from ..bots.base import Bot
    from .board import PlayBoard
    from .walkthrough_player import Walkthrough

__all__ = ["BoardController", "PlayBoard", "HUMAN", "board_class", "board_name", "controller_class", "lazy_board",
           "walkthrough"]

HUMAN = "human"
OPPONENT = "rules"
"""The bot that plays every seat no one names: the rule-of-thumb player, sensible and quick in a browser."""
MAX_NAME = 40


def _opponents(seats: int) -> list[str]:
    """Who plays each seat when no one says: a person on seat 1, :data:`OPPONENT` on the rest."""
    return [HUMAN] + [OPPONENT] * (seats - 1)


@dataclass(frozen=True)
class Seating:
    """Who plays each seat (``'human'`` or a bot's name), the names shown, and the bots, by seat."""

    players: list[str]
    names: list[str]
    bots: dict[int, Bot]


class _Entry:
    """What the board remembers about each action it played (Python side only)."""

    __slots__ = ("seat", "human", "chance", "first_event", "last_event")

    def __init__(self, seat: int | None, human: bool, chance: bool, first_event: int, last_event: int) -> None:
        self.seat, self.human, self.chance = seat, human, chance
        self.first_event, self.last_event = first_event, last_event


def _loaded_entries(game: Game) -> list[_Entry]:
    """What the board remembers of the actions a game came with: nobody's to take back (they are below the floor)."""
    return [_Entry(seat, False, False, 0, 0) for seat, _ in game.actions]


class BoardController(BotPacing, Narration, SharedPositions, DeductionAid, GameEnding, Synced):
    """A live board's logic for one game: seats played by people (hot-seat) or bots, one view shown at a time.

    Plain Python (no IPython, ipywidgets or traitlets): it takes the front end's
    messages (:meth:`handle`) and keeps what the front end draws in fields
    (:mod:`spynb.widgets.fields`): :meth:`front_state` is all of it, and
    :meth:`subscribe` hears each change and each one-off message.  In a notebook
    the anywidget :class:`~spynb.widgets.board.PlayBoard` carries it; the site's
    welcome page hosts it directly.

    Subclasses set ``GAME`` (the game's name; its manifest names the board's
    front end and styles) and may override :meth:`changed_keys`,
    :meth:`glossary_data` and :meth:`extra_view`; a game's own messages
    from its front end are its ``MESSAGES`` (see :meth:`message_handlers`).

    >>> board = controller_class("kloak")(seed=1)
    >>> heard = []
    >>> board.subscribe(heard.append)
    >>> board.viewer, board.status
    (1, 'Your turn: Seat 1.')
    >>> board.handle({"kind": "play", "action": "zzz"})
    >>> board.error["kind"], heard[-1]["state"]["error"] is not None
    ('notation', True)
    >>> board.handle({"kind": "touch", "square": "a1"})
    >>> board.error, board.touched, sorted(heard[-1]["state"])
    ({}, 'a1', ['error', 'reach', 'touched'])

    :raises SpynbError: from the constructor, for players or names that do not fit the game.
    """

    GAME: ClassVar[str] = ""
    KEEPS: ClassVar[tuple[str, ...]] = ("_entries", "_floor", "_review", "_bots", "_prev_view", "_cover_for")
    """The private state a failed message puts back (:mod:`spynb.widgets.checkpoint`); each part names its own."""
    PANELS: ClassVar[tuple[str, ...]] = ()
    """Names of extra ``static/<name>.js|css`` panels linked into the board's module (see
    :func:`spynb.widgets.frontend.board_module`)."""
    SCRIPTED: ClassVar[bool] = False
    """True for boards that follow a script (walkthroughs): bots, saving and position links stay out."""
    REVEALS_TO_ACTOR: ClassVar[frozenset[str] | None] = None
    """Kinds of event by which a seat learns something from its *own* action (e.g. looking
    into an envelope).  ``None``: every private event counts as learning something."""

    view: Field[dict[str, Any]]
    view = Field({}, "The engine's view of the seat shown (`viewer`), JSON-safe, or the labelled omniscient "
                     "teaching view; {'covered': True, ...} with no seat's knowledge while the device passes "
                     "between seats. Never the full state. The page receives its latest events only "
                     "(spynb.widgets.front_limits).", wire=recent_view)
    legal: Field[list[str]]
    legal = Field([], "The notation of every action the shown seat may take now, in the engine's order; empty "
                      "when it cannot act.")
    status = Field("", "One sentence: whose turn it is, who won, or what the board waits for.")
    error: Field[dict[str, Any]]
    error = Field({}, "Why the last intention was refused: {kind, rule, reason, citation, where, message}; {} "
                      "after an accepted one.")
    viewer: Field[int | None]
    viewer = Field(None, "The seat whose view is shown (1-based), or None (0 in the browser) for the omniscient "
                         "teaching view or while covered.", seat=True)
    teaching = Field(False, "True when the board shows the omniscient teaching view and plays for whichever human "
                            "seat is to move.")
    cover = Field("", "While the device passes to another seat: the sentence the cover shows; '' otherwise.")
    players: Field[list[str]]
    players = Field([], "Per seat: 'human' or the name of the bot playing it.")
    names: Field[list[str]]
    names = Field([], "Per seat: the name shown for it (text from users; the front end shows it as text only).")
    setup: Field[dict[str, Any]]
    setup = Field({}, "The game and what a new game may choose: title, variants (and what each is), seat counts "
                      "per variant, bots, and the current seed, variant and seats.")
    history: Field[dict[str, Any]]
    history = Field({}, "{length, review, can_undo, undo_note}: actions played, the step under review (-1 when "
                        "live), and whether undo may take the last move back.")
    changed: Field[list[str]]
    changed = Field([], "Keys (e.g. 'env-7') of what the last step changed in the view shown, for highlighting.")
    glossary: Field[dict[str, Any]]
    glossary = Field({}, "Static facts about the game the drawing needs (card names, colours, and under 'rules' "
                         "each ruling's link: id -> {rule, rule_href, citation}); no part of any position.")

    def __init__(self, game: Game | None = None, *, seats: int | None = None, seed: int = 0,
                 variant: str | None = None, players: Sequence[str] | None = None,
                 names: Sequence[str] | None = None, teaching: bool = False) -> None:
        from .. import get_spec

        self._spec = get_spec(self.GAME)
        self._entries: list[_Entry] = []
        self._floor = 0
        self._review = -1
        self._bots: dict[int, Bot] = {}
        self._prev_view: dict[str, Any] | None = None
        if game is None:
            game = self._spec.new_game(variant, seats, seed)
        elif not isinstance(game, Game):
            raise TypeError(f"{type(self).__name__}() needs a spynb Game or nothing, not {game!r}")
        elif game.spec.name != self.GAME:
            raise TypeError(f"{type(self).__name__} plays {self.GAME}, not {game.spec.name}")
        elif (seats, variant, seed) != (None, None, 0):
            raise TypeError("seats, seed and variant only apply when the board starts the game itself")
        self._take_seats(game, self._seating(game, players, names))
        self._entries = _loaded_entries(game)
        self._floor = len(game.actions)
        self.teaching = bool(teaching)
        self._after_change(new_game=True)

    # -- seats, bots ------------------------------------------------------------------------
    def _seating(self, game: Game, players: Sequence[str] | None, names: Sequence[str] | None) -> Seating:
        """Who plays each seat of ``game`` and the names shown, checked, with the bots made; nothing changes.

        :raises SpynbError: players or names that do not fit the game.
        """
        from ..bots import bot_names, make_bot

        n = game.seats
        players = _opponents(n) if players is None else list(players)
        if len(players) != n or not all(isinstance(p, str) for p in players):
            raise SpynbError(f"players must name {n} seats, each 'human' or a bot ({', '.join(bot_names())})")
        bots = {seat: make_bot(who, self._spec, seed=game.seed * 97 + seat)
                for seat, who in enumerate(players, 1) if who != HUMAN}
        names = [f"Seat {s}" for s in range(1, n + 1)] if names is None else list(names)
        if len(names) != n or not all(isinstance(x, str) and 0 < len(x.strip()) <= MAX_NAME for x in names):
            raise SpynbError(f"names must be {n} non-empty texts of at most {MAX_NAME} characters")
        return Seating(players, [x.strip() for x in names], bots)

    def _take_seats(self, game: Game, seating: Seating) -> None:
        """Play ``game`` with ``seating`` (from :meth:`_seating`): the one place a board's game is replaced."""
        self._game, self._bots = game, seating.bots
        with self.hold():
            self.players, self.names = seating.players, seating.names
            self._starting_pace()

    @property
    def game(self) -> Game:
        """The game (Python side only; never sent to the browser)."""
        return self._game

    def humans(self) -> list[int]:
        return [s for s, who in enumerate(self.players, 1) if who == HUMAN]

    def _pending_humans(self) -> list[int]:
        turn = self._game.turn
        if turn.over or turn.chance:
            return []
        return [s for s in turn.seats if s not in self._bots]

    def _play_entry(self, notation: str | Action, seat: int | None, human: bool) -> None:
        """Play one action through the engine and remember what it showed (raises on refusal)."""
        game = self._game
        full = board_full_reason(len(game.actions))
        if full:
            raise SpynbError(full)
        first = len(game.state.events)
        game.auto_chance = False
        try:
            game.play(notation, seat)
            chance = game.turn.chance
        finally:
            game.auto_chance = True
        game.resolve_chance()
        self._entries.append(_Entry(seat, human, chance, first, len(game.state.events)))

    # -- what is shown ----------------------------------------------------------------------
    def _shown_seat(self) -> int | None:
        """The seat whose view the board shows next (None: teaching, or nobody to show)."""
        if self.teaching:
            return None
        humans = self.humans()
        if not humans:
            return None
        pending = self._pending_humans()
        if len(humans) == 1:
            return humans[0]
        if pending:
            return self.viewer if self.viewer in pending else pending[0]
        return self.viewer if self.viewer is not None else humans[0]  # bots first: a person's seat watches

    def _after_change(self, *, new_game: bool = False) -> None:
        """Choose the seat to show (covering if the device must pass), redraw; bots move when asked (pacing.py)."""
        nxt = self._shown_seat()
        covered = (not self.teaching and len(self.humans()) > 1
                   and (new_game or nxt != self.viewer) and not self._game.over)
        if covered and nxt is not None:
            self._floor = len(self._game.actions)  # undo never crosses a passing of the device
            self._prev_view = None
            with self.hold():
                self.viewer = None
                self.cover = (f"Pass the device to {self.names[nxt - 1]} (seat {nxt}). Everyone else: look away. "
                              f"{self.names[nxt - 1]}: press Show my seat when only you can see the screen.")
                self._cover_for = nxt
                self._redraw()
            return
        with self.hold():
            self.cover = ""
            self.viewer = nxt
            self._redraw()

    _cover_for: int | None = None

    def _acting_seat(self) -> int | None:
        """The seat an intention from the front end plays for now."""
        if self.cover or self._review >= 0 or self._shared is not None:
            return None
        pending = self._pending_humans()
        if self.teaching:
            return pending[0] if pending else None
        return self.viewer if self.viewer in pending else None

    def _redraw(self) -> None:
        """Redraw everything from the game: the board's own fields, then each part's (``_draw_part``)."""
        with self.hold():
            self._draw()
            self._draw_part()

    def _draw(self) -> None:
        """Set every field from the game and the seat shown (inside :meth:`_redraw`'s batch)."""
        game, seat = self._game, self.viewer
        self.setup = self._setup_data()
        self.glossary = {**self.glossary_data(), "rules": rule_links(self.GAME)}
        if self._shared is not None:
            return self._draw_shared(self._shared)
        if self.cover:
            self.view = {"covered": True, "game": self.GAME, "label": f"{self._spec.title} — hidden: the "
                         "device passes to another seat", "seat": None, "omniscient": False}
            self.legal, self.changed = [], []
            self.status = self.cover
            self.history = {"length": len(game.actions), "review": -1, "can_undo": False,
                            "undo_note": "Nothing can be undone while the device passes."}
            return
        if self._review >= 0:
            shown = game.at(self._review).view(seat).to_dict()
            legal: list[str] = []
        else:
            shown = game.view(seat).to_dict()
            acting = self._acting_seat()
            legal = [] if acting is None else [str(a) for a in game.legal_actions(acting)]
        shown.update(self.extra_view(shown))
        can_undo, note = self._undo_check()
        self.changed = self.changed_keys(self._prev_view, shown) if self._prev_view is not None else []
        self._prev_view = shown
        self.view = shown
        self.legal = legal
        self.status = self._status_text()
        self.history = {"length": len(game.actions), "review": self._review, "can_undo": can_undo,
                        "undo_note": note}

    def _seat_name(self, seat: int) -> str:
        name = self.names[seat - 1] if seat - 1 < len(self.names) else f"Seat {seat}"
        return name if name == f"Seat {seat}" else f"{name} (seat {seat})"

    def _status_text(self) -> str:
        game = self._game
        if self._review >= 0:
            return (f"Reviewing step {self._review} of {len(game.actions)}: what "
                    f"{'everyone' if self.viewer is None else self._seat_name(self.viewer)} knew then. "
                    "Return to the live game to play.")
        turn = game.turn
        if turn.over:
            winners = game.winners
            if not winners:
                return "Game over: no winner."
            return "Game over: " + ", ".join(self._seat_name(s) for s in winners) + (
                " wins." if len(winners) == 1 else " win.")
        waiting = [s for s in turn.seats]
        acting, bot = self._acting_seat(), self._bot_seat()
        if acting is not None:
            who = self._seat_name(acting)
            return f"{who} to play." if self.teaching else f"Your turn: {who}."
        if bot is not None:
            return self._bot_status(bot)
        names = ", ".join(self._seat_name(s) for s in waiting)
        return f"Waiting for {names}."

    def _setup_data(self) -> dict[str, Any]:
        from ..bots import bot_names

        spec, game = self._spec, self._game
        # the seed only once the game is over: with it, a running game could be replayed and every hidden card seen
        return {"game": spec.name, "title": spec.title, "variants": list(spec.variants),
                "variant_titles": {v: spec.variant_titles.get(v, v) for v in spec.variants},
                "seat_counts": {v: list(spec.allowed_seats(v)) for v in spec.variants},
                "bots": list(bot_names()), "opponent": OPPONENT, "variant": game.variant,
                "seats": game.seats, "walkthrough": False,
                "seed": game.seed if game.over and self._shared is None else None}

    # -- hooks for each game's board ----------------------------------------------------------
    def changed_keys(self, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        """Keys of the parts of the view that differ (the drawing marks them); none by default."""
        return []

    def glossary_data(self) -> dict[str, Any]:
        """Static game facts the drawing needs."""
        return {}

    def extra_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """Fields the board adds to the view it shows (derived from that view only)."""
        return {}

    # -- intentions --------------------------------------------------------------------------
    def play(self, notation: Any) -> bool:
        """Play ``notation`` for the seat that may act, exactly as a click does; True if accepted."""
        if not isinstance(notation, str) or not notation.strip() or len(notation) > 100:
            self.error = refusal(f"an intention must be an action's notation, such as 'pass', not {notation!r:.60}")
            return False
        acting = self._acting_seat()
        if acting is None:
            self.error = refusal(f"{notation.strip()!r} was not played: {self._status_text()}")
            return False
        try:
            self._play_entry(notation.strip(), acting, human=True)
        except SpynbError as err:
            self.error = refusal_for(err)
            return False
        with self.hold():
            self.error = {}
            self._after_change()
        return True

    def uncover(self) -> bool:
        """The seat the device passed to has it: show that seat's view."""
        if not self.cover:
            self.error = refusal("There is no cover to lift: the board already shows a seat.")
            return False
        with self.hold():
            self.cover = ""
            self.error = {}
            self.viewer = self._cover_for
            self._prev_view = None
            self._redraw()
        return True

    def show_teaching(self, on: bool) -> None:
        """Switch between the omniscient teaching view and the seats' own views."""
        if on and self._shared is not None:
            self.error = refusal("A shared position holds one seat's view only: there is nothing more to show.")
            return
        with self.hold():
            self.error = {}
            self.teaching = bool(on)
            self._prev_view = None
            if on:
                self.cover = ""
                self.viewer = None
                self._redraw()
            else:
                self.viewer = None
                self._after_change(new_game=True)

    def _undo_check(self) -> tuple[bool, str]:
        entries, game = self._entries, self._game
        if game.over and self._review != 0 and entries:
            return True, "The game is over: Undo steps back through it to review it; nothing is taken back."
        humans = [i for i, e in enumerate(entries) if e.human]
        if not humans:
            return False, "There is no move of yours to take back."
        start = humans[-1]
        if start < self._floor:
            return False, "Undo stops here: the game was loaded, or the device has passed since."
        if self.teaching:
            return True, ""
        seat = self.viewer
        events = game.state.events
        for entry in entries[start:]:
            if entry.chance:
                return False, "Undo stops here: chance has shown something since (a card drawn or cut)."
            for event in events[entry.first_event:entry.last_event]:
                if seat is not None and self._reveals(event, seat):
                    return False, f"Undo stops here: {self._seat_name(seat)} has seen something new since."
        return True, ""

    def _reveals(self, event: Event, seat: int) -> bool:
        """Whether ``seat`` learnt something from ``event``: another seat's move, a move of its own that
        uncovered something (the event names what it ``revealed``), or one of :attr:`REVEALS_TO_ACTOR`."""
        if not event.visible_to(seat):
            return False
        if event.actor != seat or event.get("revealed"):
            return True
        if self.REVEALS_TO_ACTOR is None:
            return event.seen_by is not None
        return event.kind in self.REVEALS_TO_ACTOR

    def undo(self) -> bool:
        """Take back the last human move and the bots' moves after it, if nothing is revealed by it; once the
        game is over, step back one step to review it instead (the result stands)."""
        ok, note = self._undo_check()
        if ok and self._game.over:
            at = self._review if self._review >= 0 else len(self._game.actions)
            return self.review(at - 1)
        if not ok or self._review >= 0:
            self.error = refusal(note if not ok else "Return to the live game before undoing.", kind="undo")
            return False
        start = max(i for i, e in enumerate(self._entries) if e.human)
        self._game = self._game.at(start)
        del self._entries[start:]
        with self.hold():
            self.error = {}
            self._redraw()
        return True

    def review(self, step: int | None) -> bool:
        """Show the shown seat's view after ``step`` actions (None or -1: back to the live game)."""
        if self.cover:
            self.error = refusal("Nothing can be reviewed while the device passes.", kind="review")
            return False
        if step is None or step == -1:
            self._review = -1
        elif is_whole_number(step) and 0 <= step <= len(self._game.actions):
            self._review = -1 if step == len(self._game.actions) else step
        else:
            self.error = refusal(f"review needs a step from 0 to {len(self._game.actions)}, not {step!r:.40}",
                                kind="review")
            return False
        with self.hold():
            self.error = {}
            self._redraw()
        return True

    def new_game(self, *, seed: object = None, variant: object = None, seats: object = None,
                 players: Sequence[str] | None = None, names: Sequence[str] | None = None) -> bool:
        """Start a new game (same settings where none is given, a fresh random seed if none);
        a bad setting sets ``error`` and changes nothing."""
        seed = random.SystemRandom().randrange(2**31) if seed is None or seed == "" else seed
        variant = self._game.variant if variant is None else variant
        if not is_seed(seed):
            self.error = refusal(f"the seed must be {SEED_RANGE}, not {seed!r:.40}", kind="setup")
            return False
        if not isinstance(variant, str):
            self.error = refusal(f"the variant must be a name, not {variant!r:.40}", kind="setup")
            return False
        if seats is None:
            seats = self._game.seats if self._game.seats in self._spec.allowed_seats(variant) \
                else self._spec.allowed_seats(variant)[0]
        if not is_whole_number(seats):
            self.error = refusal(f"the number of seats must be a whole number, not {seats!r:.40}", kind="setup")
            return False
        try:
            game = self._spec.new_game(variant, seats, seed)  # checks the seat count before anything is built
            if players is None:
                players = list(self.players) if len(self.players) == seats else _opponents(seats)
            if names is None and len(self.names) == seats:
                names = list(self.names)
            seating = self._seating(game, players, names)
        except SpynbError as err:
            self.error = refusal_for(err) | {"kind": "setup"}
            return False
        self._take_seats(game, seating)
        self._entries, self._floor, self._review, self._prev_view, self._shared = [], 0, -1, None, None
        with self.hold():
            self.error = {}
            self.viewer = None
            self._after_change(new_game=True)
        return True

    def save(self) -> str:
        """The game's record as JSON (also sent to the front end as a one-off message, never a trait)."""
        return self._game.record().to_json(indent=1)

    def load(self, text: Any) -> bool:
        """Replace the game by the one a JSON record describes; a bad record sets ``error`` and changes nothing."""
        if not isinstance(text, str):
            self.error = refusal(f"a record is JSON text, not {type(text).__name__}", kind="record", where="the record")
            return False
        try:
            record = Record.from_json(text)
            if record.game != self.GAME:
                raise RecordError("field 'game'", f"this board plays {self.GAME!r}, not {record.game!r}")
            game = record.replay(spec=self._spec)
            same_seats = game.seats == self._game.seats
            seating = self._seating(game, list(self.players) if same_seats else None,
                                    list(self.names) if same_seats else None)
        except SpynbError as err:
            self.error = refusal_for(err) | {"kind": "record"}
            return False
        self._take_seats(game, seating)
        self._entries = _loaded_entries(game)
        self._floor, self._review, self._prev_view, self._shared = len(game.actions), -1, None, None
        with self.hold():
            self.error = {}
            self.viewer = None
            self._after_change(new_game=True)
        return True

    def handle(self, content: Any) -> None:
        """Every message from the front end ends here; none can raise or change state unless valid.

        A message that fails inside the board (a part raising as it redraws) changes nothing, on the
        screen either (:mod:`spynb.widgets.checkpoint`), and is refused as any bad message is.
        """
        try:
            with all_or_nothing(self):
                self._dispatch(content)
        except Exception as err:  # noqa: BLE001 - a hostile message must never break the kernel side
            self.error = message_failed(err)

    MESSAGES = {"play": "_play_message", "uncover": "_uncover_message", "teaching": "_teaching_message",
                "undo": "_undo_message", "review": "_review_message", "new": "_new_message",
                "save": "_save_message", "load": "_load_message"}

    @classmethod
    def message_handlers(cls) -> dict[str, str]:
        """Every message kind the board answers, with its handler's name: each class's ``MESSAGES``, a subclass's
        overriding its bases'."""
        found: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            found.update(vars(klass).get("MESSAGES", {}))
        return found

    def _dispatch(self, content: Any) -> None:
        kind = content.get("kind") if isinstance(content, dict) else None
        if not isinstance(kind, str):
            self.error = refusal(f"unknown message from the board: {content!r:.80}")
            return
        handler = self.message_handlers().get(kind)
        if handler is None:
            self.error = refusal(f"unknown message from the board: {kind!r:.40}")
            return
        getattr(self, handler)(content)

    def _play_message(self, content: dict[str, Any]) -> None:
        self.play(content.get("action"))

    def _uncover_message(self, content: dict[str, Any]) -> None:
        self.uncover()

    def _teaching_message(self, content: dict[str, Any]) -> None:
        on = content.get("on")
        if not isinstance(on, bool):
            self.error = refusal("the teaching switch needs true or false")
        elif on and len(self.humans()) > 1 and not self._game.over:
            self.error = refusal("The teaching view shows every seat's hidden cards, so at a shared screen it "
                                 "opens only when the game is over (or from Python: board.show_teaching(True)).",
                                 kind="refused")
        else:
            self.show_teaching(on)

    def _undo_message(self, content: dict[str, Any]) -> None:
        self.undo()

    def _review_message(self, content: dict[str, Any]) -> None:
        self.review(content.get("step"))

    def _new_message(self, content: dict[str, Any]) -> None:
        options = {k: content.get(k) for k in ("seed", "variant", "seats", "players", "names")
                   if k in content and not is_null(content.get(k))}
        listed = [key for key in ("players", "names") if key in options and not isinstance(options[key], list)]
        if listed:
            self.error = refusal(f"{listed[0]} must be a list", kind="setup")
        else:
            self.new_game(**options)

    def _save_message(self, content: dict[str, Any]) -> None:
        refused = self._save_refusal()
        if refused:
            self.error = refusal(refused, kind="record")
        else:
            self._emit({"kind": "record", "json": self.save()})

    def _load_message(self, content: dict[str, Any]) -> None:
        self.load(content.get("json"))


def controller_class(game: str) -> type[BoardController]:
    """The plain-Python board logic for ``game`` (no widget machinery), as the game's manifest names it.

    >>> controller_class("kloak").__name__
    'KloakController'

    :raises SpynbError: no game has that name, or it has no board.
    """
    from ..games import manifest

    controller: type[BoardController] = manifest(game).part("board")
    return controller


def board_class(game: str) -> type[PlayBoard]:
    """The notebook's board (an anywidget) that plays ``game``.

    >>> board_class("cloak-dagger").__name__
    'CloakDaggerBoard'
    """
    from .board import widget_class

    return widget_class(controller_class(game))  # type: ignore[arg-type]  # a class is hashable: python/mypy#11470


def board_name(controller: type[BoardController]) -> str:
    """The name of a controller's notebook board: ``KloakController`` has ``KloakBoard``."""
    return controller.__name__.removesuffix("Controller") + "Board"


def lazy_board(module: str, controller: type[BoardController]) -> Callable[[str], Any]:
    """A game's board module's ``__getattr__``: its notebook board (``KloakBoard`` beside ``KloakController``)
    is made when first asked for, so importing the controller loads no widget machinery."""
    def __getattr__(name: str) -> Any:
        if name == board_name(controller):
            from .board import widget_class

            return widget_class(controller)  # type: ignore[arg-type]  # a class is hashable: python/mypy#11470
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__


def __getattr__(name: str) -> Any:
    """``PlayBoard``, the anywidget, loads the widget machinery only when asked for (:mod:`spynb.widgets.board`)."""
    if name == "PlayBoard":
        from .board import PlayBoard

        return PlayBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def walkthrough(name: str, teaching: bool = False) -> Walkthrough:
    """The walkthrough player for scenario ``name`` (see :func:`spynb.widgets.walkthrough_player.walkthrough`)."""
    from .walkthrough_player import walkthrough as player

    return player(name, teaching)
