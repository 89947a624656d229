"""The HTML report: one self-contained page, inline CSS and SVG charts, no scripts, no external
resources, so it can be mailed, archived and opened anywhere years later.

The page says what the Markdown report says (``fstune.reports.views``), starting with the
headline and its caveats (``headline_html``), with a bar chart per metric: each configuration's
median as a bar coloured by its verdict, its confidence interval as a whisker and its repeats
as dots; and every repeat in the order it ran (``order_svg``, ``fstune.reports.repeat_order``).
The class report (``fstune.reports.classroom_report``) uses the same page head, and draws its
own charts (forest plots: a row per machine) and their legend.
"""

from __future__ import annotations

import html
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from fstune import __version__
from fstune.filesystems import join_options
from fstune.reports import readback
from fstune.results.blocked import DESCRIBED
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, Comparison, side_by_side
from fstune.reports.formatting import direction, finite, fmt_change, fmt_summary, fmt_time, fmt_value
from fstune.reports.headline import NO_VARIANT, headline
from fstune.screening import report as screening_report
from fstune.results.records import RunRecord
from fstune.reports.repeat_order import (DROPPED, FAILED, GROUP, LEGACY_LABEL, OrderChart, Point, median_and_interval,
                                        order_charts)
from fstune.results.settings import describe_settings
from fstune.stats.verdict import Verdict
from fstune.reports.views import (CELLS_NOTE, MIN_N, MetricView, as_runs, device_summary, env_summary, figure_notes,
                                  metric_views, report_title, run_line, tool_versions, verdict_note, verdict_text)

COLOURS = {"baseline": "#64748b", BETTER: "#15803d", WORSE: "#b91c1c", NOISE: "#a8a29e", NO_DATA: "#e7e5e4"}

