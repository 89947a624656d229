"""Reports of stored runs and their comparison: Markdown, CSV, JSON and one self-contained HTML
page (``fstune results export``, the wizard's m/c/j/h keys).

Every report is built from the runs (``RunRecord``s from the store) and the ``Comparison`` of
their figures (``fstune.results.compare.compare_runs``), so a report says the same as
``fstune results show``: per workload and metric the baseline's and each variant's median ±
standard deviation over n repeats, the change and the verdict — and, as honestly as the
numbers, what they rest on: the environment, the repeats that failed and why, warm caches,
cells with too few repeats (``fstune.reports.views`` holds what every format shows).

This module holds the text formats and picks the format; the HTML page and its charts are in
``fstune.reports.html_report``. The JSON report is also what a workshop's machines send the
teacher: ``fstune.reports.classroom`` reads it back.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
import time
from collections.abc import Sequence

from fstune import __version__
from fstune.errors import UsageError
from fstune.filesystems import join_options
from fstune.reports import readback
from fstune.reports.caveats import caveats_of_runs
from fstune.results.compare import BETTER, NO_DATA, WORSE, Comparison, side_by_side
from fstune.reports.expected import outcomes_for
from fstune.reports.formatting import direction, finite, fmt_change, fmt_summary, fmt_time, iso_time
from fstune.reports.headline import NO_VARIANT, headline
from fstune.reports.html_report import to_html
from fstune.screening import report as screening_report
from fstune.results.records import RunRecord
from fstune.results.settings import describe_settings
from fstune.reports.views import (CELLS_NOTE, MIN_N, as_runs, device_summary, env_summary, figure_notes,
                                  honest_notes, metric_views, report_title, run_line, tool_versions, verdict_note,
                                  verdict_text)

FORMATS = ("md", "csv", "json", "html")
# what a JSON export says it is; raise the version when a reader of the old one would misread it
FORMAT_NAME = "fstune-results"
FORMAT_VERSION = 1


# --- Markdown -------------------------------------------------------------------------------


def md_text(text: str) -> str:
    """Text for a Markdown table cell: backslashes and pipes escaped, on one line."""
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def headline_markdown(runs: Sequence[RunRecord], comparison: Comparison) -> list[str]:
    """The headline (``fstune.reports.headline``) and the caveats under it: the top of the report."""
    found = headline(runs, comparison)
    out = ["", "## In short", ""]
    out += [f"- **{md_text(line.config)}**: {md_text(line.primary)}" + (f"; {md_text(line.others)}" if line.others
                                                                       else "") for line in found.lines]
    if not found.lines:
        out.append(f"- {NO_VARIANT}")
    if found.caveats:
        out += ["", "## Caveats", ""]
        out += [f"- {md_text(caveat)}" for caveat in found.caveats]
    return out


def to_markdown(runs, comparison: Comparison) -> str:
    runs = as_runs(runs)
    together = side_by_side(runs)
    configs = {c.name: c for c in together.configs}
    argv = together.mkfs_argv
    out = [f"# fstune results: {md_text(report_title(runs))}", ""]
    out += [f"- {md_text(run_line(r))}" for r in runs]
    if (screened := screening_report.screened_of(runs)) is not None:
        out += screening_report.screening_markdown(screened)
    out += headline_markdown(runs, comparison)
    out += ["", "## Configurations", "",
            "| role | name | filesystem | journal | mkfs | mount options | differs from the baseline |",
            "|---|---|---|---|---|---|---|"]
    for name in comparison.configs:
        config = configs.get(name)
        if config is None:
            continue
        role = "baseline" if name == comparison.baseline else "variant"
        journal = config.journal + (f" on {config.log_device}" if config.log_device else "")
        commands = "<br>".join(f"`{md_text(' '.join(a))}`" for a in argv.get(name, [])) or md_text(
            " ".join(config.mkfs_options) or "defaults")
        mount = join_options(list(config.mount_options)) or "defaults"
        diff = comparison.option_diffs.get(name, "") if role == "variant" else ""
        out.append(f"| {role} | **{md_text(name)}** | {md_text(config.filesystem)} | {md_text(journal)} | {commands} | "
                   f"`{md_text(mount)}` | {md_text(diff) or '–'} |")
    variants = comparison.variants
    base = comparison.baseline
    for workload, views in metric_views(comparison, runs).items():
        out += ["", f"## {md_text(workload)}", ""]
        for variant in variants:
            if comparison.option_diffs.get(variant):
                out.append(f"*{md_text(variant)}* differs from *{md_text(base)}* in: "
                           f"{md_text(comparison.option_diffs[variant])}  ")
        out.append("")
        header = ["metric", f"{base} (baseline)"]
        align = ["---", "---:"]
        for variant in variants:
            header += [variant, f"change ({variant})", f"verdict ({variant})"]
            align += ["---:", "---:", "---"]
        out.append("| " + " | ".join(md_text(h) for h in header) + " |")
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
                    text = verdict_text(row)
                    if row.verdict in (BETTER, WORSE):
                        text = f"**{row.verdict}**" + text[len(row.verdict):]
                    cells += [fmt_change(row.change_pct), text]
            out.append("| " + " | ".join(md_text(c) for c in cells) + " |")
    out += ["", CELLS_NOTE + " " + verdict_note(comparison)]
    out += _expected_markdown(runs, comparison)
    out += _ceiling_markdown(runs)
    out += ["", "## Environment", ""]
    for run in runs:
        if len(runs) > 1:
            out += [f"### Run {run.id}", ""]
        for key, value in env_summary(run.environment):
            out.append(f"- **{key}**: {md_text(value)}")
        for device in run.devices:
            out.append(f"- **{device.role} device** `{md_text(device.path)}`: {md_text(device_summary(device))}")
        out.append(f"- **settings**: {md_text(describe_settings(run.settings))}")
        tools = tool_versions(run.environment)
        if tools:
            out.append("- **tools**: " + "; ".join(f"{md_text(t)}: {md_text(v)}" for t, v in tools))
        out.append("")
    out += blocks_markdown(runs)
    notes = figure_notes(runs, comparison)
    out += ["## Notes", ""]
    out += [f"- {md_text(n.strip())}" if not n.startswith("  ") else f"  - {md_text(n.strip())}" for n in notes]
    if not notes:
        out.append("- Every repeat succeeded with cold caches and every cell has at least "
                   f"{MIN_N} repeats.")
    out += ["", f"*Made by fstune {__version__} on {fmt_time(time.time())}.*", ""]
    return "\n".join(out)


def _expected_markdown(runs, comparison: Comparison) -> list[str]:
    """The original experiment's results beside this run's (fstune/reports/expected.py)."""
    outcomes = outcomes_for(runs, comparison)
    if not outcomes:
        return []
    out = ["", "## Expected: what the original experiment found, beside yours", "",
           "| pair | figure | the original measurement | yours | agreement |", "|---|---|---|---|---|"]
    for o in outcomes:
        e = o.expectation
        original = f"{o.original()}; {e.reference}" + (f". {e.note}" if e.note else "")
        out.append(f"| {md_text(o.pair)} | {md_text(e.workload)} {md_text(e.metric)} | {md_text(original)} | "
                   f"{md_text(o.yours())} | **{md_text(o.headline())}**{md_text(o.detail())} |")
    return out


def _ceiling_markdown(runs) -> list[str]:
    """Each run's rates against its raw device, when it was measured (fstune/reports/ceiling.py)."""
    from fstune.reports.ceiling import ceiling_sections

    out = []
    for heading, lines, caveat in ceiling_sections(runs):
        out += ["", f"## {md_text(heading)}", "", *(f"- {md_text(line)}" for line in lines), "", f"*{md_text(caveat)}*"]
    return out


