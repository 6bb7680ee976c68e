"""The rules page: each game's rulebook text beside the product's rulings, labelled as rulings.

>>> page = rules_markdown("cloak-dagger")
>>> "### Ruling CD-5 — Place" in page and "spynb's ruling, not rulebook text" in page
True
"""

from __future__ import annotations

from spynb.engine import RULING, Rule

from .games import get_spec

__all__ = ["rules_markdown"]


def _ruling(rule: Rule) -> str:
    return f"### Ruling {rule.id} — {rule.title}\n\n> *spynb's ruling, not rulebook text.* {rule.text}\n"


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
        sentences = [r for r in rules if r.section == section.id and r.source != RULING]
        lines += [f"- **{r.id}** — {r.text}" for r in sentences] or [section.text]
        lines.append("")
        lines += [_ruling(r) for r in rules if r.source == RULING and r.section == section.id]
    orphans = [r for r in rules if r.source == RULING and r.section not in {s.id for s in spec.rules.sections()}]
    if orphans:
        lines += ["## Further rulings", ""] + [_ruling(r) for r in orphans]
    return "\n".join(lines)
