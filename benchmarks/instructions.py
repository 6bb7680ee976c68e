"""The engine benchmark's playouts counted in machine instructions, not seconds: the same on every run.

A virtual machine's clock swings by up to 2× between runs; callgrind's instruction count
(``valgrind``, from Debian's packages) does not.  Each measurement runs this script twice
under callgrind, with ``--games`` games and with twice as many, and divides the difference by
the actions applied in the second half (the same seeded games in both runs: so starting up and
filling the caches count for nothing).  Every run has the same hash seed (``PYTHONHASHSEED=0``):
dictionary and set layouts otherwise move a pure-Python game's count by several per cent.
Measured, all in the same interpreter:

* each spynb game's random playouts through the contract and in simulation mode, as ``engine.py``
  plays them, at its slowest seat count (``--all-seats``: at every seat count of its default variant,
  the slowest counting);
* listing the legal actions alone, for every position of the contract's playouts where a seat decides;
* the loop and the contract with a game that does nothing (``engine.ContractFloor``);
* the peers, when installed: OpenSpiel's python_kuhn_poker (the engine targets' baseline) and
  python_tic_tac_toe, and python-chess.

Instructions are not time: OpenSpiel's games run partly in C++ behind pybind11, at a different
rate of instructions per second, so compare spynb's own figures here (before and after a change,
or a part against the whole) and take the ratios to OpenSpiel from ``engine.py``.

Run by hand (slow: callgrind runs Python about 50× slower)::

    PYTHONPATH=. /tmp/bench/bin/python benchmarks/instructions.py [--games 10] [--all-seats]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import spynb  # noqa: E402
from engine import (BASELINE, HASH_SEED, ContractFloor, Listing, chess_game, contract_game, new_game_state,  # noqa: E402
                    new_state, openspiel_game, playouts, simulation_game)

SLOWEST_SEATS = {"cloak-dagger": 5, "kloak": 2, "target": 4}
"""The seat count measured by default.  Which seat count is slowest moves between ``engine.py``'s timed runs (Cloak &
Dagger's are within 10% of each other), so ``--all-seats`` counts every one and names the slowest."""
PEER_GAMES = {BASELINE: 50, "python_tic_tac_toe": 10, "python-chess": 1}
"""Each peer's games per spynb game measured (a peer's game is shorter: 4, 8 and about 350 actions)."""


def play(what: str, games: int) -> int:
    """Play ``games`` of ``what`` as ``engine.py`` does; the actions applied, or the positions collected.

    ``GAME:SEATS`` plays through the contract, ``GAME:SEATS:sim`` in simulation mode; ``GAME:SEATS:collect``
    collects every position of the contract's playouts where a seat decides, and ``GAME:SEATS:listing`` collects
    them and then lists each one's legal actions: the difference between the two is the listing.
    """
    rng = random.Random(0)
    if what == "floor":
        return playouts(ContractFloor, games, 0)[0]
    if what == "python-chess":
        return sum(chess_game(rng)[0] for _ in range(games))
    if what in PEER_GAMES:
        return openspiel_playouts(what, games)
    name, seats_text, *part = what.split(":")
    spec, seats = spynb.get_spec(name), int(seats_text)
    if not part:
        return sum(contract_game(new_state(spec, seats), rng)[0] for _ in range(games))
    if part == ["sim"]:
        return sum(simulation_game(spec, seats, rng)[0] for _ in range(games))
    positions = decisions(spec, seats, games)
    if part == ["listing"]:
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


def openspiel_playouts(name: str, games: int) -> int:
    import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
    import pyspiel

    game, rng = pyspiel.load_game(name), random.Random(0)
    return sum(openspiel_game(game, rng)[0] for _ in range(games))


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
                         capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": HASH_SEED})
    collected = re.search(r"Collected : (\d+)", run.stderr)
    if collected is None:
        raise SystemExit(f"callgrind printed no count for {what}:\n{run.stderr[-2000:]}")
    return int(collected.group(1)), int(run.stdout.split()[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="spynb games per measurement")
    parser.add_argument("--all-seats", action="store_true", help="every seat count, not only the slowest")
    parser.add_argument("--game", action="append", choices=sorted(SLOWEST_SEATS),
                        help="only this spynb game, without the peers (repeatable)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(play(args.child, args.games))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("needs valgrind (apt-get install valgrind)")
    print(f"{'':<44} {'instructions/action':>20} {'share':>6}   (PYTHONHASHSEED={HASH_SEED})")
    for peer, games in ({} if args.game else PEER_GAMES).items():
        try:
            show(peer, per_action(peer, args.games * games))
        except subprocess.CalledProcessError:
            print(f"{peer:<44} {'not installed':>20}")
    show("the loop and the contract alone", per_action("floor", args.games))
    for name, slowest in SLOWEST_SEATS.items():
        if args.game and name not in args.game:
            continue
        spec = spynb.get_spec(name)
        seat_counts = spec.allowed_seats(spec.default_variant) if args.all_seats else (slowest,)
        costs = {}
        for seats in seat_counts:
            cost = costs[seats] = per_action(f"{name}:{seats}", args.games)
            show(f"spynb {name} ({seats} seats)", cost)
            show("  of which listing the legal actions", listing_per_action(name, seats, args.games), of=cost)
            show("  in simulation mode", per_action(f"{name}:{seats}:sim", args.games), of=cost)
        if len(costs) > 1:
            print(f"  slowest: {max(costs, key=costs.__getitem__)} seats")
    print(f"reproduce: PYTHONPATH=. python3 benchmarks/instructions.py --games {args.games}"
          f"{' --all-seats' if args.all_seats else ''}{''.join(f' --game {name}' for name in args.game or ())}")


def listing_per_action(name: str, seats: int, games: int) -> float:
    """Instructions spent listing legal actions, per action applied, in the second ``games`` games."""
    what = f"{name}:{seats}"
    first, both = (instructions(f"{what}:listing", n, less=(f"{what}:collect", n))[0] for n in (games, 2 * games))
    return (both - first) / (play(what, 2 * games) - play(what, games))


def per_action(what: str, games: int) -> float:
    count, actions = instructions(what, games)
    return count / actions


def show(label: str, cost: float, of: float | None = None) -> None:
    share = f"{cost / of:6.0%}" if of else ""
    print(f"{label:<44} {cost:>20,.0f} {share:>6}")


if __name__ == "__main__":
    main()
