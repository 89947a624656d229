"""The class merge as a report: Markdown, one self-contained HTML page with charts, CSV or JSON.

``fstune results merge`` renders a ``ClassResults`` (``fstune.results.classroom``) with these:
a summary line per metric and variant (its median change across machines, the range and the
machines' verdicts counted), then per metric one table with a row per machine and the spread
rows below, then the machines and the notes. The HTML page uses the single-run report's styles,
legend and bar charts (``fstune.results.html_report``): per variant, each machine's own change
with its interval, coloured by that machine's verdict. CSV and JSON give the same figures to a
spreadsheet or a program.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import time
from collections.abc import Callable, Sequence

from fstune import __version__
from fstune.errors import UsageError
from fstune.results.classroom import (NOT_MEASURED, VERDICT_ORDER, ClassResults, ConfigColumn, MetricTable, Pooled,
                                      Spread, machine_change)
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, Row
from fstune.results.formatting import (direction, finite, fmt_change, fmt_p, fmt_summary, fmt_time, fmt_value,
                                       places_for)
from fstune.results.html_report import Bar, bars_svg, escape, html_head, html_legend, verdict_class
from fstune.results.reports import json_text, md_text
from fstune.results.views import BLOCKED_VERDICT_NOTE, VERDICT_NOTE, device_summary, env_summary
from fstune.units import format_percent

FORMATS = ("md", "html", "csv", "json")
SUFFIXES = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".csv": "csv", ".json": "json"}

# a machine measured with other settings (merged with --allow-different-params); the notes say how
DIFFERENT_MARK = " (other settings)"
POOLED_NOTE = ("Pooled change: a random-effects estimate (DerSimonian and Laird) of the change across the "
               "machines, each weighted by the precision of its own interval; its interval widens with the spread "
               "between machines (tau, in percentage points), so a tuning that helps some machines and not others "
               "does not look surer than it is.")
SPREAD_NOTE = ("Across machines: the median of the machines' own medians (or of their own changes), min – max "
               "(every machine lies in it) and MAD, the median absolute deviation (at least half the machines lie "
               "within median ± MAD; for figures also as % of the median, for changes in percentage points).")
NO_FIGURES = "No figures: no repeat on any machine produced a measurement."
MACHINE_NOTE = ("Each machine's cell: its own median ± standard deviation over n good repeats; its change and "
                "verdict compare it with its own baseline, so machines of unlike speed can be compared by their "
                "change and verdict, not by their absolute figures.")


def tally_words(column: ConfigColumn, machines: int) -> str:
    """"better on 2 of 3 machines, within noise on 1": the machines' own verdicts, counted."""
    parts = [(verdict, column.tally[verdict]) for verdict in VERDICT_ORDER if column.tally.get(verdict)]
    words = [f"{verdict} on {count}" for verdict, count in parts]
    if words:
        words[0] += f" of {machines} machine{'s' if machines != 1 else ''}"
    return ", ".join(words) or "–"


def fmt_spread_range(spread: Spread, fmt: Callable[[float | None], str] = fmt_value) -> str:
    """"11.00 – 101.0"; figures by default, changes with ``fmt=fmt_change``."""
    if not spread.n:
        return "–"
    if spread.n == 1:
        return f"{fmt(spread.low)} (one machine)"
    return f"{fmt(spread.low)} – {fmt(spread.high)}"


def fmt_mad(spread: Spread) -> str:
    if spread.n < 2 or spread.mad is None:
        return "–"
    relative = spread.relative_mad
    places = places_for(spread.median) if finite(spread.median) else None  # in the median's precision
    return fmt_value(spread.mad, places) + (f" ({format_percent(relative)})" if relative is not None else "")


def fmt_change_mad(spread: Spread) -> str:
    return "–" if spread.n < 2 or spread.mad is None else f"{spread.mad:.1f} pts"


def _metric_title(table: MetricTable) -> str:
    return f"{table.metric} ({table.unit}, {direction(table.better)})" if table.unit else \
        f"{table.metric} ({direction(table.better)})"


def _verdict_cell(row: Row | None) -> str:
    if row is None:
        return NOT_MEASURED
    p = fmt_p(row.p_value)
    return row.verdict + (f" ({p})" if p else "")


