"""Every link of a built site, and the ones that lead nowhere.

Where links are, and what a relative one is relative to:

* the site's HTML pages (other projects' files left out, ``editions.THIRD_PARTY``): ``href`` and ``src``,
  relative to the page;
* the notebooks and markdown files under ``files/``: their markdown links and images.  One that carries
  :data:`APP_EXIT` is left to the browser, relative to the app's page (``notebooks/index.html``); any other
  JupyterLab opens in the app, relative to the file itself (``spynb.rulespage`` says why);
* the walkthroughs' end steps (``links`` in ``spynb/scenarios/*.json``, read from the spynb wheel the site
  serves): relative to the app's page that shows them.

A link opens a file of the site (``rules/`` opens ``rules/index.html``), and a link to an app with
``?path=`` opens ``files/<path>`` as well: both must be there.  An anchor into an HTML page of the site
must name an element's ``id`` on that page.  Links with a scheme (``https:``, ``mailto:``) leave the site:
they are listed (:func:`external`), never fetched; ``data:`` addresses hold what they show.

Standard library only.
"""

from __future__ import annotations

import functools
import json
import zipfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import NamedTuple
from urllib.parse import parse_qs, unquote, urlsplit

from editions import THIRD_PARTY
from tracks import markdown_links

__all__ = ["APP_EXIT", "APP_PAGE", "Link", "site_links", "broken", "external"]

#: the query that leaves a notebook's link to the browser (``spynb.rulespage.APP_EXIT``)
APP_EXIT = "?%"

#: the app's page a notebook or a walkthrough is shown in
APP_PAGE = "notebooks/index.html"


class Link(NamedTuple):
    """One link: the file it is in (a path in the site) and where in it, its address, and what it is relative to."""

    source: str
    where: str
    href: str
    base: str
    """The path in the site that a relative ``href`` is resolved against (a file; its folder counts)."""

    def __str__(self) -> str:
        return f"{self.source} ({self.where}): {self.href}"


class _Tags(HTMLParser):
    """The ids of an HTML text, and the addresses its tags link to."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.addresses: list[tuple[int, str]] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name in ("href", "src") and value:
                self.addresses.append((self.getpos()[0], value))


def _is_ours(name: str) -> bool:
    return not name.startswith(THIRD_PARTY) and not name.startswith("extensions/")


def _page_links(site: Path) -> Iterator[Link]:
    for path in sorted(site.rglob("*.html")):
        name = path.relative_to(site).as_posix()
        if _is_ours(name):
            for line, href in _Tags(path.read_text(encoding="utf-8")).addresses:
                yield Link(name, f"line {line}", href, name)


def _file_links(site: Path) -> Iterator[Link]:
    files = site / "files"
    for path in sorted(p for p in files.rglob("*") if p.suffix in (".ipynb", ".md") and p.is_file()):
        name = path.relative_to(site).as_posix()
        text = path.read_text(encoding="utf-8")
        cells = json.loads(text).get("cells", []) if path.suffix == ".ipynb" else [
            {"cell_type": "markdown", "source": text}]
        for cell, _, href in markdown_links({"cells": cells}):
            yield Link(name, f"cell {cell}" if path.suffix == ".ipynb" else "text", href,
                       APP_PAGE if APP_EXIT in href else name)


def _walkthrough_links(site: Path) -> Iterator[Link]:
    for wheel in sorted(site.glob("static/pyodide-lock/spynb-*.whl")):
        with zipfile.ZipFile(wheel) as archive:
            for member in sorted(m for m in archive.namelist() if m.startswith("spynb/scenarios/")
                                 and m.endswith(".json")):
                steps = json.loads(archive.read(member))["steps"]
                for number, step in enumerate(steps, start=1):
                    for link in step.get("links", ()):
                        yield Link(f"{wheel.relative_to(site).as_posix()}!{member}", f"step {number}",
                                   link["href"], APP_PAGE)


def site_links(site: Path) -> list[Link]:
    """Every link of the built site ``site``: its pages', its notebooks' and markdown files', its walkthroughs'."""
    return [*_page_links(site), *_file_links(site), *_walkthrough_links(site)]


def _leaves(href: str) -> bool:
    """True for an address with a scheme (it leaves the site) or a ``data:`` one."""
    return bool(urlsplit(href).scheme)


def external(site: Path) -> list[Link]:
    """The links that leave the site (``data:`` addresses aside)."""
    return [link for link in site_links(site) if _leaves(link.href) and not link.href.startswith("data:")]


@functools.cache
def _ids(page: Path) -> frozenset[str]:
    return frozenset(_Tags(page.read_text(encoding="utf-8")).ids)


def _problem(site: Path, link: Link) -> str:
    """Why ``link`` leads nowhere, or ''."""
    parts = urlsplit(link.href)
    if not parts.path:
        target = site / link.base
    else:
        target = (site / link.base).parent / unquote(parts.path)
        if parts.path.endswith("/"):
            target = target / "index.html"
    target = target.resolve()
    if not target.is_relative_to(site.resolve()):
        return "leads out of the site"
    if not target.is_file():
        return f"no file {target.relative_to(site.resolve()).as_posix()}"
    for opened in parse_qs(parts.query).get("path", ()):
        if not (site / "files" / opened).is_file():
            return f"the app opens files/{opened}, which the site does not have"
    anchor = unquote(parts.fragment)
    if anchor and target.suffix == ".html" and anchor not in _ids(target):
        return f"no id {anchor!r} on {target.relative_to(site.resolve()).as_posix()}"
    return ""


def broken(site: Path) -> list[str]:
    """Each link of ``site`` that leads nowhere, and why (one line each); external links are not followed."""
    _ids.cache_clear()
    site = site.resolve()
    found = ((link, _problem(site, link)) for link in site_links(site) if not _leaves(link.href))
    return [f"{link}: {problem}" for link, problem in found if problem]
