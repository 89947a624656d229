"""What fstune keeps about one run: the study, how it ended, its machine, devices and figures.

A ``RunRecord`` is what ``fstune.measure.record.run_record`` makes at the end of a run,
what the store (``fstune.results.store``) saves and loads, what a JSON report holds and what
the classroom merge reads back from one. ``DeviceRecord`` is a device as it was when the run
started (``fstune.results.environment.describe_device`` reads it from sysfs);
``ConfigDescription`` what each configuration was, for the option diff. This module imports
nothing of fstune but the figures: every report and front end reads records.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fstune.figures import RepeatResult

# how a run ended: the runner's RunStatus words, stored with the run (spelled out here so that
# reading stored runs does not import the runner and the plan machinery)
FINISHED = "finished"
FAILED = "failed"
CANCELLED = "cancelled"
STATUSES = (FINISHED, FAILED, CANCELLED)


@dataclass(frozen=True)
class DeviceRecord:
    """A block device a run used, as it was when the run started."""

    path: str
    role: str  # "target" | "journal"
    model: str | None = None
    size: int | None = None  # bytes
    transport: str | None = None  # sata, nvme, usb, virtio, loop …
    rotational: bool | None = None
    scheduler: str | None = None  # the active I/O scheduler, e.g. "mq-deadline", "none"


@dataclass(frozen=True)
class ConfigDescription:
    """What distinguishes one configuration from another, for the option diff."""

    name: str
    filesystem: str
    journal: str = "internal"  # internal | external | none
    log_device: str | None = None  # the external journal/log device, when journal == "external"
    mkfs_options: tuple[str, ...] = ()
    mount_options: tuple[tuple[str, str | None], ...] = ()

    @classmethod
    def from_configuration(cls, config, log_device: str | None = None) -> ConfigDescription:
        """From a study's ``Configuration`` and the device chosen for its external journal."""
        return cls(name=config.name, filesystem=config.filesystem, journal=config.journal,
                   log_device=log_device if config.journal == "external" else None,
                   mkfs_options=tuple(config.mkfs_options), mount_options=tuple(config.mount_options))


@dataclass
class RunRecord:
    """Everything fstune keeps about one run of a study."""

    study: str
    title: str
    started: float  # Unix time
    status: str  # FINISHED | FAILED | CANCELLED
    configs: list[ConfigDescription]  # the baseline first, unless ``baseline`` says otherwise
    results: list[RepeatResult]
    finished: float | None = None
    reason: str = ""  # why it failed or was cancelled
    environment: dict = field(default_factory=dict)  # from capture_environment()
    devices: list[DeviceRecord] = field(default_factory=list)
    # config name → the mkfs commands that made it, in order (e.g. the journal device's, then
    # the filesystem's), as the argv that really ran
    mkfs_argv: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)
    baseline: str = ""  # empty: the first configuration
    repeats: int | None = None  # repeats planned per configuration and workload
    warnings: list[str] = field(default_factory=list)  # the plan's warnings, e.g. same-disk journal
    # The decision method's name and version (fstune.stats.sequential.METHOD) when the run was
    # measured in interleaved blocks; empty for a legacy run, which paired statistics never use.
    method: str = ""
    # How it was measured and decided (docs/verdicts.md): {"primary": {"workload", "metric"},
    # "delta": {"default": fraction, "metrics": {"workload:metric": fraction}}, "looks": [5, 10, 15],
    # "max_blocks": n, "order": [[config, …] per block], "dropped_blocks": {block: reason},
    # "stopped": why the blocks ended}.
    design: dict = field(default_factory=dict)
    # What must be equal for two runs to be compared or merged (docs/verdicts.md, "Comparing
    # runs"): {"workload_params": {workload: {param: value}}, "repeat_rules": {...},
    # "study_version": str, "lab_kind": str, "device_roles": {path: role}, "machine_id": str}.
    settings: dict = field(default_factory=dict)
    # The raw-device pass before the first mkfs, when it was asked for (docs/ARCHITECTURE.md, "The
    # ceiling"): {workload: {metric: value}}, e.g. {"throughput": {"seqwrite.rate_mbs": 512.0, …}},
    # parsed by the workload's own parser; measured once, so it has no interval. None: not measured.
    ceiling: dict[str, dict[str, float]] | None = None
    # What the raw-device pass's tools printed, {workload: {phase: text}}, kept like a repeat's raw
    # outputs so ``fstune results recompute`` can parse the ceiling again. None: not kept.
    ceiling_raw: dict[str, dict[str, str]] | None = None
    id: int | None = None  # set by the store

    def __post_init__(self) -> None:
        if not self.baseline and self.configs:
            self.baseline = self.configs[0].name

    def validate(self) -> None:
        """Refuse a record that could not be compared later (a programming error, not user input)."""
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {self.status!r}")
        names = [c.name for c in self.configs]
        if not names:
            raise ValueError("a run needs at least one configuration")
        if len(set(names)) != len(names):
            raise ValueError(f"configuration names repeat: {names}")
        if self.baseline not in names:
            raise ValueError(f"baseline {self.baseline!r} is not one of the configurations {names}")
        for result in self.results:
            if result.config not in names:
                raise ValueError(f"a result names configuration {result.config!r}, which the run does not have")
        for name in self.mkfs_argv:
            if name not in names:
                raise ValueError(f"mkfs_argv names configuration {name!r}, which the run does not have")

    @property
    def legacy(self) -> bool:
        """Measured before blocks existed: shown, never mixed into paired statistics."""
        return not self.method

    @property
    def hostname(self) -> str:
        return str(self.environment.get("hostname") or "?")


__all__ = ["CANCELLED", "FAILED", "FINISHED", "STATUSES", "DeviceRecord", "RunRecord"]
