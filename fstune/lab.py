"""The lab: loop-device "disks" backed by files, for workshops and machines with no spare disk.

Naming convention (the inventory and the test guard rely on it): a lab lives in one directory
that holds a manifest called ``fstune-lab.json`` and backing files called
``fstune-lab-disk<N>.img``. A loop device belongs to a lab exactly when its backing file has
that name and the manifest sits beside it.

Each lab disk gets a GPT with two partitions: ``fstune-data`` (the filesystem under test) and
``fstune-spare`` (an external journal or log). The spare that serves a data partition sits on
the *next* disk (round-robin), because a journal on the same spindle as its filesystem has no
seek benefit.

The manifest is only a record. What is attached is always read back from the kernel
(``/sys/block/loop*/loop/backing_file``), so ``lab_down`` cleans up after a killed ``lab up``,
after a reboot-free crash, and after someone deleted the backing files under the loop devices.

A lab whose disk a run holds locked (``fstune.devlock``) is never taken down: ``lab_down``
takes every lab disk's lock itself first and refuses, saying which run holds which disk.

The write guard (``assert_lab_device``) lives here too: with ``FSTUNE_LAB_ONLY=1`` fstune writes
only to lab devices, which is how the test suite proves it never touches a real disk.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import stat
import subprocess
import time
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path

# the lab disks' recognition lives with the inventory, which needs it (docs/ARCHITECTURE.md)
from fstune.devices.labdisk import BACKING_RE, MANIFEST_NAME, is_lab_backing_file  # noqa: F401
from fstune.errors import DeviceError, FstuneError, UnsafeDeviceError, UsageError
from fstune.units import format_size, parse_size

# /var/tmp survives a reboot (unlike /tmp on tmpfs) and is not RAM: the disks' blocks are real.
# FSTUNE_LAB_DIR moves it (a class on a shared machine, or a test that must not meet a user's lab).
BUILTIN_DIR = Path("/var/tmp/fstune-lab")
DEFAULT_DIR = Path(os.environ.get("FSTUNE_LAB_DIR") or BUILTIN_DIR)
DEFAULT_SIZE = "1G"
DEFAULT_SPARE_SIZE = "256M"
DATA_PART_NAME = "fstune-data"
SPARE_PART_NAME = "fstune-spare"
DATA_PARTNO = 1
SPARE_PARTNO = 2
MAX_DISKS = 16
GUARD_ENV = "FSTUNE_LAB_ONLY"
DETACH_TIMEOUT = 10.0  # seconds to wait for a detached loop device to be released

MIB = 1024**2
# XFS refuses data sections under 300 MB; everything else fstune formats is smaller
MIN_DATA_BYTES = 300 * MIB
# newer xfsprogs want an external log of at least 64 MiB; 256 MiB also fits Btrfs' minimum
MIN_SPARE_BYTES = 64 * MIB
# 1 MiB before the first partition (alignment) and 1 MiB slack for the backup GPT at the end
GPT_OVERHEAD_BYTES = 2 * MIB
MANIFEST_VERSION = 1

# Where the kernel's view lives; tests point these at recorded trees.
_SYS = Path("/sys")
_PROC = Path("/proc")
_DEV = Path("/dev")

_NOT_LAB_HINT = (
    f"With {GUARD_ENV}=1 (as in fstune's tests) fstune writes only to disks made by "
    "`fstune lab up`. Use a lab device, or unset the variable to work on real disks."
)

# which package brings a tool, for "install it" hints (Debian/Ubuntu names)
_TOOL_HINTS = {
    "losetup": "losetup comes with util-linux; on Debian and Ubuntu install the `mount` package.",
    "sfdisk": "sfdisk comes with util-linux; on Debian and Ubuntu install the `fdisk` package.",
    "partx": "partx comes with util-linux; on Debian and Ubuntu install the `util-linux` package.",
    "udevadm": "udevadm comes with systemd; on Debian and Ubuntu install the `udev` package.",
    "wipefs": "wipefs comes with util-linux; on Debian and Ubuntu install the `util-linux` package.",
    "umount": "umount comes with util-linux; on Debian and Ubuntu install the `mount` package.",
    "swapoff": "swapoff comes with util-linux; on Debian and Ubuntu install the `mount` package.",
}
# sudo and `su` without `-` often leave the sbin directories out of PATH
_EXTRA_PATH = "/usr/local/sbin:/usr/sbin:/sbin:/usr/local/bin:/usr/bin:/bin"


def backing_file_name(index: int) -> str:
    return f"fstune-lab-disk{index}.img"


def default_lab_dir() -> Path:
    return DEFAULT_DIR


def dir_flag(directory: str | Path) -> str:
    """`` --dir DIR`` for the lab commands printed for the user, or "" for the built-in place.

    A default moved by FSTUNE_LAB_DIR is named too: sudo drops the variable, so the printed
    ``sudo fstune lab down`` would look in the built-in place (docs/teaching.md)."""
    where = Path(directory).resolve()
    return "" if where == BUILTIN_DIR.resolve() else f" --dir {shlex.quote(str(where))}"


# --------------------------------------------------------------------------------------------
# The write guard


def guard_enabled() -> bool:
    """True when fstune may write only to lab devices (``FSTUNE_LAB_ONLY=1``)."""
    return os.environ.get(GUARD_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


def assert_lab_device(path: str | Path) -> Path:
    """Raise ``UnsafeDeviceError`` unless ``path`` is a lab loop device or a partition of one.

    The check goes by the device number, not the name: ``path`` is stat()ed (so symlinks such
    as /dev/disk/by-partlabel/… count as their target), its major:minor is looked up in
    /sys/dev/block, a partition is replaced by its parent disk, and that disk must be a loop
    device whose backing file follows the lab naming convention with a manifest beside it.
    Returns the backing file.
    """
    text = str(path)
    try:
        st = os.stat(text)
    except FileNotFoundError:
        raise UnsafeDeviceError(f"Refusing to write to {text}: it does not exist.", _NOT_LAB_HINT) from None
    except OSError as error:
        raise UnsafeDeviceError(f"Refusing to write to {text}: {error.strerror}.", _NOT_LAB_HINT) from None
    if not stat.S_ISBLK(st.st_mode):
        raise UnsafeDeviceError(f"Refusing to write to {text}: it is not a block device.", _NOT_LAB_HINT)
    majmin = f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}"
    try:
        node = (_SYS / "dev" / "block" / majmin).resolve(strict=True)
    except OSError:
        raise UnsafeDeviceError(
            f"Refusing to write to {text}: the kernel knows no block device {majmin}.", _NOT_LAB_HINT
        ) from None
    disk = node.parent if (node / "partition").exists() else node
    backing = _read_text(disk / "loop" / "backing_file")
    if backing is None and not disk.name.startswith("loop"):
        # inside a VM lab guest its emulated disks are lab disks too (never on the host: the
        # check needs the lab's token on the running kernel's command line)
        from fstune import vmlab

        if vmlab.is_vm_lab_disk(disk):
            return Path(f"/dev/{disk.name}")
    if backing is None:
        what = "a loop device with no backing file" if disk.name.startswith("loop") else "not a loop device"
        raise UnsafeDeviceError(f"Refusing to write to {text} ({node.name}): it is {what}.", _NOT_LAB_HINT)
    if not is_lab_backing_file(backing):
        raise UnsafeDeviceError(
            f"Refusing to write to {text} ({node.name}): it is backed by {backing}, "
            "which is not an fstune lab disk.",
            _NOT_LAB_HINT,
        )
    return Path(backing.removesuffix(" (deleted)"))


def guard_device(path: str | Path) -> None:
    """``assert_lab_device(path)`` when the guard is enabled; nothing otherwise."""
    if guard_enabled():
        assert_lab_device(path)


# --------------------------------------------------------------------------------------------
# What `lab up` makes


@dataclass(frozen=True)
class LabDisk:
    index: int  # 1-based, as in the backing file's name
    backing_file: str
    loop: str  # /dev/loop3
    major_minor: str
    data: str  # /dev/loop3p1
    spare: str  # /dev/loop3p2
    data_major_minor: str
    spare_major_minor: str
    data_size: int
    spare_size: int
    data_spare: str  # the spare (on another disk when there are two or more) serving `data`
    spare_serves: str  # the data partition (on another disk) that this disk's spare serves


@dataclass
class Lab:
    directory: Path
    size: int  # bytes per disk
    spare_size: int
    disks: list[LabDisk]
    warnings: list[str] = field(default_factory=list)

    @property
    def manifest(self) -> Path:
        return self.directory / MANIFEST_NAME

    def pairs(self) -> list[tuple[str, str]]:
        """(data partition, the spare that serves it) for every disk."""
        return [(disk.data, disk.data_spare) for disk in self.disks]

    @property
    def data_partitions(self) -> list[str]:
        return [disk.data for disk in self.disks]

    @property
    def spare_partitions(self) -> list[str]:
        return [disk.spare for disk in self.disks]

    def to_dict(self) -> dict:
        return {
            "directory": str(self.directory),
            "size": self.size,
            "spare_size": self.spare_size,
            "disks": [asdict(disk) for disk in self.disks],
            "pairs": [{"data": data, "spare": spare} for data, spare in self.pairs()],
            "warnings": list(self.warnings),
        }


def serving_spare_index(disk: int, count: int) -> int:
    """0-based index of the disk whose spare serves disk ``disk``'s data (round-robin)."""
    return (disk + 1) % count


