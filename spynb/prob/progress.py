"""A progress line for simulations, in Jupyter and JupyterLite alike.

Nothing appears for a simulation that finishes quickly.  After
``delay`` seconds one small line appears (an HTML ``<progress>`` bar with a
text fallback) and is updated in place through IPython's ``display_id``,
a few times a second at most.  It needs no widget library, so it works in
the browser's Pyodide kernel as in a desktop Jupyter.  Outside IPython (a
script, a test) it shows nothing at all.

>>> with Progress(3, "demo") as bar:
...     for i in range(3):
...         bar.update(i + 1)
>>> bar.done
3
"""

from __future__ import annotations

import html
import sys
import time
from typing import Any

__all__ = ["Progress"]


class _Line:
    """What the display shows: HTML for notebooks, text for consoles."""

    def __init__(self, label: str, done: int, total: int, seconds: float, finished: bool) -> None:
        self.label, self.done, self.total, self.seconds, self.finished = label, done, total, seconds, finished

    def _text(self) -> str:
        state = f"finished in {self.seconds:.1f} s" if self.finished else f"{self.seconds:.1f} s"
        return f"{self.label}: {self.done:,} of {self.total:,} trials ({state})"

    def __repr__(self) -> str:
        return self._text()

    def _repr_html_(self) -> str:
        return (f'<div style="font-family:monospace;font-size:90%">'
                f'<progress value="{self.done}" max="{self.total}" style="width:12em;vertical-align:middle">'
                f"</progress> {html.escape(self._text())}</div>")


def _display_handle(obj: Any) -> Any:
    """``IPython.display.display(obj, display_id=True)`` inside a running IPython, else None."""
    ipython_module = sys.modules.get("IPython")
    if ipython_module is None:
        return None
    try:
        if ipython_module.get_ipython() is None:
            return None
        from IPython.display import display

        return display(obj, display_id=True)
    except Exception:  # no kernel or a display that cannot be updated: no bar
        return None


class Progress:
    """Count trials and show a line that updates itself (see the module doc)."""

    def __init__(self, total: int, label: str = "simulating", *, delay: float = 0.5,
                 every: float = 0.25, show: bool = True) -> None:
        self.total, self.label, self.delay, self.every, self.show = total, label, delay, every, show
        self.done = 0
        self._start = time.perf_counter()
        self._last = 0.0
        self._handle: Any = None

    def __enter__(self) -> Progress:
        self._start = time.perf_counter()
        return self

    def update(self, done: int) -> None:
        """Record that ``done`` trials are finished; redraw if it is time."""
        self.done = done
        if not self.show:
            return
        now = time.perf_counter()
        elapsed = now - self._start
        if elapsed < self.delay or now - self._last < self.every:
            return
        self._last = now
        line = _Line(self.label, done, self.total, elapsed, False)
        if self._handle is None:
            self._handle = _display_handle(line)
            if self._handle is None:
                self.show = False  # not in IPython: stay silent
        else:
            self._handle.update(line)

    def __exit__(self, *exc: object) -> None:
        if self._handle is not None:
            self._handle.update(_Line(self.label, self.done, self.total,
                                      time.perf_counter() - self._start, True))
