"""Exported JSON reports read back: what ``fstune results export --format json`` wrote, as runs.

A JSON report (``fstune.reports.reports.run_json``, format ``FORMAT_NAME`` version
``FORMAT_VERSION``) carries a run's whole record; ``run_from_json`` is its inverse and makes the
``RunRecord`` the store would load, and ``parse_export`` reads a file's runs, refusing with a
``MergeError`` that names the file what is not an export this fstune can read. The class merge
(``fstune.reports.classroom``) and ``fstune results recompute``'s benches read exports with it;
``export_file_name`` is the name an attendee's export gets, so that a class's files never clash.
"""

from __future__ import annotations

import dataclasses
import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from fstune import __version__
from fstune.errors import UsageError
from fstune.figures import RepeatResult, Sample
from fstune.reports import reports
from fstune.results.records import ConfigDescription, DeviceRecord, RunRecord


class MergeError(UsageError):
    """An export that cannot be merged: unreadable, not fstune's, another format, another study."""


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


__all__ = ["Export", "MergeError", "export_file_name", "parse_export", "parse_export_text",
           "run_from_json"]