def lab_up(
    disks: int = 2,
    size: str | int = DEFAULT_SIZE,
    directory: str | Path | None = None,
    spare_size: str | int = DEFAULT_SPARE_SIZE,
) -> Lab:
    """Make ``disks`` file-backed loop disks, each with a data and a spare partition.

    The manifest is written before anything else exists, so whatever a crash leaves behind
    ``lab_down`` can find. On any error here the half-made lab is torn down again.
    """
    count, disk_bytes, spare_bytes = _validate(disks, size, spare_size)
    _require_root()
    for tool in ("losetup", "sfdisk", "partx"):
        _tool(tool)
    if not (_DEV / "loop-control").exists():
        raise DeviceError(
            "The loop driver is not loaded (/dev/loop-control is missing).",
            "Load it with `modprobe loop`, then run `fstune lab up` again.",
        )
    lab_dir = _resolve_dir(directory)
    created_dir = not lab_dir.exists()
    try:
        lab_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"Cannot create the lab directory {lab_dir}: {error.strerror}.", "Pick another one with --dir.") from None
    if not lab_dir.is_dir():
        raise UsageError(f"{lab_dir} is not a directory.", "Pick another one with --dir.")
    _refuse_existing(lab_dir)

    warnings: list[str] = []
    if count == 1:
        warnings.append(
            "With one disk the spare partition is on the same disk as the data partition: an "
            "external journal there has no seek benefit. Use --disks 2 to measure one."
        )
    free = shutil.disk_usage(lab_dir).free
    if free < count * disk_bytes:
        warnings.append(
            f"The backing files are sparse, but if they fill up they need {format_size(count * disk_bytes)} "
            f"and {lab_dir} has only {format_size(free)} free."
        )
    if not _udev_running():
        warnings.append(
            "udev is not running, so fstune's disk list will miss partition names. Start it with "
            "`/lib/systemd/systemd-udevd --daemon; udevadm trigger; udevadm settle`."
        )

    manifest: dict = {
        "version": MANIFEST_VERSION,
        "state": "creating",
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "pid": os.getpid(),
        "directory": str(lab_dir),
        "created_directory": created_dir,
        "size": disk_bytes,
        "spare_size": spare_bytes,
        "disks": [
            {"index": i, "backing_file": str(lab_dir / backing_file_name(i)), "loop": None}
            for i in range(1, count + 1)
        ],
        "pairs": [],
    }
    # exclusive create: two `lab up` racing for one directory cannot both win
    _write_manifest(lab_dir, manifest, exclusive=True)
    try:
        lab = _build(lab_dir, manifest, disk_bytes, spare_bytes)
    except BaseException as error:  # also Ctrl-C: never leave half a lab attached
        try:
            lab_down(lab_dir)
        except FstuneError as cleanup:
            if isinstance(error, FstuneError):
                error.hint = f"{error.hint or ''} Cleaning up also failed: {cleanup}".strip()
        raise
    buffered = [Path(e["backing_file"]).name for e in manifest["disks"] if e.get("buffered")]
    if buffered:
        warnings.append(
            f"{lab_dir} is on a filesystem without direct I/O, so {', '.join(buffered)} work through the "
            "page cache: figures measure memory more than a disk and vary with CPU load. "
            "Put the lab on ext4 or XFS with --dir for steadier figures."
        )
    lab.warnings.extend(warnings)
    manifest["warnings"] = lab.warnings
    _write_manifest(lab_dir, manifest)
    return lab


