"""Before and after: every variant against the baseline, metric by metric, with a verdict.

For each (workload, metric) every configuration is summarised (median, spread, n, interval) and
each variant is set against the baseline. How the verdict is reached depends on how the run was
measured:

- **a run in interleaved blocks** (``RunRecord.method`` set): the paired, group-sequential
  decision of docs/verdicts.md (``fstune.results.blocked``): the study's primary metric gets one
  of the six verdict words (``fstune.stats.verdict``) with its interval and the smallest change
  the run could have detected; the declared secondary metrics are judged after it under Holm; every
  other metric is described without a verdict. The Row carries all of it in ``judgement``.
- **a legacy run** (measured before blocks): shown as it always was — "better"/"worse" when
  Welch's t-test (p < alpha) and a bootstrap interval for the difference of the medians agree,
  else "within noise"; "not enough data" below two repeats a side — and marked legacy: such a
  verdict is not comparable with the current method, and legacy figures never enter paired
  statistics (``fstune.stats.judge.judge_legacy``).

Failed repeats never contribute a number; they are listed so the report can say what failed.

Several runs (the same study on other days or machines) are compared by setting every run's
configurations side by side as the columns of one comparison (``side_by_side``,
``compare_runs``); names that occur in more than one run are prefixed with the run id
("3:internal"), and the first run's baseline is the baseline. (The class merge of many machines'
exports, which judges each machine on its own first, is ``fstune.reports.classroom``.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from fstune import filesystems
from fstune.errors import UsageError
from fstune.figures import RepeatResult
from fstune.stats import classic as stats
from fstune.stats.judge import LegacyVerdict, judge_legacy
from fstune.results.blocked import (DESCRIBED, NOT_YET, OUTSIDE_BUDGET, WAITING, Design, Judgement, in_budget,
                                    judge_beside, judge_variant, read_design)
from fstune.results.records import ConfigDescription, RunRecord
from fstune.stats.sequential import METHOD

# the legacy rule's words (fstune.stats.judge), by the names every report uses
BETTER, WORSE, NOISE, NO_DATA = LegacyVerdict.BETTER, LegacyVerdict.WORSE, LegacyVerdict.NOISE, LegacyVerdict.NO_DATA


LEGACY_NOTE = "legacy: measured before blocks; not comparable by the current method"
CONFIDENCE = 0.95  # of the per-configuration intervals shown next to each median


@dataclass(frozen=True)
class Summary:
    """One configuration's figures for one metric. Undefined statistics are None (n < 1 or < 2)."""

    n: int
    median: float | None
    mean: float | None
    stdev: float | None
    rsd: float | None
    ci_low: float | None  # Student's t interval for the mean
    ci_high: float | None
    values: tuple[float, ...]
    # the median's own interval (order statistics; the range below 6 values): what stands beside
    # a median, which a mean's t interval must not (it can fall below 0 for a skewed latency)
    median_low: float | None = None
    median_high: float | None = None

    @classmethod
    def of(cls, values: Iterable[float], level: float = CONFIDENCE) -> Summary:
        data = tuple(float(value) for value in values)
        if not data:
            return cls(0, None, None, None, None, None, None, ())
        if len(data) == 1:
            return cls(1, data[0], data[0], None, None, None, None, data)
        low, high = stats.confidence_interval(data, level)
        median_low, median_high = stats.median_interval(data, level)
        return cls(len(data), stats.median(data), stats.mean(data), stats.stdev(data), stats.rsd(data),
                   low, high, data, median_low, median_high)


