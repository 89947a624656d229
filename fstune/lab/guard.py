"""The write guard: with ``FSTUNE_LAB_ONLY=1`` fstune writes only to lab devices.

This is how the test suite proves it never touches a real disk (docs/development.md).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from fstune.devices.labdisk import is_lab_backing_file
from fstune.errors import UnsafeDeviceError
from fstune.lab import kernel
from fstune.lab.kernel import read_text

GUARD_ENV = "FSTUNE_LAB_ONLY"

_NOT_LAB_HINT = (
    f"With {GUARD_ENV}=1 (as in fstune's tests) fstune writes only to disks made by "
    "`fstune lab up`. Use a lab device, or unset the variable to work on real disks."
)


def guard_enabled() -> bool:
    """True when fstune may write only to lab devices (``FSTUNE_LAB_ONLY=1``)."""
    return os.environ.get(GUARD_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


def assert_lab_device(path: str | Path) -> Path:
    """Raise ``UnsafeDeviceError`` unless ``path`` is a lab loop device or a partition of one.

    The check goes by the device number, not the name: ``path`` is stat()ed (so symlinks such
    as /dev/disk/by-partlabel/… count as their target), its major:minor is looked up in
    /sys/dev/block, a partition is replaced by its parent disk, and that disk must be a loop
    device whose backing file follows the lab naming convention with a manifest beside it.
    Returns the backing file.
    """
    text = str(path)
    try:
        st = os.stat(text)
    except FileNotFoundError:
        raise UnsafeDeviceError(f"Refusing to write to {text}: it does not exist.", _NOT_LAB_HINT) from None
    except OSError as error:
        raise UnsafeDeviceError(f"Refusing to write to {text}: {error.strerror}.", _NOT_LAB_HINT) from None
    if not stat.S_ISBLK(st.st_mode):
        raise UnsafeDeviceError(f"Refusing to write to {text}: it is not a block device.", _NOT_LAB_HINT)
    majmin = f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}"
    try:
        node = (kernel.SYS / "dev" / "block" / majmin).resolve(strict=True)
    except OSError:
        raise UnsafeDeviceError(
            f"Refusing to write to {text}: the kernel knows no block device {majmin}.", _NOT_LAB_HINT
        ) from None
    disk = node.parent if (node / "partition").exists() else node
    backing = read_text(disk / "loop" / "backing_file")
    if backing is None and not disk.name.startswith("loop"):
        # inside a VM lab guest its emulated disks are lab disks too (never on the host: the
        # check needs the lab's token on the running kernel's command line)
        from fstune import vmlab

        if vmlab.is_vm_lab_disk(disk):
            return Path(f"/dev/{disk.name}")
    if backing is None:
        what = "a loop device with no backing file" if disk.name.startswith("loop") else "not a loop device"
        raise UnsafeDeviceError(f"Refusing to write to {text} ({node.name}): it is {what}.", _NOT_LAB_HINT)
    if not is_lab_backing_file(backing):
        raise UnsafeDeviceError(
            f"Refusing to write to {text} ({node.name}): it is backed by {backing}, "
            "which is not an fstune lab disk.",
            _NOT_LAB_HINT,
        )
    return Path(backing.removesuffix(" (deleted)"))


def guard_device(path: str | Path) -> None:
    """``assert_lab_device(path)`` when the guard is enabled; nothing otherwise."""
    if guard_enabled():
        assert_lab_device(path)

