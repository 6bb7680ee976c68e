"""Every exercise's exact answer, computed by code (never typed in).

The notebooks never show an answer: ``check(mine, "cd-first-document")``
compares without revealing, ``covers(estimate, id)`` says whether a
simulation's interval holds the exact value, and ``reference(id)`` gives the
value to plots in the teacher's edition only (``None`` for students).
:func:`answer` itself is the teacher's key: in the student edition
(:mod:`spynb.prob.edition`) it refuses and points to the key.  This keeps
answers out of sight, not out of reach: the code that checks an answer has
to compute it, and its source ships with the site.

>>> answer("cd-first-document") == exact_answer("cd-first-document")  # the teacher's edition
True
>>> sorted(EXERCISES)[:2]
['ax-coverage-misses', 'ax-games-needed']
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

__all__ = ["AnswerWithheld", "Exercise", "EXERCISES", "answer", "covers", "edition", "exact_answer",
           "exercises_for", "reference"]


@dataclass(frozen=True)
class Exercise:
    """One classroom exercise: where it is, what it practises, and how its answer is computed."""

    id: str
    game: str
    notebook: str
    title: str
    concepts: tuple[str, ...]
    rulings: tuple[str, ...]
    compute: Callable[[], Any]


def _lazy(module: str, function: str, *args: Any) -> Callable[[], Any]:
    """Compute with ``spynb.prob.<module>.<function>(*args)`` only when asked (games load lazily)."""
    def compute() -> Any:
        return getattr(importlib.import_module(f"spynb.prob.{module}"), function)(*args)
    compute.__name__ = f"{module}.{function}"
    return compute


def _per_seats(module: str, function: str, seats: tuple[int, ...]) -> Callable[[], Any]:
    def compute() -> Any:
        f = getattr(importlib.import_module(f"spynb.prob.{module}"), function)
        return {n: f(n) for n in seats}
    compute.__name__ = f"{module}.{function} per seat count"
    return compute


CD = "cloak-dagger-probability.ipynb"
_LIST = [
    Exercise("cd-first-document", "cloak-dagger", CD, "The first card placed is a document",
             ("counting", "symmetry"), ("CD-1", "CD-2", "CD-5"), _lazy("cloak_dagger", "first_document_by_counting")),
    Exercise("cd-cut-tie", "cloak-dagger", CD, "The cut ties and some players cut again (2 and 3 players)",
             ("counting", "complement", "conditional probability"), ("CD-1", "CD-2"),
             _per_seats("cloak_dagger", "tie_by_counting", (2, 3))),
    Exercise("cd-cut-double-agent", "cloak-dagger", CD,
             "A double agent decides who starts, recuts included (2 and 3 players)",
             ("complement", "conditional probability", "recursion (first-step analysis)"), ("CD-2",),
             _per_seats("cloak_dagger", "double_agent_first", (2, 3))),
    Exercise("cd-placements-documents", "cloak-dagger", CD,
             "Expected placements until X, Y and Z are all in play",
             ("expectation", "inclusion–exclusion", "tail sum E[T] = Σ P(T > k)"), ("CD-1", "CD-5", "CD-7"),
             _lazy("cloak_dagger", "placements_until_documents_by_counting")),
]
KL = "kloak-probability.ipynb"
_LIST += [
    Exercise("kl-colourings", "kloak", KL, "All colourings of the centre ranks",
             ("counting", "multinomial coefficients"), ("KL-1",), _lazy("kloak", "colourings")),
    Exercise("kl-valid-fraction", "kloak", KL, "The share of colourings that are valid setups",
             ("estimating a proportion", "confidence intervals", "exact counting by computer"), ("KL-2",),
             _lazy("kloak", "valid_fraction")),
    Exercise("kl-rejection-tries", "kloak", KL, "Shuffles needed by rejection sampling",
             ("expectation", "geometric distribution"), ("KL-2",), _lazy("kloak", "expected_tries")),
    Exercise("kl-same-colour", "kloak", KL, "Neighbours a2 and a3 share a colour (plain shuffle, then valid setup)",
             ("conditional probability", "dependence"), ("KL-1", "KL-2"), _lazy("kloak", "same_colour_shuffle")),
]
TG = "target-probability.ipynb"
_LIST += [
    Exercise("tg-double-agent-present", "target", TG, "At least one Double Agent (4, 7 and 10 players)",
             ("counting", "complement", "hypergeometric distribution"), ("TG-1",),
             _per_seats("target", "at_least_one_double_agent", (4, 7, 10))),
    Exercise("tg-double-agents-mean", "target", TG, "Expected number of Double Agents (9 players)",
             ("expectation", "linearity of expectation"), ("TG-1",), _lazy("target", "expected_double_agents", 9)),
    Exercise("tg-rookie-set", "target", TG, "A first Rookie hand of 4 holds three of one category",
             ("counting", "disjoint events"), ("TG-1", "TG-11"), _lazy("target", "rookie_set_by_counting")),
    Exercise("tg-rookie-clearance", "target", TG, "The first hand can gain a clearance token at once",
             ("symmetry", "conditional probability"), ("TG-1", "TG-11"),
             _lazy("target", "rookie_clearance_by_counting")),
]
AX = "across-games.ipynb"
_LIST += [
    Exercise("ax-games-needed", "across", AX, "Games needed for a ±0.05 interval on a win rate",
             ("confidence intervals", "sample size"), (), _lazy("across", "games_for_half_width", 0.05)),
    Exercise("ax-quarter-width", "across", AX, "Games needed to make an interval four times narrower",
             ("confidence intervals", "1/√n", "law of large numbers"), (),
             _lazy("across", "scale_games", 100, 0.10, 0.025)),
]
DP = "decisions-in-play.ipynb"
_LIST += [
    Exercise("kl-claim-remembered", "kloak", DP, "A claim on a covered line, for a seat that watched every move",
             ("certainty from information", "conditional probability"), ("KL-7", "KL-13"),
             _lazy("decisions", "kl_claim_remembered")),
    Exercise("kl-claim-takeover", "kloak", DP, "The same claim, for a seat that sat down after four moves",
             ("conditional probability", "counting arrangements"), ("KL-7", "KL-13"),
             _lazy("decisions", "kl_claim_takeover")),
    Exercise("kl-claim-break-even", "kloak", DP, "The chance a claim needs to be worth its penalty",
             ("expected value", "decisions"), ("KL-7", "KL-8"), _lazy("decisions", "kl_break_even")),
    Exercise("tg-counter-shot", "target", DP, "The watched Target counters a Shot with its own cards",
             ("hypergeometric distribution", "conditional probability"), ("TG-6", "TG-8"),
             _lazy("decisions", "tg_counter_shot")),
    Exercise("tg-counter-stabbed", "target", DP, "The watched Target counters a Stabbed with its own cards",
             ("hypergeometric distribution", "decisions"), ("TG-6", "TG-8"),
             _lazy("decisions", "tg_counter_stabbed")),
    Exercise("tg-next-target", "target", DP, "The next Target holds a Firearms",
             ("complement", "hypergeometric distribution"), ("TG-1", "TG-6"),
             _lazy("decisions", "tg_next_target_firearms")),
    Exercise("tg-outed-double-agent", "target", DP, "A seat showed KGB through an Outed: is it a Double Agent?",
             ("Bayes' rule", "likelihood"), ("TG-1", "TG-7"), _lazy("decisions", "tg_outed_double_agent")),
    Exercise("cd-tracker-document", "cloak-dagger", DP, "What a tracker learns: a document in the rival's envelope",
             ("exchangeability", "conditional probability"), ("CD-6", "CD-7", "CD-10"),
             _lazy("decisions", "cd_tracker_document")),
    Exercise("cd-placed-document", "cloak-dagger", DP, "A card a rival placed is a document: which envelope to open",
             ("exchangeability", "decisions"), ("CD-5", "CD-10"), _lazy("decisions", "cd_placed_document")),
    Exercise("ax-coverage-misses", "across", DP, "How many 95% intervals miss",
             ("confidence intervals", "coverage", "expectation"), (), _lazy("decisions", "ax_coverage_misses")),
]
EXERCISES: dict[str, Exercise] = {e.id: e for e in _LIST}


class AnswerWithheld(PermissionError):
    """``answer()`` was called in the student edition: the answers are in the teacher's key."""