def _build(lab_dir: Path, manifest: dict, disk_bytes: int, spare_bytes: int) -> Lab:
    entries = manifest["disks"]
    attached: list[dict] = []
    for entry in entries:
        backing = Path(entry["backing_file"])
        # O_EXCL: never reuse (and so never clobber) a file that appeared meanwhile
        fd = os.open(backing, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            # Reserve the blocks now: a write into a sparse file also allocates blocks in the
            # host filesystem, which a real disk never does, and that would make whichever
            # configuration writes a region first look slower. Sparse where that is impossible.
            try:
                os.posix_fallocate(fd, 0, disk_bytes)
            except OSError:
                os.ftruncate(fd, disk_bytes)
        finally:
            os.close(fd)
        # Direct I/O: without it a loop device reads and writes through the host's page cache,
        # so "disk" figures are memory figures that swing with CPU load. losetup falls back to
        # buffered I/O (and says so) where the backing filesystem cannot do direct I/O.
        loop = _run(["losetup", "--find", "--show", "--partscan", "--direct-io=on", str(backing)]).stdout.strip()
        loop = loop.splitlines()[-1].strip() if loop else loop
        if not loop.startswith("/dev/loop"):
            raise DeviceError(f"losetup attached {backing} but printed '{loop}' instead of a loop device.")
        entry["loop"] = loop
        if _read_text(_SYS / "block" / Path(loop).name / "loop" / "dio") != "1":
            entry["buffered"] = True
        entry["major_minor"] = _read_text(_SYS / "block" / Path(loop).name / "dev")
        _write_manifest(lab_dir, manifest)  # record each loop as soon as it exists
        attached.append(entry)

    data_bytes = disk_bytes - spare_bytes - GPT_OVERHEAD_BYTES
    script = (
        "label: gpt\n"
        f'size={data_bytes // MIB}MiB, type=L, name="{DATA_PART_NAME}"\n'
        f'size={spare_bytes // MIB}MiB, type=L, name="{SPARE_PART_NAME}"\n'
    )
    for entry in attached:
        loop = entry["loop"]
        _run(["sfdisk", "--quiet", loop], input=script)
        # Some kernels/losetup combinations do not re-read the table after sfdisk: add the
        # partitions explicitly. `partx --add` fails when they are already there, hence the check.
        if _partition_names(Path(loop).name):
            _run(["partx", "--update", loop])
        else:
            _run(["partx", "--add", loop])
    _settle([entry["loop"] for entry in attached])
    for entry in attached:
        name = Path(entry["loop"]).name
        parts = _wait_for_partitions(name, (DATA_PARTNO, SPARE_PARTNO))
        entry["data"], entry["data_major_minor"] = parts[DATA_PARTNO]
        entry["spare"], entry["spare_major_minor"] = parts[SPARE_PARTNO]
        entry["data_size"] = _sectors(_SYS / "block" / name / f"{name}p{DATA_PARTNO}" / "size")
        entry["spare_size"] = _sectors(_SYS / "block" / name / f"{name}p{SPARE_PARTNO}" / "size")

    count = len(attached)
    for i, entry in enumerate(attached):
        entry["data_spare"] = attached[serving_spare_index(i, count)]["spare"]
        # the disk whose data this spare serves is the one "before" it in the round
        entry["spare_serves"] = attached[(i - 1) % count]["data"]
    manifest["pairs"] = [{"data": e["data"], "spare": e["data_spare"]} for e in attached]
    manifest["state"] = "ready"
    _write_manifest(lab_dir, manifest)
    disks = [
        LabDisk(
            index=e["index"], backing_file=e["backing_file"], loop=e["loop"], major_minor=e["major_minor"],
            data=e["data"], spare=e["spare"], data_major_minor=e["data_major_minor"],
            spare_major_minor=e["spare_major_minor"], data_size=e["data_size"], spare_size=e["spare_size"],
            data_spare=e["data_spare"], spare_serves=e["spare_serves"],
        )
        for e in attached
    ]
    return Lab(directory=lab_dir, size=disk_bytes, spare_size=spare_bytes, disks=disks)


def load_lab(directory: str | Path | None = None) -> Lab:
    """The ``Lab`` recorded in a ready manifest, checked against what the kernel has attached."""
    lab_dir = _resolve_dir(directory)
    manifest = _read_manifest(lab_dir)
    if manifest is None:
        raise UsageError(f"There is no fstune lab in {lab_dir}.", "Make one with `sudo fstune lab up`.")
    if manifest.get("state") != "ready":
        raise DeviceError(
            f"The lab in {lab_dir} was never finished (the command that made it stopped midway).",
            f"Remove it with `sudo fstune lab down --dir {lab_dir}` and make it again.",
        )
    attached = {loop.backing_file: loop for loop in _scan_loops() if loop.directory == lab_dir}
    disks = []
    for e in manifest["disks"]:
        loop = attached.get(e["backing_file"])
        if loop is None or f"/dev/{loop.name}" != e["loop"]:
            raise DeviceError(
                f"Lab disk {e['index']} in {lab_dir} is no longer attached as {e['loop']}.",
                f"Remove the lab with `sudo fstune lab down --dir {lab_dir}` and make it again.",
            )
        disks.append(LabDisk(**{k: e[k] for k in LabDisk.__dataclass_fields__}))
    return Lab(lab_dir, manifest["size"], manifest["spare_size"], disks, list(manifest.get("warnings", [])))


# --------------------------------------------------------------------------------------------
# Orphan journals


def reinit_orphans(paths) -> list[str]:
    """Wipe the unused external journals/logs off those of ``paths`` that are lab devices.

    A cancelled run, or a later study that reformatted the data partition, leaves the spare
    holding a journal or log no filesystem uses; the rules lock it like any journal. On a lab
    disk it is fstune's own leftover, so fstune erases it (docs/refused-devices.md). Every other
    device is left alone: a fresh scan must call it an orphan with nothing else locking it, and
    ``assert_lab_device`` must accept it, guard variable or not. One line per device wiped.
    """
    from fstune import devlock
    from fstune.devices import rules, scan

    wiped: list[str] = []
    lines: list[str] = []
    for path in dict.fromkeys(p for p in paths if p):
        # Lock first, then look: a run that holds the disk may be between making this journal
        # and the mkfs that uses it, and a scan taken before the lock may be out of date.
        try:
            held = devlock.lock_devices([path], run_id=None, purpose="fstune lab re-initialisation",
                                        timeout=5)
        except FstuneError:
            continue  # in use (or gone): the rules refuse it with the reason, nothing is wiped
        try:
            inventory = scan()  # a lock this process holds is not counted against it
            device = inventory.find(path)
            if device is None or not device.lab or not rules.orphan_journal(device, inventory.facts):
                continue
            assert_lab_device(device.path)
            _require_root()
            what = "an ext3/ext4 journal" if device.fs_type == "jbd" else "an XFS log"
            _run(["wipefs", "--all", "--quiet", device.path])
            wiped.append(device.path)
            lines.append(f"re-initialised {device.path}, a practice lab disk: it held {what} ({device.fs_type}) "
                         "that no filesystem uses, left by an earlier run.")
        finally:
            held.release(refresh=False)
    if wiped and _udev_running():
        # wipefs's close fires udev's watch only eventually: ask for the re-probe, then wait
        _run(["udevadm", "trigger", "--action=change", *wiped], check=False)
        _settle(wiped)
    return lines


# --------------------------------------------------------------------------------------------
# Status


@dataclass
class PartitionStatus:
    role: str  # "data" | "spare"
    number: int
    path: str
    present: bool  # the kernel has this partition
    size: int | None = None
    major_minor: str | None = None
    mountpoints: list[str] = field(default_factory=list)
    swap: bool = False
    pair: str | None = None  # data: the spare serving it; spare: the data partition it serves

    @property
    def mounted(self) -> bool:
        return bool(self.mountpoints)


@dataclass
class DiskStatus:
    index: int
    backing_file: str
    backing_present: bool  # the file is still in the directory
    backing_deleted: bool  # a loop device still uses it, but the file was removed ("(deleted)")
    loop: str | None  # /dev/loopN when attached
    major_minor: str | None = None
    extra_loops: list[str] = field(default_factory=list)  # the same file attached more than once
    in_manifest: bool = True
    partitions: list[PartitionStatus] = field(default_factory=list)
    mountpoints: list[str] = field(default_factory=list)  # the whole loop device mounted
    locked: str | None = None  # "locked: in use by fstune run R (pid N)": someone writes to it now

    @property
    def attached(self) -> bool:
        return self.loop is not None

    @property
    def mounted(self) -> bool:
        return bool(self.mountpoints) or any(p.mounted for p in self.partitions)


@dataclass
class LabStatus:
    directory: str
    manifest: bool
    state: str | None  # "creating" (never finished) | "ready" | None (no manifest)
    disks: list[DiskStatus] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def exists(self) -> bool:
        return self.manifest or bool(self.disks)

    @property
    def live(self) -> bool:
        return any(disk.attached for disk in self.disks)

    @property
    def mounted(self) -> bool:
        return any(disk.mounted for disk in self.disks)

    def to_dict(self) -> dict:
        data = asdict(self)
        data.update(exists=self.exists, live=self.live, mounted=self.mounted)
        for disk, raw in zip(self.disks, data["disks"]):
            raw.update(attached=disk.attached, mounted=disk.mounted)
            for part, raw_part in zip(disk.partitions, raw["partitions"]):
                raw_part["mounted"] = part.mounted
        return data


def lab_status(directory: str | Path | None = None) -> LabStatus:
    """What the kernel and the directory say about the lab in ``directory`` (no root needed)."""
    lab_dir = _resolve_dir(directory)
    manifest = _read_manifest(lab_dir)
    status = LabStatus(str(lab_dir), manifest is not None, manifest.get("state") if manifest else None)
    recorded = {e["backing_file"]: e for e in (manifest or {}).get("disks", [])}
    loops: dict[str, list[_Loop]] = {}
    for loop in _scan_loops():
        if loop.directory == lab_dir:
            loops.setdefault(loop.backing_file, []).append(loop)
    on_disk = {str(p) for p in _backing_files(lab_dir)}
    mounts = _read_mounts()
    swaps = _read_swaps()

    for backing in sorted(set(recorded) | set(loops) | on_disk, key=_disk_index_of):
        entry = recorded.get(backing, {})
        attached = loops.get(backing, [])
        loop = attached[0] if attached else None
        disk = DiskStatus(
            index=_disk_index_of(backing),
            backing_file=backing,
            backing_present=backing in on_disk,
            backing_deleted=any(lp.deleted for lp in attached),
            loop=f"/dev/{loop.name}" if loop else None,
            major_minor=loop.major_minor if loop else None,
            extra_loops=[f"/dev/{lp.name}" for lp in attached[1:]],
            in_manifest=backing in recorded,
        )
        if loop:
            disk.mountpoints = _mountpoints_of(loop.major_minor, disk.loop, mounts)
            disk.locked = _lock_of(disk.loop)
            present = {number: (name, mm) for name, number, mm in _partitions_of(loop.name)}
        else:
            present = {}
        for role, number in (("data", DATA_PARTNO), ("spare", SPARE_PARTNO)):
            if number in present:
                name, mm = present[number]
                path = f"/dev/{name}"
                part = PartitionStatus(
                    role, number, path, True, _sectors(_SYS / "block" / loop.name / name / "size"), mm,
                    _mountpoints_of(mm, path, mounts), mm in swaps,
                )
            else:
                part = PartitionStatus(role, number, entry.get(role) or "", False)
            disk.partitions.append(part)
        status.disks.append(disk)

    # pairs as recorded, but only shown where both ends still exist
    if manifest and manifest.get("pairs"):
        by_path = {p.path: p for d in status.disks for p in d.partitions if p.present}
        for pair in manifest["pairs"]:
            data, spare = by_path.get(pair["data"]), by_path.get(pair["spare"])
            if data and spare:
                data.pair, spare.pair = spare.path, data.path

    for disk in status.disks:
        name = Path(disk.backing_file).name
        if disk.backing_deleted:
            status.warnings.append(
                f"{name} was deleted while {disk.loop} still uses it; its data lives only until "
                "`fstune lab down`."
            )
        elif disk.attached and not disk.backing_present:
            status.warnings.append(f"{name} is attached as {disk.loop} but is missing from the directory.")
        if not disk.attached and disk.backing_present:
            status.warnings.append(f"{name} is not attached to a loop device (after a reboot, say).")
        if disk.extra_loops:
            status.warnings.append(f"{name} is attached more than once: {', '.join([disk.loop, *disk.extra_loops])}.")
        if not disk.in_manifest:
            status.warnings.append(f"{name} is not in the manifest.")
        if disk.locked:
            status.warnings.append(f"{disk.loop} is {disk.locked}; the lab cannot be taken down until that ends.")
    if status.state == "creating":
        status.warnings.append("The command that made this lab stopped before it finished.")
    if status.exists and not status.live:
        status.warnings.append("No disk of this lab is attached.")
    return status


def find_labs() -> list[Path]:
    """Directories holding a lab: any with an attached lab-named loop, plus the default one.

    A loop counts by its backing file's name alone, so a lab whose manifest was removed is
    still found (and can be taken down).
    """
    found = {loop.directory for loop in _scan_loops()}
    if (DEFAULT_DIR / MANIFEST_NAME).is_file() or _backing_files(DEFAULT_DIR):
        found.add(DEFAULT_DIR.resolve())
    return sorted(found)


# --------------------------------------------------------------------------------------------
# Down


@dataclass
class LabDown:
    directory: str
    found: bool
    unmounted: list[str] = field(default_factory=list)  # mountpoints
    swapped_off: list[str] = field(default_factory=list)
    detached: list[str] = field(default_factory=list)  # loop devices
    removed: list[str] = field(default_factory=list)  # files (and the directory, if made by up)


def lab_down(directory: str | Path | None = None) -> LabDown:
    """Unmount, detach and delete the lab in ``directory``; touch nothing that is not the lab's.

    The lab's loop devices are found in sysfs by their backing file (name convention plus
    directory), so this works without a manifest, after a killed ``lab up``, and when the
    backing files were deleted under the devices.
    """
    lab_dir = _resolve_dir(directory)
    manifest = _read_manifest(lab_dir)
    loops = [loop for loop in _scan_loops() if loop.directory == lab_dir]
    files = _backing_files(lab_dir)
    report = LabDown(str(lab_dir), found=bool(manifest or loops or files))
    if not report.found:
        return report

    if loops:
        _require_root()
        # the lab's disks, locked as a run locks them: a run using one refuses this (and no run
        # can start on one while its filesystems are unmounted here)
        locks = _lock_for_down(loops, lab_dir)
        try:
            _release(loops, report)
        finally:
            locks.release(refresh=False)  # before the detach: an open descriptor would delay it
        _settle([f"/dev/{loop.name}" for loop in loops])
        for loop in loops:
            _run(["losetup", "--detach", f"/dev/{loop.name}"], check=False)
        busy = _wait_detached(loops)
        report.detached = [f"/dev/{loop.name}" for loop in loops if loop not in busy]
    else:
        busy = []

    # a backing file still in use keeps its data on disk: leave it, and the manifest, in place
    keep = {loop.backing_file for loop in busy}
    for file in files:
        if str(file) not in keep:
            _unlink(file, report)
    if not busy:
        _unlink(lab_dir / MANIFEST_NAME, report)
        if manifest and manifest.get("created_directory"):
            try:
                lab_dir.rmdir()  # only when empty: never remove what someone else put there
                report.removed.append(str(lab_dir))
            except OSError:
                pass
        return report
    raise DeviceError(
        "Could not detach " + ", ".join(f"/dev/{loop.name}" for loop in busy) + ": still in use.",
        "Something outside the lab holds it (a filesystem using it as an external journal or log, "
        "a mount in another namespace, or an open file). Stop that, then run "
        f"`sudo fstune lab down --dir {lab_dir}` again.",
    )


def lab_in_use(directory: str | Path | None = None) -> str | None:
    """Why the lab in ``directory`` cannot be taken down now (a disk is locked), or None."""
    lab_dir = _resolve_dir(directory)
    for loop in _scan_loops():
        if loop.directory == lab_dir:
            held = _lock_of(f"/dev/{loop.name}")
            if held:
                return f"/dev/{loop.name} is {held}"
    return None


def _lock_of(node: str) -> str | None:
    """Who holds ``node`` exclusively locked ("locked: in use by fstune run R (pid N)"), if anyone."""
    from fstune import devlock

    try:
        holder = devlock.holder_of(node)
    except DeviceError:
        return None
    return holder.describe() if holder is not None and holder.exclusive else None


def _lock_for_down(loops: list[_Loop], lab_dir: Path):
    from fstune import devlock

    nodes = [f"/dev/{loop.name}" for loop in loops if _node_matches(f"/dev/{loop.name}", loop.major_minor)]
    try:
        # udev may still be reading a disk that was just unmounted or written: wait for that
        return devlock.lock_devices(nodes, run_id=None, purpose="fstune lab down", timeout=30)
    except devlock.DeviceLockedError as error:
        again = f"then run `sudo fstune lab down --dir {lab_dir}` again."
        if error.holder is not None and error.holder.fstune:
            hint = f"Wait until that run has ended (or cancel it), {again}"
        else:
            hint = f"{error.hint} Then run `sudo fstune lab down --dir {lab_dir}` again."
        raise DeviceError(f"Cannot take the lab down: {error.message}", hint) from None


def _release(loops: list[_Loop], report: LabDown) -> None:
    """Unmount and swapoff everything that lives on these loops; refuse if something is stacked."""
    devices: dict[str, str] = {}  # major:minor -> /dev path, for the loops and their partitions
    for loop in loops:
        devices[loop.major_minor] = f"/dev/{loop.name}"
        for name, _number, mm in _partitions_of(loop.name):
            devices[mm] = f"/dev/{name}"
    holders = []
    for loop in loops:
        nodes = [_SYS / "block" / loop.name] + [_SYS / "block" / loop.name / n for n, _, _ in _partitions_of(loop.name)]
        for node in nodes:
            holders += [f"{node.name} is held by {h.name}" for h in sorted((node / "holders").glob("*"))]
    if holders:
        raise DeviceError(
            "Cannot take the lab down: " + "; ".join(holders) + ".",
            "Remove the device-mapper, LVM, RAID or crypt device built on it first "
            "(see `lsblk`, `dmsetup ls`), then run `fstune lab down` again.",
        )

    for mm in sorted(_read_swaps() & devices.keys()):
        _run(["swapoff", devices[mm]])
        report.swapped_off.append(devices[mm])

    # deepest first; a mountpoint can be stacked, so re-read until nothing of ours is mounted
    for _attempt in range(20):
        ours = [m for m in _read_mounts() if _mount_is_ours(m, devices)]
        if not ours:
            return
        mount = max(ours, key=lambda m: m.mountpoint.count("/"))
        result = _run(["umount", mount.mountpoint], check=False)
        if result.returncode != 0:
            raise DeviceError(
                f"Could not unmount {mount.mountpoint} ({mount.source}): {_last_line(result.stderr)}",
                f"Close the programs using it (`fuser -vm {mount.mountpoint}` lists them), then run "
                "`fstune lab down` again.",
            )
        report.unmounted.append(mount.mountpoint)
    raise DeviceError("Lab filesystems keep reappearing in the mount table.", "Unmount them by hand, then retry.")


def _wait_detached(loops: list[_Loop], timeout: float | None = None) -> list[_Loop]:
    """Loops still bound to their lab file after ``timeout``.

    `losetup --detach` on a device that is still open only marks it for auto-clear and returns
    success; udev's probe after an unmount holds it open for a moment. So wait and re-check.
    """
    deadline = time.monotonic() + (DETACH_TIMEOUT if timeout is None else timeout)
    while True:
        still = [loop for loop in loops if _loop_backing(loop.name) == loop.raw_backing]
        if not still or time.monotonic() > deadline:
            return still
        time.sleep(0.1)


# --------------------------------------------------------------------------------------------
# Kernel views


@dataclass(frozen=True)
class _Loop:
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


def _scan_loops() -> list[_Loop]:
    """Every loop device whose backing file has a lab disk's name (manifest or not)."""
    loops = []
    for node in sorted((_SYS / "block").glob("loop*")):
        raw = _loop_backing(node.name)
        if raw is None:
            continue
        backing = raw.removesuffix(" (deleted)")
        if BACKING_RE.match(Path(backing).name):
            loops.append(_Loop(node.name, backing, raw, _read_text(node / "dev") or "?"))
    return loops


def _loop_backing(name: str) -> str | None:
    return _read_text(_SYS / "block" / name / "loop" / "backing_file")


def _partitions_of(disk: str) -> list[tuple[str, int, str]]:
    """(name, number, major:minor) of each partition the kernel has on ``disk``."""
    parts = []
    for node in sorted((_SYS / "block" / disk).glob(f"{disk}p*")):
        number = _read_text(node / "partition")
        if number and number.isdigit():
            parts.append((node.name, int(number), _read_text(node / "dev") or "?"))
    return parts


def _partition_names(disk: str) -> list[str]:
    return [name for name, _, _ in _partitions_of(disk)]


def _wait_for_partitions(disk: str, numbers: tuple[int, ...], timeout: float = 20.0) -> dict[int, tuple[str, str]]:
    """Wait until the kernel has the partitions and their /dev nodes exist with the right numbers."""
    deadline = time.monotonic() + timeout
    next_nudge = time.monotonic() + 1.0
    while True:
        found = {number: (name, mm) for name, number, mm in _partitions_of(disk) if number in numbers}
        ready = {n: (f"/dev/{name}", mm) for n, (name, mm) in found.items() if _node_matches(f"/dev/{name}", mm)}
        if len(ready) == len(numbers):
            return ready
        if time.monotonic() > deadline:
            break
        if len(found) < len(numbers) and time.monotonic() >= next_nudge:
            # udev's watch re-reads a disk's table when a writer closes it; on some kernels that
            # re-read drops what partx added for a loop device. Add them again once it settled.
            _settle([f"/dev/{disk}"])
            _run(["partx", "--update" if found else "--add", f"/dev/{disk}"], check=False)
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


def _node_matches(path: str, majmin: str) -> bool:
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISBLK(st.st_mode) and f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}" == majmin


