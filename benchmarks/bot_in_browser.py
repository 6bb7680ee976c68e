"""How long the search bot takes over a move on a play board, in the browser (and in CPython, beside it).

A play board's own logic (``spynb.widgets.play.controller_class(game)``, the controller a notebook's board
and the welcome page's board run) with the search bot (``ismcts``, at its default budget) on seat 1 and the
rule-of-thumb bot on the other seats plays whole games: Cloak & Dagger with 4 seats, KLOAK with 2, The
Target with 4.  Each bot move is one message from the front end (``{"kind": "bot", "at": n}``, what *Step*
and the pace's ticks send), timed around the controller's ``handle`` with ``time.perf_counter`` inside the
interpreter: the search, playing the move, the narration and what the board redraws.  Only the search bot's
decisions count (moves with more than one legal action).  Target: at the default budget, the 95th
percentile of a game's search-bot moves at most 1 s in Chromium on the built site (the site's JupyterLite
kernel, as in a notebook).

Run by hand, not in CI::

    ./build.sh build && ./build.sh test -- -q tests/site     # makes _site and .build-env/test-venv
    .build-env/test-venv/bin/python benchmarks/bot_in_browser.py --site _site [--seeds 1,2]
    .build-env/test-venv/bin/python benchmarks/bot_in_browser.py --cpython-only     # CPython alone
"""

from __future__ import annotations

import math
import os
import platform
import shlex
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_sim import cpython_output, site_arguments, site_kernel_output, site_missing  # noqa: E402

TARGET_SECONDS = 1.0
"""The 95th percentile of a game's search-bot moves, at most, in the browser."""
GAMES = (("cloak-dagger", 4), ("kloak", 2), ("target", 4))
"""The games played, with their seats (as the classroom simulations)."""
MOVES = """
import sys, time
from spynb.widgets.play import controller_class
def search_bot_moves(game, seats, seed, limit=1000):
    board = controller_class(game)(seats=seats, seed=seed, players=["ismcts"] + ["rules"] * (seats - 1))
    times = []
    while not board.game.over and len(board.game.actions) < limit and board.thinking:
        seat, played = board.thinking, len(board.game.actions)
        deciding = seat == 1 and len(board.game.state.legal_actions(seat)) > 1
        started = time.perf_counter()
        board.handle({"kind": "bot", "at": played})
        if deciding:
            times.append(time.perf_counter() - started)
        if len(board.game.actions) == played:
            raise RuntimeError(f"the bot at seat {seat} did not move: {board.error}")
    ending = "over" if board.game.over else f"stopped after {len(board.game.actions)} actions"
    return f"{game}:{seats}:{seed}:{ending}:" + ",".join(f"{t:.4f}" for t in times)
print("MOVES", *(search_bot_moves(game, seats, seed) for game, seats in GAMES for seed in SEEDS),
      "on", sys.platform)
"""


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with at least ``share`` of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def report(where: str, output: str, judged: bool) -> bool:
    """Print each game's search-bot moves (count, median, 95th percentile, slowest) and, if ``judged``, the
    verdict; True if every game met the target."""
    line = next(line for line in output.splitlines() if line.startswith("MOVES "))
    met = True
    for part in line.split()[1:-2]:
        game, seats, seed, ending, times = part.split(":")
        seconds = [float(t) for t in times.split(",") if t]
        p95 = percentile(seconds, 0.95)
        met = met and p95 <= TARGET_SECONDS
        verdict = f" (target <= {TARGET_SECONDS} s: {'met' if p95 <= TARGET_SECONDS else 'MISSED'})" if judged else ""
        print(f"{where:<8} {game} ({seats} seats), seed {seed}, game {ending}: {len(seconds)} search-bot moves, "
              f"median {statistics.median(seconds):.2f} s, 95th percentile {p95:.2f} s{verdict}, "
              f"slowest {max(seconds):.2f} s")
    return met


def main(argv: list[str] | None = None) -> int:
    parser = site_arguments(__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1", help="the games' seeds, comma-separated (default: 1)")
    args = parser.parse_args(argv)
    if site_missing(args):
        return 1
    seeds = [int(seed) for seed in args.seeds.split(",")]
    code = MOVES.replace("GAMES", repr(GAMES)).replace("SEEDS", repr(seeds))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{platform.machine()}, {os.cpu_count()} cores, load {load} before; CPython {platform.python_version()}")
    report("CPython", cpython_output(code), judged=False)
    met = True
    if not args.cpython_only:
        met = report("Pyodide", site_kernel_output(code, args.site, args.chromium, timeout_ms=3_600_000), judged=True)
    print(f"load {', '.join(f'{x:.1f}' for x in os.getloadavg())} after")
    command = " ".join(shlex.quote(part) for part in [sys.executable, *sys.argv])
    print(f"reproduce: {'' if args.cpython_only else './build.sh build && '}{command}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
