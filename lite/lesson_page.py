"""The notebook app's page, for the site's lessons: they run themselves, and the site's links stay in one tab.

After ``jupyter lite build`` the build adds to the notebook app's page (``notebooks/index.html``) the list of
the site's lessons (every part of ``tracks.json``, by its path under ``files/``) and ``lesson_page.js``
(copied to ``notebooks/lesson-page.js``, its address carrying its checksum so a cache never serves an old
one).  The script needs ``window.jupyterapp``, which the notebook app sets when the page option
``exposeAppInBrowser`` is ``"true"`` (``lite/jupyter-lite.json``).  docs/site.md says what it does and why it
is a script and not a JupyterLab extension.

Standard library only.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tracks import Track

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "lesson_page.js"
MODEL = HERE / "board_model.js"
"""The waiting board's model, which the script imports from beside it."""

#: the notebook app's page, and the script beside it, in the built site
APP_PAGE = "notebooks/index.html"
SITE_SCRIPT = "notebooks/lesson-page.js"
SITE_MODEL = "notebooks/board_model.js"

#: the id of the element that lists the lessons (read by lesson_page.js)
LESSONS_ID = "spynb-lessons"

__all__ = ["APP_PAGE", "SITE_SCRIPT", "SITE_MODEL", "LESSONS_ID", "lesson_paths", "install", "problems"]


def lesson_paths(tracks: tuple[Track, ...]) -> list[str]:
    """Every part of every track, by its path under ``files/`` (``kloak/00-first-game.ipynb``)."""
    return [part.notebook for track in tracks for part in track.parts]


def _tags(tracks: tuple[Track, ...]) -> str:
    data = json.dumps({"lessons": lesson_paths(tracks)}, ensure_ascii=False).replace("</", "<\\/")
    digest = hashlib.sha256(SCRIPT.read_bytes() + MODEL.read_bytes()).hexdigest()[:12]
    return (f'<script id="{LESSONS_ID}" type="application/json">{data}</script>\n'
            f'<script type="module" src="lesson-page.js?_={digest}"></script>\n')


def install(site: Path, tracks: tuple[Track, ...]) -> None:
    """Add the lesson list and the script to the notebook app's page in ``site``.

    :raises RuntimeError: the page is not there, or has no ``</body>`` to put them before.
    """
    page = site / APP_PAGE
    if not page.is_file():
        raise RuntimeError(f"{page} is missing: the JupyterLite build made no notebook app")
    html = page.read_text(encoding="utf-8")
    if LESSONS_ID in html:
        raise RuntimeError(f"{page} already holds the lesson list")
    end = html.rfind("</body>")
    if end < 0:
        raise RuntimeError(f"{page} has no </body>")
    page.write_text(html[:end] + _tags(tracks) + html[end:], encoding="utf-8")
    (site / SITE_SCRIPT).write_bytes(SCRIPT.read_bytes())
    (site / SITE_MODEL).write_bytes(MODEL.read_bytes())


def problems(site: Path, tracks: tuple[Track, ...]) -> list[str]:
    """What is wrong with the lesson page of a built site (empty: nothing)."""
    page = site / APP_PAGE
    if not page.is_file():
        return [f"{APP_PAGE} is missing"]
    found = []
    if _tags(tracks) not in page.read_text(encoding="utf-8"):
        found.append(f"{APP_PAGE} does not list the lessons and load {SITE_SCRIPT} (lesson_page.py)")
    if not (site / SITE_SCRIPT).is_file() or (site / SITE_SCRIPT).read_bytes() != SCRIPT.read_bytes():
        found.append(f"{SITE_SCRIPT} is missing or not lite/lesson_page.js")
    if not (site / SITE_MODEL).is_file() or (site / SITE_MODEL).read_bytes() != MODEL.read_bytes():
        found.append(f"{SITE_MODEL} is missing or not lite/board_model.js")
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8")).get("jupyter-config-data", {})
    if config.get("exposeAppInBrowser") != "true":
        found.append('jupyter-lite.json does not set exposeAppInBrowser to "true": lessons would not run themselves')
    return found
