"""The VM lab's boot image: a small initramfs made here, and the two stages it runs.

Unpacking Debian's 30 MB initrd under software emulation costs seconds; this one holds the
host's few programs and the modules needed to mount the 9p root (docs/vmlab.md).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from fstune.util.paths import EXTRA_PATH
from fstune.vmlab import guest
from fstune.vmlab.constants import SHARE_TAG, VmLabError
from fstune.vmlab.host import GuestKernel

# the checkout the guest runs (the directory that holds the fstune package), shared over 9p
_SOURCE = Path(__file__).resolve().parent.parent.parent

# modules the initramfs loads, in dependency order, to mount the 9p root with an overlay;
# everything else is loaded by the second stage from the shared /lib/modules
# plus the disks' and command ports' drivers, which load much faster from the initramfs than by
# udev over 9p; filesystems, dm and md load on demand later from the shared /lib/modules
_EARLY_MODULES = ("virtio", "virtio_ring", "virtio_pci_legacy_dev", "virtio_pci_modern_dev", "virtio_pci",
                  "netfs", "fscache", "9pnet", "9pnet_virtio", "9p", "overlay",
                  "virtio_scsi", "sd_mod", "virtio_console")
# host programs copied into the initramfs, with the libraries they need
_INITRAMFS_PROGRAMS = ("sh", "mount", "insmod", "switch_root", "mkdir", "cat", "sleep", "cp")


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
    path = EXTRA_PATH
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
PYTHONPATH=@SOURCE@ @PYTHON@ -S @SERVER@ guest-serve &
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
    return (_STAGE2.replace("@PATH@", f"{Path(python).parent}:{EXTRA_PATH}")
            .replace("@PYTHON@", python).replace("@SOURCE@", str(_SOURCE))
            # the server's file, found from its module: the guest sees this checkout at the same path
            .replace("@SERVER@", str(Path(guest.__file__).resolve()))
            .replace("@TRIGGERED@", guest.UDEV_TRIGGERED))
