"""``lab up``: make the backing files, attach them, partition them; ``load_lab`` reads a ready one back."""

from __future__ import annotations

import os
import shutil
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from fstune import diskmodel
from fstune.devices.labdisk import MANIFEST_NAME
from fstune.errors import DeviceError, FstuneError, UsageError
from fstune.lab import kernel, served
from fstune.lab.down import lab_down
from fstune.lab.files import (DATA_PART_NAME, DATA_PARTNO, DEFAULT_SIZE, DEFAULT_SPARE_SIZE, GPT_OVERHEAD_BYTES,
                              MANIFEST_VERSION, MAX_DISKS, MIB, MIN_DATA_BYTES, MIN_SPARE_BYTES, SPARE_PART_NAME,
                              SPARE_PARTNO, backing_file_name, backing_files, dir_flag, read_manifest,
                              resolve_dir, write_manifest)
from fstune.lab.kernel import (partition_names, read_text, require_root, run, scan_loops, sectors, settle, tool,
                               udev_running, wait_for_partitions)
from fstune.units import format_size, parse_size

PLAIN_PATH = "loop (direct I/O) on a file"
AUTO = "auto"
# the default --disk-model of `lab up` (and of the labs `run --lab` and the wizard make); the test
# suite sets it to none, so that only the tests that need seeks pay for them
DISK_MODEL_ENV = "FSTUNE_LAB_DISK_MODEL"


def resolve_disk_model(spec: str | None) -> tuple[diskmodel.DiskParams | None, str | None]:
    """The model a new lab's disks get, and a warning when the default had to do without one.

    ``auto`` (the default): the default preset where nbdkit, its Python plugin and nbdfuse are
    installed, plain loop disks elsewhere; ``none``: plain; else a preset or settings
    (``diskmodel.parse_spec``), which need the packages."""
    spec = spec if spec is not None else (os.environ.get(DISK_MODEL_ENV) or AUTO)
    why = served.missing()
    if spec.strip().lower() == AUTO:
        if why is None:
            return diskmodel.DESKSTAR_7K250, None
        return None, (f"The lab's disks have no head (no disk model): {why}. `sudo apt-get install "
                      f"{' '.join(served.PACKAGES)}` gives them one (docs/modelled-lab.md).")
    try:
        params = diskmodel.parse_spec(spec)
    except diskmodel.DiskModelError as error:
        raise UsageError(str(error), "`--disk-model none` makes plain loop disks.") from None
    if params is not None and why is not None:
        raise DeviceError(f"A lab disk with a model needs nbdkit and nbdfuse: {why}.",
                          f"Install them (`sudo apt-get install {' '.join(served.PACKAGES)}`), or use "
                          "`--disk-model none` for plain loop disks.")
    return params, None


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
    disk_model: dict | None = None  # the model's parameters (DiskParams.to_dict()), None: plain loop disks
    path: str = PLAIN_PATH  # how a request reaches the data (served.PATH for a modelled lab)

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
            "disk_model": self.disk_model,
            "path": self.path,
        }


def serving_spare_index(disk: int, count: int) -> int:
    """0-based index of the disk whose spare serves disk ``disk``'s data (round-robin)."""
    return (disk + 1) % count


