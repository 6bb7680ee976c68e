"""Captions that state a seat's secret without a claim to back it.

A caption that names a seat together with a card, an envelope's contents or a covered colour states
a fact about the position ("Seat 2 plays Kevlar").  Each such sentence needs facts checked at its step (its
claims, a question's computed answer) that mention both the seat and the thing; :meth:`~spynb.scenarios.Scenario.check` then proves the claim
holds from the walkthrough's seat, so the learner is told only what that seat may know.  A face-down
card's player is never knowable, so a sentence that says who played one cannot be backed.

>>> from spynb import scenarios
>>> tour = scenarios.from_data({**scenarios.load("target-reverse").to_data(), "steps": [
...     {"kind": "narrated", "caption": "Seat 3 will play a Deflect Forward."},
...     {"kind": "end", "caption": "Done.", "links": []}]})
>>> unbacked(tour)
['step 1: "Seat 3 will play a Deflect Forward." names seat 3 with Deflect Forward, and no claim of the step checks it']
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from spynb.cloak_dagger import cards as cloak_dagger_cards
from spynb.engine import Game
from spynb.kloak import board as kloak_board
from spynb.target import cards as target_cards

from . import Scenario, Step
from .references import raw_texts

__all__ = ["SECRET", "TERMS", "unbacked", "hand_labels", "unreachable"]


def _target_terms() -> dict[str, str]:
    names = {target_cards.describe(card): card for card in target_cards.CARDS}
    return names | {name: key for key, name in target_cards.AFFILIATION_NAMES.items()}


def _cloak_dagger_terms() -> dict[str, str]:
    cards = cloak_dagger_cards
    named = {"pistol": "a", "binocular": "b", "camera": "c", "secret plans": "X", "private report": "Y",
             "coded message": "Z"}
    letters = {letter: letter for letter in cards.HAZARDS + cards.DOCUMENTS + cards.DAGGERS}
    return named | letters


TERMS: Mapping[str, Mapping[str, str]] = {
    "target": _target_terms(),
    "cloak-dagger": _cloak_dagger_terms(),
    "kloak": {name: key for key, name in kloak_board.COLOUR_NAMES.items()},
}
"""Per game: the words a caption uses for a seat's secrets (cards, affiliations, colours) and the id each
stands for in views and notation."""

_SQUARE = re.compile(r"\b[a-e][1-5]\b")


def _covered_colour(before: Game, after: Game, seat: int, sentence: str, colour: str) -> bool:
    """KL-13: a colour is hidden only under a big piece, and from every seat alike.  A sentence that puts the
    colour on a square where the seat sees it speaks of an uncovered piece; otherwise the colour is a secret
    when a piece of it lies covered as the step opens or after its move."""
    shown = before.view(seat)["small"]
    if any(shown.get(square) == colour for square in _SQUARE.findall(sentence)):
        return False
    views = [game.view(None) for game in (before, after)]
    return any(view["small"][square] == colour for view in views for square in view["covered"])


def _always_secret(before: Game, after: Game, seat: int, sentence: str, term: str) -> bool:
    """A card or an affiliation is a seat's secret in every position."""
    return True


SECRET: Mapping[str, Callable[[Game, Game, int, str, str], bool]] = {"kloak": _covered_colour}
"""Per game, for terms that are secret only in some positions: whether the term (by its id) states a secret in
a sentence of a step (the game as the step opens and after its move, the walkthrough's seat); the terms of a game
not listed are always secrets."""

_SEATS = re.compile(r"\b[Ss]eats? (\d+)((?:(?:, | and )\d+)*)(?!\d|'s)")
"""Seats named as actors ("seat 2", "seats 2 and 4"), not as owners ("seat 2's cloak")."""
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_HQ = re.compile(r"\b(CIA|KGB) HQ\b")


