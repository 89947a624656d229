"""The configuration a run measured, and what it was measured to do: where every export starts.

``find_config`` picks the configuration out of a stored run; ``measured_target`` and
``measured_journal`` say which devices it was made on; ``measured_lines`` says in plain
sentences what it was measured to do (study, run, date, the figures against the baseline), and
``comment`` makes them a comment block. The fstab line, the .mount unit and the Ansible project
all carry that comment, so whoever finds the line in a year knows why it is there.
"""

from __future__ import annotations

import textwrap

from fstune.errors import UsageError
from fstune.filesystems import EXTERNAL
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, ConfigDescription, compare_runs
from fstune.results.formatting import direction, fmt_change, fmt_p, fmt_summary, fmt_time
from fstune.results.records import RunRecord
from fstune.results.views import describe_config


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
    decided = [r for r in rows if r.verdict in (BETTER, WORSE)]
    for row in decided:
        p = fmt_p(row.p_value)
        lines.append(f"measured: {fmt_change(row.change_pct).replace('%', ' %')} {row.workload} {row.metric}"
                     f" ({row.unit}, {direction(row.better)}) against the baseline '{comparison.baseline}'"
                     f" ({fmt_summary(row.baseline)} -> {fmt_summary(row.variant)}): {row.verdict}"
                     + (f", {p}" if p else "") + ".")
    for verdict, words in ((NOISE, "within noise on"), (NO_DATA, "not enough data on")):
        names = [f"{r.workload} {r.metric} ({fmt_change(r.change_pct).replace('%', ' %')})"
                 for r in rows if r.verdict == verdict]
        if names:
            lines.append(f"{'measured: ' if not decided and verdict == NOISE else ''}{words}: {', '.join(names)}.")
    if comparison.warm:
        lines.append("Some repeats ran with warm caches; their read figures may flatter the disk.")
    return lines


def comment(lines: list[str], prefix: str = "# ") -> str:
    out = []
    for line in lines:
        out += [prefix + part for part in textwrap.wrap(line, 96 - len(prefix), break_on_hyphens=False)] or [prefix]
    return "\n".join(out) + "\n"


__all__ = ["comment", "find_config", "measured_journal", "measured_lines", "measured_target"]
