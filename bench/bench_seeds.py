"""Every seed study on the VM lab, headless, each run stored: the runs behind the seeds' table.

The studies tagged "seed" in recipes/ encode the experiments of the seed documents (issue 16).
This script boots a VM lab with two disks served through the disk model (its defaults,
docs/vmlab.md), runs each seed study in the guest through the real `fstune run` (the data
partition of disk 1, the spare of disk 2 for an external journal or log), copies each stored run
from the guest's results store into the results store in --state, and writes a manifest
(--manifest) that names them:

    {"runs": [{"study": NAME, "run": ID, "seconds": S}, ...], "accel": "kvm"|"tcg", ...}

`bench/seed_table.py` reads that manifest and the store and prints the table. The lab is taken
down at the end, on failure, on Ctrl-C and on SIGTERM.

Under software emulation (TCG) the guest's CPU, not the modelled disk, sets the pace of a
metadata workload like dbench, so the bench refuses to start unless KVM runs the guest; with
--force-tcg it runs anyway, and every stored run's environment (and so every figure shown from
it) says TCG (fstune/reports/caveats.py).

    sudo .venv/bin/python bench/bench_seeds.py --state /var/tmp/fstune-seeds --force-tcg \\
        --only ext3-external-journal --only jfs-external-log --max-blocks 3

With --dilate auto the lab measures how much slower its guest's CPU is than the host's and slows
the disk model by that factor (docs/vmlab.md, "Time dilation"): it then runs under TCG without
--force-tcg, and every stored run converts its figures back and states the factor.

A study of the seed shape takes a long time on a modelled 2003 disk: each block formats and
measures every configuration once. --max-blocks bounds each study (it also lowers the blocks
planned before the first look to at most that many).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fstune import diskmodel, vmlab  # noqa: E402
from fstune.errors import FstuneError  # noqa: E402
from fstune.results.store import DB_NAME, Store  # noqa: E402
from fstune.studies import Study, load_studies  # noqa: E402

SEED_TAG = "seed"
GUEST_STATE = "/tmp/fstune-seeds-state"  # the guest's own results store (guest RAM)
# this checkout's fstune (the guest sees the host's root), and its workload-helper on PATH
GUEST_ENV = {"FSTUNE_LAB_ONLY": "1", "FSTUNE_STATE_DIR": GUEST_STATE,
             "PATH": f"{Path(sys.executable).parent}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}
TCG_REFUSAL = ("The VM lab runs under software emulation (TCG): the guest's CPU, not the modelled disk, "
               "would set the pace of these workloads. Use a host with working KVM, or pass --force-tcg "
               "to run anyway (every stored figure then says TCG).")
STEP_RE = re.compile(r"^\[\d+/\d+\] ")
STORED_RE = re.compile(r"stored as run (\d+)")


def tcg_refusal(accel: str, force_tcg: bool, dilated: bool = False) -> str | None:
    """Why the bench must not run on a guest under ``accel`` ("kvm" or "tcg"), or None to go on
    (a time-dilated lab keeps the disk's pace in step with the emulated CPU: docs/vmlab.md)."""
    if accel == "kvm" or force_tcg or dilated:
        return None
    return TCG_REFUSAL


def accel_to_request(kvm_usable: bool, force_tcg: bool, dilated: bool = False) -> str | None:
    """The accelerator to boot with, or None when the bench must refuse before booting: KVM when
    the host has it (the lab still falls back to TCG when KVM hangs; checked again after boot),
    TCG only when forced."""
    if kvm_usable:
        return "auto"
    return "tcg" if force_tcg or dilated else None


def seed_studies(studies: dict[str, Study], only: list[str] | None = None) -> list[Study]:
    """The studies tagged "seed", by name; ``only`` picks some of them (an unknown or untagged
    name is an error that lists the seed studies)."""
    seeds = {name: study for name, study in sorted(studies.items()) if SEED_TAG in study.tags}
    if not only:
        return list(seeds.values())
    unknown = [name for name in only if name not in seeds]
    if unknown:
        raise ValueError(f"not a seed study: {', '.join(unknown)} (seed studies: {', '.join(seeds)})")
    return [seeds[name] for name in dict.fromkeys(only)]


def block_args(study: Study, max_blocks: int | None) -> list[str]:
    """`fstune run` options bounding the study to ``max_blocks`` blocks (none: the study's own)."""
    if max_blocks is None:
        return []
    return ["--blocks", str(min(study.repeats, max_blocks)), "--max-blocks", str(max_blocks)]


def write_manifest(path: Path, runs: list[dict], **about) -> dict:
    """Write the manifest ``{"runs": [{"study", "run", ...}], **about}`` atomically; return it.
    Written after every study, so an interrupted bench still names the runs it stored."""
    manifest = {"runs": [dict(run) for run in runs], **about}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=1) + "\n")
    os.replace(tmp, path)
    return manifest


