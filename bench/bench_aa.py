"""A/A runs on the loop-device lab: two identical ext4 configurations, headless, each run stored.

Any verdict other than "no detectable difference" or "too noisy to tell" on two identical
configurations is a false positive; the design promises at most 5 % of them (docs/verdicts.md).
This script only makes the runs: it builds a lab of its own in a temporary directory, runs the
A/A study through the real `fstune run` as many times as asked (or as fit in --minutes), keeps
every run in a results store that outlives it, takes the lab down again (also when interrupted),
and prints the store and the run ids. `bench/recompute_aa.py` counts the false positives and the
order effect from those stored runs' raw figures:

    sudo .venv/bin/python bench/bench_aa.py --minutes 60 --state /var/tmp/fstune-aa
    sudo .venv/bin/python bench/recompute_aa.py --state /var/tmp/fstune-aa

With --variant-option the second configuration is mounted with that option instead (for example
data=journal, whose cost dbench shows), with --variant-mkfs-option made with those mkfs words (for
example 1 KiB blocks): a known effect, which the method must find. Its runs go
to a manifest of their own (--manifest), and recompute_aa.py counts how often it was found and
how long a decision took.

A run of the default study (dbench 5 s with 4 clients, up to 15 blocks) takes about 2 to 6
minutes on the 2-core lab machine, depending on where it stops.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUDY = '''title = "A/A: the same ext4 filesystem twice"
summary = "two identical configurations; any claimed difference is a false positive"
explanation = "Written by bench/bench_aa.py."
workloads = ["metadata"]
primary = "metadata:dbench.throughput_mbs"

[[configurations]]
name = "a"
title = "ext4"
filesystem = "ext4"

[[configurations]]
name = "b"
title = "the same ext4 again"
filesystem = "ext4"
'''


def variant_study(mount_option: str | None, mkfs_words: list[str]) -> str:
    """The A/A study, or with the second configuration changed by a known effect."""
    if not mount_option and not mkfs_words:
        return STUDY
    lines = [f'title = "ext4 with {" ".join(filter(None, [mount_option, *mkfs_words]))}"']
    if mount_option:
        lines.append(f"mount_options = {json.dumps([mount_option])}")
    if mkfs_words:
        lines.append(f"mkfs_options = {json.dumps(mkfs_words)}")
    return STUDY.replace('title = "the same ext4 again"', "\n".join(lines))


def fstune(*args: str, env: dict[str, str], capture: bool = False) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "fstune", *args]
    print("+", shlex.join(command[2:]), flush=True)
    pipe = subprocess.PIPE if capture else None
    with subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=pipe, stderr=pipe, text=True) as child:
        try:
            stdout, stderr = child.communicate()
        except BaseException:
            # Pass the stop on and let fstune unmount and detach what it made, instead of the kill
            # subprocess.run would send, which leaves the lab's filesystems mounted.
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=120)
            except subprocess.TimeoutExpired:
                child.kill()
            raise
    return subprocess.CompletedProcess(command, child.returncode, stdout, stderr)


class Interrupted(Exception):
    """SIGTERM or SIGHUP: the finally blocks still take the lab down, and main() says how far it got."""


def _interrupted(signum, frame):
    raise Interrupted(signal.Signals(signum).name)


def write_manifest(path: Path, manifest: dict) -> None:
    """Written after every run, so an interrupted bench still lists the runs it stored."""
    partial = path.with_suffix(".partial")
    partial.write_text(json.dumps(manifest, indent=1) + "\n")
    partial.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=None, help="how many A/A runs (default: as many as fit)")
    parser.add_argument("--minutes", type=float, default=60.0, help="start no run after this long (default 60)")
    parser.add_argument("--seconds", type=int, default=5, help="dbench's run time per repeat (at least 5)")
    parser.add_argument("--clients", type=int, default=4, help="dbench clients")
    parser.add_argument("--blocks", type=int, default=5, help="blocks before the first look")
    parser.add_argument("--max-blocks", type=int, default=15, help="the cap")
    parser.add_argument("--state", type=Path, default=Path("/var/tmp/fstune-aa"),
                        help="the results store the runs are kept in (kept afterwards)")
    parser.add_argument("--variant-option", metavar="OPTION",
                        help="mount the second configuration with OPTION (e.g. data=journal): a known effect")
    parser.add_argument("--variant-mkfs-option", metavar="WORD", action="append", default=[],
                        help="make the second configuration with this mkfs word too (repeat it: "
                        "--variant-mkfs-option=-b --variant-mkfs-option 1024): a known effect")
    parser.add_argument("--manifest", default="aa-runs.json",
                        help="the file in --state that lists this bench's run ids (default aa-runs.json)")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        parser.error("needs root: it attaches loop devices and formats them")

    args.state.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="fstune-aa-", dir="/var/tmp"))
    lab_dir = tmp / "lab"
    env = {**os.environ, "FSTUNE_STATE_DIR": str(args.state), "XDG_STATE_HOME": str(tmp / "xdg"),
           "FSTUNE_LAB_ONLY": "1", "PYTHONPATH": str(ROOT),
           "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}  # workload-helper
    study = tmp / "aa.toml"
    study.write_text(variant_study(args.variant_option, args.variant_mkfs_option))
    effect = " ".join(filter(None, [args.variant_option,
                                    "mkfs " + shlex.join(args.variant_mkfs_option) if args.variant_mkfs_option else ""]))
    started = time.monotonic()
    ids: list[int] = []
    failures = 0
    manifest = {"state": str(args.state), "run_ids": ids, "failed_runs": 0,
                "variant_option": effect or None, "complete": False,
                "command": "bench/bench_aa.py " + shlex.join(argv if argv is not None else sys.argv[1:]),
                "seconds": 0}

    def record(**changes) -> None:
        manifest.update(changes, failed_runs=failures, seconds=round(time.monotonic() - started))
        write_manifest(args.state / args.manifest, manifest)

    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _interrupted)
    record()
    stopped_by = None
    try:
        try:
            fstune("lab", "up", "--dir", str(lab_dir), "--disks", "2", "--size", "1G", env=env)
            number = 0
            while (args.runs is None or number < args.runs) and time.monotonic() - started < args.minutes * 60:
                number += 1
                run = fstune("run", "--study", str(study), "--lab", str(lab_dir), "--workloads", "metadata",
                             "--workload-param", f"metadata.seconds={args.seconds}",
                             "--workload-param", f"metadata.clients={args.clients}",
                             "--blocks", str(args.blocks), "--max-blocks", str(args.max_blocks), "--yes",
                             "--run-id", f"aa-{os.getpid()}-{number}", env=env, capture=True)
                stored = re.search(r"stored as run (\d+)", " ".join((run.stdout + run.stderr).split()))
                if run.returncode != 0 or stored is None:
                    failures += 1
                    print(f"run {number} failed (exit status {run.returncode}):\n{run.stderr[-2000:]}", flush=True)
                    record()
                    continue
                ids.append(int(stored.group(1)))
                record()
                print(f"run {number}: stored as run {ids[-1]} after {time.monotonic() - started:.0f} s", flush=True)
        finally:
            fstune("lab", "down", "--dir", str(lab_dir), env=env)
    except (Interrupted, KeyboardInterrupt) as stop:
        stopped_by = str(stop) or "Ctrl-C"
    finally:
        subprocess.run(["rm", "-rf", "--one-file-system", str(tmp)], check=False)
    record(complete=stopped_by is None, **({"stopped_by": stopped_by} if stopped_by else {}))
    if stopped_by:
        print(f"stopped by {stopped_by} after {len(ids)} stored runs; the manifest lists them", flush=True)
    print(json.dumps(manifest))
    print(f"recompute: .venv/bin/python bench/recompute_aa.py --state {args.state} --manifest {args.manifest}")
    return 130 if stopped_by else 0 if ids and not failures else 1


if __name__ == "__main__":
    sys.exit(main())
