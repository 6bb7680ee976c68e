"""Load matplotlib for a notebook, saying plainly when it cannot be had.

In the browser (Pyodide, inside JupyterLite) matplotlib is not part of the
site: it is fetched from Pyodide's public CDN the first time a notebook asks
for it.  A visitor who is offline, or behind a firewall that blocks the CDN,
gets one clear sentence instead of a traceback.  In CPython it is an
ordinary import (the ``plot`` extra).  The engine never imports this module.

When matplotlib cannot be had, :func:`load_pyplot` says so in one sentence and
returns :mod:`spynb.svgplot`, the project's own light SVG stand-in for the part
of pyplot the exercises use, so their histograms and convergence lines are
still drawn (``fallback=False`` returns None instead).

In a notebook cell (top-level ``await`` works in Jupyter and JupyterLite)::

    from spynb.plotting import load_pyplot
    plt = await load_pyplot()
    if plt:
        ...

>>> unavailable_message(browser=True).startswith("Plots need matplotlib")
True
"""

from __future__ import annotations

import sys
from types import ModuleType

__all__ = ["in_browser", "load_pyplot", "unavailable_message", "fallback_message", "pyplot"]

_loaded: ModuleType | None = None
"""What :func:`load_pyplot` returned last (matplotlib's pyplot or the SVG stand-in)."""


def in_browser() -> bool:
    """True when running in Pyodide (JupyterLite), False in CPython."""
    return sys.platform == "emscripten"


_SENTENCES = {
    "skip": ("Plots need matplotlib, which this page downloads from the internet, and the download "
             "failed (you may be offline or behind a firewall), so this notebook's plots are skipped.",
             "Plots need matplotlib, which is not installed here (pip install 'spynb[plot]'), "
             "so this notebook's plots are skipped."),
    "fallback": ("matplotlib could not be downloaded (offline, or the download is blocked), so these plots are "
                 "drawn by spynb's simple SVG fallback.",
                 "matplotlib is not installed here (pip install 'spynb[plot]'), so these plots are drawn by spynb's "
                 "simple SVG fallback."),
}
"""What to say when matplotlib cannot be had: (in the browser, in CPython), for plots skipped or drawn by the
SVG stand-in."""


def _sentence(kind: str, browser: bool | None) -> str:
    in_page = in_browser() if browser is None else browser
    return _SENTENCES[kind][0 if in_page else 1]


def unavailable_message(*, browser: bool | None = None) -> str:
    """The one sentence shown when matplotlib cannot be loaded."""
    return _sentence("skip", browser)


def fallback_message(*, browser: bool | None = None) -> str:
    """The one sentence shown when the plots are drawn by spynb's SVG stand-in instead."""
    return _sentence("fallback", browser)


def pyplot() -> ModuleType:
    """The pyplot to draw with: the one :func:`load_pyplot` gave, else matplotlib's if importable, else the
    SVG stand-in."""
    if _loaded is not None:
        return _loaded
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        from . import svgplot

        return svgplot
    return plt


async def _fetch_in_browser() -> None:
    """Ask Pyodide to fetch matplotlib (and numpy) as its lock file says."""
    import pyodide_js  # only exists in Pyodide

    await pyodide_js.loadPackage(["matplotlib"])


async def load_pyplot(*, quiet: bool = False, fallback: bool = True) -> ModuleType | None:
    """Return ``matplotlib.pyplot``; if it cannot be had, print one sentence and return the SVG stand-in
    (:mod:`spynb.svgplot`), or None with ``fallback=False``.

    Any failure to fetch or import matplotlib is caught here, so a notebook
    shows a sentence, never a traceback.
    """
    global _loaded
    try:
        if in_browser():
            await _fetch_in_browser()
        import matplotlib

        if "ipykernel" not in sys.modules and not in_browser():
            matplotlib.use("Agg")  # a plain script or a test: no screen
        import matplotlib.pyplot as plt
    except Exception:  # ImportError, or the network error of a failed fetch
        if not quiet:
            print(fallback_message() if fallback else unavailable_message())
        if not fallback:
            return None
        from . import svgplot

        _loaded = svgplot
        return svgplot
    _loaded = plt
    return plt