def blocks_markdown(runs: Sequence[RunRecord]) -> list[str]:
    """The "Blocks" section: each block's order and each turn's readback (fstune.reports.readback)."""
    measured = [run for run in runs if readback.turns(run)]
    if not measured:
        return []
    out = [f"## {readback.TITLE}", "", md_text(readback.INTRO), ""]
    for run in measured:
        if len(runs) > 1:
            out += [f"### Run {run.id}", ""]
        order = "; ".join(f"{block}: {' → '.join(configs)}" for block, configs in readback.block_order(run))
        out += [f"Order in each block: {md_text(order)}.", ""]
        out.append("| " + " | ".join(readback.COLUMNS) + " |")
        out.append("|---:|---:|---|---|---|---|---:|")
        for turn in readback.turns(run):
            out.append("| " + " | ".join(md_text(cell) for cell in turn.cells()) + " |")
        out.append("")
    return out


# --- CSV ------------------------------------------------------------------------------------

CSV_FIELDS = ("runs", "config", "role", "workload", "metric", "unit", "better", "n", "median", "mean", "stdev",
              "rsd", "ci_low", "ci_high", "baseline", "change_pct", "p_value", "verdict", "differs_in", "judged_as",
              "interval_low", "interval_high", "interval_unit", "detectable", "method", "caveats", "settings",
              "expected")


def _number(value) -> str:
    return repr(float(value)) if finite(value) else ""


def to_csv(runs, comparison: Comparison) -> str:
    """One row per configuration × workload × metric; the baseline's rows have no change/verdict."""
    runs = as_runs(runs)
    if (screened := screening_report.screened_of(runs)) is not None:  # its effects, not 16 configurations
        return screening_report.screening_csv(screened)
    together = side_by_side(runs)
    origin = {c.name: str(c.run_id) if c.run_id is not None else "" for c in together.columns}
    # how each column's run was measured (fstune.results.settings), so a spreadsheet keeps it
    settings = {str(r.id) if r.id is not None else "": describe_settings(r.settings) for r in runs}
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    caveats = " | ".join(n for n in honest_notes(runs, comparison) if not n.startswith("  "))
    expected = _expected_cells(runs, comparison)
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
                    *_judgement_cells(row),
                    caveats,
                    settings.get(origin.get(config, ""), describe_settings(runs[0].settings) if runs else ""),
                    expected.get((config, view.workload, view.metric), ""),
                ])
    return buffer.getvalue()