CSS = """
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


def escape(text) -> str:
    """Any value as HTML text, quotes included (it also goes into attributes)."""
    return html.escape(str(text), quote=True)


def verdict_class(verdict: str) -> str:
    """The CSS class that colours a verdict."""
    return {BETTER: "better", WORSE: "worse", NOISE: "noise", Verdict.PROBABLY_BETTER: "better",
            Verdict.PROBABLY_WORSE: "worse", Verdict.NO_DIFFERENCE: "noise", Verdict.TOO_NOISY: "noise",
            DESCRIBED: "noise"}.get(verdict, "nodata")


def _nice_step(span: float, ticks: int = 4) -> float:
    raw = span / ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude


def _nice_range(low: float, high: float) -> tuple[float, float, float]:
    """``low``..``high`` widened to whole ticks: (low, high, the step between ticks)."""
    if high == low:
        high = low + 1.0
    step = _nice_step(high - low)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


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
        bars.append(Bar(config, s.median if s else None, s.median_low if s else None, s.median_high if s else None,
                        tuple(s.values) if s else (), verdict, below, f"{config}: {fmt_summary(s)}",
                        "the median's 95 % interval"))
    return bars_svg(view.workload, view.metric, view.unit, view.better, bars)


def bars_svg(workload: str, metric: str, unit: str, better: str, bars: Sequence[Bar]) -> str:
    """The SVG of ``bar_chart`` for any bars: each a median with a whisker and its values as dots."""
    left, right, top, bottom = 52, 12, 28, 62
    width, height = left + right + 96 * max(4, len(bars)), 260  # ~96 px a bar keeps its labels apart
    plot_w, plot_h = width - left - right, height - top - bottom
    points = []
    for b in bars:
        if finite(b.median):
            points += [v for v in (b.median, b.low, b.high, *b.values) if finite(v)]
    low, high, step = _nice_range(min([0.0, *points]), max([0.0, *points]))

    def y(value: float) -> float:
        return top + plot_h * (1 - (value - low) / (high - low))

    title = f"{workload}: {metric}" + (f" ({unit})" if unit else "")
    out = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="{escape(title)}, {escape(direction(better))}">',
           f"<title>{escape(title)} — {escape(direction(better))}</title>",
           f'<text x="{left}" y="16" font-size="13" font-weight="600">{escape(metric)}'
           f'<tspan dx="8" font-weight="400" fill="#57534e">{escape(unit)} · {escape(direction(better))}'
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
                   f"<title>{escape(b.name)}</title>{escape(label)}</text>")
        ink = COLOURS[WORSE] if verdict == WORSE else COLOURS[BETTER] if verdict == BETTER else "#57534e"
        for line, text in enumerate(b.below):
            out.append(f'<text x="{centre:.1f}" y="{height - bottom + 30 + 12 * line}" font-size="10" '
                       f'text-anchor="middle" fill="{ink}">{escape(text)}</text>')
        if not finite(b.median):
            out.append(f'<text x="{centre:.1f}" y="{y(low) - 6:.1f}" font-size="10" text-anchor="middle" '
                       f'fill="#a16207">no data</text>')
            continue
        top_y, base_y = sorted((y(b.median), y(max(low, 0.0) if low <= 0 <= high else low)))
        dashed = ' stroke="#a8a29e" stroke-dasharray="3 2"' if verdict == NO_DATA else ""
        out.append(f'<rect x="{centre - bar / 2:.1f}" y="{top_y:.1f}" width="{bar:.1f}" '
                   f'height="{max(0.5, base_y - top_y):.1f}" fill="{colour}"{dashed}>'
                   f"<title>{escape(b.tooltip)}</title></rect>")
        if finite(b.low) and finite(b.high):
            y1, y2 = y(b.low), y(b.high)
            cap = bar * 0.25
            out.append(f'<path d="M{centre:.1f} {y1:.1f}V{y2:.1f}M{centre - cap:.1f} {y1:.1f}h{2 * cap:.1f}'
                       f'M{centre - cap:.1f} {y2:.1f}h{2 * cap:.1f}" stroke="#1c1917" stroke-width="1.3" fill="none">'
                       f"<title>{escape(b.whisker)} {escape(fmt_value(b.low))} – {escape(fmt_value(b.high))}</title>"
                       f"</path>")
        named = [(b.names[i] + ": " if i < len(b.names) else "", v) for i, v in enumerate(b.values) if finite(v)]
        for number, (name, value) in enumerate(named):
            # spread the values across the bar so equal values stay visible
            dx = (number - (len(named) - 1) / 2) * min(6.0, bar * 0.8 / max(1, len(named)))
            out.append(f'<circle cx="{centre + dx:.1f}" cy="{y(value):.1f}" r="2.2" fill="#fff" stroke="#1c1917" '
                       f'stroke-width="0.8"><title>{escape(name + fmt_value(value))}</title></circle>')
        label_y = min(top_y, y(b.high) if finite(b.high) else top_y) - 5
        out.append(f'<text x="{centre:.1f}" y="{max(top - 2, label_y):.1f}" font-size="11" text-anchor="middle">'
                   f"{escape(fmt_value(b.median))}</text>")
    axis_y = y(0.0) if low <= 0 <= high else y(low)
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{axis_y:.1f}" y2="{axis_y:.1f}" stroke="#57534e"/>')
    out.append("</svg>")
    return "".join(out)


# --- the headline and the repeat-order charts ---------------------------------------------------


def headline_html(runs: Sequence[RunRecord], comparison: Comparison) -> list[str]:
    """The headline (``fstune.reports.headline``) and the caveats under it: the top of the page."""
    found = headline(runs, comparison)
    out = ['<section class="headline"><h2>In short</h2><ul>']
    for line in found.lines:
        primary = escape(line.primary)
        word = escape(f", {line.verdict}")
        if word in primary:  # the verdict coloured as in the tables
            primary = primary.replace(word, f', <span class="{verdict_class(line.verdict)}">'
                                            f"{escape(line.verdict)}</span>", 1)
        others = f"; <small>{escape(line.others)}</small>" if line.others else ""
        out.append(f"<li><b>{escape(line.config)}</b>: {primary}{others}</li>")
    if not found.lines:
        out.append(f"<li>{escape(NO_VARIANT)}</li>")
    out.append("</ul>")
    if found.caveats:
        out.append('<h2>Caveats</h2><ul class="notes">')
        out += [f"<li>{escape(caveat)}</li>" for caveat in found.caveats]
        out.append("</ul>")
    return out + ["</section>"]


def order_svg(chart: OrderChart, baseline: str = "") -> str:
    """An inline SVG of ``repeat_order``: a band per configuration, each repeat a point placed by
    when it ran (block, then its place in the block) and by its figure on one scale; the band
    shades the interval and dashes the median. Dropped blocks' points are hollow, failed repeats
    crosses at the band's foot."""
    rows = chart.rows
    configs = max(1, max((p.position or 1 for row in rows for p in row.points), default=1))
    slots = max(1, chart.slots)
    beside = {row.config: median_and_interval(row.summary, chart.unit) for row in rows}
    left, right, top, band, gap = 96, 16 + 7 * max(len(text) for text in beside.values()), 44, 46, 8
    width = left + right + max(300, 18 * slots)
    height = top + len(rows) * (band + gap) + 8
    plot_w = width - left - right
    span = chart.span or (0.0, 1.0)
    figures = [v for row in rows if row.summary for v in (row.summary.median_low, row.summary.median_high)
               if finite(v)]
    low, high, step = _nice_range(min([span[0], *figures]), max([span[1], *figures]))

    def x(point: Point) -> float:
        # within a block, the configurations in the order they ran
        within = ((point.position or 1) - 0.5) / configs if chart.blocked else 0.5
        return left + plot_w * ((point.slot - 1) + within) / slots

    title = f"{chart.workload}: {chart.metric} — every repeat in run order"
    label = "blocks in run order" if chart.blocked else LEGACY_LABEL
    out = [f'<svg class="order" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="{escape(title)}"><title>{escape(title)}</title>',
           f'<text x="{left}" y="14" font-size="13" font-weight="600">{escape(chart.metric)}'
           f'<tspan dx="8" font-weight="400" fill="#57534e">{escape(chart.unit)} · {escape(direction(chart.better))}'
           f'</tspan></text><text x="{left}" y="28" font-size="11" fill="#57534e">{escape(label)}</text>']
    # every slot while they fit; else the first and every 5th, where the default looks fall
    ticks = range(1, slots + 1) if slots <= 10 else sorted({1, *range(GROUP, slots + 1, GROUP)})
    for tick in ticks:
        tx = left + plot_w * (tick - 0.5) / slots
        out.append(f'<text x="{tx:.1f}" y="{top - 4}" font-size="10" text-anchor="middle" fill="#57534e">'
                   f"{tick}</text>")
    def at(value: float, y0: float) -> float:  # a figure's height within the band starting at y0
        return y0 + band - 4 - (band - 8) * (value - low) / (high - low)

    for index, row in enumerate(rows):
        y0 = top + index * (band + gap)
        weight = "700" if row.config == baseline else "400"
        out.append(f'<rect x="{left}" y="{y0}" width="{plot_w}" height="{band}" fill="#f5f5f4"/>')
        out.append(f'<text x="{left - 8}" y="{y0 + band / 2 + 4:.1f}" font-size="12" text-anchor="end" '
                   f'font-weight="{weight}">{escape(row.config)}</text>')
        out.append(f'<text x="{left - 8}" y="{y0 + 9}" font-size="9" text-anchor="end" fill="#78716c">'
                   f"{_tick_label(high, step)}</text>"
                   f'<text x="{left - 8}" y="{y0 + band}" font-size="9" text-anchor="end" fill="#78716c">'
                   f"{_tick_label(low, step)}</text>")
        summary = row.summary
        if summary is not None and finite(summary.median_low) and finite(summary.median_high):
            y1, y2 = sorted((at(summary.median_low, y0), at(summary.median_high, y0)))
            out.append(f'<rect x="{left}" y="{y1:.1f}" width="{plot_w}" height="{max(0.5, y2 - y1):.1f}" '
                       f'fill="#bfdbfe" opacity="0.6"><title>the median\'s interval '
                       f"{escape(fmt_value(summary.median_low))} – {escape(fmt_value(summary.median_high))}"
                       "</title></rect>")
        if summary is not None and finite(summary.median):
            ym = at(summary.median, y0)
            out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{ym:.1f}" y2="{ym:.1f}" stroke="#1d4ed8" '
                       f'stroke-dasharray="4 3"/>')
        for point in row.points:
            px = x(point)
            where = (f"block {point.block}, place {point.position}" if point.block is not None
                     else f"repeat {point.repeat} (stored order)")
            if point.state == FAILED:
                py = y0 + band - 6
                out.append(f'<path class="point failed" d="M{px - 3:.1f} {py - 3:.1f}l6 6m0 -6l-6 6" '
                           f'stroke="#b91c1c" stroke-width="1.5"><title>{escape(row.config)}, {where}: failed'
                           f"</title></path>")
                continue
            fill, stroke = ("#fff", "#a16207") if point.state == DROPPED else ("#1c1917", "#1c1917")
            note = ", block dropped (not compared)" if point.state == DROPPED else ""
            out.append(f'<circle class="point {point.state}" cx="{px:.1f}" cy="{at(point.value, y0):.1f}" r="3" '
                       f'fill="{fill}" stroke="{stroke}" stroke-width="1.2"><title>{escape(row.config)}, {where}: '
                       f"{escape(fmt_value(point.value))}{escape(note)}</title></circle>")
        out.append(f'<text x="{left + plot_w + 8}" y="{y0 + band / 2 + 4:.1f}" font-size="11">'
                   f"{escape(beside[row.config])}</text>")
    out.append("</svg>")
    return "".join(out)


