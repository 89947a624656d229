"""The VM lab's names and limits, and its error: what its modules share."""

from __future__ import annotations

import re
from pathlib import Path

from fstune.errors import FstuneError
from fstune.vmlab import guest

DEFAULT_DIR = Path("/var/tmp/fstune-vmlab")
MANIFEST_NAME = "fstune-vmlab.json"
DISK_RE = re.compile(r"^fstune-vmlab-disk(\d+)\.img$")
DEFAULT_DISKS = 2
MAX_DISKS = 8
DEFAULT_SIZE = "1G"
DEFAULT_SPARE_SIZE = "256M"
DEFAULT_MEMORY_MIB = 1536
COMMAND_PORTS = guest.COMMAND_PORTS  # commands that can run at once (one virtio-serial port each)
READY_TIMEOUT = 120.0  # seconds; a TCG boot here takes well under 30
KVM_PROBE_TIMEOUT = 5.0  # a KVM guest that has not reached its initramfs by then is hung
STAGE1_MARK = "fstune-vmlab: first stage"
DISK_VENDOR = "FSTUNE"
DISK_MODEL = "fstune-vmlab"
SERIAL_PREFIX = "fstunevm"
CMDLINE_KEY = "fstune.vmlab"
SHARE_TAG = "fstuneroot"
PORT_PREFIX = guest.PORT_PREFIX
ACCEL_ENV = "FSTUNE_VM_ACCEL"  # auto (default), tcg or kvm
ROTATION_RPM = 7200
ENVIRONMENT_VAR = "FSTUNE_LAB_ENVIRONMENT"  # the lab's environment (JSON), for commands in the guest
QBOOT = Path("/usr/share/qemu/qboot.rom")

QEMU_PACKAGE = "qemu-system-x86"
KERNEL_PACKAGE = "linux-image-amd64"


class VmLabError(FstuneError):
    """The VM lab cannot be started, reached or stopped."""
