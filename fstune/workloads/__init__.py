"""Workloads: what fstune measures inside the mounted filesystem, one module each.

A workload turns its parameters and a ``WorkloadContext`` (where the filesystem is mounted,
which devices back it, a scratch directory outside it) into Steps:

- ``prepare_steps``  once per plan, before any filesystem is made (generated input files);
- ``setup_steps``    once per configuration, after the mount (not measured);
- ``repeat_steps``   once per repeat; the steps with a ``phase`` are the measured ones.

Every command is a real tool (fio, dbench, tar, ls, find, rm) or fstune's own small helper
(``fstune workload-helper``) where no standard tool does the job, e.g. counting sectors
written to the data and journal devices around a phase.
"""

from __future__ import annotations

from fstune.workloads.base import Param, Workload, WorkloadContext, cold_cache_steps
from fstune.workloads.coldread import COLDREAD
from fstune.workloads.command import COMMAND
from fstune.workloads.metadata import METADATA
from fstune.workloads.smallfiles import SMALLFILES
from fstune.workloads.throughput import THROUGHPUT
from fstune.workloads.writes import WRITES

WORKLOADS: dict[str, Workload] = {
    workload.name: workload
    for workload in (THROUGHPUT, METADATA, SMALLFILES, WRITES, COLDREAD, COMMAND)
}

__all__ = ["WORKLOADS", "Param", "Workload", "WorkloadContext", "cold_cache_steps"]
