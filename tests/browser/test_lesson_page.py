"""A lesson runs itself when it opens, and nothing else does (lite/lesson_page.js in the notebook app's page).

Opened cold (a new browser context), a lesson of the site's tracks becomes live with no click: the line at
the foot of the window names the stage, every cell runs, the boards draw and the view is left at the top.
A copy kept in the browser never shows a stale widget. A notebook that is not a lesson (the smoke test, a
visitor's copy of a lesson) never runs by itself.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from verify_site import CHECKS_FOLDER

from .browser_helpers import (
    ERROR_OUTPUT, KERNEL_TIMEOUT, RUN_ALL_TIMEOUT, Notebook, guarded_context, is_lesson, open_notebook, save_screenshot,
    wait_until_live,
)

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
TRACKS = json.loads((REPO / "lite" / "tracks.json").read_text(encoding="utf-8"))["tracks"]
#: the second part of the first game's track: a walkthrough, its board, links before and after
LESSON = next(track for track in TRACKS if track.get("game"))["parts"][1]["notebook"]

PROMPTS = "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(p => p.textContent.trim())"
STATUS = "() => { const s = document.getElementById('spynb-lesson-status'); return s && [s.dataset.stage, s.textContent]; }"
#: how far the notebook is scrolled, and where its first cell's top is in the window
AT_TOP = """() => {
    const outer = document.querySelector('.jp-WindowedPanel-outer');
    const first = document.querySelector('.jp-Notebook .jp-Cell').getBoundingClientRect();
    return {scrolled: outer ? outer.scrollTop : window.scrollY, firstTop: first.top, height: window.innerHeight};
}"""
DIRTY = "() => window.jupyterapp.shell.currentWidget.context.model.dirty"
#: the outputs the notebook shows, other than the board waiting for Python (lesson_page.js draws it)
KEPT_OUTPUTS = ("() => [...document.querySelectorAll('.jp-OutputArea-output')]"
                ".filter(o => !o.closest('.spynb-waiting-board')).length")
#: the first code cell's board: its box, whether it is the waiting one, how many boards the cell shows
FIRST_BOARD = """() => {
    const cell = document.querySelector('.jp-CodeCell');
    const board = cell && cell.querySelector('.spynb-play');
    if (!board) return null;
    const box = board.getBoundingClientRect();
    return {box: [box.x, box.y, box.width, box.height], waiting: Boolean(board.closest('.spynb-waiting-board')),
            inert: Boolean(board.closest('[inert]')), boards: cell.querySelectorAll('.spynb-play').length,
            text: board.innerText};
}"""
FIRST_LESSONS = [track["parts"][0]["notebook"] for track in TRACKS if track.get("game")]


def stages_until_live(notebook: Notebook, shot: str) -> tuple[list[tuple[str, str]], list[float]]:
    """Every (stage, text) the status line showed, watched until the lesson is live, with a screenshot of each;
    and how far the notebook was scrolled at each look."""
    page, seen, scrolled = notebook.page, [], []
    deadline = time.monotonic() + RUN_ALL_TIMEOUT / 1000
    while time.monotonic() < deadline:
        status = page.evaluate(STATUS)
        if page.locator(".jp-Notebook .jp-Cell").count():
            scrolled.append(page.evaluate(AT_TOP)["scrolled"])
        if status and (not seen or tuple(status) != seen[-1]):
            seen.append(tuple(status))
            save_screenshot(page, f"{shot}-{len(seen)}-{status[0]}")
        if status and status[0] in ("live", "failed"):
            return seen, scrolled
        page.wait_for_timeout(100)
    raise AssertionError(f"the lesson never became live; it showed {seen}")


def test_a_lesson_opened_cold_becomes_live_with_no_click_and_the_view_at_the_top(browser, site_url):
    notebook = open_notebook(browser, site_url, LESSON)
    page = notebook.page
    try:
        assert is_lesson(notebook)
        seen, scrolled = stages_until_live(notebook, "lesson-cold")
        stages = [stage for stage, _ in seen]
        assert stages[-1] == "live", seen
        assert ("python", "Starting Python in your browser…") in seen, seen
        assert stages.index("python") < stages.index("live")
        assert set(scrolled) == {0}, f"the view left the top while the lesson ran: {scrolled}"
        prompts = page.evaluate(PROMPTS)
        assert prompts and all(any(ch.isdigit() for ch in prompt) for prompt in prompts), prompts
        page.locator(".spynb-walk").first.wait_for(timeout=60_000)
        assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
        view = page.evaluate(AT_TOP)
        assert view["scrolled"] == 0 and 0 <= view["firstTop"] < view["height"] / 2, view
        first = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown").first.inner_text()
        assert first.startswith("This page runs by itself") and "Run All" not in first
        assert page.evaluate(DIRTY) is False, "a lesson only read is not the visitor's changed copy"
        save_screenshot(page, "lesson-cold-live")
        assert notebook.guard.refused == []
    finally:
        page.context.close()


def test_a_reopened_lesson_shows_no_stale_widget_and_runs_again(browser, site_url):
    """The browser keeps a copy with its outputs (saved here by hand); reopened, it starts clean and runs again."""
    notebook = open_notebook(browser, site_url, LESSON)
    page = notebook.page
    try:
        assert wait_until_live(notebook) == "live"
        page.locator(".spynb-walk").first.wait_for(timeout=60_000)
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=30_000)
        page.reload()
        page.wait_for_function("() => window.spynbLesson?.stage === 'python'", timeout=KERNEL_TIMEOUT, polling=100)
        assert page.evaluate(KEPT_OUTPUTS) == 0, "the kept copy's outputs were shown"
        assert page.get_by_text("Loading widget").count() == 0
        save_screenshot(page, "lesson-reopened-starting")
        assert wait_until_live(notebook) == "live"
        page.locator(".spynb-walk").first.wait_for(timeout=60_000)
        assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
        assert notebook.guard.refused == []
    finally:
        page.context.close()


def _stays_unrun(notebook: Notebook, status: list | None = None) -> None:
    """The kernel starts and idles, and not one cell runs; the status line shows ``status`` (or nothing)."""
    page = notebook.page
    page.wait_for_function(
        "() => document.querySelector('.jp-Notebook-ExecutionIndicator')?.getAttribute('data-status') === 'idle'",
        timeout=KERNEL_TIMEOUT, polling=250)
    page.wait_for_timeout(3000)
    assert page.evaluate("() => window.spynbLesson.stage") == "not a lesson"
    assert not is_lesson(notebook)
    prompts = page.evaluate(PROMPTS)
    assert prompts and all(prompt in ("[ ]:", "[ ]") for prompt in prompts), prompts
    assert page.evaluate(STATUS) == status


def test_a_notebook_that_is_not_a_lesson_does_not_run(browser, site_url):
    notebook = open_notebook(browser, site_url, f"{CHECKS_FOLDER}/site-check.ipynb")
    page = notebook.page
    try:
        _stays_unrun(notebook)
        # a visitor's copy of a lesson keeps the lesson's metadata, but not its path: it does not run either
        copy = page.evaluate("async (path) => (await window.jupyterapp.serviceManager.contents.copy("
                             "path, path.split('/').slice(0, -1).join('/'))).path", LESSON)
        assert copy != LESSON and copy.endswith(".ipynb")
        page.goto(f"{site_url}notebooks/index.html?path={copy}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=KERNEL_TIMEOUT)
        _stays_unrun(notebook, ["copy", "This is a copy of a lesson under another name: it does not run by itself. "
                                        "To run it: Run ▸ Run All Cells."])
        save_screenshot(page, "lesson-copy-not-run")
        assert notebook.guard.refused == []
    finally:
        page.context.close()


#: the window widths the waiting board is measured at (one opening: the window is resized, as a turned tablet is)
WIDTHS = (1366, 390)
#: the window's height while it is measured
HEIGHT = 900
#: two frames: what a resize lays out has been drawn
SETTLED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def measure_at(page, width: int, what: str) -> object:
    page.set_viewport_size({"width": width, "height": HEIGHT})
    page.evaluate(SETTLED)
    page.wait_for_timeout(300)  # the notebook's own layout follows the window a moment later
    return page.evaluate(what)


@pytest.fixture(scope="module", params=FIRST_LESSONS)
def first_lesson_opening(request, browser, site_url) -> dict:
    """A first lesson opened once, with the kernel's spynb held back: its first board measured at each of
    :data:`WIDTHS` while Python starts, then let go and measured again once the live board has come (one opening
    for every width: a kernel start is the costly part)."""
    lesson = request.param
    context, guard = guarded_context(browser, {"width": WIDTHS[0], "height": HEIGHT})
    held: list = []
    context.route("**/spynb-*.whl", lambda route: held.append(route))
    page = context.new_page()
    try:
        page.goto(f"{site_url}notebooks/index.html?path={lesson}")
        page.wait_for_function("() => window.spynbLesson?.waitingAt", timeout=KERNEL_TIMEOUT, polling=100)
        page.wait_for_function("() => window.spynbLesson?.pythonAt", timeout=KERNEL_TIMEOUT, polling=100)
        for _ in range(600):  # the first cell's import asks for the wheel
            if held:
                break
            page.wait_for_timeout(100)
        assert held, "the first cell never asked for spynb"
        game = lesson.split("/")[0]
        waiting = {}
        for width in WIDTHS:
            waiting[width] = {"board": measure_at(page, width, FIRST_BOARD), "stage": page.evaluate(STATUS)}
            save_screenshot(page, f"lesson-waiting-{game}-{width}")
        held[0].fallback()
        page.wait_for_function("() => window.spynbLesson?.liveBoardAt", timeout=RUN_ALL_TIMEOUT, polling=100)
        live = {}
        for width in reversed(WIDTHS):
            live[width] = {"board": measure_at(page, width, FIRST_BOARD),
                           "waiting boards": page.locator(".spynb-waiting-board").count()}
            save_screenshot(page, f"lesson-live-{game}-{width}")
        yield {"waiting": waiting, "live": live, "refused": guard.refused}
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_while_python_starts_the_lessons_board_waits_in_its_live_look_and_place(first_lesson_opening, width):
    """The board is drawn by its own front end as soon as the notebook shows, where the first cell's output goes,
    taking no clicks; the live board then comes to the same box, with the same text, and the waiting one goes.
    The kernel's spynb is held back until the waiting board is measured."""
    waiting, stage = first_lesson_opening["waiting"][width]["board"], first_lesson_opening["waiting"][width]["stage"]
    live = first_lesson_opening["live"][width]["board"]
    assert waiting["waiting"] and waiting["inert"] and waiting["boards"] == 1, waiting
    assert stage[0] in ("python", "running"), stage
    assert not live["waiting"] and not live["inert"] and live["boards"] == 1, live
    assert all(abs(a - b) <= 1 for a, b in zip(waiting["box"], live["box"], strict=True)), (waiting, live)
    assert waiting["text"] == live["text"]
    assert first_lesson_opening["live"][width]["waiting boards"] == 0
    assert first_lesson_opening["refused"] == []
