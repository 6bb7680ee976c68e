"""The site's own static pages, written by the build beside the JupyterLite apps.

* ``index.html``: the welcome page, at the site's root (it replaces
  JupyterLite's redirect to the lab): first the games with a picture of each
  board and one *Start here* per game (all in sight at 1366 × 900 without
  scrolling), then how the site works, a live board to play at once, the
  probability exercises, a teachers' corner (the teacher's notes and answer key
  only where the edition ships them);
* ``rules/index.html``: the rules page, one anchor per rule id
  (``spynb.rulespage``);
* ``rules/taught.html``: what is taught where (``taught.py``);
* ``pictures/<track>.svg``: each game's board, drawn by spynb's renderer;
* ``site.css``: their style sheet, ``favicon.svg`` their icon, and ``favicon.ico`` the same drawn for browsers
  that ask the root for one (``favicon_ico.py``);
* ``welcome/``: the welcome page's live board (:data:`WELCOME_BOARD`): its
  host (``welcome_host.js``, with ``board_model.js``) and the board's front end, the same module the
  notebook's anywidget loads (:func:`board_frontend`); and ``progress.js``
  (the walkthroughs' own, from ``spynb/widgets/static/``), which marks the
  lessons this browser has finished and says where to continue.

The apps read the root page's ``jupyter-config-data`` (an empty one here), so
the welcome page keeps that element.  Standard library and spynb only.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Container, Mapping, Sequence
from html import escape
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from editions import ANSWER_KEY, TEACHER_FILES  # noqa: E402
from taught import WAYS, site_games, taught_where, teachable, walkthroughs_in, ways_taught  # noqa: E402
from tracks import Part, Track  # noqa: E402

import spynb  # noqa: E402
from spynb.render import svg_for  # noqa: E402
from spynb.rulespage import rule_anchor, rules_html  # noqa: E402
from spynb.scenarios import load as load_scenario  # noqa: E402
from spynb.widgets.frontend import STATIC, board_module, board_styles  # noqa: E402
from spynb.widgets.play import controller_class  # noqa: E402

__all__ = ["board_pictures", "board_frontend", "finished_by", "notebook_href", "played_in", "write_pages", "PAGES", "WELCOME_BOARD", "TEACHER_LINKS"]

#: the pages this module writes, relative to the site
PAGES = ("index.html", "rules/index.html", "rules/taught.html", "site.css", "favicon.svg", "favicon.ico",
         "welcome/host.js", "welcome/board_model.js", "welcome/board.js", "welcome/board.css", "welcome/progress.js")
PROGRESS_SCRIPT = ('<script type="module">import { showProgress } from "./welcome/progress.js"; showProgress(document); '
                   'window.addEventListener("pageshow", () => showProgress(document));</script>')
"""Marks what this browser has finished (``progress.js``), again when the visitor comes Back to the page."""

#: the welcome page's live board: KLOAK, the game a glance explains (pieces on a 5 x 5 board), seat 1
#: against the rule-of-thumb bot, in the practice setting (a touched piece may be put back, KL-14)
WELCOME_BOARD = {"game": "kloak", "options": {"seed": 1, "touch_move": False}}

#: the teacher's files the welcome page links to (under files/), where the site ships them: the student
#: edition leaves them out (editions.py)
TEACHER_LINKS = (
    (TEACHER_FILES[0], "Notes on the probability exercises",
     "answers, concepts, and how to hand the notebooks out."),
    (ANSWER_KEY, "The answer key", "every exercise's exact answer, computed by spynb."),
)

#: the element JupyterLite's apps read from every page up to the site's root
CONFIG_ELEMENT = '<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{}</script>'


def board_pictures(tracks: tuple[Track, ...]) -> dict[str, str]:
    """Each game track's board as SVG: where its walkthrough leaves it, as the walkthrough's seat sees it."""
    pictures = {}
    for track in tracks:
        if track.scenario:
            scenario = load_scenario(track.scenario)
            pictures[track.id] = svg_for(scenario.game_at(len(scenario.steps)).state, scenario.seat)
    return pictures


def board_frontend(game: str) -> tuple[str, str]:
    """The ES module and CSS of ``game``'s board, exactly as the notebook's anywidget loads them."""
    return board_module(game), board_styles(game)


def _site_wheel(site: Path) -> str:
    """The spynb wheel the site serves (its address from the site's root), or '' if it has none."""
    wheels = sorted(site.glob("static/pyodide-lock/spynb-*.whl"))
    return wheels[-1].relative_to(site).as_posix() if wheels else ""


def welcome_board_state() -> str:
    """What the welcome board's front end draws first, as JSON: its controller's whole state at the start, made
    here by the same code the page's Python runs, so the board the page draws while Python starts is the live
    board's first position (safe inside a ``<script>`` element)."""
    board = controller_class(WELCOME_BOARD["game"])(**WELCOME_BOARD["options"])
    return json.dumps(board.front_state()).replace("</", "<\\/")


def welcome_board_html(tracks: tuple[Track, ...], wheel: str) -> str:
    """The live board's section: the board's first position at once (drawn by the board's own front end, the
    picture under it for a browser without scripts), a status line, and the data its host reads."""
    game, options = WELCOME_BOARD["game"], WELCOME_BOARD["options"]
    spec = spynb.get_spec(game)
    track = next(t for t in tracks if t.game == game)
    picture = svg_for(spec.new_game(None, None, options["seed"]).state, 1)
    data = {"game": game, "options": json.dumps(options), "wheel": wheel, "pyodide": "static/pyodide/",
            "module": "welcome/board.js"}
    attributes = " ".join(f'data-{key}="{escape(value)}"' for key, value in data.items())
    return f"""<section class="live" aria-labelledby="live-title">
  <div class="live-text"><h2 id="live-title">Play {escape(spec.title)} right here</h2>
  <p>{escape(track.summary)} You are seat 1, against a bot that plays by rules of thumb.</p>
  <p id="live-status" class="live-status" role="status">The board comes to life once Python has started in your
  browser.</p>
  <p><a href="{notebook_href(track.parts[0].notebook)}">Learn the rules step by step</a></p></div>
  <link rel="stylesheet" href="welcome/board.css"><link rel="modulepreload" href="welcome/board.js">
  <div id="live-board" class="live-board" {attributes}>
  <figure class="live-picture">{picture}</figure></div>
  <script type="application/json" id="live-board-start">{welcome_board_state()}</script>
  <script type="module" src="welcome/host.js"></script>
</section>"""


def played_in(notebooks: Path, tracks: tuple[Track, ...]) -> dict[str, list[str]]:
    """The walkthroughs each notebook of the tracks plays, by its path under ``notebooks/``."""
    return {part.notebook: walkthroughs_in(json.loads((notebooks / part.notebook).read_text(encoding="utf-8")))
            for track in tracks for part in track.parts}


def notebook_href(notebook: str, root: str = "") -> str:
    """The address that opens ``notebook`` (a path under ``notebooks/``) in the single-notebook app."""
    return f"{root}notebooks/index.html?path={escape(notebook)}"


def _page(title: str, body: str, root: str, config: bool = False) -> str:
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>", f'<link rel="stylesheet" href="{root}site.css">',
        f'<link rel="icon" href="{root}favicon.svg" type="image/svg+xml">',
        CONFIG_ELEMENT if config else "", "</head>", "<body>", body, "</body>", "</html>", ""])


