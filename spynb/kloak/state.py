"""KLOAK's turn procedure (rulebook and rulings KL-1 … KL-15).

The state is a board — which squares hold a big piece, which hold a small
piece and its colour (:class:`~spynb.kloak.pieces.Board`, the only writer of
the pieces and their bit masks) — plus whose turn it is, the scores, and the
log of public events.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from spynb.engine import (CHANCE_TURN, OVER, Action, Event, IllegalActionError, LoggedState, NullHistory, OptionError,
                          Turn, View, freeze)
from spynb.engine.wording import for_number

from .actions import MOVES, Big, Claim, Kloak, Pass, Place, Score, Slide, Step
from .board import COLOUR_NAMES, SQUARES, VARIANTS, adjacent, in_line
from .layouts import Progress, advance, has_layout, next_counts, random_layout, start
from .memory import remember
from .pieces import Board

if TYPE_CHECKING:
    from spynb.engine import GameSpec

__all__ = ["KloakState", "Phase", "SETUP", "PLAY", "CHOOSE", "DONE", "SETUP_ORDER", "WINNING_SCORES"]


class Phase(StrEnum):
    """Where a game of KLOAK stands, as views report it (``view["phase"]``, a plain string)."""

    SETUP = "setup"
    """KL-2: the small pieces are placed (chance)."""
    PLAY = "play"
    """KL-3 to KL-8: the seat to move moves, claims or passes."""
    CHOOSE = "choose"
    """KL-6: a move made several scoring lines (or a longer one); its mover chooses which three score."""
    DONE = "over"
    """KL-9: a side won, or the turn limit ended the game; KL-15: no side can reach two scores any more."""


SETUP, PLAY, CHOOSE, DONE = Phase  # the members by their short names, for the turn procedure
WINNING_SCORES = 2
"""KL-9: the first player (team) with two scores wins."""
SETUP_ORDER = tuple(f"{f}{r}" for f in "abcde" for r in (2, 3, 4))
"""KL-2: the setup fills the small-piece area file by file (a2 a3 a4, b2 …)."""
_SETUP_ROWS, _SETUP_COLS = 5, 3  # the small-piece area seen file by file (see layouts.py)
_SQUARE_SET = frozenset(SQUARES)
_ACTING = (PLAY, CHOOSE)
_TURNS = tuple(Turn((seat,)) for seat in range(5))
_PLACES = {(sq, letter): Place(sq, letter) for sq in SETUP_ORDER for letter in COLOUR_NAMES}


@lru_cache(maxsize=1 << 12)
def _setup_outcomes(progress: Progress, square: str, letters: tuple[str, ...]) -> tuple[tuple[Action, int], ...]:
    """KL-2: each colour ``square`` may get, weighted by the valid layouts it leaves."""
    return tuple((_PLACES[square, letter], ways) for letter, ways in zip(letters, next_counts(progress)) if ways)


# -- what the events say, written when first read (KL-13: every event is public)
def _a(colour: str) -> str:
    """A colour's name as an adjective, with its article: "an orange", "a sky-blue".

    >>> _a("O"), _a("S")
    ('an orange', 'a sky-blue')
    """
    name = COLOUR_NAMES[colour].replace(" ", "-")
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def _said_place(e: Event) -> str:
    colour = e.get("colour")
    return f"Setup: {_a(colour)} small piece ({colour}) goes on {e.get('square')}."


def _said_step(e: Event) -> str:
    return f"Seat {e.actor} moved the small piece on {e.get('frm')} to {e.get('to')}."


def _uncovering(e: Event) -> str:
    revealed = e.get("revealed")
    return f", uncovering {_a(revealed)} piece ({revealed})" if revealed else ""


def _said_big(e: Event) -> str:
    return f"Seat {e.actor} moved the big piece on {e.get('frm')} to {e.get('to')}{_uncovering(e)}."


def _said_kloak(e: Event) -> str:
    return (f"Seat {e.actor} moved the big piece on {e.get('frm')} onto the small piece on {e.get('to')}"
            f"{_uncovering(e)}.")


def _said_slide(e: Event) -> str:
    return f"Seat {e.actor} slid the big piece on {e.get('frm')}, with the small piece under it, to {e.get('to')}."


def _said_choose(e: Event) -> str:
    return f"Seat {e.actor}'s move made {len(e.get('lines'))} lines of three; they choose which three score."


def _said_claim(e: Event) -> str:
    squares = e.get("squares")
    shown = ", ".join(f"{sq} {c}" for sq, c in zip(squares, e.get("colours")))
    verdict = ("one colour: a score" if e.get("correct")
               else "not one colour: the big pieces go back and the penalty applies")
    lifted = e.get("lifted")
    return (f"Seat {e.actor} claimed {' '.join(squares)}, lifting the {for_number(len(lifted), 'big piece')} on "
            f"{', '.join(lifted)}: {shown} — {verdict}.")


def _said_win(e: Event) -> str:
    winners = e.get("winners")
    who = " and ".join(f"seat {s}" for s in winners)
    return f"{who[0].upper()}{who[1:]} win{'s' if len(winners) == 1 else ''} with {WINNING_SCORES} scores."


def _said_penalty(e: Event) -> str:
    return f"Seat {e.actor} takes two turns in a row."


def _said_pass(e: Event) -> str:
    return f"Seat {e.actor} cannot move any piece and passes."


def _said_score(e: Event) -> str:
    return (f"Seat {e.actor} scored {' '.join(e.get('squares'))} ({e.get('colour')}, {e.get('how')}); "
            f"{'team' if len(e.get('team')) > 1 else 'seat'} score {e.get('total')}.")


def _said_dead(e: Event) -> str:
    return f"No {e.get('side')} can reach {WINNING_SCORES} scores any more: a draw (dead position)."


_NARRATORS: dict[str, str | Callable[[Event], str]] = {
    "place": _said_place, "start": "The board is set up with no three in a row; seat 1 moves first.",
    "step": _said_step, "big": _said_big, "kloak": _said_kloak, "slide": _said_slide, "choose": _said_choose,
    "claim": _said_claim, "score": _said_score, "win": _said_win, "penalty": _said_penalty, "pass": _said_pass,
    "limit": lambda e: f"The turn limit of {e.get('limit')} turns is reached: a draw.", "dead": _said_dead,
}
_CITES = {"choose": "KL-6", "penalty": "KL-8", "pass": "KL-9", "dead": "KL-15"}
"""Event kind -> the ruling it applies, shown beside the text as a link."""


class KloakState(LoggedState):
    """A position of KLOAK: seats 1…n, squares a1…e5.

    The pieces are read as ``small`` (square -> colour) and ``big`` (squares), both read-only: they
    change only by playing, or with :meth:`set_board` for a position set up by hand.  Its cache (``_cache``)
    holds the legal actions of the seat to move, worked out once per position.
    """

    NARRATORS, CITES = _NARRATORS, _CITES
    OMNISCIENT_SHOWS, SEAT_LEARNS = "the colour under every big piece", "sees"

    def __init__(self, spec: GameSpec, variant: str, seats: int, options: Mapping[str, Any]) -> None:
        super().__init__(spec, variant, seats, options)  # options come checked (spec.py, GameSpec.new_state)
        layout = VARIANTS[variant]
        self.colours: tuple[tuple[str, int], ...] = options.get("colours", layout.colours)
        self.big_start: tuple[str, ...] = options.get("big_squares", layout.big_squares)
        self._colour_index = {letter: i for i, (letter, _) in enumerate(self.colours)}
        self._letters = tuple(letter for letter, _ in self.colours)
        counts = tuple(n for _, n in self.colours)
        self._setup: Progress | None = start(_SETUP_ROWS, _SETUP_COLS, counts)
        """KL-2: what the layout count needs of the squares placed so far."""
        if not has_layout(_SETUP_ROWS, _SETUP_COLS, counts):
            raise OptionError("colours", "leaves no layout without three in a row (KL-2)", dict(self.colours))
        self.set_board({}, self.big_start)
        self.phase: Phase = SETUP
        self.current = 0
        self.extra = 0
        """Turns the current seat still has after this one (KL-8)."""
        self.scored: list[tuple[int, str, tuple[str, str, str]]] = []
        """(seat, colour, squares) for every score, in order."""
        self.candidates: tuple[tuple[str, str, str], ...] = ()
        """KL-6: the lines the mover chooses among after a small move."""

    def set_board(self, small: Mapping[str, str], big: Iterable[str]) -> None:
        """Put exactly these pieces on the board: square -> colour of each small piece, and the big pieces' squares.

        For positions set up by hand (turns, scores and the history stay as they are): the one way to build a
        board other than by playing.

        :raises SpynbError: when a piece is not on a square a1 … e5 (the board is left as it was).
        """
        self._board = Board(small, big)
        self._plan: tuple[Place, ...] | None = None
        """Simulation mode: a whole setup drawn at once, placed one chance point at a time (:meth:`random_outcome`)."""
        self._forget()
        if getattr(self, "phase", None) in _ACTING:  # KL-15: a dead position set up by hand is a draw at once
            self._end_if_dead()

    @property
    def small(self) -> Mapping[str, str]:
        """Square -> the colour of the small piece on it (read-only: change the board with :meth:`set_board`)."""
        return self._board.small

    @property
    def big(self) -> frozenset[str]:
        """The squares with a big piece (read-only: change the board with :meth:`set_board`)."""
        return self._board.big

    # -- teams and turns -----------------------------------------------------
    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """KL-12: with four seats, partners 1+3 and 2+4; otherwise each seat plays alone."""
        if self.seats == 4:
            return ((1, 3), (2, 4))
        return tuple((s,) for s in range(1, self.seats + 1))

    def team_of(self, seat: int) -> tuple[int, ...]:
        return next(team for team in self.teams if seat in team)

    def scores_left(self) -> int:
        """KL-15: the most scores still possible: a colour with n small pieces on the board, covered ones
        included, gives at most n // 3 (each score takes three of one colour off the board)."""
        return sum(n // 3 for n in Counter(self._board.small.values()).values())

    def dead(self) -> bool:
        """KL-15: no side can reach two scores any more, even if it made every score still possible."""
        best = max(self.score_of(team[0]) for team in self.teams)
        return best + self.scores_left() < WINNING_SCORES

    def score_of(self, seat: int) -> int:
        """How many scores ``seat``'s team has (pooled for partners, KL-12)."""
        team = self.team_of(seat)
        return sum(1 for s, _, _ in self.scored if s in team)

    @property
    def turn(self) -> Turn:
        if self.phase in _ACTING:
            return _TURNS[self.current]
        return CHANCE_TURN if self.phase == SETUP else OVER

    # -- the board -------------------------------------------------------------
    def is_open(self, square: str) -> bool:
        """KL-4: no piece of either size."""
        return self._board.is_open(square)

    def covered(self, square: str) -> bool:
        return self._board.covered(square)

    def covered_squares(self) -> list[str]:
        """The squares where a big piece kloaks a small piece, in order."""
        return self._board.covered_squares()

    def uncovered_small(self, square: str) -> bool:
        return self._board.uncovered_small(square)

    def lines_made(self, square: str) -> tuple[tuple[str, str, str], ...]:
        """KL-6: lines of three uncovered small pieces of one colour through ``square``."""
        return self._board.lines_made(square)

    # -- the contract ------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        if seat is None:
            seat = self.current
        if seat != self.current or self.phase not in _ACTING:
            return ()
        legal = self._cache.get(seat)
        if legal is None:
            legal = self._cache[seat] = self._choices() if self.phase == CHOOSE else self._board.actions()
        return legal


    def _choices(self) -> tuple[Action, ...]:
        return tuple(sorted((Score(*line) for line in self.candidates), key=str))

    def is_legal(self, action: Action, seat: int | None) -> bool:
        """Whether ``action`` is among the legal actions (or the chance outcomes), tested on the bit masks."""
        kind = type(action)
        if seat is None:
            return kind is Place and action in [outcome for outcome, _ in self.chance_weights()]
        if seat != self.current:
            return False
        if self.phase == PLAY:
            return action in self.legal_actions() if kind is Pass else self._board.allows(action)  # KL-9: pass only when no piece moves
        if self.phase != CHOOSE or not isinstance(action, Score):
            return False
        return action.squares in self.candidates  # KL-6: a line just made

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
        return _setup_outcomes(self._setup, SETUP_ORDER[len(self._board.small)], self._letters)

    # -- simulation mode (spynb.engine.simulate) --------------------------------------
    def random_action(self, rng: random.Random) -> Action:
        """A legal action drawn uniformly: a slot of every possible move, claim and pass drawn until one is
        legal on the bit masks (KL-4, KL-5, KL-7, KL-9), without listing them; choosing a line (KL-6) draws
        from the list."""
        if self.phase == PLAY:
            action = self._board.draw(rng)
            if action is not None:
                return action
        return rng.choice(self.legal_actions())

    def random_universe(self) -> tuple[Action, ...]:
        """The actions :meth:`random_action` draws from here: the slots the bit masks accept."""
        return self._board.drawable() if self.phase == PLAY else self.legal_actions()

    def random_outcome(self, rng: random.Random) -> Action:
        """KL-2: the next square's colour, from a whole valid layout drawn at once (every valid layout equally
        likely, as the square-by-square weights give), placed one chance point at a time.

        A setup begun some other way (by hand, or by other draws) goes on by the weights: placing anything but
        the plan's next piece drops the plan (:meth:`_place`), as does :meth:`set_board`.
        """
        placed = len(self._board.small)
        plan = self._plan
        if plan is None:
            layout = None if placed else random_layout(_SETUP_ROWS, _SETUP_COLS, tuple(n for _, n in self.colours), rng)
            if layout is None:
                return super().random_outcome(rng)
            plan = self._plan = tuple(_PLACES[square, self._letters[c]] for square, c in zip(SETUP_ORDER, layout))
        return plan[placed]

    def scoring_actions(self) -> list[Action]:
        """The actions of the seat to move that score now (omniscient: for searches of a determinised state)."""
        return self._board.scoring() if self.phase == PLAY else list(self.legal_actions())

    def _explain_illegal(self, action: Action, seat: int) -> IllegalActionError:
        rules = self.spec.rules
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

    def _explain_move(self, action: Step | Big | Kloak | Slide) -> IllegalActionError:
        rules = self.spec.rules
        frm, to = action.frm, action.to
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
        if self._cache:  # _forget, written out (this runs once an action), and only when there is something to forget
            self._cache = {}
        self._DO[type(action)](self, action)

    def _place(self, action: Place) -> None:
        square, colour = action.square, action.colour
        plan = self._plan
        if plan is not None and (planned := plan[len(self._board.small)]) is not action and planned != action:
            self._plan = None  # the setup left the plan drawn in simulation mode (the plan's own object: no compare)
        self._board.place(square, colour)
        self._setup = advance(self._setup, self._colour_index[colour])
        self._log("place", None, None, ("square", square), ("colour", colour))
        if len(self._board.small) == len(SETUP_ORDER):
            self.phase, self.current, self.turn_number = PLAY, 1, 1
            self._log("start", None, None)
            self._end_if_dead()  # a colour set (option ``colours``) may leave no two scores from the start

    def _step(self, action: Step) -> None:
        seat, frm, to = self.current, action.frm, action.to
        self._board.step(frm, to)
        self._log("step", seat, None, ("frm", frm), ("to", to))
        lines = self._board.lines_made(to)  # KL-6: only a small move scores by moving
        if len(lines) == 1:
            self._score(lines[0], "made")
        elif lines:
            self.phase, self.candidates = CHOOSE, lines
            self._log("choose", seat, None, ("lines", [list(line) for line in lines]))
        else:
            self._end_turn()

    def _lift(self, action: Big | Kloak) -> None:
        """KL-5: a big piece to an open square or onto a small piece, uncovering what it kloaked."""
        seat, frm, to = self.current, action.frm, action.to
        revealed = self._board.lift(frm, to)
        kind = "kloak" if type(action) is Kloak else "big"
        self._log(kind, seat, None, ("frm", frm), ("to", to), ("revealed", revealed))
        self._end_turn()  # KL-6: a line uncovered by lifting does not score now

    def _slide(self, action: Slide) -> None:
        """KL-5: together; a full turn, nothing is lifted."""
        seat, frm, to = self.current, action.frm, action.to
        self._board.slide(frm, to)
        self._log("slide", seat, None, ("frm", frm), ("to", to))
        self._end_turn()

    def _claim(self, action: Claim) -> None:
        squares, board = action.squares, self._board
        colours = list(map(board.small.__getitem__, squares))
        correct = len(set(colours)) == 1
        # KL-7 and KL/Unkloaking on Your Turn.2: everyone sees the lifted pieces
        self._log("claim", self.current, None, ("squares", list(squares)), ("colours", colours),
                  ("lifted", [sq for sq in squares if board.covered(sq)]), ("correct", correct))
        if correct:
            self._score(squares, "unkloaked")
        else:
            self._end_turn(penalty=True)

    def _choose(self, action: Score) -> None:
        self.candidates, self.phase = (), PLAY
        self._score(action.squares, "chose")

    def _pass(self, action: Pass) -> None:
        self._log("pass", self.current, None)
        self._end_turn()

    _DO: dict[type, Callable[[KloakState, Any], None]] = {
        Place: _place, Step: _step, Big: _lift, Kloak: _lift, Slide: _slide, Claim: _claim, Score: _choose, Pass: _pass}

    def _score(self, squares: tuple[str, str, str], how: str) -> None:
        """KL-9: the three small pieces leave the board; big pieces stay where they were."""
        seat = self.current
        colour = self.small[squares[0]]
        self._board.remove(squares)
        self.scored.append((seat, colour, squares))
        team = self.team_of(seat)
        total = self.score_of(seat)
        self._log("score", seat, None, ("squares", list(squares)), ("colour", colour), ("how", how), ("team", list(team)),
                  ("total", total))
        if total >= WINNING_SCORES:
            self._end_game(team)
            self._log("win", seat, None, ("winners", list(team)))
        elif not self._end_if_dead():
            self._end_turn()

    def _end_if_dead(self) -> bool:
        """KL-15: end the game at once as a draw when no side can reach two scores any more.

        Whether a position is dead depends only on the small pieces on the board and the scores, which change at
        three points alone: the setup's last piece, a score (by a move or a claim) and :meth:`set_board`.  Each
        checks here, so the check holds after every action, however the position arose."""
        if not self.dead():
            return False
        self._end_game()
        self._log("dead", None, None, ("side", "team" if len(self.teams[0]) > 1 else "seat"))
        return True

    def _end_turn(self, penalty: bool = False) -> None:
        if self._ends_at_turn_limit():  # KL-9: a simulation's turn limit ends in a draw
            return
        self.phase = PLAY
        self.turn_number += 1
        if penalty:  # KL-8: the claimer's turns end (an extra turn still owed is lost); the next player takes two
            self.current, self.extra = self.current % self.seats + 1, 1
            self._log("penalty", self.current, None)
        elif self.extra:
            self.extra -= 1
        else:
            self.current = self.current % self.seats + 1

    def _set_over(self) -> None:
        self.phase = DONE

    # -- invariants and hidden information ----------------------------------
    def validate(self) -> list[str]:
        phase: object = self.phase  # checked as any value: a white-box test or a bad copy may have put anything
        if not isinstance(phase, Phase):  # the turn procedure compares members
            return [f"the phase {phase!r} is not a Phase"]
        problems = []
        if not self.big <= _SQUARE_SET or not set(self.small) <= _SQUARE_SET:
            problems.append("a piece is off the board")
        elif not self._board.consistent():
            problems.append("the bit masks differ from the pieces")
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
        logged = not isinstance(self._history, NullHistory)
        score_events = [e for e in self._history.events() if e.kind == "score"]
        if logged and [(e.actor, e.get("colour"), tuple(e.get("squares"))) for e in score_events] != self.scored:
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
        if self.phase in _ACTING and self.dead():
            problems.append("no side can reach two scores any more, yet the game goes on (KL-15)")
        if self.extra not in (0, 1):
            problems.append(f"a seat has {self.extra} extra turns")
        contradicted = sorted(sq for sq, colour in self.revealed_by_moves().items() if self.small[sq] != colour)
        if contradicted:
            problems.append(f"the colours on {', '.join(contradicted)} differ from what a claim or lift showed (KL-13)")
        return problems

    def revealed_by_moves(self) -> dict[str, str]:
        """Square -> colour of every covered piece whose colour a move showed: a claim lifted it (KL-7), or a big
        piece was lifted off it (KL-5); the knowledge follows the piece as it steps and slides (KL-13)."""
        known = remember(e.frozen() for e in self._history.events() if e.kind != "place")
        board = self._board
        return {sq: colour for sq, colour in known.items() if colour is not None and board.covered(sq)}

    def _resample_hidden(self, seat: int, rng: random.Random) -> KloakState | None:
        """Re-deal the colours under the big pieces that no move has shown (the board as seen, KL-13).

        Which colours are covered is known to everyone (the set minus what is visible and scored); which covered
        piece is which is what the board hides.  Every colour a move showed stays where it is: a claim's lifted
        pieces (KL-7) and pieces a big piece was lifted off (KL-5), followed through steps and slides, so the
        re-dealt state agrees with every claim and lift in the public history and stays so as play goes on
        (``validate`` checks it).  The re-deal stands for a seat that has not memorised the setup: a perfect
        memory of the setup's placements would leave nothing hidden (see ``memory_aid``).  ``None`` when the
        unshown covered pieces are all of one colour.
        """
        shown = self.revealed_by_moves()
        hidden = [sq for sq in self.covered_squares() if sq not in shown]
        colours = [self.small[sq] for sq in hidden]
        if len(set(colours)) < 2:
            return None
        rng.shuffle(colours)
        other = self._copy_seen_by(seat)
        other._board.recolour(dict(zip(hidden, colours)))
        return other

    # -- copies and views ------------------------------------------------------
    def _copy_parts(self, other: KloakState) -> None:
        other._board, other.scored = self._board.copy(), self.scored[:]
        other._cache = self._cache.copy()  # the same position: the legal actions, if worked out, hold for both

    def view(self, seat: int | None) -> View:
        """KL-13: a seat sees ``?`` for every covered colour; ``None`` sees everything (labelled)."""
        hidden, big = seat is not None, self.big
        data: dict[str, Any] = {
            "variant": self.variant, "seats": self.seats, "phase": self.phase.value, "turn_number": self.turn_number,
            "to_move": list(self.turn.seats), "extra_turns": self.extra, "turn_limit": self.turn_limit,
            "teams": [list(t) for t in self.teams],
            "scores": {str(s): [{"colour": c, "squares": list(sq)} for who, c, sq in self.scored if who == s]
                       for s in range(1, self.seats + 1)},
            "team_scores": [self.score_of(team[0]) for team in self.teams],
            "winners": list(self._winners),
            "colours": dict(self.colours),
            "big": sorted(big),
            "small": {sq: ("?" if hidden and sq in big else c) for sq, c in sorted(self.small.items())},
            "covered": self.covered_squares(),
            "candidates": [list(line) for line in self.candidates],
            "events": tuple(e.frozen() for e in self.events_seen_by(seat)),
        }
        return View(self.spec.name, seat, self.view_label(seat), freeze(data))

    def text(self, seat: int | None = None, memory: bool = False) -> str:
        """The board as text: omniscient, or as ``seat`` sees it (``memory``: with the memory aid)."""
        from .display import text_board

        return text_board(self.view(seat), memory=memory)

    def __repr__(self) -> str:
        return f"<KloakState {self.variant}, {self.seats} seats, turn {self.turn_number}, {self.turn}>"
