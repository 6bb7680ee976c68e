"""Every lesson of every game's track, in the site: it runs top to bottom, shows no error, asks the site for nothing
it does not have (no 4xx), and draws the boards its code makes.  One screenshot per lesson is saved (``save_screenshot``) for a reviewer."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .browser_helpers import ERROR_OUTPUT, boards_drawn_by, open_notebook, run_all_cells, save_screenshot

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from tracks import load_tracks  # noqa: E402

pytestmark = pytest.mark.browser

LESSONS = [part.notebook for track in load_tracks() if track.game for part in track.parts]


@pytest.mark.parametrize("notebook", LESSONS)
def test_each_lesson_runs_clean_and_draws_its_boards(browser, site_url, notebook: str) -> None:
    opened = open_notebook(browser, site_url, notebook)
    page = opened.page
    try:
        run_all_cells(opened)
        expected = boards_drawn_by(notebook)
        assert expected, f"{notebook} draws no board"
        boards = page.locator(".spynb-play")
        boards.nth(expected - 1).wait_for(timeout=120_000)
        assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
        assert boards.count() == expected
        assert opened.console_errors == [], opened.console_errors
        assert opened.guard.refused == [], "requests left 127.0.0.1"
        assert opened.guard.failed == [], "the page asked for what the site does not have"
        boards.first.scroll_into_view_if_needed()
        save_screenshot(page, "track-" + notebook.replace("/", "-").removesuffix(".ipynb"))
    finally:
        page.context.close()
