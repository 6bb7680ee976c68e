"""Bots by name, for every game: ``random``, ``rules`` (rules of thumb) and ``ismcts``."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from spynb.engine import GameSpec, SpynbError

from .base import Bot, RandomBot
from .ismcts import ISMCTSBot

__all__ = ["make_bot", "bot_names"]


def _rules_bot(spec: GameSpec, seed: int) -> Bot:
    module = importlib.import_module(f"spynb.bots.{spec.name.replace('-', '_')}")
    bot: Bot = module.RULES_BOT(spec, seed)
    return bot


_FACTORIES: dict[str, Callable[[GameSpec, int], Bot]] = {
    "random": lambda spec, seed: RandomBot(spec, seed),
    "rules": _rules_bot,
    "ismcts": lambda spec, seed: ISMCTSBot(spec, seed),
}


def bot_names() -> tuple[str, ...]:
    return tuple(_FACTORIES)


def make_bot(name: str, spec: GameSpec, seed: int = 0) -> Bot:
    """A fresh seeded bot called ``name`` for ``spec``'s game."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise SpynbError(f"no bot called {name!r}; bots: {', '.join(_FACTORIES)}") from None
    try:
        return factory(spec, seed)
    except ModuleNotFoundError:
        raise SpynbError(f"{spec.title} has no {name!r} bot yet") from None
