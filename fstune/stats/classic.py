"""The statistics behind the legacy verdicts and the per-configuration summaries, in plain Python.

Runs measured before blocks existed (legacy runs) keep the verdict they were always shown with:
every "better"/"worse" had to survive two independent checks (docs/ARCHITECTURE.md, "Results"):

- Welch's t-test on the means: does not assume both configurations are equally noisy;
- a bootstrap confidence interval for the difference of the medians: makes no assumption about
  the shape of the noise and is not pulled around by one slow outlier.

Student's t distribution is computed from the regularized incomplete beta function (continued
fraction, as in Numerical Recipes §6.4); its quantiles by bisection on that CDF. No numpy/scipy:
fstune's core has to install anywhere a filesystem can be tuned.

That rule is ``fstune.stats.judge.judge_legacy``, used for legacy runs only; runs measured in
blocks are judged by the paired, group-sequential core beside it (docs/verdicts.md). The summaries
(median, spread, t interval per configuration) and the adaptive repeats still use this module.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

MIN_REPEATS = 3  # never fewer, whatever the spread (docs/ARCHITECTURE.md, "Results")


def mean(values: Sequence[float]) -> float:
    if not values:
        raise ValueError("the mean of no values is undefined")
    return math.fsum(values) / len(values)


def median(values: Sequence[float]) -> float:
    if not values:
        raise ValueError("the median of no values is undefined")
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[middle])
    return (ordered[middle - 1] + ordered[middle]) / 2


def variance(values: Sequence[float]) -> float:
    """Sample variance (divides by n − 1): repeats are a sample of what the setup could do."""
    if len(values) < 2:
        raise ValueError("a sample variance needs at least two values")
    centre = mean(values)
    return math.fsum((value - centre) ** 2 for value in values) / (len(values) - 1)


def stdev(values: Sequence[float]) -> float:
    return math.sqrt(variance(values))


def rsd(values: Sequence[float]) -> float:
    """Relative standard deviation, stdev / |mean| (0.03 = 3 %).

    Identical values have an RSD of 0 even when they are all 0 (a phase that never had a
    request over 2 s); values spread around a mean of 0 have an infinite RSD.
    """
    spread = stdev(values)
    if spread == 0:
        return 0.0
    centre = abs(mean(values))
    return spread / centre if centre else math.inf


# ---------------------------------------------------------------------------------------------
# Student's t distribution


def _beta_continued_fraction(a: float, b: float, x: float) -> float:
    """Continued fraction for I_x(a, b), evaluated with the modified Lentz method."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        step = d * c
        h *= step
        if abs(step - 1.0) < 1e-15:
            return h
    raise ArithmeticError(f"incomplete beta did not converge for a={a}, b={b}, x={x}")


def regularized_incomplete_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b) = B(x; a, b) / B(a, b), for a, b > 0 and 0 ≤ x ≤ 1."""
    if a <= 0 or b <= 0:
        raise ValueError("the incomplete beta function needs a > 0 and b > 0")
    if not 0.0 <= x <= 1.0:
        raise ValueError(f"x must be within [0, 1], not {x}")
    if x in (0.0, 1.0):
        return x
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    front = math.exp(log_front)
    # the continued fraction converges fast only below the mean of the beta distribution;
    # above it, use the symmetry I_x(a, b) = 1 − I_{1−x}(b, a)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_continued_fraction(a, b, x) / a
    return 1.0 - front * _beta_continued_fraction(b, a, 1.0 - x) / b


def _t_two_sided_tail(t: float, df: float) -> float:
    """P(|T| ≥ |t|) for Student's t with df degrees of freedom."""
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    if math.isinf(t):
        return 0.0
    if df > 1e7:  # the t distribution is the normal one to within rounding here
        return math.erfc(abs(t) / math.sqrt(2.0))
    return regularized_incomplete_beta(df / 2.0, 0.5, df / (df + t * t))


