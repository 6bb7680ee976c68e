"""Phones and small windows: at 390 px and at 768 px no page of the site scrolls sideways.

For the welcome page once its board is live, each game's rules, what is taught where, and the first lesson
of each game's track once its board is live: the page is no wider than the window, and no element of a board
reaches past the window or its cell's output (which would cut it off, or give the output a sideways scroll
bar), with the board's folded sections shut and open. On a phone a board's side panel sits under the board,
and The Target's places on the circle do not overlap. Every page and board is saved as a screenshot under
``_output/screenshots/small-*.png`` to be looked at.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "lite"))

from tracks import load_tracks  # noqa: E402

from .browser_helpers import SCREENSHOTS, Notebook, guarded_context, save_screenshot, wait_until_live  # noqa: E402
from .test_boards import axe_violations  # noqa: E402

pytestmark = pytest.mark.browser

SCREENS = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 768, "height": 1024}}
GAMES = [track for track in load_tracks() if track.game]
LIVE_TIMEOUT = 180_000

#: the page's width against the window's
PAGE_WIDTH = "() => ({page: document.documentElement.scrollWidth, window: window.innerWidth})"

#: every element drawn inside ``box`` that reaches past the window or past ``limit`` (by default ``box``),
#: and ``box`` itself when its content is wider than it is (a sideways scroll bar)
STICKING_OUT = """(box, limit) => {
    const frame = (limit || box).getBoundingClientRect();
    const left = Math.max(0, frame.left) - 0.5, right = Math.min(window.innerWidth, frame.right) + 0.5;
    const out = [];
    if (box.scrollWidth > box.clientWidth + 1) out.push(`the box scrolls: ${box.clientWidth} < ${box.scrollWidth}`);
    for (const el of box.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if ((r.width || r.height) && (r.left < left || r.right > right)) {
            const name = el.dataset?.key ? `[data-key=${el.dataset.key}]` : String(el.className?.baseVal ?? el.className);
            out.push(`${el.tagName.toLowerCase()} ${name}: ${Math.round(r.left)}..${Math.round(r.right)}`);
        }
    }
    return {out: out.slice(0, 12), count: out.length, within: [Math.round(left), Math.round(right)]};
}"""

#: each board's main part and side panel (board_common.js draws one of these per game)
PANELS = {"kloak": (".kl-left", ".kl-side"), "target": (".tg-left", ".tg-right"), "cloak-dagger": (".cd-left", ".cd-right")}

#: pairs of The Target's places on the circle whose boxes overlap
PLACES_OVERLAP = """(table) => {
    const boxes = [...table.querySelectorAll('.tg-place')].map(p => [p.dataset.key, p.getBoundingClientRect()]);
    const hits = [];
    boxes.forEach(([a, r], i) => boxes.slice(i + 1).forEach(([b, s]) => {
        if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1) hits.push(`${a}/${b}`);
    }));
    return hits;
}"""


@pytest.fixture(scope="module", params=list(SCREENS))
def screen(request, browser):
    """One browser context per window size; its network guard refuses every request off 127.0.0.1."""
    context, guard = guarded_context(browser, SCREENS[request.param])
    context.size_name, context.guard = request.param, guard
    yield context
    context.close()
    assert guard.refused == [], "requests left 127.0.0.1"


def assert_page_fits(page) -> None:
    width = page.evaluate(PAGE_WIDTH)
    assert width["page"] <= width["window"], f"{page.url} scrolls sideways: {width}"


def assert_nothing_sticks_out(box, limit=None) -> None:
    found = box.evaluate(STICKING_OUT, limit.element_handle() if limit else None)
    assert found["count"] == 0, f"{found['count']} elements outside {found['within']}: {found['out']}"


def open_every_section(box) -> None:
    """Open the board's folded sections (the log's turns, New game, Save / load a record)."""
    box.evaluate("el => el.querySelectorAll('details').forEach(d => { d.open = true; })")
    box.page.wait_for_timeout(200)


def assert_side_panel_under_the_board(board, game: str) -> None:
    main, side = (board.locator(selector).first.bounding_box() for selector in PANELS[game])
    assert side["y"] >= main["y"] + main["height"] - 1, f"{game}: the side panel is beside the board, not under it"


def shoot(page, target, name: str) -> Path:
    """Screenshot the window's width from the top of ``target`` to its foot.

    A lesson scrolls inside the notebook, not the page, so the window is made tall enough for the whole
    board while the picture is taken (its width, hence the layout, unchanged).
    """
    size = page.viewport_size
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    try:
        page.set_viewport_size({"width": size["width"], "height": max(size["height"], 3000)})
        target.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        box = target.bounding_box()
        page.screenshot(path=str(path), clip={"x": 0, "y": box["y"], "width": size["width"], "height": box["height"]})
    finally:
        page.set_viewport_size(size)
    return path


def shoot_window(page, name: str) -> None:
    """Screenshot what the window shows (a rules page is too long to save whole)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def test_the_welcome_page_and_its_live_board_fit(screen, site_url):
    page = screen.new_page()
    try:
        page.goto(site_url)
        page.wait_for_function("() => window.spynbWelcome && (window.spynbWelcome.ready || window.spynbWelcome.error)",
                               timeout=LIVE_TIMEOUT, polling=250)
        assert page.evaluate("() => window.spynbWelcome.error") == ""
        assert_page_fits(page)
        board = page.locator("#live-board .spynb-play")
        assert_nothing_sticks_out(board)
        assert_nothing_sticks_out(page.locator("main"))
        if screen.size_name == "phone":
            assert_side_panel_under_the_board(board, "kloak")
        save_screenshot(page, f"small-{screen.size_name}-welcome")
        open_every_section(board)
        assert_nothing_sticks_out(board)
        assert_page_fits(page)
        shoot(page, board, f"small-{screen.size_name}-welcome-board")
    finally:
        page.close()


