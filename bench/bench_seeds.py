"""Every seed study on a lab with modelled disks, headless, each run stored: the seeds' table's runs.

On the host (--where host, the default where the modelled lab's packages are installed), each
seed study whose baseline filesystem this kernel mounts (ext2/3/4, XFS) runs through the real
`fstune run` on a modelled lab of the bench's own (docs/modelled-lab.md): a fresh `fstune lab up`
of two 2003-era disks per study, in a temporary directory (FSTUNE_LAB_DIR there too, so no other
user's lab is ever named), each run stored in the results store in --state (FSTUNE_STATE_DIR),
the lab taken down after the study, on failure, on Ctrl-C, on SIGTERM and on SIGHUP.
Configurations whose filesystem this kernel lacks (ReiserFS, JFS) are left out with --configs,
and studies whose baseline it lacks are listed as needing the VM lab. With --private-run-dir
each run makes its mountpoints under a root of its own (FSTUNE_MOUNT_ROOT, as in
bench/bench_modelled_lab.py), so that other users' interrupted runs in /run/fstune on a shared
machine do not stop it.

    sudo .venv/bin/python bench/bench_seeds.py --state /var/tmp/fstune-seeds --max-blocks 3 \\
        --workload-param metadata.seconds=20 --private-run-dir


The studies tagged "seed" in recipes/ encode the experiments of the seed documents (issue 16).
With --where vm this script boots a VM lab with two disks served through the disk model (its defaults,
docs/vmlab.md), runs each seed study in the guest through the real `fstune run` (the data
partition of disk 1, the spare of disk 2 for an external journal or log), copies each stored run
from the guest's results store into the results store in --state, and writes a manifest
(--manifest) that names them:

    {"runs": [{"study": NAME, "run": ID, "seconds": S}, ...], "where": "host"|"vm", ...}

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
--force-tcg, and every stored run converts its figures back and states the factor. With
--use-lab DIR it runs in a VM lab already up (`fstune lab up --vm --dilate auto --dir DIR`) and
leaves it running, so that several sittings (and other measurements beside them) share one lab
and one measured factor.

A study of the seed shape takes a long time on a modelled 2003 disk: each block formats and
measures every configuration once. --max-blocks bounds each study (it also lowers the blocks
planned before the first look to at most that many); --workload-param (as `fstune run` takes it)
shortens a workload in every study that runs it, and the stored runs record it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fstune import diskmodel, vmlab  # noqa: E402
from fstune.devices.labdisk import MANIFEST_NAME  # noqa: E402
from fstune.errors import FstuneError  # noqa: E402
from fstune.plan.build import MOUNT_ROOT_ENV  # noqa: E402
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


def workloads_args(study: Study, only: list[str] | None) -> list[str]:
    """`--workloads` for the study's workloads among ``only`` (None, or all of them: none given)."""
    chosen = [name for name in study.workloads if name in (only or study.workloads)]
    return ["--workloads", ",".join(chosen)] if chosen and len(chosen) < len(study.workloads) else []


def run_study(lab, study: Study, data: str, log_device: str, max_blocks: int | None, log_path: Path,
              params: list[str] = (), expected_only: bool = False, workloads: list[str] | None = None
              ) -> tuple[int, str]:
    configs = [c.name for c in study.configurations if c.name in expected_configs(study)] if expected_only else []
    configs = configs if len(configs) < len(study.configurations) else []
    argv = [sys.executable, "-m", "fstune", "run", "--study", study.name, "--device", data,
            *(["--log-device", log_device] if study.needs_journal_device else []),
            *(["--configs", ",".join(configs)] if configs else []), *workloads_args(study, workloads),
            *workload_params(study, list(params)), *block_args(study, max_blocks), "--yes"]
    print(f"  + fstune {' '.join(argv[3:])}", flush=True)
    with open(log_path, "ab") as log:
        progress = _Progress(log, time.monotonic())
        status = vmlab.vm_run(lab, argv, stdout=progress, stderr=progress, env=GUEST_ENV)
    return status, progress.output()


def _interrupted(signum, frame):
    """SIGTERM (a CI timeout) must still take the lab down: raise what the finally blocks see."""
    raise KeyboardInterrupt(f"signal {signum}")


def workload_params(study: Study, params: list[str]) -> list[str]:
    """The `--workload-param` options of ``params`` ("WORKLOAD.KEY=VALUE") for the workloads
    ``study`` runs: one setting shortens the same workload in every study that has it."""
    chosen = []
    for param in params:
        if param.split(".", 1)[0] in study.workloads:
            chosen += ["--workload-param", param]
    return chosen


