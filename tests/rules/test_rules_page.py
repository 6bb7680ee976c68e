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
            assert f' id="{anchor}"><span class="rid">{escape(rule.id)}</span> ' in page
        elif rule.source == RULEBOOK:
            assert f'<h3 id="{anchor}">' in page
        else:
            assert f'<aside class="reading" id="{anchor}"><h4>' in page
            assert f'<span class="rid">{rule.id}</span>' not in page


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


def test_the_affiliation_setup_chart_is_a_table_that_agrees_with_the_engines_chart() -> None:
    """The rulebook prints the chart as a table; the page does too, and each printed row is the deal the engine
    makes, read without the rulebook's capitals ("DOUBLE AGENT", "PICK"); the 11-player row, printed without a
    Pile 2, is completed by ruling TG-1."""
    from spynb.target.cards import AFFILIATION_NAMES, SETUP_CHART

    page = rules_html("target")
    table = page[page.index('<table class="chart">'):page.index("</table>")]
    rows = table.split("<tr>")[2:]
    assert len(rows) == len(SETUP_CHART)

    def pile(cards: tuple[tuple[str, int], ...]) -> str:
        return ", ".join(f"{n} {AFFILIATION_NAMES[a]}" for a, n in cards)

    for row, (players, (pile1, pile2, pick)) in zip(rows, SETUP_CHART.items(), strict=True):
        assert f'<th scope="row">{players}</th><td>{pile(pile1)}</td>' in row
        if players < 11:
            assert f"<td>({pile(pile2)}) pick {pick}</td>".casefold() in row.casefold()
