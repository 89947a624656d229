"""The tools a plan runs: are they installed, and which Debian package brings each one."""

from __future__ import annotations

import os

from fstune.plan import Plan
from fstune.util import paths

# the Debian package that brings each tool a plan may run (for "install it" messages)
PACKAGES = {
    "mkfs.ext2": "e2fsprogs", "mkfs.ext3": "e2fsprogs", "mkfs.ext4": "e2fsprogs", "mke2fs": "e2fsprogs",
    "dumpe2fs": "e2fsprogs", "tune2fs": "e2fsprogs", "mkfs.xfs": "xfsprogs", "xfs_info": "xfsprogs",
    "xfs_io": "xfsprogs", "mkfs.btrfs": "btrfs-progs", "btrfs": "btrfs-progs", "mkfs.jfs": "jfsutils",
    "jfs_tune": "jfsutils", "mkreiserfs": "reiserfsprogs", "debugreiserfs": "reiserfsprogs",
    "fio": "fio", "dbench": "dbench", "mount": "mount", "umount": "mount", "sysctl": "procps",
    "tar": "tar", "find": "findutils", "mkdir": "coreutils", "rmdir": "coreutils", "rm": "coreutils",
    "sync": "coreutils", "ls": "coreutils", "dd": "coreutils", "cat": "coreutils",
}


def package_hint(tool: str) -> str:
    package = PACKAGES.get(os.path.basename(tool))
    if package:
        return f"install the Debian package {package} (apt install {package})"
    if os.path.basename(tool) == "fstune":
        return "install fstune itself so that the `fstune` command is on PATH (pip install .)"
    return "install it or put it on PATH"


def missing_tools(plan: Plan, environ: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(tool, how to get it) for every argv[0] of the plan that is not on PATH (nor in the sbin
    directories ``fstune.util.paths`` adds)."""
    missing = []
    for tool in dict.fromkeys(step.argv[0] for step in plan.steps):
        if paths.which(tool, environ) is None:
            missing.append((tool, package_hint(tool)))
    return missing
