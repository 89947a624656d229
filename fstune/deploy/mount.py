"""The mount of a measured configuration, resolved against the devices as they are now.

Everything here names devices by something that survives a reboot or a re-cabling: the
filesystem by ``UUID=``, its external journal/log by a ``/dev/disk/by-partuuid/`` (else
``by-uuid``) path in the option the filesystem takes it from (``journal_path=``,
``logdev=``, ``jdev=``); the kernel itself follows the symlink when it opens the journal.
``resolve_mount`` reads the devices with ``blkid`` (read-only) and refuses a device that does
not hold the configuration's filesystem, or a journal that is not its journal. The fstab line
(``fstune.deploy.fstab``) and the .mount unit (``fstune.deploy.systemd``) are both written from
the ``MountSpec`` it returns.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from dataclasses import dataclass

from fstune import filesystems
from fstune.deploy.measured import find_config, measured_journal, measured_target
from fstune.errors import DeviceError, UsageError
from fstune.filesystems import EXTERNAL, join_options
from fstune.results.records import ConfigDescription, RunRecord

# what lsblk says about a device that names it for good; the playbook compares these on each host
# with the identity its inventory gives (fstune_target_id, fstune_journal_id)
IDENTITY_FIELDS = ("size", "serial", "wwn", "partuuid")
BY_UUID, BY_PARTUUID, BY_ID = "/dev/disk/by-uuid", "/dev/disk/by-partuuid", "/dev/disk/by-id"
# how long boot waits for the devices of a mount with an external journal before it gives up on
# it (systemd's default is 90 s); with nofail the boot then goes on without the filesystem
DEVICE_TIMEOUT = "30s"


def boot_options(journal_path: str | None) -> list[tuple[str, str | None]]:
    """What fstab adds for a boot that cannot find a device: with an external journal/log,
    ``x-systemd.requires=`` (the journal's device first: a boot must not race udev for it) and a
    device timeout; nothing otherwise."""
    if not journal_path:
        return []
    return [("x-systemd.requires", journal_path), ("x-systemd.device-timeout", DEVICE_TIMEOUT)]


def default_mountpoint(config: str) -> str:
    """Where an export mounts a configuration unless told otherwise."""
    return f"/srv/fstune-{config}"


def normalize_mountpoint(path: str) -> str:
    """An absolute, normalized path, as fstab and systemd want it; refuse anything else."""
    if not path.startswith("/"):
        raise UsageError(f"the mountpoint '{path}' is not an absolute path.", "Give it from the root, e.g. /srv/data.")
    parts = [p for p in path.split("/") if p]
    if any(p in (".", "..") for p in parts):
        raise UsageError(f"the mountpoint '{path}' has '.' or '..' in it; give the plain path.")
    if any(c.isspace() for c in path) or "\\" in path:
        # fstab would need \040 escapes and the unit name \x20: legal but a trap for whoever edits it next
        raise UsageError(f"the mountpoint '{path}' contains white space or a backslash; choose a plainer path.")
    return "/" + "/".join(parts)


@dataclass(frozen=True)
class MountSpec:
    """One mount as fstab and systemd need it."""

    source: str  # UUID=…
    mountpoint: str
    fstype: str
    options: tuple[tuple[str, str | None], ...]  # the exact options, the journal's stable path included
    journal_path: str | None = None  # /dev/disk/by-partuuid/ (else by-uuid/) … of the external journal/log
    target_device: str = ""
    journal_device: str | None = None
    nofail: bool = False  # the user chose to boot without it when a device is missing

    @property
    def option_text(self) -> str:
        return join_options(list(self.options)) or "defaults"

    @property
    def fstab_options(self) -> str:
        """The options plus ``boot_options`` and, when chosen, ``nofail``."""
        extra = boot_options(self.journal_path) + ([("nofail", None)] if self.nofail else [])
        return join_options(list(self.options) + extra) or "defaults"


def mount_options(config: ConfigDescription, journal_path: str | None) -> list[tuple[str, str | None]]:
    """The configuration's measured mount options plus the journal option fstune manages itself
    (the store keeps them without it, see ``fstune.measure.record.config_descriptions``),
    the same way ``fstune.plan`` adds it when it mounts."""
    fs = filesystems.get(config.filesystem)
    options = [(n, v) for n, v in config.mount_options if n not in fs.managed_options]
    if config.journal == EXTERNAL:
        options += fs.journal_mount_options(journal_path)
    return options


def probe(device: str, run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> dict[str, str]:
    """``blkid -p -o export DEVICE`` as a dict; {} for a blank device. Read-only."""
    try:
        done = run(["blkid", "-p", "-o", "export", device], capture_output=True, text=True, timeout=30)
    except FileNotFoundError:
        raise DeviceError("blkid is not installed; it is needed to read the devices' UUIDs.",
                          "Install util-linux.") from None
    if done.returncode == 2:  # blkid: nothing found
        return {}
    if done.returncode != 0:
        raise DeviceError(f"blkid could not read {device}: {(done.stderr or done.stdout).strip() or 'no reason given'}.")
    values = {}
    for line in done.stdout.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            values[key] = value
    return values


def stable_path(device: str, info: dict[str, str], dev_root: str = "/") -> str:
    """The /dev/disk/by-partuuid (else by-uuid) link that points at ``device`` right now: a
    partition's PARTUUID is not changed by mkfs, so the name is known before mkfs (the playbook's
    check mode shows the line the real run writes) and outlives a re-made journal."""
    real = os.path.realpath(device)
    for directory, key in ((BY_PARTUUID, "PART_ENTRY_UUID"), (BY_UUID, "UUID")):
        value = info.get(key)
        if not value:
            continue
        link = f"{directory}/{value}"
        if os.path.realpath(os.path.join(dev_root, link.lstrip("/"))) == real:
            return link
    raise DeviceError(f"{device} has no /dev/disk/by-partuuid or by-uuid link, so it cannot be named in a way "
                      "that survives a reboot.", "Run 'udevadm trigger && udevadm settle' and try again.")


def stable_device_path(device: str, dev_root: str = "/") -> str | None:
    """A name for ``device`` that survives renumbering and reboots: its /dev/disk/by-id link
    (the WWN first, then a serial-based one), else its /dev/disk/by-partuuid link. None when it
    has neither; a loop device never has a by-id name (it has no serial or WWN), but a partition
    of a loop disk with a GPT has a PARTUUID."""
    real = os.path.realpath(device)
    for directory in (BY_ID, BY_PARTUUID):
        folder = os.path.join(dev_root, directory.lstrip("/"))
        try:
            names = sorted(os.listdir(folder), key=lambda n: (not n.startswith("wwn-"), n))
        except OSError:
            continue
        for name in names:
            if os.path.realpath(os.path.join(folder, name)) == real:
                return f"{directory}/{name}"
    return None


def device_identity(device: str, run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> dict:
    """What names ``device`` for good as lsblk says it (size in bytes, serial, WWN, PARTUUID; the
    empty ones left out), the same fields the playbook reads on every host. {} when unreadable."""
    try:
        done = run(["lsblk", "--json", "--bytes", "--nodeps", "--output", ",".join(IDENTITY_FIELDS).upper(),
                    device], capture_output=True, text=True, timeout=30)
        row = json.loads(done.stdout)["blockdevices"][0] if done.returncode == 0 else {}
    except (OSError, ValueError, KeyError, IndexError, subprocess.TimeoutExpired):
        return {}
    return {key: row[key] for key in IDENTITY_FIELDS if row.get(key) not in (None, "")}


def resolve_mount(run: RunRecord, config_name: str, mountpoint: str, device: str | None = None,
                  log_device: str | None = None, nofail: bool = False,
                  probe: Callable[[str], dict[str, str]] = probe,
                  stable: Callable[[str, dict[str, str]], str] = stable_path) -> MountSpec:
    """The mount of ``config_name`` on ``device`` (default: the run's target), checked against
    what the devices hold now: the filesystem must be the one the configuration makes, and its
    external journal/log must be the one named."""
    config = find_config(run, config_name)
    mountpoint = normalize_mountpoint(mountpoint)
    target = device or measured_target(run, config)
    if not target:
        raise UsageError(f"run {run.id} does not say which device it formatted.", "Name it with --device DEV.")
    journal = None
    if config.journal == EXTERNAL:
        journal = log_device or measured_journal(run, config)
        if not journal:
            raise UsageError(f"configuration '{config.name}' keeps its journal on another device and the run does "
                             "not say which.", "Name it with --log-device DEV.")
        if os.path.realpath(journal) == os.path.realpath(target):
            raise DeviceError(f"the journal/log device cannot be the target itself ({target}).")
    info = probe(target)
    fs = filesystems.get(config.filesystem)
    found = info.get("TYPE")
    if found != config.filesystem:
        raise DeviceError(
            f"{target} holds {found or 'no filesystem'}, not the {fs.title} of configuration '{config.name}'.",
            "Make it first (e.g. with the playbook from 'fstune export RUN --config NAME --ansible DIR'), "
            "then export the mount; or name the right device with --device.")
    if not info.get("UUID"):
        raise DeviceError(f"{target} holds {fs.title} without a UUID; fstab cannot name it stably.")
    journal_link = None
    if journal:
        jinfo = probe(journal)
        expected = fs.external.blkid_type if fs.external else None
        if expected and jinfo.get("TYPE") != expected:
            raise DeviceError(f"{journal} is not an external {fs.journal_noun} "
                              f"(blkid says {jinfo.get('TYPE') or 'nothing'}).", "Name the right one with --log-device.")
        mismatch = fs.journal_mismatch(target, journal, info, jinfo)
        if mismatch:
            raise DeviceError(mismatch, "Name the right one with --log-device.")
        journal_link = stable(journal, jinfo)
    return MountSpec(source=f"UUID={info['UUID']}", mountpoint=mountpoint, fstype=config.filesystem,
                     options=tuple(mount_options(config, journal_link)), journal_path=journal_link,
                     target_device=target, journal_device=journal, nofail=nofail)


__all__ = ["BY_ID", "BY_PARTUUID", "BY_UUID", "DEVICE_TIMEOUT", "IDENTITY_FIELDS", "MountSpec", "boot_options", "device_identity", "default_mountpoint", "mount_options", "normalize_mountpoint",
           "probe", "resolve_mount", "stable_device_path", "stable_path"]