@pytest.mark.parametrize("game", [track.game for track in GAMES])
def test_each_games_rules_fit(screen, site_url, game):
    page = screen.new_page()
    try:
        page.goto(f"{site_url}rules/index.html#{game}")
        section = page.locator(f"section.game#{game}")
        section.wait_for()
        assert_page_fits(page)
        assert_nothing_sticks_out(section, page.locator("main"))
        shoot_window(page, f"small-{screen.size_name}-rules-{game}")
    finally:
        page.close()


def test_what_is_taught_where_fits(screen, site_url):
    page = screen.new_page()
    try:
        page.goto(f"{site_url}rules/taught.html")
        page.get_by_role("heading", level=1).wait_for()
        assert_page_fits(page)
        assert_nothing_sticks_out(page.locator("main"))
        shoot_window(page, f"small-{screen.size_name}-taught")
        assert axe_violations(page, "main") == []  # on a phone its table is drawn as blocks (lite/site.css)
    finally:
        page.close()


@pytest.mark.parametrize("track", GAMES, ids=lambda t: t.id)
def test_the_first_lesson_and_its_boards_fit(screen, site_url, track):
    page = screen.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(f"{site_url}notebooks/index.html?path={track.parts[0].notebook}")
        assert wait_until_live(Notebook(page, screen.guard, errors)) == "live", errors[:3]
        outputs = page.locator(".jp-OutputArea-output:has(.spynb-play)")
        outputs.first.wait_for()
        page.wait_for_timeout(500)  # the last board's layout
        assert_page_fits(page)
        for i, output in enumerate(outputs.all()):
            assert_nothing_sticks_out(output)
            board = output.locator(".spynb-play")
            if screen.size_name == "phone":
                assert_side_panel_under_the_board(board, track.game)
            if track.game == "target":
                assert board.locator(".tg-table").evaluate(PLACES_OVERLAP) == []
            open_every_section(output)
            assert_nothing_sticks_out(output)
            shoot(page, output, f"small-{screen.size_name}-{track.id}-board{i + 1}")
        assert errors == []
    finally:
        page.close()
