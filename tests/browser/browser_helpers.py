"""Helpers for the browser tests: the network guard and notebook driving."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

#: flags for Debian's Chromium as root in a sandbox with no outside network; the last two refuse every request that
#: would leave 127.0.0.1 (no other name resolves, and any other address goes to a proxy that is not there)
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--proxy-server=http://127.0.0.1:9",
]

#: where Pyodide fetches the compiled packages the site does not carry (numpy, matplotlib)
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/"

#: where browser tests leave screenshots for a reviewer (kept after the run; git-ignored)
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
BOARD_MADE = re.compile(r"""\b[A-Z]\w*Board\(|walkthrough\(\s*["']""")
"""A code cell's call that draws a board: a board made (``KloakBoard(``) or a walkthrough played."""


def boards_drawn_by(notebook: str) -> int:
    """How many boards a notebook's code draws (``notebook``: its path under ``notebooks/``)."""
    data = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))
    code = "".join("".join(cell["source"]) for cell in data["cells"] if cell["cell_type"] == "code")
    return len(BOARD_MADE.findall(code))


SCREENSHOTS = Path(os.environ.get("SPYNB_SCREENSHOTS", Path(__file__).resolve().parents[2] / "_output" / "screenshots"))


def save_screenshot(page, name: str) -> Path:
    """Save what ``page`` shows as ``SCREENSHOTS/<name>.png`` and return the path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


#: an output that shows an error or anything written to stderr
ERROR_OUTPUT = ('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')

#: the kernel's start, the first cell and a whole notebook, in milliseconds
KERNEL_TIMEOUT = 180_000
RUN_ALL_TIMEOUT = 240_000


@dataclass
class NetworkGuard:
    """Remembers every request that would leave 127.0.0.1, which the browser refuses (:data:`CHROMIUM_ARGS`), and
    every answer of the site that is an error (4xx or 5xx: a page asked for what the site does not have).

    It only listens (:meth:`watch`): a request intercepted by a route waits on this process and skips the browser's
    cache, which made every kernel start slower."""

    allowed_prefixes: tuple[str, ...] = ()
    refused: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def watch(self, context) -> None:
        context.on("request", self._seen)
        context.on("response", self._answered)

    def _answered(self, response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def _seen(self, request) -> None:
        url = request.url
        if urlparse(url).hostname != "127.0.0.1" and not url.startswith(("data:", "blob:")):
            self.refused.append(url)

    @property
    def forbidden(self) -> list[str]:
        """Refused requests that were not even allowed to be tried."""
        return [url for url in self.refused if not url.startswith(self.allowed_prefixes)]


@dataclass
class Notebook:
    """A notebook opened in the site, its page, and the guard on its network."""

    page: object
    guard: NetworkGuard
    console_errors: list[str]


#: With service workers blocked JupyterLite still believes one registered, mounts the notebook's
#: folder as a drive and the kernel fails to enter it for notebooks below ``notebooks/``; hiding the
#: API makes it take its no-service-worker path, as a browser without one would.
NO_SERVICE_WORKER = ("Object.defineProperty(Navigator.prototype, 'serviceWorker', "
                     "{ get: () => undefined, configurable: true });")


def guarded_context(browser, viewport: dict, allowed_prefixes: tuple[str, ...] = ()) -> tuple[object, NetworkGuard]:
    """A new browser context watched by a :class:`NetworkGuard` (service workers blocked)."""
    guard = NetworkGuard(allowed_prefixes)
    context = browser.new_context(service_workers="block", viewport=viewport)
    context.add_init_script(NO_SERVICE_WORKER)
    guard.watch(context)
    return context, guard


def open_notebook(browser, site_url: str, name: str, allowed_prefixes: tuple[str, ...] = ()) -> Notebook:
    """Open ``name`` in the site's notebook app, in a new context with a network guard."""
    context, guard = guarded_context(browser, {"width": 1200, "height": 1000}, allowed_prefixes)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{site_url}notebooks/index.html?path={name}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=KERNEL_TIMEOUT)
    page.get_by_text("Python (Pyodide)", exact=True).first.wait_for(timeout=KERNEL_TIMEOUT)
    return Notebook(page, guard, errors)


#: the cells' prompts, as the notebook shows them: ``[ ]`` not run, ``[*]`` running or queued, ``[3]`` ran
_PROMPTS = "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(p => p.textContent.trim())"
_KERNEL_STATUS = "() => document.querySelector('.jp-Notebook-ExecutionIndicator')?.getAttribute('data-status')"
_ANY_CELL_STARTED = """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
    .some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent))"""
