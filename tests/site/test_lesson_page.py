"""lite/lesson_page.py: the notebook app's page gets the lesson list and the script that runs lessons."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from lesson_page import (  # noqa: E402
    APP_PAGE, LESSONS_ID, SITE_MODEL, SITE_SCRIPT, SITE_SHOWN, install, lesson_paths, problems,
)
from lesson_boards import FOLDER, board_lessons, write_lesson_boards  # noqa: E402
from tracks import load_tracks  # noqa: E402

TRACKS = load_tracks()
PAGE = "<!DOCTYPE html><html><head></head><body><div>app</div></body></html>"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "notebooks").mkdir()
    (tmp_path / APP_PAGE).write_text(PAGE, encoding="utf-8")
    (tmp_path / "jupyter-lite.json").write_text((REPO / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"),
                                                encoding="utf-8")
    return tmp_path


def test_every_part_of_every_track_is_a_lesson():
    assert lesson_paths(TRACKS) == [part.notebook for track in TRACKS for part in track.parts]
    assert len(set(lesson_paths(TRACKS))) == len(lesson_paths(TRACKS))


def test_install_lists_the_lessons_and_loads_the_script_before_the_body_ends(site: Path):
    assert problems(site, TRACKS)  # nothing installed yet
    install(site, TRACKS)
    html = (site / APP_PAGE).read_text(encoding="utf-8")
    listed = json.loads(re.search(f'<script id="{LESSONS_ID}" type="application/json">(.*?)</script>', html)[1])
    assert listed == {"lessons": lesson_paths(TRACKS), "boards": board_lessons(TRACKS)}
    assert html.index('src="lesson-page.js?_=') < html.index("</body>")
    assert (site / SITE_SCRIPT).read_bytes() == (REPO / "lite" / "lesson_page.js").read_bytes()
    assert (site / SITE_MODEL).read_bytes() == (REPO / "lite" / "board_model.js").read_bytes()  # it imports this
    assert problems(site, TRACKS) == []
    (site / SITE_MODEL).unlink()
    assert problems(site, TRACKS) == [f"{SITE_MODEL} is missing or not lite/board_model.js"]


def test_install_puts_the_visibility_script_first_in_the_head_where_it_runs_before_the_app(site: Path):
    """A lesson prerendered out of sight must start its kernel (lite/visible_until_shown.js): the script comes
    before anything of JupyterLite's, as a classic script (it runs at once, before the app's are fetched)."""
    install(site, TRACKS)
    html = (site / APP_PAGE).read_text(encoding="utf-8")
    assert re.match(r'<!DOCTYPE html><html><head>\n<script src="visible-until-shown\.js\?_=[0-9a-f]{12}"></script></head>',
                    html), html[:200]
    assert (site / SITE_SHOWN).read_bytes() == (REPO / "lite" / "visible_until_shown.js").read_bytes()
    (site / APP_PAGE).write_text(html.replace('<script src="visible-until-shown', '<script async src="visible-until-shown'),
                                 encoding="utf-8")
    assert problems(site, TRACKS) == [f"{APP_PAGE} does not load {SITE_SHOWN} first thing in its <head> (lesson_page.py)"]


def test_install_refuses_a_page_that_has_the_list_already_or_no_body(site: Path):
    install(site, TRACKS)
    with pytest.raises(RuntimeError, match="already"):
        install(site, TRACKS)
    (site / APP_PAGE).write_text("<html></html>", encoding="utf-8")
    with pytest.raises(RuntimeError, match="no </body>"):
        install(site, TRACKS)
    (site / APP_PAGE).write_text("<html><body></body></html>", encoding="utf-8")
    with pytest.raises(RuntimeError, match="no <head>"):
        install(site, TRACKS)


def test_without_the_option_that_exposes_the_app_the_build_fails(site: Path):
    install(site, TRACKS)
    (site / "jupyter-lite.json").write_text('{"jupyter-config-data": {}}', encoding="utf-8")
    assert any("exposeAppInBrowser" in problem for problem in problems(site, TRACKS))


def test_the_page_is_told_which_lessons_have_a_waiting_board_and_the_build_writes_exactly_those(tmp_path: Path):
    """lesson_page.js fetches lesson-boards/<path>.json only for a lesson listed under "boards": every one listed
    is written, and no exercise (it shows no board, so the fetch was a 404) is listed."""
    from build_site import stage_notebooks

    stage_notebooks(REPO, tmp_path / "files", TRACKS)
    write_lesson_boards(tmp_path, TRACKS)
    written = sorted(p.relative_to(tmp_path / FOLDER).as_posix().removesuffix(".json")
                     for p in (tmp_path / FOLDER).rglob("*.ipynb.json"))
    assert sorted(board_lessons(TRACKS)) == written
    exercises = [p.notebook for t in TRACKS if not t.game for p in t.parts]
    assert exercises and not set(exercises) & set(board_lessons(TRACKS))
    assert set(board_lessons(TRACKS)) < set(lesson_paths(TRACKS))
