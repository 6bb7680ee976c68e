"""The soak: seeded bot games checked after every action, and the shared no-leak check.

A soak game is fixed by its game and seed: the seed picks the variant and seat count (cycling
through every one the spec declares), the bots at the seats (random, rules of thumb, or both)
and every chance outcome, so ``python -m spynb soak GAME --games 1 --seed S`` replays game ``S``
exactly.  After each action it checks the game's invariants (``validate()``), that a clone is
independent (changing it leaves the original as it was), that the action's notation reads back
and a fresh replay of the actions so far is in the same position, that at a chance point no seat
may play chance's outcome (ENG-1, and nothing changes), and at the end that the JSON record reads
back equal and replays to the same final position.  Every ``every`` actions (every action of a
game shorter than that) it runs the no-leak check (:func:`check_no_leak`) for every seat.

Everything here goes through the public contract (``State``, ``Game``, ``Record``, ``GameSpec``),
so a new game is soaked by existing.

>>> report = soak("kloak", games=2, seed=0, every=25)
>>> report.games, report.violations, report.leaks.changed > 0
(2, [], True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field

from spynb.bots import make_bot
from spynb.engine import Action, Game, GameSpec, IllegalActionError, Record, State, View, sample_chance, whole_number
from spynb.games import get_spec

__all__ = ["EVERY", "HORIZON", "LINEUPS", "TURN_LIMIT", "Entry", "LeakTally", "SoakReport", "Violation",
           "check_no_leak", "check_no_leak_at", "checks_leaks", "configurations", "replay_steps", "setup", "soak", "soak_game"]

Entry = tuple[int | None, Action]
"""One step of a game: the acting seat (``None`` for chance) and its action."""

EVERY = 10
"""Run the no-leak check every this many actions."""
HORIZON = 6
"""Continue both states this many steps after a re-deal."""
TURN_LIMIT = 200
"""The soak games' ``turn_limit`` option."""
MAX_ACTIONS = 100_000
LINEUPS = (("random",), ("rules",), ("random", "rules"), ("rules", "random"))
"""Bots round the table, repeated seat by seat: the seed picks one."""


@dataclass(frozen=True)
class Violation:
    """A broken promise, with what it takes to reproduce it."""

    game: str
    variant: str
    seats: int
    seed: int
    step: int
    """How many actions of the game had been taken when it was found (chance outcomes count as actions)."""
    check: str
    what: str

    def __str__(self) -> str:
        return (f"{self.game} {self.variant} {self.seats} seats, seed {self.seed}, step {self.step} "
                f"[{self.check}]: {self.what}")


@dataclass
class LeakTally:
    """What the no-leak checks did: proof that they ran, and why continuations stopped."""

    redeals: int = 0
    """Re-deals made."""
    changed: int = 0
    """Re-deals that changed something hidden."""
    steps: int = 0
    """Steps applied to both the real and the re-dealt state and compared."""
    not_legal: int = 0
    """Continuations stopped because the next action was not legal in the re-dealt state."""
    revealed: int = 0
    """Continuations stopped because the seat was shown different things (a fair reveal)."""
    chance_apart: int = 0
    """Continuations stopped because no chance outcome was possible in both states."""
    off_course: int = 0
    """Continuations stopped because a shared substitute chance outcome made the next action illegal."""

    def add(self, other: LeakTally) -> None:
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def __str__(self) -> str:
        return (f"{self.redeals} re-deals ({self.changed} changed something hidden), {self.steps} steps compared; "
                f"stopped: {self.not_legal} not legal in the re-deal, {self.revealed} fair reveals, "
                f"{self.chance_apart + self.off_course} chance apart")


