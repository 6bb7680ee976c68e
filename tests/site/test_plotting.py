"""The matplotlib helper: one sentence instead of a traceback, and the engine never needs it."""

from __future__ import annotations

import asyncio
import builtins
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import spynb.plotting as plotting


def run(coroutine):
    """Run a coroutine on its own loop in a worker thread.

    The browser tests keep Playwright's event loop running in the main thread
    for the whole session, where ``asyncio.run`` would refuse to start.
    """
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_browser_sentence_names_the_cause_and_the_consequence():
    message = plotting.unavailable_message(browser=True)
    assert message.count(".") == 1 and message.endswith(".")
    assert "matplotlib" in message and "offline" in message and "skipped" in message


def test_the_cpython_sentence_says_how_to_install():
    assert "pip install 'spynb[plot]'" in plotting.unavailable_message(browser=False)


def test_a_failed_import_prints_one_sentence_and_returns_none(monkeypatch, capsys):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError("no matplotlib here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    assert run(plotting.load_pyplot(fallback=False)) is None  # without the SVG stand-in, as before it existed
    out = capsys.readouterr().out
    assert out == plotting.unavailable_message() + "\n"


def test_a_failed_download_in_the_browser_is_caught(monkeypatch, capsys):
    async def offline():
        raise OSError("NetworkError when attempting to fetch resource")

    monkeypatch.setattr(plotting, "in_browser", lambda: True)
    monkeypatch.setattr(plotting, "_fetch_in_browser", offline)
    assert run(plotting.load_pyplot(fallback=False)) is None
    assert capsys.readouterr().out.startswith("Plots need matplotlib, which this page downloads")


def test_quiet_prints_nothing(monkeypatch, capsys):
    async def offline():
        raise OSError("offline")

    monkeypatch.setattr(plotting, "in_browser", lambda: True)
    monkeypatch.setattr(plotting, "_fetch_in_browser", offline)
    assert run(plotting.load_pyplot(quiet=True, fallback=False)) is None
    assert capsys.readouterr().out == ""


def test_the_engine_imports_neither_plotting_nor_widgets():
    code = ("import sys, spynb; spynb.new_game('cloak-dagger', seats=3, seed=7); "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'anywidget', 'ipywidgets') "
            "or m in ('spynb.plotting', 'spynb.widgets')]; print(bad); sys.exit(bool(bad))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_offline_in_the_browser_the_plots_fall_back_to_svg_and_say_so_in_one_line(monkeypatch, capsys):
    from spynb import svgplot

    async def offline():
        raise OSError("NetworkError when attempting to fetch resource")

    monkeypatch.setattr(plotting, "in_browser", lambda: True)
    monkeypatch.setattr(plotting, "_fetch_in_browser", offline)
    monkeypatch.setattr(plotting, "_loaded", None)
    plt = run(plotting.load_pyplot())
    assert plt is svgplot and plt
    out = capsys.readouterr().out
    assert out == plotting.fallback_message(browser=True) + "\n" and out.count("\n") == 1
    assert "SVG fallback" in out and "offline" in out


def test_the_exercise_plots_draw_with_the_svg_fallback(monkeypatch):
    """histogram, convergence_plot and interval_plot draw bars, a line, a band and markers without matplotlib."""
    from fractions import Fraction

    from spynb import svgplot
    from spynb.prob import simulate, wilson
    from spynb.prob.plots import convergence_plot, histogram, interval_plot

    monkeypatch.setattr(plotting, "_loaded", svgplot)
    sim = simulate(lambda rng: rng.random() < 0.3, 400, seed=1, label="coin")
    convergence_plot(sim, Fraction(3, 10))
    histogram([1, 2, 2, 3, 3, 3], exact={1: Fraction(1, 6), 2: Fraction(1, 3), 3: Fraction(1, 2)}, title="dice")
    fig, axes = svgplot.subplots(1, 2, figsize=(12, 3.6))
    for ax in axes:
        histogram([1.0, 2.5, 3.0, 7.5], bins=4, ax=ax, title="lengths")
    interval_plot({"seat 1": wilson(30, 100), "seat 2": wilson(60, 100)}, exact=0.5)
    line, bars, pair, intervals = svgplot.show(display=False)
    assert "<polyline" in line and "<polygon" in line and 'stroke-dasharray="6 4"' in line and "exact 3/10" in line
    assert bars.count('fill-opacity="0.8"') == 3 and "rotate(45" in bars and "dice" in bars
    assert pair.count("<g transform=") == 2 and pair.count("fraction of trials") == 2 and 'width="1040"' in pair
    assert intervals.count("<circle") == 2 and "seat 2" in intervals
    assert svgplot.show(display=False) == []
