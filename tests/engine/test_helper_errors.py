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


@pytest.mark.parametrize("name", spynb.game_names())
def test_resample_hidden_without_a_generator_is_refused(name: str) -> None:
    state = spynb.new_game(name, seed=0).state
    for rng in (None, 7, "seed"):
        with pytest.raises(SpynbError, match="random.Random"):
            state.resample_hidden(1, rng)  # type: ignore[arg-type]


def test_lookup_and_make_bot_refuse_a_name_that_is_not_a_str() -> None:
    from spynb.bots import make_bot
    from spynb.engine import lookup

    with pytest.raises(SpynbError, match="a rule id is a str"):
        lookup(["CD-5"])  # type: ignore[arg-type]
    with pytest.raises(SpynbError, match="a bot's name is a str"):
        make_bot(["rules"], spynb.get_spec("kloak"))  # type: ignore[arg-type]


@pytest.mark.parametrize("bot", ["random", "rules", "ismcts"])
@pytest.mark.parametrize("name", spynb.game_names())
def test_a_bot_asked_to_choose_from_nothing_says_so(name: str, bot: str) -> None:
    from spynb.bots import make_bot

    game = spynb.new_game(name, seed=0)
    with pytest.raises(SpynbError, match="there are none"):
        make_bot(bot, game.spec).choose(game.view(game.turn.seats[0]), [])


HUGE = "x" * 100_000
QUOTED = repr("x" * 80) + "… (100000 characters)"


@pytest.mark.parametrize("call", [
    lambda: spynb.get_spec(HUGE),
    lambda: spynb.new_game("kloak", variant=HUGE),
    lambda: __import__("spynb.engine", fromlist=["lookup"]).lookup(HUGE),
    lambda: __import__("spynb.bots", fromlist=["make_bot"]).make_bot(HUGE, spynb.get_spec("kloak")),
    lambda: spynb.new_game("kloak", options={HUGE: 1}),
    lambda: spynb.new_game("kloak", seed=HUGE),
    lambda: spynb.load_record(spynb.new_game("kloak").record().to_json().replace('"actions": []',
                                                                                   f'"actions": ["1: {HUGE}"]')),
], ids=["get_spec", "variant", "lookup", "make_bot", "option", "seed", "record entry"])
def test_a_message_quotes_at_most_80_characters_of_a_huge_argument(call: object) -> None:
    with pytest.raises(SpynbError) as caught:
        call()  # type: ignore[operator]
    message = str(caught.value)
    assert len(message) < 600 and QUOTED in message, message[:300]
