"""``lab up --vm`` and ``lab down``: make the disks, boot QEMU and wait for the guest; stop it and
delete what the lab made."""

from __future__ import annotations

import os
import re
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from fstune import diskmodel
from fstune.diskmodel.dilation import Dilation, check_factor
from fstune.errors import UsageError
from fstune.units import format_size, parse_size
from fstune.vmlab import servers
from fstune.vmlab.constants import (ACCEL_ENV, COMMAND_PORTS, DEFAULT_DISKS, DEFAULT_MEMORY_MIB, DEFAULT_SIZE,
                                    DEFAULT_SPARE_SIZE, DISK_MODEL, DISK_RE, DISK_VENDOR, KVM_PROBE_TIMEOUT,
                                    MANIFEST_NAME, MAX_DISKS, PORT_PREFIX, QBOOT, READY_TIMEOUT, ROTATION_RPM,
                                    SERIAL_PREFIX, SHARE_TAG, STAGE1_MARK, CMDLINE_KEY, VmLabError)
from fstune.vmlab.dilation import measure as measure_dilation
from fstune.vmlab.dilation import stretch_guest_clocks
from fstune.vmlab.disks import find_nbdkit, partition_image, set_dilation
from fstune.vmlab.guest import READY_MARK
from fstune.vmlab.host import GuestKernel, boot_image, find_kernel, find_qemu, kvm_unusable
from fstune.vmlab.initramfs import build_initramfs, stage2_script
from fstune.vmlab.control import qmp
from fstune.vmlab.state import VmDisk, VmLab, dir_flag, load_vm, resolve_dir, vm_running, write_manifest

def qemu_argv(qemu: str, lab: VmLab, kernel: GuestKernel, initramfs: Path, memory_mib: int) -> list[str]:
    accel = ["-accel", "kvm", "-cpu", "host"] if lab.accel == "kvm" else ["-accel", "tcg,thread=multi", "-cpu", "max"]
    append = (f"console=ttyS0 loglevel=4 panic=-1 rdinit=/init {CMDLINE_KEY}={lab.token} "
              "mitigations=off tsc=reliable no_timer_check i8042.noaux i8042.nokbd")
    argv = [
        qemu, "-name", f"fstune-vmlab-{lab.token}", "-machine", "q35", *accel,
        "-smp", str(min(2, os.cpu_count() or 1)), "-m", str(memory_mib),
        "-nodefaults", "-no-user-config", "-display", "none", "-no-reboot",
        *(["-bios", str(QBOOT)] if QBOOT.is_file() else []),
        "-kernel", str(kernel.image), "-initrd", str(initramfs), "-append", append,
        "-chardev", f"file,id=console,path={lab.console_log}", "-serial", "chardev:console",
        "-fsdev", "local,id=root,path=/,security_model=none,readonly=on,multidevs=remap",
        "-device", f"virtio-9p-pci,fsdev=root,mount_tag={SHARE_TAG}",
        "-qmp", f"unix:{lab.qmp_socket},server=on,wait=off",
        "-device", "virtio-serial-pci,id=vser",
    ]
    for n in range(COMMAND_PORTS):
        argv += ["-chardev", f"socket,id=cmd{n},path={lab.port_socket(n)},server=on,wait=off",
                 "-device", f"virtserialport,bus=vser.0,chardev=cmd{n},name={PORT_PREFIX}{n}"]
    for disk in lab.disks:
        if lab.disk_serving == "nbdkit":
            # cache=none keeps the guest's page cache the only cache in front of the model, and
            # passes the guest's flushes on to it
            sock = servers.socket_path(lab.directory, disk.index)
            drive = f"file=nbd+unix:///?socket={sock},format=raw,if=none,id=drive{disk.index},cache=none"
        else:
            drive = f"file={disk.image},format=raw,if=none,id=drive{disk.index},cache=none,aio=threads"
        if lab.seek_ms:
            iops = max(1, round(1000 / lab.seek_ms))
            # a burst of one request: every I/O waits its turn, like a head that must move
            drive += f",throttling.iops-total={iops},throttling.iops-total-max={iops}"
        argv += ["-drive", drive,
                 "-device", f"virtio-scsi-pci,id=scsi{disk.index}",
                 "-device", f"scsi-hd,bus=scsi{disk.index}.0,drive=drive{disk.index},id={disk.qdev_id},"
                            f"serial={disk.serial},vendor={DISK_VENDOR},product={DISK_MODEL},"
                            f"rotation_rate={ROTATION_RPM}"]
    return argv


