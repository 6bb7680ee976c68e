"""Kuhn poker's turn procedure: ante, deal, one betting round, showdown (KP/Ante … KP/Showdown, KP-1 … KP-5)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spynb.engine import CHANCE_TURN, OVER, Action, IllegalActionError, LoggedState, Turn, View

from .actions import CARDS, Bet, Deal
from .rules import RULES
from .narration import CITES, NARRATORS

if TYPE_CHECKING:
    from spynb.engine import GameSpec

__all__ = ["KuhnState", "ANTE"]

ANTE = 1
"""What each seat puts into the pot before the deal (KP/Ante.1)."""
_OPEN = (Bet("bet"), Bet("check"))
"""The moves with no bet to answer (KP/Betting.1, KP/Betting.2)."""
_FACING_A_BET = (Bet("call"), Bet("fold"))
"""The moves after a bet (KP/Betting.3, KP-4)."""
_TURNS = {1: Turn((1,)), 2: Turn((2,))}


class KuhnState(LoggedState):
    """A hand of Kuhn poker: ``cards[0]`` is seat 1's card, ``moves`` the betting so far.

    >>> import spynb
    >>> state = spynb.get_spec("kuhn").new_state()
    >>> for action in (Deal("K"), Deal("J"), Bet("bet"), Bet("call")):
    ...     state.apply(action)
    >>> state.winners, state.pot
    ((1,), 4)
    """

    NARRATORS = NARRATORS
    CITES = CITES

    def __init__(self, spec: GameSpec, variant: str, seats: int, options: Mapping[str, Any]) -> None:
        super().__init__(spec, variant, seats, options)
        self.cards: list[str] = []
        self.moves: list[str] = []
        self.shown = False
        """Whether the showdown showed both cards (KP/Showdown.1)."""
        self.stopped = False
        """Whether the turn limit ended the hand (KP-3)."""

    # -- whose move ---------------------------------------------------------------------------
    @property
    def turn(self) -> Turn:
        if len(self.cards) < self.seats:
            return CHANCE_TURN
        if self.winners or self.stopped:
            return OVER
        return _TURNS[len(self.moves) % 2 + 1]  # seat 1 first, then in turn (KP-1)

    @property
    def facing_a_bet(self) -> bool:
        return bool(self.moves) and self.moves[-1] == "bet"

    @property
    def pot(self) -> int:
        return sum(self.stakes.values())

    @property
    def stakes(self) -> dict[int, int]:
        """Each seat's chips in the pot: the ante and each bet or call (KP/Ante.1, KP-4)."""
        stakes = {seat: ANTE for seat in range(1, self.seats + 1)}
        for index, word in enumerate(self.moves):
            stakes[index % 2 + 1] += word in ("bet", "call")
        return stakes

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        turn = self.turn
        if turn.chance or turn.over or (seat is not None and seat not in turn.seats):
            return ()
        return _FACING_A_BET if self.facing_a_bet else _OPEN

    def chance_weights(self) -> tuple[tuple[Action, int], ...]:
        """The cards not dealt yet, each as likely (KP/Deal.1)."""
        return tuple((Deal(card), 1) for card in CARDS if card not in self.cards)

    # -- change -------------------------------------------------------------------------------
    def _apply(self, action: Action, seat: int | None) -> None:
        self.step += 1
        if isinstance(action, Deal):
            self.cards.append(action.card)
            dealt = len(self.cards)
            self._log("deal", dealt, frozenset((dealt,)), ("card", action.card))
            self._log("dealt", dealt, None)
            return
        assert isinstance(action, Bet) and seat is not None
        self.moves.append(action.word)
        self._log(action.word, seat, None, ("pot", self.pot))
        if action.word == "fold":
            self._end_game((3 - seat,))
            self._log("fold_win", self.winner, None, ("pot", self.pot))
        elif action.word == "call" or self.moves == ["check", "check"]:
            self.shown = True
            self._end_game((1 + (CARDS.index(self.cards[1]) > CARDS.index(self.cards[0])),))
            self._log("showdown", self.winner, None, ("cards", tuple(self.cards)), ("pot", self.pot))
        elif self.turn_limit is not None and len(self.moves) >= self.turn_limit:
            self.stopped = True
            self._log("limit", None, None, ("limit", self.turn_limit))

    def _when(self) -> tuple[tuple[str, Any], ...]:
        return (("turn", len(self.moves)),)

    def _set_over(self) -> None:
        """Nothing more to set: the turn reads the winners."""

    def _copy_parts(self, other: KuhnState) -> None:
        other.cards, other.moves = self.cards[:], self.moves[:]

    def _explain_illegal(self, action: Action, seat: int) -> IllegalActionError:
        if not isinstance(action, Bet):
            return RULES.illegal("KP/Betting", f"{action} is no move of Kuhn poker: check, bet, call or fold", action)
        if self.facing_a_bet:
            return RULES.illegal("KP-4", f"After a bet you call or fold: there is no {action.word} now", action)
        return RULES.illegal("KP-4", f"There is no bet to {action.word} to: check or bet", action)

    # -- knowledge ----------------------------------------------------------------------------
    @property
    def winner(self) -> int:
        """The seat that won the hand, or 0."""
        return self.winners[0] if self.winners else 0

    def view(self, seat: int | None) -> View:
        from .views import view_of

        return view_of(self, seat)

    def _resample_hidden(self, seat: int, rng: random.Random) -> KuhnState | None:
        """The other seat's card re-dealt from the cards ``seat`` does not hold (KP-2); None when none is hidden."""
        hidden = [index for index in range(len(self.cards)) if index + 1 != seat and not self.shown]
        if not hidden:
            return None
        other = self._copy_seen_by(seat)
        own = self.cards[seat - 1:seat]
        for index in hidden:
            other.cards[index] = rng.choice([card for card in CARDS if card not in own])
        return other

    def validate(self) -> list[str]:
        problems = []
        if len(set(self.cards)) != len(self.cards) or not set(self.cards) <= set(CARDS):
            problems.append(f"the cards dealt are not distinct cards of {CARDS}: {self.cards}")
        allowed = {(), ("check",), ("bet",), ("check", "check"), ("check", "bet"), ("bet", "call"), ("bet", "fold"),
                   ("check", "bet", "call"), ("check", "bet", "fold")}
        if tuple(self.moves) not in allowed or (self.moves and len(self.cards) < self.seats):
            problems.append(f"no hand bets {self.moves} after dealing {len(self.cards)} cards")
        if bool(self.winner) != (self.moves[-1:] in (["call"], ["fold"]) or self.moves == ["check", "check"]):
            problems.append(f"seat {self.winner} won after {self.moves}")
        return problems

    # -- display ------------------------------------------------------------------------------
    def text(self, seat: int | None = None) -> str:
        """The hand as text: omniscient, or as ``seat`` knows it."""
        from .display import text_of

        return text_of(self.view(seat))

    def __repr__(self) -> str:
        return f"<KuhnState {self.cards} {self.moves}, {self.turn}>"
