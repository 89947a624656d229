"""The configuration a run measured, and what it was measured to do: where every export starts.

``find_config`` picks the configuration out of a stored run; ``measured_target`` and
``measured_journal`` say which devices it was made on; ``measured_lines`` says in plain
sentences what it was measured to do (study, run, date, the figures against the baseline), and
``comment`` makes them a comment block. The fstab line, the .mount unit and the Ansible project
all carry that comment, so whoever finds the line in a year knows why it is there.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from fstune import workloads
from fstune.errors import UsageError
from fstune.filesystems import EXTERNAL
from fstune.results.compare import BETTER, NO_DATA, NOISE, Row, compare_runs
from fstune.reports.formatting import direction, finite, fmt_change, fmt_summary, fmt_time
from fstune.results.records import ConfigDescription, RunRecord
from fstune.reports.views import describe_config, honest_notes, verdict_text


def find_config(run: RunRecord, name: str) -> ConfigDescription:
    for config in run.configs:
        if config.name == name:
            return config
    names = ", ".join(c.name for c in run.configs)
    raise UsageError(f"run {run.id} has no configuration '{name}'; it has: {names}.")


def measured_target(run: RunRecord, config: ConfigDescription) -> str | None:
    """The target device path on the measured machine: the run's target, else the last word of
    the configuration's last mkfs command (the device mkfs formatted)."""
    for device in run.devices:
        if device.role == "target":
            return device.path
    argvs = run.mkfs_argv.get(config.name) or []
    return argvs[-1][-1] if argvs else None


def measured_journal(run: RunRecord, config: ConfigDescription) -> str | None:
    if config.journal != EXTERNAL:
        return None
    if config.log_device:
        return config.log_device
    return next((d.path for d in run.devices if d.role == "journal"), None)


def measured_lines(run: RunRecord, config_name: str) -> list[str]:
    """Plain sentences (no comment markers): study, run, date, and the figures against the baseline."""
    config = find_config(run, config_name)
    lines = [f"fstune {run.study} ({run.title}), run {run.id if run.id is not None else '?'} of "
             f"{fmt_time(run.started)} on {run.environment.get('hostname') or '?'}, "
             f"configuration '{config.name}': {describe_config(config)}."]
    if run.status != "finished":
        lines.append(f"The run {run.status}" + (f" ({run.reason})" if run.reason else "") +
                     "; the figures come only from the repeats that completed.")
    if config.name == run.baseline:
        lines.append("This is the study's baseline: the configuration the variants were measured against.")
        return lines
    comparison = compare_runs([run])
    rows = comparison.rows_for(config.name)
    if not rows:
        lines.append("measured: no figures for it (no repeat produced a measurement).")
        return lines
    # every verdict with what stands beside it (a blocked run's interval and detectable change,
    # a legacy run's p value); figures without a verdict are named below
    decided = [r for r in rows if r.judged and r.verdict != NOISE]
    for row in decided:
        lines.append(f"measured: {fmt_change(row.change_pct).replace('%', ' %')} {row.workload} {row.metric}"
                     f" ({row.unit}, {direction(row.better)}) against the baseline '{comparison.baseline}'"
                     f" ({fmt_summary(row.baseline)} -> {fmt_summary(row.variant)}): {verdict_text(row)}.")
    for verdict, words in ((NOISE, "within noise on"), (NO_DATA, "not enough data on")):
        names = [f"{r.workload} {r.metric} ({fmt_change(r.change_pct).replace('%', ' %')})"
                 for r in rows if r.verdict == verdict]
        if names:
            lines.append(f"{'measured: ' if not decided and verdict == NOISE else ''}{words}: {', '.join(names)}.")
    if comparison.warm:
        lines.append("Some repeats ran with warm caches; their read figures may flatter the disk.")
    return lines


# --- the verdict an export rests on ----------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The configuration's verdict on the study's primary metric, as an export states it."""

    workload: str
    metric: str
    row: Row | None  # None: the baseline itself, or no figures

    @property
    def better(self) -> bool:
        return self.row is not None and self.row.verdict == BETTER

    def words(self, baseline: str) -> str:
        what = f"{self.workload} {self.metric}"
        if self.row is None:
            return f"no verdict on the primary metric {what}: no figures against the baseline '{baseline}'."
        row = self.row
        if row.judgement is not None:  # a blocked run: the verdict, its interval and detectable change
            return f"verdict on the primary metric {what}: {verdict_text(row)} against the baseline '{baseline}'."
        return (f"verdict on the primary metric {what}: {row.verdict}, {fmt_change(row.change_pct).replace('%', ' %')}"
                f"{interval_words(row)} against the baseline '{baseline}' (legacy run: measured before blocks).")


