"""Counts read as English: "1 card", "2 cards", "seats 2 and 4", never "card(s)" or "seat(s) 2, 4".

Seeded games of every game, at every seat count of its default variant, are played to the end (seeds 0 and 1, and
more of a short game until over a hundred texts are read); every event text and every seat's text board must be
free of "(s)"-style plurals and of a plural after the number 1.
"""

from __future__ import annotations

import random
import re

import pytest

import spynb
from spynb.engine import Event, sample_chance
from spynb.target.narration import NARRATORS

HEDGED = re.compile(r"\w\((?:s|es)\)")
"""A plural left open: card(s), go(es)."""
ONE_MANY = re.compile(r"\b1 (?:cards|seats|players|turns|squares|chips)\b")
ENOUGH = 100
"""Texts read of each game at the least."""


def texts(name: str, seats: int, seed: int) -> list[str]:
    """Every event text of a seeded random game, and every seat's text board after about one action in twenty."""
    spec = spynb.get_spec(name)
    state = spec.new_state(spec.default_variant, seats, {"turn_limit": 25})
    rng = random.Random(seed)
    boards = []
    while not state.over:
        seat = None if state.turn.chance else rng.choice(state.turn.seats)
        state.apply(sample_chance(state, rng) if seat is None else rng.choice(state.legal_actions(seat)), seat)
        if rng.random() < 0.05:
            boards += [state.text(s) for s in range(1, seats + 1)]
    return [event.text for event in state.events] + boards


@pytest.mark.parametrize("name", spynb.game_names())
def test_texts_write_counts_in_plain_english(name):
    spec = spynb.get_spec(name)
    read: list[str] = []
    for seed in range(1000):
        read += [text for seats in spec.allowed_seats(spec.default_variant) for text in texts(name, seats, seed)]
        if seed >= 1 and len(read) > ENOUGH:
            break
    assert len(read) > ENOUGH
    assert [t for t in read if HEDGED.search(t)] == []
    assert [t for t in read if ONE_MANY.search(t)] == []


@pytest.mark.parametrize(("cards", "verb"), [(("deflect-forward",), "deflects"),
                                             (("deflect-forward", "deflect-backward"), "deflect")])
def test_a_verb_agrees_with_the_cards_it_follows(cards, verb):
    net = sum(1 if c == "deflect-forward" else -1 for c in cards)
    event = Event(5, "deflect", None, None, NARRATORS["deflect"], (("cards", cards), ("net", net), ("receiver", 2)))
    assert f" {verb} the pile " in event.text
