"""Who else called sync() while a turn was measured, and for how long: the kernel's syscall tracepoints.

Another process's ``sync()`` writes out every filesystem's dirty data and forces every journal to
commit, the filesystem under test's included, at moments the workload did not choose
(docs/modelled-lab.md, "What took the pace on a busy host": `stress-ng --io` calls it in a loop).
The block layer cannot tell those writes from the workload's own, so the run watches the calls
themselves: private ftrace instances (``sys_enter_sync`` and ``sys_exit_sync`` in one, on the
monotonic clock, so each call's time inside sync() is known; ``sys_enter_syncfs`` in another)
with the run's own process tree left out (``set_event_notrace_pid`` with ``options/event-fork``:
a listed task's children are left out too, so the run's settle steps and their ``sync`` are not
counted), cleared when a turn's workloads start and read once when they end.

- ``sync()`` is what the rule judges: it reaches every filesystem.
- ``syncfs(fd)`` is counted beside it but not judged: the tracepoint gives only the descriptor,
  and one on another filesystem does not touch ours; a process outside the run would need a file
  open on the run's own mount to sync it. ``fsync()`` of another process's own files is not
  traced at all: it writes that file and commits its filesystem's journal, not ours.

The time matters more than the count: on a busy host one ``sync()`` takes a second or more, so a
process syncing in a loop makes a few calls a second, no more than the one-off syncs of other
fstune users' settle steps; what tells it apart is that it is inside ``sync()`` nearly all the
time (fstune/lab/fidelity.py reads that). This kernel has no histogram triggers, so the events
themselves are read, once per turn; on an idle host stress-ng's two workers make about 3 000
``sync()`` and 70 000 ``syncfs()`` calls a second, and the buffers then keep the newest events
(the syncfs() count stays exact from the ring buffer's own counters).

Where tracefs cannot be used (not root, no tracefs, kernel lockdown, no syscall tracepoints) the
turns record "not counted" with the reason; the run goes on. The instances are removed when the
run ends (``close``, also after SIGTERM: the session's ``run`` closes them however the run
ended); what a killed run left is removed by the next run that opens its own.
"""

from __future__ import annotations

import atexit
import errno
import logging
import os
import re
import subprocess
import time
from pathlib import Path

from fstune.lab.fidelity import foreign_sync_share
from fstune.util import procfs

log = logging.getLogger(__name__)

TRACEFS = Path("/sys/kernel/tracing")
PREFIX = "fstune-syncs-"
# instance → its tracepoints: sync()'s entry and return (the time inside it), syncfs()'s entry
EVENTS = {"sync": ("sys_enter_sync", "sys_exit_sync"), "syncfs": ("sys_enter_syncfs",)}
# per CPU; the sync() instance holds about 40 000 events per CPU before it overwrites the oldest
# (then its figures cover the newest stretch only, and say so); syncfs() only its count is exact
BUFFER_KB = {"sync": 1024, "syncfs": 64}
_NAME = re.compile(rf"^{re.escape(PREFIX)}(\d+)-(\d+)-({'|'.join(EVENTS)})$")
_LINE = re.compile(r"^\s*(.*?)-(\d+)\s+\[\d+\]\s+\S+\s+(\d+\.\d+):\s+sys_(sync|syncfs)(\(| ->)")


def _why(error: OSError, what: str) -> str:
    if error.errno in (errno.EACCES, errno.EPERM):
        lockdown = procfs.read_text("/sys/kernel/security/lockdown")
        if lockdown and "[none]" not in lockdown:
            return f"{what}: refused by the kernel's lockdown ({lockdown.strip()})"
        return f"{what}: permission denied (needs root)"
    if error.errno == errno.ENOENT:
        return f"{what}: not found"
    return f"{what}: {error.strerror or error}"


def _write(path: Path, text: str) -> None:
    with open(path, "w") as out:
        out.write(text)


def find_tracefs(root: Path = TRACEFS, mount: bool = True) -> tuple[Path | None, str]:
    """(tracefs's directory, what was done or why it cannot be used). Mounts tracefs at ``root``
    when nothing is mounted there and ``mount`` (only then: it is the kernel's, shared by all)."""
    if (root / "instances").is_dir():
        return root, ""
    if not root.is_dir():
        return None, f"{root} does not exist (a kernel without tracefs)"
    if not mount:
        return None, f"tracefs is not mounted at {root}"
    done = subprocess.run(["mount", "-t", "tracefs", "nodev", str(root)], capture_output=True, text=True)
    if done.returncode != 0 or not (root / "instances").is_dir():
        why = done.stderr.strip() or f"exit status {done.returncode}"
        return None, f"tracefs is not mounted at {root} and mounting it failed ({why})"
    log.info("mounted tracefs at %s to count other processes' sync() calls", root)
    return root, f"tracefs was not mounted; fstune mounted it at {root} (left mounted)"


