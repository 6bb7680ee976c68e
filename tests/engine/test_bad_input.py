"""Bad input: a typed error naming the problem, and nothing changed — notation, records, games, actions, options."""

from __future__ import annotations

import json

import pytest

import spynb
from spynb.cloak_dagger.actions import Open, Take
from spynb.engine import ActionError, NotationError, OptionError, RecordError, SpynbError
from spynb.kloak.actions import Claim, Step
from spynb.target.actions import Counter, Reveal, TurnIn

GAMES = [("cloak-dagger", 3), ("kloak", 2), ("target", 5)]
NOT_ASCII_DIGITS = ["²", "١", "７", "𝟕"]


def _unchanged(game: spynb.Game) -> tuple[object, object]:
    return game.view(None), game.record()


# -- notation ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("digit", NOT_ASCII_DIGITS)
def test_an_envelope_number_in_other_digits_is_a_notation_error_quoting_it(digit: str) -> None:
    game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    before = _unchanged(game)
    with pytest.raises(NotationError, match="digits 0-9") as caught:
        game.play(digit)
    assert caught.value.text == digit and repr(digit) in str(caught.value)
    assert _unchanged(game) == before


def test_a_five_thousand_digit_number_is_a_notation_error_quoting_its_start() -> None:
    text = "7" * 5000
    for parse in (spynb.get_spec("cloak-dagger").parse, lambda t: spynb.get_spec("target").parse(f"reveal {t}")):
        with pytest.raises(NotationError, match="5000 digits") as caught:
            parse(text)
        quoted = caught.value.text
        assert text in quoted and f"cannot read {quoted[:80]!r}… ({len(quoted)} characters)" in str(caught.value)


@pytest.mark.parametrize("digit", NOT_ASCII_DIGITS)
def test_a_seat_in_other_digits_is_a_notation_error_in_the_target_and_in_records(digit: str) -> None:
    with pytest.raises(NotationError, match="not a seat number"):
        spynb.get_spec("target").parse(f"reveal {digit}")
    game = spynb.new_game("kloak", seed=1)
    record = json.loads(game.record().to_json())
    record["actions"] = [f"{digit}: B a1xa2"]
    with pytest.raises(RecordError, match=r"actions\[0\].*not a seat number"):
        spynb.load_record(json.dumps(record))


@pytest.mark.parametrize("square", ["a٣", "b３", "c𝟐"])
def test_a_kloak_square_in_other_digits_is_a_notation_error(square: str) -> None:
    with pytest.raises(NotationError):
        spynb.get_spec("kloak").parse(f"{square}-a4")


# -- records -----------------------------------------------------------------------------------------------------

def test_deeply_nested_json_is_a_record_error_saying_where() -> None:
    with pytest.raises(RecordError) as caught:
        spynb.load_record("[" * 100_000)
    assert caught.value.where == "line 1 column 33" and "nested" in caught.value.problem
    nested_inside = '{\n "game": "kloak",\n "options": ' + "[" * 40 + "]" * 40 + "}"
    with pytest.raises(RecordError, match="line 3 column 44"):  # the object is the first level, 31 "[" more
        spynb.load_record(nested_inside)


def test_brackets_inside_strings_are_not_nesting() -> None:
    game = spynb.new_game("kloak", seed=1)
    record = json.loads(game.record().to_json())
    record["variant"] = "[" * 100 + '\\"{'
    with pytest.raises(RecordError, match="has no variant"):
        spynb.load_record(json.dumps(record))


@pytest.mark.parametrize("text", [None, 7, b"{}", ["{}"]])
def test_a_record_that_is_not_text_is_a_record_error(text: object) -> None:
    with pytest.raises(RecordError, match="must be JSON text"):
        spynb.load_record(text)  # type: ignore[arg-type]


def test_a_seed_with_more_digits_than_python_reads_is_a_record_error() -> None:
    text = '{"game": "kloak", "variant": "standard", "seats": 2, "seed": ' + "9" * 5000 + ', "actions": []}'
    with pytest.raises(RecordError, match="not readable JSON"):
        spynb.load_record(text)


@pytest.mark.parametrize("value", ["false", 0, 1, None, "true"])
def test_auto_chance_in_a_record_must_be_true_or_false(value: object) -> None:
    record = json.loads(spynb.new_game("kloak", seed=1).record().to_json())
    record["auto_chance"] = value
    with pytest.raises(RecordError) as caught:
        spynb.load_record(json.dumps(record))
    assert caught.value.where == "field 'auto_chance'"
    record["auto_chance"] = False
    assert spynb.load_record(json.dumps(record)).auto_chance is False


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_a_record_with_a_bad_option_is_a_record_error_naming_it(name: str, seats: int) -> None:
    record = json.loads(spynb.new_game(name, seats=seats, seed=1).record().to_json())
    record["options"] = {"turn_limit": "x"}
    with pytest.raises(RecordError, match="option 'turn_limit'") as caught:
        spynb.load_record(json.dumps(record))
    assert caught.value.where == "the record's header"


