"""The tools a plan runs: are they installed, and which Debian package brings each one."""

from __future__ import annotations

import os

from fstune import filesystems
from fstune.plan import Plan
from fstune.util import paths

# The Debian package of each tool a plan may run: a filesystem's tools come with the filesystem
# (``fstune.filesystems.package_of``), a workload's with the workload (its ``packages``); these
# are the base system's, which the plans' preparing, cache and cleanup steps run.
SYSTEM_PACKAGES = {
    "mount": "mount", "umount": "mount", "sysctl": "procps", "tar": "tar", "find": "findutils",
    "mkdir": "coreutils", "rmdir": "coreutils", "rm": "coreutils", "sync": "coreutils", "ls": "coreutils",
    "dd": "coreutils", "cat": "coreutils",
}


def package_of(tool: str) -> str | None:
    """The Debian package that brings ``tool`` (a name or a path), or None when fstune does not know."""
    name = os.path.basename(tool)
    return filesystems.package_of(name) or _workload_package(name) or SYSTEM_PACKAGES.get(name)


def _workload_package(tool: str) -> str | None:
    from fstune import workloads

    for workload in workloads.all():
        package = dict(workload.packages).get(tool)
        if package:
            return package
    return None


def package_hint(tool: str) -> str:
    """How to get ``tool``, for a "not installed" message."""
    package = package_of(tool)
    if package:
        return f"install the Debian package {package} (apt install {package})"
    if os.path.basename(tool) == "fstune":
        return "install fstune itself so that the `fstune` command is on PATH (pip install .)"
    return "install it or put it on PATH"


def missing_tools(plan: Plan, environ: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(tool, how to get it) for every argv[0] of the plan that is not on PATH (nor in the sbin
    directories ``fstune.util.paths`` adds)."""
    missing = []
    for tool in dict.fromkeys(step.argv[0] for step in plan.steps):
        if paths.which(tool, environ) is None:
            missing.append((tool, package_hint(tool)))
    return missing
