"""KLOAK in simulation mode: the setup drawn as a whole layout, and the scores a search reads off the board.

The generic checks (the draw's universe is the legal set, its draws are uniform, a simulation-mode game
ends where the contract does) are in ``tests/engine/test_simulate.py``.
"""

from __future__ import annotations

import random

from spynb.engine.simulate import playout
from spynb.kloak import SPEC, count_completions
from spynb.kloak.bits import can_move, square_bits
from spynb.kloak.board import SQUARES
from spynb.kloak.layouts import random_layout
from spynb.kloak.pieces import Board
from spynb.kloak.state import PLAY, SETUP_ORDER

from .helpers import position


def test_KL_2_simulation_mode_deals_valid_layouts_with_the_set_counts() -> None:
    for seed in range(40):
        state = SPEC.new_state(variant="four-colours")
        playout(state, random.Random(seed), stop=lambda s: not s.turn.chance)
        letters = [letter for letter, _ in state.colours]
        layout = [letters.index(state.small[square]) for square in SETUP_ORDER]
        assert count_completions(layout, 5, 3, [n for _, n in state.colours]) == 1, layout
        assert state.phase == PLAY and state.validate() == []


def test_KL_2_a_setup_placed_otherwise_than_drawn_goes_on_by_the_weights() -> None:
    rng = random.Random(3)
    state = SPEC.new_state()
    drawn = state.random_outcome(rng)
    other = next(outcome for outcome, _ in state.chance_weights() if outcome != drawn)
    state.apply(other)
    for _ in range(len(SETUP_ORDER) - 1):
        outcome = state.random_outcome(rng)
        assert state.is_legal(outcome, None)
        state.apply(outcome)
    assert state.phase == PLAY and state.validate() == []


def test_KL_2_the_whole_layout_draw_gives_up_rather_than_loop_and_then_the_weights_deal() -> None:
    assert random_layout(1, 3, (3,), random.Random(0), tries=5) is None  # three of one colour in a row: never valid
    assert random_layout(1, 3, (2, 1), random.Random(0)) in ([0, 1, 0], [1, 0, 0], [0, 0, 1])


def test_KL_6_and_KL_7_the_scoring_actions_are_exactly_the_moves_that_score() -> None:
    compared = 0
    for seed in range(25):
        state = SPEC.new_state(options={"turn_limit": 80})
        rng = random.Random(seed)
        while not state.over:
            if state.phase == PLAY:
                scores = set()
                for action in state.legal_actions():
                    after = state.clone()
                    after.apply(action)
                    if len(after.scored) > len(state.scored) or after.phase == "choose":
                        scores.add(action)
                assert set(state.scoring_actions()) == scores, state.text()
                compared += bool(scores)
            playout(state, rng, limit=1)
    assert compared > 50


def test_KL_8_a_second_turn_in_a_row_counts_for_the_mover_in_the_evaluation() -> None:
    board = """
    .  .  .  .  .
    O  S  .  G  .
    .  .  .  .  .
    S  O  G  .  .
    [] .  .  .  []
    """
    state = position(board, current=2)
    plain = SPEC.evaluate(state, 2)  # type: ignore[misc]
    state.extra = 1
    assert SPEC.evaluate(state, 2) > plain > SPEC.evaluate(state, 1)  # type: ignore[misc]


def test_KL_9_the_draw_knows_a_piece_can_move_exactly_when_the_listing_has_a_move() -> None:
    """The draw offers the pass (KL-9: only when no piece can move) by ``can_move``, without listing: on random
    boards, full (where only a kloak can move, or nothing), sparse and empty, it agrees."""
    every = {sq: "O" for sq in SQUARES}
    boards = [Board({}, []), Board(every, SQUARES), Board(every, []), Board({}, SQUARES)]  # nothing moves on these
    rng = random.Random(7)
    for _ in range(3000):
        squares = rng.sample(SQUARES, rng.choice((len(SQUARES), rng.randint(0, len(SQUARES)))))  # half of them full
        small = {sq: "O" for sq in squares if rng.random() < 0.6}
        boards.append(Board(small, [sq for sq in squares if sq not in small or rng.random() < 0.5]))
    found = [bool(board.moves()) for board in boards]
    assert [can_move(square_bits(board.small), square_bits(board.big)) for board in boards] == found
    assert found[:4] == [False] * 4 and found.count(False) > 4 and found.count(True) > 1000
