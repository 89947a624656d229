"""The lab's emulated disks: their partitions, their mechanical model (served by nbdkit), the
flat per-I/O cap that stands in for it, and pulling one out (docs/vmlab.md)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from fstune import diskmodel
from fstune.diskmodel import serving
from fstune.diskmodel.dilation import Dilation
from fstune.errors import UsageError
from fstune.util.paths import EXTRA_PATH
from fstune.vmlab.constants import VmLabError
from fstune.vmlab import servers
from fstune.vmlab.control import qmp
from fstune.vmlab.state import VmLab, write_manifest

def partition_image(image: Path, size: int, spare_size: int) -> None:
    # the same layout as the loop lab, written into the file (sfdisk works on regular files)
    sfdisk = shutil.which("sfdisk", path=EXTRA_PATH)
    if sfdisk is None:
        raise VmLabError("sfdisk is not installed.", "Install it with: apt-get install fdisk")
    spare_sectors = spare_size // 512
    layout = ("label: gpt\n"
              f"start=2048, size={(size - spare_size - 2 * 1024**2) // 512}, name=fstune-data\n"
              f"size={spare_sectors}, name=fstune-spare\n")
    subprocess.run([sfdisk, "--quiet", "--no-reread", "--no-tell-kernel", str(image)], input=layout,
                   text=True, check=True, capture_output=True)


def unplug_disk(lab: VmLab, index: int) -> None:
    """Hot-unplug emulated disk ``index`` (1-based), as if it were pulled from the machine."""
    disk = next((d for d in lab.disks if d.index == index), None)
    if disk is None:
        raise UsageError(f"The VM lab has no disk {index}.")
    qmp(lab, "device_del", id=disk.qdev_id)


def set_seek_ms(lab: VmLab, seek_ms: float | None) -> None:
    """Change every disk's flat per-I/O cost while the VM runs (None or 0: no limit).

    QEMU's throttle, not a disk model: every request costs the same, near or far (see
    docs/vmlab.md). Only with the disk model off."""
    if seek_ms and lab.disk_model:
        raise UsageError("The disks have a disk model: switch it off (set_disk_model None) first.")
    iops = max(1, round(1000 / seek_ms)) if seek_ms else 0
    for disk in lab.disks:
        qmp(lab, "block_set_io_throttle", id=disk.qdev_id, bps=0, bps_rd=0, bps_wr=0,
            iops=iops, iops_rd=0, iops_wr=0, iops_max=iops)
    lab.seek_ms = seek_ms or None
    write_manifest(lab)


def find_nbdkit(required: bool) -> str | None:
    """nbdkit's path; None when it is missing and no disk model was asked for."""
    try:
        return serving.find_nbdkit()
    except serving.NbdkitMissing as missing:
        if not required:
            return None
        raise VmLabError(f"The VM lab's disk model needs nbdkit and its Python plugin: {missing}.",
                         f"Install them with: apt-get install --no-install-recommends "
                         f"{' '.join(serving.NBDKIT_PACKAGES)}\n"
                         "Or start the lab without the model: --disk-model none (no seek cost at all), "
                         "or --disk-model none --seek-ms MS (QEMU's flat cap of 1000/MS I/O per second: "
                         "no head, near and far cost the same).") from None


def set_disk_model(lab: VmLab, model: diskmodel.DiskParams | str | None) -> None:
    """Switch the disks' model while the VM runs (None: no model); returns once every disk's
    server has taken it. The model starts afresh: head at 0, caches empty."""
    if isinstance(model, str):
        try:
            model = diskmodel.parse_spec(model)
        except diskmodel.DiskModelError as error:
            raise UsageError(str(error)) from None
    if lab.disk_serving != "nbdkit":
        raise VmLabError("This VM lab's disks are plain files (nbdkit was not installed when it started): "
                         "there is no disk model to switch.")
    if model is not None and lab.seek_ms:
        set_seek_ms(lab, None)
    _apply(lab, model, lab.dilation)
    lab.disk_model = model.to_dict() if model else None
    write_manifest(lab)


def _apply(lab: VmLab, model: diskmodel.DiskParams | None, dilation: dict | None) -> None:
    indexes = [d.index for d in lab.disks]
    factor = (Dilation.from_dict(dilation) or Dilation.given(1)).factor
    generation = servers.write_models(lab.directory, indexes, model, factor)
    live = [i for i in indexes if i in servers.running_servers(lab.directory)]
    if not servers.wait_applied(lab.directory, live, generation):
        raise VmLabError("The disks' servers did not take the new model within 10 s.",
                         f"See {lab.directory}/disk*.nbdkit.log")


def set_dilation(lab: VmLab, dilation: Dilation | None) -> None:
    """Stretch the disk model's time by ``dilation``'s factor (None: native time) while the VM
    runs, and record it, so every run's environment carries it (docs/vmlab.md, "Time dilation").
    The model starts afresh, as with ``set_disk_model``."""
    if dilation is not None and (lab.disk_serving != "nbdkit" or not lab.disk_model):
        raise UsageError("Time dilation slows the disk model, and this VM lab's disks have none: "
                         "switch it on first, or start the lab with it (the default where nbdkit is installed).")
    record = dilation.to_dict() if dilation is not None else None
    if lab.disk_serving == "nbdkit":
        _apply(lab, diskmodel.from_dict(lab.disk_model), record)
    lab.dilation = record
    write_manifest(lab)


def disk_stats(lab: VmLab) -> dict[int, dict | None]:
    """Each disk's server statistics: requests by kind, the plugin's own time per request, how
    late requests completed against the model (µs percentiles), recent flushes."""
    return {d.index: servers.read_stats(lab.directory, d.index) for d in lab.disks}
