"""Waiting for udev to finish describing devices, also while another process holds a disk.

udev puts off every event of a disk someone holds locked (the locking convention in
docs/safety.md) until the lock is released, and ``udevadm settle`` waits for the whole event
queue. So while any other process holds a disk, a plain settle waits out its whole timeout, for
events fstune does not care about. Then fstune waits only for its own devices, with
``udevadm wait`` (systemd 251 and later).
"""

from __future__ import annotations

import logging
import os
import subprocess
from pathlib import Path

from fstune.util.paths import which

log = logging.getLogger(__name__)


def udev_running() -> bool:
    return Path("/run/udev/control").exists()


def _others_hold_disks() -> bool:
    from fstune import devlock

    try:
        return bool(devlock.locked_devices(exclude_pid=os.getpid()))
    except Exception:  # /proc/locks unreadable: assume the plain settle works, as before
        return False


def settle(devices: tuple[str, ...] | list[str] = (), *, timeout: int = 30) -> None:
    """Let udev finish the events about ``devices`` (all events, when no other process holds a disk).

    Never raises and never waits much longer than ``timeout``: the inventory read next is
    only as fresh as udev made it, and every caller re-checks what it needs.
    """
    udevadm = which("udevadm")
    if udevadm is None or not udev_running():
        return
    if _others_hold_disks():
        if not devices:
            log.debug("udev settle skipped: other processes hold disks, and no device was named")
            return
        argv = [udevadm, "wait", f"--timeout={timeout}", *devices]
    else:
        argv = [udevadm, "settle", f"--timeout={timeout}"]
    try:
        result = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=timeout + 15)
    except (OSError, subprocess.TimeoutExpired) as error:
        log.warning("%s did not finish: %s", " ".join(argv), error)
        return
    if result.returncode != 0:
        log.debug("%s: exit %s %s", " ".join(argv), result.returncode, result.stderr.strip())
