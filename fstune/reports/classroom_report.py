"""The class merge as a report: Markdown, one self-contained HTML page with charts, CSV or JSON.

``fstune results merge`` renders a ``ClassResults`` (``fstune.reports.classroom``) with these:
a summary line per metric and variant (its median change across machines, the range and the
machines' verdicts counted), then per metric one table with a row per machine and the spread
rows below, then the machines and the notes. The HTML page uses the single-run report's styles,
legend and bar charts (``fstune.reports.html_report``): per variant, each machine's own change
with its interval, coloured by that machine's verdict. CSV and JSON give the same figures to a
spreadsheet or a program.

Over 600 lines (about 620) on purpose: the four formats and the HTML chart render one
``ClassResults`` from the same cells and words (``grid``, ``fmt_pooled``, ``PACED``,
``DIFFERENT_MARK``, the verdict colours), so splitting the chart or a format off would only move
those into a third module that every part imports.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import time
from collections.abc import Callable, Sequence

from fstune import __version__
from fstune.errors import UsageError
from fstune.reports.classroom import (NOT_MEASURED, VERDICT_ORDER, ClassResults, ConfigColumn, MetricTable, Pooled,
                                      Spread, machine_change)
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, Row
from fstune.reports.formatting import (direction, finite, fmt_change, fmt_p, fmt_summary, fmt_time, fmt_value,
                                       places_for)
from fstune.results.blocked import DESCRIBED, NOT_YET, WAITING
from fstune.reports.html_report import _nice_range, escape, html_head, verdict_class
from fstune.stats.verdict import Verdict
from fstune.reports.reports import json_text, md_text
from fstune.reports.views import BLOCKED_VERDICT_NOTE, VERDICT_NOTE, device_summary, env_summary
from fstune.units import format_percent

FORMATS = ("md", "html", "csv", "json")
PACED = "not judged (paced)"  # a time that measures a phase's pacing (classroom._paced)
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
MACHINE_NOTE = ("Each machine's cell: its own median ± standard deviation over n good repeats. Its change is its "
                "own paired estimate: each block's variant against the same block's baseline, as % of the "
                "baseline (a run of an older fstune: the medians' difference). It is not the ratio of the two "
                "medians beside it, and it can differ from that ratio, even in sign, when the blocks' contrasts "
                "and the medians disagree. The verdict compares the machine with its own baseline, so machines of "
                "unlike speed are compared by their change and verdict, not by their absolute figures.")
MARKED_NOTE = ('A machine marked "(other settings)" was measured with other settings or configurations than the '
               "class (the notes say how): its row is shown, but it is left out of the pooled change, the spread "
               "rows and the verdict counts.")


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
        if table.paced:
            line = [cell if not header[i].startswith("verdict (") else PACED
                    for i, cell in enumerate(line)]
        body.append(line)
    count = len(results.pooled_machines)
    spread = {"machines with figures": [], "median across machines": [], "min – max": [], "MAD": [],
              "pooled change (95 % interval)": []}
    for index, column in enumerate(table.columns):
        spread["machines with figures"].append(f"{column.spread.n} of {count}")
        spread["median across machines"].append(fmt_value(column.spread.median))
        spread["min – max"].append(fmt_spread_range(column.spread))
        spread["MAD"].append(fmt_mad(column.spread))
        spread["pooled change (95 % interval)"].append("")
        if index:
            spread["pooled change (95 % interval)"] += [
                fmt_pooled(column.pooled, table.paced),
                f"spread between machines {fmt_tau(column.pooled)}" if column.pooled.tau is not None else ""]
            spread["machines with figures"] += [f"{column.change.n} of {count}", ""]
            spread["median across machines"] += [fmt_change(column.change.median),
                                                 PACED if table.paced else tally_words(column, count)]
            spread["min – max"] += [fmt_spread_range(column.change, fmt_change), ""]
            spread["MAD"] += [fmt_change_mad(column.change), ""]
    return header, body, [[name, *cells] for name, cells in spread.items()]


def summary_lines(results: ClassResults) -> list[list[str]]:
    """Per metric and variant: the median change, its range, and the verdicts on the machines."""
    count = len(results.pooled_machines)
    lines = []
    for table in results.tables:
        for column in table.columns[1:]:
            lines.append([f"{table.workload} · {table.metric}" + (" (primary)" if table.primary else ""),
                          column.config, fmt_change(column.change.median),
                          fmt_spread_range(column.change, fmt_change), fmt_pooled(column.pooled, table.paced),
                          "" if table.paced else fmt_tau(column.pooled), PACED if table.paced else tally_words(column, count)])
    return lines


SUMMARY_HEADER = ["metric", "variant", "median change", "min – max change", "pooled change (95 % interval)",
                  "spread between machines", "verdicts on the machines"]


def fmt_pooled(pooled: Pooled, paced: str = "") -> str:
    """"+4.1% (+1.2% to +7.0%)": the random-effects estimate and its 95 % interval."""
    if paced:
        return PACED
    if pooled.estimate is None:
        return "–" if pooled.k == 0 else f"– (only {pooled.k} machine with an interval)"
    return f"{fmt_change(pooled.estimate)} ({fmt_change(pooled.low)} to {fmt_change(pooled.high)})"


def fmt_tau(pooled: Pooled) -> str:
    """"2.3 pts": the standard deviation of the true change between machines (tau)."""
    return "–" if pooled.tau is None else f"{pooled.tau:.1f} pts"

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
    return f"{results.heading}: {results.study}" + (f" — {results.title}" if results.title else "")


def _intro(results: ClassResults) -> str:
    count = len(results.machines)
    return (f"{count} machine{'s' if count != 1 else ''} ran the study; baseline: {results.baseline}; "
            f"variants: {', '.join(results.variants) or 'none'}.")


def headline_table(results: ClassResults) -> MetricTable | None:
    """The figure the headline is about: the study's primary metric, else the first judged one."""
    return next((t for t in results.tables if t.primary), None) or next(
        (t for t in results.tables if not t.paced), None)


