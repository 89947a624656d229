"""Writing files so that a crash, a full disk or a second writer never leaves half of one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from fstune.errors import UsageError


def atomic_write(path: str | os.PathLike, data: str | bytes, *, mode: int = 0o644, durable: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it and a rename.

    Readers see the old file or the new one, never a mix. ``durable`` also fsyncs the file and
    its directory, so the new content survives a power cut once this returns (manifests, run
    state). An OSError leaves the old file untouched and no temporary file behind.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(payload)
            if durable:
                file.flush()
                os.fsync(file.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    if durable:
        directory = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def write_output(path: str | os.PathLike, text: str, hint: str | None = "Choose another --output.") -> None:
    """Write a file the user asked for (a report, a playbook) with ``atomic_write``: a failed
    write never leaves half of one, and says which file it could not write."""
    try:
        atomic_write(path, text, durable=False)
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror}.", hint) from None
