"""The command line: rules, replay, and errors as one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

import spynb
from spynb.__main__ import main


def test_rules_lists_every_rule_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "kloak"]) == 0
    out = capsys.readouterr().out
    assert all(rule.id in out for rule in spynb.get_spec("kloak").rules)


def test_replay_prints_the_final_position_as_a_seat_knows_it(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    for move in ("7", "3", "7", "take d"):
        game.play(move)
    record = tmp_path / "game.json"
    record.write_text(game.record().to_json())
    assert main(["replay", str(record), "--seat", "2"]) == 0
    assert capsys.readouterr().out.strip() == game.state.text(2)


def test_a_malformed_record_is_one_line_saying_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "bad.json"
    record.write_text('{"game": "cloak-dagger", "variant": "standard", "seats": 2, "seed": 1, "actions": ["1: 99"]}')
    assert main(["replay", str(record)]) == 2
    assert "actions[0]" in capsys.readouterr().err


def test_soak_prints_games_actions_and_the_no_leak_tally(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["soak", "kloak", "--games", "2", "--seed", "3", "--every", "20"]) == 0
    out = capsys.readouterr().out
    assert "kloak: 2 games from seed 3" in out and " 0 violations" in out and "re-deals" in out
    assert "reproduce: python -m spynb soak kloak --games 2 --seed 3 --every 20" in out


def test_soak_exits_non_zero_and_says_how_to_reproduce_each_violation(capsys: pytest.CaptureFixture[str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(spynb.get_spec("kloak").new_state()), "validate", lambda self: ["a piece went missing"])
    assert main(["soak", "kloak", "--games", "1", "--seed", "4", "--every", "50", "--show", "1"]) == 1
    out = capsys.readouterr().out
    assert "seed 4, step 0 [invariants]: a piece went missing" in out
    assert "reproduce: python -m spynb soak kloak --games 1 --seed 4 --every 50" in out
    assert "… and " in out


def test_soak_refuses_a_sampling_interval_below_one(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["soak", "all", "--every", "0"])
    assert "--every: must be 1 or more" in capsys.readouterr().err
