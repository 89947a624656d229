"""writes — how many megabytes a build-like job writes, journal included.

The seed measured git clone / make / make clean and counted what reached the disk. fstune does
the same shape with its own generated source tree: populate it (the clone), compile it (per
directory read the Makefile, then for every source file read it and the headers it includes and
write an object file beside it), then clean it (read every Makefile, look at every file as
``make clean`` and ``git status`` do, delete the objects). Headers are read over and over between
two changes, as in a real build, which is what tells strictatime (an inode write on every read),
relatime (only the first read after a change) and noatime (none) apart.

A journal costs most when the same metadata blocks are written again in every commit, and ext4
commits every 5 s: a phase over in one commit hides that. ``spread`` makes every phase last at
least that long, as a clone arriving over a network and a compiler thinking between files do.

Each phase is wrapped in a counter that syncs and reads field 7 (sectors written) of
/sys/class/block/DEV/stat for the data device *and* the external journal device; ext4's own
lifetime_write_kbytes would miss the latter. With the journal inside the filesystem, its writes
are part of the data device's figure.
"""

from __future__ import annotations

from fstune.errors import UsageError
from fstune.figures import Sample
from fstune.steps import MEASURE, PREPARE, Step
from fstune.units import format_size
from fstune.workloads.base import (CACHE_SECONDS, HELPER, Param, Workload, WorkloadContext, cold_cache_steps,
                                   count_writes_samples, measured_writes)
from fstune.workloads.metrics import COUNTED_WRITES, in_phases
from fstune.workloads.registry import get, register

# the measured phases, in the order they run
PHASES = (("populate", "populate"), ("build", "build"), ("clean", "clean"))
# what one source file costs the partition: the file (1–40 KiB), its object (1.5 times as big),
# their blocks' slack and a share of the headers, rounded up
BYTES_PER_FILE = 64 * 1024


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
    tools = ("rm",)  # the phases are fstune's own helpers; rm clears the tree between repeats
    packages = {"rm": "coreutils"}
    params = {
        "files": Param("files", "int", 2000, "source files in the tree (the seed built a whole kernel; "
                       "each file needs 64 KiB of the partition)", 10, 1_000_000),
        "spread": Param("spread", "int", 0, "spread each phase over at least this many seconds, so it "
                        "spans several journal commits (ext4 commits every 5 s); 0: as fast as it goes",
                        0, 3600, unit="s"),
    }
    duration_param = "files"
    metrics = in_phases(PHASES, *COUNTED_WRITES)

    def estimate_seconds(self, params: dict[str, object]) -> float:
        # about a millisecond per file for writing the tree and one for building it, unless the
        # phases are spread over longer than that
        return max(int(params["files"]) * 2 / 1000, len(PHASES) * int(params["spread"])) + 2 * CACHE_SECONDS

    def check_fits(self, ctx: WorkloadContext) -> None:
        files = int(self.resolve(ctx.params)["files"])
        if files * BYTES_PER_FILE > ctx.target_size:
            largest = ctx.target_size // BYTES_PER_FILE
            raise UsageError(
                f"writes.files={files} needs a partition of at least {format_size(files * BYTES_PER_FILE)} "
                f"(the tree and its object files), and this one is {format_size(ctx.target_size)}.",
                f"Use writes.files={largest} or fewer, or a larger partition." if largest >= 10
                else "Choose a larger partition.")

    def tarball(self, ctx: WorkloadContext) -> str:
        return f"{ctx.shared_dir}/source-{self.resolve(ctx.params)['files']}.tar"

    def prepare_steps(self, ctx: WorkloadContext) -> list[Step]:
        self.check_fits(ctx)
        files = self.resolve(ctx.params)["files"]
        argv = (*HELPER, "make-tree", "--kind", "source", "--files", str(files), "--top", "src", self.tarball(ctx))
        return [Step(argv, title=f"Generate a source tree of {files} files", kind=PREPARE, needs_root=False,
                     why="made once, outside the filesystem under test, so every configuration builds the same tree",
                     workload=self.name)]

    def repeat_steps(self, ctx: WorkloadContext, repeat: int) -> list[Step]:
        src = f"{ctx.mountpoint}/src"
        spread = ("--spread", str(self.resolve(ctx.params)["spread"]))
        phases = [
            ("populate", (*HELPER, "unpack", *spread, self.tarball(ctx), ctx.mountpoint),
             "unpack the source tree (like git clone)"),
            ("build", (*HELPER, "build", *spread, src),
             "read every source file and its headers, write its object file (like make)"),
            ("clean", (*HELPER, "clean", *spread, src),
             "read the Makefiles, look at every file, delete the objects (like make clean)"),
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
