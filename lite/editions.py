"""The site's two editions: what a student site gets, and what only the teacher's site adds.

The **student** edition (the default build) leaves out the teacher's key:

* files only teachers get (:data:`TEACHER_FILES`, the teacher notes with their
  table of answers);
* notebook cells tagged ``teacher`` (:data:`TEACHER_TAG`: worked solutions,
  cells that print or compare exact values by a second method);
* and it ships spynb marked as the student edition, where
  ``spynb.prob.answers.answer()`` refuses and points to the key.

The **teacher** edition (``./build.sh build --teacher``) keeps everything and
adds ``exercises/answer-key.md``, every exact answer computed by spynb.

What this withholds is the answers' *text*; the code that checks answers has
to compute them, and its source ships with the site.  :func:`leaks` searches
files for every exact answer's text — as fractions (``3/8`` and the
``Fraction(3, 8)`` a doctest prints) and as decimals at the precisions the
notebooks print; the student build must have none, in any file a visitor can
fetch (:func:`built_texts` reads a built site, wheels unpacked).

Standard library only (spynb is imported when answers are needed).
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Iterable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

EDITIONS = ("student", "teacher")

#: files under notebooks/ that only the teacher's site serves
TEACHER_FILES = ("exercises/teacher-notes.md",)

#: a notebook cell whose metadata.tags holds this is left out of the student edition
TEACHER_TAG = "teacher"

#: where the teacher's site lists every answer (under files/)
ANSWER_KEY = "exercises/answer-key.md"

#: decimal places at which an answer's text is searched for
PLACES = range(3, 7)

#: whole-number answers below this are not searched for (too many other numbers look the same)
SMALLEST_SEARCHED = 100

#: where a built site keeps other projects' files as they ship them — JupyterLab's application bundles,
#: schemas and fonts (build/), Pyodide's runtime (static/pyodide/) and the extensions' JavaScript: their
#: minified code holds numbers such as 1/3 or 385 that no exercise put there, so :func:`built_texts` skips them
THIRD_PARTY = ("build/", "static/pyodide/")
THIRD_PARTY_CODE = ("extensions/", ".js")

#: digests in locks, wheels' RECORD files and settings (long runs of hex or base64 digits): blanked before a
#: search, since a random digest may hold an answer's digits between two letters
DIGEST = re.compile(r"\b[0-9a-fA-F]{32,}\b|[A-Za-z0-9_\-]{40,}={0,2}")


def check_edition(edition: str) -> str:
    """``edition`` if it is one of :data:`EDITIONS`, else a ``ValueError``."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}; editions: {', '.join(EDITIONS)}")
    return edition


def is_teacher_cell(cell: dict[str, Any]) -> bool:
    """True for a notebook cell tagged :data:`TEACHER_TAG`."""
    return TEACHER_TAG in (cell.get("metadata") or {}).get("tags", [])


def student_notebook(notebook: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``notebook`` without its teacher cells."""
    return dict(notebook, cells=[c for c in notebook["cells"] if not is_teacher_cell(c)])


def stamp_package(package: Path, edition: str) -> None:
    """Mark a copy of the spynb package (``package`` is its folder) as ``edition``."""
    path = package / "prob" / "edition.py"
    text = path.read_text(encoding="utf-8")
    stamped, count = re.subn(r'^EDITION = "\w+"$', f'EDITION = "{check_edition(edition)}"', text, flags=re.M)
    if count != 1:
        raise ValueError(f"{path} has no line EDITION = \"...\" to stamp")
    path.write_text(stamped, encoding="utf-8")


def apply_edition(files: Path, edition: str) -> None:
    """Make the staged notebook folder ``files`` (a copy of notebooks/) the ``edition``'s."""
    if check_edition(edition) == "teacher":
        (files / ANSWER_KEY).write_text(answer_key(), encoding="utf-8")
        return
    for name in TEACHER_FILES:
        (files / name).unlink(missing_ok=True)
    for path in files.rglob("*.ipynb"):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        if any(is_teacher_cell(c) for c in notebook["cells"]):
            path.write_text(json.dumps(student_notebook(notebook), indent=1, ensure_ascii=False) + "\n",
                            encoding="utf-8")


def answer_key() -> str:
    """Every exercise's exact answer as a markdown table, computed by spynb."""
    from spynb.prob.answers import EXERCISES, exact_answer

    lines = ["# Answer key", "", "Computed by `spynb.prob.answers` when the teacher's site was built.", "",
             "| Notebook | Exercise | Answer |", "|---|---|---|"]
    for exercise in EXERCISES.values():
        lines.append(f"| `{exercise.notebook}` | {exercise.title} | {_shown(exact_answer(exercise.id))} |")
    return "\n".join(lines) + "\n"


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_shown(v)}" for k, v in value.items())
    value = Fraction(value)
    return str(value) if value.denominator == 1 else f"{value} ≈ {float(value):.4f}"


