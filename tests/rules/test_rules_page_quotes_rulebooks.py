"""The rules page quotes each rulebook word for word: under every rulebook heading the page shows exactly the
rulebook's sentences, lists and tables, in the rulebook's order, and nothing else but rule ids and rulings.

The page is read as a browser shows it, without the id labels and the rulings' boxes; the rulebook files are read
by ``tests.rules.rulebooks``.  Only whitespace, list bullets and typographic quotes and dashes are normalised.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from spynb.rulespage import rules_html

from .rulebooks import FILES, normalised, rulebook, section_words

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class _PageWords(HTMLParser):
    """A game's rules page as heading -> the words a reader sees under it, id labels and rulings left out."""

    _SKIPPED = ("aside", "h3")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: dict[str, list[str]] = {}
        self._open: list[bool] = []  # one per open element: whether its words are left out
        self._heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        label = tag == "span" and ("class", "rid") in attrs
        self._open.append(tag in self._SKIPPED or label or bool(self._open and self._open[-1]))
        if tag == "h3":
            self._heading = []

    def handle_endtag(self, tag: str) -> None:
        self._open.pop()
        if tag == "h3" and self._heading is not None:
            self.words[normalised(" ".join(self._heading))] = []
            self._heading = None

    def handle_data(self, data: str) -> None:
        if self._heading is not None and not (self._open and self._open[-1] and self._open[-2:-1] == [True]):
            self._heading.append(data)
        elif self.words and not (self._open and self._open[-1]):
            next(reversed(self.words.values())).append(data)


def page_words(html: str) -> dict[str, str]:
    """Each heading of a rules page -> the words under it.

    >>> page_words('<h3 id="a">Moving <span class="rid">DM/Moving</span></h3><ul class="sentences"><li id="b">'
    ...            '<span class="rid">DM/Moving.1</span> One step.</li></ul><aside class="ruling">Two.</aside>')
    {'Moving': 'One step.'}
    """
    parser = _PageWords()
    parser.feed(html)
    parser.close()
    return {heading: normalised(" ".join(found)) for heading, found in parser.words.items()}


def differences(page: dict[str, str], book: dict[str, str]) -> list[str]:
    """What the page does not quote word for word: per heading, the rulebook's sentences it lacks, the sentences it
    shows that the rulebook lacks, and sentences out of order; and words under headings the rulebook does not have.

    >>> differences({"Moving": "One step. Never two."}, {"Moving": "One step. Never twice."})
    ["Moving: not on the page: 'Never twice.'", "Moving: not in the rulebook: 'Never two.'"]
    """
    found = []
    for heading in book:
        wanted, shown = _SENTENCE_END.split(book[heading]), _SENTENCE_END.split(page.get(heading, ""))
        found += [f"{heading}: not on the page: {s!r}" for s in wanted if s and s not in shown]
        found += [f"{heading}: not in the rulebook: {s!r}" for s in shown if s and s not in wanted]
        if not found and page.get(heading, "") != book[heading]:
            found.append(f"{heading}: the sentences are not in the rulebook's order")
    return found + [f"{heading}: words under a heading the rulebook lacks" for heading in page
                    if heading not in book and page[heading]]


@pytest.mark.parametrize("game", sorted(FILES))
def test_the_rules_page_quotes_every_rulebook_section_word_for_word(game: str) -> None:
    book = section_words(rulebook(game))
    page = page_words(rules_html(game))
    assert [heading for heading in book if heading not in page] == [], "rulebook headings missing from the page"
    assert differences(page, book) == []


@pytest.mark.parametrize("game", sorted(FILES))
def test_every_section_of_the_rulebook_has_words_where_the_rulebook_does(game: str) -> None:
    """The comparison reads something: every section the rulebook gives words has them on the page too."""
    book = section_words(rulebook(game))
    page = page_words(rules_html(game))
    assert sum(len(words.split()) for words in book.values()) > 300
    assert [h for h, words in book.items() if bool(words) != bool(page[h])] == []


def test_a_paraphrased_sentence_is_caught() -> None:
    """The paraphrase the page once showed for CD/Procedure in Outline.1 is caught, both ways."""
    verbatim = ("The envelopes are kept in the box which is so shaped that each player in turn may easily select an "
                "envelope and examine its contents without revealing which is chosen.")
    paraphrase = ("Each player in turn may select an envelope and examine its contents without revealing which is "
                  "chosen.")
    html = rules_html("cloak-dagger")
    assert verbatim in html
    found = differences(page_words(html.replace(verbatim, paraphrase)), section_words(rulebook("cloak-dagger")))
    assert found == [f"Procedure in Outline: not on the page: {verbatim!r}",
                     f"Procedure in Outline: not in the rulebook: {paraphrase!r}"]


def test_a_dropped_card_list_is_caught() -> None:
    """The Security Clearance Guide's card lists, once dropped from the page, are missed when they are dropped."""
    html = rules_html("target")
    cards = " (Martial Arts, Deception, Explosives)"
    assert cards in html
    found = differences(page_words(html.replace(cards, "")), section_words(rulebook("target")))
    assert found == [
        "Security Clearance Guide: not on the page: "
        "'3 Training Cards (Martial Arts, Deception, Explosives) grant you access to the Operative Deck.'",
        "Security Clearance Guide: not in the rulebook: '3 Training Cards grant you access to the Operative Deck.'"]


def test_a_dropped_list_item_and_sentences_out_of_order_are_caught() -> None:
    book = section_words(rulebook("target"))
    html = rules_html("target")
    card = "Reverse: Direction of play reverses on the next turn."
    assert differences(page_words(html.replace(card, "")), book) == [f"Reverse: not on the page: {card!r}"]
    first, second = "Players can move ANY big piece at any time.", "This includes the spaces formerly occupied"
    swapped = rules_html("kloak").replace(first, "@").replace(second, first).replace("@", second)
    assert differences(page_words(swapped), section_words(rulebook("kloak"))) != []
