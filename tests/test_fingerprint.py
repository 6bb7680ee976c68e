"""A fingerprint of every game's behaviour, to show that a restructuring changed none of it.

Seeded random playouts of every (game, variant, seat count) are written down step by step: the action's
notation, the text of every event it logged (all events, as the omniscient onlooker reads them) and every
seat's view as JSON, plus the omniscient view.  Each configuration's record is hashed (sha256) and compared
with the hash stored in ``tests/data/fingerprint.json``.  A game with no fingerprint stored (a new game, or the
tests' fixture game) has its fingerprint generated instead, twice, the second time in a fresh interpreter with
another hash seed: the two must agree, so its play depends on nothing but its seeds.

When a behaviour changes on purpose (a revised ruling, a new event), regenerate the file and commit it::

    python -m tests.test_fingerprint --write
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import spynb
from spynb.engine import sample_chance
from spynb.games import manifest

pytestmark = pytest.mark.slow  # started first in a parallel run (tests/conftest.py)
DATA = Path(__file__).parent / "data" / "fingerprint.json"
SEEDS = (0, 1, 2)
TURN_LIMIT = {"cloak-dagger": 100, "kloak": 150, "target": 30}
"""Turns per playout (``turn_limit``): most short games end with a winner; The Target's long ones are cut to run in
seconds (still reaching every kind of event)."""
DEFAULT_TURN_LIMIT = 100
"""Turns per playout of a game the table does not name."""
REGENERATE = "python -m tests.test_fingerprint --write"


def configurations() -> list[str]:
    """Every ``game/variant/seats`` the specs allow."""
    return [f"{name}/{variant}/{seats}" for name in spynb.game_names()
            for variant in spynb.get_spec(name).variants
            for seats in spynb.get_spec(name).allowed_seats(variant)]


def fingerprint(configuration: str) -> str:
    """The sha256 of seeded random playouts of ``configuration``, step by step."""
    name, variant, seats = configuration.split("/")
    spec, digest = spynb.get_spec(name), hashlib.sha256()
    for seed in SEEDS:
        rng = random.Random(seed)
        state = spec.new_state(variant, int(seats), {"turn_limit": TURN_LIMIT.get(name, DEFAULT_TURN_LIMIT)})
        logged = 0
        while not state.over:
            turn = state.turn
            seat = None if turn.chance else rng.choice(turn.seats)
            action = sample_chance(state, rng) if seat is None else rng.choice(state.legal_actions(seat))
            state.apply(action, seat)
            events = state.events
            lines = [f"{seat}: {action}", *(e.text for e in events[logged:])]
            lines += [state.view(s).to_json() for s in (None, *range(1, state.seats + 1))]
            logged = len(events)
            digest.update("\n".join(lines).encode() + b"\n\n")
    return digest.hexdigest()


def stored() -> dict[str, str]:
    fingerprints: dict[str, str] = json.loads(DATA.read_text())
    return fingerprints


def stored_games() -> set[str]:
    """The games with fingerprints stored."""
    return {configuration.split("/", 1)[0] for configuration in stored()}


@pytest.mark.parametrize("configuration", [c for c in configurations() if c.split("/", 1)[0] in stored_games()])
def test_fingerprint_unchanged(configuration: str) -> None:
    expected = stored().get(configuration)
    assert expected is not None, f"no fingerprint stored for {configuration}: regenerate with `{REGENERATE}`"
    assert fingerprint(configuration) == expected, (
        f"{configuration} plays differently from its stored fingerprint (actions, event texts or views changed). "
        f"If the change is deliberate, regenerate with `{REGENERATE}` and commit tests/data/fingerprint.json")


def test_the_stored_fingerprints_are_of_configurations_the_games_have() -> None:
    assert sorted(set(stored()) - set(configurations())) == [], f"regenerate with `{REGENERATE}`"


def test_every_game_of_the_package_has_its_fingerprints_stored() -> None:
    """The games ``spynb`` ships are held to their stored behaviour; only a game kept elsewhere (a fixture) may
    go without."""
    shipped = {name for name in spynb.game_names() if manifest(name).package.startswith("spynb.")}
    assert shipped and shipped <= stored_games(), f"regenerate with `{REGENERATE}`"


_FRESH = """
import sys
from tests.games import register_all
from tests.test_fingerprint import fingerprint
register_all()
print(fingerprint(sys.argv[1]))
"""


@pytest.mark.parametrize("configuration", [c for c in configurations() if c.split("/", 1)[0] not in stored_games()])
def test_a_game_without_a_stored_fingerprint_plays_the_same_in_a_fresh_interpreter(configuration: str) -> None:
    here = fingerprint(configuration)
    assert fingerprint(configuration) == here, f"{configuration} plays differently when replayed"
    env = {**os.environ, "PYTHONHASHSEED": "4321"}
    fresh = subprocess.run([sys.executable, "-c", _FRESH, configuration], capture_output=True, text=True,
                           check=True, cwd=Path(__file__).parents[1], env=env)
    assert fresh.stdout.strip() == here, f"{configuration} plays differently in a fresh interpreter"


def write() -> None:
    """Recompute every fingerprint and store them."""
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps({c: fingerprint(c) for c in configurations()}, indent=1) + "\n")
    print(f"wrote {DATA}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(f"usage: {REGENERATE}")
    write()
