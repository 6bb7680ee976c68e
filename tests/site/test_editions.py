"""The student site leaves the teacher's key out; the teacher's site has it (lite/editions.py).

The notebooks are staged as the build stages them (``build_site.stage_notebooks``
then ``editions.apply_edition``), without running ``jupyter lite build``.
"""

from __future__ import annotations

import json
import shutil
import sys
from fractions import Fraction
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from build_site import stage_notebooks  # noqa: E402
from editions import (  # noqa: E402
    ANSWER_KEY, TEACHER_FILES, all_answer_patterns, answer_patterns, apply_edition, is_teacher_cell, leaks,
    site_texts, stamp_package,
)
from tracks import load_tracks  # noqa: E402

from spynb.prob.answers import EXERCISES, AnswerWithheld, answer, exact_answer, reference  # noqa: E402
from spynb.prob.check import check  # noqa: E402


def staged(tmp_path: Path, edition: str) -> Path:
    files = tmp_path / edition / "files"
    stage_notebooks(REPO, files, load_tracks(), {})
    apply_edition(files, edition)
    return files


@pytest.fixture(scope="module")
def student(tmp_path_factory) -> Path:
    return staged(tmp_path_factory.mktemp("site"), "student")


def test_the_student_site_has_no_exact_answer_in_its_exercises(student):
    texts = [(name, text) for name, text in site_texts(student) if name.startswith("exercises/")]
    assert len(texts) > 50
    assert leaks(texts) == []


def test_the_student_site_has_no_teacher_notes_no_key_and_no_teacher_cells(student):
    for name in (*TEACHER_FILES, ANSWER_KEY):
        assert not (student / name).exists()
    for path in student.rglob("*.ipynb"):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        assert not any(is_teacher_cell(c) for c in cells), path
        assert not any("Worked solution" in "".join(c["source"]) for c in cells), path


def test_the_source_notebooks_hold_the_worked_solutions_as_teacher_cells():
    for name in ("cloak-dagger-probability", "kloak-probability", "target-probability", "across-games"):
        cells = json.loads((REPO / "notebooks" / "exercises" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
        solutions = [c for c in cells if "Worked solution" in "".join(c["source"])]
        assert solutions and all(is_teacher_cell(c) for c in solutions), name


def test_the_teacher_site_has_the_notes_the_solutions_and_a_computed_key(tmp_path):
    files = staged(tmp_path, "teacher")
    for name in TEACHER_FILES:
        assert (files / name).is_file()
    key = (files / ANSWER_KEY).read_text(encoding="utf-8")
    assert all(e.title in key for e in EXERCISES.values())
    assert "| 3/8 ≈ 0.3750 |" in key and "| 385 |" in key
    assert leaks(site_texts(files))  # the key is there, so the search finds answers


def test_leaks_finds_an_answer_planted_in_a_student_file(student, tmp_path):
    files = tmp_path / "files"
    shutil.copytree(student / "exercises", files / "exercises")
    path = files / "exercises" / "kloak-probability.ipynb"
    path.write_text(path.read_text(encoding="utf-8").replace("Exercise 3", "Exercise 3 (63063/13693)"),
                    encoding="utf-8")
    found = leaks(site_texts(files))
    assert len(found) == 1 and "kl-rejection-tries" in found[0]


def test_answer_texts_are_fractions_decimals_and_whole_numbers_not_inside_other_numbers():
    import re

    patterns = answer_patterns(Fraction(3, 8))
    assert any(re.search(p, "it is 0.3750 here") for p in patterns)
    assert any(re.search(p, "3/8 of them") for p in patterns)
    assert not any(re.search(p, "13/80 and 0.37501") for p in patterns)
    whole = answer_patterns(756756)
    assert any(re.search(p, "756 756 ways") for p in whole) and any(re.search(p, "756,756") for p in whole)
    assert answer_patterns(10) == set()  # too small to tell from other numbers
    assert set(all_answer_patterns()) == set(EXERCISES)


def test_answer_refuses_in_the_student_edition_and_check_still_works(monkeypatch):
    monkeypatch.setenv("SPYNB_EDITION", "student")
    with pytest.raises(AnswerWithheld, match="teacher's key"):
        answer("cd-first-document")
    assert reference("cd-first-document") is None
    assert check("3/8", "cd-first-document").status == "right"
    assert check("1/2", "cd-first-document").status == "wrong"
    monkeypatch.setenv("SPYNB_EDITION", "teacher")
    assert answer("cd-first-document") == reference("cd-first-document") == exact_answer("cd-first-document")


def test_a_wrong_answer_never_shows_the_exact_value():
    for exercise in EXERCISES:
        value = exact_answer(exercise)
        verdict = check("999/1000" if not isinstance(value, dict) else {k: "999/1000" for k in value}, exercise)
        assert leaks([(exercise, verdict.message)], {exercise: answer_patterns(value)}) == [], exercise


def test_an_unknown_edition_is_refused(monkeypatch):
    monkeypatch.setenv("SPYNB_EDITION", "pupil")
    with pytest.raises(ValueError, match="unknown edition"):
        answer("cd-first-document")


def test_the_build_stamps_the_edition_into_its_copy_of_spynb(tmp_path):
    package = tmp_path / "spynb"
    shutil.copytree(REPO / "spynb" / "prob", package / "prob", ignore=shutil.ignore_patterns("__pycache__"))
    stamp_package(package, "student")
    assert 'EDITION = "student"' in (package / "prob" / "edition.py").read_text(encoding="utf-8")
    assert 'EDITION = "teacher"' in (REPO / "spynb" / "prob" / "edition.py").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="unknown edition"):
        stamp_package(package, "pupil")