def clear_leftovers(root: Path = TRACEFS) -> list[str]:
    """Remove the instances of fstune runs that are gone (killed before they could remove their
    own); returns their names. A live run's instances are left alone."""
    removed = []
    try:
        names = sorted(entry.name for entry in os.scandir(root / "instances"))
    except OSError:
        return removed
    for name in names:
        match = _NAME.match(name)
        if match is None or procfs.process_start(int(match[1])) == match[2]:
            continue
        if _remove(root / "instances" / name, match[3]):
            removed.append(name)
    if removed:
        log.info("removed the sync() counters of fstune runs that were killed: %s", ", ".join(removed))
    return removed


def _remove(instance: Path, kind: str) -> bool:
    for event in EVENTS[kind]:
        try:
            _write(instance / "events" / "syscalls" / event / "enable", "0")
        except OSError:
            pass
    try:
        instance.rmdir()
    except FileNotFoundError:
        return True
    except OSError as error:
        log.info("the sync() counter %s could not be removed: %s", instance, error)
        return False
    return True


def _name(match: re.Match) -> str:
    name = match[1]
    if name in ("<...>", ""):  # not in the kernel's table of recent names: ask /proc
        name = procfs.comm(match[2]) or "?"
    return name


def parse(text: str, since: float, until: float) -> dict:
    """An instance's ``trace`` text (clock: CLOCK_MONOTONIC) read at ``until`` for a stretch
    that began at ``since``: the calls per name, and the seconds each name spent inside sync()
    within the stretch (a call that began before it counts from its start, one still running at
    ``until`` counts to then). {"calls": {name: n}, "busy": {name: s}, "longest": (name, s) of the
    one process that spent longest inside it, "first": ts or None}."""
    calls: dict[str, int] = {}
    busy: dict[str, float] = {}
    each: dict[int, list] = {}  # pid → [name, seconds inside sync(), calls]
    entered: dict[int, tuple[str, float]] = {}
    first = None
    for line in text.splitlines():
        match = _LINE.match(line) if not line.startswith("#") else None
        if match is None:
            continue
        pid, at = int(match[2]), float(match[3])
        first = at if first is None else first
        if match[5] == "(":  # entered
            name = _name(match)
            calls[name] = calls.get(name, 0) + 1
            if match[4] == "sync":
                entered[pid] = (name, at)
                each.setdefault(pid, [name, 0.0, 0])[2] += 1
        elif match[4] == "sync":  # returned
            name, began = entered.pop(pid, (_name(match), since))
            _inside(busy, each, pid, name, max(0.0, at - max(began, since)))
    for pid, (name, began) in entered.items():
        _inside(busy, each, pid, name, max(0.0, until - max(began, since)))
    longest = max(each.values(), key=lambda item: (item[1], item[2]), default=None)
    return {"calls": calls, "busy": busy, "longest": longest, "first": first}


def _inside(busy: dict, each: dict, pid: int, name: str, seconds: float) -> None:
    busy[name] = busy.get(name, 0.0) + seconds
    each.setdefault(pid, [name, 0.0, 0])[1] += seconds