def _numbers(value: Any) -> Iterator[Fraction]:
    if isinstance(value, dict):
        for v in value.values():
            yield from _numbers(v)
    else:
        yield Fraction(value)


def answer_patterns(value: Any, places: Iterable[int] = PLACES) -> set[str]:
    """Regular expressions for the texts an answer can be printed as.

    A fraction as ``p/q``; a number that is not whole as decimals at 3–6
    places (or ``places``) and in ``%.6g`` form; a whole number (from 100 up) with or without
    thousands separators.  A number never matches inside a longer number.
    """
    texts: set[str] = set()
    for x in _numbers(value):
        if x.denominator == 1:
            if abs(x) >= SMALLEST_SEARCHED:
                n = int(x)
                texts |= {str(n), f"{n:,}", f"{n:,}".replace(",", " "), f"{n:,}".replace(",", "\u2009")}
            continue
        texts |= {f"{x.numerator}/{x.denominator}", f"Fraction({x.numerator}, {x.denominator})"}
        texts |= {f"{float(x):.{p}f}" for p in places}
        short = f"{float(x):.6g}"
        if len(short.partition(".")[2]) >= min(places):  # 3/8 prints as 0.375 in %.6g form
            texts.add(short)
    # the text first, then the look back at the character before it: a pattern that starts with its text is
    # found by a fast scan for that text (a whole built site is searched)
    return {rf"{re.escape(t)}(?<![\d.,/]{re.escape(t)})(?![\d/])" for t in texts}


def all_answer_patterns(places: Iterable[int] = PLACES) -> dict[str, set[str]]:
    """Every exercise's :func:`answer_patterns`.

    A simulation prints its estimate to 4 places, and an estimate may equal
    some exercise's answer by chance; searching what simulations printed, pass
    ``places=range(5, 7)``.
    """
    from spynb.prob.answers import EXERCISES, exact_answer

    places = tuple(places)
    return {e: answer_patterns(exact_answer(e), places) for e in EXERCISES}


class Find(NamedTuple):
    """An exact answer's text found in a file: where, whose answer, the text, and the words around it."""

    name: str
    exercise: str
    text: str
    context: str

    def __str__(self) -> str:
        return f"{self.name}: the answer to {self.exercise} ({self.text}) in …{self.context}…"


def find_answers(texts: Iterable[tuple[str, str]], patterns: dict[str, set[str]] | None = None) -> list[Find]:
    """Every exact answer's text (the first of each pattern) in ``(name, text)`` pairs."""
    patterns = all_answer_patterns() if patterns is None else patterns
    compiled = {exercise: [re.compile(r) for r in sorted(regexes)] for exercise, regexes in patterns.items()}
    found = []
    for name, text in texts:
        for exercise, regexes in compiled.items():
            for regex in regexes:
                match = regex.search(text)
                if match:
                    start = max(0, match.start() - 40)
                    found.append(Find(name, exercise, match.group(), text[start:match.end() + 20]))
    return found


def leaks(texts: Iterable[tuple[str, str]], patterns: dict[str, set[str]] | None = None) -> list[str]:
    """Where an exact answer's text appears in ``(name, text)`` pairs: one line per find."""
    return [str(find) for find in find_answers(texts, patterns)]


def site_texts(files: Path) -> Iterator[tuple[str, str]]:
    """The text of every staged file a visitor can open (notebook cells one by one)."""
    for path in sorted(p for p in files.rglob("*") if p.is_file()):
        name = str(path.relative_to(files))
        if path.suffix == ".ipynb":
            for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
                source = cell["source"]
                yield f"{name} cell {index}", source if isinstance(source, str) else "".join(source)
        elif path.suffix in (".md", ".txt", ".json", ".py", ".html", ".csv"):
            yield name, path.read_text(encoding="utf-8")


def built_texts(site: Path) -> Iterator[tuple[str, str]]:
    """The text of every file of a *built* site, as a visitor can fetch it, but other projects' (:data:`THIRD_PARTY`).

    Wheels and zip files are unpacked member by member (bytecode, ``.pyc``, is left out: the build keeps
    spynb's sources beside it); notebooks, pages, settings and locks are read whole; digests are blanked
    (:data:`DIGEST`).  Files that are not UTF-8 text (pictures, WebAssembly) have no text to search.
    """
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        if name.startswith(THIRD_PARTY) or (name.startswith(THIRD_PARTY_CODE[0]) and name.endswith(THIRD_PARTY_CODE[1])):
            continue
        if path.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(path) as archive:
                for member in archive.namelist():
                    if not member.endswith(".pyc"):
                        yield from _text(f"{name}!{member}", archive.read(member))
        else:
            yield from _text(name, path.read_bytes())


def _text(name: str, data: bytes) -> Iterator[tuple[str, str]]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    yield name, DIGEST.sub("#", text)
