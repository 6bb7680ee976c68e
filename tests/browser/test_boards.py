"""The game boards in a real browser: render, round-trip clicks, refusals, hot-seat, keyboard, axe.

Each game's *Play a game* notebook (the last part of its track in ``lite/tracks.json``) is opened once (module fixtures) and
its cells run; the tests then drive the boards as a visitor would and check,
through cells run in the in-browser kernel, what Python holds.

The accessibility scan injects axe-core, installed from the npm registry into
the git-ignored ``.build-env/axe`` (never from a CDN), into the page.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from .browser_helpers import (
    ERROR_OUTPUT, SCREENSHOTS, boards_drawn_by, open_notebook, run_all_cells, run_python, save_screenshot,
)

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
AXE_VERSION = "4.14.1"
AXE_DIR = REPO / ".build-env" / "axe"
SERIOUS = ("serious", "critical")


def axe_source() -> str:
    """axe-core's script, installed once with npm into a git-ignored cache."""
    script = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
    package = AXE_DIR / "node_modules" / "axe-core" / "package.json"
    if not script.is_file() or json.loads(package.read_text())["version"] != AXE_VERSION:
        AXE_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix", str(AXE_DIR),
                        f"axe-core@{AXE_VERSION}"], check=True, timeout=300)
    return script.read_text(encoding="utf-8")


