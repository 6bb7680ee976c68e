"""Players that choose through the public contract only: a seat's view and its legal actions.

``random`` plays uniformly; ``rules`` plays each game's rules of thumb;
``ismcts`` searches imagined deals consistent with its own view.
"""

from .base import Bot, MatchResult, RandomBot, play_match
from .ismcts import ISMCTSBot
from .registry import bot_names, make_bot
from .tournament import Tournament, tournament, wilson_interval

__all__ = ["Bot", "ISMCTSBot", "MatchResult", "RandomBot", "Tournament", "bot_names", "make_bot", "play_match",
           "tournament", "wilson_interval"]