# -- making a game -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", [None, 7, ["kloak"]])
def test_a_game_name_that_is_not_a_str_is_a_clear_error(name: object) -> None:
    with pytest.raises(SpynbError, match="a game's name is a str"):
        spynb.new_game(name)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "seats"), GAMES)
@pytest.mark.parametrize("kind", [float, str, bool])
def test_a_seat_count_that_is_not_an_int_is_a_clear_error(name: str, seats: int, kind: type) -> None:
    with pytest.raises(SpynbError, match=f"not {kind(seats)!r}"):
        spynb.new_game(name, seats=kind(seats))


@pytest.mark.parametrize("seed", ["x", 1.5, True, None])
def test_a_seed_that_is_not_an_int_is_a_clear_error(seed: object) -> None:
    with pytest.raises(SpynbError, match="seed must be a whole number"):
        spynb.new_game("kloak", seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("step", ["1", 1.0, True, None])
def test_at_takes_a_whole_step_number(step: object) -> None:
    game = spynb.new_game("kloak", seed=1)
    game.play(game.legal_actions()[0])
    before = _unchanged(game)
    with pytest.raises(SpynbError, match="a step must be a whole number"):
        game.at(step)  # type: ignore[arg-type]
    assert _unchanged(game) == before
    assert game.at(1).view(None) == game.view(None)


# -- actions -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("make", "field"), [
    (lambda: Open(7.0), "envelope"), (lambda: Open(True), "envelope"), (lambda: Open("7"), "envelope"),
    (lambda: Take(1), "shown"), (lambda: Step("a2", 3), "to"), (lambda: Claim("a2", "b2", None), "c"),
    (lambda: Reveal("3"), "seat"), (lambda: Reveal(True), "seat"), (lambda: TurnIn(["kevlar"] * 3), "cards"),
    (lambda: Counter("shot", (("hand", 1), ("pile", "kevlar"))), "pay"),
])
def test_an_action_made_with_a_field_of_the_wrong_type_is_refused(make, field: str) -> None:
    with pytest.raises(ActionError, match=rf"\({field}=\.\.\.\) must be") as caught:
        make()
    assert caught.value.field == field


def test_a_wrongly_typed_action_never_reaches_the_record() -> None:
    game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    before = _unchanged(game)
    with pytest.raises(ActionError):
        game.play(Open(True))
    assert _unchanged(game) == before
    game.play(Open(1))
    assert spynb.load_record(game.record().to_json()).view(None) == game.view(None)


# -- options -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "seats"), GAMES)
@pytest.mark.parametrize("limit", ["x", 0, -3, 2.5, True, [10]])
def test_a_turn_limit_of_the_wrong_type_or_range_is_refused_when_the_game_is_made(name: str, seats: int,
                                                                                   limit: object) -> None:
    with pytest.raises(OptionError, match="option 'turn_limit' must be a whole number") as caught:
        spynb.new_game(name, seats=seats, options={"turn_limit": limit})
    assert caught.value.name == "turn_limit" and caught.value.value == limit


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_a_good_turn_limit_ends_the_game_and_replays_from_the_record(name: str, seats: int) -> None:
    game = spynb.new_game(name, seats=seats, seed=2, options={"turn_limit": 1})
    while not game.over:
        game.play(game.legal_actions(game.turn.seats[0])[0], game.turn.seats[0])
    assert game.winners == () or game.over
    assert spynb.load_record(game.record().to_json()).view(None) == game.view(None)


@pytest.mark.parametrize(("options", "problem"), [
    ({"colours": {"O": 5, "S": 5, "G": 4}}, "add up to 15"),
    ({"colours": {"O": 15}}, "no layout without three in a row"),
    ({"colours": {"X": 15}}, "colour letters"),
    ({"colours": {"O": 5, "S": 5, "G": 5.0}}, "positive whole count"),
    ({"colours": "OSG"}, "must map colour letters"),
    ({"big_squares": ["a1", "a1"]}, "each square once"),
    ({"big_squares": ["c3"]}, "none in ranks 2-4"),
    ({"big_squares": "a1"}, "must list squares"),
    ({"big_squares": [1]}, "must list squares"),
])
def test_kloak_options_are_checked_when_the_game_is_made(options: dict, problem: str) -> None:
    with pytest.raises(OptionError, match=problem):
        spynb.new_game("kloak", options=options)


def test_options_must_be_a_mapping() -> None:
    with pytest.raises(SpynbError, match="options must be a mapping"):
        spynb.new_game("kloak", options=[("turn_limit", 5)])  # type: ignore[arg-type]
