"""fstune.stats.classic against known values: textbook t tables, closed forms, hand-computed examples."""

from __future__ import annotations

import math
import random

import pytest

from fstune.stats import classic as stats
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE
from fstune.stats.judge import judge_legacy as judge  # the rule legacy runs keep
from fstune.figures import HIGHER, LOWER

# ---------------------------------------------------------------------------------------------
# descriptive statistics


def test_mean_median_stdev_of_a_textbook_sample():
    data = [2, 4, 4, 4, 5, 5, 7, 9]
    assert stats.mean(data) == 5.0
    assert stats.median(data) == 4.5  # even count: mean of the middle two
    assert stats.median([3, 1, 2]) == 2.0
    # sum of squared deviations is 32; the sample variance divides by n − 1 = 7
    assert stats.variance(data) == pytest.approx(32 / 7, rel=1e-15)
    assert stats.stdev(data) == pytest.approx(math.sqrt(32 / 7), rel=1e-15)
    assert stats.rsd(data) == pytest.approx(math.sqrt(32 / 7) / 5, rel=1e-15)


def test_undefined_statistics_raise():
    for function in (stats.mean, stats.median):
        with pytest.raises(ValueError):
            function([])
    for function in (stats.variance, stats.stdev, stats.rsd, stats.confidence_interval):
        with pytest.raises(ValueError):
            function([1.0])


def test_rsd_edge_cases():
    assert stats.rsd([0.0, 0.0, 0.0]) == 0.0  # e.g. % of requests over 10 s, always none
    assert stats.rsd([7.5, 7.5]) == 0.0
    assert stats.rsd([-1.0, 1.0]) == math.inf  # spread around a mean of 0
    assert stats.rsd([-10.0, -12.0]) == pytest.approx(stats.stdev([10, 12]) / 11)  # |mean|


# ---------------------------------------------------------------------------------------------
# Student's t


@pytest.mark.parametrize("a, b", [(1, 1), (2.5, 1), (1, 3.5)])
@pytest.mark.parametrize("x", [0.01, 0.3, 0.5, 0.77, 0.999])
def test_incomplete_beta_closed_forms(a, b, x):
    # I_x(a, 1) = x^a and I_x(1, b) = 1 − (1 − x)^b
    expected = x ** a if b == 1 else 1 - (1 - x) ** b
    assert stats.regularized_incomplete_beta(a, b, x) == pytest.approx(expected, rel=1e-12)


def test_incomplete_beta_symmetry_and_ends():
    assert stats.regularized_incomplete_beta(7.3, 7.3, 0.5) == pytest.approx(0.5, abs=1e-14)
    assert stats.regularized_incomplete_beta(2, 3, 0.0) == 0.0
    assert stats.regularized_incomplete_beta(2, 3, 1.0) == 1.0
    x, a, b = 0.3, 4.2, 1.7
    assert stats.regularized_incomplete_beta(a, b, x) == pytest.approx(
        1 - stats.regularized_incomplete_beta(b, a, 1 - x), rel=1e-12)


@pytest.mark.parametrize("t", [-30.0, -2.5, -0.4, 0.0, 0.4, 1.0, 2.5, 30.0])
def test_t_cdf_matches_closed_forms(t):
    # df = 1 is the Cauchy distribution; df = 2 has a closed form too
    assert stats.t_cdf(t, 1) == pytest.approx(0.5 + math.atan(t) / math.pi, rel=1e-12, abs=1e-15)
    assert stats.t_cdf(t, 2) == pytest.approx(0.5 + t / (2 * math.sqrt(2 + t * t)), rel=1e-12, abs=1e-15)


# two-sided 95 % (and other) critical values from the standard t table
@pytest.mark.parametrize("p, df, table", [
    (0.975, 1, 12.706), (0.975, 2, 4.303), (0.975, 3, 3.182), (0.975, 4, 2.776), (0.975, 5, 2.571),
    (0.975, 9, 2.262), (0.975, 10, 2.228), (0.975, 20, 2.086), (0.975, 30, 2.042), (0.975, 120, 1.980),
    (0.95, 5, 2.015), (0.95, 10, 1.812), (0.995, 10, 3.169), (0.995, 3, 5.841), (0.9995, 1, 636.619),
])
def test_t_quantile_matches_the_table(p, df, table):
    assert stats.t_quantile(p, df) == pytest.approx(table, abs=5e-4)


def test_t_quantile_precisely_where_closed_forms_exist():
    for p in (0.6, 0.9, 0.975, 0.999):
        assert stats.t_quantile(p, 1) == pytest.approx(math.tan(math.pi * (p - 0.5)), rel=1e-10)
        assert stats.t_quantile(p, 2) == pytest.approx((2 * p - 1) / math.sqrt(2 * p * (1 - p)), rel=1e-10)
    # far more degrees of freedom than any benchmark has: the normal quantile
    assert stats.t_quantile(0.975, 1e9) == pytest.approx(1.959963984540054, rel=1e-9)


