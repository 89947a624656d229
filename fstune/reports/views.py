"""What every report of a comparison shows, before it is given a format.

A report (Markdown, CSV, JSON, HTML), ``fstune results show`` and the wizard's results screen
say the same things: per workload one table, one line per metric (``MetricView``: every
configuration's summary, each variant's comparison with the baseline); what each configuration
is (``describe_config``); the machine and its devices (``env_summary``, ``device_summary``,
``tool_versions``); and, as honestly as the numbers, what they rest on (``honest_notes``: runs
that did not finish, plan warnings, cells with too few repeats, failed repeats, warm caches,
machines that differ).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fstune.filesystems import join_options
from fstune.results.blocked import OUTSIDE_BUDGET
from fstune.results.compare import Comparison, Row, Summary
from fstune.reports.formatting import fmt_time
from fstune.results.records import ConfigDescription, DeviceRecord, RunRecord
from fstune.units import format_size, format_span

# how a pair beyond the run's error budget opens its note (blocked.OUTSIDE_BUDGET, before its names)
_OUTSIDE_BUDGET_OPENING = OUTSIDE_BUDGET.partition("{")[0]

CELLS_NOTE = ("Cells: median ± standard deviation over n good repeats. Change: the variant's median against the "
              "baseline's.")
# what fstune.stats.judge.judge_legacy does, in words (runs measured before blocks)
VERDICT_NOTE = ("Legacy verdict (a run measured before blocks): better or worse only when Welch's t-test (p shown) "
                "and a bootstrap interval for the difference of the medians both show a change in the same "
                "direction; otherwise it is within noise. Not comparable with verdicts of the current method.")
# what fstune.results.blocked does, in words (docs/verdicts.md)
BLOCKED_VERDICT_NOTE = ("Verdict: the study's primary metric, from the blocks' paired contrasts with planned looks "
                        "(docs/verdicts.md): better/worse — the interval lies beyond ±δ; probably better/worse — it "
                        "excludes 0 but not δ; no detectable difference — it lies inside ±δ; too noisy to tell — it "
                        "contains 0 and reaches δ. Shown with the interval and the smallest change the run could "
                        "have detected. Secondary metrics are judged after it under Holm; other figures are only "
                        "described. Where a metric is compared in percent, its change is the paired estimate over "
                        "the blocks.")


def verdict_note(comparison: Comparison) -> str:
    """How this comparison's verdicts were reached, in words."""
    return VERDICT_NOTE if getattr(comparison, "legacy", True) else BLOCKED_VERDICT_NOTE
# the fewest good repeats a cell should rest on (docs/ARCHITECTURE.md, "Results"); compare() still
# judges 2, so such cells get a caveat
MIN_N = 3


# --- the tables -----------------------------------------------------------------------------


@dataclass
class MetricView:
    """One line of a workload's table: a metric, every configuration's summary, each variant's row."""

    workload: str
    metric: str
    unit: str
    better: str
    cells: dict[str, Summary | None]  # config → summary (None: no figures)
    rows: dict[str, Row]  # variant → its comparison with the baseline


def metric_views(comparison: Comparison, runs: Sequence[RunRecord] = ()) -> dict[str, list[MetricView]]:
    """Per workload (in the order they were measured), one MetricView per metric."""
    info: dict[tuple[str, str], tuple[str, str]] = {}
    for row in comparison.rows:
        info.setdefault((row.workload, row.metric), (row.unit, row.better))
    # metrics measured only by some configurations have no Row: take unit and direction from samples
    for run in runs:
        for result in run.results:
            for sample in result.samples:
                info.setdefault((sample.workload, sample.metric), (sample.unit, sample.better))
    for config, workload, metric in comparison.summaries:
        info.setdefault((workload, metric), ("", ""))  # unit and direction unknown: say so, guess nothing
    views: dict[str, list[MetricView]] = {}
    for (workload, metric), (unit, better) in info.items():
        cells = {c: comparison.summaries.get((c, workload, metric)) for c in comparison.configs}
        rows = {r.config: r for r in comparison.rows if r.workload == workload and r.metric == metric}
        views.setdefault(workload, []).append(MetricView(workload, metric, unit, better, cells, rows))
    return views


def as_runs(runs) -> list[RunRecord]:
    """One run or several, as a list: the reports take either."""
    return [runs] if isinstance(runs, RunRecord) else list(runs)


