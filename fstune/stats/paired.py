"""The interval on the mean paired contrast, and the smallest effect a run could have detected.

Why a t interval on paired contrasts (docs/verdicts.md, "Paired contrasts"): each block measures
both configurations close together in time, so whatever slowed the whole block (another job on
the machine, a warm or cold device) largely cancels in the contrast. The mean of n contrasts
has the interval  mean ± c · sd/√n;  c is Student's t quantile with n − 1 degrees of freedom for
a single fixed-size look, or the group-sequential boundary of the look (``sequential``), which
also widens sd for correlated blocks (``lag1_inflations``).

Why not a rank, permutation or bootstrap interval: with the 5 to 15 blocks a study affords, the
sign-flip (permutation) and signed-rank tests have only 2**n equally likely outcomes, so below
6 pairs no result can reach p < 0.05 two-sided (2/2**5 = 0.0625), and the percentile bootstrap
covers less than its nominal level at such n. fstune does not use them for verdicts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MDE_POWER = 0.8  # "smallest detectable effect": detected (interval excludes 0) 8 times in 10
# Consecutive blocks can err alike (a device warming over minutes, a neighbour's long job): the
# mean's variance is then larger than sd²/n. The interval widens by √((1 + r)/(1 − r)), the AR(1)
# factor, with r the contrasts' own lag-1 autocorrelation plus 1/n (its bias when blocks are
# independent), clipped to [0, LAG1_CEILING]: never narrower than independent blocks, at most
# √3 wider. The limits are calibrated with it in place, so independent blocks pay nothing in the
# false-claim rate (docs/verdicts.md, "Correlated blocks").
LAG1_CEILING = 0.5
# A run's own 5 to 15 blocks measure r with a spread as large as the 0.29 to be found, so the
# widening also takes a floor from outside the run: the lag-1 correlation of earlier stored runs
# on the same device and primary metric, pooled, bias-corrected, plus a margin for its own error
# (``lag1_floor``). Below MIN_FLOOR_BLOCKS earlier blocks there is no floor. The margin was chosen
# by bench/stress_verdicts.py: with three earlier runs of 15 blocks, 0.05 left correlated blocks
# at 4.5 % and a floor without margin at 5.5 % (docs/verdicts.md, "Correlated blocks").
LAG1_FLOOR_MARGIN = 0.1
MIN_FLOOR_BLOCKS = 30
# A first run on a device has no earlier runs to read a floor from, and its own blocks alone let
# identical configurations whose blocks correlate at +0.29 be called different in 9.5 % of runs.
# Since paired-gs-obf/4 such a run assumes consecutive blocks correlate up to this, declared: the
# highest lag-1 correlation of any bundle of the project's stored lab runs (bench/runs/
# early-stop-journal, +0.33 over 50 blocks; data=journal +0.32, nodelalloc +0.31). Chosen and
# tested by bench/first_run_floor.py (docs/verdicts.md, "Correlated blocks").
DEFAULT_LAG1_FLOOR = 0.33
DEFAULT_FLOOR_SOURCE = ("the highest lag-1 correlation in the project's stored lab runs (bench/runs/, "
                        "early-stop-journal: +0.33 over 50 blocks)")


@dataclass(frozen=True)
class PairedInterval:
    """An interval on the mean contrast: estimate ± critical · sd/√n (contrast scale)."""

    n: int
    estimate: float
    sd: float
    critical: float
    low: float
    high: float
    inflation: float = 1.0  # the variance factor for correlated blocks (``lag1_inflation``)

    @property
    def standard_error(self) -> float:
        return self.sd * math.sqrt(self.inflation) / math.sqrt(self.n) if self.n else math.inf

    @property
    def effective_sd(self) -> float:
        """The spread one block's contrast would need, independent, to give this interval's width."""
        return self.sd * math.sqrt(self.inflation)

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2.0


def mean_and_sd(contrasts: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (n − 1), two-pass for accuracy; sd is nan below 2 values."""
    n = len(contrasts)
    if n == 0:
        raise ValueError("no contrasts")
    if all(value == contrasts[0] for value in contrasts):  # exactly, without rounding noise
        return float(contrasts[0]), (0.0 if n > 1 else math.nan)
    centre = math.fsum(contrasts) / n
    if n < 2:
        return centre, math.nan
    return centre, math.sqrt(math.fsum((value - centre) ** 2 for value in contrasts) / (n - 1))


