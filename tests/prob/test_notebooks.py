"""The exercise notebooks run top to bottom in CPython, with the answers filled in.

The notebooks are stored for the browser's Pyodide kernel; here they run in
the installed ``python3`` kernel, with matplotlib's non-interactive Agg
backend.  Two passes per notebook: the teacher's edition with each
``my_answer_N = ...`` replaced by the exact answer, so that every ``check``
must say "right"; and the student edition (teacher cells left out,
``SPYNB_EDITION=student``) as stored: every check says "unanswered", no cell
calls ``answer()``, and no output shows an exact answer.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

pytestmark = pytest.mark.slow  # started first in a parallel run (tests/conftest.py)
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))
from editions import all_answer_patterns, leaks, student_notebook  # noqa: E402
EXERCISES = REPO / "notebooks" / "exercises"
NOTEBOOKS = sorted(EXERCISES.glob("*.ipynb"))
ANSWER_LINE = re.compile(r"^(my_answer_\d+) = (.*?)(\s+#.*)?$", re.MULTILINE)


def _run(notebook: nbformat.NotebookNode, timeout: int = 300, edition: str = "teacher") -> nbformat.NotebookNode:
    env = {"MPLBACKEND": "Agg", "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "SPYNB_EDITION": edition}
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        client = nbclient.NotebookClient(notebook, kernel_name="python3", timeout=timeout,
                                         resources={"metadata": {"path": str(REPO)}})
        client.execute()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return notebook


def _text_outputs(notebook: nbformat.NotebookNode) -> list[str]:
    texts = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                texts.append(output.get("text", ""))
            elif "data" in output:
                texts.append(output["data"].get("text/plain", ""))
    return texts


def _fill_answers(notebook: nbformat.NotebookNode) -> int:
    """Replace each ``my_answer_N = ...`` with the exact answer of the check that follows it."""
    filled = 0
    cells = notebook.cells
    for i, cell in enumerate(cells):
        match = ANSWER_LINE.search(cell.source) if cell.cell_type == "code" else None
        if not match:
            continue
        name = match.group(1)
        check_cell = next(c for c in cells[i + 1:] if c.cell_type == "code" and f"check({name}" in c.source)
        exercise = re.search(rf'check\({name}, "([^"]+)"', check_cell.source).group(1)
        cell.source = f"from spynb.prob.answers import answer\n{name} = answer({exercise!r})"
        filled += 1
    return filled


def test_there_is_an_exercise_notebook_per_game():
    names = {p.name for p in NOTEBOOKS}
    assert {"cloak-dagger-probability.ipynb", "kloak-probability.ipynb", "target-probability.ipynb",
            "across-games.ipynb"} <= names
    for path in NOTEBOOKS:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["metadata"]["kernelspec"] == {"display_name": "Python (Pyodide)", "language": "python",
                                                  "name": "python"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom_and_its_checks_say_right(path):
    """One run per notebook (a kernel start is slow): every stored ``my_answer_N = ...`` is first
    replaced by the exact answer, so every check must say right and every simulation must agree."""
    stored = nbformat.read(path, as_version=4)
    assert all("..." in c.source for c in stored.cells if c.cell_type == "code" and ANSWER_LINE.search(c.source))
    notebook = nbformat.read(path, as_version=4)
    filled = _fill_answers(notebook)
    assert filled >= (2 if path.name == "across-games.ipynb" else 4), f"{path.name} has only {filled} exercises"
    start = time.perf_counter()
    _run(notebook)
    seconds = time.perf_counter() - start
    texts = _text_outputs(notebook)
    verdicts = [t for t in texts if re.match(r"^[✔≈✘…] ", t)]
    assert len(verdicts) == filled
    assert all(v.startswith("✔ right") for v in verdicts), verdicts
    joined = "\n".join(texts)
    assert "inside the 95% interval: False" not in joined and "inside: False" not in joined
    assert "agree: False" not in joined
    assert seconds < 90, f"{path.name} took {seconds:.0f} s"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_student_edition_runs_and_prints_no_answer(path):
    """The student's copy, as stored, with answer() refusing: it runs, every check is unanswered,
    every simulation's interval holds the exact answer, and no output shows an exact answer's text."""
    data = json.loads(path.read_text(encoding="utf-8"))
    notebook = nbformat.reads(json.dumps(student_notebook(data)), as_version=4)
    assert not any("answer(" in c.source.replace("parse_answer(", "") for c in notebook.cells
                   if c.cell_type == "code")
    _run(notebook, edition="student")
    texts = _text_outputs(notebook)
    verdicts = [t for t in texts if re.match(r"^[✔≈✘…] ", t)]
    assert verdicts and all(v.startswith("… unanswered") for v in verdicts), verdicts
    joined = "\n".join(texts)
    assert "inside the 95% interval: False" not in joined and "inside: False" not in joined
    assert leaks([(path.name, t) for t in texts], all_answer_patterns(places=range(5, 7))) == []


def test_a_blank_answer_says_unanswered_and_a_wrong_one_wrong():
    from spynb.prob import check
    from spynb.prob.answers import answer

    assert check(..., answer("cd-first-document")).status == "unanswered"
    assert check("1/2", answer("cd-first-document")).status == "wrong"


def _exercise_ranges(cells: list[dict]) -> list[tuple[str, list[dict]]]:
    """Each exercise's id and its cells: from its check to the next exercise's answer cell."""
    starts = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and ANSWER_LINE.search("".join(c["source"]))]
    ranges = []
    for start, end in zip(starts, [*starts[1:], len(cells)]):
        check_cell = next("".join(c["source"]) for c in cells[start:end] if "check(my_answer" in "".join(c["source"]))
        ranges.append((re.search(r'check\(my_answer_\d+, "([^"]+)"', check_cell).group(1), cells[start:end]))
    return ranges


def _is_solution(cell: dict) -> bool:
    return cell["cell_type"] == "markdown" and "Worked solution" in "".join(cell["source"])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_exercise_has_a_worked_solution_the_student_edition_leaves_out(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    ranges = _exercise_ranges(data["cells"])
    assert ranges
    for exercise, cells in ranges:
        solutions = [c for c in cells if _is_solution(c)]
        assert solutions, f"{path.name}: {exercise} has no worked solution"
        assert all("teacher" in c["metadata"].get("tags", ()) for c in solutions), f"{exercise}: untagged solution"
    student = student_notebook(data)["cells"]
    assert not any(_is_solution(c) or "teacher" in c["metadata"].get("tags", ()) for c in student)
