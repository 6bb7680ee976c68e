"""Notation, views, text and SVG display, options, and validate() for KLOAK."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

import spynb
from spynb.engine import NotationError, SpynbError
from spynb.kloak import SPEC, Big, Claim, Kloak, Pass, Place, Score, Slide, Step, memory_aid, parse
from spynb.kloak.svg import draw

from tests.conftest import playout, random_step

from .helpers import board_of, play, position


@pytest.mark.parametrize("text, action", [
    ("b2-b3", Step("b2", "b3")), ("B c1-c2", Big("c1", "c2")), ("B c1xc2", Kloak("c1", "c2")),
    ("B c2=c3", Slide("c2", "c3")), ("claim a2 b3 c4", Claim("a2", "b3", "c4")),
    ("score a3 b3 c3", Score("a3", "b3", "c3")), ("pass", Pass()), ("place a2 O", Place("a2", "O")),
])
def test_notation_round_trips(text: str, action: object) -> None:
    assert parse(text) == action and str(action) == text and eval(repr(action)) == action


@pytest.mark.parametrize("text, says", [
    ("b2xb3", "small piece only steps"), ("B f1-f2", "not a square"), ("claim a2 a2 a3", "three different"),
    ("place a2 o", "colour letter"), ("move it", "expected"), ("B c1 c2", "expected"),
])
def test_unreadable_notation_says_why(text: str, says: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert says in str(caught.value) and repr(text) in str(caught.value)


def test_text_board_shows_big_covered_and_empty_squares_by_letters() -> None:
    state = play(position("""
    [] [] [] [] []
    O  S  G  .  .
    .  .  .  .  .
    .  .  .  .  .
    [] [] [] [] []
    """), "B b5xb4")
    assert board_of(state).splitlines()[:2] == [" 5  [ ]  .  [ ] [ ] [ ]", " 4   O  [S]  G   .   ."]
    seat = state.text(1).splitlines()
    assert seat[4] == " 4   O  [?]  G   .   ." and "what seat 1 sees" in seat[0]
    assert state.text(1, memory=True).splitlines()[4] == " 4   O  [?]  G   .   ."  # no history: not remembered
    game = spynb.new_game("kloak", seed=3)
    game.play("B a1xa2")
    colour = game.state.small["a2"]
    assert game.state.text(2).splitlines()[6].startswith(" 2  [?]")
    assert game.state.text(2, memory=True).splitlines()[6].startswith(f" 2  [{colour.lower()}]")
    assert "seat 2 to move" in str(state) and "S sky blue" in str(state)


def test_svg_drawing_is_well_formed_and_labels_every_piece() -> None:
    game = spynb.new_game("kloak", seed=3)
    game.play("B a1xa2")
    for seat in (None, 1):
        svg = draw(game.view(seat))
        root = ET.fromstring(svg)
        titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
        assert sum(": small piece" in t for t in titles) == 14 and sum(t[2:].startswith(": big piece") for t in titles) == 10
        assert ("unknown colour" in svg) == (seat is not None)
    assert ">?<" in draw(game.view(1)) and ">?<" not in draw(game.view(1), memory=True)
    assert game.state._repr_svg_().startswith("<svg")


def test_a_seat_view_has_no_hidden_colour_and_resampling_keeps_it() -> None:
    game = spynb.new_game("kloak", seed=12)
    for move in ("B a1xa2", "B b5xb4", "B b1xb2", "B c5xc4"):
        game.play(move)
    state = game.state
    view = state.view(1)
    assert set(view["covered"]) == {"a2", "b2", "b4", "c4"} and all(view["small"][sq] == "?" for sq in view["covered"])
    assert "?" not in json.dumps(dict(state.view(None).to_dict()["small"]))
    rng = random.Random(0)
    others = [state.resample_hidden(1, rng) for _ in range(20)]
    assert all(o.view(1) == view and o.validate() == [] for o in others)
    assert len({tuple(sorted(o.small.items())) for o in others}) > 1
    assert memory_aid(view) == dict(state.view(None)["small"])


@pytest.mark.parametrize(("variant", "seats"), [("standard", 2), ("three-player", 3), ("four-colours", 4)])
def test_KL_13_a_redeal_keeps_what_claims_and_lifts_showed_and_stays_valid_as_play_goes_on(variant: str,
                                                                                          seats: int) -> None:
    rng = random.Random(7)
    redealt = kept = 0
    for seed in range(6):
        for step, (state, _seat, _action) in enumerate(playout(SPEC, variant, seats, seed, turn_limit=60)):
            if step % 9 or state.phase == "setup":
                continue
            shown = state.revealed_by_moves()
            for seat in range(1, seats + 1):
                other = state.resample_hidden(seat, rng)
                if other is None:
                    continue
                assert other.validate() == [] and other.view(seat) == state.view(seat)
                assert {sq: other.small[sq] for sq in shown} == shown  # a claim or lift showed them (KL-7, KL-5)
                redealt += other.small != state.small
                kept += bool(shown)
                for _ in range(40):  # the re-dealt state plays on as a game of its own
                    if other.over:
                        break
                    other.apply(*reversed(random_step(other, rng)))
                    assert other.validate() == []
    assert redealt > 20 and kept > 5, "the test never re-dealt, or never had a shown colour to keep"


def test_KL_13_validate_catches_a_board_that_contradicts_a_claim() -> None:
    state = play(position("""
    .  .  .  .  .
    .  .  .  .  .
    O  [S] [O] .  .
    G  [G] O  .  .
    [] .  .  .  .
    """), "claim a3 b3 c3")  # wrong: seat 1 showed a3 O, b3 S, c3 O and the pieces go back under
    assert state.revealed_by_moves() == {"b3": "S", "c3": "O"}
    complaint = "the colours on b3 differ from what a claim or lift showed (KL-13)"
    assert complaint not in state.validate()  # (a hand-set position lacks pieces, which it reports too)
    state.set_board({**state.small, "b3": state.small["b2"], "b2": state.small["b3"]}, state.big)
    assert complaint in state.validate()
    assert state.resample_hidden(1, random.Random(0)) is None  # b2 is the only unshown covered piece


def test_options_replace_the_colour_set_and_the_layout() -> None:
    game = spynb.new_game("kloak", seed=1, options={"colours": {"Y": 8, "U": 7}, "big_squares": ["c1", "c5"]})
    assert sorted(game.state.small.values()) == sorted("Y" * 8 + "U" * 7) and game.state.big == {"c1", "c5"}
    assert game.state.validate() == []
    replay = spynb.load_record(game.record().to_json())
    assert replay.view(None) == game.view(None)
    for bad in ({"colours": {"O": 15}}, {"colours": {"O": 5, "S": 5}}, {"colours": {"B": 15}},
                {"big_squares": ["a3"]}, {"big_squares": ["a1", "a1"]}):
        with pytest.raises(SpynbError):
            SPEC.new_state(options=bad)


def test_validate_catches_lost_pieces_returning_pieces_and_stacked_bigs() -> None:
    state = spynb.new_game("kloak", seed=2).state
    assert state.validate() == []
    broken = state.clone()
    broken.set_board({sq: c for sq, c in broken.small.items() if sq != "c3"}, broken.big)
    assert any("conserved" in p for p in broken.validate())
    with pytest.raises(TypeError):
        del state.small["c3"]                           # the pieces change only through the board's owner
    with pytest.raises(AttributeError):
        state.big.add("c3")                             # noqa: B018 (a frozenset: nothing to add with)
    out_of_step = state.clone()
    out_of_step._board._small_bits ^= 1                 # the owner's own bookkeeping gone wrong
    assert any("bit masks" in p for p in out_of_step.validate())
    scored = play(position("""
    [] [] [] [] []
    .  .  .  .  .
    .  .  .  .  .
    S  S  .  .  .
    [] [] S  [] []
    """), "c1-c2")
    full = {**scored.small, **{sq: "O" for sq in ("a3", "b3", "c3", "d3", "e3")},
            **{sq: "G" for sq in ("a4", "b4", "c4", "d4", "e4")}, "d2": "S", "e2": "S"}
    scored.set_board(full, scored.big | {"c1"})
    assert scored.validate() == []
    scored.set_board({**full, "a2": "S"}, scored.big)   # a scored piece comes back
    assert any("conserved" in p for p in scored.validate())
    scored.set_board(full, scored.big - {"a1"})
    assert any("big pieces" in p for p in scored.validate())
