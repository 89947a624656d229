"""A loop device in words: behind it is a file, and behind the file another device.

The kernel marks every loop device rotational, so its flag says nothing about what its I/O
meets: that is the filesystem holding the backing file and the device under that filesystem.
fstune therefore describes a loop device by its backing file and the device holding the file,
with *that* device's rotational flag, wherever it shows one: the wizard's Disks step,
`fstune disks`, and a run's stored device record (the results, their exports).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from fstune.util.procfs import read_text


@dataclass(frozen=True)
class Backing:
    """Where a loop device's blocks really go."""

    file: str  # the backing file (" (deleted)" already taken off)
    deleted: bool = False  # the file was removed while attached
    holder: str | None = None  # /dev/NAME of the block device holding the file, if it has one
    fstype: str | None = None  # the filesystem holding the file: ext4, xfs, tmpfs, overlay …
    rotational: bool | None = None  # the holder's flag (its whole disk's)

    def describe(self) -> str:
        """``a file, /var/tmp/fstune-lab/fstune-lab-disk1.img, on /dev/sda2 (ext4, rotating disk)``."""
        return f"a file, {self.file}{' (deleted)' if self.deleted else ''}, {self.where()}"

    def where(self) -> str:
        """Where the file's blocks go: ``on /dev/sda2 (ext4, rotating disk)``, ``in memory (tmpfs)``."""
        kind = {True: "rotating disk", False: "solid state", None: None}[self.rotational]
        details = ", ".join(filter(None, (self.fstype, kind)))
        if self.holder:
            return f"on {self.holder}" + (f" ({details})" if details else "")
        if self.fstype == "tmpfs":
            return "in memory (tmpfs)"
        return f"on {self.fstype or 'a filesystem without a block device'}"


def backing_of(backing_file: str, sys_root: str | Path = "/sys",
               mountinfo: str | Path = "/proc/self/mountinfo") -> Backing:
    """The backing file of a loop device (as sysfs or udev gives it) and what holds it."""
    deleted = backing_file.endswith(" (deleted)")
    file = backing_file.removesuffix(" (deleted)")
    try:
        st = os.stat(file)
    except OSError:
        return Backing(file, deleted=True)
    majmin = f"{os.major(st.st_dev)}:{os.minor(st.st_dev)}"
    fstype = None
    for line in read_text(mountinfo).splitlines():
        fields = line.split()
        if len(fields) > 2 and fields[2] == majmin and " - " in line:
            fstype = line.split(" - ", 1)[1].split()[0]
            break
    node = Path(sys_root) / "dev" / "block" / majmin
    if not node.exists():  # tmpfs, overlay, NFS: no block device of their own
        return Backing(file, deleted, None, fstype, None)
    node = node.resolve()
    disk = node.parent if (node / "partition").exists() else node
    flag = read_text(disk / "queue" / "rotational").strip()
    return Backing(file, deleted, f"/dev/{node.name}", fstype, None if flag not in ("0", "1") else flag == "1")


def describe_loop(backing_file: str, sys_root: str | Path = "/sys") -> str:
    """One loop device's backing in words (see ``Backing.describe``)."""
    return backing_of(backing_file, sys_root).describe()


def loop_backing_file(disk_sysfs: str | Path) -> str | None:
    """The backing file of the loop disk at ``disk_sysfs`` (/sys/block/loopN), None otherwise."""
    return read_text(Path(disk_sysfs) / "loop" / "backing_file").strip() or None


__all__ = ["Backing", "backing_of", "describe_loop", "loop_backing_file"]