class SyncWatch:
    """The sync() and syncfs() calls of processes outside ``exclude`` (default: this process and
    every task it starts) between ``mark`` and ``count``. ``open`` first, ``close`` at the end."""

    def __init__(self, root: Path = TRACEFS, *, exclude: int | None = None, mount: bool = True,
                 clock=time.monotonic) -> None:
        self.root = root
        self.exclude = exclude if exclude is not None else os.getpid()
        self.mount = mount
        self.clock = clock
        self.instances: dict[str, Path] = {}
        self.unavailable: str | None = None  # why nothing is counted (None: counting, or not opened)
        self.note = ""  # what opening did that the run's notes should say (tracefs mounted)
        self.opened = False
        self._marked: float | None = None

    def open(self) -> bool:
        """Make the instances; False (with ``unavailable`` saying why) where tracefs cannot be used."""
        if self.opened:
            return not self.unavailable
        self.opened = True
        if os.geteuid() != 0:
            self.unavailable = "fstune is not running as root, so it cannot use the kernel's tracing"
            return False
        root, said = find_tracefs(self.root, self.mount)
        if root is None:
            self.unavailable = said
            return False
        self.note = said
        clear_leftovers(root)
        start = procfs.process_start(self.exclude) or "0"
        # every task of the run now: a thread's children are left out only if the thread is listed
        tasks = sorted(entry.name for entry in os.scandir(f"/proc/{self.exclude}/task")) \
            if os.path.isdir(f"/proc/{self.exclude}/task") else [str(self.exclude)]
        atexit.register(self.close)
        for kind, events in EVENTS.items():
            instance = root / "instances" / f"{PREFIX}{self.exclude}-{start}-{kind}"
            try:
                instance.mkdir()
                self.instances[kind] = instance
                _write(instance / "buffer_size_kb", str(BUFFER_KB[kind]))
                _write(instance / "trace_clock", "mono")  # time.monotonic()'s clock: the stretch's own
                _write(instance / "options" / "event-fork", "1")
                _write(instance / "set_event_notrace_pid", " ".join(tasks))
                for event in events:
                    _write(instance / "events" / "syscalls" / event / "enable", "1")
            except OSError as error:
                self.unavailable = _why(error, f"the tracing instance {instance}")
                self.close()
                return False
        return True

    def mark(self) -> None:
        """Start counting afresh (a turn's workloads start)."""
        if not self.instances:
            return
        try:
            for instance in self.instances.values():
                _write(instance / "trace", "")  # clears the buffer and its counts
        except OSError as error:
            self.unavailable = _why(error, "clearing the tracing instance")
            return
        self._marked = self.clock()

    def count(self) -> dict | None:
        """Since ``mark``: {"seconds": S, "sync": calls, "by": {name: calls}, "sync_s": seconds
        spent inside sync() (summed over processes), "sync_s_by": {name: s}, "syncfs": calls,
        "syncfs_by": {name: calls}}; when the buffer overwrote the oldest events, "covered_s" (the
        stretch the sync() figures cover) and "overwritten" (events lost); or {"not_counted": why};
        None when never opened or not marked (nothing to say)."""
        if not self.opened:
            return None
        if self.unavailable:
            return {"not_counted": self.unavailable}
        if self._marked is None:
            return None
        until = self.clock()
        found: dict = {"seconds": round(until - self._marked, 3)}
        for kind, instance in self.instances.items():
            try:
                entries = overrun = 0
                for cpu in os.scandir(instance / "per_cpu"):
                    stats = dict(line.split(":", 1) for line in procfs.read_text(Path(cpu.path) / "stats").splitlines()
                                 if ":" in line)
                    entries += int(stats.get("entries", 0))
                    overrun += int(stats.get("overrun", 0))
                seen = parse((instance / "trace").read_text(errors="replace"), self._marked, until)
            except (OSError, ValueError) as error:
                return {"not_counted": f"the tracing instance {instance} could not be read ({error})"}
            calls = dict(sorted(seen["calls"].items(), key=lambda item: -item[1]))
            if kind == "sync":
                busy = dict(sorted(((n, round(v, 3)) for n, v in seen["busy"].items()), key=lambda item: -item[1]))
                found.update({"sync": sum(calls.values()), "by": calls, "sync_s": round(sum(busy.values()), 3),
                              "sync_s_by": busy})
                if seen["longest"]:  # one process syncing in a loop, not many syncing once each
                    name, seconds, made = seen["longest"]
                    found["longest"] = {"name": name, "sync_s": round(seconds, 3), "calls": made}
                if overrun:  # the oldest were overwritten: the figures are the newest stretch's
                    found.update({"covered_s": round(until - (seen["first"] or until), 3), "overwritten": overrun})
            else:
                found.update({kind: entries + overrun, f"{kind}_by": calls})
        self._marked = None
        return found

    def close(self) -> None:
        """Remove the instances (again is harmless)."""
        for event, instance in list(self.instances.items()):
            if _remove(instance, event):
                del self.instances[event]


def describe(record: dict | None) -> str:
    """"812 sync() calls by stress-ng-io, inside sync() 190 % of the time" for a turn's
    ``foreign_syncs`` ("" when there were none)."""
    if not record:
        return ""
    if record.get("not_counted"):
        return f"other processes' sync() calls not counted: {record['not_counted']}"
    calls = record.get("sync") or 0
    if not calls:
        return ""
    # most calls first (a stored record's keys come back sorted by name)
    by = dict(sorted((record.get("by") or {}).items(), key=lambda item: (-item[1], item[0])))
    said = ", ".join(name if len(by) == 1 else f"{name} {n}" for name, n in list(by.items())[:3])
    text = f"{calls} sync() call{'s' if calls != 1 else ''} by {said or 'other processes'}"
    share, longest = foreign_sync_share(record), record.get("longest")
    if share is not None:
        text += f", inside sync() {share:.0%} of the time"
        if longest and len(by) > 1:
            text += f" ({longest['name']} alone {foreign_sync_share(record, one=True):.0%})"
    if record.get("covered_s") is not None:  # the buffer overwrote the oldest
        text += f" (in the last {record['covered_s']:.1f} s of {record['seconds']:.1f} s)"
    return text
