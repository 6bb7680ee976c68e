"""Every heading of every rulebook has a rule id, in the rulebook's order (the files: ``tests.rules.rulebooks``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import spynb
from spynb.games import manifest

from . import rulebooks
from .rulebooks import FILES, headings, listed_contents, rulebook


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


def test_absent_rulebooks_skip_outside_ci_and_fail_in_ci(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulebooks, "RULEBOOKS", tmp_path)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        rulebook("kloak")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true but no rulebook at"):
        rulebook("kloak")
