"""Every repeat in the order it ran: drift and outliers at a glance (docs/verdicts.md, "Blocks").

Per metric, one row per configuration; each repeat is one point, placed by when it ran (its
block, then its place within the block: ``RepeatResult.block``/``position``), so a block's
configurations line up in one column and a trend over the run or one wild repeat shows before
any statistic does. Beside each row, the configuration's median and its 95 % interval (order
statistics, so it stays inside the figures; the range below 6 of them).

``order_charts`` gathers the points from a stored run (``OrderChart``, no format yet); the
terminal draws them with ``order_lines`` (Rich text, one character per block: its height is the
figure, on one scale per metric), the HTML report as an SVG (``html_report.order_svg``). A
repeat whose block was dropped keeps its figure but is drawn hollow; a failed repeat has no
figure and is drawn as a cross. A legacy run (measured before blocks) has no blocks: its
repeats are shown in the order they were stored, and the chart says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from fstune.figures import HIGHER, LOWER
from fstune.results.compare import Comparison, Summary
from fstune.reports.formatting import finite, fmt_value
from fstune.results.records import RunRecord

COUNTED, DROPPED, FAILED = "counted", "dropped", "failed"
LEVELS = "▁▂▃▄▅▆▇█"  # a counted repeat's figure, low to high on the metric's scale
MARKS = {DROPPED: "○", FAILED: "×"}
MARK_STYLE = {COUNTED: "", DROPPED: "yellow", FAILED: "red"}
GROUP = 5  # a gap after every 5 blocks: the default looks fall there (docs/verdicts.md, "Looks")
ORDER_LEGEND = (f"Each repeat in run order, one column per block; height: its figure on the scale shown. "
                f"{MARKS[DROPPED]} dropped block (figure kept, not compared)   {MARKS[FAILED]} failed repeat")
LEGACY_LABEL = "legacy run: no blocks, repeats in stored order"


@dataclass(frozen=True)
class Point:
    """One repeat of one configuration: when it ran and what it measured."""

    block: int | None  # None: a legacy run's repeat
    position: int | None  # its configuration's place within the block
    repeat: int
    value: float | None  # None: a failed repeat
    state: str  # COUNTED | DROPPED | FAILED
    slot: int  # its column: the block, or its place in a legacy run's stored order (1-based)


@dataclass(frozen=True)
class OrderRow:
    config: str
    points: tuple[Point, ...]  # in run order
    summary: Summary | None  # the median and interval beside the row


@dataclass(frozen=True)
class OrderChart:
    """One metric's repeats in run order, a row per configuration."""

    workload: str
    metric: str
    unit: str
    better: str
    rows: tuple[OrderRow, ...]
    blocked: bool  # False: a legacy run, stored order

    @property
    def slots(self) -> int:
        return max((p.slot for row in self.rows for p in row.points), default=0)

    @property
    def span(self) -> tuple[float, float] | None:
        """The lowest and highest figure drawn (every repeat that has one)."""
        values = [p.value for row in self.rows for p in row.points if finite(p.value)]
        return (min(values), max(values)) if values else None


def repeat_points(record: RunRecord, config: str, workload: str, metric: str) -> tuple[Point, ...]:
    """``config``'s repeats of ``workload`` in run order, each with its figure for ``metric``.

    A blocked run orders by (block, position); a legacy run keeps the order the record stored
    them in. A repeat that counted but did not report this metric (an optional one) is left out.
    """
    found = []
    for index, result in enumerate(record.results):
        if result.config != config or result.workload != workload:
            continue
        value = next((s.value for s in result.samples if s.metric == metric), None)
        state = FAILED if not result.ok else DROPPED if result.dropped else COUNTED
        if state != FAILED and value is None:
            continue
        key = (result.block, result.position or 0, index) if result.block is not None else (0, 0, index)
        found.append((key, result, value, state))
    found.sort(key=lambda item: item[0])
    blocked = not record.legacy and all(item[1].block is not None for item in found)
    return tuple(Point(result.block, result.position, result.repeat, value, state,
                       result.block if blocked else number)
                 for number, (_key, result, value, state) in enumerate(found, start=1))


def order_charts(record: RunRecord, comparison: Comparison) -> dict[str, list[OrderChart]]:
    """Per workload, one chart per metric (in the tables' order), rows in the comparison's order."""
    from fstune.reports.views import metric_views

    charts: dict[str, list[OrderChart]] = {}
    for workload, views in metric_views(comparison, [record]).items():
        for view in views:
            rows = tuple(OrderRow(config, repeat_points(record, config, workload, view.metric),
                                  view.cells.get(config)) for config in comparison.configs)
            rows = tuple(row for row in rows if row.points)
            if rows:
                blocked = not record.legacy and all(p.block is not None for row in rows for p in row.points)
                charts.setdefault(workload, []).append(
                    OrderChart(workload, view.metric, view.unit, view.better, rows, blocked))
    return charts


