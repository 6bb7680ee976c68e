"""The same seeded simulation in Pyodide (in headless Chromium, on the built site) and in CPython.

Random playouts of every game, timed inside each interpreter; the two runs
must play exactly the same actions (the count is compared), and the ratio
Pyodide / CPython is checked against the target (no slower than 2.5×).

Run by hand, not in CI::

    ./build.sh build && ./build.sh test -- -q tests/site     # makes _site and .build-env/test-venv
    .build-env/test-venv/bin/python benchmarks/browser_sim.py --site _site
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

import serve_site  # noqa: E402
from tests.browser.browser_helpers import CHROMIUM_ARGS, open_notebook, run_python  # noqa: E402

TARGET = 2.5
SIMULATION = """
import random, time, spynb
from spynb.engine import sample_chance
def simulate(games, seed=0):
    rng = random.Random(seed)
    actions, start = 0, time.perf_counter()
    for name, seats in (("cloak-dagger", 4), ("kloak", 2), ("target", 6)):
        spec = spynb.get_spec(name)
        for _ in range(games):
            state = spec.new_state(seats=seats, options={"turn_limit": 60})
            while not state.over:
                if state.turn.chance:
                    state.apply(sample_chance(state, rng))
                else:
                    seat = state.turn.seats[0]
                    state.apply(rng.choice(state.legal_actions(seat)), seat)
                actions += 1
    return actions, time.perf_counter() - start
simulate(2)  # warm up: imports and caches
actions, seconds = simulate(GAMES)
print(f"SIMULATION {actions} {seconds:.4f}")
"""


def _parse(output: str) -> tuple[int, float]:
    line = next(line for line in output.splitlines() if line.startswith("SIMULATION "))
    _, actions, seconds = line.split()
    return int(actions), float(seconds)


def in_cpython(code: str) -> tuple[int, float]:
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    return _parse(result.stdout)


def in_pyodide(code: str, site: Path, chromium: str) -> tuple[int, float]:
    from playwright.sync_api import sync_playwright

    server = serve_site.make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
            notebook = open_notebook(browser, f"http://127.0.0.1:{server.server_port}/", ".checks/site-check.ipynb")
            output = run_python(notebook, code, timeout=900_000)
            browser.close()
    finally:
        server.shutdown()
    return _parse(output)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "_site")
    parser.add_argument("--games", type=int, default=20, help="games of each game per run")
    parser.add_argument("--chromium", default=os.environ.get("SPYNB_CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}; run ./build.sh build first", file=sys.stderr)
        return 1
    code = SIMULATION.replace("GAMES", str(args.games))
    cpython = in_cpython(code)
    pyodide = in_pyodide(code, args.site, args.chromium)
    if cpython[0] != pyodide[0]:
        print(f"the two runs played different games: {cpython[0]} vs {pyodide[0]} actions", file=sys.stderr)
        return 1
    ratio = pyodide[1] / cpython[1]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{platform.machine()}, {os.cpu_count()} cores, load {load}; CPython {platform.python_version()}")
    print(f"CPython  {cpython[1]:8.2f} s  {cpython[0] / cpython[1]:10,.0f} actions/s  ({cpython[0]} actions)")
    print(f"Pyodide  {pyodide[1]:8.2f} s  {pyodide[0] / pyodide[1]:10,.0f} actions/s  (same actions)")
    print(f"Pyodide / CPython: {ratio:.2f}x  (target <= {TARGET}x: {'met' if ratio <= TARGET else 'MISSED'})")
    command = " ".join(shlex.quote(part) for part in [sys.executable, *sys.argv])
    print(f"reproduce: ./build.sh build && {command}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
