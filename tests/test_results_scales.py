"""Scales: the paired contrast of each block, δ on the contrast scale, and back to percent."""

import math

import pytest

from fstune.figures import HIGHER, LOWER
from fstune.stats.scales import (DEFAULT_DELTA, MetricRule, Scale, ScaleError, default_rule, exact_position,
                                   from_percent, paired_contrasts, to_percent)
from fstune.stats.verdict import Position


def test_ratio_contrasts_are_log_ratios_and_come_back_as_percent():
    contrasts = paired_contrasts([100.0, 200.0], [110.0, 180.0], MetricRule())
    assert contrasts.scale is Scale.RATIO
    assert contrasts.values == pytest.approx((math.log(1.1), math.log(0.9)))
    assert to_percent(contrasts.values[0], Scale.RATIO) == pytest.approx(10.0)
    assert to_percent(contrasts.values[1], Scale.RATIO) == pytest.approx(-10.0)
    for percent in (-50.0, -1.96, 0.0, 2.0, 36.7, 400.0):
        assert to_percent(from_percent(percent, Scale.RATIO), Scale.RATIO) == pytest.approx(percent)


def test_ratio_delta_is_symmetric_on_the_log_scale():
    """Swapping baseline and variant must mirror the verdict, so ±ln(1 + δ)."""
    contrasts = paired_contrasts([1.0], [1.0], MetricRule(delta=0.02))
    assert contrasts.threshold == pytest.approx(math.log(1.02))
    assert to_percent(contrasts.threshold, Scale.RATIO) == pytest.approx(2.0)
    assert to_percent(-contrasts.threshold, Scale.RATIO) == pytest.approx(-1.9608, abs=1e-4)


def test_a_ratio_of_zero_is_refused_with_the_way_out():
    with pytest.raises(ScaleError, match="difference scale"):
        paired_contrasts([0.0, 1.0], [1.0, 1.0], MetricRule())


def test_difference_contrasts_keep_the_unit():
    rule = MetricRule(scale=Scale.DIFFERENCE, better=LOWER, delta=0.5, delta_absolute=True)
    contrasts = paired_contrasts([0.0, 0.0, 0.0], [12.0, 11.5, 12.5], rule)
    assert contrasts.values == (12.0, 11.5, 12.5)
    assert contrasts.threshold == 0.5
    assert to_percent(12.0, Scale.DIFFERENCE, contrasts.baseline_mean) is None  # no percent of nothing
    assert to_percent(5.0, Scale.DIFFERENCE, 50.0) == pytest.approx(10.0)
    assert from_percent(10.0, Scale.DIFFERENCE, 50.0) == pytest.approx(5.0)


def test_a_relative_delta_on_the_difference_scale_uses_the_larger_level():
    rule = MetricRule(scale=Scale.DIFFERENCE, delta=0.02)
    contrasts = paired_contrasts([0.0, 0.0], [40.0, 60.0], rule)  # a count rising from 0
    assert contrasts.threshold == pytest.approx(0.02 * 50.0)


def test_exact_values_give_an_exact_answer():
    rule = MetricRule(scale=Scale.EXACT, better=LOWER)
    contrasts = paired_contrasts([8.0] * 5, [6.0] * 5, rule)
    assert contrasts.exact and contrasts.scale is Scale.EXACT
    assert set(contrasts.values) == {-2.0}
    assert contrasts.threshold == pytest.approx(0.02 * 8.0)
    same = paired_contrasts([8.0] * 5, [8.0] * 5, rule)
    assert same.exact and set(same.values) == {0.0}


def test_values_that_never_change_are_exact_on_any_scale():
    steady = paired_contrasts([50.0] * 4, [55.0] * 4, MetricRule())
    assert steady.exact and steady.scale is Scale.RATIO and steady.values[0] == pytest.approx(math.log(1.1))
    assert exact_position(steady) is Position.BEYOND_UP
    zeros = paired_contrasts([0.0] * 5, [0.0] * 5, MetricRule(scale=Scale.DIFFERENCE))
    assert zeros.exact and zeros.threshold == 0.0
    assert exact_position(zeros) is Position.INSIDE  # no change is no difference, even against δ = 0
    assert not paired_contrasts([50.0], [55.0], MetricRule()).exact  # one block proves nothing


def test_exact_values_that_vary_fall_back_with_a_note():
    rule = MetricRule(scale=Scale.EXACT)
    varied = paired_contrasts([8.0, 8.0, 8.1], [6.0, 6.0, 6.0], rule)
    assert not varied.exact and varied.scale is Scale.RATIO and "varied" in varied.note
    with_zero = paired_contrasts([0.0, 1.0], [0.0, 0.0], rule)
    assert with_zero.scale is Scale.DIFFERENCE and with_zero.values == (0.0, -1.0)


def test_pairs_must_pair():
    with pytest.raises(ScaleError, match="as many"):
        paired_contrasts([1.0, 2.0], [1.0], MetricRule())
    with pytest.raises(ScaleError, match="finite"):
        paired_contrasts([1.0, math.nan], [1.0, 1.0], MetricRule())
    with pytest.raises(ScaleError, match="no blocks"):
        paired_contrasts([], [], MetricRule())


def test_rules_are_checked():
    with pytest.raises(ValueError, match="difference scale"):
        MetricRule(scale=Scale.RATIO, delta=1.0, delta_absolute=True)
    with pytest.raises(ValueError, match="fraction"):
        MetricRule(delta=2.0)
    with pytest.raises(ValueError):
        MetricRule(better="up")
    with pytest.raises(ValueError):
        MetricRule(delta=-0.01)


def test_default_rules_by_metric_name():
    assert default_rule("dbench.throughput_mbs", HIGHER).scale is Scale.RATIO
    assert default_rule("seqwrite.lat_avg_ms", LOWER).scale is Scale.RATIO
    assert default_rule("build.journal_mb_written", LOWER).scale is Scale.DIFFERENCE
    assert default_rule("randwrite.over_2s_pct", LOWER).scale is Scale.DIFFERENCE
    assert default_rule("build.mb_written", LOWER).delta == DEFAULT_DELTA
