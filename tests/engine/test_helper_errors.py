"""Helper APIs refuse bad input with a typed error and a plain message (issue 33, item 8)."""

from __future__ import annotations

import random

import pytest

import spynb
from spynb.engine import SpynbError


@pytest.mark.parametrize("name", spynb.game_names())
def test_determinise_refuses_the_omniscient_view_and_another_game_s_view(name: str) -> None:
    spec = spynb.get_spec(name)
    assert spec.determinise is not None
    game = spynb.new_game(name, seed=0)
    with pytest.raises(SpynbError, match="omniscient"):
        spec.determinise(game.view(None), random.Random(0))
    other = next(n for n in spynb.game_names() if n != name)
    with pytest.raises(SpynbError, match=f"a view of {other!r}, not of {name!r}"):
        spec.determinise(spynb.new_game(other, seed=0).view(1), random.Random(0))


@pytest.mark.parametrize("games", [-1, 0, "2", 2.0, True])
def test_a_tournament_or_soak_of_no_games_or_a_non_number_is_refused(games: object) -> None:
    from spynb.bots.tournament import tournament
    from spynb.soak import soak

    with pytest.raises(SpynbError, match="games must be a whole number"):
        tournament("kloak", ["random"], games=games)  # type: ignore[arg-type]
    with pytest.raises(SpynbError, match="games must be a whole number"):
        soak("kloak", games=games)  # type: ignore[arg-type]


@pytest.mark.parametrize("argv", [
    ["tournament", "kloak", "--bots", "random", "--games", "-3"],
    ["tournament", "kloak", "--bots", "random", "--games", "x"],
    ["soak", "kloak", "--games", "-1"],
    ["soak", "kloak", "--games", "0"],
    ["soak", "kloak", "--horizon", "-5"],
    ["soak", "kloak", "--turn-limit", "0"],
])
def test_the_command_line_answers_a_bad_count_with_usage_and_status_2(argv: list[str],
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from spynb.__main__ import main

    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "Traceback" not in err
