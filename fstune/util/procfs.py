"""Reading /proc and /sys, where a file may vanish between listing and reading."""

from __future__ import annotations

import os


def read_text(path: str, default: str = "") -> str:
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


def process_io(outside_of: int, proc: str = "/proc") -> dict[int, tuple[str, int, int, int]]:
    """Every user-space process that is not ``outside_of`` or one of its descendants: pid →
    (name, start time in ticks, bytes it made the block layer read or write so far, from
    /proc/PID/io, its parent's pid). Kernel threads are left out: they carry everyone's writeback, the run's own
    included, so their I/O cannot be told apart (docs/verdicts.md, "Dropped blocks")."""
    parents: dict[int, tuple[int, str, int]] = {}  # pid → (parent, name, start time)
    for entry in os.scandir(proc):
        if not entry.name.isdigit():
            continue
        stat = read_text(f"{proc}/{entry.name}/stat")
        head, sep, tail = stat.rpartition(")")
        fields = tail.split()
        if not sep or len(fields) < 20:
            continue  # gone while we looked
        name = head.partition("(")[2]
        flags, start = int(fields[6]), int(fields[19])
        if flags & 0x00200000:  # PF_KTHREAD
            continue
        parents[int(entry.name)] = (int(fields[1]), name, start)
    ours = {outside_of}
    found: dict[int, tuple[str, int, int, int]] = {}
    for pid, (parent, name, start) in parents.items():
        chain, seen = pid, set()
        while chain in parents and chain not in ours and chain not in seen:
            seen.add(chain)
            chain = parents[chain][0]
        if chain in ours:
            ours |= seen
            continue
        counters = {}
        for line in read_text(f"{proc}/{pid}/io").splitlines():
            key, _, value = line.partition(":")
            if value.strip().isdigit():
                counters[key] = int(value)
        if "read_bytes" in counters:
            found[pid] = (name, start, counters["read_bytes"] + counters.get("write_bytes", 0), parent)
    return found
