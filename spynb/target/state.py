"""The Target's position and turn procedure (rulebook *Setup* and *Play*; rulings TG-1 … TG-14).

The state holds the position, keeps the engine's contract and carries the turn from stage to stage; the
rest of the game lives beside it, each part in its own module:

===================  ==========================================================================
:mod:`.stages`       the stages of a turn, by name, in order, with their titles
:mod:`.choices`      the legal actions of a seat (the listing on every playout's hot path)
:mod:`.explain`      why an action is not legal now: the rule and a sentence
:mod:`.resolution`   what resolving the pile reads: card sets, Deflect steps, the next Target
:mod:`.views`        what a seat sees (the observer, apart from the state)
:mod:`.redeal`       dealing again what a seat has not seen (bots, no-leak tests)
:mod:`.piles`        moving cards between sorted lists and multisets
===================  ==========================================================================

A turn is a fixed sequence of stages (:class:`~spynb.target.stages.Stage`), each reported by
``view(...)["stage"]``.  A resolution step pauses only when the Target is a player and the pile holds
cards for it (reading TG-S1); draws are chance points over a deck's remaining
multiset, so a deck's order is never enumerated.  Turning in sets (TG-11) and
removing Espionage cards in front of you (TG-7) are extra actions of any seat
that is pending to act (reading TG-S2).  Who is pending, the stage and the
events logged depend only on public facts and the acting seat's own cards:
every pause above is decided by the revealed pile, the circle, hand sizes,
tokens and the cards in front, and the restore asks every seat below 4 cards
whatever its hand holds (TG-S11).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from spynb.engine import CHANCE_TURN, OVER, Action, IllegalActionError, LoggedState, State, Turn, View
from spynb.games import get_spec

from .actions import (
    Assign, Counter, Deal, Discard, Draw, Evade, Pick, Play, Remove, Resolve, Reveal, TurnIn,
)
from .cards import (
    AFFILIATION_COUNTS, ATTACKS, CATEGORY, DECK_COUNTS, DECK_OF, DECKS, DEFLECTS, DIRTY, HAND, HQS, INTEL, RANK,
    SETUP_CHART, TOKEN_FOR, WATCH_DISTANCE, circle, letter_of, sort_cards,
)
from .choices import legal, outed_viewers, restorers
from .explain import explain
from .narration import CITES, NARRATORS
from .piles import add, insert, remove
from .redeal import Redeal, redeal
from .rules import RULES
from .resolution import ESPIONAGE_TARGETS, MOVER_CARDS, MOVERS, net_steps, next_marker
from .stages import NEXT as _NEXT, PLAYING as _PLAYING, RESOLUTION, STAGE_TITLES, STAGES, Stage
from .views import public_view, seat_view

if TYPE_CHECKING:
    from spynb.engine import GameSpec

__all__ = ["TargetState", "MidTurn", "Stage", "STAGES", "STAGE_TITLES"]

# The stages by their short names, for the turn procedure.
PICK, ASSIGN, DEAL, SURVEILLED, PLAY = Stage.PICK, Stage.ASSIGN, Stage.DEAL, Stage.SURVEILLED, Stage.PLAY
DEFLECT, OPERATIVES, ESPIONAGE, OUTED, INTEL_STEP, MOVEMENT, TAKE = RESOLUTION
RESTORE, DONE = Stage.RESTORE, Stage.DONE
_STEP_CARDS = {DEFLECT: frozenset(DEFLECTS), OPERATIVES: frozenset(DECK_COUNTS["operative"]),
               ESPIONAGE: frozenset(DECK_COUNTS["espionage"]), MOVEMENT: MOVER_CARDS}
"""The cards a step deals with: with none of them in the pile, the step does nothing and does not pause."""
_TARGET_CARDS = frozenset(ESPIONAGE_TARGETS)
_WATCHING = frozenset(WATCH_DISTANCE)



@dataclass(frozen=True)
class MidTurn:
    """A position in the middle of a turn, every part of it given: what
    :func:`~spynb.target.determinise.determinise` imagines from a seat's view, for
    :meth:`TargetState.take_up` to hold.  Each field is the state's field of that name."""

    decks: dict[str, dict[str, int]]
    discards: dict[str, dict[str, int]]
    hands: list[list[str]]
    front: list[list[str]]
    tokens: list[list[str]]
    deposits: dict[str, list[str]]
    language_pass: list[int]
    affiliation: list[str]
    removed: dict[str, int]
    outed_seen: dict[int, dict[int, str]]
    marker: int
    direction: int
    turn_number: int
    stage: Stage
    plays: dict[int, str]
    face_up: dict[int, str]
    shown: dict[int, list[int]]
    pile: list[str]
    revealed: list[str]
    receiver: int
    play_order: list[int]
    pending: list[int]
    outed_left: int
    moved: bool
    advance: bool


