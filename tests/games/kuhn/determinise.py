"""The search bot's imagined hands: a full state from one seat's view, the hidden card drawn at random."""

from __future__ import annotations

import random

from spynb.engine import State, View
from spynb.games import get_spec

from .actions import CARDS, Bet, Deal
from .views import HIDDEN

__all__ = ["determinise"]


def determinise(view: View, rng: random.Random) -> State:
    """A hand ``view``'s seat cannot tell from the real one: a card it has not seen is drawn from the cards it
    does not hold (KP-2), then the betting is replayed.

    >>> import spynb
    >>> game = spynb.new_game("kuhn", seed=1)
    >>> determinise(game.view(1), random.Random(0)).view(1).data["cards"] == game.view(1)["cards"]
    True

    :raises SpynbError: for the omniscient view, or a view of another game.
    """
    view.seat_of("kuhn")
    spec = get_spec(view.game)
    state = spec.new_state(options={"turn_limit": view["turn_limit"]})
    known = [card for card in view["cards"].values() if card != HIDDEN]
    for card in view["cards"].values():
        if card == HIDDEN:
            card = rng.choice([c for c in CARDS if c not in known])
            known.append(card)
        state.apply(Deal(card))
    for word in view["moves"]:
        state.apply(Bet(word))
    return state