def earlier_runs(path: Path, state: Path, studies: list[str]) -> list[dict]:
    """The runs an earlier bench wrote to the manifest at ``path`` for the same store, less those
    of ``studies`` (run again now): seed studies can be run over several sittings."""
    try:
        old = json.loads(path.read_text())
    except (OSError, ValueError):
        return []
    if not isinstance(old, dict) or old.get("state") != str(state):
        return []
    return [run for run in old.get("runs", []) if isinstance(run, dict) and run.get("study") not in studies]


def copy_run(database: Path, guest_id: int, state: Path) -> int:
    """Store run ``guest_id`` of the results database file ``database`` (a copy of the guest's)
    in the store in ``state``; return its id there."""
    with Store(database.parent) as source:
        record = source.load_run(guest_id)
    with Store(state) as target:
        return target.save_run(record)


# the guest's store is written with WAL; a backup gives one self-contained file to copy out
_BACKUP = ("import sqlite3, sys; src = sqlite3.connect(sys.argv[1]); dst = sqlite3.connect(sys.argv[2]); "
           "src.backup(dst); dst.close(); src.close(); sys.stdout.buffer.write(open(sys.argv[2], 'rb').read())")


def fetch_guest_store(lab, into: Path) -> Path:
    """Copy the guest's results database to ``into``/DB_NAME (a consistent snapshot)."""
    import io

    out, err = io.BytesIO(), io.BytesIO()
    status = vmlab.vm_run(lab, [sys.executable, "-c", _BACKUP, f"{GUEST_STATE}/{DB_NAME}", "/tmp/fstune-seeds.db"],
                          stdout=out, stderr=err, timeout=300)
    if status != 0:
        raise RuntimeError(f"cannot copy the guest's results store: {err.getvalue().decode(errors='replace')}")
    into.mkdir(parents=True, exist_ok=True)
    target = into / DB_NAME
    target.write_bytes(out.getvalue())
    sqlite3.connect(target).close()  # fail here, not later, on a truncated copy
    return target


def guest_partition(lab, disk: int, number: int) -> str:
    serial = lab.disks[disk - 1].serial
    link = f"/dev/disk/by-id/scsi-0{vmlab.DISK_VENDOR}_{vmlab.DISK_MODEL}_{serial}-part{number}"
    status, out, err = vmlab.vm_run_capture(lab, ["readlink", "-e", link], timeout=60)
    if status != 0:
        raise RuntimeError(f"the guest has no {link}: {err.strip()}")
    return out.strip()


class _Progress:
    """Write the guest's output to the study's log and echo its step lines with the time."""

    def __init__(self, log, started: float):
        self.log, self.started, self.pending, self.text = log, started, b"", []

    def write(self, data: bytes) -> None:
        self.log.write(data)
        self.log.flush()
        self.pending += data
        *lines, self.pending = self.pending.split(b"\n")
        for raw in lines:
            line = raw.decode(errors="replace")
            self.text.append(line)
            if STEP_RE.match(line):
                print(f"    {time.monotonic() - self.started:6.0f} s  {line}", flush=True)

    def flush(self) -> None:
        pass

    def output(self) -> str:
        return "\n".join(self.text + [self.pending.decode(errors="replace")])


