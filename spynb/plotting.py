"""Load matplotlib for a notebook, saying plainly when it cannot be had.

In the browser (Pyodide, inside JupyterLite) matplotlib is not part of the
site: it is fetched from Pyodide's public CDN the first time a notebook asks
for it.  A visitor who is offline, or behind a firewall that blocks the CDN,
gets one clear sentence instead of a traceback.  In CPython it is an
ordinary import (the ``plot`` extra).  The engine never imports this module.

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

__all__ = ["in_browser", "load_pyplot", "unavailable_message"]


def in_browser() -> bool:
    """True when running in Pyodide (JupyterLite), False in CPython."""
    return sys.platform == "emscripten"


def unavailable_message(*, browser: bool | None = None) -> str:
    """The one sentence shown when matplotlib cannot be loaded."""
    if in_browser() if browser is None else browser:
        return ("Plots need matplotlib, which this page downloads from the internet, and the download "
                "failed (you may be offline or behind a firewall), so this notebook's plots are skipped.")
    return ("Plots need matplotlib, which is not installed here (pip install 'spynb[plot]'), "
            "so this notebook's plots are skipped.")


async def _fetch_in_browser() -> None:
    """Ask Pyodide to fetch matplotlib (and numpy) as its lock file says."""
    import pyodide_js  # only exists in Pyodide

    await pyodide_js.loadPackage(["matplotlib"])


async def load_pyplot(*, quiet: bool = False) -> ModuleType | None:
    """Return ``matplotlib.pyplot``, or print one sentence and return None.

    Any failure to fetch or import matplotlib is caught here, so a notebook
    shows the sentence from :func:`unavailable_message`, never a traceback.
    """
    try:
        if in_browser():
            await _fetch_in_browser()
        import matplotlib

        if "ipykernel" not in sys.modules and not in_browser():
            matplotlib.use("Agg")  # a plain script or a test: no screen
        import matplotlib.pyplot as plt
    except Exception:  # ImportError, or the network error of a failed fetch
        if not quiet:
            print(unavailable_message())
        return None
    return plt
