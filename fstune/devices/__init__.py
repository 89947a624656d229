"""The device inventory: which block devices exist, and which fstune may write to.

    from fstune.devices import scan
    inventory = scan()
    device = inventory.get("/dev/sdb1")          # or "sdb1", or a /dev/disk/by-* link
    verdict = inventory.verdict_for(device, "xfs", role="target")
    if not verdict.choosable: print(verdict.reason)

``scan()`` reads the live machine (udev + /proc + /etc); ``build_inventory(records, state)``
does the same from recorded property sets and system texts, for tests and the TUI's fixtures.
"""

from __future__ import annotations

from fstune.devices.inventory import Inventory, build_inventory
from fstune.devices.model import CONFIRM, LOCKED, USABLE, Device, Identity, Status, Verdict
from fstune.devices.system import SystemState

__all__ = [
    "CONFIRM", "LOCKED", "USABLE", "Device", "Identity", "Inventory", "Status", "SystemState", "Verdict",
    "build_inventory", "scan",
]


def scan(include_all: bool = False, state: SystemState | None = None) -> Inventory:
    """The inventory of this machine now.

    ``include_all`` also lists empty devices (unattached loops, drives without a medium), RAM
    disks and hidden NVMe paths; they are always locked. ``state`` replaces the live mount/swap/
    fstab snapshot (tests).
    """
    # imported here so that `python -m fstune.devices.udev` does not import itself twice
    from fstune.devices import udev

    records = udev.collect(include_all=include_all)
    inventory = build_inventory(records, state if state is not None else SystemState.read())
    if not udev.udev_running():
        inventory.warnings.insert(0, "systemd-udevd is not running, so filesystem and partition "
                                     "facts may be missing or stale; start it with "
                                     "'/lib/systemd/systemd-udevd --daemon; udevadm trigger; "
                                     "udevadm settle'.")
    return inventory


def scan_lab_only(lab_dir) -> Inventory:
    """This machine as if it had no spare disk: the lab in ``lab_dir`` and every locked device.

    Other devices a user could pick (another lab, a spare disk) are left out, so that tests and
    the documentation's screenshots neither offer nor depend on whatever else is attached here.
    """
    from pathlib import Path

    from fstune.devices import udev

    lab_dir = Path(lab_dir).resolve()
    records = udev.collect()
    ours = {r["name"] for r in records
            if r.get("backing_file") and Path(r["backing_file"].removesuffix(" (deleted)")).parent == lab_dir}
    ours |= {r["name"] for r in records if r.get("parent") in ours}
    state = SystemState.read()
    inventory = build_inventory(records, state)
    keep = {d.name for d in inventory.devices if d.name in ours or not d.verdict.choosable}
    return build_inventory([r for r in records if r["name"] in keep], state)
