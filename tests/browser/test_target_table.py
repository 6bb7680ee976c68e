"""The Target's table in a real browser: the places round the table at 4, 7 and 11 seats, and the hand.

At 1366, 768 and 390 px wide, a game played some turns in (Intel deposited at the HQs, cards in front of
seats, clearance tokens) is drawn with no two places overlapping, none over the pile and the hand in the
middle, and none past the board's edge; each is saved as ``_output/screenshots/tg-table-<seats>-<width>.png``
to be looked at. A card of the hand is played by clicking it (tests/widgets/test_target_board.py tries
the other cards' clicks: countering in the pile, a wrong click).
"""

from __future__ import annotations

import pytest

from .browser_helpers import SCREENSHOTS, run_python
from .test_boards import _board_notebook, axe_violations, python_json

pytestmark = pytest.mark.browser

WIDTHS = (1366, 768, 390)
#: seats -> a seed whose random game reaches, some turns in, Intel deposited, cards in front and tokens
BUSY_SEEDS = {4: 1, 7: 2, 11: 1}

#: a random game of ``seats`` played until seat 1 is to play with Intel deposited, two cards in front of seats
#: and two clearance tokens out, then drawn as a board for seat 1 (the other seats' bots never move: Step)
BUSY_TABLE = """import random as _r, spynb
from spynb.engine import sample_chance as _chance
_g = spynb.new_game("target", seats={seats}, seed={seed}, options={{"turn_limit": 60}})
_rng = _r.Random({seed})
def _busy(view):
    return (view["stage"] == "play" and 1 in view["to_move"] and sum(map(len, view["deposits"].values())) >= 3
            and sum(map(len, view["front"].values())) >= 2 and sum(map(len, view["tokens"].values())) >= 2)
while not _busy(_g.view(1).to_dict()):
    _s = _g.turn.seats[0] if _g.turn.seats else None
    _g.play(_rng.choice(_g.legal_actions(_s)), _s) if _s else _g.play(_chance(_g.state, _rng))
table = TargetBoard(_g, players=["human"] + ["rules"] * {others})
table.pace = "step"
table"""

#: the pairs of the table's places, and of a place and the middle (pile and hand), whose boxes overlap, and the
#: places reaching past the board's sides
OVERLAPS = """(table) => {
    const edge = table.closest('.spynb-play').getBoundingClientRect();
    const boxes = [...table.querySelectorAll('.tg-place, .tg-middle')].map(p => [p.dataset.key || 'middle',
        p.getBoundingClientRect()]);
    const hits = [];
    boxes.forEach(([a, r], i) => {
        if (r.left < edge.left - 1 || r.right > edge.right + 1) hits.push(`${a} past the board's edge`);
        boxes.slice(i + 1).forEach(([b, s]) => {
            if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1)
                hits.push(`${a}/${b}`);
        });
    });
    return {hits, places: boxes.length};
}"""


@pytest.fixture(scope="module")
def tg_table(browser, site_url):
    notebook = _board_notebook(browser, site_url, "target.ipynb")
    yield notebook
    notebook.page.context.close()


def _draw_busy_table(notebook, seats: int):
    run_python(notebook, BUSY_TABLE.format(seats=seats, seed=BUSY_SEEDS[seats], others=seats - 1), timeout=120_000)
    board = notebook.page.locator(".spynb-play").last
    board.locator(".tg-place").first.wait_for(timeout=30_000)
    return board


@pytest.mark.parametrize("seats", sorted(BUSY_SEEDS))
def test_the_places_round_the_table_never_overlap(tg_table, seats):
    page = tg_table.page
    board = _draw_busy_table(tg_table, seats)
    assert board.locator(".tg-place").count() == seats + 2
    order = board.locator(".tg-place").evaluate_all("els => els.map(e => e.dataset.key)")
    half = -(-seats // 2)
    assert order == (["hq-KGB"] + [f"seat-{s}" for s in range(1, half + 1)] + ["hq-CIA"]
                     + [f"seat-{s}" for s in range(half + 1, seats + 1)]), "the circle's order (TG-2)"
    size = page.viewport_size
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 2400})
            page.wait_for_timeout(400)
            board.scroll_into_view_if_needed()
            found = board.locator(".tg-table").evaluate(OVERLAPS)
            board.screenshot(path=str(SCREENSHOTS / f"tg-table-{seats}-{width}.png"))
            assert found == {"hits": [], "places": seats + 3}, f"{seats} seats at {width} px: {found['hits']}"
    finally:
        page.set_viewport_size(size)


def test_clicking_a_card_of_the_hand_plays_it(tg_table):
    run_python(tg_table, 'fresh = TargetBoard(seats=5, seed=4, players=["human"] + ["rules"] * 4)\n'
                         'fresh.pace = "step"\nfresh')
    board = tg_table.page.locator(".spynb-play").last
    card = board.locator(".tg-hand .tg-card").first
    card.wait_for(timeout=30_000)
    notation = card.get_attribute("data-action")
    assert notation and notation.startswith("play ")
    card.click()
    board.locator(".tg-hand").locator(f'[data-action="{notation}"]').wait_for(state="detached", timeout=30_000)
    assert python_json(tg_table, "[str(a) for s, a in fresh.game.actions if s == 1]") == [notation]
    assert axe_violations(tg_table.page, ".spynb-play") == []


def test_a_small_card_at_a_seat_or_hq_shows_its_text_when_pressed(tg_table):
    """The cards in the seats' and HQs' boxes are small; pressed (a click, a tap, a key), each shows what it says
    in a line of its place, readable without hovering, and pressed again hides it."""
    page = tg_table.page
    board = _draw_busy_table(tg_table, 7)
    card = board.locator(".tg-place--hq .tg-card--small").first
    place = card.locator("xpath=ancestor::li[contains(@class, 'tg-place')]")
    key = place.get_attribute("data-key")
    assert card.get_attribute("aria-expanded") == "false" and place.locator(".tg-detail").count() == 0
    said = card.get_attribute("aria-label")
    card.click()
    detail = board.locator(f'[data-key="detail-{key}"]')
    detail.wait_for(timeout=10_000)
    assert detail.inner_text() == said and ": " in said and detail.is_visible()
    assert board.locator(".tg-place--hq .tg-card--small").first.get_attribute("aria-expanded") == "true"
    assert axe_violations(page, ".spynb-play") == []
    size = page.viewport_size
    try:
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 2400})
            page.wait_for_timeout(300)
            assert detail.bounding_box()["width"] <= width, f"the detail line runs past the page at {width} px"
            board.screenshot(path=str(SCREENSHOTS / f"tg-card-detail-{width}.png"))
    finally:
        page.set_viewport_size(size)
    board.locator(".tg-place--hq .tg-card--small").first.press("Enter")
    detail.wait_for(state="detached", timeout=10_000)
    assert board.locator(".tg-side").count() == 0, "affiliations show only once a side has won"
