"""A Step: one command fstune runs, with the reason it runs and what it may touch.

Plans are lists of Steps. The dry-run script and the runner consume the same Steps, so the
script is exactly what a real run executes. ``argv`` is always a list of words; no step is ever
a shell string built from user input.
"""

from __future__ import annotations

from dataclasses import dataclass

# kinds of step, for grouping in the UI and for the runner's safety checks
PREPARE = "prepare"  # scratch directories and generated input outside the device under test
JOURNAL = "journal"  # format the external journal/log device
MKFS = "mkfs"
TUNE = "tune"  # attach an external journal to an existing filesystem (jfs_tune)
MKDIR = "mkdir"
MOUNT = "mount"
RECORD = "record"  # read-only: show how the filesystem was really made (dumpe2fs, xfs_info)
CACHE = "cache"  # sync and drop caches before a measured step
MEASURE = "measure"  # a timed workload step
CEILING = "ceiling"  # the optional raw-device pass before the first mkfs (its figures are the ceiling)
UMOUNT = "umount"
RMDIR = "rmdir"


@dataclass(frozen=True)
class Step:
    argv: tuple[str, ...]
    title: str
    why: str
    kind: str
    destructive: bool = False  # erases or rewrites ``device``
    needs_root: bool = True
    cleanup: bool = False  # undoes an earlier step; also run by the cleanup path
    device: str | None = None  # the block device a destructive step writes to
    also_writes: tuple[str, ...] = ()  # other devices it writes, e.g. the log mkfs.xfs formats
    config: str | None = None  # configuration name the step belongs to
    workload: str | None = None
    phase: str | None = None  # the measured phase, e.g. "untar", "seqwrite", "dbench"
    repeat: int | None = None  # 1-based repeat number for workload steps
    stdout: str | None = None  # send stdout to this file (e.g. /dev/null) instead of the log
    cwd: str | None = None
    allow_failure: str | None = None  # failure is only a warning, saying this
    result_file: str | None = None  # where the tool writes its machine-readable result
    mountpoint: str | None = None  # mount/umount/mkdir/rmdir: the directory involved
    # the interleaved design (docs/verdicts.md, "Blocks"): the block (1-based) a configuration's
    # step belongs to, and the configuration's place in that block's order (1-based)
    block: int | None = None
    position: int | None = None

    @property
    def measured(self) -> bool:
        """Its output becomes figures: a benchmark, or a measured phase of one."""
        return self.kind == MEASURE or self.phase is not None

    @property
    def written_devices(self) -> tuple[str, ...]:
        """Every block device this step writes to; the runner checks each before it starts."""
        return ((self.device,) if self.device else ()) + self.also_writes

    def __post_init__(self) -> None:
        if not self.argv or not all(isinstance(word, str) and word for word in self.argv):
            raise ValueError(f"a step needs a non-empty argv of words: {self.argv!r}")
        if self.destructive and not self.device:
            raise ValueError(f"destructive step '{self.title}' must name its device")
