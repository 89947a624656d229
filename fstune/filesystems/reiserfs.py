"""ReiserFS 3.6: a journal inside or on another device (``-j`` at mkfs, ``jdev=`` at mount).

Removed from Linux 6.13; fstune still plans it, and runs it where an older kernel has it.
"""

from __future__ import annotations

import re

from fstune.filesystems.base import (EXTERNAL, INTERNAL, MOUNT_FACTOR, ExternalJournal, Filesystem, MiB, MkfsJob,
                                     RefusedMkfsOption, ScreeningFactor, TimerOption)
from fstune.filesystems.options import MountOption, option_table
from fstune.filesystems.registry import register
from fstune.steps import Step

_REISERFS_OPTIONS = option_table(
    MountOption("notail", help="do not pack small files and file tails into the tree"),
    MountOption("tails", "choice", choices=("on", "off", "small")),
    MountOption("jdev", "path", managed=True, help="the external journal device"),
    MountOption("nolog"),
    MountOption("conv"),
    MountOption("hash", "choice", choices=("rupasov", "tea", "r5", "detect")),
    MountOption("hashed_relocation"),
    MountOption("no_unhashed_relocation"),
    MountOption("noborder"),
    MountOption("barrier", "choice", choices=("none", "flush")),
    MountOption("data", "choice", choices=("ordered", "journal", "writeback")),
    MountOption("commit", "int", minimum=0),
    MountOption("resize", "int", minimum=0),
    MountOption("user_xattr"),
    MountOption("acl"),
    MountOption("errors", "choice", choices=("continue", "remount-ro", "panic")),
)

# The knobs a screening study may try (docs/screening.md), the kernel's default first.
_REISERFS_FACTORS = (
    ScreeningFactor("atime", MOUNT_FACTOR, ("relatime",), ("noatime",),
                    help="write access times only now and then, or never"),
    ScreeningFactor("tails", MOUNT_FACTOR, ("tails=on",), ("tails=off",),
                    help="do not pack small files and file tails into the tree"),
    ScreeningFactor("data", MOUNT_FACTOR, ("data=ordered",), ("data=writeback",),
                    help="write data without ordering it before the metadata that names it"),
    ScreeningFactor("barrier", MOUNT_FACTOR, ("barrier=flush",), ("barrier=none",),
                    help="no cache flushes: faster, unsafe on power loss without a protected cache"),
    ScreeningFactor("commit", MOUNT_FACTOR, ("commit=5",), ("commit=60",),
                    help="seconds between journal commits"),
)


@register
class ReiserFs(Filesystem):
    name = "reiserfs"
    title = "ReiserFS (3.6)"
    mkfs = "mkreiserfs"
    package = "reiserfsprogs"
    prompts = (
        re.compile(r"Continue \(y/n\):?\s*$"),  # mkreiserfs
        re.compile(r"\(y/n\)\s*\[?[yn]?\]?:?\s*$", re.I),  # debugreiserfs, reiserfstune
    )
    kernel_names = ("reiserfs",)
    modules = ("reiserfs",)
    force_flag = "-f"
    min_bytes = 33 * MiB
    placements = (INTERNAL, EXTERNAL)
    external = ExternalJournal(
        noun="journal", min_bytes=4 * MiB, max_bytes=None, mount_option="jdev",
        notes="mkreiserfs is told '-j DEVICE'; mount with 'jdev=' naming the same device.",
    )
    mount_options = _REISERFS_OPTIONS
    screening_factors = _REISERFS_FACTORS
    refused_mkfs_options = (
        RefusedMkfsOption("-f", None, "fstune adds the force flag itself, once"),
        RefusedMkfsOption("-q", None, "fstune adds its confirmation flag itself"),
        RefusedMkfsOption("-j", None, 'use journal = "external" instead of -j'),
        RefusedMkfsOption("--journal-device", None, 'use journal = "external"'),
    )
    removed_in = "6.13"
    notes = "ReiserFS was removed from Linux 6.13; older kernels may still have it as a module."
    fsck_pass = 2
    ansible_filesystem_module = True
    # the kernel's JOURNAL_MAX_COMMIT_AGE and JOURNAL_MAX_TRANS_AGE
    timer_options = (TimerOption("commit", 30, "s", "commit interval"),)
    listing_order = 40
    version_argv = {"mkreiserfs": ("mkreiserfs", "-V"), "mkfs.reiserfs": ("mkfs.reiserfs", "-V")}

    def _mkfs_steps(self, job: MkfsJob) -> list[Step]:
        journal = ("-j", job.log) if job.external else ()
        return [self._format_step(
            job, (self.mkfs, *self._force(job), *job.options, *journal, job.target),
            f"Format {job.target} as {self.short_title}" + (f" with its journal on {job.log}" if journal else ""),
            writes_log=bool(journal))]

    def record_argv(self, target: str, mountpoint: str) -> tuple[str, ...]:
        return ("debugreiserfs", target)
