"""Each lesson's board while Python starts: its first position, drawn by the board's own front end.

A lesson's first code cell makes its board (``walkthrough("kloak-setup")``, ``KloakBoard(seed=4, …)``).  The
build runs that cell here, in CPython, with the spynb it ships, and writes what the board's front end needs to
draw the board's first position: the board's whole front state, and its module and style sheet, exactly as
anywidget gets them in the notebook.  The notebook app's page (``lesson_page.js``) mounts that front end,
inert, where the cell's output will be, as soon as the notebook shows, and puts it away once the live board
has drawn.  So the board waiting for Python is the live board's first look, in the live board's place.

Written into the site:

* ``lesson-boards/<lesson path>.json``: ``{"module": …, "css": …, "state": …}`` (addresses from the site's root);
* ``lesson-boards/<digest>.js`` and ``.css``: each distinct module and style sheet once, named by its content.

Standard library, spynb and its widget packages (the build environment has them).
"""

from __future__ import annotations

import ast
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tracks import Track

__all__ = ["FOLDER", "LessonBoard", "board_lessons", "first_code", "front_state", "lesson_board", "write_lesson_boards", "problems"]

#: where the lessons' waiting boards go, in the site
FOLDER = "lesson-boards"

LessonBoard = dict[str, Any]
"""What the page reads for one lesson: ``module`` and ``css`` (addresses from the site's root) and ``state``."""


def first_code(notebook: dict) -> str:
    """The source of the notebook's first code cell ('' if it has none)."""
    cell = next((c for c in notebook["cells"] if c["cell_type"] == "code"), None)
    return "".join(cell["source"]) if cell else ""


def run_cell(source: str) -> Any:
    """What a notebook shows for a cell: run its statements, and the value of its last one if it is an
    expression (None otherwise)."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    namespace: dict[str, Any] = {}
    exec(compile(tree, "<first cell>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<first cell>", "eval"), namespace) if last else None


def lesson_board(notebook: dict, where: str) -> tuple[LessonBoard, str, str]:
    """The waiting board of one lesson: its data (addresses still to fill in), its module and its style sheet.

    :raises ValueError: the first code cell shows no board (``where`` names the notebook).
    """
    board = run_cell(first_code(notebook))
    if not (hasattr(board, "front_state") and isinstance(getattr(board, "_esm", None), str)):
        raise ValueError(f"{where}: its first code cell shows no board (it shows {type(board).__name__})")
    return {"state": front_state(board)}, board._esm, board._css


def front_state(board: Any) -> dict[str, Any]:
    """Every trait the board's front end reads, as anywidget sends them: the board's own synced traits (a
    walkthrough's ``walk`` and ``feedback`` with the board's fields), none of the widget machinery's."""
    from anywidget import AnyWidget

    machinery = set(AnyWidget.class_trait_names(sync=True)) | {"_esm", "_css", "_anywidget_id"}
    return {name: value for name, value in board.get_state().items() if name not in machinery}


def board_lessons(tracks: tuple[Track, ...]) -> list[str]:
    """Every part of the tracks that shows a board, by its path under ``files/``."""
    return [part.notebook for track in tracks for part in track.parts if part.board]


def _boards(files: Path, tracks: tuple[Track, ...]) -> Iterator[tuple[str, LessonBoard, str, str]]:
    for path in board_lessons(tracks):
        notebook = json.loads((files / path).read_text(encoding="utf-8"))
        yield (path, *lesson_board(notebook, path))


def _named(text: str, suffix: str) -> str:
    return f"{FOLDER}/{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]}{suffix}"


def write_lesson_boards(site: Path, tracks: tuple[Track, ...]) -> None:
    """Write every board lesson's waiting board into ``site`` (its notebooks as the site serves them)."""
    for path, board, esm, css in _boards(site / "files", tracks):
        board["module"], board["css"] = _named(esm, ".js"), _named(css, ".css")
        for address, text in ((board["module"], esm), (board["css"], css)):
            (site / address).parent.mkdir(parents=True, exist_ok=True)
            (site / address).write_text(text, encoding="utf-8")
        target = site / FOLDER / f"{path}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(board, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def problems(site: Path, tracks: tuple[Track, ...]) -> list[str]:
    """What is wrong with the waiting boards of a built site (empty: nothing)."""
    found = []
    for path in board_lessons(tracks):
        data = site / FOLDER / f"{path}.json"
        if not data.is_file():
            found.append(f"{FOLDER}/{path}.json is missing: {path} would wait with no board")
            continue
        board = json.loads(data.read_text(encoding="utf-8"))
        found += [f"{data.relative_to(site)}: its {key} {board.get(key)!r} is not in the site"
                  for key in ("module", "css") if not (site / str(board.get(key))).is_file()]
    return found
