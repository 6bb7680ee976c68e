"""The rule registry: every rulebook section, rule sentence and ruling by id.

Errors, tests and notebooks cite rules by id.  Rulebook sections have ids
such as ``CD/Placing``, the sentences inside them ``CD/Placing.1``; rulings
keep the ids of ``RULINGS.md`` (``CD-5``).  Each ruling names the rulebook
section it clarifies, so a citation reads the way a student looks it up:

>>> book = RuleBook("demo", [
...     Rule("DM/Moving", "Moving", "Pieces move one step.", RULEBOOK),
...     Rule("DM-1", "Steps", "A step is to an adjacent square.", RULING, section="DM/Moving"),
... ])
>>> book.citation("DM-1")
'rulebook: Moving; ruling DM-1'
>>> book.illegal("DM-1", "That square is too far").rule_id
'DM-1'
"""

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .errors import DuplicateRuleError, IllegalActionError, SpynbError, UnknownRuleError, quoted

__all__ = ["Rule", "RuleBook", "RULEBOOK", "RULING", "ENGINE", "ENGINE_RULES", "lookup", "register",
           "rulebook_rules", "printed_rules", "Printed", "Span", "PARAGRAPH", "BULLETS", "NUMBERED", "TABLE",
           "annotations"]

RULEBOOK = "rulebook"
RULING = "ruling"
ENGINE = "engine"


PARAGRAPH, BULLETS, NUMBERED, TABLE = "paragraph", "bullets", "numbered", "table"
"""The kinds of :class:`Printed` block: a paragraph, a bulleted list, a numbered list, a table."""

Span = tuple[str, str]
"""Words of a rulebook as printed: ``(rule id, words)``.  An id starts that rule sentence; ``""`` continues the
sentence before it (a list under its sentence), or, before the section's first sentence, leads into a list."""


@dataclass(frozen=True, slots=True)
class Printed:
    """One block of a rulebook section as the rulebook prints it.

    ``lines`` are its paragraph (one line), its list items, or its table rows (cells apart by tabs, the first row
    the column headings), each as :data:`Span` s in reading order.
    """

    kind: str
    lines: tuple[tuple[Span, ...], ...]


@dataclass(frozen=True, slots=True)
class Rule:
    """One citable rule: a rulebook section or sentence, a ruling, or an engine rule."""

    id: str
    title: str
    text: str
    source: str
    section: str | None = None
    """For a ruling or a sentence: the id of the rulebook section it belongs to."""
    printed: tuple[Printed, ...] = ()
    """For a rulebook section: its words as the rulebook prints them, block by block, with its sentences' ids."""

    @property
    def is_ruling(self) -> bool:
        return self.source == RULING

    @property
    def is_chapter(self) -> bool:
        """A rulebook heading with no text of its own, over the sections after it (The Target's *Setup*)."""
        return self.source == RULEBOOK and self.section is None and not self.text


class RuleBook:
    """The rules of one game, in rulebook order, looked up by id."""

    def __init__(self, game: str, rules: Iterable[Rule]) -> None:
        """:raises DuplicateRuleError: when two rules share an id."""
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise DuplicateRuleError(rule.id)
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        """The rule with id ``rule_id`` (the game's own, or an engine rule).

        :raises UnknownRuleError: (a :class:`KeyError`) when there is none.
        """
        rule = self._rules.get(rule_id) or _ENGINE_BY_ID.get(rule_id)
        if rule is None:
            raise UnknownRuleError(rule_id, self.game)
        return rule

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def citation(self, rule_id: str) -> str:
        """How a reader finds the rule: its rulebook section, then the ruling.

        :raises UnknownRuleError: when the book has no rule ``rule_id``.
        """
        rule = self[rule_id]
        parts = []
        section_id = rule.section if rule.source != RULEBOOK or rule.section else rule.id
        if section_id is not None and section_id in self._rules:
            parts.append(f"rulebook: {self._rules[section_id].title}")
        if rule.source == RULING:
            parts.append(f"ruling {rule.id}")
        elif rule.source == ENGINE:
            parts.append(f"spynb: {rule.title}")
        return "; ".join(parts)

    def illegal(self, rule_id: str, reason: str, action: object = None) -> IllegalActionError:
        """The error for an action that ``rule_id`` forbids, with its citation."""
        return IllegalActionError(rule_id, reason, citation=self.citation(rule_id),
                                  action=None if action is None else str(action))

    def sections(self) -> tuple[Rule, ...]:
        """The rulebook's sections, in order."""
        return tuple(r for r in self if r.source == RULEBOOK and r.section is None)

    def rulings(self) -> tuple[Rule, ...]:
        return tuple(r for r in self if r.source == RULING)


def rulebook_rules(prefix: str, sections: Iterable[tuple[str, str, Sequence[str]]]) -> list[Rule]:
    """A rulebook as rules: ``(title, section text or "", sentences)`` per section, the sentences one paragraph.

    The section gets id ``<prefix>/<title>``, its sentences ``<prefix>/<title>.<n>``.

    >>> [r.id for r in rulebook_rules("DM", [("Moving", "", ["One step.", "Not onto a piece."])])]
    ['DM/Moving', 'DM/Moving.1', 'DM/Moving.2']
    """
    rules: list[Rule] = []
    for title, text, sentences in sections:
        section_id = f"{prefix}/{title}"
        paragraph = tuple((f"{section_id}.{i}", sentence) for i, sentence in enumerate(sentences, 1))
        rules.append(Rule(section_id, title, text or " ".join(sentences), RULEBOOK,
                          printed=(Printed(PARAGRAPH, (paragraph,)),) if paragraph else ()))
        rules.extend(Rule(rule_id, title, sentence, RULEBOOK, section=section_id) for rule_id, sentence in paragraph)
    return rules


