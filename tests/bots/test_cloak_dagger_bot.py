"""The Cloak & Dagger rules bot plays purposefully: it gathers documents beside its agent and wins (CD-8)."""

from __future__ import annotations

import dataclasses
import random

import pytest

import spynb
from spynb.bots import make_bot, play_match
from tests.cloak_dagger.scenarios import play, started

SPEC = spynb.get_spec("cloak-dagger")
TURN_LIMIT = 1000
"""Far above the longest all-rules game seen in 100 seeded games per seat count (82 turns at 2 seats, 333 at 6)."""


def _bot_move(game: spynb.Game, seat: int) -> str:
    action = make_bot("rules", SPEC, seat).choose(game.view(seat), game.legal_actions(seat))
    game.play(action, seat)
    return str(action)


@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_all_rules_games_end_with_a_winner(seats: int) -> None:
    for seed in range(5):
        bots = {seat: make_bot("rules", SPEC, 10 * seed + seat) for seat in range(1, seats + 1)}
        result = play_match(SPEC, bots, seed=seed, options={"turn_limit": TURN_LIMIT})
        assert len(result.winners) == 1 and result.turns < TURN_LIMIT, (seats, seed, result.turns)
        final = result.record.replay().state
        assert final.wins_with(result.winners[0], final.envelopes[final.selected])


def _plans_and_report_in_4() -> spynb.Game:
    """Seat 1 has gathered d, X and Y in envelope 4 and placed Z in 5; its dagger D is still in 11."""
    game = play(started(2), "3", "draw X", "12", "pass", "4", "draw Y", "12", "pass", "11", "take d", "12", "pass",
                "3", "12", "pass", "3", "take d+X", "12", "pass", "4", "12", "pass", "5", "draw Z", "12", "pass")
    assert game.view(None)["envelopes"]["4"] == "dXY" and game.turn.seats == (1,)
    return game


def test_CD_8_the_bot_sends_its_other_agent_for_the_missing_document_and_wins() -> None:
    game = _plans_and_report_in_4()
    moves = []
    while not game.over:
        moves.append(_bot_move(game, 1))
        if not game.over and game.turn.seats == (2,):
            play(game, "12", "pass")
    assert game.winners == (1,)
    assert moves == ["11", "take D", "5", "5", "take D+Z", "4"]  # fetch Z with the dagger, finish into 4: a win


def test_CD_8_the_bot_replaces_an_envelope_it_finds_winning() -> None:
    game = play(started(2), "3", "draw X", "4", "draw Y", "5", "draw Z", "6", "draw a", "11", "take d", "6",
                "take a", "5", "3", "5", "take d+Z", "3", "take a+X", "4", "4")  # seat 2 brings X to d, Y, Z unseen
    assert game.view(None)["envelopes"]["4"] == "adXYZ" and game.turn.seats == (1,)
    play(game, "4")
    assert _bot_move(game, 1) == "pass" and game.winners == (1,)


def test_CD_7_the_bot_tracks_a_hazard_while_a_rival_carries_cards() -> None:
    game = play(started(2), "1", "draw K", "12", "take e", "1")
    assert game.view(1)["hand_sizes"]["2"] == 1
    assert _bot_move(game, 1) == "track K"
    quiet = play(started(2), "1", "draw K", "12", "pass", "1")
    assert _bot_move(quiet, 1) == "pass"  # nobody carries anything: nothing to learn


def test_CD_6_a_double_agent_carries_a_missing_document_home() -> None:
    game = play(started(2), "3", "draw X", "12", "pass", "11", "take d", "5", "draw a", "3", "6", "draw Y",
                "12", "pass", "5", "take a", "12", "pass", "6", "6")  # seat 2 left the pistol beside Y in 6
    assert game.view(None)["envelopes"]["6"] == "aY" and game.view(None)["envelopes"]["3"] == "dX"
    assert _bot_move(game, 1) == "take a+Y"
    play(game, "12", "pass")
    assert _bot_move(game, 1) == "3" and game.view(None)["envelopes"]["3"] == "adXY"


