"""Judging a run measured in interleaved blocks: the decision of docs/verdicts.md, per metric.

``compare`` calls ``judge_variant`` for each pair of configurations of a blocked run (``RunRecord.method``
set). The repeats are paired by block; only repeats that count (``RepeatResult.counts``: not
failed, block not dropped) give figures, and a block where either side has no figure drops out of
that pair, which the judgement says. Then:

- the study's **primary** metric (``design["primary"]``) gets ``judge_primary`` with δ from
  ``design["delta"]`` and the run's look schedule;
- the **secondary** metrics (declared ``secondary=True`` in ``fstune/workloads/``) are judged only
  once the primary is final, on the blocks the primary's stopping look used, with Holm across them
  (``secondary.judge_secondaries``), and labelled secondary;
- every other metric is **described** (its mean change and spread), without a verdict.

A run with several variants gives each comparison alpha/m (m variants against the baseline;
docs/verdicts.md, "Several variants"), unless its design names ``alpha``. ``comparison_schedule``
is the one place that rule lives: the runner's stopping and this judgement must use the same.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from fstune.figures import RepeatResult
from fstune.stats.judge import PERCENT_SHOWN, format_amount, judge_primary
from fstune.stats.scales import DEFAULT_DELTA, Contrasts, MetricRule, Scale, ScaleError, default_rule, \
    paired_contrasts, to_percent
from fstune.stats.secondary import describe, judge_secondaries
from fstune.stats.sequential import DEFAULT_SCHEDULE, METHOD, Reason, LookSchedule
from fstune.stats.verdict import Verdict, qualifier

PRIMARY, SECONDARY, DESCRIPTION = "primary", "secondary", "description"
# a figure the run describes, judged only beside a study's expected outcome (``judge_beside``)
BESIDE = "beside the original"
# how the notes name each Holm family: its label, and its word for a figure it could not judge
FAMILY = {SECONDARY: ("Secondary", "Not judged as secondary"),
          BESIDE: ("Judged beside the original measurement", "Not judged beside the original")}
# verdict cells that are not one of the six verdict words
DESCRIBED = "described, no verdict"
NOT_YET = "not enough blocks"
WAITING = "not judged: the primary is undecided"
ALPHA = 0.05


@dataclass(frozen=True)
class Judgement:
    """What a verdict of a blocked run is shown with, in display units (percent, or the metric's unit)."""

    role: str  # PRIMARY | SECONDARY | DESCRIPTION
    pairs: int  # blocks paired
    unit: str  # "%" for a change in percent, else the metric's unit
    change: float | None = None  # the estimated change
    low: float | None = None  # the interval shown beside the verdict
    high: float | None = None
    detectable: float | None = None  # the smallest change this run could have detected (8 times in 10)
    delta: float | None = None  # δ in the same unit
    sd: float | None = None  # spread of one block's contrast, in the same unit (descriptions)
    position: str = ""  # verdict.Position's value
    qualifier: str = ""  # "below δ" / "unclear whether it reaches δ" for the "probably" verdicts
    final: bool = False  # the decision is final (the study stopped on it, or reached its cap)
    cap_undecided: bool = False  # the cap was reached while the interval still crossed δ
    drift: str = ""  # the drift note, "" when no trend was found
    moved: str = ""  # the change itself trended over the blocks: how, by halves ("" when it did not)
    missing: tuple[int, ...] = ()  # blocks left out because one side had no figure
    notes: tuple[str, ...] = ()
    method: str = METHOD
    alpha: float = ALPHA
    look: int | None = None
    exact: bool = False  # every block gave the same two values: the change is known without noise
    # after a stop on a difference before the cap: the change adjusted for stopping early
    # (``sequential.early_stop_estimate``), shown beside the raw one, which it is smaller than
    adjusted: float | None = None

    def _amount(self, value: float | None, signed: bool = True) -> str:
        return format_amount(value, self.unit, signed=signed)

    @property
    def unit_suffix(self) -> str:
        return " %" if self.unit == "%" else (f" {self.unit}" if self.unit else "")

    @property
    def shown_beyond_delta(self) -> bool:
        """The interval shown lies beyond ±δ while the verdict is undecided about δ: the stricter
        interval a claim beyond δ needs does not (``fstune.stats.sequential.STRICTER_CLAIM``)."""
        if None in (self.low, self.high, self.delta):
            return False
        return self.low > self.delta or self.high < -self.delta

    def cap_sentence(self) -> str:
        """Why the cap left the verdict undecided, in words that fit the interval shown beside it."""
        if self.shown_beyond_delta:
            return ("Cap reached while undecided: the interval shown lies beyond δ, but the stricter one a claim "
                    "beyond δ needs still crossed δ after the last look.")
        return "Cap reached while undecided: the interval still crosses δ after the last look."

    def interval_text(self) -> str:
        """"+3.1 % [+1.2, +5.0]"; "no interval yet" before the first look."""
        if self.low is None or self.high is None:
            if self.change is not None and self.role == DESCRIPTION:
                return f"{self._amount(self.change)}{self.unit_suffix} (sd {self._amount(self.sd, False)})"
            return "no interval yet"
        if self.exact:
            return f"{self._amount(self.change)}{self.unit_suffix} exactly"
        text = f"{self._amount(self.change)}{self.unit_suffix} [{self._amount(self.low)}, {self._amount(self.high)}]"
        if self.adjusted is not None and self._amount(self.adjusted) != self._amount(self.change):
            text += f" ({self._amount(self.adjusted)}{self.unit_suffix} {ADJUSTED_WORDS})"
        return text

    def detectable_text(self) -> str:
        """"detectable ±4.2 %": the smallest change the run could have found."""
        if self.detectable is None:
            return ""
        if self.exact:
            return "exact: no noise"
        if math.isinf(self.detectable):
            return "detectable: unknown (too few blocks)"
        if self.unit == "%" and self.detectable > PERCENT_SHOWN:
            return f"detectable: only beyond ±{PERCENT_SHOWN:.0f} %"
        return f"detectable ±{self._amount(self.detectable, False)}{self.unit_suffix}"

    def explanation(self, verdict: str) -> str:
        """Why the lab could not show an effect, instead of a bare number ("" when it could)."""
        if verdict != Verdict.TOO_NOISY or self.detectable is None:
            return ""
        delta = f"±{self._amount(self.delta, False)}{self.unit_suffix}" if self.delta is not None else "δ"
        if math.isinf(self.detectable):
            return f"With {self.pairs} blocks the noise cannot be estimated, so no change could be shown."
        return (f"This run could not show a change of {delta}: with {self.pairs} blocks and this noise, only a "
                f"change of about ±{self._amount(self.detectable, False)}{self.unit_suffix} would have been found "
                "8 times in 10. More blocks or a quieter machine are needed.")

    def lines(self, verdict: str) -> list[str]:
        """Everything said beside the verdict, one sentence each (the reports and screens list them)."""
        said = []
        if self.qualifier:
            said.append(f"{verdict}, {self.qualifier}")
        if self.cap_undecided:
            said.append(self.cap_sentence())
        if explanation := self.explanation(verdict):
            said.append(explanation)
        if self.moved:
            said.append(f"The change moved during the run: {self.moved}.")
        if self.drift:
            said.append(self.drift)
        if self.missing:
            said.append(f"Blocks {', '.join(map(str, self.missing))} lack a figure on one side and are left out of "
                        "this pair.")
        said += list(self.notes)
        return said


@dataclass
class Design:
    """A blocked run's decision design, read from ``RunRecord.design``."""

    primary: tuple[str, str] | None
    schedule: LookSchedule
    delta_default: float = DEFAULT_DELTA
    deltas: dict[str, float] = field(default_factory=dict)  # "workload:metric" → δ

    def delta(self, workload: str, metric: str) -> float:
        return float(self.deltas.get(f"{workload}:{metric}", self.delta_default))


def comparison_alpha(design: Mapping, variants: int) -> float:
    """The alpha each comparison of a run gets: the design's, else 5 % shared by its m variants."""
    if design.get("alpha"):
        return float(design["alpha"])
    return ALPHA / max(1, variants)


def comparison_schedule(design: Mapping, variants: int) -> LookSchedule:
    """The looks and the alpha every comparison of a run is decided with (runner and compare alike)."""
    looks = tuple(design.get("looks") or DEFAULT_SCHEDULE.looks)
    # the correlation of consecutive blocks known before the run, from earlier runs on its device
    # (docs/verdicts.md, "Correlated blocks"); runs recorded without one are widened as before
    floor = float((design.get("lag1_floor") or {}).get("floor", 0.0))
    return LookSchedule(looks, comparison_alpha(design, variants), floor)


# After an early stop on a difference the change shown is the estimate of a run that stopped
# because it looked large, so it tends to overstate the truth (docs/verdicts.md, "Looks"); the
# interval is the repeated confidence interval and holds all the same.
EARLY_STOP = ("Stopped early, at look {look} of {looks}: a change found this early tends to be overstated "
              "(the run stopped because it looked large); the interval still holds.")
ADJUSTED_WORDS = "adjusted for the early stop"
EARLY_ADJUSTED = (" Adjusted for stopping early, the change is {adjusted}: the change under which half the runs "
                  "stopping here with this verdict would show more (median-unbiased given the stop).")


def in_budget(baseline: str, reference: str, other: str) -> bool:
    """Does a verdict on this pair come out of the run's error budget? The run's 5 % is shared by
    each variant against the baseline, the comparisons it stops on; a pair of two variants is
    beyond it and is described, never judged (docs/verdicts.md, "Every comparison shown"):
    judged at the same level, every pair of four identical configurations gave a false claim in
    9.3 % of simulated runs."""
    return baseline in (reference, other)


OUTSIDE_BUDGET = ("Described, not judged: the run's error budget is shared by each variant against the baseline "
                  "({baseline}); a verdict on a pair of two variants would spend more than that.")


def read_design(design: Mapping, variants: int) -> Design:
    primary = design.get("primary") or {}
    key = (str(primary["workload"]), str(primary["metric"])) if primary.get("workload") and primary.get("metric") \
        else None
    delta = design.get("delta") or {}
    return Design(key, comparison_schedule(design, variants), float(delta.get("default", DEFAULT_DELTA)),
                  {str(k): float(v) for k, v in (delta.get("metrics") or {}).items()})


def declared(workload: str, metric: str):
    from fstune.workloads.registry import metric as declaration

    return declaration(workload, metric)


def metric_rule(workload: str, metric: str, better: str, delta: float) -> MetricRule:
    """The metric's declared scale (fstune/workloads/), else the scale its name suggests."""
    known = declared(workload, metric)
    if known is not None:
        return MetricRule(Scale(known.scale), better, delta)
    return default_rule(metric, better, delta)


def block_values(results: Iterable[RepeatResult], config: str, workload: str, metric: str) -> dict[int, float]:
    """Block → the configuration's figure there, from the repeats that count (the mean if a block
    measured it more than once)."""
    found: dict[int, list[float]] = {}
    for result in results:
        if result.config != config or result.workload != workload or not result.counts or result.block is None:
            continue
        for sample in result.samples:
            if sample.metric == metric:
                found.setdefault(result.block, []).append(sample.value)
    return {block: math.fsum(values) / len(values) for block, values in found.items()}


def paired(base: Mapping[int, float], other: Mapping[int, float]) -> tuple[list[int], list[float], list[float],
                                                                           tuple[int, ...]]:
    """The blocks both sides measured, their values in block order, and the blocks only one side has."""
    blocks = sorted(set(base) & set(other))
    missing = tuple(sorted(set(base) ^ set(other)))
    return blocks, [base[b] for b in blocks], [other[b] for b in blocks], missing


POINTS = "points"  # a difference of a figure that is itself a percentage (over_2s_pct, cpu_pct)


def _display(contrasts: Contrasts, unit: str) -> tuple[str, bool]:
    """The unit a change is shown in, and whether it is a relative change in percent: percent
    where a percentage means something, else the figure's own unit — and a figure measured in
    percent then changes by percentage points, which must never read as a relative change."""
    percent = contrasts.scale == Scale.RATIO or bool(contrasts.baseline_mean)
    if percent:
        return "%", True
    return (POINTS if unit == "%" else unit), False


def _convert(value: float | None, contrasts: Contrasts, percent: bool) -> float | None:
    if value is None:
        return None
    return to_percent(value, contrasts.scale, contrasts.baseline_mean) if percent else value


def _delta_shown(contrasts: Contrasts, percent: bool) -> float:
    return _convert(contrasts.threshold, contrasts, percent)


def judge_variant(results: Sequence[RepeatResult], baseline: str, variant: str,
                  metrics: Mapping[tuple[str, str], tuple[str, str]], design: Design,
                  outside_budget: str = "") -> dict[tuple[str, str], tuple[str, Judgement]]:
    """(verdict word, Judgement) for every (workload, metric) of ``variant`` against ``baseline``.

    ``metrics`` maps (workload, metric) to (unit, better). With ``outside_budget`` (why) the pair
    is beyond the run's error budget: every metric is described, with that note.
    """
    schedule = design.schedule
    judged: dict[tuple[str, str], tuple[str, Judgement]] = {}
    pairs = {}
    for key in metrics:
        pairs[key] = paired(block_values(results, baseline, *key), block_values(results, variant, *key))
    if outside_budget:
        return {key: (DESCRIBED, replace(_description(key, pairs[key], metrics[key], design), notes=(outside_budget,)))
                for key in metrics}
    primary_key = design.primary
    primary, entry = _judge_primary_key(pairs, metrics, design, baseline, variant)
    if entry is not None:
        judged[primary_key] = entry
    secondary_keys = [key for key in metrics if key != primary_key and _is_secondary(*key)]
    if primary is not None and primary.decision.final:
        judged.update(_secondaries(secondary_keys, pairs, metrics, primary, design))
    else:
        why = ("the study's primary metric is not in this run" if primary_key not in metrics or primary_key is None
               else "the primary metric has no final decision")
        for key in secondary_keys:
            blocks, _base, _other, missing = pairs[key]
            judged[key] = (WAITING, Judgement(SECONDARY, len(blocks), metrics[key][0], missing=missing,
                                              notes=(f"Secondary metrics are judged only after the primary: {why}.",),
                                              alpha=schedule.alpha))
    for key in metrics:
        if key not in judged:
            judged[key] = (DESCRIBED, _description(key, pairs[key], metrics[key], design))
    return judged


def _judge_primary_key(pairs, metrics, design: Design, baseline: str, variant: str):
    """(judge_primary's result or None, the primary's (verdict word, Judgement) or None when the
    run lacks the primary metric): the decision every other judgement of the pair waits for."""
    primary_key = design.primary
    if primary_key not in metrics:
        return None, None
    schedule = design.schedule
    blocks, base, other, missing = pairs[primary_key]
    unit, better = metrics[primary_key]
    if not blocks:
        return None, (NOT_YET, Judgement(PRIMARY, 0, unit, missing=missing,
                                         notes=("No block measured both configurations.",), alpha=schedule.alpha))
    try:
        rule = metric_rule(*primary_key, better, design.delta(*primary_key))
        primary = judge_primary(primary_key[1], base, other, rule, schedule, outlook=False, names=(baseline, variant))
    except ScaleError as error:
        return None, (DESCRIBED, Judgement(DESCRIPTION, len(blocks), unit, missing=missing,
                                           notes=(f"Not judged: {error}.",), alpha=schedule.alpha))
    return primary, _primary_judgement(primary, unit, missing, schedule)


def judge_beside(results: Sequence[RepeatResult], baseline: str, variant: str,
                 metrics: Mapping[tuple[str, str], tuple[str, str]], design: Design,
                 keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], tuple[str, Judgement]]:
    """(verdict word, Judgement) for figures the run only describes, judged beside a study's
    expected outcomes (docs/verdicts.md, "Expected outcomes"): once the primary is final, on the
    blocks its stopping look used, with Holm across ``keys`` at the pair's alpha, exactly as the
    secondary metrics are judged, but as a family of their own, so that the run's own verdicts
    (its primary and its secondaries) stay what they are. Before the primary is final each waits
    (WAITING); keys the run did not measure, its primary and its secondaries are left out."""
    keys = [key for key in dict.fromkeys(keys) if key in metrics and key != design.primary
            and not _is_secondary(*key)]
    if not keys:
        return {}
    pairs = {key: paired(block_values(results, baseline, *key), block_values(results, variant, *key))
             for key in {*keys, design.primary} if key in metrics}
    primary, _entry = _judge_primary_key(pairs, metrics, design, baseline, variant)
    if primary is None or not primary.decision.final:
        why = ("the study's primary metric is not in this run" if design.primary not in metrics
               else "the primary metric has no final decision")
        return {key: (WAITING, Judgement(BESIDE, len(pairs[key][0]), metrics[key][0], missing=pairs[key][3],
                                         notes=(f"Judged beside the original only after the primary: {why}.",),
                                         alpha=design.schedule.alpha))
                for key in keys}
    return _secondaries(keys, pairs, metrics, primary, design, role=BESIDE)