@dataclass(frozen=True)
class _Mount:
    major_minor: str
    mountpoint: str
    fstype: str
    source: str


def _unescape(text: str) -> str:
    # mountinfo writes space, tab, newline and backslash as \040-style octal escapes
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), text)


def _read_mounts() -> list[_Mount]:
    mounts = []
    for line in (_read_text(_PROC / "self" / "mountinfo") or "").splitlines():
        left, sep, right = line.partition(" - ")
        fields, tail = left.split(), right.split()
        if not sep or len(fields) < 5 or len(tail) < 2:
            continue
        mounts.append(_Mount(fields[2], _unescape(fields[4]), tail[0], _unescape(tail[1])))
    return mounts


def _mount_is_ours(mount: _Mount, devices: dict[str, str]) -> bool:
    if mount.major_minor in devices:
        return True
    # Btrfs reports an anonymous 0:N device number; only its source names the real device
    if mount.major_minor.startswith("0:") and mount.source.startswith("/dev/"):
        return os.path.realpath(mount.source) in devices.values()
    return False


def _mountpoints_of(majmin: str, path: str, mounts: list[_Mount]) -> list[str]:
    return [m.mountpoint for m in mounts if _mount_is_ours(m, {majmin: path})]


def _read_swaps() -> set[str]:
    """major:minor of every active swap device."""
    swaps = set()
    for line in (_read_text(_PROC / "swaps") or "").splitlines()[1:]:
        path = _unescape(line.split()[0]) if line.split() else ""
        try:
            st = os.stat(path)
        except OSError:
            continue
        if stat.S_ISBLK(st.st_mode):
            swaps.add(f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}")
    return swaps


