"""The VM lab: a full distribution kernel in QEMU, for filesystems and holders this kernel lacks.

The host kernel may have no JFS, ReiserFS, device-mapper or md, and a loop-device lab on one SSD
has no seeks to save. The VM lab boots Debian's ``linux-image-amd64`` kernel in
``qemu-system-x86_64`` with emulated disks that look like separate spindles:

- **Root filesystem**: the host's own ``/``, shared read-only over virtio 9p, with a tmpfs
  overlay on top for writes. The guest runs the very same fstune and Python venv; nothing is
  installed into a second root filesystem. Writes in the guest go to RAM and vanish with it.
- **Boot**: a small initramfs made here (host binaries plus the few modules needed to mount
  9p) instead of Debian's 30 MB initrd, because unpacking and running that under software
  emulation costs seconds. Its init mounts the share, builds the overlay and switches root; a
  second stage starts the command server (``fstune.vmguest``) and udev side by side. The kernel
  is handed to QEMU uncompressed (``boot_image``), so the guest does not spend seconds of
  emulated CPU unpacking itself.
- **Disks**: sparse files in the lab directory, each a ``scsi-hd`` on its own virtio-scsi
  controller with a rotation rate (so the guest sees rotational disks), partitioned on the host
  like the loop lab (``fstune-data`` + ``fstune-spare``). ``seek_ms`` caps each disk at
  1000/seek_ms I/O operations per second with QEMU's throttling: every request pays the price of
  a seek, and two disks have two independent budgets, as two spindles would.
- **Commands**: a virtio-serial port per concurrent command, a QEMU unix socket on the host.
  A small framed protocol carries the argv, the output (streamed), stdin, the terminal size
  and the exit status. No network is involved.
- **Control**: a QMP socket (hot-unplug with ``device_del``, clean shutdown).

The write guard: the guest kernel command line carries ``fstune.vmlab=<token>``, and each disk
has vendor ``FSTUNE``, model ``fstune-vmlab`` and serial ``fstunevm<token><N>``. Inside the
guest, ``fstune.lab.assert_lab_device`` accepts exactly the disks whose serial carries the token
of the kernel it runs under (see ``is_vm_lab_disk``); on the host there is no such token, so
nothing of this loosens the guard there.

Everything a lab makes lives in one directory (default /var/tmp/fstune-vmlab) with a manifest
``fstune-vmlab.json``; ``vm_down`` stops QEMU (by the pid it recorded, checked against
/proc/PID/cmdline) and deletes the directory's files.

This module never imports Textual.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from fstune import diskmodel, vmdisks, vmguest
from fstune.errors import FstuneError, UsageError
from fstune.units import format_size, parse_size
from fstune.vmguest import (READY_MARK, T_EXIT, T_REQUEST, T_SIGNAL, T_STDERR, T_STDIN, T_STDIN_EOF,
                            T_STDOUT, _frame, _FrameReader)

DEFAULT_DIR = Path("/var/tmp/fstune-vmlab")
MANIFEST_NAME = "fstune-vmlab.json"
DISK_RE = re.compile(r"^fstune-vmlab-disk(\d+)\.img$")
DEFAULT_DISKS = 2
MAX_DISKS = 8
DEFAULT_SIZE = "1G"
DEFAULT_SPARE_SIZE = "256M"
DEFAULT_MEMORY_MIB = 1536
COMMAND_PORTS = vmguest.COMMAND_PORTS  # commands that can run at once (one virtio-serial port each)
READY_TIMEOUT = 120.0  # seconds; a TCG boot here takes well under 30
KVM_PROBE_TIMEOUT = 5.0  # a KVM guest that has not reached its initramfs by then is hung
STAGE1_MARK = "fstune-vmlab: first stage"
DISK_VENDOR = "FSTUNE"
DISK_MODEL = "fstune-vmlab"
SERIAL_PREFIX = "fstunevm"
CMDLINE_KEY = "fstune.vmlab"
SHARE_TAG = "fstuneroot"
PORT_PREFIX = vmguest.PORT_PREFIX
ACCEL_ENV = "FSTUNE_VM_ACCEL"  # auto (default), tcg or kvm
ROTATION_RPM = 7200
ENVIRONMENT_VAR = "FSTUNE_LAB_ENVIRONMENT"  # the lab's environment (JSON), for commands in the guest
QBOOT = Path("/usr/share/qemu/qboot.rom")

QEMU_PACKAGE = "qemu-system-x86"
KERNEL_PACKAGE = "linux-image-amd64"
_EXTRA_PATH = "/usr/local/sbin:/usr/sbin:/sbin:/usr/local/bin:/usr/bin:/bin"

# modules the initramfs loads, in dependency order, to mount the 9p root with an overlay;
# everything else is loaded by the second stage from the shared /lib/modules
# plus the disks' and command ports' drivers, which load much faster from the initramfs than by
# udev over 9p; filesystems, dm and md load on demand later from the shared /lib/modules
_EARLY_MODULES = ("virtio", "virtio_ring", "virtio_pci_legacy_dev", "virtio_pci_modern_dev", "virtio_pci",
                  "netfs", "fscache", "9pnet", "9pnet_virtio", "9p", "overlay",
                  "virtio_scsi", "sd_mod", "virtio_console")
# host programs copied into the initramfs, with the libraries they need
_INITRAMFS_PROGRAMS = ("sh", "mount", "insmod", "switch_root", "mkdir", "cat", "sleep", "cp")


class VmLabError(FstuneError):
    """The VM lab cannot be started, reached or stopped."""


# --------------------------------------------------------------------------------------------
# What the host needs


def find_qemu() -> str:
    path = shutil.which("qemu-system-x86_64", path=f"{os.environ.get('PATH', '')}:{_EXTRA_PATH}")
    if path is None:
        raise VmLabError("qemu-system-x86_64 is not installed.",
                         f"Install it with: apt-get install --no-install-recommends {QEMU_PACKAGE}")
    return path


@dataclass(frozen=True)
class GuestKernel:
    version: str
    image: Path
    modules: Path


def find_kernel(boot: Path = Path("/boot"), modules_root: Path = Path("/lib/modules")) -> GuestKernel:
    """The newest installed distribution kernel whose modules include 9p (the root share)."""
    candidates = []
    for image in boot.glob("vmlinuz-*"):
        version = image.name.removeprefix("vmlinuz-")
        modules = modules_root / version
        if (modules / "modules.dep").is_file() and list((modules / "kernel" / "fs" / "9p").glob("9p.ko*")):
            candidates.append(GuestKernel(version, image, modules))
    if not candidates:
        raise VmLabError("No kernel to boot the VM lab with: /boot has no vmlinuz-* with matching "
                         "modules in /lib/modules (9p and overlay are needed).",
                         f"Install Debian's kernel with: apt-get install --no-install-recommends {KERNEL_PACKAGE}")
    return max(candidates, key=lambda k: _version_key(k.version))


def _version_key(version: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 0 for p in re.split(r"[.-]", version))


def kvm_available(sys_module: Path = Path("/sys/module")) -> bool:
    """/dev/kvm opens and is hardware KVM: worth a try (it may still hang, see ``vm_up``)."""
    # a /dev/kvm without kvm_intel/kvm_amd is another backend (e.g. kvm_pvm in a sandbox) that
    # boots only guest kernels built for it; probing it costs seconds and always falls back
    if not any((sys_module / name).is_dir() for name in ("kvm_intel", "kvm_amd")):
        return False
    try:
        fd = os.open("/dev/kvm", os.O_RDWR | os.O_CLOEXEC)
    except OSError:
        return False
    os.close(fd)
    return True


def boot_image(kernel: GuestKernel, directory: Path) -> Path:
    """The kernel to hand QEMU: its uncompressed ELF image when that can boot directly (PVH).

    Debian's vmlinuz decompresses itself (xz) at boot, which under software emulation takes
    seconds; the host does it in one, and QEMU boots the ELF through its PVH entry point.
    Anything unexpected (no PVH, another compression) boots the vmlinuz as it is.
    """
    config = kernel.image.parent / f"config-{kernel.version}"
    try:
        if "CONFIG_PVH=y" not in config.read_text(errors="replace").splitlines():
            return kernel.image
        packed = kernel.image.read_bytes()
    except OSError:
        return kernel.image
    start = packed.find(b"\xfd7zXZ\x00")  # the xz stream inside the bzImage
    if start < 0:
        return kernel.image
    import lzma

    try:
        elf = lzma.LZMADecompressor().decompress(packed[start:])
    except lzma.LZMAError:
        return kernel.image
    if not elf.startswith(b"\x7fELF"):
        return kernel.image
    target = directory / "vmlinux"
    target.write_bytes(elf)
    return target


# --------------------------------------------------------------------------------------------
# The initramfs


def _cpio_entry(name: str, mode: int, data: bytes = b"", ino: int = 0, rdev: tuple[int, int] = (0, 0)) -> bytes:
    # the "newc" format the kernel unpacks: a 110-byte ASCII header, name, data, 4-byte padding
    name_bytes = name.encode() + b"\0"
    fields = (ino, mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1], len(name_bytes), 0)
    header = b"070701" + b"".join(f"{f:08x}".encode() for f in fields)
    out = header + name_bytes
    out += b"\0" * (-len(out) % 4)
    out += data
    out += b"\0" * (-len(out) % 4)
    return out


def _shared_libraries(program: str) -> list[str]:
    result = subprocess.run(["ldd", program], capture_output=True, text=True)
    libs = []
    for line in result.stdout.splitlines():
        match = re.search(r"(/\S+)\s+\(0x", line)
        if match:
            libs.append(match.group(1))
    return libs


def _module_order(kernel: GuestKernel, names: tuple[str, ...]) -> list[Path]:
    """The module files for ``names`` and their dependencies, dependencies first."""
    deps: dict[str, list[str]] = {}
    by_name: dict[str, str] = {}
    for line in (kernel.modules / "modules.dep").read_text().splitlines():
        path, _, rest = line.partition(":")
        deps[path] = rest.split()
        by_name[re.sub(r"\.ko(\.\w+)?$", "", Path(path).name).replace("-", "_")] = path
    ordered: list[str] = []

    def visit(path: str) -> None:
        if path in ordered:
            return
        for dep in deps.get(path, []):
            visit(dep)
        ordered.append(path)

    for name in names:
        if name in by_name:  # built-in on some kernels: nothing to load
            visit(by_name[name])
    return [kernel.modules / p for p in ordered]


def build_initramfs(kernel: GuestKernel, stage2: str) -> bytes:
    """An uncompressed initramfs: host programs and libraries, early modules, the two stages."""
    path = _EXTRA_PATH
    programs = {}
    for name in _INITRAMFS_PROGRAMS:
        found = shutil.which(name, path=path)
        if found is None:
            raise VmLabError(f"The VM lab's boot image needs `{name}`, which is not installed.",
                             "Install util-linux, kmod and coreutils.")
        programs[name] = os.path.realpath(found)
    files: dict[str, bytes] = {}
    modes: dict[str, int] = {}
    for name, real in programs.items():
        files[f"bin/{name}"] = Path(real).read_bytes()
        modes[f"bin/{name}"] = 0o100755
        for lib in _shared_libraries(real):
            target = lib.lstrip("/")
            if target not in files:
                files[target] = Path(os.path.realpath(lib)).read_bytes()
                modes[target] = 0o100755
    modules = _module_order(kernel, _EARLY_MODULES)
    for module in modules:
        files[f"modules/{module.name}"] = module.read_bytes()
        modes[f"modules/{module.name}"] = 0o100644
    insmods = "\n".join(f"insmod /modules/{m.name}" for m in modules)
    files["init"] = _STAGE1.replace("@INSMODS@", insmods).replace("@TAG@", SHARE_TAG).encode()
    modes["init"] = 0o100755
    files["stage2"] = stage2.encode()
    modes["stage2"] = 0o100755
    dirs = {"bin", "dev", "proc", "sys", "lower", "rw", "newroot", "modules"}
    for name in files:
        parts = Path(name).parts[:-1]
        dirs.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    out = bytearray()
    ino = 1
    for directory in sorted(dirs):
        out += _cpio_entry(directory, 0o040755, ino=ino)
        ino += 1
    # the dynamic loader is looked up at /lib64 and the libraries at /lib/x86_64-linux-gnu
    for name in sorted(files):
        out += _cpio_entry(name, modes[name], files[name], ino=ino)
        ino += 1
    # the kernel opens /dev/console for init's output before anything is mounted
    out += _cpio_entry("dev/console", 0o020600, ino=ino, rdev=(5, 1))
    out += _cpio_entry("TRAILER!!!", 0)
    return bytes(out)


# Stage 1, the initramfs' /init: mount the host's / read-only over 9p, put a tmpfs overlay on
# top so the guest can write (to RAM), and switch to it. Falls back to the bare read-only share
# with tmpfs on the directories that must be writable if the overlay is refused.
_STAGE1 = """#!/bin/sh
export PATH=/bin
echo "fstune-vmlab: first stage" > /dev/console
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
@INSMODS@
mount -t 9p -o ro,trans=virtio,version=9p2000.L,msize=512000,cache=loose @TAG@ /lower || {
    echo "fstune-vmlab: cannot mount the host's root over 9p" >/dev/console; sleep 2; exit 1; }