def grid(results: ClassResults, table: MetricTable) -> tuple[list[str], list[list[str]], list[list[str]]]:
    """One metric's class table as plain text cells: (header, a row per machine, the spread rows).

    Columns: machine, the baseline, then per variant its figure, its change and its verdict."""
    header = ["machine", f"{results.baseline} (baseline)"]
    for column in table.columns[1:]:
        header += [column.config, f"change ({column.config})", f"verdict ({column.config})"]
    body = []
    for machine in results.machines:
        line = [machine.label + (DIFFERENT_MARK if machine.differs else "")]
        for index, column in enumerate(table.columns):
            line.append(fmt_summary(column.cells.get(machine.label)))
            if index:
                row = column.rows.get(machine.label)
                line += [fmt_change(row.change_pct if row else None), _verdict_cell(row)]
        body.append(line)
    count = len(results.machines)
    spread = {"machines with figures": [], "median across machines": [], "min – max": [], "MAD": []}
    for index, column in enumerate(table.columns):
        spread["machines with figures"].append(f"{column.spread.n} of {count}")
        spread["median across machines"].append(fmt_value(column.spread.median))
        spread["min – max"].append(fmt_spread_range(column.spread))
        spread["MAD"].append(fmt_mad(column.spread))
        if index:
            spread["machines with figures"] += [f"{column.change.n} of {count}", ""]
            spread["median across machines"] += [fmt_change(column.change.median), tally_words(column, count)]
            spread["min – max"] += [fmt_spread_range(column.change, fmt_change), ""]
            spread["MAD"] += [fmt_change_mad(column.change), ""]
    return header, body, [[name, *cells] for name, cells in spread.items()]


def summary_lines(results: ClassResults) -> list[list[str]]:
    """Per metric and variant: the median change, its range, and the verdicts on the machines."""
    count = len(results.machines)
    lines = []
    for table in results.tables:
        for column in table.columns[1:]:
            lines.append([f"{table.workload} · {table.metric}", column.config, fmt_change(column.change.median),
                          fmt_spread_range(column.change, fmt_change), fmt_pooled(column.pooled),
                          tally_words(column, count)])
    return lines


SUMMARY_HEADER = ["metric", "variant", "median change", "min – max change", "pooled change (95 % interval)",
                  "verdicts on the machines"]


def fmt_pooled(pooled: Pooled) -> str:
    """"+4.1% (+1.2% to +7.0%), spread between machines 2.3 pts": the random-effects estimate."""
    if pooled.estimate is None:
        return "–"
    return (f"{fmt_change(pooled.estimate)} ({fmt_change(pooled.low)} to {fmt_change(pooled.high)}), "
            f"spread between machines {pooled.tau:.1f} pts")
MACHINES_HEADER = ["machine", "file", "run", "host", "kernel", "CPU", "memory", "target device", "status"]


def machine_lines(results: ClassResults) -> list[list[str]]:
    lines = []
    for machine in results.machines:
        run = machine.run
        env = dict(env_summary(run.environment))
        target = next((d for d in run.devices if d.role == "target"), None)
        lines.append([machine.label + (DIFFERENT_MARK if machine.differs else ""), machine.source, str(run.id if run.id is not None else "?"), env["host"],
                      env["kernel"], env["CPU"], env["memory"],
                      f"{target.path}: {device_summary(target)}" if target else "?", run.status])
    return lines


def _title(results: ClassResults) -> str:
    return f"fstune class results: {results.study}" + (f" — {results.title}" if results.title else "")


def _intro(results: ClassResults) -> str:
    count = len(results.machines)
    return (f"{count} machine{'s' if count != 1 else ''} ran the study; baseline: {results.baseline}; "
            f"variants: {', '.join(results.variants) or 'none'}.")


def _all_notes(results: ClassResults) -> list[str]:
    notes = list(results.warnings)
    if len(results.machines) < 3:
        notes.append(f"Only {len(results.machines)} machine(s): too few to say how consistent the effect is.")
    return notes + results.notes


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(md_text(c) for c in cells) + " |"


def _figure_columns(header: Sequence[str]) -> set[int]:
    """The columns of a metric's table that hold figures (right-aligned): not the names, not verdicts."""
    return {index for index, name in enumerate(header) if index and not name.startswith("verdict")}


SUMMARY_FIGURES = {2, 3, 4}


def _md_table(header: Sequence[str], lines: Sequence[Sequence[str]], figures: set[int] = frozenset()) -> list[str]:
    align = ["---:" if index in figures else "---" for index in range(len(header))]
    return [_md_row(header), "|" + "|".join(align) + "|", *(_md_row(line) for line in lines)]


