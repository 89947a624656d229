"""Class results: one study measured on many machines, merged into one table per metric.

In a workshop every attendee runs the same study on their own machine and sends the teacher
``fstune results export RUN --format json``. This module reads those exports back (pure
functions over the parsed JSON) and answers the teacher's question: does the tuning do the same
thing everywhere?

Each run in the files is one *machine*. Its figures are first judged on that machine alone, the
way ``fstune results show`` judges them there: per configuration its own median over its good
repeats, and per variant its own change against its own baseline with its own verdict (Welch's
t-test and the bootstrap interval, ``fstune.results.compare``). Only then are the machines set
side by side. Absolute figures of a laptop's NVMe and a VM's virtual disk differ by far more
than any tuning changes them, so the number that can be compared across machines is each
machine's *change*, and the honest summary is a count of verdicts: "better on 14 of 20
machines, within noise on 6".

The spread across machines (3 to 30 of them, of unlike hardware) is told with statistics that
one odd machine cannot drag around:

- the median of the machines' figures (of their medians, or of their changes);
- min – max: every machine lies in it; with 3 machines it is the whole story;
- MAD, the median absolute deviation from that median: at least half the machines lie within
  median ± MAD. It is not scaled to estimate a standard deviation (that assumes normal data,
  which a room of different machines is not); for figures it is also given as % of the median.

A standard deviation or an interquartile range would be either pulled by one outlier or, with
three machines, an interpolation between two of them; neither is used.

This module reads the exports and merges them (``merge_exports`` → ``ClassResults``);
``fstune.reports.classroom_report`` renders the result as Markdown or HTML.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from fstune import __version__
from fstune.errors import UsageError
from fstune.figures import RepeatResult, Sample
from fstune.reports import reports
from fstune.stats import classic as stats
from fstune.results.blocked import DESCRIBED, NOT_YET, WAITING, read_design
from fstune.stats.verdict import Verdict
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, Comparison, ConfigDescription, Row, Summary, compare
from fstune.reports.formatting import finite, fmt_time
from fstune.results.records import DeviceRecord, RunRecord
from fstune.results.settings import WHERE, settings_differences
from fstune.filesystems import join_options
from fstune.reports.views import honest_notes

NOT_MEASURED = "not measured"
# every word a row's verdict can be (fstune.results.compare.Row.verdict), in the order a tally lists them
VERDICT_ORDER = (BETTER, WORSE, *(v.value for v in Verdict if v not in (Verdict.BETTER, Verdict.WORSE)), NOT_YET,
                 WAITING, DESCRIBED, NOISE, NO_DATA, NOT_MEASURED)


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


def _ceiling_figures(ceiling) -> dict[str, dict[str, float]] | None:
    """The raw-device pass's figures of an exported run (``ceiling.raw``), or None."""
    figures = ceiling.get("raw") if isinstance(ceiling, dict) else None
    if not isinstance(figures, dict):
        return None
    found = {str(workload): {str(metric): float(value) for metric, value in metrics.items()
                             if _optional_number(value) is not None}
             for workload, metrics in figures.items() if isinstance(metrics, dict)}
    return found or None


def _ceiling_outputs(ceiling) -> dict[str, dict[str, str]] | None:
    """What the raw-device pass's tools printed (``ceiling.outputs``), or None."""
    outputs = ceiling.get("outputs") if isinstance(ceiling, dict) else None
    if not isinstance(outputs, dict):
        return None
    found = {str(workload): {str(phase): text for phase, text in phases.items() if isinstance(text, str)}
             for workload, phases in outputs.items() if isinstance(phases, dict)}
    return found or None


