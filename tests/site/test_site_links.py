"""Every link on the built site resolves, in the student and the teacher's edition (``lite/site_links.py``).

The first tests follow links on a small site made here, each kind of link once and each way of breaking
one; the last walk the real builds (``conftest.py``), whose external links are printed, not fetched.
"""

from __future__ import annotations

import json
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # started first in a parallel run (tests/conftest.py)
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from site_links import APP_EXIT, broken, external, site_links  # noqa: E402
from site_pages import TEACHER_LINKS, welcome_html  # noqa: E402
from tracks import load_tracks  # noqa: E402

from spynb import rulespage, scenarios  # noqa: E402

RULE = "TG/Intel_Clearance"
WALKTHROUGH = "static/pyodide-lock/spynb-0.1.0-py3-none-any.whl"


def _notebook(*markdown: str) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": text} for text in markdown]})


def _wheel(site: Path, href: str) -> None:
    with zipfile.ZipFile(site / WALKTHROUGH, "w") as wheel:
        wheel.writestr("spynb/scenarios/tour.json", json.dumps({"steps": [
            {"kind": "narrated", "caption": "Go."}, {"kind": "end", "links": [{"text": "On", "href": href}]}]}))


def small_site(root: Path) -> Path:
    """A site with a link of each kind, every one of them resolving."""
    files = {
        "index.html": f'<a href="rules/#{RULE}">the rule</a> <a href="notebooks/index.html?path=game/one.ipynb">one</a>'
                      ' <a href="https://example.org/">away</a> <img src="pictures/game.svg" alt="a board">',
        "rules/index.html": f'<h3 id="{RULE}">Intel Clearance</h3>',
        "notebooks/index.html": "<html></html>",
        "pictures/game.svg": "<svg></svg>",
        "files/game/one.ipynb": _notebook(f"[the rule](../rules/index.html{APP_EXIT}#{RULE})",
                                          "[next](two.ipynb) ![board](data:image/svg+xml;base64,PHN2Zy8+)"),
        "files/game/two.ipynb": _notebook("[notes](../notes.md)"),
        "files/notes.md": "[back](game/one.ipynb)",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / WALKTHROUGH).parent.mkdir(parents=True)
    _wheel(root, "../notebooks/index.html?path=game/two.ipynb")
    return root


def test_the_app_exit_is_the_one_the_rules_page_links_carry() -> None:
    assert APP_EXIT == rulespage.APP_EXIT and rulespage.rule_href("TG-1").startswith(f"../rules/index.html{APP_EXIT}")


def test_every_kind_of_link_is_found_and_followed(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    found = {(link.source, link.where, link.href) for link in site_links(site)}
    assert {("index.html", "line 1", f"rules/#{RULE}"), ("files/game/one.ipynb", "cell 2", "two.ipynb"),
            ("files/notes.md", "text", "game/one.ipynb"),
            (f"{WALKTHROUGH}!spynb/scenarios/tour.json", "step 2", "../notebooks/index.html?path=game/two.ipynb"),
            ("index.html", "line 1", "pictures/game.svg")} <= found
    assert broken(site) == []
    assert [link.href for link in external(site)] == ["https://example.org/"]


def _remove(name: str) -> Callable[[Path], None]:
    return lambda site: (site / name).unlink()


BREAKS: dict[str, tuple[Callable[[Path], None], list[str]]] = {
    "a notebook beside a notebook": (_remove("files/game/two.ipynb"), [
        "files/game/one.ipynb (cell 2): two.ipynb: no file files/game/two.ipynb",
        f"{WALKTHROUGH}!spynb/scenarios/tour.json (step 2): ../notebooks/index.html?path=game/two.ipynb: the app "
        "opens files/game/two.ipynb, which the site does not have"]),
    "a markdown file": (_remove("files/notes.md"), ["files/game/two.ipynb (cell 1): ../notes.md: no file files/notes.md"]),
    "a picture": (_remove("pictures/game.svg"), ["index.html (line 1): pictures/game.svg: no file pictures/game.svg"]),
    "an anchor on the rules page": (lambda site: (site / "rules/index.html").write_text("<h3>Intel</h3>"), [
        f"index.html (line 1): rules/#{RULE}: no id '{RULE}' on rules/index.html",
        f"files/game/one.ipynb (cell 1): ../rules/index.html{APP_EXIT}#{RULE}: no id '{RULE}' on rules/index.html"]),
    "a walkthrough's end step": (lambda site: _wheel(site, "../notebooks/index.html?path=game/gone.ipynb"), [
        f"{WALKTHROUGH}!spynb/scenarios/tour.json (step 2): ../notebooks/index.html?path=game/gone.ipynb: the app "
        "opens files/game/gone.ipynb, which the site does not have"]),
}


@pytest.mark.parametrize("what", BREAKS)
def test_a_link_that_leads_nowhere_is_found(tmp_path: Path, what: str) -> None:
    site = small_site(tmp_path)
    spoil, expected = BREAKS[what]
    spoil(site)
    assert sorted(broken(site)) == sorted(expected)


def test_the_welcome_page_links_only_the_teachers_files_the_site_ships() -> None:
    tracks = load_tracks()
    student, teacher = welcome_html(tracks), welcome_html(tracks, shipped={path for path, _, _ in TEACHER_LINKS})
    for path, label, _ in TEACHER_LINKS:
        assert path not in student and label not in student
        assert f'href="lab/index.html?path={path}">{label}</a>' in teacher


@pytest.mark.parametrize("edition", ["student", "teacher"])
def test_every_link_of_the_built_site_resolves(edition: str, request: pytest.FixtureRequest) -> None:
    site: Path = request.getfixturevalue(f"{edition}_build")
    links = site_links(site)
    sources = {link.source.split("/", 1)[0] for link in links}
    assert {"index.html", "rules", "files", "notebooks", "lab", "static"} <= sources, sources
    ends = sum(len(scenarios.load(name).steps[-1].links) for name in scenarios.names())
    assert sum(link.where.startswith("step") for link in links) == ends, "every walkthrough's end links"
    assert any(link.href.startswith(f"../rules/index.html{APP_EXIT}#TG/") for link in links), "rule links"
    print(f"{edition}: {len(links)} links; external, not fetched:", *external(site), sep="\n  ")
    assert broken(site) == []
    shipped = [path for path, _, _ in TEACHER_LINKS if (site / "files" / path).is_file()]
    assert bool(shipped) == (edition == "teacher")
