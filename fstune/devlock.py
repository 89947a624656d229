"""One owner per device, across processes: the block-device locking convention.

fstune follows systemd's "Locking Block Device Access" convention, which util-linux's
``--lock`` options and systemd-udevd follow too: whoever writes to a block device holds a BSD
``flock(LOCK_EX)`` on the node of its *whole disk* (``/dev/sdb`` for ``/dev/sdb1``,
``/dev/loop3`` for ``/dev/loop3p1``) for as long as it writes. udev takes ``LOCK_SH|LOCK_NB``
before it probes a disk and leaves the disk alone while that fails, so it never reads a
half-written superblock; a second fstune (or ``sfdisk --lock``, ``wipefs --lock``, ``flock``)
finds the disk taken and refuses or waits.

    locks = lock_devices(["/dev/loop3p1", "/dev/loop4p2"], run_id="20240501-120000-42")
    ...                       # format, mount, measure, unmount
    locks.release()

The lock is the flock itself. ``flock`` records no owner, so next to it fstune writes a small
owner record (``/run/fstune/.locks/MAJ:MIN.json``: run id, pid, process start time); a process
that finds a disk locked reads it to say *who* holds the disk ("in use by fstune run RUN-ID
(pid N)"), or, when no live fstune record matches, names the holder from /proc/locks ("locked
by another process"). A stale record (its process gone) means nothing.

A flock belongs to an open file description: two opens of one disk in one process conflict
with each other. A run whose target and journal are partitions of the same disk therefore
takes that disk's lock once; the lock objects of this process are kept in a registry, and a
second request for the same run adopts what is already held.

The descriptor is opened read-only: closing it then raises no inotify ``IN_CLOSE_WRITE``, which
would make udev re-read the disk's partition table. docs/safety.md explains what a user sees.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import stat
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from fstune.errors import GONE_ERRNOS, GONE_HINT, DeviceError, device_gone
from fstune.util import procfs

# owner records; a dot name so that it never meets a run directory under /run/fstune
LOCK_DIR = Path("/run/fstune/.locks")
# how long to keep trying while the disk is only being read (udev probes it for a moment after
# every write elsewhere on it; on a busy machine that moment grows), and how long an exclusive
# holder gets to write its owner record
ACQUIRE_TIMEOUT = 10.0
RECORD_WAIT = 1.0
_POLL = 0.02

_PROC = Path("/proc")
_SYS = Path("/sys")
_DEV = Path("/dev")


class DeviceLockedError(DeviceError):
    """Another process holds the disk a run needs (or this process does, for another run)."""

    def __init__(self, message: str, hint: str | None, holder: "Holder | None" = None) -> None:
        super().__init__(message, hint)
        self.holder = holder


@dataclass(frozen=True)
class Holder:
    """Who holds a lock on a disk node, as far as /proc and fstune's owner record tell."""

    disk: str  # /dev/loop3
    majmin: str  # 7:3
    exclusive: bool  # LOCK_EX (someone writes) or only LOCK_SH (someone reads, e.g. udev probing)
    pid: int | None = None  # a live process holding it, when one can be named
    program: str | None = None  # its comm
    run_id: str | None = None  # from a live fstune owner record
    purpose: str | None = None  # "fstune run", "fstune lab down" (fstune records only)

    @property
    def fstune(self) -> bool:
        return self.purpose is not None

    def describe(self) -> str:
        """``locked: in use by fstune run R (pid N)`` · ``locked by another process (pid N, flock)``."""
        if self.purpose == "fstune run" and self.run_id:
            return f"locked: in use by fstune run {self.run_id} (pid {self.pid})"
        if self.purpose:
            return f"locked: in use by {self.purpose} (pid {self.pid})"
        who = ""
        if self.pid is not None:
            who = f" (pid {self.pid}{', ' + self.program if self.program else ''})"
        if self.exclusive:
            return f"locked by another process{who}"
        return f"being read by another process{who}"


# --------------------------------------------------------------------------------------------
# Which node, which locks


def whole_disk(path: str | os.PathLike) -> tuple[str, str]:
    """(``/dev/NAME`` of the whole disk, its ``MAJ:MIN``) for a disk or partition path."""
    text = os.fspath(path)
    try:
        st = os.stat(text)
    except OSError as error:
        if error.errno in GONE_ERRNOS:
            raise DeviceError(f"{device_gone(text)}.", GONE_HINT) from None
        raise DeviceError(f"{text} cannot be locked: {error.strerror}.") from None
    if not stat.S_ISBLK(st.st_mode):
        raise DeviceError(f"{text} cannot be locked: it is not a block device.")
    majmin = f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}"
    try:
        node = (_SYS / "dev" / "block" / majmin).resolve(strict=True)
    except OSError:
        raise DeviceError(f"{device_gone(text, f'the kernel knows no block device {majmin}')}.", GONE_HINT) from None
    if (node / "partition").exists():
        node = node.parent
    disk_majmin = procfs.read_text(node / "dev").strip() or majmin
    return f"/dev/{node.name}", disk_majmin