def _is_secondary(workload: str, metric: str) -> bool:
    known = declared(workload, metric)
    return bool(known is not None and known.secondary)


def _primary_judgement(result, unit: str, missing: tuple[int, ...], schedule: LookSchedule) -> tuple[str, Judgement]:
    decision = result.decision
    shown_unit, percent = _display(result.contrasts, unit)
    if decision.verdict is None:
        word = NOT_YET
        notes = (f"{decision.n} blocks paired; the first look is after {schedule.looks[0]}.",)
    else:
        word = decision.verdict.value
        notes = tuple(result.notes if not result.drift.found else [n for n in result.notes if n != result.drift.note()])
        if not decision.final:
            notes += (f"Interim: the run ended at look {decision.look} of {len(schedule.looks)} before the interval "
                      "decided.",)
        elif decision.position is not None and decision.position.excludes_zero and decision.look < len(schedule.looks):
            early = EARLY_STOP.format(look=decision.look, looks=len(schedule.looks))
            if decision.adjusted_estimate is not None:
                adjusted = _convert(decision.adjusted_estimate, result.contrasts, percent)
                early += EARLY_ADJUSTED.format(adjusted=format_amount(adjusted, shown_unit if not percent else "%")
                                               + (" %" if percent else f" {shown_unit}"))
            notes += (early,)
        if word == Verdict.TOO_NOISY.value or not decision.final:
            notes += tuple(filter(None, (equivalence_reach(result, schedule), design_reach(result, schedule))))
    position = decision.position
    cap = decision.reason == Reason.CAP and position is not None and not position.decided
    return word, Judgement(
        PRIMARY, decision.n, shown_unit,
        change=_convert(decision.interval.estimate, result.contrasts, percent) if decision.interval else None,
        low=_convert(decision.low, result.contrasts, percent), high=_convert(decision.high, result.contrasts, percent),
        detectable=_convert(decision.minimum_detectable, result.contrasts, percent),
        delta=_delta_shown(result.contrasts, percent), position=position.value if position else "",
        qualifier=qualifier(position) if position else "", final=decision.final, cap_undecided=cap,
        drift=result.drift.note(), moved=_moved(result, percent), missing=missing, notes=notes,
        method=result.method, alpha=schedule.alpha,
        look=decision.look, exact=result.contrasts.exact,
        adjusted=_convert(decision.adjusted_estimate, result.contrasts, percent))


