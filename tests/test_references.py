"""Board facts come from the board (issue 49): walkthrough texts name pieces through references rendered from the
learner's view at their step, a lint refuses a board fact typed by hand, and a reference that would render
differently for another accepted move is refused."""

from __future__ import annotations

import pytest

from spynb import scenarios
from spynb.engine import RecordError, SpynbError
from spynb.scenarios.references import REFERENCE, free_text_facts, misnamed, reference_problems, render


def _raw(name: str) -> dict:
    return scenarios.load(name).to_data()


def _with_step_text(name: str, number: int, key: str, text: str) -> scenarios.Scenario:
    data = _raw(name)
    data["steps"][number - 1] = {**data["steps"][number - 1], key: text}
    return scenarios.from_data(data, name)


@pytest.mark.parametrize("name", scenarios.names())
def test_no_walkthrough_text_types_a_board_fact_by_hand(name: str) -> None:
    assert free_text_facts(scenarios.load(name)) == []


@pytest.mark.parametrize("name", scenarios.names())
def test_every_reference_renders_and_no_text_keeps_braces(name: str) -> None:
    tour = scenarios.load(name)
    for step in tour.steps:
        assert not REFERENCE.search(step.caption), step.caption


def test_the_old_kloak_setup_caption_is_refused_by_the_lint() -> None:
    """The finding: step 13 said "the green piece on d4" where d4 is sky blue."""
    wrong = _with_step_text("kloak-setup", 13, "caption", "Seat 2 will kloak the green piece on d4.")
    problems = free_text_facts(wrong)
    assert len(problems) == 1 and '"green piece on d4"' in problems[0] and "{piece d4}" in problems[0]


def test_a_piece_reference_renders_the_colour_the_learner_sees_at_its_step() -> None:
    tour = scenarios.load("kloak-setup")
    assert "the sky-blue piece on d4" in tour.steps[12].caption  # the finding's step, rendered
    assert "the green piece on c4" in tour.steps[13].expect.praise  # said after the move, from the view after it
    view = tour.game_at(12).view(tour.seat).to_dict()
    assert view["small"]["d4"] == "S" and view["small"]["c4"] == "G"


def test_KL_13_a_covered_piece_renders_as_covered_never_with_its_colour() -> None:
    view = {"small": {"c2": "?"}, "big": ["c2"], "covered": ["c2"]}
    assert render("{piece c2}", "kloak", view) == "the covered piece on c2"
    with pytest.raises(SpynbError, match="covered"):
        render("{colour c2}", "kloak", view)


def test_a_reference_the_view_cannot_back_is_refused_when_the_scenario_loads_saying_where() -> None:
    data = _raw("kloak-setup")
    data["steps"][12]["caption"] = "Seat 2 will kloak {piece a1}."
    with pytest.raises(RecordError, match=r"steps\[12\].*\{piece a1\}: no small piece stands on a1"):
        scenarios.rendered(scenarios.from_data(data, "kloak-setup"))


def test_a_reference_that_depends_on_the_learners_accepted_move_is_refused() -> None:
    """kloak-first-game's step 15 accepts several moves of the piece on d5; a later caption that names that piece
    renders on the scripted way only."""
    wrong = _with_step_text("kloak-first-game", 19, "caption", "Look at {piece d5}.")
    problems = reference_problems(wrong)
    assert problems and all("d5" in p for p in problems), problems


def test_an_unknown_reference_names_the_ones_the_game_has() -> None:
    with pytest.raises(SpynbError, match=r"\{square d4\}: kloak has no reference 'square'; it has big, colour"):
        render("{square d4}", "kloak", {"turn_number": 1})


def test_every_game_renders_the_turn_from_its_view() -> None:
    for name in ("kloak", "cloak-dagger", "target"):
        assert render("{Turn}", name, {"turn_number": 4}) == "Turn 4"


def test_the_kloak_teams_caption_no_longer_calls_a_square_two_away_next_to() -> None:
    caption = scenarios.load("kloak-teams").steps[2].caption
    assert "next to" not in caption and "the sky-blue pieces on d2 and e3" in caption


def test_CD_4_an_envelope_a_rival_may_have_changed_unseen_is_never_said_to_hold_its_old_cards() -> None:
    """The finding: near-misses step 27 said "Envelope 7 holds d, X, Y and Z … you win" after seat 2 put its
    dagger into an envelope the learner did not see."""
    tour = scenarios.load("cloak-dagger-near-misses")
    caption = tour.steps[26].caption
    assert caption.startswith("Envelope 7 (you saw d, X, Y and Z there on turn 23; since then E may have gone in")
    assert "unless seat 2's dagger went in" in tour.steps[27].caption
    wrong = _with_step_text("cloak-dagger-near-misses", 27, "caption", "Envelope 7 holds d, X, Y and Z. What happens?")
    assert any('"Envelope 7 holds"' in p for p in free_text_facts(wrong))


def test_CD_5_an_envelope_is_never_said_to_be_empty_before_it_is_opened() -> None:
    wrong = _with_step_text("cloak-dagger-tracking", 2, "caption", "Your turn. Choose envelope 4. It is empty.")
    assert any('"It is empty"' in p for p in free_text_facts(wrong))
    assert "If it is empty" in scenarios.load("cloak-dagger-tracking").steps[1].caption


def test_CD_10_an_open_envelope_renders_what_lies_before_the_seat() -> None:
    tour = scenarios.load("cloak-dagger-near-misses")
    assert tour.steps[17].caption.startswith("Envelope 7 (open before you: d, e, D, X, Y and Z)")


def test_a_walkthrough_told_from_above_renders_what_an_envelope_holds() -> None:
    tour = scenarios.load("cloak-dagger-example")
    assert tour.seat is None
    assert "Envelope 12, which holds e and E" in tour.steps[23].expect.why["12"]


@pytest.mark.parametrize("name", scenarios.names())
def test_every_walkthrough_names_things_as_its_games_glossary_does(name: str) -> None:
    assert misnamed(scenarios.load(name)) == []


@pytest.mark.parametrize(("name", "number", "text", "found"), [
    ("cloak-dagger-tracking", 2, "Your turn. Open envelope 4, where your hazard K lies.", '"your hazard"'),  # CD-1
    ("cloak-dagger-transfers", 2, "The Double Agent b moves.", '"Double Agent"'),
    ("target-surveillance", 2, "A double agent may show either colour.", '"double agent"'),
    ("kloak-setup", 2, "Three sky blue pieces in a row.", '"sky blue "'),
])
def test_the_glossary_refuses_another_name(name: str, number: int, text: str, found: str) -> None:
    problems = misnamed(_with_step_text(name, number, "caption", text))
    assert len(problems) == 1 and found in problems[0], problems


def test_TG_2_the_target_reference_names_a_seat_you_or_an_hq() -> None:
    assert render("{Target} took the pile.", "target", {"seat": 2, "marker": 2}) == "You took the pile."
    assert render("The Target is {target}.", "target", {"seat": 1, "marker": "KGB"}) == "The Target is the KGB HQ."


def test_TG_2_who_is_the_target_and_the_turn_are_rendered_never_typed() -> None:
    wrong = _with_step_text("target-first-turns", 12, "caption", "Turn 2. Seat 2 is the Target.")
    problems = free_text_facts(wrong)
    assert any('"Seat 2 is the Target"' in p for p in problems) and any('"Turn 2"' in p for p in problems)
    caption = scenarios.load("target-first-turns").steps[11].caption
    assert caption.startswith("Turn 2. ") and "seat 2 is the Target" in caption
    assert render("{Target is} the Target.", "target", {"seat": 3, "marker": 3}) == "You are the Target."
