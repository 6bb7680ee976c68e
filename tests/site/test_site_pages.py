"""The site's front door, built without JupyterLite: the tracks, the notebooks' navigation and the static pages.

``site`` is laid out as the build lays it out (``stage_notebooks`` into
``files/``, ``write_pages`` at the root), so every link is followed to a file.
"""

from __future__ import annotations

import json
import re
import struct
import sys
import zlib
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit
from urllib.request import urlopen

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from build_site import stage_notebooks  # noqa: E402
from serve_site import serve_in_thread  # noqa: E402
from site_pages import PAGES, board_pictures, write_pages  # noqa: E402
from taught import site_games  # noqa: E402
from tracks import LIVE, RUNS, SET_UP, SETUP_TAG, Part, Track, check_tracks, load_tracks, markdown_links, setup_cells  # noqa: E402
from verify_site import CHECKS_FOLDER, verify_site  # noqa: E402

import spynb  # noqa: E402
from spynb.games import manifest  # noqa: E402
from spynb.render import svg_for  # noqa: E402
from spynb.rulespage import rule_anchor  # noqa: E402
from spynb.widgets.frontend import board_module  # noqa: E402
from spynb.widgets.play import controller_class  # noqa: E402

TRACKS = load_tracks()
PARTS = [(track, index) for track in TRACKS for index in range(len(track.parts))]