mount -t tmpfs -o mode=0755 tmpfs /rw
mkdir -p /rw/upper /rw/work
if ! mount -t overlay -o lowerdir=/lower,upperdir=/rw/upper,workdir=/rw/work overlay /newroot; then
    echo "fstune-vmlab: overlay refused, using the read-only share with tmpfs mounts" >/dev/console
    mount --bind /lower /newroot
    # (this hides the host's /tmp and /var/tmp: fstune run from a checkout there cannot start)
    mount -n -t tmpfs -o mode=1777 tmpfs /newroot/tmp
    mount -n -t tmpfs -o mode=1777 tmpfs /newroot/var/tmp
fi
# /tmp and /var/tmp stay the host's (read-only below, RAM above): a checkout or venv there,
# as in a CI clone, must be visible to the guest
mount -n -t tmpfs -o mode=0755 tmpfs /newroot/run
cp /stage2 /newroot/run/fstune-stage2
mount -n --move /proc /newroot/proc
mount -n --move /sys /newroot/sys
mount -n --move /dev /newroot/dev
exec switch_root /newroot /bin/sh /run/fstune-stage2
"""

# Stage 2, on the shared root: the mounts a system expects, then the command server and udev
# (fstune's inventory reads it) side by side. The shell stays PID 1 and reaps orphans; when the server
# ends, the VM powers off.
_STAGE2 = """#!/bin/sh
export PATH=@PATH@ HOME=/root LANG=C.UTF-8 TERM=linux
stage() { read -r up _ < /proc/uptime; echo "fstune-vmlab: $up s: $*" > /dev/console; }
stage "second stage"
mkdir -p /dev/pts /dev/shm
mount -n -t devpts -o gid=5,mode=620,ptmxmode=666 devpts /dev/pts
mount -n -t tmpfs tmpfs /dev/shm
if ! touch /etc/.fstune-rw 2>/dev/null; then
    for d in /root /etc /var/lib /var/log /var/cache /var/spool /media /mnt; do
        [ -d "$d" ] || continue
        mkdir -p /run/fstune-copy"$d"
        cp -a "$d"/. /run/fstune-copy"$d"/ 2>/dev/null
        mount --bind /run/fstune-copy"$d" "$d"
    done
