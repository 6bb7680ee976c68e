"""Issue 50 item 5: the ``colours`` option is refused at the door when its exact layout count (KL-2) would cost
more than ``MAX_COUNT_WORK``, so setting up a game of any accepted colour set is bounded (here: under 2 s CPU,
a generous margin over the worst accepted set's ~0.6 s)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

import spynb
from spynb.engine import OptionError, SpynbError
from spynb.kloak import VARIANTS
from spynb.kloak.layouts import MAX_COUNT_WORK, count_layouts, count_work

HOSTILE = {"O": 2, "S": 2, "G": 2, "P": 2, "Y": 2, "U": 2, "V": 2, "K": 1}
"""The set the issue found hanging a board for 65-170 CPU-s."""
BOUND_S = 2.0

ACCEPTED = [dict(v.colours) for v in VARIANTS.values()] + [
    {"Y": 8, "U": 7},
    {"O": 9, "S": 5, "G": 1},
    {"O": 6, "S": 3, "G": 3, "P": 2, "Y": 1},  # the costliest accepted sets by the bound
    {"O": 2, "S": 3, "G": 1, "P": 3, "Y": 6},
    {"O": 7, "S": 2, "G": 2, "P": 2, "Y": 2},
    {"O": 7, "S": 5, "Y": 1, "U": 1, "V": 1},
]
REFUSED = [HOSTILE, {"O": 3, "S": 3, "G": 3, "P": 3, "Y": 3}, {"O": 10, "S": 1, "G": 1, "P": 1, "Y": 1, "U": 1},
           {"O": 5, "S": 2, "G": 2, "P": 2, "Y": 2, "U": 2}]


def _cpu(call: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    try:
        result: Any = call()
    except SpynbError as error:
        result = error
    return time.process_time() - start, result


@pytest.mark.parametrize("colours", REFUSED)
def test_issue_50_a_costly_colour_set_is_refused_at_once_naming_the_option_and_the_limit(colours: dict) -> None:
    spent, result = _cpu(lambda: spynb.new_game("kloak", seed=1, options={"colours": colours}))
    assert isinstance(result, OptionError) and result.name == "colours", result
    assert str(result).startswith("option 'colours' ") and f"{MAX_COUNT_WORK:,}" in str(result)
    assert spent < BOUND_S


@pytest.mark.parametrize("colours", ACCEPTED)
def test_issue_50_every_accepted_colour_set_sets_up_within_the_bound(colours: dict) -> None:
    spent, game = _cpu(lambda: spynb.new_game("kloak", seed=1, options={"colours": colours}))
    assert isinstance(game, spynb.Game) and spent < BOUND_S
    on_board = sorted(game.state.small.values())
    assert on_board == sorted(letter for letter, n in colours.items() for _ in range(n))


def test_issue_50_a_record_asking_for_the_hostile_set_is_refused_at_once() -> None:
    payload = json.loads(spynb.new_game("kloak", seed=1).record().to_json())
    payload["options"] = {**payload.get("options", {}), "colours": HOSTILE}
    spent, result = _cpu(lambda: spynb.load_record(json.dumps(payload)))
    assert isinstance(result, SpynbError) and "option 'colours'" in str(result), result
    assert spent < BOUND_S


def test_issue_50_count_work_bounds_the_exact_count_and_orders_the_sets_by_cost() -> None:
    assert count_work(3, (5, 5, 5)) < count_work(3, (4, 4, 4, 3)) < MAX_COUNT_WORK
    assert count_work(3, tuple(HOSTILE.values())) > 100 * MAX_COUNT_WORK
    assert count_layouts(rows=5, cols=3, counts=(4, 4, 4, 3)) == 8509194  # the 4-colour set, still exact


def test_issue_50_a_running_game_link_whose_view_asks_for_the_hostile_set_is_refused_at_once() -> None:
    """The 929-character link of the issue: a running game's view, its colours changed to the hostile set."""
    from spynb.widgets.play import board_class
    from spynb.widgets.records import decode_link, encode_link

    board = board_class("kloak")(seed=1)
    sent: list[dict] = []
    board.send = lambda content, buffers=None: sent.append(content)
    board.handle({"kind": "link"})
    payload = decode_link(sent[0]["fragment"])
    payload["view"]["colours"] = HOSTILE
    other = board_class("kloak")(seed=2)
    spent, opened = _cpu(lambda: other.restore_position(encode_link(payload)))
    assert opened is False and "option 'colours'" in other.error["message"], other.error
    assert spent < BOUND_S
