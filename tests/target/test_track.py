"""The Target's teaching track: its notebooks, its walkthroughs, and the facts the notebooks state in prose."""

from __future__ import annotations

from collections import Counter

import pytest

import spynb
from spynb import scenarios
from spynb.prob.target import double_agents
from spynb.scenarios import StepKind
from spynb.target.actions import Play
from spynb.target.state import TargetState

from tests.track_notebooks import REPO, cells, markdown, track, track_parts, walkthrough_names

from taught import taught_where, teachable  # noqa: E402  (tests.track_notebooks puts lite/ on the path)

PARTS = track_parts("target")


TOURS = sorted(walkthrough_names(PARTS))


def test_the_track_opens_with_the_guided_game_then_four_to_six_short_notebooks_the_game_last() -> None:
    """Part 0 is the guided first game (in play order); the deeper lessons after it follow the rulebook."""
    first, *deeper = PARTS
    assert first == "target/00-first-game.ipynb" and walkthrough_names([first]) == ["target-first-game"]
    assert 4 <= len(deeper) <= 6
    assert deeper[-1] == "target/06-play.ipynb" and "TargetBoard(" in "".join(cells(deeper[-1], "code"))
    assert [p.split("/")[1][:2] for p in PARTS] == [f"{i:02d}" for i in range(len(PARTS))]
    assert sorted(p.name for p in (REPO / "notebooks" / "target").glob("*.ipynb")) == [p.split("/")[1] for p in PARTS]


@pytest.mark.parametrize("notebook", PARTS)
def test_every_notebook_opens_with_its_goal(notebook: str) -> None:
    first = cells(notebook, "markdown")[0]
    assert "goal" in first.lower().split("\n\n", 2)[1], first


@pytest.mark.parametrize("notebook", PARTS[:-1])
def test_every_lesson_notebook_shows_a_walkthrough(notebook: str) -> None:
    assert walkthrough_names([notebook])


@pytest.mark.parametrize("name", TOURS)
def test_every_walkthrough_first_tells_the_learner_their_affiliation(name: str) -> None:
    """Who you are: one of the first steps says it, and a claim checks it against the seat's view."""
    tour = scenarios.load(name)
    assert tour.seat is not None
    opening = [step for step in tour.steps[:6] if any(c.query.path == "affiliation" for c in step.claims)
               or (step.question is not None and step.question.answer.path == "affiliation")]
    assert opening, f"{name}: no early step states the learner's affiliation"
    affiliation = tour.game_at(len(tour.steps)).state.view(tour.seat)["affiliation"]
    named = {"cia": "CIA", "kgb": "KGB", "double-agent": "Double Agent"}[affiliation]
    said = " ".join(s.caption + (s.question.explain if s.question else "") for s in opening)
    assert named in said, f"{name}: the affiliation {named} is not named"


def test_the_outed_turn_is_told_from_a_double_agents_seat_and_from_a_cia_seat() -> None:
    double, cia = scenarios.load("target-outed-double"), scenarios.load("target-outed-cia")
    assert (double.seed, double.seats, double.setup) == (cia.seed, cia.seats, cia.setup) and double.seat != cia.seat
    assert Counter(double.entries()) == Counter(cia.entries()), "the same moves (simultaneous plays in any order)"
    ends = [tour.game_at(len(tour.steps)).state for tour in (double, cia)]
    public = ("front", "outed", "face_up", "marker", "turn_number")
    assert [{key: end.view(None)[key] for key in public} for end in ends][0] == \
        {key: ends[1].view(None)[key] for key in public}
    assert ends[0].view(double.seat)["affiliation"] == "double-agent" and ends[1].view(cia.seat)["affiliation"] == "cia"


def test_every_deflect_reverse_and_advance_case_asks_who_the_next_target_is() -> None:
    """TG-5 and TG-10: each case's question is answered from the view's marker or next Target."""
    asked = [step for name in ("target-deflect", "target-reverse", "target-intel") for step in scenarios.load(name).steps
             if step.kind is StepKind.QUESTION and step.question.answer.path in ("next_target", "receiver", "marker")]
    assert len(asked) >= 8