def run_from_json(data: dict) -> RunRecord:
    """The inverse of ``fstune.reports.reports.run_json``: a run as the store would load it.

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
                                    failed=r.get("failed"), warm_cache=bool(r.get("warm_cache")),
                                    block=_optional_int(r.get("block")), position=_optional_int(r.get("position")),
                                    dropped=r.get("dropped") if isinstance(r.get("dropped"), str) else None,
                                    conditions=r.get("conditions") if isinstance(r.get("conditions"), dict) else {},
                                    raw={str(phase): str(text) for phase, text in r["raw"].items()}
                                    if isinstance(r.get("raw"), dict) else {}))
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
        method=str(data.get("method") or ""), design=data.get("design") if isinstance(data.get("design"), dict) else {},
        settings=data.get("settings") if isinstance(data.get("settings"), dict) else {},
        ceiling=_ceiling_figures(data.get("ceiling")), ceiling_raw=_ceiling_outputs(data.get("ceiling")),
        id=run_id if isinstance(run_id, int) and not isinstance(run_id, bool) else None)
    record.validate()
    return record


def _optional_int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


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


def export_file_name(runs: Sequence[RunRecord], fmt: str) -> str:
    """A file name no other machine or run gives (docs/teaching.md: what attendees send): study,
    host, machine id, run id and start time to the microsecond. Cloned laptops share a hostname,
    often their machine id and their first run id, and a class starts its runs in the same second;
    the microseconds of the start still tell them apart."""
    run = runs[0]
    safe = lambda text: "".join(c if c.isalnum() or c in "._-" else "-" for c in str(text)).strip("-.") or "x"
    machine = (run.settings or {}).get("machine_id", "")[:8]
    whole = math.floor(run.started)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(whole)) + f"-{int((run.started - whole) * 1e6):06d}"
    ids = "+".join(str(r.id if r.id is not None else "x") for r in runs)
    return "-".join(filter(None, ["fstune", safe(run.study), safe(run.hostname), machine, f"run{ids}", stamp])) + f".{fmt}"


# --- the class's machines -------------------------------------------------------------------


@dataclass
class Machine:
    """One run from one file: a column of the class table."""

    label: str
    source: str
    run: RunRecord
    comparison: Comparison | None  # this run alone against the class's baseline (None: it lacks it)
    differs: list[str] = field(default_factory=list)  # how its settings differ from the first machine's


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


def machine_change(row: Row | None) -> tuple[float | None, float | None, float | None]:
    """A machine's own change in % and its 95 % interval: what can be compared across unlike
    machines. A blocked run's verdict brings its interval; a figure it only describes gets the
    t interval of its paired contrasts (a plain one: the pooled estimate is no stopping rule);
    a legacy run gives the bootstrap interval of the difference of medians, as % of its baseline."""
    if row is None or not finite(row.change_pct):
        return None, None, None
    judgement = row.judgement
    if judgement is not None:
        if judgement.unit != "%" or judgement.change is None:
            return row.change_pct, None, None
        if judgement.low is not None and judgement.high is not None:
            return judgement.change, judgement.low, judgement.high
        if judgement.sd is None or judgement.pairs < 2:
            return judgement.change, None, None
        from scipy import stats  # lazily: merging must not pay for it at import

        half = stats.t.ppf(0.975, judgement.pairs - 1) * judgement.sd / math.sqrt(judgement.pairs)
        return judgement.change, judgement.change - half, judgement.change + half
    ci, base = row.median_diff_ci, row.baseline.median if row.baseline else None
    if not ci or not finite(base) or not base:
        return row.change_pct, None, None
    return row.change_pct, 100 * ci[0] / abs(base), 100 * ci[1] / abs(base)


Z95 = 1.959964


@dataclass(frozen=True)
class Pooled:
    """A random-effects estimate of a change across machines (DerSimonian and Laird): each
    machine's change weighted by its precision, widened by the spread between machines (tau)."""

    k: int  # machines with a change and an interval
    estimate: float | None = None  # %
    low: float | None = None  # 95 % interval, %
    high: float | None = None
    tau: float | None = None  # standard deviation of the true change between machines, percentage points

    @classmethod
    def of(cls, changes: Sequence[tuple[float | None, float | None, float | None]]) -> Pooled:
        usable = [(c, (h - lo) / (2 * Z95)) for c, lo, h in changes
                  if finite(c) and finite(lo) and finite(h) and h >= lo]
        if len(usable) < 2:
            return cls(len(usable))
        # an interval of zero width (every block gave the same change) says the machine's own error
        # is below what its repeats could show, not that it is nil: it counts as precise as the
        # most precise machine that showed any scatter (docs/teaching.md, "The pooled change"), so
        # it cannot take every weight, and the spread between machines (tau) carries the rest
        positive = [se for _, se in usable if se > 0]
        floor = min(positive) if positive else 1e-6
        w = [1 / max(se, floor) ** 2 for _, se in usable]
        fixed = sum(wi * c for wi, (c, _) in zip(w, usable)) / sum(w)
        q = sum(wi * (c - fixed) ** 2 for wi, (c, _) in zip(w, usable))
        scale = sum(w) - sum(wi * wi for wi in w) / sum(w)
        tau2 = max(0.0, (q - (len(usable) - 1)) / scale) if scale > 0 else 0.0
        wr = [1 / (max(se, floor) ** 2 + tau2) for _, se in usable]
        estimate = sum(wi * c for wi, (c, _) in zip(wr, usable)) / sum(wr)
        half = Z95 * math.sqrt(1 / sum(wr))
        return cls(len(usable), estimate, estimate - half, estimate + half, math.sqrt(tau2))


