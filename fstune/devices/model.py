"""The data an inventory holds: one ``Device`` per disk or partition, each with a ``Verdict``.

These types are plain data so that the CLI (``fstune disks --json``), the plan, the runner's
identity re-check and the TUI all read the same thing, and tests can build them from recorded
udev property sets without a real machine.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum


class Status(StrEnum):
    """What fstune may do with a device. The values are in ``fstune disks --json``: keep them."""

    USABLE = "usable"  # nothing on it that fstune would destroy unasked
    CONFIRM = "confirm"  # holds a filesystem: usable once the user types its name
    LOCKED = "locked"  # cannot be chosen; ``reason`` says why


USABLE, CONFIRM, LOCKED = Status.USABLE, Status.CONFIRM, Status.LOCKED


@dataclass(frozen=True)
class Verdict:
    status: Status
    reason: str  # one line a person understands; empty only for plain USABLE
    notes: tuple[str, ...] = ()  # extra, non-blocking remarks ("a sibling partition is mounted")

    @property
    def choosable(self) -> bool:
        return self.status != LOCKED


@dataclass(frozen=True)
class Identity:
    """What must still be true right before fstune writes to a device the user chose."""

    path: str
    major: int
    minor: int
    size: int
    serial: str | None = None
    partuuid: str | None = None
    backing_file: str | None = None  # a loop device's (or its partition's)


@dataclass
class Device:
    name: str  # kernel name: "sda1", "nvme0n1p2", "loop3p1"
    path: str  # "/dev/sda1"
    devtype: str  # "disk" | "partition"
    major: int
    minor: int
    size: int  # bytes
    model: str | None = None
    serial: str | None = None
    transport: str | None = None  # usb, sata, nvme, virtio, loop, scsi, ...
    rotational: bool | None = None
    read_only: bool = False
    logical_block_size: int | None = None
    physical_block_size: int | None = None
    fs_type: str | None = None  # ID_FS_TYPE: ext4, xfs, swap, jbd, xfs_external_log, LVM2_member …
    fs_usage: str | None = None  # ID_FS_USAGE: filesystem, raid, crypto, other
    fs_label: str | None = None
    fs_uuid: str | None = None
    fs_version: str | None = None
    part_table_type: str | None = None  # disks: gpt | dos; partitions: a table inside them
    partuuid: str | None = None
    part_label: str | None = None
    part_number: int | None = None
    parent: str | None = None  # a partition's disk name
    children: list[str] = field(default_factory=list)  # a disk's partition names
    holders: list[str] = field(default_factory=list)  # dm-0, md127 …
    mountpoints: list[str] = field(default_factory=list)
    swap: bool = False
    devlinks: list[str] = field(default_factory=list)  # /dev/disk/by-… symlinks
    lab: bool = False  # made by `fstune lab`
    backing_file: str | None = None  # loop devices: the file behind them
    verdict: Verdict = field(default_factory=lambda: Verdict(USABLE, ""))

    @property
    def majmin(self) -> str:
        return f"{self.major}:{self.minor}"

    @property
    def disk(self) -> str:
        """The whole disk this device is on (itself for a disk)."""
        return self.parent or self.name

    def identity(self) -> Identity:
        return Identity(self.path, self.major, self.minor, self.size, self.serial, self.partuuid, self.backing_file)

    def to_json(self) -> dict:
        data = asdict(self)
        data["verdict"] = asdict(self.verdict)
        data["verdict"]["notes"] = list(self.verdict.notes)
        return data
