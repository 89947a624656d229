"""Which processes keep a mounted filesystem busy, so that an unmount that fails says who.

``umount`` only says "target is busy". What holds a filesystem is visible in /proc: a process's
working directory, its root, its executable, an open file or a mapped file below the
mountpoint. That is what ``fuser -m`` reads; reading it here keeps the answer independent of
psmisc and lets the message name each holder and how it holds (docs/safety.md, "Cleanup"). The
runner's cleanup and the cold-cache helper between a workload's phases both use it, so it lives
below both.

A process that is gone, or whose links cannot be read, is skipped: the list is a hint for the
person reading the message, never a decision.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from fstune.util import procfs

_LINKS = (("cwd", "its working directory"), ("root", "its root directory"), ("exe", "its program"))


@dataclass(frozen=True)
class Holder:
    pid: int
    name: str  # the process's command name (/proc/PID/comm)
    how: str   # "its working directory", "an open file", …

    def describe(self) -> str:
        return f"{self.name} (pid {self.pid}, {self.how})"


def _below(path: str, mountpoint: str) -> bool:
    return path == mountpoint or path.startswith(mountpoint.rstrip("/") + "/")


def _how(pid: str, mountpoint: str) -> str | None:
    base = f"/proc/{pid}"
    for link, how in _LINKS:
        try:
            if _below(os.readlink(f"{base}/{link}"), mountpoint):
                return how
        except OSError:
            continue
    try:
        for fd in os.listdir(f"{base}/fd"):
            try:
                if _below(os.readlink(f"{base}/fd/{fd}"), mountpoint):
                    return "an open file"
            except OSError:
                continue
    except OSError:
        pass
    try:
        with open(f"{base}/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                fields = line.split(None, 5)
                if len(fields) == 6 and _below(fields[5].strip(), mountpoint):
                    return "a mapped file"
    except OSError:
        pass
    return None


def _first(how_held: Callable[[int], str | None], limit: int) -> list[Holder]:
    """The processes, lowest pid first and at most ``limit``, for which ``how_held`` says how."""
    found: list[Holder] = []
    for pid in procfs.pids():
        how = how_held(pid)
        if how is None:
            continue
        name = procfs.comm(pid)
        if name is None:
            continue  # it ended while we looked
        found.append(Holder(pid, name or "?", how))
        if len(found) >= limit:
            break
    return found


def _described(found: list[Holder]) -> str:
    return f", held by {', '.join(holder.describe() for holder in found)}" if found else ""


def holders(mountpoint: str, *, limit: int = 5) -> list[Holder]:
    """The processes (at most ``limit``, lowest pid first) holding something below ``mountpoint``."""
    mountpoint = os.path.realpath(mountpoint)
    me = os.getpid()
    return _first(lambda pid: None if pid == me else _how(str(pid), mountpoint), limit)


def describe_holders(mountpoint: str) -> str:
    """", held by sleep (pid 4242, its working directory)" — or "" when no holder is visible."""
    return _described(holders(mountpoint))


def _mount_namespace(pid: int | str) -> str | None:
    try:
        return os.readlink(f"/proc/{pid}/ns/mnt")
    except OSError:
        return None


def namespace_holders(device: str, *, limit: int = 3) -> list[Holder]:
    """Processes in other mount namespaces where ``device``'s filesystem is mounted: an
    ``unshare -m`` made while it was mounted keeps a copy of the mount, and with it the
    filesystem, after it is unmounted here. One process per namespace, lowest pid first."""
    try:
        rdev = os.stat(device).st_rdev
    except OSError:
        return []
    number = f" {os.major(rdev)}:{os.minor(rdev)} "
    seen = {_mount_namespace("self")}

    def how_held(pid: int) -> str | None:
        namespace = _mount_namespace(pid)
        if namespace is None or namespace in seen:
            return None
        seen.add(namespace)
        if number not in procfs.read_text(f"/proc/{pid}/mountinfo"):  # " M:m " never spans two lines
            return None
        return "its own mount namespace, where it is still mounted"

    return _first(how_held, limit)


def describe_namespace_holders(device: str) -> str:
    """", mounted still in the mount namespace of unshare (pid 4242, …)" — or ""."""
    return _described(namespace_holders(device))
