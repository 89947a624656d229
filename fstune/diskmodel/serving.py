"""What either lab needs to serve a disk through the model: nbdkit with its Python plugin, and
the plugin's file (docs/vmlab.md, docs/modelled-lab.md).

The VM lab starts one nbdkit per disk behind QEMU (``fstune.vmlab.servers``), the modelled lab one per
disk behind nbdfuse (``fstune.lab.served``); both run ``PLUGIN``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from fstune.util.paths import EXTRA_PATH

NBDKIT_PACKAGES = ("nbdkit", "nbdkit-plugin-python")
# nbdkit loads the plugin by its path (nbdkit ... python FILE), so the file must sit on disk beside
# this module; the package's modules are installed with it
PLUGIN = Path(__file__).resolve().parent / "nbd_plugin.py"


class NbdkitMissing(Exception):
    """nbdkit or its Python plugin is not installed."""


def find_nbdkit() -> str:
    path = shutil.which("nbdkit", path=f"{os.environ.get('PATH', '')}:{EXTRA_PATH}")
    if path is None:
        raise NbdkitMissing("nbdkit is not installed")
    probe = subprocess.run([path, "--dump-plugin", "python"], capture_output=True, text=True)
    if probe.returncode != 0:
        raise NbdkitMissing("nbdkit's Python plugin is not installed")
    return path
