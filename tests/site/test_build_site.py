"""The site build's safety rules and its reading of Pyodide's lock (no build is run)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from build_site import (  # noqa: E402
    BuildError, check_output_dir, is_previous_build, pyodide_requirements, replace_output,
)
from verify_site import MARKER  # noqa: E402


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = tmp_path / "repo"
    (path / "spynb").mkdir(parents=True)
    return path


def previous_build(path: Path) -> Path:
    path.mkdir(parents=True)
    (path / MARKER).write_text("{}", encoding="utf-8")
    (path / "index.html").write_text("old", encoding="utf-8")
    return path


def test_a_new_or_empty_output_is_allowed(repo):
    check_output_dir(repo / "_site", repo)
    (repo / "_empty").mkdir()
    check_output_dir(repo / "_empty", repo)


def test_a_previous_build_may_be_replaced(repo):
    old = previous_build(repo / "_site")
    assert is_previous_build(old)
    check_output_dir(old, repo)


def test_a_folder_that_is_not_a_build_is_never_deleted(repo):
    precious = repo / "docs"
    precious.mkdir()
    (precious / "notes.md").write_text("keep me", encoding="utf-8")
    with pytest.raises(BuildError, match="refusing to delete .*not a previous site build"):
        check_output_dir(precious, repo)
    assert (precious / "notes.md").read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize("which", ["repo", "parent"])
def test_the_repository_and_its_parents_are_refused(repo, which):
    target = repo if which == "repo" else repo.parent
    with pytest.raises(BuildError, match="contains the repository"):
        check_output_dir(target, repo)


def test_a_file_is_refused(repo):
    (repo / "_site").write_text("x", encoding="utf-8")
    with pytest.raises(BuildError, match="is a file"):
        check_output_dir(repo / "_site", repo)


def test_replace_output_swaps_in_the_new_build(repo, tmp_path):
    previous_build(repo / "_site")
    new = previous_build(tmp_path / "new")
    (new / "index.html").write_text("new", encoding="utf-8")
    replace_output(new, repo / "_site", repo)
    assert (repo / "_site" / "index.html").read_text(encoding="utf-8") == "new"
    assert not new.exists()


def test_replace_output_refuses_a_folder_that_became_precious(repo, tmp_path):
    (repo / "_site").mkdir()
    (repo / "_site" / "mine.txt").write_text("x", encoding="utf-8")
    with pytest.raises(BuildError):
        replace_output(previous_build(tmp_path / "new"), repo / "_site", repo)
    assert (repo / "_site" / "mine.txt").exists()


def test_pyodide_requirements_pin_pure_python_packages_at_pyodide_versions(tmp_path):
    lock = {"info": {}, "packages": {
        "micropip": {"name": "micropip", "version": "0.11.1", "file_name": "micropip-0.11.1-py3-none-any.whl"},
        "ipython": {"name": "ipython", "version": "9.12.0", "file_name": "ipython-9.12.0-py3-none-any.whl"},
        "jedi": {"name": "jedi", "version": "0.19.2", "file_name": "jedi-0.19.2-py2.py3-none-any.whl"},
        "numpy": {"name": "numpy", "version": "2.4.6",
                  "file_name": "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl"},
    }}
    path = tmp_path / "pyodide-lock.json"
    path.write_text(json.dumps(lock), encoding="utf-8")
    boot, pins = pyodide_requirements(path)
    assert boot == ["micropip==0.11.1", "ipython==9.12.0", "jedi==0.19.2"]
    assert pins == ["ipython==9.12.0", "jedi==0.19.2", "micropip==0.11.1"]


def test_pyodide_requirements_need_the_kernel_boot_packages(tmp_path):
    path = tmp_path / "pyodide-lock.json"
    path.write_text(json.dumps({"packages": {}}), encoding="utf-8")
    with pytest.raises(BuildError, match="no micropip"):
        pyodide_requirements(path)
