"""The KLOAK teaching track (lite/tracks.json): a guided first game, then parts that follow the rulebook; what they
teach, and the facts its walkthroughs rest on."""

from __future__ import annotations

import random
import re

import pytest

import spynb
from spynb.kloak import parse
from spynb.scenarios import StepKind, load

from tests.track_notebooks import REPO, cells, markdown, track, track_parts, walkthrough_names

from taught import taught_where, teachable  # noqa: E402  (tests.track_notebooks puts lite/ on the path)

TRACK = track("kloak")
PARTS = track_parts("kloak")
FIRST_GAME, DEEPER = PARTS[0], PARTS[1:]
"""The guided first game (which meets the rules in play order), then the parts that follow the rulebook."""


def test_the_track_is_every_kloak_notebook_in_order_with_the_game_last() -> None:
    files = sorted(p.relative_to(REPO / "notebooks").as_posix() for p in (REPO / "notebooks" / "kloak").glob("*.ipynb"))
    assert PARTS == files and 4 <= len(PARTS) <= 7
    assert PARTS[-1] == "kloak/06-play.ipynb" and "KloakBoard" in "".join(cells(PARTS[-1], "code"))


@pytest.mark.parametrize("notebook", PARTS)
def test_each_part_opens_with_its_goal(notebook: str) -> None:
    first = cells(notebook, "markdown")[0]
    assert re.search(r"\*\*Your goal\b", first), first[:200]


def test_the_game_notebook_restates_the_object_beside_the_board_against_the_rule_of_thumb_bot() -> None:
    text = markdown(PARTS[-1])
    assert "score twice" in text and "KL/Object" in text
    assert 'players=["human", "rules"]' in "".join(cells(PARTS[-1], "code"))


def test_every_kloak_section_and_ruling_is_taught_in_the_kloak_track() -> None:
    where = taught_where(REPO / "notebooks", (TRACK,))
    assert [rid for rid in teachable()["kloak"] if not where[rid]] == []


def test_the_walkthroughs_follow_the_rulebook_order() -> None:
    """After the guided first game (which meets the rules in play order): object and setup first, then moving,
    scoring, unkloaking, the other games: each rule's first lesson among the deeper parts."""
    assert FIRST_GAME == "kloak/00-first-game.ipynb" and DEEPER[0] == "kloak/01-start-here.ipynb"
    where = taught_where(REPO / "notebooks", (TRACK,))
    order = ["KL/Object", "KL/Setup", "KL/Gameplay", "KL/2 Ways to Score", "KL/Unkloaking on Your Turn",
             "KL/Simpler Game", "KL/3-Player Game", "KL/4-Player Game"]
    first = [DEEPER.index(next(lesson.notebook for lesson in where[rid] if lesson.notebook in DEEPER))
             for rid in order]
    assert first == sorted(first)


def test_the_notebooks_give_the_big_pieces_to_no_one() -> None:
    """KL-1: big pieces belong to no one."""
    for notebook in PARTS:
        for text in cells(notebook, "markdown"):
            assert not re.search(r"\byour (big|side)\b", text, re.IGNORECASE), text


def claim_lifts(name: str) -> list[int]:
    """How many big pieces each correct claim of a walkthrough lifts (its scripted way through)."""
    tour = load(name)
    events = tour.game_at(len(tour.steps)).view(None)["events"]
    return [len(e["lifted"]) for e in events if e["kind"] == "claim" and e["correct"]]


def test_correct_claims_lift_one_two_and_three_big_pieces() -> None:
    """KL/2 Ways to Score.2: lift up 1, 2 or 3 big pieces."""
    assert [claim_lifts(n) for n in ("kloak-unkloaking", "kloak-claim-two", "kloak-memory")] == [[1], [2], [3]]


def test_the_memory_exercise_hides_the_claimed_colours_from_the_learner() -> None:
    """KL-13: the learner's seat sees only question marks on the three squares it must claim from memory."""
    tour = load("kloak-memory")
    at = next(i for i, s in enumerate(tour.steps) if s.kind is StepKind.YOUR_TURN)
    view = tour.game_at(at).view(tour.seat)
    assert tour.seat is not None and [view["small"][sq] for sq in ("c1", "d2", "e3")] == ["?", "?", "?"]
    assert [tour.game_at(at).view(None)["small"][sq] for sq in ("c1", "d2", "e3")] == ["S", "S", "S"]