def expected_configs(study: Study) -> set[str]:
    """The baseline and every configuration the study's expected outcomes compare."""
    return {study.configurations[0].name} | {name for e in study.expected for name in (e.configuration, e.against)}


def host_configs(study: Study, kernel_has, expected_only: bool = False) -> tuple[list[str] | None, list[str]]:
    """(the configurations to run, or None for all; the names left out) for a study on this
    kernel, where ``kernel_has(fs)`` says whether it mounts ``fs``; with ``expected_only``, also
    those no expected outcome compares. A study whose baseline this kernel cannot mount gives
    ([], every name): it needs the VM lab."""
    names = [config.name for config in study.configurations]
    wanted = expected_configs(study) if expected_only else set(names)
    lacking = [c.name for c in study.configurations if not kernel_has(c.filesystem) or c.name not in wanted]
    if not lacking:
        return None, []
    if study.configurations[0].name in lacking:
        return [], names
    return [name for name in names if name not in lacking], lacking


def host_run_argv(study: Study, lab_dir: Path, configs: list[str] | None, params: list[str],
                  max_blocks: int | None, run_id: str, private_run_dir: bool) -> list[str]:
    """The `fstune run` command line of one seed study on the bench's modelled lab."""
    argv = [sys.executable, "-m", "fstune", "run", "--study", study.name, "--lab", str(lab_dir),
            *(["--configs", ",".join(configs)] if configs else []),
            *workload_params(study, params), *block_args(study, max_blocks), "--yes", "--run-id", run_id]
    if private_run_dir:
        # a mount root of the bench's own hides other users' interrupted runs in /run/fstune; not a
        # mount namespace, which would keep a copy of every other mount on the machine alive for
        # the whole run (their unmounts and cold caches would find their filesystems still held)
        argv = ["env", f"{MOUNT_ROOT_ENV}={private_mount_root()}", *argv]
    return argv


def private_mount_root() -> str:
    """The mount root of this bench's runs (--private-run-dir): under /run, named by its pid."""
    return f"/run/fstune-bench-{os.getpid()}"


def _stream(child, progress: _Progress) -> None:
    for chunk in iter(lambda: child.stdout.read1(65536), b""):
        progress.write(chunk)
    child.wait()


def run_host_study(argv: list[str], env: dict, log_path: Path) -> tuple[int, str, str | None]:
    """Run one `fstune run` on the host, its output to ``log_path`` with its steps echoed; returns
    (exit status, output, what interrupted the bench or None). On Ctrl-C or SIGTERM the run is
    sent SIGTERM first: it unmounts and stores what it measured, which the bench then records."""
    print(f"  + {shlex.join(argv)}", flush=True)
    stopped = None
    with open(log_path, "ab") as log:
        progress = _Progress(log, time.monotonic())
        child = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 start_new_session=True)
        try:
            _stream(child, progress)
        except KeyboardInterrupt as stop:
            stopped = str(stop) or "Ctrl-C"
            child.send_signal(signal.SIGTERM)
            try:
                _stream(child, progress)
            except KeyboardInterrupt:  # a second signal while it cleans up: wait all the same
                child.wait(timeout=600)
    return child.returncode, progress.output(), stopped


