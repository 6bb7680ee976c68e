"""Pictures of simulations: convergence, histograms, intervals side by side.

matplotlib is imported inside each function, only when a picture is drawn,
so the rest of :mod:`spynb.prob` needs nothing but the standard library.  In a
notebook load it first with ``plt = await spynb.plotting.load_pyplot()``
(which fetches it in the browser, or says in one sentence why it cannot and
gives spynb's own SVG stand-in, :mod:`spynb.svgplot`, which draws these same
pictures).
Each function draws on ``ax`` if given, else on a new figure, and returns
the axes.  Colours are from the Okabe–Ito colour-blind-safe palette.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from .simulate import Simulation, checkpoints, frequencies
from .stats import Estimate, mean_interval, wilson

__all__ = ["convergence_plot", "histogram", "interval_plot"]

BLUE, ORANGE, GREEN, VERMILLION, GREY = "#0072b2", "#e69f00", "#009e73", "#d55e00", "#555555"


def _axes(ax: Any, figsize: tuple[float, float] = (6.4, 3.4)) -> Any:
    if ax is not None:
        return ax
    from ..plotting import pyplot

    _, ax = pyplot().subplots(figsize=figsize)
    return ax


def _fmt(x: Any) -> str:
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{x} ≈ {float(x):.4g}"
    return f"{float(x):.4g}"


def convergence_plot(sim: Simulation, exact: Any = None, *, ax: Any = None, title: str = "",
                     ylabel: str = "estimate") -> Any:
    """The estimate after 1, 2, …, n trials, its 95% band, and the exact value as a line.

    The law of large numbers, seen: the running estimate wanders at first
    and settles near the exact value, and the band narrows like 1/√n.
    """
    ax = _axes(ax)
    running = sim.running()
    marks = checkpoints(len(running))
    lows, highs, xs = [], [], []
    for m in marks:
        if m < 2:
            continue
        part = sim.values[:m]
        est = (wilson(sum(1 for v in part if v), m, sim.confidence) if sim.kind == "proportion"
               else mean_interval([float(v) for v in part], sim.confidence))
        xs.append(m)
        lows.append(est.low)
        highs.append(est.high)
    ax.fill_between(xs, lows, highs, color=BLUE, alpha=0.18, linewidth=0,
                    label=f"{sim.confidence:.0%} interval so far")
    ax.plot(marks, [running[m - 1] for m in marks], color=BLUE, label="estimate so far")
    if exact is not None:
        ax.axhline(float(exact), color=VERMILLION, linestyle="--", label=f"exact {_fmt(exact)}")
    ax.set_xscale("log")
    ax.set_xlabel("number of trials (log scale)")
    ax.set_ylabel(ylabel)
    ax.set_title(title or sim.label or "Convergence of the simulation")
    ax.legend(loc="best", fontsize="small")
    return ax


def histogram(values: Simulation | Sequence[Any], *, exact: Mapping[Any, Fraction] | None = None, ax: Any = None,
              title: str = "", xlabel: str = "value", bins: int | None = None) -> Any:
    """How often each value came up; exact probabilities, if given, as markers.

    Whole-number or text values get one bar each; with ``bins`` the values are
    grouped into that many equal bins (for long tails like game lengths).
    """
    ax = _axes(ax)
    data = list(values.values) if isinstance(values, Simulation) else list(values)
    if bins is not None:
        ax.hist([float(v) for v in data], bins=bins, color=BLUE, alpha=0.8, weights=[1 / len(data)] * len(data),
                label=f"simulated ({len(data)} trials)")
        ax.set_ylabel("fraction of trials")
    else:
        freq = frequencies(data)
        keys = sorted(set(freq) | set(exact or {}), key=lambda k: (not isinstance(k, (int, float)), k))
        labels = [str(k) for k in keys]
        ax.bar(labels, [float(freq.get(k, 0)) for k in keys], color=BLUE, alpha=0.8,
               label=f"simulated ({len(data)} trials)")
        if exact:
            ax.plot(labels, [float(exact.get(k, 0)) for k in keys], linestyle="none", marker="D", color=VERMILLION,
                    label="exact")
        ax.set_ylabel("probability")
        if len(keys) > 12:
            ax.tick_params(axis="x", labelsize="small")
    ax.set_xlabel(xlabel)
    ax.set_title(title or "Histogram")
    ax.legend(loc="best", fontsize="small")
    return ax


def interval_plot(estimates: Mapping[Any, Estimate], *, exact: Any = None, ax: Any = None, title: str = "",
                  xlabel: str = "", ylabel: str = "estimate") -> Any:
    """One point with its interval per label (say, a win rate per seat); exact values as markers.

    ``exact`` is one number (drawn as a line) or a mapping label → number.
    """
    ax = _axes(ax)
    labels = [str(k) for k in estimates]
    values = [e.value for e in estimates.values()]
    below = [e.value - e.low for e in estimates.values()]
    above = [e.high - e.value for e in estimates.values()]
    ax.errorbar(labels, values, yerr=[below, above], fmt="o", color=BLUE, capsize=4,
                label="simulated, with 95% interval")
    if isinstance(exact, Mapping):
        ax.plot([str(k) for k in exact], [float(v) for v in exact.values()], linestyle="none", marker="D",
                color=VERMILLION, label="exact")
    elif exact is not None:
        ax.axhline(float(exact), color=VERMILLION, linestyle="--", label=f"{_fmt(exact)}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title or "Estimates with their intervals")
    ax.legend(loc="best", fontsize="small")
    return ax
