"""pyudev adapter: every block device as a plain, JSON-serialisable record.

The inventory never talks to pyudev itself; it reads these records. That keeps the in-use rules
testable on property sets recorded from real machines (laptops, RAID servers, this VM):

    python -m fstune.devices.udev > machine.json            # records only
    python -m fstune.devices.udev --system > machine.json   # plus mountinfo, swaps, fstab, crypttab

A record looks like::

    {"name": "sda1", "devtype": "partition", "major": 8, "minor": 1,
     "properties": {...udev properties...},
     "attributes": {"size": 2048, "ro": 0, "queue/rotational": 1,
                    "queue/logical_block_size": 512, "queue/physical_block_size": 4096},
     "holders": ["dm-0"], "parent": "sda", "backing_file": null,
     "initialized": true, "probed": {}}

``size`` is in 512-byte sectors, as sysfs gives it. ``probed`` holds the few facts udev does not
export but the safety rules need: an ext filesystem's external journal UUID and an XFS external
log's filesystem UUID (read from their superblocks, read-only, where each filesystem module says).
"""

from __future__ import annotations

import datetime
import errno
import json
import os
import platform
import sys

from fstune import filesystems
from fstune.devices.rules import hidden_reason
from fstune.errors import DeviceError

RECORD_FORMAT = "fstune-udev-records/1"

# sysfs attributes a record keeps, relative to the device's sysfs directory
ATTRIBUTES = ("size", "ro", "queue/rotational", "queue/logical_block_size",
              "queue/physical_block_size", "removable", "hidden")

def _read_text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read().strip()
    except OSError:
        return None


def _read_int(path: str) -> int | None:
    text = _read_text(path)
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def _listdir(path: str) -> list[str]:
    try:
        return sorted(os.listdir(path))
    except OSError:
        return []


# --- superblock facts udev does not export --------------------------------------------------

# the device went away between listing and reading: nothing there can own a journal
_GONE = (errno.ENOENT, errno.ENXIO, errno.ENODEV)


def _read_block(devnode: str, offset: int, length: int) -> bytes | None:
    """The bytes, b"" for a device that has gone, None when it cannot be read (not root)."""
    # read-only and without O_EXCL: this must never disturb a device another program holds
    try:
        fd = os.open(devnode, os.O_RDONLY | os.O_CLOEXEC)
    except OSError as error:
        return b"" if error.errno in _GONE else None
    try:
        return os.pread(fd, length, offset)
    except OSError as error:
        return b"" if error.errno in _GONE else None
    finally:
        os.close(fd)


def probe_journals(records: list[dict]) -> None:
    """Fill ``probed`` for external journals/logs and the filesystems that may own them.

    Only done when the machine has an external journal or log at all, so a normal scan reads no
    device; udev may also already export the owner (``ID_FS_LOGUUID`` in newer systemd). Where to
    read, and how, is each filesystem's ``UuidLink`` (fstune.filesystems).
    """
    types = {r["properties"].get("ID_FS_TYPE") for r in records}
    for blkid_type, kind in filesystems.journal_kinds().items():
        link = kind.external.uuid_link
        reader = link.reader if link else None
        if reader is None or blkid_type not in types:
            continue
        for record in records:
            props = record["properties"]
            if props.get("ID_FS_TYPE") not in reader.types or (link.udev_property and props.get(link.udev_property)):
                continue
            data = _read_block(props.get("DEVNAME", f"/dev/{record['name']}"), reader.offset, reader.length)
            if data is None:
                record["probed"]["unreadable"] = True  # not root: the owner stays unknown
            value = reader.read(data or b"")
            if value:
                record["probed"][reader.probed_key] = value


# --- records --------------------------------------------------------------------------------


