"""The engine: one contract for every game, standard library only.

What a game must provide, and the conventions for adding one: docs/engine.md.
"""

from .core import CHANCE_TURN, EVERYONE, OVER, Action, Event, FrozenDict, State, Turn, View, check_seat, freeze
from .errors import (ActionError, DuplicateRuleError, IllegalActionError, NotationError, OptionError, RecordError,
                     SeatError, SpynbError, UnknownRuleError, is_whole_number, quoted)
from .game import (
    MAX_RECORD_ACTIONS, MAX_RECORD_CHARS, SEED_RANGE, Game, GameSpec, Record, is_seed, sample_chance, sample_outcome,
    whole_number,
)
from .history import NULL_HISTORY, History, NullHistory
from .logged import LoggedState
from .rules import ENGINE_RULES, RULEBOOK, RULING, Rule, RuleBook, lookup, register

__all__ = [
    "Action", "ActionError", "CHANCE_TURN", "DuplicateRuleError", "EVERYONE", "ENGINE_RULES", "Event", "FrozenDict",
    "Game", "GameSpec", "History", "LoggedState", "NULL_HISTORY", "NullHistory", "IllegalActionError", "NotationError", "OVER", "OptionError", "RULEBOOK", "RULING",
    "Record", "RecordError", "Rule", "RuleBook", "SeatError", "SpynbError", "State", "Turn", "UnknownRuleError", "View",
    "check_seat", "freeze", "is_whole_number", "lookup", "register", "sample_chance", "sample_outcome",
    "quoted", "whole_number", "is_seed", "SEED_RANGE", "MAX_RECORD_ACTIONS", "MAX_RECORD_CHARS",
]
