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

With --identical 3 the study has three identical configurations (a baseline and two variants):
each variant is judged against the baseline on a shared error budget, and the pair of the two
variants is only described (docs/verdicts.md, "Every comparison shown"). With --pressure-mib a
process outside the runs (bench/io_pressure.py, a child of this bench, not of fstune) writes that
many MiB at random moments, on a schedule seeded by --pressure-seed, to a file beside the lab's
disks: the drop rule (`outside-io/2`) must drop and replace the blocks it lands in. Its bursts'
times go into the manifest.

--declared names a file committed to the repository before the bench starts (bench/runs/declared/)
that says what the series is expected to show; the manifest carries it, so a series is never
relabelled after its result is seen, and recompute_aa.py prints it beside what the runs gave.

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


IDENTICAL = '''
[[configurations]]
name = "{name}"
title = "the same ext4 once more"
filesystem = "ext4"
'''


def variant_study(mount_option: str | None, mkfs_words: list[str], identical: int = 2) -> str:
    """The A/A study (``identical`` configurations of it), or with the second configuration
    changed by a known effect."""
    if identical > 2:
        return STUDY + "".join(IDENTICAL.format(name=chr(ord("a") + n)) for n in range(2, identical))
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


def declared(path: Path) -> dict:
    """The series' declaration, which must be committed unchanged before the bench starts."""
    tracked = subprocess.run(["git", "-C", str(ROOT), "ls-files", "--error-unmatch", str(path.resolve())],
                             capture_output=True, text=True)
    changed = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", str(path.resolve())],
                             capture_output=True, text=True)
    if tracked.returncode != 0 or changed.stdout.strip():
        raise ValueError(f"{path} must be committed, unchanged, before the bench starts: it declares "
                         "what the series is expected to show before anything is seen")
    commit = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%H %cI", "--", str(path.resolve())],
                            capture_output=True, text=True).stdout.split()
    return {**json.loads(path.read_text()), "file": str(path.resolve().relative_to(ROOT)),
            "commit": commit[0], "committed": commit[1]}


def bursts_from(log: Path) -> list[dict]:
    if not log.is_file():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


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
    parser.add_argument("--identical", type=int, default=2, metavar="N",
                        help="A/A with N identical configurations (default 2; 3: a baseline and two variants)")
    parser.add_argument("--pressure-mib", type=int, default=0, metavar="MIB",
                        help="a process outside the runs writes MIB MiB at random moments (default 0: none)")
    parser.add_argument("--pressure-every", type=float, default=75.0, metavar="SECONDS",
                        help="the mean gap between its bursts (default 75)")
    parser.add_argument("--pressure-seed", type=int, default=None,
                        help="seeds the bursts' schedule (default: drawn, and recorded in the manifest)")
    parser.add_argument("--declared", type=Path, metavar="FILE",
                        help="the series' declaration (bench/runs/declared/*.json), committed before the bench starts")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        parser.error("needs root: it attaches loop devices and formats them")
    if args.identical < 2 or (args.identical > 2 and (args.variant_option or args.variant_mkfs_option)):
        parser.error("--identical takes 2 or more, and not with a known effect (--variant-option)")
    try:
        declaration = declared(args.declared) if args.declared else None
    except (OSError, ValueError) as error:
        parser.error(str(error))
    if args.pressure_seed is None:
        args.pressure_seed = int.from_bytes(os.urandom(4), "big")

    args.state.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="fstune-aa-", dir="/var/tmp"))
    lab_dir = tmp / "lab"
    # a plain loop lab in the bench's own directory, whatever the caller's defaults
    env = {**os.environ, "FSTUNE_LAB_DISK_MODEL": "none", "FSTUNE_LAB_DIR": str(lab_dir),
           "FSTUNE_STATE_DIR": str(args.state), "XDG_STATE_HOME": str(tmp / "xdg"),
           "FSTUNE_LAB_ONLY": "1", "PYTHONPATH": str(ROOT),
           "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}  # workload-helper
    study = tmp / "aa.toml"
    study.write_text(variant_study(args.variant_option, args.variant_mkfs_option, args.identical))
    effect = " ".join(filter(None, [args.variant_option,
                                    "mkfs " + shlex.join(args.variant_mkfs_option) if args.variant_mkfs_option else ""]))
    started = time.monotonic()
    ids: list[int] = []
    failures = 0
    manifest = {"state": str(args.state), "run_ids": ids, "failed_runs": 0,
                "variant_option": effect or None, "complete": False,
                "command": "bench/bench_aa.py " + shlex.join(argv if argv is not None else sys.argv[1:]),
                "seconds": 0, "identical": args.identical if not effect else None,
                **({"declared": declaration} if declaration else {})}
    bursts = args.state / (Path(args.manifest).stem + "-bursts.jsonl")  # outlives the temporary directory
    bursts.unlink(missing_ok=True)
    if args.pressure_mib:
        manifest["pressure"] = {"mib": args.pressure_mib, "every": args.pressure_every, "seed": args.pressure_seed,
                                "dir": str(tmp / "pressure"), "bursts": []}

    def record(**changes) -> None:
        if args.pressure_mib:
            manifest["pressure"]["bursts"] = bursts_from(bursts)
        manifest.update(changes, failed_runs=failures, seconds=round(time.monotonic() - started))
        write_manifest(args.state / args.manifest, manifest)

    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _interrupted)
    record()
    stopped_by = None
    pressure = None
    try:
        try:
            fstune("lab", "up", "--dir", str(lab_dir), "--disks", "2", "--size", "1G", env=env)
            if args.pressure_mib:  # beside the lab's backing files, on the same disk
                pressure = subprocess.Popen(
                    [sys.executable, str(ROOT / "bench" / "io_pressure.py"), "--dir", str(tmp / "pressure"),
                     "--mib", str(args.pressure_mib), "--every", str(args.pressure_every),
                     "--seed", str(args.pressure_seed), "--log", str(bursts),
                     "--until", str(time.time() + args.minutes * 60 + 1800)], stdin=subprocess.DEVNULL)
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
            if pressure is not None:
                pressure.terminate()
                try:
                    pressure.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    pressure.kill()
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
