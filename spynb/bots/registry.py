"""Bots by name, for every game: ``random``, ``rules`` (rules of thumb) and ``ismcts``."""

from __future__ import annotations

from collections.abc import Callable

from spynb.engine import GameSpec, SpynbError, quoted
from spynb.games import manifest

from .base import Bot, RandomBot
from .ismcts import ISMCTSBot

__all__ = ["make_bot", "bot_names"]


def _rules_bot(spec: GameSpec, seed: int) -> Bot:
    """The game's rule-of-thumb bot, as its manifest names it."""
    bot: Bot = manifest(spec.name).part("bot")(spec, seed)
    return bot


_FACTORIES: dict[str, Callable[[GameSpec, int], Bot]] = {
    "random": lambda spec, seed: RandomBot(spec, seed),
    "rules": _rules_bot,
    "ismcts": lambda spec, seed: ISMCTSBot(spec, seed),
}


def bot_names() -> tuple[str, ...]:
    return tuple(_FACTORIES)


def make_bot(name: str, spec: GameSpec, seed: int = 0) -> Bot:
    """A fresh seeded bot called ``name`` for ``spec``'s game.

    :raises SpynbError: when no bot has that name (or ``name`` is not a str), or the game has no such bot.
    """
    if not isinstance(name, str):
        raise SpynbError(f"a bot's name is a str, one of {', '.join(_FACTORIES)}; not {quoted(name)}")
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise SpynbError(f"no bot called {quoted(name)}; bots: {', '.join(_FACTORIES)}") from None
    return factory(spec, seed)
