"""Helper APIs refuse bad input with a typed error and a plain message (issue 33, item 8)."""

from __future__ import annotations

import random

import pytest

import spynb
from spynb.engine import SpynbError


@pytest.mark.parametrize("name", spynb.game_names())
def test_determinise_refuses_the_omniscient_view_and_another_game_s_view(name: str) -> None:
    spec = spynb.get_spec(name)
    assert spec.determinise is not None
    game = spynb.new_game(name, seed=0)
    with pytest.raises(SpynbError, match="omniscient"):
        spec.determinise(game.view(None), random.Random(0))
    other = next(n for n in spynb.game_names() if n != name)
    with pytest.raises(SpynbError, match=f"a view of {other!r}, not of {name!r}"):
        spec.determinise(spynb.new_game(other, seed=0).view(1), random.Random(0))