def run_study(lab, study: Study, data: str, log_device: str, max_blocks: int | None, log_path: Path) -> tuple[int, str]:
    argv = [sys.executable, "-m", "fstune", "run", "--study", study.name, "--device", data,
            *(["--log-device", log_device] if study.needs_journal_device else []),
            *block_args(study, max_blocks), "--yes"]
    print(f"  + fstune {' '.join(argv[3:])}", flush=True)
    with open(log_path, "ab") as log:
        progress = _Progress(log, time.monotonic())
        status = vmlab.vm_run(lab, argv, stdout=progress, stderr=progress, env=GUEST_ENV)
    return status, progress.output()


def _interrupted(signum, frame):
    """SIGTERM (a CI timeout) must still take the lab down: raise what the finally blocks see."""
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--state", type=Path, default=Path("/var/tmp/fstune-seeds"),
                        help="the results store the runs are kept in (kept afterwards; default %(default)s)")
    parser.add_argument("--manifest", type=Path, default=None,
                        help="the manifest to write (default: seed-runs.json in --state)")
    parser.add_argument("--only", action="append", metavar="STUDY",
                        help="run only this seed study (repeatable; default: every study tagged 'seed')")
    parser.add_argument("--max-blocks", type=int, metavar="N",
                        help="at most N blocks per study (default: each study's own cap)")
    parser.add_argument("--force-tcg", action="store_true",
                        help="run under software emulation if KVM does not work (every figure says TCG)")
    parser.add_argument("--disk-model", default=diskmodel.DEFAULT_PRESET, metavar="MODEL",
                        help="the lab disks' model, as `lab up --vm --disk-model` takes it (default %(default)s; "
                             "other settings are for comparisons, not the seeds' table)")
    parser.add_argument("--seek-ms", type=float, default=None,
                        help="with --disk-model none: QEMU's flat per-I/O cap, the lab before the disk model")
    parser.add_argument("--dilate", metavar="auto|N|off", default=None,
                        help="time dilation, as `lab up --vm --dilate` takes it: under TCG, auto measures how "
                             "much slower the guest's CPU is and slows the disk model to match; every stored run "
                             "converts its figures back and states the factor (docs/vmlab.md)")
    parser.add_argument("--lab-dir", type=Path, default=None,
                        help="where the lab's disk files go (default: a new directory under /var/tmp)")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        parser.error("needs root: the VM lab does")
    if args.max_blocks is not None and args.max_blocks < 1:
        parser.error("--max-blocks must be at least 1")
    try:
        studies = seed_studies(load_studies(extra_dirs=[]), args.only)
    except ValueError as error:
        parser.error(str(error))
    manifest_path = args.manifest or args.state / "seed-runs.json"
    no_kvm = vmlab.kvm_unusable()
    dilated = (args.dilate or "off").lower() not in ("off", "none")
    accel = accel_to_request(no_kvm is None, args.force_tcg, dilated)
    if accel is None:
        print(f"bench_seeds: KVM cannot run the guest ({no_kvm}). {TCG_REFUSAL}", file=sys.stderr)
        return 2
    if no_kvm:
        print(f"KVM cannot run the guest ({no_kvm}): software emulation, as --force-tcg allows.", flush=True)
    args.state.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="fstune-seeds-", dir="/var/tmp"))
    lab_dir = args.lab_dir or work / "lab"
    logs = args.state / "logs"
    logs.mkdir(exist_ok=True)
    runs = earlier_runs(manifest_path, args.state, [study.name for study in studies])
    earlier = list(runs)
    failed: list[dict] = []
    about = {"state": str(args.state), "command": "bench/bench_seeds.py " + " ".join(argv if argv is not None
                                                                                      else sys.argv[1:])}
    started = time.monotonic()
    signal.signal(signal.SIGTERM, _interrupted)
    lab = None
    try:
        print(f"Booting the VM lab in {lab_dir} (accelerator: {accel})…", flush=True)
        lab = vmlab.vm_up(disks=2, directory=lab_dir, accel=accel,
                          disk_model=None if args.disk_model == "none" else args.disk_model, seek_ms=args.seek_ms,
                          dilate=args.dilate, say=lambda line: print(line, flush=True))
        for warning in lab.warnings:
            print(f"  {warning}", flush=True)
        refusal = tcg_refusal(lab.accel, args.force_tcg, lab.dilation is not None)
        if refusal:
            print(f"bench_seeds: {refusal}", file=sys.stderr)
            return 2
        about.update(accel=lab.accel, disk_model=lab.disk_model, seek_ms=lab.seek_ms, guest_kernel=lab.kernel,
                     dilation=lab.dilation)
        print(f"Ready in {lab.boot_seconds:.0f} s under {lab.accel.upper()}"
              + (" (forced: every figure says TCG)" if lab.accel == "tcg" and not lab.dilation else "")
              + (f", time dilated ×{lab.dilation['factor']:g}" if lab.dilation else "") + ".", flush=True)
        data, log_device = guest_partition(lab, 1, 1), guest_partition(lab, 2, 2)
        for number, study in enumerate(studies, 1):
            print(f"[{number}/{len(studies)}] {study.name}: {study.title}", flush=True)
            t = time.monotonic()
            log_path = logs / f"{study.name}-{time.strftime('%Y%m%d-%H%M%S')}.log"
            if number > 1:
                # the last study's filesystem or external journal is still on the lab's partitions,
                # and fstune rightly refuses to format a journal that a filesystem elsewhere may use
                vmlab.vm_run_capture(lab, ["wipefs", "--all", "--quiet", data, log_device], timeout=120)
            status, output = run_study(lab, study, data, log_device, args.max_blocks, log_path)
            seconds = round(time.monotonic() - t)
            stored = STORED_RE.search(" ".join(output.split()))
            if stored is None:
                failed.append({"study": study.name, "exit_status": status, "seconds": seconds, "log": str(log_path)})
                print(f"  {study.name} stored no run (exit status {status}) after {seconds} s; "
                      f"its output: {log_path}", flush=True)
            else:
                host_id = copy_run(fetch_guest_store(lab, work / "guest-store"), int(stored.group(1)), args.state)
                runs.append({"study": study.name, "run": host_id, "exit_status": status, "seconds": seconds})
                print(f"  {study.name}: stored as run {host_id} in {args.state} after {seconds} s "
                      f"(exit status {status})", flush=True)
            write_manifest(manifest_path, runs, failed=failed, **about)
    except KeyboardInterrupt:
        print("Interrupted: taking the lab down.", file=sys.stderr, flush=True)
        return 130
    except (FstuneError, RuntimeError) as error:
        print(f"bench_seeds: {error}", file=sys.stderr, flush=True)
        return 1
    finally:
        if lab is not None or (lab_dir / vmlab.MANIFEST_NAME).exists():
            print("Taking the VM lab down…", flush=True)
            vmlab.vm_down(lab_dir)
        import shutil

        shutil.rmtree(work, ignore_errors=True)
        if any(run not in earlier for run in runs) or failed:
            write_manifest(manifest_path, runs, failed=failed, seconds=round(time.monotonic() - started), **about)
    print(f"{len(runs) - len(earlier)} run(s) stored in {args.state}; manifest {manifest_path}; {len(failed)} failed; "
          f"{time.monotonic() - started:.0f} s in all.")
    return 0 if len(runs) > len(earlier) and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
