"""spynb: three tabletop spy games as a teaching engine.

>>> import spynb
>>> game = spynb.new_game("cloak-dagger", seats=3, seed=7)
>>> game.turn
Turn(seats=(2,), chance=False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .engine import (
    ActionError,
    Game,
    GameSpec,
    IllegalActionError,
    NotationError,
    OptionError,
    Record,
    RecordError,
    Rule,
    SeatError,
    SpynbError,
    View,
)
from .engine import lookup as _lookup
from .games import game_names, get_spec, load_record

__all__ = [
    "ActionError", "Game", "GameSpec", "IllegalActionError", "NotationError", "OptionError", "Record", "RecordError",
    "SeatError", "SpynbError", "View", "game_names", "get_spec", "load_record", "lookup", "new_game",
]
__version__ = "0.1.0"


def new_game(name: str, *, variant: str | None = None, seats: int | None = None, seed: int = 0,
             options: Mapping[str, Any] | None = None, auto_chance: bool = True) -> Game:
    """Start a seeded game of ``name`` (``'cloak-dagger'``, ``'kloak'``, ``'target'``).

    :raises SpynbError: an unknown game or variant, a seat count it does not have, a seed that is not an int.
    :raises OptionError: an option of the wrong type or out of range.
    """
    return get_spec(name).new_game(variant, seats, seed, options, auto_chance=auto_chance)


def lookup(rule_id: str) -> Rule:
    """Any game's rule by id, e.g. ``lookup("CD-4")`` or ``lookup("KL-7")``.

    >>> lookup("CD-4").title
    'Finishing is compulsory'
    """
    for name in game_names():  # registers every game's rules
        get_spec(name)
    return _lookup(rule_id)