# -- the no-leak check ------------------------------------------------------------------------------------------
def check_no_leak(state: State, seat: int, upcoming: Sequence[Entry], rng: random.Random, tally: LeakTally,
                  horizon: int = HORIZON, hidden: object = None) -> str | None:
    """Re-deal what ``seat`` has not seen and look for any difference it could notice; the first, or None.

    Whose turn it is, the phase, event numbering and timing may depend only on public facts and
    the acting seat's own knowledge.  So in the re-dealt state (a) the invariants hold and (b) the
    seat's view, its legal actions, the turn and the step numbers of the events it saw are the same
    as in the real one; (c) both are continued with the game's ``upcoming`` actions, checking (a) and
    (b) after each, until ``horizon`` steps, an action not legal in the re-deal (another seat's hidden
    cards decided it), or the seat being shown different things (a fair reveal).  ``state`` is left
    as it was; ``tally`` counts what was done (``hidden``: ``state``'s hidden part, if already known).
    """
    try:
        other = state.resample_hidden(seat, rng)
    except Exception as err:  # noqa: BLE001 -- a crash is a finding, reported with the rest
        return f"seat {seat}'s re-deal crashed: {_crash(err)}"
    if other is None:
        return None
    tally.redeals += 1
    tally.changed += _hidden_part(other.view(None)) != (_hidden_part(state.view(None)) if hidden is None else hidden)
    real = state.clone() if upcoming[:horizon] else state
    seen = _Seen(real, seat), _Seen(other, seat)
    problem = _difference(real, other, seat, seen)
    if problem:
        return f"seat {seat}'s re-deal: {problem}"
    for taken, (actor, action) in enumerate(upcoming[:horizon], 1):
        chosen = _next_action(real, other, actor, action, rng, tally)
        if chosen is None:
            return None
        after = f"{taken} step(s) after seat {seat}'s re-deal, after {_entry(actor, chosen)}"
        try:
            real.apply(chosen, actor)
            other.apply(chosen, actor)
        except Exception as err:  # noqa: BLE001
            return f"{after}: the re-dealt state crashed: {_crash(err)}"
        tally.steps += 1
        shown = seen[0].new(), seen[1].new()
        if shown[0] != shown[1]:  # the seat was shown different things: a fair reveal
            tally.revealed += 1
            return _invalid(real, other, after)
        problem = _difference(real, other, seat, seen)
        if problem:
            return f"{after}: {problem}"
    return None


def check_no_leak_at(state: State, upcoming: Sequence[Entry], seed: object, tally: LeakTally,
                     horizon: int = HORIZON, played_on: Collection[int] | None = None) -> list[str]:
    """:func:`check_no_leak` for every seat, each re-dealt by a generator seeded by ``(seed, seat)``.

    Only the seats in ``played_on`` (default: all) are played on after their re-deal; the others
    are compared right after it (a cheaper check, for games with many seats).
    """
    if state.over:
        return []
    hidden = _hidden_part(state.view(None))
    found = (check_no_leak(state, seat, upcoming, random.Random(f"{seed}/{seat}"), tally,
                           horizon if played_on is None or seat in played_on else 0, hidden)
             for seat in range(1, state.seats + 1))
    return [problem for problem in found if problem]


def checks_leaks(step: int, length: int, every: int) -> bool:
    """Whether the no-leak check runs at ``step`` of a game of ``length`` actions: every ``every`` steps, and at
    every step of a game shorter than that (else a short game would be checked only before anything is dealt).

    >>> [step for step in range(25) if checks_leaks(step, 25, 10)], checks_leaks(3, 4, 10)
    ([0, 10, 20], True)
    """
    return length < every or step % every == 0


