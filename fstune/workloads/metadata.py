"""metadata — dbench: many clients creating, renaming, writing and deleting files.

dbench replays a file-server load (Debian ships it as /usr/share/dbench/client.txt). It is
metadata-heavy, which is exactly where a journal on a second disk or bigger log buffers pay.
"""

from __future__ import annotations

import math
import os
import re

from fstune.figures import HIGHER, LOWER, MeasurementError, Sample
from fstune.steps import MEASURE, Step
from fstune.util.progress import ProgressParser
from fstune.workloads.base import CACHE_SECONDS, Param, Workload, WorkloadContext, check_exit, cold_cache_steps
from fstune.workloads.metrics import RATIO, Metric
from fstune.workloads.registry import get, register

LOADFILE = "/usr/share/dbench/client.txt"

# dbench's final line, in every version fstune has seen:
#   4.x  "Throughput 921.361 MB/sec  2 clients  2 procs  max_latency=27.968 ms"
#        "Throughput 452.385 MB/sec (sync open)  32 clients  32 procs  max_latency=1963.312 ms"
#   3.x  "Throughput 15.4433 MB/sec 15 procs"
#   2.x  "Throughput 10.0026 MB/sec (sync open) (sync dirs) 5 procs"
# The per-second progress lines ("   2    176258   949.05 MB/sec  execute   1 sec  latency …")
# also say MB/sec but never start with "Throughput", and only cover part of the run.
THROUGHPUT_LINE = re.compile(r"^\s*Throughput\s+(\S+)\s+MB/sec\b(.*)$")
MAX_LATENCY = re.compile(r"\bmax_latency=(\S+)\s*ms\b")


@register
class Metadata(Workload):
    name = "metadata"
    title = "Metadata-heavy (dbench)"
    description = (
        "dbench clients create, write, rename and delete files as a busy file server would. "
        "Every one of those operations is a journal transaction, so this is the workload where "
        "moving the journal or log off the data disk shows most."
    )
    summary = "dbench: many clients creating, renaming and deleting files. Where an external journal gains the most."
    measures = "MB/s and maximum latency"
    listing_order = 20
    tools = ("dbench",)
    packages = {"dbench": "dbench"}
    version_argv = {"dbench": ("dbench", "--help")}  # no version flag; its usage text starts with it
    params = {
        "clients": Param("clients", "int", 8, "simultaneous dbench clients (the seed used 15)", 1, 512),
        "seconds": Param("seconds", "int", 60, "how long each run lasts", 5, 3600, unit="s"),
        # the wizard keeps the study's load file: choosing another is for those who wrote one
        "loadfile": Param("loadfile", "text", LOADFILE, "the dbench load description", wizard=False),
    }
    duration_param = "seconds"
    metrics = (
        Metric("dbench.throughput_mbs", "MB/s", HIGHER, RATIO, "dbench throughput", "throughput",
               primary=True),
        # dbench 3.x and older never printed it
        Metric("dbench.max_latency_ms", "ms", LOWER, RATIO, "dbench maximum latency", "worst latency",
               optional=True),
    )

    def estimate_seconds(self, params: dict[str, object]) -> float:
        # dbench runs for exactly ``seconds``; its warm-up and cleanup take a few more
        return int(params["seconds"]) + CACHE_SECONDS + 2

    def progress_parser(self, argv: tuple[str, ...]) -> ProgressParser | None:
        return DbenchProgress.for_argv(argv) if os.path.basename(argv[0]) == "dbench" else None

    def repeat_steps(self, ctx: WorkloadContext, repeat: int) -> list[Step]:
        params = self.resolve(ctx.params)
        argv = ("dbench", "-D", ctx.mountpoint, "-t", str(params["seconds"]), "-c", str(params["loadfile"]),
                str(params["clients"]))
        return [
            *cold_cache_steps(ctx, "dbench", repeat, self.name),
            Step(argv, title=f"dbench with {params['clients']} clients for {params['seconds']} s (repeat {repeat})",
                 why="a metadata-heavy load: the journal's placement matters most here",
                 kind=MEASURE, config=ctx.config, workload=self.name, phase="dbench", repeat=repeat),
            Step(("rm", "-rf", f"{ctx.mountpoint}/clients"), title="Remove dbench's files", kind="cleanup-files",
                 why="each repeat starts from an empty filesystem",
                 config=ctx.config, workload=self.name, repeat=repeat),
        ]

    def parse(self, step: Step, output: str, seconds: float, exit_status: int,
              result_text: str | None) -> list[Sample]:
        phase = self.measured_phase(step)
        check_exit(step, exit_status)
        # a pty ends lines with \r\n; older dbench rewrote its progress line in place with \r
        lines = re.split(r"[\r\n]+", output)
        found = [match for match in map(THROUGHPUT_LINE.match, lines) if match]
        if not found:
            raise MeasurementError("dbench printed no 'Throughput' line: the run ended early or its output "
                                   "was cut off, so there is no figure for the whole run.")
        final = found[-1]  # the summary is the last thing dbench prints
        throughput = _number(final.group(1))
        if throughput is None or throughput <= 0:
            raise MeasurementError(f"dbench reported a throughput of {final.group(1)} MB/sec; "
                                   "a run that moved no data is not a measurement.")
        samples = [self.sample(f"{phase}.throughput_mbs", throughput)]
        latency = MAX_LATENCY.search(final.group(2))
        if latency:  # dbench 4 only; 3.x and older never printed it
            value = _number(latency.group(1))
            if value is None or value < 0:
                raise MeasurementError(f"dbench's max_latency '{latency.group(1)}' is not a number.")
            samples.append(self.sample(f"{phase}.max_latency_ms", value))
        return samples