def order_html(record: RunRecord, comparison: Comparison) -> list[str]:
    """The repeat-order charts of one run, a figure per metric, with their legend."""
    charts = order_charts(record, comparison)
    if not charts:
        return []
    out = ["<h2>Every repeat in run order</h2>"]
    for workload, found in charts.items():
        out.append(f"<h3>{escape(workload)}</h3>")
        out += [f"<figure>{order_svg(chart, comparison.baseline)}</figure>" for chart in found]
    out.append('<p class="caption">Points: each repeat, left to right in the order it ran; shaded: the '
               "interval; dashed: the median. Hollow: its block was dropped (figure kept, not compared); "
               "×: a failed repeat.</p>")
    return out


def html_head(title: str) -> list[str]:
    """The start of a self-contained page: inline CSS, no scripts, no external resources."""
    return ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body><main>",
            f"<h1>{escape(title)}</h1>"]


def html_legend() -> str:
    """The colours of the bars, as a line under the charts."""
    spans = "".join(f'<span><i style="background:{colour}"></i>{escape(name)}</span>'
                    for name, colour in COLOURS.items())
    return f'<p class="legend">{spans}</p>'


def _expected_html(runs, comparison: Comparison) -> list[str]:
    """The original experiment's results beside this run's (fstune/reports/expected.py)."""
    from fstune.reports.expected import AGREES, CANNOT_SHOW, CANNOT_TELL, LARGER, OPPOSITE, SMALLER, outcomes_for

    colour = {AGREES: "better", SMALLER: "worse", LARGER: "worse", OPPOSITE: "worse", CANNOT_TELL: "nodata",
              CANNOT_SHOW: "noise"}
    outcomes = outcomes_for(runs, comparison)
    if not outcomes:
        return []
    out = ["<h2>Expected: what the original experiment found, beside yours</h2>",
           "<table><tr><th>pair</th><th>figure</th><th>the original measurement</th><th>yours</th>"
           "<th>agreement</th></tr>"]
    for o in outcomes:
        e = o.expectation
        why = o.detail().lstrip(": ")
        out.append(f"<tr><td>{escape(o.pair)}</td><td>{escape(e.workload)} {escape(e.metric)}</td>"
                   f"<td>{escape(o.original())}<br><small>{escape(e.reference)}"
                   f"{escape('. ' + e.note) if e.note else ''}</small></td><td>{escape(o.yours())}</td>"
                   f'<td class="{colour[o.agreement]}">{escape(o.headline())}'
                   f"{f' <small>{escape(why)}</small>' if why else ''}</td></tr>")
    out.append("</table>")
    return out


