"""Engine throughput: seeded random playouts, in actions per second and games per second.

Run by hand (not a test):

    python3 benchmarks/engine.py [--games N] [--game NAME] [--seconds S]

Every game registered with spynb is measured at its typical seat counts,
driving the state through the public contract only (legal_actions, apply,
chance weights).  Every applied action counts, chance outcomes included.
If OpenSpiel is importable (``pip install open_spiel``, in a separate
virtual environment: it is a benchmark-only dependency), every pure-Python
game it registers that a random playout can drive (turn-based ones) and some
C++ games driven from Python run in the same process, and the targets are
checked: spynb's Cloak & Dagger and KLOAK at least 2× and The Target at least
1× OpenSpiel's fastest pure-Python game.

Beside the full contract, each game is measured in simulation mode
(``spynb.engine.simulate.playout``: the game's own random draws applied
without re-validation, no event log, the garbage collector paused), as
random playouts, exercise simulations, tournaments and the search bot's
rollouts play; its verdict: KLOAK at least 2× the same baseline.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import spynb  # noqa: E402
from spynb.engine import Action, FrozenDict, IllegalActionError, State, Turn, View, sample_chance  # noqa: E402
from spynb.engine.simulate import playout  # noqa: E402
from spynb.kloak.actions import Step  # noqa: E402

TURN_LIMIT = 200
FLOOR_LENGTH = 200
OPENSPIEL_CPP = ("kuhn_poker", "leduc_poker", "hearts")
TARGET_RATIO = {"cloak-dagger": 2.0, "kloak": 2.0, "target": 1.0}
SIMULATION_TARGET_RATIO = {"kloak": 2.0}
"""Simulation mode's targets (The Target's and Cloak & Dagger's fast paths come later: no verdict yet)."""


def typical_seats(spec: spynb.GameSpec) -> list[int]:
    allowed = spec.allowed_seats(spec.default_variant)
    return sorted({allowed[0], spec.default_seats, allowed[-1]})


def spynb_playouts(spec: spynb.GameSpec, seats: int, games: int, seed: int) -> tuple[int, int, float]:
    """Play ``games`` random games; returns (actions applied, games, seconds)."""
    return playouts(lambda: spec.new_state(spec.default_variant, seats, {"turn_limit": TURN_LIMIT}), games, seed)


def simulation_playouts(spec: spynb.GameSpec, seats: int, games: int, seed: int) -> tuple[int, int, float]:
    """Play ``games`` random games in simulation mode; returns (actions applied, games, seconds)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        actions += playout(spec.new_state(spec.default_variant, seats, {"turn_limit": TURN_LIMIT}), rng, quiet=True)
    return actions, games, time.perf_counter() - start


def playouts(new_state: Callable[[], State], games: int, seed: int) -> tuple[int, int, float]:
    """Random playouts of the states ``new_state`` makes: (actions applied, games, seconds)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = new_state()
        while True:
            turn = state.turn
            if turn.chance:
                state.apply(sample_chance(state, rng))
            elif turn.seats:
                seat = turn.seats[0] if len(turn.seats) == 1 else rng.choice(turn.seats)
                state.apply(rng.choice(state.legal_actions(seat)), seat)
            else:
                break
            actions += 1
    return actions, games, time.perf_counter() - start


Listing = Callable[[State, int | None], tuple[Action, ...]]
"""A state's own ``legal_actions``, called with the state and the seat."""


def new_game_state(spec: spynb.GameSpec, seats: int, through: Callable[..., tuple[Action, ...]]) -> State:
    """A new state of ``spec`` whose every ``legal_actions(seat)`` call goes through ``through(listing, state,
    seat)`` (``seat`` defaults to ``None`` there, as in ``legal_actions``).

    The wrapper is an attribute of the state: a copy made by copying attributes has it too.
    """
    state = spec.new_state(spec.default_variant, seats, {"turn_limit": TURN_LIMIT})
    listing = type(state).legal_actions
    state.legal_actions = partial(through, listing, state)  # type: ignore[method-assign]  # no frame of its own
    return state


