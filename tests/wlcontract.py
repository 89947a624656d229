"""What every workload module promises, written down per workload (helper for the tests).

Each ``tests/test_wl_<module>.py`` declares ``CONTRACTS = {name: Contract(...)}``: the exact
declarations of the workload its module registers and what it makes of a recorded run;
``tests/test_workloads_contract.py`` checks them, and the rules every workload obeys, for every
registered workload. See docs/ARCHITECTURE.md, "How to add a workload".
"""

from __future__ import annotations

import re
import subprocess
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from fstune.steps import Step
from fstune.workloads import Workload, WorkloadContext

TOOLS = Path(__file__).parent / "fixtures" / "tools"
DATA, JOURNAL = "/dev/loop0p1", "/dev/loop0p2"  # the devices count-writes-journal.json counted


def fixture(name: str) -> str:
    return (TOOLS / name).read_text()


def context(workload: Workload, *, journal: bool = False, **params) -> WorkloadContext:
    """The standard context: configuration 'base' on DATA (and JOURNAL), 512 MiB."""
    return WorkloadContext(config="base", fs_name="ext4", mountpoint="/mnt/fstune", workdir="/tmp/fstune/base",
                           shared_dir="/tmp/fstune", data_device=DATA, journal_device=JOURNAL if journal else None,
                           target_size=512 * 1024 * 1024, params=workload.check_params(params),
                           mount_argv=("mount", "-t", "ext4", *(("-o", f"journal_path={JOURNAL}") if journal else ()),
                                       DATA, "/mnt/fstune"))


def measured_steps(workload: Workload, ctx: WorkloadContext) -> list[Step]:
    return [step for step in workload.repeat_steps(ctx, 1) if step.phase]


def terminal_lines(text: str) -> list[str]:
    """A recorded terminal output as the runner sees it: lines end with \\n, or are redrawn after \\r."""
    return [line for line in re.split(r"[\r\n]+", text) if line]


@dataclass(frozen=True)
class Recorded:
    """One measured step's real output, from tests/fixtures/tools/ (see its README.md)."""

    phase: str  # the measured step it is the output of
    output: str | None = None  # file: what the step printed on its terminal
    result: str | None = None  # file: the step's result file (a tool's report)
    seconds: float = 2.5  # the step's wall time
    journal: bool = False  # counted with an external journal device (JOURNAL)
    params: dict[str, str] = field(default_factory=dict)  # parameters the step needs beyond the defaults


@dataclass(frozen=True)
class ProgressLine:
    """A recorded progress line and what the workload's progress parser makes of it."""

    fixture: str  # file in tests/fixtures/tools/: the tool's terminal output
    line: int  # index in terminal_lines(fixture); the parser reads every line before it first
    expected: tuple  # (fraction, eta seconds, label)
    params: dict[str, str] = field(default_factory=dict)  # of the run that printed it


@dataclass(frozen=True)
class Contract:
    # every parameter and its default, in declaration order (the order the help and wizard show)
    params: dict[str, object]
    # the parameters the wizard shows as fields
    wizard: tuple[str, ...]
    # the parameter its run time grows with (None: it has none)
    duration_param: str | None
    # seconds of one repeat with the defaults (the wizard's estimate)
    estimate: float
    # every declared metric: (unit, better, scale)
    metrics: dict[str, tuple[str, str, str]]
    primary: str | None
    secondary: tuple[str, ...]
    # tool → Debian package
    packages: dict[str, str]
    # a recorded run, and the metrics the parser makes of it, in order
    recorded: Recorded
    reported: tuple[str, ...]
    # a recorded progress line; None: its tools print none of their own (the runner's
    # generic percentage parser reads them)
    progress: ProgressLine | None


@contextmanager
def mounted(device: str, run_destructive, where: Path, *, options: str = "", mkfs: tuple[str, ...] = ("mkfs.ext4",)):
    """``device`` (a lab partition) freshly formatted and mounted at ``where``; unmounted afterwards
    even when the test fails. For the workloads' real runs."""
    run_destructive([*mkfs, "-q", "-F", device], device)
    where.mkdir(parents=True, exist_ok=True)
    run_destructive(["mount", *(("-o", options) if options else ()), device, str(where)], device)
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=False, capture_output=True)


def sectors_written(device: str) -> int:
    """512-byte sectors the kernel has written to ``device`` since it appeared (field 7)."""
    name = Path(device).resolve().name
    return int(Path(f"/sys/class/block/{name}/stat").read_text().split()[6])

# the step before every cold-cache measurement: flush, then wait for dirty data to be written
SETTLE = ("fstune", "workload-helper", "settle")

def cold(*, journal: bool = False) -> tuple[str, ...]:
    """The step after SETTLE for ``context()``'s filesystem: unmount it, flush its devices' buffers
    (the data device, and the journal's when it has one), mount it again as the plan mounted it."""
    devices = (DATA, JOURNAL) if journal else (DATA,)
    options = ("-o", f"journal_path={JOURNAL}") if journal else ()
    return ("fstune", "workload-helper", "cold-cache", "--umount", "/mnt/fstune",
            *(word for device in devices for word in ("--flushbufs", device)),
            "--", "mount", "-t", "ext4", *options, DATA, "/mnt/fstune")