def equivalence_reach(result, schedule: LookSchedule) -> str:
    """Whether "no detectable difference" can still be reached at this noise: at the cap the
    interval lies inside ±δ only if one block's contrast spreads less than δ·√cap / c_cap (with a
    change of 0 itself), so say that spread and this run's (ratio scale only, where both read as
    percent). "" when the spread is unknown or already small enough."""
    interval = result.decision.interval
    contrasts = result.contrasts
    if interval is None or contrasts.scale != Scale.RATIO or not math.isfinite(interval.sd) or interval.sd <= 0:
        return ""
    needed = contrasts.threshold * math.sqrt(schedule.cap) / schedule.critical_values()[-1]
    spread = interval.effective_sd  # the interval's width in one block's terms (correlated blocks widen it)
    if spread < needed:
        return ""
    counted = " (its correlated blocks counted)" if interval.inflation > 1.0 else ""
    return (f"\"No detectable difference\" (a change inside ±{100 * math.expm1(contrasts.threshold):.0f} %) needs one "
            f"block's change to spread less than about {100 * needed:.1f} % by the cap of {schedule.cap} blocks; this "
            f"run's spreads {100 * spread:.1f} %{counted}: at this noise it can show a change beyond δ, never that "
            "there is none worth having.")


def design_reach(result, schedule: LookSchedule) -> str:
    """What "better" needs over the whole design at this run's noise (``sequential.design_detectable``),
    and that the percent is a ratio of geometric means (ratio scale only). "" without a spread."""
    from fstune.stats.sequential import design_detectable

    interval = result.decision.interval
    contrasts = result.contrasts
    if interval is None or contrasts.scale != Scale.RATIO or not math.isfinite(interval.sd) or interval.sd <= 0:
        return ""
    # the effective spread already counts correlated blocks (the floor too): simulate it without a floor
    needed = design_detectable(interval.effective_sd, LookSchedule(schedule.looks, schedule.alpha), contrasts.threshold)
    if not math.isfinite(needed) or needed > math.log1p(PERCENT_SHOWN / 100):
        size = f"beyond {PERCENT_SHOWN:.0f} %"
    else:
        size = f"about {100 * math.expm1(needed):.0f} %"
    return (f"Over the whole design (looks after {', '.join(map(str, schedule.looks))} blocks), a run at this noise "
            f"ends \"better\" 8 times in 10 only for a change of {size} (changes here are ratios of geometric "
            "means: with equal means, a wider spread reads as a small loss).")


