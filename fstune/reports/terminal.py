"""The comparison as Rich tables for a terminal: what `fstune results show`, `fstune run` and
the wizard's results screen print.

One table per workload (``workload_table``): per metric the baseline first, then each variant
with its median ± sd, n, change, p-value and coloured verdict; configurations are rows, so it
fits 80 columns for any number of them. ``configuration_rows`` gives the configurations' cells
for the CLI and the screen to style their own way; ``narrow_table`` is the table shape both use.
The words and numbers are the reports' own (``fstune.reports.formatting``, ``.views``).
``headline_text`` draws the headline every front end starts with (``fstune.reports.headline``),
``order_chart`` the repeat-order chart of one metric (``fstune.reports.repeat_order``).
"""

from __future__ import annotations

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from fstune.figures import HIGHER, LOWER
from fstune.filesystems import join_options
from fstune.results.blocked import DESCRIBED, NOT_YET, WAITING
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE
from fstune.reports.formatting import fmt_change, fmt_p, fmt_summary
from fstune.reports.headline import NO_VARIANT, Headline
from fstune.reports.repeat_order import ORDER_LEGEND, OrderChart, order_lines
from fstune.results.records import CANCELLED, FAILED, FINISHED
from fstune.stats.verdict import Verdict

VERDICT_STYLE = {BETTER: "bold green", WORSE: "bold red", NOISE: "dim", NO_DATA: "yellow",
                 Verdict.PROBABLY_BETTER: "green", Verdict.PROBABLY_WORSE: "red", Verdict.NO_DIFFERENCE: "dim",
                 Verdict.TOO_NOISY: "yellow", DESCRIBED: "dim", NOT_YET: "yellow", WAITING: "dim"}
STATUS_STYLE = {FINISHED: "green", FAILED: "red", CANCELLED: "yellow"}


def narrow_table(title: str) -> Table:
    """A table as fstune prints figures: no outer edge and shared padding between columns, so
    7 columns of figures fit in 80."""
    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                 collapse_padding=True)


def configuration_rows(comparison, configs: dict) -> list[tuple[str, str, str, str, str | None]]:
    """(name, filesystem, journal, mount options, what differs from the baseline — None for the
    baseline itself) for each compared configuration; the CLI and the results screen style them."""
    rows = []
    for name in comparison.configs:
        config = configs.get(name)
        if config is None:
            continue
        journal = config.journal + (f" on {config.log_device}" if config.log_device else "")
        mount = join_options(list(config.mount_options)) or "defaults"
        diff = None if name == comparison.baseline else comparison.option_diffs.get(name, "")
        rows.append((name, config.filesystem, journal, mount, diff))
    return rows


def _verdict(row) -> tuple[str, str]:
    """The verdict, coloured (with, for a blocked run, its interval and the smallest detectable
    change below it; for a legacy run, the legacy mark), and its p-value (legacy runs only)."""
    if row is None:
        return f"[{VERDICT_STYLE[NO_DATA]}]{NO_DATA}[/]", ""
    style = VERDICT_STYLE.get(row.verdict, "")
    text = f"[{style}]{escape(row.verdict)}[/]" if style else escape(row.verdict)
    judgement = row.judgement
    if judgement is not None:
        if judgement.qualifier:
            text += f"\n[dim]{escape(judgement.qualifier)}[/]"
        if judgement.role != "description" or judgement.change is not None:
            text += f"\n[dim]{escape(judgement.interval_text())}[/]"
        if judgement.role != "description" and judgement.detectable_text():
            text += f"\n[dim]{escape(judgement.detectable_text())}[/]"
        if judgement.role == "secondary":
            text += "\n[dim]secondary[/]"
    elif row.legacy:
        text += "\n[dim]legacy[/]"
    return text, fmt_p(row.p_value).replace("p=", "").replace("p", "")


def _metric_label(metric: str, unit: str, better: str) -> str:
    # "dbench.throughput_mbs" is split at its dot so the column stays narrow enough for 80
    # columns; the unit and the better direction go on the last line
    head, dot, tail = metric.partition(".")
    name = f"{escape(head)}.\n{escape(tail)}" if dot and len(metric) > METRIC_WIDTH else escape(metric)
    arrow = {HIGHER: "↑", LOWER: "↓"}.get(better, "?")
    return f"{name}\n[dim]{escape(unit)} {arrow}[/]" if unit else f"{name} {arrow}"


METRIC_WIDTH = 16


def workload_table(workload: str, metrics: list, comparison) -> Table:
    """One workload's figures: per metric the baseline first, then each variant with its change,
    p-value and verdict. Configurations are rows, so it fits 80 columns for any number of them.
    Shared by `fstune results`, `fstune run` and the wizard's results screen."""
    table = narrow_table(f"Workload: {workload}")
    table.add_column("metric", overflow="fold", max_width=max(METRIC_WIDTH, 20))
    table.add_column("config", overflow="fold", max_width=16)
    table.add_column("median ± sd", justify="right", no_wrap=True)
    table.add_column("n", justify="right", no_wrap=True)
    table.add_column("change", justify="right", no_wrap=True)
    legacy = getattr(comparison, "legacy", True)
    if legacy:  # a p value belongs to the legacy rule; a blocked run shows its interval instead
        table.add_column("p", justify="right", no_wrap=True)
    table.add_column("verdict", no_wrap=True)
    for view in metrics:
        shown = [c for c in comparison.configs
                 if c == comparison.baseline or view.cells.get(c) is not None or c in view.rows]
        for index, config in enumerate(shown):
            summary = view.cells.get(config)
            is_base = config == comparison.baseline
            row = view.rows.get(config)
            verdict, p = ("[dim]baseline[/]", "") if is_base else _verdict(row)
            cells = [
                _metric_label(view.metric, view.unit, view.better) if index == 0 else "",
                f"[bold]{escape(config)}[/]" if is_base else escape(config),
                fmt_summary(summary, n=False),
                str(summary.n) if summary else "0",
                "" if is_base else fmt_change(row.change_pct if row else None),
            ]
            table.add_row(*cells, *((p,) if legacy else ()), verdict, end_section=index == len(shown) - 1)
    return table