def to_markdown(results: ClassResults) -> str:
    out = [f"# {md_text(_title(results))}", "", md_text(_intro(results)), ""]
    out += ["## Summary", ""]
    out += [*_md_table(SUMMARY_HEADER, summary_lines(results), SUMMARY_FIGURES), ""] if results.tables else [
        NO_FIGURES, ""]
    workload = None
    for table in results.tables:
        if table.workload != workload:
            workload = table.workload
            out += [f"## {md_text(workload)}", ""]
        header, body, spread = grid(results, table)
        out += [f"### {md_text(_metric_title(table))}", ""]
        out += _md_table(header, body + [[f"**{line[0]}**", *line[1:]] for line in spread], _figure_columns(header))
        out.append("")
    out += [md_text(MACHINE_NOTE + " " + SPREAD_NOTE + " " + POOLED_NOTE + " " + _verdict_note(results)), ""]
    out += ["## Machines", "", *_md_table(MACHINES_HEADER, machine_lines(results)), ""]
    out += ["## Notes", ""]
    notes = _all_notes(results)
    out += [f"- {md_text(note)}" for note in notes] or ["- Nothing to add: every machine's runs merged cleanly."]
    out += ["", f"*Merged by fstune {__version__} on {fmt_time(time.time())}.*", ""]
    return "\n".join(out)


def class_chart(results: ClassResults, table: MetricTable, column: ConfigColumn) -> str:
    """One variant of one metric: every machine's own change against its own baseline as a bar,
    its interval as a whisker, coloured by that machine's own verdict. Never absolute figures:
    machines of unlike speed would make a small change look large."""
    bars = []
    for machine in results.machines:
        row = column.rows.get(machine.label)
        change, low, high = machine_change(row)
        verdict = row.verdict if row is not None else NO_DATA
        bars.append(Bar(machine.label + (DIFFERENT_MARK if machine.differs else ""), change, low, high, (),
                        verdict, (fmt_change(change), verdict) if row is not None else (NOT_MEASURED,),
                        f"{machine.label}: {fmt_change(change)} ({verdict})", "interval of the change (%)"))
    return bars_svg(table.workload, f"{table.metric}: {column.config} against {results.baseline}", "% change",
                    table.better, bars)


