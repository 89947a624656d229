"""The directory under a mountpoint: kept unwritable, and emptied of what landed there anyway.

A benchmark writes into whatever answers at its directory. When the filesystem under test
stops being mounted during a step (``umount -l``, an admin), the mountpoint is a plain
directory of the filesystem below (``/run``'s, often ``/``) and a benchmark that goes on
writing fills that filesystem. So the runner makes every mountpoint directory immutable
(``FS_IMMUTABLE_FL``, what ``chattr +i`` sets) right after creating it, while it is empty: a
filesystem mounted on it is not affected, but nothing can be created in the directory itself,
not even by root. It clears the flag again right before the directory is removed.

Where the filesystem below does not support the flag (tmpfs before Linux 6.0, some overlay
filesystems), ``seal`` says why and the runner relies on ``clear``: whatever is found in a
mountpoint that is not mounted is removed, and how much is said. docs/safety.md ("Nothing lands
below a mountpoint") has the measurements behind the choice.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
import struct
from dataclasses import dataclass

from fstune.units import format_size

# <linux/fs.h>: the ioctls take a pointer to an int (their "long" is historical)
FS_IOC_GETFLAGS = 0x80086601
FS_IOC_SETFLAGS = 0x40086602
FS_IMMUTABLE_FL = 0x00000010


def _flags(fd: int) -> int:
    return struct.unpack("i", fcntl.ioctl(fd, FS_IOC_GETFLAGS, struct.pack("i", 0)))[0]


def _set(directory: str, on: bool) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        flags = _flags(fd)
        wanted = flags | FS_IMMUTABLE_FL if on else flags & ~FS_IMMUTABLE_FL
        if wanted != flags:
            fcntl.ioctl(fd, FS_IOC_SETFLAGS, struct.pack("i", wanted))
    finally:
        os.close(fd)


def seal(directory: str) -> str | None:
    """Make the (empty, not yet mounted) ``directory`` immutable; None, or why it cannot be."""
    try:
        _set(directory, True)
    except OSError as error:
        if error.errno in (errno.ENOTTY, errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
            return "its filesystem cannot mark a directory immutable"
        return error.strerror or str(error)
    return None


def unseal(directory: str) -> None:
    """Clear the flag ``seal`` set; a directory that is gone or was never sealed is fine."""
    try:
        _set(directory, False)
    except FileNotFoundError:
        pass
    except OSError as error:
        if error.errno not in (errno.ENOTTY, errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS, errno.ENOTDIR):
            raise


@dataclass(frozen=True)
class Stray:
    """What was found in a mountpoint directory while nothing was mounted on it."""

    directory: str
    files: int  # files, links and other entries that are not directories
    directories: int
    size: int  # bytes: the apparent size of the files
    left: tuple[str, ...] = ()  # what could not be removed: "path: why"

    def describe(self) -> str:
        what = f"{format_size(self.size)} ({self.size} bytes in {self.files} file(s)"
        what += f" and {self.directories} director{'y' if self.directories == 1 else 'ies'})" \
            if self.directories else ")"
        return what


def survey(directory: str) -> Stray | None:
    """What ``directory`` holds (on its own filesystem only), or None when it is empty."""
    return _walk(directory, remove=False)


def clear(directory: str) -> Stray | None:
    """Remove everything in ``directory`` (never the directory itself), staying on its own
    filesystem and following no symbolic link; what was there, or None when it was empty.

    Only for a mountpoint directory fstune made, while nothing is mounted on it: anything in it
    was written there by mistake (``Stray.left`` lists what could not be removed).
    """
    return _walk(directory, remove=True)


def _walk(directory: str, *, remove: bool) -> Stray | None:
    try:
        top = os.lstat(directory)
    except OSError:
        return None
    if not stat.S_ISDIR(top.st_mode):
        return None
    tally = {"files": 0, "directories": 0, "size": 0}
    left: list[str] = []

    def visit(path: str) -> None:
        try:
            entries = list(os.scandir(path))
        except OSError as error:
            left.append(f"{path}: {error.strerror}")
            return
        for entry in entries:
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISDIR(st.st_mode):
                tally["directories"] += 1
                if st.st_dev != top.st_dev:
                    left.append(f"{entry.path}: something is mounted there")  # never reached into
                    continue
                visit(entry.path)
                if remove:
                    try:
                        unseal(entry.path)
                        os.rmdir(entry.path)
                    except OSError as error:
                        left.append(f"{entry.path}: {error.strerror}")
                continue
            tally["files"] += 1
            if stat.S_ISREG(st.st_mode):
                tally["size"] += st.st_size
            if remove:
                try:
                    os.unlink(entry.path)
                except OSError as error:
                    left.append(f"{entry.path}: {error.strerror}")

    visit(directory)
    if not (tally["files"] or tally["directories"]):
        return None
    return Stray(directory, tally["files"], tally["directories"], tally["size"], tuple(left))
