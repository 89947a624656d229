"""Where a lab lives and what it is made of: its directory, file names, partition layout, manifest.

The manifest is only a record (``fstune.lab.kernel`` reads what is really attached); it is
written before anything else exists and replaced atomically, so whatever a crash leaves behind
``lab_down`` can find.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path

from fstune.devices.labdisk import BACKING_RE, MANIFEST_NAME
from fstune.errors import UsageError
from fstune.lab.kernel import read_text

# /var/tmp survives a reboot (unlike /tmp on tmpfs) and is not RAM: the disks' blocks are real.
# FSTUNE_LAB_DIR moves it (a class on a shared machine, or a test that must not meet a user's lab).
BUILTIN_DIR = Path("/var/tmp/fstune-lab")
DEFAULT_DIR = Path(os.environ.get("FSTUNE_LAB_DIR") or BUILTIN_DIR)
DEFAULT_SIZE = "1G"
DEFAULT_SPARE_SIZE = "256M"
DATA_PART_NAME = "fstune-data"
SPARE_PART_NAME = "fstune-spare"
DATA_PARTNO = 1
SPARE_PARTNO = 2
MAX_DISKS = 16

MIB = 1024**2
# XFS refuses data sections under 300 MB; everything else fstune formats is smaller
MIN_DATA_BYTES = 300 * MIB
# newer xfsprogs want an external log of at least 64 MiB; 256 MiB also fits Btrfs' minimum
MIN_SPARE_BYTES = 64 * MIB
# 1 MiB before the first partition (alignment) and 1 MiB slack for the backup GPT at the end
GPT_OVERHEAD_BYTES = 2 * MIB
MANIFEST_VERSION = 1


def backing_file_name(index: int) -> str:
    return f"fstune-lab-disk{index}.img"


def default_lab_dir() -> Path:
    return DEFAULT_DIR


def dir_flag(directory: str | Path) -> str:
    """`` --dir DIR`` for the lab commands printed for the user, or "" for the built-in place.

    A default moved by FSTUNE_LAB_DIR is named too: sudo drops the variable, so the printed
    ``sudo fstune lab down`` would look in the built-in place (docs/teaching.md)."""
    where = Path(directory).resolve()
    return "" if where == BUILTIN_DIR.resolve() else f" --dir {shlex.quote(str(where))}"


def resolve_dir(directory: str | Path | None) -> Path:
    # sysfs shows backing files by their resolved path, so compare resolved paths everywhere
    return Path(directory if directory is not None else DEFAULT_DIR).expanduser().resolve()


def backing_files(lab_dir: Path) -> list[Path]:
    try:
        return sorted((p for p in lab_dir.iterdir() if BACKING_RE.match(p.name)), key=disk_index_of)
    except OSError:
        return []


def disk_index_of(path: str | Path) -> int:
    match = re.search(r"disk(\d+)\.img$", str(path))
    return int(match.group(1)) if match else 0


def read_manifest(lab_dir: Path) -> dict | None:
    text = read_text(lab_dir / MANIFEST_NAME)
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return {"state": "unreadable", "disks": []}  # still a lab: down must be able to clean it
    return data if isinstance(data, dict) else {"state": "unreadable", "disks": []}


def write_manifest(lab_dir: Path, manifest: dict, exclusive: bool = False) -> None:
    path = lab_dir / MANIFEST_NAME
    payload = (json.dumps(manifest, indent=2) + "\n").encode()
    if exclusive:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            raise UsageError(
                f"Another fstune lab is being made in {lab_dir}.", "Pick another directory with --dir."
            ) from None
    else:
        # write beside and rename: a crash never leaves a half-written manifest
        tmp = lab_dir / f".{MANIFEST_NAME}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, payload)
        os.fsync(fd)
    finally:
        os.close(fd)
    if not exclusive:
        os.replace(tmp, path)