else
    rm -f /etc/.fstune-rw
fi
mkdir -p /run/lvm /run/cryptsetup /run/mdadm /run/udev
echo fstune-vm > /proc/sys/kernel/hostname
# a lab has no fstab entries to protect and no LVM/md of the host to find
: > /etc/fstab
: > /etc/crypttab 2>/dev/null
echo "ARRAY <ignore> devices=/dev/null" > /etc/mdadm/mdadm.conf 2>/dev/null
# the server first: its Python start (seconds of 9p reads) overlaps udev's start-up; it says
# ready only once udev has been triggered and has settled
stage "command server"
cd /
# -S and a plain script (not -m, which imports runpy): the server needs only a few standard
# modules, and each module less saves 9p lookups under emulation. Commands inherit PYTHONPATH.
PYTHONPATH=@SOURCE@ @PYTHON@ -S @SOURCE@/fstune/vmguest.py guest-serve &
stage "udev"
for udevd in /lib/systemd/systemd-udevd /usr/lib/systemd/systemd-udevd; do
    [ -x "$udevd" ] && { "$udevd" --daemon; break; }
done
# only block devices matter to fstune
udevadm trigger --action=add --subsystem-match=block >/dev/null 2>&1
: > @TRIGGERED@
wait
echo o > /proc/sysrq-trigger
"""


def stage2_script(python: str) -> str:
    return (_STAGE2.replace("@PATH@", f"{Path(python).parent}:{_EXTRA_PATH}")
            .replace("@PYTHON@", python).replace("@SOURCE@", str(Path(__file__).resolve().parent.parent))
            .replace("@TRIGGERED@", vmguest.UDEV_TRIGGERED))


# --------------------------------------------------------------------------------------------
# Up, status, down


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
    # "nbdkit" (through fstune/nbd_disk_plugin.py) or "file" (plain files, no nbdkit)
    disk_model: dict | None = None
    disk_serving: str = "file"

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


def _resolve_dir(directory: str | Path | None) -> Path:
    return Path(directory or DEFAULT_DIR).absolute()


def load_vm(directory: str | Path | None = None) -> VmLab | None:
    path = _resolve_dir(directory) / MANIFEST_NAME
    try:
        return VmLab.from_dict(json.loads(path.read_text()))
    except FileNotFoundError:
        return None
    except (ValueError, TypeError) as error:
        raise VmLabError(f"The VM lab manifest {path} is unreadable ({error}).",
                         f"Remove the VM lab with: fstune lab down --dir {path.parent}") from None


def _write_manifest(lab: VmLab) -> None:
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
    _reap(lab.pid)  # our own child after `up`: a zombie is not running
    return _pid_is_our_qemu(lab.pid, lab.directory)


def _partition_image(image: Path, size: int, spare_size: int) -> None:
    # the same layout as the loop lab, written into the file (sfdisk works on regular files)
    sfdisk = shutil.which("sfdisk", path=_EXTRA_PATH)
    if sfdisk is None:
        raise VmLabError("sfdisk is not installed.", "Install it with: apt-get install fdisk")
    spare_sectors = spare_size // 512
    layout = ("label: gpt\n"
              f"start=2048, size={(size - spare_size - 2 * 1024**2) // 512}, name=fstune-data\n"
              f"size={spare_sectors}, name=fstune-spare\n")
    subprocess.run([sfdisk, "--quiet", "--no-reread", "--no-tell-kernel", str(image)], input=layout,
                   text=True, check=True, capture_output=True)


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
            sock = vmdisks.socket_path(lab.directory, disk.index)
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
          disk_model: diskmodel.DiskParams | str | None = diskmodel.DEFAULT_PRESET) -> VmLab:
    """Make the disks, boot the VM and wait until its command server answers.

    ``disk_model``: the disks' mechanical model (a preset name, ``key=value,...`` as
    ``diskmodel.parse_spec`` reads it, parameters, or None for none). With nbdkit installed the
    disks are served through it even without a model, so ``set_disk_model`` can switch one on.
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
    nbdkit = _find_nbdkit(required=disk_model is not None)
    qemu = find_qemu()
    kernel = find_kernel()
    accel = (accel or os.environ.get(ACCEL_ENV) or "auto").lower()
    if accel not in {"auto", "tcg", "kvm"}:
        raise UsageError(f"Unknown accelerator '{accel}': use auto, tcg or kvm.")
    lab_dir = _resolve_dir(directory)
    existing = load_vm(lab_dir)
    if existing is not None:
        state = "running" if vm_running(existing) else "not running"
        raise VmLabError(f"There is already a VM lab in {lab_dir} ({state}).",
                         f"Remove it first with: fstune lab down{_dir_flag(lab_dir)}")
    lab_dir.mkdir(parents=True, exist_ok=True)
    token = secrets.token_hex(4)
    lab = VmLab(directory=lab_dir, token=token, pid=0, accel="tcg", kernel=kernel.version, disks=[],
                seek_ms=seek_ms, boot_seconds=0.0, state="creating",
                disk_model=disk_model.to_dict() if disk_model else None,
                disk_serving="nbdkit" if nbdkit else "file")
    _write_manifest(lab)  # first, so `lab down` finds a half-made lab
    try:
        for index in range(1, disks + 1):
            image = lab_dir / f"fstune-vmlab-disk{index}.img"
            with open(image, "wb") as handle:
                handle.truncate(disk_bytes)
            _partition_image(image, disk_bytes, spare_bytes)
            lab.disks.append(VmDisk(index, str(image), f"{SERIAL_PREFIX}{token}{index}", f"disk{index}",
                                    disk_bytes, spare_bytes))
        if nbdkit:
            vmdisks.write_models(lab_dir, [d.index for d in lab.disks], disk_model)
            for disk in lab.disks:
                try:
                    vmdisks.start_server(nbdkit, lab_dir, disk.index, Path(disk.image), str(lab.qmp_socket))
                except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
                    raise VmLabError(f"Cannot serve disk {disk.index} through nbdkit: {error}",
                                     f"Remove the lab with: fstune lab down{_dir_flag(lab_dir)}") from None
        kernel = GuestKernel(kernel.version, boot_image(kernel, lab_dir), kernel.modules)
        python = _guest_python()
        initramfs = lab_dir / "initramfs.cpio"
        initramfs.write_bytes(build_initramfs(kernel, stage2_script(python)))
        tries = ["kvm", "tcg"] if accel == "auto" and kvm_available() else ["tcg" if accel == "auto" else accel]
        for attempt in tries:
            lab.accel = attempt
            started = time.monotonic()
            process = _start_qemu(qemu_argv(qemu, lab, kernel, initramfs, memory_mib), lab)
            lab.pid = process.pid
            _write_manifest(lab)
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
                             f"Remove it with: fstune lab down{_dir_flag(lab_dir)}")
        lab.state = "ready"
        _write_manifest(lab)
        return lab
    except BaseException:
        # a failed or interrupted `up` leaves nothing running; files go with `lab down`
        _stop_qemu(lab)
        vmdisks.stop_servers(lab_dir)
        lab.state = "failed"
        _write_manifest(lab)
        raise


