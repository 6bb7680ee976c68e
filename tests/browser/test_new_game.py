"""New game with every field left as it is, on every notebook board, in a real browser; and the ending.

Each game's *Play a game* notebook is opened and run; on its first play board (``board``) the test opens *New game* and presses
*Start a new game* without touching a field (the Seed box empty: its default, "random").  JupyterLite's kernel
turns a JavaScript null into Pyodide's ``jsnull``, which once failed here ("the seed must be a whole number from
0, not jsnull"): now a new game starts with a random seed, no error shows, and Python holds it.  Then a game
played to its end is loaded from Python, and the board shows the ending: the result for the seat, who won, why,
and (The Target) every affiliation; screenshots at 1366, 768 and 390 pixels.
"""

from __future__ import annotations

import pytest

from .browser_helpers import run_python
from .test_boards import _board_notebook, axe_violations, python_json
from .test_small_screens import shoot

pytestmark = pytest.mark.browser

GAMES = ("cloak-dagger", "kloak", "target")
WIDTHS = ((1366, 900), (768, 1024), (390, 844))

#: a game of seat 1 (its first legal action each time) against the bots, to its end, loaded on the board
FINISH = """from spynb.widgets.play import controller_class as _cc
_end = _cc(board.GAME)(seats=board.game.seats, seed=3, players=board.players)
while not _end.game.over:
    _end.bot_step() if _end.thinking is not None else _end.play(_end.legal[0])
board.load(_end.save())
print(board.ending['headline'])"""

#: whether an element ends inside its board's right edge (at any width, however long its text)
INSIDE_THE_BOARD = "el => el.getBoundingClientRect().right <= el.closest('.spynb-play').getBoundingClientRect().right"


@pytest.mark.parametrize("game", GAMES)
def test_new_game_with_the_default_fields_then_the_ending(browser, site_url, game):
    notebook = _board_notebook(browser, site_url, f"{game}.ipynb")
    page = notebook.page
    try:
        board = page.locator(".spynb-play:has(> .spynb-play__setup:not([hidden]))").first  # `board`, not a walkthrough
        before = python_json(notebook, "board.game.seed")
        board.locator(".spynb-play__setup > summary").click()
        seed_box = board.locator('.spynb-play__setup input[aria-label^="Seed"]')
        assert seed_box.input_value() == "" and seed_box.get_attribute("placeholder") == "random"
        offered = board.locator('.spynb-play__setup select[aria-label="Variant"] option').all_inner_texts()
        assert offered == python_json(
            notebook, "[board.game.spec.variant_titles.get(v, v) for v in board.game.spec.variants]")
        board.locator('[data-key="setup-start"]').click()
        # the kernel takes the board's message before the cell that asks
        seed, error = python_json(notebook, "[board.game.seed, board.error]")
        assert error == {} and seed != before, error
        assert board.locator(".spynb-play__error").inner_text().strip() == ""
        note = board.locator('[data-key="seed-note"]').inner_text()
        assert "shown when the game ends" in note and str(seed) not in note

        headline = run_finish(notebook)
        ending = board.locator(".spynb-play__ending")
        ending.wait_for(timeout=30_000)
        assert ending.locator("h4").inner_text() == headline and headline in ("You won", "You lost")
        text = ending.inner_text()
        assert "Winner" in text and "Seed 3" in text and ending.locator("a.spynb-play__rule").count() == 1
        if game == "target":
            assert "Who was who:" in text and text.count("Seat ") >= 4
            assert_affiliations_on_the_table(notebook, board)
        assert "This game's seed: 3" in board.locator('[data-key="seed-note"]').inner_text()
        assert axe_violations(page, ".spynb-play__ending") == []
        for width, height in WIDTHS:
            page.set_viewport_size({"width": width, "height": height})
            shoot(page, board, f"ending-{game}-{width}")
            assert board.locator('.spynb-play__setup select[aria-label="Variant"]').evaluate(INSIDE_THE_BOARD), width
        page.set_viewport_size({"width": 1200, "height": 1000})

        board.locator('[data-key="end-again"]').click()
        ending.wait_for(state="hidden", timeout=30_000)
        assert python_json(notebook, "[board.game.seed, board.game.over, board.error]") == [3, False, {}]
        assert notebook.guard.refused == [] and notebook.console_errors == []
    finally:
        page.context.close()


def run_finish(notebook) -> str:
    """Play a game to its end in the kernel, load it on the board, and return the ending's headline."""
    return run_python(notebook, FINISH, timeout=240_000).strip().splitlines()[-1]


def assert_affiliations_on_the_table(notebook, board) -> None:
    """TG-14: once a side has won, each seat's place at the table says its affiliation, in words and its side's
    colour (the border of the place and of the label), as the view at the end holds it."""
    roles = python_json(notebook, "dict(board.view['ending']['roles'])")
    affiliations = python_json(notebook, "dict(board.view['affiliations'])")
    for seat, name in roles.items():
        place = board.locator(f'.tg-place[data-key="seat-{seat}"]')
        label = place.locator(f'[data-key="side-{seat}"]')
        assert label.inner_text() == f"Was {name}"
        assert f"tg-side--{affiliations[seat]}" in place.get_attribute("class")
    colours = {board.locator(f'.tg-place[data-key="seat-{seat}"]').evaluate("el => getComputedStyle(el).borderLeftColor")
               for seat in roles}
    assert len(colours) == len(set(affiliations.values())), "one colour a side"
