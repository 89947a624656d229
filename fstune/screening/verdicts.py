"""A screening study's words, its error budget, and the level each factor is judged at.

The question is asked of every factor at once, so the chance of calling any knob that does
nothing "matters" is controlled for the whole family with Holm's step-down procedure
(docs/screening.md, "Error control"): the promise is that in at most 5 % of studies any factor
without an effect is called "matters". The procedure spends 4 % of it: the model's t tests are
exact only for Gaussian noise, independent runs and no drift within a block, which no lab gives,
and a procedure that spends the whole 5 % can never be shown by simulation to keep 5 %
(docs/verdicts.md, "Under stress"). The margin is what the simulations show the promise with.

Each factor's interval is drawn at the level Holm tests it at: the factor with the smallest p at
4 %/m, the next at 4 %/(m − 1), and so on while they are rejected; the first that is not, and
every factor after it, at the level that failed. An interval then excludes 0 exactly when Holm
rejects, so "matters" and its interval never disagree — the rule the secondary metrics follow
(fstune/stats/secondary.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from fstune.units import format_percent

PROMISE = 0.05  # any factor without an effect called "matters", in at most this share of studies
ALPHA = 0.04  # what Holm spends of it
DEFAULT_DELTA = 0.02  # the change that matters, as the paired studies' (fstune.stats.scales.DEFAULT_DELTA)
DEFAULT_POWER = 0.8  # the detectable effect is found this often, as the paired studies' (docs/verdicts.md)

MATTERS = "matters"
NO_EFFECT = "no detectable effect"
TOO_NOISY = "too noisy to tell"
VERDICTS = (MATTERS, NO_EFFECT, TOO_NOISY)


def percent(fraction: float, places: int | None = 1, *, sign: bool = False) -> str:
    """"+7.9 %": a share as a percentage, with the space the verdicts' texts put before the sign."""
    return format_percent(fraction, places, sign=sign, unit=" %")


def threshold(delta: float) -> float:
    """δ on the log scale, symmetric as the paired studies' (docs/verdicts.md, "δ, the change that
    matters"): a gain counts from +δ, a loss from −δ/(1 + δ)."""
    if delta <= 0:
        raise ValueError("δ must be above 0")
    return math.log1p(delta)


def holm_levels(p_values: Sequence[float], rejected: Sequence[bool], alpha: float = ALPHA) -> list[float]:
    """The level each hypothesis is judged at under Holm's procedure at ``alpha``, given which it
    rejected: the i-th smallest p at alpha/(m − i + 1) while they are rejected, then every one
    from the first not rejected on at that first one's level."""
    m = len(p_values)
    order = sorted(range(m), key=lambda index: (p_values[index], index))
    levels = [0.0] * m
    failed: float | None = None
    for rank, index in enumerate(order, start=1):
        level = failed if failed is not None else alpha / (m - rank + 1)
        if not rejected[index] and failed is None:
            failed = level
        levels[index] = level
    return levels


def verdict(low: float, high: float, rejected: bool, delta: float) -> str:
    """The word for an interval (log scale) at the factor's Holm level: "matters" when Holm
    rejects (the interval excludes 0), "no detectable effect" when it lies inside ±δ, else "too
    noisy to tell"."""
    if rejected:
        return MATTERS
    limit = threshold(delta)
    return NO_EFFECT if -limit <= low and high <= limit else TOO_NOISY
