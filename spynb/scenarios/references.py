"""References: a walkthrough's words for things on the board, rendered from the learner's view at that step.

A caption never types a board fact by hand ("the green piece on d4", when d4 is
sky blue): it writes a reference in braces, and the player renders it from what
the walkthrough's seat sees as the step opens (what its move will do is said
in words, and checked by claims).  The feedback said after a move (``praise``,
``feedback``) is rendered from the view after it.

Each game names its own references (its manifest's ``references`` part: a
mapping of a reference's first word to ``render(view, words) -> str``); every
game has ``{turn}`` (the turn number the view shows).  A reference the view
cannot back (no piece on that square, no such envelope) is refused when the
scenario loads, saying where, and so is one whose words would differ on
another way through the walkthrough (a move the step accepts in place of its
own): a reference renders one fact, the same for every learner.

>>> render("On {turn}, {piece d4} moves.", "kloak", {"turn_number": 3, "small": {"d4": "S"}, "covered": []})
'On turn 3, the sky-blue piece on d4 moves.'
>>> render("{piece a1}", "kloak", {"small": {}, "covered": []})
Traceback (most recent call last):
...
spynb.engine.errors.SpynbError: {piece a1}: no small piece stands on a1
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import partial
from typing import Any

from spynb.engine import Game, RecordError, SpynbError
from spynb.games import manifest

__all__ = ["REFERENCE", "Render", "References", "render", "rendered", "reference_problems", "free_text_facts",
           "misnamed", "raw_texts"]

REFERENCE = re.compile(r"\{([A-Za-z][a-z-]*)((?: [^{}\s]+)*)\}")
"""``{kind word word}``: a reference, its kind and its words (``{Piece d4}``: the same, starting a sentence)."""

Render = Callable[[Mapping[str, Any], list[str]], str]
"""A game's reference: the words it renders from a seat's view (JSON form) and the reference's words."""


@dataclass(frozen=True)
class References:
    """A game's references (its manifest's ``references`` part)."""

    kinds: Mapping[str, Render]
    """The first word of each reference -> how it renders."""
    free_text: tuple[tuple[str, str], ...] = ()
    """Board facts a text must not type by hand: (a regular expression, the reference to write instead)."""
    names: tuple[tuple[str, str], ...] = ()
    """The game's glossary, as what a text must not write: (a regular expression, the one name to use)."""


def _turn(view: Mapping[str, Any], words: list[str]) -> str:
    if words:
        raise SpynbError("takes no words")
    return f"turn {view['turn_number']}"


def _own(game: str) -> References:
    found: References = manifest(game).part("references") if manifest(game).has("references") else References({})
    return found


def _kinds(game: str) -> Mapping[str, Render]:
    return {"turn": _turn, **_own(game).kinds}


def render(text: str, game: str, view: Mapping[str, Any]) -> str:
    """``text`` with every reference rendered from ``view`` (a seat's view, or the teaching view, as JSON).

    :raises SpynbError: a reference the game does not know, or one the view cannot back (the message quotes it).
    """
    if "{" not in text:
        return text
    kinds = _kinds(game)

    def one(match: re.Match[str]) -> str:
        kind, words = match[1].lower(), match[2].split()
        if kind not in kinds:
            raise SpynbError(f"{match[0]}: {game} has no reference {kind!r}; it has {', '.join(sorted(kinds))}")
        try:
            said = kinds[kind](view, words)
            return said[:1].upper() + said[1:] if match[1][0].isupper() else said
        except SpynbError as err:
            raise SpynbError(f"{match[0]}: {err}") from None
        except (KeyError, IndexError, ValueError, TypeError):
            raise SpynbError(f"{match[0]}: the view does not hold what it names") from None

    return REFERENCE.sub(one, text)


def _render_step(step: Any, game: str, before: Mapping[str, Any], after: Mapping[str, Any],
                 legal: AbstractSet[str]) -> Any:
    """The step with its texts rendered: what is said before its move from ``before``, the reply to a move
    from ``after``; the words for a particular wrong move only where that move is ``legal`` (else never said)."""
    def now(text: str) -> str:
        return render(text, game, before)

    changes: dict[str, Any] = {"caption": now(step.caption)}
    if step.expect is not None:
        expect = step.expect
        changes["expect"] = dataclasses.replace(
            expect, why={k: now(v) if k in legal else v for k, v in expect.why.items()}, otherwise=now(expect.otherwise),
            praise=render(expect.praise, game, after),
            feedback={k: render(v, game, after) for k, v in expect.feedback.items()})
    if step.question is not None:
        question = step.question
        changes["question"] = dataclasses.replace(
            question, explain=now(question.explain),
            choices=tuple(dataclasses.replace(c, text=now(c.text)) for c in question.choices))
    return dataclasses.replace(step, **changes)


