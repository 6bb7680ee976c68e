"""Kuhn poker as data: the spec the engine plays."""

from __future__ import annotations

from spynb.engine import GameSpec

from .actions import parse
from .determinise import determinise
from .manifest import MANIFEST
from .rules import RULES
from .state import KuhnState

SPEC = GameSpec(
    name="kuhn",
    title="Kuhn poker",
    min_seats=2,
    max_seats=2,
    default_seats=2,
    variants=("standard",),
    rules=RULES,
    create=KuhnState,
    parse=parse,
    options=("turn_limit",),
    determinise=determinise,
    draw=MANIFEST.draw,
)