def _dir_flag(directory: Path) -> str:
    return "" if directory == DEFAULT_DIR else f" --dir {directory}"


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
    vmdisks.write_qemu_pid(lab.directory, process.pid)
    return process


def _wait_ready(lab: VmLab, process: subprocess.Popen, timeout: float, mark: str = READY_MARK) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            qemu_log = (lab.directory / "qemu.log").read_text(errors="replace").strip()
            raise VmLabError(f"QEMU stopped while the VM was booting.\n{qemu_log[-2000:]}\n{_console_tail(lab)}",
                             f"Remove the lab with: fstune lab down{_dir_flag(lab.directory)}")
        try:
            if mark in lab.console_log.read_text(errors="replace"):
                return True
        except OSError:
            pass
        time.sleep(0.05)
    return False


def _reap(pid: int) -> None:
    if pid > 0:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass


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
    lab_dir = _resolve_dir(directory)
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
    report.servers_stopped = vmdisks.stop_servers(lab_dir)
    for path in sorted(lab_dir.iterdir()) if lab_dir.is_dir() else []:
        if (path.name in _OWN_FILES or DISK_RE.match(path.name) or vmdisks.OWN_FILE_RE.match(path.name)
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


@dataclass
class VmStatus:
    directory: str
    exists: bool
    running: bool = False
    lab: dict | None = None

    def to_dict(self) -> dict:
        return asdict(self)


def vm_status(directory: str | Path | None = None) -> VmStatus:
    lab_dir = _resolve_dir(directory)
    lab = load_vm(lab_dir)
    if lab is None:
        return VmStatus(str(lab_dir), exists=False)
    return VmStatus(str(lab_dir), exists=True, running=vm_running(lab), lab=lab.to_dict())


def require_running(directory: str | Path | None = None) -> VmLab:
    lab_dir = _resolve_dir(directory)
    lab = load_vm(lab_dir)
    if lab is None:
        raise VmLabError(f"No VM lab in {lab_dir}.", "Start one with: sudo fstune lab up --vm")
    if not vm_running(lab):
        raise VmLabError(f"The VM lab in {lab_dir} is not running.",
                         f"Remove it with `fstune lab down{_dir_flag(lab_dir)}` and start it again.")
    return lab


# --------------------------------------------------------------------------------------------
# QMP: QEMU's control socket


def qmp(lab: VmLab, command: str, timeout: float = 10.0, **arguments) -> dict:
    """Run one QMP command and return its ``return`` value; a QMP error raises VmLabError."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        sock.connect(str(lab.qmp_socket))
        reader = sock.makefile("rb")
        json.loads(reader.readline())  # the greeting
        for request in ({"execute": "qmp_capabilities"},
                        {"execute": command, **({"arguments": arguments} if arguments else {})}):
            sock.sendall(json.dumps(request).encode() + b"\n")
            while True:
                line = reader.readline()
                if not line:
                    if command == "quit":
                        return {}
                    raise VmLabError(f"QEMU closed its control socket during `{command}`.")
                reply = json.loads(line)
                if "event" in reply:
                    continue
                if "error" in reply:
                    raise VmLabError(f"QEMU refused `{command}`: {reply['error'].get('desc')}.")
                break
        return reply.get("return", {})


def unplug_disk(lab: VmLab, index: int) -> None:
    """Hot-unplug emulated disk ``index`` (1-based), as if it were pulled from the machine."""
    disk = next((d for d in lab.disks if d.index == index), None)
    if disk is None:
        raise UsageError(f"The VM lab has no disk {index}.")
    qmp(lab, "device_del", id=disk.qdev_id)


def set_seek_ms(lab: VmLab, seek_ms: float | None) -> None:
    """Change every disk's flat per-I/O cost while the VM runs (None or 0: no limit).

    QEMU's throttle, not a disk model: every request costs the same, near or far (see
    docs/vmlab.md). Only with the disk model off."""
    if seek_ms and lab.disk_model:
        raise UsageError("The disks have a disk model: switch it off (set_disk_model None) first.")
    iops = max(1, round(1000 / seek_ms)) if seek_ms else 0
    for disk in lab.disks:
        qmp(lab, "block_set_io_throttle", id=disk.qdev_id, bps=0, bps_rd=0, bps_wr=0,
            iops=iops, iops_rd=0, iops_wr=0, iops_max=iops)
    lab.seek_ms = seek_ms or None
    _write_manifest(lab)


def _find_nbdkit(required: bool) -> str | None:
    """nbdkit's path; None when it is missing and no disk model was asked for."""
    try:
        return vmdisks.find_nbdkit()
    except vmdisks.NbdkitMissing as missing:
        if not required:
            return None
        raise VmLabError(f"The VM lab's disk model needs nbdkit and its Python plugin: {missing}.",
                         f"Install them with: apt-get install --no-install-recommends "
                         f"{' '.join(vmdisks.NBDKIT_PACKAGES)}\n"
                         "Or start the lab without the model: --disk-model none (no seek cost at all), "
                         "or --disk-model none --seek-ms MS (QEMU's flat cap of 1000/MS I/O per second: "
                         "no head, near and far cost the same).") from None


