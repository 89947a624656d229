"""Reading /proc and /sys, where a file may vanish between listing and reading."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

PF_KTHREAD = 0x00200000  # the flags bit of a kernel thread (include/linux/sched.h)


def read_text(path: str | os.PathLike, default: str = "") -> str:
    """The file's text, or ``default`` when it is gone or unreadable (a process or device left)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read()
    except OSError:
        return default


# --- host conditions around a measurement (docs/verdicts.md, "Quiet, repeatable preconditions") ---


def meminfo_kib(text: str | None = None) -> dict[str, int]:
    """/proc/meminfo as {field: KiB}: "Dirty", "Writeback" …"""
    values = {}
    for line in (read_text("/proc/meminfo") if text is None else text).splitlines():
        name, _, rest = line.partition(":")
        words = rest.split()
        if words and words[0].isdigit():
            values[name.strip()] = int(words[0])
    return values


def pressure(resource: str, text: str | None = None) -> dict[str, dict[str, float]]:
    """/proc/pressure/RESOURCE ("io", "cpu") as {"some": {"avg10": %, "total": µs}, "full": …};
    {} when the kernel has no pressure stall information."""
    found: dict[str, dict[str, float]] = {}
    for line in (read_text(f"/proc/pressure/{resource}") if text is None else text).splitlines():
        kind, *fields = line.split()
        values = {}
        for field in fields:
            key, _, value = field.partition("=")
            try:
                values[key] = float(value)
            except ValueError:
                continue
        if values:
            found[kind] = values
    return found


def cpu_ticks(text: str | None = None) -> dict[str, int]:
    """The machine's CPU time from /proc/stat's "cpu" line, in clock ticks: "total" and "steal"."""
    for line in (read_text("/proc/stat") if text is None else text).splitlines():
        words = line.split()
        if words and words[0] == "cpu":
            ticks = [int(word) for word in words[1:] if word.isdigit()]
            # user nice system idle iowait irq softirq steal guest guest_nice; guest time is
            # already counted in user and nice
            return {"total": sum(ticks[:8]), "steal": ticks[7] if len(ticks) > 7 else 0}
    return {}


def loadavg(text: str | None = None) -> tuple[float, float, float] | None:
    words = (read_text("/proc/loadavg") if text is None else text).split()
    try:
        return float(words[0]), float(words[1]), float(words[2])
    except (IndexError, ValueError):
        return None


def block_stat(device: str, text: str | None = None) -> dict[str, int]:
    """The I/O counters of a block device (a path; its device number finds /sys/dev/block/M:m/stat,
    so a symlink works): sectors read and written, write requests, milliseconds busy. {} when
    the path is not a block device."""
    import os
    import stat

    if text is None:
        try:
            st = os.stat(device)
        except OSError:
            return {}
        if not stat.S_ISBLK(st.st_mode):
            return {}
        text = read_text(f"/sys/dev/block/{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}/stat")
    words = text.split()
    if len(words) < 10:
        return {}
    numbers = [int(word) for word in words[:10]]
    return {"read_sectors": numbers[2], "write_sectors": numbers[6], "write_ios": numbers[4],
            "io_ticks_ms": numbers[9]}


# --- the process table ------------------------------------------------------------------------


@dataclass(frozen=True)
class ProcStat:
    """The fields of /proc/PID/stat that fstune reads (proc(5))."""

    pid: int
    comm: str  # the command name; it may hold spaces and parentheses
    state: str  # "R" running, "S" asleep, "Z" a zombie …
    ppid: int
    pgrp: int  # the process group
    flags: int
    start: int  # clock ticks after boot: with the pid, names one process even after the pid is reused

    @property
    def kernel_thread(self) -> bool:
        return bool(self.flags & PF_KTHREAD)


def parse_stat(pid: int, text: str) -> ProcStat | None:
    """/proc/PID/stat's text as a ProcStat; None for a truncated or empty read (the process left).

    The command name stands in parentheses and may itself hold ") (" and spaces, so the fields
    after it are found from the *last* ")"."""
    head, sep, tail = text.rpartition(")")
    fields = tail.split()
    if not sep or "(" not in head or len(fields) < 20:
        return None
    try:
        return ProcStat(pid, head.partition("(")[2], fields[0], int(fields[1]), int(fields[2]),
                        int(fields[6]), int(fields[19]))
    except ValueError:
        return None


def proc_stat(pid: int, proc: str = "/proc") -> ProcStat | None:
    """The process's ProcStat, or None once it is gone."""
    return parse_stat(pid, read_text(f"{proc}/{pid}/stat"))


def process_start(pid: int) -> str | None:
    """The process's start time as text, the form that run state files, lock owner records and
    tracing instance names keep beside a pid; None once it is gone."""
    stat = proc_stat(pid)
    return None if stat is None else str(stat.start)


def comm(pid: int | str, proc: str = "/proc") -> str | None:
    """The process's command name (/proc/PID/comm), or None once it is gone."""
    try:
        with open(f"{proc}/{pid}/comm", encoding="utf-8", errors="replace") as file:
            return file.read().strip()
    except OSError:
        return None


def pids(proc: str = "/proc") -> list[int]:
    """Every process's pid now, lowest first."""
    try:
        return sorted(int(entry.name) for entry in os.scandir(proc) if entry.name.isdigit())
    except OSError:
        return []


def processes(proc: str = "/proc") -> Iterator[ProcStat]:
    """The process table, lowest pid first; a process that ends while it is read is left out."""
    for pid in pids(proc):
        stat = proc_stat(pid, proc)
        if stat is not None:
            yield stat


def descendants(ancestor: int, table: Iterable[ProcStat]) -> list[ProcStat]:
    """The processes of ``table`` that descend from ``ancestor`` (children, theirs …)."""
    children: dict[int, list[ProcStat]] = {}
    for stat in table:
        children.setdefault(stat.ppid, []).append(stat)
    found, seen, todo = [], {ancestor}, [ancestor]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child.pid not in seen:  # a table read while pids were reused may hold a loop
                seen.add(child.pid)
                found.append(child)
                todo.append(child.pid)
    return found


def process_io(outside_of: int, proc: str = "/proc") -> dict[int, tuple[str, int, int, int]]:
    """Every user-space process that is not ``outside_of`` or one of its descendants: pid →
    (name, start time in ticks, bytes it made the block layer read or write so far, from
    /proc/PID/io, its parent's pid). Kernel threads are left out: they carry everyone's writeback, the run's own
    included, so their I/O cannot be told apart (docs/verdicts.md, "Dropped blocks")."""
    table = [stat for stat in processes(proc) if not stat.kernel_thread]
    ours = {outside_of} | {stat.pid for stat in descendants(outside_of, table)}
    found: dict[int, tuple[str, int, int, int]] = {}
    for stat in table:
        if stat.pid in ours:
            continue
        counters = {}
        for line in read_text(f"{proc}/{stat.pid}/io").splitlines():
            key, _, value = line.partition(":")
            if value.strip().isdigit():
                counters[key] = int(value)
        if "read_bytes" in counters:
            found[stat.pid] = (stat.comm, stat.start, counters["read_bytes"] + counters.get("write_bytes", 0),
                               stat.ppid)
    return found
