"""The rules page: each game's rulebook text beside the product's rulings, labelled as rulings.

The site's build writes it as a static page, ``<site>/rules/index.html``, with
one anchor per rule id, so it reads without running anything.

>>> page = rules_html("cloak-dagger")
>>> '<aside class="ruling" id="CD-5">' in page and "spynb's ruling, not rulebook text" in page
True
"""

from __future__ import annotations

import functools
import re
from html import escape

from spynb.engine import RULEBOOK, RULING, Rule, RuleBook
from spynb.engine.rules import ENGINE
from spynb.engine.rules import BULLETS, PARAGRAPH, TABLE, Printed, Span

from .games import get_spec

__all__ = ["APP_EXIT", "SOURCES", "rule_anchor", "rule_href", "rule_link", "rule_links", "site_href", "rule_kind", "rules_html"]

#: JupyterLab takes a relative link in a notebook for a file beside the notebook and opens it inside
#: the app (a page of the site is no such file: the click does nothing). It leaves to the browser an
#: address it cannot decode, and a lone ``%`` in the query is one; static servers ignore the query.
#: Links from notebooks (and widgets) to the site's own pages therefore carry it.
APP_EXIT = "?%"


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule on the rules page: its id, with ``_`` for each space (an HTML id has none).

    >>> rule_anchor("CD/Starting a Transfer.2")
    'CD/Starting_a_Transfer.2'
    """
    return re.sub(r"\s", "_", rule_id)


def site_href(page: str) -> str:
    """The address of one of the site's own pages (``rules/index.html``), from a page of the site's apps.

    The apps' pages sit one folder down (``<site>/notebooks/index.html``, ``<site>/lab/index.html``).

    >>> site_href("index.html")
    '../index.html?%'
    """
    return f"../{page}{APP_EXIT}"


def rule_href(rule_id: str) -> str:
    """The rules page's address for one rule id, relative to a page of the site's apps.

    >>> rule_href("CD-5")
    '../rules/index.html?%#CD-5'
    """
    return f"{site_href('rules/index.html')}#{rule_anchor(rule_id)}"


SOURCES = {RULEBOOK: "rulebook", RULING: "spynb's ruling", "faq": "publisher's FAQ", ENGINE: "spynb's reading"}
"""What a link says of where its rule comes from, by the rule's source: never written by hand beside it."""


def rule_link(rules: RuleBook, rule_id: str) -> dict[str, str]:
    """What a small link to one rule needs: its id, its address on the rules page, its citation and where it comes
    from (:data:`SOURCES`; "" for none).

    >>> rule_link(get_spec("target").rules, "TG-11")["source"], rule_link(get_spec("target").rules, "TG/Play.2")["source"]
    ("spynb's ruling", 'rulebook')
    >>> rule_link(get_spec("target").rules, "")
    {'rule': '', 'rule_href': '', 'citation': '', 'source': ''}
    """
    if not rule_id or rule_id not in rules:
        return {"rule": "", "rule_href": "", "citation": "", "source": ""}
    return {"rule": rule_id, "rule_href": rule_href(rule_id), "citation": rules.citation(rule_id),
            "source": SOURCES.get(rules[rule_id].source, SOURCES[ENGINE])}


@functools.cache
def _links(game: str) -> tuple[tuple[str, dict[str, str]], ...]:
    rules = get_spec(game).rules
    return tuple((rule.id, rule_link(rules, rule.id)) for rule in rules if rule.source != RULEBOOK)


def rule_links(game: str) -> dict[str, dict[str, str]]:
    """Every ruling and reading of ``game`` (what its texts cite beside them) -> its :func:`rule_link`.

    >>> rule_links("kloak")["KL-8"]["citation"]
    'rulebook: Unkloaking on Your Turn; ruling KL-8'
    """
    return {rule_id: dict(link) for rule_id, link in _links(game)}


_LABELS = {
    RULING: ("Ruling", "spynb's ruling, not rulebook text."),
    "faq": ("Publisher's FAQ", "from the publisher's FAQ, not the rulebook."),
}
_READING = ("spynb's reading", "how spynb plays where the rulebook and the rulings are silent.")


def rule_kind(rule: Rule) -> tuple[str, str]:
    """What a rule that is not rulebook text is called, and the note that says where it comes from."""
    return _LABELS.get(rule.source, _READING)


_CITED = re.compile(r"\b[A-Z]{2,3}-(?:[A-Z]+-)?[0-9]+\b")
"""A ruling's id inside another rule's text (``TG-6``, ``TG-S10``, ``TG-FAQ-3``)."""


