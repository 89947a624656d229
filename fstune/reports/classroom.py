"""Class results: one study measured on many machines, merged into one table per metric.

In a workshop every attendee runs the same study on their own machine and sends the teacher
``fstune results export RUN --format json``. This module merges those exports (pure functions
over the runs read back from them) and answers the teacher's question: does the tuning do the
same thing everywhere?

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

This module merges the exports (``merge_exports`` → ``ClassResults``) that
``fstune.reports.exports`` reads back (its names are imported here too, so ``fstune results
merge`` finds the whole merge in one module); ``fstune.reports.classroom_report`` renders the
result as Markdown, HTML, CSV or JSON.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from fstune.filesystems import join_options
from fstune.reports.exports import Export, MergeError, export_file_name, parse_export, parse_export_text, run_from_json
from fstune.reports.formatting import finite, fmt_time
from fstune.reports.views import honest_notes
from fstune.results.blocked import DESCRIBED, NOT_YET, WAITING, read_design
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, Comparison, Row, Summary, compare
from fstune.results.records import RunRecord
from fstune.results.settings import settings_differences
from fstune.stats import classic as stats
from fstune.stats.verdict import Verdict

NOT_MEASURED = "not measured"
# every word a row's verdict can be (fstune.results.compare.Row.verdict), in the order a tally lists them
VERDICT_ORDER = (BETTER, WORSE, *(v.value for v in Verdict if v not in (Verdict.BETTER, Verdict.WORSE)), NOT_YET,
                 WAITING, DESCRIBED, NOISE, NO_DATA, NOT_MEASURED)


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
    # screening runs are merged factor by factor instead (fstune.reports.classroom_screening.ScreeningClass)
    screening: object | None = None

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

    # screening runs are merged by their factors' effects, not as configurations against run-01:
    # a mix, or screenings of different designs, are refused before anything else is compared
    from fstune.reports import classroom_screening

    screenings = classroom_screening.check_screenings([(e.source, run) for e in exports for run in e.runs])
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

    if screenings:
        machines = [Machine(label, source, run, None, found)
                    for (source, run), label, found in zip(entries, names, differs)]
        merged = _merged_words(machines, exports, skipped)
        return ClassResults(ref_run.study, ref_run.title, ref_run.baseline, [], machines, [], warnings, [], merged,
                            screening=classroom_screening.merge_screenings(machines))

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
    merged = _merged_words(machines, exports, skipped)
    primary = read_design(ref_run.design or {}, 1).primary
    return ClassResults(ref_run.study, ref_run.title, baseline, configs, machines,
                        _tables(machines, configs, baseline, warnings, primary), warnings, notes, merged, primary)


def _merged_words(machines: list[Machine], exports: Sequence[Export], skipped: list[str]) -> list[str]:
    """How many machines were merged, which were marked and which left out."""
    marked = [f"{m.label} ({m.source})" for m in machines if m.differs]
    counted = len(machines) - len(marked)
    merged = [f"Merged {len(machines)} machine{'s' if len(machines) != 1 else ''} from {len(exports)} "
              f"file{'s' if len(exports) != 1 else ''}" + (f"; {counted} in the pooled figures and verdict counts"
                                                          if marked else "") + "."]
    if marked:
        merged.append(f"Marked \"(other settings)\", shown but not pooled or counted: {', '.join(marked)}.")
    if skipped:
        merged.append(f"Left out: {'; '.join(skipped)}.")
    return merged


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


__all__ = ["CLASS_HEADING", "NOT_MEASURED", "ClassResults", "ConfigColumn", "Export", "Pooled", "export_file_name",
           "machine_change", "Machine", "MergeError", "MetricTable", "Spread", "merge_exports", "parse_export",
           "parse_export_text", "run_from_json"]