def axe_violations(page, selector: str) -> list[dict]:
    """Serious or critical axe-core violations inside ``selector``."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    result = page.evaluate(
        """async (selector) => {
            const nodes = [...document.querySelectorAll(selector)];
            const out = [];
            for (const node of nodes) {
                const r = await axe.run(node, { resultTypes: ['violations'] });
                out.push(...r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.slice(0, 3).map(n => n.html.slice(0, 160)) })));
            }
            return out;
        }""",
        selector,
    )
    return [v for v in result if v["impact"] in SERIOUS]


def python_json(notebook, expression: str):
    """Evaluate ``expression`` in the in-browser kernel and read its JSON."""
    out = run_python(notebook, f"import json as _j; print(_j.dumps({expression}))")
    return json.loads(out.strip().splitlines()[-1])


def wait_for_text_change(locator, before: str, timeout: int = 30_000) -> None:
    locator.page.wait_for_function("([el, before]) => el.textContent !== before",
                                   arg=[locator.element_handle(), before], timeout=timeout)


def wait_for_your_turn(board) -> None:
    """Wait until the bots have replied (one action per tick) and the seat shown is to move."""
    board.page.wait_for_function("el => el.textContent.startsWith('Your turn')",
                                 arg=board.locator(".spynb-play__status").element_handle(), timeout=60_000)


def play_notebook(game: str) -> str:
    """The *Play a game* notebook of ``game``: the last part of its track."""
    tracks = json.loads((REPO / "lite" / "tracks.json").read_text(encoding="utf-8"))["tracks"]
    return next(t for t in tracks if t.get("game") == game)["parts"][-1]["notebook"]


def _board_notebook(browser, site_url, name: str):
    """Open the play notebook of a game (``name``: ``<game>.ipynb``), run it, and wait until all its boards are
    drawn."""
    path = play_notebook(name.removesuffix(".ipynb"))
    boards = boards_drawn_by(path)
    notebook = open_notebook(browser, site_url, path)
    run_all_cells(notebook)
    notebook.page.locator(".spynb-play").nth(boards - 1).wait_for(timeout=60_000)
    return notebook


@pytest.fixture(scope="module")
def cd_notebook(browser, site_url):
    notebook = _board_notebook(browser, site_url, "cloak-dagger.ipynb")
    yield notebook
    notebook.page.context.close()


def test_cloak_dagger_notebook_runs_clean(cd_notebook):
    page = cd_notebook.page
    assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
    assert page.locator(".spynb-play").count() == boards_drawn_by(play_notebook("cloak-dagger")) == 3
    assert cd_notebook.guard.refused == [], "requests left 127.0.0.1"


def test_cloak_dagger_board_renders_the_seat_view(cd_notebook, screenshots):
    page = cd_notebook.page
    board = page.locator(".spynb-play").nth(1)
    wait_for_your_turn(board)
    assert board.locator(".cd-env").count() == 20
    assert "what seat 1 knows" in board.locator(".spynb-play__label").inner_text()
    shown = board.locator(".cd-env.is-legal").evaluate_all("els => els.map(e => e.dataset.action)")
    held = python_json(cd_notebook, "board.legal")
    assert shown == held and shown
    assert board.locator(".cd-hint a.spynb-play__rule").inner_text() in ("CD-4 ↗", "CD-5 ↗")  # beside, not inside
    board.screenshot(path=str(screenshots / "cd-board.png"))


def test_a_click_round_trips_and_a_wrong_click_shows_the_rule(cd_notebook, screenshots):
    page = cd_notebook.page
    board = page.locator(".spynb-play").nth(1)
    status = board.locator(".spynb-play__status")
    played = python_json(cd_notebook, "len(board.game.actions)")
    before = board.locator(".cd-env").nth(10).inner_text()
    board.locator('.cd-env[data-action="11"]').click()  # the first envelope: cloak and dagger go in
    page.wait_for_function("([el, before]) => el.innerText !== before",
                           arg=[board.locator(".cd-env").nth(10).element_handle(), before], timeout=30_000)
    assert "d" in board.locator(".cd-env").nth(10).inner_text()
    wait_for_your_turn(board)  # the bots reply one action per tick
    assert python_json(cd_notebook, "len(board.game.actions)") > played
    told = board.locator(".spynb-play__narration").inner_text()
    assert told.startswith("Last move") and told.endswith(python_json(cd_notebook, "board.narration['text']"))
    board.scroll_into_view_if_needed()
    save_screenshot(page, "boards-cd-bots-replied")
    # back to the agents: the envelope opens and the choices appear
    board.locator('.cd-env[data-action="11"]').click()
    board.locator(".cd-opened").wait_for(timeout=30_000)
    choices = board.locator(".cd-choices button").evaluate_all("els => els.map(e => e.dataset.action)")
    assert choices == [a for a in python_json(cd_notebook, "board.legal") if not a.isdigit() and not a.startswith("take")]
    board.screenshot(path=str(screenshots / "cd-opened.png"))
    # a second envelope in the same turn is refused with rule CD-3 and nothing changes
    held = python_json(cd_notebook, "[len(board.game.actions), board.legal]")
    text = status.inner_text()
    board.locator('.cd-env[data-action="3"]').click()
    error = board.locator(".spynb-play__error")
    error.wait_for(state="visible", timeout=30_000)
    assert "CD-3" in error.locator(".spynb-play__ruleid").inner_text()
    assert python_json(cd_notebook, "board.error['rule']") == "CD-3"
    assert "null" not in error.inner_text()
    assert python_json(cd_notebook, "[len(board.game.actions), board.legal]") == held
    assert status.inner_text() == text
    board.screenshot(path=str(screenshots / "cd-refused.png"))
    # pick the cloak and show it: the transfer starts
    board.locator('.cd-chip[data-card="d"]').click()
    board.locator('[data-key="transfer-start"]').click()
    page.wait_for_function("el => !el.querySelector('.cd-opened')", arg=board.element_handle(), timeout=30_000)
    assert python_json(cd_notebook, "board.view['hand']") in ("d",)
    assert error.is_hidden()


def test_step_back_reviews_and_the_teaching_view_is_labelled(cd_notebook, screenshots):
    page = cd_notebook.page
    board = page.locator(".spynb-play").nth(1)
    status = board.locator(".spynb-play__status")
    board.locator('[data-key="tool-back"]').click()
    page.wait_for_function("el => el.textContent.startsWith('Reviewing')", arg=status.element_handle(),
                           timeout=30_000)
    assert python_json(cd_notebook, "[board.history['review'] >= 0, board.legal]") == [True, []]
    board.locator('[data-key="tool-live"]').click()
    page.wait_for_function("el => !el.textContent.startsWith('Reviewing')", arg=status.element_handle(),
                           timeout=30_000)
    board.locator('[data-key="tool-teaching"]').click()
    label = board.locator(".spynb-play__label")
    page.wait_for_function("el => el.textContent.includes('omniscient')", arg=label.element_handle(), timeout=30_000)
    assert board.locator(".cd-hands").count() == 1
    board.screenshot(path=str(screenshots / "cd-teaching.png"))
    board.locator('[data-key="tool-teaching"]').click()
    page.wait_for_function("el => el.textContent.includes('what seat 1 knows')", arg=label.element_handle(),
                           timeout=30_000)


def test_hot_seat_cover_hides_the_hand_and_keyboard_plays(cd_notebook, screenshots):
    page = cd_notebook.page
    board = page.locator(".spynb-play").nth(2)
    cover = board.locator(".spynb-play__cover")
    assert cover.is_visible()
    assert "Pass the device to" in cover.inner_text()
    assert board.locator(".cd-env").count() == 0 and board.locator(".cd-hand").count() == 0
    held = python_json(cd_notebook, "[hotseat.view, hotseat.legal]")
    assert held[0].get("covered") is True and "hand" not in held[0] and "notes" not in held[0] and held[1] == []
    board.screenshot(path=str(screenshots / "cd-hotseat-cover.png"))
    first = python_json(cd_notebook, "hotseat.game.turn.seats[0]")
    # keyboard only: focus the cover's button, Enter; arrows move in the box; Enter selects
    board.locator('[data-key="cover-show"]').focus()
    page.keyboard.press("Enter")
    board.locator(".cd-env").first.wait_for(timeout=30_000)
    assert python_json(cd_notebook, "hotseat.viewer") == first
    board.locator('.cd-env[data-action="1"]').focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("() => document.activeElement.dataset.action")
    assert focused == "7"
    page.keyboard.press("Enter")
    cover.wait_for(state="visible", timeout=30_000)
    assert python_json(cd_notebook, "[str(a) for _, a in hotseat.game.actions]")[-1] == "7"
    assert board.locator(".cd-hand").count() == 0
    assert f"seat {3 - first}" in cover.inner_text()


def test_user_text_is_shown_as_text(cd_notebook):
    page = cd_notebook.page
    run_python(cd_notebook, 'named = CloakDaggerBoard(seats=2, players=["human", "human"], '
                            'names=["<b>Ann</b>", "<img src=x>"])\nnamed')
    board = page.locator(".spynb-play").last
    board.wait_for(timeout=30_000)
    assert "<b>Ann</b>" in board.locator(".spynb-play__cover").inner_text()
    assert board.locator(".spynb-play__cover b, .spynb-play__cover img").count() == 0


def actions_reach(notebook, expression: str, at_least: int, tries: int = 60) -> int:
    """Poll the kernel until ``expression`` (a count) reaches ``at_least``; return the count."""
    for _ in range(tries):
        count = python_json(notebook, expression)
        if count >= at_least:
            return count
        notebook.page.wait_for_timeout(500)
    return count


def test_a_board_of_bots_steps_one_move_at_a_time_and_stops(cd_notebook):
    page = cd_notebook.page
    run_python(cd_notebook, 'bots = CloakDaggerBoard(seats=3, seed=5, players=["rules", "rules", "rules"])\nbots')
    board = page.locator(".spynb-play").last
    board.locator(".cd-env").first.wait_for(timeout=30_000)
    status = board.locator(".spynb-play__status")
    assert "press Step" in status.inner_text()
    assert python_json(cd_notebook, "[len(bots.game.actions), bots.pace]") == [0, "step"]
    step = board.locator('[data-key="bots-step"]')
    for n in range(1, 4):  # each Step: exactly one bot action
        step.click()
        assert actions_reach(cd_notebook, "len(bots.game.actions)", n) == n
        page.wait_for_timeout(400)
        assert python_json(cd_notebook, "len(bots.game.actions)") == n, "one Step, one bot action"
    narration = board.locator(".spynb-play__narration")
    told = python_json(cd_notebook, "bots.narration['text']")
    page.wait_for_function("([el, text]) => el.textContent.endsWith(text)", arg=[narration.element_handle(), told],
                           timeout=30_000)
    board.scroll_into_view_if_needed()
    save_screenshot(page, "boards-bots-stepped")
    # Fast: the timer asks for one action per tick; Stop: the bots wait for Step again
    board.locator('[data-key="bots-fast"]').click()
    page.wait_for_function("el => el.textContent.includes('is thinking')", arg=status.element_handle(),
                           timeout=30_000)
    assert actions_reach(cd_notebook, "len(bots.game.actions)", 8) >= 8
    stop = board.locator('[data-key="bots-stop"]')
    stop.click()
    page.wait_for_function("el => el.textContent.includes('press Step')", arg=status.element_handle(),
                           timeout=30_000)
    stopped = python_json(cd_notebook, "[len(bots.game.actions), bots.pace]")
    page.wait_for_timeout(1500)
    assert python_json(cd_notebook, "[len(bots.game.actions), bots.pace]") == stopped and stopped[1] == "step"
    assert stop.get_attribute("aria-pressed") == "true"
    board.scroll_into_view_if_needed()
    save_screenshot(page, "boards-bots-stopped")


def test_cloak_dagger_boards_have_no_serious_accessibility_violations(cd_notebook):
    violations = axe_violations(cd_notebook.page, ".spynb-play")
    assert violations == [], violations


@pytest.fixture(scope="module")
def kl_notebook(browser, site_url):
    notebook = _board_notebook(browser, site_url, "kloak.ipynb")
    yield notebook
    notebook.page.context.close()


def test_kloak_board_touch_move_and_a_move_round_trip(kl_notebook, screenshots):
    page = kl_notebook.page
    assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
    board = page.locator(".spynb-play").nth(0)
    assert board.locator(".kl-square").count() == 25
    board.screenshot(path=str(screenshots / "kl-board.png"))
    legal = python_json(kl_notebook, "board.legal")
    start = next(n for n in legal if n.startswith("B "))[2:4]
    # keyboard: focus a square, Enter touches the piece (KL-14)
    board.locator(f'.kl-square[data-square="{start}"]').focus()
    page.keyboard.press("Enter")
    board.locator(".kl-square.is-touched").wait_for(timeout=30_000)
    assert python_json(kl_notebook, "board.touched") == start
    touch = board.locator(".kl-touch")  # the ruling follows the sentence as a link, never inside it
    assert touch.locator("a.spynb-play__rule").inner_text() == "KL-14 ↗"
    assert touch.inner_text().startswith(f"You touched the piece on {start}: you must move it. Choose where. KL-14")
    # touching another piece is refused with KL-14 and changes nothing
    other = next(n[2:4] for n in legal if n.startswith("B ") and n[2:4] != start)
    board.locator(f'.kl-square[data-square="{other}"]').click()
    error = board.locator(".spynb-play__error")
    error.wait_for(state="visible", timeout=30_000)
    assert "KL-14" in error.inner_text()
    assert python_json(kl_notebook, "[board.touched, board.error['rule']]") == [start, "KL-14"]
    board.screenshot(path=str(screenshots / "kl-touched.png"))
    played = python_json(kl_notebook, "len(board.game.actions)")
    board.locator(".kl-square.is-target:not(.is-twoway)").first.click()
    page.wait_for_function("el => !el.querySelector('.kl-square.is-touched')", arg=board.element_handle(),
                           timeout=30_000)
    assert python_json(kl_notebook, "len(board.game.actions)") > played
    assert error.is_hidden()


def test_kloak_claim_mode_and_memory_switch(kl_notebook, screenshots):
    page = kl_notebook.page
    board = page.locator(".spynb-play").nth(0)
    board.locator('[data-key="reveal"]').click()
    page.wait_for_function("el => el.querySelector('[data-key=\"reveal\"]').getAttribute('aria-pressed') === 'true'",
                           arg=board.element_handle(), timeout=30_000)
    assert python_json(kl_notebook, "board.reveal") is True
    board.locator('[data-key="claim-mode"]').click()
    for square in ("a2", "b3", "c4"):
        board.locator(f'.kl-square[data-square="{square}"]').click()
    assert board.locator(".kl-square.is-claimed").count() == 3
    hint = board.locator(".kl-hint a.spynb-play__rule")
    assert hint.all_inner_texts() == ["KL-7 ↗", "KL-8 ↗"] and not RULE_ID.search(
        board.locator(".kl-claimbar .kl-hint").evaluate("el => el.firstChild.textContent"))
    board.screenshot(path=str(screenshots / "kl-claim.png"))
    legal, before = python_json(kl_notebook, "['claim a2 b3 c4' in map(str, board.game.legal_actions()), "
                                             "len(board.game.actions)]")
    board.locator('[data-key="claim-send"]').click()
    page.wait_for_timeout(1500)
    rule, after = python_json(kl_notebook, "[board.error.get('rule', ''), len(board.game.actions)]")
    if legal:  # played (and the bot at the other seat may have answered)
        assert rule == "" and after > before
    else:  # refused with the claim rule, nothing played
        assert (rule, after) == ("KL-7", before)


def test_kloak_boards_have_no_serious_accessibility_violations(kl_notebook):
    violations = axe_violations(kl_notebook.page, ".spynb-play")
    assert violations == [], violations


@pytest.fixture(scope="module")
def tg_notebook(browser, site_url):
    notebook = _board_notebook(browser, site_url, "target.ipynb")
    yield notebook
    notebook.page.context.close()


def test_target_board_renders_and_a_play_round_trips(tg_notebook, screenshots):
    page = tg_notebook.page
    assert page.locator(ERROR_OUTPUT).count() == 0, page.locator(ERROR_OUTPUT).all_inner_texts()
    board = page.locator(".spynb-play").nth(0)
    assert board.locator(".tg-place").count() == 6  # four seats, two HQs
    assert board.locator(".tg-steps li").count() == 6
    assert board.locator(".tg-place.is-target").count() == 1
    # the stage's ruling and each card's stand beside their text as small links, not inside it
    assert board.locator(".tg-stage").inner_text().startswith("Playing: everyone plays one card face down TG-3")
    assert board.locator(".tg-stage a.spynb-play__rule").get_attribute("href").endswith("#TG-3")
    assert board.locator(".tg-hand .tg-effect a.spynb-play__rule").count() == 4
    board.screenshot(path=str(screenshots / "tg-board.png"))
    button = board.locator(".tg-choices button").first
    notation = button.get_attribute("data-action")
    played = python_json(tg_notebook, "len(board.game.actions)")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(1500)
    assert python_json(tg_notebook, "len(board.game.actions)") > played
    assert python_json(tg_notebook, "[e for s, e in [(s, str(a)) for s, a in board.game.actions] if s == 1][0]") == notation
    board.screenshot(path=str(screenshots / "tg-after-play.png"))


def test_target_board_has_no_serious_accessibility_violations(tg_notebook):
    violations = axe_violations(tg_notebook.page, ".spynb-play")
    assert violations == [], violations


# -- each board at the start, after an opponent's move and after the game ends, looked at -----------------
STORIES = {
    "cd": ("CloakDaggerBoard", "cloak-dagger", 3),
    "kl": ("KloakBoard", "kloak", 2),
    "tg": ("TargetBoard", "target", 4),
}


def _shoot(board, name: str) -> None:
    """The whole board, at the notebook's width and at a 768 px wide window (which must not overflow it)."""
    page = board.page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 2400})  # the whole board in sight
    try:
        board.scroll_into_view_if_needed()
        board.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
        page.set_viewport_size({"width": 768, "height": 2400})
        page.wait_for_function("el => el.getBoundingClientRect().width < 740", arg=board.element_handle(),
                               timeout=10_000)
        board.screenshot(path=str(SCREENSHOTS / f"{name}-768.png"))
        overflow = board.evaluate("el => [...el.querySelectorAll('*')].filter(n => n.offsetParent && "
                                  "n.getBoundingClientRect().right > el.getBoundingClientRect().right + 1)"
                                  ".map(n => n.getAttribute('class') || n.tagName).slice(0, 5)")
        assert overflow == [], f"at 768 px these stick out of the board: {overflow}"
    finally:
        page.set_viewport_size(size)


