"""check() says right for every equivalent form and wrong for wrong answers; intervals are sound."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest

from spynb.prob import Progress, check, mean_interval, parse_answer, simulate, t_value, wilson
from spynb.prob.answers import EXERCISES, answer

THREE_EIGHTHS = Fraction(3, 8)


@pytest.mark.parametrize("given", [Fraction(3, 8), "3/8", " 3 / 8 ", "3 in 8", "6/16", 0.375, "0.375", "37.5%",
                                   "37.5 %", Decimal("0.375"), "0.3751"])
def test_equivalent_forms_are_right(given):
    assert check(given, THREE_EIGHTHS).status == "right"


@pytest.mark.parametrize("given, status", [("0.37", "close"), ("0.38", "close"), ("37/99", "close"),
                                           ("5/8", "wrong"), ("0.5", "wrong"), ("37.5", "wrong"), ("3", "wrong"),
                                           ("abc", "wrong"), ("1/0", "wrong"), (True, "wrong"),
                                           (..., "unanswered"), (None, "unanswered"), ("", "unanswered")])
def test_other_answers(given, status):
    assert check(given, THREE_EIGHTHS).status == status


def test_wrong_answers_get_specific_hints_and_never_the_solution():
    assert "opposite event" in check("5/8", THREE_EIGHTHS).message
    assert "percentage" in check("37.5", THREE_EIGHTHS).message
    assert "upside down" in check(Fraction(28, 295), Fraction(295, 28)).message
    verdict = check("1/2", THREE_EIGHTHS, hint="count the documents")
    assert "count the documents" in verdict.message and "3/8" not in verdict.message
    assert "3/8" not in check("0.37", THREE_EIGHTHS).message


def test_a_fraction_must_be_exact():
    assert check("374/1000", THREE_EIGHTHS).status == "close"
    assert check(0.374, THREE_EIGHTHS).status == "right"


def test_every_exercise_answer_passes_its_own_check_in_every_form():
    for exercise_id in EXERCISES:
        exact = answer(exercise_id)
        assert check(exact, exact)
        if isinstance(exact, dict):
            assert check(list(exact.values()), exact)
            assert check({k: f"{v}" for k, v in exact.items()}, exact)
            wrong = {k: Fraction(v) * 2 + 1 for k, v in exact.items()}
            assert check(wrong, exact).status == "wrong"
        else:
            assert check(str(exact), exact)
            assert check(float(exact), exact)
            assert check(Fraction(exact) * Fraction(11, 10), exact).status != "right"


def test_many_answers_report_each_entry():
    verdict = check({2: "1/2", 3: ...}, {2: Fraction(1, 2), 3: Fraction(1, 3)})
    assert verdict.status == "wrong" and "1 of 2 right" in verdict.message
    assert check(["1/2"], {2: Fraction(1, 2), 3: Fraction(1, 3)}).status == "wrong"


def test_parse_answer_percent_and_fraction():
    assert parse_answer("12.5%").value == Fraction(1, 8)
    assert parse_answer("1 out of 8").value == Fraction(1, 8)
    assert parse_answer("1,000").value == 1000 and parse_answer("1000").exact


def test_verdict_renders_html_and_text():
    verdict = check("3/8", THREE_EIGHTHS)
    assert "right" in verdict._repr_html_() and str(verdict).startswith("✔ right")


# -- intervals ---------------------------------------------------------------------------

@pytest.mark.parametrize("df, expected", [(1, 12.7062), (2, 4.3027), (5, 2.5706), (10, 2.2281), (30, 2.0423),
                                          (120, 1.9799)])
def test_t_quantiles_match_the_tables(df, expected):
    assert t_value(0.95, df) == pytest.approx(expected, abs=1e-4)


def test_wilson_matches_a_hand_computation_and_stays_in_0_1():
    est = wilson(30, 80)
    assert (round(est.low, 4), round(est.high, 4)) == (0.2769, 0.4845)
    assert wilson(0, 10).low == 0 and wilson(10, 10).high == 1


def test_intervals_cover_about_95_percent():
    rng = random.Random(5)
    covered = sum(wilson(sum(rng.random() < 0.3 for _ in range(200)), 200).contains(0.3) for _ in range(400))
    assert 0.92 <= covered / 400 <= 0.98
    covered = sum(mean_interval([rng.gauss(10, 3) for _ in range(15)]).contains(10) for _ in range(400))
    assert 0.92 <= covered / 400 <= 0.98


def test_simulation_is_repeatable_and_seed_dependent():
    trial = lambda rng: rng.randint(1, 6)  # noqa: E731
    assert simulate(trial, 100, seed=1).values == simulate(trial, 100, seed=1).values
    assert simulate(trial, 100, seed=1).values != simulate(trial, 100, seed=2).values


def test_progress_is_silent_outside_ipython():
    with Progress(10, delay=0, every=0) as bar:
        for i in range(10):
            bar.update(i + 1)
    assert bar.done == 10 and bar._handle is None


def test_core_imports_only_the_standard_library():
    import subprocess
    import sys

    code = ("import sys, spynb.prob, spynb.prob.answers, spynb.prob.plots, spynb.prob.cloak_dagger; "
            "print(any(m.split('.')[0] in ('matplotlib', 'IPython', 'numpy') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=__import__("pathlib").Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "False"


# -- wording that agrees with the notebooks --------------------------------------------------------

def test_a_close_estimate_is_called_close_enough_for_a_simulation_not_asked_for_digits():
    exact = answer("kl-valid-fraction")  # the KLOAK notebook says a close estimate is a success
    verdict = check("0.2183", exact)
    assert verdict.status == "close" and "simulation" in verdict.message and "more digits" not in verdict.message


def test_a_decimal_rounded_too_soon_is_asked_for_more_digits():
    verdict = check("0.22", answer("kl-valid-fraction"))
    assert verdict.status == "close" and "rounded to 2 decimal places" in verdict.message
    assert "more digits" in verdict.message


def test_a_sample_size_left_unrounded_is_told_to_round_up():
    exact = answer("ax-games-needed")
    for given in (384.16, "384.16"):
        verdict = check(given, exact, tolerance=0, close=0.02)
        assert verdict.status == "close" and "round it up" in verdict.message
        assert "more digits" not in verdict.message and str(exact) not in verdict.message
    assert check(384.16, exact).status == "close"  # a count is whole even within the default tolerance
    assert "round it down" in check(385.4, exact).message
    assert check(385, exact) and check("385", exact)
