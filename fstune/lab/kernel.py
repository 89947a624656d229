"""The kernel's view of a lab, and the tools that change it.

What is attached is always read back from sysfs and /proc, never from the manifest
(docs/ARCHITECTURE.md, the lab). ``SYS`` and ``PROC`` are module attributes so that tests can point
them at recorded trees; the lab's other modules read them through this module for that reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from fstune.devices.labdisk import BACKING_RE
from fstune.devices.system import Mount, parse_mountinfo, parse_swaps, rdev_majmin
from fstune.errors import DeviceError, FstuneError
from fstune.util import paths

# Where the kernel's view lives; tests point these at recorded trees.
SYS = Path("/sys")
PROC = Path("/proc")
DEV = Path("/dev")

# which package brings a tool, for "install it" hints (Debian/Ubuntu names)
TOOL_HINTS = {
    "losetup": "losetup comes with util-linux; on Debian and Ubuntu install the `mount` package.",
    "sfdisk": "sfdisk comes with util-linux; on Debian and Ubuntu install the `fdisk` package.",
    "partx": "partx comes with util-linux; on Debian and Ubuntu install the `util-linux` package.",
    "udevadm": "udevadm comes with systemd; on Debian and Ubuntu install the `udev` package.",
    "wipefs": "wipefs comes with util-linux; on Debian and Ubuntu install the `util-linux` package.",
    "umount": "umount comes with util-linux; on Debian and Ubuntu install the `mount` package.",
    "swapoff": "swapoff comes with util-linux; on Debian and Ubuntu install the `mount` package.",
}
# sudo and `su` without `-` often leave the sbin directories out of PATH (a module attribute, so
# that a test can take every tool away)
EXTRA_PATH = paths.EXTRA_PATH




@dataclass(frozen=True)
class Loop:
    name: str  # loop3
    backing_file: str  # without " (deleted)"
    raw_backing: str  # as sysfs shows it
    major_minor: str

    @property
    def deleted(self) -> bool:
        return self.raw_backing.endswith(" (deleted)")

    @property
    def directory(self) -> Path:
        return Path(self.backing_file).parent


def scan_loops() -> list[Loop]:
    """Every loop device whose backing file has a lab disk's name (manifest or not)."""
    loops = []
    for node in sorted((SYS / "block").glob("loop*")):
        raw = loop_backing(node.name)
        if raw is None:
            continue
        backing = raw.removesuffix(" (deleted)")
        if BACKING_RE.match(Path(backing).name):
            loops.append(Loop(node.name, backing, raw, read_text(node / "dev") or "?"))
    return loops


def loop_backing(name: str) -> str | None:
    return read_text(SYS / "block" / name / "loop" / "backing_file")


def partitions_of(disk: str) -> list[tuple[str, int, str]]:
    """(name, number, major:minor) of each partition the kernel has on ``disk``."""
    parts = []
    for node in sorted((SYS / "block" / disk).glob(f"{disk}p*")):
        number = read_text(node / "partition")
        if number and number.isdigit():
            parts.append((node.name, int(number), read_text(node / "dev") or "?"))
    return parts


def partition_names(disk: str) -> list[str]:
    return [name for name, _, _ in partitions_of(disk)]


