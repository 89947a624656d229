"""Small helpers the workloads run as commands (``fstune workload-helper …``).

They exist only where no standard tool does the job: generating a reproducible tree as a
tarball, a clone, build and clean of that tree spread over time, counting the sectors written
around a command, timing a command together with the flush of its filesystem, and evicting one
filesystem (and no other) from memory between a workload's phases.
"""

from __future__ import annotations

import ctypes
import errno
import io
import json
import os
import random
import subprocess
import sys
import tarfile
import time
import zlib
from pathlib import Path

from fstune.errors import UsageError
from fstune.util import holders, procfs

SECTOR = 512  # /sys/block/*/stat counts 512-byte sectors whatever the device's block size


def _payload(rng: random.Random, size: int) -> bytes:
    # incompressible, so a compressing filesystem cannot make the test meaningless
    return rng.randbytes(size)


def _add(tar: tarfile.TarFile, name: str, data: bytes, mtime: int) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = mtime
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


def _add_dir(tar: tarfile.TarFile, name: str, mtime: int) -> None:
    info = tarfile.TarInfo(name)
    info.type = tarfile.DIRTYPE
    info.mode = 0o755
    info.mtime = mtime
    tar.addfile(info)


def make_tree(out: str, *, kind: str = "tree", top: str = "tree", levels: int = 3, dirs: int = 6,
              files: int = 100, file_size: int = 1024, seed: int = 1, order: str | None = None) -> int:
    """Write a reproducible tarball of a tree to ``out``; return the number of files in it.

    With ``order``, also write there every file's path (as in the tarball), one a line, in a
    fixed order scattered across the tree: the order a start-up reads its files in.

    ``tree``: ``dirs`` directories per level, ``levels`` deep, ``files`` files of ``file_size``
    bytes in each leaf. ``source``: ``files`` files of 1–40 KiB, 50 to a directory with a
    Makefile each, and an ``include`` directory of headers of 1–8 KiB (a source tree).
    ``mixed``: ``files`` files, mostly 1–16 KiB and one in fifty of 256 KiB–2 MiB.
    """
    rng = random.Random(seed)
    mtime = 1_700_000_000
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    count = 0
    with tarfile.open(partial, "w", format=tarfile.GNU_FORMAT) as tar:
        _add_dir(tar, top, mtime)
        if kind == "tree":
            leaves = [()]
            for _ in range(levels):
                leaves = [(*leaf, f"d{index:02d}") for leaf in leaves for index in range(dirs)]
            made = set()
            for leaf in leaves:
                for depth in range(1, len(leaf) + 1):
                    if leaf[:depth] not in made:
                        made.add(leaf[:depth])
                        _add_dir(tar, "/".join((top, *leaf[:depth])), mtime)
                for index in range(files):
                    _add(tar, "/".join((top, *leaf, f"f{index:05d}")), _payload(rng, file_size), mtime)
                    count += 1
        elif kind in ("source", "mixed"):
            per_dir = 50
            if kind == "source":
                # what every compile unit includes; a build reads them over and over
                _add_dir(tar, f"{top}/include", mtime)
                for index in range(source_headers(files)):
                    _add(tar, f"{top}/include/h{index:04d}.h", _payload(rng, rng.randint(1024, 8 * 1024)), mtime)
                    count += 1
            for index in range(files):
                if index % per_dir == 0:
                    _add_dir(tar, f"{top}/dir{index // per_dir:04d}", mtime)
                    if kind == "source":
                        # make reads it in every build and every clean
                        _add(tar, f"{top}/dir{index // per_dir:04d}/Makefile", _payload(rng, 512), mtime)
                        count += 1
                if kind == "source":
                    size, name = rng.randint(1024, 40 * 1024), f"file{index:05d}.c"
                elif rng.random() < 0.02:
                    size, name = rng.randint(256 * 1024, 2 * 1024 * 1024), f"lib{index:05d}.so"
                else:
                    size, name = rng.randint(1024, 16 * 1024), f"file{index:05d}.dat"
                _add(tar, f"{top}/dir{index // per_dir:04d}/{name}", _payload(rng, size), mtime)
                count += 1
        else:
            raise UsageError(f"unknown tree kind '{kind}'; use tree, source or mixed.")
        paths = [member.name for member in tar.getmembers() if member.isfile()]
    if order is not None:
        random.Random(seed + 1).shuffle(paths)
        listing = Path(order)
        listing.parent.mkdir(parents=True, exist_ok=True)
        listing.write_text("".join(f"{path}\n" for path in paths))
    os.replace(partial, target)
    return count


