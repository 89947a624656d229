"""Where the tools fstune drives are found.

fstune runs as root, often through ``sudo`` or ``su`` without ``-``, which leave the sbin
directories out of PATH; mkfs, losetup, sfdisk and udevadm live there. Every lookup and every
child's PATH adds them after the caller's own PATH, so the caller's choice still wins.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping

SBIN_DIRS = ("/usr/local/sbin", "/usr/sbin", "/sbin")
SYSTEM_DIRS = SBIN_DIRS + ("/usr/local/bin", "/usr/bin", "/bin")
EXTRA_PATH = ":".join(SYSTEM_DIRS)


def search_path(environ: Mapping[str, str] | None = None) -> str:
    """The caller's PATH followed by the system directories (sbin first)."""
    env = os.environ if environ is None else environ
    return f"{env.get('PATH', '')}:{EXTRA_PATH}".strip(":")


def which(tool: str, environ: Mapping[str, str] | None = None) -> str | None:
    """The full path of ``tool`` on :func:`search_path`, or None."""
    return shutil.which(tool, path=search_path(environ))