def set_disk_model(lab: VmLab, model: diskmodel.DiskParams | str | None) -> None:
    """Switch the disks' model while the VM runs (None: no model); returns once every disk's
    server has taken it. The model starts afresh: head at 0, caches empty."""
    if isinstance(model, str):
        try:
            model = diskmodel.parse_spec(model)
        except diskmodel.DiskModelError as error:
            raise UsageError(str(error)) from None
    if lab.disk_serving != "nbdkit":
        raise VmLabError("This VM lab's disks are plain files (nbdkit was not installed when it started): "
                         "there is no disk model to switch.")
    if model is not None and lab.seek_ms:
        set_seek_ms(lab, None)
    indexes = [d.index for d in lab.disks]
    generation = vmdisks.write_models(lab.directory, indexes, model)
    live = [i for i in indexes if i in vmdisks.running_servers(lab.directory)]
    if not vmdisks.wait_applied(lab.directory, live, generation):
        raise VmLabError("The disks' servers did not take the new model within 10 s.",
                         f"See {lab.directory}/disk*.nbdkit.log")
    lab.disk_model = model.to_dict() if model else None
    _write_manifest(lab)


def disk_stats(lab: VmLab) -> dict[int, dict | None]:
    """Each disk's server statistics: requests by kind, the plugin's own time per request, how
    late requests completed against the model (µs percentiles), recent flushes."""
    return {d.index: vmdisks.read_stats(lab.directory, d.index) for d in lab.disks}