class Page(HTMLParser):
    """The ids, links and images of an HTML page."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.images: list[tuple[str, str]] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag == "img":
            self.images.append((attrs.get("src", ""), attrs.get("alt", "")))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("site")
    stage_notebooks(REPO, root / "files", TRACKS)
    write_pages(root, root / "files", TRACKS, board_pictures(TRACKS))
    return root


def notebook(site: Path, part: Part) -> dict:
    return json.loads((site / "files" / part.notebook).read_text(encoding="utf-8"))


def page(site: Path, name: str) -> Page:
    return Page((site / name).read_text(encoding="utf-8"))


def resolve(site: Path, base: str, href: str) -> tuple[Path, str]:
    """The file a link of the page ``base`` (a path in the site) opens, and its anchor."""
    parts = urlsplit(href)
    if parts.path.endswith("notebooks/index.html") and parts.query.startswith("path="):
        return site / "files" / unquote(parts.query[5:]), parts.fragment
    target = (site / base).parent / unquote(parts.path)
    return Path(target.resolve()), parts.fragment


def test_the_tracks_table_holds_every_notebook_once():
    assert check_tracks(TRACKS, REPO / "notebooks") == []
    shipped = {name for name in spynb.game_names() if manifest(name).package.startswith("spynb.")}
    assert {t.game for t in TRACKS if t.game} == set(site_games()) == shipped


def test_the_table_catches_a_notebook_in_no_track_and_a_missing_part(tmp_path):
    (tmp_path / "lost.ipynb").write_text("{}", encoding="utf-8")
    track = Track(id="t", title="T", kind="", summary="", parts=(Part("gone.ipynb", "Gone"),))
    problems = check_tracks((track,), tmp_path)
    assert any("gone.ipynb is not in" in p for p in problems)
    assert any("lost.ipynb is in no track" in p for p in problems)


@pytest.mark.parametrize("track, index", PARTS, ids=[t.parts[i].notebook for t, i in PARTS])
def test_every_part_says_what_runs_by_itself_and_where_it_sits(site, track, index):
    staged = notebook(site, track.parts[index])
    cells = staged["cells"]
    first = "".join(cells[0]["source"])
    assert first.startswith(RUNS[track.runs]) and "Run All" not in first
    # with its path, what makes it run when it opens, and what runs
    assert staged["metadata"]["spynb"] == {"lesson": track.id, "runs": track.runs, "play": track.parts[index].play}
    assert f"{track.title} · part {index + 1} of {len(track.parts)}: {track.parts[index].title}" in first


def test_the_games_run_every_cell_and_the_exercises_only_their_set_up():
    assert {t.id: t.runs for t in TRACKS} == {"cloak-dagger": "all", "kloak": "all", "target": "all", "probability": "setup"}
    assert LIVE != SET_UP and "Shift+Enter" in SET_UP and "runs by itself" not in SET_UP


#: what shows a result of an exercise: a simulation, a check of an answer, a comparison with the exact one
RESULT_CALLS = re.compile(r"\b(simulate|check|covers|compare|answer|exact_answer|reference)\(")


@pytest.mark.parametrize("part", [p for t in TRACKS if t.runs == "setup" for p in t.parts], ids=lambda p: p.notebook)
def test_an_exercise_runs_on_opening_only_one_set_up_cell_that_shows_no_result(site, part):
    """The cell that runs when an exercise opens imports and prints the data the questions count; no simulation,
    check or answer runs before the student runs it (the browser test sees the page)."""
    cells = notebook(site, part)["cells"]
    found = setup_cells({"cells": cells})
    assert len(found) == 1 and found[0] == next(i for i, c in enumerate(cells) if c["cell_type"] == "code")
    source = "".join(cells[found[0]]["source"])
    assert not RESULT_CALLS.search(source.split("def compare")[0]), source
    assert RESULT_CALLS.search("print(simulate(trial, 10))")  # the search can fail


def test_a_track_that_runs_what_is_not_a_way_is_refused(tmp_path):
    (tmp_path / "a.ipynb").write_text("{}", encoding="utf-8")
    track = Track(id="t", title="T", kind="", summary="", parts=(Part("a.ipynb", "A"),), runs="some")
    assert check_tracks((track,), tmp_path) == ["track t: runs 'some', not one of all, setup"]
    assert SETUP_TAG == "setup"


def test_no_lesson_says_its_game_is_finished_as_fixed_text(site):
    """Whether a track is finished is for the welcome page to say, from what this browser did (progress.js)."""
    for track, index in PARTS:
        text = json.dumps(notebook(site, track.parts[index]))
        assert "You have finished" not in text, track.parts[index].notebook
        if index + 1 == len(track.parts):
            assert f"This is the last lesson of {track.title}." in text


def follow(site: Path, part: Part, href: str) -> tuple[Path, str]:
    """Where a link of a notebook leads: a page of the site (``rulespage.site_href``, from the app's page
    ``notebooks/index.html``) or another notebook, beside this one (JupyterLab opens it in the app)."""
    if "?%" in href:
        return resolve(site, "notebooks/index.html", href)
    assert not urlsplit(href).scheme, f"{part.notebook} leaves the site: {href}"
    return ((site / "files" / part.notebook).parent / href).resolve(), ""


@pytest.mark.parametrize("track, index", PARTS, ids=[t.parts[i].notebook for t, i in PARTS])
def test_every_part_ends_with_the_next_part_and_the_welcome_page(site, track, index):
    part = track.parts[index]
    last = [follow(site, part, href)[0] for _, _, href in markdown_links({"cells": notebook(site, part)["cells"][-1:]})]
    if index + 1 < len(track.parts):
        assert last[0] == (site / "files" / track.parts[index + 1].notebook).resolve()
    elif track.after:
        assert last[0] == (site / "files" / track.after).resolve()
    assert last[-1] == site / "index.html"


@pytest.mark.parametrize("track, index", PARTS, ids=[t.parts[i].notebook for t, i in PARTS])
def test_every_link_of_every_part_resolves(site, track, index):
    part = track.parts[index]
    for cell, text, href in markdown_links(notebook(site, part)):
        if href.startswith("data:image/svg+xml"):
            continue
        target, anchor = follow(site, part, href)
        assert target.is_file(), (part.notebook, cell, href)
        assert not anchor or anchor in page(site, target.relative_to(site).as_posix()).ids, (cell, href)


@pytest.mark.parametrize("track", [t for t in TRACKS if t.game], ids=lambda t: t.id)
def test_every_part_of_a_game_track_has_a_board_and_no_picture_stands_in_for_it(site, track):
    """A lesson's board waits in its own look while Python starts (lesson_boards.py), not as a picture cell."""
    for part in track.parts:
        cells = notebook(site, part)["cells"]
        assert part.board and any(cell["cell_type"] == "code" for cell in cells), part.notebook
        assert not any("data:image/svg+xml" in "".join(cell["source"]) for cell in cells), part.notebook


def test_the_repository_notebooks_stay_as_written(site):
    for track, index in PARTS:
        source = json.loads((REPO / "notebooks" / track.parts[index].notebook).read_text(encoding="utf-8"))
        built = notebook(site, track.parts[index])["cells"]
        assert [c for c in built if not c.get("id", "").startswith("spynb-")] == source["cells"]


def test_the_smoke_tests_are_in_their_hidden_folder_only(site):
    assert sorted(p.name for p in (site / "files" / CHECKS_FOLDER).iterdir()) == [
        "site-check-plots.ipynb", "site-check.ipynb"]
    assert not list((site / "files").glob("site-check*"))


def test_the_welcome_page_starts_each_game_and_links_everything(site):
    welcome = page(site, "index.html")
    text = (site / "index.html").read_text(encoding="utf-8")
    assert 'id="jupyter-config-data"' in text and "<h1>" in text
    starts = re.findall(r'<a class="start" href="([^"]+)"', text)
    assert starts == [f"notebooks/index.html?path={t.parts[0].notebook}" for t in TRACKS if t.game]
    for href in welcome.links:
        if href.startswith("lab/"):
            continue
        target, anchor = resolve(site, "index.html", href)
        assert target.is_file(), href
    for track, index in PARTS:
        assert f"notebooks/index.html?path={track.parts[index].notebook}" in welcome.links
    assert {"rules/index.html", "rules/taught.html", "lab/index.html"} <= set(welcome.links)


