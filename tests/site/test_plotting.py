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
    assert run(plotting.load_pyplot()) is None
    out = capsys.readouterr().out
    assert out == plotting.unavailable_message() + "\n"


def test_a_failed_download_in_the_browser_is_caught(monkeypatch, capsys):
    async def offline():
        raise OSError("NetworkError when attempting to fetch resource")

    monkeypatch.setattr(plotting, "in_browser", lambda: True)
    monkeypatch.setattr(plotting, "_fetch_in_browser", offline)
    assert run(plotting.load_pyplot()) is None
    assert capsys.readouterr().out.startswith("Plots need matplotlib, which this page downloads")


def test_quiet_prints_nothing(monkeypatch, capsys):
    async def offline():
        raise OSError("offline")

    monkeypatch.setattr(plotting, "in_browser", lambda: True)
    monkeypatch.setattr(plotting, "_fetch_in_browser", offline)
    assert run(plotting.load_pyplot(quiet=True)) is None
    assert capsys.readouterr().out == ""


def test_the_engine_imports_neither_plotting_nor_widgets():
    code = ("import sys, spynb; spynb.new_game('cloak-dagger', seats=3, seed=7); "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'anywidget', 'ipywidgets') "
            "or m in ('spynb.plotting', 'spynb.widgets')]; print(bad); sys.exit(bool(bad))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