def vm_up(disks: int = DEFAULT_DISKS, size: str | int = DEFAULT_SIZE, directory: str | Path | None = None,
          seek_ms: float | None = None, spare_size: str | int = DEFAULT_SPARE_SIZE,
          accel: str | None = None, memory_mib: int = DEFAULT_MEMORY_MIB,
          timeout: float = READY_TIMEOUT,
          disk_model: diskmodel.DiskParams | str | None = diskmodel.DEFAULT_PRESET,
          dilate: str | float | None = None, say: Callable[[str], None] | None = None) -> VmLab:
    """Make the disks, boot the VM and wait until its command server answers.

    ``disk_model``: the disks' mechanical model (a preset name, ``key=value,...`` as
    ``diskmodel.parse_spec`` reads it, parameters, or None for none). With nbdkit installed the
    disks are served through it even without a model, so ``set_disk_model`` can switch one on.
    ``dilate``: "auto" measures how much slower the guest's CPU is than the host's on dbench
    (``fstune.vmlab.dilation``) once the guest is up and slows the disk model by that factor; a
    number slows it by that factor unmeasured; None or "off" leaves time alone. ``say`` is told
    the measurement's progress.
    """
    if os.geteuid() != 0:
        raise VmLabError("The VM lab needs root: the guest runs fstune as root on the shared root "
                         "filesystem, and QEMU must read all of it.", "Run it with sudo.")
    if not 1 <= disks <= MAX_DISKS:
        raise UsageError(f"A VM lab has 1 to {MAX_DISKS} disks.")
    disk_bytes = parse_size(size) if isinstance(size, str) else size
    spare_bytes = parse_size(spare_size) if isinstance(spare_size, str) else spare_size
    if disk_bytes - spare_bytes - 2 * 1024**2 < 300 * 1024**2:
        raise UsageError(f"Disks of {format_size(disk_bytes)} leave too little room beside a "
                         f"{format_size(spare_bytes)} spare (the data partition needs 300 MB for XFS).")
    if seek_ms is not None and not 0 < seek_ms <= 1000:
        raise UsageError("--seek-ms must be between 0 and 1000 milliseconds.")
    if isinstance(disk_model, str):
        try:
            disk_model = diskmodel.parse_spec(disk_model)
        except diskmodel.DiskModelError as error:
            raise UsageError(str(error)) from None
    if seek_ms is not None and disk_model is not None:
        raise UsageError("--seek-ms is the flat per-I/O cap that stands in for a disk model: "
                         "use it with --disk-model none, or use the disk model alone.")
    dilate = parse_dilate(dilate)
    if dilate is not None and disk_model is None:
        raise UsageError("--dilate slows the disk model, and --disk-model none asks for none.")
    nbdkit = find_nbdkit(required=disk_model is not None)
    qemu = find_qemu()
    kernel = find_kernel()
    accel = (accel or os.environ.get(ACCEL_ENV) or "auto").lower()
    if accel not in {"auto", "tcg", "kvm"}:
        raise UsageError(f"Unknown accelerator '{accel}': use auto, tcg or kvm.")
    lab_dir = resolve_dir(directory)
    existing = load_vm(lab_dir)
    if existing is not None:
        state = "running" if vm_running(existing) else "not running"
        raise VmLabError(f"There is already a VM lab in {lab_dir} ({state}).",
                         f"Remove it first with: fstune lab down{dir_flag(lab_dir)}")
    lab_dir.mkdir(parents=True, exist_ok=True)
    token = secrets.token_hex(4)
    lab = VmLab(directory=lab_dir, token=token, pid=0, accel="tcg", kernel=kernel.version, disks=[],
                seek_ms=seek_ms, boot_seconds=0.0, state="creating",
                disk_model=disk_model.to_dict() if disk_model else None,
                disk_serving="nbdkit" if nbdkit else "file")
    write_manifest(lab)  # first, so `lab down` finds a half-made lab
    try:
        for index in range(1, disks + 1):
            image = lab_dir / f"fstune-vmlab-disk{index}.img"
            with open(image, "wb") as handle:
                handle.truncate(disk_bytes)
            partition_image(image, disk_bytes, spare_bytes)
            lab.disks.append(VmDisk(index, str(image), f"{SERIAL_PREFIX}{token}{index}", f"disk{index}",
                                    disk_bytes, spare_bytes))
        if nbdkit:
            servers.write_models(lab_dir, [d.index for d in lab.disks], disk_model)
            for disk in lab.disks:
                try:
                    servers.start_server(nbdkit, lab_dir, disk.index, Path(disk.image), str(lab.qmp_socket))
                except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
                    raise VmLabError(f"Cannot serve disk {disk.index} through nbdkit: {error}",
                                     f"Remove the lab with: fstune lab down{dir_flag(lab_dir)}") from None
        kernel = GuestKernel(kernel.version, boot_image(kernel, lab_dir), kernel.modules)
        python = _guest_python()
        initramfs = lab_dir / "initramfs.cpio"
        initramfs.write_bytes(build_initramfs(kernel, stage2_script(python)))
        no_kvm = kvm_unusable() if accel == "auto" else None
        tries = ["kvm", "tcg"] if accel == "auto" and no_kvm is None else ["tcg" if accel == "auto" else accel]
        if no_kvm and os.path.exists("/dev/kvm"):
            # a /dev/kvm that is not tried must say why, or the TCG in every result looks like a bug
            lab.warnings.append(f"KVM not tried: {no_kvm}; software emulation (TCG).")
        for attempt in tries:
            lab.accel = attempt
            started = time.monotonic()
            process = _start_qemu(qemu_argv(qemu, lab, kernel, initramfs, memory_mib), lab)
            lab.pid = process.pid
            write_manifest(lab)
            limit = timeout
            if attempt == "kvm" and len(tries) > 1:
                # KVM hangs early on some hosts: it must reach the initramfs quickly to be kept
                if not _wait_ready(lab, process, KVM_PROBE_TIMEOUT, mark=STAGE1_MARK):
                    _stop_qemu(lab)
                    lab.warnings.append(f"KVM did not reach the initramfs within {KVM_PROBE_TIMEOUT:.0f} s; "
                                        "fell back to software emulation (TCG).")
                    continue
            if _wait_ready(lab, process, limit):
                lab.boot_seconds = round(time.monotonic() - started, 2)
                break
            _stop_qemu(lab)
            raise VmLabError(f"The VM did not become ready within {limit:.0f} s. "
                             f"The end of its console:\n{_console_tail(lab)}",
                             f"Remove it with: fstune lab down{dir_flag(lab_dir)}")
        lab.state = "ready"
        write_manifest(lab)
        if dilate is not None:
            if dilate == "auto":
                if say:
                    say("Measuring the time dilation: dbench on a tmpfs on this machine and in the guest, interleaved…")
                dilation = measure_dilation(lab, say=say)
            else:
                dilation = Dilation.given(dilate)
            if dilation.factor > 1:
                # the guest's own timers too, or per unit of native work it would write back and
                # commit factor × as often as a native machine (docs/vmlab.md, "Time dilation")
                dilation = dilation.with_clocks(stretch_guest_clocks(lab, dilation.factor))
            set_dilation(lab, dilation)
        return lab
    except BaseException:
        # a failed or interrupted `up` leaves nothing running; files go with `lab down`
        _stop_qemu(lab)
        servers.stop_servers(lab_dir)
        lab.state = "failed"
        write_manifest(lab)
        raise



