"""Lab disks with heads: each disk served through the disk model, on the host's own kernel.

Path of one request (docs/modelled-lab.md): the filesystem → the loop device (direct I/O) →
nbdfuse's one-file FUSE mount → nbdkit running ``fstune/diskmodel/nbd_plugin.py``, which times it
with ``fstune.diskmodel`` and reads or writes the disk's store. One nbdfuse and one nbdkit per disk:
one spindle, one queue.

Files, per disk N, in the lab directory:

- ``fstune-lab-diskN.img``: the loop device's backing file. An empty placeholder with nbdfuse's
  FUSE file mounted over it (a "naked" mountpoint), so the loop's backing file keeps the lab's
  name beside the manifest, and the lab's recognition and write guard work unchanged.
- the store, the data the plugin reads and writes: in memory, ``/dev/shm/fstune-lab-TAG-diskN.store``
  (TAG from the lab directory's path; ``store_file`` says why).
- ``fstune-lab-diskN.model.json``, ``.stats.json`` (the plugin's counters, fidelity's source),
  ``.serve.log``, ``.nbdfuse.pid``.

nbdfuse runs nbdkit itself (``--command nbdkit -s``, the request stream on nbdkit's stdin): when
nbdfuse ends, for any reason, nbdkit sees its input close and ends too, and nbdkit is also told
to exit with its parent. A killed nbdfuse leaves a dead FUSE mount ("transport endpoint is not
connected"); ``stop`` takes it away lazily, whatever state it is in.

Everything that is ours is found from the kernel and /proc, never only from the manifest:
FUSE mounts whose mountpoint is a lab disk's name in this directory, and nbdfuse/nbdkit
processes whose command line names this directory's files.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from fstune import diskmodel
from fstune.diskmodel import serving
from fstune.devices.labdisk import BACKING_RE
from fstune.errors import DeviceError
from fstune.lab import kernel
from fstune.lab.files import read_manifest
from fstune.lab.kernel import read_mounts, read_text

PATH = "nbdkit → nbdfuse → loop (direct I/O)"
PACKAGES = ("libnbd-bin", "nbdkit", "nbdkit-plugin-python")
START_TIMEOUT = 30.0
MIB = 1024**2
# the serving processes run ahead of ordinary work: a modelled disk that waits for a CPU behind
# a compile is no longer the disk the model describes (docs/modelled-lab.md, "What took the pace")
SERVE_NICE = -15
SERVE_RT_PRIORITY = 1
SUFFIXES = (".model.json", ".model.tmp", ".stats.json", ".stats.json.tmp", ".serve.log", ".nbdfuse.pid")


class ServingMissing(Exception):
    """What the modelled lab needs and this machine lacks (the message says what to install)."""


def stem(index: int) -> str:
    return f"fstune-lab-disk{index}"


# The store lives in memory (tmpfs), not beside the manifest: a file on the host's disk has its
# dirty pages throttled and flushed with everyone else's (dirty-page throttling, a `sync` by any
# process), tmpfs has none to write back (docs/modelled-lab.md). Named after the lab directory,
# so `lab down` finds it without a manifest.
MEMORY_DIR = Path("/dev/shm")


def store_file(lab_dir: Path, index: int) -> Path:
    tag = hashlib.sha1(str(lab_dir).encode()).hexdigest()[:12]
    return MEMORY_DIR / f"fstune-lab-{tag}-disk{index}.store"


def model_file(lab_dir: Path, index: int) -> Path:
    return lab_dir / f"{stem(index)}.model.json"


def stats_file(lab_dir: Path, index: int) -> Path:
    return lab_dir / f"{stem(index)}.stats.json"


def log_file(lab_dir: Path, index: int) -> Path:
    return lab_dir / f"{stem(index)}.serve.log"


def pid_file(lab_dir: Path, index: int) -> Path:
    return lab_dir / f"{stem(index)}.nbdfuse.pid"


def find_tools() -> tuple[str, str]:
    """(nbdkit, nbdfuse), or ServingMissing saying which package to install. (The lab runs as
    root, so nbdfuse mounts and ``umount`` unmounts: fusermount3 is not needed.)"""
    try:
        nbdkit = serving.find_nbdkit()
    except serving.NbdkitMissing as error:
        raise ServingMissing(f"{error} (packages nbdkit and nbdkit-plugin-python)") from None
    search = f"{os.environ.get('PATH', '')}:{kernel.EXTRA_PATH}"
    nbdfuse = shutil.which("nbdfuse", path=search)
    if nbdfuse is None:
        raise ServingMissing("nbdfuse is not installed (package libnbd-bin)")
    if not (kernel.DEV / "fuse").exists():
        raise ServingMissing("/dev/fuse is missing (load the fuse module: `modprobe fuse`)")
    return nbdkit, nbdfuse


def check_memory(count: int, size: int) -> None:
    """The stores of ``count`` disks of ``size`` bytes, if written whole, must fit in memory."""
    try:
        free = shutil.disk_usage(MEMORY_DIR).free
    except OSError as error:
        raise DeviceError(f"The modelled lab keeps its disks in {MEMORY_DIR}, which cannot be used: "
                          f"{error.strerror}.", "Use `--disk-model none` for plain loop disks.") from None
    if free < count * size:
        raise DeviceError(f"The modelled lab keeps its disks in memory ({MEMORY_DIR}): {count} × {size // MIB} MiB "
                          f"would not fit in the {free // MIB} MiB free there.",
                          "Make smaller disks (--size), fewer (--disks), or use `--disk-model none`.")


def missing() -> str | None:
    """Why the modelled lab cannot be served here, or None."""
    try:
        find_tools()
    except ServingMissing as error:
        return str(error)
    return None


def serve(lab_dir: Path, index: int, size: int, params: diskmodel.DiskParams) -> int:
    """Make disk ``index``'s store and placeholder and start serving it; returns nbdfuse's pid.

    The placeholder and the store are created with O_EXCL (never reuse a file that appeared
    meanwhile). The store is sparse: a page of tmpfs costs the same whenever it is first written,
    so no configuration pays for being first (the reason the plain lab preallocates, lab/build.py),
    and memory is taken only for what is written."""
    nbdkit, nbdfuse = find_tools()
    placeholder = lab_dir / f"{stem(index)}.img"
    os.close(os.open(placeholder, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    store = store_file(lab_dir, index)
    fd = os.open(store, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.ftruncate(fd, size)
    finally:
        os.close(fd)
    model = model_file(lab_dir, index)
    model.write_text(json.dumps({"generation": time.time_ns(), "params": params.to_dict()}))
    pids = pid_file(lab_dir, index)
    pids.unlink(missing_ok=True)
    argv = [nbdfuse, "--pidfile", str(pids), str(placeholder),
            "--command", nbdkit, "-s", "--exit-with-parent", "python", str(serving.PLUGIN),
            f"file={store}", f"model={model}", f"stats={stats_file(lab_dir, index)}"]
    with open(log_file(lab_dir, index), "ab") as log:
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                   start_new_session=True, preexec_fn=_ahead_of_others)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        if _read_pid(pids) == process.pid and _mounted_size(placeholder) == size:
            return process.pid
        time.sleep(0.05)
    tail = (read_text(log_file(lab_dir, index)) or "")[-1500:]
    if process.poll() is None:
        process.kill()
        process.wait(timeout=10)
    raise DeviceError(f"nbdfuse for lab disk {index} did not start serving {placeholder} "
                      f"(exit {process.returncode}):\n{tail}",
                      f"`sudo fstune lab down --dir {lab_dir}` removes what it left; "
                      "`--disk-model none` makes a lab without the model.")


def _ahead_of_others() -> None:
    # in the child, before exec: nbdfuse and the nbdkit it starts inherit both. Real-time at the
    # lowest priority: on a modelled disk, small flushed writes (a journal's commits) spent
    # 1.2-1.4 ms per request outside the model at nice -15 and 0.65-0.8 ms under SCHED_FIFO, and the
    # model's lateness p99 fell from 5 ms to 0.25 ms (docs/modelled-lab.md). The servers sleep
    # between requests, and the kernel's real-time throttling keeps 5 % of each CPU for the rest.
    try:
        os.setpriority(os.PRIO_PROCESS, 0, SERVE_NICE)
    except OSError:
        pass
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(SERVE_RT_PRIORITY))
    except (OSError, AttributeError):
        pass  # not permitted (a container without CAP_SYS_NICE): the nice value stays


def _mounted_size(placeholder: Path) -> int | None:
    """The size of the file over ``placeholder`` once it is a FUSE mount, else None."""
    if not any(m.mountpoint == str(placeholder) for m in _fuse_mounts()):
        return None
    try:
        return placeholder.stat().st_size
    except OSError:
        return None


def _read_pid(path: Path) -> int | None:
    text = read_text(path)
    return int(text) if text and text.strip().isdigit() else None


def _fuse_mounts():
    return [m for m in read_mounts() if m.fs_type.startswith("fuse")]


def served_mounts(lab_dir: Path) -> list[str]:
    """This lab's FUSE mounts: mountpoints that are lab disk names in ``lab_dir`` (alive or dead)."""
    return [m.mountpoint for m in _fuse_mounts()
            if Path(m.mountpoint).parent == lab_dir and BACKING_RE.match(Path(m.mountpoint).name)]


