"""Orphan journals: what a cancelled run leaves on a lab disk's spare, and wiping it."""

from __future__ import annotations

import time

from fstune.errors import FstuneError
from fstune.lab.guard import assert_lab_device
from fstune.lab.kernel import require_root, run, settle, udev_running

def reinit_orphans(paths) -> list[str]:
    """Wipe the unused external journals/logs off those of ``paths`` that are lab devices.

    A cancelled run, or a later study that reformatted the data partition, leaves the spare
    holding a journal or log no filesystem uses; the rules lock it like any journal. On a lab
    disk it is fstune's own leftover, so fstune erases it (docs/refused-devices.md). Every other
    device is left alone: a fresh scan must call it an orphan with nothing else locking it, and
    ``assert_lab_device`` must accept it, guard variable or not. One line per device wiped.
    """
    from fstune import devlock, filesystems
    from fstune.devices import rules, scan

    wiped: list[str] = []
    lines: list[str] = []
    for path in dict.fromkeys(p for p in paths if p):
        # Lock first, then look: a run that holds the disk may be between making this journal
        # and the mkfs that uses it, and a scan taken before the lock may be out of date.
        try:
            held = devlock.lock_devices([path], run_id=None, purpose="fstune lab re-initialisation",
                                        timeout=5)
        except FstuneError:
            continue  # in use (or gone): the rules refuse it with the reason, nothing is wiped
        try:
            inventory = scan()  # a lock this process holds is not counted against it
            device = inventory.find(path)
            if device is None or not device.lab or not rules.orphan_journal(device, inventory.facts):
                continue
            assert_lab_device(device.path)
            require_root()
            kind = filesystems.journal_kind(device.fs_type)  # an orphan is always a journal kind
            what = f"{kind.family} {kind.external.noun}"
            run(["wipefs", "--all", "--quiet", device.path])
            wiped.append(device.path)
            lines.append(f"re-initialised {device.path}, a practice lab disk: it held {what} ({device.fs_type}) "
                         "that no filesystem uses, left by an earlier run.")
        finally:
            held.release(refresh=False)
    if wiped and udev_running():
        # wipefs's close fires udev's watch only eventually: ask for the re-probe, then wait
        run(["udevadm", "trigger", "--action=change", *wiped], check=False)
        settle(wiped)
        _wait_described_empty(wiped)
    return lines


def _wait_described_empty(paths: list[str], timeout: float = 15.0) -> None:
    """Until udev's record of each wiped device names no filesystem. A settle that only waits for
    a device to be initialised returns before the re-probe's event (while another process holds a
    disk, fstune.devices.settle waits that way), and on a modelled lab disk the probe's reads take
    a 2003 disk's time: the run that follows would still see the journal."""
    deadline = time.monotonic() + timeout
    pending = list(paths)
    while pending and time.monotonic() < deadline:
        pending = [p for p in pending if any(
            line.startswith("ID_FS_TYPE=") and line.strip() != "ID_FS_TYPE="
            for line in run(["udevadm", "info", "--query=property", f"--name={p}"], check=False).stdout.splitlines())]
        if pending:
            time.sleep(0.1)