def headline_lines(results: ClassResults) -> list[str]:
    """Per variant, the primary metric pooled across the machines with its interval, and how many
    machines said what: what a teacher reads first."""
    table = headline_table(results)
    if table is None:
        return [NO_FIGURES]
    count = len(results.pooled_machines)
    what = f"{table.workload} {table.metric}" + (f" ({table.unit}, {direction(table.better)})" if table.unit else "")
    lines = []
    for column in table.columns[1:]:
        pooled = column.pooled
        if pooled.estimate is not None:
            said = (f"pooled change {fmt_change(pooled.estimate)} [{fmt_change(pooled.low)}, "
                    f"{fmt_change(pooled.high)}] across {pooled.k} machines (spread between machines "
                    f"{pooled.tau:.1f} pts)")
        else:
            said = f"no pooled change (it needs 2 machines with an interval; {pooled.k} had one)"
        lines.append(f"{column.config} against {results.baseline}, {what}: {said}; on the machines: "
                     f"{tally_words(column, count)}.")
    return lines


def caveat_groups(results: ClassResults) -> list[tuple[str, list[str]]]:
    """The caveats, each once, grouped: the merge itself, then what the machines' runs say."""
    merge = list(dict.fromkeys([*results.merged, *results.warnings]))
    if len(results.pooled_machines) < 3:
        merge.append(f"Only {len(results.pooled_machines)} machine(s) in the pooled figures: too few to say how "
                     "consistent the effect is.")
    return [(title, lines) for title, lines in (("The merge", merge),
                                                ("The machines' runs", list(dict.fromkeys(results.notes))))
            if lines]


def _all_notes(results: ClassResults) -> list[str]:
    return [note for _, lines in caveat_groups(results) for note in lines]


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(md_text(c) for c in cells) + " |"


def _figure_columns(header: Sequence[str]) -> set[int]:
    """The columns of a metric's table that hold figures (right-aligned): not the names, not verdicts."""
    return {index for index, name in enumerate(header) if index and not name.startswith("verdict")}


SUMMARY_FIGURES = {2, 3, 4, 5}


