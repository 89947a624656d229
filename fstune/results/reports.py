"""Exports of stored runs and their comparison: Markdown, CSV, JSON and one self-contained HTML.

Every export is built from the runs (``RunRecord``s from the store) and the ``Comparison`` of
their figures, so a report says the same as ``fstune results show``: per workload and metric
the baseline's and each variant's median ± standard deviation over n repeats, the change and
the verdict — and, as honestly as the numbers, what they rest on: the environment, the repeats
that failed and why, warm caches, cells with too few repeats.

Several runs (the same study on other days or machines) are compared by treating every run's
configurations as columns of one comparison (``compare_runs``); names that occur in more than
one run are prefixed with the run id ("3:internal"), and the first run's baseline is the
baseline.
"""

from __future__ import annotations

import csv
import dataclasses
import html
import io
import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone

from fstune import __version__
from fstune.errors import UsageError
from fstune.figures import HIGHER, LOWER, RepeatResult
from fstune.filesystems import join_options
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, Comparison, ConfigDescription, Row, Summary, compare
from fstune.results.records import DeviceRecord, RunRecord
from fstune.units import format_percent, format_size, format_span

FORMATS = ("md", "csv", "json", "html")
# what a JSON export says it is; raise the version when a reader of the old one would misread it
FORMAT_NAME = "fstune-results"
FORMAT_VERSION = 1
CELLS_NOTE = ("Cells: median ± standard deviation over n good repeats. Change: the variant's median against the "
              "baseline's.")
# what fstune.results.compare.judge does, in words
VERDICT_NOTE = ("Verdict: better or worse only when Welch's t-test (p shown) and a bootstrap interval for the "
                "difference of the medians both show a change in the same direction; otherwise it is within noise, "
                "i.e. not told apart from run-to-run variation.")
MIN_N = 3  # DESIGN §5: at least 3 repeats; compare() still judges 2, so such cells get a caveat


# --- several runs as one comparison -------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A configuration as a column of the comparison, and where it came from."""

    name: str  # the name in the comparison, e.g. "3:internal" when "internal" occurs in several runs
    run_id: int | None
    config: str  # its name within its run


@dataclass
class Merged:
    results: list[RepeatResult]
    configs: list[ConfigDescription]
    baseline: str
    columns: list[Column]
    mkfs_argv: dict[str, list[tuple[str, ...]]]  # column → the mkfs commands that made it


