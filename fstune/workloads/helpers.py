"""Small helpers the workloads run as commands (``fstune workload-helper …``).

They exist only where no standard tool does the job: generating a reproducible tree as a
tarball, a make-like build step, and counting the sectors written around a command.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import tarfile
import time
from pathlib import Path

from fstune.errors import UsageError
from fstune.util import procfs

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
              files: int = 100, file_size: int = 1024, seed: int = 1) -> int:
    """Write a reproducible tarball of a tree to ``out``; return the number of files in it.

    ``tree``: ``dirs`` directories per level, ``levels`` deep, ``files`` files of ``file_size``
    bytes in each leaf. ``source``: ``files`` files of 1–40 KiB, 50 to a directory (a source
    tree). ``mixed``: ``files`` files, mostly 1–16 KiB and one in fifty of 256 KiB–2 MiB.
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
            for index in range(files):
                if index % per_dir == 0:
                    _add_dir(tar, f"{top}/dir{index // per_dir:04d}", mtime)
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
    os.replace(partial, target)
    return count


def build(src: str) -> int:
    """Read every ``*.c`` under ``src`` and write a ``.o`` beside it; return how many."""
    count = 0
    for root, _dirs, names in sorted(os.walk(src)):
        for name in sorted(names):
            if not name.endswith(".c"):
                continue
            path = os.path.join(root, name)
            with open(path, "rb") as handle:
                data = handle.read()
            # an object file somewhat bigger than its source, derived from it
            obj = (data + data[: len(data) // 2]) if data else b"\0"
            with open(path[:-2] + ".o", "wb") as handle:
                handle.write(obj)
            count += 1
    return count


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


def count_writes(devices: list[str], result: str, argv: list[str]) -> int:
    """Run ``argv``; write to ``result`` the bytes it wrote to each device and its duration."""
    if not argv:
        raise UsageError("count-writes needs a command after '--'.")
    os.sync()
    before = {device: sectors_written(device) for device in devices}
    started = time.monotonic()
    try:
        status = subprocess.call(argv)
    except FileNotFoundError:
        raise UsageError(f"'{argv[0]}' is not installed or not on PATH.") from None
    elapsed = time.monotonic() - started
    os.sync()  # what the command left dirty is part of its cost
    synced = time.monotonic() - started
    after = {device: sectors_written(device) for device in devices}
    report = {
        "command": argv,
        "exit_status": status,
        "seconds": round(elapsed, 6),
        "seconds_with_sync": round(synced, 6),
        "devices": {device: {"bytes_written": (after[device] - before[device]) * SECTOR} for device in devices},
    }
    Path(result).parent.mkdir(parents=True, exist_ok=True)
    Path(result).write_text(json.dumps(report, indent=1) + "\n")
    for device in devices:
        megabytes = report["devices"][device]["bytes_written"] / 1e6
        print(f"{device}: {megabytes:.2f} MB written", file=sys.stderr)
    return status