def environment(lab: VmLab) -> dict:
    """What a result measured in this lab depends on, for storing beside every run and export:
    the lab kind, the disk model's parameters (None: no model), how the disks were served,
    the flat per-I/O cap if any, KVM or TCG, and the guest kernel's release."""
    return {"lab": "vm", "disk_model": lab.disk_model, "disk_serving": lab.disk_serving,
            "seek_ms": lab.seek_ms, "accel": lab.accel, "guest_kernel": lab.kernel}


def current_environment() -> dict | None:
    """Inside a VM-lab guest: ``environment`` of the lab this command runs in (the host passes it
    to every command it starts); elsewhere None. The guest kernel is checked against uname."""
    raw = os.environ.get(ENVIRONMENT_VAR)
    if not raw or _guest_token() is None:
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    data["guest_kernel"] = os.uname().release
    return data


# --------------------------------------------------------------------------------------------
# The command channel (its framing and the guest's server live in fstune.vmguest)


def _connect_port(lab: VmLab, timeout: float = 30.0) -> tuple[socket.socket, int]:
    """Connect to a free command port; a lock file per port keeps two host clients apart."""
    import fcntl

    deadline = time.monotonic() + timeout
    while True:
        for n in range(COMMAND_PORTS):
            lock_path = lab.directory / f"cmd{n}.sock.lock"
            lock_fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(lock_fd)
                continue
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(str(lab.port_socket(n)))
            except OSError as error:
                sock.close()
                os.close(lock_fd)
                raise VmLabError(f"Cannot reach the VM's command port {n} ({error.strerror}).",
                                 "Is the VM still running? See: fstune lab status") from None
            return sock, lock_fd
        if time.monotonic() > deadline:
            raise VmLabError(f"All {COMMAND_PORTS} command ports of the VM are busy.",
                             "Wait for the other commands to end.")
        time.sleep(0.1)