def report_title(runs: Sequence[RunRecord]) -> str:
    studies = list(dict.fromkeys(f"{r.study} — {r.title}" for r in runs))
    return "; ".join(studies)


def run_line(run: RunRecord) -> str:
    duration = format_span(run.finished - run.started) if run.finished else "–"
    name = f"Run {run.id}" if run.id is not None else "Run"
    return (f"{name} ({run.study}): {run.status}, started {fmt_time(run.started)}, took {duration}, "
            f"on {run.hostname}")


# --- what the figures rest on ---------------------------------------------------------------


def describe_config(config: ConfigDescription) -> str:
    """``ext3, journal on /dev/sdc1, mkfs -b 4096, mount noatime``"""
    journal = {"internal": "internal journal", "none": "no journal"}.get(config.journal, f"{config.journal} journal")
    if config.journal == "external":
        journal = f"journal on {config.log_device}" if config.log_device else "external journal"
    parts = [config.filesystem, journal]
    if config.mkfs_options:
        parts.append("mkfs " + " ".join(config.mkfs_options))
    parts.append("mount " + (join_options(list(config.mount_options)) or "defaults"))
    return ", ".join(parts)


def env_summary(env: dict) -> list[tuple[str, str]]:
    """The machine a run measured on, as (what, value) lines: host, kernel, distribution, CPU,
    memory, fstune."""
    memory = env.get("memory_bytes")
    cpu = env.get("cpu_model") or "?"
    if env.get("cpu_count"):
        cpu += f" × {env['cpu_count']}"
    return [
        ("host", str(env.get("hostname") or "?")),
        ("kernel", " ".join(filter(None, (str(env.get("kernel") or "?"), env.get("machine"))))),
        ("distribution", str(env.get("distro") or "?")),
        ("CPU", cpu),
        ("memory", format_size(memory) if isinstance(memory, int) else "?"),
        ("fstune", str(env.get("fstune") or "?")),
    ]


def tool_versions(env: dict) -> list[tuple[str, str]]:
    return sorted((str(k), str(v)) for k, v in (env.get("tools") or {}).items())


def device_summary(device: DeviceRecord) -> str:
    """A stored device in words: model, size, transport, rotating or not, I/O scheduler. (Reading
    one from sysfs is ``fstune.results.environment.describe_device``.)"""
    parts = [device.model or "unknown model", format_size(device.size) if device.size else "size ?"]
    if device.transport:
        parts.append(device.transport)
    # a loop device's flag means nothing (runs stored before its model said what holds its file)
    if device.rotational is not None and device.transport != "loop":
        parts.append("rotating disk" if device.rotational else "solid state")
    parts.append(f"scheduler {device.scheduler or '?'}")
    return ", ".join(parts)


def settings_notes(runs: Sequence[RunRecord]) -> list[str]:
    """How each run was measured differently from the first (workload parameters, repeat rules,
    study version, devices: ``fstune.results.settings``), one line per run that differs."""
    from fstune.results.settings import settings_differences

    first = runs[0] if runs else None
    return [f"Measured with other settings than run {first.id}: run {run.id}: {', '.join(differ)}."
            for run in runs[1:] if (differ := settings_differences(first.settings, run.settings))]


def environment_differences(runs: Sequence[RunRecord]) -> list[str]:
    """What differs between the runs' machines besides the configurations: a caveat for the reader."""
    if len(runs) < 2:
        return []
    notes = []
    label = [str(r.id) if r.id is not None else f"#{i + 1}" for i, r in enumerate(runs)]

    def differ(what: str, values: list[str]) -> None:
        if len(set(values)) > 1:
            pairs = ", ".join(f"run {lab}: {value}" for lab, value in zip(label, values))
            notes.append(f"The runs differ in {what} ({pairs}).")

    for key, what in (("hostname", "host"), ("kernel", "kernel"), ("cpu_model", "CPU"), ("distro", "distribution")):
        differ(what, [str(r.environment.get(key) or "?") for r in runs])
    for role in ("target", "journal"):
        devices = [[d for d in r.devices if d.role == role] for r in runs]
        if all(devices):
            differ(f"{role} device", [f"{d[0].path} ({d[0].model or '?'})" for d in devices])
            differ(f"{role} I/O scheduler", [d[0].scheduler or "?" for d in devices])
    tools = sorted({t for r in runs for t in (r.environment.get("tools") or {})})
    for tool in tools:
        differ(f"{tool} version", [str((r.environment.get("tools") or {}).get(tool, "?")) for r in runs])
    return notes