def edition() -> str:
    """``"teacher"`` or ``"student"``: ``SPYNB_EDITION`` if set, else what the build wrote."""
    from .edition import EDITION

    name = os.environ.get("SPYNB_EDITION") or EDITION
    if name not in ("teacher", "student"):
        raise ValueError(f"unknown edition {name!r}: SPYNB_EDITION is 'teacher' or 'student'")
    return name


@cache
def exact_answer(exercise_id: str) -> Any:
    """The exact answer, for the code that checks answers (``check``, ``covers``); never printed."""
    try:
        exercise = EXERCISES[exercise_id]
    except KeyError:
        raise KeyError(f"no exercise {exercise_id!r}; exercises: {', '.join(sorted(EXERCISES))}") from None
    return exercise.compute()


def answer(exercise_id: str) -> Any:
    """The exact answer of an exercise (a ``Fraction``, or a dict of them) — the teacher's key."""
    if edition() == "student":
        raise AnswerWithheld(f"the answer to {exercise_id!r} is in the teacher's key, not in the student edition: "
                             f"check yours with check(my_answer, {exercise_id!r}), or ask your teacher")
    return exact_answer(exercise_id)


def reference(exercise_id: str) -> Any:
    """The exact answer for plots and printouts in the teacher's edition; ``None`` in the student edition."""
    return None if edition() == "student" else exact_answer(exercise_id)


def covers(estimate: Any, exercise_id: str, key: Any = None) -> bool:
    """Whether a simulation's interval holds the exact answer (of entry ``key`` for a table of answers)."""
    exact = exact_answer(exercise_id)
    return bool(estimate.contains(exact if key is None else exact[key]))


def exercises_for(game: str) -> list[Exercise]:
    """The exercises about one game (or ``'across'`` for the ones comparing games)."""
    return [e for e in _LIST if e.game == game]