def test_TG_5_a_net_forward_deflect_across_an_hq_makes_the_receiver_the_next_target() -> None:
    tour = scenarios.load("target-deflect")
    at = next(i for i, s in enumerate(tour.steps) if s.question and s.question.answer.path == "next_target")
    state = tour.game_at(at).state
    assert state.view(3)["receiver"] == 3 and state.circle.index("CIA") == state.circle.index(2) + 1
    assert tour.game_at(at).state.view(3)["next_target"] == 3


def test_the_start_here_notebook_leaves_the_double_agent_chances_to_the_probability_exercise() -> None:
    """The seven-player chances of 0, 1 or 2 Double Agents answer target-probability's exercise 1(b): not here."""
    chances = {str(p) for p in double_agents(7).values()}
    notebook = "".join(markdown("target/01-start-here.ipynb")) + "".join(cells("target/01-start-here.ipynb", "code"))
    assert "0, 1 or 2 Double Agents" in notebook and "probability track" in notebook
    assert not any(chance in notebook for chance in chances) and "double_agents" not in notebook


def test_the_game_notebook_tells_seat_1_its_affiliation() -> None:
    game = spynb.new_game("target", seats=4, seed=3)
    assert "seed=3" in "".join(cells(PARTS[-1], "code"))
    assert game.state.view(1)["affiliation"] == "double-agent"
    assert "in this deal you are a Double Agent" in markdown(PARTS[-1])


def test_TG_14_without_double_agents_three_dirty_intel_win_nothing_as_the_notebook_shows() -> None:
    def deposit(affiliations):
        table = TargetState.scenario(4, {1: ["dirty-c"]}, affiliations=affiliations, marker="KGB",
                                     deposits={"KGB": ["dirty-a", "dirty-b"]})
        for seat in (1, 2, 3, 4):
            table.apply(Play("dirty-c") if seat == 1 else table.legal_actions(seat)[0], seat)
        return table

    plain = deposit({1: "cia", 2: "kgb", 3: "cia", 4: "kgb"})
    assert plain.deposits["KGB"] == ["dirty-a", "dirty-b", "dirty-c"] and plain.winners == ()
    assert deposit({1: "cia", 2: "kgb", 3: "double-agent", 4: "kgb"}).winners == (3,)
    assert "**Answer:** nobody" in markdown("target/05-intel-and-winning.ipynb")


def test_the_components_section_names_every_rookie_card_with_its_category() -> None:
    from spynb.target.cards import CATEGORY, describe

    text = markdown("target/01-start-here.ipynb")
    for card, category in CATEGORY.items():
        line = next(line for line in text.splitlines() if describe(card) in line)
        assert category.title() in line, (card, line)


def test_every_target_section_and_ruling_is_taught_in_the_target_track() -> None:
    where = taught_where(REPO / "notebooks", (track("target"),))
    assert [rid for rid in teachable()["target"] if not where[rid]] == []


def test_the_guided_game_plays_a_turns_steps_a_deflect_a_counter_a_clearance_and_a_team_win_for_the_learner() -> None:
    """Issue 32: four players; the learner, CIA or KGB, deflects, counters an attack, turns in a set, and wins with
    the team by the third matching Intel at its HQ, on every way through; no learner move is a bare resolve."""
    tour = scenarios.load("target-first-game")
    assert tour.seats == 4 and tour.seat is not None
    moves = [s for s in tour.steps if s.kind is StepKind.YOUR_TURN]
    assert not [s.do for s in moves if s.do.endswith(": resolve")]
    assert sum(len(s.expect.accept) > 1 or bool(s.expect.match) for s in moves) >= 2, "decisions, not only clicks"
    paths = list(tour.paths())
    assert len(paths) > 1
    for answers in paths:
        final = tour.record(answers).replay().state
        mine = {e.kind for e in final.events if e.actor == tour.seat}
        assert {"counter", "clearance"} <= mine, answers
        kinds = {e.kind for e in final.events[len(tour.record().replay(len(tour.setup)).state.events):]}
        assert {"deflect", "counter", "movement", "take", "deposit", "win"} <= kinds, answers
        assert final.affiliation[tour.seat] in ("cia", "kgb") and final.win_team == final.affiliation[tour.seat]
        letters = [card[-1] for card in final.deposits[final.win_team.upper()]]
        assert max(map(letters.count, letters)) == 3 and tour.seat in final.winners
    assert "play deflect-forward" in [s.do.split(": ", 1)[1] for s in moves]