def legal_share(spec: spynb.GameSpec, seats: int, games: int, seed: int) -> float:
    """The fraction of a playout's time spent in ``legal_actions`` (the same playouts, each call timed)."""
    clock = time.perf_counter
    spent = 0.0

    def timed(listing: Listing, state: State, seat: int | None = None) -> tuple[Action, ...]:
        nonlocal spent
        start = clock()
        actions = listing(state, seat)
        spent += clock() - start
        return actions

    _, _, seconds = playouts(lambda: new_game_state(spec, seats, timed), games, seed)
    return spent / seconds


class ContractFloor(State):
    """A game with nothing in it, for the cost of the loop and the contract alone: two seats take turns
    choosing among a fixed tuple of actions, and nothing happens, for :data:`FLOOR_LENGTH` actions."""

    ACTIONS = tuple(Step("a2", to) for to in ("a1", "a3", "b1", "b2", "b3"))
    TURNS = (Turn((1,)), Turn((2,)), Turn(()))
    seats = 2

    def __init__(self) -> None:
        self.taken = 0

    @property
    def turn(self) -> Turn:
        return self.TURNS[self.taken & 1 if self.taken < FLOOR_LENGTH else 2]

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        return self.ACTIONS

    def is_legal(self, action: Action, seat: int | None) -> bool:
        return True

    def _apply(self, action: Action, seat: int | None) -> None:
        self.taken += 1

    def explain_illegal(self, action: Action, seat: int) -> IllegalActionError:
        raise AssertionError("every action is legal")

    def clone(self) -> ContractFloor:
        other = ContractFloor()
        other.taken = self.taken
        return other

    events = winners = ()  # type: ignore[assignment]

    def view(self, seat: int | None) -> View:
        return View("contract-floor", seat, "nothing to see", FrozenDict(taken=self.taken))

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        return None

    def validate(self) -> list[str]:
        return []

    def text(self, seat: int | None = None) -> str:
        return f"{self.taken} actions taken"


def openspiel_python_games() -> tuple[list[str], list[str]]:
    """OpenSpiel's pure-Python games: those a random playout can drive, and the simultaneous-move rest."""
    import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
    import pyspiel

    driven, skipped = [], []
    for game_type in pyspiel.registered_games():
        if game_type.short_name.startswith("python_"):
            simultaneous = game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
            (skipped if simultaneous else driven).append(game_type.short_name)
    return sorted(driven), sorted(skipped)


def openspiel_playouts(name: str, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random playouts of an OpenSpiel game for about ``seconds``."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions += openspiel_game(game, rng)
        games += 1
    return actions, games, time.perf_counter() - start


def openspiel_game(game: Any, rng: random.Random) -> int:
    """One random playout of a loaded OpenSpiel game; the actions applied (chance outcomes included)."""
    state = game.new_initial_state()
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def row(label: str, actions: int, games: int, seconds: float) -> float:
    rate = actions / seconds
    print(f"{label:<36} {games:>7} {rate:>12,.0f} {games / seconds:>10,.1f} {actions / games:>13,.0f}")
    return rate


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="spynb games per configuration")
    parser.add_argument("--game", action="append", help="only this spynb game (repeatable)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per OpenSpiel game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=5,
                        help="interleaved rounds for the verdicts (each spynb game between two baseline runs)")
    args = parser.parse_args(argv)
    print(f"spynb {spynb.__version__} · Python {platform.python_version()} ({platform.python_implementation()}) · "
          f"{platform.machine()} · {platform.processor() or 'cpu'} · spynb turn limit {TURN_LIMIT}")
    print(f"{'game':<36} {'games':>7} {'actions/s':>12} {'games/s':>10} {'actions/game':>13}")
    ours: dict[str, tuple[float, int]] = {}  # game -> (rate, seats) of its slowest seat count
    for name in args.game or spynb.game_names():
        spec = spynb.get_spec(name)
        for seats in typical_seats(spec):
            rate = row(f"spynb {name} ({seats} seats)", *spynb_playouts(spec, seats, args.games, args.seed))
            ours[name] = min(ours.get(name, (rate, seats)), (rate, seats))
            row("  … in simulation mode", *simulation_playouts(spec, seats, args.games, args.seed))
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel not installed: no comparison (pip install open_spiel in a separate virtual environment).")
    else:
        python_games, skipped = openspiel_python_games()
        theirs = {name: row(f"OpenSpiel {name}", *openspiel_playouts(name, args.seconds, args.seed))
                  for name in python_games + list(OPENSPIEL_CPP)}
        if skipped:
            print(f"(simultaneous-move pure-Python games, not driven by this loop: {', '.join(skipped)})")
        fastest = max(python_games, key=theirs.__getitem__)
        for name in OPENSPIEL_CPP:
            print(f"OpenSpiel C++ {name}: {theirs[name] / theirs[fastest]:.2f}× {fastest}")
        verdicts(ours, fastest, args)
    print(f"reproduce: python3 benchmarks/engine.py --games {args.games} --seconds {args.seconds} --seed {args.seed} "
          f"--rounds {args.rounds}")


