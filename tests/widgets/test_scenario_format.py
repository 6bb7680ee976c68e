"""The scenario format's your-turn steps: parsing, errors that say where, acceptance, check()."""

from __future__ import annotations

import copy
import json

import pytest

from spynb import scenarios
from spynb.engine import RecordError
from spynb.scenarios import Expect, from_data

BASE = {"id": "t", "title": "T", "game": "cloak-dagger", "variant": "standard", "seats": 2, "seed": 0, "seat": 1,
        "steps": [{"do": "chance: cut a", "caption": "c", "rule": "CD-2"},
                  {"do": "chance: cut K", "caption": "c", "rule": "CD-2"},
                  {"do": "1: 11", "caption": "c", "rule": "CD-4",
                   "expect": {"prompt": "pick 11", "accept": ["11"]}}]}


def test_existing_scenarios_still_load_and_check():
    for name in scenarios.names():
        scenario = scenarios.load(name)
        assert scenario.steps and scenario.check() == []


def test_a_your_turn_step_reads_its_seat_from_do():
    scenario = from_data(copy.deepcopy(BASE))
    expect = scenario.steps[2].expect
    assert expect == Expect(seat=1, prompt="pick 11", accept=("11",))
    assert scenario.steps[0].expect is None


@pytest.mark.parametrize("change, where", [
    (lambda d: d["steps"][2]["expect"].update(colour="red"), "steps[2].expect.colour"),
    (lambda d: d["steps"][2]["expect"].pop("prompt"), "steps[2].expect.prompt"),
    (lambda d: d["steps"][2]["expect"].update(accept="11"), "steps[2].expect.accept"),
    (lambda d: d["steps"][2]["expect"].update(match="(", accept=[]), "steps[2].expect.match"),
    (lambda d: d["steps"][2]["expect"].update(accept=[]), "steps[2].expect"),
    (lambda d: d["steps"][2]["expect"].update(why={"5": 3}), "steps[2].expect.why"),
    (lambda d: d["steps"][1].update(expect={"prompt": "x", "accept": ["y"]}), "steps[1].expect"),
    (lambda d: d["steps"][0].update(colour="red"), "steps[0]"),
    (lambda d: d.update(steps={}), "field 'steps'"),
])
def test_a_malformed_scenario_says_where(change, where):
    data = copy.deepcopy(BASE)
    change(data)
    with pytest.raises(RecordError) as err:
        from_data(data, "t")
    assert where in err.value.where


def test_check_finds_a_do_the_step_does_not_accept_and_a_later_step_an_accepted_move_breaks():
    data = copy.deepcopy(BASE)
    data["steps"][2]["expect"]["accept"] = ["12"]
    assert "not accepted" in from_data(data).check()[0]
    data = copy.deepcopy(BASE)
    data["steps"][2]["expect"] = {"prompt": "any", "match": r"\d+"}
    data["steps"].append({"do": "2: 11", "caption": "c", "rule": "CD-4"})
    data["steps"].append({"do": "1: 11", "caption": "c", "rule": "CD-6"})
    data["steps"].append({"do": "1: take d", "caption": "c", "rule": "CD-6"})
    problems = from_data(data).check()
    assert problems and all("after the accepted move" in p for p in problems)


def test_expect_explains_wrong_moves():
    expect = Expect(seat=1, prompt="p", accept=("7",), why={"8": "eight is wrong"}, otherwise="try seven")
    assert expect.explain("8").endswith("eight is wrong")
    assert expect.explain("9").endswith("try seven")
    assert "not this step's move" in expect.explain("9")


def test_unknown_scenario_name_is_a_record_error():
    with pytest.raises(RecordError, match="no such scenario"):
        scenarios.load("../etc/passwd")
    json.dumps(BASE)
