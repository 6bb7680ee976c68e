"""How long the site takes to become useful, and how many bytes that costs.

Measures, in one run, against a built site served on 127.0.0.1:

* **first live board**: from opening the first game notebook
  (``cloak-dagger/06-play.ipynb``) to its first board drawn by the running
  kernel and offering its legal moves (Run All Cells, then the first
  ``.spynb-play .is-legal``);
* **bare first cell**: from opening a bare notebook (one cell, ``1 + 1``) in the
  same notebook app to that cell's output (Run All Cells the same way): the
  kernel's start and one cell, with no spynb import.  The bare notebook is
  added to a hard-linked copy of the built site, never to the site itself.

Each runs in a fresh browser context (empty cache); bytes are counted by the
local server (response bodies), so they include what the kernel's worker
fetches.  Requests leaving 127.0.0.1 are refused and reported.

Run by hand, not in CI::

    ./build.sh build && ./build.sh test -- -x -q tests/site   # makes .build-env/test-venv
    .build-env/test-venv/bin/python benchmarks/site.py --site _site
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlparse

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "lite"))

import serve_site  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TIMEOUT_MS = 300_000
TARGET_RATIO = 1.25
FIRST_GAME_NOTEBOOK = "cloak-dagger/06-play.ipynb"
NO_SERVICE_WORKER = ("Object.defineProperty(Navigator.prototype, 'serviceWorker', "
                     "{ get: () => undefined, configurable: true });")
"""With service workers blocked (so every request is counted), JupyterLite would otherwise mount the
notebook folder and a notebook in a subfolder would not start (visitors are not affected)."""
BARE_NOTEBOOK = "benchmark-bare.ipynb"


class CountingHandler(serve_site.SiteHandler):
    """The site's handler, adding up the body bytes it sends."""

    lock = threading.Lock()
    sent = 0
    requests = 0

    def copyfile(self, source, outputfile) -> None:
        while block := source.read(1 << 16):
            outputfile.write(block)
            with CountingHandler.lock:
                CountingHandler.sent += len(block)
        with CountingHandler.lock:
            CountingHandler.requests += 1

    @classmethod
    def reset(cls) -> None:
        with cls.lock:
            cls.sent = 0
            cls.requests = 0


def measure(browser, url: str, ready) -> dict:
    """Open ``url`` in a fresh context, call ``ready(page)``; seconds, bytes, requests, refused."""
    refused: list[str] = []

    def guard(route) -> None:
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort("internetdisconnected")

    context = browser.new_context(service_workers="block", viewport={"width": 1200, "height": 1000})
    context.add_init_script(NO_SERVICE_WORKER)
    context.route("**/*", guard)
    page = context.new_page()
    CountingHandler.reset()
    started = time.perf_counter()
    page.goto(url)
    ready(page)
    seconds = time.perf_counter() - started
    time.sleep(0.5)  # let in-flight responses finish counting
    result = {"seconds": seconds, "bytes": CountingHandler.sent, "requests": CountingHandler.requests,
              "refused": refused}
    context.close()
    return result


def site_with_bare_notebook(site: Path, into: Path) -> Path:
    """A copy of ``site`` (hard links where possible) with a one-cell notebook, ``1 + 1``, at the top."""
    copy = into / "site"
    try:
        shutil.copytree(site, copy, copy_function=os.link)
    except OSError:  # another file system: copy instead
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(site, copy)
    cell = {"cell_type": "code", "execution_count": None, "id": "bare", "metadata": {}, "outputs": [],
            "source": ["1 + 1"]}
    notebook = {"cells": [cell], "metadata": {"kernelspec": {"display_name": "Python (Pyodide)",
                                                            "language": "python", "name": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (copy / "files" / BARE_NOTEBOOK).write_text(json.dumps(notebook))
    listing_file = copy / "api" / "contents" / "all.json"
    listing = json.loads(listing_file.read_text())
    model = next(m for m in listing["content"] if m["type"] == "notebook")
    listing["content"].append({**model, "name": BARE_NOTEBOOK, "path": BARE_NOTEBOOK})
    listing_file.unlink()  # a hard link: writing in place would change the built site
    listing_file.write_text(json.dumps(listing))
    return copy


def run_all_cells(page) -> None:
    page.get_by_text("Python (Pyodide)", exact=True).first.wait_for(timeout=TIMEOUT_MS)
    page.get_by_text("Run", exact=True).first.click()
    page.get_by_text("Run All Cells", exact=True).click()


def first_board(page) -> None:
    run_all_cells(page)
    page.locator(".spynb-play .is-legal").first.wait_for(timeout=TIMEOUT_MS)


def bare_first_cell(page) -> None:
    run_all_cells(page)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-OutputArea-output')].some(e => e.textContent.trim() === '2')",
        timeout=TIMEOUT_MS, polling=100,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time and bytes to the first live board and to a bare first cell.")
    parser.add_argument("--site", type=Path, default=REPO / "_site", help="built site (default: _site)")
    parser.add_argument("--chromium", default=os.environ.get("SPYNB_CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}; run ./build.sh build first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(dir=args.site.resolve().parent, prefix=".site-bench-") as scratch:
        server = serve_site.make_server(site_with_bare_notebook(args.site, Path(scratch)),
                                        handler_class=CountingHandler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}/notebooks/index.html?path="
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium, headless=True, args=CHROMIUM_ARGS)
            board = measure(browser, base + quote(FIRST_GAME_NOTEBOOK), first_board)
            bare = measure(browser, base + quote(BARE_NOTEBOOK), bare_first_cell)
            browser.close()
        server.shutdown()

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"site: {args.site}  ({platform.machine()}, {os.cpu_count()} cores, load {load}, headless Chromium)")
    print("cold start each time: a fresh browser context, so nothing comes from the browser's cache")
    rows = ((f"first live board ({FIRST_GAME_NOTEBOOK})", board), ("bare notebook's first cell (1 + 1)", bare))
    for name, result in rows:
        print(f"{name:46s} {result['seconds']:6.1f} s  {result['bytes'] / 1e6:6.1f} MB  "
              f"{result['requests']:4d} requests")
        if result["refused"]:
            print(f"  refused {len(result['refused'])} request(s) outside 127.0.0.1, e.g. {result['refused'][0]}")
    ratio = board["seconds"] / bare["seconds"]
    verdict = "met" if ratio <= TARGET_RATIO else "MISSED"
    print(f"first live board / bare first cell: {ratio:.2f}x in time (target <= {TARGET_RATIO}x: {verdict}), "
          f"{board['bytes'] / bare['bytes']:.2f}x in bytes")
    command = " ".join(shlex.quote(part) for part in [sys.executable, *sys.argv])
    print(f"reproduce: ./build.sh build && {command}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