class TargetState(LoggedState):
    """A position of The Target: seats 1…n around a circle with two HQs (TG-2)."""

    NARRATORS, CITES, OMNISCIENT_SHOWS = NARRATORS, CITES, "every hidden card and affiliation"
    CACHES: ClassVar[frozenset[str]] = LoggedState.CACHES | {"_now"}
    """The fields that are not part of the position: whose move (``_now``), and the legal actions, chance
    weights and public view (``_cache``), worked out from it and remembered until it changes.  They are
    filled through :meth:`turn` (or by :meth:`_run`, which finds the restoring seats) and the ``_cache``
    dictionary, and emptied only by :meth:`_forget`: every change goes through ``_apply``, which forgets first
    (written out there), and anything else that changes a position (a scenario, a copy, a white-box test)
    calls it."""
    _now: Turn | None

    def __init__(self, spec: GameSpec, variant: str, seats: int, options: Mapping[str, Any]) -> None:
        super().__init__(spec, variant, seats, options)
        self.circle: tuple[str | int, ...] = circle(seats)
        pile1, pile2, picks = SETUP_CHART[seats]
        # Affiliations (rulebook: Setup Steps): Pile 1 kept, Pile 2 shuffled and picked from, the rest unused.
        self.pile1 = dict(pile1)
        self.pile2 = dict(pile2)
        self.picks_left = picks
        self.combined: dict[str, int] = {}
        self.removed: dict[str, int] = {}
        self.unused = {a: n - self.pile1.get(a, 0) - self.pile2.get(a, 0) for a, n in AFFILIATION_COUNTS.items()}
        self.affiliation = [""] * (seats + 1)
        # Cards (TG-1): each deck's hidden multiset; its order is unknown to all, so a draw is a chance point.
        self.decks = {deck: dict(counts) for deck, counts in DECK_COUNTS.items()}
        self.discards: dict[str, dict[str, int]] = {deck: {} for deck in DECKS}
        self.hands: list[list[str]] = [[] for _ in range(seats + 1)]
        self.front: list[list[str]] = [[] for _ in range(seats + 1)]
        self.tokens: list[list[str]] = [[] for _ in range(seats + 1)]
        self.language_pass: list[int] = []
        self.deposits: dict[str, list[str]] = {hq: [] for hq in HQS}
        self.deposited = 0
        self.outed_seen: dict[int, dict[int, str]] = {}
        # The turn
        self.stage: Stage = PICK
        self.marker = 0  # on the KGB HQ until the deal is done (TG-2)
        self.direction = 1  # +1 clockwise, -1 counter-clockwise
        self.plays: dict[int, str] = {}
        self.play_order: list[int] = []
        self.pending: list[int] = []
        self.face_up: dict[int, str] = {}
        self.shown: dict[int, list[int]] = {}
        self.pile: list[str] = []
        self.revealed: list[str] = []
        self.receiver = 0
        self.bombed = False
        self.outed_left = 0
        self.advance = False
        self.moved = False
        self.draws: list[tuple[int, str]] = []
        self.start_hands: tuple[int, ...] = ()
        self.win_team = ""
        self.win_intel: tuple[tuple[str, str], ...] = ()
        """The deposited Intel that won (HQ, card), once a side has won (TG-14)."""
        self.from_scenario = False
        self._forget()

    # -- scenario helper --------------------------------------------------------
    @classmethod
    def scenario(cls, seats: int, hands: Mapping[int, Iterable[str]] | None = None, *,
                 affiliations: Mapping[int, str] | None = None, marker: int | str = 1, direction: int = 1,
                 front: Mapping[int, Iterable[str]] | None = None,
                 tokens: Mapping[int, Iterable[str]] | None = None,
                 deposits: Mapping[str, Iterable[str]] | None = None,
                 outed_seen: Mapping[int, Mapping[int, str]] | None = None,
                 turn_limit: int | None = None, variant: str = "standard") -> TargetState:
        """A teaching position at the start of a turn, everything else shuffled into the decks.

        ``hands`` gives seats their cards (a hand shorter than 4 is topped up,
        and a seat left out gets, a filler hand of one Training, Materials,
        Contacts and Language card); ``affiliations`` defaults to alternating CIA/KGB;
        ``marker`` is a seat or ``'KGB'``/``'CIA'``.  The state is at the
        ``play`` (or ``surveilled``) stage of turn 1.

        >>> s = TargetState.scenario(4, {1: ["shot", "kevlar", "mole", "french"]}, marker=2)
        >>> s.stage, s.turn.seats, s.hands[1]
        (<Stage.PLAY: 'play'>, (1, 2, 3, 4), ['kevlar', 'mole', 'french', 'shot'])
        """
        state = cls(get_spec(RULES.game), variant, seats, {"turn_limit": turn_limit})
        state.stage, state.from_scenario = DEAL, True
        state.pile2, state.picks_left = {}, 0
        state.unused = dict(AFFILIATION_COUNTS)
        chosen = dict(affiliations or {})
        for seat in range(1, seats + 1):
            state.affiliation[seat] = chosen.get(seat, "cia" if seat % 2 else "kgb")
            state.unused[state.affiliation[seat]] -= 1
        state.pile1 = {}
        given = {s: list(cards) for s, cards in (hands or {}).items()}
        fillers = (("firearms", "martial-arts", "deception", "explosives"), ("kevlar", "chemicals", "technology",
                   "audio-visual"), ("defector", "informant", "mole"), ("french", "german", "russian"))
        for seat in range(1, seats + 1):
            hand = given.get(seat, [])
            filler = [kinds[(seat + i) % len(kinds)] for i, kinds in enumerate(fillers)]
            hand = hand + filler[:max(0, HAND - len(hand))]
            state._take_out(hand)
            state.hands[seat] = sort_cards(hand)
        for seat, cards in (front or {}).items():
            state._take_out(cards)
            state.front[seat] = sort_cards(cards)
        for seat, decks in (tokens or {}).items():
            state.tokens[seat] = [d for d in DECKS if d in set(decks)]
        for hq, cards in (deposits or {}).items():
            state._take_out(cards)
            state.deposits[hq] = list(cards)
            state.deposited += len(state.deposits[hq])
        state.outed_seen = {s: dict(v) for s, v in (outed_seen or {}).items()}
        state.direction = direction
        state.marker = state.circle.index(marker)
        state._forget()
        state._log("scenario", None, None)
        state._start_turn()
        return state

    def _take_out(self, cards: Iterable[str]) -> None:
        for card in cards:
            deck = self.decks[DECK_OF[card]]
            if not deck.get(card):
                raise ValueError(f"no {card!r} left in the {DECK_OF[card]} deck for this scenario")
            remove(deck, card)

    # -- the contract -----------------------------------------------------------
    @property
    def turn(self) -> Turn:
        turn = self._now
        if turn is None:
            turn = self._now = self._turn()
        return turn

    def take_up(self, position: MidTurn) -> None:
        """Hold ``position`` in place of this fresh state's setup: the setup is over (no affiliation left to
        pick or assign), every hand started the turn at four cards, and no draw is owed."""
        for field in fields(position):
            setattr(self, field.name, getattr(position, field.name))
        self.deposited = sum(len(cards) for cards in self.deposits.values())
        self.start_hands = (HAND,) * self.seats
        self.draws = []
        self.bombed = False  # an HQ's turn never pauses, so no seat chooses after a Bombed
        self.pile1, self.pile2, self.picks_left, self.combined = {}, {}, 0, {}
        self._forget()  # whose move it was at the fresh state's setup no longer holds

    def _forget(self) -> None:
        """The position changed: forget whose move it was and everything worked out from it."""
        self._now = None
        self._cache = {}

    def _turn(self) -> Turn:
        """Whose move it is, from the stage: chance, the seats to play or restore, the Target, or nobody."""
        stage = self.stage
        if self.draws or stage in (PICK, ASSIGN):
            return CHANCE_TURN
        if stage is SURVEILLED:
            return _turn_of((self.play_order[0],))
        if stage is PLAY:
            return _turn_of(tuple(self.pending))
        if stage is RESTORE:
            return _turn_of(tuple(restorers(self)))
        if stage is DONE:
            return OVER
        return _turn_of((self.circle[self.marker if stage is DEFLECT else self.receiver],))

    @property
    def target(self) -> str | int:
        """Who the Target Marker is on: a seat or an HQ."""
        return self.circle[self.marker]

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        return _fractions(self.chance_weights())

    def chance_weights(self) -> tuple[tuple[Action, int], ...]:
        """Each remaining card of the pile or deck drawn from weighs 1: a draw is uniform over the multiset."""
        weights = self._cache.get("chance")
        if weights is None:
            weights = self._cache["chance"] = self._chance_weights()
        return weights

    def _chance_weights(self) -> tuple[tuple[Action, int], ...]:
        if self.draws:
            name = self.draws[0][1]
            deck = self.decks[name]
            return tuple([_DEAL_WEIGHTS[card][deck[card]] for card in _DECK_CARDS[name] if card in deck])
        if self.stage is PICK:
            return _weights(Pick, tuple(sorted(self.pile2.items())))
        if self.stage is ASSIGN:
            return _weights(Assign, tuple(sorted(self.combined.items())))
        return ()

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        if seat is None:
            seats = self.turn.seats
            if len(seats) != 1:
                return ()
            seat = seats[0]
        actions = self._cache.get(seat)
        if actions is None:
            if seat not in self.turn.seats:
                return ()
            actions = self._cache[seat] = legal(self, seat)
        return actions

    def is_legal(self, action: Action, seat: int | None) -> bool:
        """As :meth:`State.is_legal`, first looking for the very object listed (a chosen action usually is)."""
        if seat is None:
            for outcome, _ in self.chance_weights():
                if outcome is action:
                    return True
        else:
            for listed in self._cache.get(seat) or self.legal_actions(seat):
                if listed is action:
                    return True
        return State.is_legal(self, action, seat)

    # -- simulation mode (spynb.engine.simulate) --------------------------------------
    def random_action(self, rng: random.Random) -> Action:
        """A legal action of the first seat to move, drawn uniformly: the same draw as ``rng.choice`` from
        :meth:`legal_actions`."""
        return rng.choice(self.random_universe())

    def random_universe(self) -> tuple[Action, ...]:
        """The first seat to move's legal actions (listed once per position), without the contract's seat
        checks around the listing."""
        seat = (self._now or self.turn).seats[0]  # usually known: the playout has just asked whose move it is
        actions = self._cache.get(seat)
        if actions is None:
            actions = self._cache[seat] = legal(self, seat)
        return actions

    def random_outcome(self, rng: random.Random) -> Action:
        """A card drawn from the deck due (TG-1: uniform over its remaining multiset), the same draw as
        :func:`~spynb.engine.game.sample_chance` without listing the weights; the setup's draws by the weights."""
        if not self.draws:
            return super().random_outcome(rng)
        name = self.draws[0][1]
        deck = self.decks[name]
        ticket = rng.randrange(sum(deck.values()))
        for card in _DECK_CARDS[name]:
            ticket -= deck.get(card, 0)
            if ticket < 0:
                return _DEALS[card]
        raise AssertionError("a deck's cards add up to its size")

    # -- why not ------------------------------------------------------------------
    def _explain_illegal(self, action: Action, seat: int) -> IllegalActionError:
        """Why ``action`` is not legal for ``seat`` now (:func:`spynb.target.explain.explain`)."""
        return explain(self, action, seat)

    # -- doing a legal action ------------------------------------------------------
    def _apply(self, action: Action, seat: int | None) -> None:
        self._now, self._cache = None, {}  # _forget, written out: this runs once an action
        self.step += 1
        if seat is None:
            if type(action) is Deal:  # the usual chance point: a card drawn
                self._deal(action.card)
            else:
                self._setup(action)
            return
        # One type() call for the whole dispatch (the hot path): mypy does not narrow ``action`` through
        # ``kind``, so each branch's use of it carries a checked ignore.
        kind = type(action)
        if kind is Play:  # the last card played reveals the pile and carries the turn on
            self._play(seat, action.card)  # type: ignore[attr-defined]  # kind is type(action)
            return
        if kind is Draw:  # a legal draw is from a deck with cards or discards (TG-S12): chance deals next
            self.draws.append((seat, action.deck))  # type: ignore[attr-defined]  # kind is type(action)
            self._prepare_draw()
            self._now = CHANCE_TURN
            return
        if kind is Resolve:
            self._perform()
            self._run()
            return
        if kind is Discard:
            card = action.card  # type: ignore[attr-defined]  # kind is type(action)
            self.hands[seat].remove(card)
            self._discard([card])
            self._log("discard", seat, None, ("card", card))
        elif kind is TurnIn:
            self._turn_in(seat, action.cards)  # type: ignore[attr-defined]  # kind is type(action)
        elif kind is Remove:
            self._remove_front(seat, action)  # type: ignore[arg-type]  # kind is type(action)
        elif kind is Counter:
            self._counter(seat, action)  # type: ignore[arg-type]  # kind is type(action)
        elif kind is Evade:
            self._evade(seat, action.card)  # type: ignore[attr-defined]  # kind is type(action)
        elif kind is Reveal:
            self._reveal(seat, action)  # type: ignore[arg-type]  # kind is type(action)
            return
        if self.stage is RESTORE:  # a move while restoring: the restore goes on
            self._run()

    # setup and draws
    def _setup(self, action: Action) -> None:
        """Setup's chance points: a card picked from Pile 2, an affiliation drawn."""
        if isinstance(action, Pick):
            remove(self.pile2, action.affiliation)
            add(self.combined, action.affiliation)
            self.picks_left -= 1
            self._log("pick", None, frozenset(), ("affiliation", action.affiliation))
            self._log("picked", None, None)
            if not self.picks_left:
                self.removed, self.pile2 = self.pile2, {}
                for affiliation, n in self.pile1.items():
                    self.combined[affiliation] = self.combined.get(affiliation, 0) + n
                self.stage = ASSIGN
                self._log("combined", None, None, ("removed", sum(self.removed.values())))
        elif isinstance(action, Assign):
            seat = self.affiliation.index("", 1)
            remove(self.combined, action.affiliation)
            self.affiliation[seat] = action.affiliation
            self._log("affiliation", seat, _ONLY[seat], ("affiliation", action.affiliation))
            if seat == self.seats:
                self._log("circle", None, None, ("circle", self.circle))
                self.stage = DEAL
                self.draws = [(s, "rookie") for _ in range(HAND) for s in range(1, self.seats + 1)]

    def _deal(self, card: str) -> None:
        seat, deck = self.draws.pop(0)
        remove(self.decks[deck], card)
        insert(self.hands[seat], card)
        self._log("drew", seat, None, ("deck", deck))
        self._log("card", seat, _ONLY[seat], ("card", card), ("deck", deck))
        if self.draws:
            self._prepare_draw()
        if not self.draws:
            self._run()

    def _prepare_draw(self) -> None:
        """Before the next draw: refill an empty deck from its discards (TG-13), or go on when none is due."""
        while self.draws:
            seat, deck = self.draws[0]
            if self.decks[deck]:
                return
            if self.discards[deck]:
                self.decks[deck], self.discards[deck] = self.discards[deck], {}
                self._log("reshuffle", None, None, ("deck", deck))
                return
            self.draws.pop(0)
            self._log("no_draw", seat, None, ("deck", deck))

    # the turn
    def _start_turn(self) -> None:
        self.turn_number += 1
        self._history.seal()
        self.plays, self.face_up, self.shown = {}, {}, {}
        self.pile, self.revealed = [], []
        self.receiver, self.bombed, self.outed_left, self.advance, self.moved = self.marker, False, 0, False, False
        self.start_hands = tuple(map(len, self.hands[1:]))
        order = list(filter(self.hands.__getitem__, _players_from(self.circle, self.marker, self.direction)))
        self.play_order = self._surveilled(order)
        self.pending = sorted(set(order).difference(self.play_order))
        self.stage = SURVEILLED if self.play_order else PLAY
        self._log("turn", None, None, ("target", str(self.target)), ("direction", self.direction))

    def _surveilled(self, order: list[int]) -> list[int]:
        """TG-8, TG-FAQ-3: who plays first, in turn order: Blown Cover, then the other watched seats."""
        fronted = list(filter(self.front.__getitem__, order))
        if not fronted:
            return []
        blown = [s for s in fronted if "blown-cover" in self.front[s]]
        watched = [s for s in fronted if s not in blown and not _WATCHING.isdisjoint(self.front[s])]
        return blown + watched

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.plays[seat] = card
        if self.stage is SURVEILLED:
            self.play_order.pop(0)
            if "blown-cover" in self.front[seat]:  # TG-8: Blown Cover plays face up
                self.face_up[seat] = card
                self._log("face_up", seat, None, ("card", card))
            else:
                watchers = self._watchers(seat)
                if watchers:
                    self.shown[seat] = watchers
                    self._log("show", seat, frozenset((seat, *watchers)), ("card", card), ("watchers", tuple(watchers)))
                    self._log("shown", seat, None, ("watchers", tuple(watchers)))
                else:
                    self._log("played", seat, None)
            if not self.play_order:
                self.stage = PLAY
        else:  # simultaneous: nothing is logged until all have played, so submission order leaves no trace
            self.pending.remove(seat)
        if self.stage is PLAY and not self.pending:
            self._reveal_pile()

    def _watchers(self, seat: int) -> list[int]:
        """TG-8: Staked Out 1 seat clockwise, Tailed 2, Wiretapped 3 (players only)."""
        found = {self._seat_clockwise(seat, WATCH_DISTANCE[c]) for c in self.front[seat] if c in WATCH_DISTANCE}
        return sorted(found - {seat})

    def _reveal_pile(self) -> None:
        secret = sorted(s for s in self.plays if s not in self.face_up and s not in self.shown)
        for seat in secret:
            self._log("my_play", seat, _ONLY[seat], ("card", self.plays[seat]))
        if secret:
            self._log("played", None, None, ("seats", tuple(secret)))
        self.pile = sort_cards(self.plays.values())
        self.revealed = list(self.pile)
        self._log("reveal", None, None, ("pile", tuple(self.pile)))
        self.stage, self.receiver = DEFLECT, self.marker
        self._run()

    def _run(self) -> None:
        """Carry the turn forward until someone has to act (or chance has to draw)."""
        while not self.draws and self.stage in _NEXT:
            cards = _STEP_CARDS.get(self.stage)
            if cards is not None and cards.isdisjoint(self.pile):
                self.stage = _NEXT[self.stage]  # nothing in the pile for this step
            elif self._pauses():
                return
            else:
                self._perform()
        if not self.draws and self.stage is RESTORE:
            restoring = restorers(self)
            if not restoring:
                self._end_turn()
            else:  # _run is the last step of every change: these seats are whose move it is until the next
                self._now = _turn_of(tuple(restoring))
        elif not self.draws and self.stage is DEAL:
            self.marker = 1  # TG-2: from the KGB HQ, clockwise onto the next envelope: seat 1
            self._log("marker", None, None)
            self._start_turn()

    def _pauses(self) -> bool:
        """TG-S1: stop at a step when the Target is a player and the pile holds cards for the step."""
        stage = self.stage
        if not isinstance(self.circle[self.marker if stage is DEFLECT else self.receiver], int):
            return False
        if stage is OUTED:
            return self.outed_left > 0 and bool(outed_viewers(self))
        cards = _TARGET_CARDS if stage is ESPIONAGE else _STEP_CARDS.get(stage)
        return cards is not None and not cards.isdisjoint(self.pile)

    def _perform(self) -> None:
        """Carry out the current step (:data:`_STEPS`) and move to the next stage; a step that ends the game sets
        the stage itself."""
        stage = self.stage
        _STEPS[stage](self)
        if self.stage == stage:  # events above are logged with the step they belong to
            self.stage = _NEXT[stage]

    def _end_turn(self) -> None:
        self.language_pass = []
        self.marker = next_marker(self)
        self._log("end", None, None, ("target", str(self.target)))
        if not self._ends_at_turn_limit():
            self._start_turn()

    # resolving the pile: steps 1–6 (rulebook *Play*; TG-5 … TG-10, TG-14), run by _perform
    def _step_outed(self) -> None:
        """TG-7: Outed cards left unshown (no one left to show them to) are void."""
        if self.outed_left:
            self._log("outed_void", None, None, ("receiver", str(self.circle[self.receiver])))
        self.outed_left = 0

    def _step_deflect(self) -> None:
        """TG-5: net steps over players only; the pile goes there for this turn only."""
        deflects = [c for c in self.pile if c in DEFLECTS]
        if not deflects:
            return
        net = net_steps(deflects)
        self._take_from_pile(deflects)
        self._discard(deflects)
        if net:
            self.receiver = self._step_players(self.marker, net * self.direction)
        self._log("deflect", None, None, ("cards", tuple(deflects)), ("net", net),
                  ("receiver", str(self.circle[self.receiver])))

    def _step_operatives(self) -> None:
        """TG-6: Missed cancels every attack; an uncountered attack hits (once, TG-S4); Bombed on an HQ."""
        cards = [c for c in self.pile if DECK_OF[c] == "operative"]
        if not cards:
            return
        self._take_from_pile(cards)
        self._discard(cards)
        attacks = [c for c in cards if c in ATTACKS]
        missed = "missed" in cards
        who = self.circle[self.receiver]
        if not isinstance(who, int):
            self.bombed = "bombed" in attacks and not missed
            self._log("operatives", None, None, ("cards", tuple(cards)), ("bombed", self.bombed), ("hq", who))
        elif attacks and not missed:
            self._attack(who, attacks)
        else:
            self._log("operatives", None, None, ("cards", tuple(cards)))

    def _attack(self, seat: int, attacks: list[str]) -> None:
        lost, tokens = list(self.hands[seat]), list(self.tokens[seat])
        self.hands[seat], self.tokens[seat] = [], []
        self._discard(lost)
        self._log("attack", seat, None, ("attacks", tuple(attacks)), ("lost", tuple(lost)), ("tokens", tuple(tokens)))
        self.draws.extend([(seat, "rookie")] * HAND)
        self._prepare_draw()

    def _step_espionage(self) -> None:
        """TG-7 and TG-S6: Evasion in the pile cancels; the rest goes in front of the Target."""
        who = self.circle[self.receiver]
        if not isinstance(who, int):
            cards = [c for c in self.pile if DECK_OF[c] == "espionage"]
            if cards:
                self._take_from_pile(cards)
                self._discard(cards)
                self._log("espionage", None, None, ("cards", tuple(cards)), ("hq", who))
            return
        targets = [c for c in self.pile if c in ESPIONAGE_TARGETS]
        if not targets:
            return
        used: list[str] = []
        if "deep-cover" in self.pile:
            used = ["deep-cover"]
        else:
            used = ["slip"] * min(self.pile.count("slip"), len(targets))
        cancelled = targets if used[:1] == ["deep-cover"] else targets[:len(used)]
        kept = targets[len(cancelled):]
        self._take_from_pile(used + targets)
        self._discard(used + cancelled)
        for card in kept:
            insert(self.front[who], card)
        self.outed_left = kept.count("outed")
        self._log("espionage", None, None, ("cancelled", tuple(cancelled)), ("kept", tuple(kept)),
                  ("used", tuple(used)), ("seat", who))

    def _step_intel(self) -> None:
        """TG-9: on an HQ, Intel is deposited unless a Bombed destroys it this turn (TG-6); the rest is discarded."""
        hq = self.circle[self.receiver]
        if isinstance(hq, int):
            return
        intel = [c for c in self.pile if c in INTEL]
        rest = [c for c in self.pile if c not in INTEL and c not in MOVERS]
        self._take_from_pile(intel + rest)
        if intel and self.bombed:
            self._discard(intel)
            self._log("destroyed", None, None, ("cards", tuple(intel)), ("hq", hq))
        elif intel:
            self.deposits[hq].extend(intel)
            self.deposited += len(intel)
            self._log("deposit", None, None, ("hq", hq), ("cards", tuple(intel)))
        if rest:
            self._discard(rest)
            self._log("hq_discard", None, None, ("cards", tuple(rest)), ("hq", hq))
        self._check_win()

    def _check_win(self) -> None:
        """TG-14: a team's three of a letter at its own HQ; Double Agents' three Dirty anywhere, winning ties."""
        in_game = set(self.affiliation[1:])
        dirty = sum(c in DIRTY for cards in self.deposits.values() for c in cards)
        team = ""
        intel: tuple[tuple[str, str], ...] = ()
        if "double-agent" in in_game and dirty >= 3:
            team = "double-agent"
            intel = tuple((hq, c) for hq in HQS for c in self.deposits[hq] if c in DIRTY)
        else:
            for hq in HQS:
                letters = [letter_of(c) for c in self.deposits[hq]]
                won = {x for x in letters if letters.count(x) >= 3}
                if won:
                    team = hq.lower()
                    intel = tuple((hq, c) for c in self.deposits[hq] if letter_of(c) in won)
        if not team:
            return
        self.win_team, self.win_intel = team, intel
        self._end_game(tuple(s for s in range(1, self.seats + 1) if self.affiliation[s] == team))
        # the game is over: the winning Intel and every affiliation are shown to all (the view reveals them)
        self._log("win", None, None, ("team", team), ("winners", self.winners), ("intel", intel),
                  ("affiliations", tuple(self.affiliation[1:])))

    def _step_movement(self) -> None:
        """TG-10 and TG-FAQ-5: Reverse first, then Advance to HQ, both from the next turn."""
        cards = [c for c in self.pile if c in MOVERS]
        if not cards:
            return
        self._take_from_pile(cards)
        self._discard(cards)
        if cards.count("reverse") % 2:
            self.direction = -self.direction
        self.advance = "advance-hq" in cards
        self.moved = True
        self._log("movement", None, None, ("cards", tuple(cards)), ("direction", self.direction),
                  ("advance", self.advance), ("next_target", str(self.circle[next_marker(self)])))

    def _step_take(self) -> None:
        who = self.circle[self.receiver]
        if self.pile and isinstance(who, int):
            taken = self.pile
            for card in taken:
                insert(self.hands[who], card)
            self._log("take", who, None, ("cards", tuple(taken)))
        self.pile = []

    # decisions
    def _counter(self, seat: int, action: Counter) -> None:
        for where, card in action.pay:
            (self.hands[seat] if where == "hand" else self.pile).remove(card)
        self.pile.remove(action.card)
        paid = [card for _, card in action.pay]
        self._discard([action.card, *paid])
        self._log("counter", seat, None, ("card", action.card), ("pay", action.pay))

    def _evade(self, seat: int, card: str) -> None:
        self.pile.remove("slip")
        self.pile.remove(card)
        self._discard(["slip", card])
        self._log("evade", seat, None, ("card", card))

    def _reveal(self, seat: int, action: Reveal) -> None:
        colour = action.colour or self.affiliation[seat]
        self.outed_seen.setdefault(seat, {})[action.seat] = colour
        self.outed_left -= 1
        self._log("outed", seat, None, ("viewer", action.seat))
        self._log("outed_shown", seat, frozenset((seat, action.seat)), ("viewer", action.seat), ("colour", colour))
        if not self._pauses():
            self._perform()
            self._run()

    def _turn_in(self, seat: int, cards: tuple[str, ...]) -> None:
        for card in cards:
            self.hands[seat].remove(card)
        self._discard(cards)
        category = CATEGORY[cards[0]]
        if category == "languages":
            gains = seat not in self.language_pass
            self.language_pass = sorted({*self.language_pass, seat})
        else:
            token = TOKEN_FOR[category]
            gains = token not in self.tokens[seat]  # TG-11: no second token, the cards go all the same
            self.tokens[seat] = [d for d in DECKS if d in {*self.tokens[seat], token}]
        self._log("clearance", seat, None, ("cards", cards), ("category", category), ("gains", gains))

    def _remove_front(self, seat: int, action: Remove) -> None:
        front = self.front[seat]
        removed = list(front) if action.card == "all" else [action.card]
        for card in removed:
            front.remove(card)
        for card in action.using:
            self.hands[seat].remove(card)
        self._discard([*removed, *action.using])
        self._log("remove", seat, None, ("removed", tuple(removed)), ("using", action.using))

    # card movements
    def _take_from_pile(self, cards: Iterable[str]) -> None:
        for card in cards:
            self.pile.remove(card)

    def _discard(self, cards: Iterable[str]) -> None:
        for card in cards:
            add(self.discards[DECK_OF[card]], card)

    # circle geometry
    def _step_players(self, pos: int, steps: int) -> int:
        """Move ``steps`` players along the circle (negative: the other way), skipping HQs (TG-5)."""
        size, way = len(self.circle), 1 if steps > 0 else -1
        for _ in range(abs(steps)):
            pos = (pos + way) % size
            while not isinstance(self.circle[pos], int):
                pos = (pos + way) % size
        return pos

    def _seat_clockwise(self, seat: int, k: int) -> int:
        """The seat ``k`` players on from ``seat``: an int, as :meth:`_step_players` stops only on seats."""
        return self.circle[self._step_players(self.circle.index(seat), k)]  # type: ignore[return-value]  # a seat

    # events and the end
    def _when(self) -> tuple[tuple[str, Any], ...]:
        """An event happens at a turn and a stage of it."""
        return ("turn", self.turn_number), _STAGE_FACTS[self.stage]

    def _set_over(self) -> None:
        self.stage = DONE

    # -- invariants and hidden information -------------------------------------------
    def validate(self) -> list[str]:
        """Broken invariants: cards or affiliations out of place, seats' tokens and fronts, the turn's stage."""
        return [*self._card_problems(), *self._affiliation_problems(), *self._seat_problems(),
                *self._turn_problems()]

    def _card_problems(self) -> list[str]:
        """TG-1, TG-9: every card in exactly one place; deposited Intel stays where it was deposited."""
        problems = []
        found: dict[str, int] = {}
        places: list[Iterable[str]] = [*self.hands, *self.front, *self.deposits.values(), self.pile]
        if self.stage in _PLAYING:
            places.append(self.plays.values())
        for cards in places:
            for card in cards:
                found[card] = found.get(card, 0) + 1
        for counts in (*self.decks.values(), *self.discards.values()):
            for card, n in counts.items():
                found[card] = found.get(card, 0) + n
        for deck, counts in DECK_COUNTS.items():
            for card, n in counts.items():
                if found.get(card, 0) != n:
                    problems.append(f"{card}: {found.get(card, 0)} found, {n} in the {deck} deck (TG-1)")
        if sum(map(len, self.deposits.values())) != self.deposited or any(
                c not in INTEL for cards in self.deposits.values() for c in cards):
            problems.append("deposited Intel changed: deposits never leave an HQ (TG-9)")
        return problems

    def _affiliation_problems(self) -> list[str]:
        """TG-1, TG-7: every affiliation card in one place; Outed showed only a seat's colour (a Double Agent's
        choice)."""
        problems = []
        affiliations = {a: self.unused[a] + self.pile1.get(a, 0) * (self.stage is PICK) + self.pile2.get(a, 0)
                        + self.combined.get(a, 0) + self.removed.get(a, 0) + self.affiliation.count(a)
                        for a in AFFILIATION_COUNTS}
        if affiliations != AFFILIATION_COUNTS:
            problems.append(f"affiliation cards: {affiliations} != {AFFILIATION_COUNTS} (TG-1)")
        for owner, seen in self.outed_seen.items():
            if owner in seen or any(colour not in ("cia", "kgb") or (self.affiliation[owner] != "double-agent"
                                                                     and colour != self.affiliation[owner])
                                    for colour in seen.values()):
                problems.append(f"seat {owner}'s Outed reveals {seen} break TG-7")
        return problems

    def _seat_problems(self) -> list[str]:
        """TG-7, TG-11, TG-12: hands of 4 at a turn's start, tokens once each, only Espionage in front, in order."""
        problems = []
        if self.start_hands and any(n != HAND for n in self.start_hands):
            problems.append(f"a turn began with hands of {self.start_hands}, not all 4 (TG-12)")
        for seat in range(1, self.seats + 1):
            if len(set(self.tokens[seat])) != len(self.tokens[seat]) or "rookie" in self.tokens[seat]:
                problems.append(f"seat {seat} holds tokens {self.tokens[seat]}")
            if any(c not in ESPIONAGE_TARGETS for c in self.front[seat]):
                problems.append(f"seat {seat} has {self.front[seat]} in front: only Surveillance and Outed lie there")
            if self.hands[seat] != sort_cards(self.hands[seat]) or self.front[seat] != sort_cards(self.front[seat]):
                problems.append(f"seat {seat}'s hand or front is out of rulebook order")
        return problems

    def _turn_problems(self) -> list[str]:
        """The stage is a :class:`Stage` and agrees with the table: a resolution has a revealed pile, a win has
        winners; the turn number is a whole number (0 during the setup)."""
        stage: object = self.stage  # checked as any value: a white-box test or a bad copy may have put anything
        if not isinstance(stage, Stage):  # the turn procedure compares members by identity
            return [f"the stage {stage!r} is not a Stage"]
        turn: object = self.turn_number
        problems = [] if type(turn) is int and turn >= 0 else [f"the turn number {turn!r} is not a whole number"]
        if self.stage in _NEXT and self.stage is not DEFLECT and not self.revealed:
            problems.append("a resolution stage without a revealed pile")
        if self.stage is DONE and self.win_team and not self._winners:
            problems.append("a winning side with no seats")
        return problems

    def _resample_hidden(self, seat: int, rng: random.Random) -> TargetState | None:
        """A copy in which what ``seat`` has not seen is dealt again (:func:`spynb.target.redeal.redeal`).
        The copy keeps only the history ``seat`` saw."""
        other = self._copy_seen_by(seat)
        other._hold(redeal(self, seat, rng))
        return other

    def _hold(self, dealt: Redeal) -> None:
        """Hold what a re-deal dealt in place of what this copy held there."""
        for field in fields(dealt):
            setattr(self, field.name, getattr(dealt, field.name))
        self._forget()

    # -- copies and views --------------------------------------------------------------
    def _copy_parts(self, other: TargetState) -> None:
        for name in ("pile1", "pile2", "combined", "removed", "unused", "plays", "face_up"):
            setattr(other, name, dict(getattr(self, name)))
        for name in ("affiliation", "language_pass", "play_order", "pending", "pile", "revealed", "draws"):
            setattr(other, name, list(getattr(self, name)))
        other.decks = {d: dict(c) for d, c in self.decks.items()}
        other.discards = {d: dict(c) for d, c in self.discards.items()}
        other.hands = [list(h) for h in self.hands]
        other.front = [list(f) for f in self.front]
        other.tokens = [list(t) for t in self.tokens]
        other.deposits = {hq: list(c) for hq, c in self.deposits.items()}
        other.shown = {s: list(w) for s, w in self.shown.items()}
        other.outed_seen = {s: dict(v) for s, v in self.outed_seen.items()}

    def view(self, seat: int | None) -> View:
        """What ``seat`` sees (:mod:`spynb.target.views`); the face-up part is built once per position."""
        public = self._cache.get("public")
        if public is None:
            public = self._cache["public"] = public_view(self)
        return seat_view(self, seat, public)

    def text(self, seat: int | None = None) -> str:
        """The table as a text board: omniscient, or as ``seat`` knows it."""
        from .display import text_table

        return text_table(self.view(seat))

    def __repr__(self) -> str:
        return f"<TargetState {self.seats} seats, turn {self.turn_number}, stage {self.stage}, {self.turn}>"


