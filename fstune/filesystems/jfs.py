"""JFS: a log inside or on another device, attached at mkfs time or later with jfs_tune.

JFS finds its external log by UUID at mount, so no mount option names it.
"""

from __future__ import annotations

import re

from fstune import steps as kinds
from fstune.filesystems.base import (ATTACH_AT_MKFS, ATTACH_LATER, EXTERNAL, INTERNAL, MOUNT_FACTOR, ExternalJournal,
                                     Filesystem, MiB, MkfsJob, RefusedMkfsOption, ScreeningFactor)
from fstune.filesystems.options import MountOption, option_table
from fstune.filesystems.registry import register
from fstune.steps import Step

_JFS_OPTIONS = option_table(
    MountOption("iocharset", "text"),
    MountOption("resize", "int", minimum=0),
    MountOption("nointegrity", help="no journalling at all: fast, unsafe"),
    MountOption("integrity"),
    MountOption("errors", "choice", choices=("continue", "remount-ro", "panic")),
    MountOption("noquota"),
    MountOption("quota"),
    MountOption("usrquota"),
    MountOption("grpquota"),
    MountOption("discard"),
    MountOption("nodiscard"),
)

# The knobs a screening study may try (docs/screening.md), the kernel's default first.
_JFS_FACTORS = (
    ScreeningFactor("atime", MOUNT_FACTOR, ("relatime",), ("noatime",),
                    help="write access times only now and then, or never"),
    ScreeningFactor("lazytime", MOUNT_FACTOR, ("nolazytime",), ("lazytime",),
                    help="keep timestamp updates in memory and write them out lazily"),
    ScreeningFactor("integrity", MOUNT_FACTOR, ("integrity",), ("nointegrity",),
                    help="no journalling at all: fast, unsafe"),
)


@register
class Jfs(Filesystem):
    name = "jfs"
    title = "JFS"
    mkfs = "mkfs.jfs"
    package = "jfsutils"
    prompts = (re.compile(r"Continue\? \(Y/N\)\s*$"),)  # mkfs.jfs
    kernel_names = ("jfs",)
    modules = ("jfs",)
    force_flag = "-q"
    min_bytes = 16 * MiB
    placements = (INTERNAL, EXTERNAL)
    external = ExternalJournal(
        noun="log", min_bytes=4 * MiB, max_bytes=None, mount_option=None,
        notes="The log device is made with 'mkfs.jfs -J journal_dev' and attached with "
        "'-J device=' (or later with 'jfs_tune -J device='); JFS finds it by UUID at mount.",
    )
    mount_options = _JFS_OPTIONS
    screening_factors = _JFS_FACTORS
    refused_mkfs_options = (
        RefusedMkfsOption("-q", None, "fstune adds its confirmation flag itself"),
        RefusedMkfsOption("-J", None, 'use journal = "external" instead of -J'),
    )
    extra_tools = ("jfs_tune",)
    journal_attach_tool = "jfs_tune"
    notes = "JFS is not built into every kernel."
    fsck_pass = 2
    ansible_filesystem_module = False  # the playbook runs mkfs.jfs itself, as measured
    listing_order = 50
    version_argv = {"mkfs.jfs": ("mkfs.jfs", "-V")}

    def _mkfs_steps(self, job: MkfsJob) -> list[Step]:
        force = self._force(job)
        steps: list[Step] = []
        if job.external:
            steps.append(self._journal_step(
                job, (self.mkfs, *force, "-J", "journal_dev", job.log),
                title=f"Make {job.log} an external {self.title} log",
                why="the log device must exist before it is attached."))
        attach_now = job.external and job.attach == ATTACH_AT_MKFS
        journal = ("-J", f"device={job.log}") if attach_now else ()
        steps.append(self._format_step(
            job, (self.mkfs, *force, *job.options, *journal, job.target),
            f"Format {job.target} as {self.title}" + (f" with its log on {job.log}" if journal else ""),
            writes_log=bool(journal)))
        if job.external and job.attach == ATTACH_LATER:
            steps.append(Step(
                (self.journal_attach_tool, "-J", f"device={job.log}", job.target),
                title=f"Move the {self.title} log of {job.target} to {job.log}",
                why="shows the other way to get an external log: attach it to an existing filesystem",
                device=job.target, also_writes=(job.log,), config=job.config, destructive=True, kind=kinds.TUNE,
            ))
        return steps

    def record_argv(self, target: str, mountpoint: str) -> tuple[str, ...]:
        return ("jfs_tune", "-l", target)
