"""A light SVG stand-in for the part of ``matplotlib.pyplot`` the exercises use.

When matplotlib cannot be loaded (an offline classroom, a blocked CDN),
:func:`spynb.plotting.load_pyplot` hands back this module instead, so
``histogram``, ``convergence_plot`` and ``interval_plot`` of :mod:`spynb.prob.plots`
still draw: bars, lines, bands, markers, error bars, a dashed reference line,
titles, labels and a legend, as plain SVG.  ``show()`` displays the figures drawn
since the last call (in a notebook) and returns their SVG text.  Standard
library only.

>>> fig, ax = subplots()
>>> ax.bar(["1", "2"], [0.25, 0.75], color="#0072b2", label="simulated")
>>> ax.set_title("Two bars")
>>> svg = show(display=False)[0]
>>> svg.startswith("<svg") and svg.count("<rect") >= 3 and "Two bars" in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

__all__ = ["subplots", "show", "Axes", "Figure", "SVGPLOT"]

SVGPLOT = True
"""Marks this module as the stand-in (``getattr(plt, "SVGPLOT", False)``)."""
W, H, LEFT, RIGHT, TOP, BOTTOM = 520, 300, 58, 16, 30, 48
_open: list[Figure] = []


def _esc(text: object) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Axes:
    """One plot area: records what is drawn and writes it as SVG."""

    def __init__(self) -> None:
        self.items: list[tuple[str, dict[str, Any]]] = []
        self.title = self.xlabel = self.ylabel = ""
        self.logx = False
        self.legend_on = False

    # -- what the plots call ------------------------------------------------------------------
    def bar(self, labels: Sequence[Any], heights: Sequence[float], color: str = "#0072b2", label: str = "",
            **_: Any) -> None:
        self.items.append(("bar", {"x": [str(x) for x in labels], "y": [float(v) for v in heights],
                                   "color": color, "label": label}))

    def hist(self, values: Sequence[float], bins: int = 10, weights: Sequence[float] | None = None,
             color: str = "#0072b2", label: str = "", **_: Any) -> None:
        lo, hi = min(values), max(values)
        width = (hi - lo) / bins or 1.0
        heights = [0.0] * bins
        for i, v in enumerate(values):
            heights[min(int((v - lo) / width), bins - 1)] += weights[i] if weights else 1
        self.items.append(("bar", {"x": [f"{lo + i * width:.3g}" for i in range(bins)], "y": heights,
                                   "color": color, "label": label}))

    def plot(self, xs: Sequence[Any], ys: Sequence[float], color: str = "#0072b2", label: str = "",
             linestyle: str = "-", marker: str = "", **_: Any) -> None:
        self.items.append(("line", {"x": list(xs), "y": [float(v) for v in ys], "color": color, "label": label,
                                    "points": linestyle == "none" or bool(marker)}))

    def fill_between(self, xs: Sequence[float], lows: Sequence[float], highs: Sequence[float],
                     color: str = "#0072b2", label: str = "", **_: Any) -> None:
        self.items.append(("band", {"x": list(xs), "lo": list(lows), "hi": list(highs), "color": color,
                                    "label": label}))

    def axhline(self, y: float, color: str = "#d55e00", label: str = "", **_: Any) -> None:
        self.items.append(("hline", {"y": float(y), "color": color, "label": label}))

    def errorbar(self, labels: Sequence[Any], values: Sequence[float], yerr: Sequence[Sequence[float]],
                 color: str = "#0072b2", label: str = "", **_: Any) -> None:
        self.items.append(("err", {"x": [str(x) for x in labels], "y": list(values), "below": list(yerr[0]),
                                   "above": list(yerr[1]), "color": color, "label": label}))

    def set_xscale(self, scale: str) -> None:
        self.logx = scale == "log"

    def set_title(self, text: str) -> None:
        self.title = text

    def set_xlabel(self, text: str) -> None:
        self.xlabel = text

    def set_ylabel(self, text: str) -> None:
        self.ylabel = text

    def legend(self, *_: Any, **__: Any) -> None:
        self.legend_on = True

    def tick_params(self, *_: Any, **__: Any) -> None:
        """Accepted and ignored: the SVG ticks are already small."""

    # -- drawing ---------------------------------------------------------------------------------
    def _categories(self) -> list[str]:
        cats: list[str] = []
        for kind, d in self.items:
            if kind in ("bar", "err") or (kind == "line" and any(isinstance(x, str) for x in d["x"])):
                cats += [x for x in map(str, d["x"]) if x not in cats]
        return cats

    def svg(self) -> str:
        cats = self._categories()
        ys = [0.0]
        xs: list[float] = []
        for kind, d in self.items:
            if kind == "band":
                ys += d["lo"] + d["hi"]
                xs += d["x"]
            elif kind == "hline":
                ys.append(d["y"])
            elif kind == "err":
                ys += [v + a for v, a in zip(d["y"], d["above"])] + [v - b for v, b in zip(d["y"], d["below"])]
            else:
                ys += d["y"]
                if not cats:
                    xs += d["x"]
        y0, step = min(ys), _tick_step(min(ys), max(ys))
        y1 = max(math.ceil(max(ys) / step - 1e-9) * step, y0 + step)
        pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

        def fx(x: Any) -> float:
            if cats:
                return LEFT + (cats.index(str(x)) + 0.5) * pw / len(cats)
            lo, hi = (min(xs), max(xs)) if xs else (0, 1)
            if self.logx:
                lo, hi, x = math.log10(max(lo, 1e-9)), math.log10(max(hi, 1e-9)), math.log10(max(float(x), 1e-9))
            return LEFT + (float(x) - lo) / ((hi - lo) or 1) * pw

        def fy(y: float) -> float:
            return TOP + ph - (y - y0) / ((y1 - y0) or 1) * ph

        out = [f'<rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="#fff" stroke="#333"/>']
        for i in range(round((y1 - y0) / step) + 1):
            v = y0 + step * i
            out.append(f'<text x="{LEFT - 4}" y="{fy(v) + 4:.1f}" font-size="10" text-anchor="end">{v:.3g}</text>')
        legend: list[tuple[str, str, str]] = []
        for kind, d in self.items:
            c = d["color"]
            if kind == "bar":
                bw = pw / max(len(cats), 1) * 0.8
                for x, y in zip(d["x"], d["y"]):
                    out.append(f'<rect x="{fx(x) - bw / 2:.1f}" y="{fy(y):.1f}" width="{bw:.1f}" '
                               f'height="{fy(y0) - fy(y):.1f}" fill="{c}" fill-opacity="0.8"/>')
            elif kind == "band":
                top = " ".join(f"{fx(x):.1f},{fy(y):.1f}" for x, y in zip(d["x"], d["hi"]))
                bottom = " ".join(f"{fx(x):.1f},{fy(y):.1f}" for x, y in reversed(list(zip(d["x"], d["lo"]))))
                out.append(f'<polygon points="{top} {bottom}" fill="{c}" fill-opacity="0.18"/>')
            elif kind == "line" and d["points"]:
                out += [f'<rect x="{fx(x) - 4:.1f}" y="{fy(y) - 4:.1f}" width="8" height="8" fill="{c}" '
                        f'transform="rotate(45 {fx(x):.1f} {fy(y):.1f})"/>' for x, y in zip(d["x"], d["y"])]
            elif kind == "line":
                pts = " ".join(f"{fx(x):.1f},{fy(y):.1f}" for x, y in zip(d["x"], d["y"]))
                out.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="2"/>')
            elif kind == "hline":
                out.append(f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{fy(d["y"]):.1f}" y2="{fy(d["y"]):.1f}" '
                           f'stroke="{c}" stroke-width="2" stroke-dasharray="6 4"/>')
            elif kind == "err":
                for x, y, b, a in zip(d["x"], d["y"], d["below"], d["above"]):
                    out.append(f'<line x1="{fx(x):.1f}" x2="{fx(x):.1f}" y1="{fy(y - b):.1f}" y2="{fy(y + a):.1f}" '
                               f'stroke="{c}" stroke-width="2"/><circle cx="{fx(x):.1f}" cy="{fy(y):.1f}" r="4" '
                               f'fill="{c}"/>')
            if d.get("label"):
                legend.append((d["label"], c, kind))
        for x in cats if len(cats) <= 24 else cats[:: math.ceil(len(cats) / 24)]:
            out.append(f'<text x="{fx(x):.1f}" y="{TOP + ph + 14}" font-size="10" text-anchor="middle">{_esc(x)}</text>')
        if not cats and xs:
            for x in (min(xs), max(xs)):
                out.append(f'<text x="{fx(x):.1f}" y="{TOP + ph + 14}" font-size="10" text-anchor="middle">{x:.4g}</text>')
        if self.legend_on:
            for i, (text, c, kind) in enumerate(legend):
                out.append(_swatch(LEFT + pw - 170, TOP + 6 + 15 * i, c, kind) +
                           f'<text x="{LEFT + pw - 156}" y="{TOP + 15 + 15 * i}" font-size="10">{_esc(text)}</text>')
        out.append(f'<text x="{W / 2}" y="{TOP - 10}" font-size="13" font-weight="bold" text-anchor="middle">'
                   f'{_esc(self.title)}</text><text x="{LEFT + pw / 2}" y="{H - 12}" font-size="11" '
                   f'text-anchor="middle">{_esc(self.xlabel)}</text><text x="14" y="{TOP + ph / 2}" font-size="11" '
                   f'text-anchor="middle" transform="rotate(-90 14 {TOP + ph / 2})">{_esc(self.ylabel)}</text>')
        return "".join(out)


def _tick_step(low: float, high: float) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving four to six ticks from ``low`` to ``high``.

    >>> _tick_step(0, 1), _tick_step(0, 0.27), _tick_step(0, 130)
    (0.2, 0.1, 50.0)
    """
    span = (high - low) or abs(high) or 1.0
    power = 10.0 ** math.floor(math.log10(span / 5))
    return next(power * m for m in (1, 2, 2.5, 5, 10) if span / (power * m) <= 5.0001)


