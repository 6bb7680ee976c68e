"""Kuhn poker's rule-of-thumb bot, and the search bot's settings for it."""

from __future__ import annotations

from collections.abc import Sequence

from spynb.bots.base import choices
from spynb.bots.ismcts import SearchSettings
from spynb.engine import Action, GameSpec, View

from .actions import Bet

__all__ = ["HighCardBot", "SEARCH"]

_PLAN = {"K": ("bet", "call"), "Q": ("check", "call"), "J": ("check", "fold")}
"""A card -> what to do with no bet to answer, and what to do facing one."""

SEARCH = SearchSettings(iterations=60, rollout_depth=4)
"""The search bot's budget: a hand has at most three moves."""


class HighCardBot:
    """Bets and calls with the King, checks and calls with the Queen, checks and folds with the Jack.

    >>> import spynb
    >>> game = spynb.new_game("kuhn", seed=1)
    >>> game.view(1)["cards"]["1"], HighCardBot().choose(game.view(1), game.legal_actions(1))
    ('J', Bet('check'))
    """

    name = "rules"

    def __init__(self, spec: GameSpec | None = None, seed: int = 0) -> None:
        """Seeded like every bot; this one never draws at random."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The move the seat's own card suggests (read from its view only).

        :raises SpynbError: when ``legal`` is empty.
        """
        opening, facing = _PLAN[view["cards"][str(view.seat)]]
        wanted = Bet(facing if Bet("call") in legal else opening)
        return wanted if wanted in choices(legal) else legal[0]
