"""Issue 50 item 9: every way into a game takes the seeds the board's *New game* takes (0 to 2**63 - 1) and no other."""

from __future__ import annotations

import json

import pytest

import spynb
from spynb.engine import SEED_RANGE, RecordError, SpynbError

OUT_OF_RANGE = [-1, 10**70, 2**63, True]


@pytest.mark.parametrize("seed", OUT_OF_RANGE)
def test_new_game_refuses_a_seed_new_game_on_a_board_refuses(seed: int) -> None:
    with pytest.raises(SpynbError, match=r"seed must be a whole number from 0 to 2\*\*63 - 1"):
        spynb.new_game("kloak", seed=seed)


@pytest.mark.parametrize("seed", [0, 2**63 - 1])
def test_new_game_takes_the_ends_of_the_seed_range(seed: int) -> None:
    assert spynb.new_game("kloak", seed=seed).seed == seed


@pytest.mark.parametrize("seed", [-1, 10**70, 2**63])
def test_a_record_with_a_seed_out_of_range_is_a_record_error_naming_the_field(seed: int) -> None:
    data = json.loads(spynb.new_game("kloak", seed=1).record().to_json())
    data["seed"] = seed
    with pytest.raises(RecordError) as caught:
        spynb.load_record(json.dumps(data))
    assert caught.value.where == "field 'seed'" and SEED_RANGE in caught.value.problem

