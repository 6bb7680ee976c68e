"""The way from the welcome page is prepared: the first lesson opens out of sight while the visitor reads.

The welcome page asks the browser to prerender the first game's first lesson once its board is live
(``lite/welcome_host.js``), and the lesson's page must then start its kernel, though it opened hidden
(``lite/visible_until_shown.js``).  Chromium never prerenders for a browser driven through DevTools, as Playwright
drives it, so this test runs Chromium by itself, as ``benchmarks/site.py`` times the same path: the welcome page's
copy clicks Start here after the reading time, and the pages report to the server.  How long it takes is the
benchmark's to say; here: the lesson was prerendered, and its live board came.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]


def _benchmark():
    spec = importlib.util.spec_from_file_location("site_benchmark", REPO / "benchmarks" / "site.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_start_here_opens_the_lesson_prerendered_while_the_welcome_page_was_read(site_dir, tmp_path):
    bench = _benchmark()
    copy = bench.site_with_bare_notebook(site_dir, tmp_path)
    path = bench.add_path_probes(copy)
    server = bench.serve_site.make_server(copy, handler_class=bench.CountingHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        result = bench.visit_unattached(os.environ.get("SPYNB_CHROMIUM", "/usr/bin/chromium"), tmp_path / "profile",
                                        f"http://127.0.0.1:{server.server_port}/{path}", timeout=120)
    finally:
        server.shutdown()
        server.server_close()
    assert result["prerendered"], "the first lesson was not prerendered while the welcome page was read"
    assert result["seconds"] > 0  # its live board came after the click (a lesson that never starts times out)