def _swatch(x: float, y: float, color: str, kind: str) -> str:
    """The legend's sample of an item, drawn as the item is: a pale band, a line, a dashed line or a block."""
    if kind == "band":
        return f'<rect x="{x}" y="{y}" width="10" height="10" fill="{color}" fill-opacity="0.18" stroke="{color}"/>'
    if kind in ("line", "hline"):
        dash = ' stroke-dasharray="3 2"' if kind == "hline" else ""
        return f'<line x1="{x}" x2="{x + 10}" y1="{y + 5}" y2="{y + 5}" stroke="{color}" stroke-width="2"{dash}/>'
    return f'<rect x="{x}" y="{y}" width="10" height="10" fill="{color}"/>'


class Figure:
    """A row of axes, written as one SVG."""

    def __init__(self, count: int) -> None:
        self.axes = [Axes() for _ in range(count)]

    def svg(self) -> str:
        width = W * len(self.axes)
        body = "".join(f'<g transform="translate({W * i} 0)">{ax.svg()}</g>' for i, ax in enumerate(self.axes))
        title = "; ".join(ax.title for ax in self.axes if ax.title) or "plot"
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{H}" viewBox="0 0 {width} {H}" '
                f'font-family="sans-serif" role="img" aria-label="{_esc(title)}"><title>{_esc(title)}</title>'
                f'{body}</svg>')


def subplots(nrows: int = 1, ncols: int = 1, **_: Any) -> tuple[Figure, Any]:
    """A new figure of ``ncols`` plots side by side (``nrows`` × ``ncols`` in a row); its axes."""
    fig = Figure(nrows * ncols)
    _open.append(fig)
    return fig, fig.axes[0] if len(fig.axes) == 1 else fig.axes


def show(display: bool = True) -> list[str]:
    """Show the figures drawn since the last call (as SVG in a notebook); return their SVG text."""
    figures = [fig.svg() for fig in _open]
    _open.clear()
    if display:
        try:
            from IPython.display import SVG
            from IPython.display import display as show_in_notebook
        except ImportError:
            return figures
        for svg in figures:
            show_in_notebook(SVG(svg))
    return figures
