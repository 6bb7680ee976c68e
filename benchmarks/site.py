"""How long the site takes to become useful, against the floor of raw Pyodide, and how many bytes it costs.

Times, in one interleaved run (``--rounds`` rounds; medians), against a built
site served on 127.0.0.1 the way a static host serves it (``Cache-Control:
max-age=600`` and ``Last-Modified``, as GitHub Pages), with the service worker
on, as visitors have it:

* **raw-Pyodide floor** (``benchmarks/floor.html``, the fixed yardstick): a page
  that loads Pyodide exactly as its npm package ships it (the package's files
  from the build cache, not the site's byte-compiled ones), installs the spynb
  wheel (its sources only, as built) and makes a game;
* **welcome-page board**: from opening the site's welcome page to its board
  being live (``lite/welcome_host.js``: the site's Pyodide, the site's spynb
  wheel, the KLOAK controller, the board's front end mounted; no notebook app,
  no IPython);
* **first live board**: from opening the first game notebook
  (``cloak-dagger/06-play.ipynb``) to its first board drawn by the running
  kernel and offering its legal moves (a lesson runs itself as it opens,
  ``lite/lesson_page.js``: no click; then the first ``.spynb-play .is-legal``);
* **bare first cell**: from opening a bare notebook (one cell, ``1 + 1``) in the
  same notebook app to that cell's output (Run All Cells from the menu: it is
  not a lesson, so it does not run by itself);
* **the visitor's path**: the welcome page opens, the visitor reads it for
  ``READING_SECONDS``, then clicks the first game's *Start here*; timed from the
  click to the first board the kernel draws in the lesson it opens
  (``00-first-game.ipynb``, which runs itself) being on screen.  The welcome
  page asks the browser to prerender that lesson while the visitor reads
  (``lite/welcome_host.js``), and a browser driven through DevTools, as
  Playwright drives it, never prerenders: so this one runs Chromium by itself,
  on a copy of the welcome page that clicks by itself (``benchmark-path.html``),
  and the pages report the click and the live board to the server
  (``/bench?…``, epoch milliseconds).  The live board counts from when the
  visitor can see it: the later of its drawing and the prerendered page's
  activation.

Each is timed **cold** (a new browser profile) and **warm** (the same on-disk
profile visited once before: a returning visitor's disk cache and service
worker; the site's saved notebooks are cleared in between, so the warm visit
runs the published notebook again).  The floor page, the bare notebook and
the source-only wheel are added to a hard-linked copy of the built site,
never to the site itself.  Bytes are the response bodies the server sent,
and the same files gzip-compressed (what a compressing host would send);
requests leaving 127.0.0.1 fail and are reported.  ``drive`` counts the
kernel's requests to the visitor's files (``/api/drive``) that the browser
reports.

Run by hand, not in CI::

    ./build.sh build && ./build.sh test -- -x -q tests/site   # makes .build-env/test-venv
    .build-env/test-venv/bin/python benchmarks/site.py --site _site
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from urllib.parse import parse_qs, quote, urlparse

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "lite"))

import serve_site  # noqa: E402
from build_site import PYODIDE_SITE_FILES, PYODIDE_VERSION  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # nothing leaves the machine
]
TIMEOUT_MS = 300_000
#: the first live board may take at most this many times the raw-Pyodide floor, cold and warm
TARGET_RATIO = 2.2
#: the welcome page's board may take at most this many times the raw-Pyodide floor (no slower than it)
WELCOME_TARGET_RATIO = 1.0
FIRST_GAME_NOTEBOOK = "cloak-dagger/06-play.ipynb"
BARE_NOTEBOOK = "benchmark-bare.ipynb"
FLOOR_FOLDER = "benchmark-floor"
#: how long the visitor reads the welcome page before clicking Start here, in seconds
READING_SECONDS = 10
#: the visitor's path from the click to the first live board at most this many times the floor, and no slower than
#: a bare notebook's first cell
PATH_TARGET_RATIO = 1.5
#: an output the kernel drew (the lesson page's waiting board, drawn while Python starts, is not live)
LIVE_OUTPUT = ".jp-OutputArea-child:not(.spynb-waiting-board)"
CLEAR_STORAGE = """async () => {
  for (const db of await indexedDB.databases()) {
    await new Promise((done) => { const r = indexedDB.deleteDatabase(db.name); r.onsuccess = r.onerror = r.onblocked = done; });
  }
  localStorage.clear();
}"""


class CountingHandler(serve_site.StaticHostHandler):
    """The site's handler, caching like a static host and adding up the body bytes it sends; ``/bench?event=…&t=…``
    is a page's report (the visitor's path), kept in :attr:`reports`."""

    lock = threading.Lock()
    sent: list[tuple[str, int]] = []
    reports: dict[str, dict[str, str]] = {}
    reported = threading.Condition(lock)

    def do_GET(self) -> None:
        url = urlparse(self.path)
        if url.path != "/bench":
            super().do_GET()
            return
        fields = {key: values[0] for key, values in parse_qs(url.query).items()}
        with CountingHandler.reported:
            CountingHandler.reports[fields.get("event", "")] = fields
            CountingHandler.reported.notify_all()
        self.send_response(204)
        self.end_headers()

    def copyfile(self, source, outputfile) -> None:
        count = 0
        while block := source.read(1 << 16):
            outputfile.write(block)
            count += len(block)
        with CountingHandler.lock:
            CountingHandler.sent.append((self.translate_path(self.path), count))

    @classmethod
    def reset(cls) -> None:
        with cls.lock:
            cls.sent = []
            cls.reports = {}

    @classmethod
    def wait_for(cls, event: str, timeout: float) -> dict[str, str]:
        """The report ``event`` (waiting for it at most ``timeout`` seconds)."""
        with cls.reported:
            if not cls.reported.wait_for(lambda: event in cls.reports, timeout):
                raise TimeoutError(f"no {event!r} report within {timeout:.0f} s")
            return cls.reports[event]


_GZIP_SIZES: dict[str, int] = {}


def gzip_size(path: str, sent: int) -> int:
    """The gzip-compressed size of the whole file ``path`` (``sent`` for anything but a whole file)."""
    if not os.path.isfile(path) or os.path.getsize(path) != sent:
        return sent
    if path not in _GZIP_SIZES:
        _GZIP_SIZES[path] = len(gzip.compress(Path(path).read_bytes(), 6))
    return _GZIP_SIZES[path]


def visit(playwright, chromium: str, profile: Path, url: str, ready) -> dict:
    """Open ``url`` in the browser profile ``profile``, call ``ready(page)``; seconds (from opening, or from what
    ``ready`` returns: the moment it started timing, from ``time.perf_counter``), bytes, requests."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1200, "height": 1000})
    refused: list[str] = []
    drive: list[str] = []
    context.on("requestfailed", lambda r: refused.append(r.url) if urlparse(r.url).hostname != "127.0.0.1" else None)
    context.on("request", lambda r: drive.append(r.url) if "/api/drive" in r.url else None)
    page = context.pages[0] if context.pages else context.new_page()
    CountingHandler.reset()
    started = time.perf_counter()
    page.goto(url)
    started = ready(page) or started
    seconds = time.perf_counter() - started
    time.sleep(0.5)  # let in-flight responses finish counting
    with CountingHandler.lock:
        sent = list(CountingHandler.sent)
    page.goto(url[:url.index("/", len("http://"))] + "/index.html")  # the welcome page: no app holds the storage
    page.evaluate(CLEAR_STORAGE)
    context.close()
    return {"seconds": seconds, "bytes": sum(n for _, n in sent), "gzip": sum(gzip_size(p, n) for p, n in sent),
            "requests": len(sent), "drive": len(drive), "refused": refused}