def _nav(root: str, current: str) -> str:
    links = [("index.html", "Welcome"), ("rules/index.html", "The rules"), ("rules/taught.html", "What is taught where"),
             ("lab/index.html", "All notebooks (JupyterLab)")]
    current_mark = ' aria-current="page"'
    items = "".join(f'<li><a href="{root}{href}"{current_mark if href == current else ""}>{label}</a></li>'
                    for href, label in links)
    return f'<nav class="site-nav" aria-label="Site"><ul>{items}</ul></nav>'


def finished_by(part: Part, played: Mapping[str, Sequence[str]]) -> list[str]:
    """What ``progress.js`` must remember as finished for the lesson to be finished: the walkthroughs it plays, or,
    for a play lesson, its own path (``lesson_page.js`` remembers it once a game on it is played to its end)."""
    return [part.notebook] if part.play else list(played.get(part.notebook, ()))


def _lesson_item(part: Part, played: Mapping[str, Sequence[str]]) -> str:
    """A lesson in a track's list, with what finishes it (:func:`finished_by`, how ``progress.js`` knows)."""
    return (f'<li data-walkthroughs="{escape(" ".join(finished_by(part, played)))}">'
            f'<a href="{notebook_href(part.notebook)}">{escape(part.title)}</a></li>')


def _game_card(track: Track, played: Mapping[str, Sequence[str]]) -> str:
    first = track.parts[0]
    parts = "".join(_lesson_item(p, played) for p in track.parts)
    return (f'<article class="card" id="track-{escape(track.id)}" data-track="{escape(track.id)}">'
            f'<img src="pictures/{escape(track.id)}.svg" alt="{escape(track.picture)}">'
            f'<div class="card-body"><h3>{escape(track.title)}</h3>'
            f'<p class="kind">{escape(track.kind)}</p><p>{escape(track.summary)}</p>'
            f'<a class="start" href="{notebook_href(first.notebook)}">Start here'
            f'<span class="sr-only">: {escape(track.title)}</span> ▸</a><div data-progress-slot></div>'
            f'<ol class="parts" aria-label="{escape(track.title)}, in order">{parts}</ol></div></article>')


