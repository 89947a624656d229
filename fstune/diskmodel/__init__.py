"""The disk model: a 2003-era spinning disk's timing, and the nbdkit plugin that serves a lab
disk through it (docs/vmlab.md, "The disk model"; docs/modelled-lab.md).

Two labs serve their disks through it: the VM lab (``fstune.vmlab``, nbdkit behind QEMU) and the
modelled lab on the host's kernel (``fstune.lab.served``, nbdkit behind nbdfuse). So it is a
package of its own below both, and imports neither: each lab imports the model, the model never
imports a lab, and one lab never needs the other to serve a disk (import-linter's layers,
``pyproject.toml``). One module per job:

- ``model``: the arithmetic (``DiskParams``, ``Disk``, the presets, ``parse_spec``), pure and
  deterministic; re-exported here, so ``diskmodel.Disk`` is the model.
- ``nbd_plugin``: the nbdkit Python plugin. nbdkit runs it by its file path, never imported; it
  imports only this package and the standard library, since it runs in nbdkit's own interpreter.
- ``dilation``: time dilation for the VM lab under TCG: the model stretched by a measured factor,
  the figures converted back (docs/vmlab.md, "Time dilation").
- ``serving``: what a lab needs to start that plugin: nbdkit found (``find_nbdkit``), the
  plugin's path (``PLUGIN``).

This package never imports Textual.
"""

from __future__ import annotations

from fstune.diskmodel.model import (DEFAULT_PRESET, DESKSTAR_7K250, MEAN_SQRT_DISTANCE, OFF, PRESETS, Disk,
                                    DiskModelError, DiskParams, Service, from_dict, mean_random_read_ms,
                                    parse_spec, size_class, validate)

__all__ = [
    "DEFAULT_PRESET", "DESKSTAR_7K250", "MEAN_SQRT_DISTANCE", "OFF", "PRESETS", "Disk", "DiskModelError", "DiskParams",
    "Service", "from_dict", "mean_random_read_ms", "parse_spec", "size_class", "validate",
]