def blocks_html(runs: Sequence) -> list[str]:
    """The "Blocks" section: each block's order and each turn's readback (fstune.reports.readback)."""
    measured = [run for run in runs if readback.turns(run)]
    if not measured:
        return []
    out = [f"<h2>{escape(readback.TITLE)}</h2>", f'<p class="caption">{escape(readback.INTRO)}</p>']
    for run in measured:
        if len(runs) > 1:
            out.append(f"<h3>Run {escape(run.id)}</h3>")
        order = "; ".join(f"{block}: {' → '.join(configs)}" for block, configs in readback.block_order(run))
        out.append(f"<p>Order in each block: {escape(order)}.</p>")
        out.append("<table><tr>" + "".join(f"<th>{escape(column)}</th>" for column in readback.COLUMNS) + "</tr>")
        for turn in readback.turns(run):
            cells = turn.cells()
            out.append("<tr>" + "".join(f'<td class="num">{escape(c)}</td>' for c in cells[:2])
                       + f"<td><b>{escape(cells[2])}</b></td><td>{escape(cells[3])}</td>"
                       + "".join(f"<td><code>{escape(c)}</code></td>" for c in cells[4:6])
                       + f'<td class="num">{escape(cells[6])}</td></tr>')
        out.append("</table>")
    return out