def _linked(text: str, rules: RuleBook) -> str:
    """``text`` as HTML, each id of a rule in ``rules`` it cites made a small link to that rule's anchor.

    >>> _linked("Deposited unless destroyed (TG-6), TG-99 aside.", get_spec("target").rules)
    'Deposited unless destroyed (<a class="rid" href="#TG-6">TG-6</a>), TG-99 aside.'
    """
    def link(found: re.Match[str]) -> str:
        rule_id = found.group(0)
        return f'<a class="rid" href="#{rule_anchor(rule_id)}">{rule_id}</a>' if rule_id in rules else rule_id

    return _CITED.sub(link, escape(text))


def _ruling(rule: Rule, rules: RuleBook) -> str:
    kind, note = rule_kind(rule)
    css = "ruling" if rule.source == RULING else "reading"
    return (f'<aside class="{css}" id="{escape(rule_anchor(rule.id))}">'
            f"<h4>{kind} {escape(rule.id)} — {escape(rule.title)}</h4>"
            f'<p><em class="label">{note}</em> {_linked(rule.text, rules)}</p></aside>')


def _anchored(tag: str, rule_id: str, words: str, css: str = "") -> str:
    """``words`` in a ``tag`` that carries the anchor of ``rule_id`` and starts with its label."""
    attributes = f' class="{css}"' * bool(css) + f' id="{escape(rule_anchor(rule_id))}"'
    return f'<{tag}{attributes}><span class="rid">{escape(rule_id)}</span> {words}</{tag}>'


def _inline(spans: tuple[Span, ...]) -> str:
    """A list item's words, each sentence that starts in it anchored and labelled with its id."""
    return " ".join(_anchored("span", rule_id, escape(text), "sentence") if rule_id else escape(text)
                    for rule_id, text in spans)


def _table(block: Printed) -> str:
    """A printed table: its first row the column headings; a sentence it starts is labelled in its caption."""
    first, *_ = block.lines[0]
    caption = _anchored("caption", first[0], "") if first[0] else ""
    rows = ["".join(text for _, text in line).split("\t") for line in block.lines]
    head = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in rows[0])
    body = "".join("<tr>" + f'<th scope="row">{escape(row[0])}</th>' + "".join(
        f"<td>{escape(cell)}</td>" for cell in row[1:]) + "</tr>" for row in rows[1:])
    return f'<table class="chart">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _block(block: Printed) -> str:
    """One printed block as items of the section's list: a paragraph's sentences one by one, a list or table as one."""
    if block.kind == PARAGRAPH:
        return "".join(_anchored("li", rule_id, escape(text)) if rule_id else f"<li>{escape(text)}</li>"
                       for rule_id, text in block.lines[0])
    if block.kind == TABLE:
        return f"<li>{_table(block)}</li>"
    css = "printed" if block.kind == BULLETS else "sentences"
    return f'<li><ul class="{css}">' + "".join(f"<li>{_inline(line)}</li>" for line in block.lines) + "</ul></li>"


def rules_html(game: str) -> str:
    """One game's part of the rules page: every rulebook section in the rulebook's words, then its rulings.

    A section's paragraphs show sentence by sentence, its lists and tables as lists and tables; each section,
    sentence and ruling carries its :func:`rule_anchor`.
    """
    spec = get_spec(game)
    rules = list(spec.rules)
    parts = [f'<section class="game" id="{escape(spec.name)}" aria-labelledby="{escape(spec.name)}-title">',
             f'<h2 id="{escape(spec.name)}-title">{escape(spec.title)}</h2>']
    for section in spec.rules.sections():
        parts.append(f'<h3 id="{escape(rule_anchor(section.id))}">{escape(section.title)} '
                     f'<span class="rid">{escape(section.id)}</span></h3>')
        if section.printed:
            parts.append('<ul class="sentences">' + "".join(map(_block, section.printed)) + "</ul>")
        parts += [_ruling(r, spec.rules) for r in rules if r.source != RULEBOOK and r.section == section.id]
    sections = {s.id for s in spec.rules.sections()}
    orphans = [r for r in rules if r.source != RULEBOOK and r.section not in sections]
    if orphans:
        parts += [f'<h3 id="{escape(spec.name)}-further">Further rulings</h3>'] + [_ruling(r, spec.rules) for r in orphans]
    parts.append("</section>")
    return "\n".join(parts)