def _md_table(header: Sequence[str], lines: Sequence[Sequence[str]], figures: set[int] = frozenset()) -> list[str]:
    align = ["---:" if index in figures else "---" for index in range(len(header))]
    return [_md_row(header), "|" + "|".join(align) + "|", *(_md_row(line) for line in lines)]


def _explanations(results: ClassResults) -> list[str]:
    notes = [MACHINE_NOTE, SPREAD_NOTE, POOLED_NOTE]
    if any(m.differs for m in results.machines):
        notes.append(MARKED_NOTE)
    paced = next((t.paced for t in results.tables if t.paced), "")
    if paced:
        notes.append(f"Rows marked \"not judged (paced)\": {paced}.")
    return [*notes, _verdict_note(results)]


def to_markdown(results: ClassResults) -> str:
    out = [f"# {md_text(_title(results))}", "", md_text(_intro(results)), ""]
    out += ["## In short", ""] + [f"- **{md_text(line)}**" for line in headline_lines(results)] + [""]
    for title, lines in caveat_groups(results):
        out += [f"## Caveats: {md_text(title.lower())}", "", *(f"- {md_text(line)}" for line in lines), ""]
    out += ["## Summary", ""]
    out += [*_md_table(SUMMARY_HEADER, summary_lines(results), SUMMARY_FIGURES), ""] if results.tables else [
        NO_FIGURES, ""]
    workload = None
    for table in results.tables:
        if table.workload != workload:
            workload = table.workload
            out += [f"## {md_text(workload)}", ""]
        header, body, spread = grid(results, table)
        out += [f"### {md_text(_metric_title(table))}" + (" — the primary metric" if table.primary else ""), ""]
        out += _md_table(header, body + [[f"**{line[0]}**", *line[1:]] for line in spread], _figure_columns(header))
        out.append("")
    out += [md_text(" ".join(_explanations(results))), ""]
    out += ["## Machines", "", *_md_table(MACHINES_HEADER, machine_lines(results)), ""]
    out += ["", f"*Merged by fstune {__version__} on {fmt_time(time.time())}.*", ""]
    return "\n".join(out)


# --- the chart: one row per machine, its change and interval, and the pooled change below -------

# a colour for every state a machine's verdict can be in, so the legend covers each one drawn
STATE_COLOURS = {BETTER: "#15803d", Verdict.PROBABLY_BETTER.value: "#65a30d", WORSE: "#b91c1c",
                 Verdict.PROBABLY_WORSE.value: "#ea580c", Verdict.NO_DIFFERENCE.value: "#0369a1",
                 Verdict.TOO_NOISY.value: "#a8a29e", NOISE: "#a8a29e", DESCRIBED: "#57534e", NOT_YET: "#ca8a04",
                 WAITING: "#ca8a04", NO_DATA: "#d6d3d1", NOT_MEASURED: "#d6d3d1", PACED: "#57534e"}
OTHER_SETTINGS = "other settings: shown, not pooled"
POOLED = "pooled change across machines"
CHART_WIDTH = 760
FONT = 11
LABEL_CHARS = 34  # a machine label wraps at this many characters, on up to two lines


def text_width(text: str, size: float = FONT) -> float:
    """The width ``text`` takes at ``size`` px, estimated generously (a browser test checks it)."""
    return len(text) * 0.62 * size


