"""lite/lesson_boards.py: each lesson's board, waiting for Python, is the live board's first look.

The build runs each board lesson's first code cell and writes the board's front state, module and style sheet;
the notebook app's page draws them until the live board has drawn (lite/lesson_page.js, tested in
tests/browser/test_lesson_page.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from build_site import stage_notebooks  # noqa: E402
from lesson_boards import FOLDER, first_code, front_state, lesson_board, problems, run_cell, write_lesson_boards  # noqa: E402
from tracks import load_tracks  # noqa: E402

from spynb.widgets.frontend import board_module, board_styles  # noqa: E402

TRACKS = load_tracks()
BOARD_PARTS = [part for track in TRACKS for part in track.parts if part.board]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("site")
    stage_notebooks(REPO, root / "files", TRACKS)
    write_lesson_boards(root, TRACKS)
    return root


def _written(site: Path, notebook: str) -> dict:
    return json.loads((site / FOLDER / f"{notebook}.json").read_text(encoding="utf-8"))


def _served(site: Path, notebook: str) -> dict:
    return json.loads((site / "files" / notebook).read_text(encoding="utf-8"))


def test_every_board_lesson_has_its_waiting_board_and_the_site_holds_what_it_names(site):
    assert BOARD_PARTS and problems(site, TRACKS) == []
    for part in BOARD_PARTS:
        board = _written(site, part.notebook)
        assert board["module"].startswith(f"{FOLDER}/") and board["module"].endswith(".js"), part.notebook
        assert board["css"].startswith(f"{FOLDER}/") and board["css"].endswith(".css"), part.notebook


@pytest.mark.parametrize("part", BOARD_PARTS, ids=lambda p: p.notebook)
def test_the_waiting_board_is_the_first_look_of_the_board_the_first_cell_makes(site, part):
    """Its state is the board's whole front state as the notebook's cell makes it, drawn by the very module and
    styles anywidget gets for that board (so nothing changes when the live board takes its place)."""
    board = _written(site, part.notebook)
    live = run_cell(first_code(_served(site, part.notebook)))
    assert board["state"] == json.loads(json.dumps(front_state(live))), part.notebook
    assert set(live.front_state()) <= set(board["state"]), "every field of the board's controller"
    assert (site / board["module"]).read_text(encoding="utf-8") == live._esm == board_module(live.GAME, live.PANELS)
    assert (site / board["css"]).read_text(encoding="utf-8") == live._css == board_styles(live.GAME, live.PANELS)
    if part.notebook.endswith("06-play.ipynb") and "walkthrough" not in first_code(_served(site, part.notebook)):
        assert "walk" not in board["state"], "a play board has no walkthrough panel"
    else:
        assert board["state"]["walk"]["at"] == 0 and board["state"]["walk"]["step"]["number"] == 1, \
            "a walkthrough waits at its first step, its panel drawn"


def test_each_module_and_style_sheet_is_written_once(site):
    written = sorted(p.name for p in (site / FOLDER).iterdir() if p.is_file())
    named = {_written(site, part.notebook)[key] for part in BOARD_PARTS for key in ("module", "css")}
    assert sorted(name.removeprefix(f"{FOLDER}/") for name in named) == written
    assert len(named) < 2 * len(BOARD_PARTS)  # the lessons of one game share theirs


def test_a_first_cell_that_shows_no_board_is_refused_with_the_notebooks_name():
    notebook = {"cells": [{"cell_type": "markdown", "source": ["# a"]}, {"cell_type": "code", "source": ["x = 1\n", "x"]}]}
    with pytest.raises(ValueError, match="lesson.ipynb: its first code cell shows no board"):
        lesson_board(notebook, "lesson.ipynb")


def test_a_missing_waiting_board_or_module_is_a_problem_of_the_built_site(site, tmp_path):
    part = BOARD_PARTS[0]
    board = _written(site, part.notebook)
    copy = tmp_path / FOLDER / f"{part.notebook}.json"
    copy.parent.mkdir(parents=True)
    copy.write_text(json.dumps(board), encoding="utf-8")
    found = problems(tmp_path, TRACKS)
    assert f"{FOLDER}/{BOARD_PARTS[1].notebook}.json is missing" in "\n".join(found)
    assert any(board["module"] in problem and "not in the site" in problem for problem in found)
