"""Cloak & Dagger's turn procedure (rulebook and rulings CD-2 … CD-9)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from spynb.engine import CHANCE_TURN, OVER, Action, IllegalActionError, LoggedState, Turn, View, freeze

from .actions import Cut, Draw, Open, Pass, Take, Track
from .cards import (
    CUT_ORDER, DOCUMENTS, ENVELOPES, HAZARDS, IMPLEMENTS, STACK_COUNTS,
    agents_of, owner_of, sort_cards,
)
from .narration import NARRATORS
from .notes import Notebook, notebook

if TYPE_CHECKING:
    from spynb.engine import GameSpec

__all__ = ["CloakDaggerState", "Phase", "CUT", "SELECT", "DECIDE", "DRAW", "DONE"]


class Phase(StrEnum):
    """Where a game of Cloak & Dagger stands, as views report it (``view["phase"]``, a plain string)."""

    CUT = "cut"
    """CD-2: every seat cuts the stack for the first player (chance)."""
    SELECT = "select"
    """CD-3: the seat to move selects an envelope."""
    DECIDE = "decide"
    """CD-3, CD-6, CD-7: it looked inside and chooses to take, track or pass."""
    DRAW = "draw"
    """CD-5: a card is drawn from the stack for an empty envelope (chance)."""
    DONE = "over"
    """CD-8, CD-9: someone won, or the turn limit ended the game."""


CUT, SELECT, DECIDE, DRAW, DONE = Phase  # the members by their short names, for the turn procedure
_ENVELOPE_ACTIONS = tuple(Open(e) for e in ENVELOPES)
_SEAT_TURNS = {seat: Turn((seat,)) for seat in range(1, 7)}
_ONLY = {seat: frozenset((seat,)) for seat in range(1, 7)}
"""The audience of what one seat alone sees."""
_PLANS, _REPORT, _MESSAGE = tuple(DOCUMENTS)
CUTS = {card: Cut(card) for card in STACK_COUNTS}
DRAWS = {card: Draw(card) for card in STACK_COUNTS}
_DECISIONS: dict[tuple[str, int], tuple[Action, ...]] = {}
"""(envelope contents, seat) -> the decisions open after looking inside: few distinct, worked out once."""


class CloakDaggerState(LoggedState):
    """A position of Cloak & Dagger; seats 1…n, envelopes 1…20.

    Its cache (``_cache``) holds each seat's notes, read from the history so far and brought up to date when asked.
    """

    NARRATORS = NARRATORS

    def __init__(self, spec: GameSpec, variant: str, seats: int, options: Mapping[str, Any]) -> None:
        super().__init__(spec, variant, seats, options)
        self.envelopes = [""] * (len(ENVELOPES) + 1)  # index 0 unused
        self.hands = [""] + ["".join(agents_of(s)) for s in range(1, seats + 1)]
        self.stack_hidden = dict(STACK_COUNTS)  # the shuffled part, order unknown to all
        self.stack_bottom: list[str] = []  # hazards returned, in order, seen by all
        self.phase: Phase = CUT
        self.current = 1
        self.selected = 0
        self.cutters = list(range(1, seats + 1))  # who cuts in this round (CD-2)
        self.cuts: dict[int, str] = {}
        self.first_player = 0
        self.owed: dict[int, list[int]] = {}  # seat -> trackers owed its next envelope (CD-7)
        self._choices: tuple[Action, ...] = ()  # the decisions open after looking inside
        self.known_before: dict[int, Notebook] = {}
        """What a seat had noted before this state's history began (an imagined state's seat, from its view);
        never changed, so clones share it."""

    # -- the contract -----------------------------------------------------------
    @property
    def turn(self) -> Turn:
        if self.phase in (CUT, DRAW):
            return CHANCE_TURN
        if self.phase is DONE:
            return OVER
        return _SEAT_TURNS[self.current]

    @property
    def stack_size(self) -> int:
        return sum(self.stack_hidden.values()) + len(self.stack_bottom)

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        if seat is None:
            seat = self.current
        if seat != self.current or self.phase not in (SELECT, DECIDE):
            return ()
        if self.phase is SELECT:
            return _ENVELOPE_ACTIONS
        return self._choices

    def is_legal(self, action: Action, seat: int | None) -> bool:
        """As membership in the legal actions, without comparing against every envelope or card."""
        phase = self.phase
        if seat is None:
            if phase is CUT:
                return type(action) is Cut and action.card in STACK_COUNTS and self._cut_pool()[action.card] > 0
            return phase is DRAW and type(action) is Draw and self.stack_hidden.get(action.card, 0) > 0
        if seat != self.current:
            return False
        if phase is SELECT:
            return type(action) is Open and action.envelope in ENVELOPES
        return phase is DECIDE and action in self._choices

    def _decisions(self) -> tuple[Action, ...]:
        key = self.envelopes[self.selected], self.current
        choices = _DECISIONS.get(key)
        if choices is None:
            choices = _DECISIONS[key] = _decisions(*key)
        return choices

    def _cut_pool(self) -> dict[str, int]:
        """CD-2: the cards left to cut from, with the cards already cut this round taken out."""
        pool = dict(STACK_COUNTS)
        for card in self.cuts.values():
            pool[card] -= 1
        return pool

    def chance_weights(self) -> tuple[tuple[Action, int], ...]:
        """Cuts and draws: each card weighted by how many of it remain."""
        if self.phase is CUT:
            return tuple((CUTS[card], n) for card, n in self._cut_pool().items() if n)
        if self.phase is DRAW:
            return tuple((DRAWS[card], n) for card, n in self.stack_hidden.items() if n)
        return ()

    # -- simulation mode (spynb.engine.simulate) --------------------------------------
    def random_action(self, rng: random.Random) -> Action:
        """A legal action drawn uniformly: the same draw as ``rng.choice(self.legal_actions())``."""
        return rng.choice(self.random_universe())

    def random_universe(self) -> tuple[Action, ...]:
        """The legal actions of the seat to move, without asking whose turn it is: the envelopes (CD-3) or the
        decisions after looking inside (CD-6, CD-7)."""
        return self._choices if self.phase is DECIDE else _ENVELOPE_ACTIONS

    def _explain_illegal(self, action: Action, seat: int) -> IllegalActionError:
        rules = self.spec.rules
        if self.phase is SELECT:
            return rules.illegal("CD-3", f"First select an envelope by its number (1-20), not {str(action)!r}", action)
        inside = self.envelopes[self.selected]
        if isinstance(action, Open):
            return rules.illegal("CD-3", "You have already selected an envelope this turn: exactly one per turn", action)
        if isinstance(action, Take):
            return self._explain_take(action, inside)
        if isinstance(action, Track):
            if action.hazard not in HAZARDS:
                return rules.illegal("CD-7", f"Only a character card K-W can be tracked; {action.hazard} is not one", action)
            return rules.illegal("CD/Tracking.1", f"There is no hazard {action.hazard} in this envelope", action)
        return rules.illegal("CD-3", f"{str(action)!r} is not a choice now", action)

    def _explain_take(self, action: Take, inside: str) -> IllegalActionError:
        rules = self.spec.rules
        if action.shown not in agents_of(self.current) and action.shown not in IMPLEMENTS:
            return rules.illegal(
                "CD-6", f"You can only start a transfer with your own cloak or dagger or a double agent (a, b, c), "
                        f"not {action.shown}", action)
        if action.shown not in inside:
            return rules.illegal("CD-6", f"{action.shown} is not in this envelope", action)
        if action.second and action.second not in inside.replace(action.shown, "", 1):
            return rules.illegal("CD/Starting a Transfer.2", f"There is no second card {action.second} here to take",
                                 action)
        return rules.illegal("CD-6", f"{action} is not allowed here", action)

    # -- doing a legal action ------------------------------------------------------
    def _apply(self, action: Action, seat: int | None) -> None:
        self.step += 1
        if isinstance(action, Open):  # the commonest first
            self._open(action.envelope)
        elif isinstance(action, Cut):
            self._cut(action.card)
        elif isinstance(action, Draw):
            self._place(action.card)
        elif isinstance(action, Take):
            self._take(action)
        elif isinstance(action, Track):
            self._track(action.hazard)
        else:
            self._log("pass", self.current, None)
            self._end_turn()

    def _cut(self, card: str) -> None:
        cutter = self.cutters[len(self.cuts)]
        self.cuts[cutter] = card
        self._log("cut", cutter, None, ("card", card))
        if len(self.cuts) < len(self.cutters):
            return
        best = min(self.cuts.values(), key=CUT_ORDER.index)
        tied = [s for s, c in self.cuts.items() if c == best]
        self.cuts = {}
        if len(tied) > 1:  # CD-2, spynb's reading: tied players cut again
            self.cutters = tied
            self._log("recut", None, None, ("seats", tied), ("card", best))
            return
        self.first_player = self.current = tied[0]
        self.phase, self.turn_number = SELECT, 1
        self._log("first", tied[0], None, ("card", best))

    def _open(self, envelope: int) -> None:
        """CD-3: look inside; then finish (CD-4), place (CD-5) or decide, by public facts only.

        What follows an examination may depend only on what every seat can
        see, or the shape of the turn would tell them what is inside.  A
        seat's hand size is public, and so is a placement (the envelope is
        shown, CD-5), so finishing and placing follow at once.  Every other
        examination leads to a decision step, even when the envelope holds
        nothing the seat may take or track: CD-3's "or nothing (examine
        only)" is then the one choice, ``pass``, always offered and always
        logged.  Whose turn it is, the phase and the step numbers others see
        are thus the same whatever the envelope held.
        """
        seat, inside = self.current, self.envelopes[envelope]
        self.selected = envelope
        self._log("examine", seat, None)
        self._log("open", seat, _ONLY[seat], ("envelope", envelope), ("contents", inside))
        if self.hands[seat]:
            self._finish(envelope)
        elif not inside and self.stack_size:
            self._start_placement(envelope)
        else:  # CD-9: with the stack exhausted an empty envelope is only examined, like any other
            self._choices = self._decisions()
            self.phase = DECIDE

    def _finish(self, envelope: int) -> None:
        """CD-4: the cards in hand go into the envelope selected."""
        seat = self.current
        cards = self.hands[seat]
        self.envelopes[envelope] = sort_cards(self.envelopes[envelope] + cards)
        self.hands[seat] = ""
        self._log("deposit", seat, _ONLY[seat], ("envelope", envelope), ("cards", cards))
        trackers = sorted(set(self.owed.pop(seat, [])))
        if trackers:  # CD-7 and Reminder: the envelope is shown to the trackers
            self._log("shown", seat, frozenset((seat, *trackers)), ("envelope", envelope), ("count", len(cards)),
                      ("trackers", trackers))
        self._log("finish", seat, None, ("count", len(cards)))
        self._end_turn()

    def _start_placement(self, envelope: int) -> None:
        """CD-5: an empty hand and an empty envelope must place while the stack has cards."""
        self._log("show_empty", self.current, None, ("envelope", envelope))
        if self.stack_hidden_total():
            self.phase = DRAW
        else:
            self._place(self.stack_bottom.pop(0))

    def stack_hidden_total(self) -> int:
        return sum(self.stack_hidden.values())

    def _place(self, card: str) -> None:
        if self.phase is DRAW:
            self.stack_hidden[card] -= 1
        seat, envelope = self.current, self.selected
        self.envelopes[envelope] = card
        self._log("place", seat, None, ("envelope", envelope))
        self._log("placed", seat, _ONLY[seat], ("envelope", envelope), ("card", card))
        self._end_turn()

    def _take(self, action: Take) -> None:
        seat, envelope = self.current, self.selected
        cards = action.shown + action.second
        inside = self.envelopes[envelope]
        for card in cards:
            inside = inside.replace(card, "", 1)
        self.envelopes[envelope] = inside
        self.hands[seat] = sort_cards(cards)
        self._log("take", seat, None, ("shown", action.shown), ("count", len(cards)))
        self._log("took", seat, _ONLY[seat], ("envelope", envelope), ("cards", cards))
        self._end_turn()

    def _track(self, hazard: str) -> None:
        seat, envelope = self.current, self.selected
        self.envelopes[envelope] = self.envelopes[envelope].replace(hazard, "", 1)
        self.stack_bottom.append(hazard)
        holders = [s for s in range(1, self.seats + 1) if s != seat and self.hands[s]]
        for holder in holders:  # CD-7: obligations accumulate
            self.owed.setdefault(holder, []).append(seat)
        self._log("track", seat, None, ("hazard", hazard), ("holders", holders))
        self._log("tracked", seat, _ONLY[seat], ("envelope", envelope), ("hazard", hazard))
        self._end_turn()

    def _end_turn(self) -> None:
        """The envelope is replaced; CD-8 checks a win for the acting player only."""
        seat, envelope = self.current, self.selected
        if not self.hands[seat] and self.wins_with(seat, self.envelopes[envelope]):
            self._end_game((seat,))
            self._log("win", seat, None, ("envelope", envelope), ("contents", self.envelopes[envelope]))
            return
        if self._ends_at_turn_limit():  # CD-9: a simulation's turn limit ends with no winner
            return
        self.phase, self.selected = SELECT, 0
        self.current = self.current % self.seats + 1
        self.turn_number += 1

    def wins_with(self, seat: int, inside: str) -> bool:
        """CD-8: documents X, Y and Z, the seat's own agent, no other seat's agent."""
        if _PLANS not in inside or _REPORT not in inside or _MESSAGE not in inside:
            return False
        owners = {owner_of(card) for card in inside} - {None}
        return owners == {seat}

    def _set_over(self) -> None:
        self.phase = DONE

    # -- invariants and hidden information ----------------------------------
    def validate(self) -> list[str]:
        """Broken invariants: cards out of place, impossible hands, a decision that does not match its envelope."""
        return [*self._card_problems(), *self._hand_problems(), *self._turn_problems()]

    def _card_problems(self) -> list[str]:
        """CD-1: every card in exactly one place; only hazards come back to the stack's bottom (CD-7)."""
        problems = []
        expected = dict(STACK_COUNTS)
        for seat in range(1, self.seats + 1):
            for agent in agents_of(seat):
                expected[agent] = 1
        found: dict[str, int] = dict(self.stack_hidden)
        for cards in (*self.envelopes, *self.hands, *self.stack_bottom):
            for card in cards:
                found[card] = found.get(card, 0) + 1
        if {c: n for c, n in found.items() if n} != expected or min(self.stack_hidden.values()) < 0:
            problems.append(f"cards are not each in exactly one place: {found} != {expected}")
        if any(card not in HAZARDS for card in self.stack_bottom):
            problems.append(f"only tracked hazards go to the bottom of the stack, not {self.stack_bottom}")
        return problems

    def _hand_problems(self) -> list[str]:
        """CD-4, CD-6, CD-7: hands of at most two; agents in hand until the first turn; owing seats hold cards."""
        problems = []
        if any(len(hand) > 2 for hand in self.hands):
            problems.append("a hand holds more than two cards")
        for seat in range(1, self.seats + 1):
            if not self._has_played(seat) and self.hands[seat] != "".join(agents_of(seat)):
                problems.append(f"seat {seat} has not played yet but does not hold its cloak and dagger")
        for seat, trackers in self.owed.items():
            if not self.hands[seat] or seat in trackers:
                problems.append(f"seat {seat} owes trackers {trackers} but holds nothing or tracked itself")
        return problems

    def _has_played(self, seat: int) -> bool:
        """Whether ``seat`` has begun its first turn (looking inside counts)."""
        if not self.first_player:
            return False
        first_turn = (seat - self.first_player) % self.seats + 1
        return first_turn < self.turn_number or first_turn == self.turn_number and (
            self.phase is not SELECT or self.current != seat)

    def _turn_problems(self) -> list[str]:
        """CD-3, CD-5, CD-8: the seat to move, its selected envelope and its choices agree with the box."""
        phase: object = self.phase  # checked as any value: a white-box test or a bad copy may have put anything
        if not isinstance(phase, Phase):  # the turn procedure compares members by identity
            return [f"the phase {phase!r} is not a Phase"]
        problems = []
        if self.phase in (SELECT, DECIDE, DRAW) and not 1 <= self.current <= self.seats:
            problems.append(f"no seat {self.current} to move")
        if self.phase in (SELECT, DECIDE, DRAW) and self.first_player not in range(1, self.seats + 1):
            problems.append(f"the cut is over but names no first player ({self.first_player!r})")
        if self.phase in (DECIDE, DRAW) and (self.hands[self.current] or not self.selected):
            problems.append("a decision needs an empty hand and a selected envelope")
        if self.phase is DECIDE and self._choices != _decisions(self.envelopes[self.selected], self.current):
            problems.append(f"the choices {self._choices} do not match envelope {self.selected}")
        if self.phase is DRAW and (self.envelopes[self.selected] or not self.stack_hidden_total()):
            problems.append("a card is drawn only for an empty envelope from a stack that has cards")
        if self._winners and not self.wins_with(self._winners[0], self.envelopes[self.selected]):
            problems.append("the winner's envelope does not win")
        return problems

    def _resample_hidden(self, seat: int, rng: random.Random) -> CloakDaggerState | None:
        """Re-deal every card ``seat`` cannot place: hidden stack, unseen envelope cards, unseen hand cards.

        Every place keeps its number of cards but for the finishes ``seat``
        was not shown (CD-4, CD-7): their cards (as many as the finisher held,
        which is public, CD-6) move to any envelope it has not looked into
        since, unless a card has left the envelope they went into.  Hand sizes are public, and
        an envelope's size decides whether opening it places (CD-5), so the
        rest keeps every step of play that follows possible; agents are re-dealt
        among agent slots and stack cards among stack slots, so no card comes
        from the stack that never went into it.  What ``seat`` noted (CD-10)
        and still holds true, and the cards it saw shown in other hands
        (CD-6), stay where they are.  A seat in the middle of its decision
        chooses from what its envelope holds after the re-deal.  The copy keeps
        only the history ``seat`` saw.
        """
        book = notebook(seat, self._history.events(), self.known_before.get(seat))
        known = {("env", e): _common(self.envelopes[e], book.notes[e].letters) for e in ENVELOPES}
        known.update({("hand", s): _common(self.hands[s], book.known_in_hand(s))
                      for s in range(1, self.seats + 1) if s != seat})
        slots: list[tuple[str, int]] = []
        cards: list[str] = []
        for place, kept in known.items():
            where, index = place
            for card in _minus(self.envelopes[index] if where == "env" else self.hands[index], kept):
                slots.append(place)
                cards.append(card)
        for card, count in self.stack_hidden.items():
            slots.extend([("stack", 0)] * count)
            cards.extend(card * count)
        moved = self._move_hidden_finishes(seat, book, slots, cards, rng)
        if len(set(cards)) < 2 and not moved:
            return None
        for is_agent in (True, False):  # agents stay agents, stack cards stay stack cards
            chosen = [i for i, card in enumerate(cards) if (owner_of(card) is not None) == is_agent]
            dealt = [cards[i] for i in chosen]
            rng.shuffle(dealt)
            for i, card in zip(chosen, dealt):
                cards[i] = card
        other = self._copy_seen_by(seat)
        other.stack_hidden = {card: 0 for card in STACK_COUNTS}
        refilled = dict(known)
        for (where, index), card in zip(slots, cards):
            if where == "stack":
                other.stack_hidden[card] += 1
            else:
                refilled[(where, index)] += card
        for (where, index), contents in refilled.items():
            (other.envelopes if where == "env" else other.hands)[index] = sort_cards(contents)
        if other.phase is DECIDE:  # the seat deciding chooses from what its envelope now holds (CD-3)
            other._choices = other._decisions()
        return other

    def _move_hidden_finishes(self, seat: int, book: Notebook, slots: list[tuple[str, int]], cards: list[str],
                              rng: random.Random) -> bool:
        """Move the slots of each finish ``seat`` was not shown, still whole where it went, to an envelope the seat
        cannot rule out: not one it looked into since, nor the one a seat has open now; whether any could go
        elsewhere."""
        could_be = {finish.turn: finish.could_be for finish in book.finishes}
        deposits: dict[int, tuple[int, str]] = {}  # turn -> (envelope, cards)
        taken_from: dict[int, int] = {}  # envelope -> the last turn a card left it
        for event in self._history.events():
            turn = event.get("turn")
            if event.kind == "deposit" and event.actor != seat and turn in could_be:
                deposits[turn] = event.get("envelope"), event.get("cards")
            elif event.kind in ("took", "tracked"):
                taken_from[event.get("envelope")] = turn
        open_now = self.selected if self.phase in (DECIDE, DRAW) else 0
        moved = False
        for turn, (envelope, finished) in deposits.items():
            places = sorted(could_be[turn] - {open_now})
            where = [i for i, place in enumerate(slots) if place == ("env", envelope)]
            chosen: list[int] = []
            for card in finished:
                match = next((i for i in where if cards[i] == card), None)
                if match is not None:
                    where.remove(match)
                    chosen.append(match)
            if envelope == open_now or taken_from.get(envelope, 0) > turn or len(chosen) < len(finished) or not places:
                continue
            target = rng.choice(places)
            for i in chosen:
                slots[i] = ("env", target)
            moved = moved or len(places) > 1
        return moved

    # -- copies and views ------------------------------------------------------
    def _copy_parts(self, other: CloakDaggerState) -> None:
        other.envelopes, other.hands = self.envelopes[:], self.hands[:]
        other.stack_hidden, other.stack_bottom = dict(self.stack_hidden), self.stack_bottom[:]
        other.cutters, other.cuts = self.cutters[:], dict(self.cuts)
        other.owed = {s: t[:] for s, t in self.owed.items()}

    def view(self, seat: int | None) -> View:
        data: dict[str, Any] = {
            "seats": self.seats, "turn_number": self.turn_number, "phase": self.phase.value,
            "to_move": list(self.turn.seats), "first_player": self.first_player,
            "winner": self._winners[0] if self._winners else 0,
            "hand_sizes": {str(s): len(self.hands[s]) for s in range(1, self.seats + 1)},
            "stack_size": self.stack_size, "stack_bottom": "".join(self.stack_bottom),
            "owed": {str(s): sorted(set(t)) for s, t in self.owed.items()},
            "turn_limit": self.turn_limit,
        }
        events = self.events_seen_by(seat)
        data["events"] = tuple(e.frozen() for e in events)
        if seat is None:
            data["envelopes"] = {str(e): self.envelopes[e] for e in ENVELOPES}
            data["hands"] = {str(s): self.hands[s] for s in range(1, self.seats + 1)}
            data["stack_hidden"] = sort_cards("".join(c * n for c, n in self.stack_hidden.items()))
            data["selected"] = self.selected
        else:
            data["hand"] = self.hands[seat]
            data["agents"] = "".join(agents_of(seat))
            if self.current == seat and self.phase is DECIDE:
                data["opened"] = {"envelope": self.selected, "contents": self.envelopes[self.selected]}
            book = self._notebook(seat)
            data["notes"] = [book.notes[e].to_dict(e) for e in ENVELOPES]
            data["hands_known"] = {str(s): book.known_in_hand(s) for s in range(1, self.seats + 1) if s != seat}
        return View(self.spec.name, seat, self.view_label(seat), freeze(data))

    def _notebook(self, seat: int) -> Notebook:
        """The seat's notes, brought up to date with the events since last asked (a cache, not state)."""
        book, read = self._cache.get(seat) or (notebook(seat, (), self.known_before.get(seat)), 0)
        history = self._history.events()
        for event in history[read:]:
            if event.visible_to(seat):
                book.read(event)
        self._cache[seat] = (book, len(history))
        return book

    def text(self, seat: int | None = None) -> str:
        """The box as a text table: omniscient, or as ``seat`` knows it."""
        from .display import text_table

        return text_table(self.view(seat))

    def __repr__(self) -> str:
        return f"<CloakDaggerState {self.seats} seats, turn {self.turn_number}, {self.turn}>"


def _decisions(inside: str, seat: int) -> tuple[Action, ...]:
    """CD-6 and CD-7: what ``seat`` may do with an envelope holding ``inside``, in notation order."""
    own = agents_of(seat)
    actions: list[Action] = []
    for shown in sort_cards("".join(set(c for c in inside if c in own or c in IMPLEMENTS))):
        rest = inside.replace(shown, "", 1)
        actions.append(Take(shown))
        actions.extend(Take(shown, second) for second in sort_cards("".join(set(rest))))
    actions.extend(Track(h) for h in sort_cards("".join(set(c for c in inside if c in HAZARDS))))
    actions.append(Pass())
    return tuple(actions)


def _common(cards: str, noted: str) -> str:
    """The cards also in ``noted``, counted with multiplicity."""
    common, remaining = "", cards
    for card in noted:
        if card in remaining:
            remaining = remaining.replace(card, "", 1)
            common += card
    return common


def _minus(cards: str, taken: str) -> str:
    for card in taken:
        cards = cards.replace(card, "", 1)
    return cards
