"""Real builds of the site, one per edition and test session (``lite/build_site.py``, as ``./build.sh build``
runs it).  A build takes a while: a site already built is used instead, the student one that
``./build.sh test`` made for the browser tests (``SPYNB_SITE``) and a teacher one named by
``SPYNB_TEACHER_SITE``, when its marker says it is that edition."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from verify_site import MARKER  # noqa: E402

#: the variable naming an already built site of each edition
BUILT = {"student": "SPYNB_SITE", "teacher": "SPYNB_TEACHER_SITE"}


def built_edition(site: Path) -> str | None:
    """The edition a site build's marker names (None for a folder that is no site build)."""
    marker = site / MARKER
    return json.loads(marker.read_text(encoding="utf-8")).get("edition") if marker.is_file() else None


def build(folder: Path, edition: str) -> Path:
    """Build the site's ``edition`` into ``folder`` exactly as ``./build.sh build`` does."""
    python = REPO / ".build-env" / "lite-venv" / "bin" / "python"
    if not python.is_file() or not shutil.which("npm") or not shutil.which("node"):
        pytest.skip("no build environment (.build-env/lite-venv, npm, node): ./build.sh build sets it up")
    output = folder / "site"
    done = subprocess.run([python, REPO / "lite" / "build_site.py", "--repo", REPO, "--output", output,
                           "--cache", REPO / ".build-env" / "cache", "--edition", edition],
                          cwd=REPO, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, f"the {edition} build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    assert built_edition(output) == edition
    return output


def _site(tmp_path_factory: pytest.TempPathFactory, edition: str) -> Path:
    site = Path(os.environ.get(BUILT[edition], "/nonexistent"))
    if built_edition(site) == edition:
        return site
    return build(tmp_path_factory.mktemp(f"{edition}-build"), edition)


@pytest.fixture(scope="session")
def student_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real student site, built once per session (or ``SPYNB_SITE``)."""
    return _site(tmp_path_factory, "student")


@pytest.fixture(scope="session")
def teacher_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real teacher's site, built once per session (or ``SPYNB_TEACHER_SITE``)."""
    return _site(tmp_path_factory, "teacher")
