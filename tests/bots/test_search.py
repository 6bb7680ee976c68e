"""The search bot: guided by the rule-of-thumb bot, widening slowly, each seat scored once per iteration."""

from __future__ import annotations

import dataclasses
import math

import pytest

import spynb
from spynb.bots import ISMCTSBot, make_bot
from spynb.bots import ismcts
from spynb.bots.ismcts import SearchNode
from spynb.engine import State


def kloak_position(moves: int = 4) -> spynb.Game:
    game = spynb.new_game("kloak", seed=11)
    for _ in range(moves):
        game.play(make_bot("rules", game.spec, 3).choose(game.view(game.turn.seats[0]), game.legal_actions()))
    return game


@pytest.mark.parametrize("name", ["kloak", "cloak-dagger"])
def test_the_rule_of_thumb_choice_is_searched_first(name: str) -> None:
    game = kloak_position() if name == "kloak" else spynb.new_game(name, seats=2, seed=4)
    seat = game.turn.seats[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    hint = make_bot("rules", game.spec, 5).choose(view, legal)
    root = ISMCTSBot(game.spec, 5, iterations=1, prior=0.5).search(view, legal)
    assert [action for (_, action), child in root.children.items() if child.visits] == [hint]


def test_without_a_prior_no_rule_of_thumb_bot_is_asked() -> None:
    assert ISMCTSBot(spynb.get_spec("kloak"), 1, prior=0).guide is None


def test_each_seat_is_scored_once_per_iteration() -> None:
    game = kloak_position()
    calls: list[int] = []
    evaluate = game.spec.evaluate
    assert evaluate is not None

    def counted(state: State, seat: int) -> float:
        calls.append(seat)
        return evaluate(state, seat)

    spec = dataclasses.replace(game.spec, evaluate=counted)
    ISMCTSBot(spec, 2, iterations=40, rollout_depth=2).search(game.view(1), game.legal_actions(1))
    assert 40 <= len(calls) <= 40 * game.seats


def test_the_tree_goes_no_deeper_than_its_depth_and_the_root_tries_every_action() -> None:
    game = kloak_position()
    root = ISMCTSBot(game.spec, 2, iterations=300).search(game.view(1), game.legal_actions(1))
    assert len(root.children) == len(game.legal_actions(1))

    def depth(node: SearchNode) -> int:
        return max((1 + depth(child) for child in node.children.values()), default=0)

    settings = ismcts._game_module(game.spec).SEARCH  # type: ignore[union-attr]
    assert settings.tree_depth is not None and depth(root) == settings.tree_depth


def test_below_the_root_a_reply_is_added_only_while_none_tried_beats_first_play() -> None:
    game = kloak_position()
    bot = ISMCTSBot(game.spec, 2, iterations=300)
    bot.first_play = 0.0  # every tried reply beats it: each node below the root keeps to its first
    root = bot.search(game.view(1), game.legal_actions(1))
    below = [node for child in root.children.values() for node in (child, *child.children.values())]
    assert any(node.children for node in below)
    assert all(len(node.children) <= 1 for node in below)
    bot.first_play = math.inf  # no tried reply beats it: every reply is tried before any is tried again
    root = bot.search(game.view(1), game.legal_actions(1))
    (seat, action), busiest = max(root.children.items(), key=lambda item: item[1].visits)
    after = game.state.clone()
    after.apply(action, seat)
    replies = len(after.legal_actions(after.turn.seats[0]))
    assert len(busiest.children) == min(busiest.visits - 1, replies) > 1


def test_the_search_leaves_the_real_game_and_its_events_alone() -> None:
    game = kloak_position()
    before, events = game.view(None), len(game.state.events)
    ISMCTSBot(game.spec, 2, iterations=60).choose(game.view(1), game.legal_actions(1))
    assert game.view(None) == before and len(game.state.events) == events
