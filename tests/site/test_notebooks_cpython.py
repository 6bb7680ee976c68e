"""Every notebook also runs, top to bottom, in CPython with an ordinary kernel."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# exercises/ run in tests/prob/test_notebooks.py, as stored and with the answers filled in
# lite/checks/ holds the site's smoke tests, which the browser tests open
NOTEBOOKS = sorted(path for folder in (REPO / "notebooks", REPO / "lite" / "checks") for path in folder.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in path.parts and "exercises" not in path.parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.relative_to(REPO).as_posix() for p in NOTEBOOKS])
def test_notebook_runs_in_cpython(path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("anywidget")
    notebook = nbformat.read(path, as_version=4)
    # the notebooks name the in-browser kernel; here the same code runs in CPython's
    client = nbclient.NotebookClient(notebook, kernel_name="python3", timeout=120,
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [output for cell in notebook.cells if cell.cell_type == "code"
              for output in cell.outputs if output.output_type == "error"]
    assert errors == [], errors