def verdict_text(row: Row | None) -> str:
    """A verdict with what is shown beside it, as plain text: "better: +9.8 % [+6.1, +13.6];
    detectable ±3.0 %" (a blocked run), "within noise (p=0.412)" (a legacy run)."""
    from fstune.results.compare import NO_DATA
    from fstune.reports.formatting import fmt_p

    if row is None:
        return NO_DATA
    judgement = row.judgement
    if judgement is None:
        p = fmt_p(row.p_value)
        return row.verdict + (f" ({p})" if p else "")
    word = row.verdict + (f", {judgement.qualifier}" if judgement.qualifier else "")
    if judgement.role == "description":
        return word + (f": {judgement.interval_text()}" if judgement.change is not None else "")
    shown = "; ".join(filter(None, (judgement.interval_text(), judgement.detectable_text())))
    return f"{word}{' (secondary)' if judgement.role == 'secondary' else ''}: {shown}"


def verdict_notes(comparison: Comparison) -> list[str]:
    """What each judged row of a blocked run says beside its verdict (cap, drift, blocks left out,
    why nothing could be shown), labelled with the variant and metric."""
    notes = []
    for row in comparison.rows:
        if row.judgement is not None and row.judgement.role == "description":
            # a pair beyond the run's error budget says so once, not once per metric
            notes += [note for note in row.judgement.notes if note.startswith(_OUTSIDE_BUDGET_OPENING)
                      and note not in notes]
            continue
        if row.judgement is None:
            continue
        against = f" against {comparison.baseline}" if comparison.pair else ""
        for line in row.judgement.lines(row.verdict):
            if line.startswith(row.verdict):
                continue  # the qualifier is in the verdict's own cell
            notes.append(f"{row.config}{against}, {row.metric}: {line}")
    return notes


def figure_notes(runs: Sequence[RunRecord], comparison: Comparison) -> list[str]:
    """``honest_notes`` without the caveats: what the figures rest on."""
    from fstune.reports.caveats import caveats_of_runs

    skip = len(caveats_of_runs(runs, comparison)) if runs else 0
    return honest_notes(runs, comparison)[skip:]


def honest_notes(runs: Sequence[RunRecord], comparison: Comparison) -> list[str]:
    """Everything a reader must know before trusting the verdicts: first the caveats of the runs
    (``fstune.reports.caveats``: environment, one disk, legacy, dropped blocks, cap, drift, warm
    cache), then what the figures rest on."""
    from fstune.reports.caveats import caveats_of_runs

    notes = [caveat.text for caveat in caveats_of_runs(runs, comparison)] \
        if runs else []
    label = {id(r): (f"run {r.id}" if r.id is not None else "this run") for r in runs}
    for run in runs:
        if run.status != "finished":
            why = f": {run.reason.rstrip('.')}" if run.reason else ""  # the reason may end a sentence itself
            notes.append(f"{label[id(run)].capitalize()} {run.status}{why}. Its figures come only from the repeats "
                         "that completed.")
        for warning in run.warnings:
            notes.append(f"Plan warning ({label[id(run)]}): {warning}")
    small = sorted({(c, w, m, s.n) for (c, w, m), s in comparison.summaries.items() if s is not None and s.n < MIN_N})
    if small:
        cells = "; ".join(f"{c} {w} {m} (n={n})" for c, w, m, n in small)
        notes.append(f"Fewer than {MIN_N} good repeats in: {cells}. fstune wants at least {MIN_N}; "
                     "treat verdicts that rest on them with care.")
    if comparison.failed:
        notes.append(f"{len(comparison.failed)} repeat(s) failed and are not in any figure:")
        for result in comparison.failed:
            notes.append(f"  {result.config} / {result.workload} repeat {result.repeat}: {result.failed}")
    if comparison.warm and not runs:
        notes.append("The caches could not be dropped before some repeats: their read figures may come partly "
                     "from memory and look better than the disk is.")
    notes += settings_notes(runs)
    notes += environment_differences(runs)
    notes += verdict_notes(comparison)
    return notes


__all__ = ["BLOCKED_VERDICT_NOTE", "CELLS_NOTE", "MIN_N", "VERDICT_NOTE", "figure_notes", "verdict_note",
           "verdict_notes", "verdict_text", "MetricView", "as_runs", "describe_config", "device_summary",
           "env_summary", "environment_differences", "honest_notes", "settings_notes", "metric_views", "report_title", "run_line",
           "tool_versions"]