# --------------------------------------------------------------------------------------------
# Files, manifest, tools


def _resolve_dir(directory: str | Path | None) -> Path:
    # sysfs shows backing files by their resolved path, so compare resolved paths everywhere
    return Path(directory if directory is not None else DEFAULT_DIR).expanduser().resolve()


def _backing_files(lab_dir: Path) -> list[Path]:
    try:
        return sorted((p for p in lab_dir.iterdir() if BACKING_RE.match(p.name)), key=_disk_index_of)
    except OSError:
        return []


def _disk_index_of(path: str | Path) -> int:
    match = re.search(r"disk(\d+)\.img$", str(path))
    return int(match.group(1)) if match else 0


def _read_manifest(lab_dir: Path) -> dict | None:
    text = _read_text(lab_dir / MANIFEST_NAME)
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return {"state": "unreadable", "disks": []}  # still a lab: down must be able to clean it
    return data if isinstance(data, dict) else {"state": "unreadable", "disks": []}


def _write_manifest(lab_dir: Path, manifest: dict, exclusive: bool = False) -> None:
    path = lab_dir / MANIFEST_NAME
    payload = (json.dumps(manifest, indent=2) + "\n").encode()
    if exclusive:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            raise UsageError(
                f"Another fstune lab is being made in {lab_dir}.", "Pick another directory with --dir."
            ) from None
    else:
        # write beside and rename: a crash never leaves a half-written manifest
        tmp = lab_dir / f".{MANIFEST_NAME}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, payload)
        os.fsync(fd)
    finally:
        os.close(fd)
    if not exclusive:
        os.replace(tmp, path)


