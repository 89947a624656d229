"""How long the VM lab takes to be ready, and what a command inside it costs.

Boots the VM lab ROUNDS times (default 3) in a temporary directory and, for each boot, records:
the wall time from `vm_up` to a ready command server, the guest's own stage times (from its
console: kernel → first stage → second stage → udev → server), a trivial command's round trip
(`true`), and `fstune --version` in the guest (a Python start over 9p). The VM is always stopped
and its files removed. Needs root. The target: ready in under 30 s under TCG.

    sudo .venv/bin/python bench/bench_vmlab.py [--rounds N] [--accel auto|tcg|kvm] [--json]

Figures depend on the host's load: software emulation shares the CPUs with everything else, so
the load average is reported beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fstune import vmlab  # noqa: E402


def one_round(base: Path, accel: str | None) -> dict:
    directory = base / "vm"
    started = time.monotonic()
    try:
        lab = vmlab.vm_up(disks=2, size="1G", directory=directory, accel=accel)
        ready = time.monotonic() - started
        stages = {m.group(2): float(m.group(1)) for m in
                  re.finditer(r"fstune-vmlab: ([\d.]+) s: (.+)", lab.console_log.read_text(errors="replace"))}
        t = time.monotonic()
        status, _, _ = vmlab.vm_run_capture(lab, ["true"])
        roundtrip = time.monotonic() - t
        t = time.monotonic()
        vmlab.vm_run_capture(lab, ["fstune", "--version"])
        fstune_version = time.monotonic() - t
        return {"ready_s": round(ready, 2), "accel": lab.accel, "guest_stages_s": stages,
                "true_roundtrip_s": round(roundtrip, 3), "fstune_version_s": round(fstune_version, 2),
                "warnings": lab.warnings, "load_before": os.getloadavg()[0]}
    finally:
        vmlab.vm_down(directory)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--accel", choices=("auto", "tcg", "kvm"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("bench_vmlab: run as root (the VM lab needs it)", file=sys.stderr)
        return 2
    rounds = []
    with tempfile.TemporaryDirectory(prefix="fstune-bench-vmlab-") as base:
        for n in range(args.rounds):
            load = os.getloadavg()[0]
            result = one_round(Path(base), args.accel)
            result["load_before"] = round(load, 2)
            rounds.append(result)
            if not args.json:
                print(f"round {n + 1}: ready in {result['ready_s']:.1f} s ({result['accel']}), "
                      f"`true` {result['true_roundtrip_s'] * 1000:.0f} ms, `fstune --version` "
                      f"{result['fstune_version_s']:.1f} s, load {load:.1f}; guest stages {result['guest_stages_s']}")
    ready = [r["ready_s"] for r in rounds]
    summary = {"rounds": rounds, "ready_median_s": statistics.median(ready), "ready_max_s": max(ready),
               "target_s": 30.0}
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"ready: median {summary['ready_median_s']:.1f} s, max {summary['ready_max_s']:.1f} s "
              f"(target under 30 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
