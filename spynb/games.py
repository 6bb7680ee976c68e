"""The games registry: every game found through its manifest, by its name.

A game is a package with a ``manifest`` module whose ``MANIFEST``
(:class:`Manifest`) names where each of its parts lives: the spec the engine
plays, its SVG drawing, its rule-of-thumb bot, its board (the controller and
the front end's module and styles) and, if it has one, its deduction aid.
Every subpackage of ``spynb`` with a manifest is found by itself; a game kept
elsewhere (the fixture game of the tests) joins with :func:`register`.  Asking
for one game imports only that game and only the parts asked for (a notebook
about one game starts faster in the browser).  The engine knows no game: a
record read from JSON names its game, and :func:`load_record` finds it here.

>>> get_spec("cloak-dagger").title
'Cloak & Dagger'
>>> manifest("kloak").part("bot").__name__
'LineBot'
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import Game, GameSpec, Record, RecordError, SpynbError, View, quoted

__all__ = ["Manifest", "manifest", "register", "get_spec", "game_names", "load_record"]

_PARTS = ("spec", "drawing", "bot", "search", "board", "aid", "references")


@dataclass(frozen=True)
class Manifest:
    """Where one game's parts live, for the registry.

    Each part is ``"module:attribute"``, the module named relative to the
    game's package (``"spec:SPEC"`` is ``<package>.spec.SPEC``); each file is
    named relative to the package's folder.  ``None``: the game has no such part.
    """

    name: str
    """The game's name, the one key it is found by (``"kloak"``, ``"cloak-dagger"``)."""
    package: str
    """The game's package (a manifest passes its own ``__package__``)."""
    spec: str
    """The :class:`~spynb.engine.GameSpec` the engine plays."""
    drawing: str | None = None
    """``draw(view) -> str``: a view as SVG."""
    bot: str | None = None
    """The rule-of-thumb bot: a class made with ``(spec, seed)``."""
    search: str | None = None
    """The search bot's settings for this game (:class:`spynb.bots.ismcts.SearchSettings`)."""
    board: str | None = None
    """The board's controller (:class:`spynb.widgets.play.BoardController`)."""
    front_end: str | None = None
    """The board's ES module: it exports ``board``."""
    styles: str | None = None
    """The board's style sheet."""
    aid: str | None = None
    """The deduction aid's rows for this game (:class:`spynb.widgets.aid.AidRows`)."""
    references: str | None = None
    """The references walkthrough texts may use (:mod:`spynb.scenarios.references`): kind -> render."""

    def has(self, which: str) -> bool:
        """Whether the game has the part called ``which``."""
        return which in _PARTS and getattr(self, which) is not None

    def part(self, which: str) -> Any:
        """The part called ``which`` (one of ``spec``, ``drawing``, ``bot``, ``search``, ``board``, ``aid``,
        ``references``),
        imported now.

        :raises SpynbError: the game has no such part.
        """
        if not self.has(which):
            raise SpynbError(f"the game {self.name!r} has no {which}")
        module, _, attribute = getattr(self, which).partition(":")
        return getattr(importlib.import_module(f"{self.package}.{module}"), attribute)

    def file(self, which: str) -> Path:
        """The file of ``front_end`` or ``styles``.

        :raises SpynbError: the game has no such file.
        """
        name: str | None = getattr(self, which) if which in ("front_end", "styles") else None
        if name is None:
            raise SpynbError(f"the game {self.name!r} has no {which}")
        folder = importlib.import_module(self.package).__file__
        assert folder is not None  # a package imported from files
        return Path(folder).parent / name

    def draw(self, view: View) -> str:
        """``view`` as SVG, by the game's drawing (imported the first time anything is drawn)."""
        drawn: str = self.part("drawing")(view)
        return drawn


_MANIFESTS: dict[str, Manifest] = {}
_SPYNB = Path(__file__).parent


def register(package: str) -> Manifest:
    """Add the game in ``package`` (a package with a ``manifest`` module) to the registry; its manifest.

    :raises SpynbError: the package has no manifest, or another game already has its name.
    """
    try:
        found: Manifest = importlib.import_module(f"{package}.manifest").MANIFEST
    except (ImportError, AttributeError):
        raise SpynbError(f"{package!r} is not a game: it has no manifest module with a MANIFEST") from None
    known = _MANIFESTS.setdefault(found.name, found)
    if known.package != found.package:
        raise SpynbError(f"two games are called {found.name!r}: {known.package} and {found.package}")
    return found


@functools.cache
def _game_packages() -> frozenset[str]:
    """The subpackages of ``spynb`` that have a manifest (found without importing them)."""
    return frozenset(module.name for module in pkgutil.iter_modules([str(_SPYNB)])
                     if module.ispkg and (_SPYNB / module.name / "manifest.py").is_file())


@functools.cache
def _discover() -> None:
    """Register every game inside ``spynb`` (once)."""
    for package in sorted(_game_packages()):
        register(f"spynb.{package}")


def game_names() -> tuple[str, ...]:
    """The names of every game, e.g. ``'cloak-dagger'``."""
    _discover()
    return tuple(sorted(_MANIFESTS))


def manifest(name: str) -> Manifest:
    """The manifest of the game called ``name``; only that game is looked at when its package is named like
    it (``cloak-dagger`` in ``spynb.cloak_dagger``).

    :raises SpynbError: when no game has that name (or ``name`` is not a str).
    """
    if not isinstance(name, str):
        raise SpynbError(f"a game's name is a str, one of {', '.join(game_names())}; not {quoted(name)}")
    if name not in _MANIFESTS:
        package = name.replace("-", "_")
        if package in _game_packages():
            register(f"spynb.{package}")
    if name not in _MANIFESTS:
        _discover()
    if name not in _MANIFESTS:
        raise SpynbError(f"no game called {quoted(name)}; games: {', '.join(sorted(_MANIFESTS))}")
    return _MANIFESTS[name]


def get_spec(name: str) -> GameSpec:
    """The spec of the game called ``name``.

    :raises SpynbError: when no game has that name (or ``name`` is not a str).
    """
    spec: GameSpec = manifest(name).part("spec")
    return spec


def load_record(text: str) -> Game:
    """Rebuild a game from its JSON record, finding the game by the name it gives.

    :raises RecordError: saying where the record is malformed or stops making sense.
    """
    record = Record.from_json(text)
    try:
        spec = get_spec(record.game)
    except SpynbError as err:
        raise RecordError("the record's header", str(err)) from None
    return record.replay(spec=spec)
