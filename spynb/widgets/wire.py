"""How a board's traits travel to the browser when a value may be ``None``.

In JupyterLite's Pyodide kernel a message leaves Python through ``toJs``,
which turns ``None`` into JavaScript's ``undefined``, and a key whose value is
``undefined`` is dropped when the message is written out as JSON.  So a trait
that *changes to* ``None`` never reaches the front end, which goes on holding
the old value (the bots' timer kept ticking after a bot's turn ended, and each
tick's refusal replaced the learner's).  A seat trait therefore travels as
``0`` for "no seat" (seats count from 1); in Python it stays ``None``.

The other way, a message's JavaScript ``null`` arrives in that kernel as
Pyodide's ``jsnull``, not ``None``: :func:`is_null` knows both, so a front end's
"nothing chosen" (an empty Seed box) reads as the setting left out.

>>> seat_to_json(None, None), seat_to_json(3, None)
(0, 3)
>>> is_null(None), is_null(0), is_null("")
(True, False, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import traitlets

__all__ = ["is_null", "seat_to_json", "seat_trait"]


def is_null(value: object) -> bool:
    """Whether a value from a message is JavaScript's ``null``: ``None``, or Pyodide's ``jsnull`` (its type is
    ``JsNull``; nothing is imported, so this runs outside Pyodide too)."""
    return value is None or type(value).__name__ == "JsNull"


def seat_to_json(seat: int | None, _widget: Any) -> int:
    """A seat as the browser receives it: its number, or 0 for none."""
    return 0 if seat is None else seat


def seat_trait(help: str) -> traitlets.Int[int | None, int | None]:  # noqa: A002 - traitlets' own keyword
    """A synced seat (1-based) or None, sent to the browser as 0 for None (see the module's docstring)."""
    import traitlets  # only the notebook's widgets need it (spynb.widgets.board)

    return traitlets.Int(None, allow_none=True, help=help).tag(sync=True, to_json=seat_to_json)