def visit_unattached(chromium: str, profile: Path, url: str, timeout: float = TIMEOUT_MS / 1000) -> dict:
    """The visitor's path in a Chromium no DevTools drives (so it prerenders as a visitor's does): open ``url`` (the
    welcome page's copy that clicks by itself, served by a :class:`CountingHandler`) in ``profile``; seconds from
    the click to the live board on screen, bytes, and whether the lesson was prerendered."""
    CountingHandler.reset()
    args = [chromium, "--headless", *CHROMIUM_ARGS, f"--user-data-dir={profile}", "--window-size=1200,1000", url]
    browser = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        clicked = float(CountingHandler.wait_for("clicked", timeout)["t"])
        live = CountingHandler.wait_for("live", timeout)
        time.sleep(0.5)  # let in-flight responses finish counting
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(browser.pid, 15)
        browser.wait()
    with CountingHandler.lock:
        sent = list(CountingHandler.sent)
    return {"seconds": (float(live["t"]) - clicked) / 1000, "bytes": sum(n for _, n in sent),
            "gzip": sum(gzip_size(p, n) for p, n in sent), "requests": len(sent),
            "drive": sum("/api/drive" in p for p, _ in sent), "prerendered": live.get("prerendered") == "true"}


def clear_storage(playwright, chromium: str, profile: Path, url: str) -> None:
    """Clear the site's saved notebooks and progress in ``profile`` (so a warm visit runs the published lesson)."""
    context = playwright.chromium.launch_persistent_context(str(profile), executable_path=chromium, headless=True,
                                                            args=CHROMIUM_ARGS)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url[:url.index("/", len("http://"))] + "/index.html")
    page.evaluate(CLEAR_STORAGE)
    context.close()