def lag1_inflations(contrasts, floor=0.0):
    """The variance factor (1 + r)/(1 − r) per row of ``contrasts`` (numpy, studies × blocks, in
    block order), r = lag-1 autocorrelation + 1/n, at least ``floor`` (the correlation known from
    outside the run, ``lag1_floor``: a number, or one per row), clipped to [0, LAG1_CEILING]; 1
    below 3 blocks and where the contrasts do not vary (unless a floor says otherwise)."""
    import numpy as np

    data = np.asarray(contrasts, dtype=float)
    n = data.shape[1]
    floors = np.clip(np.broadcast_to(np.asarray(floor, dtype=float), (data.shape[0],)), 0.0, LAG1_CEILING)
    if n < 3:
        return (1.0 + floors) / (1.0 - floors)
    centred = data - data.mean(axis=1, keepdims=True)
    square = (centred * centred).sum(axis=1)
    lagged = (centred[:, 1:] * centred[:, :-1]).sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(square > 0, lagged / np.where(square > 0, square, 1.0), 0.0) + 1.0 / n
    r = np.clip(np.maximum(r, floors), 0.0, LAG1_CEILING)
    return (1.0 + r) / (1.0 - r)


def lag1_inflation(contrasts: Sequence[float], floor: float = 0.0) -> float:
    """``lag1_inflations`` of one series."""
    values = [float(value) for value in contrasts]
    if len(values) < 3 or all(value == values[0] for value in values):
        r = min(max(floor, 0.0), LAG1_CEILING)  # no correlation to read from the run itself
        return (1.0 + r) / (1.0 - r)
    return float(lag1_inflations([values], floor)[0])


@dataclass(frozen=True)
class Lag1Floor:
    """The correlation of consecutive blocks known from outside a run (``lag1_floor``)."""

    floor: float  # what the widening uses at least: the estimate plus the margin, in [0, LAG1_CEILING]
    estimate: float  # pooled, bias-corrected lag-1 correlation of the earlier runs' contrasts
    runs: int
    blocks: int
    default: bool = False  # declared, not measured: too few earlier blocks on the device (``first_run_floor``)

    def as_design(self, source: str) -> dict:
        entry = {"floor": round(self.floor, 4), "estimate": round(self.estimate, 4), "runs": self.runs,
                 "blocks": self.blocks, "source": source}
        if self.default:
            entry["default"] = True
        return entry


def first_run_floor(runs: int = 0, blocks: int = 0) -> Lag1Floor:
    """The floor of a run whose device has fewer than MIN_FLOOR_BLOCKS earlier blocks (``runs``
    runs, ``blocks`` blocks): the declared DEFAULT_LAG1_FLOOR, no margin (it is no estimate)."""
    return Lag1Floor(DEFAULT_LAG1_FLOOR, DEFAULT_LAG1_FLOOR, runs, blocks, default=True)


def lag1_floor(series: Sequence[Sequence[float]], margin: float = LAG1_FLOOR_MARGIN) -> Lag1Floor | None:
    """The floor from earlier runs' contrasts (each a series in block order): each run's lag-1
    autocorrelation around its own mean, averaged weighted by blocks, corrected for its bias
    (about −(1 + 3r)/n for n blocks: r = (n·r̄ + 1)/(n − 3), n the runs' mean block count), at
    least 0, plus ``margin``. None below MIN_FLOOR_BLOCKS blocks in runs of at least 5."""
    runs = [[float(v) for v in values] for values in series if len(values) >= 5]
    runs = [values for values in runs if any(v != values[0] for v in values)]
    blocks = sum(len(values) for values in runs)
    if blocks < MIN_FLOOR_BLOCKS:
        return None
    weighted = 0.0
    for values in runs:
        centre = math.fsum(values) / len(values)
        centred = [v - centre for v in values]
        weighted += len(values) * math.fsum(a * b for a, b in zip(centred, centred[1:])) / math.fsum(
            v * v for v in centred)
    mean_r, mean_n = weighted / blocks, blocks / len(runs)
    estimate = min(max(0.0, (mean_n * mean_r + 1.0) / (mean_n - 3.0)), 0.99)
    return Lag1Floor(min(LAG1_CEILING, estimate + margin), estimate, len(runs), blocks)


def t_critical(n: int, level: float = 0.95) -> float:
    """Student's t quantile for a two-sided interval at ``level`` with n − 1 degrees of freedom."""
    from scipy import stats

    if n < 2:
        return math.inf
    return float(stats.t.ppf(0.5 + level / 2.0, n - 1))