def _moved(result, percent: bool) -> str:
    """"+3.1 % over the first 7 blocks, +9.8 % over the last 8" when the contrast itself drifted (the drift
    check's "contrast" series): a change that fades or grows is not one change, so the headline
    says it moved instead of a plain verdict (docs/verdicts.md, "Drift")."""
    if not any(check.series == "contrast" and check.drifting for check in result.drift.checks):
        return ""
    used = result.decision.n_used or len(result.contrasts.values)
    values = list(result.contrasts.values[:used])  # the blocks the verdict rests on
    half = len(values) // 2
    parts = []
    for which, chunk in (("first", values[:half]), ("last", values[half:])):
        if not chunk:
            return ""
        shown = _convert(math.fsum(chunk) / len(chunk), result.contrasts, percent)
        parts.append(f"{shown:+.1f}{' %' if percent else ''} over the {which} {len(chunk)} blocks")
    return ", ".join(parts)


def _secondaries(keys, pairs, metrics, primary, design: Design, role: str = SECONDARY
                 ) -> dict[tuple[str, str], tuple[str, Judgement]]:
    """Holm across the secondary metrics (or, with ``role`` BESIDE, the figures judged beside a
    study's expected outcomes), on the blocks the primary's stopping look used."""
    used = primary.decision.n_used
    primary_blocks = pairs[design.primary][0]
    blocks_used = set(primary_blocks[:used])
    family: dict[str, tuple[Contrasts, str]] = {}
    names: dict[str, tuple[str, str]] = {}
    judged = {}
    for key in keys:
        blocks, base, other, missing = pairs[key]
        unit, better = metrics[key]
        keep = [i for i, block in enumerate(blocks) if block in blocks_used]
        if len(keep) < used:
            judged[key] = (DESCRIBED, Judgement(DESCRIPTION, len(blocks), unit, missing=missing, notes=(
                f"{FAMILY[role][1]}: only {len(keep)} of the {used} blocks the primary decided on have this figure "
                "on both sides.",), alpha=design.schedule.alpha))
            continue
        try:
            rule = metric_rule(*key, better, design.delta(*key))
            contrasts = paired_contrasts([base[i] for i in keep], [other[i] for i in keep], rule)
        except ScaleError as error:
            judged[key] = (DESCRIBED, Judgement(DESCRIPTION, len(blocks), unit, missing=missing,
                                                notes=(f"Not judged: {error}.",), alpha=design.schedule.alpha))
            continue
        name = f"{key[0]}:{key[1]}"
        family[name] = (contrasts, better)
        names[name] = key
    if not family:
        return judged
    for verdict in judge_secondaries(family, primary.decision, design.schedule):
        key = names[verdict.metric]
        contrasts = family[verdict.metric][0]
        shown_unit, percent = _display(contrasts, metrics[key][0])
        position = verdict.position
        estimate = verdict.interval.estimate if verdict.interval else verdict.low
        judged[key] = (verdict.verdict.value, Judgement(
            role, verdict.n, shown_unit, change=_convert(estimate, contrasts, percent),
            low=_convert(verdict.low, contrasts, percent), high=_convert(verdict.high, contrasts, percent),
            detectable=_convert(verdict.minimum_detectable, contrasts, percent),
            delta=_delta_shown(contrasts, percent), position=position.value,
            qualifier=qualifier(position), final=True, missing=pairs[key][3],
            notes=((contrasts.note,) if contrasts.note else ())
            + (f"{FAMILY[role][0]}, Holm rank {verdict.holm_rank} of {len(family)}, judged at alpha "
               f"{verdict.alpha:.3g}.",),
            method=primary.method, alpha=verdict.alpha, look=primary.decision.look, exact=verdict.exact))
    return judged


