"""Class results: one study measured on many machines, merged into one table per metric.

In a workshop every attendee runs the same study on their own machine and sends the teacher
``fstune results export RUN --format json``. This module reads those exports back (pure
functions over the parsed JSON) and answers the teacher's question: does the tuning do the same
thing everywhere?

Each run in the files is one *machine*. Its figures are first judged on that machine alone, the
way ``fstune results show`` judges them there: per configuration its own median over its good
repeats, and per variant its own change against its own baseline with its own verdict (Welch's
t-test and the bootstrap interval, ``fstune.results.compare``). Only then are the machines set side by
side. Absolute figures of a laptop's NVMe and a VM's virtual disk differ by far more than any
tuning changes them, so the number that can be compared across machines is each machine's
*change*, and the honest summary is a count of verdicts: "better on 14 of 20 machines, within
noise on 6".

The spread across machines (3 to 30 of them, of unlike hardware) is told with statistics that
one odd machine cannot drag around:

- the median of the machines' figures (of their medians, or of their changes);
- min – max: every machine lies in it; with 3 machines it is the whole story;
- MAD, the median absolute deviation from that median: at least half the machines lie within
  median ± MAD. It is not scaled to estimate a standard deviation (that assumes normal data,
  which a room of different machines is not); for figures it is also given as % of the median.

A standard deviation or an interquartile range would be either pulled by one outlier or, with
three machines, an interpolation between two of them; neither is used.
"""

from __future__ import annotations

import dataclasses
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from fstune import __version__
from fstune.errors import UsageError
from fstune.figures import RepeatResult, Sample
from fstune.results import reports, stats
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, Comparison, ConfigDescription, Row, Summary, compare
from fstune.results.formatting import (direction, finite, fmt_change, fmt_p, fmt_summary, fmt_time, fmt_value,
                                       places_for)
from fstune.results.html_report import Bar, bars_svg, escape, html_head, html_legend, verdict_class
from fstune.results.records import DeviceRecord, RunRecord
from fstune.results.reports import md_text
from fstune.results.views import VERDICT_NOTE, describe_config, device_summary, env_summary, honest_notes
from fstune.units import format_percent

FORMATS = ("md", "html")
SUFFIXES = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html"}
NOT_MEASURED = "not measured"
VERDICT_ORDER = (BETTER, WORSE, NOISE, NO_DATA, NOT_MEASURED)

SPREAD_NOTE = ("Across machines: the median of the machines' own medians (or of their own changes), min – max "
               "(every machine lies in it) and MAD, the median absolute deviation (at least half the machines lie "
               "within median ± MAD; for figures also as % of the median, for changes in percentage points).")
NO_FIGURES = "No figures: no repeat on any machine produced a measurement."
MACHINE_NOTE = ("Each machine's cell: its own median ± standard deviation over n good repeats; its change and "
                "verdict compare it with its own baseline, so machines of unlike speed can be compared by their "
                "change and verdict, not by their absolute figures.")


class MergeError(UsageError):
    """An export that cannot be merged: unreadable, not fstune's, another format, another study."""


# --- reading exports --------------------------------------------------------------------------


@dataclass
class Export:
    """One file's runs, as ``RunRecord``s."""

    source: str  # the file name as the user gave it
    runs: list[RunRecord]


def _need(mapping, key: str, kind, where: str):
    if not isinstance(mapping, dict) or key not in mapping:
        raise ValueError(f"{where} has no '{key}'")
    value = mapping[key]
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{where}'s '{key}' is not a number")
        return float(value)
    if not isinstance(value, kind):
        raise ValueError(f"{where}'s '{key}' is not a {getattr(kind, '__name__', 'valid value')}")
    return value