def host_lab(action: list[str], env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fstune", "lab", *action], env=env, cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def run_host(args, studies: list[Study], manifest_path: Path, argv: list[str] | None) -> int:
    """Every seed study this kernel can mount, each on a fresh modelled lab of the bench's own."""
    from fstune.filesystems.machine import MachineCapabilities

    machine = MachineCapabilities.probe()
    args.state.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="fstune-seeds-", dir="/var/tmp"))
    lab_dir = work / "lab"
    env = {**os.environ, "FSTUNE_STATE_DIR": str(args.state), "FSTUNE_LAB_DIR": str(lab_dir),
           "XDG_STATE_HOME": str(work / "xdg"), "FSTUNE_LAB_ONLY": "1", "PYTHONPATH": str(ROOT),
           "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}  # workload-helper
    env.pop("FSTUNE_LAB_DISK_MODEL", None)
    logs = args.state / "logs"
    logs.mkdir(exist_ok=True)
    runs = earlier_runs(manifest_path, args.state, [study.name for study in studies])
    earlier = list(runs)
    failed: list[dict] = []
    elsewhere: list[dict] = []
    about = {"where": "host", "state": str(args.state), "kernel": machine.kernel_release,
             "disk_model": args.disk_model, "size": args.size, "workload_params": args.workload_param,
             "max_blocks": args.max_blocks, "expected_only": args.expected_only,
             "command": "bench/bench_seeds.py " + shlex.join(argv if argv is not None else sys.argv[1:])}
    started = time.monotonic()
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _interrupted)
    up_argv = ["up", "--dir", str(lab_dir), "--disks", "2", "--size", args.size, "--disk-model", args.disk_model]
    lab_is_up = False
    status_code = 0
    try:
        for number, study in enumerate(studies, 1):
            configs, left_out = host_configs(study, machine.kernel_has, args.expected_only)
            if configs == []:
                why = f"this kernel ({machine.kernel_release}) has no {study.configurations[0].filesystem}"
                elsewhere.append({"study": study.name, "why": why})
                print(f"[{number}/{len(studies)}] {study.name}: skipped ({why}: the VM lab's study)", flush=True)
                write_manifest(manifest_path, runs, failed=failed, elsewhere=elsewhere, **about)
                continue
            print(f"[{number}/{len(studies)}] {study.name}: {study.title}"
                  + (f" (left out: {', '.join(left_out)})" if left_out else ""),
                  flush=True)
            t = time.monotonic()
            up = host_lab(up_argv, env)
            lab_is_up = True
            if up.returncode != 0:
                raise RuntimeError(f"`fstune lab {shlex.join(up_argv)}` failed:\n{up.stdout.strip()}")
            log_path = logs / f"{study.name}-{time.strftime('%Y%m%d-%H%M%S')}.log"
            run_id = f"seeds-{os.getpid()}-{study.name}"
            status, output, stopped = run_host_study(host_run_argv(study, lab_dir, configs, args.workload_param,
                                                                   args.max_blocks, run_id, args.private_run_dir),
                                                     env, log_path)
            down = host_lab(["down", "--dir", str(lab_dir)], env)
            lab_is_up = down.returncode != 0
            if lab_is_up:
                raise RuntimeError(f"`fstune lab down` failed:\n{down.stdout.strip()}")
            seconds = round(time.monotonic() - t)
            stored = STORED_RE.search(" ".join(output.split()))
            entry = {"study": study.name, "exit_status": status, "seconds": seconds, "log": str(log_path),
                     **({"left_out": left_out} if left_out else {}), **({"stopped_by": stopped} if stopped else {})}
            if stored is None:
                failed.append(entry)
                print(f"  {study.name} stored no run (exit status {status}) after {seconds} s; "
                      f"its output: {log_path}", flush=True)
            else:
                runs.append({**entry, "run": int(stored.group(1))})
                print(f"  {study.name}: stored as run {stored.group(1)} in {args.state} after {seconds} s "
                      f"(exit status {status})", flush=True)
            write_manifest(manifest_path, runs, failed=failed, elsewhere=elsewhere, **about)
            if stopped:
                raise KeyboardInterrupt(stopped)
    except KeyboardInterrupt as stop:
        print(f"Interrupted ({stop or 'Ctrl-C'}): taking the lab down.", file=sys.stderr, flush=True)
        about["stopped_by"] = str(stop) or "Ctrl-C"
        status_code = 130
    except RuntimeError as error:
        print(f"bench_seeds: {error}", file=sys.stderr, flush=True)
        status_code = 1
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # the cleanup itself is not interrupted
        if lab_is_up or (lab_dir / MANIFEST_NAME).exists():
            down = host_lab(["down", "--dir", str(lab_dir)], env)
            if down.returncode != 0 and lab_dir.exists():
                print(f"bench_seeds: `fstune lab down --dir {lab_dir}` failed:\n{down.stdout.strip()}",
                      file=sys.stderr, flush=True)
        subprocess.run(["rm", "-rf", "--one-file-system", str(work)], check=False)
        write_manifest(manifest_path, runs, failed=failed, elsewhere=elsewhere,
                       seconds=round(time.monotonic() - started), **about)
    print(f"{len(runs) - len(earlier)} run(s) stored in {args.state}; manifest {manifest_path}; {len(failed)} failed; "
          f"{len(elsewhere)} need the VM lab; {time.monotonic() - started:.0f} s in all.")
    if status_code:
        return status_code
    return 0 if len(runs) > len(earlier) and not failed else 1


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
    parser.add_argument("--where", choices=("host", "vm"), default=None,
                        help="the modelled lab on this kernel (host) or the VM lab (vm); default: host where "
                             "nbdkit, nbdkit-plugin-python and nbdfuse are installed, else vm")
    parser.add_argument("--workload-param", action="append", default=[], metavar="WORKLOAD.KEY=VALUE",
                        help="as `fstune run` takes it, for every study that runs WORKLOAD (repeatable), "
                             "e.g. metadata.seconds=20 to shorten dbench")
    parser.add_argument("--workloads", type=lambda text: [w.strip() for w in text.split(",") if w.strip()],
                        metavar="LIST", default=None,
                        help="vm: run only these of each study's workloads (comma-separated), e.g. metadata for "
                             "the dbench rows alone; the stored run records which")
    parser.add_argument("--private-run-dir", action="store_true",
                        help="host: run each `fstune run` with a private /run/fstune (a shared machine)")
    parser.add_argument("--expected-only", action="store_true",
                        help="run only the baseline and the configurations the study's expected outcomes "
                             "compare (the seed table's rows), leaving out the others to save time")
    parser.add_argument("--size", default="1G", help="host: each lab disk's size (default %(default)s)")
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
    parser.add_argument("--use-lab", type=Path, default=None, metavar="DIR",
                        help="vm: run in the VM lab already running in DIR (made by `fstune lab up --vm`, e.g. with "
                             "--dilate auto) instead of booting one; it is left running afterwards, so that other "
                             "runs can be measured in the same lab with the same factor")
    parser.add_argument("--lab-dir", type=Path, default=None,
                        help="where the lab's disk files go (default: a new directory under /var/tmp)")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        parser.error("needs root: the labs do")
    if args.max_blocks is not None and args.max_blocks < 1:
        parser.error("--max-blocks must be at least 1")
    try:
        studies = seed_studies(load_studies(extra_dirs=[]), args.only)
    except ValueError as error:
        parser.error(str(error))
    manifest_path = args.manifest or args.state / "seed-runs.json"
    dilated = (args.dilate or "off").lower() not in ("off", "none")
    if args.use_lab is not None:
        if args.where == "host" or args.dilate is not None:
            parser.error("--use-lab runs in a VM lab as it was made: leave out --where host and --dilate")
        try:
            dilated = vmlab.require_running(args.use_lab).dilation is not None
        except FstuneError as error:
            parser.error(str(error))
        args.where = "vm"
    if args.where is None:
        from fstune.lab import served

        # time dilation is the VM lab's (JFS and ReiserFS rows); otherwise the host where it can
        args.where = "vm" if dilated or served.missing() is not None else "host"
    if args.where == "host":
        if dilated:
            parser.error("--dilate slows the VM lab's disks to its emulated CPU: use it with --where vm")
        return run_host(args, studies, manifest_path, argv)
    no_kvm = vmlab.kvm_unusable()
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
    about = {"where": "vm", "state": str(args.state), "command": "bench/bench_seeds.py " + " ".join(argv if argv is not None
                                                                                      else sys.argv[1:])}
    started = time.monotonic()
    signal.signal(signal.SIGTERM, _interrupted)
    lab = None
    try:
        if args.use_lab is not None:
            lab = vmlab.require_running(args.use_lab)
            about["lab"] = f"already running in {args.use_lab}"
            print(f"Using the VM lab running in {args.use_lab} (left running afterwards).", flush=True)
        else:
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
            if number > 1 or args.use_lab is not None:
                # the last study's filesystem or external journal is still on the lab's partitions
                # (or, in a lab already running, whatever was made there before), and fstune rightly
                # refuses to format a journal that a filesystem elsewhere may use
                vmlab.vm_run_capture(lab, ["wipefs", "--all", "--quiet", data, log_device], timeout=120)
            status, output = run_study(lab, study, data, log_device, args.max_blocks, log_path, args.workload_param,
                                       args.expected_only, args.workloads)
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
        print("Interrupted" + (": taking the lab down." if args.use_lab is None else "; the lab is left running."),
              file=sys.stderr, flush=True)
        return 130
    except (FstuneError, RuntimeError) as error:
        print(f"bench_seeds: {error}", file=sys.stderr, flush=True)
        return 1
    finally:
        if args.use_lab is None and (lab is not None or (lab_dir / vmlab.MANIFEST_NAME).exists()):
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
