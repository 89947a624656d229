"""Btrfs: copy-on-write, no journal to move; tuned with its own mount options instead.

It keeps the base class's plain ``mkfs -f DEVICE`` and its null defaults for everything a
journal would need.
"""

from __future__ import annotations

from fstune.filesystems.base import (INTERNAL, MKFS_FACTOR, MOUNT_FACTOR, Filesystem, MiB, RefusedMkfsOption,
                                     ScreeningFactor, TimerOption)
from fstune.filesystems.options import MountOption, OptionRule, option_table
from fstune.filesystems.registry import register

_BTRFS_OPTIONS = option_table(
    MountOption("compress", "text", help="zlib, lzo, zstd or zstd:LEVEL"),
    MountOption("compress-force", "text"),
    MountOption("space_cache", "text"),
    MountOption("nospace_cache"),
    MountOption("ssd"),
    MountOption("nossd"),
    MountOption("ssd_spread"),
    MountOption("nossd_spread"),
    MountOption("discard", "text"),
    MountOption("nodiscard"),
    MountOption("autodefrag"),
    MountOption("noautodefrag"),
    MountOption("commit", "int", minimum=1, maximum=300, help="seconds between transaction commits"),
    MountOption("datacow"),
    MountOption("nodatacow"),
    MountOption("datasum"),
    MountOption("nodatasum"),
    MountOption("flushoncommit"),
    MountOption("noflushoncommit"),
    MountOption("max_inline", "size"),
    MountOption("thread_pool", "int", minimum=1),
    MountOption("treelog"),
    MountOption("notreelog"),
    MountOption("barrier"),
    MountOption("nobarrier"),
    MountOption("skip_balance"),
    MountOption("clear_cache"),
    MountOption("user_subvol_rm_allowed"),
    MountOption("subvol", "text"),
    MountOption("subvolid", "int", minimum=0),
    MountOption("degraded"),
    MountOption("fatal_errors", "choice", choices=("bug", "panic")),
    MountOption("rescue", "text"),
    MountOption("device", "path", removed="fstune tests one device per filesystem; Btrfs has no "
                "external journal, and multi-device Btrfs is a different experiment."),
    MountOption("inode_cache", removed="removed from Btrfs in Linux 5.11."),
    MountOption("noinode_cache", removed="removed from Btrfs in Linux 5.11."),
    MountOption("alloc_start", removed="removed from Btrfs in Linux 4.13."),
    MountOption("subvolrootid", removed="removed from Btrfs in Linux 3.x."),
    MountOption("check_int", removed="removed from Btrfs in Linux 5.x."),
)

# The knobs a screening study may try (docs/screening.md), the kernel's or mkfs.btrfs's default first.
_BTRFS_FACTORS = (
    ScreeningFactor("atime", MOUNT_FACTOR, ("relatime",), ("noatime",),
                    help="write access times only now and then, or never"),
    ScreeningFactor("commit", MOUNT_FACTOR, ("commit=30",), ("commit=120",),
                    help="seconds between transaction commits"),
    ScreeningFactor("compress", MOUNT_FACTOR, (), ("compress=zstd",),
                    help="compress data with zstd"),
    ScreeningFactor("autodefrag", MOUNT_FACTOR, ("noautodefrag",), ("autodefrag",),
                    help="queue small random writes to files for defragmentation"),
    ScreeningFactor("flushoncommit", MOUNT_FACTOR, ("noflushoncommit",), ("flushoncommit",),
                    help="flush all dirty data at each commit"),
    ScreeningFactor("datacow", MOUNT_FACTOR, ("datacow",), ("nodatacow",),
                    help="overwrite file data in place (which also turns data checksums off)"),
    ScreeningFactor("nodesize", MKFS_FACTOR, ("-n", "16384"), ("-n", "65536"),
                    help="metadata tree node size"),
    ScreeningFactor("metadata_profile", MKFS_FACTOR, ("-m", "dup"), ("-m", "single"),
                    help="one copy of metadata instead of two"),
)


@register
class Btrfs(Filesystem):
    name = "btrfs"
    title = "Btrfs"
    mkfs = "mkfs.btrfs"
    package = "btrfs-progs"
    kernel_names = ("btrfs",)
    modules = ("btrfs",)
    force_flag = "-f"
    min_bytes = 256 * MiB
    placements = (INTERNAL,)
    mount_options = _BTRFS_OPTIONS
    screening_factors = _BTRFS_FACTORS
    option_rules = (
        OptionRule(("nodatacow", "datasum"), "datasum turns copy-on-write back on (the kernel then shows "
                   "neither), so nodatacow would not be what was measured."),
    )
    refused_mkfs_options = (RefusedMkfsOption("-f", None, "fstune adds the force flag itself, once"),)
    notes = ("Btrfs is copy-on-write and has no journal to move; its fsync log lives inside it. "
             "Tune it with its own options instead: compress=, commit=, noatime, space_cache=v2.")
    fsck_pass = 0  # fsck.btrfs does nothing; btrfs check is run by hand, never at boot
    timer_options = (TimerOption("commit", 30, "s", "commit interval"),)  # BTRFS_DEFAULT_COMMIT_INTERVAL
    ansible_filesystem_module = True
    nodiscard_mkfs_options = ("--nodiscard",)
    listing_order = 30
    version_argv = {"mkfs.btrfs": ("mkfs.btrfs", "--version")}

    def record_argv(self, target: str, mountpoint: str) -> tuple[str, ...]:
        return ("btrfs", "filesystem", "show", mountpoint)