def _number(text: str) -> float | None:
    """A finite float from dbench's %g output, or None ("nan", "inf", garbage)."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


class DbenchProgress(ProgressParser):
    """dbench's per-second lines against the known run time (-t) plus its warm-up.

    "   8   1234   56.78 MB/sec  warmup   3 sec  latency 12.345 ms" counts from the start;
    "execute 5 sec" counts from the end of the warm-up. The warm-up length comes from dbench's
    own "minimum warmup N secs" line (or its rule: a fifth of -t).
    """

    LINE = re.compile(r"^\s*\d+\s+\d+\s+[\d.]+ MB/sec\s+(warmup|execute)\s+(\d+) sec")
    WARMUP = re.compile(r"minimum warmup (\d+) secs?")
    CLEANUP = re.compile(r"^\s*\d+\s+cleanup\s+\d+ sec")

    def __init__(self, seconds: int) -> None:
        self.seconds = max(1, seconds)
        self.warmup = max(1, self.seconds // 5)

    @classmethod
    def for_argv(cls, argv: tuple[str, ...]) -> DbenchProgress:
        """The parser for this dbench command line: its run time is -t (dbench's default 600 s)."""
        seconds = 600  # dbench's own default
        for flag, value in zip(argv, argv[1:]):
            if flag in ("-t", "--timelimit") and value.isdigit():
                seconds = int(value)
        for word in argv:
            if word.startswith("--timelimit=") and word.split("=", 1)[1].isdigit():
                seconds = int(word.split("=", 1)[1])
        return cls(seconds)

    def parse(self, text):
        match = self.WARMUP.search(text)
        if match:
            self.warmup = int(match.group(1))
            return None
        match = self.LINE.match(text)
        total = self.warmup + self.seconds
        if match:
            phase, sec = match.group(1), int(match.group(2))
            done = sec if phase == "warmup" else self.warmup + sec
            done = min(done, total)
            return done / total, float(total - done), f"dbench {phase}"
        if self.CLEANUP.match(text):
            return 1.0, 0.0, "dbench cleanup"
        return None


METADATA = get(Metadata.name)