def _story(notebook, key: str) -> None:
    """Start, an opponent's move (told in a sentence that names it), and a finished game, each screenshotted."""
    cls, game, seats = STORIES[key]
    page = notebook.page
    players = ["human"] + ["rules"] * (seats - 1)
    run_python(notebook, f"import spynb\nstory = {cls}(seats={seats}, seed=3, players={players!r})\nstory.pace = 'step'"
                         "\nstory")
    board = page.locator(".spynb-play").last
    board.locator(".spynb-play__status").wait_for(timeout=30_000)
    board.scroll_into_view_if_needed()
    _shoot(board, f"boards-{key}-start")
    # play until a bot (the opponent) is to move, then let it move once with Step
    run_python(notebook, "while story.thinking is None and story.legal and not story.game.over:\n"
                         "    story.play(story.legal[0])")
    played = python_json(notebook, "len(story.game.actions)")
    board.locator('[data-key="bots-step"]').click()
    narration = board.locator(".spynb-play__narration")
    narration.wait_for(state="visible", timeout=30_000)
    assert python_json(notebook, "len(story.game.actions)") == played + 1, "one Step, one action"
    # a choice made face down at a simultaneous turn shows nothing yet: play on to a move that shows something
    run_python(notebook, "for _ in range(40):\n"
                         "    if any(e['new'] for t in story.log for e in t['events']): break\n"
                         "    if story.thinking is not None: story.bot_step()\n"
                         "    elif story.legal: story.play(story.legal[0])")
    told = python_json(notebook, "story.narration")
    assert told["bot"] is True and told["text"]
    assert f"Seat {told['seat']}" in told["text"] or "pile" in told["text"], told  # the sentence names the mover
    page.wait_for_function("([el, text]) => el.textContent.includes(text)", arg=[narration.element_handle(),
                           told["text"][:40]], timeout=30_000)
    assert board.locator(".spynb-play__log li.is-new").count() >= 1
    assert board.locator(".spynb-play__legend").is_visible()
    board.scroll_into_view_if_needed()
    _shoot(board, f"boards-{key}-after-opponent")
    # a game played to its end
    run_python(notebook, "import random as _r\n"
                         f"_g = spynb.new_game({game!r}, seats={seats}, seed=5, options={{'turn_limit': 60}})\n"
                         "_rng = _r.Random(5)\n"
                         "while not _g.over:\n"
                         "    _s = _g.turn.seats[0]\n"
                         "    _g.play(_rng.choice(_g.legal_actions(_s)), _s)\n"
                         f"ended = {cls}(_g, players={players!r})\nended")
    board = page.locator(".spynb-play").last
    status = board.locator(".spynb-play__status")
    page.wait_for_function("el => el.textContent.startsWith('Game over')", arg=status.element_handle(),
                           timeout=30_000)
    assert board.locator(".spynb-play__turn").count() >= 2, "the log keeps every turn"
    assert board.locator(".spynb-play__turn[open]").count() == 1, "only the latest turn is open"
    board.scroll_into_view_if_needed()
    _shoot(board, f"boards-{key}-ended")
    violations = axe_violations(page, ".spynb-play")  # the told move, the log and the finished board too
    assert violations == [], violations