def parse_dilate(value: str | float | None) -> str | float | None:
    """``--dilate``: "auto", a factor (1 to 1000), or None/"off"/"none" (no dilation)."""
    if value is None or (isinstance(value, str) and value.strip().lower() in ("off", "none", "")):
        return None
    if isinstance(value, str) and value.strip().lower() == "auto":
        return "auto"
    try:
        return check_factor(float(value))
    except (ValueError, diskmodel.DiskModelError):
        raise UsageError(f"--dilate takes auto (measure the factor), a factor from 1 to 1000, or off; "
                         f"not '{value}'.") from None


def _guest_python() -> str:
    # the guest runs this very interpreter (a venv's python works: the venv is on the share);
    # it must not be the resolved /usr/bin/python3, which would lose the venv's packages
    return sys.executable


def _start_qemu(argv: list[str], lab: VmLab) -> subprocess.Popen:
    for sock in [lab.qmp_socket, *(lab.port_socket(n) for n in range(COMMAND_PORTS))]:
        sock.unlink(missing_ok=True)
    lab.console_log.write_text("")
    log = open(lab.directory / "qemu.log", "ab")
    try:
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                   start_new_session=True, close_fds=True)
    finally:
        log.close()
    # each disk's nbdkit watches this pid: when that QEMU is gone, so are they
    servers.write_qemu_pid(lab.directory, process.pid)
    return process