HEADERS_PER_UNIT = 16  # headers each compile unit reads


def source_headers(files: int) -> int:
    """How many headers a source tree of ``files`` compile units has."""
    return max(10, files // 8)


def _pacer(spread: float, total: int):
    """A function to call after each of ``total`` items so the work lasts at least ``spread``
    seconds: it sleeps until the next item is due (0: no pause). A build thinks between files
    and a clone arrives over the network, so their writes span several journal commits."""
    started = time.monotonic()
    done = 0

    def pace() -> None:
        nonlocal done
        done += 1
        if spread > 0 and total:
            delay = started + spread * done / total - time.monotonic()
            if delay > 0:
                time.sleep(delay)

    return pace


def _read(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def unpack(tarball: str, dest: str, spread: float = 0) -> int:
    """Unpack ``tarball`` into ``dest`` member by member, spread over ``spread`` seconds."""
    # the extraction filters came with Python 3.11.4 (and to some distributions' 3.11 earlier);
    # the tarball is fstune's own, so without them nothing is lost
    safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
    with tarfile.open(tarball) as tar:
        members = tar.getmembers()
        pace = _pacer(spread, len(members))
        for member in members:
            tar.extract(member, dest, **safe)
            pace()
    return len(members)


def build(src: str, spread: float = 0) -> int:
    """Compile ``src`` the way make does: per directory read its Makefile, then for every ``*.c``
    read it and the headers it includes and write a ``.o`` beside it; return how many.

    Each unit includes ``HEADERS_PER_UNIT`` headers of ``include/``, the same ones in every
    build, so headers are read many times between two changes: with strictatime every read
    writes the access time, with relatime only the first, with noatime none.
    """
    include = os.path.join(src, "include")
    headers = sorted(os.listdir(include)) if os.path.isdir(include) else []
    units = []
    for root, dirs, names in os.walk(src):
        dirs.sort()
        units += [os.path.join(root, name) for name in sorted(names) if name.endswith(".c")]
    pace = _pacer(spread, len(units))
    makefiles_read = set()
    for path in units:
        directory = os.path.dirname(path)
        if directory not in makefiles_read and os.path.exists(os.path.join(directory, "Makefile")):
            _read(os.path.join(directory, "Makefile"))
            makefiles_read.add(directory)
        data = _read(path)
        if headers:
            # the same headers for the same unit in every build
            rng = random.Random(zlib.crc32(os.path.basename(path).encode()))
            for name in rng.sample(headers, min(HEADERS_PER_UNIT, len(headers))):
                _read(os.path.join(include, name))
        # an object file somewhat bigger than its source, derived from it
        obj = (data + data[: len(data) // 2]) if data else b"\0"
        with open(path[:-2] + ".o", "wb") as handle:
            handle.write(obj)
        pace()
    return len(units)


def clean(src: str, spread: float = 0) -> int:
    """``make clean`` and ``git status`` on ``src``: per directory read its Makefile, look at every
    entry (lstat), delete the ``*.o`` files; spread over ``spread`` seconds. Returns how many
    objects it deleted."""
    directories = []
    for root, dirs, _names in os.walk(src):
        dirs.sort()
        directories.append(root)
    pace = _pacer(spread, len(directories))
    deleted = 0
    for directory in directories:
        makefile = os.path.join(directory, "Makefile")
        if os.path.exists(makefile):
            _read(makefile)
        for entry in sorted(os.scandir(directory), key=lambda e: e.name):
            entry.stat(follow_symlinks=False)
            if entry.name.endswith(".o") and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                deleted += 1
        pace()
    return deleted


def sectors_written(device: str) -> int:
    """Field 7 of the device's stat file: 512-byte sectors written since boot."""
    counters = procfs.block_stat(device)
    if not counters:
        raise UsageError(f"{device} has no I/O counters in /sys/dev/block; is it a block device?")
    return counters["write_sectors"]


SETTLE_TIMEOUT = 30.0  # seconds; a machine whose dirty data never drains is noted, not waited on
SETTLE_KIB = 8 * 1024  # dirty and writeback data this small is the machine's own trickle
SETTLE_LINE = "settled: {kib} kB dirty+writeback after {seconds:.1f} s"


def settle(timeout: float, target_kib: int = SETTLE_KIB) -> int:
    """Sync, then wait until Dirty+Writeback in /proc/meminfo falls to ``target_kib`` (or the
    timeout): the next measurement must not pay for writes another step (or tenant) left behind
    (docs/verdicts.md, "Quiet, repeatable preconditions"). Says how it went; never fails."""
    started = time.monotonic()
    os.sync()
    while True:
        info = procfs.meminfo_kib()
        pending = info.get("Dirty", 0) + info.get("Writeback", 0)
        elapsed = time.monotonic() - started
        if pending <= target_kib or elapsed >= timeout:
            break
        time.sleep(0.2)
    line = SETTLE_LINE.format(kib=pending, seconds=elapsed)
    if pending > target_kib:
        line += f" (timed out: still above {target_kib} kB)"
    print(line)
    return 0


def _run(argv: list[str]) -> subprocess.CompletedProcess:
    """Run one command of the cold cache, saying it first, with its output kept for the message."""
    print("+ " + " ".join(argv), flush=True)
    try:
        done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    except OSError as error:  # not installed: said like a failure, so the filesystem is still mounted again
        done = subprocess.CompletedProcess(argv, 127, "", f"{argv[0]}: {error.strerror}")
    for line in (done.stdout + done.stderr).splitlines():
        print(f"  {line}", flush=True)
    return done


def _said(done: subprocess.CompletedProcess) -> str:
    words = " / ".join(line.strip() for line in (done.stderr or done.stdout).splitlines() if line.strip())
    return words or f"exit status {done.returncode}"


def _claimed(device: str) -> bool:
    """Whether a filesystem (or anything else) holds ``device`` exclusively: an exclusive open
    (O_EXCL on a block device) fails with EBUSY then."""
    try:
        fd = os.open(device, os.O_RDONLY | os.O_EXCL)
    except OSError as error:
        return error.errno == errno.EBUSY
    os.close(fd)
    return False


def cold_cache(mountpoint: str, devices: list[str], mount_argv: list[str]) -> int:
    """Evict one filesystem from memory and nothing else: ``umount mountpoint`` (its page cache,
    dentries and inodes go with it), ``blockdev --flushbufs`` on each of ``devices`` (the block
    devices' own cache, where ext* keeps its metadata, stays while anything else holds them open),
    then ``mount_argv``, the plan's own mount command (docs/verdicts.md, "Quiet, repeatable
    preconditions").

    A busy filesystem stays mounted and the helper fails naming the processes that hold it, so the
    step's warning says why the next figures are from a warm cache; so does one that lives on
    elsewhere once unmounted here, naming the process whose mount namespace keeps it. Once unmounted,
    the filesystem is always mounted again, even when a flush failed; the helper then fails with
    the flush's or the mount's own words.
    """
    if not mount_argv:
        raise UsageError("cold-cache needs the mount command after '--'.")
    if not os.path.ismount(mountpoint):
        print(f"cannot drop the cache of {mountpoint}: nothing is mounted there.", flush=True)
        return 1
    done = _run(["umount", mountpoint])
    if done.returncode != 0 and os.path.ismount(mountpoint):
        print(f"cannot unmount {mountpoint} ({_said(done)}){holders.describe_holders(mountpoint)}: it stays mounted, "
              "its cache warm.", flush=True)
        return 1
    # unmounted here, the filesystem may live on: mounted in another mount namespace (an
    # `unshare -m` made meanwhile copies every mount), or detached lazily while held. Its
    # device stays claimed then, and mounting again takes up the same filesystem, cache and all.
    alive = [device for device in devices[:1] if _claimed(device)]
    flushed = [(device, _run(["blockdev", "--flushbufs", device])) for device in devices]
    mounted = _run(list(mount_argv))
    if mounted.returncode != 0:
        print(f"cannot mount {mountpoint} again ({_said(mounted)}).", flush=True)
        return 2
    if alive:
        print(f"cannot drop the cache of {mountpoint}: it was unmounted here, but its filesystem on {alive[0]} "
              f"lives on elsewhere{holders.describe_namespace_holders(alive[0])}, so its cache stays warm.", flush=True)
        return 1
    failed = [f"{device} ({_said(done)})" for device, done in flushed if done.returncode != 0]
    if failed:
        print(f"cannot flush the buffer cache of {', '.join(failed)}: its metadata may still be cached.",
              flush=True)
        return 1
    print(f"cold: {mountpoint} mounted again, {' and '.join(devices)} flushed", flush=True)
    return 0


def syncfs(path: str) -> None:
    """Write out everything the filesystem holding ``path`` has dirty, and only that filesystem.

    A global sync would also flush the other disks (the tarball a phase writes outside the
    filesystem under test), and that is not the filesystem's cost.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError as error:
        raise UsageError(f"{path}: cannot be opened to flush its filesystem ({error.strerror}).") from None
    try:
        if libc.syncfs(fd) != 0:
            number = ctypes.get_errno()
            raise UsageError(f"flushing the filesystem of {path} failed ({os.strerror(number)}).")
    finally:
        os.close(fd)


def _run_then_flush(argv: list[str], flush, ready=lambda: None) -> tuple[int, float, float]:
    """Flush what earlier steps left dirty and call ``ready()`` (neither timed), run ``argv``, then
    ``flush()``.

    Returns the command's exit status, its own seconds and its seconds with the flush after it:
    what a command leaves dirty is part of its cost.
    """
    if not argv:
        raise UsageError("the helper needs a command after '--'.")
    os.sync()
    ready()
    started = time.monotonic()
    try:
        status = subprocess.call(argv)
    except FileNotFoundError:
        raise UsageError(f"'{argv[0]}' is not installed or not on PATH.") from None
    elapsed = time.monotonic() - started
    flush()
    return status, elapsed, time.monotonic() - started


def _write_report(result: str, report: dict) -> None:
    Path(result).parent.mkdir(parents=True, exist_ok=True)
    Path(result).write_text(json.dumps(report, indent=1) + "\n")


def timed(flush_path: str, result: str, argv: list[str]) -> int:
    """Run ``argv``, flush the filesystem of ``flush_path``; write both durations to ``result``."""
    status, elapsed, flushed = _run_then_flush(argv, lambda: syncfs(flush_path))
    _write_report(result, {"command": argv, "exit_status": status, "seconds_without_flush": round(elapsed, 6),
                           "seconds": round(flushed, 6), "flushed": flush_path})
    return status


def count_writes(devices: list[str], result: str, argv: list[str]) -> int:
    """Run ``argv``; write to ``result`` the bytes it wrote to each device and its duration."""
    if not argv:
        raise UsageError("count-writes needs a command after '--'.")
    before: dict[str, int] = {}
    status, elapsed, synced = _run_then_flush(
        argv, os.sync, ready=lambda: before.update((device, sectors_written(device)) for device in devices))
    after = {device: sectors_written(device) for device in devices}
    report = {
        "command": argv,
        "exit_status": status,
        "seconds": round(elapsed, 6),
        "seconds_with_sync": round(synced, 6),
        "devices": {device: {"bytes_written": (after[device] - before[device]) * SECTOR} for device in devices},
    }
    _write_report(result, report)
    for device in devices:
        megabytes = report["devices"][device]["bytes_written"] / 1e6
        print(f"{device}: {megabytes:.2f} MB written", file=sys.stderr)
    return status
