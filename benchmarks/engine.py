"""Engine throughput against fair peers, in one interleaved run: seeded random playouts, actions per second.

Run by hand (not a test), in a virtual environment that also has the peers (benchmark-only dependencies)::

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install open_spiel chess
    PYTHONPATH=. /tmp/bench/bin/python benchmarks/engine.py [--rounds R] [--slice S] [--game NAME] [--where]

What runs, each as random playouts with every applied action counted (chance outcomes included):

* every spynb game at every seat count of its default variant, twice: through the public contract
  (``legal_actions``, a validated ``apply``, chance weights, the event log) and in simulation mode
  (:func:`spynb.engine.simulate.playout`: the game's own draws, no re-validation, the null history, the
  collector paused), as random playouts, exercise simulations, tournaments and the search bot play;
* OpenSpiel's pure-Python games python_kuhn_poker (the baseline of every ratio) and python_tic_tac_toe;
* python-chess (``legal_moves`` listed, one pushed), the pure-Python board-game peer;
* OpenSpiel's C++ games driven from Python (kuhn_poker, leduc_poker, hearts, breakthrough, chess): the
  ceiling of what a Python loop over a game can do.

The run is interleaved: each of ``--rounds`` rounds times every measurement for about ``--slice`` seconds,
each between two slices of the baseline, and a measurement's ratio in a round is its rate over the mean of
those two; the median round counts.  So the machine's drift hits both sides of every ratio.  Board games
(KLOAK, tic-tac-toe, chess, breakthrough) are also reported per listed move (the moves listed at each
decision: a game with more moves to list does more work per action).  A game's verdict is its slowest seat
count's.  Python's hash seed is fixed (``PYTHONHASHSEED``, 0 unless set: this script re-runs itself with
it), because dictionary and set layouts move a pure-Python game's speed by several per cent.

Verdicts: every spynb game in simulation mode ≥ 2× python_kuhn_poker and through the full contract ≥ 1×;
KLOAK in simulation mode ≥ 4× python-chess.  ``--where`` adds where the contract's time goes (the loop and
the contract with a game that does nothing, and listing the legal actions).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
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
HASH_SEED = "0"
BASELINE = "python_kuhn_poker"
OPENSPIEL_PYTHON = (BASELINE, "python_tic_tac_toe")
OPENSPIEL_CPP = ("kuhn_poker", "leduc_poker", "hearts", "breakthrough", "chess")
BOARD_GAMES = frozenset(("kloak", "python_tic_tac_toe", "python-chess", "breakthrough", "chess"))
CHESS_PLIES = 400
"""python-chess playouts end at checkmate or stalemate, the 75-move rule, or this many plies."""
CONTRACT_TARGET, SIMULATION_TARGET, KLOAK_OVER_CHESS = 1.0, 2.0, 4.0


@dataclass
class Counts:
    """What a slice of playouts did: actions applied, games, moves listed at decisions, seconds."""

    actions: int = 0
    games: int = 0
    listed: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.actions / self.seconds


@dataclass
class Measure:
    """One thing the run times: ``play(rng)`` plays one game and returns (actions, moves listed)."""

    label: str
    play: Callable[[random.Random], tuple[int, int]]
    board: bool = False
    game: str = ""
    """The spynb game measured ("" for a peer), at ``seats``, in simulation mode or not (``sim``)."""
    seats: int = 0
    sim: bool = False
    ratios: list[float] = field(default_factory=list)
    slices: list[Counts] = field(default_factory=list)

    def timed(self, seconds: float, seed: int) -> Counts:
        """Whole games, seeded ``seed``, until ``seconds`` have passed."""
        rng, counts, clock = random.Random(seed), Counts(), time.perf_counter
        start = clock()
        while clock() - start < seconds:
            actions, listed = self.play(rng)
            counts.actions += actions
            counts.listed += listed
            counts.games += 1
        counts.seconds = clock() - start
        return counts


# -- spynb --------------------------------------------------------------------------------------------------
def new_state(spec: spynb.GameSpec, seats: int) -> State:
    return spec.new_state(spec.default_variant, seats, {"turn_limit": TURN_LIMIT})


def contract_game(state: State, rng: random.Random) -> tuple[int, int]:
    """One random playout through the public contract: (actions applied, legal actions listed)."""
    actions = listed = 0
    while True:
        turn = state.turn
        if turn.chance:
            state.apply(sample_chance(state, rng))
        elif turn.seats:
            seat = turn.seats[0] if len(turn.seats) == 1 else rng.choice(turn.seats)
            legal = state.legal_actions(seat)
            listed += len(legal)
            state.apply(rng.choice(legal), seat)
        else:
            return actions, listed
        actions += 1


def _contract_game(spec: spynb.GameSpec, seats: int, rng: random.Random) -> tuple[int, int]:
    return contract_game(new_state(spec, seats), rng)


def simulation_game(spec: spynb.GameSpec, seats: int, rng: random.Random) -> tuple[int, int]:
    """One random playout in simulation mode (nothing is listed where the game draws without listing)."""
    return playout(new_state(spec, seats), rng, quiet=True), 0


def playouts(make: Callable[[], State], games: int, seed: int) -> tuple[int, int, float]:
    """``games`` random playouts through the contract of the states ``make`` makes: (actions, games, seconds)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        actions += contract_game(make(), rng)[0]
    return actions, games, time.perf_counter() - start


