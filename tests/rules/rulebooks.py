"""The rulebook files beside the project, read as headings and the words under each.

They are the reference text (``../shared/rulebooks``, or the folder named by ``SPYNB_RULEBOOKS``).  After the table
of contents, a heading is a line of its own that is no list item (``•``, ``-``), no table row (tab-separated) and no
sentence (it ends in no punctuation mark).  Where the files are absent a test skips, except in CI (``CI=true``),
which has them beside the repository: there it fails.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RULEBOOKS = Path(os.environ.get("SPYNB_RULEBOOKS", REPO.parent / "shared" / "rulebooks"))
FILES = {"cloak-dagger": "cloak-and-dagger.txt", "kloak": "kloak.txt", "target": "the-target.txt"}
CONTENTS = "Table of Contents"
_NOT_A_HEADING = re.compile(r"^[•-]|\t|[.,:;!?)\"]$")
"""A list item, a table row, or a line that ends like a sentence."""
_BULLET = re.compile(r"^[•-] ")
_TYPOGRAPHIC = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-"})


def rulebook(game: str) -> list[str]:
    """The lines of ``game``'s rulebook file.

    :raises pytest.skip.Exception: where the file is absent, outside CI.
    :raises pytest.fail.Exception: where the file is absent in CI.
    """
    path = RULEBOOKS / FILES[game]
    if not path.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but no rulebook at {path}: CI must have shared/rulebooks beside the repository")
        pytest.skip(f"no rulebook at {path}")
    return path.read_text(encoding="utf-8").splitlines()


def _after_contents(lines: list[str]) -> list[str]:
    return lines[max(i for i, line in enumerate(lines) if line.strip() == CONTENTS) + 1:]


def _is_heading(line: str) -> bool:
    return bool(line) and not _NOT_A_HEADING.search(line)


def headings(lines: list[str]) -> list[str]:
    """The headings after the (last) table of contents line, in order.

    >>> headings(["Title", "Table of Contents", "• Moving", "", "Moving", "Pieces move.", "- one step", "Taking"])
    ['Moving', 'Taking']
    """
    return [line.strip() for line in _after_contents(lines) if _is_heading(line.strip())]


def listed_contents(lines: list[str]) -> list[str]:
    """The headings the table of contents lists (``• Setup``), where the rulebook lists them (The Target)."""
    listed = []
    for line in map(str.strip, _after_contents(lines)):
        if line.startswith("• "):
            listed.append(line.removeprefix("• "))
        elif line:
            break
    return listed


def normalised(text: str) -> str:
    """``text`` with typographic quotes and dashes made plain and all whitespace single spaces.

    >>> normalised("“Top  Secret”\\n– side up")
    '"Top Secret" - side up'
    """
    return " ".join(text.translate(_TYPOGRAPHIC).split())


def section_words(lines: list[str]) -> dict[str, str]:
    """Each heading after the table of contents -> the words under it, list bullets and table tabs as spaces.

    >>> section_words(["Table of Contents", "• Moving", "Moving", "Pieces move:", "- one step;", "1\\tstep", "Taking"])
    {'Moving': 'Pieces move: one step; 1 step', 'Taking': ''}
    """
    words: dict[str, list[str]] = {}
    for line in map(str.strip, _after_contents(lines)):
        if _is_heading(line):
            words[line] = []
        elif line and words:
            next(reversed(words.values())).append(_BULLET.sub("", line))
    return {heading: normalised(" ".join(found)) for heading, found in words.items()}
