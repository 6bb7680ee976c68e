"""Classroom probability: exact answers as fractions, seeded simulations, checks.

Exact answers come from counting or from walking the engine's chance points
(every chance point lists its outcomes with exact probabilities); simulations
are seeded, so every run of a notebook gives the same numbers, and report a
confidence interval.  This package imports only the standard library;
plots (:mod:`spynb.prob.plots`) import matplotlib when they are drawn.

>>> from spynb.prob import check
>>> check("5/16", Fraction(5, 16)).status
'right'
"""

from fractions import Fraction

from .check import Verdict, check, parse_answer
from .exact import (
    as_fraction_table, draws_until, expectation, hypergeometric, hypergeometric_distribution,
    outcome_distribution, probability, variance,
)
from .progress import Progress
from .simulate import Simulation, checkpoints, frequencies, random_action, random_playout, running_means, simulate
from .stats import Estimate, mean_interval, t_value, wilson, z_value

__all__ = [
    "Estimate", "Fraction", "Progress", "Simulation", "Verdict", "as_fraction_table", "check", "checkpoints",
    "draws_until", "expectation", "frequencies", "hypergeometric", "hypergeometric_distribution",
    "mean_interval", "outcome_distribution", "parse_answer", "probability", "random_action",
    "random_playout", "running_means", "simulate", "t_value", "variance", "wilson", "z_value",
]
