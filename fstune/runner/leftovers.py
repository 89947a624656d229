"""What runs that did not clean up left behind (killed, crashed, a second Ctrl-C), and the
state file that tells a dead run's directory from a live one's.

Every real run writes ``STATE_FILE`` into its run directory (``claim_run_dir``, which refuses a
directory a live run owns): its run id, its pid and that process's start time. ``find_leftovers`` lists the run directories whose process
is gone, with what is still mounted under them and what was written into a mountpoint directory
while nothing was mounted on it; ``clean_leftovers`` unmounts (deepest first), removes what was
written below a mountpoint (``fstune.runner.mountguard``) and removes only what a run makes.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import subprocess
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from fstune.devices.system import parse_mountinfo
from fstune.errors import FstuneError
from fstune.runner import mountguard
from fstune.util.holders import describe_holders
from fstune.util import paths
from fstune.util.procfs import process_start, read_text

STATE_FILE = ".fstune-run.json"

log = logging.getLogger(__name__)


def _alive(pid: int, start: str | None) -> bool:
    if pid <= 0:
        return False
    current = process_start(pid)
    if current is None:
        return False
    return start is None or current == start


@dataclass(frozen=True)
class Leftover:
    run_id: str
    run_dir: str
    pid: int | None
    mounts: tuple[str, ...]  # mountpoints still mounted under run_dir, deepest first
    started: str = ""
    study: str = ""
    # what was written into its mountpoint directories while nothing was mounted on them
    strays: tuple[mountguard.Stray, ...] = ()

    def describe(self) -> str:
        what = f"{len(self.mounts)} mount(s): {', '.join(self.mounts)}" if self.mounts else "an empty run directory"
        if self.strays:
            what = f"{what if self.mounts else 'a run directory'}; {self.stray_text()}"
        who = f" (study {self.study}, started {self.started})" if self.study else ""
        return f"{self.run_dir}{who}: {what}"

    def stray_text(self) -> str:
        """"4.0 MiB (… bytes in 1 file(s)) in /run/fstune/R/x, written while nothing was mounted there"."""
        return "; ".join(f"{stray.describe()} in {stray.directory}, written while nothing was mounted there"
                         for stray in self.strays)


def _mounts_under(directory: str) -> list[str]:
    prefix = directory.rstrip("/") + "/"
    found = [m.mountpoint for m in parse_mountinfo(read_text("/proc/self/mountinfo"))
             if m.mountpoint == directory or m.mountpoint.startswith(prefix)]
    return sorted(set(found), key=lambda p: (-p.count("/"), p))


def _mountpoint_dirs(run_dir: str) -> list[str]:
    """The run directory's subdirectories: the mountpoints a run makes (one per configuration)."""
    try:
        return sorted(entry.path for entry in os.scandir(run_dir) if entry.is_dir(follow_symlinks=False))
    except OSError:
        return []


def _strays(run_dir: str, mounts: Iterable[str]) -> tuple[mountguard.Stray, ...]:
    """What its mountpoint directories that nothing is mounted on hold (written by mistake)."""
    busy = set(mounts)
    found = []
    for directory in _mountpoint_dirs(run_dir):
        if directory in busy or any(m.startswith(directory + "/") for m in busy):
            continue
        stray = mountguard.survey(directory)
        if stray is not None:
            found.append(stray)
    return tuple(found)


def find_leftovers(root: str | None = None) -> list[Leftover]:
    """Run directories under ``root`` (the mount root: /run/fstune, or ``$FSTUNE_MOUNT_ROOT``) whose fstune process is gone, with what is still mounted
    and what was written into a mountpoint directory while nothing was mounted on it.

    Only directories with fstune's state file count: a run directory of a live run (its pid
    alive with the same start time), or of a dry-run script someone runs by hand (no state
    file), is never touched.
    """
    if root is None:
        from fstune.plan import default_mount_root

        root = default_mount_root()
    base = Path(root)
    try:
        entries = sorted(p for p in base.iterdir() if p.is_dir() and not p.is_symlink())
    except OSError:
        return []
    leftovers = []
    for directory in entries:
        state_path = directory / STATE_FILE
        try:
            state = json.loads(state_path.read_text())
        except (OSError, ValueError):
            continue
        pid = state.get("pid") if isinstance(state.get("pid"), int) else None
        if pid is not None and _alive(pid, state.get("start")):
            continue
        mounts = tuple(_mounts_under(str(directory)))
        leftovers.append(Leftover(str(state.get("run_id", directory.name)), str(directory), pid, mounts,
                                  str(state.get("started", "")), str(state.get("study", "")),
                                  _strays(str(directory), mounts)))
    return leftovers


@dataclass
class CleanReport:
    unmounted: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    cleared: list[str] = field(default_factory=list)  # what was written below a mountpoint, removed
    failed: list[str] = field(default_factory=list)  # "what: why"

    @property
    def ok(self) -> bool:
        return not self.failed


