"""The lab's record (its manifest) and whether its QEMU still runs: what every other part reads."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from fstune.vmlab.constants import DEFAULT_DIR, MANIFEST_NAME, VmLabError

@dataclass
class VmDisk:
    index: int
    image: str
    serial: str
    qdev_id: str  # the QEMU device id, for device_del
    size: int
    spare_size: int


@dataclass
class VmLab:
    directory: Path
    token: str
    pid: int
    accel: str
    kernel: str
    disks: list[VmDisk]
    seek_ms: float | None
    boot_seconds: float
    state: str = "ready"
    warnings: list[str] = field(default_factory=list)
    # the disk model's parameters in force (None: no model), and how the disks reach QEMU:
    # "nbdkit" (through fstune/diskmodel/nbd_plugin.py) or "file" (plain files, no nbdkit)
    disk_model: dict | None = None
    disk_serving: str = "file"
    # time dilation in force (fstune.diskmodel.dilation.Dilation.to_dict(); None: none): the model
    # runs that much slower and results convert their figures back (docs/vmlab.md)
    dilation: dict | None = None

    @property
    def qmp_socket(self) -> Path:
        return self.directory / "qmp.sock"

    def port_socket(self, n: int) -> Path:
        return self.directory / f"cmd{n}.sock"

    @property
    def console_log(self) -> Path:
        return self.directory / "console.log"

    def to_dict(self) -> dict:
        data = asdict(self)
        data["directory"] = str(self.directory)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "VmLab":
        data = dict(data)
        data["directory"] = Path(data["directory"])
        data["disks"] = [VmDisk(**d) for d in data.get("disks", [])]
        return cls(**data)


def resolve_dir(directory: str | Path | None) -> Path:
    return Path(directory or DEFAULT_DIR).absolute()


def load_vm(directory: str | Path | None = None) -> VmLab | None:
    path = resolve_dir(directory) / MANIFEST_NAME
    try:
        return VmLab.from_dict(json.loads(path.read_text()))
    except FileNotFoundError:
        return None
    except (ValueError, TypeError) as error:
        raise VmLabError(f"The VM lab manifest {path} is unreadable ({error}).",
                         f"Remove the VM lab with: fstune lab down --dir {path.parent}") from None


def write_manifest(lab: VmLab) -> None:
    path = lab.directory / MANIFEST_NAME
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(lab.to_dict(), indent=2) + "\n")
    os.replace(tmp, path)


def _pid_is_our_qemu(pid: int, directory: Path) -> bool:
    """The pid still runs QEMU for this lab (pids get reused; the command line must match)."""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return len(argv) > 1 and b"qemu-system" in argv[0] and str(directory / "qmp.sock").encode() in b" ".join(argv)


def vm_running(lab: VmLab) -> bool:
    reap(lab.pid)  # our own child after `up`: a zombie is not running
    return _pid_is_our_qemu(lab.pid, lab.directory)



def reap(pid: int) -> None:
    if pid > 0:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass


def dir_flag(directory: Path) -> str:
    return "" if directory == DEFAULT_DIR else f" --dir {directory}"


@dataclass
class VmStatus:
    directory: str
    exists: bool
    running: bool = False
    lab: dict | None = None

    def to_dict(self) -> dict:
        return asdict(self)


def vm_status(directory: str | Path | None = None) -> VmStatus:
    lab_dir = resolve_dir(directory)
    lab = load_vm(lab_dir)
    if lab is None:
        return VmStatus(str(lab_dir), exists=False)
    return VmStatus(str(lab_dir), exists=True, running=vm_running(lab), lab=lab.to_dict())


def require_running(directory: str | Path | None = None) -> VmLab:
    lab_dir = resolve_dir(directory)
    lab = load_vm(lab_dir)
    if lab is None:
        raise VmLabError(f"No VM lab in {lab_dir}.", "Start one with: sudo fstune lab up --vm")
    if not vm_running(lab):
        raise VmLabError(f"The VM lab in {lab_dir} is not running.",
                         f"Remove it with `fstune lab down{dir_flag(lab_dir)}` and start it again.")
    return lab
