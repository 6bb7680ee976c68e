"""How Kuhn poker's events read, and the ruling each applies (kept beside the text, never in it)."""

from __future__ import annotations

from collections.abc import Callable

from spynb.engine import Event
from spynb.engine.wording import counted

__all__ = ["CARD_NAMES", "NARRATORS", "CITES"]

CARD_NAMES = {"J": "Jack", "Q": "Queen", "K": "King"}


def _pot(e: Event) -> str:
    return counted(e.get("pot"), "chip")


def _showdown(e: Event) -> str:
    first, second = (CARD_NAMES[card] for card in e.get("cards"))
    return f"Showdown: seat 1 shows the {first}, seat 2 the {second}; seat {e.actor} takes the pot of {_pot(e)}."


NARRATORS: dict[str, Callable[[Event], str]] = {
    "deal": lambda e: f"Seat {e.actor} was dealt the {CARD_NAMES[e.get('card')]}.",
    "dealt": lambda e: f"Seat {e.actor} was dealt a card face down.",
    "check": lambda e: f"Seat {e.actor} checks.",
    "bet": lambda e: f"Seat {e.actor} bets 1 chip: the pot is {_pot(e)}.",
    "call": lambda e: f"Seat {e.actor} calls: the pot is {_pot(e)}.",
    "fold": lambda e: f"Seat {e.actor} folds.",
    "fold_win": lambda e: f"Seat {e.actor} takes the pot of {_pot(e)}, and no card is shown.",
    "showdown": _showdown,
    "limit": lambda e: f"The turn limit of {counted(e.get('limit'), 'turn')} is reached: no winner.",
}
"""Each kind of event, written from its facts when someone reads it."""

CITES = {"deal": "KP-2", "dealt": "KP-2", "check": "KP-1", "bet": "KP-4", "call": "KP-4", "fold": "KP-4",
         "fold_win": "KP-5", "showdown": "KP-5", "limit": "KP-3"}
"""Each kind of event -> the ruling it applies."""
