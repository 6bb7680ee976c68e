"""The rules page: each game's rulebook text beside the product's rulings, labelled as rulings.

>>> page = rules_markdown("cloak-dagger")
>>> "### Ruling CD-5 — Place" in page and "spynb's ruling, not rulebook text" in page
True
"""

from __future__ import annotations

from spynb.engine import RULEBOOK, RULING, Rule

from .games import get_spec

__all__ = ["rule_href", "rules_markdown"]


def rule_href(rule_id: str) -> str:
    """The rules page's address for one rule id, relative to a page of the site's apps.

    >>> rule_href("CD-5")
    '../rules/index.html#CD-5'
    """
    return f"../rules/index.html#{rule_id}"


_LABELS = {
    RULING: ("Ruling", "spynb's ruling, not rulebook text."),
    "faq": ("Publisher's FAQ", "from the publisher's FAQ, not the rulebook."),
}
_READING = ("spynb's reading", "how spynb plays where the rulebook and the rulings are silent.")


def _ruling(rule: Rule) -> str:
    kind, note = _LABELS.get(rule.source, _READING)
    return f"### {kind} {rule.id} — {rule.title}\n\n> *{note}* {rule.text}\n"


def rules_markdown(game: str) -> str:
    """Markdown for one game: every rulebook section, its rule sentences with ids, then its rulings."""
    spec = get_spec(game)
    rules = list(spec.rules)
    lines = [f"# {spec.title}: the rules", "",
             "Rulebook sentences carry the ids that errors, tests and walkthroughs cite. Where the rulebook is "
             "silent or ambiguous, spynb decides by a **ruling**, shown in its own box right after the section "
             "it clarifies.", ""]
    for section in spec.rules.sections():
        lines += [f"## {section.title}", ""]
        sentences = [r for r in rules if r.section == section.id and r.source == RULEBOOK]
        lines += [f"- **{r.id}** — {r.text}" for r in sentences] or [section.text]
        lines.append("")
        lines += [_ruling(r) for r in rules if r.source != RULEBOOK and r.section == section.id]
    sections = {s.id for s in spec.rules.sections()}
    orphans = [r for r in rules if r.source != RULEBOOK and r.section not in sections]
    if orphans:
        lines += ["## Further rulings", ""] + [_ruling(r) for r in orphans]
    return "\n".join(lines)