@dataclass(frozen=True)
class Row:
    workload: str
    metric: str
    unit: str
    better: str  # HIGHER or LOWER
    config: str  # the variant's name
    baseline: Summary
    variant: Summary
    # legacy: (variant median − baseline median) / |baseline median| × 100; blocked: the paired
    # estimate of the change in percent when it is shown in percent, else the medians' change
    change_pct: float | None
    p_value: float | None  # legacy: Welch's two-sided p; None without two values a side and for blocked runs
    # blocked: one of the six verdict words, or blocked.DESCRIBED / NOT_YET / WAITING;
    # legacy: "better" | "worse" | "within noise" | "not enough data"
    verdict: str
    # legacy: bootstrap interval for median(variant) − median(baseline), the second opinion
    median_diff_ci: tuple[float, float] | None = None
    judgement: Judgement | None = None  # blocked: the interval, smallest detectable change, notes
    legacy: bool = False
    against: str = ""  # the configuration it is compared with ("" : the comparison's baseline)

    @property
    def judged(self) -> bool:
        """Has a verdict (a legacy one, or a primary/secondary verdict of a blocked run); a
        secondary still waiting for the primary has none yet."""
        return self.verdict not in (NO_DATA, DESCRIBED, NOT_YET, WAITING) and not (
            self.judgement is not None and self.judgement.role == "description")

    def said(self) -> list[str]:
        """Everything to say beside the verdict: interval, detectable change, caveats of this row."""
        if self.legacy:
            return [LEGACY_NOTE]
        if self.judgement is None:
            return []
        lines = []
        if self.judgement.role != "description":
            lines.append(" · ".join(filter(None, (self.judgement.role, self.judgement.interval_text(),
                                                 self.judgement.detectable_text()))))
        elif self.judgement.change is not None:
            lines.append("description: " + self.judgement.interval_text())
        return lines + self.judgement.lines(self.verdict)


@dataclass
class Comparison:
    baseline: str
    configs: list[str]
    rows: list[Row]
    summaries: dict[tuple[str, str, str], Summary]  # (config, workload, metric)
    option_diffs: dict[str, str]  # variant → "+ external journal on /dev/loop1p2, + noatime"
    failed: list[RepeatResult] = field(default_factory=list)
    warm: bool = False  # some figures come from repeats whose caches could not be dropped
    method: str = ""  # the method that judged it: today's for a blocked run (its record keeps what it ran under); "" legacy
    legacy: bool = True  # verdicts by the legacy rule (measured before blocks)
    pair: tuple[str, str] | None = None  # set when two chosen configurations are compared

    @property
    def variants(self) -> list[str]:
        return [name for name in self.configs if name != self.baseline]

    def rows_for(self, config: str) -> list[Row]:
        return [row for row in self.rows if row.config == config]


def compare(results: list[RepeatResult], configs: list[ConfigDescription], baseline: str,
            alpha: float = 0.05, *, method: str = "", design: dict | None = None,
            origin: dict[str, object] | None = None, variants: int | None = None,
            outside_budget: str = "") -> Comparison:
    """Summarise every configuration and set each variant against ``baseline``.

    With ``method`` (the baseline run's decision method) the variants are judged by the paired
    design ``design`` (``RunRecord.design``); ``origin`` maps a configuration to the run it came
    from, and only configurations of the baseline's run can be paired with it (the others are
    described). ``variants`` is how many variants share the run's alpha (default: those here).
    Without ``method`` every verdict is the legacy one, marked so. ``outside_budget`` (why): the
    pair is beyond the run's error budget and is described (``blocked.in_budget``).
    """
    names = [config.name for config in configs]
    if len(set(names)) != len(names):
        raise ValueError(f"configuration names must be unique: {names}")
    for result in results:  # results of a configuration the caller did not describe still count
        if result.config not in names:
            names.append(result.config)
    if baseline not in names:
        raise ValueError(f"the baseline '{baseline}' is not one of the configurations: {', '.join(names)}")

    failed = [result for result in results if not result.ok]
    good = [result for result in results if result.counts]  # not failed, its block not dropped
    collected: dict[tuple[str, str, str], list[tuple[int, float]]] = {}
    metrics: dict[tuple[str, str], tuple[str, str]] = {}  # (workload, metric) → (unit, better), first seen
    for result in good:
        for sample in result.samples:
            key = (sample.workload, sample.metric)
            known = metrics.setdefault(key, (sample.unit, sample.better))
            if known != (sample.unit, sample.better):
                raise ValueError(f"{sample.workload} {sample.metric} is reported both as {known} and as "
                                 f"{(sample.unit, sample.better)}")
            collected.setdefault((result.config, *key), []).append((result.repeat, sample.value))
    # values in repeat order, so a report can show them as they were measured
    summaries = {key: Summary.of(value for _repeat, value in sorted(pairs, key=lambda pair: pair[0]))
                 for key, pairs in collected.items()}
    empty = Summary.of(())
    blocked = bool(method)
    plan: Design | None = None
    if blocked:
        plan = read_design(design or {}, variants if variants is not None else max(1, len(names) - 1))

    rows: list[Row] = []
    for variant in names:
        if variant == baseline:
            continue
        judged: dict = {}
        pairable = blocked and (origin is None or origin.get(variant) == origin.get(baseline))
        if pairable:
            judged = judge_variant(good, baseline, variant, metrics, plan, outside_budget)
        for (workload, metric), (unit, better) in metrics.items():
            base = summaries.get((baseline, workload, metric), empty)
            other = summaries.get((variant, workload, metric), empty)
            if not base.n and not other.n:
                continue  # neither side ran this workload
            change = _change_pct(base.median, other.median)
            if pairable:
                verdict, judgement = judged[(workload, metric)]
                if judgement.unit == "%" and judgement.change is not None:
                    change = judgement.change
                rows.append(Row(workload, metric, unit, better, variant, base, other, change, None, verdict,
                                judgement=judgement))
            elif blocked:
                note = "measured in another run: its blocks cannot be paired with the baseline's"
                rows.append(Row(workload, metric, unit, better, variant, base, other, change, None, DESCRIBED,
                                judgement=Judgement("description", 0, unit, notes=(note,))))
            else:
                verdict, p_value, interval = judge_legacy(base.values, other.values, better, alpha)
                rows.append(Row(workload, metric, unit, better, variant, base, other, change, p_value, verdict,
                                interval, legacy=True))

    described = {config.name: config for config in configs}
    diffs = {name: option_diff(described[baseline], described[name])
             for name in names if name != baseline and baseline in described and name in described}
    return Comparison(baseline=baseline, configs=names, rows=rows, summaries=summaries, option_diffs=diffs,
                      failed=failed, warm=any(result.warm_cache for result in good),
                      # the method that judged these verdicts (today's), whatever the run was measured under
                      method=METHOD if blocked else "", legacy=not blocked)


