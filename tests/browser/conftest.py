"""Fixtures for browser tests: the built site on a local port, one shared Chromium.

The site comes from ``SPYNB_SITE`` (``./build.sh test`` builds it fresh and
sets it); without it the browser tests are skipped.  Chromium is Debian's
(``SPYNB_CHROMIUM``, default ``/usr/bin/chromium``), driven headless with a
fresh profile by the ``playwright`` Python package; Playwright never
downloads a browser here.  Every request that leaves 127.0.0.1 is refused
and recorded, and a test fails if any was made (the plotting test allows
Pyodide's CDN, and still refuses it, to play a visitor who is offline).

Starting the in-browser kernel takes tens of seconds on two cores, so one
browser and one opened notebook are shared by the tests (session fixtures).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from serve_site import StaticHostHandler, serve_in_thread  # noqa: E402
from verify_site import CHECKS_FOLDER, MARKER  # noqa: E402

from .browser_helpers import CHROMIUM_ARGS, Notebook, open_notebook, run_all_cells  # noqa: E402


@pytest.fixture(scope="session")
def site_dir() -> Path:
    site = os.environ.get("SPYNB_SITE")
    if not site:
        pytest.skip("SPYNB_SITE is not set: ./build.sh test builds the site and runs these tests")
    path = Path(site).resolve()
    if not (path / MARKER).is_file():
        pytest.fail(f"SPYNB_SITE={site} is not a site build (no {MARKER}); run ./build.sh build")
    return path


@pytest.fixture(scope="session")
def site_url(site_dir: Path):
    server, url = serve_in_thread(site_dir, handler_class=StaticHostHandler)  # cached as a static host would
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser(site_dir: Path):
    playwright_api = pytest.importorskip("playwright.sync_api")
    executable = os.environ.get("SPYNB_CHROMIUM", "/usr/bin/chromium")
    if not Path(executable).is_file():
        pytest.fail(f"no Chromium at {executable}; ./build.sh test installs Debian's chromium")
    with playwright_api.sync_playwright() as playwright:
        # launch() gives every run a fresh, temporary profile
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def site_check(browser, site_url: str) -> Notebook:
    """The site-check notebook, opened once, with every cell run."""
    notebook = open_notebook(browser, site_url, f"{CHECKS_FOLDER}/site-check.ipynb")
    run_all_cells(notebook)
    yield notebook
    notebook.page.context.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    folder = REPO / "_output" / "browser"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
