"""The Target's bots choose from their own view only; the search bot imagines hands, decks and sides from it."""

from __future__ import annotations

import random

import pytest

import spynb
from spynb.bots import ISMCTSBot, RandomBot, make_bot, play_match, wilson_interval
from spynb.target import bot as target_bots
from spynb.engine import freeze, sample_chance
from spynb.target import TargetState
from spynb.target.actions import Counter, Play, TurnIn
from tests.conftest import playout

SPEC = spynb.get_spec("target")


@pytest.mark.parametrize("seats", [4, 6, 9])
def test_a_determinised_target_state_keeps_every_public_fact_and_deals_the_rest(seats: int) -> None:
    rng = random.Random(seats)
    checked, stages = 0, set()
    for state, seat, _action in playout(SPEC, "standard", seats, seed=seats, turn_limit=25):
        if seat is None or rng.random() > 0.2:
            continue
        view = state.view(seat)
        imagined = SPEC.determinise(view, random.Random(1))
        assert imagined.validate() == []
        seen = imagined.view(seat)
        assert {k: v for k, v in seen.data.items() if k != "events"} == \
            {k: v for k, v in view.data.items() if k != "events"}
        assert imagined.legal_actions(seat) == state.legal_actions(seat)
        truth = imagined.view(None)["affiliations"]
        for shown, colour in view["shown_to_me"].items():  # TG-7: a colour shown is that side or a Double Agent
            assert truth[shown] in (colour, "double-agent")
        other = state.resample_hidden(seat, rng)
        assert SPEC.determinise(other.view(seat), random.Random(1)).view(None) == imagined.view(None)
        checked += 1
        stages.add(view["stage"])
    assert checked >= 10 and {"play", "restore"} <= stages


def test_target_evaluate_is_a_probability_and_certain_at_the_end() -> None:
    bots = {s: make_bot("rules", SPEC, s) for s in range(1, 6)}
    result = play_match(SPEC, bots, seed=2, options={"turn_limit": 300})
    end = result.record.replay().state
    assert result.winners
    for seat in range(1, 6):
        assert SPEC.evaluate(end, seat) == (1.0 if seat in result.winners else 0.0)
    for state, seat, _action in playout(SPEC, "standard", 5, seed=1, turn_limit=6):
        if seat is not None:
            assert 0 < SPEC.evaluate(state, seat) < 1


def _evaluate_from_the_view(state: TargetState, seat: int) -> float:
    """The evaluation as the omniscient view reads (TG-14): progress in deposits, Intel held by the side."""
    truth = state.view(None)
    sides = truth["affiliations"]
    if state.over:
        return 1.0 if seat in truth["winners"] else 0.0 if truth["winners"] else 0.5

    def progress(side: str) -> int:
        if side == "double-agent":
            return sum(c.startswith("dirty") for cards in truth["deposits"].values() for c in cards)
        letters = [c[-1] for c in truth["deposits"][side.upper()]]
        return max(map(letters.count, letters), default=0)

    mine = sides[str(seat)]
    rival = max([progress(side) for side in set(sides.values()) - {mine}], default=0)
    kinds = ("dirty",) if mine == "double-agent" else ("intel", "dirty")
    held = sum(card.split("-")[0] in kinds for s, side in sides.items() if side == mine for card in truth["hands"][s])
    return min(0.95, max(0.05, 0.5 + 0.15 * (progress(mine) - rival) + 0.02 * min(held, 5)))


def test_target_evaluate_reads_the_state_as_the_omniscient_view_does() -> None:
    positions = []
    for seats, seed in ((4, 3), (7, 4), (11, 5)):
        positions += [state.clone() for i, (state, _, _) in enumerate(playout(SPEC, "standard", seats, seed, 40))
                      if i % 11 == 0 and all(state.affiliation[1:])]  # evaluated once sides are dealt
        bots = {s: make_bot("rules", SPEC, seed + s) for s in range(1, seats + 1)}
        positions.append(play_match(SPEC, bots, seed=seed, options={"turn_limit": 300}).record.replay().state)
    values = set()
    for state in positions:
        for seat in range(1, state.seats + 1):
            value = SPEC.evaluate(state, seat)
            assert value == _evaluate_from_the_view(state, seat), (state, seat)
            values.add(value)
    assert len(values) >= 6 and {0.0, 1.0} <= values, values


def _at_operatives(state: TargetState, rng: random.Random, plays: dict[int, str]) -> TargetState:
    for seat, card in plays.items():
        state.apply(Play(card), seat)
    while state.turn.chance:
        state.apply(sample_chance(state, rng))
    return state


def test_the_agent_counters_an_attack_it_can_pay_for() -> None:
    hands = {1: ["firearms", "kevlar", "mole", "french"], 2: ["shot", "mole", "german", "french"]}
    state = TargetState.scenario(4, hands, marker=1)
    state = _at_operatives(state, random.Random(0), {1: "mole", 2: "shot", 3: state.hands[3][0], 4: state.hands[4][0]})
    assert state.turn.seats == (1,) and state.view(1)["stage"] == "operatives"
    choice = make_bot("rules", SPEC, 0).choose(state.view(1), state.legal_actions(1))
    assert isinstance(choice, Counter) and choice.card == "shot"