def merge_runs(runs: Sequence[RunRecord]) -> Merged:
    """The runs' configurations and results as one set of columns; see the module docstring."""
    if not runs:
        raise UsageError("name at least one run.")
    ids = [r.id for r in runs]
    for run_id in ids:
        if run_id is not None and ids.count(run_id) > 1:
            raise UsageError(f"run {run_id} is named twice; name each run once.")
    if len(runs) == 1:
        run = runs[0]
        return Merged(list(run.results), list(run.configs), run.baseline,
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
    return Merged(results, configs, baseline, columns, mkfs_argv)


def compare_runs(runs: Sequence[RunRecord], alpha: float = 0.05) -> Comparison:
    """The Comparison of one run, or of several runs' configurations side by side."""
    merged = merge_runs(runs)
    return compare(merged.results, merged.configs, merged.baseline, alpha=alpha)


# --- what the tables show --------------------------------------------------------------------


@dataclass
class MetricView:
    """One line of a workload's table: a metric, every configuration's summary, each variant's row."""

    workload: str
    metric: str
    unit: str
    better: str
    cells: dict[str, Summary | None]  # config → summary (None: no figures)
    rows: dict[str, Row]  # variant → its comparison with the baseline


def _variants(comparison: Comparison) -> list[str]:
    return [c for c in comparison.configs if c != comparison.baseline]


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


# --- formatting numbers ---------------------------------------------------------------------


def _finite(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _decimals(value: float) -> int | None:
    size = abs(value)
    if size >= 1000:
        return 0
    if size >= 100:
        return 1
    if size >= 1:
        return 2
    if size >= 0.01 or size == 0:
        return 3
    return None  # very small: significant digits instead


def fmt_value(value, decimals: int | None = -1) -> str:
    """A figure for people: as many decimals as its size deserves; "–" when there is none."""
    if not _finite(value):
        return "–"
    places = _decimals(value) if decimals == -1 else decimals
    return f"{value:.3g}" if places is None else f"{value:.{places}f}"


def fmt_summary(summary: Summary | None, n: bool = True) -> str:
    """``15.44 ± 0.21 (n=5)``: median ± standard deviation, in the median's precision."""
    if summary is None or not summary.n:
        return "–"
    places = _decimals(summary.median) if _finite(summary.median) else None
    text = fmt_value(summary.median, places)
    if _finite(summary.stdev) and summary.n > 1:
        text += f" ± {fmt_value(summary.stdev, places)}"
    return text + (f" (n={summary.n})" if n else "")


def fmt_change(value) -> str:
    return format_percent(value / 100, sign=True) if _finite(value) else "–"


def fmt_p(value) -> str:
    if not _finite(value):
        return ""
    return "p<0.001" if value < 0.001 else f"p={value:.3f}"


def fmt_time(timestamp: float | None) -> str:
    if timestamp is None:
        return "–"
    return datetime.fromtimestamp(timestamp).astimezone().strftime("%Y-%m-%d %H:%M %Z").strip()


def iso_time(timestamp: float | None) -> str | None:
    if timestamp is None:
        return None
    return datetime.fromtimestamp(timestamp, timezone.utc).isoformat(timespec="seconds")


def direction(better: str) -> str:
    return {HIGHER: "higher is better", LOWER: "lower is better"}.get(better, "direction unknown")


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


# --- honest notes ---------------------------------------------------------------------------


def env_summary(env: dict) -> list[tuple[str, str]]:
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


def describe_device(device: DeviceRecord) -> str:
    parts = [device.model or "unknown model", format_size(device.size) if device.size else "size ?"]
    if device.transport:
        parts.append(device.transport)
    if device.rotational is not None:
        parts.append("rotating disk" if device.rotational else "solid state")
    parts.append(f"scheduler {device.scheduler or '?'}")
    return ", ".join(parts)


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


def honest_notes(runs: Sequence[RunRecord], comparison: Comparison) -> list[str]:
    """Everything a reader must know before trusting the verdicts."""
    notes = []
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
    if comparison.warm:
        # named as the comparison's columns (with run ids when several runs are merged)
        warm = sorted({(r.config, r.workload) for r in merge_runs(runs).results if r.warm_cache}) if runs else []
        where = "; ".join(f"{c} {w}" for c, w in warm)
        notes.append("The caches could not be dropped before some repeats (" + (where or "see the repeats") + "): "
                     "their read figures may come partly from memory and look better than the disk is.")
    notes += environment_differences(runs)
    return notes


# --- Markdown -------------------------------------------------------------------------------


def _md(text: str) -> str:
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _as_list(runs) -> list[RunRecord]:
    return [runs] if isinstance(runs, RunRecord) else list(runs)


def _title(runs: Sequence[RunRecord]) -> str:
    studies = list(dict.fromkeys(f"{r.study} — {r.title}" for r in runs))
    return "; ".join(studies)


def _run_line(run: RunRecord) -> str:
    duration = format_span(run.finished - run.started) if run.finished else "–"
    name = f"Run {run.id}" if run.id is not None else "Run"
    return (f"{name} ({run.study}): {run.status}, started {fmt_time(run.started)}, took {duration}, "
            f"on {run.hostname}")


def to_markdown(runs, comparison: Comparison) -> str:
    runs = _as_list(runs)
    merged = merge_runs(runs)
    configs = {c.name: c for c in merged.configs}
    argv = merged.mkfs_argv
    out = [f"# fstune results: {_md(_title(runs))}", ""]
    out += [f"- {_md(_run_line(r))}" for r in runs]
    out += ["", "## Configurations", "",
            "| role | name | filesystem | journal | mkfs | mount options | differs from the baseline |",
            "|---|---|---|---|---|---|---|"]
    for name in comparison.configs:
        config = configs.get(name)
        if config is None:
            continue
        role = "baseline" if name == comparison.baseline else "variant"
        journal = config.journal + (f" on {config.log_device}" if config.log_device else "")
        commands = "<br>".join(f"`{_md(' '.join(a))}`" for a in argv.get(name, [])) or _md(
            " ".join(config.mkfs_options) or "defaults")
        mount = join_options(list(config.mount_options)) or "defaults"
        diff = comparison.option_diffs.get(name, "") if role == "variant" else ""
        out.append(f"| {role} | **{_md(name)}** | {_md(config.filesystem)} | {_md(journal)} | {commands} | "
                   f"`{_md(mount)}` | {_md(diff) or '–'} |")
    variants = _variants(comparison)
    base = comparison.baseline
    for workload, views in metric_views(comparison, runs).items():
        out += ["", f"## {_md(workload)}", ""]
        for variant in variants:
            if comparison.option_diffs.get(variant):
                out.append(f"*{_md(variant)}* differs from *{_md(base)}* in: {_md(comparison.option_diffs[variant])}  ")
        out.append("")
        header = ["metric", f"{base} (baseline)"]
        align = ["---", "---:"]
        for variant in variants:
            header += [variant, f"change ({variant})", f"verdict ({variant})"]
            align += ["---:", "---:", "---"]
        out.append("| " + " | ".join(_md(h) for h in header) + " |")
        out.append("|" + "|".join(align) + "|")
        for view in views:
            cells = [f"{view.metric} ({view.unit}, {direction(view.better)})" if view.unit
                     else f"{view.metric} ({direction(view.better)})", fmt_summary(view.cells.get(base))]
            for variant in variants:
                row = view.rows.get(variant)
                cells.append(fmt_summary(view.cells.get(variant)))
                if row is None:
                    cells += ["–", NO_DATA]
                else:
                    verdict = f"**{row.verdict}**" if row.verdict in (BETTER, WORSE) else row.verdict
                    p = fmt_p(row.p_value)
                    cells += [fmt_change(row.change_pct), verdict + (f" ({p})" if p else "")]
            out.append("| " + " | ".join(_md(c) for c in cells) + " |")
    out += ["", CELLS_NOTE + " " + VERDICT_NOTE]
    out += ["", "## Environment", ""]
    for run in runs:
        if len(runs) > 1:
            out += [f"### Run {run.id}", ""]
        for key, value in env_summary(run.environment):
            out.append(f"- **{key}**: {_md(value)}")
        for device in run.devices:
            out.append(f"- **{device.role} device** `{_md(device.path)}`: {_md(describe_device(device))}")
        tools = tool_versions(run.environment)
        if tools:
            out.append("- **tools**: " + "; ".join(f"{_md(t)}: {_md(v)}" for t, v in tools))
        out.append("")
    notes = honest_notes(runs, comparison)
    out += ["## Notes", ""]
    if notes:
        out += [f"- {_md(n.strip())}" if not n.startswith("  ") else f"  - {_md(n.strip())}" for n in notes]
    else:
        out.append("- Every repeat succeeded with cold caches and every cell has at least "
                   f"{MIN_N} repeats.")
    out += ["", f"*Made by fstune {__version__} on {fmt_time(time.time())}.*", ""]
    return "\n".join(out)


# --- CSV ------------------------------------------------------------------------------------

CSV_FIELDS = ("runs", "config", "role", "workload", "metric", "unit", "better", "n", "median", "mean", "stdev",
              "rsd", "ci_low", "ci_high", "baseline", "change_pct", "p_value", "verdict", "differs_in")


def _number(value) -> str:
    return repr(float(value)) if _finite(value) else ""


def to_csv(runs, comparison: Comparison) -> str:
    """One row per configuration × workload × metric; the baseline's rows have no change/verdict."""
    runs = _as_list(runs)
    merged = merge_runs(runs)
    origin = {c.name: str(c.run_id) if c.run_id is not None else "" for c in merged.columns}
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for views in metric_views(comparison, runs).values():
        for view in views:
            for config in comparison.configs:
                summary = view.cells.get(config)
                row = view.rows.get(config)
                if summary is None and row is None:
                    continue
                is_base = config == comparison.baseline
                verdict = "" if is_base else (row.verdict if row else NO_DATA)
                writer.writerow([
                    origin.get(config, ""), config, "baseline" if is_base else "variant", view.workload, view.metric,
                    view.unit, view.better, summary.n if summary else 0,
                    *(_number(getattr(summary, f, None)) for f in ("median", "mean", "stdev", "rsd", "ci_low",
                                                                     "ci_high")),
                    "" if is_base else comparison.baseline,
                    _number(row.change_pct) if row else "", _number(row.p_value) if row else "", verdict,
                    "" if is_base else comparison.option_diffs.get(config, ""),
                ])
    return buffer.getvalue()


# --- JSON -----------------------------------------------------------------------------------


def _clean(value):
    """JSON has no NaN or infinity: a figure that is not a number becomes null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def _summary_json(summary) -> dict | None:
    return None if summary is None else dataclasses.asdict(summary)


def run_json(run: RunRecord, raw: bool = True) -> dict:
    return {
        "id": run.id,
        "study": run.study,
        "title": run.title,
        "status": run.status,
        "reason": run.reason,
        "started": iso_time(run.started),
        "finished": iso_time(run.finished),
        "started_unix": run.started,
        "finished_unix": run.finished,
        "baseline": run.baseline,
        "repeats_planned": run.repeats,
        "warnings": list(run.warnings),
        "environment": run.environment,
        "devices": [dataclasses.asdict(d) for d in run.devices],
        "configurations": [
            {**dataclasses.asdict(c), "mount_options": [list(o) for o in c.mount_options],
             "mkfs_options": list(c.mkfs_options), "mkfs_argv": [list(a) for a in run.mkfs_argv.get(c.name, [])]}
            for c in run.configs
        ],
        "repeats": [
            {"config": r.config, "workload": r.workload, "repeat": r.repeat, "failed": r.failed,
             "warm_cache": r.warm_cache, "samples": [dataclasses.asdict(s) for s in r.samples],
             **({"raw": dict(r.raw)} if raw else {})}
            for r in run.results
        ],
    }


def comparison_json(comparison: Comparison, runs: Sequence[RunRecord] = ()) -> dict:
    return {
        "baseline": comparison.baseline,
        "configs": list(comparison.configs),
        "columns": [dataclasses.asdict(c) for c in merge_runs(runs).columns] if runs else [],
        "warm": comparison.warm,
        "option_diffs": dict(comparison.option_diffs),
        "rows": [
            {"workload": r.workload, "metric": r.metric, "unit": r.unit, "better": r.better, "config": r.config,
             "baseline": _summary_json(r.baseline), "variant": _summary_json(r.variant),
             "change_pct": r.change_pct, "p_value": r.p_value, "verdict": r.verdict,
             "median_diff_ci": list(ci) if (ci := getattr(r, "median_diff_ci", None)) else None}
            for r in comparison.rows
        ],
        "summaries": [{"config": c, "workload": w, "metric": m, **(_summary_json(s) or {})}
                      for (c, w, m), s in comparison.summaries.items()],
        "failed": [{"config": r.config, "workload": r.workload, "repeat": r.repeat, "reason": r.failed}
                   for r in comparison.failed],
    }


def to_json(runs, comparison: Comparison, raw: bool = True) -> str:
    """Everything: the runs (environment, devices, configurations, every repeat's samples and,
    with ``raw``, the tools' own outputs) and the comparison, as one JSON document."""
    runs = _as_list(runs)
    document = {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "fstune": __version__,
        "generated": iso_time(time.time()),
        "runs": [run_json(r, raw) for r in runs],
        "comparison": comparison_json(comparison, runs),
        "notes": honest_notes(runs, comparison),
    }
    return json.dumps(_clean(document), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


# --- HTML -----------------------------------------------------------------------------------

COLOURS = {"baseline": "#64748b", BETTER: "#15803d", WORSE: "#b91c1c", NOISE: "#a8a29e", NO_DATA: "#e7e5e4"}

_CSS = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1c1917; margin: 0; background: #fafaf9; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #d6d3d1; }
table { border-collapse: collapse; margin: .75rem 0; background: #fff; }
th, td { border: 1px solid #d6d3d1; padding: .3rem .6rem; vertical-align: top; }
th { background: #f5f5f4; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code { font: 13px ui-monospace, "SFMono-Regular", Menlo, monospace; }
.better { color: #15803d; font-weight: 600; } .worse { color: #b91c1c; font-weight: 600; }
.noise { color: #78716c; } .nodata { color: #a16207; }
.caption { color: #44403c; margin: .25rem 0; }
.charts { display: flex; flex-wrap: wrap; gap: 1rem; }
figure { margin: 0; background: #fff; border: 1px solid #e7e5e4; padding: .5rem; }
figcaption { font-size: 13px; color: #44403c; }
.legend span { display: inline-block; margin-right: 1rem; font-size: 13px; }
.legend i { display: inline-block; width: .8rem; height: .8rem; margin-right: .3rem; vertical-align: -1px; }
ul.notes li { margin: .2rem 0; } footer { color: #78716c; font-size: 13px; margin-top: 2rem; }
@media print { body { background: #fff; } figure { break-inside: avoid; } }
"""


def _h(text) -> str:
    return html.escape(str(text), quote=True)


def _verdict_class(verdict: str) -> str:
    return {BETTER: "better", WORSE: "worse", NOISE: "noise"}.get(verdict, "nodata")


def _nice_step(span: float, ticks: int = 4) -> float:
    raw = span / ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude


def _tick_label(value: float, step: float) -> str:
    places = max(0, -math.floor(math.log10(step))) if step < 1 else 0
    return f"{value:.{places}f}"


@dataclass(frozen=True)
class Bar:
    """One bar of a chart: a median, a whisker, the values behind it as dots, and what colours it."""

    name: str
    median: float | None
    low: float | None  # the whisker's ends (None: no whisker)
    high: float | None
    values: tuple[float, ...]  # drawn as dots
    verdict: str  # "baseline", or a verdict: the bar's colour
    below: tuple[str, ...]  # the lines under its label, e.g. ("+12.3%", "better")
    tooltip: str  # what hovering the bar says
    whisker: str  # what the whisker is, e.g. "confidence interval"
    names: tuple[str, ...] = ()  # whose each value is (shown when hovering its dot), e.g. machines


def bar_chart(view: MetricView, comparison: Comparison) -> str:
    """An inline SVG: each configuration's median as a bar, its confidence interval as a whisker,
    its repeats as dots; bars coloured by verdict (the baseline grey)."""
    bars = []
    for config in comparison.configs:
        s = view.cells.get(config)
        row = view.rows.get(config)
        if config == comparison.baseline:
            verdict, below = "baseline", ("baseline",)
        elif row:
            verdict, below = row.verdict, (fmt_change(row.change_pct), row.verdict)
        else:
            verdict, below = NO_DATA, (NO_DATA,)
        bars.append(Bar(config, s.median if s else None, s.ci_low if s else None, s.ci_high if s else None,
                        tuple(s.values) if s else (), verdict, below, f"{config}: {fmt_summary(s)}",
                        "confidence interval"))
    return bars_svg(view.workload, view.metric, view.unit, view.better, bars)


def bars_svg(workload: str, metric: str, unit: str, better: str, bars: Sequence[Bar]) -> str:
    """The SVG of ``bar_chart`` for any bars: each a median with a whisker and its values as dots."""
    left, right, top, bottom = 52, 12, 28, 62
    width, height = left + right + 96 * max(4, len(bars)), 260  # ~96 px a bar keeps its labels apart
    plot_w, plot_h = width - left - right, height - top - bottom
    points = []
    for b in bars:
        if _finite(b.median):
            points += [v for v in (b.median, b.low, b.high, *b.values) if _finite(v)]
    low = min([0.0, *points])
    high = max([0.0, *points])
    if high == low:
        high = low + 1.0
    step = _nice_step(high - low)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step

    def y(value: float) -> float:
        return top + plot_h * (1 - (value - low) / (high - low))

    title = f"{workload}: {metric}" + (f" ({unit})" if unit else "")
    out = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="{_h(title)}, {_h(direction(better))}">',
           f"<title>{_h(title)} — {_h(direction(better))}</title>",
           f'<text x="{left}" y="16" font-size="13" font-weight="600">{_h(metric)}'
           f'<tspan dx="8" font-weight="400" fill="#57534e">{_h(unit)} · {_h(direction(better))}'
           f"</tspan></text>"]
    tick = low
    while tick <= high + step / 1000:
        ty = y(tick)
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{ty:.1f}" y2="{ty:.1f}" stroke="#e7e5e4"/>')
        out.append(f'<text x="{left - 6}" y="{ty + 4:.1f}" font-size="11" text-anchor="end" fill="#57534e">'
                   f"{_tick_label(tick, step)}</text>")
        tick += step
    slot = plot_w / max(1, len(bars))
    bar = min(56.0, slot * 0.6)
    max_chars = max(4, int(slot / 6.5))
    for index, b in enumerate(bars):
        centre = left + slot * (index + 0.5)
        verdict = b.verdict
        colour = COLOURS.get(verdict, COLOURS[NO_DATA])
        label = b.name if len(b.name) <= max_chars else b.name[: max_chars - 1] + "…"
        out.append(f'<text x="{centre:.1f}" y="{height - bottom + 16}" font-size="11" text-anchor="middle">'
                   f"<title>{_h(b.name)}</title>{_h(label)}</text>")
        ink = COLOURS[WORSE] if verdict == WORSE else COLOURS[BETTER] if verdict == BETTER else "#57534e"
        for line, text in enumerate(b.below):
            out.append(f'<text x="{centre:.1f}" y="{height - bottom + 30 + 12 * line}" font-size="10" '
                       f'text-anchor="middle" fill="{ink}">{_h(text)}</text>')
        if not _finite(b.median):
            out.append(f'<text x="{centre:.1f}" y="{y(low) - 6:.1f}" font-size="10" text-anchor="middle" '
                       f'fill="#a16207">no data</text>')
            continue
        top_y, base_y = sorted((y(b.median), y(max(low, 0.0) if low <= 0 <= high else low)))
        dashed = ' stroke="#a8a29e" stroke-dasharray="3 2"' if verdict == NO_DATA else ""
        out.append(f'<rect x="{centre - bar / 2:.1f}" y="{top_y:.1f}" width="{bar:.1f}" '
                   f'height="{max(0.5, base_y - top_y):.1f}" fill="{colour}"{dashed}>'
                   f"<title>{_h(b.tooltip)}</title></rect>")
        if _finite(b.low) and _finite(b.high):
            y1, y2 = y(b.low), y(b.high)
            cap = bar * 0.25
            out.append(f'<path d="M{centre:.1f} {y1:.1f}V{y2:.1f}M{centre - cap:.1f} {y1:.1f}h{2 * cap:.1f}'
                       f'M{centre - cap:.1f} {y2:.1f}h{2 * cap:.1f}" stroke="#1c1917" stroke-width="1.3" fill="none">'
                       f"<title>{_h(b.whisker)} {_h(fmt_value(b.low))} – {_h(fmt_value(b.high))}</title>"
                       f"</path>")
        named = [(b.names[i] + ": " if i < len(b.names) else "", v) for i, v in enumerate(b.values) if _finite(v)]
        for number, (name, value) in enumerate(named):
            # spread the values across the bar so equal values stay visible
            dx = (number - (len(named) - 1) / 2) * min(6.0, bar * 0.8 / max(1, len(named)))
            out.append(f'<circle cx="{centre + dx:.1f}" cy="{y(value):.1f}" r="2.2" fill="#fff" stroke="#1c1917" '
                       f'stroke-width="0.8"><title>{_h(name + fmt_value(value))}</title></circle>')
        label_y = min(top_y, y(b.high) if _finite(b.high) else top_y) - 5
        out.append(f'<text x="{centre:.1f}" y="{max(top - 2, label_y):.1f}" font-size="11" text-anchor="middle">'
                   f"{_h(fmt_value(b.median))}</text>")
    axis_y = y(0.0) if low <= 0 <= high else y(low)
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{axis_y:.1f}" y2="{axis_y:.1f}" stroke="#57534e"/>')
    out.append("</svg>")
    return "".join(out)


def html_head(title: str) -> list[str]:
    """The start of a self-contained page: inline CSS, no scripts, no external resources."""
    return ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{_h(title)}</title><style>{_CSS}</style></head><body><main>",
            f"<h1>{_h(title)}</h1>"]


def html_legend() -> str:
    """The colours of the bars, as a line under the charts."""
    spans = "".join(f'<span><i style="background:{colour}"></i>{_h(name)}</span>' for name, colour in COLOURS.items())
    return f'<p class="legend">{spans}</p>'


def to_html(runs, comparison: Comparison) -> str:
    """One self-contained page: inline CSS and SVG, no scripts, no external resources."""
    runs = _as_list(runs)
    merged = merge_runs(runs)
    configs = {c.name: c for c in merged.configs}
    argv = merged.mkfs_argv
    base = comparison.baseline
    variants = _variants(comparison)
    title = f"fstune results: {_title(runs)}"
    out = html_head(title) + ["<ul>"]
    out += [f"<li>{_h(_run_line(r))}</li>" for r in runs]
    out += ["</ul>", "<h2>Configurations</h2>",
            "<table><tr><th>role</th><th>name</th><th>filesystem</th><th>journal</th><th>mkfs</th>"
            "<th>mount options</th><th>differs from the baseline</th></tr>"]
    for name in comparison.configs:
        config = configs.get(name)
        if config is None:
            continue
        role = "baseline" if name == base else "variant"
        journal = config.journal + (f" on {config.log_device}" if config.log_device else "")
        commands = "<br>".join(f"<code>{_h(' '.join(a))}</code>" for a in argv.get(name, [])) or _h(
            " ".join(config.mkfs_options) or "defaults")
        diff = comparison.option_diffs.get(name, "") if role == "variant" else ""
        out.append(f"<tr><td>{role}</td><td><b>{_h(name)}</b></td><td>{_h(config.filesystem)}</td>"
                   f"<td>{_h(journal)}</td><td>{commands}</td>"
                   f"<td><code>{_h(join_options(list(config.mount_options)) or 'defaults')}</code></td>"
                   f"<td>{_h(diff) or '–'}</td></tr>")
    out.append("</table>")
    legend = html_legend()
    for workload, views in metric_views(comparison, runs).items():
        out.append(f"<h2>{_h(workload)}</h2>")
        for variant in variants:
            if comparison.option_diffs.get(variant):
                out.append(f'<p class="caption"><b>{_h(variant)}</b> differs from <b>{_h(base)}</b> in: '
                           f"{_h(comparison.option_diffs[variant])}</p>")
        head = f"<tr><th>metric</th><th>{_h(base)} (baseline)</th>"
        for variant in variants:
            head += f"<th>{_h(variant)}</th><th>change</th><th>verdict</th>"
        out += ["<table>", head + "</tr>"]
        for view in views:
            line = (f"<tr><td><b>{_h(view.metric)}</b><br><small>{_h(view.unit)} · {_h(direction(view.better))}"
                    f"</small></td><td class=\"num\">{_h(fmt_summary(view.cells.get(base)))}</td>")
            for variant in variants:
                row = view.rows.get(variant)
                line += f'<td class="num">{_h(fmt_summary(view.cells.get(variant)))}</td>'
                if row is None:
                    line += f'<td class="num">–</td><td class="nodata">{NO_DATA}</td>'
                else:
                    p = fmt_p(row.p_value)
                    line += (f'<td class="num">{_h(fmt_change(row.change_pct))}</td>'
                             f'<td class="{_verdict_class(row.verdict)}">{_h(row.verdict)}'
                             f'{f" <small>({_h(p)})</small>" if p else ""}</td>')
            out.append(line + "</tr>")
        out.append("</table>")
        out.append('<div class="charts">')
        for view in views:
            out.append(f"<figure>{bar_chart(view, comparison)}<figcaption>Bars: median; whiskers: confidence "
                       f"interval; dots: the repeats.</figcaption></figure>")
        out.append("</div>")
        out.append(legend)
    out.append(f"<p>{_h(CELLS_NOTE)} {_h(VERDICT_NOTE)}</p>")
    out.append("<h2>Environment</h2>")
    for run in runs:
        if len(runs) > 1:
            out.append(f"<h3>Run {_h(run.id)}</h3>")
        out.append("<table>")
        out += [f"<tr><th>{_h(k)}</th><td>{_h(v)}</td></tr>" for k, v in env_summary(run.environment)]
        out += [f"<tr><th>{_h(d.role)} device</th><td><code>{_h(d.path)}</code>: {_h(describe_device(d))}</td></tr>"
                for d in run.devices]
        out += [f"<tr><th>{_h(t)}</th><td>{_h(v)}</td></tr>" for t, v in tool_versions(run.environment)]
        out.append("</table>")
    notes = honest_notes(runs, comparison)
    out.append('<h2>Notes</h2><ul class="notes">')
    if notes:
        out += [f"<li>{_h(n.strip())}</li>" for n in notes]
    else:
        out.append(f"<li>Every repeat succeeded with cold caches and every cell has at least {MIN_N} repeats.</li>")
    out.append(f"</ul><footer>Made by fstune {_h(__version__)} on {_h(fmt_time(time.time()))}.</footer>")
    out.append("</main></body></html>")
    return "\n".join(out) + "\n"


EXPORTERS = {"md": to_markdown, "csv": to_csv, "json": to_json, "html": to_html}
SUFFIXES = {".md": "md", ".markdown": "md", ".csv": "csv", ".json": "json", ".html": "html", ".htm": "html"}


def export(runs, comparison: Comparison, fmt: str) -> str:
    if fmt not in EXPORTERS:
        raise UsageError(f"'{fmt}' is not an export format; choose one of: {', '.join(FORMATS)}.")
    return EXPORTERS[fmt](runs, comparison)