_ALL_RAN_AND_IDLE = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
    const indicator = document.querySelector('.jp-Notebook-ExecutionIndicator');
    return prompts.length > 0
        && prompts.every(p => /\\[\\d+\\]/.test(p.textContent))
        && indicator && indicator.getAttribute('data-status') === 'idle';
}"""


def _click_run_all(page) -> None:
    page.get_by_text("Run", exact=True).first.click()
    page.get_by_text("Run All Cells", exact=True).click()


#: what the notebook app's page says of its notebook (lite/lesson_page.js): a lesson runs itself
_LESSON = "() => window.spynbLesson ? {lesson: window.spynbLesson.lesson, stage: window.spynbLesson.stage} : null"
_LESSON_DONE = "() => ['live', 'failed', 'not a lesson'].includes(window.spynbLesson?.stage)"


def is_lesson(notebook: Notebook) -> bool:
    """Whether the page opened one of the site's lessons, which run by themselves (lite/lesson_page.js)."""
    state = notebook.page.evaluate(_LESSON)
    return bool(state and state["lesson"])


def wait_until_live(notebook: Notebook, timeout: int = RUN_ALL_TIMEOUT) -> str:
    """Wait until a lesson's own run is over; its stage: ``live``, ``failed`` or ``not a lesson``."""
    page = notebook.page
    page.wait_for_function(_LESSON_DONE, timeout=timeout, polling=250)
    return page.evaluate(_LESSON)["stage"]


def run_all_cells(notebook: Notebook) -> None:
    """Have every cell run and wait until all ran and the kernel is idle.

    A lesson runs itself as it opens (lite/lesson_page.js): this waits for that run, never starting a
    second one. Any other notebook is run from the Run menu; if no cell has started a minute after the
    click, the menu is taken to have missed it and is used once more (a cell that started and hangs is not
    retried). On a timeout the error says which cells had run, the kernel's status and the page's errors,
    and a screenshot is saved.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = notebook.page
    try:
        stage = wait_until_live(notebook) if is_lesson(notebook) else "not a lesson"
        if stage == "failed":
            raise AssertionError(f"the lesson did not start: {page.evaluate('() => window.spynbLesson.error')}")
        if stage == "not a lesson":
            _click_run_all(page)
            try:
                page.wait_for_function(_ANY_CELL_STARTED, timeout=60_000, polling=500)
            except PlaywrightTimeout:
                _click_run_all(page)
        page.wait_for_function(_ALL_RAN_AND_IDLE, timeout=RUN_ALL_TIMEOUT, polling=500)
    except PlaywrightTimeout as err:
        shot = save_screenshot(page, "run-all-cells-timeout")
        raise AssertionError(f"the notebook did not finish running: prompts {page.evaluate(_PROMPTS)}, kernel "
                             f"{page.evaluate(_KERNEL_STATUS)!r}, lesson {page.evaluate(_LESSON)}, page errors "
                             f"{notebook.console_errors[:5]}; screenshot {shot}") from err


def run_python(notebook: Notebook, code: str, timeout: int = 60_000) -> str:
    """Add a cell at the end, run ``code`` in the kernel and return the cell's output text."""
    page = notebook.page
    cells = page.locator(".jp-Notebook .jp-Cell")
    count = cells.count()
    cells.nth(count - 1).locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    new_cell = cells.nth(count)
    new_cell.locator(".cm-content").click()
    page.keyboard.insert_text(code)
    page.keyboard.press("Control+Enter")
    prompt = new_cell.locator(".jp-InputPrompt")
    page.wait_for_function(
        "el => /\\[\\d+\\]/.test(el.textContent)", arg=prompt.element_handle(), timeout=timeout, polling=250,
    )
    return new_cell.locator(".jp-OutputArea").inner_text()




def own_site_check(browser, site_url: str) -> Notebook:
    """A fresh copy of the site-check notebook, every cell run: a test module's own, so the boards it shows never
    change what another module's tests find (the session's shared one is ``site_check``)."""
    from verify_site import CHECKS_FOLDER  # lite/ is on the import path (tests/browser/conftest.py)

    opened = open_notebook(browser, site_url, f"{CHECKS_FOLDER}/site-check.ipynb")
    run_all_cells(opened)
    return opened
