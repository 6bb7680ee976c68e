"""The notebook checks that run before every site build."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from check_notebooks import PYODIDE_KERNELSPEC, check_notebook, check_paths, main  # noqa: E402


def write(tmp_path: Path, name: str = "n.ipynb", **changes) -> Path:
    notebook = {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": ["# hi"]},
            {"cell_type": "code", "metadata": {}, "source": ["1 + 1"], "outputs": [], "execution_count": None},
        ],
        "metadata": {"kernelspec": dict(PYODIDE_KERNELSPEC)},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    for key, value in changes.items():
        if key == "kernelspec":
            notebook["metadata"]["kernelspec"] = value
        elif key == "widgets":
            notebook["metadata"]["widgets"] = value
        else:
            notebook["cells"][1][key] = value
    path = tmp_path / name
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def test_a_clean_pyodide_notebook_passes(tmp_path):
    assert check_notebook(write(tmp_path)) == []


def test_the_repository_notebooks_pass():
    assert check_paths([REPO / "notebooks", REPO / "lite" / "checks"]) == []


def test_a_cpython_kernelspec_is_refused(tmp_path):
    path = write(tmp_path, kernelspec={"name": "python3", "display_name": "Python 3", "language": "python"})
    [problem] = check_notebook(path)
    assert "kernelspec name is 'python3'" in problem


def test_a_missing_kernelspec_is_refused(tmp_path):
    path = write(tmp_path, kernelspec=None)
    assert "kernelspec" in check_notebook(path)[0]


def test_stored_outputs_are_refused(tmp_path):
    output = {"output_type": "stream", "name": "stdout", "text": ["2\n"]}
    problems = check_notebook(write(tmp_path, outputs=[output]))
    assert any("cell 2 stores 1 output(s) (stream)" in p for p in problems)


def test_stored_execution_counts_are_refused(tmp_path):
    problems = check_notebook(write(tmp_path, execution_count=3))
    assert any("execution count" in p for p in problems)


def test_stored_widget_state_is_refused(tmp_path):
    state = {"application/vnd.jupyter.widget-state+json": {"state": {}, "version_major": 2}}
    assert any("widget state" in p for p in check_notebook(write(tmp_path, widgets=state)))


def test_a_stored_widget_view_is_named(tmp_path):
    output = {"output_type": "display_data", "metadata": {},
              "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "x"}}}
    assert any("widget view" in p for p in check_notebook(write(tmp_path, outputs=[output])))


def test_an_unreadable_file_is_a_problem_not_a_crash(tmp_path):
    path = tmp_path / "broken.ipynb"
    path.write_text("{not json", encoding="utf-8")
    assert "cannot be read" in check_notebook(path)[0]


def test_an_empty_folder_is_a_problem(tmp_path):
    assert check_paths([tmp_path]) == [f"no notebooks found in {tmp_path}"]


def test_checkpoints_are_skipped(tmp_path):
    write(tmp_path)
    (tmp_path / ".ipynb_checkpoints").mkdir()
    write(tmp_path / ".ipynb_checkpoints", "n-checkpoint.ipynb", execution_count=1)
    assert check_paths([tmp_path]) == []


@pytest.mark.parametrize("clean, code", [(True, 0), (False, 1)])
def test_the_command_line_exit_code(tmp_path, capsys, clean, code):
    path = write(tmp_path) if clean else write(tmp_path, execution_count=1)
    assert main([str(path)]) == code
