"""The rules page shows every rule sentence and labels every ruling as a ruling."""

from __future__ import annotations

import pytest

import spynb
from spynb.engine import RULEBOOK, RULING
from spynb.rulespage import rules_markdown


@pytest.mark.parametrize("game", spynb.game_names())
def test_every_sentence_and_ruling_is_on_the_page_and_rulings_say_so(game: str) -> None:
    page = rules_markdown(game)
    for rule in spynb.get_spec(game).rules:
        if rule.source == RULING:
            assert f"### Ruling {rule.id} — {rule.title}\n\n> *spynb's ruling, not rulebook text.*" in page
        elif rule.source == RULEBOOK and rule.section is not None:
            assert f"- **{rule.id}** — " in page
        elif rule.source != RULEBOOK:
            assert f" {rule.id} — {rule.title}\n\n> *" in page and f"- **{rule.id}**" not in page
