"""The engine: one contract for every game, standard library only.

What a game must provide, and the conventions for adding one: docs/engine.md.
"""

from .core import EVERYONE, Action, Event, FrozenDict, State, Turn, View, check_seat, freeze
from .errors import ActionError, IllegalActionError, NotationError, OptionError, RecordError, SeatError, SpynbError
from .game import Game, GameSpec, Record, sample_chance, sample_outcome
from .history import History
from .rules import ENGINE_RULES, RULEBOOK, RULING, Rule, RuleBook, lookup, register

__all__ = [
    "Action", "ActionError", "EVERYONE", "ENGINE_RULES", "Event", "FrozenDict", "Game", "GameSpec", "History",
    "IllegalActionError", "NotationError", "OptionError", "RULEBOOK", "RULING", "Record", "RecordError",
    "Rule", "RuleBook", "SeatError", "SpynbError", "State", "Turn", "View", "check_seat", "freeze", "lookup",
    "register", "sample_chance", "sample_outcome",
]