def lab_up(
    disks: int = 2,
    size: str | int = DEFAULT_SIZE,
    directory: str | Path | None = None,
    spare_size: str | int = DEFAULT_SPARE_SIZE,
    disk_model: str | None = None,
) -> Lab:
    """Make ``disks`` loop disks, each with a data and a spare partition: served through the disk
    model (``disk_model``, see ``resolve_disk_model``) or backed by plain files.

    The manifest is written before anything else exists, so whatever a crash leaves behind
    ``lab_down`` can find. On any error here the half-made lab is torn down again. A modelled lab
    whose disk server has ended (killed, crashed) is a leftover: it is cleared first.
    """
    count, disk_bytes, spare_bytes = _validate(disks, size, spare_size)
    params, model_warning = resolve_disk_model(disk_model)
    require_root()
    for name in ("losetup", "sfdisk", "partx"):
        tool(name)
    if not (kernel.DEV / "loop-control").exists():
        raise DeviceError(
            "The loop driver is not loaded (/dev/loop-control is missing).",
            "Load it with `modprobe loop`, then run `fstune lab up` again.",
        )
    lab_dir = resolve_dir(directory)
    warnings: list[str] = [model_warning] if model_warning else []
    ended = served.server_ended(lab_dir)
    if ended:
        lab_down(lab_dir)
        warnings.append(f"Cleared the leftover of a lab in {lab_dir}: {ended}.")
    created_dir = not lab_dir.exists()
    try:
        lab_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"Cannot create the lab directory {lab_dir}: {error.strerror}.", "Pick another one with --dir.") from None
    if not lab_dir.is_dir():
        raise UsageError(f"{lab_dir} is not a directory.", "Pick another one with --dir.")
    _refuse_existing(lab_dir)

    if count == 1:
        warnings.append(
            "With one disk the spare partition is on the same disk as the data partition: an "
            "external journal there has no seek benefit. Use --disks 2 to measure one."
        )
    if params is not None:
        served.check_memory(count, disk_bytes)
    free = shutil.disk_usage(lab_dir).free
    if params is None and free < count * disk_bytes:
        warnings.append(
            f"The backing files are sparse, but if they fill up they need {format_size(count * disk_bytes)} "
            f"and {lab_dir} has only {format_size(free)} free."
        )
    if not udev_running():
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
        "disk_model": params.to_dict() if params is not None else None,
        "path": served.PATH if params is not None else PLAIN_PATH,
        "disks": [
            {"index": i, "backing_file": str(lab_dir / backing_file_name(i)), "loop": None}
            for i in range(1, count + 1)
        ],
        "pairs": [],
    }
    # exclusive create: two `lab up` racing for one directory cannot both win
    write_manifest(lab_dir, manifest, exclusive=True)
    try:
        lab = _build(lab_dir, manifest, disk_bytes, spare_bytes, params)
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
    write_manifest(lab_dir, manifest)
    return lab


def _build(lab_dir: Path, manifest: dict, disk_bytes: int, spare_bytes: int,
           params: diskmodel.DiskParams | None) -> Lab:
    entries = manifest["disks"]
    attached: list[dict] = []
    for entry in entries:
        backing = Path(entry["backing_file"])
        if params is not None:
            # the store is made and served; the backing file becomes nbdfuse's file (served.py)
            entry["nbdfuse_pid"] = served.serve(lab_dir, entry["index"], disk_bytes, params)
            write_manifest(lab_dir, manifest)
        else:
            _make_backing_file(backing, disk_bytes)
        # Direct I/O: without it a loop device reads and writes through the host's page cache,
        # so "disk" figures are memory figures that swing with CPU load. losetup falls back to
        # buffered I/O (and says so) where the backing filesystem cannot do direct I/O.
        loop = run(["losetup", "--find", "--show", "--partscan", "--direct-io=on", str(backing)]).stdout.strip()
        loop = loop.splitlines()[-1].strip() if loop else loop
        if not loop.startswith("/dev/loop"):
            raise DeviceError(f"losetup attached {backing} but printed '{loop}' instead of a loop device.")
        entry["loop"] = loop
        if read_text(kernel.SYS / "block" / Path(loop).name / "loop" / "dio") != "1":
            entry["buffered"] = True
        entry["major_minor"] = read_text(kernel.SYS / "block" / Path(loop).name / "dev")
        if params is not None:
            _mark_rotational(Path(loop).name)
        write_manifest(lab_dir, manifest)  # record each loop as soon as it exists
        attached.append(entry)

    data_bytes = disk_bytes - spare_bytes - GPT_OVERHEAD_BYTES
    script = (
        "label: gpt\n"
        f'size={data_bytes // MIB}MiB, type=L, name="{DATA_PART_NAME}"\n'
        f'size={spare_bytes // MIB}MiB, type=L, name="{SPARE_PART_NAME}"\n'
    )
    for entry in attached:
        loop = entry["loop"]
        run(["sfdisk", "--quiet", loop], input=script)
        # Some kernels/losetup combinations do not re-read the table after sfdisk: add the
        # partitions explicitly. `partx --add` fails when they are already there, hence the check.
        if partition_names(Path(loop).name):
            run(["partx", "--update", loop])
        else:
            run(["partx", "--add", loop])
    settle([entry["loop"] for entry in attached])
    for entry in attached:
        name = Path(entry["loop"]).name
        parts = wait_for_partitions(name, (DATA_PARTNO, SPARE_PARTNO))
        entry["data"], entry["data_major_minor"] = parts[DATA_PARTNO]
        entry["spare"], entry["spare_major_minor"] = parts[SPARE_PARTNO]
        entry["data_size"] = sectors(kernel.SYS / "block" / name / f"{name}p{DATA_PARTNO}" / "size")
        entry["spare_size"] = sectors(kernel.SYS / "block" / name / f"{name}p{SPARE_PARTNO}" / "size")
    # and probed: a run started right after `lab up` refuses a partition udev has not described
    # yet, and on a modelled disk the probe's reads take a 2003 disk's time
    settle([entry[role] for entry in attached for role in ("data", "spare")])

    count = len(attached)
    for i, entry in enumerate(attached):
        entry["data_spare"] = attached[serving_spare_index(i, count)]["spare"]
        # the disk whose data this spare serves is the one "before" it in the round
        entry["spare_serves"] = attached[(i - 1) % count]["data"]
    manifest["pairs"] = [{"data": e["data"], "spare": e["data_spare"]} for e in attached]
    manifest["state"] = "ready"
    write_manifest(lab_dir, manifest)
    disks = [
        LabDisk(
            index=e["index"], backing_file=e["backing_file"], loop=e["loop"], major_minor=e["major_minor"],
            data=e["data"], spare=e["spare"], data_major_minor=e["data_major_minor"],
            spare_major_minor=e["spare_major_minor"], data_size=e["data_size"], spare_size=e["spare_size"],
            data_spare=e["data_spare"], spare_serves=e["spare_serves"],
        )
        for e in attached
    ]
    return Lab(directory=lab_dir, size=disk_bytes, spare_size=spare_bytes, disks=disks,
               disk_model=manifest.get("disk_model"), path=manifest.get("path", PLAIN_PATH))