def interval_words(row: Row) -> str:
    """" (95 % interval −3.1 % to +8.0 %)": a legacy run's bootstrap interval of the change, as a %
    of the baseline (a blocked run's interval is its judgement's: ``verdict_text``)."""
    ci, base = row.median_diff_ci, row.baseline.median if row.baseline else None
    if not ci or not finite(base) or not base:
        return " (no interval: too few repeats)"
    low, high = (100 * ci[0] / abs(base), 100 * ci[1] / abs(base))
    return f" (95 % interval {fmt_change(low).replace('%', ' %')} to {fmt_change(high).replace('%', ' %')})"


def primary_metric(run: RunRecord) -> tuple[str, str] | None:
    """The study's primary metric: the one the run's design names, else the first measured
    workload's declared primary figure."""
    named = (run.design or {}).get("primary") or {}
    if named.get("workload") and named.get("metric"):
        return named["workload"], named["metric"]
    for workload in dict.fromkeys(r.workload for r in run.results):
        declared = workloads.find(workload)
        for metric in (declared.metrics if declared else ()):
            if metric.primary:
                return workload, metric.name
    return None


def primary_verdict(run: RunRecord, config_name: str) -> Verdict | None:
    primary = primary_metric(run)
    if primary is None:
        return None
    config = find_config(run, config_name)
    rows = [] if config.name == run.baseline else compare_runs([run]).rows_for(config.name)
    row = next((r for r in rows if (r.workload, r.metric) == primary), None)
    return Verdict(*primary, row)


def export_refusal(run: RunRecord, config_name: str) -> str | None:
    """Why exporting this configuration could mislead (it was not measured better on the study's
    primary metric), or None. ``fstune export`` asks for --force then."""
    config = find_config(run, config_name)
    if config.name == run.baseline:
        return None  # the reference itself: exporting it claims nothing
    verdict = primary_verdict(run, config.name)
    if verdict is None:
        return f"run {run.id} has no primary metric to judge configuration '{config.name}' by"
    if verdict.better:
        return None
    return f"configuration '{config.name}' was not measured better: {verdict.words(run.baseline)}"


def environment_caveats(run: RunRecord) -> list[str]:
    """What a reader of an export must know before trusting it, the same list the results screen
    and reports show (``views.honest_notes``): the run's caveats (fstune.reports.caveats: where it
    was measured, one physical disk, the cap reached undecided, drift, dropped blocks, warm caches,
    legacy), then what its figures rest on (failed repeats, plan warnings). One line each."""
    return [n.strip() for n in honest_notes([run], compare_runs([run])) if not n.startswith("  ")]


def header_lines(run: RunRecord, config_name: str, caveats: list[str]) -> list[str]:
    """Every export's header, in sentences: what was measured, the verdict on the primary metric
    with its interval, and the ``caveats`` (one per line, "Caveat: …")."""
    from fstune.screening.record import export_lines  # the screening behind it, both runs cited

    lines = measured_lines(run, config_name) + export_lines(run.design or {}, run.id)
    verdict = primary_verdict(run, config_name)
    if verdict is not None and find_config(run, config_name).name != run.baseline:
        lines.append(verdict.words(run.baseline)[0].upper() + verdict.words(run.baseline)[1:])
    return lines + [f"Caveat: {c}" for c in caveats]


def comment(lines: list[str], prefix: str = "# ") -> str:
    out = []
    for line in lines:
        out += [prefix + part for part in textwrap.wrap(line, 96 - len(prefix), break_on_hyphens=False)] or [prefix]
    return "\n".join(out) + "\n"


__all__ = ["Verdict", "comment", "environment_caveats", "export_refusal", "find_config", "header_lines",
           "interval_words", "measured_journal", "measured_lines", "measured_target", "primary_metric",
           "primary_verdict"]
