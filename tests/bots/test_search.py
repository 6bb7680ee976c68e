"""The search bot: guided by the rule-of-thumb bot, widening slowly, each seat scored once per iteration."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

import spynb
from spynb.bots import ISMCTSBot, make_bot
from spynb.bots import ismcts
from spynb.bots.ismcts import SearchNode
from spynb.engine import Action, State
from spynb.games import manifest


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


def test_the_guide_is_the_games_own_choice_or_else_its_rules_bot() -> None:
    from spynb.cloak_dagger.bot import CollectorBot
    from spynb.kloak.bot import LineBot

    collector = ISMCTSBot(spynb.get_spec("cloak-dagger"), 1).guide
    assert isinstance(collector, CollectorBot) and collector.imagined_deals == 2  # its SEARCH's guide
    assert isinstance(ISMCTSBot(spynb.get_spec("kloak"), 1, prior=0.5).guide, LineBot)  # no guide set: RULES_BOT


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

    settings = manifest(game.spec.name).part("search")
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


def target_position(turn: int = 3) -> spynb.Game:
    """Seat 1 of a four-seat game of The Target with cards to choose from, after rule-of-thumb play."""
    game = spynb.new_game("target", seats=4, seed=9)
    rules = make_bot("rules", game.spec, 3)
    while not (game.turn.seats and game.turn.seats[0] == 1 and len(game.legal_actions(1)) > 2
               and game.view(1)["turn_number"] >= turn):
        seat = game.turn.seats[0] if game.turn.seats else None
        game.play(rules.choose(game.view(seat), game.legal_actions(seat)), seat)
    return game


def test_paired_games_play_every_action_on_from_one_deal_with_the_same_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """``paired``: each imagined game is played on after every legal action with the same draws (common random
    numbers), and the games are spread evenly over the actions."""
    game = target_position()
    view, legal = game.view(1), game.legal_actions(1)
    calls: list[tuple[object, tuple[object, ...]]] = []
    play_on = ismcts.playout

    def recorded(state: State, rng: random.Random, **options: object) -> int:
        calls.append((rng.getstate(), tuple(sorted(map(str, state.hands[1])))))  # type: ignore[attr-defined]
        return play_on(state, rng, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(ismcts, "playout", recorded)
    bot = ISMCTSBot(game.spec, 3, iterations=5 * len(legal))
    assert bot.paired
    bot.compare(view, legal)
    assert len(calls) == 5 * len(legal)
    games = [calls[i:i + len(legal)] for i in range(0, len(calls), len(legal))]
    assert all(len({draws for draws, _ in group}) == 1 for group in games)
    assert len({group[0][0] for group in games}) == 5
    assert any(len({hand for _, hand in group}) > 1 for group in games)  # the actions themselves differ


def choices(name: str) -> list[tuple[spynb.View, tuple[Action, ...]]]:
    """Views of a seat with a choice to make, and its legal actions: The Target's seat 1 at turns 3 to 10, or
    the first 12 choices of a two-seat game of Cloak & Dagger played by the rule-of-thumb bot."""
    if name == "target":
        return [(game.view(1), game.legal_actions(1)) for game in map(target_position, range(3, 11))]
    game, rules, found = spynb.new_game(name, seats=2, seed=6), make_bot("rules", spynb.get_spec(name), 3), []
    while len(found) < 12:
        seat = game.turn.seats[0] if game.turn.seats else None
        view, legal = game.view(seat), game.legal_actions(seat)
        if seat is not None and len(legal) > 1:
            found.append((view, legal))
        game.play(rules.choose(view, legal) if seat is not None else game.state.random_outcome(random.Random(1)), seat)
    return found


@pytest.mark.parametrize("margin", [1.0, -1.0])
@pytest.mark.parametrize("name", ["cloak-dagger", "target"])
def test_paired_games_keep_the_guides_choice_unless_another_gains_more_than_the_margin(name: str,
                                                                                      margin: float) -> None:
    """No action gains a whole win over another: a margin of 1 always plays the guide's choice; a margin of -1
    plays the action that gains most (which in some position is not the guide's), seeded."""
    spec = spynb.get_spec(name)
    differs = False
    for seed, (view, legal) in enumerate(choices(name), 3):
        guide = ISMCTSBot(spec, seed).guide  # a twin of the searching bot's own guide, seeded alike
        assert guide is not None
        hint = guide.choose(view, legal)
        bots = [ISMCTSBot(spec, seed, iterations=8 * len(legal)) for _ in range(2)]
        for bot in bots:
            assert bot.paired
            bot.margin = margin
        chosen = bots[0].choose(view, legal)
        assert chosen in legal and chosen == bots[1].choose(view, legal)
        differs |= chosen != hint
    assert differs == (margin < 0)


def test_a_follow_up_choice_within_the_turn_is_scored_by_the_best_of_its_options() -> None:
    """``follow_up``: opening an envelope leaves the seat to decide what to do with it (CD-3); the imagined game
    scores the best of those decisions, each played on with the same draws; without it, one playout."""
    from spynb.cloak_dagger.actions import Open

    game = spynb.new_game("cloak-dagger", seats=2, seed=6)
    bot = ISMCTSBot(game.spec, 3)
    found = False
    for _ in range(40):
        if game.turn.chance:
            game.play(game.state.random_outcome(random.Random(2)))
            continue
        seat = game.turn.seats[0]
        if game.view(seat)["phase"] == "select" and not game.view(seat)["hand"]:
            deal = game.spec.determinise(game.view(seat), random.Random(1))  # type: ignore[misc]
            deal.stop_logging()
            for envelope in range(1, 21):
                opened = deal.clone()
                opened.apply(Open(envelope), seat)
                choices = opened.legal_actions(seat)
                if len(choices) > 1:
                    found = True
                    best = max(bot._played_on(opened, c, seat, 7, False) for c in choices)
                    assert bot._played_on(deal, Open(envelope), seat, 7, True) == best
                    alone = opened.clone()
                    ismcts.playout(alone, random.Random(7), limit=bot.rollout_depth, prefer=bot.prefer)
                    assert bot._played_on(deal, Open(envelope), seat, 7, False) == bot._score(alone, seat)
        game.play(make_bot("rules", game.spec, 2).choose(game.view(seat), game.legal_actions(seat)), seat)
    assert found


def test_in_cpython_the_iterations_alone_are_the_budget() -> None:
    assert ISMCTSBot(spynb.get_spec("kloak"), 1).seconds is None


def test_in_the_browser_a_decision_searches_at_most_its_wall_clock_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ismcts, "in_browser", lambda: True)
    assert ISMCTSBot(spynb.get_spec("kloak"), 1).seconds == ismcts.BROWSER_SECONDS


@pytest.mark.parametrize("name", ["kloak", "cloak-dagger"])
def test_a_bounded_decision_stops_imagining_games_once_its_time_is_up(name: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A tree search (KLOAK) and a paired comparison (Cloak & Dagger) both stop at the bound, after at least
    one imagined game, and still answer with a legal action."""
    game = kloak_position() if name == "kloak" else spynb.new_game(name, seats=2, seed=4)
    seat = game.turn.seats[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    clock = iter(range(1000))
    monkeypatch.setattr(ismcts, "perf_counter", lambda: float(next(clock)))  # one second an imagined game
    determined: list[int] = []
    determinise = game.spec.determinise
    assert determinise is not None
    spec = dataclasses.replace(game.spec, determinise=lambda v, rng: determined.append(1) or determinise(v, rng))
    bot = ISMCTSBot(spec, 3, iterations=10_000, seconds=2.5)
    assert bot.choose(view, legal) in legal
    assert len(determined) == 3  # started at 0; after games at 1, 2 and 3 seconds: the third passes 2.5