def t_interval(contrasts: Sequence[float], critical: float | None = None, level: float = 0.95) -> PairedInterval:
    """The interval on the mean contrast with the given critical value (default: t at ``level``).

    Below two contrasts nothing is known about the noise: the interval is (−inf, inf). Contrasts
    that are all equal give a zero-width interval at their value.
    """
    n = len(contrasts)
    estimate, sd = mean_and_sd(contrasts)
    if n < 2:
        return PairedInterval(n, estimate, math.nan, math.inf, -math.inf, math.inf)
    if critical is None:
        critical = t_critical(n, level)
    half = critical * sd / math.sqrt(n)
    return PairedInterval(n, estimate, sd, critical, estimate - half, estimate + half)


def minimum_detectable_effect(sd: float, n: int, critical: float, power: float = MDE_POWER) -> float:
    """The smallest true mean contrast that an interval ``mean ± critical·sd/√n`` would exclude
    0 for, with probability ``power``, if the noise's spread were ``sd`` (contrast scale).

    Exact for normal noise: the t statistic then follows the noncentral t distribution with
    n − 1 degrees of freedom and noncentrality effect·√n/sd, and the power P(|T| > critical) is
    solved for the noncentrality. The run's own sd stands in for the true one, so this is an
    estimate of what the run could have seen, not a promise.
    """
    from scipy import optimize, stats

    if n < 2 or not math.isfinite(critical) or not math.isfinite(sd):
        return math.inf
    if sd == 0:
        return 0.0
    df = n - 1

    def shortfall(noncentrality: float) -> float:
        # the lower tail as the upper tail of the mirrored law: scipy's nct.cdf gives nan far out
        detected = stats.nct.sf(critical, df, noncentrality) + stats.nct.sf(critical, df, -noncentrality)
        return detected - power

    if shortfall(0.0) >= 0:  # so lax a critical value "detects" even no effect that often
        return 0.0
    high = critical + 10.0
    while shortfall(high) < 0:
        high *= 2.0
    noncentrality = optimize.brentq(shortfall, 0.0, high, xtol=1e-10)
    return noncentrality * sd / math.sqrt(n)


@dataclass(frozen=True)
class RatioOfMeans:
    """The variant's arithmetic mean over the baseline's, over the same blocks, with an interval."""

    n: int
    ratio: float  # mean(variant) / mean(baseline)
    low: float
    high: float
    geometric: float  # the ratio of geometric means over the same blocks (the scale verdicts use)
    level: float = 0.95


def ratio_of_means(baseline: Sequence[float], variant: Sequence[float], level: float = 0.95) -> RatioOfMeans:
    """The ratio of the arithmetic means of paired blocks (``baseline[i]`` and ``variant[i]`` from
    block i), with a ``level`` interval by the delta method on the log of the ratio: each block's
    influence d_i = v_i/v̄ − b_i/b̄ (the pairing's covariance included), se = sd(d)/√n, and
    exp(ln R ± t(n − 1)·se). Why the delta method and not a bootstrap over blocks: at 5 to 15 blocks
    a percentile bootstrap covers less than its level (as this module's docstring says for the
    verdicts), and the t quantile keeps the interval honest where the blocks are few; it is
    deterministic, so a report gives the same figures every time. A description, not a verdict:
    one interval over the blocks given, not adjusted for the looks (docs/verdicts.md, "The ratio
    of means"). Values must be positive (throughput, times); below 2 blocks the interval is
    unbounded."""
    base = [float(v) for v in baseline]
    other = [float(v) for v in variant]
    n = len(base)
    if n != len(other) or n == 0:
        raise ValueError("the ratio of means needs the same blocks on both sides, at least one")
    if min(base + other) <= 0:
        raise ValueError("the ratio of means needs positive figures")
    base_mean, other_mean = math.fsum(base) / n, math.fsum(other) / n
    ratio = other_mean / base_mean
    geometric = math.exp(math.fsum(math.log(v) - math.log(b) for b, v in zip(base, other)) / n)
    if n < 2:
        return RatioOfMeans(n, ratio, 0.0, math.inf, geometric, level)
    _centre, sd = mean_and_sd([v / other_mean - b / base_mean for b, v in zip(base, other)])
    half = t_critical(n, level) * sd / math.sqrt(n)
    return RatioOfMeans(n, ratio, ratio * math.exp(-half), ratio * math.exp(half), geometric, level)