def to_html(runs, comparison: Comparison) -> str:
    """One self-contained page: inline CSS and SVG, no scripts, no external resources."""
    runs = as_runs(runs)
    together = side_by_side(runs)
    configs = {c.name: c for c in together.configs}
    argv = together.mkfs_argv
    base = comparison.baseline
    variants = comparison.variants
    title = f"fstune results: {report_title(runs)}"
    out = html_head(title) + ["<ul>"]
    out += [f"<li>{escape(run_line(r))}</li>" for r in runs]
    out.append("</ul>")
    if (screened := screening_report.screened_of(runs)) is not None:
        out += screening_report.screening_html(screened)  # the effects and their Pareto chart
    out += [*headline_html(runs, comparison), "<h2>Configurations</h2>",
            "<table><tr><th>role</th><th>name</th><th>filesystem</th><th>journal</th><th>mkfs</th>"
            "<th>mount options</th><th>differs from the baseline</th></tr>"]
    for name in comparison.configs:
        config = configs.get(name)
        if config is None:
            continue
        role = "baseline" if name == base else "variant"
        journal = config.journal + (f" on {config.log_device}" if config.log_device else "")
        commands = "<br>".join(f"<code>{escape(' '.join(a))}</code>" for a in argv.get(name, [])) or escape(
            " ".join(config.mkfs_options) or "defaults")
        diff = comparison.option_diffs.get(name, "") if role == "variant" else ""
        out.append(f"<tr><td>{role}</td><td><b>{escape(name)}</b></td><td>{escape(config.filesystem)}</td>"
                   f"<td>{escape(journal)}</td><td>{commands}</td>"
                   f"<td><code>{escape(join_options(list(config.mount_options)) or 'defaults')}</code></td>"
                   f"<td>{escape(diff) or '–'}</td></tr>")
    out.append("</table>")
    legend = html_legend()
    for workload, views in metric_views(comparison, runs).items():
        out.append(f"<h2>{escape(workload)}</h2>")
        for variant in variants:
            if comparison.option_diffs.get(variant):
                out.append(f'<p class="caption"><b>{escape(variant)}</b> differs from <b>{escape(base)}</b> in: '
                           f"{escape(comparison.option_diffs[variant])}</p>")
        head = f"<tr><th>metric</th><th>{escape(base)} (baseline)</th>"
        for variant in variants:
            head += f"<th>{escape(variant)}</th><th>change</th><th>verdict</th>"
        out += ["<table>", head + "</tr>"]
        for view in views:
            line = (f"<tr><td><b>{escape(view.metric)}</b><br><small>{escape(view.unit)} · "
                    f"{escape(direction(view.better))}"
                    f"</small></td><td class=\"num\">{escape(fmt_summary(view.cells.get(base)))}</td>")
            for variant in variants:
                row = view.rows.get(variant)
                line += f'<td class="num">{escape(fmt_summary(view.cells.get(variant)))}</td>'
                if row is None:
                    line += f'<td class="num">–</td><td class="nodata">{NO_DATA}</td>'
                else:
                    rest = verdict_text(row)[len(row.verdict):]
                    line += (f'<td class="num">{escape(fmt_change(row.change_pct))}</td>'
                             f'<td class="{verdict_class(row.verdict)}">{escape(row.verdict)}'
                             f'{f" <small>{escape(rest.strip())}</small>" if rest.strip() else ""}</td>')
            out.append(line + "</tr>")
        out.append("</table>")
        out.append('<div class="charts">')
        for view in views:
            out.append(f"<figure>{bar_chart(view, comparison)}<figcaption>Bars: median; whiskers: confidence "
                       f"interval; dots: the repeats.</figcaption></figure>")
        out.append("</div>")
        out.append(legend)
    out.append(f"<p>{escape(CELLS_NOTE)} {escape(verdict_note(comparison))}</p>")
    out += _expected_html(runs, comparison)
    out += _ceiling_html(runs)
    if len(runs) == 1:
        out += order_html(runs[0], comparison)
    out.append("<h2>Environment</h2>")
    for run in runs:
        if len(runs) > 1:
            out.append(f"<h3>Run {escape(run.id)}</h3>")
        out.append("<table>")
        out += [f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in env_summary(run.environment)]
        out += [f"<tr><th>{escape(d.role)} device</th><td><code>{escape(d.path)}</code>: "
                f"{escape(device_summary(d))}</td></tr>"
                for d in run.devices]
        out += [f"<tr><th>{escape(t)}</th><td>{escape(v)}</td></tr>" for t, v in tool_versions(run.environment)]
        out.append(f"<tr><th>settings</th><td>{escape(describe_settings(run.settings))}</td></tr>")
        out.append("</table>")
    notes = figure_notes(runs, comparison)
    out += blocks_html(runs)
    out.append('<h2>Notes</h2><ul class="notes">')
    out += [f"<li>{escape(n.strip())}</li>" for n in notes]
    if not notes:
        out.append(f"<li>Every repeat succeeded with cold caches and every cell has at least {MIN_N} repeats.</li>")
    out.append(f"</ul><footer>Made by fstune {escape(__version__)} on {escape(fmt_time(time.time()))}.</footer>")
    out.append("</main></body></html>")
    return "\n".join(out) + "\n"


def _ceiling_html(runs) -> list[str]:
    """Each run's rates against its raw device, when it was measured (fstune/reports/ceiling.py)."""
    from fstune.reports.ceiling import ceiling_sections

    out = []
    for heading, lines, caveat in ceiling_sections(runs):
        out.append(f'<h2>{escape(heading)}</h2><ul class="notes">')
        out += [f"<li>{escape(line)}</li>" for line in lines]
        out.append(f'</ul><p class="caption">{escape(caveat)}</p>')
    return out


__all__ = ["COLOURS", "CSS", "Bar", "bar_chart", "bars_svg", "escape", "headline_html", "html_head", "html_legend",
           "order_html", "order_svg", "to_html", "verdict_class"]