def test_cloak_dagger_board_story(cd_notebook):
    _story(cd_notebook, "cd")
    board = cd_notebook.page.locator(".spynb-play").last
    assert board.locator(".cd-key .cd-card").count() == 4, "the key shows the four kinds"
    assert "~" not in board.locator(".cd-box").inner_text(), "no raw note markup"
    assert board.locator(".cd-notes").count() == 0, "the notes live on the envelopes, once"


def test_kloak_board_story(kl_notebook):
    _story(kl_notebook, "kl")
    assert "[object Object]" not in kl_notebook.page.locator(".spynb-play").last.inner_text()


def test_target_board_story(tg_notebook):
    _story(tg_notebook, "tg")
    board = tg_notebook.page.locator(".spynb-play").last
    assert board.locator(".tg-card .tg-band").count() >= 1
    assert "for a clearance token" not in board.inner_text()
    # the finished game's pile: the cards revealed in its last turn, those taken or discarded since faded and
    # said to be gone (the pile is empty once the Target has taken the rest)
    view = python_json(tg_notebook, "{k: list(ended.game.view(1)[k]) for k in ('revealed', 'pile')}")
    gone = len(view["revealed"]) - len(view["pile"])
    assert gone >= 1, view
    assert board.locator(".tg-pile .tg-card").count() == len(view["revealed"])
    assert board.locator(".tg-pile .tg-card--gone").count() == gone
    assert board.locator(".tg-pile .tg-card--gone .tg-gone").first.inner_text() == "no longer in the pile"
    assert ("this turn" in board.locator(".tg-pile").inner_text()), "a sentence tells what the faded cards are"
    _rules_beside_sentences(board, "boards-tg-rule-links")


