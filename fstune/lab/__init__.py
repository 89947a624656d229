"""The lab: loop-device "disks" backed by files, for workshops and machines with no spare disk.

Naming convention (the inventory and the test guard rely on it): a lab lives in one directory
that holds a manifest called ``fstune-lab.json`` and backing files called
``fstune-lab-disk<N>.img``. A loop device belongs to a lab exactly when its backing file has
that name and the manifest sits beside it.

Each lab disk gets a GPT with two partitions: ``fstune-data`` (the filesystem under test) and
``fstune-spare`` (an external journal or log). The spare that serves a data partition sits on
the *next* disk (round-robin), because a journal on the same spindle as its filesystem has no
seek benefit.

The manifest is only a record. What is attached is always read back from the kernel
(``/sys/block/loop*/loop/backing_file``), so ``lab_down`` cleans up after a killed ``lab up``,
after a reboot-free crash, and after someone deleted the backing files under the loop devices.

One module per job (docs/ARCHITECTURE.md, the practice labs): ``files`` (the directory, the
names, the partition layout, the manifest), ``kernel`` (what sysfs and /proc say, and the tools
that change it), ``guard`` (the write guard, ``FSTUNE_LAB_ONLY=1``), ``build`` (``lab up``,
``load_lab``), ``served`` (a modelled lab's disk servers: nbdkit and nbdfuse), ``fidelity`` (how
much of a modelled disk's busy time the model accounted for), ``status``, ``down``, ``orphans``
(a journal a run left on a spare). This package
re-exports the names callers use.
"""

from __future__ import annotations

# the lab disks' recognition lives with the inventory, which needs it (docs/ARCHITECTURE.md)
from fstune.devices.labdisk import BACKING_RE, MANIFEST_NAME, is_lab_backing_file
from fstune.lab.build import DISK_MODEL_ENV, Lab, LabDisk, lab_up, load_lab, serving_spare_index
from fstune.lab.down import DETACH_TIMEOUT, LabDown, lab_down
from fstune.lab.files import (BUILTIN_DIR, DATA_PART_NAME, DATA_PARTNO, DEFAULT_DIR, DEFAULT_SIZE, DEFAULT_SPARE_SIZE,
                              GPT_OVERHEAD_BYTES, MANIFEST_VERSION, MAX_DISKS, MIB, MIN_DATA_BYTES, MIN_SPARE_BYTES,
                              SPARE_PART_NAME, SPARE_PARTNO, backing_file_name, default_lab_dir,
                              dir_flag)
from fstune.lab.guard import GUARD_ENV, assert_lab_device, guard_device, guard_enabled
from fstune.lab.orphans import reinit_orphans
from fstune.lab.status import DiskStatus, LabStatus, PartitionStatus, find_labs, lab_in_use, lab_status

__all__ = [
    "BACKING_RE", "BUILTIN_DIR", "DATA_PARTNO", "DATA_PART_NAME", "DEFAULT_DIR", "DEFAULT_SIZE", "DEFAULT_SPARE_SIZE",
    "DETACH_TIMEOUT", "DISK_MODEL_ENV", "DiskStatus", "GPT_OVERHEAD_BYTES", "GUARD_ENV", "Lab", "LabDisk", "LabDown", "LabStatus",
    "MANIFEST_NAME", "MANIFEST_VERSION", "MAX_DISKS", "MIB", "MIN_DATA_BYTES", "MIN_SPARE_BYTES", "PartitionStatus",
    "SPARE_PARTNO", "SPARE_PART_NAME", "assert_lab_device", "backing_file_name", "default_lab_dir", "dir_flag", "find_labs",
    "guard_device", "guard_enabled", "is_lab_backing_file", "lab_down", "lab_in_use", "lab_status", "lab_up",
    "load_lab", "reinit_orphans", "serving_spare_index",
]