def source_only_wheel(wheel: Path, into: Path) -> Path:
    """The spynb wheel as built: ``wheel`` without the bytecode the site's build added."""
    target = into / wheel.name
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if "__pycache__/" in info.filename or info.filename.endswith(".pyc"):
                continue
            data = src.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                data = b"".join(line for line in data.splitlines(keepends=True) if b".pyc," not in line)
            dst.writestr(info, data)
    return target


def add_floor(copy: Path, pyodide: Path) -> str:
    """The raw-Pyodide floor page in ``copy``: the npm package's files, the source-only wheel; its address."""
    folder = copy / FLOOR_FOLDER
    (folder / "pyodide").mkdir(parents=True)
    for name in PYODIDE_SITE_FILES:
        shutil.copy2(pyodide / name, folder / "pyodide" / name)
    shutil.copy2(REPO / "benchmarks" / "floor.html", folder / "index.html")
    wheel = next((copy / "static" / "pyodide-lock").glob("spynb-*.whl"))
    return f"{FLOOR_FOLDER}/index.html?wheel={source_only_wheel(wheel, folder).name}"


PATH_CLICKER = f"""<script>
setTimeout(() => {{
  fetch("/bench?event=clicked&t=" + Date.now(), {{ keepalive: true }});
  document.querySelector("a.start").click();
}}, {READING_SECONDS * 1000});
</script>
"""
"""The welcome page's copy for the visitor's path: it clicks the first Start here after the reading time."""

PATH_REPORTER = f"""<script>
if (document.referrer.endsWith("/benchmark-path.html")) {{
  const onScreen = () => new Promise((shown) => document.prerendering
    ? document.addEventListener("prerenderingchange", shown, {{ once: true }}) : shown());
  const live = new Promise((drawn) => {{
    const poll = setInterval(() => {{
      if (document.querySelector("{LIVE_OUTPUT} .spynb-play")) {{ clearInterval(poll); drawn(Date.now()); }}
    }}, 20);
  }});
  const prerendered = document.prerendering;
  Promise.all([live, onScreen()]).then(([drawnAt]) => fetch(
    `/bench?event=live&t=${{Math.max(drawnAt, Date.now())}}&prerendered=${{prerendered}}`, {{ keepalive: true }}));
}}
</script>
"""
"""The lesson page's report, when the visitor's path opened it: the live board, once it is on screen."""


def add_path_probes(copy: Path) -> str:
    """``benchmark-path.html`` (the welcome page that clicks) and the lesson page's reporter in ``copy``; the path."""
    (copy / "benchmark-path.html").write_text(
        (copy / "index.html").read_text(encoding="utf-8").replace("</body>", PATH_CLICKER + "</body>"))
    lesson_page = copy / "notebooks" / "index.html"
    text = lesson_page.read_text(encoding="utf-8")
    lesson_page.unlink()  # a hard link: writing in place would change the built site
    lesson_page.write_text(text.replace("</head>", PATH_REPORTER + "</head>"), encoding="utf-8")
    return "benchmark-path.html"


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
    model = listing["content"][0]  # the top holds only folders now: a notebook's entry made from one
    listing["content"].append({**model, "name": BARE_NOTEBOOK, "path": BARE_NOTEBOOK, "type": "notebook",
                               "mimetype": None, "format": None, "size": len(json.dumps(notebook))})
    listing_file.unlink()  # a hard link: writing in place would change the built site
    listing_file.write_text(json.dumps(listing))
    return copy


