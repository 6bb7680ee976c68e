"""The welcome page's live board, in a real browser: no notebook app, no IPython.

The page draws the board's first position at once, with the same front-end
module the notebook's board uses, from the state the build made; its host
(``lite/welcome_host.js``) meanwhile loads the site's own Pyodide, installs the
site's spynb wheel and makes the KLOAK controller, and the board goes live.
These tests check both what the page shows and what Python holds, and that no
request leaves the site.
"""

from __future__ import annotations

import json

import pytest

from .browser_helpers import guarded_context, save_screenshot
from .test_boards import axe_violations

pytestmark = pytest.mark.browser

LIVE_TIMEOUT = 180_000
DESKTOP = {"width": 1280, "height": 900}
#: the speculation rules the welcome page adds once its board is live (lite/welcome_host.js)
SPECULATION_RULES = 'script[type="speculationrules"]'
WIDGET_STACK = ("IPython", "ipywidgets", "anywidget", "traitlets", "comm")


#: every text the status line shows, in order, into window.spynbStatusSeen
STATUS_WATCH = """window.spynbStatusSeen = [];
document.addEventListener('DOMContentLoaded', () => {
    const status = document.getElementById('live-status');
    const note = () => window.spynbStatusSeen.push(status.textContent);
    note();
    new MutationObserver(note).observe(status, {childList: true, characterData: true, subtree: true});
});"""

#: where the page's parts sit (from the page's top, in pixels): each game's Start here, the live board, the
#: board's own area (its box), and what follows it
LAYOUT = """() => {
    const top = (el) => Math.round(el.getBoundingClientRect().top + window.scrollY);
    const board = document.getElementById('live-board');
    const area = board.querySelector('.kl-board');
    const box = area && area.getBoundingClientRect();
    return {starts: [...document.querySelectorAll('a.start')].map(top), board: top(board),
            height: Math.round(board.getBoundingClientRect().height),
            area: box && [box.x, box.y + window.scrollY, box.width, box.height],
            after: top(board.closest('section').nextElementSibling)};
}"""
#: the board's squares and pieces as drawn (markup of its area, with the moves it offers)
AREA = "() => document.querySelector('#live-board .kl-board').outerHTML"

#: the stages the status line names while Python starts (lite/welcome_host.js), in order
STAGES = ("Starting Python in your browser…", "Loading the game…", "Setting up the board…")


def python(page, code: str):
    """Run ``code`` (its last line an expression) in the page's Pyodide and read it as JSON."""
    return json.loads(page.evaluate("(code) => window.spynbWelcome.pyodide.runPython(code)",
                                    f"import json as _j\n_j.dumps({code})"))


def game_length(page) -> int:
    return python(page, "len(_board.game.actions)")


