"""Secondary metrics: a short declared list, judged once the primary has its answer.

Why so few and why Holm (docs/verdicts.md, "Secondary metrics"): every metric tested at 5 % is
another 5 % chance of a false "better"; a run with 30 figures would find one almost every time.
A study therefore declares a short list of secondary metrics per workload. They are judged only
when the primary decision is final, at the look where the study stopped, with the same alpha
spending, and Holm's step-down procedure keeps the chance of any false claim among them at
alpha:

- order the metrics by their nominal p value at that look (smallest first), from the t statistic
  widened for correlated blocks as the limits judge it (``paired.lag1_inflation``);
- the metric of rank i is tested at alpha / (m − i + 1): it "excludes 0" when any look so far
  had |t| above the look's critical value for that alpha;
- once one metric fails, it and every metric after it are judged at the failing level, so that
  an interval excludes 0 exactly when Holm rejects.

Holm is valid whatever the order; ordering by p only makes it more powerful. The primary is its
own family at alpha: the secondary family does not spend the primary's alpha. Every other
metric is shown as description, without a verdict (``describe``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fstune.stats.paired import PairedInterval, lag1_inflation, mean_and_sd, minimum_detectable_effect
from fstune.stats.scales import Contrasts, exact_position
from fstune.stats.sequential import Decision, LookSchedule, decide_batch
from fstune.stats.verdict import CODES, Position, Verdict, verdict_for

SECONDARY = "secondary"


@dataclass(frozen=True)
class SecondaryVerdict:
    metric: str
    label: str  # always "secondary": shown beside the verdict
    n: int
    interval: PairedInterval | None  # this look's interval at the Holm level (None when exact)
    low: float  # the interval shown (intersection over looks), contrast scale
    high: float
    position: Position
    verdict: Verdict
    holm_rank: int  # 1 = smallest p
    alpha: float  # the level this metric was judged at
    p_value: float  # nominal two-sided t p value at the look, for the ordering only
    minimum_detectable: float
    exact: bool = False


def judge_secondaries(metrics: Mapping[str, tuple[Contrasts, str]], primary: Decision,
                      schedule: LookSchedule) -> list[SecondaryVerdict]:
    """The secondary verdicts, once ``primary`` is final.

    ``metrics`` maps each declared secondary metric to its contrasts (``scales.paired_contrasts``)
    and its better direction. They are judged on the blocks the primary's stopping look used.
    """
    if not primary.final:
        raise ValueError("secondary metrics are judged only once the primary decision is final")
    n = primary.n_used
    look = schedule.looks.index(n)
    ranked = sorted(metrics.items(), key=lambda item: (_p_value(item[1][0].values[:n], schedule.lag1_floor), item[0]))
    family = len(ranked)
    level_failed: float | None = None  # Holm stopped: later metrics stay at this level
    verdicts = []
    for rank, (name, (contrasts, better)) in enumerate(ranked, start=1):
        values = contrasts.values[:n]
        if len(values) < n:
            raise ValueError(f"{name}: {len(values)} blocks, but the primary stopped after {n}")
        level = level_failed if level_failed is not None else schedule.alpha / (family - rank + 1)
        p_value = _p_value(values, schedule.lag1_floor)
        if contrasts.exact:  # the same change in every block: a zero-width interval at it
            position = exact_position(contrasts)
            verdicts.append(SecondaryVerdict(name, SECONDARY, n, None, values[0], values[0], position,
                                             verdict_for(position, better), rank, level, p_value, 0.0, exact=True))
            continue
        judged = LookSchedule(schedule.looks, level, schedule.lag1_floor)
        batch = decide_batch([values], judged, contrasts.threshold, stop_at_decision=False)
        position = CODES[int(batch.code[0])]
        if not position.excludes_zero and level_failed is None:
            level_failed = level
        estimate, sd = mean_and_sd(values)
        critical = judged.critical_values()[look]
        inflation = lag1_inflation(values, schedule.lag1_floor)  # as decide_batch widens it
        half = critical * sd * math.sqrt(inflation) / math.sqrt(n)
        interval = PairedInterval(n, estimate, sd, critical, estimate - half, estimate + half, inflation)
        verdicts.append(SecondaryVerdict(
            name, SECONDARY, n, interval,
            float(batch.low[0]), float(batch.high[0]), position, verdict_for(position, better), rank, level,
            p_value, minimum_detectable_effect(interval.effective_sd, n, critical)))
    return verdicts


def _p_value(values: Sequence[float], floor: float = 0.0) -> float:
    from scipy import stats

    estimate, sd = mean_and_sd(values)
    if len(values) < 2:
        return 1.0
    if sd == 0:
        return 1.0 if estimate == 0 else 0.0
    # the widened statistic the limits judge, so that the order agrees with what crosses them
    t = abs(estimate) / (sd * math.sqrt(lag1_inflation(values, floor)) / math.sqrt(len(values)))
    return float(2.0 * stats.t.sf(t, len(values) - 1))


@dataclass(frozen=True)
class Description:
    """A metric shown without a verdict: the estimate of the change and the contrasts' spread."""

    metric: str
    n: int
    estimate: float  # mean contrast (contrast scale)
    sd: float


def describe(metric: str, contrasts: Contrasts) -> Description:
    estimate, sd = mean_and_sd(contrasts.values)
    return Description(metric, len(contrasts.values), estimate, sd)
