"""The notebook app's page, for the site's lessons: they run themselves, and the site's links stay in one tab.

After ``jupyter lite build`` the build adds to the notebook app's page (``notebooks/index.html``) the list of
the site's lessons (every part of ``tracks.json``, by its path under ``files/``), of those that have a waiting
board (``lesson_boards.py``: the page fetches no board a lesson does not have) and ``lesson_page.js``
(copied to ``notebooks/lesson-page.js``, its address carrying its checksum so a cache never serves an old
one); and, first thing in its ``<head>``, ``visible_until_shown.js`` (``notebooks/visible-until-shown.js``),
so that a lesson prerendered out of sight starts its kernel.  The script needs ``window.jupyterapp``, which the notebook app sets when the page option
``exposeAppInBrowser`` is ``"true"`` (``lite/jupyter-lite.json``).  docs/site.md says what it does and why it
is a script and not a JupyterLab extension.

Standard library only.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from lesson_boards import board_lessons
from tracks import Track

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "lesson_page.js"
MODEL = HERE / "board_model.js"
"""The waiting board's model, which the script imports from beside it."""
SHOWN = HERE / "visible_until_shown.js"
"""The script that runs before anything else on the page."""

#: the notebook app's page, and the script beside it, in the built site
APP_PAGE = "notebooks/index.html"
SITE_SCRIPT = "notebooks/lesson-page.js"
SITE_MODEL = "notebooks/board_model.js"
SITE_SHOWN = "notebooks/visible-until-shown.js"

#: the id of the element that lists the lessons (read by lesson_page.js)
LESSONS_ID = "spynb-lessons"

__all__ = ["APP_PAGE", "SITE_SCRIPT", "SITE_MODEL", "SITE_SHOWN", "LESSONS_ID", "lesson_paths", "install", "problems"]


def lesson_paths(tracks: tuple[Track, ...]) -> list[str]:
    """Every part of every track, by its path under ``files/`` (``kloak/00-first-game.ipynb``)."""
    return [part.notebook for track in tracks for part in track.parts]


def _tags(tracks: tuple[Track, ...]) -> str:
    listed = {"lessons": lesson_paths(tracks), "boards": board_lessons(tracks)}
    data = json.dumps(listed, ensure_ascii=False).replace("</", "<\\/")
    digest = hashlib.sha256(SCRIPT.read_bytes() + MODEL.read_bytes()).hexdigest()[:12]
    return (f'<script id="{LESSONS_ID}" type="application/json">{data}</script>\n'
            f'<script type="module" src="lesson-page.js?_={digest}"></script>\n')


def _first_tag() -> str:
    digest = hashlib.sha256(SHOWN.read_bytes()).hexdigest()[:12]
    return f'\n<script src="visible-until-shown.js?_={digest}"></script>'


def install(site: Path, tracks: tuple[Track, ...]) -> None:
    """Add the lesson list and the scripts to the notebook app's page in ``site``.

    :raises RuntimeError: the page is not there, or has no ``<head>`` or ``</body>`` to put them in.
    """
    page = site / APP_PAGE
    if not page.is_file():
        raise RuntimeError(f"{page} is missing: the JupyterLite build made no notebook app")
    html = page.read_text(encoding="utf-8")
    if LESSONS_ID in html:
        raise RuntimeError(f"{page} already holds the lesson list")
    end, head = html.rfind("</body>"), html.find("<head>")
    if end < 0 or head < 0:
        raise RuntimeError(f"{page} has no {'</body>' if end < 0 else '<head>'}")
    head += len("<head>")
    page.write_text(html[:head] + _first_tag() + html[head:end] + _tags(tracks) + html[end:], encoding="utf-8")
    for copy, source in ((SITE_SCRIPT, SCRIPT), (SITE_MODEL, MODEL), (SITE_SHOWN, SHOWN)):
        (site / copy).write_bytes(source.read_bytes())


def problems(site: Path, tracks: tuple[Track, ...]) -> list[str]:
    """What is wrong with the lesson page of a built site (empty: nothing)."""
    page = site / APP_PAGE
    if not page.is_file():
        return [f"{APP_PAGE} is missing"]
    found = []
    html = page.read_text(encoding="utf-8")
    if _tags(tracks) not in html:
        found.append(f"{APP_PAGE} does not list the lessons and load {SITE_SCRIPT} (lesson_page.py)")
    if not html.startswith(_first_tag(), html.find("<head>") + len("<head>")):
        found.append(f"{APP_PAGE} does not load {SITE_SHOWN} first thing in its <head> (lesson_page.py)")
    for copy, source in ((SITE_SCRIPT, SCRIPT), (SITE_MODEL, MODEL), (SITE_SHOWN, SHOWN)):
        if not (site / copy).is_file() or (site / copy).read_bytes() != source.read_bytes():
            found.append(f"{copy} is missing or not lite/{source.name}")
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8")).get("jupyter-config-data", {})
    if config.get("exposeAppInBrowser") != "true":
        found.append('jupyter-lite.json does not set exposeAppInBrowser to "true": lessons would not run themselves')
    return found
