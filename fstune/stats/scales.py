"""How a metric is compared: the scale of its paired contrast and its practical threshold δ.

Each block measures every configuration once, so a variant and the baseline give one pair per
block, and the pair gives one *contrast* (docs/verdicts.md, "Scales"):

- ``ratio``: ln(variant) − ln(baseline). Rates and times are compared as ratios: a 5 % gain
  means the same at 10 MB/s and at 1000 MB/s, and noise on these figures is roughly
  proportional to their size, which the log makes additive. The interval is shown as a
  percentage change, exp(x) − 1. Needs every value > 0.
- ``difference``: variant − baseline, in the metric's own unit. For counts that can be 0 (MB
  written to a journal that is internal, the share of requests over 2 s), where a ratio is
  undefined.
- ``exact``: byte counts that repeat exactly. When every block gives the same baseline value
  and the same variant value, the answer is that difference, with no interval needed (a
  zero-width interval at it, against δ × the larger of the two values). When they
  differ between blocks the metric is not exact after all: it is compared on the ratio scale
  (the difference scale when a value is ≤ 0), and a note says so.

Whatever the declared scale, a metric that gave the same two values in every block is answered
exactly, like an exact one; a change of exactly 0 is "no difference" even where δ is 0 (a count
that stayed 0 on both sides, with δ relative to that level of 0).

δ is symmetric on the contrast scale, so swapping baseline and variant mirrors the verdict:
for ratios ±ln(1 + δ), i.e. a change beyond +2 % or below −1.96 % with δ = 2 %; for
differences ±δ in the metric's unit (declared), or δ × the larger of the two means when the
metric only declares a relative δ.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from fstune.figures import HIGHER, LOWER

DEFAULT_DELTA = 0.02  # the practical threshold: changes smaller than 2 % do not matter


class Scale(StrEnum):
    RATIO = "ratio"
    DIFFERENCE = "difference"
    EXACT = "exact"


class ScaleError(ValueError):
    """The values cannot be compared on the declared scale (e.g. a ratio of a 0)."""


@dataclass(frozen=True)
class MetricRule:
    """How one metric is compared.

    ``delta`` is a fraction (0.02 = 2 %) unless ``delta_absolute`` is set, in which case it is an
    amount in the metric's unit; only the difference scale can use an absolute δ.
    """

    scale: Scale = Scale.RATIO
    better: str = HIGHER
    delta: float = DEFAULT_DELTA
    delta_absolute: bool = False

    def __post_init__(self) -> None:
        if self.better not in (HIGHER, LOWER):
            raise ValueError(f"better must be '{HIGHER}' or '{LOWER}', not {self.better!r}")
        if not (self.delta >= 0 and math.isfinite(self.delta)):
            raise ValueError(f"δ must be a finite amount ≥ 0, not {self.delta!r}")
        if self.delta_absolute and self.scale != Scale.DIFFERENCE:
            raise ValueError("an absolute δ (in the metric's unit) needs the difference scale")
        if not self.delta_absolute and self.delta >= 1 and self.scale != Scale.DIFFERENCE:
            raise ValueError(f"a relative δ is a fraction below 1 (0.02 = 2 %), not {self.delta!r}")


# Metric names end in what they measure (fstune/figures.py). Counts that are 0 whenever a
# configuration has no such thing (no external journal, no slow request) take the difference
# scale; everything else here is a rate, a time or a size, compared as a ratio.
_DIFFERENCE_SUFFIXES = (".journal_mb_written", ".over_2s_pct", ".over_10s_pct")


def default_rule(metric: str, better: str, delta: float = DEFAULT_DELTA) -> MetricRule:
    """The scale a metric is compared on unless its study declares another."""
    scale = Scale.DIFFERENCE if metric.endswith(_DIFFERENCE_SUFFIXES) else Scale.RATIO
    return MetricRule(scale=scale, better=better, delta=delta)


@dataclass(frozen=True)
class Contrasts:
    """One paired contrast per block, on ``scale``, and what was needed to get there."""

    values: tuple[float, ...]
    scale: Scale  # the scale actually used (an exact metric whose values varied is not EXACT)
    threshold: float  # δ on the contrast scale: the verdict compares the interval with ±threshold
    baseline_mean: float
    variant_mean: float
    exact: bool = False  # every block repeated the same pair of values: no interval is needed
    note: str = ""  # e.g. why an exact metric was compared as a ratio


def _checked(values: Sequence[float], side: str) -> list[float]:
    numbers = [float(value) for value in values]
    if not all(math.isfinite(value) for value in numbers):
        raise ScaleError(f"the {side}'s values must be finite numbers: {numbers}")
    return numbers


def paired_contrasts(baseline: Sequence[float], variant: Sequence[float], rule: MetricRule) -> Contrasts:
    """The per-block contrasts of ``variant`` against ``baseline`` (``baseline[i]`` and
    ``variant[i]`` are the same block's measurements)."""
    base, other = _checked(baseline, "baseline"), _checked(variant, "variant")
    if len(base) != len(other):
        raise ScaleError(f"pairs need as many baseline values as variant values ({len(base)} ≠ {len(other)})")
    if not base:
        raise ScaleError("no blocks: there is nothing to compare")
    base_mean, other_mean = math.fsum(base) / len(base), math.fsum(other) / len(other)
    scale, note = rule.scale, ""
    if scale == Scale.EXACT:
        if len(set(base)) == 1 and len(set(other)) == 1:
            change = other[0] - base[0]
            return Contrasts(tuple(change for _ in base), Scale.EXACT, _threshold(rule, Scale.EXACT, base_mean, other_mean),
                             base_mean, other_mean, exact=True)
        scale = Scale.RATIO if min(base + other) > 0 else Scale.DIFFERENCE
        note = (f"declared exact, but the values varied between blocks: compared on the {scale} scale "
                "with an interval instead")
    if scale == Scale.RATIO:
        if min(base + other) <= 0:
            raise ScaleError("a ratio needs values above 0; declare the difference scale for a count that can "
                             f"be 0 (lowest value seen: {min(base + other)})")
        values = tuple(math.log(b) - math.log(a) for a, b in zip(base, other))
    else:
        values = tuple(b - a for a, b in zip(base, other))
    # the same two values in every block, whatever the declared scale (a count that stayed 0 on
    # both sides): there is no noise to wait out, the answer is exact
    constant = len(base) > 1 and len(set(base)) == 1 and len(set(other)) == 1
    return Contrasts(values, scale, _threshold(rule, scale, base_mean, other_mean), base_mean, other_mean,
                     exact=constant, note=note)


def _threshold(rule: MetricRule, scale: Scale, base_mean: float, other_mean: float) -> float:
    if scale == Scale.RATIO:
        return math.log1p(rule.delta)
    if rule.delta_absolute:
        return rule.delta
    # a relative δ on the difference scale: δ of the larger level, so that a count rising from
    # 0 is still measured against something (docs/verdicts.md, "Scales")
    return rule.delta * max(abs(base_mean), abs(other_mean))


def exact_position(contrasts: Contrasts):
    """Where an exact answer lies: a zero-width interval at the change. No change at all is "no
    difference" even when δ is 0 (a count that stayed 0, with δ relative to a level of 0)."""
    from fstune.stats.verdict import Position, interval_position

    change = contrasts.values[0]
    return Position.INSIDE if change == 0 else interval_position(change, change, contrasts.threshold)


def to_percent(value: float, scale: Scale, baseline_mean: float | None = None) -> float | None:
    """A contrast-scale value as a percentage change of the baseline.

    Ratio: 100 × (exp(x) − 1), exact. Difference and exact: 100 × x / |baseline mean|, None when
    the baseline mean is 0 (no percentage expresses a change from nothing).
    """
    if scale == Scale.RATIO:
        if value == math.inf:
            return math.inf
        return 100.0 * math.expm1(value)
    if not baseline_mean:
        return None
    return 100.0 * value / abs(baseline_mean)


def from_percent(percent: float, scale: Scale, baseline_mean: float | None = None) -> float:
    """The inverse of ``to_percent``: a percentage change as a contrast-scale value."""
    if scale == Scale.RATIO:
        if percent <= -100.0:
            raise ScaleError("a ratio cannot fall by 100 % or more")
        return math.log1p(percent / 100.0)
    if not baseline_mean:
        raise ScaleError("a percentage of a 0 baseline is not a difference")
    return percent / 100.0 * abs(baseline_mean)
