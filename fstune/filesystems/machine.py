"""Can this machine make and mount a filesystem? Kernel support and mkfs tools.

An unavailable filesystem is shown with its reason and stays available for dry runs.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from fstune.filesystems.registry import FILESYSTEMS, get


@dataclass(frozen=True)
class Availability:
    available: bool
    reason: str  # empty when available


def _kernel_filesystems(proc_filesystems: str) -> set[str]:
    names = set()
    for line in proc_filesystems.splitlines():
        parts = line.split()
        if parts:
            names.add(parts[-1])
    return names


def _module_available(module: str, release: str, modules_root: Path) -> bool:
    """True when modules.dep (or a .ko file) for this kernel lists ``module``."""
    base = modules_root / release
    dep = base / "modules.dep"
    if dep.is_file():
        pattern = re.compile(rf"(^|/){re.escape(module)}\.ko(\.\w+)?:")
        try:
            with dep.open() as handle:
                return any(pattern.search(line) for line in handle)
        except OSError:
            return False
    builtin = base / "modules.builtin"
    if builtin.is_file():
        try:
            return any(line.rstrip().endswith(f"/{module}.ko") for line in builtin.read_text().splitlines())
        except OSError:
            return False
    return False


@dataclass
class MachineCapabilities:
    """A snapshot of kernel filesystems, loadable modules and installed mkfs tools."""

    kernel_release: str
    kernel_filesystems: set[str]
    loadable_modules: set[str]
    tools: dict[str, str | None]  # tool name → path or None

    @classmethod
    def probe(cls, proc_filesystems: str | None = None, release: str | None = None,
              modules_root: Path = Path("/lib/modules"), path: str | None = None) -> "MachineCapabilities":
        release = release or platform.release()
        if proc_filesystems is None:
            try:
                proc_filesystems = Path("/proc/filesystems").read_text()
            except OSError:
                proc_filesystems = ""
        modules = {m for fs in FILESYSTEMS.values() for m in fs.modules}
        loadable = {m for m in modules if _module_available(m, release, modules_root)}
        search = path if path is not None else os.environ.get("PATH", "") + ":/usr/sbin:/sbin"
        tools = {}
        for fs in FILESYSTEMS.values():
            for tool in (fs.mkfs, *fs.extra_tools):
                tools[tool] = shutil.which(tool, path=search)
        return cls(release, _kernel_filesystems(proc_filesystems), loadable, tools)

    def kernel_has(self, fs_name: str) -> bool:
        fs = get(fs_name)
        if any(name in self.kernel_filesystems for name in fs.kernel_names):
            return True
        # a module only counts when it really provides this name (ext2 via ext4 is in the list)
        return fs.modules[0] in self.loadable_modules

    def availability(self, fs_name: str) -> Availability:
        fs = get(fs_name)
        problems = []
        if not self.kernel_has(fs_name):
            why = f"this kernel ({self.kernel_release}) has no {fs.name} driver, built in or as a module"
            if fs.removed_in:
                why += f"; {fs.short_title} was removed from Linux {fs.removed_in}"
            problems.append(why)
        if not self.tools.get(fs.mkfs):
            problems.append(f"{fs.mkfs} is not installed (Debian package {fs.package})")
        if not problems:
            return Availability(True, "")
        return Availability(False, "; ".join(problems) + ".")
