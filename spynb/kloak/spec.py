"""KLOAK as data: the spec the engine plays, and the checks of its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spynb.engine import GameSpec, OptionError


from .actions import parse
from .board import COLOUR_NAMES, SMALL_SQUARES, SQUARES, VARIANTS
from .determinise import determinise, evaluate
from .layouts import MAX_COUNT_WORK, count_work
from .manifest import MANIFEST
from .rules import RULES
from .state import KloakState


def colours_option(value: Any) -> tuple[tuple[str, int], ...]:
    """``colours``: colour letter -> how many small pieces of it, adding up to 15 (KL-1), a set whose exact
    layout count (KL-2) stays within ``MAX_COUNT_WORK`` (:func:`~spynb.kloak.layouts.count_work`: the product
    of ``count + 1`` over the colours times the square of the valid 3-square rows).  Every 3- and 4-colour set
    passes and many 5-colour ones; more colours (or five of 3 each) are refused, since the count alone would
    take seconds to minutes.

    >>> colours_option({"O": 5, "S": 5, "G": 4})
    Traceback (most recent call last):
    ...
    spynb.engine.errors.OptionError: option 'colours' must add up to 15 small pieces (ranks 2-4, KL-1), not {'O': 5, 'S': 5, 'G': 4}
    """
    if not isinstance(value, Mapping) or not value:
        raise OptionError("colours", "must map colour letters to counts, like {'O': 5, 'S': 5, 'G': 5}", value)
    for letter, count in value.items():
        if letter not in COLOUR_NAMES:
            raise OptionError("colours", f"takes the colour letters {', '.join(COLOUR_NAMES)}", value)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise OptionError("colours", f"needs a positive whole count for {letter!r}", value)
    if sum(value.values()) != len(SMALL_SQUARES):
        raise OptionError("colours", f"must add up to {len(SMALL_SQUARES)} small pieces (ranks 2-4, KL-1)", value)
    work = count_work(3, tuple(value.values()))  # the setup counts file by file, 3 squares a file
    if work > MAX_COUNT_WORK:
        raise OptionError("colours", f"has too many colours to count its layouts exactly (KL-2): "
                                     f"{work:,} steps, over the limit of {MAX_COUNT_WORK:,}", value)
    return tuple(value.items())


def big_squares_option(value: Any) -> tuple[str, ...]:
    """``big_squares``: where the big pieces start, each square once, none in ranks 2-4 (KL-1)."""
    if not isinstance(value, (list, tuple)) or any(not isinstance(sq, str) or sq not in SQUARES for sq in value):
        raise OptionError("big_squares", "must list squares a1 … e5", value)
    if len(set(value)) != len(value) or set(value) & set(SMALL_SQUARES):
        raise OptionError("big_squares", "must name each square once, none in ranks 2-4 where the small pieces "
                                         "start (KL-1)", value)
    return tuple(value)


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
    option_checks={"colours": colours_option, "big_squares": big_squares_option},
    seat_counts={name: variant.seat_counts for name, variant in VARIANTS.items()},
    variant_titles={name: variant.title for name, variant in VARIANTS.items()},
    determinise=determinise,
    evaluate=evaluate,
    draw=MANIFEST.draw,
)
