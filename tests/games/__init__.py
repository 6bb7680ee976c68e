"""Fixture games: small games that prove the engine contract, registered only for the test run.

Each package here is a whole game with a ``manifest`` module, like the games
inside ``spynb``; :func:`register_all` adds every one of them to the games
registry (``tests/conftest.py`` calls it), and no file outside a game's folder
names it.  The site never lists them: it shows the games of its tracks.
"""

from __future__ import annotations

import pkgutil
from pathlib import Path

import spynb.games

__all__ = ["register_all"]

HERE = Path(__file__).parent


def register_all() -> tuple[str, ...]:
    """Register every fixture game (a package here with a ``manifest.py``); their names."""
    packages = sorted(module.name for module in pkgutil.iter_modules([str(HERE)])
                      if module.ispkg and (HERE / module.name / "manifest.py").is_file())
    return tuple(spynb.games.register(f"{__name__}.{package}").name for package in packages)
