"""Reading notation: the pieces every game's ``parse`` shares.

Numbers in notation are written in the digits 0-9 only: ``str.isdigit`` and
``int`` also take ``"²"``, ``"١"``, ``"７"`` or ``"𝟕"``, and ``int`` fails on
thousands of digits, so each game reads numbers here.

>>> read_number("reveal 3", "3", "a seat number")
3
>>> read_number("７", "７", "an envelope number")
Traceback (most recent call last):
...
spynb.engine.errors.NotationError: cannot read '７': '７' is not an envelope number: write it in the digits 0-9
"""

from __future__ import annotations

from .errors import NotationError

__all__ = ["read_number"]

_MAX_DIGITS = 6
"""No number in any game's notation is longer (envelopes and seats have one or two digits)."""


def read_number(text: str, word: str, what: str) -> int:
    """``word`` (part of ``text``) as a whole number written in ASCII digits, at most six of them.

    :raises NotationError: quoting ``text``, when ``word`` is anything else.
    """
    if not (word.isascii() and word.isdigit()):
        raise NotationError(text, f"{word[:20]!r} is not {what}: write it in the digits 0-9")
    if len(word) > _MAX_DIGITS:
        raise NotationError(text, f"a number of {len(word)} digits is not {what}")
    return int(word)
