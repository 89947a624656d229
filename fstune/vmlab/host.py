"""What the host needs to boot the VM lab: QEMU, a distribution kernel with 9p, maybe KVM."""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from fstune.vmlab.constants import KERNEL_PACKAGE, QEMU_PACKAGE, VmLabError
from fstune.util.paths import EXTRA_PATH

def find_qemu() -> str:
    path = shutil.which("qemu-system-x86_64", path=f"{os.environ.get('PATH', '')}:{EXTRA_PATH}")
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


def kvm_available(sys_module: Path = Path("/sys/module"), device: str = "/dev/kvm") -> bool:
    """/dev/kvm opens and is hardware KVM: worth a try (it may still hang, see ``vm_up``)."""
    return kvm_unusable(sys_module, device) is None


def kvm_unusable(sys_module: Path = Path("/sys/module"), device: str = "/dev/kvm") -> str | None:
    """Why the lab will not try KVM here (one sentence), or None when it will."""
    # a /dev/kvm without kvm_intel/kvm_amd is another backend (e.g. kvm_pvm in a sandbox) that
    # boots only guest kernels built for it: Debian's kernel hangs at once under it (docs/vmlab.md)
    if not os.path.exists(device):
        return f"there is no {device}"
    if not any((sys_module / name).is_dir() for name in ("kvm_intel", "kvm_amd")):
        others = sorted(p.name for p in sys_module.glob("kvm_*"))
        return (f"{device} is not hardware KVM (no kvm_intel or kvm_amd module"
                + (f"; it is {', '.join(others)}" if others else "") + ")")
    try:
        fd = os.open(device, os.O_RDWR | os.O_CLOEXEC)
    except OSError as error:
        return f"{device} does not open ({error.strerror})"
    os.close(fd)
    return None


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
