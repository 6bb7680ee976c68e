"""Every heading of every rulebook has a rule id, in the rulebook's order.

The rulebooks are the reference text beside the project (``../shared/rulebooks``, or the folder named by
``SPYNB_RULEBOOKS``).  After the table of contents, a heading is a line of its own that is no list item
(``•``, ``-``), no table row (tab-separated) and no sentence (it ends in no punctuation mark).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import spynb
from spynb.games import manifest

REPO = Path(__file__).resolve().parents[2]
RULEBOOKS = Path(os.environ.get("SPYNB_RULEBOOKS", REPO.parent / "shared" / "rulebooks"))
FILES = {"cloak-dagger": "cloak-and-dagger.txt", "kloak": "kloak.txt", "target": "the-target.txt"}
CONTENTS = "Table of Contents"
_NOT_A_HEADING = re.compile(r"^[•-]|\t|[.,:;!?)\"]$")
"""A list item, a table row, or a line that ends like a sentence."""


def rulebook(game: str) -> list[str]:
    path = RULEBOOKS / FILES[game]
    if not path.is_file():
        pytest.skip(f"no rulebook at {path}")
    return path.read_text(encoding="utf-8").splitlines()


def _after_contents(lines: list[str]) -> list[str]:
    return lines[max(i for i, line in enumerate(lines) if line.strip() == CONTENTS) + 1:]


def headings(lines: list[str]) -> list[str]:
    """The headings after the (last) table of contents line, in order.

    >>> headings(["Title", "Table of Contents", "• Moving", "", "Moving", "Pieces move.", "- one step", "Taking"])
    ['Moving', 'Taking']
    """
    return [line.strip() for line in _after_contents(lines) if line.strip() and not _NOT_A_HEADING.search(line.strip())]


def listed_contents(lines: list[str]) -> list[str]:
    """The headings the table of contents lists (``• Setup``), where the rulebook lists them (The Target)."""
    listed = []
    for line in map(str.strip, _after_contents(lines)):
        if line.startswith("• "):
            listed.append(line.removeprefix("• "))
        elif line:
            break
    return listed


def test_the_games_of_the_package_match_the_rulebook_files() -> None:
    """Every game ``spynb`` ships has its rulebook beside the project (a fixture game's rules are its own)."""
    shipped = [name for name in spynb.game_names() if manifest(name).package.startswith("spynb.")]
    assert sorted(FILES) == shipped


@pytest.mark.parametrize("game", sorted(FILES))
def test_every_rulebook_heading_is_a_registered_section_in_rulebook_order(game: str) -> None:
    book = spynb.get_spec(game).rules
    prefix = next(iter(book.sections())).id.split("/", 1)[0]
    found = [f"{prefix}/{title}" for title in headings(rulebook(game))]
    registered = [section.id for section in book.sections()]
    assert [h for h in found if h not in registered] == [], "rulebook headings without a rule id"
    assert [s for s in registered if s not in found] == [], "sections that are no heading of the rulebook"
    assert registered == found, "the sections are not in the rulebook's order"


def test_where_a_rulebook_lists_its_contents_the_headings_are_the_listed_ones() -> None:
    lines = rulebook("target")
    assert len(listed_contents(lines)) > 20 and headings(lines) == listed_contents(lines)
    assert listed_contents(rulebook("kloak")) == []
