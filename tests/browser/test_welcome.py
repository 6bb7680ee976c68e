"""The site's front door in a real browser: the welcome page, its tracks, the rules page and a rule link.

The welcome page and the rules pages are static: they show without Python.
A notebook's rule link (``spynb.rulespage.rule_href``), its welcome link, its
link to the next lesson and a walkthrough's rule link open in the same tab
(lite/lesson_page.js), landing on the anchor, and Back returns to the lesson.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "lite"))

from tracks import load_tracks  # noqa: E402

from spynb.rulespage import rule_anchor, rule_href  # noqa: E402

from .browser_helpers import (  # noqa: E402
    KERNEL_TIMEOUT, NO_SERVICE_WORKER, SCREENSHOTS, NetworkGuard, open_notebook, save_screenshot, wait_until_live,
)
from .test_boards import axe_violations  # noqa: E402

pytestmark = pytest.mark.browser

GAMES = [track for track in load_tracks() if track.game]


@pytest.fixture(scope="module")
def context(browser):
    guard = NetworkGuard()
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    context.add_init_script(NO_SERVICE_WORKER)
    guard.watch(context)
    context.guard = guard
    yield context
    context.close()


@pytest.fixture(scope="module")
def welcome(context, site_url):
    page = context.new_page()
    page.goto(site_url)
    page.get_by_role("heading", level=1).wait_for()
    yield page
    page.close()


def test_the_site_address_shows_the_welcome_page(welcome, site_url):
    assert welcome.url == site_url  # no redirect to the lab
    assert welcome.get_by_role("heading", level=1).inner_text() == "Spy games to learn, play and count"
    assert "Open a lesson and it runs by itself" in welcome.locator(".how").inner_text()
    cards = welcome.locator(".card")
    assert cards.count() == len(GAMES)
    for card, track in zip(cards.all(), GAMES):
        assert card.get_by_role("heading", level=3).inner_text() == track.title
        picture = card.locator("img")
        assert picture.evaluate("img => img.complete && img.naturalWidth > 0"), track.id
        assert card.locator("a.start").count() == 1
    save_screenshot(welcome, "welcome")
    assert welcome.context.guard.refused == [], "requests left 127.0.0.1"


def test_a_first_visitor_sees_the_three_games_and_their_start_here_without_scrolling(browser, site_url):
    """At 1366 × 900 the games' cards, each with its picture, title and Start here, are all in sight on arrival."""
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    try:
        page.goto(site_url, wait_until="domcontentloaded")
        page.get_by_role("heading", level=1).wait_for()
        starts = page.locator("a.start")
        assert starts.count() == len(GAMES)
        for start in starts.all():
            box = start.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 900, box
            assert start.is_visible()
        assert page.evaluate("() => window.scrollY") == 0
        save_screenshot(page, "welcome-first-screen-1366")
    finally:
        page.close()


def test_the_welcome_page_has_no_serious_accessibility_violations(welcome):
    assert axe_violations(welcome, "body") == []


@pytest.mark.parametrize("track", GAMES, ids=lambda t: t.id)
def test_start_here_opens_the_first_part_of_the_track(welcome, track):
    start = welcome.locator(f"#track-{track.id} a.start")
    with welcome.expect_navigation():
        start.click()
    try:
        welcome.wait_for_selector(".jp-Notebook .jp-Cell", timeout=180_000)
        first_cell = welcome.locator(".jp-MarkdownCell .jp-RenderedMarkdown").first
        first_cell.get_by_text("This page runs by itself").wait_for(timeout=60_000)
        first = first_cell.inner_text()
        assert first.startswith("This page runs by itself") and "Run All" not in first
        assert f"{track.title} · part 1 of {len(track.parts)}" in first
        welcome.wait_for_function("() => window.spynbLesson?.waitingAt || window.spynbLesson?.liveBoardAt",
                                  timeout=KERNEL_TIMEOUT, polling=100)  # its board shows before the cell ran
        welcome.locator(".jp-CodeCell .spynb-play").first.wait_for()
    finally:
        welcome.go_back()
        welcome.get_by_role("heading", level=1).wait_for()


