"""metadata — dbench: many clients creating, renaming, writing and deleting files.

dbench replays a file-server load (Debian ships it as /usr/share/dbench/client.txt). It is
metadata-heavy, which is exactly where a journal on a second disk or bigger log buffers pay.
"""

from __future__ import annotations

from fstune.steps import MEASURE, Step
from fstune.workloads.base import Param, Workload, WorkloadContext, cold_cache_steps

LOADFILE = "/usr/share/dbench/client.txt"


class Metadata(Workload):
    name = "metadata"
    title = "Metadata-heavy (dbench)"
    description = (
        "dbench clients create, write, rename and delete files as a busy file server would. "
        "Every one of those operations is a journal transaction, so this is the workload where "
        "moving the journal or log off the data disk shows most."
    )
    measures = "MB/s and maximum latency"
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


METADATA = Metadata()
