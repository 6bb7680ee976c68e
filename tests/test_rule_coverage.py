"""Every rule sentence and every ruling of every game has a test named after it.

A test for rule ``KL-5`` is called ``test_KL_5_…``; for ``CD/Starting a
Transfer.2`` it is ``test_CD_Starting_a_Transfer_2_…``.  Section headings
themselves (``CD/Placing``) are covered through their sentences.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import spynb
from spynb.engine import RULING

TESTS = Path(__file__).parent


def test_name_prefix(rule_id: str) -> str:
    return "test_" + re.sub(r"[^0-9A-Za-z]+", "_", rule_id).strip("_") + "_"


def _test_names() -> set[str]:
    names = set()
    for path in TESTS.rglob("test_*.py"):
        names.update(re.findall(r"^\s*def (test_\w+)\(", path.read_text(), flags=re.MULTILINE))
    return names


test_name_prefix.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test


@pytest.mark.parametrize("game", spynb.game_names())
def test_every_rule_sentence_and_ruling_has_a_named_test(game: str) -> None:
    rules = spynb.get_spec(game).rules
    names = _test_names()
    needed = [rule.id for rule in rules if rule.section is not None or rule.source == RULING]
    assert needed, f"{game} registers no rules"
    missing = [rid for rid in needed if not any(n.startswith(test_name_prefix(rid)) for n in names)]
    assert missing == [], f"rules of {game} without a test named after them: {missing}"


def test_the_prefix_tells_rules_apart() -> None:
    assert test_name_prefix("CD-1") != test_name_prefix("CD-10")
    assert test_name_prefix("CD/Starting a Transfer.2") == "test_CD_Starting_a_Transfer_2_"
