"""The built site in a real browser: a notebook runs, a board renders and answers clicks.

Each test checks what the page shows and, through a cell run in the
in-browser kernel, what Python holds.
"""

from __future__ import annotations

import json

import pytest

from verify_site import CHECKS_FOLDER

from .browser_helpers import ERROR_OUTPUT, PYODIDE_CDN, open_notebook, run_all_cells, run_python

pytestmark = pytest.mark.browser



def test_notebook_runs_every_cell_without_an_error(site_check):
    page = site_check.page
    prompts = page.locator(".jp-CodeCell .jp-InputPrompt").all_inner_texts()
    assert prompts and all(any(ch.isdigit() for ch in prompt) for prompt in prompts), prompts
    assert page.locator(".jp-Notebook-ExecutionIndicator").get_attribute("data-status") == "idle"
    assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
    assert "spynb" in page.locator(".jp-OutputArea").first.inner_text()
    assert site_check.guard.refused == [], "requests left 127.0.0.1"


def test_board_renders_the_seat_view_and_legal_actions(site_check, screenshots):
    page = site_check.page
    board = page.locator(".spynb-board")
    board.wait_for(timeout=30_000)
    board.screenshot(path=str(screenshots / "board.png"))
    assert "omniscient" in board.locator(".spynb-board__label").inner_text()
    assert board.locator(".spynb-board__status").inner_text().strip()
    shown = board.locator("button.spynb-board__action").all_inner_texts()
    held = json.loads(run_python(site_check, "import json; print(json.dumps(board.legal))"))
    assert shown == held and shown, (shown, held)
    assert board.locator(".spynb-board__error").is_hidden()
    assert site_check.guard.refused == []


def test_a_click_reaches_python_and_the_change_comes_back(site_check, screenshots):
    page = site_check.page
    board = page.locator(".spynb-board")
    before = board.locator(".spynb-board__status").inner_text()
    button = board.locator("button.spynb-board__action").first
    notation = button.get_attribute("data-action")
    button.focus()
    page.keyboard.press("Enter")  # keyboard-usable: Enter on a focused button plays it
    page.wait_for_function(
        "([el, before]) => el.textContent !== before",
        arg=[board.locator(".spynb-board__status").element_handle(), before],
        timeout=30_000,
    )
    held = json.loads(run_python(
        site_check,
        "print(json.dumps({'last': board.last_action, 'status': board.status, 'played': len(board.game.actions)}))",
    ))
    assert held["last"] == notation
    assert held["status"] == board.locator(".spynb-board__status").inner_text()
    assert held["played"] >= 1
    board.screenshot(path=str(screenshots / "board-after-click.png"))
    assert site_check.guard.refused == []


def test_a_refused_action_shows_the_engine_message_and_changes_nothing(site_check):
    board = site_check.page.locator(".spynb-board")
    status = board.locator(".spynb-board__status").inner_text()
    out = run_python(site_check, "print(board.play('no such action'), len(board.game.actions))")
    accepted, _ = out.split()
    assert accepted == "False"
    error = board.locator(".spynb-board__error")
    error.wait_for(state="visible", timeout=30_000)
    held = run_python(site_check, "print(board.error['message'])").strip()
    assert error.inner_text().strip() == held and held
    assert board.locator(".spynb-board__status").inner_text() == status
    assert site_check.guard.refused == []


def test_offline_plotting_notebook_says_so_in_one_sentence(browser, site_url, screenshots):
    """A visitor who cannot reach Pyodide's CDN sees one clear sentence, not a traceback."""
    notebook = open_notebook(browser, site_url, f"{CHECKS_FOLDER}/site-check-plots.ipynb",
                             allowed_prefixes=(PYODIDE_CDN,))
    try:
        run_all_cells(notebook)
        page = notebook.page
        page.screenshot(path=str(screenshots / "plots-offline.png"))
        text = page.locator(".jp-OutputArea").all_inner_texts()
        assert any("matplotlib could not be downloaded" in out and "SVG fallback" in out for out in text), text
        assert page.locator(".jp-OutputArea svg, .jp-OutputArea img").count() > 0, "no plot was drawn by the fallback"
        assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
        assert notebook.guard.forbidden == [], "requests left 127.0.0.1 for somewhere other than Pyodide's CDN"
        assert notebook.guard.refused, "the notebook never tried to fetch matplotlib"
    finally:
        notebook.page.context.close()
