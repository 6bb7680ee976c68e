"""Find a game by name.

Every subpackage of ``spynb`` with a ``spec`` module is a game; its ``SPEC``
is registered the first time anyone asks, so adding a game needs no change
here.

>>> get_spec("cloak-dagger").title
'Cloak & Dagger'
"""

from __future__ import annotations

import importlib
import os
import pkgutil

from .engine import GameSpec, SpynbError

__all__ = ["get_spec", "game_names"]

_SPECS: dict[str, GameSpec] = {}


def _discover() -> None:
    if _SPECS:
        return
    package_dir = os.path.dirname(__file__)
    for module in pkgutil.iter_modules([package_dir]):
        if module.ispkg and os.path.exists(os.path.join(package_dir, module.name, "spec.py")):
            spec = importlib.import_module(f"spynb.{module.name}.spec").SPEC
            _SPECS[spec.name] = spec


def game_names() -> tuple[str, ...]:
    """The names of every game, e.g. ``'cloak-dagger'``."""
    _discover()
    return tuple(sorted(_SPECS))


def get_spec(name: str) -> GameSpec:
    """The spec of the game called ``name``."""
    _discover()
    try:
        return _SPECS[name]
    except KeyError:
        raise SpynbError(f"no game called {name!r}; games: {', '.join(sorted(_SPECS))}") from None
