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