@dataclass
class ConfigColumn:
    """One configuration of one metric: every machine's own figures, and their spread."""

    config: str
    cells: dict[str, Summary | None]  # machine label → its own summary
    rows: dict[str, Row | None]  # machine label → its own comparison with its baseline (variants only)
    spread: Spread  # of the machines' medians
    change: Spread  # of the machines' own changes in %
    tally: dict[str, int]  # verdict → machines
    pooled: Pooled = Pooled(0)  # the random-effects estimate of the change across machines


@dataclass
class MetricTable:
    workload: str
    metric: str
    unit: str
    better: str
    columns: list[ConfigColumn]  # the baseline first
    primary: bool = False  # the figure the study stops on: first, and the headline's
    paced: str = ""  # why it is not judged: it measures a phase's fixed length, not the filesystem


CLASS_HEADING = "fstune class results"


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
    merged: list[str] = field(default_factory=list)  # how many machines were merged, which were left out
    primary: tuple[str, str] | None = None  # (workload, metric) the study stops on: the headline's figure
    heading: str = CLASS_HEADING  # what the report is titled, before the study's name (a fleet's differs)

    @property
    def pooled_machines(self) -> list[Machine]:
        """The machines measured the class's way: the pooled figures and verdict counts are theirs."""
        return [m for m in self.machines if not m.differs]

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
    stems = [_stem(source) for source, _ in entries]
    before: list[str] = []  # the labels as they were before this round of widening
    for widen in (lambda i: f"{labels[i]} ({_telling(stems[i], [stems[j] for j, o in enumerate(before) if o == before[i]])})",
                  # files of the same name from separate folders: the folder tells them apart
                  lambda i: f"{labels[i].rsplit(' (', 1)[0]} ({_folder_and_stem(entries[i][0])})",
                  lambda i: f"{labels[i]} run {entries[i][1].id if entries[i][1].id is not None else i + 1}",
                  lambda i: f"{labels[i]} #{i + 1}"):
        clashing = [i for i, label in enumerate(labels) if labels.count(label) > 1]
        before[:] = labels
        for i in clashing:
            labels[i] = widen(i)
    return labels


def _telling(stem: str, clashing: list[str]) -> str:
    """The part of ``stem`` that tells it from the other ``clashing`` file names: cloned laptops'
    exports differ only near the end ("fstune-…-20240502-101500-123456"), so "…-123456"."""
    others = [other for other in clashing if other != stem]
    if not others or len(stem) <= 24:
        return stem
    start = min(len(os.path.commonprefix([stem, other])) for other in others)
    end = min(len(os.path.commonprefix([stem[::-1], other[::-1]])) for other in others)
    cut = stem.rfind("-", 0, start) + 1  # back to a word's start
    tail = stem[cut:len(stem) - end] if end < len(stem) - cut else stem[cut:]
    if len(tail) < 6:
        tail = stem[max(0, len(stem) - end - 6):len(stem) - end] if end else stem[-6:]
    return ("…" if cut else "") + tail + ("…" if end and len(stem) - end < len(stem) else "")


def _folder_and_stem(source: str) -> str:
    path = PurePath(source)
    return f"{path.parent.name}/{_stem(source)}" if path.parent.name else _stem(source)


def _same_run_key(run: RunRecord) -> tuple:
    # run ids restart at 1 on every machine, and cloned workshop VMs share a hostname: the
    # start time (to the microsecond) is what tells two runs apart
    return (run.id, str(run.environment.get("hostname") or ""), run.started)


