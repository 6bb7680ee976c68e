"""What is taught where: every rulebook section and ruling is taught by a notebook or a walkthrough step.

The lessons are computed from the site's tracks (``lite/tracks.json``): rule
links in their notebooks' markdown and the steps of the walkthroughs they play
(``lite/taught.py``).  What is not taught yet is listed in
``tests/untaught_rules.txt``, and what is taught fewer than the four ways
(explained, shown on the board, done by the learner, checked by a question)
in ``tests/taught_short_of_four.txt``; both lists may only shrink.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import spynb.scenarios
from spynb.scenarios import load

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "lite"))

from taught import WAYS, lessons, short_of_four, taught_where, teachable, untaught  # noqa: E402
from tracks import Part, Track, load_tracks  # noqa: E402

UNTAUGHT = REPO / "tests" / "untaught_rules.txt"
SHORT_OF_FOUR = REPO / "tests" / "taught_short_of_four.txt"
NOTEBOOKS = REPO / "notebooks"


def listed_untaught() -> list[str]:
    lines = UNTAUGHT.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_every_section_and_ruling_is_taught_or_listed_as_not_yet() -> None:
    missing = untaught(NOTEBOOKS, load_tracks())
    print("taught nowhere:", *missing, sep="\n  ")
    new = [rid for rid in missing if rid not in listed_untaught()]
    assert new == [], f"taught nowhere, and not in {UNTAUGHT.name}: {new}"


def test_the_untaught_list_only_shrinks() -> None:
    missing = set(untaught(NOTEBOOKS, load_tracks()))
    now_taught = [rid for rid in listed_untaught() if rid not in missing]
    assert now_taught == [], f"taught now: delete these lines from {UNTAUGHT.name}: {now_taught}"


def test_the_untaught_list_names_real_rules_once() -> None:
    known = {rid for ids in teachable().values() for rid in ids}
    listed = listed_untaught()
    assert [rid for rid in listed if rid not in known] == []
    assert len(listed) == len(set(listed))


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


def listed_short_of_four() -> dict[str, list[str]]:
    """``tests/taught_short_of_four.txt``: ``<rule id>: <way>, <way>`` per line."""
    lines = SHORT_OF_FOUR.read_text(encoding="utf-8").splitlines()
    entries = [line.partition(":") for line in lines if line.strip() and not line.startswith("#")]
    return {rid.strip(): [way.strip() for way in ways.split(",")] for rid, _, ways in entries}


def test_every_section_and_ruling_is_taught_four_ways_or_listed_with_the_ways_it_lacks() -> None:
    listed = listed_short_of_four()
    new = {rid: [w for w in ways if w not in listed.get(rid, [])]
           for rid, ways in short_of_four(NOTEBOOKS, load_tracks()).items()}
    assert {rid: ways for rid, ways in new.items() if ways} == {}, f"not in {SHORT_OF_FOUR.name}"


def test_the_short_of_four_list_only_shrinks() -> None:
    short = short_of_four(NOTEBOOKS, load_tracks())
    done = {rid: [w for w in ways if w not in short.get(rid, [])] for rid, ways in listed_short_of_four().items()}
    assert {rid: ways for rid, ways in done.items() if ways} == {}, f"taught now: remove from {SHORT_OF_FOUR.name}"


def test_the_short_of_four_list_names_real_rules_and_ways() -> None:
    known = {rid for ids in teachable().values() for rid in ids}
    listed = listed_short_of_four()
    assert [rid for rid in listed if rid not in known] == []
    assert [w for ways in listed.values() for w in ways if w not in WAYS] == []


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