def spynb_measures(names: list[str]) -> list[Measure]:
    """Every seat count of each game's default variant, through the contract and in simulation mode."""
    measures = []
    for name in names:
        spec = spynb.get_spec(name)
        for seats in spec.allowed_seats(spec.default_variant):
            contract = partial(_contract_game, spec, seats)
            measures.append(Measure(f"{name} {seats}", contract, name in BOARD_GAMES, name, seats))
            measures.append(Measure(f"{name} {seats} sim", partial(simulation_game, spec, seats), False, name, seats,
                                    True))
    return measures


# -- the peers ------------------------------------------------------------------------------------------------
def openspiel_game(game: Any, rng: random.Random) -> tuple[int, int]:
    """One random playout of a loaded OpenSpiel game: (actions applied, chance included; legal actions listed)."""
    state = game.new_initial_state()
    actions = listed = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            legal = state.legal_actions()
            listed += len(legal)
            state.apply_action(rng.choice(legal))
        actions += 1
    return actions, listed


def chess_game(rng: random.Random) -> tuple[int, int]:
    """One random game of python-chess: ``legal_moves`` listed, one pushed, until none or a limit."""
    import chess

    board = chess.Board()
    actions = listed = 0
    while actions < CHESS_PLIES and board.halfmove_clock < 150:  # the 75-move rule
        moves = list(board.legal_moves)
        if not moves:
            break
        listed += len(moves)
        board.push(rng.choice(moves))
        actions += 1
    return actions, listed


def peer_measures() -> tuple[list[Measure], list[str]]:
    """The peers that are installed, and a note for each that is not."""
    measures, missing = [], []
    try:
        import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
        import pyspiel
    except ImportError:
        missing.append("open_spiel (pip install open_spiel)")
    else:
        for name in (*OPENSPIEL_PYTHON, *OPENSPIEL_CPP):
            label = name if name.startswith("python_") else f"{name} (C++)"
            measures.append(Measure(label, partial(openspiel_game, pyspiel.load_game(name)), name in BOARD_GAMES))
    try:
        import chess  # noqa: F401
    except ImportError:
        missing.append("python-chess (pip install chess)")
    else:
        measures.append(Measure("python-chess", chess_game, True))
    return measures, missing


# -- the run ------------------------------------------------------------------------------------------------
def interleaved(baseline: Measure, measures: list[Measure], rounds: int, seconds: float, seed: int) -> None:
    """``rounds`` rounds, each timing every measure between two baseline slices (the order turned by one each
    round); each measure's ratio per round is kept in it."""
    for round_ in range(rounds):
        print(f"  round {round_ + 1} of {rounds} …", file=sys.stderr, flush=True)
        order = measures[round_ % len(measures):] + measures[:round_ % len(measures)]
        before = baseline.timed(seconds, seed + round_)
        baseline.slices.append(before)
        for measure in order:
            counts = measure.timed(seconds, seed + round_)
            after = baseline.timed(seconds, seed + round_)
            measure.slices.append(counts)
            measure.ratios.append(counts.rate / ((before.rate + after.rate) / 2))
            baseline.slices.append(after)
            before = after


def report(baseline: Measure, measures: list[Measure]) -> None:
    """Each measure's median ratio and its range, its median rate, µs per action and, for board games, ns per
    listed move."""
    print(f"\n{'':<26} {'ratio to ' + BASELINE:>24} {'rounds':>13} {'actions/s':>11} {'µs/action':>10} "
          f"{'ns/listed move':>15} {'actions/game':>13}")
    for measure in [baseline, *measures]:
        slices = measure.slices
        rate = statistics.median(c.rate for c in slices)
        ratio = f"{statistics.median(measure.ratios):.2f}×" if measure.ratios else "1"
        spread = f"{min(measure.ratios):.2f}–{max(measure.ratios):.2f}×" if measure.ratios else ""
        listed = sum(c.listed for c in slices)
        per_move = f"{sum(c.seconds for c in slices) / listed * 1e9:,.0f}" if measure.board and listed else ""
        length = sum(c.actions for c in slices) / max(1, sum(c.games for c in slices))
        print(f"{measure.label:<26} {ratio:>24} {spread:>13} {rate:>11,.0f} {1e6 / rate:>10.2f} {per_move:>15} "
              f"{length:>13,.0f}")


