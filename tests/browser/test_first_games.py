"""Each game's guided first game, played through in a real browser from its first step to the learner's win.

The test does what a learner does: Next on a narrated step, the right answer on a question (computed by the
engine, as the walkthrough computes it), the move on a your-turn step (*Show me*, which plays the scenario's
own move through the same path as a click on the board).  Screenshots: the first step, the first decision
(a your-turn step that accepts more than one move) and the final win.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "lite"))

from tracks import load_tracks  # noqa: E402

from spynb import scenarios  # noqa: E402
from spynb.scenarios import StepKind  # noqa: E402

from .browser_helpers import open_notebook, run_all_cells, save_screenshot  # noqa: E402

pytestmark = pytest.mark.browser

GAMES = [track for track in load_tracks() if track.game]


def decides(step: scenarios.Step, tour: scenarios.Scenario, index: int) -> bool:
    """Does the learner choose among several moves at this step?"""
    if step.expect is None:
        return False
    legal = tour.game_at(index).legal_actions(step.expect.seat)
    return sum(step.expect.accepts(str(action)) for action in legal) > 1


def answer(panel, tour: scenarios.Scenario, index: int) -> None:
    """Give the engine's right answer to question step ``index``, as a learner clicks it."""
    question = tour.steps[index].question
    right = question.right(tour.game_at(index), tour.seat)
    if question.number:
        panel.locator('[data-key="walk-number"]').fill(str(right[0]))
        panel.locator('[data-key="walk-answer"]').click()
    elif question.several:
        for k, c in enumerate(question.choices):
            if c.value in right:
                panel.locator(f'[data-key="walk-tick-{k}"]').check()
        panel.locator('[data-key="walk-answer"]').click()
    else:
        choice = next(k for k, c in enumerate(question.choices) if c.value in right)
        panel.locator(f'[data-key="walk-choice-{choice}"]').click()
    panel.locator(".spynb-walk__feedback.is-ok").wait_for(timeout=30_000)


def shoot(panel, name: str) -> None:
    panel.evaluate("el => el.closest('.spynb-play').scrollIntoView({block: 'start'})")
    panel.page.wait_for_timeout(300)
    save_screenshot(panel.page, name)


@pytest.mark.parametrize("track", GAMES, ids=[t.id for t in GAMES])
def test_the_guided_first_game_plays_through_to_the_learners_win(browser, site_url, track):
    tour = scenarios.load(f"{track.game}-first-game")
    notebook = open_notebook(browser, site_url, track.parts[0].notebook)
    page = notebook.page
    try:
        run_all_cells(notebook)
        panel = page.locator(".spynb-walk").first
        panel.wait_for(timeout=120_000)
        shoot(panel, f"first-game-{track.id}-start")
        shot_decision = False
        for index, step in enumerate(tour.steps[:-1]):
            page.wait_for_function("([el, n]) => el.dataset.step === String(n)",
                                   arg=[panel.element_handle(), index + 1], timeout=30_000)
            assert panel.locator(".spynb-walk__caption").inner_text() == step.caption
            if step.kind is StepKind.QUESTION:
                answer(panel, tour, index)
                panel.locator('[data-key="walk-next"]').click()
            elif step.kind is StepKind.YOUR_TURN:
                if not shot_decision and decides(step, tour, index):
                    shoot(panel, f"first-game-{track.id}-decision")
                    shot_decision = True
                panel.locator('[data-key="walk-show"]').click()
            else:
                panel.locator('[data-key="walk-next"]').click()
        page.wait_for_function("([el, n]) => el.dataset.step === String(n)",
                               arg=[panel.element_handle(), len(tour.steps)], timeout=30_000)
        assert panel.get_attribute("data-kind") == "end"
        assert shot_decision, "the learner decides at least once"
        status = page.locator(".spynb-play__status").first.inner_text()
        assert "Game over" in status and f"Seat {tour.seat}" in status, status
        remembered = page.evaluate("() => JSON.parse(localStorage.getItem('spynb-progress') || '{}')")
        assert remembered[tour.id]["finished"] is True, "played through from the first step: finished"
        shoot(panel, f"first-game-{track.id}-win")
        assert notebook.console_errors == []
        assert notebook.guard.refused == [], "requests left 127.0.0.1"
    finally:
        page.context.close()
