"""No rule id in a sentence a learner reads; the id is kept beside it, as data the boards show as a small link.

The teaching standard: short sentences, no rule ids in the prose (they belong in small links).  Seeded games of
every game are played to the end and every text they show is read: event texts, The Target's stage titles and card
effects, the boards' narration and log, the deduction aid's notes.  Each must be free of ids, and the rule a
text applies must still be there beside it, an id of the game's rule book that the board can link to.
"""

from __future__ import annotations

import random
import re

import pytest

import spynb
from spynb.engine import RULEBOOK, sample_chance
from spynb.prob.deduce import deduce
from spynb.target.svg import card_face
from spynb.rulespage import rule_links
from spynb.target import STAGE_RULES, STAGE_TITLES
from spynb.target.cards import DECK_OF

PREFIXES = sorted({"ENG"} | {rule.id.split("-", 1)[0] for name in spynb.game_names()
                            for rule in spynb.get_spec(name).rules if rule.source != RULEBOOK})
"""The prefix of every registered game's rulings (CD, KL, TG, …) and the engine's."""
RULE_ID = re.compile(rf"\b(?:{'|'.join(PREFIXES)})-(?:S|FAQ-)?[0-9]+\b")
"""A rule id, as written in RULINGS.md: CD-5, KL-14, TG-S12, TG-FAQ-3."""
SEEDS = (0, 1, 2)


def played(name: str, seed: int):
    """A seeded random game of ``name`` to its end (or a short turn limit)."""
    spec = spynb.get_spec(name)
    state = spec.new_state(spec.default_variant, spec.default_seats, {"turn_limit": 25})
    rng = random.Random(seed)
    while not state.over:
        seat = None if state.turn.chance else rng.choice(state.turn.seats)
        state.apply(sample_chance(state, rng) if seat is None else rng.choice(state.legal_actions(seat)), seat)
    return state


@pytest.mark.parametrize("name", spynb.game_names())
def test_event_texts_hold_no_rule_id_and_their_rule_is_beside_them(name: str) -> None:
    rules, cited = spynb.get_spec(name).rules, set()
    for seed in SEEDS:
        state = played(name, seed)
        for event in state.events:
            assert not RULE_ID.search(event.text), event.text
            if event.rule is not None:
                assert event.rule in rules and event.rule in rule_links(name), (event.kind, event.rule)
                cited.add(event.rule)
        for seat in (None, *range(1, state.seats + 1)):
            for shown in state.view(seat).to_dict().get("events", ()):
                assert not RULE_ID.search(shown["text"]), shown["text"]
                assert shown.get("rule") == next(e.rule for e in state.events if e.step == shown["step"]
                                                 and e.kind == shown["kind"] and e.text == shown["text"])
    if name != "cloak-dagger":  # Cloak & Dagger's events never cited a ruling in their text
        assert cited, "the seeded games should meet events that apply a ruling"


@pytest.mark.parametrize(("kind", "facts", "rule"), [
    ("clearance", (("cards", ("german", "french", "russian")), ("category", "languages")), "TG-11"),
    ("counter", (("card", "shot"), ("pay", (("hand", "firearms"), ("pile", "kevlar")))), "TG-6"),
    ("counter", (("card", "tailed"), ("pay", (("hand", "mole"), ("pile", "informant")))), "TG-7"),
    ("espionage", (("hq", "CIA"), ("cards", ("tailed",))), "TG-9"),
    ("espionage", (("seat", 2), ("kept", ("tailed",)), ("cancelled", ()), ("used", ())), "TG-7"),
])
def test_the_target_cites_by_kind_and_facts(kind: str, facts: tuple, rule: str) -> None:
    from spynb.engine import History

    from spynb.target.narration import CITES, NARRATORS
    history = History(NARRATORS, cites=CITES)
    history.entries.append((1, kind, 1, None, facts))
    event = history.events()[0]
    assert event.rule == rule and not RULE_ID.search(event.text)
    assert event.frozen()["rule"] == rule  # the view's copy carries it too


def test_the_target_stage_titles_and_card_effects_keep_the_ruling_beside_the_text() -> None:
    rules = spynb.get_spec("target").rules
    for stage, title in STAGE_TITLES.items():
        assert not RULE_ID.search(title), title
        assert stage not in STAGE_RULES or STAGE_RULES[stage] in rules
    assert len(STAGE_RULES) >= 10, "every step of play follows a ruling"
    for card in DECK_OF:
        face = card_face(card)
        assert not RULE_ID.search(face["effect"]) and face["rule"] in rules, (card, face)
    view = spynb.new_game("target", seats=4, seed=1).view(1)
    assert view["stage_title"] == STAGE_TITLES[view["stage"]] and view["stage_rule"] == "TG-3"


def test_deduction_notes_keep_their_rule_beside_them() -> None:
    game = spynb.new_game("target", seats=5, seed=3)
    table = deduce(game.view(1))
    assert table.notes and len(table.note_rules) == len(table.notes)
    assert not any(RULE_ID.search(note) for note in table.notes)
    assert "TG-1" in table.note_rules
    assert 'href="../rules/index.html?%#TG-1"' in table._repr_html_()
    kloak = deduce(spynb.new_game("kloak", seed=3).view(1))
    assert not any(RULE_ID.search(note) for note in kloak.notes) and kloak.note_rules == ("KL-13",)


@pytest.mark.parametrize("name", spynb.game_names())
def test_boards_show_no_rule_id_in_their_sentences_and_link_each_rule(name: str) -> None:
    pytest.importorskip("anywidget")
    from spynb.widgets.play import board_class

    from .widgets.helpers import front_end_sends

    spec = spynb.get_spec(name)
    seats = spec.default_seats
    board = board_class(name)(seats=seats, seed=4, players=["human"] + ["rules"] * (seats - 1))
    linked: set[str] = set()
    rng = random.Random(4)
    for _ in range(60):
        if board.game.over:
            break
        if board.thinking is not None:
            front_end_sends(board, {"kind": "bot", "at": len(board.game.actions)})
        elif board.legal:
            board.play(rng.choice(board.legal))
        texts = [board.status, board.narration.get("text", ""), board.view.get("stage_title", "")]
        texts += [e["text"] for turn in board.log for e in turn["events"]]
        assert not any(RULE_ID.search(text) for text in texts), texts
        cited = [e["rule"] for turn in board.log for e in turn["events"] if e["rule"]]
        cited += board.narration.get("rules", []) + [board.view.get("stage_rule") or ""]
        for rule in filter(None, cited):
            link = board.glossary["rules"][rule]
            assert link["rule"] == rule and link["rule_href"].endswith(f"#{rule}") and link["citation"]
            linked.add(rule)
    if name != "cloak-dagger":
        assert linked, "the board should have shown a sentence with its rule"
