"""Shipped walkthrough scenarios replay, and cite rules that exist."""

from __future__ import annotations

import pytest

import spynb
from spynb import scenarios


@pytest.mark.parametrize("name", scenarios.names())
def test_every_scenario_replays_and_cites_real_rules(name: str) -> None:
    scenario = scenarios.load(name)
    rules = spynb.get_spec(scenario.game).rules
    for step in scenario.steps:
        assert step.rule in rules, f"{name}: unknown rule {step.rule}"
        assert step.caption
    game = scenario.game_at(len(scenario.steps))
    assert len(game.record().actions) == len(scenario.steps)


def test_the_rulebook_example_moves_the_cloak_to_the_document_then_both_together() -> None:
    example = scenarios.load("cloak-dagger-example")
    finished = next(i for i, s in enumerate(example.steps, 1) if s.rule == "CD/Reminder.3")
    game = example.game_at(finished)
    assert game.view(None)["envelopes"]["7"] == "dX"
    assert [e["envelope"] for e in game.view(2)["events"] if e["kind"] == "shown"] == [7]
    final = example.game_at(len(example.steps))
    assert final.view(None)["envelopes"]["9"] == "dX"
    assert "X" not in "".join(n["letters"] for n in final.view(2)["notes"])
