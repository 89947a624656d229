"""How a practice lab's disk is recognised: its backing file's name and the manifest beside it;
and where a loop device's data really lands (its backing file and the host device under it).

The inventory needs this to mark lab devices, and the lab (``fstune.lab``, which builds and
removes them) sits above the inventory, so the recognition lives here. The guided mode and the
run's record ask ``loop_backing`` whether a journal and its data share one physical disk.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

MANIFEST_NAME = "fstune-lab.json"
BACKING_RE = re.compile(r"^fstune-lab-disk\d+\.img$")


def is_lab_backing_file(path: str | Path | None) -> bool:
    """True when ``path`` is a lab disk's backing file (name and manifest both match)."""
    if not path:
        return False
    # the kernel appends " (deleted)" when the backing file was removed under the device
    file = Path(str(path).removesuffix(" (deleted)"))
    return bool(BACKING_RE.match(file.name)) and (file.parent / MANIFEST_NAME).is_file()


def lab_disk_model(path: str | Path | None) -> dict | None:
    """The disk model a lab disk is served through (its manifest's ``disk_model``: the model's
    parameters), or None for a plain lab disk and anything else (docs/modelled-lab.md)."""
    if not is_lab_backing_file(path):
        return None
    file = Path(str(path).removesuffix(" (deleted)"))
    try:
        manifest = json.loads((file.parent / MANIFEST_NAME).read_text())
    except (OSError, ValueError):
        return None
    model = manifest.get("disk_model") if isinstance(manifest, dict) else None
    return model if isinstance(model, dict) else None


@dataclass(frozen=True)
class BackingInfo:
    """A loop device's backing file and the filesystem (st_dev) it lives on."""

    device: str
    backing_file: str
    host_dev: int | None
    lab: bool

    @property
    def host_device(self) -> str:
        """The block device under the backing file ("sda2"), else its device number ("0:45",
        e.g. an overlay or tmpfs with no block device of its own)."""
        if self.host_dev is None:
            return "?"
        majmin = f"{os.major(self.host_dev)}:{os.minor(self.host_dev)}"
        try:
            return Path(f"/sys/dev/block/{majmin}").resolve(strict=True).name
        except OSError:
            return majmin


def loop_backing(path: str, sys_root: Path = Path("/sys")) -> BackingInfo | None:
    """The backing file of the loop device ``path`` is (or is a partition of), else None."""
    from fstune.devices.loop import loop_backing_file
    from fstune.devices.system import rdev_majmin

    majmin = rdev_majmin(path)
    if majmin is None:
        return None
    try:
        node = (sys_root / "dev" / "block" / majmin).resolve(strict=True)
    except OSError:
        return None
    disk = node.parent if (node / "partition").exists() else node
    raw = loop_backing_file(disk)  # the one sysfs reader of a loop device's file (fstune/devices/loop.py)
    if raw is None:
        return None
    backing = raw.removesuffix(" (deleted)")
    try:
        host: int | None = os.stat(backing).st_dev
    except OSError:
        host = None
    return BackingInfo(path, backing, host, is_lab_backing_file(raw))
