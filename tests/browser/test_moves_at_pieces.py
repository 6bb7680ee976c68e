"""Moves made where the pieces are, in a real browser: KLOAK's two ways to one square, Cloak & Dagger's transfer.

KLOAK: a square the touched big piece reaches two ways (lift off alone, or slide with its small piece, KL-5)
is marked "2 ways"; a click there offers the two beside the square, and a click on one plays it. Cloak &
Dagger: a transfer starts on the cards in the open envelope (CD-6): the agent to show, then optionally one
card to take along; no list of every pair. A wrong click shows the rule and changes nothing. Each flow runs on
a play board and on a walkthrough step, keyboard as well as mouse; screenshots at 1366, 768 and 390 px wide.
"""

from __future__ import annotations

import pytest

from .browser_helpers import SCREENSHOTS, own_site_check, run_python
from .test_boards import axe_violations, python_json

pytestmark = pytest.mark.browser

WIDTHS = (1366, 768, 390)


@pytest.fixture(scope="module")
def notebook(browser, site_url):
    opened = own_site_check(browser, site_url)
    yield opened
    opened.page.context.close()


def draw(notebook, code: str):
    """Run ``code`` (its last line shows a board) and return that board, drawn."""
    run_python(notebook, code)
    board = notebook.page.locator(".spynb-play").last
    board.locator(".spynb-play__main").wait_for(timeout=60_000)
    return board