def _optional_number(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def run_from_json(data: dict) -> RunRecord:
    """The inverse of ``fstune.results.reports.run_json``: a run as the store would load it.

    Raises ValueError naming what is missing or malformed."""
    configs, argv = [], {}
    for index, c in enumerate(_need(data, "configurations", list, "the run")):
        where = f"configuration {index + 1}"
        name = _need(c, "name", str, where)
        mount = tuple((str(o[0]), None if o[1] is None else str(o[1])) for o in c.get("mount_options") or ())
        configs.append(ConfigDescription(
            name=name, filesystem=_need(c, "filesystem", str, where), journal=str(c.get("journal") or "internal"),
            log_device=c.get("log_device"), mkfs_options=tuple(str(o) for o in c.get("mkfs_options") or ()),
            mount_options=mount))
        if c.get("mkfs_argv"):
            argv[name] = [tuple(str(word) for word in a) for a in c["mkfs_argv"]]
    results = []
    for index, r in enumerate(_need(data, "repeats", list, "the run")):
        where = f"repeat record {index + 1}"
        samples = []
        for s in _need(r, "samples", list, where):
            value = _need(s, "value", float, f"a sample of {where}")
            if not math.isfinite(value):
                raise ValueError(f"a sample of {where} is not a finite number")
            samples.append(Sample(workload=_need(s, "workload", str, where), metric=_need(s, "metric", str, where),
                                  value=value, unit=str(s.get("unit") or ""), better=_need(s, "better", str, where)))
        results.append(RepeatResult(config=_need(r, "config", str, where), workload=_need(r, "workload", str, where),
                                    repeat=int(_need(r, "repeat", float, where)), samples=samples,
                                    failed=r.get("failed"), warm_cache=bool(r.get("warm_cache"))))
    known = {f.name for f in dataclasses.fields(DeviceRecord)}
    devices = [DeviceRecord(**{k: v for k, v in d.items() if k in known}) for d in data.get("devices") or ()
               if isinstance(d, dict) and "path" in d and "role" in d]
    environment = data.get("environment") if isinstance(data.get("environment"), dict) else {}
    run_id = data.get("id")
    record = RunRecord(
        study=_need(data, "study", str, "the run"), title=str(data.get("title") or ""),
        started=_optional_number(data.get("started_unix")) or 0.0, status=str(data.get("status") or "finished"),
        configs=configs, results=results, finished=_optional_number(data.get("finished_unix")),
        reason=str(data.get("reason") or ""), environment=environment, devices=devices, mkfs_argv=argv,
        baseline=str(data.get("baseline") or ""), repeats=data.get("repeats_planned"),
        warnings=[str(w) for w in data.get("warnings") or ()],
        id=run_id if isinstance(run_id, int) and not isinstance(run_id, bool) else None)
    record.validate()
    return record


def parse_export(document, source: str) -> Export:
    """The runs of one parsed JSON export; a MergeError naming ``source`` when it is not one."""
    hint = "Ask for the file 'fstune results export RUN --format json -o FILE' writes."
    if not isinstance(document, dict) or document.get("format") != reports.FORMAT_NAME:
        raise MergeError(f"{source} is not an fstune results export (it has no \"format\": "
                         f"\"{reports.FORMAT_NAME}\").", hint)
    version = document.get("format_version")
    made_by = f"fstune {document['fstune']}" if document.get("fstune") else "another fstune"
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise MergeError(f"{source} is in an unknown, older export format ({version!r}, made by {made_by}); "
                         f"this fstune ({__version__}) reads format {reports.FORMAT_VERSION}.",
                         "Export the run again with this fstune.")
    if version > reports.FORMAT_VERSION:
        raise MergeError(f"{source} was written by a newer fstune ({made_by}, export format {version}); "
                         f"this fstune ({__version__}) reads format {reports.FORMAT_VERSION}.",
                         "Update fstune on this machine, or export with the older fstune.")
    if version < reports.FORMAT_VERSION:  # no older format exists yet; when one does, read it here
        raise MergeError(f"{source} is in the older export format {version}; this fstune reads format "
                         f"{reports.FORMAT_VERSION}.", "Export the run again with this fstune.")
    runs = document.get("runs")
    if not isinstance(runs, list) or not runs:
        raise MergeError(f"{source} holds no runs.", hint)
    records = []
    for index, data in enumerate(runs):
        try:
            records.append(run_from_json(data))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
            which = f"run {data.get('id')}" if isinstance(data, dict) and data.get("id") else f"run #{index + 1}"
            raise MergeError(f"{source} is not a complete fstune export: {which}: {error}.", hint) from None
    return Export(source, records)


def parse_export_text(text: str, source: str) -> Export:
    try:
        document = json.loads(text)
    except ValueError as error:
        raise MergeError(f"{source} is not JSON ({error}).",
                         "Ask for the file 'fstune results export RUN --format json -o FILE' writes.") from None
    return parse_export(document, source)


# --- the class's machines -------------------------------------------------------------------


@dataclass
class Machine:
    """One run from one file: a column of the class table."""

    label: str
    source: str
    run: RunRecord
    comparison: Comparison | None  # this run alone against the class's baseline (None: it lacks it)


@dataclass(frozen=True)
class Spread:
    """How a figure varies across machines (see the module docstring)."""

    n: int
    median: float | None = None
    low: float | None = None
    high: float | None = None
    mad: float | None = None

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        data = [float(v) for v in values if finite(v)]
        if not data:
            return cls(0)
        centre = stats.median(data)
        return cls(len(data), centre, min(data), max(data), stats.median([abs(v - centre) for v in data]))

    @property
    def relative_mad(self) -> float | None:
        """MAD as a fraction of |median| (None when the median is 0 or unknown)."""
        if self.mad is None or not self.median:
            return None
        return self.mad / abs(self.median)


@dataclass
class ConfigColumn:
    """One configuration of one metric: every machine's own figures, and their spread."""

    config: str
    cells: dict[str, Summary | None]  # machine label → its own summary
    rows: dict[str, Row | None]  # machine label → its own comparison with its baseline (variants only)
    spread: Spread  # of the machines' medians
    change: Spread  # of the machines' own changes in %
    tally: dict[str, int]  # verdict → machines


@dataclass
class MetricTable:
    workload: str
    metric: str
    unit: str
    better: str
    columns: list[ConfigColumn]  # the baseline first


@dataclass
class ClassResults:
    study: str
    title: str
    baseline: str
    configs: list[str]
    machines: list[Machine]
    tables: list[MetricTable]
    warnings: list[str] = field(default_factory=list)  # about the merge itself: duplicates, mismatches
    notes: list[str] = field(default_factory=list)  # per machine: failures, warm caches, few repeats

    @property
    def variants(self) -> list[str]:
        return [c for c in self.configs if c != self.baseline]


def _stem(source: str) -> str:
    return PurePath(source).stem or source


def _labels(entries: list[tuple[str, RunRecord]], given: dict[str, str], runs_in: dict[str, int]) -> list[str]:
    """A unique name per machine: --label, else the hostname, else the file name; made unique
    with the file name, then the run id."""
    labels = []
    for source, run in entries:
        label = given.get(source)
        if label is not None and runs_in[source] > 1:
            label = f"{label} run {run.id if run.id is not None else '?'}"
        labels.append(label or str(run.environment.get("hostname") or "").strip() or _stem(source))
    for widen in (lambda i: f"{labels[i]} ({_stem(entries[i][0])})",
                  lambda i: f"{labels[i]} run {entries[i][1].id if entries[i][1].id is not None else i + 1}",
                  lambda i: f"{labels[i]} #{i + 1}"):
        clashing = [i for i, label in enumerate(labels) if labels.count(label) > 1]
        for i in clashing:
            labels[i] = widen(i)
    return labels


def _same_run_key(run: RunRecord) -> tuple:
    # run ids restart at 1 on every machine, and cloned workshop VMs share a hostname: the
    # start time (to the microsecond) is what tells two runs apart
    return (run.id, str(run.environment.get("hostname") or ""), run.started)


def _recipe_of(config: ConfigDescription) -> str:
    # the log device's path differs from machine to machine and is not part of the recipe
    return describe_config(dataclasses.replace(config, log_device=None))


def tally_words(column: ConfigColumn, machines: int) -> str:
    """"better on 2 of 3 machines, within noise on 1": the machines' own verdicts, counted."""
    parts = [(verdict, column.tally[verdict]) for verdict in VERDICT_ORDER if column.tally.get(verdict)]
    words = [f"{verdict} on {count}" for verdict, count in parts]
    if words:
        words[0] += f" of {machines} machine{'s' if machines != 1 else ''}"
    return ", ".join(words) or "–"


def merge_exports(exports: Sequence[Export], labels: dict[str, str] | None = None,
                  alpha: float = 0.05) -> ClassResults:
    """Everyone's runs of one study as one ClassResults; see the module docstring.

    ``labels`` maps a file (as given, or its base name) to the name its machine is shown under.
    Different studies are refused; the same run given twice is counted once, with a warning."""
    if not exports:
        raise MergeError("name at least one exported JSON file.")
    labels = dict(labels or {})
    by_name = {}
    for export in exports:
        by_name.setdefault(export.source, export.source)
        by_name.setdefault(PurePath(export.source).name, export.source)
    given = {}
    for name, label in labels.items():
        if name not in by_name:
            raise MergeError(f"--label names {name}, which is not one of the files to merge.",
                             "Write --label FILE=NAME with FILE as you named it on the command line.")
        given[by_name[name]] = label

    studies: dict[str, list[str]] = {}
    for export in exports:
        for run in export.runs:
            studies.setdefault(run.study, [])
            if export.source not in studies[run.study]:
                studies[run.study].append(export.source)
    if len(studies) > 1:
        which = "; ".join(f"{study}: {', '.join(files)}" for study, files in studies.items())
        raise MergeError(f"the files hold runs of different studies ({which}).",
                         "A class table compares one study's configurations; merge each study's files separately.")

    warnings: list[str] = []
    entries: list[tuple[str, RunRecord]] = []
    seen: dict[tuple, str] = {}
    for export in exports:
        for run in export.runs:
            key = _same_run_key(run)
            if key in seen and seen[key] == export.source:
                twice = f"{export.source} is named more than once: it is counted once."
                if twice not in warnings:
                    warnings.append(twice)
                continue
            if key in seen:
                warnings.append(f"{export.source} holds the same run as {seen[key]} (run {run.id} from host "
                                f"{run.hostname}, started {fmt_time(run.started)}): it is counted once.")
                continue
            seen[key] = export.source
            entries.append((export.source, run))
    runs_in = {export.source: len(export.runs) for export in exports}
    names = _labels(entries, given, runs_in)

    hosts: dict[tuple[str, str], list[str]] = {}  # (file, host) → machines
    for (source, run), label in zip(entries, names):
        hosts.setdefault((source, run.hostname), []).append(label)
    for (source, host), labelled in hosts.items():
        if len(labelled) > 1:
            warnings.append(f"{source} holds {len(labelled)} runs from host {host} ({', '.join(labelled)}); each "
                            "counts as one machine in the spread.")

    first = entries[0][1]
    baseline = first.baseline
    configs: list[str] = []
    recipes: dict[str, dict[str, list[str]]] = {}  # config → its description → machines
    for (source, run), label in zip(entries, names):
        if run.baseline != baseline:
            warnings.append(f"{label} ({source}) has '{run.baseline}' as its baseline; it is compared with "
                            f"'{baseline}' like the others.")
        for config in run.configs:
            if config.name not in configs:
                configs.append(config.name)
            recipes.setdefault(config.name, {}).setdefault(_recipe_of(config), []).append(label)
    if baseline in configs:
        configs.insert(0, configs.pop(configs.index(baseline)))
    for name in configs:
        present = [label for described in recipes[name].values() for label in described]
        missing = [label for label in names if label not in present]
        if missing:
            warnings.append(f"Configuration '{name}' was not measured on {', '.join(missing)}.")
        if len(recipes[name]) > 1:
            ways = "; ".join(f"{', '.join(who)}: {what}" for what, who in recipes[name].items())
            warnings.append(f"Configuration '{name}' is not the same on every machine ({ways}): the spread "
                            "mixes different setups.")

    machines, notes = [], []
    for (source, run), label in zip(entries, names):
        own = {c.name for c in run.configs} | {r.config for r in run.results}
        comparison = compare(run.results, run.configs, baseline, alpha=alpha) if baseline in own else None
        machines.append(Machine(label, source, run, comparison))
        if comparison is not None:
            notes += [f"{label}: {note.strip()}" for note in honest_notes([run], comparison)
                      if not note.startswith("  ")]
        else:
            warnings.append(f"{label} ({source}) has no '{baseline}' configuration to compare with: none of its "
                            "figures are in the tables.")

    return ClassResults(first.study, first.title, baseline, configs, machines,
                        _tables(machines, configs, baseline, warnings), warnings, notes)


def _tables(machines: list[Machine], configs: list[str], baseline: str, warnings: list[str]) -> list[MetricTable]:
    metrics: dict[tuple[str, str], tuple[str, str]] = {}  # (workload, metric) → (unit, better), first seen
    for machine in machines:
        for result in machine.run.results:
            for sample in result.samples:
                key = (sample.workload, sample.metric)
                known = metrics.setdefault(key, (sample.unit, sample.better))
                if known != (sample.unit, sample.better):
                    note = (f"{sample.workload} {sample.metric} is in {known[0] or '?'} ({known[1]} is better) on "
                            f"some machines and in {sample.unit or '?'} ({sample.better} is better) on "
                            f"{machine.label}; that machine's figure is left out of it.")
                    if note not in warnings:
                        warnings.append(note)
    tables = []
    for (workload, metric), (unit, better) in metrics.items():
        columns = []
        for config in configs:
            cells: dict[str, Summary | None] = {}
            rows: dict[str, Row | None] = {}
            tally = dict.fromkeys(VERDICT_ORDER, 0)
            for machine in machines:
                comparison = machine.comparison
                summary = row = None
                # a machine that reports the metric in another unit or direction: see the warning
                if comparison is not None and _unit_of(machine, workload, metric) in (None, (unit, better)):
                    summary = comparison.summaries.get((config, workload, metric))
                    row = next((r for r in comparison.rows
                                if r.config == config and r.workload == workload and r.metric == metric), None)
                cells[machine.label] = summary
                rows[machine.label] = row
                if config != baseline:
                    tally[row.verdict if row is not None else NOT_MEASURED] += 1
            medians = [s.median for s in cells.values() if s is not None and s.n]
            changes = [r.change_pct for r in rows.values() if r is not None]
            columns.append(ConfigColumn(config, cells, rows, Spread.of(medians), Spread.of(changes),
                                        {} if config == baseline else {k: v for k, v in tally.items() if v}))
        tables.append(MetricTable(workload, metric, unit, better, columns))
    return tables


def _unit_of(machine: Machine, workload: str, metric: str) -> tuple[str, str] | None:
    for result in machine.run.results:
        for sample in result.samples:
            if sample.workload == workload and sample.metric == metric:
                return sample.unit, sample.better
    return None


# --- formatting -------------------------------------------------------------------------------


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
        line = [machine.label]
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
                          fmt_spread_range(column.change, fmt_change), tally_words(column, count)])
    return lines