def run_all_cells(page) -> None:
    page.get_by_text("Python (Pyodide)", exact=True).first.wait_for(timeout=TIMEOUT_MS)
    page.get_by_text("Run", exact=True).first.click()
    page.get_by_text("Run All Cells", exact=True).click()


def first_board(page) -> None:
    page.locator(f"{LIVE_OUTPUT} .spynb-play .is-legal").first.wait_for(timeout=TIMEOUT_MS)


def bare_first_cell(page) -> None:
    run_all_cells(page)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-OutputArea-output')].some(e => e.textContent.trim() === '2')",
        timeout=TIMEOUT_MS, polling=100,
    )


def floor_ready(page) -> None:
    page.wait_for_function("() => window.floorReady || window.floorError", timeout=TIMEOUT_MS, polling=50)
    error = page.evaluate("() => window.floorError")
    if error:
        raise RuntimeError(f"the raw-Pyodide floor page failed: {error}")


def welcome_ready(page) -> None:
    page.wait_for_function("() => window.spynbWelcome && (window.spynbWelcome.ready || window.spynbWelcome.error)",
                           timeout=TIMEOUT_MS, polling=50)
    error = page.evaluate("() => window.spynbWelcome.error")
    if error:
        raise RuntimeError(f"the welcome page's board did not start: {error}")


def median_row(results: list[dict]) -> dict:
    """The medians of a scenario's runs, with the range of its times."""
    row = {key: statistics.median(r[key] for r in results) for key in ("seconds", "bytes", "gzip", "requests", "drive")}
    row["low"], row["high"] = min(r["seconds"] for r in results), max(r["seconds"] for r in results)
    row["refused"] = sorted({url for r in results for url in r.get("refused", ())})  # seen only through DevTools
    row["prerendered"] = sum(r.get("prerendered", False) for r in results)
    return row


