"""The rules page shows every rule sentence and labels every ruling as a ruling."""

from __future__ import annotations

from html import escape

import pytest

import spynb
from spynb.engine import RULEBOOK, RULING
from spynb.rulespage import rule_anchor, rule_href, rules_html


@pytest.mark.parametrize("game", spynb.game_names())
def test_every_sentence_and_ruling_is_on_the_page_and_rulings_say_so(game: str) -> None:
    page = rules_html(game)
    for rule in spynb.get_spec(game).rules:
        anchor = escape(rule_anchor(rule.id))
        if rule.source == RULING:
            assert (f'<aside class="ruling" id="{anchor}"><h4>Ruling {escape(rule.id)} — {escape(rule.title)}</h4>'
                    f"<p><em class=\"label\">spynb's ruling, not rulebook text.</em>") in page
        elif rule.source == RULEBOOK and rule.section is not None:
            assert f'<li id="{anchor}"><span class="rid">{escape(rule.id)}</span> ' in page
        elif rule.source == RULEBOOK:
            assert f'<h3 id="{anchor}">' in page
        else:
            assert f'<aside class="reading" id="{anchor}"><h4>' in page and f'<li id="{anchor}"' not in page


@pytest.mark.parametrize("game", spynb.game_names())
def test_every_rule_has_one_anchor_and_rule_href_points_at_it(game: str) -> None:
    page = rules_html(game)
    for rule in spynb.get_spec(game).rules:
        anchor = rule_anchor(rule.id)
        assert page.count(f' id="{escape(anchor)}"') == 1, rule.id
        assert rule_href(rule.id).endswith(f"rules/index.html?%#{anchor}") and " " not in rule_href(rule.id)


def test_a_heading_with_no_text_of_its_own_shows_as_a_heading_over_the_next_section() -> None:
    page = rules_html("target")
    assert spynb.get_spec("target").rules["TG/Setup"].is_chapter
    assert ('<h3 id="TG/Setup">Setup <span class="rid">TG/Setup</span></h3>\n'
            '<h3 id="TG/Affiliation_Setup_Chart">') in page
    assert "<p></p>" not in page
