"""What fstune knows about each filesystem: its mkfs tool, its journal, its mount options.

This is the knowledge that lets fstune refuse a bad combination *before* anything is
formatted: an out-of-range value (XFS ``logbufs=9``), an option the kernel removed (XFS
``nobarrier``, ext4 ``oldalloc``), an option that belongs to another filesystem (``notail`` on
ext4), or a journal placement the filesystem cannot have (an external journal for Btrfs). And it
is how the rest of fstune makes, mounts, records and exports a filesystem without naming one.

One module per filesystem family (``ext``, ``xfs``, ``btrfs``, ``jfs``, ``reiserfs``), each a
``Filesystem`` subclass registered with ``@register``; ``base`` holds the shape they fill in,
``options`` the mount options and their rules, ``registry`` the lookup, ``machine`` what this
machine can do. Every module of this package is
imported here, so a new filesystem is one new module (plus its test): docs/ARCHITECTURE.md.
"""

from __future__ import annotations

from fstune.filesystems.base import (ATTACH_AT_MKFS, ATTACH_LATER, EXTERNAL, FACTOR_KINDS, INTERNAL, MKFS_FACTOR,
                                     MOUNT_FACTOR, NONE, PLACE_FACTOR, PLACEMENTS, ExternalJournal, Filesystem, MiB,
                                     MkfsJob, RefusedMkfsOption, ScreeningFactor, SuperblockReader, UuidLink)
from fstune.filesystems.machine import Availability, MachineCapabilities
from fstune.filesystems.options import (GENERIC_OPTIONS, MountOption, OptionRule, join_options, merge_options, negation,
                                        split_options)
from fstune.filesystems.registry import (FILESYSTEMS, JournalKind, all, check_mkfs_options, check_mount_options,
                                         find, get, journal_kind, journal_kinds, known_prompts, minimum_size,
                                         mkfs_block_size, package_of, progress_parser, register, version_argv)
from fstune.util.registry import load_modules

load_modules(__name__, __path__)

__all__ = [
    "ATTACH_AT_MKFS", "ATTACH_LATER", "EXTERNAL", "FACTOR_KINDS", "FILESYSTEMS", "GENERIC_OPTIONS", "INTERNAL",
    "MKFS_FACTOR", "MOUNT_FACTOR", "NONE", "PLACE_FACTOR", "PLACEMENTS", "Availability", "ExternalJournal",
    "Filesystem",
    "JournalKind", "MachineCapabilities", "MiB", "MkfsJob", "MountOption", "OptionRule", "RefusedMkfsOption",
    "ScreeningFactor", "SuperblockReader", "UuidLink", "all",
    "check_mkfs_options", "check_mount_options", "find", "get", "join_options", "journal_kind", "journal_kinds",
    "known_prompts", "merge_options", "minimum_size", "mkfs_block_size", "negation", "package_of",
    "progress_parser", "register", "split_options", "version_argv",
]
