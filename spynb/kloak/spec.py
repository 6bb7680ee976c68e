"""KLOAK as data: the spec the engine plays."""

from __future__ import annotations

from spynb.engine import GameSpec

from .actions import parse
from .board import VARIANTS
from .determinise import determinise, evaluate
from .rules import RULES
from .state import KloakState

SPEC = GameSpec(
    name="kloak",
    title="KLOAK",
    min_seats=2,
    max_seats=4,
    default_seats=2,
    variants=tuple(VARIANTS),
    rules=RULES,
    create=KloakState,
    parse=parse,
    options=("turn_limit", "colours", "big_squares"),
    seat_counts={name: variant.seat_counts for name, variant in VARIANTS.items()},
    determinise=determinise,
    evaluate=evaluate,
)
