"""``lab status``: what the kernel and the directory say about a lab (no root needed)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from fstune.devices.labdisk import MANIFEST_NAME
from fstune.errors import DeviceError
from fstune.lab import files, kernel, served
from fstune.lab.files import DATA_PARTNO, SPARE_PARTNO, backing_files, disk_index_of, read_manifest, resolve_dir
from fstune.lab.kernel import Loop, mountpoints_of, partitions_of, read_mounts, read_swaps, scan_loops, sectors

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
    serving: str | None = None  # a modelled disk: "served (nbdfuse pid N)" or why it no longer is

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
    disk_model: dict | None = None  # a modelled lab's DiskParams.to_dict()
    path: str | None = None  # how a request reaches the data (the manifest's record)
    server_ended: str | None = None  # a modelled lab that can no longer serve its disks: why

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
    lab_dir = resolve_dir(directory)
    manifest = read_manifest(lab_dir)
    status = LabStatus(str(lab_dir), manifest is not None, manifest.get("state") if manifest else None,
                       disk_model=(manifest or {}).get("disk_model"), path=(manifest or {}).get("path"))
    served_mounts = set(served.served_mounts(lab_dir)) if status.disk_model else set()
    serving_pids = served.serving_processes(lab_dir) if status.disk_model else {}
    recorded = {e["backing_file"]: e for e in (manifest or {}).get("disks", [])}
    loops: dict[str, list[Loop]] = {}
    for loop in scan_loops():
        if loop.directory == lab_dir:
            loops.setdefault(loop.backing_file, []).append(loop)
    on_disk = {str(p) for p in backing_files(lab_dir)}
    mounts = read_mounts()
    swaps = read_swaps()

    for backing in sorted(set(recorded) | set(loops) | on_disk, key=disk_index_of):
        entry = recorded.get(backing, {})
        attached = loops.get(backing, [])
        loop = attached[0] if attached else None
        disk = DiskStatus(
            index=disk_index_of(backing),
            backing_file=backing,
            backing_present=backing in on_disk,
            backing_deleted=any(lp.deleted for lp in attached),
            loop=f"/dev/{loop.name}" if loop else None,
            major_minor=loop.major_minor if loop else None,
            extra_loops=[f"/dev/{lp.name}" for lp in attached[1:]],
            in_manifest=backing in recorded,
        )
        if loop:
            disk.mountpoints = mountpoints_of(loop.major_minor, disk.loop, mounts)
            disk.locked = lock_of(disk.loop)
            present = {number: (name, mm) for name, number, mm in partitions_of(loop.name)}
        else:
            present = {}
        if status.disk_model and entry:
            pid = entry.get("nbdfuse_pid")
            if backing in served_mounts and pid in serving_pids:
                disk.serving = f"nbdfuse {pid}"
            elif pid is None:
                disk.serving = "not served yet"
            else:
                disk.serving = f"ended ({pid})"
        for role, number in (("data", DATA_PARTNO), ("spare", SPARE_PARTNO)):
            if number in present:
                name, mm = present[number]
                path = f"/dev/{name}"
                part = PartitionStatus(
                    role, number, path, True, sectors(kernel.SYS / "block" / loop.name / name / "size"), mm,
                    mountpoints_of(mm, path, mounts), mm in swaps,
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
    if status.state == "ready" and status.disk_model:
        status.server_ended = served.server_ended(lab_dir)
        if status.server_ended:
            status.warnings.append(f"The lab cannot serve its disks: {status.server_ended}. "
                                   f"`sudo fstune lab up{files.dir_flag(lab_dir)}` clears it and makes a new one.")
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
    found = {loop.directory for loop in scan_loops()}
    if (files.DEFAULT_DIR / MANIFEST_NAME).is_file() or backing_files(files.DEFAULT_DIR):
        found.add(files.DEFAULT_DIR.resolve())
    return sorted(found)


# --------------------------------------------------------------------------------------------


def lab_in_use(directory: str | Path | None = None) -> str | None:
    """Why the lab in ``directory`` cannot be taken down now (a disk is locked), or None."""
    lab_dir = resolve_dir(directory)
    for loop in scan_loops():
        if loop.directory == lab_dir:
            held = lock_of(f"/dev/{loop.name}")
            if held:
                return f"/dev/{loop.name} is {held}"
    return None


def lock_of(node: str) -> str | None:
    """Who holds ``node`` exclusively locked ("locked: in use by fstune run R (pid N)"), if anyone."""
    from fstune import devlock

    try:
        holder = devlock.holder_of(node)
    except DeviceError:
        return None
    return holder.describe() if holder is not None and holder.exclusive else None
