"""Workloads: what fstune measures inside the mounted filesystem, one module each.

A workload turns its parameters and a ``WorkloadContext`` (where the filesystem is mounted,
which devices back it, a scratch directory outside it) into Steps:

- ``prepare_steps``  once per plan, before any filesystem is made (generated input files);
- ``setup_steps``    once per configuration, after the mount (not measured);
- ``repeat_steps``   once per repeat; the steps with a ``phase`` are the measured ones.

Every command is a real tool (fio, dbench, tar, ls, find, rm) or fstune's own small helper
(``fstune workload-helper``) where no standard tool does the job, e.g. counting sectors
written to the data and journal devices around a phase.

Each module declares its workload once (parameters, metrics, time estimate, progress parser)
and registers it with ``@register``; the command line, the wizard, the guide and the runner ask
the registry and never name a workload. Every module of this package is imported here, so a
new workload is one new module (plus its test): docs/ARCHITECTURE.md.
"""

from __future__ import annotations

from fstune.workloads.base import CACHE_SECONDS, Param, Workload, WorkloadContext, cold_cache_steps
from fstune.workloads.metrics import DIFFERENCE, EXACT, RATIO, SCALES, Metric
from fstune.util.registry import load_modules
from fstune.workloads.registry import (WORKLOADS, all, find, get, metric, progress_parser_for, register, version_argv,
                                       versioned_tools)

load_modules(__name__, __path__)

__all__ = [
    "CACHE_SECONDS", "DIFFERENCE", "EXACT", "Metric", "Param", "RATIO", "SCALES", "WORKLOADS", "Workload",
    "WorkloadContext", "all", "cold_cache_steps", "find", "get", "load_modules", "metric", "progress_parser_for",
    "register", "version_argv", "versioned_tools",
]