def _views(scenario: Any, positions: list[Game]) -> list[dict[str, Any]]:
    return [game.view(scenario.seat).to_dict() for game in positions]


def _rendered_steps(scenario: Any, answers: Mapping[int, str] | None = None) -> tuple[Any, ...]:
    positions = scenario.positions(answers)
    views = _views(scenario, positions)
    steps = []
    for i, step in enumerate(scenario.steps):
        legal = ({str(a) for a in positions[i].legal_actions(step.expect.seat)} if step.expect is not None
                 else set())
        try:
            steps.append(_render_step(step, scenario.game, views[i], views[i + 1] if step.moves else views[i],
                                      legal))
        except SpynbError as err:
            raise RecordError(f"scenario {scenario.id!r} steps[{i}]", str(err)) from None
    return tuple(steps)


def _has_references(scenario: Any) -> bool:
    return "{" in str(scenario.raw.get("steps", ""))


def rendered(scenario: Any) -> Any:
    """``scenario`` with every reference of every step rendered on its scripted way through.

    :raises RecordError: a reference the position at its step cannot back, saying which step.
    """
    if not _has_references(scenario):
        return scenario
    return dataclasses.replace(scenario, steps=_rendered_steps(scenario))


def _differs(one: Any, two: Any) -> bool:
    """Do two renderings of a step say different things (a wrong move's words count where both render them)?"""
    if one.expect is None or two.expect is None:
        return bool(one != two)
    shown = set(one.expect.why) & {k for k in two.expect.why if "{" not in one.expect.why[k] + two.expect.why[k]}
    same_why = all(one.expect.why[k] == two.expect.why[k] for k in shown)
    blank: dict[str, Any] = {"why": {}}
    return not same_why or dataclasses.replace(one, expect=dataclasses.replace(one.expect, **blank)) != \
        dataclasses.replace(two, expect=dataclasses.replace(two.expect, **blank))


def reference_problems(scenario: Any) -> list[str]:
    """The references of an unrendered ``scenario`` that render differently on another way through it (a move a
    your-turn step accepts in place of its own), or not at all."""
    if not _has_references(scenario):
        return []
    try:
        scripted = _rendered_steps(scenario)
    except RecordError as err:
        return [str(err)]
    problems = []
    for answers in list(scenario.paths())[1:]:
        (step_index, entry), = answers.items()
        try:
            other = _rendered_steps(scenario, answers)
        except RecordError as err:
            problems.append(f"{err} (after the accepted move {entry!r})")
            continue
        for i, (one, two) in enumerate(zip(scripted, other)):
            if i >= step_index and _differs(one, two):
                problems.append(f"step {i + 1}: its references render differently after the accepted move "
                                f"{entry!r} at step {step_index + 1}: say it in words a claim checks")
    return problems


def raw_texts(step: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every text of a step as written (field name, text)."""
    texts = [(key, step[key]) for key in ("caption", "otherwise", "praise", "explain") if isinstance(step.get(key), str)]
    for key in ("why", "feedback"):
        texts += [(f"{key}[{move!r}]", text) for move, text in (step.get(key) or {}).items() if isinstance(text, str)]
    texts += [(f"choices[{i}]", choice["text"]) for i, choice in enumerate(step.get("choices") or ())
              if isinstance(choice, dict) and isinstance(choice.get("text"), str)]
    return texts


def _found(scenario: Any, patterns: tuple[tuple[str, str], ...], text_of: Callable[[str], str] = str
           ) -> Iterator[tuple[str, str, str]]:
    """Each match of ``patterns`` in the texts of ``scenario`` as written: (where, the words matched, the pattern's
    advice), each text read as ``text_of`` gives it."""
    compiled = [(re.compile(pattern), advice) for pattern, advice in patterns]
    for i, step in enumerate(scenario.raw.get("steps", ())):
        for key, text in raw_texts(step):
            for pattern, advice in compiled:
                for match in pattern.finditer(text_of(text)):
                    yield f"step {i + 1} {key}", json.dumps(match[0]), advice


def free_text_facts(scenario: Any) -> list[str]:
    """Texts of ``scenario`` (as written) that type a board fact by hand where a reference should name it."""
    return [f"{where}: {words} types a board fact by hand: write {instead}"
            for where, words, instead in _found(scenario, _own(scenario.game).free_text, partial(REFERENCE.sub, ""))]


def misnamed(scenario: Any) -> list[str]:
    """Texts of ``scenario`` that call a thing by another name than the game's glossary (:attr:`References.names`)."""
    return [f"{where}: {words}: say {name}" for where, words, name in _found(scenario, _own(scenario.game).names)]
