"""A measured configuration as fstab lines, and the careful fstab writer.

``fstab_text`` is the comment saying what the configuration was measured to do
(``fstune.deploy.measured``) and the line itself, from the ``MountSpec`` that
``fstune.deploy.mount.resolve_mount`` made of the devices as they are now: the filesystem by
``UUID=``, the journal by its stable path, and ``x-systemd.requires=`` for a journal on another
device.

``write_fstab`` is the only code in fstune that edits an fstab, and only when asked: it refuses
a second entry for the same mountpoint or device, keeps a backup, writes a temp file next to
the target, fsyncs it and renames it over (docs/ARCHITECTURE.md, "Before anything is written").
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path

from fstune import filesystems
from fstune.deploy.measured import comment
from fstune.deploy.mount import BY_UUID, MountSpec
from fstune.errors import UsageError
from fstune.util.files import atomic_write

DEFAULT_FSTAB = "/etc/fstab"


def fsck_pass(fstype: str, external_journal: bool = False) -> int:
    """fstab's sixth field: what the filesystem says, 0 (never checked at boot) for one fstune does
    not know, and 0 with an external journal/log: systemd orders a boot fsck after the data device
    only, so it could start before the journal's device exists and fail the boot. The mount
    itself waits for the journal (``x-systemd.requires=``) and replays it."""
    fs = filesystems.find(fstype)
    return fs.fsck_pass if fs and not external_journal else 0


def fstab_line(spec: MountSpec) -> str:
    return (f"{spec.source}\t{spec.mountpoint}\t{spec.fstype}\t{spec.fstab_options}\t0\t"
            f"{fsck_pass(spec.fstype, bool(spec.journal_path))}")


def fstab_text(spec: MountSpec, lines: list[str]) -> str:
    return comment(lines) + fstab_line(spec) + "\n"


# --- writing /etc/fstab, carefully ---------------------------------------------------------------


def _unescape(field: str) -> str:
    # fstab escapes white space as octal (\040)
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def conflicts(text: str, spec: MountSpec) -> list[str]:
    """The fstab lines that already mount this mountpoint or name this filesystem or its devices."""
    names = {spec.source, spec.source.replace("UUID=", f"{BY_UUID}/"), spec.target_device,
             os.path.realpath(spec.target_device) if spec.target_device else ""}
    if spec.journal_device:
        names |= {spec.journal_device, os.path.realpath(spec.journal_device)}
    if spec.journal_path:
        names.add(spec.journal_path)
    names.discard("")
    found = []
    for line in text.splitlines():
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        mountpoint = _unescape(fields[1]) if len(fields) > 1 else ""
        option_values = {v for _, v in filesystems.split_options(fields[3])} if len(fields) > 3 else set()
        if mountpoint.rstrip("/") == spec.mountpoint.rstrip("/") or _unescape(fields[0]) in names \
                or names & option_values:
            found.append(line.strip())
    return found


def write_fstab(spec: MountSpec, text: str, path: str | os.PathLike = DEFAULT_FSTAB,
                now: Callable[[], float] = time.time) -> Path:
    """Append ``text`` (comment + line) to the fstab at ``path``; returns the backup's path.

    Refuses when an entry for the mountpoint or the devices exists. The backup is a new file
    (never one that exists), synced; the new fstab is written next to the old one, fsynced and
    renamed over it (``fstune.util.files.atomic_write``), so a crash leaves either the old fstab
    or the new one, never half of one, and the directory is fsynced so the rename is durable.
    """
    path = Path(path)
    try:
        old = path.read_bytes()
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        raise UsageError(f"{path} does not exist; fstune only adds to an existing fstab.") from None
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}.") from None
    clash = conflicts(old.decode("utf-8", "surrogateescape"), spec)
    if clash:
        raise UsageError(f"{path} already has an entry for {spec.mountpoint} or its devices: {clash[0]!r}; "
                         "nothing was changed.", "Remove or edit that entry yourself, or choose another --mountpoint.")
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now()))
    backup = path.with_name(f"{path.name}.fstune-backup-{stamp}")
    new = old + (b"" if not old or old.endswith(b"\n") else b"\n") + text.encode("utf-8")
    try:
        _write_new(backup, old, mode)
        # a synced temporary file renamed over the old one, and the directory synced
        atomic_write(path, new, mode=mode, durable=True)
    except FileExistsError as error:
        # O_EXCL: never overwrite an older backup (another fstune at work in the same second)
        raise UsageError(f"{error.filename} exists already; another fstune may be writing {path}; "
                         "it was not changed.", "Try again in a moment.") from None
    except OSError as error:
        raise UsageError(f"could not write {path}: {error.strerror}; it was not changed.") from None
    return backup


def _write_new(path: Path, data: bytes, mode: int) -> None:
    """Create ``path`` (FileExistsError if it exists) with ``data``, synced to the disk."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(fd, "wb", closefd=False) as file:
            file.write(data)
            file.flush()
            os.fsync(fd)
    finally:
        os.close(fd)


__all__ = ["DEFAULT_FSTAB", "conflicts", "fsck_pass", "fstab_line", "fstab_text", "write_fstab"]
