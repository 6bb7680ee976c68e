"""The walkthrough player in a real browser: #step= in the address, each step kind, feedback, screenshots.

The site-check notebook is opened with ``#step=7`` in its address, and a
cell added to it shows a Cloak & Dagger walkthrough: the player reads the
address when it is drawn and opens at step 7.  The tests then drive the
panel and the board as a learner would, and read what Python holds.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from verify_site import CHECKS_FOLDER  # lite/ is on the import path (tests/browser/conftest.py)

from spynb import scenarios
from spynb.rulespage import rule_href

from .browser_helpers import open_notebook, run_all_cells, run_python, save_screenshot
from .test_boards import python_json

pytestmark = pytest.mark.browser

NAME = "cloak-dagger-first-steps"
START = 7
"""The step the address names: the first your-turn step (go back to your agents in envelope 11)."""
WATCHED = 5
"""A narrated step: seat 2 chooses envelope 4."""
ASKED = 2
"""The first question: what happens if you choose an empty envelope."""
END = 13


def kind_of(number: int) -> str:
    return scenarios.load(NAME).steps[number - 1].kind.value


@pytest.fixture(scope="module")
def tour_notebook(browser, site_url):
    notebook = open_notebook(browser, site_url, f"{CHECKS_FOLDER}/site-check.ipynb#step={START}")
    run_all_cells(notebook)
    run_python(notebook, f'from spynb.widgets.walkthrough_player import walkthrough\ntour = walkthrough("{NAME}")\ntour')
    notebook.page.locator(".spynb-walk").wait_for(timeout=60_000)
    yield notebook
    notebook.page.context.close()


@pytest.fixture
def panel(tour_notebook):
    return tour_notebook.page.locator(".spynb-walk").last


@pytest.fixture
def board(tour_notebook):
    return tour_notebook.page.locator(".spynb-play").last


def shoot(panel, name: str) -> None:
    """A screenshot of the page with the walkthrough's board scrolled to the top of the notebook."""
    panel.evaluate("el => el.closest('.spynb-play').scrollIntoView({block: 'start'})")
    panel.page.wait_for_timeout(300)
    save_screenshot(panel.page, name)


def jump(panel, number: int) -> None:
    panel.locator('select[data-key="walk-jump"]').select_option(str(number))
    panel.page.wait_for_function("([el, n]) => el.dataset.step === String(n)",
                                 arg=[panel.element_handle(), number], timeout=30_000)


def test_the_address_step_opens_that_step_with_its_instruction_before_the_move(tour_notebook, panel, board):
    assert kind_of(START) == "your-turn"
    panel.page.wait_for_function(f"el => el.dataset.step === '{START}'", arg=panel.element_handle(), timeout=30_000)
    assert python_json(tour_notebook, "tour.walk['at']") == START - 1
    assert panel.locator(".spynb-walk__position").inner_text() == f"Step {START} of {END}"
    caption = panel.locator(".spynb-walk__caption").inner_text()
    assert caption.startswith("Your turn") and "your agents" in caption
    played = scenarios.load(NAME).moves_before(START - 1)
    assert python_json(tour_notebook, "len(tour.game.actions)") == played  # the learner has not moved
    assert panel.locator('[data-key="walk-show"]').is_visible()
    assert panel.locator('[data-key="walk-next"]').count() == 0
    link = panel.locator(".spynb-walk__rule").first
    assert link.get_attribute("href") == rule_href("CD-6") and link.get_attribute("target") is None
    assert link.inner_text() == "Rule CD-6 · spynb's ruling ↗"  # the source from the id, not from the caption
    shoot(panel, "walkthrough-your-turn")


def test_a_wrong_move_is_explained_and_the_right_one_described(tour_notebook, panel, board):
    jump(panel, START)
    board.locator('.cd-env[data-action="5"]').click()
    wrong = panel.locator(".spynb-walk__feedback.is-wrong")
    wrong.wait_for(timeout=30_000)
    assert "envelope 11" in wrong.inner_text()
    assert python_json(tour_notebook, "tour.walk['at']") == START - 1
    shoot(panel, "walkthrough-wrong-move")
    board.locator('.cd-env[data-action="11"]').click()
    panel.locator(".spynb-walk__feedback.is-ok").wait_for(timeout=30_000)
    assert python_json(tour_notebook, "tour.walk['at']") == START
    assert "opened envelope 11 and saw d D" in panel.locator(".spynb-walk__just").inner_text()
    assert kind_of(START + 1) == "question"
    assert panel.locator(".spynb-walk__caption").inner_text().startswith("Which of these may you do now?")
    text = board.inner_text()
    assert "null" not in text and "undefined" not in text
    shoot(panel, "walkthrough-after-move")


def test_next_plays_a_narrated_move_after_its_caption(tour_notebook, panel, board):
    assert kind_of(WATCHED) == "narrated"
    jump(panel, WATCHED)
    played = python_json(tour_notebook, "len(tour.game.actions)")
    panel.locator('[data-key="walk-next"]').click()
    panel.page.wait_for_function(f"el => el.dataset.step === String({WATCHED + 1})",
                                 arg=panel.element_handle(), timeout=30_000)
    assert python_json(tour_notebook, "len(tour.game.actions)") == played + 1
    assert "Seat 2" in panel.locator(".spynb-walk__just").inner_text()
    assert board.locator(".is-changed").count() >= 1
    shoot(panel, "walkthrough-narrated")


