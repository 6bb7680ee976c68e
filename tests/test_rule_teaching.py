"""What is taught where: every rulebook section and ruling is taught by a notebook or a walkthrough step.

The lessons are computed from the site's tracks (``lite/tracks.json``): rule
links in their notebooks' markdown and the steps of the walkthroughs they play
(``lite/taught.py``).  Each is taught the four ways: explained, shown on the
board, done by the learner, checked by a question.
"""

from __future__ import annotations

import re
import sys
from itertools import groupby
from pathlib import Path

import pytest

import spynb.scenarios
from spynb.scenarios import load

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "lite"))

from taught import WAYS, Lesson, lessons, short_of_four, taught_where, untaught  # noqa: E402
from tracks import Part, Track, load_tracks  # noqa: E402

NOTEBOOKS = REPO / "notebooks"


def test_every_section_and_ruling_is_taught() -> None:
    assert untaught(NOTEBOOKS, load_tracks()) == [], "taught nowhere"


def test_a_rule_link_and_a_walkthrough_step_both_teach(tmp_path: Path) -> None:
    notebook = ('{"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["See [placing]'
                '(../rules/index.html?%#CD/Placing.1)."]}, {"cell_type": "code", "metadata": {}, "outputs": [], '
                '"execution_count": null, "source": ["walkthrough(\\"kloak-first-kloak\\")"]}], "metadata": {}}')
    (tmp_path / "one.ipynb").write_text(notebook, encoding="utf-8")
    track = Track(id="t", title="T", kind="", summary="", parts=(Part("one.ipynb", "One"),))
    where = taught_where(tmp_path, (track,))
    assert [lesson.where for lesson in where["CD/Placing"]] == ["cell 1"]
    first_kl5 = next(n for n, step in enumerate(load("kloak-first-kloak").steps, 1) if step.rule == "KL-5")
    assert where["KL-5"][0].where.endswith(f"step {first_kl5}") and where["KL-13"]
    assert where["CD-5"] == [] and "CD/Placing.1" not in where
    assert ("CD/Placing.1", lessons(tmp_path, (track,))[0][1]) in lessons(tmp_path, (track,))


def test_a_link_to_a_rule_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "one.ipynb").write_text('{"cells": [{"cell_type": "markdown", "metadata": {}, "source": '
                                        '["[x](../rules/index.html?%#CD-99)"]}], "metadata": {}}', encoding="utf-8")
    track = Track(id="t", title="T", kind="", summary="", parts=(Part("one.ipynb", "One"),))
    with pytest.raises(KeyError):
        lessons(tmp_path, (track,))


def test_a_walkthrough_step_without_a_rule_teaches_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    import taught

    data = json.loads(Path(spynb.scenarios.__file__).with_name("kloak-first-kloak.json").read_text(encoding="utf-8"))
    del data["steps"][0]["rule"]
    monkeypatch.setattr(taught, "load_scenario", lambda name: spynb.scenarios.from_data(data, name))
    notebook = ('{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, '
                '"source": ["walkthrough(\\"kloak-first-kloak\\")"]}], "metadata": {}}')
    (tmp_path / "one.ipynb").write_text(notebook, encoding="utf-8")
    track = Track(id="t", title="T", kind="", summary="", parts=(Part("one.ipynb", "One"),))
    steps = [lesson.where for lessons_of_rule in taught_where(tmp_path, (track,)).values() for lesson in lessons_of_rule]
    assert steps and not any(where.endswith("step 1") for where in steps)


def test_every_section_and_ruling_is_taught_four_ways() -> None:
    """Explained, shown on the board, done by the learner and checked by a question: a rule short of any is named
    with the ways it lacks."""
    assert short_of_four(NOTEBOOKS, load_tracks()) == {}


def test_each_step_kind_counts_its_own_ways(tmp_path: Path) -> None:
    notebook = ('{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, '
                '"source": ["walkthrough(\\"cloak-dagger-first-steps\\")"]}], "metadata": {}}')
    (tmp_path / "one.ipynb").write_text(notebook, encoding="utf-8")
    track = Track(id="t", title="T", kind="", summary="", parts=(Part("one.ipynb", "One"),))
    tour = load("cloak-dagger-first-steps")
    seen = set()
    for _, lesson in lessons(tmp_path, (track,)):
        step = tour.steps[int(lesson.where.rpartition(" ")[2]) - 1]
        kind = "moves" if step.kind.value == "narrated" and step.do else step.kind.value
        seen.add(kind)
        assert lesson.ways == {"question": WAYS[3:], "your-turn": WAYS[:3], "moves": WAYS[:2]}.get(kind, WAYS[:1])
    assert {"question", "your-turn", "moves"} <= seen


def test_a_chance_move_the_learner_acts_out_counts_as_done_by_the_learner(tmp_path: Path) -> None:
    """A narrated step with an ``act`` ("Cut the stack") is the learner's own doing; chance's other moves are only
    shown on the board."""
    notebook = ('{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, '
                '"source": ["walkthrough(\\"cloak-dagger-setup\\")"]}], "metadata": {}}')
    (tmp_path / "one.ipynb").write_text(notebook, encoding="utf-8")
    track = Track(id="t", title="T", kind="", summary="", parts=(Part("one.ipynb", "One"),))
    tour = load("cloak-dagger-setup")
    ways = {int(lesson.where.rpartition(" ")[2]): lesson.ways for _, lesson in lessons(tmp_path, (track,))}
    acted = [n for n, step in enumerate(tour.steps, 1) if step.act]
    watched = [n for n, step in enumerate(tour.steps, 1) if step.do.startswith("chance") and not step.act]
    assert acted and watched
    assert all(ways[n] == WAYS[:3] for n in acted) and all(ways[n] == WAYS[:2] for n in watched)


def _states_first(caption: str) -> bool:
    """Whether a question's caption says something before it asks: where a rule is stated, then applied."""
    sentences = re.split(r"(?<=[.!?:])\s+", caption.strip())
    return len(sentences) > 1 and not sentences[0].endswith("?")


def asked_before_taught(track: Track) -> list[str]:
    """The questions of a track, in reading order, whose rule (or its section) nothing explained before: no earlier
    cell or step, and not their own caption before the question."""
    explained: set[str] = set()
    early = []
    for lesson, cited in groupby(lessons(NOTEBOOKS, (track,)), key=lambda found: found[1]):
        rules = {rid for rid, _ in cited}
        if lesson.ways == WAYS[3:] and not rules & explained and not _states_first(caption_of(lesson)):
            early.append(f"{lesson.notebook}, {lesson.where}: {sorted(rules)}")
        if WAYS[0] in lesson.ways or lesson.ways == WAYS[3:]:
            explained |= rules
    return early


def caption_of(lesson: Lesson) -> str:
    title, _, step = lesson.where.rpartition(", step ")
    tour = next(load(name) for name in spynb.scenarios.names() if f"“{load(name).title}”" in title)
    return tour.steps[int(step) - 1].caption


@pytest.mark.parametrize("track", [t for t in load_tracks() if t.game], ids=lambda t: t.id)
def test_no_question_is_asked_before_its_rule_is_taught(track: Track) -> None:
    assert asked_before_taught(track) == []
