"""How a practice lab's disk is recognised: its backing file's name and the manifest beside it.

The inventory needs this to mark lab devices, and the lab (``fstune.lab``, which builds and
removes them) sits above the inventory, so the recognition lives here.
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