def _make_backing_file(backing: Path, disk_bytes: int) -> None:
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


def _mark_rotational(name: str) -> None:
    """A modelled disk has a head: say so, as a real disk's driver does (filesystems and the I/O
    scheduler read it: Btrfs turns on its ssd mode for a non-rotational device)."""
    try:
        (kernel.SYS / "block" / name / "queue" / "rotational").write_text("1")
    except OSError:
        pass


def load_lab(directory: str | Path | None = None) -> Lab:
    """The ``Lab`` recorded in a ready manifest, checked against what the kernel has attached."""
    lab_dir = resolve_dir(directory)
    manifest = read_manifest(lab_dir)
    if manifest is None:
        raise UsageError(f"There is no fstune lab in {lab_dir}.", "Make one with `sudo fstune lab up`.")
    if manifest.get("state") != "ready":
        raise DeviceError(
            f"The lab in {lab_dir} was never finished (the command that made it stopped midway).",
            f"Remove it with `sudo fstune lab down --dir {lab_dir}` and make it again.",
        )
    attached = {loop.backing_file: loop for loop in scan_loops() if loop.directory == lab_dir}
    disks = []
    for e in manifest["disks"]:
        loop = attached.get(e["backing_file"])
        if loop is None or f"/dev/{loop.name}" != e["loop"]:
            raise DeviceError(
                f"Lab disk {e['index']} in {lab_dir} is no longer attached as {e['loop']}.",
                f"Remove the lab with `sudo fstune lab down --dir {lab_dir}` and make it again.",
            )
        disks.append(LabDisk(**{k: e[k] for k in LabDisk.__dataclass_fields__}))
    ended = served.server_ended(lab_dir)
    if ended:
        raise DeviceError(f"The lab in {lab_dir} cannot serve its disks: {ended}.",
                          f"`sudo fstune lab up{dir_flag(lab_dir)}` clears it and makes a new one.")
    return Lab(lab_dir, manifest["size"], manifest["spare_size"], disks, list(manifest.get("warnings", [])),
               disk_model=manifest.get("disk_model"), path=manifest.get("path", PLAIN_PATH))



def _refuse_existing(lab_dir: Path) -> None:
    hint = f"Remove it with `sudo fstune lab down --dir {lab_dir}`, or pick another directory with --dir."
    if any(loop.directory == lab_dir for loop in scan_loops()):
        raise UsageError(f"A lab is already running in {lab_dir}.", hint)
    if (lab_dir / MANIFEST_NAME).exists():
        raise UsageError(f"{lab_dir} holds a lab whose disks are no longer attached.", hint)
    leftovers = backing_files(lab_dir)
    if leftovers:
        raise UsageError(f"{lab_dir} already holds lab disk files ({leftovers[0].name} …).", hint)


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
