"""Measuring the VM lab's time-dilation factor: how much slower the guest's CPU is than the host's
on the workload in question (docs/vmlab.md, "Time dilation"; the arithmetic is
fstune/diskmodel/dilation.py).

The same dbench, on a fresh tmpfs so no disk takes part, runs on the host and in the guest,
interleaved in ABBA order (host, guest, guest, host, …) so a drift in the host's load falls on
both sides alike; each host/guest pair gives one ratio. The factor is their median, its spread
their range. Each side mounts its own tmpfs on a directory it made and unmounts it afterwards.

Then the guest's own clocks that shape I/O are stretched by the factor (``stretch_guest_clocks``):
its writeback timers and XFS's periodic log work, read and set through /proc/sys once; the guest
runs nothing else, and its settings vanish with it.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import time
from collections.abc import Callable

from fstune.diskmodel.dilation import GUEST_SYSCTLS, Dilation, ScaledClock, guest_sysctls
from fstune.vmlab.channel import vm_run_capture
from fstune.vmlab.constants import VmLabError
from fstune.vmlab.state import VmLab
from fstune.workloads.metadata import LOADFILE, THROUGHPUT_LINE

DEFAULT_CLIENTS = 8      # the metadata workload's default
DEFAULT_SECONDS = 10
DEFAULT_PAIRS = 3
TMPFS_SIZE = "768m"      # dbench's 8 clients write a few hundred MB at most on a fast CPU


def dbench_script(clients: int, seconds: int, loadfile: str = LOADFILE) -> str:
    """The shell script both sides run: a tmpfs of its own, dbench on it, the tmpfs gone after."""
    return ("set -e; d=$(mktemp -d /tmp/fstune-dilation.XXXXXX); "
            f"mount -t tmpfs -o size={TMPFS_SIZE} fstune-dilation \"$d\"; "
            "trap 'umount \"$d\"; rmdir \"$d\"' EXIT; "
            f"dbench -D \"$d\" -t {int(seconds)} -c {shlex.quote(loadfile)} {int(clients)}")


def throughput(output: str) -> float:
    """dbench's final "Throughput N MB/sec" figure."""
    found = [m for m in map(THROUGHPUT_LINE.match, re.split(r"[\r\n]+", output)) if m]
    try:
        value = float(found[-1].group(1)) if found else 0.0
    except ValueError:
        value = 0.0
    if not value > 0:
        raise VmLabError("dbench on tmpfs gave no throughput while measuring the time dilation:\n"
                         + output[-1500:])
    return value


def _host(script: str, timeout: float) -> float:
    result = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=timeout,
                            env={**os.environ, "LC_ALL": "C"})
    if result.returncode != 0:
        raise VmLabError(f"dbench on the host's tmpfs failed (exit {result.returncode}):\n"
                         f"{(result.stdout + result.stderr)[-1500:]}")
    return throughput(result.stdout)


def _guest(lab: VmLab, script: str, timeout: float) -> float:
    status, out, err = vm_run_capture(lab, ["sh", "-c", script], timeout=timeout, env={"LC_ALL": "C"})
    if status != 0:
        raise VmLabError(f"dbench on the guest's tmpfs failed (exit {status}):\n{(out + err)[-1500:]}")
    return throughput(out)


def order(pairs: int) -> list[str]:
    """ABBA: host, guest, guest, host, host, guest, … (2 × pairs runs)."""
    runs = []
    for n in range(pairs):
        runs += ["host", "guest"] if n % 2 == 0 else ["guest", "host"]
    return runs


def measure(lab: VmLab, clients: int = DEFAULT_CLIENTS, seconds: int = DEFAULT_SECONDS, pairs: int = DEFAULT_PAIRS,
            say: Callable[[str], None] | None = None) -> Dilation:
    """The factor for dbench (``clients``, ``seconds``) from ``pairs`` interleaved host/guest runs."""
    if pairs < 1:
        raise VmLabError("Measuring the time dilation needs at least one pair of runs.")
    script = dbench_script(clients, seconds)
    # dbench stops after `seconds`; its start and the cleanup under TCG may take many times that
    timeout = 60 + seconds * 40
    figures: dict[str, list[float]] = {"host": [], "guest": []}
    for n, side in enumerate(order(pairs), 1):
        started = time.monotonic()
        value = _host(script, timeout) if side == "host" else _guest(lab, script, timeout)
        figures[side].append(value)
        if say:
            say(f"  {n}/{2 * pairs} {side:5} dbench on tmpfs: {value:g} MB/s ({time.monotonic() - started:.0f} s)")
    return Dilation.from_pairs(figures["host"], figures["guest"], f"dbench {clients} clients {seconds} s")


def _proc_path(name: str) -> str:
    return "/proc/sys/" + name.replace(".", "/")


def read_sysctls_script() -> str:
    """Loads the xfs module (its sysctls exist only then; it is loaded at the first XFS mount
    anyway) and prints "name value" for each of ``GUEST_SYSCTLS`` the guest has."""
    lines = ["modprobe -q xfs 2>/dev/null || true"]
    for name in GUEST_SYSCTLS:
        path = shlex.quote(_proc_path(name))
        lines.append(f"if [ -r {path} ]; then printf '%s %s\\n' {shlex.quote(name)} \"$(cat {path})\"; fi")
    return "; ".join(lines)


def parse_sysctls(output: str) -> dict[str, int]:
    found = {}
    for line in output.splitlines():
        name, _, value = line.strip().partition(" ")
        if name in GUEST_SYSCTLS and value.strip().lstrip("-").isdigit():
            found[name] = int(value)
    return found


def write_sysctls_script(clocks: list[ScaledClock]) -> str:
    return "set -e; " + "; ".join(f"echo {int(c.dilated)} > {shlex.quote(_proc_path(c.name))}" for c in clocks)


def stretch_guest_clocks(lab: VmLab, factor: float) -> list[ScaledClock]:
    """Set the guest's writeback timers and XFS's sync interval to ``factor`` × their values
    (``fstune.diskmodel.dilation.guest_sysctls``), and return what was set; read back to check."""
    status, out, err = vm_run_capture(lab, ["sh", "-c", read_sysctls_script()], timeout=120)
    native = parse_sysctls(out)
    if status != 0 or "vm.dirty_expire_centisecs" not in native:
        raise VmLabError(f"Could not read the guest's writeback timers (exit {status}):\n{(out + err)[-800:]}")
    clocks = guest_sysctls(native, factor)
    status, out, err = vm_run_capture(lab, ["sh", "-c", write_sysctls_script(clocks)], timeout=120)
    if status != 0:
        raise VmLabError(f"Could not stretch the guest's timers (exit {status}):\n{(out + err)[-800:]}")
    _, out, _ = vm_run_capture(lab, ["sh", "-c", read_sysctls_script()], timeout=120)
    now = parse_sysctls(out)
    wrong = [c.name for c in clocks if now.get(c.name) != c.dilated]
    if wrong:
        raise VmLabError(f"The guest did not keep the stretched value of {', '.join(wrong)}: it reads "
                         + ", ".join(f"{n} {now.get(n)}" for n in wrong))
    return clocks


__all__ = ["parse_sysctls", "read_sysctls_script", "stretch_guest_clocks", "write_sysctls_script", "DEFAULT_CLIENTS", "DEFAULT_PAIRS", "DEFAULT_SECONDS", "dbench_script", "measure", "order", "throughput"]