def t_cdf(t: float, df: float) -> float:
    """P(T ≤ t) for Student's t distribution with df (> 0, need not be whole) degrees of freedom."""
    tail = _t_two_sided_tail(t, df) / 2.0
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The t such that P(T ≤ t) = p; e.g. t_quantile(0.975, 10) ≈ 2.228."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"a quantile needs 0 < p < 1, not {p}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    tail = 2.0 * (1.0 - p)  # two-sided tail probability at the answer, computed without cancellation
    low, high = 0.0, 1.0
    while _t_two_sided_tail(high, df) > tail:
        low, high = high, high * 2.0
    # the tail is monotone in t: bisect until the bracket is at the limit of float precision
    for _ in range(200):
        middle = (low + high) / 2.0
        if middle in (low, high):
            break
        if _t_two_sided_tail(middle, df) > tail:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def confidence_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """Student's t interval for the mean: mean ± t(1−α/2, n−1) · s/√n."""
    count = len(values)
    if count < 2:
        raise ValueError("a confidence interval needs at least two values")
    centre = mean(values)
    half = t_quantile(1.0 - (1.0 - level) / 2.0, count - 1) * stdev(values) / math.sqrt(count)
    return centre - half, centre + half


def median_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """A distribution-free interval for the median: the order statistics x(k) and x(n−k+1) with the
    largest k whose binomial coverage is still at least ``level``; below 6 values no k reaches 95 %
    and the range (min, max) is returned. Unlike a t interval for the mean, it stays inside the
    data, so a skewed latency never gets a negative bound beside its median."""
    ordered = sorted(values)
    count = len(ordered)
    if count < 2:
        raise ValueError("an interval for the median needs at least two values")
    tail = (1.0 - level) / 2.0
    below, k = 0.0, 0  # P(Binomial(n, ½) ≤ k − 1), the chance x(k) lies above the median
    while True:
        below_next = below + math.comb(count, k) / 2.0 ** count
        if below_next > tail or k + 1 > count // 2:
            break
        below, k = below_next, k + 1
    k = max(k, 1)
    return ordered[k - 1], ordered[count - k]


# ---------------------------------------------------------------------------------------------
# Comparing two sets of repeats


@dataclass(frozen=True)
class WelchResult:
    t: float  # positive when the variant's mean is higher
    df: float  # Welch–Satterthwaite degrees of freedom
    p_value: float  # two-sided
    mean_diff: float  # variant mean − baseline mean


def welch_t_test(baseline: Sequence[float], variant: Sequence[float]) -> WelchResult:
    """Welch's unequal-variances t-test of variant against baseline (two-sided)."""
    n_a, n_b = len(baseline), len(variant)
    if n_a < 2 or n_b < 2:
        raise ValueError("Welch's t-test needs at least two values on each side")
    diff = mean(variant) - mean(baseline)
    part_a, part_b = variance(baseline) / n_a, variance(variant) / n_b
    se2 = part_a + part_b
    if se2 == 0:
        # both sides repeat one value exactly (byte counts often do): the difference, if
        # any, is certain; if there is none, there is nothing to find
        t = 0.0 if diff == 0 else math.copysign(math.inf, diff)
        return WelchResult(t, float(n_a + n_b - 2), 1.0 if diff == 0 else 0.0, diff)
    t = diff / math.sqrt(se2)
    df = se2 * se2 / (part_a * part_a / (n_a - 1) + part_b * part_b / (n_b - 1))
    return WelchResult(t, df, _t_two_sided_tail(t, df), diff)


def _quantile_sorted(ordered: Sequence[float], q: float) -> float:
    """Linear interpolation between order statistics (the common "type 7" definition)."""
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def bootstrap_median_diff_ci(baseline: Sequence[float], variant: Sequence[float], level: float = 0.95,
                             resamples: int = 2000, seed: int = 20240601) -> tuple[float, float]:
    """Percentile bootstrap interval for median(variant) − median(baseline).

    Each side is resampled with replacement on its own. A private, seeded generator makes the
    interval a pure function of the data: the same runs always give the same verdict.
    """
    if not baseline or not variant:
        raise ValueError("a bootstrap needs values on both sides")
    rng = random.Random(seed)
    n_a, n_b = len(baseline), len(variant)
    diffs = sorted(median(rng.choices(variant, k=n_b)) - median(rng.choices(baseline, k=n_a))
                   for _ in range(resamples))
    alpha = 1.0 - level
    return _quantile_sorted(diffs, alpha / 2.0), _quantile_sorted(diffs, 1.0 - alpha / 2.0)