def verdicts(measures: list[Measure], names: list[str]) -> None:
    """Each game's slowest seat count against the targets, and KLOAK against python-chess."""
    by_label = {m.label: m for m in measures}
    print(f"\nverdicts (each game's slowest seat count, median of its rounds, against {BASELINE}):")
    for name in names:
        for sim, needed, mode in ((False, CONTRACT_TARGET, "full contract"), (True, SIMULATION_TARGET,
                                                                               "simulation mode")):
            slowest = slowest_of(measures, name, sim)
            median = statistics.median(slowest.ratios)
            print(f"  {name:<13} {mode:<16} slowest {slowest.seats:>2} seats: {median:5.2f}× "
                  f"(target ≥ {needed:.0f}×: {'met' if median >= needed else 'MISSED'})")
    chess, kloak = by_label.get("python-chess"), by_label.get("kloak 2 sim")
    if chess is not None and kloak is not None:
        ratios = [k / c for k, c in zip(kloak.ratios, chess.ratios)]
        median = statistics.median(ratios)
        print(f"  KLOAK (2 seats, simulation mode) / python-chess: {median:.2f}× (rounds {min(ratios):.2f}–"
              f"{max(ratios):.2f}×; target ≥ {KLOAK_OVER_CHESS:.0f}×: {'met' if median >= KLOAK_OVER_CHESS else 'MISSED'})")
        contract = by_label["kloak 2"]
        per_round = [k / c for k, c in zip(contract.ratios, chess.ratios)]
        print(f"  KLOAK (2 seats, full contract) / python-chess: {statistics.median(per_round):.2f}× (no target)")


def slowest_of(measures: list[Measure], name: str, sim: bool) -> Measure:
    """Game ``name``'s seat count with the lowest median ratio, in simulation mode or through the contract."""
    return min((m for m in measures if m.game == name and m.sim == sim), key=lambda m: statistics.median(m.ratios))


def load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def versions() -> str:
    found = []
    for module, name in (("pyspiel", "open_spiel"), ("chess", "chess")):
        try:
            found.append(f"{name} {__import__(module).__version__}")
        except (ImportError, AttributeError):
            found.append(f"{name} absent")
    return ", ".join(found)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only this spynb game (repeatable)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--slice", type=float, default=0.3, help="seconds per measurement per round")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--where", action="store_true", help="also where the contract's time goes")
    args = parser.parse_args(argv)
    print(f"spynb {spynb.__version__} · Python {platform.python_version()} ({platform.python_implementation()}) · "
          f"{platform.machine()} · {os.cpu_count()} cores · {load()} · PYTHONHASHSEED="
          f"{os.environ.get('PYTHONHASHSEED')} · {versions()} · turn limit {TURN_LIMIT}")
    peers, missing = peer_measures()
    for note in missing:
        print(f"not installed, not measured: {note}")
    by_label = {m.label: m for m in peers}
    baseline = by_label.pop(BASELINE, None)
    if baseline is None:
        raise SystemExit(f"needs OpenSpiel for the baseline, {BASELINE}")
    names = args.game or spynb.game_names()
    measures = spynb_measures(names) + list(by_label.values())
    interleaved(baseline, measures, args.rounds, args.slice, args.seed)
    report(baseline, measures)
    verdicts(measures, names)
    if args.where:
        where_the_time_goes(baseline, measures, names, args.seed)
    print(f"after the run: {load()}")
    print(f"reproduce: PYTHONPATH=. python3 benchmarks/engine.py --rounds {args.rounds} --slice {args.slice} "
          f"--seed {args.seed}{''.join(f' --game {n}' for n in args.game or ())}{' --where' if args.where else ''}")


# -- where the contract's time goes ----------------------------------------------------------------------------
Listing = Callable[[State, int | None], tuple[Action, ...]]
"""A state's own ``legal_actions``, called with the state and the seat."""


def new_game_state(spec: spynb.GameSpec, seats: int, through: Callable[..., tuple[Action, ...]]) -> State:
    """A new state of ``spec`` whose every ``legal_actions(seat)`` call goes through ``through(listing, state,
    seat)`` (``seat`` defaults to ``None`` there, as in ``legal_actions``).

    The wrapper is an attribute of the state: a copy made by copying attributes has it too.
    """
    state = new_state(spec, seats)
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


def where_the_time_goes(baseline: Measure, measures: list[Measure], names: list[str], seed: int) -> None:
    """Each game's slowest seat count's µs per action through the contract (in the baseline's time: the ratio
    again) beside the loop and the contract alone and the share spent listing legal actions."""
    base = statistics.median(c.rate for c in baseline.slices)
    actions, _, seconds = playouts(ContractFloor, 200, seed)
    print(f"\nwhere the contract's time goes, µs per action in {BASELINE}'s median time (the loop and the contract "
          f"with a game that does nothing, timed once after the rounds: {seconds / actions * 1e6:.1f} µs):")
    for name in names:
        slowest = slowest_of(measures, name, False)
        cost = 1e6 / base / statistics.median(slowest.ratios)
        share = legal_share(spynb.get_spec(name), slowest.seats, 20, seed)
        print(f"  {name:<13} ({slowest.seats} seats) {cost:6.1f} µs, of which listing the legal actions "
              f"{share * cost:5.1f} µs")


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") is None:  # a fixed hash seed: run again with it
        os.environ["PYTHONHASHSEED"] = HASH_SEED
        os.execv(sys.executable, [sys.executable, *sys.argv])
    main()