def merge_exports(exports: Sequence[Export], labels: dict[str, str] | None = None,
                  alpha: float = 0.05, allow_different: bool = False) -> ClassResults:
    """Everyone's runs of one study as one ClassResults; see the module docstring.

    ``labels`` maps a file (as given, or its base name) to the name its machine is shown under.
    Different studies are refused; the same run given twice is counted once, with a warning.
    Runs measured with other settings than the first one (``fstune.results.settings``) are
    refused, naming each difference, unless ``allow_different``: then they are marked."""
    if not exports:
        raise MergeError("name at least one exported JSON file.")
    labels = dict(labels or {})
    warnings: list[str] = []
    given = {}
    for name, label in labels.items():
        # a name matches a file as given, or its base name: attendees' files often share one
        matching = [e.source for e in exports if name in (e.source, PurePath(e.source).name)]
        if not matching:
            raise MergeError(f"--label names {name}, which is not one of the files to merge.",
                             "Write --label FILE=NAME with FILE as you named it on the command line.")
        if len(matching) > 1:
            warnings.append(f"--label {name}={label} matches {len(matching)} files ({', '.join(matching)}); each "
                            "is labelled, told apart by its folder. Give each file's path to name them one by one.")
        for source in matching:
            given.setdefault(source, label)
    for source, label in list(given.items()):
        # a label given by full path wins over one given by base name
        if source in labels:
            given[source] = labels[source]

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

    entries: list[tuple[str, RunRecord]] = []
    seen: dict[tuple, tuple[str, RunRecord]] = {}
    skipped: list[str] = []  # "FILE (why)": inputs counted once or not at all
    for export in exports:
        for run in export.runs:
            key = _same_run_key(run)
            if key in seen and seen[key][0] == export.source:
                twice = f"{export.source} is named more than once: it is counted once."
                if twice not in warnings:
                    warnings.append(twice)
                    skipped.append(f"{export.source} (named twice)")
                continue
            if key in seen:
                first_source, first_run = seen[key]
                what = f"run {run.id} from host {run.hostname}, started {fmt_time(run.started)}"
                if _content(first_run) != _content(run):
                    warnings.append(f"{export.source} and {first_source} hold the same run ({what}) with different "
                                    f"figures or settings: only {first_source}'s is counted. One of them was "
                                    "edited or recomputed; ask which is the machine's own export.")
                    skipped.append(f"{export.source} (same run as {first_source}, different content)")
                else:
                    warnings.append(f"{export.source} holds the same run as {first_source} ({what}): it is counted "
                                    "once.")
                    skipped.append(f"{export.source} (same run as {first_source})")
                continue
            seen[key] = (export.source, run)
            entries.append((export.source, run))
    runs_in = {export.source: len(export.runs) for export in exports}
    names = _labels(entries, given, runs_in)
    # the settings most machines share are the class's: one attendee's odd run, even if its file
    # sorts first, is the one marked
    alike = [sum(not _differences(entries[i][1], run) for _, run in entries) for i in range(len(entries))]
    reference = max(range(len(entries)), key=lambda i: (alike[i], -i))
    ref_run = entries[reference][1]
    differs = [_differences(ref_run, run) for _, run in entries]
    odd = [(source, label, found) for (source, _), label, found in zip(entries, names, differs) if found]
    ref_words = f"{entries[reference][0]} ({names[reference]})"
    if odd and alike[reference] > 1:
        ref_words += f" and {alike[reference] - 1} other machine(s)"
    if odd and not allow_different:
        which = "; ".join(f"{source} ({label}): {', '.join(found)}" for source, label, found in odd)
        raise MergeError(f"the runs were not measured with the same settings and configurations as {ref_words}: "
                         f"{which}. Their figures cannot be set side by side.",
                         "Ask for runs made with the same settings (the class command in docs/teaching.md), "
                         "or pass --allow-different-params to merge them anyway: marked \"(other settings)\" "
                         "and left out of the pooled figures and the verdict counts.")
    for source, label, found in odd:
        warnings.append(f"{label} ({source}) was measured differently from {ref_words}: {', '.join(found)}; its "
                        "row is marked \"(other settings)\" and left out of the pooled figures and the verdict "
                        "counts.")

    hosts: dict[tuple[str, str], list[str]] = {}  # (file, host) → machines
    for (source, run), label in zip(entries, names):
        hosts.setdefault((source, run.hostname), []).append(label)
    for (source, host), labelled in hosts.items():
        if len(labelled) > 1:
            warnings.append(f"{source} holds {len(labelled)} runs from host {host} ({', '.join(labelled)}); each "
                            "counts as one machine in the spread.")

    baseline = ref_run.baseline
    configs: list[str] = []
    for (source, run), label in zip(entries, names):
        if run.baseline != baseline:
            warnings.append(f"{label} ({source}) has '{run.baseline}' as its baseline; it is compared with "
                            f"'{baseline}' like the others.")
        for config in run.configs:
            if config.name not in configs:
                configs.append(config.name)
    if baseline in configs:
        configs.insert(0, configs.pop(configs.index(baseline)))

    machines = []
    grouped: dict[str, list[tuple[str, str]]] = {}  # a note, paths left out → (machine, its own text)
    for (source, run), label, found in zip(entries, names, differs):
        own = {c.name for c in run.configs} | {r.config for r in run.results}
        comparison = (compare(run.results, run.configs, baseline, alpha=alpha, method=run.method, design=run.design,
                              variants=max(1, len(run.configs) - 1)) if baseline in own else None)
        machines.append(Machine(label, source, run, comparison, found))
        if comparison is not None:
            for note in honest_notes([run], comparison):
                if not note.startswith("  "):
                    text = _unrun(note.strip(), run)
                    grouped.setdefault(_NUMBER.sub("N", _PATH.sub("PATH", text)), []).append((label, text))
        else:
            warnings.append(f"{label} ({source}) has no '{baseline}' configuration to compare with: none of its "
                            "figures are in the tables.")
            skipped.append(f"{label} ({source}: no '{baseline}' configuration)")

    notes = [_group_note(who, len(machines)) for who in grouped.values()]
    marked = [f"{m.label} ({m.source})" for m in machines if m.differs]
    counted = len(machines) - len(marked)
    merged = [f"Merged {len(machines)} machine{'s' if len(machines) != 1 else ''} from {len(exports)} "
              f"file{'s' if len(exports) != 1 else ''}" + (f"; {counted} in the pooled figures and verdict counts"
                                                          if marked else "") + "."]
    if marked:
        merged.append(f"Marked \"(other settings)\", shown but not pooled or counted: {', '.join(marked)}.")
    if skipped:
        merged.append(f"Left out: {'; '.join(skipped)}.")
    primary = read_design(ref_run.design or {}, 1).primary
    return ClassResults(ref_run.study, ref_run.title, baseline, configs, machines,
                        _tables(machines, configs, baseline, warnings, primary), warnings, notes, merged, primary)