def test_the_wrong_claim_walkthrough_shows_both_penalties_turn_by_turn() -> None:
    """KL-8: after a wrong claim the other seat moves twice; a wrong claim in a first of two turns loses the second."""
    tour = load("kloak-wrong-claim")
    movers = [entry.split(":")[0] for entry in tour.entries()]
    assert movers == ["1", "2", "1", "2", "2", "1", "2", "1", "2", "2"]
    claims = [i for i, entry in enumerate(tour.entries()) if "claim" in entry]
    assert [tour.entries()[i][0] for i in claims] == ["1", "2", "1"]
    assert claims[2] == claims[1] + 1  # the learner's claim is the first of the two turns seat 2's claim gave


def test_the_setup_walkthrough_asks_about_a_layout_the_setup_forbids() -> None:
    """KL/Setup.2: the question's computed answer is no, and chance indeed never deals that piece."""
    tour = load("kloak-setup")
    at = next(i for i, s in enumerate(tour.steps) if s.kind is StepKind.QUESTION)
    game = tour.game_at(at)
    assert tour.steps[at].question.right(game, tour.seat) == [False]
    assert "place a4 O" not in [str(a) for a, _ in game.state.chance_weights()]


def test_passing_is_never_legal_in_seeded_games() -> None:
    """KL-9 as the wrong-claim walkthrough explains it: a big piece can nearly always move, so passing is rare."""
    rng = random.Random(5)
    for seed in range(20):
        game = spynb.new_game("kloak", seed=seed)
        for _ in range(60):
            seat = game.turn.seats[0] if game.turn.seats else None
            if seat is None:
                break
            legal = game.state.legal_actions(seat)
            assert "pass" not in map(str, legal)
            game.play(rng.choice(legal), seat)


def test_the_narration_names_colours_with_their_article() -> None:
    """The setup's log reads "an orange small piece", never "a orange"."""
    game = spynb.new_game("kloak", seed=1)
    texts = [e.text for e in game.state.events]
    assert any("an orange small piece" in t for t in texts) and not any("a orange" in t for t in texts)


def test_the_memory_exercise_says_how_many_moves_it_plays() -> None:
    """The goal and the notebook beside it count the moves the walkthrough plays before the claim."""
    tour = load("kloak-memory")
    claim = next(i for i, s in enumerate(tour.steps) if s.kind is StepKind.YOUR_TURN)
    words = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
    said = [re.search(r"Watch (\w+) moves", text) for text in (tour.goal, markdown("kloak/04-unkloaking.ipynb"))]
    assert [words[m.group(1)] if m else None for m in said] == [tour.moves_before(claim)] * 2


def first_game():
    """The guided first game, as the track's first part plays it."""
    (name,) = walkthrough_names([FIRST_GAME])
    return load(name)


def learners_events(tour, answers: dict[int, str] | None = None) -> list[dict]:
    """The learner's own events on one way through the guided game, in order."""
    final = tour.record(answers).replay()
    return [e for e in final.view(None)["events"] if e["actor"] == tour.seat]


def test_the_first_game_has_every_core_move_and_wins_by_a_claim_on_every_way_through() -> None:
    """Issue 32: two players, the learner seat 1; a kloak, a small move and a big move to an open square, a score
    by a small move, then a correct claim that lifts a piece the learner covered and is the second, winning score."""
    tour = first_game()
    assert tour.seats == 2 and tour.seat == 1 and not tour.setup
    for answers in tour.paths():
        events = learners_events(tour, answers)
        kinds = [e["kind"] for e in events]
        assert {"kloak", "step", "big"} <= set(kinds), answers
        scores = [e for e in events if e["kind"] == "score"]
        assert [e["how"] for e in scores] == ["made", "unkloaked"] and scores[-1]["total"] == 2, answers
        claim = next(e for e in events if e["kind"] == "claim")
        covered_by_learner = {e["to"] for e in events if e["kind"] == "kloak"}
        assert claim["correct"] and set(claim["lifted"]) & covered_by_learner, answers
        assert kinds[-1] == "win", answers


def accepted(tour, i: int, answers: dict[int, str] | None = None) -> list[str]:
    """The moves step ``i`` (a your-turn step) accepts on the way ``answers`` chooses."""
    step = tour.steps[i]
    return [str(a) for a in tour.game_at(i, answers).legal_actions(step.expect.seat) if step.expect.accepts(str(a))]


