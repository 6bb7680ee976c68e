"""Engine throughput: seeded random playouts, in actions per second and games per second.

Run by hand (not a test):  python3 benchmarks/engine.py [--games N] [--game NAME]

Every game registered with spynb is measured at its typical seat counts, driving
the state through the public contract only (legal_actions, apply, chance).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import spynb  # noqa: E402
from spynb.engine import sample_chance  # noqa: E402

TURN_LIMIT = 200


def typical_seats(spec: spynb.GameSpec) -> list[int]:
    allowed = spec.allowed_seats(spec.default_variant)
    return sorted({allowed[0], spec.default_seats, allowed[-1]})


def random_playouts(spec: spynb.GameSpec, seats: int, games: int, seed: int) -> tuple[int, float]:
    """Play ``games`` random games; returns (actions taken, seconds)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = spec.new_state(spec.default_variant, seats, {"turn_limit": TURN_LIMIT})
        while True:
            turn = state.turn
            if turn.chance:
                state.apply(sample_chance(state, rng))
            elif turn.seats:
                seat = turn.seats[0] if len(turn.seats) == 1 else rng.choice(turn.seats)
                state.apply(rng.choice(state.legal_actions(seat)), seat)
                actions += 1
            else:
                break
    return actions, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per configuration")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"spynb {spynb.__version__} · Python {platform.python_version()} ({platform.python_implementation()}) · "
          f"{platform.machine()} · turn limit {TURN_LIMIT}")
    print(f"{'game':<14} {'seats':>5} {'games':>6} {'actions/s':>11} {'games/s':>9} {'actions/game':>13}")
    for name in args.game or spynb.game_names():
        spec = spynb.get_spec(name)
        for seats in typical_seats(spec):
            actions, seconds = random_playouts(spec, seats, args.games, args.seed)
            print(f"{name:<14} {seats:>5} {args.games:>6} {actions / seconds:>11,.0f} {args.games / seconds:>9,.1f} "
                  f"{actions / args.games:>13,.0f}")
    print(f"reproduce: python3 benchmarks/engine.py --games {args.games} --seed {args.seed}")


if __name__ == "__main__":
    main()