def report(site: Path, rows: dict[tuple[str, str], dict], labels: dict[str, str], rounds: int) -> None:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"site: {site}  ({platform.machine()}, {os.cpu_count()} cores, load {load}, headless Chromium, "
          f"service worker on; medians of {rounds} interleaved rounds)")
    print(f"{'':44s} {'':5s} {'time':>6s} {'range':>11s} {'served':>8s} {'gzip':>8s} {'req':>5s} {'drive':>5s}")
    for key, label in labels.items():
        for temperature in ("cold", "warm"):
            r = rows[(key, temperature)]
            print(f"{label:44s} {temperature:5s} {r['seconds']:5.2f}s {r['low']:5.2f}-{r['high']:5.2f} "
                  f"{r['bytes'] / 1e6:6.2f}MB {r['gzip'] / 1e6:6.2f}MB {r['requests']:5.0f} {r['drive']:5.0f}")
            if r["refused"]:
                print(f"  refused {len(r['refused'])} request(s) outside 127.0.0.1, e.g. {r['refused'][0]}")
    timed = {key for key, _ in rows}
    for key, target in (("board", TARGET_RATIO), ("welcome", WELCOME_TARGET_RATIO)):
        if {key, "floor"} <= timed:
            for temperature in ("cold", "warm"):
                ratio = rows[(key, temperature)]["seconds"] / rows[("floor", temperature)]["seconds"]
                verdict = "met" if ratio <= target else "MISSED"
                print(f"verdict, {temperature}: {labels[key].split(' (')[0]} / raw-Pyodide floor = {ratio:.2f}x "
                      f"(target <= {target}x: {verdict})")
    if {"path", "floor", "bare"} <= timed:
        for temperature in ("cold", "warm"):
            path = rows[("path", temperature)]["seconds"]
            floor, bare = rows[("floor", temperature)]["seconds"], rows[("bare", temperature)]["seconds"]
            verdict = "met" if path <= PATH_TARGET_RATIO * floor and path <= bare else "MISSED"
            print(f"verdict, {temperature}: the visitor's path / raw-Pyodide floor = {path / floor:.2f}x, / bare "
                  f"first cell = {path / bare:.2f}x (target <= {PATH_TARGET_RATIO}x and <= 1x: {verdict})")
    if "path" in timed:
        print(f"the visitor's path: the lesson was prerendered in {rows[('path', 'cold')]['prerendered']} cold and "
              f"{rows[('path', 'warm')]['prerendered']} warm visits of {rounds}")
    if {"board", "bare"} <= timed:
        bare = rows[("board", "cold")]["seconds"] / rows[("bare", "cold")]["seconds"]
        print(f"for reference, cold: first live board / bare first cell = {bare:.2f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time and bytes to the welcome page's board, the first live board, "
                                                 "a bare first cell and the raw-Pyodide floor, cold and warm.")
    parser.add_argument("--site", type=Path, default=REPO / "_site", help="built site (default: _site)")
    parser.add_argument("--pyodide", type=Path, default=REPO / ".build-env" / "cache" / f"pyodide-{PYODIDE_VERSION}",
                        help="the npm package of Pyodide, as the build fetched it (default: the build cache)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default: 3)")
    parser.add_argument("--chromium", default=os.environ.get("SPYNB_CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--only", default="", help="comma-separated scenarios to time (floor, welcome, board, bare, "
                                                   "path; default: all, and the verdicts need all)")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}; run ./build.sh build first", file=sys.stderr)
        return 1
    if not (args.pyodide / "pyodide.mjs").is_file():
        print(f"no Pyodide npm package in {args.pyodide}; run ./build.sh build first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    labels = {"floor": "raw-Pyodide floor (npm package + spynb wheel)",
              "welcome": "welcome-page board (KLOAK, no notebook app)",
              "board": f"first live board ({FIRST_GAME_NOTEBOOK})",
              "bare": "bare notebook's first cell (1 + 1)",
              "path": f"visitor's path (Start here after {READING_SECONDS} s)"}
    if args.only:
        labels = {key: label for key, label in labels.items() if key in args.only.split(",")}
    ready = {"floor": floor_ready, "welcome": welcome_ready, "board": first_board, "bare": bare_first_cell}
    results: dict[tuple[str, str], list[dict]] = {(k, t): [] for k in labels for t in ("cold", "warm")}
    with tempfile.TemporaryDirectory(dir=args.site.resolve().parent, prefix=".site-bench-") as scratch:
        copy = site_with_bare_notebook(args.site, Path(scratch))
        floor = add_floor(copy, args.pyodide)
        path = add_path_probes(copy)
        server = serve_site.make_server(copy, handler_class=CountingHandler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        root = f"http://127.0.0.1:{server.server_port}/"
        urls = {"floor": root + floor, "welcome": root + "index.html", "board": root + "notebooks/index.html?path=" + quote(FIRST_GAME_NOTEBOOK),
                "bare": root + "notebooks/index.html?path=" + quote(BARE_NOTEBOOK), "path": root + path}
        with sync_playwright() as playwright:
            for round_ in range(args.rounds):
                for key in labels:
                    profile = Path(scratch) / f"profile-{round_}-{key}"
                    for temperature in ("cold", "warm"):
                        if key == "path":
                            result = visit_unattached(args.chromium, profile, urls[key])
                            clear_storage(playwright, args.chromium, profile, urls[key])
                        else:
                            result = visit(playwright, args.chromium, profile, urls[key], ready[key])
                        results[(key, temperature)].append(result)
                        print(f"round {round_ + 1}: {key} {temperature} {result['seconds']:.2f} s", file=sys.stderr)
        server.shutdown()
    report(args.site, {key: median_row(runs) for key, runs in results.items()}, labels, args.rounds)
    command = " ".join(shlex.quote(part) for part in [sys.executable, *sys.argv])
    print(f"reproduce: ./build.sh build && {command}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
