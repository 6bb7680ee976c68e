"""The engine benchmark's playouts counted in machine instructions, not seconds: the same on every run.

A virtual machine's clock swings by up to 2× between runs; callgrind's instruction count
(``valgrind``, from Debian's packages) does not.  Each measurement runs this script twice
under callgrind, with ``--games`` games and with twice as many, and divides the difference by
the actions applied in the second half (the same seeded games in both runs: so starting up and
filling the caches count for nothing).  Measured, all in the same interpreter:

* each spynb game's random playouts at its slowest seat count, as ``engine.py`` plays them;
* listing the legal actions alone, for every position of those playouts where a seat decides;
* the loop and the contract with a game that does nothing (``engine.ContractFloor``);
* OpenSpiel's python_kuhn_poker, when ``open_spiel`` is importable (the engine targets' baseline).

Instructions are not time: OpenSpiel's games run partly in C++ behind pybind11, at a different
rate of instructions per second, so compare spynb's own figures here (before and after a change,
or a part against the whole) and take the ratios to OpenSpiel from ``engine.py``.

Run by hand (slow: callgrind runs Python about 50× slower)::

    PYTHONPATH=. /tmp/os/bin/python benchmarks/instructions.py [--games 20]
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import spynb  # noqa: E402
from engine import TURN_LIMIT, ContractFloor, Listing, new_game_state, openspiel_game, playouts  # noqa: E402

SLOWEST_SEATS = {"cloak-dagger": 6, "kloak": 2, "target": 4}
"""Each game's slowest seat count in ``engine.py``'s runs."""
BASELINE = "python_kuhn_poker"


def play(what: str, games: int) -> int:
    """Play ``games`` of ``what`` as ``engine.py`` does; the actions applied, or the positions collected.

    ``GAME:collect`` collects every position of the playouts where a seat decides; ``GAME:listing`` collects
    them and then lists each one's legal actions: the difference between the two is the listing.
    """
    if what == "floor":
        return playouts(ContractFloor, games, 0)[0]
    if what == BASELINE:
        return openspiel_playouts(games)
    name, _, part = what.partition(":")
    spec = spynb.get_spec(name)
    seats = SLOWEST_SEATS[name]
    if not part:
        return playouts(lambda: spec.new_state(spec.default_variant, seats, {"turn_limit": TURN_LIMIT}), games, 0)[0]
    positions = decisions(spec, seats, games)
    if part == "listing":
        for state, seat in positions:
            state.legal_actions(seat)
    return len(positions)


def decisions(spec: spynb.GameSpec, seats: int, games: int) -> list[tuple[spynb.State, int]]:
    """A fresh copy of every position of the seeded playouts where a seat decides, with that seat."""
    found: list[tuple[spynb.State, int]] = []

    def collect(listing: Listing, state: spynb.State, seat: int | None = None) -> tuple[spynb.Action, ...]:
        position = state.clone()
        vars(position).pop("legal_actions", None)  # the copy's own listing, not the wrapper it copied
        found.append((position, seat))
        return listing(state, seat)

    playouts(lambda: new_game_state(spec, seats, collect), games, 0)
    return found


def openspiel_playouts(games: int) -> int:
    import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
    import pyspiel

    game, rng = pyspiel.load_game(BASELINE), random.Random(0)
    return sum(openspiel_game(game, rng) for _ in range(games))


def instructions(what: str, games: int, less: tuple[str, int] | None = None) -> tuple[int, int]:
    """(instructions, actions) of ``games`` of ``what`` after as many first ones, which start up and fill the
    caches (the seeded games are the same in both runs); or, with ``less``, of ``games`` less that other run."""
    if less is not None:
        (total, actions), (before, _) = _count(what, games), _count(*less)
        return total - before, actions
    (total, actions), (before, first) = _count(what, 2 * games), _count(what, games)
    return total - before, actions - first


def _count(what: str, games: int) -> tuple[int, int]:
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, __file__, "--child", what, "--games", str(games)],
                         capture_output=True, text=True, check=True)
    collected = re.search(r"Collected : (\d+)", run.stderr)
    if collected is None:
        raise SystemExit(f"callgrind printed no count for {what}:\n{run.stderr[-2000:]}")
    return int(collected.group(1)), int(run.stdout.split()[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per measurement")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(play(args.child, args.games))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("needs valgrind (apt-get install valgrind)")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        baseline = None
        print("OpenSpiel not installed: no baseline (pip install open_spiel in a separate virtual environment).")
    else:
        baseline = per_action(BASELINE, args.games * 50)  # 4 actions a game
    print(f"{'':<40} {'instructions/action':>20} {'share':>6}")
    if baseline:
        show(f"OpenSpiel {BASELINE}", baseline)
    show("the loop and the contract alone", per_action("floor", args.games))
    for name, seats in SLOWEST_SEATS.items():
        cost = per_action(name, args.games)
        show(f"spynb {name} ({seats} seats)", cost)
        show("  of which listing the legal actions", listing_per_action(name, args.games), of=cost)
    print(f"reproduce: PYTHONPATH=. python3 benchmarks/instructions.py --games {args.games}")


def listing_per_action(name: str, games: int) -> float:
    """Instructions spent listing legal actions, per action applied, in the second ``games`` games."""
    first, both = (instructions(f"{name}:listing", n, less=(f"{name}:collect", n))[0] for n in (games, 2 * games))
    return (both - first) / (play(name, 2 * games) - play(name, games))


def per_action(what: str, games: int) -> float:
    count, actions = instructions(what, games)
    return count / actions


def show(label: str, cost: float, of: float | None = None) -> None:
    share = f"{cost / of:6.0%}" if of else ""
    print(f"{label:<40} {cost:>20,.0f} {share:>6}")


if __name__ == "__main__":
    main()
