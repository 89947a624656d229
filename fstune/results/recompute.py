"""Recompute a stored run: re-parse every repeat's raw tool output with today's parsers, and judge
it again with today's method (``fstune results recompute``).

Each repeat keeps, per measured phase, what the tool printed and, after a ``--- FILE ---`` line,
the report it wrote (``collection.Measurement``, up to ``RAW_LIMIT``). A parser needs a step, the
output, the wall time, the exit status and the report (``Workload.parse``). What is rebuilt, and
why it is honest:

- the **step**: the stored repeat's workload, phase, configuration and repeat, the report file's
  name, and as its command only the workload's tool. The parsers read the command line for two
  things only: which fio phases were asked (every throughput run asks all four) and the order of
  the write counter's devices (its report lists them in the same order). Nothing else is guessed.
- the **exit status**: 0. A phase's raw output is kept only when its step finished "ok".
- the **wall time**: the runner's clock, not the tool's output, measured it; the stored
  ``PHASE.seconds`` figure is carried over for phases timed that way (coldread, smallfiles).

Repeats that failed stay failed (their later phases never ran). A phase whose raw output no
longer parses (cut at the size limit, or refused by a stricter parser) makes the repeat failed,
with the parser's reason: the recomputed run says so rather than keep an old figure.

Nothing is stored unless asked: ``--save`` stores the recomputed run as a **new run** that names
its source (``settings["recomputed_from"]`` and a warning line), so the original stays as it was
measured and both can be compared.
"""

from __future__ import annotations

import copy
import re
import time
from dataclasses import dataclass, field

from fstune.diskmodel.dilation import convert_samples, convert_value, of_environment
from fstune.figures import MeasurementError, RepeatResult
from fstune.results.compare import Comparison, compare_runs
from fstune.results.records import RunRecord
from fstune.stats.sequential import METHOD
from fstune.steps import CEILING, MEASURE, Step

REPORT_MARKER = re.compile(r"\n--- (?P<file>[^\n]+) ---\n")


@dataclass
class Recomputed:
    source: RunRecord
    record: RunRecord  # the same run with today's figures (not stored)
    before: Comparison
    after: Comparison
    changed_figures: int = 0
    figures: int = 0
    newly_failed: list[str] = field(default_factory=list)  # "config workload repeat N: why"
    notes: list[str] = field(default_factory=list)


def split_raw(raw: str) -> tuple[str, str | None, str | None]:
    """(terminal output, report file name, report text) of one phase's stored raw output."""
    found = None
    for found in REPORT_MARKER.finditer(raw):
        pass  # the last marker: the report follows it
    if found is None:
        return raw, None, None
    return raw[:found.start()], found.group("file"), raw[found.end():]


def reparse(result: RepeatResult, factor: float = 1.0) -> RepeatResult:
    """The repeat with its figures parsed again from its raw outputs by today's parsers; in a
    time-dilated VM lab (``factor`` > 1) converted back as the run converted them."""
    from fstune.workloads.registry import find

    fresh = copy.deepcopy(result)
    if not result.ok or not result.raw:
        return fresh
    workload = find(result.workload)
    if workload is None:
        fresh.failed = f"recompute: this fstune has no workload '{result.workload}' to parse it"
        fresh.samples = []
        return fresh
    carried = {sample.metric: sample.value for sample in result.samples}
    samples = []
    for phase, raw in result.raw.items():
        try:
            samples += _parse_phase(workload, phase, raw, carried, factor, kind=MEASURE, config=result.config,
                                    repeat=result.repeat)
        except MeasurementError as error:
            fresh.failed = f"recompute: {phase}: {error}"
            fresh.samples = []
            return fresh
    fresh.samples = samples
    return fresh


def _parse_phase(workload, phase: str, raw: str, carried: dict[str, float], factor: float = 1.0, **where) -> list:
    """One phase's samples parsed again from its stored raw output (the step rebuilt as above).
    The raw output is in the guest's dilated time, the stored figures in native time: the carried
    wall time goes back to the guest's clock for the parser, and what it gives comes back."""
    output, report_file, report = split_raw(raw)
    tool = workload.tools[0] if workload.tools else "fstune"
    step = Step((tool,), title=f"{workload.name} {phase}", why="recomputed from the stored output",
                workload=workload.name, phase=phase, result_file=report_file, **where)
    seconds = convert_value(carried.get(f"{phase}.seconds", float("nan")), "s", factor, back=False)
    return convert_samples(workload.parse(step, output, seconds, 0, report), factor)


