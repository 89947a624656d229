"""Reading /proc and /sys, where a file may vanish between listing and reading."""

from __future__ import annotations


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
