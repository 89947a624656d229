"""The machine a run measured on, as it was: host, kernel, CPU, memory, tool versions, devices.

Figures depend on more than the configuration; a report states what they rest on, and the
classroom merge says where two machines differ. ``capture_environment`` is taken once per run,
``describe_device`` once per device the run used (from sysfs; the udev inventory's model and
transport win when the caller has them).
"""

from __future__ import annotations

import os
import platform
import subprocess
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from fstune import __version__, filesystems, workloads
from fstune.devices.loop import describe_loop, loop_backing_file
from fstune.results.records import DeviceRecord
from fstune.util.paths import which
from fstune.util.procfs import read_text

NOT_INSTALLED = "not installed"

# How each tool tells its version: the filesystems' and the workloads' tools say it in their own
# modules (``version_argv``); any other tool is asked with --version. The first non-empty line of
# its output is kept.


def version_argv(tool: str) -> tuple[str, ...]:
    """The command that makes ``tool`` print its version."""
    return filesystems.version_argv(tool) or workloads.version_argv(tool) or (tool, "--version")


def default_tools() -> tuple[str, ...]:
    """The tools whose versions every run records: each filesystem's mkfs, each workload's
    versioned tools, and mount."""
    return tuple(dict.fromkeys((*(fs.mkfs for fs in filesystems.all()), *workloads.versioned_tools(), "mount")))