_PATH = re.compile(r"(?<![\w.])/[\w.+-]+(?:/[\w.+-]+)+")
# a figure in a note ("±565.0", "> 1000"): notes that differ only in them are one note, each
# machine's figure named
_NUMBER = re.compile(r"±?(?:> ?)?[-+−]?\d+(?:\.\d+)?(?: ?%)?")


def _group_note(who: list[tuple[str, str]], machines: int) -> str:
    """One note for every machine it is about: "alice, bob: …" or "Every machine: …". Notes that
    differ only in a path (each machine's own lab file) are one note, the path in general words;
    notes that differ only in a figure are one note naming each machine's figure."""
    labels = [label for label, _ in who]
    texts = [text for _, text in who]
    found = [_PATH.findall(t) for t in texts]
    if len(set(texts)) > 1 and all(len(f) == len(found[0]) for f in found):
        words = []
        for slot in range(len(found[0])):
            paths = {f[slot] for f in found}
            names = {PurePath(p).name for p in paths}
            words.append(found[0][slot] if len(paths) == 1 else
                         f"…/{names.pop()} (each machine's own)" if len(names) == 1 else "(each machine's own path)")
        texts = [_PATH.sub(lambda _, slots=iter(words): next(slots), t) for t in texts]
    figures = [_NUMBER.findall(t) for t in texts]
    text = texts[0]
    if len(set(texts)) > 1 and all(len(f) == len(figures[0]) for f in figures):
        between = _NUMBER.split(texts[0])
        parts = [between[0]]
        for slot in range(len(figures[0])):
            by_value: dict[str, list[str]] = {}
            for label, f in zip(labels, figures):
                by_value.setdefault(f[slot], []).append(label)
            parts.append(next(iter(by_value)) if len(by_value) == 1 else
                         ", ".join(f"{value} ({', '.join(named)})" for value, named in by_value.items()))
            parts.append(between[slot + 1])
        text = "".join(parts)
    return f"{', '.join(labels) if len(labels) < machines or machines == 1 else 'Every machine'}: {text}"


def _content(run: RunRecord) -> tuple:
    """What two copies of one run must agree on to be the same export."""
    return (run.results, run.configs, run.settings, run.status, run.design)


def _differences(a: RunRecord, b: RunRecord) -> list[str]:
    """Every way ``b`` was measured unlike ``a``: its settings, then its configurations."""
    return settings_differences(a.settings, b.settings) + config_differences(a, b)


