"""Is the directory a benchmark is about to measure really the filesystem under test?

A benchmark writes into whatever answers at its directory. If the filesystem was unmounted
underneath the run (``umount -l``, a ``fstune lab down`` elsewhere, an admin), the directory is
a plain directory of the filesystem below — usually ``/`` — and the figures would be that
filesystem's (its writes cannot land there: ``fstune.runner.mountguard``). So before every benchmark repeat, and again after each measured step, the runner
asks ``verify``: the directory's own device number (``stat``) and the top mount on it in
/proc/self/mountinfo must both be the chosen device (for Btrfs, whose device numbers are
anonymous, the mount's source device), with the expected filesystem type, the whole filesystem.
docs/safety.md ("Measuring the right filesystem") explains what a user sees.
"""

from __future__ import annotations

import errno
import os
import stat

from fstune.devices.system import Mount, parse_mountinfo

MOUNTINFO = "/proc/self/mountinfo"


def read() -> list[Mount]:
    try:
        with open(MOUNTINFO, encoding="utf-8", errors="replace") as handle:
            return parse_mountinfo(handle.read())
    except OSError:
        return []


def unreadable(directory: str) -> bool:
    """True when ``directory`` cannot even be looked at because its filesystem fails under it
    (EIO, or its device is gone): a failing or unplugged disk, not another filesystem there."""
    try:
        os.stat(os.path.realpath(directory))
    except OSError as error:
        return error.errno in (errno.EIO, errno.ENODEV, errno.ENXIO)
    return False


def top_mount(directory: str, entries: list[Mount]) -> Mount | None:
    """The mount that answers at ``directory`` (the last of a stack of mounts on one point)."""
    here = [e for e in entries if e.mountpoint == directory]
    if not here:
        return None
    below = {e.parent_id for e in here}
    tops = [e for e in here if e.mount_id not in below]
    return (tops or here)[-1]


def verify(directory: str, device: str, major: int, minor: int, fs_type: str | None = None) -> str | None:
    """None when ``directory`` is the root of the ``fs_type`` filesystem on block device
    ``major:minor`` (``device``, as the user named it); else what it is instead, in a sentence.
    """
    where = os.path.realpath(directory)
    expected = f"{fs_type + ' ' if fs_type else ''}filesystem on {device} ({major}:{minor})"
    try:
        st = os.stat(where)
    except OSError as error:
        return f"{directory} is not the {expected}: it cannot be read ({error.strerror})"
    entries = read()
    top = top_mount(where, entries)
    if top is None:
        return (f"{directory} is not the {expected}: nothing is mounted there any more, so it is a plain "
                f"directory of {below(where)}")
    if top.root != "/":
        return f"{directory} is not the {expected}: {top.root} of {top.source} is bind-mounted over it"
    if (os.major(st.st_dev), os.minor(st.st_dev)) != (top.major, top.minor):
        parent = next((e for e in entries if e.mount_id == top.parent_id), None)
        # Btrfs gives each subvolume, the top one too, an anonymous number of its own: there a
        # different anonymous number is fine, unless it is the one of the filesystem below
        subvolume = top.major == 0 and os.major(st.st_dev) == 0 and not (
            parent is not None and (parent.major, parent.minor) == (os.major(st.st_dev), os.minor(st.st_dev)))
        if not subvolume:
            return (f"{directory} is not the {expected}: the directory is on {_numbers(st.st_dev)} but the "
                    f"mount table says {top.majmin}")
    if top.major == 0:
        # an anonymous device number (Btrfs): only the mount's source names the real device
        source = _block_numbers(top.source)
        ok = source == (major, minor)
        found = f"{top.fs_type} from {top.source}"
    else:
        ok = (top.major, top.minor) == (major, minor)
        found = f"{top.fs_type} on {top.source} ({top.majmin})"
    if not ok:
        return f"{directory} is not the {expected}: it holds {found}"
    if fs_type and top.fs_type != fs_type:
        return f"{directory} is not the {expected}: it holds {top.fs_type}"
    current = _block_numbers(device)
    if current is not None and current != (major, minor):
        return f"{directory} is not the {expected}: {device} is now block device {current[0]}:{current[1]}"
    return None


def below(directory: str) -> str:
    """The filesystem a directory nothing is mounted on belongs to: "the filesystem mounted at
    /" (or, where mountinfo does not show it, as in a chroot, its device number)."""
    where = os.path.realpath(directory)
    try:
        dev = os.stat(where).st_dev
    except OSError:
        return "the filesystem below it"
    holder = _holding_mount(where, dev, read())
    return f"the filesystem mounted at {holder.mountpoint}" if holder else f"device {_numbers(dev)}"


def _holding_mount(path: str, dev: int, entries: list[Mount]) -> Mount | None:
    """The mount of device ``dev`` whose mountpoint is the nearest ancestor of ``path``."""
    found = [e for e in entries if (e.major, e.minor) == (os.major(dev), os.minor(dev))
             and (e.mountpoint == "/" or path.startswith(e.mountpoint.rstrip("/") + "/"))]
    return max(found, key=lambda e: len(e.mountpoint), default=None)


def _numbers(dev: int) -> str:
    return f"{os.major(dev)}:{os.minor(dev)}"


def _block_numbers(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISBLK(st.st_mode):
        return None
    return os.major(st.st_rdev), os.minor(st.st_rdev)
