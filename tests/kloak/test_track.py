"""The KLOAK teaching track (lite/tracks.json): its parts, what they teach, and the facts its walkthroughs rest on."""

from __future__ import annotations

import random
import re

import pytest

import spynb
from spynb.scenarios import StepKind, load

from tests.track_notebooks import REPO, cells, markdown, track, track_parts

from taught import taught_where, teachable  # noqa: E402  (tests.track_notebooks puts lite/ on the path)

TRACK = track("kloak")
PARTS = track_parts("kloak")


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
    """Object and setup first, then moving, scoring, unkloaking, the other games: each rule's first lesson."""
    where = taught_where(REPO / "notebooks", (TRACK,))
    order = ["KL/Object", "KL/Setup", "KL/Gameplay", "KL/2 Ways to Score", "KL/Unkloaking on Your Turn",
             "KL/Simpler Game", "KL/3-Player Game", "KL/4-Player Game"]
    first = [PARTS.index(where[rid][0].notebook) for rid in order]
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
