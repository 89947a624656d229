"""writes — how many megabytes a build-like job writes, journal included.

The seed measured git clone / make / make clean and counted what reached the disk. fstune does
the same shape with its own generated source tree: populate it (the clone), write an object file
next to every source file after reading it (the build: reads update atime, unless the mount says
otherwise), then delete the objects (make clean). Each phase is wrapped in a counter that syncs
and reads field 7 (sectors written) of /sys/class/block/DEV/stat for the data device *and* the
external journal device; ext4's own lifetime_write_kbytes would miss the latter.
"""

from __future__ import annotations

from fstune.steps import MEASURE, PREPARE, Step
from fstune.figures import Sample
from fstune.workloads.base import (CACHE_SECONDS, HELPER, Param, Workload, WorkloadContext, cold_cache_steps,
                                   count_writes_samples, measured_writes)
from fstune.workloads.metrics import COUNTED_WRITES, MB_WRITTEN, in_phases
from fstune.workloads.registry import get, register

# the measured phases, in the order they run
PHASES = (("populate", "populate"), ("build", "build"), ("clean", "clean"))


@register
class Writes(Workload):
    name = "writes"
    title = "Bytes written by a build (populate, compile, clean)"
    description = (
        "Counts the megabytes that reach the devices, journal included, while a source tree is "
        "unpacked, compiled into object files and cleaned. It shows what a journal costs in "
        "writes and how much atime, relatime and noatime change that."
    )
    summary = "megabytes really written to the devices while building a tree: the cost of a journal."
    measures = "MB written per phase (data device + journal device)"
    listing_order = 40
    tools = ("tar", "find")
    packages = {"tar": "tar", "find": "findutils"}
    params = {
        "files": Param("files", "int", 2000, "source files in the tree", 10, 1_000_000),
    }
    duration_param = "files"
    # the total over both devices steers: the data device's share alone moves with the journal
    metrics = in_phases(PHASES, *(MB_WRITTEN.but(steers=True) if m is MB_WRITTEN else m for m in COUNTED_WRITES))

    def estimate_seconds(self, params: dict[str, object]) -> float:
        # about a millisecond per file for writing the tree and one for building it
        return int(params["files"]) * 2 / 1000 + 2 * CACHE_SECONDS

    def tarball(self, ctx: WorkloadContext) -> str:
        return f"{ctx.shared_dir}/source-{self.resolve(ctx.params)['files']}.tar"

    def prepare_steps(self, ctx: WorkloadContext) -> list[Step]:
        files = self.resolve(ctx.params)["files"]
        argv = (*HELPER, "make-tree", "--kind", "source", "--files", str(files), "--top", "src", self.tarball(ctx))
        return [Step(argv, title=f"Generate a source tree of {files} files", kind=PREPARE, needs_root=False,
                     why="made once, outside the filesystem under test, so every configuration builds the same tree",
                     workload=self.name)]

    def repeat_steps(self, ctx: WorkloadContext, repeat: int) -> list[Step]:
        src = f"{ctx.mountpoint}/src"
        phases = [
            ("populate", ("tar", "-xf", self.tarball(ctx), "-C", ctx.mountpoint), "unpack the source tree (like git clone)"),
            ("build", (*HELPER, "build", src), "read every source file and write its object file (like make)"),
            ("clean", ("find", src, "-name", "*.o", "-delete"), "delete the object files (like make clean)"),
        ]
        steps = cold_cache_steps(ctx, "the build", repeat, self.name)
        for phase, argv, what in phases:
            result = f"{ctx.workdir}/writes-{phase}-{repeat}.json"
            steps.append(Step(measured_writes(ctx, argv, result), title=f"{phase}: {what} (repeat {repeat})",
                              kind=MEASURE, why="counts the sectors this phase writes to every device under test",
                              config=ctx.config, workload=self.name, phase=phase, repeat=repeat, result_file=result))
        steps.append(Step(("rm", "-r", src), title="Remove the source tree", kind="cleanup-files",
                          why="each repeat starts from an empty filesystem",
                          config=ctx.config, workload=self.name, repeat=repeat))
        return steps

    def parse(self, step: Step, output: str, seconds: float, exit_status: int,
              result_text: str | None) -> list[Sample]:
        # the counter's report, not the terminal: it holds the per-device byte counts
        return count_writes_samples(self, self.measured_phase(step), step, exit_status, result_text)


WRITES = get(Writes.name)
