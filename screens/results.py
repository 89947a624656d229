"""Step 8 of the wizard: what a run showed, the answer first.

``ResultsScreen(record, comparison, services)`` shows, for a ``fstune.results.records.RunRecord``
and its ``fstune.results.compare.Comparison`` (``compare_runs([record])``), in one vertical scroll:

- the headline (``fstune.reports.headline``, drawn by ``fstune.reports.terminal.headline_text``):
  one line per variant with the primary metric's verdict and interval and the secondary metrics
  in a word, then the caveats (environment, one disk, legacy, dropped blocks, cap, drift, warm
  caches, failed repeats) — the first screen at 80×24 answers the question;
- the configurations and what each variant changes against the baseline (option diff);
- one table per workload: per metric every configuration's median ± standard deviation, n, the
  change against the baseline and the verdict with its interval and smallest detectable change
  (a legacy run: Welch's p and the legacy verdict) — the same cells as ``fstune results show``
  (``fstune.reports.terminal``); for a blocked run with several variants, every pair on the
  primary metric;
- for a seed study, what the original experiment found beside this run's figure and whether
  they agree (``fstune.reports.expected``, through ``terminal.expected_table``);
- a bar chart per metric (``screens.charts.MetricChart``), median with its 95 % interval;
- a repeat-order chart per metric (``fstune.reports.repeat_order``): every repeat in run order,
  one row per configuration, beside its median and interval;
- the notes on what the figures rest on;
- exports (m/c/j/h: Markdown, CSV, JSON, HTML, written by ``fstune.reports.reports`` into the
  current directory, in a thread) and "open in history" (o: the stored run id and the commands).

The arrows and page keys scroll; t, g, r and n jump to the tables, the charts, the repeat order
and the notes (the line under the headline says so).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from fstune.errors import FstuneError
from fstune.reports import reports
from fstune.results.compare import Comparison
from fstune.results.records import RunRecord
from fstune.reports.headline import headline
from fstune.reports.repeat_order import order_charts
from fstune.reports.terminal import (STATUS_STYLE, OrderChartView, configuration_rows, expected_table,
                                     headline_text, narrow_table, order_legend, pair_table, workload_table)
from fstune.reports.views import CELLS_NOTE, MetricView, figure_notes, metric_views, verdict_note
from fstune.units import format_span
from fstune.util.files import write_output

from .charts import LEGEND, MetricChart

FORMAT_NAMES = {"md": "Markdown", "csv": "CSV", "json": "JSON", "html": "HTML", "ansible": "Ansible"}


def export_name(record: RunRecord, fmt: str) -> str:
    """``fstune-run-7.html`` for a stored run; the study and start time for one that is not."""
    suffix = "md" if fmt == "md" else fmt
    if record.id is not None:
        return f"fstune-run-{record.id}.{suffix}"
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(record.started))
    return f"fstune-{record.study}-{stamp}.{suffix}"


JUMPS = Text("Below: t tables · g charts · r repeat order · n notes; Home: back here")


class Exported(Message):
    """An export finished (in its thread): where it went, or why it could not be written."""

    def __init__(self, fmt: str, path: Path | None, error: str | None = None) -> None:
        super().__init__()
        self.fmt = fmt
        self.path = path
        self.error = error


class ResultsScreen(Screen):
    STEP = "Results"  # the App's help (? and F1)
    DEFAULT_CSS = """
    ResultsScreen { layout: vertical; }
    ResultsScreen #results-title { height: auto; padding: 0 1; background: $boost; }
    ResultsScreen #body { height: 1fr; padding: 0 1; }
    ResultsScreen #body > Static { margin-bottom: 1; }
    ResultsScreen #body > #headline { margin-bottom: 0; }
    ResultsScreen #jump { color: $text-muted; }
    ResultsScreen .section { text-style: bold; margin-bottom: 0; color: $accent; }
    ResultsScreen #history { display: none; border: round $accent; padding: 0 1; }
    ResultsScreen #history.shown { display: block; }
    ResultsScreen #exported { height: auto; color: $success; }
    ResultsScreen #exported.error { color: $error; }
    ResultsScreen #actions { height: 1; padding: 0 1; }
    ResultsScreen #actions Button { margin-right: 1; min-width: 10; }
    """

    BINDINGS = [
        Binding("m", "export('md')", "Markdown"),
        Binding("c", "export('csv')", "CSV"),
        Binding("j", "export('json')", "JSON"),
        Binding("h", "export('html')", "HTML"),
        Binding("a", "ansible", "Ansible"),
        Binding("o", "history", "Open in history"),
        # jumps down the long scroll (the line under the headline lists them)
        Binding("t", "jump('table-0')", "Tables", show=False),
        Binding("g", "jump('charts')", "Charts", show=False),
        Binding("r", "jump('order')", "Repeat order", show=False),
        Binding("n", "jump('notes')", "Notes", show=False),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, record: RunRecord, comparison: Comparison, services=None, *,
                 export_dir: str | Path | None = None, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.record = record
        self.comparison = comparison
        self.services = services
        self._export_dir = Path(export_dir) if export_dir is not None else None
        self.exported: dict[str, Path] = {}  # format → the file written last

    # --- what is shown -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(self._header(), id="results-title")
        with VerticalScroll(id="body"):
            yield Static(headline_text(headline([self.record], self.comparison)), id="headline")
            yield Static(JUMPS, id="jump")
            yield Static(self._configs(), id="configs")
            views = metric_views(self.comparison, [self.record])
            if not views:
                yield Static(Text("No figures: no repeat of this run produced a measurement.", style="yellow"),
                             id="no-figures")
            for number, (workload, metrics) in enumerate(views.items()):
                yield Static(self._workload_table(workload, metrics), id=f"table-{number}", classes="workload")
            if (expected := expected_table([self.record], self.comparison)) is not None:
                yield Static(expected, id="expected", classes="workload")
            if views:
                yield Static("Charts", classes="section", id="charts")
                for number, (workload, metrics) in enumerate(views.items()):
                    charts = [MetricChart(view, self.comparison.baseline, self.comparison.configs) for view in metrics]
                    yield Static(Group(Text(f"Workload: {workload}", style="bold"), *charts),
                                 id=f"chart-{number}", classes="chart")
                yield Static(Text(LEGEND, style="dim"), id="legend")
            orders = order_charts(self.record, self.comparison)
            if orders:
                yield Static("Every repeat in run order", classes="section", id="order")
                for number, (workload, charts) in enumerate(orders.items()):
                    drawn = [OrderChartView(chart, self.comparison.baseline) for chart in charts]
                    yield Static(Group(Text(f"Workload: {workload}", style="bold"), *drawn),
                                 id=f"order-{number}", classes="chart")
                yield Static(order_legend(), id="order-legend")
            pairs = pair_table(self.record) if self.comparison.pair is None else None
            if pairs is not None:
                yield Static(pairs, id="pairs", classes="workload")
            yield from self._ceiling()
            notes = self._notes()
            if notes is not None:
                yield Static(notes, id="notes")
            yield Static("", id="history")
        yield Static("", id="exported")
        with Horizontal(id="actions"):
            for fmt, label in FORMAT_NAMES.items():
                yield Button(f"{label} ({'m' if fmt == 'md' else fmt[0]})", id=f"export-{fmt}", compact=True)
            yield Button("History (o)", id="open-history", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#body").focus()

    def _header(self) -> Text:
        run = self.record
        text = Text()
        if run.id is not None:
            text.append(f"Run {run.id} · ", style="bold")
        text.append(run.study, style="bold")
        text.append(f" — {run.title}\n")
        text.append(run.status, style=STATUS_STYLE.get(run.status, "bold"))
        took = format_span(run.finished - run.started) if run.finished else "–"
        text.append(f" · took {took} · {len(self.comparison.configs)} configurations · baseline ")
        text.append(self.comparison.baseline, style="bold")
        if run.reason and run.status != "finished":
            text.append(f"\n{run.reason}", style=STATUS_STYLE.get(run.status, "bold"))
        return text

    def _configs(self) -> Table:
        """Each configuration and, for a variant, what it changes against the baseline."""
        comparison = self.comparison
        configs = {c.name: c for c in self.record.configs}
        table = narrow_table("Configurations")
        table.add_column("name", style="bold", overflow="fold")
        table.add_column("fs", no_wrap=True)
        table.add_column("journal", overflow="fold")
        table.add_column("mount options", overflow="fold")
        table.add_column("differs from the baseline", ratio=1, overflow="fold")
        for name, filesystem, journal, mount, diff in configuration_rows(comparison, configs):
            diff = Text("baseline", style="dim") if diff is None else Text(diff or "no option differs", style="cyan")
            table.add_row(name, filesystem, journal, mount, diff)
        return table

    def _workload_table(self, workload: str, metrics: list[MetricView]) -> Table:
        """Per metric: the baseline first, then each variant with its change and verdict."""
        table = workload_table(workload, metrics, self.comparison)
        table.caption = "↑ higher is better, ↓ lower is better"
        table.caption_justify = "left"
        return table

    def _ceiling(self) -> ComposeResult:
        """The rates against the raw device, when the run measured it (``fstune run --ceiling``)."""
        from fstune.reports.terminal import ceiling_text

        text = ceiling_text(self.record)
        if text is not None:
            yield Static(text, id="ceiling")

    def _notes(self) -> Group | None:
        # the caveats are in the headline at the top; here what the figures rest on
        notes = figure_notes([self.record], self.comparison)
        lines = [Text("Notes", style="bold")]
        for note in notes:
            if note.startswith("  "):
                lines.append(Text(f"    {note.strip()}", style="dim"))
            else:
                line = Text(" • ", style="yellow")
                line.append(note)
                lines.append(line)
        lines.append(Text(f"{CELLS_NOTE} {verdict_note(self.comparison)}", style="dim"))
        return Group(*lines)

    # --- actions -----------------------------------------------------------------------------

    def export_dir(self) -> Path:
        return self._export_dir if self._export_dir is not None else Path.cwd()

    def action_export(self, fmt: str) -> None:
        if fmt not in reports.EXPORTERS:
            return
        path = self.export_dir() / export_name(self.record, fmt)
        self._say(f"Writing {FORMAT_NAMES[fmt]} to {path} …")
        self._export(fmt, path)

    @work(thread=True, group="export", exit_on_error=False)
    def _export(self, fmt: str, path: Path) -> None:
        # a JSON report with every raw output can be megabytes: render and write off the UI thread
        try:
            text = reports.export([self.record], self.comparison, fmt)
            write_output(path, text)
        except FstuneError as error:
            self.post_message(Exported(fmt, None, error.message))
        except Exception as error:  # a bug in an exporter: say it, keep the screen
            self.post_message(Exported(fmt, None, f"the {FORMAT_NAMES[fmt]} report failed: {error!r}"))
        else:
            self.post_message(Exported(fmt, path))

    def action_ansible(self) -> None:
        base = self.export_dir() / f"fstune-ansible-run-{self.record.id if self.record.id is not None else 'unsaved'}"
        self._say(f"Writing an Ansible playbook per configuration to {base} …")
        self._export_ansible(base)

    @work(thread=True, group="export", exit_on_error=False)
    def _export_ansible(self, base: Path) -> None:
        # one directory per configuration: the admin deploys the one the verdicts favour
        from fstune.deploy.ansible import build_export, write_export
        from fstune.deploy.mount import default_mountpoint

        try:
            for config in self.record.configs:
                export = build_export(self.record, config.name, default_mountpoint(config.name))
                write_export(base / config.name, export.files)
        except FstuneError as error:
            self.post_message(Exported("ansible", None, error.message))
        except Exception as error:  # a bug in the generator: say it, keep the screen
            self.post_message(Exported("ansible", None, f"the Ansible export failed: {error!r}"))
        else:
            self.post_message(Exported("ansible", base))

    def on_exported(self, message: Exported) -> None:
        if message.error:
            self._say(f"Not written: {message.error}", error=True)
            self.notify(message.error, title="Export failed", severity="error")
            return
        self.exported[message.fmt] = message.path
        self._say(f"{FORMAT_NAMES[message.fmt]} report written: {message.path}")
        self.notify(str(message.path), title=f"{FORMAT_NAMES[message.fmt]} report written")

    def _say(self, text: str, error: bool = False) -> None:
        widget = self.query_one("#exported", Static)
        widget.set_class(error, "error")
        widget.update(Text(text))

    def action_history(self) -> None:
        history = self.query_one("#history", Static)
        run_id = self.record.id
        text = Text()
        if run_id is None:
            text.append("This run is not in the history", style="bold yellow")
            text.append(" (no results store in this session, or storing it failed). Export it to keep it.")
        else:
            text.append(f"Stored in the history as run {run_id}.\n", style="bold")
            text.append("See it again:      ", style="dim")
            text.append(f"fstune results show {run_id}\n")
            text.append("Against a later run: ", style="dim")
            text.append(f"fstune results compare {run_id} last\n")
            text.append("A report:          ", style="dim")
            text.append(f"fstune results export {run_id} --format html -o report.html")
        history.update(text)
        history.add_class("shown")
        history.border_title = "History"
        self.query_one("#body", VerticalScroll).scroll_to_widget(history, animate=False)

    def action_jump(self, target: str) -> None:
        """Scroll so that ``target`` (a section's widget) is at the top."""
        found = self.query(f"#{target}")
        if found:
            self.query_one("#body", VerticalScroll).scroll_to_widget(found.first(), animate=False, top=True)

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button.id or ""
        if button.startswith("export-"):
            self.action_export(button.removeprefix("export-"))
        elif button == "open-history":
            self.action_history()