class _Seen:
    """The events one seat saw in one state, read as they come."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat, self.read = state, seat, state.event_count
        self.steps = state.steps_seen_by(seat)
        """The step numbers of the events seen so far."""

    def new(self) -> list[tuple[object, ...]]:
        """What the seat saw since the last call: (kind, actor, data) of each event."""
        since = self.state.events_since(self.read)
        fresh = [e for e in since if e.visible_to(self.seat)]
        self.read += len(since)
        self.steps += [e.step for e in fresh]
        return [(e.kind, e.actor, e.data) for e in fresh]


def _next_action(real: State, other: State, actor: int | None, action: Action, rng: random.Random,
                 tally: LeakTally) -> Action | None:
    """The action to apply to both states next, or None (counted) when the continuation stops here."""
    if real.turn.chance != (actor is None):  # a substitute chance outcome took the game another way
        tally.off_course += 1
        return None
    if actor is not None:
        if not real.is_legal(action, actor):
            tally.off_course += 1
            return None
        if not other.is_legal(action, actor):
            tally.not_legal += 1
            return None
        return action
    if real.is_legal(action, None) and other.is_legal(action, None):
        return action
    possible = {outcome for outcome, _ in other.chance_weights()}
    shared = [(outcome, weight) for outcome, weight in real.chance_weights() if outcome in possible]
    if not shared:
        tally.chance_apart += 1
        return None
    return rng.choices([outcome for outcome, _ in shared], [weight for _, weight in shared])[0]


def _difference(real: State, other: State, seat: int, seen: tuple[_Seen, _Seen]) -> str | None:
    """The first thing ``seat`` could tell apart between the states (or a broken invariant), or None."""
    invalid = _invalid(real, other, "")
    if invalid:
        return invalid.lstrip(": ")
    if real.turn != other.turn:
        return f"the turn differs: {real.turn} in the real state, {other.turn} in the re-dealt one"
    mine, theirs = real.view(seat), other.view(seat)
    if mine != theirs:
        return f"view({seat}) differs: {_first_difference(mine.data, theirs.data)}"
    legal, legal_there = real.legal_actions(seat), other.legal_actions(seat)
    if legal != legal_there:
        return (f"seat {seat}'s legal actions differ: only real {_strs(set(legal) - set(legal_there))}, "
                f"only re-dealt {_strs(set(legal_there) - set(legal))}")
    steps, steps_there = seen[0].steps, seen[1].steps
    if steps != steps_there:
        return (f"the events seat {seat} saw differ in count or numbering: {len(steps)} events, steps "
                f"{_tail(steps)} in the real state; {len(steps_there)}, steps {_tail(steps_there)} re-dealt")
    return None


def _invalid(real: State, other: State, where: str) -> str | None:
    for label, state in (("re-dealt", other), ("real", real)):
        problems = state.validate()
        if problems:
            return f"{where}: the {label} state is invalid: {'; '.join(problems[:3])}"
    return None


def _hidden_part(view: View) -> dict[str, object]:
    """The omniscient view without the history: what a re-deal may change."""
    data = dict(view.data)
    data.pop("events", None)
    return data


def _first_difference(mine: object, theirs: object, path: str = "") -> str:
    """Where two view data first differ, with both values (shortened)."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in sorted(set(mine) | set(theirs), key=str):
            if mine.get(key) != theirs.get(key):
                return _first_difference(mine.get(key), theirs.get(key), f"{path}[{key!r}]")
    if isinstance(mine, tuple) and isinstance(theirs, tuple) and len(mine) == len(theirs):
        for i, (a, b) in enumerate(zip(mine, theirs)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return f"{path or 'the view'}: {_short(mine)} in the real state, {_short(theirs)} in the re-dealt one"


def _short(value: object, limit: int = 160) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _strs(actions: set[Action]) -> str:
    return "{" + ", ".join(sorted(map(str, actions))) + "}"


def _tail(steps: Sequence[object]) -> str:
    return ("…" if len(steps) > 8 else "") + str(steps[-8:])


def _entry(actor: int | None, action: Action) -> str:
    return f"{'chance' if actor is None else f'seat {actor}'}: {action}"


def _crash(err: Exception) -> str:
    return f"{type(err).__name__}: {err}"


# -- replaying a game step by step ------------------------------------------------------------------------------
def replay_steps(spec: GameSpec, variant: str, seats: int, options: dict[str, object],
                 entries: Sequence[Entry]) -> Iterator[tuple[int, State]]:
    """A fresh state walked through ``entries``: yields (step, state before entry ``step``), then applies it."""
    state = spec.new_state(variant, seats, options)
    for step, (seat, action) in enumerate(entries):
        yield step, state
        state.apply(action, seat)
    yield len(entries), state


# -- the soak ---------------------------------------------------------------------------------------------------
@dataclass
class SoakReport:
    """One game's soak: how much was played and checked, and every violation found."""

    game: str
    seed: int
    games: int = 0
    actions: int = 0
    leaks: LeakTally = field(default_factory=LeakTally)
    violations: list[Violation] = field(default_factory=list)

    def add(self, other: SoakReport) -> None:
        self.games += other.games
        self.actions += other.actions
        self.leaks.add(other.leaks)
        self.violations.extend(other.violations)

    def __str__(self) -> str:
        by_check = Counter(v.check for v in self.violations)
        kinds = f" ({', '.join(f'{check}: {n}' for check, n in sorted(by_check.items()))})" if by_check else ""
        return (f"{self.game}: {self.games} games from seed {self.seed}, {self.actions} actions, "
                f"{len(self.violations)} violations{kinds}\n  no-leak checks: {self.leaks}")


def configurations(spec: GameSpec) -> list[tuple[str, int]]:
    """Every (variant, seat count) the spec declares, in a fixed order."""
    return [(variant, seats) for variant in spec.variants for seats in spec.allowed_seats(variant)]


def setup(spec: GameSpec, seed: int) -> tuple[str, int, tuple[str, ...]]:
    """Soak game ``seed``'s variant, seat count and bot lineup: each configuration in turn, then the next lineup."""
    configs = configurations(spec)
    variant, seats = configs[seed % len(configs)]
    return variant, seats, LINEUPS[seed // len(configs) % len(LINEUPS)]


def soak(game: str, *, games: int, seed: int = 0, every: int = EVERY, horizon: int = HORIZON,
         turn_limit: int = TURN_LIMIT, progress: Callable[[int, int], None] | None = None) -> SoakReport:
    """Soak ``games`` games of ``game`` with seeds ``seed``, ``seed + 1``, …

    :raises SpynbError: for an unknown game, or a count that is not a whole number (``games``, ``every`` and
        ``turn_limit`` at least 1, ``horizon`` at least 0).
    """
    spec = get_spec(game)
    for name, value, least in (("games", games, 1), ("the seed", seed, None), ("every", every, 1),
                               ("horizon", horizon, 0), ("turn_limit", turn_limit, 1)):
        whole_number(name, value, least)
    report = SoakReport(game, seed)
    for n in range(games):
        report.add(soak_game(spec, seed + n, every=every, horizon=horizon, turn_limit=turn_limit))
        if progress:
            progress(n + 1, games)
    return report


def soak_game(spec: GameSpec, seed: int, *, every: int = EVERY, horizon: int = HORIZON,
              turn_limit: int = TURN_LIMIT) -> SoakReport:
    """Play game ``seed`` with bots, then check it step by step."""
    variant, seats, lineup = setup(spec, seed)
    report = SoakReport(spec.name, seed, games=1)

    def violation(step: int, check: str, what: str) -> None:
        report.violations.append(Violation(spec.name, variant, seats, seed, step, check, what))

    game = Game(spec, variant=variant, seats=seats, seed=seed, options={"turn_limit": turn_limit},
                auto_chance=False)
    fingerprints = _play(game, lineup, seed, violation)
    report.actions = len(game)
    _check(game, fingerprints, every, horizon, report.leaks, violation)
    return report


def _play(game: Game, lineup: Sequence[str], seed: int, violation: Callable[[int, str, str], None]) -> list[int]:
    """Play the game to its end with the lineup's bots; the position's fingerprint before each action."""
    rng = random.Random(seed)
    bots = {s: make_bot(lineup[(s - 1) % len(lineup)], game.spec, seed * 16 + s) for s in range(1, game.seats + 1)}
    fingerprints = []
    try:
        while not game.over and len(game) < MAX_ACTIONS:
            state = game.state
            fingerprints.append(_fingerprint(state))
            if state.turn.chance:
                game.play(sample_chance(state, rng))
            else:
                seat = rng.choice(state.turn.seats)
                game.play(bots[seat].choose(state.view(seat), state.legal_actions(seat)), seat)
    except Exception as err:  # noqa: BLE001
        violation(len(game), "play", f"the game crashed: {_crash(err)}")
        return fingerprints
    if not game.over:
        violation(len(game), "play", f"the game did not end within {MAX_ACTIONS} actions")
    fingerprints.append(_fingerprint(game.state))
    return fingerprints


def _check(game: Game, fingerprints: list[int], every: int, horizon: int, leaks: LeakTally,
           violation: Callable[[int, str, str], None]) -> None:
    """Replay the game from its actions, checking each step; then its record."""
    spec, entries = game.spec, game.actions
    step = 0
    try:
        for step, state in replay_steps(spec, game.variant, game.seats, game.options, entries):
            played = fingerprints[step] if step < len(fingerprints) else None
            for check, problem in _step_problems(state, entries[step:], played):
                violation(step, check, problem)
            if checks_leaks(step, len(entries), every):
                for problem in check_no_leak_at(state, entries[step:], f"{game.seed}/{step}", leaks, horizon):
                    violation(step, "no-leak", problem)
    except Exception as err:  # noqa: BLE001 -- a crash is a finding, reported with the rest
        violation(step, "crash", f"replaying and checking the actions crashed: {_crash(err)}")
        return
    try:
        wrong = _record_problem(game)
    except Exception as err:  # noqa: BLE001
        wrong = f"reading back or replaying the record crashed: {_crash(err)}"
    if wrong:
        violation(len(entries), "record", wrong)


def _step_problems(state: State, upcoming: Sequence[Entry], played: int | None) -> Iterator[tuple[str, str]]:
    """Invariants, replay determinism, notation and clone independence at one step."""
    problems = state.validate()
    if problems:
        yield "invariants", "; ".join(problems[:3])
    before = state.view(None)
    if played is not None and _fingerprint(state, before) != played:
        yield "replay", "replaying the actions so far gives another position than playing them did"
    if not upcoming:
        return
    seat, action = upcoming[0]
    if state.spec.parse(str(action)) != action:
        yield "notation", f"{action!r} is written {str(action)!r}, which reads back as another action"
    copy = state.clone()
    if copy.view(None) != before:
        yield "clone", "a clone is not in the same position as the original"
    if seat is None:
        yield from _chance_seat_problems(copy, action, before)
    copy.apply(action, seat)
    if state.view(None) != before:
        yield "clone", f"applying {_entry(seat, action)} to a clone changed the original"


def _chance_seat_problems(state: State, outcome: Action, before: View) -> Iterator[tuple[str, str]]:
    """At a chance point, a seat playing chance's next ``outcome`` is refused (ENG-1) and changes nothing."""
    rogue = len(state.events) % state.seats + 1
    try:
        state.apply(outcome, rogue)
    except IllegalActionError as err:
        if err.rule_id != "ENG-1":
            yield "chance-seat", f"seat {rogue} playing chance's {outcome} was refused citing {err.rule_id}, not ENG-1"
    else:
        yield "chance-seat", f"seat {rogue} was allowed to play chance's {outcome}"
    if state.view(None) != before:
        yield "chance-seat", f"seat {rogue} playing chance's {outcome} changed the position"


def _fingerprint(state: State, view: View | None = None) -> int:
    """A hash of the position: the omniscient ``view`` without the history, the number of events and the last few."""
    events = state.events
    return hash((tuple(sorted(_hidden_part(view or state.view(None)).items())), len(events),
                 tuple(e.frozen() for e in events[-3:])))


def _record_problem(game: Game) -> str | None:
    """Whether the game's JSON record reads back equal and replays to the same position."""
    record = game.record()
    text = record.to_json()
    if Record.from_json(text) != record:
        return "the record read back from JSON is not the record written"
    replayed = Record.from_json(text).replay(spec=game.spec)
    if replayed.view(None) != game.view(None):
        return "the record replays to another final position"
    if replayed.record().to_json() != text:
        return "the replayed game writes another record"
    return None