def serving_processes(lab_dir: Path) -> dict[int, str]:
    """pid → program name of every nbdfuse or nbdkit whose command line names this lab's files."""
    mark = (str(lab_dir) + "/fstune-lab-disk").encode()
    found = {}
    for entry in kernel.PROC.glob("[0-9]*"):
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        program = os.path.basename(argv[0]).decode(errors="replace") if argv and argv[0] else ""
        if program in ("nbdfuse", "nbdkit") and any(mark in arg for arg in argv[1:]):
            found[int(entry.name)] = program
    return found


@dataclass
class Stopped:
    unmounted: list[str]
    killed: list[int]


def stop(lab_dir: Path, grace: float = 5.0) -> Stopped:
    """Unmount this lab's FUSE files and end its serving processes; only after its loops are gone.

    Unmounting ends nbdfuse cleanly (and nbdkit with it); a mount whose server died takes a lazy
    unmount; whatever still runs after ``grace`` gets SIGTERM, then SIGKILL."""
    unmounted = []
    for mountpoint in served_mounts(lab_dir):
        result = subprocess.run(_unmount_argv(mountpoint), capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            result = subprocess.run([kernel.tool("umount"), "--lazy", mountpoint], capture_output=True, text=True,
                                    timeout=60)
        if result.returncode != 0 and mountpoint in served_mounts(lab_dir):
            raise DeviceError(f"Could not unmount the modelled disk's file {mountpoint}: "
                              f"{kernel.last_line(result.stderr)}",
                              f"Something still holds it open (`fuser -v {mountpoint}`); stop it, then run "
                              f"`sudo fstune lab down --dir {lab_dir}` again.")
        unmounted.append(mountpoint)
    killed: list[int] = []
    deadline = time.monotonic() + grace
    while serving_processes(lab_dir) and time.monotonic() < deadline:
        time.sleep(0.05)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        left = serving_processes(lab_dir)
        if not left:
            break
        for pid in left:
            try:
                os.kill(pid, sig)
                killed.append(pid)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while serving_processes(lab_dir) and time.monotonic() < deadline:
            time.sleep(0.05)
    if serving_processes(lab_dir):
        raise DeviceError(f"The lab's serving processes in {lab_dir} did not end.",
                          "See `ps -ef | grep nbd`; run `sudo fstune lab down` again.")
    return Stopped(unmounted, sorted(set(killed)))


def _unmount_argv(mountpoint: str) -> list[str]:
    return [kernel.tool("umount"), mountpoint]


def own_files(lab_dir: Path) -> list[Path]:
    """The serving files of this lab's disks, stores included (the placeholders are the lab's
    backing files)."""
    try:
        found = [p for p in lab_dir.iterdir() if p.name.startswith("fstune-lab-disk") and p.name.endswith(SUFFIXES)]
    except OSError:
        found = []
    prefix = store_file(lab_dir, 0).name.split("-disk")[0] + "-disk"
    try:
        found += [p for p in MEMORY_DIR.iterdir() if p.name.startswith(prefix) and p.name.endswith(".store")]
    except OSError:
        pass
    return sorted(found)


def server_ended(lab_dir: Path) -> str | None:
    """Why the modelled lab in ``lab_dir`` can no longer serve its disks (a server killed or
    crashed), or None: a leftover that the next ``lab up`` clears."""
    manifest = read_manifest(lab_dir)
    if not manifest or not manifest.get("disk_model") or manifest.get("state") != "ready":
        return None
    mounts = set(served_mounts(lab_dir))
    running = serving_processes(lab_dir)
    for entry in manifest.get("disks", []):
        placeholder = entry["backing_file"]
        pid = entry.get("nbdfuse_pid")
        if placeholder not in mounts or pid not in running:
            return f"the server of lab disk {entry['index']} (nbdfuse, pid {pid}) has ended"
        try:
            os.stat(placeholder)
        except OSError as error:
            return f"lab disk {entry['index']}'s file cannot be read ({error.strerror})"
    return None


def set_model(lab_dir: Path, indexes: list[int], params: diskmodel.DiskParams) -> int:
    """Give these disks' servers ``params`` afresh (head at 0, buffers empty, statistics zeroed:
    the plugin re-reads its model file within a tenth of a second); returns the new generation."""
    generation = time.time_ns()
    for index in indexes:
        path = model_file(lab_dir, index)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"generation": generation, "params": params.to_dict()}))
        os.replace(tmp, path)
    return generation


def read_stats(lab_dir: Path, index: int) -> dict | None:
    try:
        return json.loads(stats_file(lab_dir, index).read_text())
    except (OSError, ValueError):
        return None
