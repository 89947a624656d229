"""Proof that the variant ran (docs/verdicts.md): whether the mount options a configuration asks
for are the ones the kernel applied, read from /proc/self/mountinfo."""

from __future__ import annotations

import os

from fstune import filesystems
from fstune.util import procfs


def mount_of(mountpoint: str):
    from fstune.devices.system import parse_mountinfo

    mounts = [m for m in parse_mountinfo(procfs.read_text("/proc/self/mountinfo")) if m.mountpoint == mountpoint]
    return mounts[-1] if mounts else None  # the top of a stack is what the workloads see


def majmin(path: str | None) -> str | None:
    if not path:
        return None
    try:
        rdev = os.stat(path).st_rdev
    except OSError:
        return None
    return f"{os.major(rdev)}:{os.minor(rdev)}"


# options the kernel shows by these names in /proc/self/mountinfo when they are set; the others
# (a value equal to the default, options the kernel folds into others) are recorded, not checked
_SHOWN_FLAGS = ("noatime", "nodiratime", "relatime", "ro", "nosuid", "nodev", "noexec", "sync", "dirsync")


def _same_value(wanted: str, applied: str) -> bool:
    """"256k" and "262144" are the same log buffer size; "writeback" and "ordered" are not."""
    if wanted == applied:
        return True
    from fstune.errors import UsageError
    from fstune.units import parse_size

    try:
        return parse_size(wanted) == parse_size(applied)
    except UsageError:
        return False


def missing_mount_option(options, fs, mount) -> str | None:
    shown = set(mount.options.split(",")) | set(mount.super_options.split(","))
    managed = fs.managed_options
    for name, value in options:
        if name in managed:
            continue  # the journal device option: the record step's readback checks where it is
        if value is None and name in _SHOWN_FLAGS and name not in shown:
            return (f"mount option '{name}' is not among the options the kernel applied "
                    f"({mount.options}; {mount.super_options})")
        undone = filesystems.negation(name)
        if value is None and undone in shown:  # undone without a word (ext4 data=journal: nodelalloc)
            return (f"mount option '{name}' was undone: the kernel applied '{undone}' "
                    f"({mount.options}; {mount.super_options})")
        applied = next((w for w in shown if w.startswith(f"{name}=")), None)
        if value is not None and applied is not None and not _same_value(value, applied.partition("=")[2]):
            return f"mount option '{name}={value}' was applied as '{applied}'"
    return None

