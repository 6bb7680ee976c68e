"""The Target's track in the browser: every notebook of the track runs all its cells without an error output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .browser_helpers import open_notebook, run_all_cells, save_screenshot

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]
PARTS = [part["notebook"] for track in json.loads((REPO / "lite" / "tracks.json").read_text(encoding="utf-8"))["tracks"]
         if track["id"] == "target" for part in track["parts"]]
ERROR_OUTPUT = ('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')


@pytest.mark.parametrize("notebook", PARTS)
def test_track_notebook_runs_every_cell_without_an_error(browser, site_url, notebook: str) -> None:
    opened = open_notebook(browser, site_url, notebook)
    try:
        run_all_cells(opened)
        page = opened.page
        boards = page.locator(".spynb-play")
        boards.first.wait_for(timeout=60_000)
        errors = page.locator(ERROR_OUTPUT)
        assert errors.count() == 0, errors.all_inner_texts()
        assert boards.count() >= 1
        save_screenshot(page, "track-" + notebook.replace("/", "-").removesuffix(".ipynb"))
    finally:
        opened.page.context.close()
