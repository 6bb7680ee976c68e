"""The student site leaves the teacher's key out; the teacher's site has it (lite/editions.py).

Most tests stage the notebooks as the build stages them (``build_site.stage_notebooks``
then ``editions.apply_edition``), without running ``jupyter lite build``.  The
last ones search *real builds* (``lite/build_site.py``, as ``./build.sh build``
runs it): every file of the student site — notebooks, pages, settings, the spynb
wheel and every other wheel unpacked — must hold no exercise's exact answer, and
the teacher's build must hold the key.  The builds are ``conftest.py``'s, one per
edition and test session.
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
    ANSWER_KEY, TEACHER_FILES, all_answer_patterns, answer_patterns, apply_edition, built_texts, find_answers,
    is_teacher_cell, leaks, site_texts, stamp_package,
)
from tracks import load_tracks  # noqa: E402

from spynb.prob.answers import EXERCISES, AnswerWithheld, answer, exact_answer, reference  # noqa: E402
from spynb.prob.check import check  # noqa: E402


def staged(tmp_path: Path, edition: str) -> Path:
    files = tmp_path / edition / "files"
    stage_notebooks(REPO, files, load_tracks())
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


def test_answer_texts_include_the_fraction_repr_a_doctest_prints():
    import re

    patterns = answer_patterns(Fraction(63063, 13693))
    assert any(re.search(p, ">>> expected_tries()\nFraction(63063, 13693)") for p in patterns)
    assert not any(re.search(p, "Fraction(163063, 13693)") for p in patterns)


# -- the real builds ---------------------------------------------------------------------------------

#: answer texts in the built student site that are not answers: (file, exercise, text) and why
NOT_ANSWERS: dict[tuple[str, str, str], str] = {}


def test_the_built_student_site_holds_no_exact_answer_in_any_file(student_build):
    texts = list(built_texts(student_build))
    names = {name for name, _ in texts}
    # the search reaches the notebooks, the site's own pages and the unpacked wheel
    assert {"files/exercises/decisions-in-play.ipynb", "index.html", "rules/index.html"} <= names
    assert any(name.endswith("!spynb/prob/answers.py") for name in names)
    assert any(name.startswith("static/pyodide-lock/ipython-") and name.endswith("/METADATA") for name in names)
    found = [str(f) for f in find_answers(texts) if (f.name, f.exercise, f.text) not in NOT_ANSWERS]
    assert found == []
    assert not (student_build / "files" / ANSWER_KEY).exists()


def test_the_built_teacher_site_holds_the_key_and_every_answer(teacher_build):
    key = (teacher_build / "files" / ANSWER_KEY).read_text(encoding="utf-8")
    assert all(e.title in key for e in EXERCISES.values())
    for name in TEACHER_FILES:
        assert (teacher_build / "files" / name).is_file()
    searched = {e: p for e, p in all_answer_patterns().items() if p}
    found = {f.exercise for f in find_answers([(ANSWER_KEY, key)], searched)}
    assert found == set(searched), "the key holds every searchable answer"
    assert 'EDITION = "teacher"' in dict(built_texts(teacher_build))[
        next(n for n, _ in built_texts(teacher_build) if n.endswith("!spynb/prob/edition.py"))]


def test_not_answers_are_each_found_in_the_student_build(student_build):
    """Every excuse in NOT_ANSWERS is still needed: a stale one would hide nothing but mislead."""
    found = {(f.name, f.exercise, f.text) for f in find_answers(built_texts(student_build))}
    assert set(NOT_ANSWERS) <= found
