"""Journal commits per unit of dbench work: the time-dilated VM lab with and without its clocks
stretched, against the modelled lab on the host (docs/vmlab.md, "Time dilation").

Under TCG the guest's CPU runs a factor f slower than the host's, and the dilated lab slows its
disk model by f; but a journal's commit timer (ext3's 5 s) and the kernel's writeback timers run
on the guest's real clock, so per unit of native work they would fire about f times as often as
on a native machine. The lab stretches them (`lab up --vm --dilate`, fstune/vmlab/dilation.py;
commit= in the plan). This bench checks that with a count: ext3 (journal inside) on the data
partition of disk 1, dbench with the metadata workload's 8 clients, and jbd2's own statistics
(/proc/fs/jbd2/DEV-8/info: transactions committed since the mount) read before the unmount,
divided by the dbench operations done. Three cases, in turn:

- `guest-stretched`: in the guest, commit=5·f and the lab's stretched writeback timers, dbench
  10·f s;
- `guest-stretched-batch`: the same and jbd2's longest batching wait stretched too,
  max_batch_time=15000·f µs (what a dilated run does);
- `guest-native-clocks`: in the guest, commit=5 and the kernel's default timers, dbench 10·f s
  (the dilated lab before its clocks were stretched);
- `host`: on the modelled lab on the host (this kernel, native timers), dbench 10 s.

Each case is repeated --repeats times (interleaved). Both labs must be up already, each made by
this checkout: `sudo fstune lab up --vm --dilate auto --dir VMDIR` and `sudo fstune lab up --dir
HOSTDIR`; only their own partitions are written. The guest's timers are put back to the lab's
stretched values after each native-clock case. Needs root.

    sudo .venv/bin/python bench/bench_commit_clocks.py --vm-dir VMDIR --host-dir HOSTDIR \\
        --out bench/runs/dilation-commit-clocks.json
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fstune import vmlab  # noqa: E402
from fstune.diskmodel.dilation import Dilation  # noqa: E402
from fstune.lab.build import load_lab  # noqa: E402
from fstune.workloads.metadata import LOADFILE  # noqa: E402

CLIENTS = 8
NATIVE_SECONDS = 10
MOUNT = "/run/fstune-bench-commits"
TRANSACTIONS_RE = re.compile(r"^(\d+) transactions \((\d+) requested\)", re.M)
OPERATION_RE = re.compile(r"^\s*([A-Z][A-Za-z]+)\s+(\d+)\s+[\d.]+\s+[\d.]+\s*$", re.M)
THROUGHPUT_RE = re.compile(r"Throughput ([\d.]+) MB/sec")


def case_script(device: str, commit: int, seconds: int, sysctls: dict[str, int] | None,
                batch_us: int | None = None) -> str:
    """ext3 on ``device``, mounted with commit=``commit`` (and max_batch_time=``batch_us``), dbench
    for ``seconds``, jbd2's info."""
    name = os.path.basename(device)
    lines = ["set -e"]
    for key, value in (sysctls or {}).items():
        lines.append(f"echo {int(value)} > /proc/sys/{key.replace('.', '/')}")
    lines += [f"mkfs.ext3 -F -q -E nodiscard {shlex.quote(device)}",
              f"mkdir -p {MOUNT}",
              f"mount -t ext3 -o commit={int(commit)}" + (f",max_batch_time={int(batch_us)}" if batch_us else "")
              + f" {shlex.quote(device)} {MOUNT}",
              f"trap 'umount {MOUNT} 2>/dev/null; rmdir {MOUNT}' EXIT",
              f"dbench -D {MOUNT} -t {int(seconds)} -c {LOADFILE} {CLIENTS}",
              "echo '== jbd2'", f"cat /proc/fs/jbd2/{name}-8/info",
              "echo '== load'", "cat /proc/loadavg"]
    return "; ".join(lines)


def parse(output: str) -> dict:
    dbench, _, rest = output.partition("== jbd2")
    info, _, load = rest.partition("== load")
    found = TRANSACTIONS_RE.search(info)
    if found is None:
        raise RuntimeError(f"no jbd2 statistics in:\n{output[-2000:]}")
    operations = sum(int(m.group(2)) for m in OPERATION_RE.finditer(dbench))
    throughput = THROUGHPUT_RE.findall(dbench)
    return {"transactions": int(found.group(1)), "requested": int(found.group(2)), "operations": operations,
            "throughput_mbs": float(throughput[-1]) if throughput else None,
            "commits_per_10k_ops": round(int(found.group(1)) / operations * 1e4, 3) if operations else None,
            "loadavg": load.split()[:3]}


def run_guest(lab, script: str, timeout: float) -> str:
    status, out, err = vmlab.vm_run_capture(lab, ["sh", "-c", script], env={"LC_ALL": "C"}, timeout=timeout)
    if status != 0:
        raise RuntimeError(f"exit {status} in the guest:\n{out[-2000:]}\n{err[-2000:]}")
    return out


