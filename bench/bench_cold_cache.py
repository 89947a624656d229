"""What the per-filesystem cold cache costs per repeat, and whether it is as cold as a global drop.

On a lab of this bench's own (a temporary directory; plain loop disks, or modelled ones with
--disk-model), for ext4 and for XFS with its log on the other lab disk: unpack a coldread tree
(the coldread workload's own helpers), then, repeat after repeat and in an alternating order,
read the whole tree once (everything cached), run `fstune workload-helper settle`, then one of

  global   `sysctl -q vm.drop_caches=3`, what fstune did before (the whole machine's cache)
  cold     the plan's cold-cache step (`fstune workload-helper cold-cache`: umount, blockdev
           --flushbufs on the data and log devices, the same mount again), built by
           fstune.workloads.base.cold_cache_steps exactly as a run builds it
  inproc   the same umount, flush and mount, called inside this process: the step's cost
           without starting the `fstune` command
  fadvise  POSIX_FADV_DONTNEED on every file of the tree, and nothing else

and time it; then read the tree in the coldread order and count the bytes the data device read
meanwhile (/sys/block/*/stat). A cache as cold as the global drop's reads the same bytes. Each
row also says whether another process dropped the whole page cache between the step and the
read's end (/proc/vmstat drop_pagecache); the summary gives the medians of every repeat and the
read of the clean ones. A cold-cache step that fails (the filesystem busy, or alive in another
mount namespace) is a row of its own, with the helper's words. The global rows drop the
machine's cache: a handful per run, said here so nobody is surprised.

    sudo .venv/bin/python bench/bench_cold_cache.py --repeats 8 --out bench/runs/cold-cache-plain.json
    sudo .venv/bin/python bench/bench_cold_cache.py --disk-model auto --files 300 --repeats 4 --fs xfs \\
        --out bench/runs/cold-cache-modelled-xfs.json
    .venv/bin/python bench/bench_cold_cache.py --recompute bench/runs/cold-cache-*.json
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fstune import filesystems  # noqa: E402
from fstune import lab as labmod  # noqa: E402
from fstune.lab import fidelity  # noqa: E402
from fstune.util import procfs  # noqa: E402
from fstune.workloads import WorkloadContext, cold_cache_steps, helpers  # noqa: E402

METHODS = ("global", "cold", "inproc", "fadvise")


def run(argv, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(argv, check=True, capture_output=True, text=True, **kwargs)


def read_bytes(device: str) -> int:
    return procfs.block_stat(device)["read_sectors"] * 512


def read_tree(root: Path, order: list[str]) -> float:
    started = time.monotonic()
    for name in order:
        with open(root / name, "rb") as handle:
            while handle.read(1 << 20):
                pass
    return time.monotonic() - started


def fadvise_tree(root: Path) -> None:
    for directory, _, files in os.walk(root):
        for name in files:
            fd = os.open(os.path.join(directory, name), os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def measure_fs(fs: str, data: str, log: str | None, work: Path, files: int, repeats: int) -> list[dict]:
    """Every repeat of every method on one filesystem: the method's seconds, the read after it."""
    mountpoint = work / f"mnt-{fs}"
    mountpoint.mkdir()
    if fs == "xfs":
        run(["mkfs.xfs", "-q", "-f", "-l", f"logdev={log}", data])
    else:
        run(["mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0", data])
    mount = filesystems.get(fs).mount_argv(data, str(mountpoint), filesystems.get(fs).journal_mount_options(log))
    run(mount)
    rows = []
    try:
        tarball, order_file = work / f"tree-{files}.tar", work / f"tree-{files}.order"
        if not tarball.exists():
            helpers.make_tree(str(tarball), kind="mixed", files=files, top="startup", order=str(order_file))
        helpers.unpack(str(tarball), str(mountpoint))
        os.sync()
        order = order_file.read_text().splitlines()
        ctx = WorkloadContext(config=fs, fs_name=fs, mountpoint=str(mountpoint), workdir=str(work),
                              shared_dir=str(work), data_device=data, journal_device=log, target_size=0,
                              mount_argv=mount)
        settle, cold = (step.argv for step in cold_cache_steps(ctx, "the read"))
        for repeat in range(1, repeats + 1):
            methods = METHODS if repeat % 2 else tuple(reversed(METHODS))
            for method in methods:
                read_tree(mountpoint, order)  # everything cached
                run(settle)
                drops = fidelity.cache_drops()  # from here to the read's end: what the figures depend on
                started = time.monotonic()
                if method == "global":
                    run(["sysctl", "-q", "vm.drop_caches=3"])
                elif method == "cold":
                    done = subprocess.run(cold, capture_output=True, text=True)
                    if done.returncode != 0:  # busy: held by another process; the row says so
                        rows.append({"fs": fs, "method": method, "repeat": repeat, "failed": done.stdout.strip()})
                        print(json.dumps(rows[-1]), flush=True)
                        continue
                elif method == "inproc":
                    # the same umount, flush and mount, called in this process: the step's cost
                    # without the start of the `fstune` command
                    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
                        status = helpers.cold_cache(str(mountpoint), ctx.devices(), list(mount))
                    if status != 0:
                        rows.append({"fs": fs, "method": method, "repeat": repeat, "failed": f"status {status}"})
                        continue
                else:
                    fadvise_tree(mountpoint)
                seconds = time.monotonic() - started
                before = read_bytes(data)
                read_seconds = read_tree(mountpoint, order)
                foreign = fidelity.cache_drops() - drops - (1 if method == "global" else 0)
                rows.append({"fs": fs, "method": method, "repeat": repeat, "seconds": round(seconds, 4),
                             "read_bytes": read_bytes(data) - before, "read_seconds": round(read_seconds, 3),
                             "foreign_drops": foreign})
                print(json.dumps(rows[-1]), flush=True)
    finally:
        for _ in range(60):  # another process may hold it for a moment (see the failed rows)
            if subprocess.run(["umount", str(mountpoint)], check=False).returncode == 0:
                break
            time.sleep(2)
    return rows


