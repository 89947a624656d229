"""Where a verdict is computed: one metric's figures in, its verdict out (docs/verdicts.md).

Every verdict fstune shows is made by a function of this module, from plain numbers:

- ``judge_primary``: a run measured in blocks. The baseline's and a variant's values, one per
  block in block order, and the metric's rule (scale, direction, δ) give the decision
  (``sequential.decide``) with everything a screen shows beside the verdict: the interval as a
  change in percent (or in the metric's unit), the smallest change the run could have detected,
  the drift check and, while the study goes on, the expected blocks and time to a decision.
  The runner asks it at each planned look (``fstune.measure.measurement.Measurement.judge``); a
  stored run reaches it through ``fstune.results.compare.compare``, which hands each variant to
  ``fstune.results.blocked.judge_variant`` (it pairs the repeats by block, picks the metric's
  rule and the run's schedule, and judges the declared secondary metrics after the primary with
  ``secondary.judge_secondaries``).
- ``judge_legacy``: a run measured before blocks keeps the rule it was always shown with
  (Welch's t-test and a bootstrap interval of the medians, ``classic``);
  ``fstune.results.compare`` calls it.

Which metrics get which judgement, and how a run's repeats become these numbers, is the results'
business (``fstune.results.blocked``); how a verdict is said is the reports'.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from fstune.figures import HIGHER
from fstune.stats import classic
from fstune.stats.drift import DriftReport, drift_report
from fstune.stats.paired import PairedInterval
from fstune.stats.scales import Contrasts, MetricRule, Scale, exact_position, paired_contrasts, to_percent
from fstune.stats.sequential import (DEFAULT_SCHEDULE, METHOD, Action, Decision, LookSchedule, Reason, decide)
from fstune.stats.verdict import verdict_for


@dataclass(frozen=True)
class PrimaryResult:
    metric: str
    rule: MetricRule
    contrasts: Contrasts
    decision: Decision
    drift: DriftReport
    method: str = METHOD

    def percent(self, value: float | None) -> float | None:
        """A contrast-scale value as a change in percent of the baseline (None when undefined)."""
        if value is None:
            return None
        return to_percent(value, self.contrasts.scale, self.contrasts.baseline_mean)

    @property
    def change_percent(self) -> float | None:
        interval = self.decision.interval
        return None if interval is None else self.percent(interval.estimate)

    @property
    def interval_percent(self) -> tuple[float | None, float | None] | None:
        if self.decision.low is None:
            return None
        return self.percent(self.decision.low), self.percent(self.decision.high)

    @property
    def notes(self) -> tuple[str, ...]:
        notes = list(self.decision.notes)
        if self.contrasts.note:
            notes.append(self.contrasts.note)
        if self.drift.found:
            notes.append(self.drift.note())
        return tuple(notes)


def judge_primary(metric: str, baseline: Sequence[float], variant: Sequence[float], rule: MetricRule,
                  schedule: LookSchedule = DEFAULT_SCHEDULE, *, block_seconds: float | None = None,
                  outlook: bool = True, names: tuple[str, str] = ("baseline", "variant")) -> PrimaryResult:
    """The primary metric's decision after ``len(baseline)`` blocks (``baseline[i]`` and
    ``variant[i]`` measured in block i)."""
    contrasts = paired_contrasts(baseline, variant, rule)
    # the configurations' own names, so a drift note says which one drifted (also in a --pair)
    drift = drift_report({names[0]: baseline, names[1]: variant}, contrasts.values)
    if contrasts.exact:
        decision = _exact_decision(contrasts, rule, schedule)
    else:
        decision = decide(contrasts.values, schedule, contrasts.threshold, rule.better,
                          block_seconds=block_seconds, outlook=outlook)
    return PrimaryResult(metric, rule, contrasts, decision, drift)


def _exact_decision(contrasts: Contrasts, rule: MetricRule, schedule: LookSchedule) -> Decision:
    """Every block gave the same two values: the change is known, there is no noise to wait out.

    The study still runs to its first look, so that "every block" means a few blocks.
    """
    n = len(contrasts.values)
    change = contrasts.values[0]
    if n < schedule.looks[0]:
        return Decision(Action.CONTINUE, Reason.BEFORE_FIRST_LOOK, n, 0, None, None, None, None,
                        contrasts.threshold, None, None, None)
    look = max(index for index, blocks in enumerate(schedule.looks) if blocks <= n)
    n_used = schedule.looks[look]  # secondaries are judged on the same blocks
    position = exact_position(contrasts)
    interval = PairedInterval(n_used, change, 0.0, 0.0, change, change)
    return Decision(Action.STOP, Reason.EXACT, n, n_used, look + 1, interval, change, change, contrasts.threshold,
                    position, verdict_for(position, rule.better), 0.0)


PERCENT_SHOWN = 1000.0  # changes beyond this are printed as "> +1000 %"


def format_amount(value: float | None, unit: str = "%", *, signed: bool = True) -> str:
    """A change or an interval's end as every screen and report prints it: "+3.1" in percent,
    three significant digits in a metric's unit, "?" without a value, and beyond ±1000 % only
    "> +1000": an interim interval with two degrees of freedom and a spent alpha can reach 10^29 %,
    and every digit of that is noise; only "beyond a thousand percent" means anything."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "?"
    if math.isinf(value):
        return "∞"
    if unit == "%" and abs(value) > PERCENT_SHOWN:
        return (("> +" if value > 0 else "< -") if signed else "> ") + f"{PERCENT_SHOWN:.0f}"
    if unit != "%":
        return f"{value:+.3g}" if signed else f"{value:.3g}"
    return f"{value:+.1f}" if signed else f"{value:.1f}"