def test_t_quantile_is_symmetric_and_inverts_the_cdf():
    assert stats.t_quantile(0.5, 7) == 0.0
    assert stats.t_quantile(0.025, 10) == pytest.approx(-stats.t_quantile(0.975, 10), rel=1e-14)
    for df in (1.5, 4.7, 24.99):  # Welch's df is rarely whole
        for p in (0.8, 0.975, 0.9999):
            assert stats.t_cdf(stats.t_quantile(p, df), df) == pytest.approx(p, abs=1e-12)
    with pytest.raises(ValueError):
        stats.t_quantile(1.0, 3)


def test_confidence_interval_by_hand():
    # mean 12, s = 2, n = 3: 12 ± t(0.975, 2) · 2/√3 = 12 ± 4.302653 · 1.154701
    low, high = stats.confidence_interval([10, 12, 14])
    half = 4.302652729749464 * 2 / math.sqrt(3)
    assert (low, high) == (pytest.approx(12 - half, rel=1e-12), pytest.approx(12 + half, rel=1e-12))
    low99, high99 = stats.confidence_interval([10, 12, 14], level=0.99)
    assert low99 < low and high99 > high


# ---------------------------------------------------------------------------------------------
# Welch's t-test


def _t_pdf(x: float, df: float) -> float:
    norm = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    return norm * (1 + x * x / df) ** (-(df + 1) / 2)


def _two_sided_p_by_integration(t: float, df: float, steps: int = 20000) -> float:
    """Independent check: 2 ∫_|t|^∞ pdf, by Simpson's rule after x = |t| + u/(1 − u)."""
    def g(u: float) -> float:
        if u >= 1.0:
            return 0.0
        return _t_pdf(abs(t) + u / (1 - u), df) / (1 - u) ** 2
    h = 1.0 / steps
    total = g(0.0) + g(1.0) + sum((4 if i % 2 else 2) * g(i * h) for i in range(1, steps))
    return 2 * total * h / 3


def test_welch_hand_computed_example():
    baseline, variant = [1, 2, 3, 4], [2, 4, 6, 8, 10]
    result = stats.welch_t_test(baseline, variant)
    # means 2.5 and 6; variances 5/3 and 10; se² = (5/3)/4 + 10/5 = 29/12
    assert result.mean_diff == 3.5
    assert result.t == pytest.approx(3.5 / math.sqrt(29 / 12), rel=1e-14)
    # df = (29/12)² / (((5/12)²)/3 + 2²/4) = 2523/457
    assert result.df == pytest.approx(2523 / 457, rel=1e-14)
    assert result.p_value == pytest.approx(_two_sided_p_by_integration(result.t, result.df), rel=1e-7)
    assert 0.05 < result.p_value < 0.1  # t = 2.25 with 5.5 df: suggestive, not significant


def test_welch_textbook_example():
    # the unequal-sample example in Wikipedia's "Welch's t-test" article: t = −2.46, ν ≈ 24.99, p = 0.021
    a1 = [27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4]
    a2 = [27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4]
    result = stats.welch_t_test(a2, a1)  # t's sign: second argument minus first
    assert result.t == pytest.approx(-2.46, abs=0.005)
    assert result.df == pytest.approx(24.99, abs=0.005)
    assert result.p_value == pytest.approx(0.021, abs=0.0005)
    assert result.p_value == pytest.approx(_two_sided_p_by_integration(result.t, result.df), rel=1e-7)
    # swapping the sides flips t and keeps p
    swapped = stats.welch_t_test(a1, a2)
    assert swapped.t == pytest.approx(-result.t) and swapped.p_value == pytest.approx(result.p_value)


def test_welch_without_any_spread():
    same = stats.welch_t_test([14.6, 14.6, 14.6], [14.6, 14.6])
    assert same.p_value == 1.0 and same.t == 0.0
    moved = stats.welch_t_test([14.6, 14.6, 14.6], [7.7, 7.7, 7.7])
    assert moved.p_value == 0.0 and moved.t == -math.inf


# ---------------------------------------------------------------------------------------------
# bootstrap


def test_bootstrap_is_deterministic_and_seeded():
    baseline, variant = [15.2, 15.6, 15.4, 15.9, 15.1], [17.0, 17.4, 17.1, 17.6, 16.9]
    first = stats.bootstrap_median_diff_ci(baseline, variant)
    assert stats.bootstrap_median_diff_ci(baseline, variant) == first
    assert stats.bootstrap_median_diff_ci(list(baseline), list(variant), seed=20240601) == first
    # the interval brackets the observed difference of medians, 17.1 − 15.4
    assert first[0] <= 17.1 - 15.4 <= first[1]
    assert first[0] > 0  # every resampled variant median beats every baseline one
    rng = random.Random(1)
    noisy_a, noisy_b = [rng.gauss(100, 3) for _ in range(12)], [rng.gauss(100, 3) for _ in range(12)]
    other = {stats.bootstrap_median_diff_ci(noisy_a, noisy_b, seed=seed) for seed in range(5)}
    assert len(other) == 5, "the seed must matter"