def summary(rows: list[dict]) -> list[str]:
    """Per filesystem and method: the medians of every repeat that ran, and of the clean ones (no
    other process dropped the whole cache between the step and the read's end; such a drop can
    only add bytes: metadata evicted in the middle of the read is read twice)."""
    lines = []
    for fs in dict.fromkeys(row["fs"] for row in rows):
        for method in METHODS:
            mine = [r for r in rows if r["fs"] == fs and r["method"] == method]
            ran = [r for r in mine if "failed" not in r]
            if not ran:
                continue
            clean = [r for r in ran if r["foreign_drops"] == 0]
            line = (f"{fs:5} {method:8} {statistics.median(r['seconds'] for r in ran):6.3f} s, then read "
                    f"{statistics.median(r['read_bytes'] for r in ran) / 1e6:7.2f} MB in "
                    f"{statistics.median(r['read_seconds'] for r in ran):5.2f} s ({len(ran)} repeats")
            if len(ran) < len(mine):
                line += f"; {len(mine) - len(ran)} failed"
            if clean:
                line += f"; {len(clean)} clean: {statistics.median(r['read_bytes'] for r in clean) / 1e6:.2f} MB"
            lines.append(line + ")")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--disk-model", default="none", help="the lab's disk model (none: plain loop disks)")
    parser.add_argument("--files", type=int, default=3000, help="files in the coldread tree (coldread's default)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--fs", choices=("ext4", "xfs"), action="append",
                        help="only this filesystem (again for more); default: ext4, then XFS")
    parser.add_argument("--out", type=Path, help="write every row and the summary here (JSON)")
    parser.add_argument("--recompute", type=Path, nargs="+", metavar="JSON",
                        help="print the summary of stored runs (--out files) and measure nothing")
    args = parser.parse_args()
    if args.recompute:
        for path in args.recompute:
            stored = json.loads(path.read_text())
            print(f"{path.name}: {stored['lab']}, {stored['files']} files")
            print("\n".join(summary(stored["rows"])))
        return 0
    if os.geteuid() != 0:
        print("run it as root: it makes a lab and mounts its disks", file=sys.stderr)
        return 2
    rows = []
    with tempfile.TemporaryDirectory(prefix="fstune-cold-cache-", dir="/var/tmp") as tmp:
        work = Path(tmp)
        lab_dir = work / "lab"
        lab = labmod.lab_up(disks=2, size="1G", directory=lab_dir, spare_size="256M", disk_model=args.disk_model)
        try:
            (data, log), _ = lab.pairs()
            for fs in args.fs or ("ext4", "xfs"):
                rows += measure_fs(fs, data, log if fs == "xfs" else None, work, args.files, args.repeats)
        finally:
            for attempt in range(10):  # udev's probe after an unmount may hold a partition a moment
                try:
                    labmod.lab_down(lab_dir)
                    break
                except Exception:
                    if attempt == 9:
                        raise
                    time.sleep(2)
        path = lab.path
    lines = summary(rows)
    print(f"lab: {path}; kernel {os.uname().release}; {args.files} files")
    print("\n".join(lines))
    if args.out:
        args.out.write_text(json.dumps({"lab": path, "disk_model": args.disk_model, "files": args.files,
                                        "kernel": os.uname().release, "rows": rows, "summary": lines},
                                       indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
