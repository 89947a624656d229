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
  second stage starts the command server (``fstune.vmlab.guest``) and udev side by side. The kernel
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

One module per job (docs/vmlab.md): ``constants``, ``host`` (QEMU, the kernel, KVM),
``initramfs`` (the boot image and its two stages), ``state`` (the manifest, is QEMU running),
``boot`` (``vm_up``, ``vm_down``), ``disks`` (the disk images, the disk model, the seek cap,
unplugging), ``servers`` (each disk's nbdkit, serving it through ``fstune.diskmodel``), ``dilation``
(how much slower the guest's CPU is than the host's, measured for time dilation, and the guest's
own timers stretched as much), ``control``
(QMP), ``channel`` (``vm_run``), ``guest`` (the command server the guest runs as a plain script,
and the channel's framing), ``labenv`` (what a result depends on) and ``guestdisks`` (inside the
guest: which disks are the lab's). This package re-exports the names callers use and never imports
Textual.
"""

from __future__ import annotations

from fstune.vmlab.boot import VmDown, qemu_argv, vm_down, vm_up
from fstune.vmlab.channel import vm_run, vm_run_capture
from fstune.vmlab.constants import (ACCEL_ENV, CMDLINE_KEY, COMMAND_PORTS, DEFAULT_DIR, DEFAULT_DISKS,
                                    DEFAULT_MEMORY_MIB, DEFAULT_SIZE, DEFAULT_SPARE_SIZE, DISK_MODEL, DISK_RE,
                                    DISK_VENDOR, ENVIRONMENT_VAR, KERNEL_PACKAGE, KVM_PROBE_TIMEOUT, MANIFEST_NAME,
                                    MAX_DISKS, PORT_PREFIX, QBOOT, QEMU_PACKAGE, READY_TIMEOUT, ROTATION_RPM,
                                    SERIAL_PREFIX, SHARE_TAG, STAGE1_MARK, VmLabError)
from fstune.vmlab.disks import disk_stats, find_nbdkit, set_dilation, set_disk_model, set_seek_ms, unplug_disk
from fstune.vmlab.labenv import current_environment, environment
from fstune.vmlab.guestdisks import is_vm_lab_disk
from fstune.vmlab.host import GuestKernel, boot_image, find_kernel, find_qemu, kvm_available, kvm_unusable
from fstune.vmlab.initramfs import build_initramfs, stage2_script
from fstune.vmlab.control import qmp
from fstune.vmlab.state import VmDisk, VmLab, VmStatus, dir_flag, load_vm, require_running, vm_running, vm_status

__all__ = [
    "ACCEL_ENV", "CMDLINE_KEY", "COMMAND_PORTS", "DEFAULT_DIR", "DEFAULT_DISKS", "DEFAULT_MEMORY_MIB", "DEFAULT_SIZE",
    "DEFAULT_SPARE_SIZE", "DISK_MODEL", "DISK_RE", "DISK_VENDOR", "ENVIRONMENT_VAR", "GuestKernel", "KERNEL_PACKAGE",
    "KVM_PROBE_TIMEOUT", "MANIFEST_NAME", "MAX_DISKS", "PORT_PREFIX", "QBOOT", "QEMU_PACKAGE", "READY_TIMEOUT",
    "ROTATION_RPM", "SERIAL_PREFIX", "SHARE_TAG", "STAGE1_MARK", "VmDisk", "VmDown", "VmLab", "VmLabError",
    "VmStatus", "boot_image", "build_initramfs", "current_environment", "dir_flag", "disk_stats", "environment",
    "find_kernel", "find_nbdkit", "find_qemu", "is_vm_lab_disk", "kvm_available", "kvm_unusable", "load_vm",
    "qemu_argv", "qmp", "require_running", "set_dilation", "set_disk_model", "set_seek_ms", "stage2_script", "unplug_disk", "vm_down",
    "vm_run", "vm_run_capture", "vm_running", "vm_status", "vm_up",
]
