"""The paired t interval and the smallest detectable effect, checked against scipy and simulation."""

import math

import numpy as np
import pytest
from scipy import stats

from fstune.stats.paired import mean_and_sd, minimum_detectable_effect, t_critical, t_interval


@pytest.mark.parametrize("n", [2, 3, 5, 10, 15, 40])
def test_the_interval_is_scipys_one_sample_t_interval(n):
    rng = np.random.default_rng(n)
    contrasts = rng.normal(0.03, 0.05, n)
    ours = t_interval(contrasts.tolist(), level=0.95)
    theirs = stats.ttest_1samp(contrasts, 0.0).confidence_interval(0.95)
    assert (ours.low, ours.high) == pytest.approx((theirs.low, theirs.high), rel=1e-12, abs=1e-15)
    assert ours.estimate == pytest.approx(contrasts.mean())
    assert ours.sd == pytest.approx(contrasts.std(ddof=1))
    assert ours.standard_error == pytest.approx(stats.sem(contrasts))
    assert t_critical(n, 0.9) == pytest.approx(stats.t.ppf(0.95, n - 1))


def test_a_given_critical_value_is_used_as_is():
    interval = t_interval([0.01, 0.03, 0.02, 0.04], critical=5.0)
    assert interval.half_width == pytest.approx(5.0 * interval.standard_error)


def test_degenerate_inputs():
    one = t_interval([0.2])
    assert (one.low, one.high) == (-math.inf, math.inf)
    same = t_interval([0.1, 0.1, 0.1])
    assert (same.low, same.high, same.sd) == (0.1, 0.1, 0.0)
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