def wrap_label(label: str, width: int = LABEL_CHARS) -> list[str]:
    """A machine label on at most two lines of ``width`` characters; a longer one keeps its start
    and its end (where cloned machines' file names differ) around an ellipsis."""
    if len(label) <= width:
        return [label]
    cut = label.rfind(" ", 0, width + 1)
    first, rest = (label[:cut], label[cut + 1:]) if cut > width // 2 else (label[:width], label[width:])
    if len(rest) > width:
        keep = width - 1
        rest = rest[: keep // 3] + "…" + rest[-(keep - keep // 3):]
    return [first, rest]


def wrap_text(text: str, size: float, width: float) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):
        if line and text_width(f"{line} {word}", size) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def class_chart(results: ClassResults, table: MetricTable, column: ConfigColumn) -> str:
    """One variant of one metric as a forest plot: a row per machine with its own change against
    its own baseline (a dot, coloured by its own verdict) and its interval (a line), then the
    pooled change (a diamond). Never absolute figures: machines of unlike speed would make a small
    change look large. Labels wrap (two lines) so none is cut or overlaps another."""
    h = escape
    rows = []
    for machine in results.machines:
        row = column.rows.get(machine.label)
        change, low, high = machine_change(row)
        verdict = _state(table, row)
        label = machine.label + (DIFFERENT_MARK if machine.differs else "")
        value = (f"{fmt_change(change)}" + (f" [{fmt_change(low)}, {fmt_change(high)}]" if finite(low) else "")
                 if finite(change) else "–")
        rows.append((wrap_label(label), change, low, high, verdict, bool(machine.differs), value,
                     verdict))
    pooled = column.pooled
    width = CHART_WIDTH
    title = f"{table.workload} · {table.metric}" + (" (primary metric)" if table.primary else "")
    subtitle = (f"{column.config} against {results.baseline}: each machine's own change, % (paired estimate), "
                f"with its 95 % interval; {direction(table.better)} for the figure")
    title_lines = wrap_text(title, 13, width - 16)
    sub_lines = wrap_text(subtitle, FONT, width - 16)
    label_w = max([text_width(line) for r in rows for line in r[0]] + [text_width(POOLED)]) + 12
    value_w = max([text_width(r[6]) for r in rows] + [text_width(r[7]) for r in rows] + [text_width(
        fmt_pooled(pooled, table.paced), FONT)]) + 8
    value_w = min(value_w, 300)
    plot_x0, plot_x1 = 8 + label_w, width - value_w - 16
    top = 8 + 17 * len(title_lines) + 14 * len(sub_lines) + 14
    heights = [max(2, len(r[0])) * 14 + 6 for r in rows]
    pooled_h = 2 * 14 + 10
    axis_y = top + sum(heights) + pooled_h + 4
    height = axis_y + 30
    points = [v for r in rows for v in (r[1], r[2], r[3]) if finite(v)]
    points += [v for v in (pooled.estimate, pooled.low, pooled.high) if finite(v)]
    low, high, step = _nice_range(min([0.0, *points]), max([0.0, *points]))

    def x(value: float) -> float:
        return plot_x0 + (plot_x1 - plot_x0) * (value - low) / (high - low)

    out = [f'<svg class="forest" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="{h(title)}: {h(subtitle)}">', f"<title>{h(title)} — {h(subtitle)}</title>"]
    y = 8
    for line in title_lines:
        y += 15
        out.append(f'<text x="8" y="{y}" font-size="13" font-weight="600">{h(line)}</text>')
    y += 2
    for line in sub_lines:
        y += 14
        out.append(f'<text x="8" y="{y}" font-size="{FONT}" fill="#57534e">{h(line)}</text>')
    # grid and zero
    tick = low
    while tick <= high + step / 1000:
        tx = x(tick)
        out.append(f'<line x1="{tx:.1f}" x2="{tx:.1f}" y1="{top - 4}" y2="{axis_y}" stroke="#e7e5e4"/>')
        out.append(f'<text x="{tx:.1f}" y="{axis_y + 14}" font-size="{FONT}" text-anchor="middle" fill="#57534e">'
                   f"{h(_tick(tick))}</text>")
        tick += step
    out.append(f'<line x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{top - 4}" y2="{axis_y}" stroke="#57534e"/>')
    out.append(f'<text x="{(plot_x0 + plot_x1) / 2:.1f}" y="{axis_y + 27}" font-size="{FONT}" text-anchor="middle" '
               f'fill="#57534e">change, %</text>')
    y = top
    for (label, change, lo, hi, verdict, marked, value, word), row_h in zip(rows, heights):
        colour = STATE_COLOURS.get(verdict, STATE_COLOURS[NO_DATA])
        centre = y + row_h / 2
        for index, line in enumerate(label):
            out.append(f'<text x="8" y="{y + 14 * (index + 1):.1f}" font-size="{FONT}">{h(line)}</text>')
        out.append(f'<text x="{plot_x1 + 12:.1f}" y="{y + 14:.1f}" font-size="{FONT}">{h(value)}</text>')
        out.append(f'<text x="{plot_x1 + 12:.1f}" y="{y + 28:.1f}" font-size="{FONT}" fill="{colour}">'
                   f"{h(word)}</text>")
        if finite(lo) and finite(hi):
            out.append(f'<line x1="{x(lo):.1f}" x2="{x(hi):.1f}" y1="{centre:.1f}" y2="{centre:.1f}" '
                       f'stroke="{colour}" stroke-width="2"/>')
        if finite(change):
            fill = "#fff" if marked else colour
            out.append(f'<circle cx="{x(change):.1f}" cy="{centre:.1f}" r="5" fill="{fill}" stroke="{colour}" '
                       f'stroke-width="2"><title>{h(" ".join(label))}: {h(value)}, {h(word)}</title></circle>')
        y += row_h
    out.append(f'<line x1="8" x2="{width - 8}" y1="{y + 2}" y2="{y + 2}" stroke="#d6d3d1"/>')
    out.append(f'<text x="8" y="{y + 18}" font-size="{FONT}" font-weight="600">{h(POOLED)}</text>')
    out.append(f'<text x="{plot_x1 + 12:.1f}" y="{y + 18}" font-size="{FONT}" font-weight="600">'
               f"{h(fmt_pooled(pooled, table.paced))}</text>")
    if pooled.estimate is not None:
        cy = y + 14
        out.append(f'<path d="M{x(pooled.low):.1f} {cy}L{x(pooled.estimate):.1f} {cy - 6}L{x(pooled.high):.1f} '
                   f'{cy}L{x(pooled.estimate):.1f} {cy + 6}Z" fill="#1c1917"><title>{h(POOLED)}: '
                   f"{h(fmt_pooled(pooled))}</title></path>")
    out.append("</svg>")
    return "".join(out)