def verdicts(ours: dict[str, tuple[float, int]], baseline: str, args: argparse.Namespace) -> None:
    """Each game's ratio to ``baseline``, measured in interleaved rounds, so a machine's drift hits both sides.

    A round times the baseline, the game's slowest seat count, and the baseline again; the ratio is the
    game's rate over the mean of the two baseline rates.  The verdict uses the median round.
    """
    games = max(10, args.games // args.rounds)
    seconds = max(0.5, args.seconds / args.rounds)
    print(f"\nratios to OpenSpiel's fastest pure-Python game, {baseline}, slowest seat count of each spynb game; "
          f"{args.rounds} interleaved rounds ({games} games, baseline {seconds:.1f} s before and after):")
    costs = {}
    for name, (_, seats) in ours.items():
        median, baseline_rate = interleaved(baseline, partial(spynb_playouts, spynb.get_spec(name), seats), name,
                                            seats, TARGET_RATIO.get(name, 1.0), games, seconds, args)
        costs[name] = (seats, 1e6 / baseline_rate / median, 1e6 / baseline_rate / TARGET_RATIO.get(name, 1.0))
    print("\nthe same in simulation mode (spynb.engine.simulate.playout: the game's own draws, no re-validation, "
          "no event log, the collector paused):")
    for name, (_, seats) in ours.items():
        interleaved(baseline, partial(simulation_playouts, spynb.get_spec(name), seats), name, seats,
                    SIMULATION_TARGET_RATIO.get(name), games, seconds, args)
    where_the_time_goes(costs, games, args.seed)


def interleaved(baseline: str, measure: Callable[[int, int], tuple[int, int, float]], name: str, seats: int,
                needed: float | None, games: int, seconds: float, args: argparse.Namespace) -> tuple[float, float]:
    """The median over rounds of ``measure(games, seed)``'s rate over the baseline's (timed before and after it),
    printed with its verdict against ``needed`` (none when ``None``); returns it and the baseline's median rate."""
    ratios, baseline_rates = [], []
    for round_ in range(args.rounds):
        before = _rate(*openspiel_playouts(baseline, seconds, args.seed + round_))
        rate = _rate(*measure(games, args.seed + round_))
        after = _rate(*openspiel_playouts(baseline, seconds, args.seed + round_))
        ratios.append(rate / ((before + after) / 2))
        baseline_rates += [before, after]
    median = statistics.median(ratios)
    verdict = "no target yet" if needed is None else \
        f"target ≥ {needed:.1f}×: {'met' if median >= needed else 'MISSED'}"
    print(f"  {name:<14} ({seats} seats) {median:5.2f}×  (rounds {min(ratios):.2f}–{max(ratios):.2f}×; {verdict})")
    return median, statistics.median(baseline_rates)


def where_the_time_goes(costs: dict[str, tuple[int, float, float]], games: int, seed: int) -> None:
    """Each game's cost per action (in the baseline's time of its rounds: the ratio again) beside what its target
    allows, and the parts no game can shed: the loop and the contract (a game with nothing in it) and, per
    game, listing the legal actions."""
    floor = _rate(*playouts(ContractFloor, max(games, 200), seed))
    print(f"\nwhere the time goes, in µs per action (the loop and the contract with a game that does nothing: "
          f"{1e6 / floor:.1f} µs):")
    print(f"  {'game':<14} {'now':>6} {'target allows':>14} {'listing the legal actions':>26}")
    for name, (seats, cost, allowed) in costs.items():
        listing = legal_share(spynb.get_spec(name), seats, games, seed) * cost
        print(f"  {name:<14} {cost:6.1f} {allowed:14.1f} {listing:26.1f}")


def _rate(actions: int, _games: int, seconds: float) -> float:
    return actions / seconds


if __name__ == "__main__":
    main()
