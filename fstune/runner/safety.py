"""Is the device still the one the user chose, and does nothing else use it?

- ``record_identities(plan)``: what identifies every device the plan writes (major:minor,
  size, serial, PARTUUID, a loop's backing file), read when the user confirms and refused
  unless it is the device chosen from the scan (``chosen_identity``); ``plan_devices(plan)``
  lists them.
- ``check_device(identity)``: right before a destructive step, the same device, not mounted,
  not swap, no holders, an ``O_EXCL`` open that is closed again, and the lab guard
  (``FSTUNE_LAB_ONLY=1``); an ``UnsafeDeviceError`` otherwise.
- ``devices_written_by(step, identities)``: which recorded devices a step writes.
- ``device_trouble(identities)``: what happened to them when a step failed (gone, detached).
- ``confirmed_device_answerer``: ``--yes`` answers a tool's question only for a confirmed device.
"""

from __future__ import annotations

import errno
import os
import re
from dataclasses import replace
from pathlib import Path

from fstune import devlock
from fstune import lab as labmod
from fstune.devices.model import Identity
from fstune.devices.system import parse_mountinfo, parse_swaps, rdev_majmin
from fstune.errors import GONE_ERRNOS, GONE_HINT, DeviceError, UnsafeDeviceError, UsageError, device_gone
from fstune.plan import DeviceChoice, Plan
from fstune.runner.events import Answer, Prompt
from fstune.steps import Step
from fstune.units import format_size
from fstune.util.procfs import read_text

def _udev_settle(path: str | None = None) -> None:
    """Let udev finish pending events so the properties read next are current.

    Not for a device on a disk this process holds locked: udev puts off its events for that
    disk until the lock is released, so waiting for them would only wait out the timeout. While
    another process holds a disk, only ``path``'s events are waited for (docs/safety.md).
    """
    from fstune.devices.settle import settle

    if path is not None and (devlock.holds(path) or not os.path.exists(path)):
        # a node that is not there is a device that is gone (/dev is devtmpfs: the kernel makes
        # and removes the nodes itself), not one udev has still to make: nothing to wait for
        return
    settle([path] if path else [], timeout=10)


def _scan():
    from fstune.devices import scan  # late: the inventory pulls in pyudev

    return scan()


def read_identity(path: str) -> Identity:
    """What identifies the device at ``path`` now: major:minor, size, serial, PARTUUID, a loop
    device's backing file.

    Read from a fresh udev inventory (the same data the user chose from); a device that is
    not there is a DeviceError.
    """
    _udev_settle(path)
    return _kept_path(path, _scan().get(path).identity())


def _kept_path(path: str, identity: Identity) -> Identity:
    # keep the path the user gave (a by-id link stays a by-id link in messages)
    return replace(identity, path=path)


def chosen_identity(choice: DeviceChoice) -> Identity:
    """The identity of the device at ``choice.path`` now, if it is still the one the user chose
    from the scan (its number, size, PARTUUID and loop backing file as the choice holds them);
    an UnsafeDeviceError naming both otherwise: a disk swapped in under the same name between
    the choice and the confirmation must not become the run's baseline (docs/safety.md)."""
    if choice.assumed:
        raise UsageError(f"{choice.path} is not on this machine (its size was assumed for a dry run); "
                         "a real run needs a real device.")
    _udev_settle(choice.path)
    try:
        device = _scan().verify(choice.path, majmin=choice.majmin, size=choice.size, partuuid=choice.partuuid,
                                backing_file=choice.backing_file)
    except DeviceError as error:
        chose = [format_size(choice.size), *([f"PARTUUID {choice.partuuid}"] if choice.partuuid else [])]
        raise UnsafeDeviceError(f"Nothing was written: {error.message} When you chose it: {', '.join(chose)}.",
                                error.hint or "Choose the device again.") from None
    return _kept_path(choice.path, device.identity())


def plan_devices(plan: Plan) -> list[str]:
    """The devices a real run of ``plan`` records and locks: the target, the journal/log device
    when a step writes it (``Plan.written_choices``), and every device a step writes."""
    chosen = [c.path for c in plan.written_choices() if not c.assumed]
    return list(dict.fromkeys([*chosen, *plan.destructive_devices()]))