def record(device) -> dict:
    """One pyudev ``Device`` (subsystem block) as a plain record dict."""
    sys_path = device.sys_path
    attributes = {key: _read_int(os.path.join(sys_path, key)) for key in ATTRIBUTES}
    attributes = {key: value for key, value in attributes.items() if value is not None}
    parent = None
    if device.device_type == "partition":
        disk = device.find_parent("block", "disk")
        parent = disk.sys_name if disk is not None else None
    number = device.device_number
    try:
        initialized = bool(device.is_initialized)
    except Exception:  # pyudev versions differ; an unknown answer counts as probed
        initialized = True
    return {
        "name": device.sys_name,
        "devtype": device.device_type or "disk",
        "major": os.major(number),
        "minor": os.minor(number),
        "properties": {str(k): str(v) for k, v in device.properties.items()},
        "attributes": attributes,
        "holders": _listdir(os.path.join(sys_path, "holders")),
        "parent": parent,
        "backing_file": _read_text(os.path.join(sys_path, "loop", "backing_file")),
        "initialized": initialized,
        "probed": {},
    }


def collect(include_all: bool = False, context=None) -> list[dict]:
    """Records for every block device on this machine.

    Without ``include_all``, RAM disks, hidden NVMe path devices and empty (size 0) devices are
    left out: they are never a choice, and an idle machine has dozens of unattached loops.
    """
    try:
        import pyudev
    except ImportError as error:  # pragma: no cover - pyudev is a hard dependency
        raise DeviceError("pyudev is not installed, so fstune cannot list disks.",
                          "Install it with 'pip install pyudev'.") from error
    try:
        context = context or pyudev.Context()
        devices = list(context.list_devices(subsystem="block"))
    except Exception as error:
        raise DeviceError(f"cannot read the block devices from udev/sysfs: {error}.",
                          "Is /sys mounted? fstune needs a Linux host with udev.") from error
    records = []
    for device in devices:
        try:
            item = record(device)
        except (OSError, ValueError, pyudev.DeviceNotFoundError):
            continue  # the device vanished while we looked at it: not there any more
        if include_all or hidden_reason(item["name"], item["attributes"]) is None:
            records.append(item)
    probe_journals(records)
    return records


def udev_running() -> bool:
    """True when systemd-udevd is up (without it the udev database goes stale)."""
    return os.path.exists("/run/udev/control")


def dump(include_all: bool = True, system: bool = False) -> dict:
    """The recording written by ``python -m fstune.devices.udev``."""
    data = {
        "format": RECORD_FORMAT,
        "recorded": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "kernel": platform.release(),
        "records": collect(include_all=include_all),
    }
    if system:
        texts = {}
        for key, path in (("mountinfo", "/proc/self/mountinfo"), ("swaps", "/proc/swaps"),
                          ("fstab", "/etc/fstab"), ("crypttab", "/etc/crypttab")):
            texts[key] = _read_text(path) or ""
        data["system"] = texts
    return data


def load(path_or_data) -> list[dict]:
    """Records from a recording file (path), a parsed recording (dict) or a bare list."""
    data = path_or_data
    if isinstance(path_or_data, (str, os.PathLike)):
        with open(path_or_data, encoding="utf-8") as handle:
            data = json.load(handle)
    records = data["records"] if isinstance(data, dict) else data
    for item in records:  # recordings made by hand may leave the optional keys out
        item.setdefault("attributes", {})
        item.setdefault("holders", [])
        item.setdefault("parent", None)
        item.setdefault("backing_file", None)
        item.setdefault("initialized", True)
        item.setdefault("probed", {})
        item.setdefault("properties", {})
    return records


def main(argv: list[str] | None = None) -> int:
    """Hidden recorder: ``python -m fstune.devices.udev [--system] [--visible-only]``."""
    args = sys.argv[1:] if argv is None else argv
    unknown = [a for a in args if a not in ("--system", "--visible-only")]
    if unknown:
        print("usage: python -m fstune.devices.udev [--system] [--visible-only]", file=sys.stderr)
        return 2
    try:
        data = dump(include_all="--visible-only" not in args, system="--system" in args)
    except DeviceError as error:
        print(f"fstune: {error}", file=sys.stderr)
        return error.exit_code
    json.dump(data, sys.stdout, indent=1, sort_keys=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