def percent_or_unit(result: PrimaryResult) -> str:
    """"+3.1 % [+1.2, +5.0]" or, on the difference scale with a 0 baseline, "+12.0 [+8.1, +15.9]";
    capped as the results show it (``format_amount``)."""
    decision = result.decision
    if decision.interval is None:
        return "no interval yet"
    if result.contrasts.scale == Scale.RATIO or result.contrasts.baseline_mean:
        low, high = result.interval_percent
        return f"{format_amount(result.change_percent)} % [{format_amount(low)}, {format_amount(high)}]"
    return (f"{format_amount(decision.interval.estimate, '')} [{format_amount(decision.low, '')}, "
            f"{format_amount(decision.high, '')}]")


class LegacyVerdict(StrEnum):
    """The words of the legacy verdict rule (``judge_legacy``). Stored and exported: never change them."""

    BETTER = "better"
    WORSE = "worse"
    NOISE = "within noise"
    NO_DATA = "not enough data"


def judge_legacy(baseline: Sequence[float], variant: Sequence[float], better: str, alpha: float = 0.05
                 ) -> tuple[LegacyVerdict, float | None, tuple[float, float] | None]:
    """(verdict, Welch p-value, bootstrap interval of the median difference) for one metric of a
    legacy run, as it was always shown: kept only for runs measured before blocks, never used for a
    blocked run's verdict."""
    if len(baseline) < 2 or len(variant) < 2:
        return LegacyVerdict.NO_DATA, None, None
    welch = classic.welch_t_test(baseline, variant)
    low, high = classic.bootstrap_median_diff_ci(baseline, variant, level=1.0 - alpha)
    if welch.p_value >= alpha or low <= 0 <= high:
        return LegacyVerdict.NOISE, welch.p_value, (low, high)
    direction = 1 if low > 0 else -1
    if welch.mean_diff * direction <= 0:
        # the means and the medians moved in opposite directions: no consistent effect
        return LegacyVerdict.NOISE, welch.p_value, (low, high)
    went_up = direction > 0
    return (LegacyVerdict.BETTER if went_up == (better == HIGHER) else LegacyVerdict.WORSE), welch.p_value, (low, high)