def vm_run(lab: VmLab, argv: list[str], *, stdout=None, stderr=None, stdin=None, tty: bool = False,
           env: dict[str, str] | None = None, cwd: str | None = None, timeout: float | None = None) -> int:
    """Run ``argv`` in the guest and stream its output; return its exit status (128+N for signal N).

    ``stdout``/``stderr`` are binary file objects (default: this process's), ``stdin`` a file
    descriptor to forward (None: the command gets /dev/null). With ``tty`` the command runs in
    a pseudo-terminal sized like ours and stdin is forwarded raw, for interactive programs.
    """
    out = stdout if stdout is not None else sys.stdout.buffer
    err = stderr if stderr is not None else sys.stderr.buffer
    request_id = secrets.randbits(31) or 1
    # every command learns the lab's environment as it is now (the model may have been switched)
    current = load_vm(lab.directory) or lab
    env = {ENVIRONMENT_VAR: json.dumps(environment(current)), **(env or {})}
    request = {"argv": argv, "env": env, "cwd": cwd or "/", "tty": tty}
    if tty:
        size = shutil.get_terminal_size()
        request.update(rows=size.lines, cols=size.columns)
    sock, lock_fd = _connect_port(lab)
    reader = _FrameReader()
    deadline = None if timeout is None else time.monotonic() + timeout
    try:
        sock.sendall(_frame(T_REQUEST, request_id, vmguest.encode_request(request)))
        if stdin is None:
            sock.sendall(_frame(T_STDIN_EOF, request_id))
        watch = [sock] + ([stdin] if stdin is not None else [])
        while True:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            if deadline is not None and wait == 0:
                sock.sendall(_frame(T_SIGNAL, request_id, b"9"))
                raise VmLabError(f"`{' '.join(argv)}` did not finish within {timeout:.0f} s in the VM; it was killed.")
            ready, _, _ = select.select(watch, [], [], wait)
            if stdin is not None and stdin in ready:
                data = os.read(stdin, 65536)
                if data:
                    sock.sendall(_frame(T_STDIN, request_id, data))
                else:
                    sock.sendall(_frame(T_STDIN_EOF, request_id))
                    watch.remove(stdin)
            if sock in ready:
                data = sock.recv(65536)
                if not data:
                    raise VmLabError("The VM closed the command channel before the command ended.",
                                     "See the guest console: fstune lab status")
                for kind, rid, payload in reader.feed(data):
                    if rid != request_id:
                        continue  # left over from an interrupted command
                    if kind == T_STDOUT:
                        out.write(payload)
                        out.flush()
                    elif kind == T_STDERR:
                        err.write(payload)
                        err.flush()
                    elif kind == T_EXIT:
                        return int(payload)
    except KeyboardInterrupt:
        # pass Ctrl-C on to the guest command and let it finish on its own terms
        try:
            sock.sendall(_frame(T_SIGNAL, request_id, str(int(signal.SIGINT)).encode()))
        except OSError:
            pass
        raise
    finally:
        sock.close()
        os.close(lock_fd)


