"""One test per rulebook sentence (``KL/<Section>.<n>``) and per ruling (``KL-n``).

Names follow the house convention: ``test_`` + the rule id with every run of
non-alphanumeric characters replaced by ``_``.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import spynb
from spynb.engine import IllegalActionError, OptionError
from spynb.kloak import (
    RULES, SPEC, VARIANTS, Big, Claim, Kloak, Pass, Score, Slide, Step, count_layouts, memory_aid, parse,
)
from spynb.kloak.board import LINES, NEIGHBOURS, SMALL_SQUARES
from spynb.kloak.state import CHOOSE, SETUP_ORDER
from tests.conftest import playout

from .helpers import play, position

OPEN_CENTRE = """
[] [] [] [] []
.  .  .  .  .
.  .  O  .  .
.  .  .  .  .
[] [] [] [] []
"""


def refused(state, text: str, seat: int | None = None) -> IllegalActionError:
    """Apply ``text``, expecting a refusal; the state must not change."""
    before = state.view(None)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(parse(text), seat)
    assert state.view(None) == before
    return caught.value


def setups(variant: str, n: int, seats: int | None = None):
    for seed in range(n):
        yield spynb.new_game("kloak", variant=variant, seats=seats, seed=seed).state


def lines_of_three(state) -> list[tuple[str, ...]]:
    return [line for line in LINES if all(sq in state.small for sq in line)
            and len({state.small[sq] for sq in line}) == 1]


# -- Object ------------------------------------------------------------------

def test_KL_Object_1_the_first_to_two_scores_wins() -> None:
    diagram = """
    [] [] [] [] []
    G  .  G  .  G
    .  .  .  .  .
    O  O  .  .  .
    [] [] O  [] []
    """
    first = play(position(diagram), "c1-c2")
    assert first.score_of(1) == 1 and not first.over  # one score is not yet a win (and green can still score, KL-15)
    second = play(position(diagram, scored=[(1, "S", ("a3", "b3", "c3"))]), "c1-c2")
    assert second.over and second.winners == (1,)
    assert second.events[-1].kind == "win"


# -- Setup -------------------------------------------------------------------

def test_KL_Setup_1_two_player_game_set_up_as_shown() -> None:
    state = spynb.new_game("kloak", seed=5).state
    assert sorted(state.big) == sorted(f"{f}{r}" for f in "abcde" for r in (1, 5))
    assert sorted(state.small) == sorted(SMALL_SQUARES)
    assert not state.covered("a2") and all(not state.covered(sq) for sq in state.small)


def test_KL_Setup_2_random_setup_never_has_three_in_a_row_over_thousands_of_setups() -> None:
    first_squares = set()
    for state in setups("standard", 2000):
        assert lines_of_three(state) == [], f"three in a row at setup: {lines_of_three(state)}"
        assert sorted(state.small.values()) == sorted("O" * 5 + "S" * 5 + "G" * 5)
        first_squares.add(tuple(state.small[sq] for sq in SETUP_ORDER))
    assert len(first_squares) > 1950  # random: about 12 repeats expected among 164,316 layouts


# -- Gameplay ----------------------------------------------------------------

def test_KL_Gameplay_1_a_small_piece_steps_one_space_any_direction_to_an_open_space() -> None:
    state = position(OPEN_CENTRE)
    assert set(state.piece_moves("c3")) == {Step("c3", to) for to in NEIGHBOURS["c3"]}
    blocked = position(OPEN_CENTRE.replace(".  .  .  .  .\n.  .  O", ".  .  .  S  .\n.  .  O", 1))
    assert blocked.small["d4"] == "S"
    assert Step("c3", "d4") not in blocked.piece_moves("c3") and len(blocked.piece_moves("c3")) == 7
    assert refused(blocked, "c3-d4").rule_id == "KL-4"


def test_KL_Gameplay_2_small_pieces_may_enter_squares_the_big_pieces_started_on() -> None:
    game = spynb.new_game("kloak", seed=2)
    game.play("B a1xa2")                         # the big piece leaves a1 ...
    game.play("B e5xe4")
    assert "b2-a1" in map(str, game.legal_actions())  # ... and a small piece may step there
    game.play("b2-a1")
    assert game.state.small["a1"] and "a1" not in game.state.big


def test_KL_Gameplay_3_a_big_piece_moves_to_an_open_space_or_onto_a_small_piece() -> None:
    state = position("""
    .  .  .  .  .
    .  [] O  .  .
    .  .  [] [] .
    .  .  .  .  .
    .  .  .  .  .
    """)
    moves = set(state.piece_moves("c3"))
    assert Big("c3", "c2") in moves and Kloak("c3", "c4") in moves
    assert not any(a.to in ("b4", "d3") for a in moves)  # never onto another big piece
    assert refused(state, "B c3-d3").rule_id == "KL-5"


def test_KL_Gameplay_4_players_can_move_any_big_piece() -> None:
    def big_moves(state) -> set:
        return {a for a in state.legal_actions() if isinstance(a, (Big, Kloak, Slide))}

    assert big_moves(position(OPEN_CENTRE, current=1)) == big_moves(position(OPEN_CENTRE, current=2)) != set()
    state = play(position(OPEN_CENTRE), "B c1-c2")      # seat 1 moves a big piece ...
    assert Big("c2", "c1") in state.legal_actions(2)     # ... and seat 2 may move the same one


def test_KL_Gameplay_5_kloaking_places_the_big_piece_over_the_small_piece() -> None:
    state = play(position("""
    .  .  .  .  .
    .  .  .  .  .
    .  [] S  .  .
    .  .  .  .  .
    .  .  .  .  .
    """), "B b3xc3")
    assert state.covered("c3") and state.small["c3"] == "S" and "b3" not in state.big
    assert state.view(2)["small"]["c3"] == "?"
    assert state.piece_moves("c3") == tuple(a for a in state.legal_actions() if getattr(a, "frm", "") == "c3")
    assert not any(isinstance(a, Step) and a.frm == "c3" for a in state.legal_actions())


KLOAKING = """
.  .  .  .  .
.  .  .  .  .
.  G  [O] .  G
.  .  O  .  .
.  .  .  .  .
"""


def test_KL_Gameplay_6_a_kloaking_big_piece_has_three_choices() -> None:
    state = position("""
    .  .  .  .  .
    .  [] [] [] .
    .  G  [O] .  G
    .  [] O  [] .
    .  .  .  .  .
    """)  # KLOAKING with every neighbour of c3 but d3 filled by a big piece
    moves = state.piece_moves("c3")
    assert {type(a) for a in moves} == {Big, Kloak, Slide}
    assert set(moves) == {Big("c3", "d3"), Slide("c3", "d3"), Kloak("c3", "b3"), Kloak("c3", "c2")}


def test_KL_Gameplay_7_lift_the_big_piece_alone_to_an_adjacent_open_space() -> None:
    state = play(position(KLOAKING), "B c3-d3")
    assert "d3" in state.big and "d3" not in state.small
    assert state.uncovered_small("c3") and state.small["c3"] == "O"
    assert state.events[-1].get("revealed") == "O"  # everyone now sees it


def test_KL_Gameplay_8_lift_the_big_piece_onto_another_adjacent_small_piece() -> None:
    state = play(position(KLOAKING), "B c3xb3")
    assert state.covered("b3") and state.uncovered_small("c3")
    assert state.small == {"b3": "G", "c3": "O", "e3": "G", "c2": "O"}
    assert refused(position(KLOAKING), "B c3xd3").rule_id == "KL-5"  # d3 holds no small piece


def test_KL_Gameplay_9_slide_the_big_piece_with_its_small_piece_to_an_open_space() -> None:
    state = play(position(KLOAKING), "B c3=d3")
    assert state.covered("d3") and state.small["d3"] == "O" and "c3" not in state.small and "c3" not in state.big
    assert refused(position(KLOAKING), "B c3=b3").rule_id == "KL/Gameplay.9"  # not open
    not_kloaking = position(OPEN_CENTRE)
    assert refused(not_kloaking, "B c1=c2").rule_id == "KL/Gameplay.9"


def test_KL_Gameplay_10_a_slide_is_a_full_turn_with_no_lifting_or_claim() -> None:
    state = position("""
    .  .  .  .  .
    .  .  .  .  .
    O  O  .  .  .
    .  .  [O] .  .
    .  .  .  .  .
    """)
    play(state, "B c2=c3")                       # the slide makes a hidden line a3 b3 c3 ...
    assert state.turn.seats == (2,) and state.legal_actions(1) == ()
    assert state.scored == [] and state.phase != CHOOSE  # ... which neither scores nor can be claimed now
    assert refused(state, "claim a3 b3 c3", 1).rule_id == "ENG-1"


# -- 2 Ways to Score ------------------------------------------------------------

LINE_BY_MOVE = """
[] [] [] [] []
G  .  G  .  G
.  .  .  .  .
S  S  .  .  .
[] [] S  [] []
"""
"""``c1-c2`` scores sky blue; the greens keep a second score possible, so the game goes on (KL-15)."""


def test_KL_2_Ways_to_Score_1_moving_a_small_piece_to_make_three_in_a_row_scores() -> None:
    state = play(position(LINE_BY_MOVE), "c1-c2")
    assert state.scored == [(1, "S", ("a2", "b2", "c2"))]
    blocked = play(position(LINE_BY_MOVE.replace("S  S  .", "S  G  .")), "c1-c2")
    assert blocked.scored == []


@pytest.mark.parametrize("lifted", [1, 2, 3])
def test_KL_2_Ways_to_Score_2_lift_1_2_or_3_big_pieces_to_unkloak_a_line(lifted: int) -> None:
    cells = ["[G]" if i < lifted else "G" for i in range(3)]
    state = position(f"""
    .  .  .  .  .
    .  .  .  .  .
    {' '.join(cells)} .  .
    .  .  .  .  .
    O  .  O  .  O
    """)
    assert Claim("a3", "b3", "c3") in state.legal_actions()
    play(state, "claim a3 b3 c3")
    assert state.scored == [(1, "G", ("a3", "b3", "c3"))]
    assert state.events[-2].get("lifted") == ["a3", "b3", "c3"][:lifted]


def test_KL_2_Ways_to_Score_3_scored_pieces_leave_the_board_and_go_to_the_scorer() -> None:
    state = play(position(LINE_BY_MOVE), "c1-c2")
    assert not {"a2", "b2", "c2"} & set(state.small)
    assert state.view(2).to_dict()["scores"]["1"] == [{"colour": "S", "squares": ["a2", "b2", "c2"]}]
    assert sorted(state.big) == sorted(position(LINE_BY_MOVE).big)


def test_KL_2_Ways_to_Score_4_scoring_ends_the_turn() -> None:
    state = play(position(LINE_BY_MOVE), "c1-c2")
    assert state.turn.seats == (2,) and state.turn_number == 2


# -- Unkloaking on Your Turn ----------------------------------------------------

CLAIMS = """
G  .  G  .  G
.  .  .  .  .
O  [O] [O] .  .
S  [G] O  .  .
[] .  .  .  .
"""
"""``claim a3 b3 c3`` is right, ``claim a2 b2 c2`` wrong; the greens keep a second score possible (KL-15)."""


def test_KL_Unkloaking_on_Your_Turn_1_a_player_may_lift_any_big_pieces_believed_to_kloak_a_line() -> None:
    state = position(CLAIMS)
    claims = {a for a in state.legal_actions() if isinstance(a, Claim)}
    assert Claim("a3", "b3", "c3") in claims        # right
    assert Claim("a2", "b2", "c2") in claims        # wrong, but the player may believe it
    assert Claim("a3", "b2", "c1") not in claims    # c1 is empty
    assert Claim("a2", "a3", "a4") not in claims    # a4 is empty


def test_KL_Unkloaking_on_Your_Turn_2_everyone_sees_the_unkloaked_pieces() -> None:
    state = play(position(CLAIMS), "claim a2 b2 c2")
    claim = next(e for e in state.events if e.kind == "claim")
    assert claim.seen_by is None and claim.get("colours") == ["S", "G", "O"]
    for seat in (1, 2):
        seen = [e for e in state.view(seat)["events"] if e["kind"] == "claim"]
        assert seen and list(seen[0]["colours"]) == ["S", "G", "O"]
        assert memory_aid(state.view(seat))["b2"] == "G"


def test_KL_Unkloaking_on_Your_Turn_3_a_correct_claim_scores() -> None:
    state = play(position(CLAIMS), "claim a3 b3 c3")
    assert state.scored == [(1, "O", ("a3", "b3", "c3"))] and state.score_of(1) == 1


def test_KL_Unkloaking_on_Your_Turn_4_the_scored_pieces_are_taken_off_the_board() -> None:
    state = play(position(CLAIMS), "claim a3 b3 c3")
    assert not {"a3", "b3", "c3"} & set(state.small)
    assert state.view(None).to_dict()["scores"]["1"][0]["squares"] == ["a3", "b3", "c3"]


def test_KL_Unkloaking_on_Your_Turn_5_after_a_correct_claim_lifted_big_pieces_go_back() -> None:
    before = position(CLAIMS).big
    state = play(position(CLAIMS), "claim a3 b3 c3")
    assert state.big == before and "b3" in state.big and "b3" not in state.small


def test_KL_Unkloaking_on_Your_Turn_6_a_correct_claim_ends_the_turn() -> None:
    state = play(position(CLAIMS), "claim a3 b3 c3")
    assert state.turn.seats == (2,) and state.extra == 0


def test_KL_Unkloaking_on_Your_Turn_7_after_a_wrong_claim_big_pieces_go_back_over_their_pieces() -> None:
    start = position(CLAIMS)
    state = play(position(CLAIMS), "claim a2 b2 c2")
    assert state.big == start.big and state.small == start.small and state.covered("b2")
    assert state.view(1)["small"]["b2"] == "?"


def test_KL_Unkloaking_on_Your_Turn_8_a_wrong_claim_gives_the_opponent_two_turns_in_a_row() -> None:
    state = play(position(CLAIMS), "claim a2 b2 c2")
    assert state.turn.seats == (2,)
    play(state, "B a1-b1")
    assert state.turn.seats == (2,)              # the second turn in a row
    play(state, "B b1-a1")
    assert state.turn.seats == (1,)              # and only two


def test_KL_Unkloaking_on_Your_Turn_9_touch_move_a_touched_piece_lists_only_its_moves() -> None:
    state = position(KLOAKING)
    touched = state.piece_moves("c3")
    assert touched and all(a.frm == "c3" for a in touched) and set(touched) <= set(state.legal_actions())
    assert state.piece_moves("e5") == ()       # nothing there: touching commits to nothing
    boxed = position("""
    .  .  .  .  .
    .  .  .  .  .
    .  .  .  .  .
    O  S  .  .  .
    [] G  .  .  .
    """)
    assert boxed.piece_moves("a1") == (Kloak("a1", "a2"), Kloak("a1", "b1"), Kloak("a1", "b2"))
    assert "touch" in RULES["KL-14"].text.lower()


def test_KL_Unkloaking_on_Your_Turn_10_unkloaking_counts_as_a_turn() -> None:
    for claim in ("claim a3 b3 c3", "claim a2 b2 c2"):
        state = play(position(CLAIMS), claim)
        assert state.turn_number == 2 and state.turn.seats == (2,)


# -- Simpler Game, 3-Player Game, 4-Player Game -------------------------------

def test_KL_Simpler_Game_1_remove_four_big_pieces() -> None:
    state = spynb.new_game("kloak", variant="simpler", seed=1).state
    assert len(state.big) == 6 and not {"a1", "e1", "a5", "e5"} & state.big


def test_KL_Simpler_Game_2_small_pieces_placed_randomly_without_three_in_a_row() -> None:
    layouts = set()
    for state in setups("simpler", 300):
        assert lines_of_three(state) == [] and sorted(state.small) == sorted(SMALL_SQUARES)
        layouts.add(tuple(sorted(state.small.items())))
    assert len(layouts) == 300


def test_KL_Simpler_Game_3_all_other_two_player_rules_apply() -> None:
    assert SPEC.allowed_seats("simpler") == (2,)
    game = spynb.new_game("kloak", variant="simpler", seed=3)
    legal = set(map(str, game.legal_actions()))
    assert {"a2-a1", "b2-a1", "e2-e1", "d4-e5"} <= legal   # the open corners take small moves
    assert "B b1xa2" in legal and "pass" not in legal


def test_KL_3_Player_Game_1_the_board_is_set_up_as_for_two_players() -> None:
    state = spynb.new_game("kloak", variant="three-player", seats=3, seed=1).state
    assert state.big == set(VARIANTS["standard"].big_squares) and state.seats == 3


def test_KL_3_Player_Game_2_small_pieces_placed_randomly_without_three_in_a_row() -> None:
    for state in setups("three-player", 200, seats=3):
        assert lines_of_three(state) == []


def test_KL_3_Player_Game_3_two_player_rules_apply_with_three_seats_in_turn() -> None:
    state = position(CLAIMS, variant="three-player", seats=3, current=3)
    play(state, "claim a2 b2 c2")                   # seat 3 is wrong ...
    assert state.turn.seats == (1,)
    play(state, "B a1-b1", "B b1-a1")              # ... so seat 1 plays twice
    assert state.turn.seats == (2,)
    play(state, "B a1-b1")
    assert state.turn.seats == (3,)


def test_KL_4_Player_Game_1_the_board_is_set_up_as_in_the_three_player_game() -> None:
    four = spynb.new_game("kloak", variant="four-player", seats=4, seed=1).state
    assert four.big == set(VARIANTS["three-player"].big_squares) and lines_of_three(four) == []


def test_KL_4_Player_Game_2_teams_of_two_pool_their_scores() -> None:
    state = position(LINE_BY_MOVE, variant="four-player", seats=4, current=3,
                     scored=[(1, "G", ("a3", "b3", "c3"))])
    assert state.score_of(3) == 1 and state.score_of(2) == 0
    play(state, "c1-c2")
    assert state.over and state.winners == (1, 3)


def test_KL_4_Player_Game_3_partners_sit_opposite_so_turns_alternate_between_teams() -> None:
    game = spynb.new_game("kloak", variant="four-player", seats=4, seed=8)
    assert game.state.teams == ((1, 3), (2, 4))
    movers = []
    rng = random.Random(0)
    for _ in range(8):
        movers.append(game.turn.seats[0])
        game.play(rng.choice([a for a in game.legal_actions() if not isinstance(a, Claim)]))
    teams = [game.state.team_of(s) for s in movers]
    assert all(a != b for a, b in zip(teams, teams[1:])) and movers[:4] == [1, 2, 3, 4]


# -- Rulings -------------------------------------------------------------------

def test_KL_1_board_five_by_five_ten_big_fifteen_small_and_the_four_colour_set() -> None:
    state = spynb.new_game("kloak", seed=0).state
    assert len(NEIGHBOURS) == 25 and sorted(NEIGHBOURS)[0] == "a1" and sorted(NEIGHBOURS)[-1] == "e5"
    assert len(state.big) == 10 and len(state.small) == 15
    assert sorted(state.small.values()) == sorted("OOOOOSSSSSGGGGG")
    four = spynb.new_game("kloak", variant="four-colours", seed=0).state
    assert sorted(four.small.values()) == sorted("OOOOSSSSGGGGPPP") and lines_of_three(four) == []
    assert RULES["KL-1"].is_ruling and "4/4/4/3" in RULES["KL-1"].text


def _setup_probability(seed: int, variant: str = "standard") -> tuple[Fraction, object]:
    game = spynb.new_game("kloak", variant=variant, seed=seed, auto_chance=False)
    rng = random.Random(seed)
    probability = Fraction(1)
    while game.state.turn.chance:
        outcomes = game.state.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        action, p = rng.choice(outcomes)
        probability *= p
        game.play(action)
    return probability, game.state


@pytest.mark.parametrize("variant, counts", [("standard", (5, 5, 5)), ("four-colours", (4, 4, 4, 3))])
def test_KL_2_every_valid_layout_has_the_same_exact_chance(variant: str, counts: tuple) -> None:
    n = count_layouts(counts=counts)
    for seed in range(25):
        probability, state = _setup_probability(seed, variant)
        assert probability == Fraction(1, n), "the setup must be uniform over valid layouts, as rejection is"
        assert lines_of_three(state) == []


def test_KL_2_setup_matches_rejection_sampling_square_by_square() -> None:
    """P(first square's colour) from the chance point equals the share of valid layouts with that colour."""
    state = SPEC.new_state()
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert outcomes == {"place a2 O": Fraction(1, 3), "place a2 S": Fraction(1, 3), "place a2 G": Fraction(1, 3)}
    state.apply(parse("place a2 O"))
    state.apply(parse("place a3 O"))
    assert "place a4 O" not in {str(a) for a, _ in state.chance_outcomes()}  # would make a file of three


def test_KL_3_a_move_is_one_step_in_any_of_eight_directions() -> None:
    assert (len(NEIGHBOURS["a1"]), len(NEIGHBOURS["c1"]), len(NEIGHBOURS["c3"])) == (3, 5, 8)
    state = position(OPEN_CENTRE)
    error = refused(state, "c3-c5")
    assert error.rule_id == "KL-3" and "adjacent" in error.reason
    assert refused(state, "B a1-a3").rule_id == "KL-3"


def test_KL_4_small_pieces_step_to_open_squares_and_never_move_while_kloaked() -> None:
    state = position(KLOAKING)
    error = refused(state, "c3-d3")
    assert error.rule_id == "KL-4" and "kloaked" in error.reason
    assert refused(state, "c2-c3").rule_id == "KL-4"            # occupied
    assert refused(state, "a1-a2").rule_id == "KL-4"            # no piece there
    assert Step("c2", "d2") in state.legal_actions()


def test_KL_5_big_piece_moves_and_the_three_choices_of_a_kloaking_one() -> None:
    state = position(KLOAKING)
    error = refused(state, "B c3-b3")
    assert error.rule_id == "KL-5" and "B c3xb3" in error.reason
    assert refused(state, "B b3-b4").rule_id == "KL-5"           # no big piece on b3
    assert {type(a) for a in state.piece_moves("c3")} == {Big, Kloak, Slide}
    crowded = position(KLOAKING.replace("[O] .", "[O] []"))
    assert "d3" in crowded.big
    assert refused(crowded, "B c3xd3").rule_id == "KL-5"         # big pieces do not stack
    assert refused(crowded, "B c3=d3").rule_id == "KL-5"
    assert Slide("c3", "d3") not in crowded.legal_actions() and Slide("c3", "d4") in crowded.legal_actions()


DOUBLE_LINE = """
.  .  .  .  .
O  .  .  .  .
.  O  .  .  .
O  O  .  O  .
.  .  O  .  .
"""


def test_KL_6_the_mover_chooses_which_three_score_when_several_lines_qualify() -> None:
    state = play(position(DOUBLE_LINE), "c1-c2")
    assert state.phase == CHOOSE and state.turn.seats == (1,)
    # a2 b2 c2 d2 is four long: only threes through the moved piece are offered
    assert state.legal_actions() == (Score("a2", "b2", "c2"), Score("a4", "b3", "c2"), Score("b2", "c2", "d2"))
    error = refused(state, "c2-c3")
    assert error.rule_id == "KL-6" and "score a2 b2 c2" in error.reason
    play(state, "score a4 b3 c2")
    assert state.scored == [(1, "O", ("a4", "b3", "c2"))] and set(state.small) == {"a2", "b2", "d2"}
    assert state.turn.seats == (2,)


def test_KL_6_lines_uncovered_by_lifting_score_only_when_a_later_small_move_completes_one() -> None:
    state = position("""
    .  .  .  .  .
    .  .  .  .  .
    .  .  .  .  .
    O  O  [O] .  .
    .  .  .  O  []
    """)
    play(state, "B c2-c1")                          # lifting reveals a2 b2 c2: no score
    assert state.scored == [] and state.turn.seats == (2,)
    assert Score("a2", "b2", "c2") not in state.legal_actions()
    play(state, "B e1-e2")                          # the opponent moves elsewhere: still none
    assert state.scored == []
    play(state, "d1-d2")                           # a small move makes b2 c2 d2 through d2
    assert state.scored == [(1, "O", ("b2", "c2", "d2"))] and state.small == {"a2": "O"}
    assert refused(position(DOUBLE_LINE), "score a2 b2 c2").rule_id == "KL-6"


def test_KL_7_a_claim_names_a_line_of_small_pieces_with_at_least_one_kloaked() -> None:
    state = position(CLAIMS)
    visible = position(CLAIMS.replace("[O] [O]", "O   O  "))
    error = refused(visible, "claim a3 b3 c3")
    assert error.rule_id == "KL-7" and "under a big piece" in error.reason
    assert refused(state, "claim a3 b3 d3").rule_id == "KL-7"   # not a line
    assert refused(state, "claim a3 b2 c1").rule_id == "KL-7"   # c1 is empty
    assert parse("claim c3 a3 b3") == Claim("a3", "b3", "c3")
    play(state, "claim c3 b3 a3")
    assert state.scored[0][2] == ("a3", "b3", "c3")


def _turn_order(state, n: int) -> list[int]:
    """Who moves on each of the next ``n`` turns (each turn shuffles the a1 big piece back and forth)."""
    turns = []
    for _ in range(n):
        turns.append(state.turn.seats[0])
        play(state, "B a1-b1" if "a1" in state.big else "B b1-a1")
    return turns


def test_KL_8_the_next_player_takes_exactly_two_turns_after_a_wrong_claim() -> None:
    state = play(position(CLAIMS), "claim a2 b2 c2")
    assert [e.kind for e in state.events[-2:]] == ["claim", "penalty"]
    assert _turn_order(state, 5) == [2, 2, 1, 2, 1]
    assert "an extra turn it still had (from an earlier penalty) is lost" in RULES["KL-8"].text


def test_KL_8_a_wrong_claim_ends_the_claimers_turns_and_loses_its_extra_turn() -> None:
    state = play(position(CLAIMS), "claim a2 b2 c2")    # seat 1 wrong: seat 2 has two turns
    assert state.turn.seats == (2,) and state.extra == 1
    play(state, "claim a2 b2 c2")                        # seat 2, on its first of two, is wrong too
    assert state.turn.seats == (1,) and state.extra == 1  # its second turn is lost; seat 1 takes two
    assert _turn_order(state, 4) == [1, 1, 2, 1]


@pytest.mark.parametrize(("variant", "seats", "order"), [
    ("three-player", 3, [2, 2, 3, 1, 2]),
    ("four-player", 4, [2, 2, 3, 4, 1]),
])
def test_KL_8_with_more_seats_the_next_in_turn_order_takes_two_turns(variant: str, seats: int,
                                                                       order: list[int]) -> None:
    state = play(position(CLAIMS, variant=variant, seats=seats), "claim a2 b2 c2")
    assert _turn_order(state, 5) == order


@pytest.mark.parametrize(("variant", "seats"), [("standard", 2), ("three-player", 3), ("four-player", 4)])
def test_KL_8_a_wrong_claim_on_an_extra_turn_passes_two_turns_on(variant: str, seats: int) -> None:
    state = play(position(CLAIMS, variant=variant, seats=seats), "claim a2 b2 c2", "claim a2 b2 c2")
    after = 3 % seats or seats                               # seat 2's next in turn order
    assert (state.turn.seats, state.extra) == ((after,), 1)
    if seats == 4:                                           # KL-12: the penalty goes to the other team
        assert state.team_of(after) != state.team_of(2)
    play(state, "B a1-b1")
    assert state.turn.seats == (after,) and state.extra == 0


def test_KL_9_pass_only_when_no_piece_can_move_and_a_turn_limit_draws() -> None:
    full_of_small = position("\n".join(["O S G O S"] * 5))
    assert full_of_small.legal_actions() == (Pass(),)
    all_kloaked = position("\n".join(["[O] [S] [G] [O] [S]"] * 5))
    legal = all_kloaked.legal_actions()
    assert Pass() in legal and all(isinstance(a, (Pass, Claim)) for a in legal) and len(legal) > 1
    play(all_kloaked, "pass")
    assert all_kloaked.turn.seats == (2,)
    error = refused(position(OPEN_CENTRE), "pass")
    assert error.rule_id == "KL-9"
    limited = spynb.new_game("kloak", seed=1, options={"turn_limit": 2})
    limited.play("B a1xa2")
    limited.play("B a5xa4")
    assert limited.over and limited.winners == () and "draw" in str(limited.state)


def test_KL_10_the_simpler_game_removes_the_four_corner_big_pieces() -> None:
    assert set(VARIANTS["standard"].big_squares) - set(VARIANTS["simpler"].big_squares) == {"a1", "e1", "a5", "e5"}
    state = spynb.new_game("kloak", variant="simpler", seed=9).state
    assert state.is_open("a1") and state.is_open("e5") and len(state.big) == 6


def test_KL_11_three_players_use_the_two_player_layout_in_turn_order() -> None:
    assert SPEC.allowed_seats("three-player") == (3,) and SPEC.allowed_seats("standard") == (2,)
    with pytest.raises(spynb.SpynbError):
        SPEC.new_state("standard", 3)
    game = spynb.new_game("kloak", variant="three-player", seats=3, seed=2)
    assert game.state.big == set(VARIANTS["standard"].big_squares) and game.state.teams == ((1,), (2,), (3,))
    seen = []
    for _ in range(6):
        seen.append(game.turn.seats[0])
        game.play(next(a for a in game.legal_actions() if not isinstance(a, Claim)))
    assert seen == [1, 2, 3, 1, 2, 3]


def test_KL_12_four_players_play_in_teams_whose_scores_are_pooled() -> None:
    state = position(CLAIMS, variant="four-player", seats=4, current=2, scored=[(4, "S", ("a5", "b5", "c5"))])
    play(state, "claim a3 b3 c3")
    assert state.over and state.winners == (2, 4)
    view = state.view(1).to_dict()
    assert view["teams"] == [[1, 3], [2, 4]] and view["team_scores"] == [0, 2] and view["winners"] == [2, 4]
    wrong = position(CLAIMS, variant="four-player", seats=4, current=4)
    play(wrong, "claim a2 b2 c2")                   # the penalty goes to the next seat: the other team
    assert wrong.turn.seats == (1,) and wrong.extra == 1


def test_KL_13_views_hide_kloaked_colours_and_a_memory_aid_follows_them() -> None:
    spec = spynb.get_spec("kloak")
    checked = 0
    for seed in range(6):
        variant = ("standard", "four-player", "four-colours")[seed % 3]
        seats = 4 if variant == "four-player" else 2
        for state, _seat, _action in playout(spec, variant, seats, seed, turn_limit=60):
            truth = state.view(None)["small"]
            for seat in range(1, seats + 1):
                view = state.view(seat)
                assert {sq for sq, c in view["small"].items() if c == "?"} == set(state.covered_squares())
                assert {sq: c for sq, c in view["small"].items() if c != "?"} == {
                    sq: c for sq, c in truth.items() if sq not in state.big}
                assert memory_aid(view) == truth      # a perfect memory knows every colour
                checked += 1
            assert "?" not in truth.values()
    assert checked > 500


def test_KL_14_touch_move_lives_in_the_boards_and_the_engine_lists_a_touched_pieces_moves() -> None:
    game = spynb.new_game("kloak", seed=6)
    for square in ("a1", "c1", "b2", "c3"):
        moves = game.state.piece_moves(square)
        assert set(moves) == {a for a in game.legal_actions() if getattr(a, "frm", None) == square}
    assert game.state.piece_moves("c3") == ()       # a small piece hemmed in: touching it commits to nothing
    assert RULES["KL-14"].section == "KL/Unkloaking on Your Turn"


# -- KL-15: a dead position is a draw --------------------------------------------
LAST_GREEN = """
[]  []  []  []  []
O   S   .   .   .
O   S   G   G   .
G   G   .   G   .
[]  []  []  []  []
"""
"""Two orange, two sky blue and five green pieces: seat 3 to move, ``d2-e3`` scores green (c3 d3 e3)."""
SCORED_ORANGE, SCORED_SKY_BLUE = (1, "O", ("a5", "b5", "c5")), (2, "S", ("c4", "d4", "e4"))


def test_KL_15_three_seats_with_one_score_each_and_too_few_pieces_draw_at_once() -> None:
    state = position(LAST_GREEN, variant="three-player", seats=3, current=3, scored=[SCORED_ORANGE, SCORED_SKY_BLUE])
    play(state, "d2-e3")
    assert [state.score_of(seat) for seat in (1, 2, 3)] == [1, 1, 1] and state.scores_left() == 0
    assert state.over and state.winners == () and state.legal_actions() == ()
    dead = state.events[-1]
    assert (dead.kind, dead.rule) == ("dead", "KL-15")
    assert dead.text == "No seat can reach 2 scores any more: a draw (dead position)."
    assert RULES["KL-15"].section == "KL/Object"


def test_KL_15_a_position_one_score_short_of_dead_goes_on() -> None:
    state = position(LAST_GREEN, variant="three-player", seats=3, current=3, scored=[SCORED_ORANGE])
    state.set_board({**state.small, "e5": "S"}, state.big - {"e5"})  # the third sky blue: still a score to make
    play(state, "d2-e3")
    assert [state.score_of(seat) for seat in (1, 2, 3)] == [1, 0, 1] and state.scores_left() == 1
    assert not state.over and state.turn.seats == (1,) and "dead" not in [e.kind for e in state.events]


@pytest.mark.parametrize(("variant", "seats", "scored", "diagram", "dead"), [
    # covered pieces are on the board: three covered greens can still be claimed
    ("standard", 2, [SCORED_ORANGE], "[G] [G] [G] [] []\n" + ".  .  .  .  .\n" * 3 + "[] [] [] [] []", False),
    ("standard", 2, [SCORED_ORANGE], "[G] [G] [] [] []\n" + ".  .  .  .  .\n" * 3 + "[] [] [] [] []", True),
    # KL-12: partners pool their scores, so one team with one score and one score left can still win
    ("four-player", 4, [(3, "O", ("a5", "b5", "c5"))], "[G] G G [] []\n" + ".  .  .  .  .\n" * 3 + "[] [] [] [] []",
     False),
    ("four-player", 4, [(1, "O", ("a5", "b5", "c5")), (2, "S", ("a4", "b4", "c4"))],
     "[] [] [] [] []\n" + ".  .  .  .  .\n" * 3 + "[] [] [] [] []", True),
    # the 4/4/4/3 set: 1-1-1 with a colour of three left is alive
    ("four-colours", 3, [(1, "O", ("a5", "b5", "c5")), (2, "S", ("a4", "b4", "c4")), (3, "G", ("a3", "b3", "c3"))],
     "P P P . .\n" + ".  .  .  .  .\n" * 4, False),
])
def test_KL_15_the_bound_counts_covered_pieces_and_pooled_team_scores(variant: str, seats: int, scored: list,
                                                                      diagram: str, dead: bool) -> None:
    assert position(diagram, variant=variant, seats=seats, scored=scored).dead() is dead


def test_KL_15_a_colour_set_that_leaves_no_two_scores_is_refused_at_the_door() -> None:
    """Every such set has six colours or more, whose exact layout count (KL-2) is over the bound of option
    ``colours``; a dead position reached by ``set_board`` is a draw at once (below)."""
    colours = {"O": 5, "S": 2, "G": 2, "P": 2, "Y": 2, "U": 2}  # 5 // 3 = one score in all: nobody reaches two
    with pytest.raises(OptionError, match="option 'colours' has too many colours"):
        spynb.new_game("kloak", seed=3, options={"colours": colours})


@pytest.mark.parametrize(("variant", "seats"), [(variant, seats) for variant in VARIANTS
                                                 for seats in SPEC.allowed_seats(variant)])
def test_KL_15_every_seeded_random_game_ends_without_a_turn_limit(variant: str, seats: int) -> None:
    draws = 0
    for seed in range(50):
        game, rng = spynb.new_game("kloak", variant=variant, seats=seats, seed=seed), random.Random(seed)
        for _ in range(50_000):
            if game.over:
                break
            game.play(rng.choice(game.legal_actions()))
        assert game.over, f"seed {seed} did not end"
        if not game.winners:  # only KL-15 ends a game without a winner here
            draws += 1
            state = game.state
            assert state.events[-1].kind == "dead" and state.dead() and state.validate() == []
            assert [state.score_of(team[0]) for team in state.teams] == [1] * seats, f"seed {seed}"
    assert (draws > 0) is ((variant, seats) == ("three-player", 3))



def test_KL_15_a_dead_position_set_up_by_set_board_is_a_draw_at_once() -> None:
    state = position(LAST_GREEN, scored=[SCORED_ORANGE])
    assert not state.dead() and not state.over
    state.set_board({"a5": "G", "b5": "G"}, {"a5", "b5", "c5"})  # two covered greens: no second score (KL-15)
    assert state.over and state.winners == () and state.legal_actions() == ()
    assert [(e.kind, e.rule) for e in state.events[-1:]] == [("dead", "KL-15")]


def test_KL_15_a_live_board_set_by_hand_plays_on() -> None:
    state = position(LAST_GREEN, scored=[SCORED_ORANGE])
    state.set_board({**state.small, "a5": "G"}, state.big)  # a sixth green: still a score to make
    assert not state.over and state.turn.seats == (1,)


@pytest.mark.parametrize("seed", range(20))
def test_KL_15_no_action_of_a_random_game_leaves_a_dead_position_in_play(seed: int) -> None:
    game, rng = spynb.new_game("kloak", variant="three-player", seats=3, seed=seed), random.Random(seed)
    while not game.over:
        game.play(rng.choice(game.legal_actions()))
        assert not (game.state.phase in ("play", "choose") and game.state.dead()), game.record().to_json()
