"""Every notebook of the Cloak & Dagger track opens in the site, runs top to bottom, and shows no error.

One screenshot per notebook is saved (``save_screenshot``) for a reviewer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .browser_helpers import open_notebook, run_all_cells, save_screenshot
from .test_boards import ERROR_OUTPUT

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
PARTS = next(t for t in json.loads((REPO / "lite" / "tracks.json").read_text(encoding="utf-8"))["tracks"]
             if t["id"] == "cloak-dagger")["parts"]


@pytest.mark.parametrize("notebook", [p["notebook"] for p in PARTS])
def test_each_part_runs_in_the_browser_without_an_error(browser, site_url, notebook):
    opened = open_notebook(browser, site_url, notebook)
    try:
        run_all_cells(opened)
        page = opened.page
        page.locator(".spynb-play").first.wait_for(timeout=60_000)
        assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
        assert opened.console_errors == [], opened.console_errors
        assert opened.guard.forbidden == [], "requests left 127.0.0.1"
        page.locator(".spynb-play").first.scroll_into_view_if_needed()
        save_screenshot(page, "track-" + notebook.replace("/", "-").removesuffix(".ipynb"))
    finally:
        opened.page.context.close()
