"""The paired t interval and the smallest detectable effect, checked against scipy and simulation."""

import math

import numpy as np
import pytest
from scipy import stats

from fstune.stats.paired import mean_and_sd, minimum_detectable_effect, t_critical


@pytest.mark.parametrize("n", [2, 3, 5, 10, 15, 40])
def test_mean_sd_and_critical_value_are_scipys(n):
    rng = np.random.default_rng(n)
    contrasts = rng.normal(0.03, 0.05, n)
    estimate, sd = mean_and_sd(contrasts.tolist())
    assert estimate == pytest.approx(contrasts.mean())
    assert sd == pytest.approx(contrasts.std(ddof=1))
    assert t_critical(n, 0.9) == pytest.approx(stats.t.ppf(0.95, n - 1))


def test_degenerate_inputs():
    assert mean_and_sd([0.1, 0.1, 0.1]) == (0.1, 0.0)
    assert mean_and_sd([1e9 + 1, 1e9 + 2, 1e9 + 3]) == (1e9 + 2, 1.0)  # two-pass: no cancellation
    with pytest.raises(ValueError):
        mean_and_sd([])


@pytest.mark.parametrize(("n", "critical"), [(5, 2.776), (10, 2.88), (15, 2.22), (6, 7.05)])
def test_the_smallest_detectable_effect_is_detected_eight_times_in_ten(n, critical):
    """At the effect it returns, a simulated interval excludes 0 in 80 % of studies."""
    sd = 0.04
    effect = minimum_detectable_effect(sd, n, critical)
    rng = np.random.default_rng(n)
    data = rng.normal(effect, sd, (200_000, n))
    t = np.abs(data.mean(axis=1)) / (data.std(axis=1, ddof=1) / math.sqrt(n))
    power = (t > critical).mean()
    assert power == pytest.approx(0.8, abs=0.005)


def test_the_smallest_detectable_effect_approaches_the_normal_formula():
    """For many blocks, (z_{1−α/2} + z_{0.8}) · sd/√n."""
    n, sd = 2000, 0.05
    effect = minimum_detectable_effect(sd, n, stats.norm.ppf(0.975))
    assert effect == pytest.approx((stats.norm.ppf(0.975) + stats.norm.ppf(0.8)) * sd / math.sqrt(n), rel=2e-3)


def test_the_smallest_detectable_effect_at_the_edges():
    assert minimum_detectable_effect(0.05, 1, 2.0) == math.inf
    assert minimum_detectable_effect(0.0, 10, 2.0) == 0.0
    assert minimum_detectable_effect(0.05, 10, 0.01) == 0.0  # a critical value that passes anything
    # far out in the noncentral t, where scipy's lower-tail cdf returns nan
    assert math.isfinite(minimum_detectable_effect(0.05, 5, 35.0))


def _ar_series(rng, runs: int, blocks: int, r: float) -> list[list[float]]:
    out = []
    for _ in range(runs):
        value, series = rng.standard_normal(), []
        for _ in range(blocks):
            series.append(value)
            value = r * value + math.sqrt(1 - r * r) * rng.standard_normal()
        out.append(series)
    return out


def test_the_floor_from_earlier_runs_finds_their_correlation_and_adds_its_margin():
    from fstune.stats.paired import LAG1_FLOOR_MARGIN, lag1_floor

    rng = np.random.default_rng(29)
    correlated = lag1_floor(_ar_series(rng, 40, 15, 0.3))
    # a single run's lag-1 estimate is biased low by about (1 + 3r)/n; the pooled one is corrected
    assert correlated.estimate == pytest.approx(0.3, abs=0.06)
    assert correlated.floor == pytest.approx(correlated.estimate + LAG1_FLOOR_MARGIN)
    assert (correlated.runs, correlated.blocks) == (40, 600)
    independent = lag1_floor(_ar_series(rng, 40, 15, 0.0))
    assert independent.estimate == pytest.approx(0.0, abs=0.06)
    # too few earlier blocks, or series too short to read a correlation from: no floor
    assert lag1_floor(_ar_series(rng, 1, 15, 0.3)) is None
    assert lag1_floor(_ar_series(rng, 10, 4, 0.3)) is None


def test_the_widening_is_never_less_than_the_floor_gives():
    from fstune.stats.paired import lag1_inflation, lag1_inflations

    rng = np.random.default_rng(3)
    data = rng.standard_normal((200, 10))
    own = lag1_inflations(data)
    floored = lag1_inflations(data, 0.3)
    assert (floored >= (1.3 / 0.7) - 1e-12).all()
    assert (floored >= own).all()
    assert (floored[own > 1.3 / 0.7] == own[own > 1.3 / 0.7]).all()  # a larger own correlation still counts
    assert lag1_inflation([0.1, 0.1, 0.1], 0.2) == pytest.approx(1.2 / 0.8)
    assert lag1_inflation([0.1, 0.1, 0.1]) == 1.0


def test_a_floor_in_the_schedule_widens_every_looks_interval():
    from fstune.stats.sequential import LookSchedule, decide

    contrasts = [0.05, 0.02, 0.08, 0.03, 0.06, 0.04, 0.07, 0.01, 0.05, 0.06]
    plain = decide(contrasts, LookSchedule((5, 10)), 0.02, outlook=False)
    floored = decide(contrasts, LookSchedule((5, 10), lag1_floor=0.4), 0.02, outlook=False)
    assert floored.interval.inflation == pytest.approx(1.4 / 0.6)
    assert floored.interval.half_width > plain.interval.half_width
    with pytest.raises(ValueError):
        LookSchedule((5, 10), lag1_floor=1.0)
