"""Where the tools fstune drives are found.

fstune runs as root, often through ``sudo`` or ``su`` without ``-``, which leave the sbin
directories out of PATH; mkfs, losetup, sfdisk and udevadm live there. Every lookup and every
child's PATH adds them after the caller's own PATH, so the caller's choice still wins.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from pathlib import Path

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


def state_home(environ: Mapping[str, str] | None = None) -> Path:
    """fstune's own state directory: FSTUNE_STATE_DIR, else $XDG_STATE_HOME/fstune, else
    ~/.local/state/fstune. The results store lives there, and each run's tool reports below it."""
    env = os.environ if environ is None else environ
    if env.get("FSTUNE_STATE_DIR"):
        return Path(env["FSTUNE_STATE_DIR"]).expanduser()
    # the XDG spec says a relative XDG_STATE_HOME is invalid and must be ignored
    xdg = env.get("XDG_STATE_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "state"
    return base / "fstune"


def reports_root(environ: Mapping[str, str] | None = None) -> Path:
    """Where each run keeps its tools' reports and generated inputs: the user's own state
    directory, not a directory every user of the machine shares (README, "Using it on real disks")."""
    return state_home(environ) / "reports"

