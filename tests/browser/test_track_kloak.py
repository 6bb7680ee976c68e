"""The KLOAK track in a real browser: every part runs all its cells without an error and draws its boards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .browser_helpers import boards_drawn_by, open_notebook, run_all_cells, save_screenshot

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ERROR_OUTPUT = ('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
PARTS = [part["notebook"] for track in json.loads((REPO / "lite" / "tracks.json").read_text(encoding="utf-8"))["tracks"]
         if track["id"] == "kloak" for part in track["parts"]]


@pytest.mark.parametrize("notebook", PARTS, ids=[Path(p).stem for p in PARTS])
def test_each_part_runs_clean_and_draws_its_boards(browser, site_url, notebook):
    opened = open_notebook(browser, site_url, notebook)
    try:
        run_all_cells(opened)
        page = opened.page
        expected = boards_drawn_by(notebook)
        assert expected
        page.locator(".spynb-play").nth(expected - 1).wait_for(timeout=120_000)
        save_screenshot(page, f"track-kloak-{Path(notebook).stem}")
        assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
        assert page.locator(".spynb-play").count() == expected
        assert opened.guard.refused == [], "requests left 127.0.0.1"
    finally:
        page = opened.page
        page.context.close()
