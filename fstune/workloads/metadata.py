"""metadata — dbench: many clients creating, renaming, writing and deleting files.

dbench replays a file-server load (Debian ships it as /usr/share/dbench/client.txt). It is
metadata-heavy, which is exactly where a journal on a second disk or bigger log buffers pay.
"""

from __future__ import annotations

import math
import re

from fstune.figures import HIGHER, LOWER, MeasurementError, Sample
from fstune.steps import MEASURE, Step
from fstune.workloads.base import Param, Workload, WorkloadContext, check_exit, cold_cache_steps

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


class Metadata(Workload):
    name = "metadata"
    title = "Metadata-heavy (dbench)"
    description = (
        "dbench clients create, write, rename and delete files as a busy file server would. "
        "Every one of those operations is a journal transaction, so this is the workload where "
        "moving the journal or log off the data disk shows most."
    )
    measures = "MB/s and maximum latency"
    steering = (".throughput_mbs",)
    tools = ("dbench",)
    params = {
        "clients": Param("clients", "int", 8, "simultaneous dbench clients (the seed used 15)", 1, 512),
        "seconds": Param("seconds", "int", 60, "how long each run lasts", 5, 3600),
        "loadfile": Param("loadfile", "text", LOADFILE, "the dbench load description"),
    }

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
        samples = [Sample(self.name, f"{phase}.throughput_mbs", throughput, "MB/s", HIGHER)]
        latency = MAX_LATENCY.search(final.group(2))
        if latency:  # dbench 4 only; 3.x and older never printed it
            value = _number(latency.group(1))
            if value is None or value < 0:
                raise MeasurementError(f"dbench's max_latency '{latency.group(1)}' is not a number.")
            samples.append(Sample(self.name, f"{phase}.max_latency_ms", value, "ms", LOWER))
        return samples


def _number(text: str) -> float | None:
    """A finite float from dbench's %g output, or None ("nan", "inf", garbage)."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


METADATA = Metadata()