def _refuse_existing(lab_dir: Path) -> None:
    hint = f"Remove it with `sudo fstune lab down --dir {lab_dir}`, or pick another directory with --dir."
    if any(loop.directory == lab_dir for loop in _scan_loops()):
        raise UsageError(f"A lab is already running in {lab_dir}.", hint)
    if (lab_dir / MANIFEST_NAME).exists():
        raise UsageError(f"{lab_dir} holds a lab whose disks are no longer attached.", hint)
    leftovers = _backing_files(lab_dir)
    if leftovers:
        raise UsageError(f"{lab_dir} already holds lab disk files ({leftovers[0].name} …).", hint)


def _unlink(path: Path, report: LabDown) -> None:
    try:
        path.unlink()
        report.removed.append(str(path))
    except FileNotFoundError:
        pass
    except OSError as error:
        raise DeviceError(f"Could not remove {path}: {error.strerror}.", "Remove it by hand.") from None


def _validate(disks: int, size: str | int, spare_size: str | int) -> tuple[int, int, int]:
    if isinstance(disks, bool) or not isinstance(disks, int) or not 1 <= disks <= MAX_DISKS:
        raise UsageError(f"A lab has 1 to {MAX_DISKS} disks, not {disks}.", "Use --disks 2 for a journal on another disk.")
    disk_bytes = (size if isinstance(size, int) else parse_size(size)) // MIB * MIB
    spare_bytes = -(-(spare_size if isinstance(spare_size, int) else parse_size(spare_size)) // MIB) * MIB
    if spare_bytes < MIN_SPARE_BYTES:
        raise UsageError(
            f"A spare of {format_size(spare_bytes)} is too small for an external log.",
            f"Use --spare-size {MIN_SPARE_BYTES // MIB}M or more (256M fits every filesystem fstune knows).",
        )
    needed = spare_bytes + MIN_DATA_BYTES + GPT_OVERHEAD_BYTES
    if disk_bytes < needed:
        raise UsageError(
            f"A {format_size(disk_bytes)} disk leaves less than {MIN_DATA_BYTES // MIB} MiB for the data "
            f"partition after a {format_size(spare_bytes)} spare (XFS needs 300 MB).",
            f"Use --size {-(-needed // MIB)}M or more.",
        )
    return disks, disk_bytes, spare_bytes


def _require_root() -> None:
    if os.geteuid() != 0:
        raise FstuneError(
            "fstune lab needs root to attach loop devices; run it with sudo.",
            "`fstune lab status` works without root.",
        )


def _tool(name: str) -> str:
    path = shutil.which(name, path=f"{os.environ.get('PATH', '')}:{_EXTRA_PATH}")
    if path is None:
        raise FstuneError(f"{name} is not installed.", _TOOL_HINTS.get(name))
    return path


def _run(argv: list[str], input: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
    """Run a tool (argv list, never a shell), raising a DeviceError that quotes its complaint."""
    full = [_tool(argv[0]), *argv[1:]]
    try:
        result = subprocess.run(full, input=input, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise DeviceError(f"`{' '.join(argv)}` did not finish within 120 s.", "Check `dmesg` for a hung device.") from None
    if check and result.returncode != 0:
        raise DeviceError(
            f"`{' '.join(argv)}` failed: {_last_line(result.stderr) or f'exit status {result.returncode}'}",
            "Check `dmesg` and `losetup --list`; `fstune lab down` removes whatever the lab left.",
        )
    return result


def _settle(devices: tuple[str, ...] | list[str] = ()) -> None:
    """Let udev finish its events about ``devices`` (docs/safety.md: while another process holds
    a disk, a plain settle would wait for events udev puts off until that run ends)."""
    from fstune.devices.settle import settle

    settle(devices)


def _udev_running() -> bool:
    return Path("/run/udev/control").exists()


def _last_line(text: str | None) -> str:
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _read_text(path: Path) -> str | None:
    try:
        return path.read_text().rstrip("\n")
    except (OSError, UnicodeDecodeError):
        return None


def _sectors(path: Path) -> int | None:
    text = _read_text(path)
    return int(text) * 512 if text and text.isdigit() else None  # sysfs sizes are 512-byte units