def run_host(script: str, timeout: float) -> str:
    result = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=timeout,
                            env={**os.environ, "LC_ALL": "C"})
    if result.returncode != 0:
        raise RuntimeError(f"exit {result.returncode} on the host:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return result.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--vm-dir", type=Path, required=True, help="a running time-dilated VM lab's directory")
    parser.add_argument("--host-dir", type=Path, required=True, help="a modelled lab's directory on this host")
    parser.add_argument("--repeats", type=int, default=1, help="rounds of the three cases (default %(default)s)")
    parser.add_argument("--out", type=Path, required=True, help="the JSON file to write (results are added to it)")
    parser.add_argument("--cases", default="guest-stretched-batch,guest-stretched,guest-native-clocks,host",
                        help="which cases, in this order (default %(default)s)")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        parser.error("needs root: the labs do")
    lab = vmlab.require_running(args.vm_dir)
    dilation = Dilation.from_dict(lab.dilation)
    if dilation is None or not dilation.clocks:
        parser.error(f"the VM lab in {args.vm_dir} is not time-dilated with its clocks stretched")
    host_lab = load_lab(args.host_dir)
    if not host_lab.disk_model:
        parser.error(f"the lab in {args.host_dir} has no disk model")
    serial = lab.disks[0].serial
    link = f"/dev/disk/by-id/scsi-0{vmlab.DISK_VENDOR}_{vmlab.DISK_MODEL}_{serial}-part1"
    guest_device = run_guest(lab, f"readlink -e {shlex.quote(link)}", 60).strip()
    stretched = {c.name: c.dilated for c in dilation.clocks if c.name.startswith("vm.")}
    native = {c.name: c.native for c in dilation.clocks if c.name.startswith("vm.")}
    f = dilation.factor
    guest_seconds = round(NATIVE_SECONDS * f)
    commit = round(5 * f)
    timeout = 600 + guest_seconds * 10
    earlier = json.loads(args.out.read_text()) if args.out.exists() else {}
    results: list[dict] = list(earlier.get("results") or [])
    wanted = args.cases.split(",")
    print(f"VM lab ×{f:g} ({dilation.label()}), guest {guest_device}; host lab {host_lab.disks[0].data}", flush=True)
    for round_ in range(1, args.repeats + 1):
        cases = [("guest-stretched-batch", lambda: run_guest(lab, case_script(guest_device, commit, guest_seconds,
                                                                             stretched, round(15000 * f)), timeout)),
                 ("guest-stretched", lambda: run_guest(lab, case_script(guest_device, commit, guest_seconds, stretched),
                                                       timeout)),
                 ("guest-native-clocks", lambda: run_guest(lab, case_script(guest_device, 5, guest_seconds, native)
                                                           + "; " + "; ".join(f"echo {v} > /proc/sys/{k.replace('.', '/')}"
                                                                              for k, v in stretched.items()), timeout)),
                 ("host", lambda: run_host(case_script(host_lab.disks[0].data, 5, NATIVE_SECONDS, None), 600))]
        cases = sorted((c for c in cases if c[0] in wanted), key=lambda c: wanted.index(c[0]))
        if round_ % 2 == 0:
            cases.reverse()
        for name, run in cases:
            started, clock = time.monotonic(), time.strftime("%H:%M:%S", time.gmtime())
            try:
                found = parse(run())
            finally:
                if name == "guest-native-clocks":  # put the lab's stretched timers back, whatever happened
                    run_guest(lab, "; ".join(f"echo {v} > /proc/sys/{k.replace('.', '/')}" for k, v in stretched.items()),
                              60)
            with open("/proc/loadavg") as load:  # the host's, whichever side ran
                found["host_loadavg"] = load.read().split()[:3]
            found.update(case=name, round=round_, seconds=round(time.monotonic() - started),
                         started=clock, ended=time.strftime("%H:%M:%S", time.gmtime()),
                         commit=commit if name.startswith("guest-stretched") else 5,
                         max_batch_time=round(15000 * f) if name == "guest-stretched-batch" else 15000,
                         dbench_seconds=NATIVE_SECONDS if name == "host" else guest_seconds)
            results.append(found)
            print(f"  {name:22} commit={found['commit']:<4} {found['transactions']:5} commits, "
                  f"{found['operations']:8} ops, {found['commits_per_10k_ops']} per 10k ops, "
                  f"{found['throughput_mbs']} MB/s, load {' '.join(found['loadavg'])} ({found['seconds']} s)", flush=True)
            args.out.write_text(json.dumps({"dilation": lab.dilation, "guest_device": guest_device,
                                            "host_device": host_lab.disks[0].data, "results": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