def _description(key, pair, info, design: Design) -> Judgement:
    blocks, base, other, missing = pair
    unit, better = info
    if not blocks:
        return Judgement(DESCRIPTION, 0, unit, missing=missing, alpha=design.schedule.alpha)
    try:
        contrasts = paired_contrasts(base, other, metric_rule(*key, better, design.delta(*key)))
    except ScaleError:
        contrasts = paired_contrasts(base, other, MetricRule(Scale.DIFFERENCE, better, design.delta(*key)))
    shown_unit, percent = _display(contrasts, unit)
    described = describe(f"{key[0]}:{key[1]}", contrasts)
    sd = described.sd if not math.isnan(described.sd) else None
    if sd is not None and percent:
        sd = (to_percent(sd, contrasts.scale, contrasts.baseline_mean) if contrasts.scale != Scale.RATIO
              else 100.0 * sd)  # a log-scale spread reads as a relative spread in percent
    return Judgement(DESCRIPTION, len(blocks), shown_unit,
                     change=_convert(described.estimate, contrasts, percent), sd=sd, missing=missing,
                     alpha=design.schedule.alpha)


def claims(verdict: str) -> bool:
    """Does this verdict word say the configurations differ?"""
    return verdict in {v.value for v in Verdict if v.claims_difference}


__all__ = ["BESIDE", "DESCRIBED", "DESCRIPTION", "EARLY_STOP", "NOT_YET", "OUTSIDE_BUDGET", "PRIMARY", "SECONDARY",
           "WAITING", "Design", "Judgement", "block_values", "claims", "comparison_alpha", "comparison_schedule",
           "in_budget", "equivalence_reach", "judge_beside", "judge_variant", "metric_rule", "paired", "read_design"]
