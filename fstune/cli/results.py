"""``fstune results list|show|compare|export`` — the history of runs and what they showed."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from fstune.cli.merge import MERGE_DESCRIPTION, run_merge
from fstune.errors import UsageError
from fstune.reports import classroom, classroom_report, reports
from fstune.results.compare import compare_runs, side_by_side
from fstune.reports.formatting import fmt_time, iso_time
from fstune.results.records import FINISHED, RunRecord
from fstune.results.store import RunNotFound, Store, store_path
from fstune.reports.headline import headline
from fstune.reports.repeat_order import order_charts
from fstune.reports.terminal import (STATUS_STYLE, OrderChartView, configuration_rows, expected_table,
                                     headline_text, narrow_table, order_legend, pair_table, workload_table)
from fstune.reports.views import (CELLS_NOTE, device_summary, env_summary, figure_notes, honest_notes, metric_views,
                                  tool_versions, verdict_note)
from fstune.units import format_span
from fstune.util.files import write_output

DESCRIPTION = """\
Every run fstune measures is kept, with its environment, in a SQLite database under
$XDG_STATE_HOME/fstune/ (~/.local/state/fstune/; FSTUNE_STATE_DIR moves it).

  fstune results list                  the stored runs, newest first
  fstune results show RUN              one run: setup, environment, verdicts
  fstune results compare RUN [RUN …]   several runs' configurations side by side
                                       (the same study on other days or machines)
  fstune results compare RUN --pair A B
                                       two configurations of one run against each other
                                       (A is the reference), not only against the baseline
  fstune results recompute RUN [RUN …] [--save]
                                       re-parse the stored raw outputs with today's
                                       parsers and judge again; --save keeps the result
                                       as a new run naming its source
  fstune results export RUN [RUN …] --format md|csv|json|html [--output FILE]
  fstune results merge FILE [FILE …] [--format md|html|csv|json] [--output FILE]
                                       a workshop's JSON exports from many machines
                                       as one table per metric, with the spread

