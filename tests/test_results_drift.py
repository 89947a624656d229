"""Drift: Spearman's rho against the block index, its permutation p value, Holm across series."""

import itertools
import math

import numpy as np
import pytest
from scipy import stats

from fstune.stats.drift import MIN_BLOCKS, drift_check, drift_report, holm_adjusted, permutation_p_value


def scipy_permutation_p(values, resamples):
    """scipy's permutation test of Spearman's rho against the block index (pairings)."""
    n = len(values)
    index = np.arange(n)

    def rho(x, axis=-1):  # Pearson's r of scipy's ranks, for a whole batch of orders at once
        ranks = stats.rankdata(x, axis=axis) - (n + 1) / 2
        centred = index - (n - 1) / 2
        return (ranks * centred).sum(axis=axis) / np.sqrt((ranks * ranks).sum(axis=axis) * (centred * centred).sum())

    return stats.permutation_test((np.asarray(values),), rho, permutation_type="pairings", vectorized=True,
                                  n_resamples=resamples, rng=np.random.default_rng(0)).pvalue


@pytest.mark.parametrize("n", [5, 6, 7])
def test_small_studies_get_scipys_exact_permutation_p_value(n):
    rng = np.random.default_rng(n)
    values = rng.normal(0, 1, n) + 0.3 * np.arange(n)
    check = drift_check(values.tolist(), "a")
    assert check.rho == pytest.approx(stats.spearmanr(np.arange(n), values).statistic)
    assert check.p_value == pytest.approx(scipy_permutation_p(values, math.factorial(n)))


@pytest.mark.parametrize("n", [8, 9])
def test_up_to_nine_blocks_the_p_value_counts_every_order(n):
    """Against a count over all n! orders, done independently (integer sums of squared rank gaps)."""
    orders = np.array(list(itertools.permutations(range(n))))
    gaps = ((orders - np.arange(n)) ** 2).sum(axis=1)
    rng = np.random.default_rng(n)
    for _ in range(5):
        values = rng.normal(0, 1, n) + 0.4 * np.arange(n)
        observed_gaps = ((stats.rankdata(values) - 1 - np.arange(n)) ** 2).sum()
        extreme = np.minimum(gaps, n * (n * n - 1) / 3 - gaps)  # as far from "no trend" either way
        exact = np.mean(extreme <= min(observed_gaps, n * (n * n - 1) / 3 - observed_gaps) + 1e-9)
        assert drift_check(values.tolist()).p_value == pytest.approx(exact)


def test_larger_studies_agree_with_scipys_random_permutation_test():
    rng = np.random.default_rng(12)
    values = rng.normal(0, 1, 12) + 0.15 * np.arange(12)
    check = drift_check(values.tolist())
    assert check.p_value == pytest.approx(scipy_permutation_p(values, 20_000), abs=0.01)


def test_why_not_the_t_approximation():
    """At 10 blocks, rho = 0.721 has an exact p of 0.023; scipy's approximation says 0.019."""
    n, rho = 10, 119 / 165  # a value rho takes at n = 10 (1 − 6·46/990)
    assert permutation_p_value(rho, n) == pytest.approx(0.0234, abs=0.002)
    t = rho * math.sqrt((n - 2) / (1 - rho * rho))
    assert 2 * stats.t.sf(t, n - 2) < 0.02


def test_a_steady_drift_is_found_and_noise_is_not():
    rising = [100 + 2 * block + (block % 3) for block in range(10)]
    assert drift_check(rising, "baseline").drifting
    flat = [100, 103, 99, 101, 102, 98, 100, 103, 99, 101]
    assert not drift_check(flat, "baseline").drifting


def test_too_few_blocks_or_constant_values_are_not_tested():
    short = drift_check([1, 2, 3, 4], "a")
    assert short.rho is None and not short.drifting and str(MIN_BLOCKS) in short.describe()
    constant = drift_check([5.0] * 8, "a")
    assert constant.rho == 0.0 and not constant.drifting


def test_holm_adjustment_by_its_definition():
    p = [0.01, 0.04, 0.03, 0.5]
    # sorted: 0.01×4 = 0.04, 0.03×3 = 0.09, 0.04×2 = 0.08 → 0.09 (running max), 0.5×1 = 0.5
    assert holm_adjusted(p) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm_adjusted([]) == []
    assert holm_adjusted([0.9, 0.8]) == pytest.approx([1.0, 1.0])


def test_the_report_says_which_series_drift():
    blocks = 10
    report = drift_report({"baseline": [100 + 3 * b for b in range(blocks)],
                           "variant": [100, 102, 98, 101, 99, 100, 102, 98, 101, 99]},
                          contrasts=[0.01, -0.02, 0.0, 0.01, -0.01, 0.02, 0.0, -0.01, 0.01, 0.0])
    assert report.found
    assert report.note().startswith("Drift: baseline rises")
    assert "variant" not in report.note()
    quiet = drift_report({"baseline": [1, 3, 2, 5, 4, 1, 3, 2]})
    assert not quiet.found and quiet.note() == ""
    assert all(math.isfinite(check.p_adjusted) for check in report.checks)


def test_false_drift_notes_stay_rare_without_drift():
    """Three series per metric, no trend: a note at most about 5 % of the time (Holm)."""
    rng = np.random.default_rng(21)
    notes = sum(drift_report({"a": rng.normal(size=10).tolist(), "b": rng.normal(size=10).tolist()},
                             contrasts=rng.normal(size=10).tolist()).found for _ in range(2000))
    assert notes / 2000 < 0.065
