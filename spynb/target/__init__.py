"""The Target: a circle of 4–11 secret agents, two HQs and one pile of cards a turn.

>>> from spynb.target import SPEC
>>> game = SPEC.new_game(seats=5, seed=1)
>>> game.view(None)["stage"], game.view(None)["circle"]
('play', ('KGB', 1, 2, 3, 'CIA', 4, 5))
>>> game.turn.seats
(1, 2, 3, 4, 5)
"""

from .actions import (
    Assign, Counter, Deal, Discard, Draw, Evade, Pick, Play, Remove, Resolve, Reveal, TurnIn, parse,
)
from .rules import RULES
from .spec import SPEC
from .stages import STAGE_RULES, STAGE_TITLES, STAGES, Stage
from .state import TargetState

__all__ = [
    "SPEC", "RULES", "TargetState", "Stage", "STAGES", "STAGE_TITLES", "STAGE_RULES", "Play", "Counter", "Evade",
    "Reveal", "Resolve", "TurnIn", "Remove", "Discard", "Draw", "Pick", "Assign", "Deal", "parse",
]
