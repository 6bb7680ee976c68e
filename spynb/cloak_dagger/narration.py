"""What Cloak & Dagger's events say, written from their facts only when someone reads them.

>>> from spynb.engine import Event
>>> Event(3, "open", 2, frozenset((2,)), NARRATORS["open"], (("envelope", 7), ("contents", "KX"))).text
'Seat 2 opened envelope 7 and saw K X.'
"""

from __future__ import annotations

from collections.abc import Callable

from spynb.engine import Event
from spynb.engine.wording import counted, seats

__all__ = ["NARRATORS"]


def _listing(cards: str) -> str:
    return " ".join(cards) if cards else "nothing"


def _track_text(e: Event) -> str:
    holders = e.get("holders")
    owing = f"; {seats(holders)} must show seat {e.actor} their next envelope" if holders else ""
    return f"Seat {e.actor} exposed hazard {e.get('hazard')} and returned it to the bottom of the stack{owing}."


NARRATORS: dict[str, Callable[[Event], str]] = {
    "cut": lambda e: f"Seat {e.actor} cut {e.get('card')}.",
    "recut": lambda e: f"{seats(e.get('seats')).capitalize()} tied on {e.get('card')} and cut again.",
    "first": lambda e: f"Seat {e.actor} cut the earliest letter, {e.get('card')}, and plays first; "
                       "the stack is reshuffled.",
    "examine": lambda e: f"Seat {e.actor} examined an envelope.",
    "open": lambda e: f"Seat {e.actor} opened envelope {e.get('envelope')} and saw {_listing(e.get('contents'))}.",
    "deposit": lambda e: f"Seat {e.actor} put {_listing(e.get('cards'))} into envelope {e.get('envelope')}.",
    "shown": lambda e: f"Seat {e.actor} showed envelope {e.get('envelope')} to {seats(e.get('trackers'))}, "
                       "as tracking obliged.",
    "finish": lambda e: f"Seat {e.actor} put {counted(e.get('count'), 'card')} from hand into an envelope.",
    "show_empty": lambda e: f"Seat {e.actor} showed that envelope {e.get('envelope')} was empty and drew a card "
                            "for it.",
    "place": lambda e: f"Seat {e.actor} placed a card in envelope {e.get('envelope')}.",
    "placed": lambda e: f"Seat {e.actor} drew {e.get('card')} and placed it in envelope {e.get('envelope')}.",
    "take": lambda e: f"Seat {e.actor} started a transfer, showing {e.get('shown')}"
                      f"{' and one more card, unseen' if e.get('count') == 2 else ''}.",
    "took": lambda e: f"Seat {e.actor} took {_listing(e.get('cards'))} from envelope {e.get('envelope')}.",
    "track": _track_text,
    "tracked": lambda e: f"Seat {e.actor} took hazard {e.get('hazard')} from envelope {e.get('envelope')}.",
    "pass": lambda e: f"Seat {e.actor} did nothing more and replaced the envelope.",
    "win": lambda e: f"Seat {e.actor} wins: envelope {e.get('envelope')} holds {_listing(e.get('contents'))}.",
    "limit": lambda e: f"The turn limit of {e.get('limit')} turns is reached: no winner.",
}
"""How each kind of event reads, written from its facts only when someone reads it."""

