"""KLOAK: the undercover strategy game — small pieces, big pieces that kloak them, 2–4 players.

>>> from spynb.kloak import SPEC
>>> game = SPEC.new_game(seed=1)
>>> game.turn
Turn(seats=(1,), chance=False)
>>> game.legal_actions()[:3]
(Kloak('a1', 'a2'), Kloak('a1', 'b2'), Kloak('a5', 'a4'))
>>> count_layouts()
164316
"""

from .actions import Big, Claim, Kloak, Pass, Place, Score, Slide, Step, parse
from .board import LINES, SQUARES, VARIANTS
from .layouts import count_colourings, count_completions, count_layouts, valid_fraction
from .memory import memory_aid, remember
from .rules import RULES
from .spec import SPEC
from .state import KloakState, Phase

__all__ = [
    "SPEC", "RULES", "KloakState", "Phase", "Step", "Big", "Kloak", "Slide", "Claim", "Score", "Pass", "Place", "parse",
    "SQUARES", "LINES", "VARIANTS", "count_layouts", "count_colourings", "count_completions", "valid_fraction",
    "memory_aid", "remember",
]