def clean_leftovers(leftovers: Iterable[Leftover]) -> CleanReport:
    """Unmount what dead runs left mounted (deepest first), remove what was written into their
    mountpoint directories while nothing was mounted there, and remove their directories."""
    report = CleanReport()
    umount = paths.which("umount") or "umount"
    for leftover in leftovers:
        if leftover.pid is not None and _alive(leftover.pid, None):
            # re-check: it may have been a pid reused by an unrelated process (start differs),
            # which find_leftovers already ruled in; a live fstune run is never cleaned
            state = read_text(os.path.join(leftover.run_dir, STATE_FILE))
            try:
                if _alive(leftover.pid, json.loads(state).get("start")):
                    report.failed.append(f"{leftover.run_dir}: its run (pid {leftover.pid}) is still going")
                    continue
            except ValueError:
                pass
        for mountpoint in _mounts_under(leftover.run_dir):
            log.info("unmounting %s, left by run %s (pid %s)", mountpoint, leftover.run_id, leftover.pid)
            result = subprocess.run([umount, mountpoint], capture_output=True, text=True, check=False, timeout=120)
            if result.returncode == 0:
                report.unmounted.append(mountpoint)
            else:
                why = (result.stderr.strip().splitlines() or [f"exit status {result.returncode}"])[-1]
                report.failed.append(f"{mountpoint}: {why}{describe_holders(mountpoint)}")
        if _mounts_under(leftover.run_dir):
            continue  # keep the state file so the leftover stays findable
        # remove only what a run makes: its mountpoint directories (made immutable while it ran,
        # emptied of anything written into them while nothing was mounted) and the state file
        failed_before = len(report.failed)
        for directory in _mountpoint_dirs(leftover.run_dir):
            try:
                mountguard.unseal(directory)
            except OSError as error:
                report.failed.append(f"{directory}: {error.strerror}")
                continue
            stray = mountguard.clear(directory)
            if stray is not None:
                report.cleared.append(f"{stray.describe()} in {directory}, written while nothing was mounted there")
                report.failed += list(stray.left)
                log.info("removed %s from %s, left by run %s", stray.describe(), directory, leftover.run_id)
            try:
                os.rmdir(directory)
                report.removed.append(directory)
            except OSError as error:
                report.failed.append(f"{directory}: {error.strerror}")
        if len(report.failed) > failed_before:
            continue  # what could not be cleared keeps its state file, so the next start finds it
        with contextlib.suppress(FileNotFoundError):
            os.unlink(os.path.join(leftover.run_dir, STATE_FILE))
        try:
            os.rmdir(leftover.run_dir)
            report.removed.append(leftover.run_dir)
        except OSError as error:
            report.failed.append(f"{leftover.run_dir}: {error.strerror}")
    return report


def _live_owner(state_path: Path) -> dict | None:
    """The state file's record when its run's process is still alive, else None."""
    try:
        state = json.loads(state_path.read_text())
    except (OSError, ValueError):
        return None
    pid = state.get("pid") if isinstance(state, dict) else None
    if isinstance(pid, int) and _alive(pid, state.get("start")):
        return state
    return None


def _in_use(run_dir: str, state: dict) -> FstuneError:
    study = f" of study {state['study']}" if state.get("study") else ""
    started = f", started {state['started']}" if state.get("started") else ""
    return FstuneError(
        f"Run id {state.get('run_id', os.path.basename(run_dir))} is in use: fstune run{study} (pid "
        f"{state['pid']}{started}) is running in {run_dir}. Two runs in one directory would mount "
        "over each other and unmount each other's filesystems.",
        "Choose another --run-id, or wait until that run has ended.")


def refuse_live_run(run_dir: str) -> None:
    """Raise FstuneError when a live fstune process runs in ``run_dir`` (its state file says so)."""
    state = _live_owner(Path(run_dir) / STATE_FILE)
    if state is not None:
        raise _in_use(run_dir, state)


def claim_run_dir(run_dir: str, *, run_id: str, study: str, audit: str | None) -> None:
    """Make the run directory and its state file, which says who runs there (``find_leftovers``).

    Refuses (FstuneError) a directory whose state file names a live process: two runs with one
    run id would share their mountpoints. The state file is created exclusively, under a lock
    on the directory, so of two runs starting at once exactly one wins; a dead run's file is
    replaced.
    """
    directory = Path(run_dir)
    state = {"run_id": run_id, "pid": os.getpid(), "start": process_start(os.getpid()),
             "started": time.strftime("%Y-%m-%d %H:%M:%S"), "study": study, "audit": audit}
    state_path = directory / STATE_FILE
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # the check and the creation as one step
            owner = _live_owner(state_path)
            if owner is not None:
                raise _in_use(run_dir, owner)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(state_path)  # a dead run's
            created = os.open(state_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            with os.fdopen(created, "w") as handle:
                handle.write(json.dumps(state) + "\n")
        finally:
            os.close(fd)  # releases the lock
    except FileExistsError:
        raise FstuneError(f"another fstune run created {state_path} at the same moment.",
                          "Choose another --run-id.") from None
    except OSError as error:
        raise FstuneError(f"cannot create the run directory {directory}: {error.strerror}.",
                          f"fstune needs root to work under {Path(directory).parent}.") from None


def remove_state(run_dir: str) -> None:
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        os.unlink(os.path.join(run_dir, STATE_FILE))
