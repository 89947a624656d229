"""What the running system is doing with its block devices: mounts, swaps, fstab, crypttab.

``SystemState`` is a snapshot of four kernel/admin tables, plus the block devices another
process holds locked (``fstune.devlock``). The inventory matches it against the
udev records to decide which devices are in use. Every source can be given as text, so tests
feed recorded fixtures instead of the live machine; only ``SystemState.read()`` touches files.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field, replace
from typing import Callable

from fstune.util.procfs import read_text

# a further fstab fstune reads beside /etc/fstab (and `fstune export --write-fstab` writes to): for
# tests that must not touch the machine's own, and a fleet study's fstune_fstab. Never instead of /etc/fstab: a device the system
# mounts at boot stays locked whatever this says.
FSTAB_ENV = "FSTUNE_FSTAB"

# fstab/crypttab spec prefixes that name a device by a udev property rather than by a path
SPEC_TAGS = ("UUID", "LABEL", "PARTUUID", "PARTLABEL", "ID")

_OCTAL = re.compile(r"\\([0-7]{3})")


def unescape_octal(text: str) -> str:
    r"""Undo the kernel's and fstab's ``\040``-style escapes (space, tab, newline, backslash)."""
    if "\\" not in text:
        return text
    return _OCTAL.sub(lambda m: chr(int(m.group(1), 8)), text)


@dataclass(frozen=True)
class Mount:
    """One line of /proc/self/mountinfo."""

    major: int
    minor: int
    root: str  # the subtree of the filesystem that is mounted ("/" unless a bind mount)
    mountpoint: str
    fs_type: str
    source: str  # "/dev/sda1", "tmpfs", "server:/export" …
    # the ids that tell stacked mounts on one mountpoint apart (fstune/runner/mountcheck.py)
    mount_id: int = 0
    parent_id: int = 0
    options: str = ""  # the per-mount options the kernel applied: "rw,noatime"
    super_options: str = ""  # the filesystem's own options as the kernel shows them: "rw,journal_path=…"

    @property
    def majmin(self) -> str:
        return f"{self.major}:{self.minor}"


@dataclass(frozen=True)
class Swap:
    """One active swap area from /proc/swaps."""

    path: str
    kind: str  # "partition" | "file"
    majmin: str | None  # the block device's "major:minor" when the path is one


@dataclass(frozen=True)
class TabEntry:
    """A device reference in /etc/fstab or /etc/crypttab, with the line it came from."""

    file: str  # "/etc/fstab" | "/etc/crypttab"
    line: int
    spec: str  # as written: "UUID=…", "/dev/sdb1", "/dev/disk/by-id/…"
    tag: str | None  # UUID | LABEL | PARTUUID | PARTLABEL | ID, or None for a path
    value: str  # the tag's value, or the path
    target: str  # fstab: the mountpoint; crypttab: the mapping name
    fs_type: str = ""  # fstab only
    role: str = "device"  # crypttab: "device" or "key file device"
    resolved: str | None = None  # live only: the kernel name a /dev path points to

    def describe(self) -> str:
        if self.file.endswith("crypttab"):
            what = "key file device of" if self.role != "device" else "device of"
            return f"{self.file} line {self.line} ({what} {self.target}: {self.spec})"
        if self.fs_type == "swap":
            return f"{self.file} line {self.line} ({self.spec} as swap)"
        return f"{self.file} line {self.line} ({self.spec} on {self.target})"


def parse_mountinfo(text: str) -> list[Mount]:
    """Parse /proc/self/mountinfo (see proc(5)); malformed lines are skipped, not fatal."""
    mounts = []
    for line in text.splitlines():
        fields = line.split()
        try:
            dash = fields.index("-", 6)  # optional fields end at a lone "-"
            major, minor = fields[2].split(":")
            mounts.append(Mount(
                int(major), int(minor), unescape_octal(fields[3]), unescape_octal(fields[4]),
                fields[dash + 1], unescape_octal(fields[dash + 2]) if len(fields) > dash + 2 else "",
                mount_id=int(fields[0]), parent_id=int(fields[1]), options=fields[5],
                super_options=unescape_octal(fields[dash + 3]) if len(fields) > dash + 3 else "",
            ))
        except (ValueError, IndexError):
            continue
    return mounts


def rdev_majmin(path: str) -> str | None:
    """``"8:2"`` for a block device node, else None (swap files, vanished paths)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISBLK(st.st_mode):
        return None
    return f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}"


def parse_swaps(text: str, rdev_of: Callable[[str], str | None] | None = None) -> list[Swap]:
    """Parse /proc/swaps. ``rdev_of`` maps a path to "major:minor" (os.stat on a live system)."""
    swaps = []
    for line in text.splitlines()[1:]:  # first line is the header
        fields = line.split()
        if len(fields) < 2:
            continue
        path = unescape_octal(fields[0])
        kind = fields[1]
        majmin = rdev_of(path) if (rdev_of and kind == "partition") else None
        swaps.append(Swap(path, kind, majmin))
    return swaps


