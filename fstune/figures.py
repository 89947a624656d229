"""What a measured step produces: named figures, each knowing which direction is better.

A workload's parser turns one measured step's real output (fio's JSON report, dbench's final
lines, the write counter's report, the step's wall time) into ``Sample``s. A failed tool, a
non-zero fio error, a zero rate or truncated output never becomes a number: the parser raises
``MeasurementError`` and the whole repeat is recorded as failed, with that reason.

Metric names are ``PHASE.QUANTITY``, e.g. ``seqwrite.rate_mbs``, ``dbench.throughput_mbs``,
``untar.seconds``, ``build.mb_written``. The comparison matches samples by (workload, metric)
across configurations.

A repeat's figures are the vocabulary between two layers: the workloads (fstune/workloads/)
produce Samples, and the statistics, results and reports (fstune/stats/, fstune/results/,
fstune/reports/) read them. So this module sits low, beside ``fstune.steps``, and imports
nothing of fstune (docs/ARCHITECTURE.md, "Results").
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

HIGHER = "higher"  # MB/s, operations per second, CPU efficiency
LOWER = "lower"  # seconds, latency, MB written, CPU %


class MeasurementError(Exception):
    """The tool's output cannot be trusted as a figure; the repeat is marked failed."""


@dataclass(frozen=True)
class Sample:
    workload: str  # "throughput", "metadata", …
    metric: str  # "seqwrite.rate_mbs"
    value: float
    unit: str  # "MB/s", "s", "ms", "%", "MB"
    better: str  # HIGHER or LOWER

    def __post_init__(self) -> None:
        if self.better not in (HIGHER, LOWER):
            raise ValueError(f"better must be '{HIGHER}' or '{LOWER}', not {self.better!r}")


@dataclass
class RepeatResult:
    """One repeat of one workload under one configuration."""

    config: str
    workload: str
    repeat: int
    samples: list[Sample] = field(default_factory=list)
    failed: str | None = None  # why this repeat produced no figures
    warm_cache: bool = False  # the caches could not be dropped before it
    raw: dict[str, str] = field(default_factory=dict)  # phase → the tool's own output/report
    # Where it ran in the interleaved design (docs/verdicts.md, "Blocks"): the block (1-based) and
    # its place within the block (1-based). None for runs made before blocks existed (legacy).
    block: int | None = None
    position: int | None = None
    # What was checked and recorded around it: "readback" (what the filesystem really was: journal
    # device and UUID, mount options as the kernel applied them, mkfs features) and "host" (start
    # and end time, device stat deltas, load, pressure, steal). JSON-shaped, stored as is.
    conditions: dict = field(default_factory=dict)
    # Why its whole block counts for nothing (a declared rule, e.g. a foreign pressure spike);
    # unlike ``failed`` the figures are kept for the record but never compared.
    dropped: str | None = None

    @property
    def ok(self) -> bool:
        return self.failed is None

    @property
    def counts(self) -> bool:
        """Its figures may enter a comparison: it did not fail and its block was not dropped."""
        return self.failed is None and self.dropped is None

    def to_json(self) -> dict:
        return asdict(self)