def welcome_html(tracks: tuple[Track, ...], wheel: str = "", shipped: Container[str] = (),
                 played: Mapping[str, Sequence[str]] | None = None) -> str:
    """The welcome page; ``wheel``: the spynb wheel's address in the site, which makes its board live;
    ``shipped``: which of the :data:`TEACHER_LINKS` the site's ``files/`` holds (the teacher's edition's);
    ``played``: the walkthroughs each notebook plays (see :func:`played_in`)."""
    played = played or {}
    teacher_files = "".join(f'\n    <li><a href="lab/index.html?path={escape(path)}">{escape(label)}</a>: '
                            f"{escape(what)}</li>" for path, label, what in TEACHER_LINKS if path in shipped)
    games = [t for t in tracks if t.game]
    others = [t for t in tracks if not t.game]
    exercises = "".join(
        f'<section class="exercises" aria-labelledby="track-{escape(t.id)}"><h2 id="track-{escape(t.id)}">'
        f'{escape(t.title)}</h2><p>{escape(t.summary)}</p><ol>'
        + "".join(f'<li><a href="{notebook_href(p.notebook)}">{escape(p.title)}</a></li>' for p in t.parts)
        + "</ol></section>" for t in others)
    body = f"""
<header class="hero">
  {_nav("", "index.html")}
  <h1>Spy games to learn, play and count</h1>
  <p class="lede">Three tabletop spy games, each with its rules explained step by step, a board to play on against a
  bot, and exercises that work out the odds.</p>
</header>
<main>
  <section aria-labelledby="games"><h2 id="games">Choose a game</h2>
  <div class="cards">{"".join(_game_card(t, played) for t in games)}</div></section>
  <section class="how" aria-labelledby="how">
    <h2 id="how">How this site works</h2>
    <p>Every lesson is a notebook: text to read, with live Python cells. Python runs inside your browser, so there is
    nothing to install and nothing leaves your computer. Open a lesson and it runs by itself: a line at the foot of
    the window says how far Python has got, then its boards come to life and answer your clicks. A lesson is
    finished once you have played its walkthroughs to their end; the last one, Play a game, once you have played a
    game to its end. The probability exercises start Python but run nothing that answers a question: you predict,
    then run each cell yourself.</p>
  </section>
  {welcome_board_html(tracks, wheel)}
  {exercises}
  <section class="teachers" aria-labelledby="teachers"><h2 id="teachers">Teachers' corner</h2>
  <ul>
    <li><a href="rules/taught.html">What is taught where</a>: every rulebook section and ruling, and the lessons that
    teach it.</li>
    <li><a href="rules/index.html">The rules</a> of the three games, sentence by sentence, with spynb's rulings
    marked as such.</li>{teacher_files}
    <li><a href="lab/index.html">All notebooks in JupyterLab</a>: browse, edit, and make your own. Your changes stay
    in your browser.</li>
  </ul></section>
</main>
<footer><p>spynb {escape(spynb.__version__)} · everything on this site runs in your browser.</p></footer>
{PROGRESS_SCRIPT}"""
    return _page("spynb: spy games to learn, play and count", body, "", config=True)


def rules_page_html() -> str:
    """The rules page: a contents list, then the rules of each of the site's games (``spynb.rulespage.rules_html``)."""
    games = [spynb.get_spec(name) for name in site_games()]
    contents = "".join(
        f'<li><a href="#{escape(spec.name)}">{escape(spec.title)}</a><ul>'
        + "".join(f'<li><a href="#{escape(rule_anchor(s.id))}">{escape(s.title)}</a></li>' for s in spec.rules.sections())
        + "</ul></li>" for spec in games)
    body = f"""
<header class="hero small">{_nav("../", "rules/index.html")}
<h1>The rules of the three games</h1>
<p class="lede">Each rulebook, sentence by sentence, with the id that error messages, tests and walkthroughs cite.
Where a rulebook is silent or ambiguous, spynb decides by a <strong>ruling</strong>, shown in its own box after the
section it clarifies. <a href="taught.html">What is taught where</a> lists the lessons for each rule.</p></header>
<main class="rules"><nav class="contents" aria-label="Contents"><ul>{contents}</ul></nav>
{"".join(rules_html(spec.name) for spec in games)}
<p>In a notebook, <code>spynb.lookup("CD-4")</code> shows any rule by its id.</p></main>"""
    return _page("The rules — spynb", body, "../")


