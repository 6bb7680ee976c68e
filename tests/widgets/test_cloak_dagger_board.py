"""Cloak & Dagger's board: what another seat's move changed is marked even when only counts changed."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from spynb.cloak_dagger.widget import CloakDaggerBoard  # noqa: E402


def test_another_seats_move_marks_its_hand_size_and_the_stack_when_they_change():
    board = CloakDaggerBoard(seats=3, seed=3, players=["human", "rules", "rules"])
    board.pace = "step"
    marked = set()
    for _ in range(30):
        if board.game.over:
            break
        if board.thinking is None:
            board.play(board.legal[0])
            continue
        before = dict(board.view["hand_sizes"]), board.view["stack_size"]
        assert board.bot_step()
        sizes, stack = board.view["hand_sizes"], board.view["stack_size"]
        expected = {f"hands-{s}" for s, n in sizes.items() if before[0][s] != n} | (
            {"stack"} if stack != before[1] else set())
        assert expected <= set(board.changed), (expected, board.changed)
        marked |= expected
    assert any(key.startswith("hands-") for key in marked) and "stack" in marked