def _parse_locks(text: str) -> dict[tuple[int, int, int], list[tuple[int, bool]]]:
    """FLOCK entries of /proc/locks: (fs major, fs minor, inode) → [(pid, exclusive)].

    ``1: FLOCK  ADVISORY  WRITE 1234 00:06:2980 0 EOF``; waiters (``1: -> FLOCK …``) hold
    nothing and are skipped; the device numbers are hexadecimal.
    """
    found: dict[tuple[int, int, int], list[tuple[int, bool]]] = {}
    for line in text.splitlines():
        fields = line.split()
        if len(fields) < 6 or fields[1] != "FLOCK":
            continue
        try:
            major, minor, inode = fields[5].split(":")
            key = (int(major, 16), int(minor, 16), int(inode))
            pid = int(fields[4])
        except ValueError:
            continue
        found.setdefault(key, []).append((pid, fields[3] == "WRITE"))
    return found


def _read_locks() -> dict[tuple[int, int, int], list[tuple[int, bool]]]:
    return _parse_locks(procfs.read_text(_PROC / "locks"))


def _holding_pids(node: str) -> list[int]:
    """Processes with ``node`` open and a lock in that descriptor's fdinfo (a lock outlives the
    process that took it when a child inherited the descriptor: ``flock DEV sleep 60``).

    Only links are read (never a stat through them, which could hang on a dead NFS file)."""
    found = []
    for pid in procfs.pids(str(_PROC)):
        entry = _PROC / str(pid)
        try:
            fds = list((entry / "fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(fd) != node:
                    continue
            except OSError:
                continue
            if "lock:" in procfs.read_text(entry / "fdinfo" / fd.name):
                found.append(pid)
                break
    return found


def _holder(node: str, majmin: str, entries: list[tuple[int, bool]]) -> Holder:
    exclusive = any(ex for _pid, ex in entries)
    pids = [pid for pid, ex in entries if ex == exclusive]
    alive = [pid for pid in pids if pid > 0 and procfs.process_start(pid) is not None]
    if not alive:
        alive = _holding_pids(node)
    pid = alive[0] if alive else None
    if exclusive:
        owner = read_owner(majmin)
        if owner is not None and (pid is None or pid == owner["pid"] or owner["pid"] in alive):
            return Holder(node, majmin, True, owner["pid"], procfs.comm(owner["pid"]), owner.get("run_id"),
                          owner.get("purpose") or "fstune run")
    return Holder(node, majmin, exclusive, pid, procfs.comm(pid) if pid is not None else None)


def holder_of(path: str | os.PathLike) -> Holder | None:
    """Who locks the whole disk of ``path`` now, or None when nobody does."""
    node, majmin = whole_disk(path)
    try:
        st = os.stat(node)
    except OSError:
        return None
    entries = _read_locks().get((os.major(st.st_dev), os.minor(st.st_dev), st.st_ino))
    if not entries:
        return None
    return _holder(node, majmin, entries)


def locked_devices(*, exclude_pid: int | None = None) -> dict[str, Holder]:
    """``MAJ:MIN`` → Holder for every block node in /dev someone holds an exclusive flock on.

    Locks that ``exclude_pid`` (normally this very process) holds are left out: a process
    knows its own. Cheap when nothing is locked: /proc/locks is read first, /dev only then.
    """
    locks = _read_locks()
    if not locks:
        return {}
    try:
        dev_st = os.stat(_DEV)
    except OSError:
        return {}
    wanted = {ino: entries for (major, minor, ino), entries in locks.items()
              if (major, minor) == (os.major(dev_st.st_dev), os.minor(dev_st.st_dev))
              and any(ex for _pid, ex in entries)}
    if not wanted:
        return {}
    found: dict[str, Holder] = {}
    try:
        nodes = list(os.scandir(_DEV))
    except OSError:
        return {}
    for entry in nodes:
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if st.st_ino not in wanted or not stat.S_ISBLK(st.st_mode) or st.st_dev != dev_st.st_dev:
            continue
        majmin = f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}"
        holder = _holder(entry.path, majmin, wanted[st.st_ino])
        if exclude_pid is not None and holder.pid == exclude_pid:
            continue
        found[majmin] = holder
    return found


# --------------------------------------------------------------------------------------------
# Owner records


def _record_path(majmin: str) -> Path:
    return LOCK_DIR / f"{majmin}.json"


def read_owner(majmin: str) -> dict | None:
    """The owner record of a disk when its process is still alive (same start time), else None."""
    text = procfs.read_text(_record_path(majmin)).strip()
    if not text:
        return None
    try:
        record = json.loads(text)
    except ValueError:
        return None
    pid = record.get("pid") if isinstance(record, dict) else None
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return None
    start = procfs.process_start(pid)
    if start is None or start != record.get("start"):
        return None
    return record


def _write_owner(majmin: str, record: dict) -> bool:
    try:
        LOCK_DIR.mkdir(parents=True, exist_ok=True)
        partial = LOCK_DIR / f".{majmin}.{os.getpid()}.tmp"
        partial.write_text(json.dumps(record) + "\n")
        os.replace(partial, _record_path(majmin))
        return True
    except OSError:
        return False  # not root: the lock still holds; others then see "another process"


def _remove_owner(majmin: str) -> None:
    path = _record_path(majmin)
    try:
        record = json.loads(path.read_text())
    except (OSError, ValueError):
        return
    if isinstance(record, dict) and record.get("pid") == os.getpid():
        try:
            path.unlink()
        except OSError:
            pass


# --------------------------------------------------------------------------------------------
# Holding locks


_registry_lock = threading.Lock()
_held: dict[str, "DeviceLocks"] = {}  # disk MAJ:MIN → the lock object of this process that holds it


@dataclass(eq=False)  # identity: the registry keeps these in sets
class DeviceLocks:
    """The disks one run (or one ``lab down``) holds; ``release()`` lets them all go."""

    run_id: str | None
    purpose: str = "fstune run"
    devices: list[str] = field(default_factory=list)  # the paths asked for (partitions, disks)
    disks: dict[str, str] = field(default_factory=dict)  # MAJ:MIN → /dev/NAME of each locked disk
    released: bool = False
    _fds: dict[str, int] = field(default_factory=dict, repr=False)

    def release(self, *, refresh: bool = True) -> None:
        """Unlock every disk (owner record first, then the flock). Idempotent.

        ``refresh``: then ask udev to look at the devices written (a ``change`` event), since
        it skipped them meanwhile and drops events it had to put off for more than 3 minutes.
        """
        with _registry_lock:
            if self.released:
                return
            self.released = True
            for majmin, fd in self._fds.items():
                _remove_owner(majmin)
                try:
                    os.close(fd)
                except OSError:
                    pass
                if _held.get(majmin) is self:
                    del _held[majmin]
            self._fds.clear()
        if refresh:
            for path in dict.fromkeys(self.devices):
                _change_event(path)

    def _stale(self, majmin: str, disk: str) -> bool:
        """True when the descriptor holding ``majmin``'s lock is not on ``disk``'s node any more:
        a flock belongs to the node that was opened, and a re-plugged disk gets a new one."""
        try:
            held, now = os.fstat(self._fds[majmin]), os.stat(disk)
        except OSError:
            return True
        return (held.st_dev, held.st_ino, held.st_rdev) != (now.st_dev, now.st_ino, now.st_rdev)

    def _drop(self, majmin: str) -> None:
        """Let go of a stale lock (its node is gone) and its owner record."""
        _remove_owner(majmin)
        try:
            os.close(self._fds.pop(majmin))
        except OSError:
            pass
        self.disks.pop(majmin, None)
        if _held.get(majmin) is self:
            del _held[majmin]

    def _take(self, path: str, disk: str, majmin: str, timeout: float) -> None:
        try:
            fd = os.open(disk, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
        except OSError as error:
            if error.errno in GONE_ERRNOS:
                raise DeviceError(f"{device_gone(path, f'no such device: its disk {disk} cannot be opened')}.",
                                  GONE_HINT) from None
            raise DeviceError(f"{path} cannot be locked: {disk} cannot be opened ({error.strerror}).") from None
        try:
            _flock_or_explain(fd, path, disk, timeout)
        except BaseException:
            os.close(fd)
            raise
        self._fds[majmin] = fd
        self.disks[majmin] = disk
        _held[majmin] = self
        _write_owner(majmin, {
            "run_id": self.run_id, "purpose": self.purpose, "pid": os.getpid(),
            "start": procfs.process_start(os.getpid()), "disk": disk, "devices": self.devices,
            "since": time.strftime("%Y-%m-%d %H:%M:%S"),
        })


def _flock_or_explain(fd: int, path: str, disk: str, timeout: float) -> None:
    """LOCK_EX|LOCK_NB, retried while the disk is only being read; else DeviceLockedError."""
    deadline = time.monotonic() + timeout
    record_deadline: float | None = None
    holder: Holder | None = None
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise DeviceError(f"{path} cannot be locked: {error.strerror}.") from None
        now = time.monotonic()
        try:
            holder = holder_of(disk)
        except DeviceError:
            holder = None
        if holder is not None and holder.fstune:
            break  # another fstune has it: no point in waiting
        if holder is not None and holder.exclusive:
            # a writer without an owner record: a fstune that has just taken the lock writes
            # its record a moment later, so give it that moment before naming a stranger
            record_deadline = record_deadline or now + RECORD_WAIT
            if now >= record_deadline:
                break
        elif now >= deadline:
            break
        time.sleep(_POLL)
    raise DeviceLockedError(*_refusal(path, disk, holder, timeout), holder)


def _refusal(path: str, disk: str, holder: Holder | None, timeout: float) -> tuple[str, str]:
    on_disk = "" if os.path.realpath(path) == disk else f" (fstune locks its whole disk, {disk})"
    if holder is not None and holder.fstune:
        return (f"{path} is {holder.describe()}{on_disk}.",
                "Wait until that run has ended, or choose a device on another disk; "
                "`fstune disks` shows which devices are in use.")
    if holder is not None and holder.exclusive:
        return (f"{path} is {holder.describe()}{on_disk}.",
                "Something is writing to that disk and holds its lock (the convention `sfdisk --lock`, "
                "`wipefs --lock` and `flock` follow); let it finish first.")
    what = holder.describe() if holder is not None else "locked"
    return (f"{path} is still {what} after {timeout:.0f} s{on_disk}.",
            "udev probes a disk for a moment after it changed; if this persists, find the holder "
            "in /proc/locks.")


def lock_devices(paths, *, run_id: str | None, purpose: str = "fstune run",
                 timeout: float = ACQUIRE_TIMEOUT) -> DeviceLocks:
    """Lock the whole disk of every path in ``paths``; a DeviceLockedError says who holds one.

    Each disk is locked once, however many of the paths are on it. Disks this process already
    holds for the same ``run_id`` are adopted (the same object is returned, extended by any
    disk still missing); held for another run they conflict like any other holder's. A held
    lock whose descriptor is no longer on the disk's current node (the disk was unplugged and
    another came back under its name and number) locks nothing: it is dropped and the current
    node is locked instead (docs/safety.md).
    """
    paths = [os.fspath(p) for p in paths]
    wanted: dict[str, tuple[str, str]] = {}  # majmin → (first path on it, disk node)
    for path in paths:
        disk, majmin = whole_disk(path)
        wanted.setdefault(majmin, (path, disk))
    with _registry_lock:
        owners = {_held[m] for m in wanted if m in _held}
        same = [o for o in owners if not o.released and o.run_id == run_id and run_id is not None]
        locks = same[0] if len(same) == 1 else DeviceLocks(run_id, purpose)
        added = [p for p in paths if p not in locks.devices]
        locks.devices.extend(added)  # before taking: the owner records list them
        taken: list[str] = []
        try:
            for majmin in sorted(wanted, key=_majmin_key):
                if majmin in locks.disks and locks._stale(majmin, wanted[majmin][1]):
                    locks._drop(majmin)
                if majmin not in locks.disks:
                    path, disk = wanted[majmin]
                    locks._take(path, disk, majmin, timeout)
                    taken.append(majmin)
        except BaseException:
            for majmin in taken:  # all or nothing: give back what this call took
                _remove_owner(majmin)
                os.close(locks._fds.pop(majmin))
                locks.disks.pop(majmin, None)
                _held.pop(majmin, None)
            for path in added:
                locks.devices.remove(path)
            raise
        return locks


def holds(path: str | os.PathLike) -> bool:
    """True when this process holds the lock on the whole disk of ``path``."""
    try:
        return whole_disk(path)[1] in _held
    except DeviceError:
        return False


def _majmin_key(majmin: str) -> tuple[int, ...]:
    return tuple(int(part) for part in majmin.split(":"))


def _change_event(path: str) -> None:
    """Ask the kernel to send udev a ``change`` event for ``path`` (best effort, root only)."""
    try:
        st = os.stat(path)
        if not stat.S_ISBLK(st.st_mode):
            return
        with open(_SYS / "dev" / "block" / f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}" / "uevent", "w") as f:
            f.write("change")
    except OSError:
        pass