def reparse_ceiling(record: RunRecord) -> tuple[dict[str, dict[str, float]] | None, list[str]]:
    """The raw-device pass's figures parsed again from its stored outputs, and what could not be.

    Phase by phase: a phase that parses gives today's figures, one that does not keeps the stored
    ones (the ceiling is description, never a verdict) and is named in the notes, and a workload
    whose outputs were not kept keeps its stored figures. Outputs whose parse failed during the
    run are tried again: a newer parser may read them."""
    from fstune.workloads.registry import find

    stored, outputs = record.ceiling or {}, record.ceiling_raw or {}
    factor = _factor(record)
    fresh, problems = {}, []
    for name in dict.fromkeys([*stored, *outputs]):
        figures = dict(stored.get(name, {}))
        workload = find(name)
        for phase, raw in outputs.get(name, {}).items():
            if workload is None:
                problems.append(f"this fstune has no workload '{name}' to parse the raw-device pass's {phase}")
                break
            try:
                figures.update({s.metric: s.value for s in _parse_phase(workload, phase, raw, figures, factor, kind=CEILING)})
            except MeasurementError as error:
                problems.append(f"the raw-device pass's {name} {phase} does not parse: {error}")
        if figures:
            fresh[name] = figures
    return fresh or None, problems


def _factor(record: RunRecord) -> float:
    """The time dilation the run's figures were converted back by (1: none)."""
    dilation = of_environment(record.environment)
    return dilation.factor if dilation is not None else 1.0


def recompute(record: RunRecord) -> Recomputed:
    """``record`` re-parsed and judged again (nothing stored)."""
    fresh = copy.deepcopy(record)
    fresh.id = None
    fresh.results = [reparse(result, _factor(record)) for result in record.results]
    fresh.ceiling, ceiling_problems = reparse_ceiling(record)
    changed = figures = 0
    newly_failed = []
    for old, new in zip(record.results, fresh.results):
        if old.ok and not new.ok:
            newly_failed.append(f"{old.config} {old.workload} repeat {old.repeat}: {new.failed}")
            continue
        values = {s.metric: s.value for s in old.samples}
        for sample in new.samples:
            figures += 1
            if values.get(sample.metric) != sample.value:
                changed += 1
    notes = []
    if record.legacy:
        notes.append("A legacy run (measured before blocks): today's paired method cannot judge it; its verdicts "
                     "are recomputed by the legacy rule, on today's figures.")
    else:
        fresh.method = METHOD
        if record.method != METHOD:
            notes.append(f"Judged by {METHOD}; the run was judged by {record.method} when it was measured.")
    for name, figures_then in (record.ceiling or {}).items():
        for metric, value in (fresh.ceiling or {}).get(name, {}).items():
            figures += 1
            changed += figures_then.get(metric) != value
    notes += [problem[0].upper() + problem[1:] + " (its stored figures, if any, are kept)."
              for problem in ceiling_problems]
    if record.ceiling and not record.ceiling_raw:
        notes.append("The raw-device pass kept no raw output (measured before fstune kept it): its figures are "
                     "carried over as stored.")
    no_raw = sum(1 for r in record.results if r.ok and not r.raw)
    if no_raw:
        notes.append(f"{no_raw} repeat(s) kept no raw output: their figures are carried over as stored.")
    timed = sorted({s.metric for r in fresh.results for s in r.samples if s.metric.endswith(".seconds")})
    if timed:
        notes.append("Wall times are the runner's clock, not the tool's output: carried over where a phase is "
                     "simply timed.")
    return Recomputed(record, fresh, compare_runs([record]), compare_runs([fresh]), changed, figures, newly_failed,
                      notes)


def saved_copy(done: Recomputed) -> RunRecord:
    """The recomputed run as a new run naming its source (what ``--save`` stores)."""
    record = copy.deepcopy(done.record)
    record.id = None
    record.settings = {**record.settings, "recomputed_from": {
        "run": done.source.id, "method": done.source.method, "recomputed": time.time()}}
    record.warnings = [*record.warnings, f"Recomputed from run {done.source.id} with today's parsers and method "
                                         f"({record.method or 'legacy rule'}); the figures were measured then."]
    return record


__all__ = ["Recomputed", "recompute", "reparse", "reparse_ceiling", "saved_copy", "split_raw"]