def tool_version(tool: str, timeout: float = 5.0,
                 run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> str:
    """The first line a tool prints about its version, or an honest "not installed"/"no answer"."""
    executable = which(tool)  # also in the sbin directories a sudo shell may lack
    if executable is None:
        return NOT_INSTALLED
    argv = (executable, *version_argv(tool)[1:])
    try:
        # stdin from /dev/null: a tool that would ask a question gets EOF instead of hanging
        done = run(argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout,
                   env={**os.environ, "LC_ALL": "C"})
    except subprocess.TimeoutExpired:
        return f"installed at {executable}; gave no version within {timeout:g} s"
    except OSError as error:
        return f"installed at {executable}; could not run it ({error.strerror})"
    # several tools (mke2fs, dbench) print their version on stderr, some with a non-zero status
    for line in (done.stdout + b"\n" + done.stderr).decode("utf-8", "replace").splitlines():
        if line.strip():
            return line.strip()
    return f"installed at {executable}; version unknown"


def _cpu_model(cpuinfo: str | None) -> str:
    if cpuinfo:
        # x86 says "model name"; many ARM kernels say "Hardware" or only "CPU part"
        for key in ("model name", "Hardware", "Processor", "cpu model", "cpu"):
            for line in cpuinfo.splitlines():
                name, sep, value = line.partition(":")
                if sep and name.strip() == key and value.strip():
                    return " ".join(value.split())
    return platform.processor() or platform.machine() or "unknown"


def _memory_bytes(meminfo: str | None) -> int | None:
    for line in (meminfo or "").splitlines():
        if line.startswith("MemTotal:"):
            words = line.split()
            if len(words) >= 2 and words[1].isdigit():
                return int(words[1]) * 1024  # /proc/meminfo counts in KiB
    return None


def _distro() -> str:
    try:
        release = platform.freedesktop_os_release()
    except OSError:
        return "unknown"
    return release.get("PRETTY_NAME") or " ".join(filter(None, (release.get("NAME"), release.get("VERSION")))) \
        or "unknown"


def capture_environment(tools: Iterable[str] | None = None, timeout: float = 5.0) -> dict:
    """What the figures depend on besides the configuration: host, kernel, CPU, memory, tools."""
    uname = os.uname()
    return {
        "hostname": uname.nodename,
        "kernel": uname.release,
        "kernel_build": uname.version,
        "machine": uname.machine,
        "distro": _distro(),
        "cpu_model": _cpu_model(read_text("/proc/cpuinfo")),
        "cpu_count": os.cpu_count(),
        "memory_bytes": _memory_bytes(read_text("/proc/meminfo")),
        "python": platform.python_version(),
        "fstune": __version__,
        "captured": time.time(),
        "tools": {tool: tool_version(tool, timeout) for tool in dict.fromkeys(default_tools() if tools is None else tools)},
        **_vm_lab(),
    }


def _vm_lab() -> dict:
    """Inside a VM-lab guest: {"lab": the lab's environment} (disk model, KVM or TCG); else nothing."""
    from fstune.vmlab import current_environment

    lab = current_environment()
    return {"lab": lab} if lab else {}


def device_placement(paths: Iterable[str], sys_root: str = "/sys") -> dict:
    """Where each device's writes really land, for the caveats (fstune/reports/caveats.py):
    {path: {"disk": the whole disk, "backing_file", "backing_device", "backing_dev", "lab"}} — the
    backing keys only for a loop device. Read once, when the run is recorded."""
    from fstune.devices.labdisk import lab_disk_model, loop_backing

    placement = {}
    for path in dict.fromkeys(paths):
        name = os.path.basename(os.path.realpath(path))
        block = Path(sys_root) / "class" / "block" / name
        disk = block.resolve().parent.name if (block / "partition").exists() else name
        entry: dict = {"disk": disk}
        backing = loop_backing(path, Path(sys_root))
        if backing is not None:
            entry.update(backing_file=backing.backing_file, backing_device=backing.host_device,
                         backing_dev=backing.host_dev, lab=backing.lab)
            model = lab_disk_model(backing.backing_file) if backing.lab else None
            if model is not None:  # a modelled lab disk: its own spindle, with a head
                entry["disk_model"] = model.get("name", "?")
        placement[path] = entry
    return placement


def active_scheduler(text: str | None) -> str | None:
    """``"none [mq-deadline] kyber"`` → ``"mq-deadline"``: the kernel brackets the one in use."""
    if not text:
        return None
    for word in text.split():
        if word.startswith("[") and word.endswith("]"):
            return word[1:-1]
    words = text.split()
    return words[0] if len(words) == 1 else None


def describe_device(path: str, role: str, sys_root: str = "/sys", model: str | None = None,
                    transport: str | None = None) -> DeviceRecord:
    """What sysfs says about a block device; a partition takes model, rotational and scheduler
    from its disk (only disks have a queue). ``model``/``transport`` from the udev inventory win."""
    name = os.path.basename(os.path.realpath(path))
    block = Path(sys_root) / "class" / "block" / name
    disk = block
    if (block / "partition").exists():
        disk = block.resolve().parent  # /sys/devices/…/sda/sda1 → …/sda
    size_text = read_text(str(block / "size"))
    size = int(size_text) * 512 if size_text and size_text.strip().isdigit() else None
    rotational_text = (read_text(str(disk / "queue" / "rotational")) or "").strip()
    model = model or " ".join((read_text(str(disk / "device" / "model")) or "").split()) or None
    if transport is None:
        from fstune.devices.inventory import transport_of

        transport = transport_of(disk.name, {})
        if transport is None:
            # no udev properties here: the device's place in the sysfs tree names its bus
            where = str(disk.resolve())
            transport = next((label for word, label in (("/usb", "usb"), ("/ata", "sata"), ("/virtio", "virtio"),
                                                         ("/nvme", "nvme"), ("/mmc", "mmc")) if word in where), None)
    rotational = None if rotational_text not in ("0", "1") else rotational_text == "1"
    backing = loop_backing_file(disk)
    if backing:  # its rotational flag means nothing: say what holds its file instead
        model, rotational = f"loop device backed by {describe_loop(backing, sys_root)}", None
    return DeviceRecord(path=path, role=role, model=model, size=size, transport=transport,
                        rotational=rotational,
                        scheduler=active_scheduler(read_text(str(disk / "queue" / "scheduler"))))


__all__ = ["NOT_INSTALLED", "active_scheduler", "capture_environment", "describe_device",
           "default_tools", "device_placement", "tool_version", "version_argv"]
