"""The lab: loop-device "disks" backed by files, for workshops and machines with no spare disk.

Naming convention (the inventory and the test guard rely on it): a lab lives in one directory
that holds a manifest called ``fstune-lab.json`` and backing files called
``fstune-lab-disk<N>.img``. A loop device belongs to a lab exactly when its backing file has
that name and the manifest sits beside it.
"""

from __future__ import annotations

import re
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