def test_a_question_gives_feedback_with_the_rule(tour_notebook, panel):
    number = ASKED
    assert kind_of(number) == "question"
    jump(panel, number)
    assert panel.locator('[data-key="walk-next"]').count() == 0  # answer first, or skip it explicitly
    assert panel.locator('[data-key="walk-skip"]').inner_text() == "Skip this question"
    panel.locator(".spynb-walk__choice", has_text="Seat 2 plays").click()
    feedback = panel.locator(".spynb-walk__feedback")
    feedback.wait_for(timeout=30_000)
    assert "is-wrong" in feedback.get_attribute("class")
    assert "try another answer" in feedback.inner_text()  # a second try, before the answer is told (issue 54)
    assert "A card comes from the stack into it" not in feedback.inner_text()
    tried = panel.locator(".spynb-walk__choice", has_text="Seat 2 plays")
    assert tried.inner_text().startswith("✗ ") and tried.is_disabled()  # marked, visibly, and not picked again
    assert feedback.evaluate("el => el.previousElementSibling.classList.contains('spynb-walk__step')")  # below it
    rule = panel.locator(".spynb-walk__step a.spynb-walk__rule")
    assert rule.get_attribute("href") == rule_href("CD-5") and rule.get_attribute("target") is None
    panel.locator(".spynb-walk__choice", has_text="A card comes").click()
    panel.locator(".spynb-walk__feedback.is-ok").wait_for(timeout=30_000)
    assert python_json(tour_notebook, "tour.feedback['ok']") is True
    assert panel.locator('[data-key="walk-next"]').is_visible() and panel.locator('[data-key="walk-skip"]').count() == 0
    shoot(panel, "walkthrough-question")


def test_the_end_step_of_a_walkthrough_the_page_goes_on_from_says_continue_below(tour_notebook, panel):
    jump(panel, END)
    assert kind_of(END) == "end"
    assert panel.locator('[data-key="walk-next"]').count() == 0
    assert panel.locator(".spynb-walk__caption").inner_text().endswith("Continue below.")
    assert panel.locator(".spynb-walk__links a").count() == 0  # the next lesson's link ends the page's last one
    shoot(panel, "walkthrough-end")


def test_a_link_to_the_step_is_offered_as_visible_text(tour_notebook, panel):
    jump(panel, 10)
    panel.locator('[data-key="walk-copy"]').click()
    address = panel.locator(".spynb-walk__address")
    address.wait_for(timeout=10_000)
    assert address.input_value().endswith("#walk=cloak-dagger-first-steps&step=10")
    assert f"notebooks/index.html?path={CHECKS_FOLDER}/site-check.ipynb" in unquote(address.input_value())


def test_a_walkthrough_offers_one_copy_a_link_button_the_one_to_its_step(tour_notebook, panel, board):
    """The step's link opens the lesson at that step; the board's own link to a position is for play boards."""
    board.evaluate("el => el.querySelectorAll('details:not([open])').forEach(d => { d.open = d.dataset.opened = true; })")
    try:
        copies = board.get_by_role("button", name=re.compile(r"^Copy a link"))
        assert copies.count() == 1
        assert copies.first.get_attribute("data-key") == "walk-copy"
    finally:
        board.evaluate("el => el.querySelectorAll('details[data-opened]').forEach(d => { d.open = false; delete d.dataset.opened; })")


def test_the_browser_remembers_how_far_a_walkthrough_got_and_not_as_finished_when_jumped_to(tour_notebook, panel):
    """Jumping to the end, or to the step before it and playing on, is not finishing: the widget tests check that
    playing through from the first step is (``walk["finished"]``), and the guided games' browser test that the
    welcome page then says so."""
    page = tour_notebook.page
    remembered = "() => JSON.parse(localStorage.getItem('spynb-progress') || '{}')"
    page.evaluate("() => localStorage.removeItem('spynb-progress')")
    jump(panel, END)
    assert page.evaluate(remembered)[NAME] == {"step": END, "count": END, "finished": False, "at": END}
    jump(panel, END - 1)
    assert kind_of(END - 1) == "your-turn"
    panel.locator('[data-key="walk-show"]').click()
    page.wait_for_function(f"el => el.dataset.step === '{END}'", arg=panel.element_handle(), timeout=30_000)
    assert page.evaluate(remembered)[NAME] == {"step": END, "count": END, "finished": False, "at": END}


def test_the_learner_acts_out_a_chance_move_with_its_own_button_from_the_keyboard(tour_notebook):
    """The cut: a button labelled with the act stands where Next would; pressing it plays chance's scripted cut."""
    name = "cloak-dagger-setup"
    number = next(n for n, step in enumerate(scenarios.load(name).steps, 1) if step.act)
    run_python(tour_notebook, f'cut = walkthrough("{name}")\ncut')
    panel = tour_notebook.page.locator(".spynb-walk").last
    panel.locator('select[data-key="walk-jump"]').wait_for(timeout=60_000)
    jump(panel, number)
    act = panel.locator('[data-key="walk-act"]')
    assert act.inner_text() == "Cut the stack" and panel.locator('[data-key="walk-next"]').count() == 0
    assert panel.locator(".spynb-walk__kind").text_content() == "Your move"
    assert panel.locator(f'select[data-key="walk-jump"] option[value="{number}"]').text_content().startswith(
        f"{number}. Your move: ")
    shoot(panel, "walkthrough-act")
    act.focus()
    tour_notebook.page.keyboard.press("Enter")
    panel.page.wait_for_function(f"el => el.dataset.step === String({number + 1})",
                                 arg=panel.element_handle(), timeout=30_000)
    assert python_json(tour_notebook, "[cut.walk['at'], str(cut.game.actions[-1][1])]") == [number, "cut X"]
    assert "Seat 1 cut X." in panel.locator(".spynb-walk__just").inner_text()
    shoot(panel, "walkthrough-after-act")
