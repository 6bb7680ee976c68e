"""The Target's references for walkthrough texts (:mod:`spynb.scenarios.references`).

* ``{target}``: who holds the Target Marker as the step opens: "seat 2", "you" (the walkthrough's seat), or "the
  CIA HQ" (TG-2).

The glossary: a Double Agent is always called so, capitalised, as the rulebook does.

>>> REFERENCES.kinds["target"]({"seat": 1, "marker": 2}, []), REFERENCES.kinds["target"]({"seat": 1, "marker": "CIA"}, [])
('seat 2', 'the CIA HQ')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spynb.engine import SpynbError
from spynb.scenarios.references import References

__all__ = ["REFERENCES"]


def _target(view: Mapping[str, Any], words: list[str]) -> str:
    if words:
        raise SpynbError("takes no words")
    marker = view["marker"]
    if isinstance(marker, str):
        return f"the {marker} HQ"
    return "you" if marker == view.get("seat") else f"seat {marker}"


REFERENCES = References(
    {"target": _target},
    names=((r"\bdouble[ -]agents?\b", "Double Agent, capitalised as the rulebook writes it"),))