def _state(table: MetricTable, row: Row | None) -> str:
    """What a machine's dot says: its verdict, "not judged (paced)" or "not measured"."""
    if row is None:
        return NOT_MEASURED
    return PACED if table.paced else row.verdict


def _tick(value: float) -> str:
    return f"{round(value, 6):g}".replace("-", "−")


def chart_legend(results: ClassResults, table: MetricTable, column: ConfigColumn) -> str:
    """Every state the chart draws, and nothing else."""
    states = []
    for machine in results.machines:
        row = column.rows.get(machine.label)
        verdict = _state(table, row)
        if verdict not in states:
            states.append(verdict)
    spans = [f'<span><i style="background:{STATE_COLOURS.get(v, STATE_COLOURS[NO_DATA])}"></i>{escape(v)}</span>'
             for v in states]
    if any(m.differs for m in results.machines):
        spans.append(f'<span><i style="background:#fff;border:2px solid #57534e"></i>{escape(OTHER_SETTINGS)}</span>')
    if column.pooled.estimate is not None:
        spans.append(f'<span><i style="background:#1c1917;transform:rotate(45deg)"></i>{escape(POOLED)}</span>')
    return f'<p class="legend">{"".join(spans)}</p>'


def _html_table(header: Sequence[str], lines: Sequence[Sequence[str]], figures: set[int] = frozenset(),
                verdict_columns: Sequence[int] = (), coloured_rows: int | None = None,
                highlight: set[int] = frozenset(), css: str = "") -> list[str]:
    """A table; cells in ``verdict_columns`` of the first ``coloured_rows`` lines coloured by verdict,
    the lines in ``highlight`` marked (the primary metric's)."""
    h = escape
    out = [f'<table class="{css}">' if css else "<table>",
           "<tr>" + "".join(f"<th>{h(c)}</th>" for c in header) + "</tr>"]
    for number, line in enumerate(lines):
        cells = []
        for index, cell in enumerate(line):
            if index in verdict_columns and (coloured_rows is None or number < coloured_rows):
                verdict = next((v for v in STATE_COLOURS if cell.startswith(v)), "")
                cells.append(f'<td class="{verdict_class(verdict)}">{h(cell)}</td>' if verdict
                             else f"<td>{h(cell)}</td>")
            elif index == 0:
                cells.append(f"<th>{h(cell)}</th>")
            elif index in figures:
                # the spread rows' long figures (a pooled change with its interval) may wrap
                wrap = coloured_rows is not None and number >= coloured_rows
                cells.append(f'<td class="num{" wrap" if wrap else ""}">{h(cell)}</td>')
            else:
                cells.append(f"<td>{h(cell)}</td>")
        out.append(('<tr class="primary">' if number in highlight else "<tr>") + "".join(cells) + "</tr>")
    out.append("</table>")
    return out