def _deal_weights(deal: Deal) -> tuple[tuple[Action, int], ...]:
    """The chance outcome of drawing ``deal.card`` from a deck holding n of it, with its weight n, at index n."""
    return tuple((deal, n) for n in range(DECK_COUNTS[DECK_OF[deal.card]][deal.card] + 1))


# Chance outcomes are values: each is built once here and shared by every position.
_DEALS = {card: Deal(card) for card in RANK}
_DEAL_WEIGHTS = {card: _deal_weights(deal) for card, deal in _DEALS.items()}
_DECK_CARDS = {deck: tuple(DECK_COUNTS[deck]) for deck in DECKS}
_ONLY = {seat: frozenset((seat,)) for seat in range(1, max(SETUP_CHART) + 1)}
"""The audience of what one seat alone sees."""
_STAGE_FACTS = {stage: ("stage", str(stage)) for stage in STAGES}
"""The stage an event is logged at, as its fact (one tuple per stage, shared by every event)."""
_STEPS: dict[Stage, Callable[[TargetState], None]] = {
    DEFLECT: TargetState._step_deflect, OPERATIVES: TargetState._step_operatives,
    ESPIONAGE: TargetState._step_espionage, OUTED: TargetState._step_outed, INTEL_STEP: TargetState._step_intel,
    MOVEMENT: TargetState._step_movement, TAKE: TargetState._step_take,
}
"""What each resolution step does (a stage that is not a step has none: asking is an error)."""
if set(_STEPS) != set(RESOLUTION):  # the table checks itself on import
    raise AssertionError("every resolution step needs a handler")


def _fractions(weights: tuple[tuple[Action, int], ...]) -> tuple[tuple[Action, Fraction], ...]:
    total = sum(w for _, w in weights)
    return tuple((outcome, Fraction(w, total)) for outcome, w in weights)


@lru_cache(maxsize=1024)
def _players_from(circle: tuple[str | int, ...], pos: int, direction: int) -> tuple[int, ...]:
    """The seats in turn order from ``pos`` (HQs left out)."""
    found = (circle[(pos + direction * i) % len(circle)] for i in range(len(circle)))
    return tuple(s for s in found if isinstance(s, int))


@lru_cache(maxsize=4096)
def _turn_of(seats: tuple[int, ...]) -> Turn:
    """The seats' turn (one value per group of seats: a Turn is costly to build and never changes)."""
    return Turn(seats)


@lru_cache(maxsize=4096)
def _weights(kind: Callable[[str], Action], pool: tuple[tuple[str, int], ...]) -> tuple[tuple[Action, int], ...]:
    return tuple((kind(card), n) for card, n in pool if n)
