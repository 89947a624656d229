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
from dataclasses import dataclass

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


def holders(mountpoint: str, *, limit: int = 5) -> list[Holder]:
    """The processes (at most ``limit``, lowest pid first) holding something below ``mountpoint``."""
    mountpoint = os.path.realpath(mountpoint)
    me = os.getpid()
    found: list[Holder] = []
    try:
        pids = sorted((int(entry) for entry in os.listdir("/proc") if entry.isdigit()))
    except OSError:
        return found
    for pid in pids:
        if pid == me:
            continue
        how = _how(str(pid), mountpoint)
        if how is None:
            continue
        try:
            with open(f"/proc/{pid}/comm", encoding="utf-8", errors="replace") as comm:
                name = comm.read().strip() or "?"
        except OSError:
            continue  # it ended while we looked
        found.append(Holder(pid, name, how))
        if len(found) >= limit:
            break
    return found


def describe_holders(mountpoint: str) -> str:
    """", held by sleep (pid 4242, its working directory)" — or "" when no holder is visible."""
    found = holders(mountpoint)
    return f", held by {', '.join(holder.describe() for holder in found)}" if found else ""


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
    ours = _mount_namespace("self")
    seen = {ours}
    found: list[Holder] = []
    try:
        pids = sorted((int(entry) for entry in os.listdir("/proc") if entry.isdigit()))
    except OSError:
        return found
    for pid in pids:
        namespace = _mount_namespace(pid)
        if namespace is None or namespace in seen:
            continue
        seen.add(namespace)
        try:
            with open(f"/proc/{pid}/mountinfo", encoding="utf-8", errors="replace") as mounts:
                if not any(number in line for line in mounts):
                    continue
            with open(f"/proc/{pid}/comm", encoding="utf-8", errors="replace") as comm:
                name = comm.read().strip() or "?"
        except OSError:
            continue
        found.append(Holder(pid, name, "its own mount namespace, where it is still mounted"))
        if len(found) >= limit:
            break
    return found


def describe_namespace_holders(device: str) -> str:
    """", mounted still in the mount namespace of unshare (pid 4242, …)" — or ""."""
    found = namespace_holders(device)
    return f", held by {', '.join(holder.describe() for holder in found)}" if found else ""