def config_differences(a: RunRecord, b: RunRecord) -> list[str]:
    """Each way ``b``'s configurations differ from ``a``'s, in words: one measured in only one of
    them (--configs), other mkfs or mount options (--option), another filesystem or journal."""
    out = []
    ours, theirs = {c.name: c for c in a.configs}, {c.name: c for c in b.configs}
    only_a = [name for name in ours if name not in theirs]
    only_b = [name for name in theirs if name not in ours]
    if only_a or only_b:
        out.append(f"configurations: {', '.join(ours) or 'none'} vs {', '.join(theirs) or 'none'}")
    for name in ours:
        if name not in theirs:
            continue
        x, y = ours[name], theirs[name]
        for what, left, right in (("filesystem", x.filesystem, y.filesystem), ("journal", x.journal, y.journal),
                                  ("mkfs options", " ".join(x.mkfs_options) or "none",
                                   " ".join(y.mkfs_options) or "none"),
                                  ("mount options", join_options(list(x.mount_options)) or "defaults",
                                   join_options(list(y.mount_options)) or "defaults")):
            if left != right:
                out.append(f"configuration {name} {what}: {left} vs {right}")
    return out


def _unrun(note: str, run: RunRecord) -> str:
    # a machine's own run id means nothing beside the others' (every machine starts at 1)
    return note.replace(f" (run {run.id})", "").replace(f"Run {run.id} ", "The run ")


def _tables(machines: list[Machine], configs: list[str], baseline: str, warnings: list[str],
            primary: tuple[str, str] | None = None) -> list[MetricTable]:
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
        paced = _paced(machines, workload, metric, unit, baseline)
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
                if config != baseline and not machine.differs:  # a marked machine is shown, never counted
                    tally[row.verdict if row is not None else NOT_MEASURED] += 1
            counted = [m.label for m in machines if not m.differs]
            medians = [cells[label].median for label in counted if cells[label] is not None and cells[label].n]
            changes = [rows[label].change_pct for label in counted if rows[label] is not None]
            judged = config != baseline and not paced
            columns.append(ConfigColumn(config, cells, rows, Spread.of(medians), Spread.of(changes),
                                        {k: v for k, v in tally.items() if v} if judged else {},
                                        Pooled.of([machine_change(rows[label]) for label in counted])
                                        if judged else Pooled(0)))
        tables.append(MetricTable(workload, metric, unit, better, columns, (workload, metric) == primary, paced))
    # the primary first, the figures that only measure a phase's pacing last
    return sorted(tables, key=lambda t: (not t.primary, bool(t.paced)))


# a phase's time within this much above its pacing length measures the pacing, not the filesystem
PACED_MARGIN = 0.05


def _paced(machines: list[Machine], workload: str, metric: str, unit: str, baseline: str) -> str:
    """Why a time figure is not judged, or "": a workload paced to last at least ``spread``
    seconds a phase (the writes workload, so its writes span the journal's commits) whose phase
    took no longer than that on every machine measures the pacing, not the filesystem."""
    if unit != "s":
        return ""
    paces = {(m.run.settings or {}).get("workload_params", {}).get(workload, {}).get("spread") for m in machines}
    if len(paces) != 1:
        return ""
    pace = paces.pop()
    if not isinstance(pace, (int, float)) or isinstance(pace, bool) or pace <= 0:
        return ""
    medians = [s.median for m in machines if m.comparison is not None
               for (config, w, name), s in m.comparison.summaries.items() if (w, name) == (workload, metric)
               and s.n and finite(s.median)]
    if not medians or max(medians) > pace * (1 + PACED_MARGIN):
        return ""
    return (f"not judged: every phase is paced to last {pace:g} s (the {workload} workload's spread), and "
            f"it took no longer, so this time measures the pacing, not the filesystem")


def _unit_of(machine: Machine, workload: str, metric: str) -> tuple[str, str] | None:
    for result in machine.run.results:
        for sample in result.samples:
            if sample.workload == workload and sample.metric == metric:
                return sample.unit, sample.better
    return None


__all__ = ["CLASS_HEADING", "NOT_MEASURED", "ClassResults", "ConfigColumn", "Export", "Pooled", "export_file_name", "machine_change", "Machine", "MergeError", "MetricTable", "Spread",
           "merge_exports", "parse_export", "parse_export_text", "run_from_json"]
