"""KLOAK's turn procedure (rulebook and rulings KL-1 … KL-13).

The state is a board — which squares hold a big piece, which hold a small
piece and its colour — plus whose turn it is, the scores, and the log of
public events.  A square holds at most one small and one big piece; a small
piece with a big piece on its square is *kloaked* (covered).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spynb.engine import Action, Event, IllegalActionError, SpynbError, State, Turn, View, freeze
from spynb.engine.core import CHANCE_TURN, OVER

from .actions import MOVES, Big, Claim, Kloak, Pass, Place, Score, Slide, Step
from .board import COLOUR_NAMES, LINES, LINES_THROUGH, NEIGHBOURS, SMALL_SQUARES, SQUARES, VARIANTS, adjacent, in_line
from .layouts import completions

if TYPE_CHECKING:
    from spynb.engine import GameSpec

__all__ = ["KloakState", "SETUP", "PLAY", "CHOOSE", "DONE", "SETUP_ORDER", "WINNING_SCORES"]

SETUP, PLAY, CHOOSE, DONE = "setup", "play", "choose", "over"
WINNING_SCORES = 2
"""KL-9: the first player (team) with two scores wins."""
SETUP_ORDER = tuple(f"{f}{r}" for f in "abcde" for r in (2, 3, 4))
"""KL-2: the setup fills the small-piece area file by file (a2 a3 a4, b2 …)."""
_SETUP_ROWS, _SETUP_COLS = 5, 3  # the small-piece area seen file by file (see layouts.py)
_SQUARE_SET = frozenset(SQUARES)


def _table(kind: type) -> dict[str, tuple[tuple[str, tuple[str, Action]], ...]]:
    """square -> ((to, (notation, action)), ...): every move of one kind, built once."""
    return {sq: tuple((to, (str(a), a)) for to in NEIGHBOURS[sq] for a in (kind(sq, to),)) for sq in SQUARES}


_STEPS, _BIGS, _KLOAKS, _SLIDES = _table(Step), _table(Big), _table(Kloak), _table(Slide)
_BIT = {sq: 1 << i for i, sq in enumerate(SQUARES)}
_NEAR = {sq: sum(_BIT[n] for n in NEIGHBOURS[sq]) for sq in SQUARES}
_CLAIMS = tuple((sum(_BIT[sq] for sq in line), Claim(*line)) for line in LINES)
_BY_NAME = tuple(sorted(SQUARES))
_PICKED: dict[tuple[int, str, int], tuple[Action, ...]] = {}
_TABLES = (_STEPS, _BIGS, _SLIDES, _KLOAKS)
STEP, BIG, SLIDE, KLOAK = range(4)


def _pick(kind: int, square: str, targets: int) -> tuple[Action, ...]:
    """The moves of one kind from ``square`` onto the squares in the bit mask ``targets``, by name (memoised)."""
    key = (kind, square, targets)
    picked = _PICKED.get(key)
    if picked is None:
        entries = sorted((to, action) for to, (_, action) in _TABLES[kind][square] if _BIT[to] & targets)
        picked = _PICKED[key] = tuple(action for _, action in entries)
    return picked


def _mask(squares: object) -> int:
    return sum(map(_BIT.__getitem__, squares))  # type: ignore[call-overload]


def _colour_option(value: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping) or not value:
        raise SpynbError(f"option 'colours' must map colour letters to counts, like {{'O': 5, 'S': 5, 'G': 5}}, "
                         f"not {value!r}")
    for letter, count in value.items():
        if letter not in COLOUR_NAMES:
            raise SpynbError(f"option 'colours': {letter!r} is not a colour letter; use {', '.join(COLOUR_NAMES)}")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise SpynbError(f"option 'colours': {letter!r} needs a positive whole count, not {count!r}")
    if sum(value.values()) != len(SMALL_SQUARES):
        raise SpynbError(f"option 'colours': the counts must add up to {len(SMALL_SQUARES)} small pieces "
                         f"(ranks 2-4, KL-1), not {sum(value.values())}")
    return tuple(value.items())


def _big_option(value: Any) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or any(sq not in _SQUARE_SET for sq in value):
        raise SpynbError(f"option 'big_squares' must list squares a1 … e5, not {value!r}")
    if len(set(value)) != len(value) or set(value) & set(SMALL_SQUARES):
        raise SpynbError("option 'big_squares': each square once, and none in ranks 2-4 where the small pieces "
                         "start (KL-1)")
    return tuple(value)


class KloakState(State):
    """A position of KLOAK: seats 1…n, squares a1…e5."""

    def __init__(self, spec: GameSpec, variant: str, seats: int, options: Mapping[str, Any]) -> None:
        layout = VARIANTS[variant]
        self.spec, self.variant, self.seats = spec, variant, seats
        self.turn_limit: int | None = options.get("turn_limit")
        self.colours = _colour_option(options["colours"]) if "colours" in options else layout.colours
        self.big_start = _big_option(options["big_squares"]) if "big_squares" in options else layout.big_squares
        self._colour_index = {letter: i for i, (letter, _) in enumerate(self.colours)}
        self._counts = tuple(n for _, n in self.colours)
        if not completions((), _SETUP_ROWS, _SETUP_COLS, self._counts):
            raise SpynbError(f"no layout of {dict(self.colours)} avoids three in a row (KL-2)")
        self.big: set[str] = set(self.big_start)
        self.small: dict[str, str] = {}
        self.phase = SETUP
        self.current = 0
        self.extra = 0
        """Turns the current seat still has after this one (KL-8)."""
        self.turn_number = 0
        self.scored: list[tuple[int, str, tuple[str, str, str]]] = []
        """(seat, colour, squares) for every score, in order."""
        self.candidates: tuple[tuple[str, str, str], ...] = ()
        """KL-6: the lines the mover chooses among after a small move."""
        self._winners: tuple[int, ...] = ()
        self.step = 0
        self._events: list[Event] = []
        self._legal: tuple[Action, ...] | None = None
        """The current seat's legal actions, worked out once per position (cleared by every change)."""

    # -- teams and turns -----------------------------------------------------
    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """KL-12: with four seats, partners 1+3 and 2+4; otherwise each seat plays alone."""
        if self.seats == 4:
            return ((1, 3), (2, 4))
        return tuple((s,) for s in range(1, self.seats + 1))

    def team_of(self, seat: int) -> tuple[int, ...]:
        return next(team for team in self.teams if seat in team)

    def score_of(self, seat: int) -> int:
        """How many scores ``seat``'s team has (pooled for partners, KL-12)."""
        team = self.team_of(seat)
        return sum(1 for s, _, _ in self.scored if s in team)

    @property
    def turn(self) -> Turn:
        if self.phase == SETUP:
            return CHANCE_TURN
        if self.phase == DONE:
            return OVER
        return Turn((self.current,))

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    # -- the board -------------------------------------------------------------
    def is_open(self, square: str) -> bool:
        """KL-4: no piece of either size."""
        return square not in self.small and square not in self.big

    def covered(self, square: str) -> bool:
        return square in self.small and square in self.big

    def covered_squares(self) -> list[str]:
        """The squares where a big piece kloaks a small piece, in order."""
        return sorted(sq for sq in self.small if sq in self.big)

    def uncovered_small(self, square: str) -> bool:
        return square in self.small and square not in self.big

    def _moves(self, small_mask: int, big_mask: int) -> list[Action]:
        """Every piece move, in the canonical order: by square name (a1, a2 … e5); big before small;
        move, slide, kloak; then by destination."""
        small, big = self.small, self.big
        free = ~(small_mask | big_mask)
        uncovered = small_mask & ~big_mask
        moves: list[Action] = []
        for sq in _BY_NAME:
            if sq in big:
                near = _NEAR[sq]
                moves += _pick(BIG, sq, free & near)
                if sq in small:  # KL-5: only a kloaking big piece slides
                    moves += _pick(SLIDE, sq, free & near)
                moves += _pick(KLOAK, sq, uncovered & near)  # KL-5: onto an uncovered small piece
            elif sq in small:  # KL-4: a kloaked small piece cannot move on its own
                moves += _pick(STEP, sq, free & _NEAR[sq])
        return moves

    def _claims(self, small_mask: int, big_mask: int) -> list[Action]:
        """KL-7: three squares in a line, each with a small piece, at least one covered (in line order)."""
        return [claim for line, claim in _CLAIMS if line & small_mask == line and line & big_mask]

    def lines_made(self, square: str) -> tuple[tuple[str, str, str], ...]:
        """KL-6: lines of three uncovered small pieces of one colour through ``square``."""
        if not self.uncovered_small(square):
            return ()
        colour = self.small[square]
        return tuple(line for line in LINES_THROUGH[square]
                     if all(self.uncovered_small(sq) and self.small[sq] == colour for sq in line))

    # -- the contract ------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        if seat is None:
            seat = self.current
        if seat != self.current or self.phase not in (PLAY, CHOOSE):
            return ()
        if self._legal is None:
            if self.phase == CHOOSE:
                self._legal = tuple(sorted((Score(*line) for line in self.candidates), key=str))
            else:
                masks = _mask(self.small), _mask(self.big)
                moves = self._moves(*masks)
                claims = self._claims(*masks)
                self._legal = tuple(moves + claims) if moves else (*claims, Pass())  # KL-9: pass only then
        return self._legal

    def piece_moves(self, square: str) -> tuple[Action, ...]:
        """KL-14: the moves of the piece a player touches on ``square`` (the top one: a big piece if there is one).

        The boards use it for touch-move: touching a piece that has moves commits the player to one of them.
        """
        if self.phase != PLAY:
            return ()
        return tuple(a for a in self.legal_actions() if isinstance(a, MOVES) and a.frm == square)

    def chance_weights(self) -> tuple[tuple[Action, int], ...]:
        """KL-2: the next square's colours, each weighted by the valid layouts it leaves.

        P(colour c on the next square) = completions with c / completions so far, so every
        valid layout comes out with probability exactly 1 / (number of valid layouts) — the
        distribution rejection sampling gives.  (``chance_outcomes`` turns these into fractions.)
        """
        if self.phase != SETUP:
            return ()
        prefix = tuple(self._colour_index[self.small[sq]] for sq in SETUP_ORDER[:len(self.small)])
        square = SETUP_ORDER[len(self.small)]
        weights = []
        for letter, index in self._colour_index.items():
            ways = completions(prefix + (index,), _SETUP_ROWS, _SETUP_COLS, self._counts)
            if ways:
                weights.append((Place(square, letter), ways))
        return tuple(weights)

    def explain_illegal(self, action: Action, seat: int) -> IllegalActionError:
        rules = self.spec.rules
        if isinstance(action, Place):
            return rules.illegal("KL-2", "The setup places the small pieces at random; a player cannot", action)
        if self.phase == CHOOSE:
            lines = ", ".join(f"'score {' '.join(line)}'" for line in self.candidates)
            return rules.illegal("KL-6", f"Your move made more than one line of three: choose which three score "
                                         f"({lines})", action)
        if isinstance(action, Score):
            return rules.illegal("KL-6", "'score' only chooses among the lines your small move just made; "
                                         "to unkloak, use 'claim'", action)
        if isinstance(action, Pass):
            return rules.illegal("KL-9", "You may pass only when no piece can move", action)
        if isinstance(action, Claim):
            return self._explain_claim(action)
        if not isinstance(action, MOVES):
            return rules.illegal("KL-9", f"{str(action)!r} is not a KLOAK move: move a piece, claim, or pass", action)
        return self._explain_move(action)

    def _explain_claim(self, action: Claim) -> IllegalActionError:
        rules = self.spec.rules
        if any(sq not in _SQUARE_SET for sq in action.squares) or in_line(action.squares) is None:
            return rules.illegal("KL-7", f"{' '.join(action.squares)} are not three adjacent squares in a line", action)
        empty = [sq for sq in action.squares if sq not in self.small]
        if empty:
            return rules.illegal("KL-7", f"Each square of a claim must hold a small piece; {empty[0]} does not", action)
        return rules.illegal("KL-7", "A claim must unkloak: at least one of the three small pieces must be under a "
                                     "big piece (a visible line scores only by a small move, KL-6)", action)

    def _explain_move(self, action: Action) -> IllegalActionError:
        rules = self.spec.rules
        frm, to = action.frm, action.to  # type: ignore[attr-defined]
        if frm not in _SQUARE_SET or to not in _SQUARE_SET:
            return rules.illegal("KL-1", "Squares run from a1 to e5", action)
        if not adjacent(frm, to):
            return rules.illegal("KL-3", f"{frm} to {to} is not one step: pieces move to an adjacent square", action)
        if isinstance(action, Step):
            if frm not in self.small:
                return rules.illegal("KL-4", f"There is no small piece on {frm}", action)
            if frm in self.big:
                return rules.illegal("KL-4", f"The small piece on {frm} is kloaked: it cannot move on its own "
                                             f"(slide it with 'B {frm}={to}')", action)
            return rules.illegal("KL-4", f"{to} is not open: a small piece moves only to an empty square", action)
        if frm not in self.big:
            return rules.illegal("KL-5", f"There is no big piece on {frm}", action)
        if to in self.big:
            return rules.illegal("KL-5", f"{to} already has a big piece: big pieces do not stack", action)
        if isinstance(action, Big):
            return rules.illegal("KL-5", f"{to} holds a small piece: to kloak it write 'B {frm}x{to}'", action)
        if isinstance(action, Kloak):
            return rules.illegal("KL-5", f"There is no small piece on {to} to kloak: write 'B {frm}-{to}'", action)
        if frm not in self.small:
            return rules.illegal("KL/Gameplay.9", f"Only a kloaking big piece slides; the big piece on {frm} "
                                                  f"covers nothing: write 'B {frm}-{to}'", action)
        return rules.illegal("KL/Gameplay.9", f"A slide needs an open square, and {to} is not open", action)

    # -- doing a legal action ------------------------------------------------------
    def _apply(self, action: Action, seat: int | None) -> None:
        self.step += 1
        self._legal = None
        if isinstance(action, Place):
            self._place(action)
        elif isinstance(action, Step):
            self._step(action)
        elif isinstance(action, (Big, Kloak, Slide)):
            self._big(action)
        elif isinstance(action, Claim):
            self._claim(action)
        elif isinstance(action, Score):
            self.candidates, self.phase = (), PLAY
            self._score(action.squares, "chose")
        else:
            self._log("pass", self.current, f"Seat {self.current} cannot move any piece and passes (KL-9).")
            self._end_turn()

    def _place(self, action: Place) -> None:
        self.small[action.square] = action.colour
        self._log("place", None, f"Setup: a {COLOUR_NAMES[action.colour]} small piece ({action.colour}) goes on "
                                 f"{action.square}.", square=action.square, colour=action.colour)
        if len(self.small) == len(SETUP_ORDER):
            self.phase, self.current, self.turn_number = PLAY, 1, 1
            self._log("start", None, "The board is set up with no three in a row; seat 1 moves first.")

    def _step(self, action: Step) -> None:
        seat = self.current
        self.small[action.to] = self.small.pop(action.frm)
        self._log("step", seat, f"Seat {seat} moved the small piece on {action.frm} to {action.to}.",
                  frm=action.frm, to=action.to)
        lines = self.lines_made(action.to)  # KL-6: only a small move scores by moving
        if len(lines) == 1:
            self._score(lines[0], "made")
        elif lines:
            self.phase, self.candidates = CHOOSE, lines
            self._log("choose", seat, f"Seat {seat}'s move made {len(lines)} lines of three; they choose which "
                                      "three score (KL-6).", lines=[list(line) for line in lines])
        else:
            self._end_turn()

    def _big(self, action: Big | Kloak | Slide) -> None:
        seat, frm, to = self.current, action.frm, action.to
        revealed = self.small.get(frm) if not isinstance(action, Slide) else None
        self.big.remove(frm)
        self.big.add(to)
        if isinstance(action, Slide):  # KL-5: together; a full turn, nothing is lifted
            self.small[to] = self.small.pop(frm)
            self._log("slide", seat, f"Seat {seat} slid the big piece on {frm}, with the small piece under it, "
                                     f"to {to}.", frm=frm, to=to)
        else:
            kind = "kloak" if isinstance(action, Kloak) else "big"
            lifted = f", uncovering a {COLOUR_NAMES[revealed]} piece ({revealed})" if revealed else ""
            onto = f"onto the small piece on {to}" if kind == "kloak" else f"to {to}"
            self._log(kind, seat, f"Seat {seat} moved the big piece on {frm} {onto}{lifted}.",
                      frm=frm, to=to, revealed=revealed)
        self._end_turn()  # KL-6: a line uncovered by lifting does not score now

    def _claim(self, action: Claim) -> None:
        seat, squares = self.current, action.squares
        colours = [self.small[sq] for sq in squares]
        lifted = [sq for sq in squares if sq in self.big]
        correct = len(set(colours)) == 1
        shown = ", ".join(f"{sq} {c}" for sq, c in zip(squares, colours))
        verdict = "one colour: a score" if correct else "not one colour: the big pieces go back and the penalty applies"
        # KL-7 and KL/Unkloaking on Your Turn.2: everyone sees the lifted pieces
        self._log("claim", seat, f"Seat {seat} claimed {' '.join(squares)}, lifting the big piece(s) on "
                                 f"{', '.join(lifted)}: {shown} — {verdict}.",
                  squares=list(squares), colours=colours, lifted=lifted, correct=correct)
        if correct:
            self._score(squares, "unkloaked")
        else:
            self._end_turn(penalty=True)

    def _score(self, squares: tuple[str, str, str], how: str) -> None:
        """KL-9: the three small pieces leave the board; big pieces stay where they were."""
        seat = self.current
        colour = self.small[squares[0]]
        for sq in squares:
            del self.small[sq]
        self.scored.append((seat, colour, squares))
        team = self.team_of(seat)
        total = self.score_of(seat)
        self._log("score", seat, f"Seat {seat} scored {' '.join(squares)} ({colour}, {how}); "
                                 f"{'team' if len(team) > 1 else 'seat'} score {total}.",
                  squares=list(squares), colour=colour, how=how, total=total)
        if total >= WINNING_SCORES:
            self._winners, self.phase = team, DONE
            who = " and ".join(f"seat {s}" for s in team)
            self._log("win", seat, f"{who[0].upper()}{who[1:]} win{'s' if len(team) == 1 else ''} with "
                                   f"{WINNING_SCORES} scores.", winners=list(team))
            return
        self._end_turn()

    def _end_turn(self, penalty: bool = False) -> None:
        if self.turn_limit is not None and self.turn_number >= self.turn_limit:
            self.phase = DONE  # KL-9: a simulation's turn limit ends in a draw
            self._log("limit", None, f"The turn limit of {self.turn_limit} turns is reached: a draw.")
            return
        self.phase = PLAY
        self.turn_number += 1
        if penalty:  # KL-8: the next player now takes two turns in a row
            self.current, self.extra = self.current % self.seats + 1, 1
            self._log("penalty", self.current, f"Seat {self.current} takes two turns in a row (KL-8).")
        elif self.extra:
            self.extra -= 1
        else:
            self.current = self.current % self.seats + 1

    def _log(self, kind: str, actor: int | None, text: str, **data: Any) -> None:
        data["turn"] = self.turn_number
        self._events.append(Event(self.step, kind, actor, None, text, tuple(data.items())))  # all public (KL-13)

    # -- invariants and hidden information ----------------------------------
    def validate(self) -> list[str]:
        problems = []
        if not self.big <= _SQUARE_SET or not set(self.small) <= _SQUARE_SET:
            problems.append("a piece is off the board")
        if len(self.big) != len(self.big_start):
            problems.append(f"{len(self.big)} big pieces on the board, not {len(self.big_start)}")
        on_board = Counter(self.small.values())
        scored = Counter(colour for _, colour, _ in self.scored for _ in range(3))
        if self.phase == SETUP:
            if set(self.small) != set(SETUP_ORDER[:len(self.small)]):
                problems.append("the setup filled squares out of order")
            if any(on_board[c] > n for c, n in self.colours):
                problems.append(f"the setup used more pieces than the set has: {dict(on_board)}")
        elif on_board + scored != Counter(dict(self.colours)):
            problems.append(f"small pieces not conserved: board {dict(on_board)} + scored {dict(scored)} "
                            f"!= {dict(self.colours)}")
        score_events = [e for e in self._events if e.kind == "score"]
        if [(e.actor, e.get("colour"), tuple(e.get("squares"))) for e in score_events] != self.scored:
            problems.append("the scores differ from the scoring history: a scored piece came back or vanished")
        if any(self.score_of(team[0]) > WINNING_SCORES for team in self.teams):
            problems.append("a team scored after winning")
        if self._winners and self.score_of(self._winners[0]) < WINNING_SCORES:
            problems.append("the winners do not have two scores")
        if self.phase == CHOOSE and (not self.candidates or any(
                not all(self.uncovered_small(sq) and self.small[sq] == self.small[line[0]] for sq in line)
                for line in self.candidates)):
            problems.append("a line to choose is not three uncovered small pieces of one colour")
        if self.phase in (PLAY, CHOOSE) and not 1 <= self.current <= self.seats:
            problems.append(f"no seat {self.current} to move")
        if self.extra not in (0, 1):
            problems.append(f"a seat has {self.extra} extra turns")
        return problems

    def resample_hidden(self, seat: int, rng: random.Random) -> KloakState | None:
        """Re-deal the colours under the big pieces among themselves (the board as seen, KL-13).

        Which colours are covered is known to everyone (the set minus what is visible and
        scored); which covered piece is which is what the board hides.  A seat with perfect
        memory could still tell from the public history (see ``memory_aid``).
        """
        covered = self.covered_squares()
        colours = [self.small[sq] for sq in covered]
        if len(set(colours)) < 2:
            return None
        rng.shuffle(colours)
        other = self.clone()
        other.small.update(zip(covered, colours))
        other._events = [e for e in self._events if e.visible_to(seat)]
        return other

    # -- copies and views ------------------------------------------------------
    def clone(self) -> KloakState:
        other = object.__new__(KloakState)
        other.__dict__.update(self.__dict__)
        other.big, other.small = set(self.big), dict(self.small)
        other.scored, other._events = self.scored[:], self._events[:]
        other._legal = None
        return other

    def view(self, seat: int | None) -> View:
        """KL-13: a seat sees ``?`` for every covered colour; ``None`` sees everything (labelled)."""
        from .display import view_label

        hidden = seat is not None
        data: dict[str, Any] = {
            "variant": self.variant, "seats": self.seats, "phase": self.phase, "turn_number": self.turn_number,
            "to_move": list(self.turn.seats), "extra_turns": self.extra, "turn_limit": self.turn_limit,
            "teams": [list(t) for t in self.teams],
            "scores": {str(s): [{"colour": c, "squares": list(sq)} for who, c, sq in self.scored if who == s]
                       for s in range(1, self.seats + 1)},
            "team_scores": [self.score_of(team[0]) for team in self.teams],
            "winners": list(self._winners),
            "colours": dict(self.colours),
            "big": sorted(self.big),
            "small": {sq: ("?" if hidden and sq in self.big else c) for sq, c in sorted(self.small.items())},
            "covered": self.covered_squares(),
            "candidates": [list(line) for line in self.candidates],
            "events": tuple(e.frozen() for e in self.events_seen_by(seat)),
        }
        return View(self.spec.name, seat, view_label(seat), freeze(data))

    def text(self, seat: int | None = None, memory: bool = False) -> str:
        """The board as text: omniscient, or as ``seat`` sees it (``memory``: with the memory aid)."""
        from .display import text_board

        return text_board(self.view(seat), memory=memory)

    def __repr__(self) -> str:
        return f"<KloakState {self.variant}, {self.seats} seats, turn {self.turn_number}, {self.turn}>"
