"""A device the user named, checked for the role it would play: what `fstune plan`, `fstune run`
and the wizard share, so all three accept, refuse and describe a device identically.

``resolve_device`` finds the device in the udev inventory and asks the inventory's verdict for
every configuration of the study that would write it (the rules are in
``fstune/devices/rules.py``); a device that is not on this machine is only accepted with an
assumed size, for a plan made for another machine.
"""

from __future__ import annotations

from fstune import filesystems
from fstune.devices import overwrite as overwrites
from fstune.devices.model import CONFIRM
from fstune.errors import DeviceError
from fstune.plan.build import DeviceChoice
from fstune.studies import Study
from fstune.units import parse_size


def resolve_device(path: str, study: Study, role: str, assume_size: str | None, inventory,
                   partner: str | None = None, overwrite: tuple[str, ...] = ()) -> DeviceChoice:
    """The device at ``path`` from the inventory, checked for ``role``; or an assumed one.

    ``overwrite``: the UUIDs the user confirmed (--overwrite); a device holding a filesystem none
    of them names gets its ``unconfirmed`` reason, which `fstune run --yes` refuses.
    """
    device = inventory.find(path) if inventory is not None else None
    if device is None:
        if assume_size is None:
            raise DeviceError(
                f"{path} is not a disk or partition on this machine.",
                "Check 'fstune disks', or plan for another machine with --assume-size SIZE"
                + (" (--assume-log-size for the log device)." if role == "journal" else "."),
            )
        return DeviceChoice(path=path, size=parse_size(assume_size), assumed=True,
                            description="not on this machine")
    configs = [c for c in study.configurations if role == "target" or c.external_journal]
    confirm_reason = ""
    unconfirmed = ""
    for config in configs or study.configurations[:1]:
        fs_name = config.filesystem
        check_role = role if (role == "target" or filesystems.get(fs_name).external) else "target"
        partner_device = inventory.find(partner) if partner else None
        verdict = inventory.verdict_for(device, fs_name, check_role, partner=partner_device)
        if not verdict.choosable:
            from fstune.devices.rules import remedy

            what = "target" if role == "target" else "journal/log device"
            raise DeviceError(f"{device.path} cannot be the {what}: {verdict.reason}",
                              remedy(device, inventory.facts, verdict)
                              or "'fstune disks' shows every device and why it is locked.")
        if verdict.status == CONFIRM:
            confirm_reason = verdict.reason.split(": type its name")[0]
            unconfirmed = unconfirmed or overwrites.unconfirmed(device, verdict, overwrite) or ""
    description = ""
    if confirm_reason:
        description = f"{confirm_reason}; it will be erased"
    elif device.fs_type:
        label = f" '{device.fs_label}'" if device.fs_label else ""
        description = f"holds {device.fs_type}{label}, which will be erased"
    return DeviceChoice(path=device.path, size=device.size, disk=device.disk, description=description,
                        majmin=device.majmin, partuuid=device.partuuid, backing_file=device.backing_file,
                        lab=device.lab, unconfirmed=unconfirmed)


__all__ = ["resolve_device"]