SUMMARY_HEADER = ["metric", "variant", "median change", "min – max change", "verdicts on the machines"]
MACHINES_HEADER = ["machine", "file", "run", "host", "kernel", "CPU", "memory", "target device", "status"]


def machine_lines(results: ClassResults) -> list[list[str]]:
    lines = []
    for machine in results.machines:
        run = machine.run
        env = dict(env_summary(run.environment))
        target = next((d for d in run.devices if d.role == "target"), None)
        lines.append([machine.label, machine.source, str(run.id if run.id is not None else "?"), env["host"],
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


SUMMARY_FIGURES = {2, 3}


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
    out += [md_text(MACHINE_NOTE + " " + SPREAD_NOTE + " " + VERDICT_NOTE), ""]
    out += ["## Machines", "", *_md_table(MACHINES_HEADER, machine_lines(results)), ""]
    out += ["## Notes", ""]
    notes = _all_notes(results)
    out += [f"- {md_text(note)}" for note in notes] or ["- Nothing to add: every machine's runs merged cleanly."]
    out += ["", f"*Merged by fstune {__version__} on {fmt_time(time.time())}.*", ""]
    return "\n".join(out)


def _class_verdict(column: ConfigColumn) -> str:
    """The colour of a variant's bar: the verdict most machines gave, when it is a majority."""
    judged = {v: n for v, n in column.tally.items() if v != NOT_MEASURED}
    total = sum(judged.values())
    for verdict, count in judged.items():
        if count * 2 > total:
            return verdict
    return NOISE if total else NO_DATA


def class_chart(results: ClassResults, table: MetricTable) -> str:
    """Each configuration's median across machines as a bar, ± MAD as a whisker, every machine's own
    median as a dot; a variant's bar coloured by the verdict most machines gave."""
    bars = []
    for index, column in enumerate(table.columns):
        spread = column.spread
        figures = [(label, s.median) for label, s in column.cells.items() if s is not None and s.n]
        low = high = None
        if spread.n >= 2 and spread.mad is not None:
            low, high = spread.median - spread.mad, spread.median + spread.mad
        if index == 0:
            verdict, below = "baseline", ("baseline",)
        else:
            verdict = _class_verdict(column)
            judged = sum(n for v, n in column.tally.items() if v != NOT_MEASURED)
            below = (fmt_change(column.change.median), f"{column.tally.get(verdict, 0)}/{judged} {verdict}"
                     if judged else NO_DATA)
        tooltip = (f"{column.config}: median {fmt_value(spread.median)} across {spread.n} machine(s), "
                   f"{fmt_spread_range(spread)}")
        bars.append(Bar(column.config, spread.median, low, high, tuple(v for _, v in figures), verdict, below,
                           tooltip, "median ± MAD", tuple(label for label, _ in figures)))
    return bars_svg(table.workload, table.metric, table.unit, table.better, bars)


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
        out.append(f"<figure>{class_chart(results, table)}<figcaption>Bars: median across machines; whiskers: "
                   "± MAD (at least half the machines lie within); dots: each machine's own median. A variant's "
                   "colour: the verdict a majority of machines gave (grey: no majority).</figcaption></figure>")
    if workload is not None:
        out.append(html_legend())
    out.append(f"<p>{h(MACHINE_NOTE)} {h(SPREAD_NOTE)} {h(VERDICT_NOTE)}</p>")
    out += ["<h2>Machines</h2>", *_html_table(MACHINES_HEADER, machine_lines(results))]
    out.append('<h2>Notes</h2><ul class="notes">')
    notes = _all_notes(results)
    out += [f"<li>{h(note)}</li>" for note in notes] or ["<li>Nothing to add: every machine's runs merged "
                                                         "cleanly.</li>"]
    out.append(f"</ul><footer>Merged by fstune {h(__version__)} on {h(fmt_time(time.time()))}.</footer>")
    out.append("</main></body></html>")
    return "\n".join(out) + "\n"


RENDERERS = {"md": to_markdown, "html": to_html}


def render(results: ClassResults, fmt: str) -> str:
    if fmt not in RENDERERS:
        raise UsageError(f"'{fmt}' is not a merge format; choose one of: {', '.join(FORMATS)}.")
    return RENDERERS[fmt](results)


__all__ = ["ClassResults", "ConfigColumn", "Export", "Machine", "MergeError", "MetricTable", "Spread",
           "merge_exports", "parse_export", "parse_export_text", "render", "run_from_json", "to_html",
           "to_markdown"]