def _change_pct(before: float | None, after: float | None) -> float | None:
    if before is None or after is None or before == 0:
        return None  # no baseline figure, or a change from 0 that no percentage can express
    return (after - before) / abs(before) * 100.0


# ---------------------------------------------------------------------------------------------
# Several runs side by side


@dataclass(frozen=True)
class Column:
    """A configuration as a column of the comparison, and where it came from."""

    name: str  # the name in the comparison, e.g. "3:internal" when "internal" occurs in several runs
    run_id: int | None
    config: str  # its name within its run


@dataclass
class SideBySide:
    """Several runs as the columns of one comparison (see the module docstring)."""

    results: list[RepeatResult]
    configs: list[ConfigDescription]
    baseline: str
    columns: list[Column]
    mkfs_argv: dict[str, list[tuple[str, ...]]]  # column → the mkfs commands that made it


def side_by_side(runs: Sequence[RunRecord]) -> SideBySide:
    """The runs' configurations and results as one set of columns; see the module docstring."""
    if not runs:
        raise UsageError("name at least one run.")
    ids = [r.id for r in runs]
    for run_id in ids:
        if run_id is not None and ids.count(run_id) > 1:
            raise UsageError(f"run {run_id} is named twice; name each run once.")
    if len(runs) == 1:
        run = runs[0]
        return SideBySide(list(run.results), list(run.configs), run.baseline,
                          [Column(c.name, run.id, c.name) for c in run.configs], dict(run.mkfs_argv))
    seen: dict[str, int] = {}
    for run in runs:
        for config in run.configs:
            seen[config.name] = seen.get(config.name, 0) + 1
    results, configs, columns = [], [], []
    mkfs_argv: dict[str, list[tuple[str, ...]]] = {}
    baseline = ""
    for position, run in enumerate(runs):
        tag = str(run.id) if run.id is not None else f"#{position + 1}"
        names = {c.name: (f"{tag}:{c.name}" if seen[c.name] > 1 else c.name) for c in run.configs}
        for config in run.configs:
            configs.append(dataclasses.replace(config, name=names[config.name]))
            columns.append(Column(names[config.name], run.id, config.name))
            if config.name in run.mkfs_argv:
                mkfs_argv[names[config.name]] = run.mkfs_argv[config.name]
        results += [dataclasses.replace(r, config=names[r.config]) for r in run.results]
        if position == 0:
            baseline = names[run.baseline]
    return SideBySide(results, configs, baseline, columns, mkfs_argv)