def test_bootstrap_interval_limits_are_resampled_differences():
    # with n = 1 per side every resample is the data itself
    assert stats.bootstrap_median_diff_ci([3.0], [5.0]) == (2.0, 2.0)
    low, high = stats.bootstrap_median_diff_ci([1, 2, 3], [1, 2, 3])
    assert low < 0 < high


# ---------------------------------------------------------------------------------------------
# verdicts (the rule compare uses: Welch p < alpha and the bootstrap interval excludes 0)


def test_clear_improvement_is_better():
    # dbench MB/s, external journal versus internal (the seed's 15.44 → 17.25 shape)
    verdict, p, interval = judge([15.2, 15.6, 15.4, 15.9, 15.1], [17.0, 17.4, 17.1, 17.6, 16.9], HIGHER)
    assert verdict == BETTER and p < 0.001 and interval[0] > 0


def test_clear_regression_is_worse():
    verdict, p, interval = judge([17.0, 17.4, 17.1, 17.6, 16.9], [15.2, 15.6, 15.4, 15.9, 15.1], HIGHER)
    assert verdict == WORSE and interval[1] < 0


def test_lower_is_better_metrics_flip_the_verdict():
    # seconds to untar: the variant is faster, so a drop is "better"
    faster = judge([210.0, 214.0, 208.0, 212.0], [170.0, 173.0, 168.0, 171.0], LOWER)
    slower = judge([170.0, 173.0, 168.0, 171.0], [210.0, 214.0, 208.0, 212.0], LOWER)
    assert faster[0] == BETTER and slower[0] == WORSE


def test_identical_means_with_noise_are_within_noise():
    verdict, p, interval = judge([10, 12, 8, 11, 9], [9, 11, 10, 12, 8], HIGHER)
    assert verdict == NOISE and p == pytest.approx(1.0) and interval[0] < 0 < interval[1]


def test_two_samples_from_one_distribution_are_within_noise():
    # one draw; how often such draws raise a false alarm is the next test's business
    rng = random.Random(4)
    baseline = [rng.gauss(100, 3) for _ in range(6)]
    variant = [rng.gauss(100, 3) for _ in range(6)]
    assert judge(baseline, variant, HIGHER)[0] == NOISE


def test_false_alarms_are_rare_when_nothing_changed():
    # 100 comparisons of equally distributed noise: requiring both tests keeps the rate of
    # "better"/"worse" verdicts at or below the 5 % that alpha allows
    rng = random.Random(11)
    alarms = 0
    for _ in range(100):
        baseline = [rng.gauss(50, 5) for _ in range(5)]
        variant = [rng.gauss(50, 5) for _ in range(5)]
        alarms += judge(baseline, variant, HIGHER)[0] != NOISE
    assert alarms <= 5


def test_a_real_but_small_shift_is_found_with_enough_repeats():
    rng = random.Random(3)
    baseline = [rng.gauss(100, 1) for _ in range(10)]
    variant = [rng.gauss(103, 1) for _ in range(10)]
    assert judge(baseline, variant, HIGHER)[0] == BETTER


def test_large_noise_hides_a_small_shift():
    verdict, p, _ = judge([100, 130, 80, 115, 90], [105, 135, 85, 120, 95], HIGHER)
    assert verdict == NOISE and p > 0.05


@pytest.mark.parametrize("baseline, variant", [([1.0], [2.0, 3.0]), ([1.0, 2.0], [3.0]), ([], [1.0, 2.0]), ([], [])])
def test_fewer_than_two_values_is_not_enough_data(baseline, variant):
    assert judge(baseline, variant, HIGHER) == (NO_DATA, None, None)


def test_exact_repeats_with_a_difference_are_a_verdict():
    # MB written is often byte-identical across repeats: 14.6 MB → 7.7 MB written is certain
    assert judge([14.6, 14.6, 14.6], [7.7, 7.7, 7.7], LOWER)[0] == BETTER
    assert judge([14.6, 14.6, 14.6], [14.6, 14.6, 14.6], LOWER)[0] == NOISE


def test_alpha_is_respected():
    baseline = [104.5, 100.1, 98.6, 102.2, 101.4, 96.9]
    variant = [101.6, 106.1, 102.7, 102.0, 103.6, 102.9]  # Welch p ≈ 0.083
    verdict, p, interval = judge(baseline, variant, HIGHER, alpha=0.05)
    assert verdict == NOISE and 0.05 < p < 0.10 and interval[0] < 0
    verdict, p, interval = judge(baseline, variant, HIGHER, alpha=0.10)
    assert verdict == BETTER and interval[0] > 0  # the 90 % bootstrap interval is narrower


# ---------------------------------------------------------------------------------------------
# repeats


