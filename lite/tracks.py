"""The site's tracks: which notebooks a learner reads, in which order.

``lite/tracks.json`` is the one table: a track is a game (or the probability
exercises) and its parts, notebooks of ``notebooks/`` in reading order.  The
build uses it to write the welcome page and to give each part, in the site's
copy, its first lines (that the page runs by itself, where it sits: part n
of m), its last (a link to the next part and back to the welcome page) and the
metadata ``spynb``: ``lesson`` (the track's id), which with its path in the list the
notebook app's page holds (``lesson_page.py``) makes it run when it opens, ``runs``
(what runs: every cell, or only the set-up cells of an exercise, tagged
:data:`SETUP_TAG`, so that nothing shows a result before the student runs it) and
``play`` (a lesson finished once a game on it is played to its end); a
part that shows a board also gets a picture of it (an SVG image in a data
address: JupyterLab shows no SVG attachment of a notebook it does not trust),
so it shows before anything runs.  The repository's notebooks stay as written.

Standard library only.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
TRACKS_JSON = HERE / "tracks.json"

__all__ = ["Part", "Track", "load_tracks", "check_tracks", "navigate", "markdown_links", "LIVE", "SET_UP",
           "RUNS", "SETUP_TAG", "setup_cells"]

#: the first line of every part that runs every cell: it comes to life by itself (lesson_page.js runs it)
LIVE = ("**This page runs by itself:** Python starts inside your browser, then the cells run from the top; "
        "the line at the foot of the window says how far it got. Nothing to install, nothing is sent anywhere.")

#: the first line of every part that runs only its set-up cells: the student runs the rest
SET_UP = ("**Python starts by itself** inside your browser and runs the set-up cell; nothing else runs until you "
          "run it. Predict first, then run each cell in order: click in it and press **Shift+Enter**, or the "
          "**▶** button above the notebook. Nothing to install, nothing is sent anywhere.")

#: what a track's parts run when they open: every cell, or only the cells tagged SETUP_TAG
RUNS = {"all": LIVE, "setup": SET_UP}

#: the tag of an exercise's set-up cell (imports, the data it counts): it runs when the notebook opens
SETUP_TAG = "setup"

#: addresses of the site's own pages, from a notebook page (see spynb.rulespage.site_href)
WELCOME_HREF = "../index.html?%"
RULES_HREF = "../rules/index.html?%"


@dataclass(frozen=True)
class Part:
    """One notebook of a track: its path under ``notebooks/`` and its title."""

    notebook: str
    title: str
    board: bool = False
    play: bool = False
    """A play lesson: finished once a game on it is played to its end (it has no walkthrough to finish)."""


@dataclass(frozen=True)
class Track:
    """A game's notebooks in reading order (or the exercises'), and what the welcome page says of it."""

    id: str
    title: str
    kind: str
    summary: str
    parts: tuple[Part, ...]
    game: str | None = None
    scenario: str | None = None
    picture: str = ""
    after: str | None = None
    runs: str = "all"
    """What its parts run when they open: ``all`` their cells, or only their ``setup`` cells (:data:`RUNS`)."""

    def where(self, index: int) -> str:
        """Where part ``index`` (0-based) sits: ``Cloak & Dagger · part 1 of 2: Start here``."""
        return f"{self.title} · part {index + 1} of {len(self.parts)}: {self.parts[index].title}"


def load_tracks(path: Path = TRACKS_JSON) -> tuple[Track, ...]:
    """The tracks of ``tracks.json``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(Track(**{**entry, "parts": tuple(Part(**part) for part in entry["parts"])})
                 for entry in data["tracks"])


def check_tracks(tracks: tuple[Track, ...], notebooks: Path) -> list[str]:
    """Problems with the table: a part or follow-up that does not exist, a notebook in no track or in two."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    for track in tracks:
        if track.runs not in RUNS:
            problems.append(f"track {track.id}: runs {track.runs!r}, not one of {', '.join(RUNS)}")
        for part in track.parts:
            if not (notebooks / part.notebook).is_file():
                problems.append(f"track {track.id}: part {part.notebook} is not in {notebooks}")
            if part.notebook in seen:
                problems.append(f"{part.notebook} is a part of both {seen[part.notebook]} and {track.id}")
            seen[part.notebook] = track.id
        if track.after and not (notebooks / track.after).is_file():
            problems.append(f"track {track.id}: what comes after it, {track.after}, is not in {notebooks}")
    for path in sorted(notebooks.rglob("*.ipynb")):
        name = path.relative_to(notebooks).as_posix()
        if ".ipynb_checkpoints" not in path.parts and name not in seen:
            problems.append(f"{name} is in no track of {TRACKS_JSON.name}: a learner would never reach it")
    return problems


def _relative(source: str, target: str) -> str:
    """The link from notebook ``source`` to notebook ``target`` (both under ``notebooks/``)."""
    depth = source.count("/")
    return "../" * depth + target


def _markdown(text: str, cell_id: str) -> dict:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text.splitlines(keepends=True)}


def setup_cells(notebook: dict) -> list[int]:
    """The indexes of the notebook's code cells tagged :data:`SETUP_TAG`."""
    return [index for index, cell in enumerate(notebook["cells"]) if cell["cell_type"] == "code"
            and SETUP_TAG in (cell.get("metadata") or {}).get("tags", [])]


def _header(track: Track, index: int) -> str:
    return (f"{RUNS[track.runs]}\n\n"
            f"**{track.where(index)}** · [all games and exercises]({WELCOME_HREF}) · [the rules]({RULES_HREF})\n")


def _footer(track: Track, index: int, tracks: tuple[Track, ...]) -> str:
    part = track.parts[index]
    if index + 1 < len(track.parts):
        following = track.parts[index + 1]
        lines = [f"**Next:** [{track.title}, part {index + 2} of {len(track.parts)}: {following.title}]"
                 f"({_relative(part.notebook, following.notebook)})"]
    else:
        lines = [f"**This is the last lesson of {track.title}.**"]
        if track.after:
            title = next((p.title for t in tracks for p in t.parts if p.notebook == track.after), track.after)
            lines.append(f"**Next:** [{title}]({_relative(part.notebook, track.after)})")
    lines.append(f"[Back to the welcome page]({WELCOME_HREF}) to choose another game.")
    return "\n\n".join(lines) + "\n"


def navigate(notebook: dict, tracks: tuple[Track, ...], track: Track, index: int) -> dict:
    """A copy of part ``index`` of ``track`` with its first lines and its last.

    The copy's metadata ``spynb.lesson`` names the track: the notebook app runs such a notebook when it opens,
    showing its board's first look while Python starts (lesson_page.js, lesson_boards.py); ``spynb.runs`` says
    whether every cell runs or only the set-up cells, ``spynb.play`` that a game played to its end finishes it.
    """
    result = copy.deepcopy(notebook)
    result.setdefault("metadata", {})["spynb"] = {"lesson": track.id, "runs": track.runs,
                                                  "play": track.parts[index].play}
    cells = result["cells"]
    cells.insert(0, _markdown(_header(track, index), "spynb-where"))
    cells.append(_markdown(_footer(track, index, tracks), "spynb-next"))
    return result


_LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")


def markdown_links(notebook: dict) -> list[tuple[int, str, str]]:
    """Every link and image in the notebook's markdown: (cell number from 1, text, address)."""
    found = []
    for number, cell in enumerate(notebook["cells"], start=1):
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            found += [(number, m.group(2), m.group(3)) for m in _LINK.finditer(text)]
    return found
