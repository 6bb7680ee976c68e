"""The Target as data: the spec the engine plays."""

from __future__ import annotations

from spynb.engine import GameSpec


from .actions import parse
from .determinise import determinise, evaluate
from .manifest import MANIFEST
from .rules import RULES
from .state import TargetState

SPEC = GameSpec(
    name="target",
    title="The Target",
    min_seats=4,
    max_seats=11,
    default_seats=6,
    variants=("standard",),
    rules=RULES,
    create=TargetState,
    parse=parse,
    options=("turn_limit",),
    determinise=determinise,
    evaluate=evaluate,  # type: ignore[arg-type]  # the engine hands it only states this spec creates
    draw=MANIFEST.draw,
)