def _expected_cells(runs, comparison: Comparison) -> dict[tuple[str, str, str], str]:
    """(variant, workload, metric) → the original experiment's result beside this run's, in words."""
    cells: dict[tuple[str, str, str], list[str]] = {}
    for o in outcomes_for(runs, comparison):
        e = o.expectation
        cells.setdefault((e.configuration, e.workload, e.metric), []).append(o.text())
    return {key: " | ".join(texts) for key, texts in cells.items()}


def _judgement_cells(row) -> list[str]:
    """judged as (primary, secondary, description, legacy), interval low/high, its unit, the smallest detectable change, the method."""
    judgement = row.judgement if row is not None else None
    if judgement is None:
        return ["legacy" if row is not None and row.legacy else "", "", "", "", "", ""]
    return [judgement.role, _number(judgement.low), _number(judgement.high), judgement.unit,
            _number(judgement.detectable), judgement.method]


# --- JSON -----------------------------------------------------------------------------------


def json_safe(value):
    """JSON has no NaN or infinity: a figure that is not a number becomes null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def json_text(document) -> str:
    """A report document as the JSON every export writes (NaN and infinity as null)."""
    return json.dumps(json_safe(document), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


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
        "method": run.method,
        "legacy": run.legacy,
        "design": run.design,
        "settings": run.settings,
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
             "block": r.block, "position": r.position, "dropped": r.dropped, "conditions": r.conditions,
             **({"raw": dict(r.raw)} if raw else {})}
            for r in run.results
        ],
        **_ceiling_json(run, raw),
    }


def _ceiling_json(run: RunRecord, raw: bool) -> dict:
    """{"ceiling": the raw device's figures, the shares, the caveat, with ``raw`` its tools' outputs}
    when it was measured; else {}."""
    from fstune.reports.ceiling import ceiling_json

    found = ceiling_json(run, outputs=raw)
    return {} if found is None else {"ceiling": found}


def _judgement_json(row) -> dict | None:
    judgement = row.judgement
    if judgement is None:
        return None
    return {**dataclasses.asdict(judgement), "interval": judgement.interval_text(),
            "detectable_text": judgement.detectable_text(), "said": row.said()}


def comparison_json(comparison: Comparison, runs: Sequence[RunRecord] = ()) -> dict:
    return {
        "method": comparison.method,
        "legacy": comparison.legacy,
        "pair": list(comparison.pair) if comparison.pair else None,
        "baseline": comparison.baseline,
        "configs": list(comparison.configs),
        "columns": [dataclasses.asdict(c) for c in side_by_side(runs).columns] if runs else [],
        "warm": comparison.warm,
        "option_diffs": dict(comparison.option_diffs),
        "rows": [
            {"workload": r.workload, "metric": r.metric, "unit": r.unit, "better": r.better, "config": r.config,
             "baseline": _summary_json(r.baseline), "variant": _summary_json(r.variant),
             "change_pct": r.change_pct, "p_value": r.p_value, "verdict": r.verdict,
             "median_diff_ci": list(ci) if (ci := getattr(r, "median_diff_ci", None)) else None,
             "legacy": r.legacy, "judgement": _judgement_json(r)}
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
    runs = as_runs(runs)
    document = {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "fstune": __version__,
        "generated": iso_time(time.time()),
        "runs": [run_json(r, raw) for r in runs],
        "comparison": comparison_json(comparison, runs),
        "notes": honest_notes(runs, comparison),
        "caveats": [{"kind": c.kind, "text": c.text} for c in caveats_of_runs(runs, comparison)],
        "expected": [o.as_dict() for o in outcomes_for(runs, comparison)],  # fstune/reports/expected.py
    }
    if (screened := screening_report.screened_of(runs)) is not None:
        document["screening"] = screening_report.screening_json(screened)
    return json_text(document)


# --- choosing the format --------------------------------------------------------------------

EXPORTERS = {"md": to_markdown, "csv": to_csv, "json": to_json, "html": to_html}
SUFFIXES = {".md": "md", ".markdown": "md", ".csv": "csv", ".json": "json", ".html": "html", ".htm": "html"}


def export(runs, comparison: Comparison, fmt: str) -> str:
    if fmt not in EXPORTERS:
        raise UsageError(f"'{fmt}' is not an export format; choose one of: {', '.join(FORMATS)}.")
    return EXPORTERS[fmt](runs, comparison)


__all__ = ["CSV_FIELDS", "EXPORTERS", "FORMATS", "FORMAT_NAME", "FORMAT_VERSION", "SUFFIXES", "comparison_json",
           "export", "json_safe", "json_text", "md_text", "run_json", "to_csv", "to_json", "to_markdown"]