def test_the_welcome_page_shows_each_board_drawn_by_the_engine(site):
    images = page(site, "index.html").images
    assert [src for src, _ in images] == [f"pictures/{t.id}.svg" for t in TRACKS if t.game]
    for src, alt in images:
        svg = (site / src).read_text(encoding="utf-8")
        assert svg.startswith("<svg") and 'role="img"' in svg and alt


def test_the_rules_page_has_an_anchor_per_rule(site):
    ids = page(site, "rules/index.html").ids
    for game in site_games():
        assert [r.id for r in spynb.get_spec(game).rules if rule_anchor(r.id) not in ids] == []


def test_the_site_lists_no_game_without_a_track(site):
    """A game kept outside the package (the tests' fixture) is registered, and never on the site's pages."""
    others = [name for name in spynb.game_names() if name not in site_games()]
    assert others, "the tests' fixture game is registered for the test run"
    text = "".join((site / name).read_text(encoding="utf-8") for name in ("index.html", "rules/index.html",
                                                                           "rules/taught.html"))
    for name in others:
        book = spynb.get_spec(name).rules
        assert f'id="{name}"' not in text and not [r.id for r in book if f'id="{rule_anchor(r.id)}"' in text]


def test_what_is_taught_where_lists_every_section_and_ruling_linked_to_the_rules_page(site):
    taught = page(site, "rules/taught.html")
    rules_ids = page(site, "rules/index.html").ids
    linked = [href.split("#", 1)[1] for href in taught.links if href.startswith("index.html#")]
    for game in site_games():
        book = spynb.get_spec(game).rules
        wanted = [rule_anchor(r.id) for r in (*book.sections(), *book.rulings()) if not r.is_chapter]
        assert [a for a in wanted if a not in linked] == []
    assert set(linked) <= rules_ids
    for href in taught.links:
        if "notebooks/index.html" in href:
            assert resolve(site, "rules/taught.html", href)[0].is_file(), href


def test_the_pages_are_all_written(site):
    assert [name for name in PAGES if not (site / name).is_file()] == []
    assert verify_site(site)[0].startswith(f"{site}: not a spynb site build")


def ico_images(ico: bytes) -> dict[int, bytes]:
    """The PNG images of an ICO file, by side in pixels (0 in an entry means 256)."""
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1), "not an icon file"
    entries = [struct.unpack("<BBBBHHII", ico[6 + 16 * i:22 + 16 * i]) for i in range(count)]
    return {width or 256: ico[offset:offset + length] for width, _, _, _, _, _, length, offset in entries}


def png_pixels(png: bytes) -> list[list[tuple[int, ...]]]:
    """The RGBA pixels of an 8-bit RGBA PNG, row by row (the five scanline filters undone)."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    chunks, at = {}, 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        chunks[kind] = chunks.get(kind, b"") + png[at + 8:at + 8 + length]
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 6), "an 8-bit RGBA image"
    raw, stride, rows, previous = zlib.decompress(chunks[b"IDAT"]), width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a, b, c = line[x - 4] if x >= 4 else 0, previous[x], previous[x - 4] if x >= 4 else 0
            p = a + b - c
            nearest = min((abs(p - a), 0, a), (abs(p - b), 1, b), (abs(p - c), 2, c))[2]
            line[x] = (line[x] + (0, a, b, (a + b) // 2, nearest)[kind]) % 256
        rows.append([tuple(line[x:x + 4]) for x in range(0, stride, 4)])
        previous = line
    return rows


def test_the_site_root_serves_favicon_ico_drawn_from_the_svg(site):
    """A browser asks the root for /favicon.ico; it gets the keyhole of favicon.svg at 16, 32 and 48 pixels."""
    server, url = serve_in_thread(site)
    try:
        with urlopen(f"{url}favicon.ico") as answer:
            assert answer.status == 200
            images = ico_images(answer.read())
    finally:
        server.shutdown()
        server.server_close()
    assert sorted(images) == [16, 32, 48]
    pixels = png_pixels(images[48])
    assert len(pixels) == 48 and pixels[0][0][3] == 0  # a round icon: the corner is clear
    navy, yellow = pixels[4][24], pixels[19][24]  # the disc (#22313f) and the keyhole's head (#f4d35e)
    assert navy[2] > navy[0] and max(navy[:3]) < 0x50 and navy[3] == 255
    assert yellow[0] > 0xE0 and yellow[1] > 0xC0 and yellow[2] < 0x80


def _live_board(site: Path) -> dict[str, str]:
    """The data attributes of the welcome page's live board."""
    text = (site / "index.html").read_text(encoding="utf-8")
    element = re.search(r'<div id="live-board" class="live-board" ([^>]*)>', text)
    assert element, "the welcome page has no live board"
    return {key: unescape(value) for key, value in re.findall(r'data-([a-z]+)="([^"]*)"', element.group(1))}


