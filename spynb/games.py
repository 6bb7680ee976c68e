"""Find a game by name, and load a saved game by its game's name.

Every subpackage of ``spynb`` with a ``spec`` module is a game; its ``SPEC``
is registered the first time anyone asks, so adding a game needs no change
here.  Asking for one game imports only that game (a notebook about one game
starts faster in the browser).  The engine knows no game: importing this
module plugs :func:`get_spec` into it, so a record finds its game by name.

>>> get_spec("cloak-dagger").title
'Cloak & Dagger'
"""

from __future__ import annotations

import functools
import importlib
import os
import pkgutil

from .engine import Game, GameSpec, Record, SpynbError, quoted, set_spec_finder

__all__ = ["get_spec", "game_names", "load_record"]

_SPECS: dict[str, GameSpec] = {}
_PACKAGE_DIR = os.path.dirname(__file__)


def _register(package: str) -> GameSpec | None:
    """Import ``spynb.<package>.spec`` if the package is a game; its SPEC, or None."""
    if not os.path.exists(os.path.join(_PACKAGE_DIR, package, "spec.py")):
        return None
    spec: GameSpec = importlib.import_module(f"spynb.{package}.spec").SPEC
    _SPECS[spec.name] = spec
    return spec


@functools.cache
def _discover() -> None:
    """Register every game (once)."""
    for module in pkgutil.iter_modules([_PACKAGE_DIR]):
        if module.ispkg:
            _register(module.name)


def game_names() -> tuple[str, ...]:
    """The names of every game, e.g. ``'cloak-dagger'``."""
    _discover()
    return tuple(sorted(_SPECS))


def get_spec(name: str) -> GameSpec:
    """The spec of the game called ``name`` (only that game is imported when its package is named like it).

    :raises SpynbError: when no game has that name (or ``name`` is not a str).
    """
    if not isinstance(name, str):
        raise SpynbError(f"a game's name is a str, one of {', '.join(game_names())}; not {quoted(name)}")
    spec, package = _SPECS.get(name), name.replace("-", "_")
    if spec is None and package.isidentifier():
        spec = _register(package)
    if spec is None or spec.name != name:
        _discover()
        spec = _SPECS.get(name)
    if spec is None:
        raise SpynbError(f"no game called {quoted(name)}; games: {', '.join(sorted(_SPECS))}")
    return spec


def load_record(text: str) -> Game:
    """Rebuild a game from its JSON record, finding the game by the name it gives.

    :raises RecordError: saying where the record is malformed or stops making sense.
    """
    return Record.from_json(text).replay()


set_spec_finder(get_spec)
