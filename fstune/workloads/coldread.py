"""coldread — a read-heavy start-up: read a tree of mixed file sizes from a cold cache.

The seed timed a desktop's boot: almost all reads, of many small files and a few large ones,
five boots per filesystem with each one's time shown beside the average. fstune unpacks such a
tree once per configuration, then for each repeat evicts it from memory and reads every file in one
fixed order scattered across the tree, the way a start-up opens its libraries, configuration and
icons (not directory by directory), timing the whole read. Each repeat is one boot: its figure
is kept on its own, and the study runs five.
"""

from __future__ import annotations

from fstune.steps import MEASURE, PREPARE, Step
from fstune.figures import Sample
from fstune.workloads.base import (CACHE_SECONDS, HELPER, Param, Workload, WorkloadContext, cold_cache_steps,
                                   wall_time_samples)
from fstune.workloads.metrics import SECONDS
from fstune.workloads.registry import get, register


@register
class ColdRead(Workload):
    name = "coldread"
    title = "Cold start (read a mixed tree from a cold cache)"
    description = (
        "Reads a tree of many small and a few large files straight after dropping the caches, "
        "the way a program or a whole desktop starts. It measures how well the filesystem lays "
        "out files for reading back, not how fast it writes."
    )
    summary = "reading a tree from a cold cache, like a program starting."
    measures = "seconds to read the tree"
    listing_order = 50
    tools = ("tar", "xargs", "cat")
    packages = {"tar": "tar", "xargs": "findutils", "cat": "coreutils"}
    version_argv = {"tar": ("tar", "--version")}
    params = {
        "files": Param("files", "int", 3000, "files in the tree", 10, 1_000_000),
    }
    duration_param = "files"
    metrics = (SECONDS.at("read", "read").but(primary=True),)

    def estimate_seconds(self, params: dict[str, object]) -> float:
        # unpacking is not measured but takes about as long as the read: 1 ms per file each
        return int(params["files"]) * 2 / 1000 + 2 * CACHE_SECONDS

    def tarball(self, ctx: WorkloadContext) -> str:
        return f"{ctx.shared_dir}/startup-{self.resolve(ctx.params)['files']}.tar"

    def order(self, ctx: WorkloadContext) -> str:
        """The list of the tree's files in the order a start-up reads them."""
        return f"{ctx.shared_dir}/startup-{self.resolve(ctx.params)['files']}.order"

    def prepare_steps(self, ctx: WorkloadContext) -> list[Step]:
        files = self.resolve(ctx.params)["files"]
        argv = (*HELPER, "make-tree", "--kind", "mixed", "--files", str(files), "--top", "startup",
                "--order", self.order(ctx), self.tarball(ctx))
        return [Step(argv, title=f"Generate a start-up tree of {files} files of mixed sizes", kind=PREPARE,
                     needs_root=False, why="made once so every configuration reads the same files",
                     workload=self.name)]

    def setup_steps(self, ctx: WorkloadContext) -> list[Step]:
        return [Step(("tar", "-xf", self.tarball(ctx), "-C", ctx.mountpoint), title="Unpack the start-up tree",
                     kind="setup", why="the files a start-up reads; unpacked once, read in every repeat",
                     config=ctx.config, workload=self.name)]

    def repeat_steps(self, ctx: WorkloadContext, repeat: int) -> list[Step]:
        # xargs passes the listed paths to cat in the list's order; the paths are relative to
        # the mountpoint, so every configuration reads the same list
        return [
            *cold_cache_steps(ctx, "the start-up read", repeat, self.name),
            Step(("xargs", "-d", "\\n", "-a", self.order(ctx), "cat"),
                 title=f"Read the whole tree in a start-up's scattered order (repeat {repeat})",
                 kind=MEASURE, why="timed from a cold cache, like a program start", stdout="/dev/null",
                 cwd=ctx.mountpoint, config=ctx.config, workload=self.name, phase="read", repeat=repeat),
        ]

    def parse(self, step: Step, output: str, seconds: float, exit_status: int,
              result_text: str | None) -> list[Sample]:
        # a read that failed part-way (a missing file, an I/O error) did not read the whole tree
        return wall_time_samples(self, self.measured_phase(step), step, seconds, exit_status)


COLDREAD = get(ColdRead.name)