def parse_spec(spec: str) -> tuple[str | None, str]:
    """``UUID="ab-cd"`` → ("UUID", "ab-cd"); ``/dev/sdb1`` → (None, "/dev/sdb1")."""
    tag, sep, value = spec.partition("=")
    if sep and tag.upper() in SPEC_TAGS:
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        return tag.upper(), value
    return None, spec


def _is_device_spec(spec: str) -> bool:
    tag, value = parse_spec(spec)
    return tag is not None or value.startswith("/dev/")


def _table_lines(text: str):
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            yield number, line.split()


def parse_fstab(text: str, file: str = "/etc/fstab") -> list[TabEntry]:
    """Device references in fstab (see fstab(5)); network and pseudo filesystems are skipped."""
    entries = []
    for number, fields in _table_lines(text):
        spec = unescape_octal(fields[0])
        if not _is_device_spec(spec):
            continue  # tmpfs, proc, "server:/export", "none" …
        tag, value = parse_spec(spec)
        target = unescape_octal(fields[1]) if len(fields) > 1 else ""
        fs_type = fields[2] if len(fields) > 2 else ""
        entries.append(TabEntry(file, number, spec, tag, value, target, fs_type))
    return entries


def parse_crypttab(text: str, file: str = "/etc/crypttab") -> list[TabEntry]:
    """Device references in crypttab: the encrypted device and a key file's device if any."""
    entries = []
    for number, fields in _table_lines(text):
        if len(fields) < 2:
            continue
        name = fields[0]
        device = unescape_octal(fields[1])
        if _is_device_spec(device):
            tag, value = parse_spec(device)
            entries.append(TabEntry(file, number, device, tag, value, name))
        if len(fields) > 2:
            # systemd allows "keyfile:DEVICE" (the key file lives on DEVICE) or a raw key device
            key = unescape_octal(fields[2])
            candidate = key.partition(":")[2] if ":" in key else key
            if _is_device_spec(candidate):
                tag, value = parse_spec(candidate)
                entries.append(TabEntry(file, number, candidate, tag, value, name,
                                        role="key file device"))
    return entries


def _resolve_dev_path(path: str) -> str | None:
    """The kernel name a /dev path (or /dev/disk/by-* symlink) points at, if it exists."""
    real = os.path.realpath(path)
    if real.startswith("/dev/") and os.path.exists(real):
        return os.path.basename(real)
    return None


@dataclass
class SystemState:
    """Mounts, active swaps and fstab/crypttab device references at one moment."""

    mounts: list[Mount] = field(default_factory=list)
    swaps: list[Swap] = field(default_factory=list)
    fstab: list[TabEntry] = field(default_factory=list)
    crypttab: list[TabEntry] = field(default_factory=list)
    # "major:minor" of a locked block node → who holds it, e.g. "locked: in use by fstune run
    # R (pid N)" (fstune.devlock.Holder.describe); locks of this very process are not listed
    locks: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_texts(cls, mountinfo: str = "", swaps: str = "", fstab: str = "", crypttab: str = "",
                   rdev_of: Callable[[str], str | None] | None = None) -> "SystemState":
        """Build from file contents; without ``rdev_of`` swaps are matched by path only."""
        return cls(parse_mountinfo(mountinfo), parse_swaps(swaps, rdev_of), parse_fstab(fstab),
                   parse_crypttab(crypttab))

    @classmethod
    def read(cls, root: str = "/", device_locks: bool = True) -> "SystemState":
        """Snapshot the live system (``root`` only moves /etc, for chroots).

        ``device_locks=False`` leaves out who holds which device locked: ``fstune plan`` writes
        nothing, so a lock is no reason for it to refuse a device.
        """
        etc = os.path.join(root, "etc")
        fstab = os.path.join(etc, "fstab")
        state = cls.from_texts(
            read_text("/proc/self/mountinfo"), read_text("/proc/swaps"),
            read_text(fstab), read_text(os.path.join(etc, "crypttab")),
            rdev_of=rdev_majmin,
        )
        extra = os.environ.get(FSTAB_ENV)
        if extra and os.path.abspath(extra) != os.path.abspath(fstab):
            state.fstab += parse_fstab(read_text(extra), extra)
        # resolve /dev paths now, on the live system, so that a symlink the udev database does
        # not list (e.g. a hand-made one) still finds its device
        for table in (state.fstab, state.crypttab):
            for index, entry in enumerate(table):
                if entry.tag is None:
                    table[index] = _with_resolved(entry, _resolve_dev_path(entry.value))
        if device_locks:
            from fstune import devlock

            state.locks = {majmin: holder.describe()
                           for majmin, holder in devlock.locked_devices(exclude_pid=os.getpid()).items()}
        return state


def _with_resolved(entry: TabEntry, name: str | None) -> TabEntry:
    return replace(entry, resolved=name)