def _wait_ready(lab: VmLab, process: subprocess.Popen, timeout: float, mark: str = READY_MARK) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            qemu_log = (lab.directory / "qemu.log").read_text(errors="replace").strip()
            raise VmLabError(f"QEMU stopped while the VM was booting.\n{qemu_log[-2000:]}\n{_console_tail(lab)}",
                             f"Remove the lab with: fstune lab down{dir_flag(lab.directory)}")
        try:
            if mark in lab.console_log.read_text(errors="replace"):
                return True
        except OSError:
            pass
        time.sleep(0.05)
    return False



def _console_tail(lab: VmLab, lines: int = 25) -> str:
    try:
        text = lab.console_log.read_text(errors="replace")
    except OSError:
        return "(no console output)"
    return "\n".join(text.splitlines()[-lines:]) or "(no console output)"


def _stop_qemu(lab: VmLab, grace: float = 5.0) -> bool:
    """Stop this lab's QEMU: ask it over QMP to quit, then SIGTERM, then SIGKILL."""
    if not lab.pid or not vm_running(lab):
        return False
    try:
        qmp(lab, "quit")
    except (OSError, VmLabError):
        pass
    for sig in (None, signal.SIGTERM, signal.SIGKILL):
        if sig is not None:
            try:
                os.kill(lab.pid, sig)
            except ProcessLookupError:
                break
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            if not vm_running(lab):
                return True
            time.sleep(0.05)
    return not vm_running(lab)


@dataclass
class VmDown:
    directory: str
    found: bool
    stopped: bool = False
    removed: list[str] = field(default_factory=list)
    servers_stopped: list[int] = field(default_factory=list)  # disks whose nbdkit was still running


def vm_down(directory: str | Path | None = None) -> VmDown:
    """Stop the VM and delete every file the lab made (only those)."""
    lab_dir = resolve_dir(directory)
    report = VmDown(str(lab_dir), found=False)
    try:
        lab = load_vm(lab_dir)
    except VmLabError:
        lab = None
    if lab is None and not (lab_dir / MANIFEST_NAME).exists():
        return report
    report.found = True
    if lab is not None:
        report.stopped = _stop_qemu(lab)
    report.servers_stopped = servers.stop_servers(lab_dir)
    for path in sorted(lab_dir.iterdir()) if lab_dir.is_dir() else []:
        if (path.name in _OWN_FILES or DISK_RE.match(path.name) or servers.OWN_FILE_RE.match(path.name)
                or re.fullmatch(r"cmd\d+\.sock(\.lock)?", path.name)):
            path.unlink(missing_ok=True)
            report.removed.append(str(path))
    try:
        lab_dir.rmdir()
        report.removed.append(str(lab_dir))
    except OSError:
        pass  # something else lives there: leave it
    return report


_OWN_FILES = {MANIFEST_NAME, "fstune-vmlab.tmp", "initramfs.cpio", "vmlinux", "console.log", "qemu.log", "qmp.sock"}

