"""Waiting for udev to finish describing devices, also while another process holds a disk.

udev puts off every event of a disk someone holds locked (the locking convention in
docs/safety.md) until the lock is released, and ``udevadm settle`` waits for the whole event
queue. So while any other process holds a disk, a plain settle waits out its whole timeout, for
events fstune does not care about. Then fstune waits only for its own devices, with
``udevadm wait`` (systemd 251 and later). ``settle_own`` waits for every event of named devices
that no process holds (a lab being taken down, the test suite's own loop devices).
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


def settle_own(devices: tuple[str, ...] | list[str], *, timeout: int = 30) -> bool:
    """Wait until udev has handled every event so far of ``devices``, and of no other device.

    udev handles one device's events in order, so a change event triggered now and waited for
    (``udevadm trigger --settle``) is handled after every earlier one: unlike ``udevadm settle``
    this does not wait for the events udev puts off for a disk another process holds, and unlike
    ``udevadm wait`` it waits for the pending events of a device udev knows already. Only for
    devices no process holds locked, whose events udev puts off too. False when udev did not
    finish in time, or is not running.
    """
    existing = [device for device in devices if os.path.exists(device)]
    udevadm = which("udevadm")
    if not existing or udevadm is None or not udev_running():
        return False
    argv = [udevadm, "trigger", "--settle", "--action=change", *existing]
    try:
        result = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as error:
        log.warning("%s did not finish: %s", " ".join(argv), error)
        return False
    if result.returncode != 0:
        log.debug("%s: exit %s %s", " ".join(argv), result.returncode, result.stderr.strip())
    return result.returncode == 0
