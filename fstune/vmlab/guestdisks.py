"""Inside a VM-lab guest: which disks are the lab's (the write guard's side of the VM lab).

Only inside a guest whose kernel command line names the lab's token, and only for a disk with
the lab's vendor and model whose serial carries that token; on the host there is no token.
"""

from __future__ import annotations

import re
from pathlib import Path

from fstune.vmlab.constants import CMDLINE_KEY, DISK_MODEL, DISK_VENDOR, SERIAL_PREFIX

def guest_token(cmdline: str | None = None) -> str | None:
    if cmdline is None:
        try:
            cmdline = Path("/proc/cmdline").read_text()
        except OSError:
            return None
    for word in cmdline.split():
        key, _, value = word.partition("=")
        if key == CMDLINE_KEY and re.fullmatch(r"[0-9a-f]{8}", value):
            return value
    return None


def _scsi_serial(device_dir: Path) -> str | None:
    try:
        page = (device_dir / "vpd_pg80").read_bytes()
    except OSError:
        return None
    # the unit serial number page: a 4-byte header, then the serial
    return page[4:4 + page[3]].decode(errors="replace").strip() if len(page) >= 4 else None


def is_vm_lab_disk(disk: Path, cmdline: str | None = None) -> bool:
    """True when the sysfs block node ``disk`` is an emulated disk of the VM lab we run in.

    Only inside a VM lab guest (the kernel command line names the lab's token) and only for a
    disk with the lab's vendor and model whose serial carries that token.
    """
    token = guest_token(cmdline)
    if token is None:
        return False
    device = disk / "device"
    vendor = _read(device / "vendor")
    model = _read(device / "model")
    serial = _scsi_serial(device)
    return (vendor == DISK_VENDOR and model == DISK_MODEL and serial is not None
            and re.fullmatch(rf"{SERIAL_PREFIX}{token}\d+", serial) is not None)


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip()
    except OSError:
        return None