@pytest.fixture(scope="module")
def welcome(browser, site_url):
    context, guard = guarded_context(browser, DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.add_init_script(STATUS_WATCH)
    held: list = []  # the wheel's request, held until the waiting board is measured
    context.route("**/spynb-*.whl", lambda route: held.append(route))
    page.goto(site_url, wait_until="domcontentloaded")
    page.wait_for_function("() => window.spynbWelcome && window.spynbWelcome.drawnAt", timeout=10_000, polling=20)
    shown_at_once = page.locator("#live-board .spynb-play").is_visible()
    while not held:
        page.wait_for_timeout(100)
    page.waiting = {"status": page.locator("#live-status").inner_text(), "layout": page.evaluate(LAYOUT),
                    "area": page.evaluate(AREA), "inert": page.evaluate("() => document.querySelector("
                                                                        "'#live-board .live-board__widget').inert"),
                    "rules": page.locator(SPECULATION_RULES).count()}
    save_screenshot(page, "welcome-board-waiting")
    held[0].fallback()
    page.wait_for_function("() => window.spynbWelcome && (window.spynbWelcome.ready || window.spynbWelcome.error)",
                           timeout=LIVE_TIMEOUT, polling=250)
    page.guard, page.errors, page.shown_at_once = guard, errors, shown_at_once
    page.layout_live = page.evaluate(LAYOUT)
    yield page
    context.close()


def test_the_board_shows_at_once_and_becomes_live(welcome):
    assert welcome.shown_at_once
    assert welcome.evaluate("() => window.spynbWelcome.error") == ""
    assert welcome.locator("#live-board .spynb-play").is_visible()
    assert welcome.locator("#live-board .live-picture").count() == 0
    assert welcome.evaluate("() => document.querySelector('#live-board .live-board__widget').inert") is False
    assert "Live" in welcome.locator("#live-status").inner_text()
    seen = welcome.evaluate("() => window.spynbStatusSeen")
    assert [text for text in seen if text in STAGES] == list(STAGES), seen
    assert welcome.locator(".spynb-play__status").inner_text() == "Your turn: Seat 1."
    assert python(welcome, f"sorted(m for m in {WIDGET_STACK!r} if m in __import__('sys').modules)") == []
    save_screenshot(welcome, "welcome-board-live-desktop")


def test_while_python_starts_the_board_waits_in_its_live_look_and_the_status_names_the_stage(welcome):
    """Until Python answers, the board's first position is drawn by its own front end, as it will be live (the
    same squares, pieces and offered moves), takes no clicks, and the status line names the stage under way."""
    assert welcome.waiting["inert"] is True
    assert welcome.waiting["status"] == "Loading the game…"  # the wheel was held: Python had started
    assert welcome.waiting["area"] == welcome.evaluate(AREA)


def test_going_live_does_not_move_the_page(welcome):
    """The waiting board holds the live board's place: nothing on the page moves when it comes to life, and the
    board's own area keeps its box to the pixel."""
    before, live = welcome.waiting["layout"], welcome.layout_live
    assert all(abs(a - b) <= 1 for a, b in zip(before["area"], live["area"], strict=True)), (before, live)
    assert {**before, "area": None} == {**live, "area": None}


def test_once_live_the_way_to_the_first_lesson_is_prepared(welcome):
    """Once the board is live (not before: its own Python starts first), the page asks the browser to prerender the
    first game's first lesson while the visitor reads, and the other games' first lessons when the pointer rests on
    their Start here."""
    starts = welcome.locator("a.start").evaluate_all("links => links.map(a => a.href)")
    assert welcome.waiting["rules"] == 0
    assert welcome.locator(SPECULATION_RULES).count() == 1
    rules = json.loads(welcome.locator(SPECULATION_RULES).text_content())
    assert rules == {"prerender": [{"urls": starts[:1], "eagerness": "immediate"},
                                   {"urls": starts[1:], "eagerness": "moderate"}]}
    assert welcome.evaluate("() => window.spynbWelcome.prepared") == starts
    assert all("/notebooks/index.html?path=" in start and start.endswith("/00-first-game.ipynb") for start in starts)


def test_the_advanced_controls_wait_under_more(welcome):
    """A first visitor sees the board; the bots' speed, the teaching view, undo, review and links are folded under
    one More, which opens them."""
    board = welcome.locator("#live-board .spynb-play")
    more = board.locator("details.spynb-play__more")
    assert more.count() == 1 and more.get_attribute("open") is None
    assert more.locator("summary").inner_text().startswith("More")
    tools = [board.locator(f'[data-key="{key}"]') for key in ("tool-teaching", "tool-undo", "tool-back", "bots-fast")]
    assert not any(tool.is_visible() for tool in tools)
    assert board.locator(".spynb-play__logbox").get_attribute("open") is None
    more.locator("summary").click()
    try:
        assert all(tool.is_visible() for tool in tools)
        save_screenshot(welcome, "welcome-board-more-open")
    finally:
        more.locator("summary").click()
    assert not tools[0].is_visible()


def test_an_illegal_click_shows_why_and_changes_nothing(welcome):
    before = (game_length(welcome), python(welcome, "_board.front_state()['view']"))
    square = python(welcome, "next(sq for sq in __import__('spynb.kloak.board', fromlist=['SQUARES']).SQUARES "
                             "if not any(n.split()[-1].startswith(sq) for n in _board.legal))")
    welcome.locator(f'.kl-square[data-square="{square}"]').click()
    error = welcome.locator(".spynb-play__error")
    error.filter(has_text="KL-4").wait_for(timeout=10_000)
    assert python(welcome, "_board.error['rule']") == "KL-4"
    assert (game_length(welcome), python(welcome, "_board.front_state()['view']")) == before
    assert python(welcome, "_board.touched") == ""


def test_a_legal_click_plays_the_move_and_the_bot_answers(welcome):
    played = game_length(welcome)
    move = python(welcome, "_board.legal[0]")
    start, to = move.removeprefix("B ")[:2], move[-2:]
    welcome.locator(f'.kl-square[data-square="{start}"]').click()
    welcome.locator(f'.kl-square[data-square="{to}"].is-target').click()
    welcome.wait_for_function(
        "(n) => window.spynbWelcome.model.get('history').length >= n + 2"
        " && window.spynbWelcome.model.get('thinking') === 0", arg=played, timeout=30_000, polling=100)
    assert python(welcome, f"[str(a) for _, a in _board.game.actions[{played}:]]")[0] == move
    assert python(welcome, "_board.game.actions[-1][0]") == 2, "the bot (seat 2) answered"
    assert welcome.locator(".spynb-play__status").inner_text() == "Your turn: Seat 1."
    assert "Seat 2 (bot)" in welcome.locator(".spynb-play__narration").inner_text()
    assert welcome.locator(".spynb-play__error").inner_text().strip() == ""


def test_the_welcome_board_at_768_pixels(welcome):
    welcome.set_viewport_size({"width": 768, "height": 1024})
    width = welcome.evaluate("() => document.documentElement.scrollWidth")
    save_screenshot(welcome, "welcome-board-live-768")
    assert width <= 768, "the page scrolls sideways"
    welcome.set_viewport_size(DESKTOP)


def test_the_live_board_has_no_serious_accessibility_violations(welcome):
    assert axe_violations(welcome, "#live-board") == []


def test_a_board_that_cannot_start_says_so_and_keeps_its_first_position(browser, site_url):
    context, guard = guarded_context(browser, DESKTOP)
    context.route("**/spynb-*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_function("() => window.spynbWelcome && window.spynbWelcome.error", timeout=LIVE_TIMEOUT)
    status = page.locator("#live-status").inner_text()
    assert status.startswith("The live board could not start (") and "KLOAK lessons" in status
    assert page.locator("#live-board .spynb-play .kl-board").is_visible()
    assert page.evaluate("() => document.querySelector('#live-board .live-board__widget').inert") is True
    assert guard.refused == []
    context.close()


def test_no_request_left_the_site_and_no_script_failed(welcome):
    assert welcome.guard.refused == []
    assert welcome.errors == []