def vm_run_capture(lab: VmLab, argv: list[str], timeout: float | None = 600, **kwargs) -> tuple[int, str, str]:
    """``vm_run`` collecting stdout and stderr as text."""
    import io

    out, err = io.BytesIO(), io.BytesIO()
    status = vm_run(lab, argv, stdout=out, stderr=err, timeout=timeout, **kwargs)
    return status, out.getvalue().decode(errors="replace"), err.getvalue().decode(errors="replace")


# --------------------------------------------------------------------------------------------
# The guest side


def _guest_token(cmdline: str | None = None) -> str | None:
    if cmdline is None:
        try:
            cmdline = Path("/proc/cmdline").read_text()
        except OSError:
            return None
    for word in cmdline.split():
        key, _, value = word.partition("=")
        if key == CMDLINE_KEY and re.fullmatch(r"[0-9a-f]{8}", value):
            return value
    return None


def _scsi_serial(device_dir: Path) -> str | None:
    try:
        page = (device_dir / "vpd_pg80").read_bytes()
    except OSError:
        return None
    # the unit serial number page: a 4-byte header, then the serial
    return page[4:4 + page[3]].decode(errors="replace").strip() if len(page) >= 4 else None


def is_vm_lab_disk(disk: Path, cmdline: str | None = None) -> bool:
    """True when the sysfs block node ``disk`` is an emulated disk of the VM lab we run in.

    Only inside a VM lab guest (the kernel command line names the lab's token) and only for a
    disk with the lab's vendor and model whose serial carries that token.
    """
    token = _guest_token(cmdline)
    if token is None:
        return False
    device = disk / "device"
    vendor = _read(device / "vendor")
    model = _read(device / "model")
    serial = _scsi_serial(device)
    return (vendor == DISK_VENDOR and model == DISK_MODEL and serial is not None
            and re.fullmatch(rf"{SERIAL_PREFIX}{token}\d+", serial) is not None)


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip()
    except OSError:
        return None


def main(argv: list[str] | None = None) -> int:
    # kept for `python -m fstune.vmlab guest-serve`; the VM itself runs fstune/vmguest.py directly
    return vmguest.main(argv)


if __name__ == "__main__":
    sys.exit(main())