RULE_ID = re.compile(r"\b(?:CD|KL|TG)-(?:S|FAQ-)?[0-9]+\b")


def _rules_beside_sentences(board, shot: str) -> None:
    """The log's sentences hold no rule id; the rule each applies follows it as a small link to the rules page,
    in sight without hovering, its citation read out to screen readers."""
    board.evaluate("el => el.querySelectorAll('.spynb-play__turn').forEach((turn) => { turn.open = true; })")
    log = board.locator(".spynb-play__log")
    prose = log.evaluate("el => { const copy = el.cloneNode(true); "
                         "copy.querySelectorAll('a').forEach((a) => a.remove()); return copy.textContent; }")
    assert not RULE_ID.search(prose), RULE_ID.search(prose)
    links = log.locator("li a.spynb-play__rule")
    assert links.count() >= 3, "a finished game of The Target applies rulings the log links"
    link = links.last
    rule = link.inner_text().removesuffix(" ↗")
    assert RULE_ID.fullmatch(rule) and link.get_attribute("href") == f"../rules/index.html?%#{rule}"
    assert link.get_attribute("target") is None and link.get_attribute("aria-label").startswith(f"Rule {rule} ")
    assert link.is_visible() and link.evaluate("el => getComputedStyle(el).color") == "rgb(0, 114, 178)", "a link's blue"
    ratio = link.evaluate("el => parseFloat(getComputedStyle(el).fontSize) / "
                          "parseFloat(getComputedStyle(el.parentElement).fontSize)")
    assert 0.7 <= ratio < 1, f"small beside the sentence, and still readable: {ratio}"
    assert link.evaluate("el => el.parentElement.textContent.trim().endsWith(el.textContent)"), "after the sentence"
    link.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    log.screenshot(path=str(SCREENSHOTS / f"{shot}.png"))