@pytest.mark.parametrize("side,hq,card", [("cia", "CIA", "intel-b"), ("double-agent", "KGB", "dirty-a")])
def test_the_agent_plays_the_intel_its_side_wants_on_the_hq(side: str, hq: str, card: str) -> None:
    hand = ["intel-b", "dirty-a", "kevlar", "mole"]
    state = TargetState.scenario(4, {1: hand}, affiliations={1: side, 2: "kgb", 3: "cia", 4: "kgb"}, marker=hq,
                                 deposits={"CIA": ["intel-b"]})
    assert make_bot("rules", SPEC, 0).choose(state.view(1), state.legal_actions(1)) == Play(card)


def test_the_agent_never_gives_intel_to_the_rival_hq() -> None:
    state = TargetState.scenario(4, {1: ["intel-a", "bombed", "kevlar", "mole"]}, affiliations={1: "cia"},
                                 marker="KGB")
    assert make_bot("rules", SPEC, 0).choose(state.view(1), state.legal_actions(1)) == Play("bombed")


def test_the_agents_side_wins_more_often_than_random_players_side() -> None:
    """Win rates per seat: a seat wins when its side wins (TG-14), so each bot is judged by its seats' sides.

    Rules and random bots alternate round the table (rotating each game); a side mixes both kinds,
    so the gap measures what the rules bots add to the sides they sit on.
    """
    won, played = {"rules": 0, "random": 0}, {"rules": 0, "random": 0}
    for game in range(60):
        lineup = {seat: ("rules", "random")[(seat + game) % 2] for seat in range(1, 6)}
        bots = {seat: make_bot(name, SPEC, 1000 * game + seat) for seat, name in lineup.items()}
        result = play_match(SPEC, bots, seed=game, options={"turn_limit": 300})
        for seat, name in lineup.items():
            played[name] += 1
            won[name] += seat in result.winners
    rules, rand = (wilson_interval(won[n], played[n]) for n in ("rules", "random"))
    assert rules[0] > rand[1], (won, played)


def test_the_search_bot_plays_legal_target_moves_to_the_end() -> None:
    bots = {seat: ISMCTSBot(SPEC, seat, iterations=6, rollout_depth=4) if seat <= 2 else RandomBot(SPEC, seat)
            for seat in range(1, 5)}
    result = play_match(SPEC, bots, seed=5, options={"turn_limit": 5})
    assert result.turns == 5 or result.winners
    assert result.record.replay().over


def test_the_target_tournament_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from spynb.__main__ import main

    assert main(["tournament", "target", "--bots", "rules,random", "--seats", "5", "--games", "3", "--seed", "1"]) == 0
    assert "--seats 5" in capsys.readouterr().out



def test_the_agent_turns_in_a_set_already_cleared_only_while_restoring_towards_an_advanced_deck() -> None:
    """TG-11 (revised): such a set gives no second token; the agent keeps its cards while it still has to play."""
    training = ("firearms", "martial-arts", "deception")
    agent = make_bot("rules", SPEC, 0)
    fresh = TargetState.scenario(4, {3: [*training, "mole"]})
    assert agent.choose(fresh.view(3), fresh.legal_actions(3)) == TurnIn(training)  # earns the Operative token
    state = TargetState.scenario(4, {3: [*training, "mole"]}, tokens={3: ["operative"]})
    assert TurnIn(training) in state.legal_actions(3)
    assert isinstance(agent.choose(state.view(3), state.legal_actions(3)), Play)
    state = _at_operatives(state, random.Random(0), {3: "mole", **{s: state.hands[s][0] for s in (1, 2, 4)}})
    assert state.stage == "restore" and TurnIn(training) in state.legal_actions(3)
    assert agent.choose(state.view(3), state.legal_actions(3)) == TurnIn(training)  # then draws Operative cards


def _deciding_positions() -> list[TargetState]:
    """Positions where a seat chooses, from seeded random games of three seat counts."""
    return [state.clone() for seats, seed in ((4, 6), (6, 7), (9, 8))
            for i, (state, seat, _) in enumerate(playout(SPEC, "standard", seats, seed, 60))
            if seat is not None and i % 3 == 0]


def test_the_agents_table_read_off_the_state_is_what_its_view_shows() -> None:
    """The rollout policy reads the agent's keys off the state; they hold what the seat's own view holds."""
    shown = 0
    for state in _deciding_positions():
        seat = state.turn.seats[0]
        view = state.view(seat)
        table = target_bots._table(state, seat)
        assert {key: freeze(value) for key, value in table.items() if key != "tokens"} == \
            {key: view[key] for key in table if key != "tokens"}
        assert tuple(table["tokens"][str(seat)]) == view["tokens"][str(seat)]
        shown += bool(table["shown_to_me"])
    assert shown, "no position where Outed had shown the seat a colour"


def test_the_rules_rollout_policy_picks_the_agents_legal_choice_seeded() -> None:
    """``by_the_rules`` plays as the agent would from its own view: a legal action, the same for the same seed."""
    positions = _deciding_positions()
    assert len(positions) >= 100
    for state in positions:
        seat = state.turn.seats[0]
        chosen = target_bots.by_the_rules(state, random.Random(4))
        assert chosen in state.legal_actions(seat)
        assert chosen == target_bots.by_the_rules(state.clone(), random.Random(4))
        assert chosen == make_bot("rules", SPEC, 4).choose(state.view(seat), state.legal_actions(seat))