CLASS_CSS = """
.headline { background: #fff; border: 2px solid #1c1917; padding: .5rem 1rem; margin: 1rem 0; }
.headline li { font-weight: 600; } .headline h2, .caveats h2 { margin-top: .5rem; } .caveats h3 { margin: .5rem 0 .25rem; font-size: 1rem; }
.caveats { background: #fffbeb; border: 1px solid #fcd34d; padding: .25rem 1rem; }
tr.primary th, tr.primary td { background: #ecfdf5; font-weight: 600; }
.legend i { display: inline-block; width: .8em; height: .8em; margin: 0 .3em 0 .9em; vertical-align: -.05em; }
figure svg { max-width: 100%; height: auto; }
td.num.wrap { white-space: normal; } table.machines td { overflow-wrap: anywhere; }
"""


def to_html(results: ClassResults) -> str:
    """One self-contained page (the export's styles): no scripts, no external resources. The
    headline and the caveats first, then the tables, each variant's chart under its table."""
    h = escape
    out = html_head(_title(results))
    out[3] = out[3].replace("</style>", CLASS_CSS + "</style>")
    out.append(f"<p>{h(_intro(results))}</p>")
    out.append('<section class="headline" id="headline"><h2>In short</h2><ul>')
    out += [f"<li>{h(line)}</li>" for line in headline_lines(results)]
    out.append("</ul></section>")
    groups = caveat_groups(results)
    if groups:
        out.append('<section class="caveats" id="caveats"><h2>Caveats</h2>')
        for title, lines in groups:
            out += [f"<h3>{h(title)}</h3>", '<ul class="notes">', *(f"<li>{h(line)}</li>" for line in lines), "</ul>"]
        out.append("</section>")
    summary = summary_lines(results)
    primary_rows = {i for i, line in enumerate(summary) if line[0].endswith("(primary)")}
    out += ["<h2>Summary</h2>", *(_html_table(SUMMARY_HEADER, summary, SUMMARY_FIGURES, highlight=primary_rows)
                                  if results.tables else [f"<p>{h(NO_FIGURES)}</p>"])]
    workload = None
    for table in results.tables:
        if table.workload != workload:
            workload = table.workload
            out.append(f"<h2>{h(workload)}</h2>")
        header, body, spread = grid(results, table)
        verdicts = [index for index, name in enumerate(header) if name.startswith("verdict (")]
        out.append(f"<h3>{h(_metric_title(table))}" + (" — the primary metric" if table.primary else "") + "</h3>")
        out += _html_table(header, body + spread, _figure_columns(header), verdicts, coloured_rows=len(body))
        for column in table.columns[1:]:
            out.append(f"<figure>{class_chart(results, table, column)}{chart_legend(results, table, column)}"
                       f"<figcaption>{h(column.config)}: each machine's own paired change against its own "
                       "baseline (dot) with its 95 % interval (line), coloured by that machine's verdict"
                       + ("; the pooled change across the machines below (diamond)" if column.pooled.estimate
                          is not None else "") + ".</figcaption></figure>")
    out += [f"<p>{h(' '.join(_explanations(results)))}</p>"]
    out += ["<h2>Machines</h2>", *_html_table(MACHINES_HEADER, machine_lines(results), css="machines")]
    out.append(f"<footer>Merged by fstune {h(__version__)} on {h(fmt_time(time.time()))}.</footer>")
    out.append("</main></body></html>")
    return "\n".join(out) + "\n"


