"""How long a sync after dbench takes on ReiserFS in the VM lab, for each way of serving its disks.

Issue 16 saw ReiserFS syncs take over 7 minutes (with hung-task traces) in the VM lab when its
disks were QEMU's flat per-I/O cap (`--seek-ms`). This bench boots a lab with two 1 GiB disks
and, for each serving mode in turn (the flat cap at --seek-ms, and the disk model's defaults),
formats disk 1's data partition as ReiserFS, runs dbench with 15 clients for --seconds keeping
its files (--skip-cleanup, so their data is still dirty), and times `sync` in the guest. It
prints the guest's dirty memory before the sync, the sync's time, the write requests the disk
received during it by size, the writes and seeks the model charged, and any hung-task report.
The lab is taken down at the end (also on failure or Ctrl-C). Needs root. docs/vmlab.md,
"ReiserFS", has the figures and what they mean.

    sudo .venv/bin/python bench/bench_reiserfs_sync.py [--seconds 30] [--seek-ms 8.5]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fstune import diskmodel, vmlab  # noqa: E402

GUEST_ENV = {"FSTUNE_LAB_ONLY": "1"}
MOUNT = "/run/fstune-bench-reiserfs"


def guest(lab, script: str, timeout: float = 1800) -> str:
    status, out, err = vmlab.vm_run_capture(lab, ["sh", "-c", script], env=GUEST_ENV, timeout=timeout)
    if status != 0:
        raise RuntimeError(f"`{script}` exited {status} in the guest:\n{out[-2000:]}\n{err[-2000:]}")
    return out


def disk_stats(lab, index: int) -> dict:
    path = lab.directory / f"disk{index}.stats.json"
    before = path.stat().st_mtime if path.exists() else 0
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and path.exists() and path.stat().st_mtime == before:
        time.sleep(0.1)  # the plugin writes its stats once a second: take a fresh copy
    return json.loads(path.read_text()) if path.exists() else {}


def _diff(after: dict, before: dict) -> dict:
    return {size: n - before.get(size, 0) for size, n in after.items() if n - before.get(size, 0)}


def one_mode(lab, name: str, data: str, seconds: int) -> dict:
    guest(lab, f"mkdir -p {MOUNT} && mkreiserfs -f -f -q {data} >/dev/null 2>&1 && mount -t reiserfs {data} {MOUNT}"
               " && sync && echo 3 > /proc/sys/vm/drop_caches && dmesg -C")
    try:
        t = time.monotonic()
        guest(lab, f"dbench -c /usr/share/dbench/client.txt -D {MOUNT} -t {seconds} --skip-cleanup 15 >/dev/null")
        dbench_s = time.monotonic() - t
        meminfo = dict(line.split(":", 1) for line in guest(lab, "cat /proc/meminfo").splitlines())
        dirty_kib = int(meminfo["Dirty"].split()[0]) + int(meminfo["Writeback"].split()[0])
        before = disk_stats(lab, 1)
        t = time.monotonic()
        a, b = map(float, guest(lab, "a=$(date +%s.%N); sync; echo $a $(date +%s.%N)").split())
        guest_s = b - a
        sync_s = time.monotonic() - t
        after = disk_stats(lab, 1)
        hung = [line for line in guest(lab, "dmesg").splitlines() if "blocked for more than" in line]
    finally:
        guest(lab, f"umount {MOUNT} || umount -l {MOUNT}", timeout=3600)
    same = after.get("generation") == before.get("generation")
    writes = _diff(after.get("sizes", {}).get("write", {}), before.get("sizes", {}).get("write", {})) if same else {}
    kinds = {k: v["n"] - before.get("by_kind", {}).get(k, {}).get("n", 0) for k, v in after.get("by_kind", {}).items()}
    return {"mode": name, "dbench_s": round(dbench_s, 1), "dirty_mib_before_sync": round(dirty_kib / 1024, 1),
            "sync_s": round(sync_s, 1), "sync_guest_s": round(guest_s, 1), "writes_by_size": writes,
            "model_services": {k: n for k, n in kinds.items() if n} if same else {}, "hung_task_reports": hung}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=30, help="dbench's run time (default 30)")
    parser.add_argument("--seek-ms", type=float, default=8.5, help="the flat per-I/O cost of the old lab (8.5)")
    parser.add_argument("--modes", default="flat,model", help="which modes, in order (default flat,model)")
    parser.add_argument("--memory-mib", type=int, default=vmlab.DEFAULT_MEMORY_MIB, help="the guest's memory")
    args = parser.parse_args()
    if os.geteuid() != 0:
        parser.error("needs root: the VM lab does")
    results = []
    with tempfile.TemporaryDirectory(prefix="fstune-bench-reiserfs-", dir="/var/tmp") as base:
        directory = Path(base) / "vm"
        try:
            print("Booting the VM lab…", flush=True)
            lab = vmlab.vm_up(disks=2, size="1G", directory=directory, memory_mib=args.memory_mib)
            serial = lab.disks[0].serial
            data = guest(lab, f"readlink -e /dev/disk/by-id/scsi-0{vmlab.DISK_VENDOR}_{vmlab.DISK_MODEL}_"
                              f"{serial}-part1").strip()
            ratios = guest(lab, "sysctl -n vm.dirty_ratio vm.dirty_background_ratio").split()
            print(f"Ready ({lab.accel.upper()}, {args.memory_mib} MiB); guest dirty_ratio {ratios[0]} %, "
                  f"dirty_background_ratio {ratios[1]} %", flush=True)
            for mode in args.modes.split(","):
                if mode == "flat":
                    vmlab.set_disk_model(lab, None)
                    vmlab.set_seek_ms(lab, args.seek_ms)
                else:
                    vmlab.set_seek_ms(lab, None)
                    vmlab.set_disk_model(lab, diskmodel.DEFAULT_PRESET)
                result = one_mode(lab, mode if mode != "flat" else f"flat {args.seek_ms} ms per I/O", data,
                                  args.seconds)
                results.append(result)
                print(json.dumps(result), flush=True)
        finally:
            vmlab.vm_down(directory)
    for r in results:
        print(f"{r['mode']:>22}: {r['dirty_mib_before_sync']:7.1f} MiB dirty, sync {r['sync_s']:7.1f} s "
              f"(guest clock {r['sync_guest_s']:.1f} s), hung-task reports {len(r['hung_task_reports'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
