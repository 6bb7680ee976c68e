"""The engine: one contract for every game, standard library only.

What a game must provide, and the conventions for adding one: docs/engine.md.
"""

from .core import EVERYONE, Action, Event, FrozenDict, State, Turn, View, freeze
from .errors import IllegalActionError, NotationError, RecordError, SpynbError
from .game import Game, GameSpec, Record, sample_chance, sample_outcome
from .history import History
from .rules import ENGINE_RULES, RULEBOOK, RULING, Rule, RuleBook, lookup, register

__all__ = [
    "Action", "EVERYONE", "ENGINE_RULES", "Event", "FrozenDict", "Game", "GameSpec", "History",
    "IllegalActionError", "NotationError", "RULEBOOK", "RULING", "Record", "RecordError",
    "Rule", "RuleBook", "SpynbError", "State", "Turn", "View", "freeze", "lookup",
    "register", "sample_chance", "sample_outcome",
]
