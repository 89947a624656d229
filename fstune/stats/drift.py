"""Drift: does a series of block values trend over the study?

A device warming up, a filesystem ageing, a neighbour's job starting: all move the figures
over time (docs/verdicts.md, "Drift"). Alternating the order within blocks cancels a steady
drift from the paired contrasts, but a reader should still know it happened. Each
configuration's values and the paired contrasts are tested against the block index with
Spearman's rank correlation (scipy); a trend is reported beside the verdict when its p value,
Holm-adjusted across the series of one metric, is below ``DRIFT_ALPHA``, so that a metric
without drift gets a false note at most 5 % of the time, however many configurations it has.
It is a warning, not a verdict: nothing is corrected for it.

p values come from the permutation distribution of rho, which for values without ties depends
only on n: all n! orders up to ``EXACT_UP_TO`` blocks, 200,000 seeded random orders above,
worked out once per n and kept. Why not scipy's own: ``spearmanr``'s t approximation is too
thin in the tail at these n (at 10 blocks it says 0.019 where the exact value is 0.023, so the
Holm step at alpha/3 would flag too often), and ``permutation_test`` is exact but costs about a
second per series from 8 blocks on. Tied values (exact byte counts repeat) change the
permutation distribution, so with ties the t approximation is used. Below 5 blocks no trend can
be told from chance (even a perfect rank order has p = 1/12 at 4), so no test is made.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

DRIFT_ALPHA = 0.05
MIN_BLOCKS = 5
EXACT_UP_TO = 9  # 9! = 362,880 orders
RANDOM_ORDERS = 200_000
SEED = 11


@dataclass(frozen=True)
class DriftCheck:
    series: str  # a configuration's name, or "contrast"
    n: int
    rho: float | None  # Spearman's rank correlation with the block index; None when not tested
    p_value: float | None
    drifting: bool
    p_adjusted: float | None = None  # Holm-adjusted across the series of a report

    def describe(self) -> str:
        if self.rho is None:
            return f"{self.series}: not tested ({self.n} blocks; at least {MIN_BLOCKS} are needed)"
        trend = "rises" if self.rho > 0 else "falls"
        if self.drifting:
            shown = self.p_adjusted if self.p_adjusted is not None else self.p_value
            return f"{self.series} {trend} over the study (Spearman rho {self.rho:+.2f}, p = {shown:.3f})"
        return f"{self.series}: no trend (rho {self.rho:+.2f}, p = {self.p_value:.2f})"


@lru_cache(maxsize=32)
def null_distribution(n: int):
    """|rho| over the orders of n untied values, sorted: every order up to EXACT_UP_TO, else a
    seeded random sample of RANDOM_ORDERS."""
    import numpy as np

    if n <= EXACT_UP_TO:
        orders = np.array(list(itertools.permutations(range(n))), dtype=np.int16)
    else:
        orders = np.random.default_rng(SEED).permuted(np.tile(np.arange(n, dtype=np.int16), (RANDOM_ORDERS, 1)), axis=1)
    squared = ((orders - np.arange(n, dtype=np.int16)).astype(np.int32) ** 2).sum(axis=1)
    return np.sort(np.abs(1.0 - 6.0 * squared / (n * (n * n - 1))))


def permutation_p_value(rho: float, n: int) -> float:
    """Two-sided: the share of orders with |rho| at least the observed one."""
    import numpy as np

    null = null_distribution(n)
    at_least = null.size - int(np.searchsorted(null, abs(rho) - 1e-12, side="left"))
    if n <= EXACT_UP_TO:
        return at_least / null.size
    return (at_least + 1) / (null.size + 1)  # a random sample: never claim p = 0


def drift_check(values: Sequence[float], series: str = "", alpha: float = DRIFT_ALPHA) -> DriftCheck:
    """Spearman's rho of ``values`` (in block order) against the block index, and its p value."""
    import numpy as np
    from scipy import stats

    n = len(values)
    if n < MIN_BLOCKS:
        return DriftCheck(series, n, None, None, False)
    data = np.asarray(values, dtype=float)
    if np.all(data == data[0]):  # the same value every block: no trend to find
        return DriftCheck(series, n, 0.0, 1.0, False)
    result = stats.spearmanr(np.arange(n), data)
    rho, p_value = float(result.statistic), float(result.pvalue)
    if len(np.unique(data)) == n:  # no ties: the permutation distribution depends on n alone
        p_value = permutation_p_value(rho, n)
    return DriftCheck(series, n, rho, p_value, p_value < alpha)


def holm_adjusted(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p values, in the given order (scipy has no Holm helper).

    Sorted ascending, the i-th (1-based) of m is multiplied by m − i + 1; a running maximum
    keeps them in order, and none exceeds 1.
    """
    order = sorted(range(len(p_values)), key=lambda index: p_values[index])
    adjusted = [0.0] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


@dataclass(frozen=True)
class DriftReport:
    checks: tuple[DriftCheck, ...]

    @property
    def found(self) -> bool:
        return any(check.drifting for check in self.checks)

    def note(self) -> str:
        """What to say beside the verdict ("" when no drift was found)."""
        drifting = [check.describe() for check in self.checks if check.drifting]
        if not drifting:
            return ""
        return "Drift: " + "; ".join(drifting) + "."


def drift_report(values_by_config: Mapping[str, Sequence[float]], contrasts: Sequence[float] | None = None,
                 alpha: float = DRIFT_ALPHA) -> DriftReport:
    """Each configuration's values, and the paired contrasts, tested for a trend over the blocks."""
    checks = [drift_check(values, name, alpha) for name, values in values_by_config.items()]
    if contrasts is not None:
        checks.append(drift_check(contrasts, "contrast", alpha))
    tested = [index for index, check in enumerate(checks) if check.p_value is not None]
    adjusted = holm_adjusted([checks[index].p_value for index in tested])
    for index, p_adjusted in zip(tested, adjusted):
        check = checks[index]
        checks[index] = DriftCheck(check.series, check.n, check.rho, check.p_value, p_adjusted < alpha, p_adjusted)
    return DriftReport(tuple(checks))