CSV_FIELDS = ("workload", "metric", "unit", "better", "primary", "machine", "file", "other_settings", "config", "role",
              "n", "median", "change_pct", "change_low_pct", "change_high_pct", "p_value", "verdict",
              "pooled_change_pct", "pooled_low_pct", "pooled_high_pct", "pooled_machines", "pooled_tau_pts")


def _number(value) -> str:
    return repr(float(value)) if finite(value) else ""


def to_csv(results: ClassResults) -> str:
    """One row per metric, machine and configuration: each machine's own figure, change and verdict,
    and on every variant's row the pooled change across the machines. A column no row fills (the
    p-value of runs judged in blocks, other_settings in a clean merge) is left out."""
    lines = []
    for table in results.tables:
        for machine in results.machines:
            for column in table.columns:
                summary = column.cells.get(machine.label)
                row = column.rows.get(machine.label)
                is_base = column.config == results.baseline
                change, low, high = machine_change(row)
                pooled = column.pooled
                verdict = "" if is_base else PACED if table.paced else (
                    row.verdict if row else NOT_MEASURED)
                lines.append([table.workload, table.metric, table.unit, table.better,
                              "yes" if table.primary else "", machine.label, machine.source,
                              "; ".join(machine.differs), column.config, "baseline" if is_base else "variant",
                              summary.n if summary else 0, _number(summary.median if summary else None),
                              _number(change), _number(low), _number(high), _number(row.p_value if row else None),
                              verdict, _number(pooled.estimate), _number(pooled.low), _number(pooled.high),
                              pooled.k if pooled.estimate is not None else "", _number(pooled.tau)])
    keep = [i for i, name in enumerate(CSV_FIELDS)
            if name in ("workload", "metric", "machine", "config") or any(str(line[i]) != "" for line in lines)]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([CSV_FIELDS[i] for i in keep])
    for line in lines:
        writer.writerow([line[i] for i in keep])
    return buffer.getvalue()


def to_json(results: ClassResults) -> str:
    """The merge for a program: the machines (with their settings), each table's cells and spread."""
    def spread(value: Spread) -> dict:
        return dataclasses.asdict(value)

    document = {
        "format": "fstune-class-results", "format_version": 1, "fstune": __version__,
        "heading": results.heading, "study": results.study, "title": results.title, "baseline": results.baseline, "configs": results.configs,
        "machines": [{"label": m.label, "file": m.source, "run": m.run.id, "host": m.run.hostname,
                      "settings": m.run.settings, "other_settings": m.differs, "pooled": not m.differs}
                     for m in results.machines],
        "tables": [{
            "workload": t.workload, "metric": t.metric, "unit": t.unit, "better": t.better, "primary": t.primary,
            "judged": not t.paced, "not_judged_because": t.paced or None,
            "columns": [{
                "config": c.config, "spread": spread(c.spread), "change": spread(c.change), "tally": c.tally,
                "pooled": dataclasses.asdict(c.pooled),
                "machines": {label: {"median": s.median if (s := c.cells.get(label)) else None,
                                     "n": s.n if s else 0,
                                     **dict(zip(("change_pct", "change_low_pct", "change_high_pct"),
                                                machine_change(c.rows.get(label)))),
                                     "verdict": r.verdict if (r := c.rows.get(label)) else None}
                             for label in c.cells}} for c in t.columns]} for t in results.tables],
        "primary": list(results.primary) if results.primary else None, "headline": headline_lines(results),
        "merged": results.merged, "caveats": {title: lines for title, lines in caveat_groups(results)},
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
    if results.screening is not None:  # screening runs: a table of effects per factor
        from fstune.reports import classroom_screening

        return classroom_screening.RENDERERS[fmt](results)
    return RENDERERS[fmt](results)


__all__ = ["CSV_FIELDS", "FORMATS", "SUFFIXES", "class_chart", "fmt_pooled", "fmt_tau", "render", "tally_words", "to_csv",
           "to_html", "to_json", "to_markdown"]
