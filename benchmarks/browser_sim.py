"""Classroom simulations, in Pyodide (in headless Chromium, on the built site) and in CPython.

The exercises' whole-game simulation at classroom settings: ``spynb.prob.simulate`` of
``spynb.prob.across.random_game_trial`` (random players in simulation mode, the exercises' turn limits,
the progress bar the exercises show), ``--games`` games of each game: Cloak & Dagger with 4 seats,
KLOAK with 2, The Target with 4.  Each interpreter times its own run; both must come out the same
(the games' winners and lengths are compared).  Targets: 10,000 games of each game together within
60 CPU-seconds in CPython and within 2 minutes in the browser, and Pyodide no slower than 2.5× CPython.

Run by hand, not in CI::

    ./build.sh build && ./build.sh test -- -q tests/site     # makes _site and .build-env/test-venv
    .build-env/test-venv/bin/python benchmarks/browser_sim.py --site _site [--games 10000]
    python3 benchmarks/browser_sim.py --cpython-only --games 10000     # the CPython figure alone
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import subprocess
import sys
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "lite"))
sys.path.insert(0, str(REPO))

TARGET = 2.5
"""Pyodide's time over CPython's, at most."""
CPYTHON_SECONDS, BROWSER_SECONDS, CLASSROOM_GAMES = 60.0, 120.0, 10_000
"""The classroom targets: this many CPU-seconds in CPython, seconds in the browser, for this many games of each."""
SIMULATION = """
import time, spynb
from spynb.prob import simulate
from spynb.prob.across import random_game_trial
def classroom(games, seed=2026):
    results = []
    for name, seats in (("cloak-dagger", 4), ("kloak", 2), ("target", 4)):
        cpu, wall = time.process_time(), time.perf_counter()
        sim = simulate(random_game_trial(name, seats), games, seed=seed, label=f"{name}, {seats} seats")
        turns = sum(t for _, t in sim.values)
        won = sum(1 for w, _ in sim.values if w)
        results.append(f"{name}:{seats}:{turns}:{won}:{time.process_time() - cpu:.3f}:{time.perf_counter() - wall:.3f}")
    return results
classroom(2)  # warm up: imports and caches
print("SIMULATION", *classroom(GAMES))
"""


def _parse(output: str) -> list[tuple[str, int, int, float, float]]:
    """Each game's (game and seats, turns played in all, games won, CPU-seconds, wall seconds)."""
    line = next(line for line in output.splitlines() if line.startswith("SIMULATION "))
    results = []
    for part in line.split()[1:]:
        name, seats, turns, won, cpu, wall = part.split(":")
        results.append((f"{name} ({seats} seats)", int(turns), int(won), float(cpu), float(wall)))
    return results


def in_cpython(code: str) -> list[tuple[str, int, int, float, float]]:
    return _parse(cpython_output(code))


def in_pyodide(code: str, site: Path, chromium: str) -> list[tuple[str, int, int, float, float]]:
    return _parse(site_kernel_output(code, site, chromium))


def cpython_output(code: str) -> str:
    """What ``code`` prints, run in this CPython with this checkout's spynb."""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    return result.stdout


def site_kernel_output(code: str, site: Path, chromium: str, timeout_ms: int = 900_000) -> str:
    """What ``code`` prints, run in a notebook of the built ``site`` (its JupyterLite kernel, in headless
    Chromium, the site served on 127.0.0.1 and nothing else reachable)."""
    from playwright.sync_api import sync_playwright

    import serve_site
    from tests.browser.browser_helpers import CHROMIUM_ARGS, open_notebook, run_python

    server = serve_site.make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
            notebook = open_notebook(browser, f"http://127.0.0.1:{server.server_port}/", ".checks/site-check.ipynb")
            output = run_python(notebook, code, timeout=timeout_ms)
            browser.close()
    finally:
        server.shutdown()
    return output


def site_arguments(description: str) -> argparse.ArgumentParser:
    """The options every benchmark run in the built site's kernel takes: the site, CPython alone, the Chromium."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--site", type=Path, default=REPO / "_site")
    parser.add_argument("--cpython-only", action="store_true", help="time CPython alone (no site, no browser)")
    parser.add_argument("--chromium", default=os.environ.get("SPYNB_CHROMIUM", "/usr/bin/chromium"))
    return parser


def site_missing(args: argparse.Namespace) -> bool:
    """Whether the run needs a built site and there is none (said on stderr)."""
    if args.cpython_only or (args.site / "index.html").is_file():
        return False
    print(f"no built site in {args.site}; run ./build.sh build first", file=sys.stderr)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = site_arguments(__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=CLASSROOM_GAMES, help="games of each game per run")
    args = parser.parse_args(argv)
    if site_missing(args):
        return 1
    code = SIMULATION.replace("GAMES", str(args.games))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{platform.machine()}, {os.cpu_count()} cores, load {load} before; CPython {platform.python_version()}; "
          f"{args.games:,} games of each game")
    cpython = in_cpython(code)
    show("CPython", cpython, CPYTHON_SECONDS * args.games / CLASSROOM_GAMES, cpu=True)
    if not args.cpython_only:
        pyodide = in_pyodide(code, args.site, args.chromium)
        show("Pyodide", pyodide, BROWSER_SECONDS * args.games / CLASSROOM_GAMES, cpu=False)
        if [r[:3] for r in cpython] != [r[:3] for r in pyodide]:
            print("the two runs played different games", file=sys.stderr)
            return 1
        ratio = sum(r[4] for r in pyodide) / sum(r[4] for r in cpython)
        print(f"the same games in both; Pyodide / CPython (wall): {ratio:.2f}x  "
              f"(target <= {TARGET}x: {'met' if ratio <= TARGET else 'MISSED'})")
    print(f"load {', '.join(f'{x:.1f}' for x in os.getloadavg())} after")
    command = " ".join(shlex.quote(part) for part in [sys.executable, *sys.argv])
    print(f"reproduce: {'' if args.cpython_only else './build.sh build && '}{command}")
    return 0


def show(where: str, results: list[tuple[str, int, int, float, float]], allowed: float, cpu: bool) -> None:
    """Each game's seconds (CPU-seconds in CPython, where they are the measure; wall seconds in the browser) and
    the total against what the target allows for this many games."""
    column = 3 if cpu else 4
    unit = "CPU-s" if cpu else "s"
    for label, turns, won, *seconds in results:
        print(f"{where:<8} {label:<24} {seconds[column - 3]:8.2f} {unit}  (wall {seconds[1]:.2f} s; "
              f"{turns:,} turns, {won:,} games won)")
    total = sum(r[column] for r in results)
    print(f"{where:<8} {'all three':<24} {total:8.2f} {unit}  (target <= {allowed:.3g} {unit}: "
          f"{'met' if total <= allowed else 'MISSED'})")


if __name__ == "__main__":
    sys.exit(main())
