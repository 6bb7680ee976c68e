"""The probability exercises in the site never show an answer first.

An exercise opens with its prose and its code: Python starts and runs only the set-up cell (lite/lesson_page.js,
``spynb.runs`` "setup"), so no estimate, interval or exact answer is on screen before the student runs a cell. Run
from the top with Shift+Enter, as a student does, its first simulation prints its estimate and interval. No page
asks the site for anything it does not have (no 4xx: an exercise has no waiting board to fetch).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from .browser_helpers import ERROR_OUTPUT, PYODIDE_CDN, RUN_ALL_TIMEOUT, open_notebook, save_screenshot, wait_until_live

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from tracks import SETUP_TAG, load_tracks  # noqa: E402

pytestmark = pytest.mark.browser

EXERCISES = [part.notebook for track in load_tracks() if track.runs == "setup" for part in track.parts]

#: what a simulation, a check or an answer prints (spynb.prob's Simulation and covers)
RESULT = re.compile(r"95% interval|exact (answer|value)|proportion \d|mean \d", re.I)

#: every code cell of the open notebook, from the notebook's model: its tags, whether it ran, its source
_CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets
    .filter((cell) => cell.model.type === "code")
    .map((cell) => ({ tags: cell.model.getMetadata("tags") || [], ran: cell.model.executionCount != null,
                      source: cell.model.sharedModel.getSource() }))"""

#: the index (among all cells) of the first cell that prints a simulation, made the active one in command mode
_FIRST_SIMULATION = """() => {
    const notebook = window.jupyterapp.shell.currentWidget.content;
    const index = notebook.widgets.findIndex((cell) => cell.model.type === "code"
        && /\\bsimulate\\(/.test(cell.model.sharedModel.getSource()) && !/\\bdef /.test(cell.model.sharedModel.getSource()));
    notebook.activeCellIndex = 0;
    notebook.mode = "command";
    notebook.node.focus();
    return index;
}"""

_RAN_WITH_RESULT = """(index) => {
    const cell = window.jupyterapp.shell.currentWidget.content.widgets[index];
    return cell.model.executionCount != null && /95% interval/.test(cell.node.innerText);
}"""


def _outputs(page) -> str:
    return "\n".join(page.locator(".jp-CodeCell .jp-OutputArea-output").all_inner_texts())


@pytest.mark.parametrize("notebook", EXERCISES)
def test_an_exercise_shows_no_result_before_a_run_and_its_simulation_once_run(browser, site_url, notebook: str) -> None:
    opened = open_notebook(browser, site_url, notebook, allowed_prefixes=(PYODIDE_CDN,))  # matplotlib, refused
    page = opened.page
    name = notebook.replace("/", "-").removesuffix(".ipynb")
    try:
        assert wait_until_live(opened) == "live"
        cells = page.evaluate(_CELLS)
        assert [c["ran"] for c in cells] == [SETUP_TAG in c["tags"] for c in cells], "only the set-up cell ran"
        assert sum(c["ran"] for c in cells) == 1
        shown = _outputs(page)
        assert not RESULT.search(shown), f"a result is on screen before any run: {shown[:300]!r}"
        assert "Shift+Enter" in page.locator("#spynb-lesson-status").inner_text()
        save_screenshot(page, f"exercise-{name}-opened")

        index = page.evaluate(_FIRST_SIMULATION)
        assert index > 0
        for _ in range(index + 1):  # a student's way: Shift+Enter from the top, each cell in turn
            page.keyboard.press("Shift+Enter")
        page.wait_for_function(_RAN_WITH_RESULT, arg=index, timeout=RUN_ALL_TIMEOUT, polling=500)
        assert RESULT.search(_outputs(page)), "the simulation printed its estimate and interval"
        assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
        save_screenshot(page, f"exercise-{name}-ran")
        assert opened.guard.failed == [], "the page asked for what the site does not have"
        assert opened.guard.forbidden == [], "requests left 127.0.0.1"
        assert opened.console_errors == [], opened.console_errors
    finally:
        page.context.close()
