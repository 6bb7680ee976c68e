"""Cloak & Dagger: an envelope game of hidden cards for 2–6 players.

>>> from spynb.cloak_dagger import SPEC
>>> game = SPEC.new_game(seats=2, seed=3)
>>> game.legal_actions()[:3]
(Open(1), Open(2), Open(3))
"""

from .actions import Cut, Draw, Open, Pass, Take, Track, parse
from .notes import note_list
from .rules import RULES
from .spec import SPEC
from .state import CloakDaggerState, Phase

__all__ = ["SPEC", "RULES", "CloakDaggerState", "Phase", "Open", "Take", "Track", "Pass", "Cut", "Draw", "parse", "note_list"]
