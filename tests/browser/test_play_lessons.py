"""A game's last lesson, Play a game, can be finished, and nothing says so before it is.

It has no walkthrough to finish (KLOAK's and The Target's have none), so the lesson page remembers it as started
when it opens and as finished once a game on it ends (lite/lesson_page.js); the welcome page then counts every
lesson it lists, for every game (progress.js).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from .browser_helpers import open_notebook, run_python, save_screenshot, wait_until_live

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from tracks import load_tracks  # noqa: E402

pytestmark = pytest.mark.browser

GAMES = [track for track in load_tracks() if track.game]
KLOAK = next(track for track in GAMES if track.game == "kloak")
PLAY = KLOAK.parts[-1].notebook

_REMEMBERED = "(id) => JSON.parse(localStorage.getItem('spynb-progress') || '{}')[id] || null"

#: a game of KLOAK played to its end at random, loaded into the lesson's board (its variable ``board``)
_PLAYED_TO_THE_END = """import random
import spynb
_game = spynb.new_game("kloak", seed=4)
_rng = random.Random(1)
while not _game.over:
    _seat = _game.turn.seats[0]
    _game.play(_rng.choice(_game.legal_actions(_seat)), _seat)
print(board.load(_game.record().to_json()), bool(board.ending.get("headline")))"""


def test_a_play_lesson_is_started_when_opened_finished_when_its_game_ends_and_every_lesson_counts(browser, site_url):
    opened = open_notebook(browser, site_url, PLAY)
    page = opened.page
    try:
        assert wait_until_live(opened) == "live"
        assert page.evaluate(_REMEMBERED, PLAY) == {"step": 0, "count": 1, "finished": False}
        text = page.locator(".jp-Notebook").inner_text()
        assert "You have finished" not in text and f"This is the last lesson of {KLOAK.title}." in text
        assert page.locator(".spynb-play__ending:not([hidden])").count() == 0

        assert run_python(opened, _PLAYED_TO_THE_END, timeout=180_000).strip() == "True True"
        page.wait_for_function(f"() => ({_REMEMBERED})({PLAY!r})?.finished === true", timeout=30_000, polling=250)
        assert page.evaluate("() => window.spynbLesson.playedAt > 0")

        others = {track.parts[-1].notebook: {"step": 0, "count": 1, "finished": False} for track in GAMES
                  if track is not KLOAK}
        page.evaluate("""(others) => localStorage.setItem('spynb-progress', JSON.stringify(
            Object.assign(JSON.parse(localStorage.getItem('spynb-progress')), others)))""", others)
        page.goto(site_url)
        for track in GAMES:
            card = page.locator(f"#track-{track.id}")
            note = card.locator(".track-progress")
            note.wait_for(timeout=10_000)
            listed = card.locator(".parts li").count()
            finished = 1 if track is KLOAK else 0
            assert listed == len(track.parts)
            assert re.search(rf"You have finished {finished} of {listed} lessons", note.inner_text()), note.inner_text()
            last = card.locator(".parts li").last.inner_text()
            assert last.endswith("✓ finished" if track is KLOAK else "· started"), last
        page.locator(f"#track-{KLOAK.id}").scroll_into_view_if_needed()
        save_screenshot(page, "welcome-play-lesson-finished")
        assert opened.guard.failed == [], "a page asked for what the site does not have"
    finally:
        page.context.close()