def record_identities(plan: Plan) -> dict[str, Identity]:
    """Identities of every device the plan writes to, recorded once, at the confirmation (the
    wizard's Review step, ``fstune run`` before it asks for the names), and checked against
    the devices the user chose (``chosen_identity``); the runner compares every later check
    with these."""
    identities: dict[str, Identity] = {}
    for choice in plan.written_choices():
        identities[choice.path] = chosen_identity(choice)
    for path in plan.destructive_devices():
        if path not in identities:
            identities[path] = read_identity(path)
    return identities


def _majmin_of(path: str) -> tuple[int, int] | None:
    text = rdev_majmin(path)
    return None if text is None else tuple(int(part) for part in text.split(":"))


def _sysfs(major: int, minor: int) -> Path:
    return Path(f"/sys/dev/block/{major}:{minor}")


def _related_majmins(major: int, minor: int) -> list[tuple[int, int]]:
    """The device itself and, for a whole disk, its partitions."""
    found = [(major, minor)]
    base = _sysfs(major, minor)
    try:
        entries = list(base.iterdir())
    except OSError:
        return found
    for entry in entries:
        if (entry / "partition").exists():
            try:
                text = (entry / "dev").read_text().strip()
                major_text, minor_text = text.split(":")
                found.append((int(major_text), int(minor_text)))
            except (OSError, ValueError):
                continue
    return found


def mountpoints_of(major: int, minor: int) -> list[str]:
    """Where the device (or, for a disk, any partition of it) is mounted now."""
    related = set(_related_majmins(major, minor))
    mounts = parse_mountinfo(read_text("/proc/self/mountinfo"))
    return [m.mountpoint for m in mounts if (m.major, m.minor) in related]


def is_mounted(directory: str) -> bool:
    """True when something is mounted exactly on ``directory``."""
    target = os.path.realpath(directory)
    return any(m.mountpoint == target for m in parse_mountinfo(read_text("/proc/self/mountinfo")))


def check_device(identity: Identity, *, context: str = "") -> None:
    """Raise UnsafeDeviceError unless the device is still the one chosen and nothing uses it.

    Order matters only for the message: identity first (a swapped disk is the most important
    thing to say), then mounts, swap, holders, an exclusive open, and the lab guard.
    """
    path = identity.path
    where = f" {context}" if context else ""
    if not os.path.exists(path):
        raise UnsafeDeviceError(f"Stopped before{where}: {device_gone(path)}.", GONE_HINT)
    _udev_settle(path)
    try:
        _scan().verify_identity(identity)
    except DeviceError as error:
        raise UnsafeDeviceError(f"Stopped before{where}: {error.message}",
                                error.hint or "Choose the device again and start a new run.") from None
    majmin = _majmin_of(path)
    if majmin is None:
        raise UnsafeDeviceError(f"Stopped before{where}: {device_gone(path)}.", GONE_HINT)
    if majmin != (identity.major, identity.minor):
        raise UnsafeDeviceError(f"Stopped before{where}: {path} is no longer block device "
                                f"{identity.major}:{identity.minor}.", "Choose the device again.")
    mounts = mountpoints_of(*majmin)
    if mounts:
        raise UnsafeDeviceError(f"Stopped before{where}: {path} is mounted at {', '.join(mounts)}.",
                                "Someone mounted it after you chose it; unmount it or choose another device.")
    related = set(_related_majmins(*majmin))
    for swap in parse_swaps(read_text("/proc/swaps"), rdev_majmin):
        if swap.majmin and tuple(int(x) for x in swap.majmin.split(":")) in related:
            raise UnsafeDeviceError(f"Stopped before{where}: {path} is in use as swap ({swap.path}).",
                                    "Turn it off with swapoff or choose another device.")
    for major, minor in related:
        try:
            holders = sorted(os.listdir(_sysfs(major, minor) / "holders"))
        except OSError:
            holders = []
        if holders:
            raise UnsafeDeviceError(f"Stopped before{where}: {path} is held by {', '.join(holders)} "
                                    "(device-mapper, LVM, RAID or bcache).",
                                    "Remove those first or choose another device.")
    if _loop_detached(identity):
        # losetup -d on a loop device that is open (fstune's lock holds it) only marks it to go
        # away when the last holder closes it: writing to it would write to a device being removed
        gone = device_gone(path, "its loop device was detached; only fstune still holds it open")
        raise UnsafeDeviceError(f"Stopped before{where}: {gone}.", GONE_HINT)
    try:
        # an exclusive open fails with EBUSY while the kernel or any program holds it exclusively
        # (a mount, a RAID member, another mkfs); it is closed again before the tool starts
        fd = os.open(path, os.O_RDONLY | os.O_EXCL | os.O_CLOEXEC)
    except OSError as error:
        if error.errno in GONE_ERRNOS:
            raise UnsafeDeviceError(f"Stopped before{where}: {device_gone(path)}.", GONE_HINT) from None
        if error.errno == errno.EBUSY:
            raise UnsafeDeviceError(f"Stopped before{where}: {path} is busy: something holds it open "
                                    "exclusively (a mount, a RAID/LVM member, or another program).",
                                    "Find it with `lsof` or `fuser -v`, or choose another device.") from None
        raise UnsafeDeviceError(f"Stopped before{where}: {path} cannot be opened ({error.strerror}).",
                                "Check the device.") from None
    os.close(fd)
    if labmod.guard_enabled():
        labmod.assert_lab_device(path)


