"""smallfiles — a tree of many 1 KiB files: untar, tar, read, ls -lR, ls -flR, find, rm -r.

The tree is D directories of D directories of D directories of F files (the seed's mail-spool
test used 10×10×10×1000 = one million files). The tarball is made once, outside the filesystem
under test, so extracting it measures the filesystem, not the generator. Every phase starts
from a cold cache and is timed on its own, with the flush of the filesystem after it inside the
timing (the seed synced between tests): without it, untar and rm -r measure the page cache.

Directory indexing and the allocators only matter once a directory outgrows one block: the
``spool`` and ``seed`` presets put 1000 files in each leaf directory, as the seed did.
"""

from __future__ import annotations

from fstune.errors import UsageError
from fstune.figures import Sample
from fstune.steps import MEASURE, PREPARE, Step
from fstune.units import format_size
from fstune.workloads.base import (CACHE_SECONDS, HELPER, Param, Workload, WorkloadContext, cold_cache_steps,
                                   flushed_command, timed_samples)
from fstune.workloads.metrics import SECONDS, in_phases
from fstune.workloads.registry import get, register

# (dirs per level, files per leaf directory), smallest first
PRESETS = {"quick": (4, 40), "default": (6, 100), "spool": (3, 1000), "seed": (10, 1000)}
# mke2fs makes one inode per 16 KiB of an ext2/3/4 filesystem by default (its "inode_ratio"), and
# every file takes one: the tightest limit on how many small files a partition holds. The same
# tree is unpacked on every configuration of a study, so it must fit the strictest of them.
BYTES_PER_FILE = 16 * 1024
# the measured phases in the order they run, with their titles (the commands an admin knows)
PHASES = (("untar", "untar"), ("tar", "tar"), ("read", "read"), ("ls-lR", "ls -lR"), ("ls-flR", "ls -flR"),
          ("find", "find"), ("rm", "rm -r"))


@register
class SmallFiles(Workload):
    name = "smallfiles"
    title = "Small-file tree (tar, untar, ls -lR, find, rm -r)"
    description = (
        "A deep tree of tiny files, handled the way an admin handles a mail spool or a source "
        "tree: unpack it, pack it, read it all, list it, find in it, delete it. Directory "
        "indexing, the allocator and atime updates all show up here."
    )
    summary = "untar, read, ls -lR, find and rm -r a tree of small files."
    measures = "seconds per phase"
    listing_order = 30
    tools = ("tar", "find", "ls", "rm")
    packages = {"tar": "tar", "find": "findutils", "ls": "coreutils", "rm": "coreutils"}
    version_argv = {"tar": ("tar", "--version")}
    params = {
        "preset": Param("preset", "choice", "default", "tree size: quick (4×4×4×40), default (6×6×6×100), "
                        "spool (3×3×3×1000, 1000 files to a directory; needs 422 MiB) or seed "
                        "(10×10×10×1000, the seed's million files; needs 16 GiB)", choices=tuple(PRESETS)),
        "file_size": Param("file_size", "size", 1024, "bytes per file", 1),
    }
    duration_param = "preset"  # its choices go from the smallest tree to the largest
    metrics = in_phases(PHASES, SECONDS)

    def estimate_seconds(self, params: dict[str, object]) -> float:
        # about a millisecond per file per phase on a plain disk, flush included
        return tree_files(str(params["preset"])) * 7 / 1000 + len(PHASES) * CACHE_SECONDS

    def check_fits(self, ctx: WorkloadContext) -> None:
        """Refuse a tree the partition cannot hold, naming the largest preset it can."""
        preset = str(self.resolve(ctx.params)["preset"])
        if tree_files(preset) * BYTES_PER_FILE <= ctx.target_size:
            return
        fitting = [name for name in PRESETS if tree_files(name) * BYTES_PER_FILE <= ctx.target_size]
        hint = (f"Choose a preset that fits, e.g. smallfiles.preset={fitting[-1]}, or a larger partition."
                if fitting else "Choose a larger partition.")
        raise UsageError(
            f"smallfiles.preset={preset} makes {tree_files(preset):,} files; ext2/3/4 make one inode per "
            f"{format_size(BYTES_PER_FILE)} by default, so it needs a partition of at least "
            f"{format_size(tree_files(preset) * BYTES_PER_FILE)}, and this one is {format_size(ctx.target_size)}.",
            hint)

    def tarball(self, ctx: WorkloadContext) -> str:
        params = self.resolve(ctx.params)
        return f"{ctx.shared_dir}/smallfiles-{params['preset']}-{params['file_size']}.tar"

    def prepare_steps(self, ctx: WorkloadContext) -> list[Step]:
        self.check_fits(ctx)
        params = self.resolve(ctx.params)
        dirs, files = PRESETS[params["preset"]]
        argv = (*HELPER, "make-tree", "--levels", "3", "--dirs", str(dirs), "--files", str(files),
                "--file-size", str(params["file_size"]), "--top", "tree", self.tarball(ctx))
        return [Step(argv, title=f"Generate the small-file tarball ({dirs}×{dirs}×{dirs} dirs × {files} files)",
                     why="made once, outside the filesystem under test, so every configuration unpacks the same tree",
                     kind=PREPARE, needs_root=False, workload=self.name)]

    def repeat_steps(self, ctx: WorkloadContext, repeat: int) -> list[Step]:
        tree = f"{ctx.mountpoint}/tree"
        phases = [
            ("untar", ("tar", "-xf", self.tarball(ctx), "-C", ctx.mountpoint), None, "unpack the tree"),
            ("tar", ("tar", "-cf", f"{ctx.workdir}/smallfiles-out.tar", "-C", ctx.mountpoint, "tree"), None,
             "pack the tree into a tarball outside the filesystem"),
            ("read", ("find", tree, "-type", "f", "-exec", "cat", "{}", "+"), "/dev/null", "read every file"),
            ("ls-lR", ("ls", "-lR", tree), "/dev/null", "list the tree with details, sorted"),
            ("ls-flR", ("ls", "-flR", tree), "/dev/null", "list the tree unsorted"),
            ("find", ("find", tree, "-print"), "/dev/null", "walk the tree"),
            ("rm", ("rm", "-r", tree), None, "delete the tree"),
        ]
        steps: list[Step] = []
        for phase, argv, stdout, what in phases:
            steps += cold_cache_steps(ctx, f"'{phase}'", repeat, self.name)
            result = f"{ctx.workdir}/smallfiles-{phase}-{repeat}.json"
            steps.append(Step(flushed_command(ctx, argv, result), title=f"{phase}: {what} (repeat {repeat})",
                              kind=MEASURE, why="timed from a cold cache, flush included, as in the seed's small-file "
                              "test", config=ctx.config, workload=self.name,
                              phase=phase, repeat=repeat, stdout=stdout, result_file=result))
        steps.append(Step(("rm", "-f", f"{ctx.workdir}/smallfiles-out.tar"), title="Remove the packed tarball",
                          kind="cleanup-files", why="it is only needed for timing the tar phase",
                          needs_root=False, config=ctx.config, workload=self.name, repeat=repeat))
        return steps

    def parse(self, step: Step, output: str, seconds: float, exit_status: int,
              result_text: str | None) -> list[Sample]:
        # the timer's report: the command and the flush after it; a failed tar or rm means the
        # tree was not (fully) handled, so its time says nothing
        return timed_samples(self, self.measured_phase(step), step, exit_status, result_text)


def tree_files(preset: str) -> int:
    dirs, files = PRESETS[preset]
    return dirs ** 3 * files


SMALLFILES = get(SmallFiles.name)