def wait_for_partitions(disk: str, numbers: tuple[int, ...], timeout: float = 20.0) -> dict[int, tuple[str, str]]:
    """Wait until the kernel has the partitions and their /dev nodes exist with the right numbers."""
    deadline = time.monotonic() + timeout
    next_nudge = time.monotonic() + 1.0
    while True:
        found = {number: (name, mm) for name, number, mm in partitions_of(disk) if number in numbers}
        ready = {n: (f"/dev/{name}", mm) for n, (name, mm) in found.items() if node_matches(f"/dev/{name}", mm)}
        if len(ready) == len(numbers):
            return ready
        if time.monotonic() > deadline:
            break
        if len(found) < len(numbers) and time.monotonic() >= next_nudge:
            # udev's watch re-reads a disk's table when a writer closes it; on some kernels that
            # re-read drops what partx added for a loop device. Add them again once it settled.
            settle([f"/dev/{disk}"])
            run(["partx", "--update" if found else "--add", f"/dev/{disk}"], check=False)
            next_nudge = time.monotonic() + 1.0
        time.sleep(0.1)
    if len(found) < len(numbers):
        raise DeviceError(
            f"The kernel did not create the partitions on /dev/{disk}.",
            "Check `dmesg` for loop or partition errors; `partx --show` on the device lists what it sees.",
        )
    raise DeviceError(
        f"The partitions of /dev/{disk} have no device nodes in /dev after {timeout:.0f} s.",
        "Is udev running? Start it with `/lib/systemd/systemd-udevd --daemon; udevadm trigger; "
        "udevadm settle`, then `fstune lab down` and `fstune lab up` again.",
    )


def node_matches(path: str, majmin: str) -> bool:
    """``path`` is the block device ``majmin`` (its /dev node exists and is the right one)."""
    return rdev_majmin(path) == majmin


def read_mounts() -> list[Mount]:
    return parse_mountinfo(read_text(PROC / "self" / "mountinfo") or "")


def mount_is_ours(mount: Mount, devices: dict[str, str]) -> bool:
    if mount.majmin in devices:
        return True
    # Btrfs reports an anonymous 0:N device number; only its source names the real device
    if mount.major == 0 and mount.source.startswith("/dev/"):
        return os.path.realpath(mount.source) in devices.values()
    return False


def mountpoints_of(majmin: str, path: str, mounts: list[Mount]) -> list[str]:
    return [m.mountpoint for m in mounts if mount_is_ours(m, {majmin: path})]


def read_swaps() -> set[str]:
    """major:minor of every active swap device."""
    return {swap.majmin for swap in parse_swaps(read_text(PROC / "swaps") or "", rdev_majmin) if swap.majmin}


def require_root() -> None:
    if os.geteuid() != 0:
        raise FstuneError(
            "fstune lab needs root to attach loop devices; run it with sudo.",
            "`fstune lab status` works without root.",
        )


def tool(name: str) -> str:
    path = shutil.which(name, path=f"{os.environ.get('PATH', '')}:{EXTRA_PATH}")
    if path is None:
        raise FstuneError(f"{name} is not installed.", TOOL_HINTS.get(name))
    return path


def run(argv: list[str], input: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
    """Run a tool (argv list, never a shell), raising a DeviceError that quotes its complaint."""
    full = [tool(argv[0]), *argv[1:]]
    try:
        result = subprocess.run(full, input=input, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise DeviceError(f"`{' '.join(argv)}` did not finish within 120 s.", "Check `dmesg` for a hung device.") from None
    if check and result.returncode != 0:
        raise DeviceError(
            f"`{' '.join(argv)}` failed: {last_line(result.stderr) or f'exit status {result.returncode}'}",
            "Check `dmesg` and `losetup --list`; `fstune lab down` removes whatever the lab left.",
        )
    return result


def settle(devices: tuple[str, ...] | list[str] = ()) -> None:
    """Let udev finish its events about ``devices`` (docs/safety.md: while another process holds
    a disk, a plain settle would wait for events udev puts off until that run ends)."""
    from fstune.devices.settle import settle

    settle(devices)


def udev_running() -> bool:
    return Path("/run/udev/control").exists()


def last_line(text: str | None) -> str:
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    return lines[-1] if lines else ""


def read_text(path: Path) -> str | None:
    try:
        return path.read_text().rstrip("\n")
    except (OSError, UnicodeDecodeError):
        return None


def sectors(path: Path) -> int | None:
    text = read_text(path)
    return int(text) * 512 if text and text.isdigit() else None  # sysfs sizes are 512-byte units