def test_CD_8_a_rollout_takes_a_win_by_finishing_into_the_envelope_it_completes() -> None:
    from spynb.cloak_dagger.bot import take_a_win
    from spynb.cloak_dagger.actions import Open

    game = _plans_and_report_in_4()
    play(game, "11", "take D", "12", "pass", "5", "12", "pass", "5", "take D+Z", "12", "pass")
    assert game.view(1)["hand"] == "DZ" and game.turn.seats == (1,)
    assert take_a_win(game.state, random.Random(0)) == Open(4)
    play(game, "12")  # seat 1 finishes elsewhere; seat 2 has no win to take: chance decides its rollout move
    assert take_a_win(game.state, random.Random(0)) is None


def test_CD_8_a_rollout_selects_a_winning_envelope_and_replaces_it_untouched() -> None:
    from spynb.cloak_dagger.bot import take_a_win
    from spynb.cloak_dagger.actions import Open, Pass

    game = play(started(2), "3", "draw X", "4", "draw Y", "5", "draw Z", "6", "draw a", "11", "take d", "6",
                "take a", "5", "3", "5", "take d+Z", "3", "take a+X", "4", "4")
    assert take_a_win(game.state, random.Random(0)) == Open(4)
    play(game, "4")
    assert take_a_win(game.state, random.Random(0)) == Pass()


def test_the_search_scores_a_rivals_documents_against_a_seat() -> None:
    game = _plans_and_report_in_4()  # seat 1: d, X and Y together in envelope 4; seat 2: nothing yet
    evaluate = SPEC.evaluate
    assert evaluate is not None
    mine, theirs = evaluate(game.state, 1), evaluate(game.state, 2)
    assert mine > 0.5 > theirs and mine + theirs == pytest.approx(1)


class _ImaginedDeal:
    """A deal as the bot reads one: only its envelopes (1–20)."""

    def __init__(self, documents: dict[int, str]) -> None:
        self.envelopes = [documents.get(e, "") for e in range(21)]


def test_the_collector_explores_where_its_imagined_deals_put_a_missing_document(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With nothing known of any document, the collector with imagined deals opens the envelope most of them fill with
    a missing document; the rules bot (no imagined deals) never imagines one."""
    from spynb.cloak_dagger import bot as cloak_dagger
    from spynb.cloak_dagger.bot import CollectorBot

    imagined: list[_ImaginedDeal] = []

    def imagine(view: spynb.View, rng: random.Random) -> _ImaginedDeal:
        assert view.seat == 1  # the bot imagines from its own view
        imagined.append(_ImaginedDeal({17: "X", 5: "K"} if len(imagined) % 2 else {17: "Y", 3: "Z"}))
        return imagined[-1]

    monkeypatch.setattr(cloak_dagger, "determinise", imagine)
    game = started(2)  # seat 1 to select: its agents in 11, nothing else seen
    view, legal = game.view(1), game.legal_actions(1)
    assert str(CollectorBot(SPEC, 4, imagined_deals=2).choose(view, legal)) == "17"  # in both deals
    assert len(imagined) == 2
    CollectorBot(SPEC, 4).choose(view, legal)
    assert len(imagined) == 2


def test_CD_10_imagined_deals_keep_the_freshest_notes_when_notes_disagree() -> None:
    """Notes go stale: a card seen in one envelope may since have moved to another.  Imagining the deal, the
    envelope open now keeps what it holds, and otherwise the note seen last wins."""
    from spynb.cloak_dagger.determinise import determinise
    from spynb.engine.core import freeze

    game = play(started(2), "5", "draw X", "12", "pass", "5")  # seat 1 placed X in 5 and opens 5 again
    view = game.view(1)
    assert view["opened"] == {"envelope": 5, "contents": "X"}
    stale = {1: 1, 2: 1, 4: 3}  # envelope -> the turn it was noted holding an X: four X noted, three exist
    notes = [{**note, "letters": "X", "seen_turn": stale[note["envelope"]], "complete": True}
             if note["envelope"] in stale else note for note in view["notes"]]
    doctored = dataclasses.replace(view, data=freeze({**view.data, "notes": notes}))
    for seed in range(5):
        envelopes = determinise(doctored, random.Random(seed)).envelopes
        # the open envelope, then the freshest note (seat 2's first finish, unseen, may lie beside it)
        assert envelopes[5] == "X" and "X" in envelopes[4]
        assert ("X" in envelopes[1]) + ("X" in envelopes[2]) == 1