def unbacked(scenario: Scenario) -> list[str]:
    """Sentences of captions that name another seat with a secret that no fact of the step mentions with it (a
    walkthrough told from above, and a step marked ``shows_hidden``, may tell secrets)."""
    terms = TERMS.get(scenario.game, {})
    problems: list[str] = []
    if scenario.seat is None:
        return problems
    secret = SECRET.get(scenario.game, _always_secret)
    positions: list[Game] = []  # the scenario is played through only once a caption names a seat with a secret
    for number, step in enumerate(scenario.steps, 1):
        if step.shows_hidden:
            continue
        for sentence in _SENTENCE.split(step.caption):
            said = _said(step)
            for seat, (word, key) in _pairs(sentence, terms):
                if seat == str(scenario.seat) or (seat in said and _named(key, said)):
                    continue
                positions = positions or scenario.positions()
                if secret(positions[number - 1], positions[number], scenario.seat, sentence, key):
                    problems.append(f"step {number}: {sentence!r} names seat {seat} with {word}, "
                                    f"and no claim of the step checks it".replace("'", '"'))
    return problems


def _pairs(sentence: str, terms: Mapping[str, str]) -> Iterator[tuple[str, tuple[str, str]]]:
    """Each seat the sentence names, with the first secret it names (HQs are public places, not secrets)."""
    text = _HQ.sub("", sentence)
    found = [(word, key) for word, key in terms.items() if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)]
    if not found:
        return
    for match in _SEATS.finditer(text):
        for seat in re.findall(r"\d+", match.group(0)):
            yield seat, found[0]


def _said(step: Step) -> list[str]:
    """The words of what the engine checks at a step: its claims (queries and values) and a question's answer."""
    facts: list[Any] = [[claim.query.path, claim.query.move, list(claim.query.after), claim.query.seat,
                         claim.query.value, claim.value] for claim in step.claims]
    if step.question is not None:
        answer = step.question.answer
        facts.append([answer.path, answer.move, list(answer.after), answer.seat, answer.value])
    return re.findall(r"[\w-]+", json.dumps(facts))


def _named(key: str, said: list[str]) -> bool:
    """Is ``key`` one of the words (a one-letter card or colour exactly, other ids in any case)?"""
    return key in said if len(key) == 1 else key.lower() in (word.lower() for word in said)


_LABEL = re.compile(r"\b(?:spynb's )?rulings?\b|\bthe rulebook is silent\b", re.IGNORECASE)


def hand_labels(scenario: Scenario) -> list[str]:
    """Texts that say by hand whose rule they state ("spynb's ruling: …"): the link beside a step says it, from
    the rule's id (:data:`spynb.rulespage.SOURCES`), so a text cannot call a rulebook sentence a ruling or a
    ruling the rulebook's."""
    problems = []
    for number, step in enumerate(scenario.raw.get("steps", ()), 1):
        for key, text in raw_texts(step):
            for match in _LABEL.finditer(text):
                problems.append(f"step {number} {key}: {match[0]!r} labels a rule by hand: the step's rule link "
                                "says where it comes from")
    return problems


def unreachable(scenario: Scenario) -> list[str]:
    """Texts of your-turn steps no learner can ever be shown, on any way through the scenario: words for a wrong
    move that is never legal there (or is accepted), words for an accepted move that is never legal there, a
    fallback (``otherwise``) when every other legal move has its own words, praise when every accepted move has
    its own."""
    legal_at: dict[int, set[str]] = {}
    for answers in scenario.paths():
        for i, game in enumerate(scenario.positions(answers)[:-1]):
            expect = scenario.steps[i].expect
            if expect is not None:
                legal_at.setdefault(i, set()).update(str(a) for a in game.legal_actions(expect.seat))
    problems = []
    for i, legal in sorted(legal_at.items()):
        expect = scenario.steps[i].expect
        assert expect is not None
        accepted = {move for move in legal if expect.accepts(move)}
        wrong = legal - accepted
        problems += [f"step {i + 1} why[{move!r}]: never shown (that move is "
                     f"{'accepted' if move in accepted else 'never legal'} there)"
                     for move in expect.why if move not in wrong]
        problems += [f"step {i + 1} feedback[{move!r}]: never shown (that move is never an accepted legal move)"
                     for move in expect.feedback if move not in accepted]
        if expect.otherwise and wrong and wrong <= set(expect.why):
            problems.append(f"step {i + 1} otherwise: never shown (every other legal move has its own words)")
        if expect.praise and accepted and accepted <= set(expect.feedback):
            problems.append(f"step {i + 1} praise: never shown (every accepted move has its own words)")
    return problems
