"""The Target's references for walkthrough texts (:mod:`spynb.scenarios.references`).

* ``{target}``: who holds the Target Marker as the step opens: "seat 2", "you" (the walkthrough's seat), or "the
  CIA HQ" (TG-2); ``{target is}`` adds the verb that agrees ("you are", "seat 2 is").

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
    if words not in ([], ["is"]):
        raise SpynbError("takes no words, or 'is' (\"{Target is} the Target\")")
    marker = view["marker"]
    who = f"the {marker} HQ" if isinstance(marker, str) else "you" if marker == view.get("seat") else f"seat {marker}"
    return who if not words else f"{who} {'are' if who == 'you' else 'is'}"


REFERENCES = References(
    {"target": _target},
    free_text=((r"\b(?:[Ss]eat \d+ is|[Yy]ou are|[Tt]he (?:CIA|KGB) HQ is) (?:the )?Target\b", "{Target is} the Target"),
               (r"\b[Tt]he Target is (?:seat \d+|you|the (?:CIA|KGB) HQ)\b", "the Target is {target}"),
               (r"\b[Tt]urn \d+\b", "{turn} (the turn as the step opens) or words for another (\"the next turn\")")),
    names=((r"\bdouble[ -]agents?\b", "Double Agent, capitalised as the rulebook writes it"),))