def compare_runs(runs: Sequence[RunRecord], alpha: float = 0.05, pair: tuple[str, str] | None = None) -> Comparison:
    """The Comparison of one run, or of several runs' configurations side by side.

    The baseline's run decides the method: a blocked run's variants are judged by the paired
    design, and configurations of the other runs are described beside them (blocks of different
    runs cannot be paired). ``pair`` (A, B) compares two configurations of the comparison with each
    other, A as the reference, by the method, design and alpha of A's own run (``fstune results
    compare RUN --pair A B``).
    """
    together = side_by_side(runs)
    first = runs[0]
    # which run each column came from (side_by_side keeps the runs' order), by position
    sizes = [len(run.configs) for run in runs]
    origin = None if len(runs) == 1 else {
        column.name: next(index for index in range(len(runs)) if position < sum(sizes[:index + 1]))
        for position, column in enumerate(together.columns)}
    variants = max(1, len(first.configs) - 1)
    if pair is None:
        return compare(together.results, together.configs, together.baseline, alpha=alpha, method=first.method,
                       design=first.design, origin=origin, variants=variants)
    names = [config.name for config in together.configs]
    reference, other = pair
    for name in pair:
        if name not in names:
            raise UsageError(f"there is no configuration '{name}' to compare; the run has: {', '.join(names)}.")
    if reference == other:
        raise UsageError(f"--pair needs two different configurations, not '{reference}' twice.")
    chosen = [config for config in together.configs if config.name in pair]
    chosen.sort(key=lambda config: config.name != reference)
    results = [result for result in together.results if result.config in pair]
    # the reference's own run decides the method, its design and its alpha split: a pair from a
    # later blocked run is judged as that run judges it, whatever the first run was
    holder = runs[origin[reference]] if origin is not None else first
    own = {column.name: column.config for column in together.columns}
    outside = ""
    if holder.method and not in_budget(holder.baseline, own.get(reference, reference), own.get(other, other)):
        outside = OUTSIDE_BUDGET.format(baseline=holder.baseline)
    comparison = compare(results, chosen, reference, alpha=alpha, method=holder.method, design=holder.design,
                         origin=origin, variants=max(1, len(holder.configs) - 1), outside_budget=outside)
    comparison.pair = (reference, other)
    return comparison


def judge_described(record: RunRecord, variant: str, keys: Sequence[tuple[str, str]]
                    ) -> dict[tuple[str, str], tuple[str, Judgement]]:
    """Figures of ``variant`` against the baseline of ``record`` (one blocked run) that the run only
    describes, judged for a study's expected outcomes (``blocked.judge_beside``: their own Holm
    family, after the primary); {} for a legacy run. The run's own rows are not changed."""
    if not record.method:
        return {}
    good = [result for result in record.results if result.counts]
    metrics: dict[tuple[str, str], tuple[str, str]] = {}
    for result in good:
        for sample in result.samples:
            metrics.setdefault((sample.workload, sample.metric), (sample.unit, sample.better))
    design = read_design(record.design or {}, max(1, len(record.configs) - 1))
    return judge_beside(good, record.baseline, variant, metrics, design, keys)


# ---------------------------------------------------------------------------------------------
# What a variant changes, in words

MINUS = "−"
# mutually exclusive access-time policies: replacing one by another reads "strictatime → noatime"
ATIME_POLICIES = {"atime", "noatime", "relatime", "norelatime", "strictatime"}


def option_diff(baseline: ConfigDescription, variant: ConfigDescription) -> str:
    """What the variant changes relative to the baseline, e.g.
    "ext3 → xfs, + external log on /dev/loop1p2, + noatime, commit=5 → 30, − dir_index"."""
    parts: list[str] = []
    if variant.filesystem != baseline.filesystem:
        parts.append(f"{baseline.filesystem} → {variant.filesystem}")
    parts += _journal_diff(baseline, variant)
    parts += _mount_diff(dict(_pairs(baseline.mount_options)), dict(_pairs(variant.mount_options)))
    parts += _mkfs_diff(_mkfs_items(baseline.mkfs_options), _mkfs_items(variant.mkfs_options))
    return ", ".join(parts) if parts else "no difference"


def _journal_diff(baseline: ConfigDescription, variant: ConfigDescription) -> list[str]:
    before, after = baseline.journal, variant.journal
    old_noun, noun = _journal_noun(baseline.filesystem), _journal_noun(variant.filesystem)
    where = f" on {variant.log_device}" if variant.log_device else ""
    if before == after:
        if after == "external" and baseline.log_device != variant.log_device:
            return [f"{noun} on {baseline.log_device or '?'} → {variant.log_device or '?'}"]
        return []
    if after == "external":
        return [f"+ external {noun}{where}"]
    if after == "none":
        return [f"{MINUS} {old_noun}"]
    if before == "none":  # now internal
        return [f"+ {noun}"]
    return [f"external {old_noun} → internal {noun}"]  # external → internal


