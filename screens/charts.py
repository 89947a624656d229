"""A per-metric bar chart for the terminal: one bar per configuration, its median, and the
95 % interval drawn over it.

    internal ███████████████████████▓▓▓░░              15.44 MB/s
    external ███████████████████████████▓▓▓░░          17.25 MB/s

Bars start at zero (a bar that starts elsewhere exaggerates small differences) and share one
scale per metric. ``█`` is the median; the median's own 95 % interval (order statistics, so it
stays within the figures) is shaded ``▓`` where it lies inside the bar and ``░`` where it
reaches beyond it. A Rich renderable: it takes the width it
is given, so the same chart fits 80 columns and uses the room of a larger terminal. Its scale is
``fstune.reports.repeat_order.scale_cell``, which the repeat-order chart beside it uses too.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from fstune.results.blocked import DESCRIBED
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE
from fstune.stats.verdict import Verdict
from fstune.reports.formatting import finite, fmt_value
from fstune.reports.repeat_order import scale_cell
from fstune.reports.views import MetricView

BAR_STYLE = {BETTER: "green", WORSE: "red", NOISE: "grey50", NO_DATA: "yellow", Verdict.PROBABLY_BETTER: "green",
             Verdict.PROBABLY_WORSE: "red", Verdict.NO_DIFFERENCE: "grey50", Verdict.TOO_NOISY: "grey50",
             DESCRIBED: "grey50"}
BASELINE_STYLE = "steel_blue1"
LEGEND = "█ median   ▓░ its 95 % interval   bars start at 0; green better, red worse, grey within noise"


class MetricChart:
    """The bars of one ``fstune.reports.views.MetricView`` (every configuration of one metric)."""

    def __init__(self, view: MetricView, baseline: str, configs: list[str]) -> None:
        self.view = view
        self.baseline = baseline
        self.configs = [c for c in configs if view.cells.get(c) is not None and view.cells[c].n]

    def _scale_top(self) -> float:
        top = 0.0
        for config in self.configs:
            summary = self.view.cells[config]
            for value in (summary.median, summary.median_high):
                if finite(value):
                    top = max(top, float(value))
        return top

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view = self.view
        arrow = {"higher": "↑ higher is better", "lower": "↓ lower is better"}.get(view.better, "")
        head = Text(f"{view.metric}", style="bold")
        if view.unit:
            head.append(f" ({view.unit})", style="dim")
        if arrow:
            head.append(f"  {arrow}", style="dim")
        yield head
        if not self.configs:
            yield Text("  no figures", style="dim")
            return
        width = options.max_width
        name_width = min(16, max(len(c) for c in self.configs))
        values = {c: fmt_value(view.cells[c].median) for c in self.configs}
        value_width = max(len(v) for v in values.values()) + (len(view.unit) + 1 if view.unit else 0)
        bar_width = max(8, width - name_width - value_width - 4)
        top = self._scale_top()
        for config in self.configs:
            summary = view.cells[config]
            if config == self.baseline:
                style = BASELINE_STYLE
            else:
                row = view.rows.get(config)
                style = BAR_STYLE.get(row.verdict if row else NO_DATA, "white")
            line = Text(" ")
            name = config if len(config) <= name_width else config[: name_width - 1] + "…"
            line.append(f"{name:<{name_width}} ", style="bold" if config == self.baseline else "")
            line.append_text(self._bar(summary, top, bar_width, style))
            value = values[config] + (f" {view.unit}" if view.unit else "")
            line.append(f" {value:>{value_width}}")
            yield line

    @staticmethod
    def _bar(summary, top: float, width: int, style: str) -> Text:
        def cell(value) -> int:
            return scale_cell(value, 0.0, top, width)

        median = cell(summary.median)
        if summary.median and median == 0 and finite(summary.median) and summary.median > 0:
            median = 1  # a small positive figure still shows
        low = cell(summary.median_low) if finite(summary.median_low) else None  # the median's own interval
        high = cell(summary.median_high) if finite(summary.median_high) else None
        text = Text()
        for index in range(width):
            in_bar = index < median
            in_ci = low is not None and high is not None and low <= index < max(high, low + 1)
            if in_bar and not in_ci:
                text.append("█", style=style)
            elif in_bar:
                text.append("▓", style=style)
            elif in_ci:
                text.append("░", style=style)
            else:
                text.append(" ")
        return text
