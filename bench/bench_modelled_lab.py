"""The modelled lab quiet and under a standard background load, interleaved: the runs, stored.

One configuration pair (the ext3 external-journal study, dbench only) is measured again and again
on a modelled lab of this bench's own (in a temporary directory), alternately on a quiet machine
and beside `stress-ng --cpu 2 --io 2` started just before the run and stopped right after it. The
order alternates too (quiet first in odd pairs, loaded first in even ones), so a drift over time
falls on both sides. Every run is kept in a results store that outlives the bench (--state),
with a manifest that says which run was loaded; `bench/recompute_modelled_lab.py` recomputes the
quiet and loaded medians, their ratio, and the same with the fidelity rule applied, from those
stored runs (or from a bundle of them in bench/runs/):

    sudo .venv/bin/python bench/bench_modelled_lab.py --pairs 3 --state /var/tmp/fstune-modelled
    .venv/bin/python bench/recompute_modelled_lab.py --state /var/tmp/fstune-modelled

On a machine shared with other fstune users, their interrupted runs' directories under
/run/fstune would make `fstune run` stop and ask; with --private-run-dir each run makes its
mountpoints under a root of its own (FSTUNE_MOUNT_ROOT=/run/fstune-bench-PID), which hides them and
touches nothing of theirs. One run (3 blocks of two 10 s dbench repeats) takes about 2 minutes.
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
STUDY = "ext3-external-journal"
LOAD = "stress-ng --cpu 2 --io 2"  # the standard background load; --load takes its parts apart


def fstune_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "fstune", *args]


def write_manifest(path: Path, manifest: dict) -> None:
    partial = path.with_suffix(".tmp")
    partial.write_text(json.dumps(manifest, indent=2) + "\n")
    partial.replace(path)


def run_once(args, env: dict, lab_dir: Path, run_id: str, loaded: bool) -> tuple[int | None, str]:
    argv = fstune_argv("run", "--study", STUDY, "--lab", str(lab_dir), "--workloads", "metadata",
                       "--workload-param", f"metadata.seconds={args.seconds}",
                       "--blocks", str(args.blocks), "--max-blocks", str(args.blocks), "--yes", "--run-id", run_id)
    if args.private_run_dir:
        # a mount root of the bench's own, not a mount namespace: bench/bench_seeds.py says why
        argv = ["env", f"FSTUNE_MOUNT_ROOT=/run/fstune-bench-{os.getpid()}", *argv]
    load = None
    if loaded:
        # ends by itself after an hour at most, should this bench be killed before it stops it
        load = subprocess.Popen(shlex.split(args.load) + ["--timeout", "3600s"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(2)  # its workers running before the run starts
    child = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                             start_new_session=True)
    try:
        stdout, stderr = child.communicate()
    except KeyboardInterrupt:
        child.send_signal(signal.SIGTERM)  # fstune cancels its run and cleans up (unmounts) first
        child.communicate(timeout=300)
        raise
    finally:
        if load is not None:
            os.killpg(load.pid, signal.SIGTERM)  # stress-ng and its workers: the group this bench made
            load.wait(timeout=60)
    stored = re.search(r"stored as run (\d+)", " ".join((stdout + stderr).split()))
    return (int(stored.group(1)) if child.returncode == 0 and stored else None), stderr[-2000:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=3, help="quiet/loaded pairs of runs (default 3)")
    parser.add_argument("--seconds", type=int, default=10, help="dbench's run time per repeat (default 10)")
    parser.add_argument("--blocks", type=int, default=3, help="blocks per run (default 3)")
    parser.add_argument("--state", type=Path, default=Path("/var/tmp/fstune-modelled"),
                        help="the results store the runs are kept in (kept afterwards)")
    parser.add_argument("--manifest", default="modelled-runs.json",
                        help="the file in --state that lists the runs (default modelled-runs.json)")
    parser.add_argument("--load", default=LOAD,
                        help=f"the background load, a stress-ng command line (default: {LOAD}); "
                        "e.g. 'stress-ng --cpu 2' or 'stress-ng --io 2' to tell CPU from sync() pressure")
    parser.add_argument("--private-run-dir", action="store_true",
                        help="run each `fstune run` with a private /run/fstune (a shared machine)")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        parser.error("needs root: it attaches loop devices and formats them")
    args.state.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="fstune-modelled-", dir="/var/tmp"))
    lab_dir = tmp / "lab"
    env = {**os.environ, "FSTUNE_STATE_DIR": str(args.state), "XDG_STATE_HOME": str(tmp / "xdg"),
           "FSTUNE_LAB_ONLY": "1", "PYTHONPATH": str(ROOT),
           "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}  # workload-helper
    env.pop("FSTUNE_LAB_DISK_MODEL", None)
    started = time.monotonic()
    manifest: dict = {"state": str(args.state), "runs": [], "failed_runs": [], "complete": False,
                      "load": args.load, "study": STUDY,
                      "command": "bench/bench_modelled_lab.py " + shlex.join(argv if argv is not None else sys.argv[1:])}

    def record(**changes) -> None:
        manifest.update(changes, seconds=round(time.monotonic() - started))
        write_manifest(args.state / args.manifest, manifest)

    def interrupted(signum, frame):
        raise KeyboardInterrupt(signal.Signals(signum).name)

    for signum in (signal.SIGTERM, signal.SIGHUP):  # the lab and the load are taken down all the same
        signal.signal(signum, interrupted)
    record()
    try:
        subprocess.run(fstune_argv("lab", "up", "--dir", str(lab_dir), "--disks", "2", "--size", "1G"),
                       env=env, check=True, cwd=ROOT)
        for pair in range(1, args.pairs + 1):
            order = (False, True) if pair % 2 else (True, False)
            for loaded in order:
                run_id = f"modelled-{os.getpid()}-{pair}-{'loaded' if loaded else 'quiet'}"
                stored, error = run_once(args, env, lab_dir, run_id, loaded)
                entry = {"pair": pair, "loaded": loaded, "run_id": stored, "name": run_id}
                if stored is None:
                    manifest["failed_runs"].append({**entry, "error": error})
                    print(f"{run_id} failed:\n{error}", flush=True)
                else:
                    manifest["runs"].append(entry)
                    print(f"{run_id}: stored as run {stored} after {time.monotonic() - started:.0f} s", flush=True)
                record()
        record(complete=True)
    except KeyboardInterrupt as stop:
        record(stopped_by=str(stop) or "Ctrl-C")
    finally:
        subprocess.run(fstune_argv("lab", "down", "--dir", str(lab_dir)), env=env, cwd=ROOT)
        subprocess.run(["rm", "-rf", "--one-file-system", str(tmp)], check=False)
    print(json.dumps(manifest))
    print(f"recompute: .venv/bin/python bench/recompute_modelled_lab.py --state {args.state}")
    return 0 if manifest.get("complete") and not manifest["failed_runs"] else 1


if __name__ == "__main__":
    sys.exit(main())