def pair_table(record) -> Table | None:
    """Every pair of a blocked run's configurations on the primary metric (A the reference), for a
    run with more than one variant; None otherwise. ``fstune results compare RUN --pair A B``
    shows one pair in full."""
    from itertools import combinations

    from fstune.results.compare import compare_runs

    names = [config.name for config in record.configs]
    primary = (record.design or {}).get("primary") or {}
    if record.legacy or len(names) < 3 or not primary.get("metric"):
        return None
    table = narrow_table(f"Every pair on the primary metric ({primary.get('workload')} {primary.get('metric')})")
    table.add_column("reference", overflow="fold", max_width=16)
    table.add_column("against", overflow="fold", max_width=16)
    table.add_column("verdict", overflow="fold")
    for reference, other in combinations(names, 2):
        comparison = compare_runs([record], pair=(reference, other))
        row = next((r for r in comparison.rows if r.metric == primary.get("metric")
                    and r.workload == primary.get("workload")), None)
        text, _p = _verdict(row)
        table.add_row(escape(reference), escape(other), text.replace("\n", " · "))
    return table


def headline_text(found: Headline) -> Group:
    """The headline: a line per variant, its verdict word coloured, then each caveat (wrapped
    lines keep their indent)."""
    head = Text("In short", style="bold")
    head.append(f" — each variant against {found.baseline}", style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for variant in found.lines:
        line = Text()
        line.append(variant.config, style="bold")
        line.append(f": {variant.primary}")
        if variant.others:
            line.append(f"; {variant.others}", style="dim")
        line.highlight_words([f", {variant.verdict}"], VERDICT_STYLE.get(variant.verdict, "bold"))
        grid.add_row(Text("▸"), line)
    if not found.lines:
        grid.add_row(Text("▸"), Text(NO_VARIANT))
    for caveat in found.caveats:
        grid.add_row(Text("•", style="yellow"), Text(caveat))
    return Group(head, grid)


class OrderChartView:
    """One metric's repeat-order chart as a Rich renderable: it takes the width it is given."""

    def __init__(self, chart: OrderChart, baseline: str = "") -> None:
        self.chart = chart
        self.baseline = baseline

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from order_lines(self.chart, options.max_width, self.baseline)


def order_legend() -> Text:
    return Text(ORDER_LEGEND, style="dim")


def expected_table(runs, comparison) -> Table | None:
    """What the original experiment found beside this run's figure, and whether they agree
    (fstune/reports/expected.py); None when the study carries no expected outcomes."""
    from fstune.reports.expected import AGREES, CANNOT_SHOW, CANNOT_TELL, LARGER, OPPOSITE, SMALLER, outcomes_for

    style = {AGREES: "bold green", SMALLER: "bold magenta", LARGER: "bold magenta", OPPOSITE: "bold red",
             CANNOT_TELL: "yellow", CANNOT_SHOW: "dim"}
    outcomes = outcomes_for(runs, comparison)
    if not outcomes:
        return None
    table = narrow_table("Expected: what the original experiment found, beside yours")
    table.add_column("pair · figure", overflow="fold", max_width=18)
    table.add_column("the original measurement", overflow="fold", ratio=1)
    table.add_column("yours", overflow="fold", max_width=16)
    table.add_column("agreement", overflow="fold", max_width=18)
    for outcome in outcomes:
        e = outcome.expectation
        figures = f" ({escape(outcome.figures)})" if outcome.figures else ""
        said = "".join(f"\n[dim]{escape(line)}[/]" for line in (outcome.reason, outcome.alone and
                                                                 f"the verdict alone: {outcome.alone}") if line)
        # the study's reason for a difference in size: in the wide column, on the judgement's row
        reason = outcome.likely()
        likely = f"\n[{style[outcome.agreement]}]likely reason:[/] {escape(reason)}" if reason else ""
        table.add_row(f"{escape(outcome.pair)}:\n{escape(outcome.metric_title)}",
                      f"{escape(outcome.original())}\n[dim]{escape(e.reference)}"
                      + (f". {escape(e.note)}" if e.note else "") + "[/]" + likely,
                      escape(outcome.yours()),
                      f"[{style[outcome.agreement]}]{escape(outcome.headline())}[/]{figures}{said}", end_section=True)
    return table


def ceiling_text(record):
    """The run's rates against its raw device (fstune/reports/ceiling.py) as Rich text for
    `fstune results show` and the results screen; None when the run did not measure it."""
    from rich.text import Text

    from fstune.reports.ceiling import ceiling_lines

    lines = ceiling_lines(record)
    if not lines:
        return None
    text = Text("The ceiling: the raw device before the first mkfs\n", style="bold")
    for line in lines[:-1]:
        text.append(f" • {line}\n", style="")
    text.append(lines[-1], style="dim")
    return text


__all__ = ["STATUS_STYLE", "OrderChartView", "ceiling_text", "expected_table", "headline_text", "order_legend",
           "pair_table", "VERDICT_STYLE", "configuration_rows", "narrow_table", "workload_table"]