def devices_written_by(step: Step, identities: dict[str, Identity]) -> list[str]:
    """The recorded devices a destructive step writes: its ``device`` and any its argv names.

    An external journal or log named in the argv (``-J device=…``, ``-l logdev=…``, ``-j …``)
    is written too, so it is checked as well.
    """
    found = [step.device] if step.device else []
    for path in identities:
        if path in found:
            continue
        pattern = re.compile(rf"(^|[=,]){re.escape(path)}($|,)")
        if any(pattern.search(word) for word in step.argv):
            found.append(path)
    return found



def _loop_detached(identity: Identity) -> bool:
    """True when the device's loop disk was told to detach (losetup -d) while in use."""
    base = _sysfs(identity.major, identity.minor)
    disk = base.resolve().parent if (base / "partition").exists() else base.resolve()
    return read_text(str(disk / "loop" / "autoclear")).strip() == "1"


def device_trouble(identities: dict[str, Identity]) -> list[str]:
    """What has happened to the chosen devices, if anything ("/dev/x has disappeared")."""
    problems = []
    for identity in identities.values():
        majmin = _majmin_of(identity.path)
        size = read_text(str(_sysfs(identity.major, identity.minor) / "size")).strip()
        if majmin is None or not _sysfs(identity.major, identity.minor).exists():
            problems.append(f"{identity.path} has disappeared (the disk was removed or detached)")
        elif majmin != (identity.major, identity.minor):
            problems.append(f"{identity.path} is now a different device")
        elif _loop_detached(identity):
            problems.append(f"{identity.path} was detached (its loop device is set to go away "
                            "as soon as it is unmounted)")
        elif size.isdigit() and int(size) * 512 != identity.size:
            problems.append(f"{identity.path} changed size")
    return problems



def identity_json(identity: Identity) -> dict:
    return {"path": identity.path, "major": identity.major, "minor": identity.minor, "size": identity.size,
            "serial": identity.serial, "partuuid": identity.partuuid, "backing_file": identity.backing_file}


def confirmed_device_answerer(identities: dict[str, Identity], answer: str = "y") -> Answer:
    """For ``--yes``: answer ``answer`` only when the asking step's device is one the user
    confirmed and is still that very device (same major:minor); decline everything else."""

    def decide(prompt: Prompt) -> str | None:
        device = prompt.step.device
        identity = identities.get(device) if device else None
        if identity is None:
            return None
        if _majmin_of(device) != (identity.major, identity.minor):
            return None
        return answer

    return decide
