"""The deduction aid in a real browser: the button shows the panel beside the board, with figures, and hides it.

One notebook (The Target's *Play a game*) is opened; boards are made in it by
cells run in the in-browser kernel: a five-seat Target (exact figures), a
ten-seat Target (sampled figures with intervals) and a Cloak & Dagger game
played on until the seat's notes hold cards it has not seen.  Each panel is
screenshotted at the notebook's width and at 768 px (``SCREENSHOTS/aid-*.png``).
"""

from __future__ import annotations

import pytest

from .browser_helpers import run_python
from .test_boards import _board_notebook, _shoot, axe_violations, python_json

pytestmark = pytest.mark.browser

BOARDS = {
    "tg-exact": ("from spynb.target.widget import TargetBoard\n"
                 "aid_board = TargetBoard(seats=5, seed=3)\naid_board.pace = 'step'\naid_board"),
    "tg-sampled": ("from spynb.target.widget import TargetBoard\n"
                   "aid_board = TargetBoard(seats=10, seed=4)\naid_board.pace = 'step'\naid_board"),
    "cd": ("from spynb.cloak_dagger.widget import CloakDaggerBoard\nfrom spynb.widgets.aid import panel\n"
           "aid_board = CloakDaggerBoard(seats=3, seed=3)\naid_board.pace = 'step'\n"
           "for _ in range(200):\n"
           "    if panel(aid_board.view)['rows'] and aid_board.legal: break\n"
           "    if aid_board.thinking: aid_board.bot_step()\n"
           "    elif aid_board.legal: aid_board.play(aid_board.legal[-1])\n"
           "aid_board"),
}


@pytest.fixture(scope="module")
def aid_notebook(browser, site_url):
    notebook = _board_notebook(browser, site_url, "target.ipynb")
    yield notebook
    notebook.page.context.close()


@pytest.mark.parametrize("key", list(BOARDS))
def test_the_button_shows_the_aid_with_its_figures_and_hides_it(aid_notebook, key):
    page = aid_notebook.page
    run_python(aid_notebook, BOARDS[key], timeout=120_000)
    board = page.locator(".spynb-play").last
    toggle = board.locator('[data-key="aid-toggle"]')
    toggle.wait_for(timeout=30_000)
    assert toggle.inner_text() == "Show the deduction aid" and toggle.get_attribute("aria-expanded") == "false"
    assert board.locator(".spynb-aid table").count() == 0 and python_json(aid_notebook, "aid_board.aid") == {}
    toggle.click()
    board.locator(".spynb-aid table").wait_for(timeout=60_000)
    held = python_json(aid_notebook, "aid_board.aid")
    assert held["open"] and held["seat"] == python_json(aid_notebook, "aid_board.viewer") and held["rows"]
    figures = board.locator(".spynb-aid td").evaluate_all("els => els.map(e => [e.textContent, e.dataset.kind])")
    assert figures == [[c["text"], c["kind"]] for row in held["rows"] for c in row["cells"]]
    kind = "sampled" if key == "tg-sampled" else "exact"
    kinds = {k for _, k in figures}
    if key == "cd":  # a cell a move the seat was not shown may have changed is "—", and the panel says why (CD-10)
        assert kind in kinds and kinds <= {kind, "none"}
        assert all(text == "—" for text, k in figures if k == "none")
        assert "may have changed" in board.locator(".spynb-aid").inner_text()
    else:
        assert kinds == {kind}
    caption = board.locator(".spynb-aid caption").inner_text()
    assert caption.startswith("Sampled") if kind == "sampled" else caption == "Exact chances"
    if kind == "sampled":
        assert all("±" in text for text, _ in figures)
    assert toggle.inner_text() == "Hide the deduction aid" and toggle.get_attribute("aria-expanded") == "true"
    assert "null" not in board.locator(".spynb-aid").inner_text()
    _shoot(board, f"aid-{key}")
    toggle.click()
    page.wait_for_function("el => !el.querySelector('.spynb-aid table')", arg=board.element_handle(),
                           timeout=30_000)
    assert python_json(aid_notebook, "aid_board.aid") == {}
    assert toggle.inner_text() == "Show the deduction aid"


def test_the_open_aid_follows_the_game_and_is_accessible(aid_notebook):
    page = aid_notebook.page
    run_python(aid_notebook, BOARDS["tg-exact"] + "\naid_board.show_aid(True)\naid_board", timeout=120_000)
    board = page.locator(".spynb-play").last
    board.locator(".spynb-aid table").wait_for(timeout=60_000)
    before = python_json(aid_notebook, "[len(aid_board.game.actions), aid_board.aid['seat']]")
    board.locator(".tg-choices button").first.click()  # play a card: the game moves on
    for _ in range(60):
        if python_json(aid_notebook, "len(aid_board.game.actions)") > before[0]:
            break
        page.wait_for_timeout(500)
    after = python_json(aid_notebook, "[len(aid_board.game.actions), aid_board.aid['seat'], "
                                      "aid_board.aid == __import__('spynb.widgets.aid').widgets.aid.panel(aid_board.view)]")
    assert after[0] > before[0] and after[1] == before[1] and after[2] is True
    assert board.locator(".spynb-aid table").count() == 1
    assert axe_violations(page, ".spynb-aid") == []