_MARK = re.compile(r"\[(\d+)\] ?")
"""Where a rule sentence starts in a printed line, and its number: ``[3] Pieces move.``"""
_BULLET = re.compile(r"^[-•] ")
_NUMBERED = re.compile(r"^\d+\. ")


def _line_kind(line: str) -> str:
    bare = _MARK.sub("", line)
    if _BULLET.match(line):
        return BULLETS
    if _NUMBERED.match(bare):
        return NUMBERED
    return TABLE if "\t" in bare else PARAGRAPH


def _spans(line: str, section_id: str) -> tuple[Span, ...]:
    """The spans of one printed line: the words before its first mark continue, each mark starts a sentence."""
    words = _MARK.split(_BULLET.sub("", line))
    spans = [("", words[0].strip())] if words[0].strip() else []
    spans += [(f"{section_id}.{number}", text.strip()) for number, text in zip(words[1::2], words[2::2])]
    return tuple(spans)


def _blocks(lines: Sequence[str], section_id: str) -> tuple[Printed, ...]:
    """Printed lines as blocks: each paragraph line its own block, consecutive items or rows one list or table."""
    blocks: list[Printed] = []
    for line in filter(str.strip, lines):
        kind, spans = _line_kind(line), _spans(line, section_id)
        if kind != PARAGRAPH and blocks and blocks[-1].kind == kind:
            blocks[-1] = Printed(kind, (*blocks[-1].lines, spans))
        else:
            blocks.append(Printed(kind, (spans,)))
    return tuple(blocks)


def _words(spans: Iterable[Span]) -> str:
    return " ".join(text.replace("\t", " | ") for _, text in spans)


def printed_rules(prefix: str, sections: Iterable[tuple[str, Sequence[str]]]) -> list[Rule]:
    """A rulebook as printed: ``(title, lines)`` per section, each line a paragraph, a list item (``- `` or ``• ``,
    ``1. ``) or a table row (cells apart by tabs), ``[n]`` where sentence ``<prefix>/<title>.<n>`` starts.

    A sentence runs to the next mark, across lines: a sentence and the list it leads into are one rule, and
    several sentences may be one.  Words before a section's first mark lead into the list after them, and each
    sentence of that list says them first.  The numbers are ids, not places: they need not run in order.

    >>> rules = printed_rules("DM", [("Moving", ["[1] Pieces move:", "- one step;", "- [3] never [2] twice."]),
    ...                               ("Taking", ["You may:", "- [1] take;", "- [2] pass."])])
    >>> [(r.id, r.text) for r in rules]  # doctest: +NORMALIZE_WHITESPACE
    [('DM/Moving', 'Pieces move: one step; never twice.'), ('DM/Moving.1', 'Pieces move: one step;'),
     ('DM/Moving.3', 'never'), ('DM/Moving.2', 'twice.'), ('DM/Taking', 'You may: take; pass.'),
     ('DM/Taking.1', 'You may: take;'), ('DM/Taking.2', 'You may: pass.')]
    >>> [block.kind for block in rules[0].printed]
    ['paragraph', 'bullets']
    """
    rules: list[Rule] = []
    for title, lines in sections:
        section_id = f"{prefix}/{title}"
        blocks = _blocks(lines, section_id)
        placed = [(n, span) for n, block in enumerate(blocks) for line in block.lines for span in line]
        spans = [span for _, span in placed]
        rules.append(Rule(section_id, title, _words(spans), RULEBOOK, printed=blocks))
        starts = [i for i, (rule_id, _) in enumerate(spans) if rule_id] + [len(spans)]
        lead, listed = spans[:starts[0]], placed[starts[0]][0] if starts[0] else -1
        for start, end in zip(starts, starts[1:]):
            words = (lead if placed[start][0] == listed else []) + spans[start:end]
            rules.append(Rule(spans[start][0], title, _words(words), RULEBOOK, section=section_id))
    return rules


def annotations(prefix: str, source: str, entries: Iterable[tuple[str, str, str, str]]) -> list[Rule]:
    """Rulings (or FAQ facts, or readings): ``(id, title, section title, text)``, each tied to its section."""
    return [Rule(rule_id, title, text, source, section=f"{prefix}/{section}")
            for rule_id, title, section, text in entries]


ENGINE_RULES = (
    Rule("ENG-1", "turn order", "Only a seat whose turn it is may act; at a chance point only chance acts.", ENGINE),
    Rule("ENG-2", "game over", "Nobody acts once the game is over.", ENGINE),
    Rule("ENG-3", "simultaneous choice", "A seat makes one choice per simultaneous round.", ENGINE),
    Rule("ENG-4", "seats", "Seats are numbered 1 to the number of players; nothing else names a seat.", ENGINE),
)
_ENGINE_BY_ID = {rule.id: rule for rule in ENGINE_RULES}

_BOOKS: dict[str, RuleBook] = {}


def register(book: RuleBook) -> RuleBook:
    """Make a game's rules findable by :func:`lookup`."""
    _BOOKS[book.game] = book
    return book


def lookup(rule_id: str) -> Rule:
    """Find a rule of any registered game (or the engine) by id.

    >>> lookup("ENG-2").title
    'game over'

    :raises UnknownRuleError: (a :class:`KeyError`) when no registered game has the rule.
    :raises SpynbError: when ``rule_id`` is not a str.
    """
    if not isinstance(rule_id, str):
        raise SpynbError(f"a rule id is a str, a game's prefix and a number, not {quoted(rule_id)}")
    if rule_id in _ENGINE_BY_ID:
        return _ENGINE_BY_ID[rule_id]
    for book in _BOOKS.values():
        if rule_id in book:
            return book[rule_id]
    raise UnknownRuleError(rule_id)
