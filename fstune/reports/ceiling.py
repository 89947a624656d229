"""The ceiling: each configuration's rates as a share of what the raw device itself did.

A run asked for it (``fstune run --ceiling``) measures the target device once, before its first
mkfs, with the throughput workload's phases (``RunRecord.ceiling``; docs/ARCHITECTURE.md, "The
ceiling"). Every place that shows a run's figures says the same sentences, built here once:
"internal reaches 83 % of the raw device's sequential write rate (412.0 of 497.0 MB/s)", then what
the ceiling cannot say (``caveat``). The terminal, the reports and the results screen only lay
them out.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from fstune.figures import HIGHER
from fstune.reports.caveats import _is_loop
from fstune.reports.formatting import fmt_value
from fstune.results.records import RunRecord
from fstune.units import format_percent
from fstune.workloads import find as find_workload
from fstune.workloads import metric as declared_metric

RATE_UNIT = "MB/s"  # the figures shown against the ceiling: the phases' rates


@dataclass(frozen=True)
class Share:
    """One configuration's median rate in one phase against the raw device's."""

    config: str
    workload: str
    metric: str  # "seqwrite.rate_mbs"
    title: str  # "sequential write rate"
    value: float  # the configuration's median over its counted repeats
    raw: float  # the raw device's, measured once
    unit: str

    @property
    def fraction(self) -> float:
        return self.value / self.raw

    def sentence(self) -> str:
        return (f"{self.config} reaches {format_percent(self.fraction, 0, unit=' %')} of the raw device's "
                f"{self.title} ({fmt_value(self.value)} of {fmt_value(self.raw)} {self.unit})")

    def to_json(self) -> dict:
        return {"config": self.config, "workload": self.workload, "metric": self.metric, "value": self.value,
                "raw": self.raw, "unit": self.unit, "fraction": round(self.fraction, 4)}


def shares(record: RunRecord) -> list[Share]:
    """Every configuration's share of the ceiling, phase by phase; [] when the run has no ceiling."""
    found = []
    for workload, raw in (record.ceiling or {}).items():
        known = find_workload(workload)
        order = [metric.name for metric in known.metrics] if known is not None else []
        # the phases in the order they ran (the store keeps the figures sorted by name)
        for name, ceiling in sorted(raw.items(), key=lambda item: (order.index(item[0]) if item[0] in order
                                                                   else len(order), item[0])):
            declared = declared_metric(workload, name)
            if declared is None or declared.unit != RATE_UNIT or declared.better != HIGHER or ceiling <= 0:
                continue
            for config in record.configs:
                values = [s.value for r in record.results if r.counts and r.config == config.name
                          and r.workload == workload for s in r.samples if s.metric == name]
                if values:
                    found.append(Share(config.name, workload, name, declared.title, statistics.median(values),
                                       ceiling, declared.unit))
    return found


def caveat(record: RunRecord) -> str:
    """What the ceiling cannot say, for this record."""
    text = ("The raw-device pass ran once, a few seconds a phase, before the first mkfs, so it has no interval "
            "and a busy moment lowers it: read a share as a rough guide. A share above 100 % means the pass caught "
            "the device slower than the repeats did, not that a filesystem outran its device.")
    target = [d for d in record.devices if d.role == "target"]
    placement = record.environment.get("placement") or {}
    if target and all(_is_loop(d, placement) for d in target):
        text += (" On loop devices it measured the backing file on the host's disk (through the host's "
                 "filesystem), not a disk of its own.")
    return text


def ceiling_lines(record: RunRecord) -> list[str]:
    """The sentences, then the caveat; [] when the run has no ceiling."""
    found = shares(record)
    if not record.ceiling:
        return []
    if not found:
        return ["The raw device was measured before the first mkfs, but no configuration has a rate to set "
                "against it.", caveat(record)]
    return [share.sentence() + "." for share in found] + [caveat(record)]


def ceiling_sections(records) -> list[tuple[str, list[str], str]]:
    """(heading, sentences, caveat) for each run of ``records`` that measured its raw device, as
    the reports lay them out; the heading names the run when there are several."""
    found = []
    for record in records:
        lines = ceiling_lines(record)
        if lines:
            label = f" (run {record.id})" if len(records) > 1 else ""
            found.append((f"The ceiling: the raw device{label}", lines[:-1], lines[-1]))
    return found


def ceiling_json(record: RunRecord, outputs: bool = True) -> dict | None:
    """The raw figures, the shares and the caveat, for the JSON report, and with ``outputs`` what
    its tools printed (so a recompute can parse it again); None without a ceiling."""
    kept = record.ceiling_raw if outputs else None
    if not record.ceiling and not kept:
        return None  # outputs alone still travel: a newer parser may read what this one could not
    return {"raw": record.ceiling or {}, "shares": [share.to_json() for share in shares(record)],
            "caveat": caveat(record), **({"outputs": kept} if kept else {})}


__all__ = ["Share", "caveat", "ceiling_json", "ceiling_lines", "ceiling_sections", "shares"]