def test_the_first_game_asks_for_safe_moves_and_each_one_it_accepts_is_safe() -> None:
    """The decisions: steps accepting several moves, and every move a step accepts leaves seat 2 no score, as the
    praise says; every move a step's 'why' calls a chance for seat 2 gives seat 2 a score (a move or a claim)."""
    tour = first_game()
    decisions = [i for i, s in enumerate(tour.steps) if s.expect is not None and len(accepted(tour, i)) >= 3]
    assert len(decisions) >= 2
    for i, step in enumerate(tour.steps):
        if step.expect is None or step.expect.accept == ("claim a2 b3 c4",):
            continue
        for move in accepted(tour, i):
            after = tour.game_at(i + 1, {i: f"1: {move}"})
            if "score" not in [e["kind"] for e in after.view(None)["events"][-2:]]:
                assert after.state.scoring_actions() == [], (i, move)
        for move, why in step.expect.why.items():
            if "seat 2 could" in why:
                after = tour.game_at(i).state.clone()
                after.apply(parse(move), 1)
                assert after.scoring_actions(), (i, move)


def test_every_mix_of_the_first_games_choices_still_ends_in_the_learners_win() -> None:
    """The learner may take a different accepted move at every decision, not only at one: each mix of the moves
    the board allows replays to the learner's win, and each accepted move leaves seat 2 no score."""
    tour = first_game()
    decisions = [i for i, s in enumerate(tour.steps) if s.expect is not None and len(accepted(tour, i)) > 1]
    mixes = [{}]
    for i in decisions:
        mixes = [{**mix, i: f"1: {move}"} for mix in mixes for move in accepted(tour, i, mix)]
    assert len(mixes) > 20
    for mix in mixes:
        final = tour.record(mix).replay()
        assert final.state.winners == (1,), mix
        for i in decisions:
            assert tour.game_at(i + 1, mix).state.scoring_actions() == [], (i, mix)


def endings(name: str) -> list:
    """The final game of every way through a walkthrough (the scripted one and each accepted move in its place)."""
    tour = load(name)
    return [tour.record(answers).replay() for answers in tour.paths()]


def test_the_scoring_part_wins_a_game_with_a_line_of_four_whose_three_the_learner_chooses() -> None:
    """Issue 32: a won game, and a line of four (KL-6: the mover chooses which three); KL-9: two scores win."""
    assert "kloak-winning" in walkthrough_names(["kloak/03-scoring.ipynb"])
    tour = load("kloak-winning")
    choose = next(i for i, s in enumerate(tour.steps) if s.rule == "KL-9")
    before = tour.game_at(choose).view(tour.seat)
    assert before["phase"] == "choose" and len(before["candidates"]) == 2
    for final in endings("kloak-winning"):
        assert final.state.winners == (1,)
        *_, score, win = final.view(None)["events"]
        assert (score["kind"], score["how"], win["kind"]) == ("score", "chose", "win")


def test_the_three_player_part_ends_in_a_dead_position_by_the_learners_own_score() -> None:
    """KL-15: the learner's score leaves each seat one score and no colour three pieces: a draw at once."""
    assert "kloak-dead-position" in walkthrough_names(["kloak/05-other-games.ipynb"])
    for final in endings("kloak-dead-position"):
        *_, score, dead = final.view(None)["events"]
        assert (score["kind"], score["actor"], dead["kind"]) == ("score", 1, "dead")
        assert final.over and final.state.winners == () and final.view(None)["team_scores"] == (1, 1, 1)


def test_the_team_game_moves_another_seats_big_piece_and_wins_by_the_pooled_second_score() -> None:
    """KL-1: the learner moves the big piece seat 2 moved last; KL-12: partners win together."""
    tour = load("kloak-teams")
    move = next(i for i, s in enumerate(tour.steps) if s.rule == "KL-1")
    last = [e for e in tour.game_at(move).view(None)["events"] if e["kind"] in ("kloak", "lift", "slide", "big")][-1]
    assert last["actor"] == 2 and all(m.startswith(f"B {last['to']}") for m in accepted(tour, move))
    for final in endings("kloak-teams"):
        assert final.state.winners == (1, 3)