def shoot_widths(board, name: str, part: str, widths: tuple[int, ...] = WIDTHS) -> None:
    """The window at each of ``widths`` with ``part`` of the board in sight, saved as
    ``<name>-<width>.png``; ``part`` reaches past neither side of the window."""
    page = board.page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in widths:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(400)
        box = board.locator(part)
        box.evaluate("el => el.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(200)
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"))
        left, right = box.evaluate("el => [el.getBoundingClientRect().left, el.getBoundingClientRect().right]")
        assert 0 <= left and right <= width + 0.5, (name, width, left, right)
    page.set_viewport_size({"width": 1200, "height": 1000})


def wait_until(board, script: str) -> None:
    board.page.wait_for_function(script, arg=board.element_handle(), timeout=30_000)


def test_kloak_a_square_reached_two_ways_offers_both_there(notebook):
    board = draw(notebook, "from spynb import scenarios\nfrom spynb.kloak.widget import KloakBoard\n"
                           'kl = KloakBoard(scenarios.load("kloak-big-pieces").game_at(3), players=["human", "random"])\nkl')
    board.locator('.kl-square[data-square="c2"]').click()
    wait_until(board, "el => el.querySelector('.kl-square.is-touched')")
    target = board.locator('.kl-square[data-square="c1"]')
    assert "is-twoway" in target.get_attribute("class") and target.inner_text().strip() == "2 ways"
    assert "two ways to get here" in target.get_attribute("aria-label")
    assert board.locator(".kl-offer").count() == 0
    # keyboard: Enter on the square opens the offer and the focus moves into it
    target.focus()
    notebook.page.keyboard.press("Enter")
    offer = board.locator(".kl-offer")
    offer.wait_for(timeout=30_000)
    ways = offer.locator("button[data-action]")
    assert ways.evaluate_all("els => els.map(e => e.dataset.action)") == ["B c2-c1", "B c2=c1"]
    assert ways.nth(0).inner_text().startswith("Lift the big piece off alone")
    assert ways.nth(1).inner_text().startswith("Slide the big piece and its small piece")
    wait_until(board, "el => el.contains(document.activeElement) && document.activeElement.dataset.action === 'B c2-c1'")
    shoot_widths(board, "moves-kloak-two-ways", ".kl-offer")
    # a wrong click: a square the piece cannot reach is refused with the rule, and nothing changes
    board.locator('.kl-square[data-square="e5"]').click()  # (the focus leaves the offer: a cell's Escape misses it)
    error = board.locator(".spynb-play__error")
    error.wait_for(state="visible", timeout=30_000)
    assert "KL-5" in error.inner_text() and "cannot move to e5" in error.inner_text()
    assert python_json(notebook, "[kl.touched, kl.offer, len(kl.game.actions)]") == ["c2", "c1", 2]
    assert offer.is_visible()
    # Escape takes the offer back; the focus returns to the square
    ways.nth(0).focus()
    notebook.page.keyboard.press("Escape")
    wait_until(board, "el => !el.querySelector('.kl-offer')")
    wait_until(board, "el => document.activeElement && document.activeElement.dataset.square === 'c1'")
    # the mouse: the square, then the slide
    target.click()
    offer.wait_for(timeout=30_000)
    offer.locator('button[data-action="B c2=c1"]').click()
    wait_until(board, "el => !el.querySelector('.kl-square.is-touched')")
    assert python_json(notebook, "[str(kl.game.actions[2][1]), kl.offer, kl.error]") == ["B c2=c1", "", {}]
    assert error.is_hidden()


def test_kloak_walkthrough_slides_from_the_offer(notebook):
    board = draw(notebook, 'from spynb.widgets.walkthrough_player import walkthrough\n'
                           'kl_tour = walkthrough("kloak-big-pieces", start=4)\nkl_tour')
    panel = notebook.page.locator(".spynb-walk").last
    assert panel.get_attribute("data-step") == "4"
    board.locator('.kl-square[data-square="c2"]').click()
    wait_until(board, "el => el.querySelector('.kl-square.is-touched')")
    board.locator('.kl-square[data-square="c1"]').click()
    board.locator(".kl-offer").wait_for(timeout=30_000)
    shoot_widths(board, "moves-kloak-walkthrough-offer", ".kl-offer")
    board.locator('.kl-offer button[data-action="B c2=c1"]').click()
    panel.locator(".spynb-walk__feedback.is-ok").wait_for(timeout=30_000)
    assert panel.get_attribute("data-step") == "5"
    assert python_json(notebook, "[kl_tour.walk['at'], kl_tour.touched, kl_tour.offer]") == [4, "", ""]


def test_cloak_dagger_a_transfer_starts_on_the_cards_in_the_envelope(notebook):
    board = draw(notebook, "from spynb import scenarios\nfrom spynb.cloak_dagger.widget import CloakDaggerBoard\n"
                           '_game = scenarios.load("cloak-dagger-endgame").game_at(6)\n'
                           'cd = CloakDaggerBoard(_game, players=["human"] + ["rules"] * (_game.seats - 1))\ncd')
    opened = board.locator(".cd-opened")
    opened.wait_for(timeout=30_000)
    cards = opened.locator(".cd-chip")
    assert cards.evaluate_all("els => els.map(e => e.dataset.card)") == list("bDLY")
    assert [c for c in cards.evaluate_all("els => els.filter(e => e.classList.contains('is-legal'))"
                                          ".map(e => e.dataset.card)")] == ["b", "D"]
    # no list of every pair: the other choices only
    assert opened.locator(".cd-choices button").evaluate_all("els => els.map(e => e.dataset.action)") == ["track L", "pass"]
    assert opened.locator('[data-key="transfer-start"]').count() == 0
    # a wrong click: the hazard cannot start a transfer; the rule shows and nothing changes
    before = python_json(notebook, "[len(cd.game.actions), cd.showing, cd.taking]")
    cards.nth(2).click()
    error = board.locator(".spynb-play__error")
    error.wait_for(state="visible", timeout=30_000)
    assert "CD-6" in error.inner_text() and "not L" in error.inner_text()
    assert python_json(notebook, "[len(cd.game.actions), cd.showing, cd.taking]") == before
    # the binocular to show (keyboard), then the report to take along (mouse)
    cards.nth(0).focus()
    notebook.page.keyboard.press("Enter")
    wait_until(board, "el => el.querySelector('.cd-chip.is-show')")
    assert error.is_hidden()
    assert cards.nth(0).get_attribute("aria-pressed") == "true" and "show" in cards.nth(0).inner_text()
    assert "take it along with b, unseen" in cards.nth(3).get_attribute("aria-label")
    cards.nth(3).click()
    wait_until(board, "el => el.querySelector('.cd-chip.is-take')")
    start = opened.locator('[data-key="transfer-start"]')
    assert start.inner_text() == "Start the transfer: show b, take Y unseen"
    assert python_json(notebook, "[cd.showing, cd.taking]") == ["b", "Y"]
    shoot_widths(board, "moves-cd-transfer-picked", ".cd-opened")
    violations = axe_violations(notebook.page, ".spynb-play")
    assert violations == [], violations
    start.click()
    wait_until(board, "el => !el.querySelector('.cd-opened')")
    assert python_json(notebook, f"[str(cd.game.actions[{before[0]}][1]), sorted(cd.view['hand'])]") == ["take b+Y", ["Y", "b"]]


def test_cloak_dagger_walkthrough_transfer_step_is_played_on_the_cards(notebook):
    board = draw(notebook, 'from spynb.widgets.walkthrough_player import walkthrough\n'
                           'cd_tour = walkthrough("cloak-dagger-first-game", start=10)\ncd_tour')
    panel = notebook.page.locator(".spynb-walk").last
    assert panel.get_attribute("data-step") == "10"
    board.locator('.cd-chip[data-card="d"]').click()
    wait_until(board, "el => el.querySelector('.cd-chip.is-show')")
    board.locator('.cd-chip[data-card="D"]').click()
    wait_until(board, "el => el.querySelector('.cd-chip.is-take')")
    shoot_widths(board, "moves-cd-walkthrough-picked", ".cd-opened")
    board.locator('[data-key="transfer-start"]').click()
    panel.locator(".spynb-walk__feedback.is-ok").wait_for(timeout=30_000)
    assert panel.get_attribute("data-step") == "11"
    assert python_json(notebook, "sorted(cd_tour.view['hand'])") == ["D", "d"]