RUN is a run id from the list, or "last".
"""

RATIO_HELP = ("also show each change as a ratio of arithmetic means with its 95 %% interval, described, not "
              "judged: the percent beside a verdict is a ratio of geometric means, which reads a wider spread at "
              "the same mean as a small loss")


def add_parser(sub, formatter_class) -> None:
    parser = sub.add_parser("results", help="stored runs: list, show, compare, export; merge a class's exports", description=DESCRIPTION,
                            formatter_class=formatter_class)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")

    listing = actions.add_parser("list", help="the stored runs, newest first", formatter_class=formatter_class)
    listing.add_argument("--json", action="store_true", help="print machine-readable JSON")
    listing.add_argument("--limit", type=int, default=50, metavar="N", help="show the newest N runs (0: all; default 50)")
    listing.set_defaults(func=run_list)

    show = actions.add_parser("show", help="one run: setup, environment and verdicts", formatter_class=formatter_class)
    show.add_argument("run", metavar="RUN", help='a run id, or "last"')
    show.add_argument("--ratio-of-means", action="store_true", help=RATIO_HELP)
    show.set_defaults(func=run_show)

    compare = actions.add_parser("compare", help="several runs' configurations side by side",
                                 formatter_class=formatter_class,
                                 description="Treats every run's configurations as columns of one comparison. "
                                 "Names that occur in more than one run are prefixed with the run id (3:internal); "
                                 "the first run's baseline is the baseline. Only configurations of the baseline's "
                                 "run get a verdict by the paired method (docs/verdicts.md): blocks of different "
                                 "runs cannot be paired, so the others are described. With --pair A B, any two "
                                 "configurations are compared with each other (A as the reference), with the same "
                                 "method and the alpha every comparison of that run has.")
    compare.add_argument("runs", nargs="+", metavar="RUN", help='run ids, or "last"')
    compare.add_argument("--allow-different-params", action="store_true",
                         help="compare runs measured with other workload parameters, repeat rules, study "
                         "version or devices (refused otherwise); the differences are listed")
    compare.add_argument("--pair", nargs=2, metavar=("A", "B"),
                         help="compare configuration B against configuration A (names as 'fstune results show' "
                              "lists them) instead of every variant against the baseline")
    compare.add_argument("--ratio-of-means", action="store_true", help=RATIO_HELP + " (the baseline's run, or the --pair)")
    compare.set_defaults(func=run_compare)

    again = actions.add_parser(
        "recompute", help="re-parse stored raw outputs and judge again with today's method",
        formatter_class=formatter_class,
        description="Every repeat keeps the tools' own outputs. This parses them again with today's parsers, "
        "judges the run again with today's method (docs/verdicts.md) and prints the old and the new verdict "
        "side by side. Nothing is stored unless --save: then the recomputed run is stored as a new run whose "
        "settings and warnings name the run it came from; the original stays as it was measured. Wall times "
        "(the runner's clock) are carried over; repeats that failed stay failed.")
    again.add_argument("runs", nargs="+", metavar="RUN", help='run ids, or "last"')
    again.add_argument("--save", action="store_true", help="store each recomputed run as a new run")
    again.set_defaults(func=run_recompute)

    exporter = actions.add_parser("export", help="write a report: Markdown, CSV, JSON or HTML",
                                  formatter_class=formatter_class)
    exporter.add_argument("runs", nargs="+", metavar="RUN", help='run ids, or "last"')
    exporter.add_argument("--format", choices=reports.FORMATS,
                          help="the report's format (default: from --output's suffix)")
    exporter.add_argument("--output", "-o", metavar="FILE",
                          help="write to FILE instead of standard output; a folder (e.g. '.') gets a file named "
                          "after the study, host, machine, run and start time, unique to this machine and run")
    exporter.add_argument("--allow-different-params", action="store_true",
                          help="put runs measured with other workload parameters, repeat rules, study version or "
                          "devices side by side (refused otherwise); the differences are listed in the notes")
    exporter.add_argument("--ratio-of-means", action="store_true",
                          help=RATIO_HELP + " (md and json; the first run's pairs)")
    exporter.set_defaults(func=run_export)

    merger = actions.add_parser("merge", help="a class's exports from many machines as one table per metric",
                                description=MERGE_DESCRIPTION, formatter_class=formatter_class)
    merger.add_argument("files", nargs="+", metavar="FILE",
                        help="JSON files written by 'fstune results export RUN --format json'")
    merger.add_argument("--format", choices=classroom_report.FORMATS,
                        help="md (Markdown), html (one self-contained page with charts), csv (a row per "
                        "metric, machine and configuration) or json; default: from --output's suffix, else md")
    merger.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")
    merger.add_argument("--label", action="append", default=[], metavar="FILE=NAME",
                        help="show FILE's machine as NAME instead of its hostname (repeat for more files)")
    merger.add_argument("--allow-different-params", action="store_true",
                        help="merge runs measured with other workload parameters, repeat rules, study version, "
                        "devices or configurations (--configs, --option, mkfs options) than most machines "
                        "(refused otherwise); their rows are marked \"(other settings)\" and left out of the "
                        "pooled figures and the verdict counts")
    merger.add_argument("--title", metavar="TEXT", default=classroom.CLASS_HEADING,
                        help="the report's heading, followed by the study's name (default: \"%(default)s\"; "
                        "the fleet study's playbook passes \"fstune fleet results\")")
    merger.set_defaults(func=run_merge)

    parser.set_defaults(func=run_list, json=False, limit=50)  # plain `fstune results` lists


# --- helpers ------------------------------------------------------------------------------


def _parse_run(text: str, store: Store | None) -> int:
    if text.lower() in ("last", "latest"):
        latest = store.latest_id() if store else None
        if latest is None:
            raise RunNotFound(f"no runs are stored yet (in {store_path()}).", "Measure a study with 'fstune run'.")
        return latest
    try:
        number = int(text)
    except ValueError:
        raise UsageError(f"'{text}' is not a run id; give the number 'fstune results list' shows, or \"last\".") from None
    if number < 1:
        raise UsageError(f"'{text}' is not a run id; run ids start at 1.")
    return number


def _open_store() -> Store | None:
    """The store, or None when nothing was ever stored (a read does not create the database)."""
    return Store() if store_path().exists() else None


def load_runs(texts: list[str]) -> list[RunRecord]:
    """The stored runs named by ``texts`` (ids or "last"); also what ``fstune export`` loads."""
    store = _open_store()
    try:
        ids = [_parse_run(t, store) for t in texts]
        if store is None:
            raise RunNotFound(f"there is no run {ids[0]}: no runs are stored yet (in {store_path()}).",
                              "Measure a study with 'fstune run'.")
        return [store.load_run(i) for i in ids]
    finally:
        if store is not None:
            store.close()


def _console() -> Console:
    return Console(highlight=False)


def _run_header(console: Console, run: RunRecord) -> None:
    status = f"[{STATUS_STYLE.get(run.status, 'bold')}]{run.status}[/]"
    console.print(f"[bold]Run {run.id}[/] · [bold]{escape(run.study)}[/] — {escape(run.title)}")
    took = format_span(run.finished - run.started) if run.finished else "–"
    env = run.environment
    console.print(f"{status} · started {fmt_time(run.started)} · took {took} · host {escape(run.hostname)} · "
                  f"kernel {escape(str(env.get('kernel') or '?'))}")
    if run.reason and run.status != FINISHED:
        console.print(f"[{STATUS_STYLE.get(run.status, 'bold')}]{escape(run.reason)}[/]")


def _environment(console: Console, run: RunRecord) -> None:
    env = run.environment
    rows = [(k, v) for k, v in env_summary(env) if k not in ("host",)]
    table = Table(box=None, show_header=False, pad_edge=False, title="Environment", title_justify="left")
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for key, value in rows:
        table.add_row(key, escape(value))
    for device in run.devices:
        table.add_row(f"{device.role} device", f"{escape(device.path)}: {escape(device_summary(device))}")
    for tool, version in tool_versions(env):
        style = "yellow" if version == "not installed" else ""
        table.add_row(escape(tool), f"[{style}]{escape(version)}[/]" if style else escape(version))
    console.print(table)


def _configs_table(console: Console, runs: list[RunRecord], comparison) -> None:
    together = side_by_side(runs)
    configs = {c.name: c for c in together.configs}
    origin = {c.name: c.run_id for c in together.columns}
    table = narrow_table("Configurations")
    table.add_column("name", style="bold", overflow="fold")
    if len(runs) > 1:
        table.add_column("run", justify="right")
    table.add_column("fs", no_wrap=True)
    table.add_column("journal", overflow="fold")
    table.add_column("mount options", overflow="fold")
    table.add_column("differs from the baseline", ratio=1, overflow="fold")
    for name, filesystem, journal, mount, diff in configuration_rows(comparison, configs):
        diff = "[dim]baseline[/]" if diff is None else escape(diff)
        cells = [escape(name)]
        if len(runs) > 1:
            cells.append(str(origin.get(name, "")))
        cells += [escape(filesystem), escape(journal), escape(mount), diff]
        table.add_row(*cells)
    console.print(table)
    console.print()
    commands = [(name, argv) for name in comparison.configs for argv in together.mkfs_argv.get(name, [])]
    if commands:
        console.print("[bold]mkfs commands as they ran[/]")
        for name, argv in commands:
            console.print(f"  [dim]{escape(name)}:[/] {escape(' '.join(argv))}", soft_wrap=False, overflow="fold")
        console.print()


def _comparison_tables(console: Console, runs: list[RunRecord], comparison) -> None:
    """One table per workload; a metric's configurations are rows (baseline first), so the
    table stays within 80 columns however many variants there are."""
    views = metric_views(comparison, runs)
    if not views:
        console.print("[yellow]No figures: no repeat of this run produced a measurement.[/]")
        return
    for workload, metrics in views.items():
        table = workload_table(workload, metrics, comparison)
        console.print(table)
        console.print()
    console.print(f"[dim]↑ higher is better, ↓ lower is better. {escape(CELLS_NOTE)} "
                  f"{escape(verdict_note(comparison))}[/]")


def _notes(console: Console, runs: list[RunRecord], comparison, caveats: bool = True) -> None:
    # without the caveats when the headline has said them
    notes = honest_notes(runs, comparison) if caveats else figure_notes(runs, comparison)
    if not notes:
        return
    console.print("[bold]Notes[/]")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for note in notes:
        if note.startswith("  "):
            grid.add_row("", f"[dim]  {escape(note.strip())}[/]")
        else:
            grid.add_row(" [yellow]•[/]", escape(note))
    console.print(grid)


# --- the actions ----------------------------------------------------------------------------


def run_list(args) -> int:
    if args.limit < 0:
        raise UsageError("--limit must be 0 (all) or more.")
    store = _open_store()
    summaries = []
    if store is not None:
        with store:
            summaries = store.list_runs(args.limit or None)
    if args.json:
        print(json.dumps([{
            "id": s.id, "study": s.study, "title": s.title, "status": s.status, "reason": s.reason,
            "started": iso_time(s.started), "finished": iso_time(s.finished), "hostname": s.hostname,
            "kernel": s.kernel, "baseline": s.baseline, "configs": list(s.configs), "repeats_ok": s.repeats_ok,
            "repeats_failed": s.repeats_failed, "warm": s.warm,
        } for s in summaries], indent=2))
        return 0
    console = _console()
    if not summaries:
        console.print(f"No runs stored yet (in {escape(str(store_path()))}). Measure a study with "
                      "[bold]fstune run[/]; its results are kept here.")
        return 0
    table = narrow_table("Stored runs (newest first)")
    table.add_column("id", justify="right", style="bold", no_wrap=True)
    table.add_column("started · host", no_wrap=True)
    table.add_column("study", overflow="fold")
    table.add_column("configs", overflow="fold")
    table.add_column("repeats", justify="right", no_wrap=True)
    table.add_column("status", no_wrap=True)
    for s in summaries:
        repeats = str(s.repeats_ok) + (f"\n[red]{s.repeats_failed} failed[/]" if s.repeats_failed else "")
        status = f"[{STATUS_STYLE.get(s.status, '')}]{s.status}[/]" + ("\n[yellow]warm cache[/]" if s.warm else "")
        # one configuration per line: names stay whole however narrow the terminal
        configs = "\n".join(f"[bold]{escape(c)}[/]" if c == s.baseline else escape(c) for c in s.configs)
        started = fmt_time(s.started).rsplit(" ", 1)[0] if s.started else "–"
        table.add_row(str(s.id), f"{started}\n[dim]{escape(s.hostname)}[/]", escape(s.study), configs, repeats,
                      status, end_section=True)
    console.print(table)
    console.print("[dim]Baselines in bold. Details: fstune results show ID; several: fstune results compare ID ID.[/]")
    return 0


def show_comparison(console: Console, runs: list[RunRecord], comparison, headline_shown: bool = False) -> None:
    """The configurations, the before-and-after tables, every pair (a blocked run with several
    variants), one run's repeats in run order, and the honest notes (caveats first, unless the
    headline said them)."""
    _configs_table(console, runs, comparison)
    _comparison_tables(console, runs, comparison)
    if (expected := expected_table(runs, comparison)) is not None:  # beside the original experiment's
        console.print(expected)
    pairs = pair_table(runs[0]) if len(runs) == 1 and comparison.pair is None else None
    if pairs is not None:
        console.print(pairs)
        console.print("[dim]One pair in full: fstune results compare RUN --pair A B[/]")
    console.print()
    if headline_shown and len(runs) == 1:
        _repeat_order(console, runs[0], comparison)
    _notes(console, runs, comparison, caveats=not headline_shown)


def _repeat_order(console: Console, run: RunRecord, comparison) -> None:
    """Every repeat in the order it ran, per metric (``fstune.reports.repeat_order``)."""
    charts = order_charts(run, comparison)
    if not charts:
        return
    console.print("[bold]Every repeat in run order[/]")
    for workload, found in charts.items():
        console.print(f"[bold]Workload: {escape(workload)}[/]")
        for chart in found:
            console.print(OrderChartView(chart, comparison.baseline))
    console.print(order_legend())
    console.print()


def _ceiling(console: Console, run: RunRecord) -> None:
    from fstune.reports.terminal import ceiling_text

    text = ceiling_text(run)
    if text is not None:
        console.print(text)
        console.print()


def run_show(args) -> int:
    (run,) = load_runs([args.run])
    comparison = compare_runs([run])
    console = _console()
    _run_header(console, run)
    console.print()
    if run.design.get("screening"):  # a screening run: its effects, not a comparison of its design's runs
        from fstune.cli.screen import show_screening

        show_screening(console, run, run.id)
        console.print()
        _environment(console, run)
        return 0
    console.print(headline_text(headline([run], comparison)))  # the answer first
    console.print()
    show_comparison(console, [run], comparison, headline_shown=True)
    if args.ratio_of_means:
        _ratio_of_means(console, run)
    console.print()
    _ceiling(console, run)
    _environment(console, run)
    return 0


def refuse_different_settings(runs: list[RunRecord], allow: bool) -> None:
    """Runs measured with other settings than the first are refused unless ``allow``; when
    allowed, every report lists the differences among its notes (``views.settings_notes``)."""
    from fstune.reports.views import settings_notes

    found = settings_notes(runs)
    if found and not allow:
        raise UsageError(" ".join(found).replace("Measured with other settings", "The runs were not measured with "
                                                 "the same settings", 1),
                         "Put side by side only runs made with the same settings, or pass "
                         "--allow-different-params to do it anyway; the differences are then listed in the notes.")


def run_compare(args) -> int:
    runs = load_runs(args.runs)
    refuse_different_settings(runs, args.allow_different_params)
    pair = tuple(args.pair) if args.pair else None
    comparison = compare_runs(runs, pair=pair)
    console = _console()
    for run in runs:
        _run_header(console, run)
    if pair:
        console.print(f"Pair: [bold]{escape(pair[1])}[/] against [bold]{escape(pair[0])}[/] (the reference)")
    else:
        console.print(f"Baseline: [bold]{escape(comparison.baseline)}[/] (run {runs[0].id}'s baseline)")
    console.print()
    _configs_table(console, runs, comparison)
    _comparison_tables(console, runs, comparison)
    if args.ratio_of_means:  # pairs exist only inside one run: the baseline's (or the --pair's)
        _ratio_of_means(console, _pair_run(runs, pair), pair)
    _notes(console, runs, comparison)
    return 0


def _pair_run(runs: list[RunRecord], pair: tuple[str, str] | None) -> RunRecord:
    if pair is None:
        return runs[0]
    for run in runs:  # a pair named "7:b" or plainly "b": the run holding both configurations
        names = {c.name for c in run.configs} | {f"{run.id}:{c.name}" for c in run.configs}
        if set(pair) <= names:
            return run
    return runs[0]


def _ratio_of_means(console: Console, run: RunRecord, pair: tuple[str, str] | None = None) -> None:
    """The ratio of arithmetic means of each pair, described (``fstune.reports.ratio``)."""
    from fstune.reports.ratio import EXPLAINED, ratio_rows

    if pair is not None:
        pair = tuple(name.split(":", 1)[1] if name.startswith(f"{run.id}:") else name for name in pair)
    rows = ratio_rows(run, pair)
    console.print()
    if not rows:
        console.print("[yellow]Ratio of arithmetic means: not available: the run was not measured in blocks, or "
                      "none of its figures is compared as a ratio.[/]")
        return
    table = narrow_table(f"Run {run.id}: the ratio of arithmetic means (described, not judged)")
    table.add_column("pair · figure", overflow="fold", max_width=34)
    table.add_column("mean over mean [95 %] (geometric)", overflow="fold")
    for row in rows:
        table.add_row(f"{escape(row.config)} vs {escape(row.reference)} · {escape(row.workload)}:{escape(row.metric)}",
                      escape(row.text()))
    console.print(table)
    console.print(f"[dim]{escape(EXPLAINED)}[/]")


def run_recompute(args) -> int:
    from fstune.results.recompute import recompute, saved_copy
    from fstune.reports.views import verdict_text

    runs = load_runs(args.runs)
    console = _console()
    for run in runs:
        done = recompute(run)
        _run_header(console, run)
        table = narrow_table(f"Run {run.id}: the verdicts as stored, and today")
        table.add_column("variant · metric", overflow="fold", max_width=28)
        table.add_column("before", overflow="fold")
        table.add_column("now", overflow="fold")
        now = {(r.config, r.workload, r.metric): r for r in done.after.rows}
        for old in done.before.rows:
            new = now.get((old.config, old.workload, old.metric))
            if not (old.judged or (new is not None and new.judged) or (new and new.verdict != old.verdict)):
                continue  # a description both times
            before, after = verdict_text(old), verdict_text(new)
            style = "" if before == after else "bold"
            table.add_row(f"{escape(old.config)} · {escape(old.metric)}", escape(before),
                          f"[{style}]{escape(after)}[/]" if style else escape(after))
        console.print(table)
        console.print(f"{done.changed_figures} of {done.figures} figures changed when parsed again.")
        for line in done.newly_failed:
            console.print(f" [yellow]•[/] no longer parses: {escape(line)}")
        for note in done.notes:
            console.print(f" [yellow]•[/] {escape(note)}")
        if args.save:
            store = Store()
            with store:
                new_id = store.save_run(saved_copy(done))
            console.print(f"Stored as run [bold]{new_id}[/] (recomputed from run {run.id}).")
        else:
            console.print("[dim]Nothing stored; --save keeps it as a new run.[/]")
        console.print()
    return 0


def run_export(args) -> int:
    fmt = args.format
    if fmt is None and args.output:
        fmt = reports.SUFFIXES.get(Path(args.output).suffix.lower())
    if fmt is None:
        raise UsageError("say which format to export: --format md, csv, json or html"
                         + (" (the --output suffix does not tell)." if args.output else "."))
    if args.ratio_of_means and fmt not in ("md", "json"):
        raise UsageError(f"--ratio-of-means is added to md and json exports, not to {fmt}.",
                         "Export as md or json, or see it with 'fstune results show RUN --ratio-of-means'.")
    runs = load_runs(args.runs)
    refuse_different_settings(runs, args.allow_different_params)
    comparison = compare_runs(runs)
    text = reports.export(runs, comparison, fmt)
    if args.ratio_of_means:
        text = _with_ratio_of_means(text, runs[0], fmt)
    if args.output:
        path = Path(args.output)
        if args.output.endswith(os.sep) and not path.is_dir():
            try:  # "-o out/" names a folder, as the class page writes it
                path.mkdir(parents=True)
            except OSError as error:
                raise UsageError(f"cannot make the folder {path}: {error.strerror}.") from None
        if path.is_dir():  # a folder: a file name unique to this machine and run (docs/teaching.md)
            path = path / classroom.export_file_name(runs, fmt)
        write_output(path, text)
        print(f"fstune: wrote {path} ({fmt}, run{'s' if len(runs) > 1 else ''} "
              f"{', '.join(str(r.id) for r in runs)}).", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _with_ratio_of_means(text: str, run: RunRecord, fmt: str) -> str:
    """The export with the ratio of means of the first run's pairs (``fstune.reports.ratio``): a
    section before the Markdown's closing line, a "ratio_of_means" list in the JSON document."""
    from fstune.reports.ratio import ratio_json, ratio_markdown

    if fmt == "json":
        document = json.loads(text)
        document["ratio_of_means"] = ratio_json(run)
        return reports.json_text(document)
    body, made, closing = text.rstrip("\n").rpartition("\n*Made by fstune")
    section = "\n".join(ratio_markdown(run))
    return f"{body}\n{section}{made}{closing}\n" if made else f"{text.rstrip()}\n\n{section}"