def _html_table(header: Sequence[str], lines: Sequence[Sequence[str]], figures: set[int] = frozenset(),
                verdict_columns: Sequence[int] = (), coloured_rows: int | None = None) -> list[str]:
    """A table; cells in ``verdict_columns`` of the first ``coloured_rows`` lines coloured by verdict."""
    h = escape
    out = ["<table>", "<tr>" + "".join(f"<th>{h(c)}</th>" for c in header) + "</tr>"]
    for number, line in enumerate(lines):
        cells = []
        for index, cell in enumerate(line):
            if index in verdict_columns and (coloured_rows is None or number < coloured_rows):
                verdict = next((v for v in (BETTER, WORSE, NOISE, NO_DATA) if cell.startswith(v)), "")
                cells.append(f'<td class="{verdict_class(verdict)}">{h(cell)}</td>' if verdict
                             else f"<td>{h(cell)}</td>")
            elif index == 0:
                cells.append(f"<th>{h(cell)}</th>")
            else:
                cells.append(f'<td class="num">{h(cell)}</td>' if index in figures else f"<td>{h(cell)}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return out


def to_html(results: ClassResults) -> str:
    """One self-contained page (the export's styles and charts): no scripts, no external resources."""
    h = escape
    out = html_head(_title(results))
    out.append(f"<p>{h(_intro(results))}</p>")
    out += ["<h2>Summary</h2>", *(_html_table(SUMMARY_HEADER, summary_lines(results), SUMMARY_FIGURES)
                                  if results.tables else [f"<p>{h(NO_FIGURES)}</p>"])]
    workload = None
    for table in results.tables:
        if table.workload != workload:
            if workload is not None:
                out.append(html_legend())
            workload = table.workload
            out.append(f"<h2>{h(workload)}</h2>")
        header, body, spread = grid(results, table)
        verdicts = [index for index, name in enumerate(header) if name.startswith("verdict (")]
        out.append(f"<h3>{h(_metric_title(table))}</h3>")
        out += _html_table(header, body + spread, _figure_columns(header), verdicts, coloured_rows=len(body))
        for column in table.columns[1:]:
            out.append(f"<figure>{class_chart(results, table, column)}<figcaption>{h(column.config)}: each "
                       "machine's own change against its own baseline (bar), with its interval (whisker), "
                       "coloured by that machine's verdict.</figcaption></figure>")
    if workload is not None:
        out.append(html_legend())
    out.append(f"<p>{h(MACHINE_NOTE)} {h(SPREAD_NOTE)} {h(POOLED_NOTE)} {h(_verdict_note(results))}</p>")
    out += ["<h2>Machines</h2>", *_html_table(MACHINES_HEADER, machine_lines(results))]
    out.append('<h2>Notes</h2><ul class="notes">')
    notes = _all_notes(results)
    out += [f"<li>{h(note)}</li>" for note in notes] or ["<li>Nothing to add: every machine's runs merged "
                                                         "cleanly.</li>"]
    out.append(f"</ul><footer>Merged by fstune {h(__version__)} on {h(fmt_time(time.time()))}.</footer>")
    out.append("</main></body></html>")
    return "\n".join(out) + "\n"


CSV_FIELDS = ("workload", "metric", "unit", "better", "machine", "file", "other_settings", "config", "role", "n",
              "median", "change_pct", "change_low_pct", "change_high_pct", "p_value", "verdict")


def _number(value) -> str:
    return repr(float(value)) if finite(value) else ""


def to_csv(results: ClassResults) -> str:
    """One row per metric, machine and configuration: each machine's own figure, change and verdict."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for table in results.tables:
        for machine in results.machines:
            for column in table.columns:
                summary = column.cells.get(machine.label)
                row = column.rows.get(machine.label)
                is_base = column.config == results.baseline
                change, low, high = machine_change(row)
                writer.writerow([table.workload, table.metric, table.unit, table.better, machine.label,
                                 machine.source, "; ".join(machine.differs), column.config,
                                 "baseline" if is_base else "variant", summary.n if summary else 0,
                                 _number(summary.median if summary else None), _number(change), _number(low),
                                 _number(high), _number(row.p_value if row else None),
                                 "" if is_base else (row.verdict if row else NOT_MEASURED)])
    return buffer.getvalue()


def to_json(results: ClassResults) -> str:
    """The merge for a program: the machines (with their settings), each table's cells and spread."""
    def spread(value: Spread) -> dict:
        return dataclasses.asdict(value)

    document = {
        "format": "fstune-class-results", "format_version": 1, "fstune": __version__,
        "study": results.study, "title": results.title, "baseline": results.baseline, "configs": results.configs,
        "machines": [{"label": m.label, "file": m.source, "run": m.run.id, "host": m.run.hostname,
                      "settings": m.run.settings, "other_settings": m.differs} for m in results.machines],
        "tables": [{
            "workload": t.workload, "metric": t.metric, "unit": t.unit, "better": t.better,
            "columns": [{
                "config": c.config, "spread": spread(c.spread), "change": spread(c.change), "tally": c.tally,
                "pooled": dataclasses.asdict(c.pooled),
                "machines": {label: {"median": s.median if (s := c.cells.get(label)) else None,
                                     "n": s.n if s else 0,
                                     **dict(zip(("change_pct", "change_low_pct", "change_high_pct"),
                                                machine_change(c.rows.get(label)))),
                                     "verdict": r.verdict if (r := c.rows.get(label)) else None}
                             for label in c.cells}} for c in t.columns]} for t in results.tables],
        "warnings": results.warnings, "notes": _all_notes(results),
    }
    return json_text(document)


RENDERERS = {"md": to_markdown, "html": to_html, "csv": to_csv, "json": to_json}


def _verdict_note(results) -> str:
    """How the machines' verdicts were reached: the legacy rule, the paired method, or both."""
    legacy = {m.comparison.legacy for m in results.machines if m.comparison is not None} or {True}
    return " ".join(note for flag, note in ((False, BLOCKED_VERDICT_NOTE), (True, VERDICT_NOTE)) if flag in legacy)


def render(results: ClassResults, fmt: str) -> str:
    if fmt not in RENDERERS:
        raise UsageError(f"'{fmt}' is not a merge format; choose one of: {', '.join(FORMATS)}.")
    return RENDERERS[fmt](results)


__all__ = ["CSV_FIELDS", "FORMATS", "SUFFIXES", "class_chart", "fmt_pooled", "render", "tally_words", "to_csv",
           "to_html", "to_json", "to_markdown"]