def test_the_rules_page_shows_an_anchored_rule(context, site_url):
    page = context.new_page()
    try:
        page.goto(f"{site_url}rules/index.html#CD-8")
        ruling = page.locator('[id="CD-8"]')
        ruling.wait_for()
        assert "Ruling CD-8" in ruling.inner_text() and "spynb's ruling, not rulebook text" in ruling.inner_text()
        assert page.evaluate("() => document.querySelector(':target').id") == "CD-8"
        assert ruling.is_visible() and page.evaluate("() => window.scrollY") > 0
        page.screenshot(path=str(SCREENSHOTS / "rules-at-CD-8.png"))  # what a rule link shows
        page.goto(f"{site_url}rules/index.html")
        save_screenshot(page, "rules")
        page.goto(f"{site_url}rules/taught.html")
        assert page.get_by_role("heading", level=1).inner_text() == "What is taught where"
        save_screenshot(page, "taught")
    finally:
        page.close()


def _follow_in_this_tab(page, link) -> None:
    """Click ``link``: the page it names opens in this tab, no other tab opens."""
    before = page.url
    with page.expect_navigation(timeout=60_000):
        link.click()
    assert page.url != before and page.context.pages == [page], [p.url for p in page.context.pages]


def _back_to_the_lesson(page, lesson_url: str, live: bool = False) -> None:
    """Back returns to the lesson, which starts again (``live``: and waits until it has run itself again)."""
    page.go_back()
    assert page.url == lesson_url
    page.wait_for_function("() => window.spynbLesson?.lesson", timeout=60_000, polling=100)
    if live:
        page.wait_for_function("() => window.spynbLesson?.stage === 'live'", timeout=180_000, polling=250)


def test_links_between_lessons_and_to_the_rules_page_stay_in_the_tab(browser, site_url):
    """Links built with rule_href and site_href, the next lesson's link and a walkthrough's rule link, clicked in
    a lesson of the single-notebook app, open in the same tab; Back returns to the lesson, live again. (Once
    back, the lesson is waited for only when the next link needs its live board: each wait is a kernel start.)"""
    track = GAMES[0]
    notebook = open_notebook(browser, site_url, f"{track.parts[1].notebook}")
    page = notebook.page
    lesson_url = page.url
    try:
        wait_until_live(notebook)
        walk_rule = page.locator(".spynb-walk a.spynb-walk__rule").first
        walk_rule.wait_for(timeout=60_000)
        assert walk_rule.get_attribute("target") is None
        walk_id = unquote(walk_rule.get_attribute("href").partition("#")[2])
        _follow_in_this_tab(page, walk_rule)
        assert page.url.startswith(f"{site_url}rules/index.html")
        assert page.evaluate("() => document.querySelector(':target').id") == rule_anchor(walk_id)
        _back_to_the_lesson(page, lesson_url, live=True)

        link = page.locator(f'.jp-MarkdownCell a[href^="{rule_href("")}"]').first
        rule_id = unquote(link.get_attribute("href").partition("#")[2])
        assert link.get_attribute("href") == rule_href(rule_id)
        _follow_in_this_tab(page, link)
        assert page.url.startswith(f"{site_url}rules/index.html")
        assert page.evaluate("() => document.querySelector(':target').id") == rule_anchor(rule_id)
        assert page.locator(f'[id="{rule_anchor(rule_id)}"]').is_visible()
        _back_to_the_lesson(page, lesson_url)

        _follow_in_this_tab(page, page.locator(".jp-MarkdownCell a", has_text="Back to the welcome page"))
        page.get_by_role("heading", level=1).wait_for()
        assert page.locator(".card").count() == len(GAMES)
        _back_to_the_lesson(page, lesson_url)

        following = page.locator(".jp-MarkdownCell a", has_text=f"part 3 of {len(track.parts)}")
        _follow_in_this_tab(page, following)
        assert page.url == f"{site_url}notebooks/index.html?path={track.parts[2].notebook}"
        page.wait_for_function("() => window.spynbLesson?.lesson", timeout=60_000, polling=100)
        page.locator(".jp-MarkdownCell").first.wait_for(timeout=60_000)
        save_screenshot(page, "lesson-next-same-tab")
        _back_to_the_lesson(page, lesson_url)
        assert notebook.guard.refused == []
    finally:
        page.context.close()


def test_the_visitors_file_list_has_the_tracks_and_no_smoke_tests(context, site_url):
    page = context.new_page()
    try:
        page.goto(f"{site_url}lab/index.html")
        page.locator(".jp-DirListing-item").first.wait_for(timeout=180_000)
        page.wait_for_timeout(1000)
        names = page.locator(".jp-DirListing-item .jp-DirListing-itemText").all_inner_texts()
        assert {track.parts[0].notebook.split("/")[0] for track in load_tracks()} <= set(names)
        assert not [name for name in names if "check" in name], names
    finally:
        page.close()