def _journal_noun(fs_name: str) -> str:
    """What the filesystem calls its journal ("log" for XFS); "journal" for one fstune does not know."""
    fs = filesystems.find(fs_name)
    return fs.journal_noun if fs else "journal"


def _pairs(options: Iterable) -> list[tuple[str, str | None]]:
    """Mount options as (name, value) pairs, also from "a,b=c" words."""
    pairs: list[tuple[str, str | None]] = []
    for option in options:
        if isinstance(option, tuple):
            pairs.append((option[0], option[1]))
            continue
        for item in str(option).split(","):
            if item:
                name, sep, value = item.partition("=")
                pairs.append((name, value if sep else None))
    return pairs


def _word(name: str, value: str | None) -> str:
    return name if value is None else f"{name}={value}"


def _mount_diff(before: dict[str, str | None], after: dict[str, str | None]) -> list[str]:
    removed = [name for name in before if name not in after]
    added = [name for name in after if name not in before]
    parts: list[str] = []
    old_atime = [name for name in removed if name in ATIME_POLICIES]
    new_atime = [name for name in added if name in ATIME_POLICIES]
    if len(old_atime) == 1 and len(new_atime) == 1:
        parts.append(f"{old_atime[0]} → {new_atime[0]}")
        removed.remove(old_atime[0])
        added.remove(new_atime[0])
    for name in after:
        if name in before and before[name] != after[name]:
            old, new = before[name], after[name]
            if old is not None and new is not None:
                parts.append(f"{name}={old} → {new}")
            else:
                parts.append(f"{_word(name, old)} → {_word(name, new)}")
    parts += [f"+ {_word(name, after[name])}" for name in added]
    parts += [f"{MINUS} {_word(name, before[name])}" for name in removed]
    return parts


def _mkfs_items(words: Sequence[str]) -> dict[tuple[str, ...], object]:
    """mkfs argument words as comparable items.

    ``-O a,^b`` (ext and Btrfs features) gives ("feature", "a") → True and ("feature", "b") →
    False; an option whose value is a list of key=value settings (``-E stride=8``, XFS's
    ``-l size=64m,lazy-count=1``) gives one item per setting; any other ``-x value`` or lone
    flag is one item.
    """
    items: dict[tuple[str, ...], object] = {}
    index = 0
    while index < len(words):
        flag = words[index]
        value = None
        if flag.startswith("-") and index + 1 < len(words) and not words[index + 1].startswith("-"):
            value = words[index + 1]
            index += 1
        index += 1
        if flag == "-O" and value is not None:
            for feature in filter(None, value.split(",")):
                items[("feature", feature.lstrip("^"))] = not feature.startswith("^")
        elif value is not None and "=" in value:
            for setting in filter(None, value.split(",")):
                name, _sep, setting_value = setting.partition("=")
                items[("setting", flag, name)] = setting_value
        else:
            items[("flag", flag)] = value
    return items


def _mkfs_word(key: tuple[str, ...], value: object) -> str:
    if key[0] == "setting":
        return f"{key[1]} {key[2]}={value}"
    return key[1] if value is None else f"{key[1]} {value}"


def _mkfs_diff(before: dict, after: dict) -> list[str]:
    parts: list[str] = []
    for key in list(after) + [key for key in before if key not in after]:
        old, new = before.get(key, _UNSET), after.get(key, _UNSET)
        if old == new:
            continue
        if key[0] == "feature":
            if new is _UNSET:
                parts.append(f"{key[1]}: mkfs default")  # stated in the baseline, left out here
            else:
                parts.append(f"{'+' if new else MINUS} {key[1]}")
        elif old is _UNSET:
            parts.append(f"+ {_mkfs_word(key, new)}")
        elif new is _UNSET:
            parts.append(f"{MINUS} {_mkfs_word(key, old)}")
        elif key[0] == "setting":
            parts.append(f"{key[1]} {key[2]}={old} → {new}")
        else:
            parts.append(f"{_mkfs_word(key, old)} → {new}")
    return parts


class _Unset:
    def __repr__(self) -> str:
        return "unset"


_UNSET = _Unset()

__all__ = ["BETTER", "LEGACY_NOTE", "WORSE", "NOISE", "NO_DATA", "LegacyVerdict", "Column",
           "Summary", "Row", "Comparison", "SideBySide", "compare", "compare_runs", "judge_described",
           "option_diff", "side_by_side"]
