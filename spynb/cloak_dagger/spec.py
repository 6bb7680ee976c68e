"""Cloak & Dagger as data: the spec the engine plays."""

from __future__ import annotations

from spynb.engine import GameSpec


from .actions import parse
from .determinise import determinise, evaluate
from .manifest import MANIFEST
from .rules import RULES
from .state import CloakDaggerState

SPEC = GameSpec(
    name="cloak-dagger",
    title="Cloak & Dagger",
    min_seats=2,
    max_seats=6,
    default_seats=4,
    variants=("standard",),
    rules=RULES,
    create=CloakDaggerState,
    parse=parse,
    options=("turn_limit",),
    determinise=determinise,
    evaluate=evaluate,  # type: ignore[arg-type]  # the engine hands it only states this spec creates
    draw=MANIFEST.draw,
)