def taught_page_html(notebooks: Path, tracks: tuple[Track, ...]) -> str:
    """What is taught where: each game's sections and rulings, with links to the lessons."""
    where = taught_where(notebooks, tracks)
    titles = {p.notebook: f"{t.title} · {p.title}" for t in tracks for p in t.parts}
    sections = []
    for game, ids in teachable().items():
        rules = spynb.get_spec(game).rules
        rows = []
        for rid in ids:
            rule = rules[rid]
            found = where[rid]
            lessons = ("<ul>" + "".join(
                f'<li><a href="../{notebook_href(lesson.notebook)}">{escape(titles[lesson.notebook])}</a>, '
                f"{escape(lesson.where)}</li>" for lesson in found) + "</ul>") if found else \
                '<span class="untaught">not taught yet</span>'
            kind = "ruling" if rule.is_ruling else "section"
            taught = ways_taught(found)
            ways = "".join(f'<li class="{"has" if way in taught else "lacks"}">{"✓" if way in taught else "✗"} '
                           f"{escape(way)}</li>" for way in WAYS)
            rows.append(f'<tr class="{kind}"><th scope="row"><a href="index.html#{escape(rule_anchor(rid))}">'
                        f'{escape(rid)}</a></th><td>{escape(rule.title)}</td><td><ul class="ways">{ways}</ul></td>'
                        f"<td>{lessons}</td></tr>")
        count = sum(1 for rid in ids if where[rid])
        four = sum(1 for rid in ids if ways_taught(where[rid]) >= set(WAYS))
        sections.append(
            f'<section aria-labelledby="{escape(game)}"><h2 id="{escape(game)}">{escape(spynb.get_spec(game).title)}</h2>'
            f"<p>{count} of {len(ids)} rulebook sections and rulings are taught; {four} of them all four ways.</p>"
            '<table><thead><tr><th scope="col">Rule</th><th scope="col">Title</th><th scope="col">How</th>'
            '<th scope="col">Taught in</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table></section>')
    body = f"""
<header class="hero small">{_nav("../", "rules/taught.html")}
<h1>What is taught where</h1>
<p class="lede">Every rulebook section and every ruling of the three games, with the notebook cells that link to it
and the walkthrough steps that show it. A section counts as taught when one of its sentences is. Each rule is
taught four ways: explained, shown on the board, done by the learner, and checked by a question.</p></header>
<main class="taught">{"".join(sections)}</main>"""
    return _page("What is taught where — spynb", body, "../")


def write_pages(site: Path, notebooks: Path, tracks: tuple[Track, ...], pictures: dict[str, str]) -> None:
    """Write the welcome page, the rules pages, the board pictures and the style sheet into ``site``.

    ``notebooks``: the notebooks as the site serves them, so the cell numbers of what is taught where
    are the ones a visitor sees.
    """
    for folder in ("rules", "pictures", "welcome"):
        (site / folder).mkdir(parents=True, exist_ok=True)
    for track_id, svg in pictures.items():
        (site / "pictures" / f"{track_id}.svg").write_text(svg, encoding="utf-8")
    shutil.copy2(HERE / "site.css", site / "site.css")
    for icon in ("favicon.svg", "favicon.ico"):
        shutil.copy2(HERE / icon, site / icon)
    shutil.copy2(HERE / "welcome_host.js", site / "welcome" / "host.js")
    shutil.copy2(HERE / "board_model.js", site / "welcome" / "board_model.js")
    shutil.copy2(STATIC / "progress.js", site / "welcome" / "progress.js")
    esm, css = board_frontend(WELCOME_BOARD["game"])
    (site / "welcome" / "board.js").write_text(esm, encoding="utf-8")
    (site / "welcome" / "board.css").write_text(css, encoding="utf-8")
    shipped = {path for path, _, _ in TEACHER_LINKS if (notebooks / path).is_file()}
    (site / "index.html").write_text(welcome_html(tracks, _site_wheel(site), shipped, played_in(notebooks, tracks)),
                                     encoding="utf-8")
    (site / "rules" / "index.html").write_text(rules_page_html(), encoding="utf-8")
    (site / "rules" / "taught.html").write_text(taught_page_html(notebooks, tracks), encoding="utf-8")