def scale_cell(value, low: float, high: float, cells: int) -> int:
    """``value``'s cell among ``cells`` + 1 equal steps from ``low`` to ``high`` (clamped); 0 for
    a figure that is not a number. The bar charts (from 0) and the repeat-order chart share it."""
    if not finite(value) or high <= low:
        return 0
    return max(0, min(cells, round((float(value) - low) / (high - low) * cells)))


def _columns(slots: int) -> list[int | None]:
    """The slot shown in each character column; None for the gap after every GROUP slots."""
    columns: list[int | None] = []
    for slot in range(1, slots + 1):
        columns.append(slot)
        if slot % GROUP == 0 and slot != slots:
            columns.append(None)
    return columns


def median_and_interval(summary: Summary | None, unit: str) -> str:
    """"15.44 [15.17, 15.85] MB/s": what stands beside a row."""
    if summary is None or not summary.n:
        return "no figures"
    text = fmt_value(summary.median)
    if finite(summary.median_low) and finite(summary.median_high):
        text += f" [{fmt_value(summary.median_low)}, {fmt_value(summary.median_high)}]"
    return text + (f" {unit}" if unit else "")


def order_lines(chart: OrderChart, width: int = 80, baseline: str = "") -> list[Text]:
    """The chart as Rich text lines for a terminal ``width`` wide: a head, a block ruler, a row
    per configuration (a character per repeat, the median and interval beside it)."""
    arrow = {HIGHER: "↑ higher is better", LOWER: "↓ lower is better"}.get(chart.better, "")
    head = Text(chart.metric, style="bold")
    if chart.unit:
        head.append(f" ({chart.unit})", style="dim")
    if arrow:
        head.append(f"  {arrow}", style="dim")
    lines = [head]
    span = chart.span
    if span is None:
        return lines + [Text("  no figures: every repeat failed", style="dim")]
    low, high = span
    scale = Text("  ", style="dim")
    scale.append(f"{LEVELS[0]} {fmt_value(low)} … {LEVELS[-1]} {fmt_value(high)}"
                 + (f" {chart.unit}" if chart.unit else ""), style="dim")
    scale.append("   blocks in run order" if chart.blocked else f"   {LEGACY_LABEL}", style="dim")
    lines.append(scale)
    columns = _columns(chart.slots)
    name_width = min(14, max(len(row.config) for row in chart.rows))
    ruler = Text(" " * (name_width + 2), style="dim")
    marks = [" "] * len(columns)
    free = 0  # the first column a label may use: labels keep a space between them
    for index, slot in enumerate(columns):
        if slot is not None and (slot == 1 or slot % GROUP == 0 or slot == chart.slots):
            label = str(slot)
            start = index - len(label) + 1  # the number ends above its column
            if start >= free:
                marks[start:index + 1] = list(label)
                free = index + 2
    ruler.append("".join(marks).rstrip())
    lines.append(ruler)
    figure_width = len(columns)
    for row in chart.rows:
        by_slot = {p.slot: p for p in row.points}
        name = row.config if len(row.config) <= name_width else row.config[: name_width - 1] + "…"
        line = Text(" ")
        line.append(f"{name:<{name_width}} ", style="bold" if row.config == baseline else "")
        for slot in columns:
            point = by_slot.get(slot) if slot is not None else None
            if point is None:
                line.append(" ")
            elif point.state == FAILED:
                line.append(MARKS[FAILED], style=MARK_STYLE[FAILED])
            elif point.state == DROPPED:
                line.append(MARKS[DROPPED], style=MARK_STYLE[DROPPED])
            else:
                line.append(LEVELS[scale_cell(point.value, low, high, len(LEVELS) - 1)
                                   if high > low else len(LEVELS) // 2])
        beside = median_and_interval(row.summary, chart.unit)
        if 1 + name_width + 1 + figure_width + 2 + len(beside) <= width:
            line.append(f"  {beside}", style="cyan")
            lines.append(line)
        else:  # no room beside it: under it, indented like the figures
            lines.append(line)
            lines.append(Text(" " * (name_width + 2) + beside, style="cyan"))
    return lines


__all__ = ["COUNTED", "DROPPED", "FAILED", "LEGACY_LABEL", "LEVELS", "MARKS", "ORDER_LEGEND", "OrderChart",
           "OrderRow", "Point", "median_and_interval", "order_charts", "order_lines", "repeat_points", "scale_cell"]