def test_the_welcome_board_mounts_the_notebook_boards_front_end(site):
    from site_pages import WELCOME_BOARD, board_frontend

    data = _live_board(site)
    esm, css = board_frontend(data["game"])
    assert data["game"] == WELCOME_BOARD["game"] == "kloak"
    assert (site / data["module"]).read_text(encoding="utf-8") == esm == board_module("kloak")
    assert (site / "welcome" / "board.css").read_text(encoding="utf-8") == css
    assert '<link rel="stylesheet" href="welcome/board.css">' in (site / "index.html").read_text(encoding="utf-8")
    for copy, source in (("host.js", "welcome_host.js"), ("board_model.js", "board_model.js")):
        assert (site / "welcome" / copy).read_bytes() == (REPO / "lite" / source).read_bytes()
    assert '<script type="module" src="welcome/host.js"></script>' in (site / "index.html").read_text(encoding="utf-8")
    assert data["pyodide"] == "static/pyodide/"


def test_the_welcome_boards_picture_is_the_position_its_controller_starts_from(site):
    data = _live_board(site)
    board = controller_class(data["game"])(**json.loads(data["options"]))
    assert board.viewer == 1 and board.players == ["human", "rules"] and board.touch_move is False
    page = (site / "index.html").read_text(encoding="utf-8")
    assert svg_for(board.game.state, 1) in page
    start = page.split('<script type="application/json" id="live-board-start">', 1)[1].split("</script>", 1)[0]
    assert json.loads(start) == board.front_state()  # what the front end draws while Python starts


def pages_in(root: Path) -> Path:
    """``root`` with the pages written, for the welcome board's wheel."""
    stage_notebooks(REPO, root / "files", TRACKS)
    write_pages(root, root / "files", TRACKS, {})
    return root


def test_the_welcome_board_installs_the_wheel_the_site_serves(tmp_path):
    assert _live_board(pages_in(tmp_path / "none"))["wheel"] == ""  # the host then says it cannot start
    site = tmp_path / "with"
    (site / "static" / "pyodide-lock").mkdir(parents=True)
    (site / "static" / "pyodide-lock" / "spynb-0.1.0-py3-none-any.whl").write_bytes(b"PK")
    assert _live_board(pages_in(site))["wheel"] == "static/pyodide-lock/spynb-0.1.0-py3-none-any.whl"


def test_the_welcome_page_lists_each_lessons_walkthroughs_for_the_browsers_progress(site):
    from site_pages import PROGRESS_SCRIPT

    from tests.track_notebooks import walkthrough_names

    text = (site / "index.html").read_text(encoding="utf-8")
    for track in (t for t in TRACKS if t.game):
        card = re.search(rf'<article class="card" id="track-{track.id}" data-track="{track.id}">(.*?)</article>',
                         text, re.S)
        assert card and "data-progress-slot" in card.group(1), track.id
        listed = re.findall(r'<li data-walkthroughs="([^"]*)"><a href="[^"]*path=([^"]+)"', card.group(1))
        assert listed == [(p.notebook if p.play else " ".join(walkthrough_names([p.notebook])), p.notebook)
                          for p in track.parts]
        assert all(finish for finish, _ in listed), f"{track.id}: a lesson nothing can finish is not counted"
    assert PROGRESS_SCRIPT in text
    assert (site / "welcome" / "progress.js").read_text(encoding="utf-8") == (
        REPO / "spynb" / "widgets" / "static" / "progress.js").read_text(encoding="utf-8")


def test_each_games_last_lesson_is_a_play_lesson_finished_by_a_game_played_to_its_end():
    """Consistently for every game: Play a game has no walkthrough that finishes it (KLOAK's and The Target's have
    none), so a game played to its end does (lesson_page.js remembers it under the lesson's path)."""
    from site_pages import finished_by

    for track in (t for t in TRACKS if t.game):
        assert [p.play for p in track.parts] == [False] * (len(track.parts) - 1) + [True], track.id
        assert finished_by(track.parts[-1], {track.parts[-1].notebook: ["some-walkthrough"]}) == [track.parts[-1].notebook]
    assert finished_by(Part("a/01.ipynb", "A"), {"a/01.ipynb": ["w1", "w2"]}) == ["w1", "w2"]
