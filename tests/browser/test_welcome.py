"""The site's front door in a real browser: the welcome page, its tracks, the rules page and a rule link.

The welcome page and the rules pages are static: they show without Python.
A notebook's rule link (``spynb.rulespage.rule_href``) and its welcome link
leave JupyterLab for the site's page, in a new tab that lands on the anchor.
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
    NO_SERVICE_WORKER, SCREENSHOTS, NetworkGuard, open_notebook, save_screenshot,
)
from .test_boards import axe_violations  # noqa: E402

pytestmark = pytest.mark.browser

GAMES = [track for track in load_tracks() if track.game]


@pytest.fixture(scope="module")
def context(browser):
    guard = NetworkGuard()
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    context.add_init_script(NO_SERVICE_WORKER)
    context.route("**/*", guard.handle)
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
    assert "Run ▸ Run All Cells" in welcome.locator(".how").inner_text()
    cards = welcome.locator(".card")
    assert cards.count() == len(GAMES)
    for card, track in zip(cards.all(), GAMES):
        assert card.get_by_role("heading", level=3).inner_text() == track.title
        picture = card.locator("img")
        assert picture.evaluate("img => img.complete && img.naturalWidth > 0"), track.id
        assert card.locator("a.start").count() == 1
    save_screenshot(welcome, "welcome")
    assert welcome.context.guard.refused == [], "requests left 127.0.0.1"


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
        first_cell.get_by_text("run all its cells").wait_for(timeout=60_000)
        first = first_cell.inner_text()
        assert first.startswith("To make this page live, run all its cells")
        assert f"{track.title} · part 1 of {len(track.parts)}" in first
        picture = welcome.locator(".jp-MarkdownCell img").first
        picture.wait_for()
        assert picture.evaluate("img => img.complete && img.naturalWidth > 0")  # drawn before any cell ran
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


def test_a_rule_link_in_a_notebook_lands_on_the_rule(browser, site_url):
    """A link built with rule_href, clicked in a notebook of the single-notebook app, opens the rule."""
    notebook = open_notebook(browser, site_url, f"{GAMES[0].parts[0].notebook}")
    page = notebook.page
    try:
        link = page.locator(f'.jp-MarkdownCell a[href^="{rule_href("")}"]').first
        rule_id = unquote(link.get_attribute("href").partition("#")[2])
        assert link.get_attribute("href") == rule_href(rule_id)
        with page.context.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.wait_for_load_state()
        assert rules.url.startswith(f"{site_url}rules/index.html")
        assert rules.evaluate("() => document.querySelector(':target').id") == rule_anchor(rule_id)
        assert rules.locator(f'[id="{rule_anchor(rule_id)}"]').is_visible()
        home = page.locator(".jp-MarkdownCell a", has_text="Back to the welcome page")
        with page.context.expect_page() as opened:
            home.click()
        opened.value.get_by_role("heading", level=1).wait_for()
        assert opened.value.locator(".card").count() == len(GAMES)
        following = page.locator(".jp-MarkdownCell a", has_text=f"part 2 of {len(GAMES[0].parts)}")
        with page.context.expect_page() as opened:
            following.click()
        opened.value.wait_for_url("**/notebooks/index.html?path=*02-*", timeout=120_000)
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
