"""What is taught where: every rulebook section and ruling, and the notebook cells and walkthrough steps that teach it.

A notebook teaches a rule where its markdown links to the rule on the rules
page (``spynb.rulespage.rule_href``: ``../rules/index.html?%#CD-5``), and
where it plays a walkthrough (``walkthrough("name")`` in a code cell): each
step of that scenario teaches the rule in its ``rule`` field.  A rule sentence
(``CD/Placing.2``) teaches its section (``CD/Placing``) too.  A heading with no
text of its own (The Target's *Setup*, over *Affiliation Setup Chart* and *Setup
Steps*) has nothing to teach: its sections are taught.

A rule is taught four ways (:data:`WAYS`): explained (a rule link in the
prose, or a step's caption), shown on the board (a step that plays a move),
done by the learner (a your-turn step, or a step whose chance move the learner
acts out: its ``act``, "Cut the deck") and checked by a question (a question
step). :func:`short_of_four` names the ways each rule still lacks.

Usage: ``python lite/taught.py`` prints what is taught nowhere, then what is
taught fewer than four ways.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tracks import Track, load_tracks, markdown_links  # noqa: E402

import spynb  # noqa: E402
from spynb.engine import RULEBOOK, RULING  # noqa: E402
from spynb.rulespage import rule_anchor  # noqa: E402
from spynb.scenarios import Step, StepKind  # noqa: E402
from spynb.scenarios import load as load_scenario  # noqa: E402

__all__ = ["Lesson", "WAYS", "site_games", "teachable", "lessons", "taught_where", "untaught", "ways_taught", "short_of_four",
           "walkthroughs_in", "main"]

WAYS = ("explained", "shown on the board", "done by the learner", "checked by a question")
"""The four ways a rule is taught, each counted on its own."""

_RULE_LINK = re.compile(r"rules/index\.html(?:\?%)?#(.+)$")
_WALKTHROUGH = re.compile(r"""walkthrough\(\s*["']([\w-]+)["']""")


@dataclass(frozen=True)
class Lesson:
    """One place that teaches a rule: a notebook (its path under ``notebooks/``) and a cell or walkthrough step."""

    notebook: str
    where: str
    ways: tuple[str, ...] = WAYS[:1]
    """Which of the :data:`WAYS` this place teaches the rule."""


def site_games(tracks: tuple[Track, ...] | None = None) -> tuple[str, ...]:
    """The games the site teaches: every registered game a track is about (default: the site's tracks), in the
    registry's order.  A game with no track (the tests' fixture game) is not taught on the site."""
    tracked = {track.game for track in (load_tracks() if tracks is None else tracks)}
    return tuple(game for game in spynb.game_names() if game in tracked)


def teachable() -> dict[str, tuple[str, ...]]:
    """Every rulebook section (but headings with no text of their own) and ruling of the site's games
    (:func:`site_games`), by game, in rulebook order (sections first)."""
    result = {}
    for game in site_games():
        rules = spynb.get_spec(game).rules
        sections = tuple(r.id for r in rules.sections() if not r.is_chapter)
        result[game] = sections + tuple(r.id for r in rules if r.source == RULING)
    return result


def walkthroughs_in(notebook: dict) -> list[str]:
    """The walkthroughs a notebook (its parsed JSON) plays, in order: ``walkthrough("name")`` in its code cells."""
    return [name for cell in notebook["cells"] if cell["cell_type"] == "code"
            for name in _WALKTHROUGH.findall("".join(cell["source"]))]


def _by_anchor() -> dict[str, str]:
    return {rule_anchor(rule.id): rule.id for game in spynb.game_names() for rule in spynb.get_spec(game).rules}


def _cited(rule_id: str) -> list[str]:
    """The ids a citation of ``rule_id`` teaches: itself, and the section of a rule sentence."""
    rule = spynb.lookup(rule_id)
    return [rule.id, rule.section] if rule.source == RULEBOOK and rule.section else [rule.id]


def lessons(notebooks: Path, tracks: tuple[Track, ...]) -> list[tuple[str, Lesson]]:
    """Every (rule id, lesson) in the tracks' notebooks, in reading order.

    :raises KeyError: a notebook links to a rule anchor or plays a walkthrough that does not exist.
    """
    anchors = _by_anchor()
    found: list[tuple[str, Lesson]] = []
    for track in tracks:
        for part in track.parts:
            notebook = json.loads((notebooks / part.notebook).read_text(encoding="utf-8"))
            for number, _, href in markdown_links(notebook):
                match = _RULE_LINK.search(href)
                if match:
                    found += [(rid, Lesson(part.notebook, f"cell {number}")) for rid in _cited(anchors[match.group(1)])]
            for number, cell in enumerate(notebook["cells"], start=1):
                if cell["cell_type"] != "code":
                    continue
                for name in _WALKTHROUGH.findall("".join(cell["source"])):
                    scenario = load_scenario(name)
                    for step, entry in enumerate(scenario.steps, start=1):
                        found += [(rid, Lesson(part.notebook, f"walkthrough “{scenario.title}”, step {step}",
                                               _step_ways(entry)))
                                  for rid in (_cited(entry.rule) if entry.rule else ())]
    return found


def _step_ways(step: Step) -> tuple[str, ...]:
    """How a walkthrough step teaches its rule: a question checks it; any other step's caption explains it, a step
    with a move shows it on the board, and a your-turn step, or a step whose chance move the learner acts out
    (its ``act``), has the learner do it."""
    if step.kind is StepKind.QUESTION:
        return WAYS[3:]
    return WAYS[:3] if step.kind is StepKind.YOUR_TURN or step.act else WAYS[:2] if step.moves else WAYS[:1]


def taught_where(notebooks: Path, tracks: tuple[Track, ...]) -> dict[str, list[Lesson]]:
    """Each rulebook section and ruling, and the lessons that teach it (each once, in reading order)."""
    where: dict[str, list[Lesson]] = {rid: [] for ids in teachable().values() for rid in ids}
    for rid, lesson in lessons(notebooks, tracks):
        if rid in where and lesson not in where[rid]:
            where[rid].append(lesson)
    return where


def untaught(notebooks: Path, tracks: tuple[Track, ...]) -> list[str]:
    """The rulebook sections and rulings no notebook and no walkthrough teaches."""
    return [rid for rid, found in taught_where(notebooks, tracks).items() if not found]


def ways_taught(found: Iterable[Lesson]) -> set[str]:
    """Which of the :data:`WAYS` the lessons ``found`` for one rule teach it, between them."""
    return {way for lesson in found for way in lesson.ways}


def short_of_four(notebooks: Path, tracks: tuple[Track, ...]) -> dict[str, list[str]]:
    """Each rulebook section and ruling taught fewer than four ways, and the ways it lacks (in :data:`WAYS` order)."""
    short = {}
    for rid, found in taught_where(notebooks, tracks).items():
        taught = ways_taught(found)
        if len(taught) < len(WAYS):
            short[rid] = [way for way in WAYS if way not in taught]
    return short


def main() -> int:
    missing = untaught(REPO / "notebooks", load_tracks())
    print("\n".join(missing))
    print(f"taught: {len(missing)} rulebook section(s) and ruling(s) taught nowhere", file=sys.stderr)
    short = short_of_four(REPO / "notebooks", load_tracks())
    print("\n".join(f"{rid}: {', '.join(ways)}" for rid, ways in short.items()))
    print(f"taught: {len(short)} taught fewer than four ways", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