def test_the_welcome_page_shows_what_this_browser_finished_and_where_to_continue(welcome):
    track = GAMES[0]
    first_game = f"{track.game}-first-game"
    try:
        welcome.evaluate("""(id) => localStorage.setItem('spynb-progress',
            JSON.stringify({[id]: {step: 30, count: 30, finished: true}}))""", first_game)
        welcome.reload()
        card = welcome.locator(f"#track-{track.id}")
        note = card.locator(".track-progress")
        note.wait_for(timeout=10_000)
        assert note.inner_text().startswith("You have won your first game. You have finished 1 of")
        assert card.locator(".parts li").first.inner_text().endswith("✓ finished")
        go = note.locator("a.continue")
        assert go.inner_text() == f"Continue: {track.parts[1].title}"
        assert go.get_attribute("href").endswith(f"path={track.parts[1].notebook}")
        assert welcome.locator(f"#track-{GAMES[1].id} .track-progress").count() == 0  # nothing begun there
        card.scroll_into_view_if_needed()
        save_screenshot(welcome, "welcome-progress")
    finally:
        welcome.evaluate("() => localStorage.removeItem('spynb-progress')")
        welcome.reload()
    assert welcome.locator(".track-progress").count() == 0


def test_a_garbled_progress_store_counts_nothing_finished_and_is_kept_aside(welcome):
    """Issue 50: an entry of another shape is not finished; a store that is no JSON object is not lost."""
    first_game = f"{GAMES[0].game}-first-game"
    try:
        welcome.evaluate("""(id) => localStorage.setItem('spynb-progress', JSON.stringify({
            [id]: {step: 30, count: 30, finished: "false"}, other: {step: -1, count: 3, finished: 1}}))""", first_game)
        welcome.reload()
        note = welcome.locator(f"#track-{GAMES[0].id} .track-progress")
        note.wait_for(timeout=10_000)
        assert "You have finished 0 of" in note.inner_text() and "won" not in note.inner_text()
        kept = welcome.evaluate("""async (id) => {
            localStorage.setItem('spynb-progress', '{not json');
            const { rememberStep, readProgress } = await import(new URL('welcome/progress.js', location.href).href);
            rememberStep(id, 2, 9, 1);
            return [localStorage.getItem('spynb-progress-unreadable'), readProgress()[id]];
        }""", first_game)
        assert kept == ["{not json", {"step": 2, "count": 9, "finished": False, "at": 2}]
    finally:
        welcome.evaluate("() => { localStorage.removeItem('spynb-progress'); "
                         "localStorage.removeItem('spynb-progress-unreadable'); }")
        welcome.reload()


def test_a_walkthrough_left_by_a_rule_link_at_step_5_comes_back_to_step_5(browser, site_url):
    """Issue 54: Back from the rules page returns to the step the learner left, not to step 1; a later visit to
    the lesson's plain address offers to continue there."""
    track = GAMES[0]
    notebook = open_notebook(browser, site_url, f"{track.parts[1].notebook}")
    page = notebook.page
    try:
        wait_until_live(notebook)
        panel = page.locator(".spynb-walk").first
        panel.locator('[data-key="walk-jump"]').select_option("5")
        panel.locator(".spynb-walk__position", has_text="Step 5 of").wait_for(timeout=30_000)
        assert "step=5" in page.url and "walk=" in page.url
        rule = panel.locator("a.spynb-walk__rule").first
        _follow_in_this_tab(page, rule)
        assert page.url.startswith(f"{site_url}rules/index.html")
        page.go_back()
        page.wait_for_function("() => window.spynbLesson?.stage === 'live'", timeout=180_000, polling=250)
        panel = page.locator(".spynb-walk").first
        panel.locator(".spynb-walk__position", has_text="Step 5 of").wait_for(timeout=60_000)
        page.wait_for_function("el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }",
                               arg=panel.element_handle(), timeout=10_000)  # in sight, not below the lesson's text
        page.screenshot(path=str(SCREENSHOTS / "walkthrough-back-at-step-5.png"))
        page.goto(f"{site_url}notebooks/index.html?path={track.parts[1].notebook}")
        page.wait_for_function("() => window.spynbLesson?.stage === 'live'", timeout=180_000, polling=250)
        offer = page.locator(".spynb-walk").first.locator('[data-key="walk-resume"]')
        offer.wait_for(timeout=60_000)
        assert offer.inner_text() == "Continue at step 5"
        offer.click()
        page.locator(".spynb-walk").first.locator(".spynb-walk__position", has_text="Step 5 of").wait_for(timeout=30_000)
    finally:
        page.evaluate("() => localStorage.removeItem('spynb-progress')")
        page.context.close()
