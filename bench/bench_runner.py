#!/usr/bin/env python3
"""Benchmarks for the runner: output throughput and overhead against a plain shell script.

    python bench/bench_runner.py            # as root; prints the figures; exit 1 if a target is missed

1. Throughput: a step printing 200,000 lines (``seq``) must reach the event consumer at
   50,000 lines/s or more, every line complete and in order, the audit log written as in a
   real run.
2. Overhead of a run: a real plan (ext4 with its journal inside, then on a second lab disk;
   dbench twice per configuration) run by the Runner and by its own dry-run script
   (``render_script``), alternately, in one process, on a loop-device lab made for the
   purpose. The runner's median wall time must be within 5 % of the script's.
3. For information: the same comparison on an output-heavy mix of ordinary commands
   (150,000 lines of output in about 3 s). Every line the runner shows costs about a
   microsecond that a script writing into a pipe does not pay, so this figure shows the
   worst case rather than a run.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fstune import lab as labmod  # noqa: E402
from fstune import steps as kinds  # noqa: E402
from fstune.plan import Choices, DeviceChoice, Plan, build_plan, render_script  # noqa: E402
from fstune.runner import OutputLine, Runner, StepFinished, StepStarted, record_identities  # noqa: E402
from fstune.steps import Step  # noqa: E402
from fstune.studies import parse_study  # noqa: E402

LINES = 200_000
MIN_LINES_PER_SECOND = 50_000
MAX_OVERHEAD = 0.05
ROUNDS = 5
RUN_ROUNDS = 3

RUN_STUDY = parse_study(textwrap.dedent('''\
    title = "bench run"
    summary = "s"
    explanation = "e"
    [[configurations]]
    name = "internal"
    title = "journal inside"
    filesystem = "ext4"
    [[configurations]]
    name = "external"
    title = "journal on the other disk"
    filesystem = "ext4"
    journal = "external"
    mount_options = "noatime"
'''), "bench-run.toml")

STUDY = parse_study(textwrap.dedent('''\
    title = "bench"
    summary = "s"
    explanation = "e"
    [[configurations]]
    name = "a"
    title = "a"
    filesystem = "ext4"
    [[configurations]]
    name = "b"
    title = "b"
    filesystem = "ext4"
'''), "bench.toml")


def plan_of(root: Path, steps: list[Step], run_id: str) -> Plan:
    choices = Choices(STUDY, DeviceChoice("/dev/bench-none", 10**9), run_id=run_id,
                      mount_root=str(root / "run"), work_root=str(root / "work"))
    finish = (Step(("rmdir", f"{root}/run/{run_id}"), title="Remove the run directory", why="bench",
                   kind=kinds.RMDIR, cleanup=True, mountpoint=f"{root}/run/{run_id}",
                   allow_failure="the run directory was not there"),)
    return Plan(choices, tuple(steps), (), finish, (), (), 1)


def step(*argv: str, **kwargs) -> Step:
    return Step(tuple(argv), title=" ".join(argv)[:60], why="bench", kind=kinds.PREPARE, **kwargs)


def throughput(root: Path) -> tuple[float, float, int]:
    """(lines/s as the consumer saw them, lines/s of seq into /dev/null, lines received)."""
    plan = plan_of(root, [step("seq", str(LINES))], "throughput")
    received: list[str] = []
    marks: dict[str, float] = {}

    def consumer(event) -> None:
        if type(event) is OutputLine:
            if not event.partial:
                received.append(event.text)
        elif isinstance(event, StepStarted) and event.index == 0:
            marks["start"] = time.perf_counter()
        elif isinstance(event, StepFinished) and event.index == 0:
            marks["end"] = time.perf_counter()

    outcome = Runner(plan, identities={}, log_dir=root / "logs").run(consumer)
    assert outcome.status == "finished", outcome.reason
    if received != [str(i) for i in range(1, LINES + 1)]:
        raise SystemExit("throughput: lines were lost, duplicated or out of order")
    rate = LINES / (marks["end"] - marks["start"])
    started = time.perf_counter()
    subprocess.run(["seq", str(LINES)], stdout=subprocess.DEVNULL, check=True)
    raw = LINES / (time.perf_counter() - started)
    return rate, raw, len(received)


def workload_steps(scratch: Path) -> list[Step]:
    """A small run's worth of commands: writes, reads, checksums, lots of output, a pause."""
    data = scratch / "data.bin"
    return [
        step("mkdir", "-p", str(scratch)),
        step("dd", "if=/dev/zero", f"of={data}", "bs=1M", "count=256", "conv=fsync", "status=none"),
        step("sha256sum", str(data)),
        step("seq", "100000"),
        step("cp", str(data), f"{data}.copy"),
        step("cmp", str(data), f"{data}.copy"),
        step("sync"),
        step("sleep", "0.5"),
        step("sh", "-c", "for i in $(seq 2000); do echo \"progress $i\"; done"),
        step("python3", "-c", "import hashlib; print(hashlib.sha256(b'x' * 50_000_000).hexdigest())"),
        step("tar", "-cf", str(scratch / "a.tar"), "-C", str(scratch), "data.bin"),
        step("ls", "-l", str(scratch)),
        step("seq", "50000", stdout=str(scratch / "seq.txt")),
        step("rm", "-rf", str(scratch)),
    ]


def timed_pair(plan_for_round, rounds: int, root: Path) -> tuple[list[float], list[float]]:
    """Wall times of the Runner and of the plan's script, alternating which goes first."""
    runner_times, script_times = [], []
    for round_ in range(rounds):
        for which in (("runner", "script") if round_ % 2 == 0 else ("script", "runner")):
            plan, identities = plan_for_round(f"{which}-{round_}")
            if which == "runner":
                started = time.perf_counter()
                outcome = Runner(plan, identities=identities, log_dir=root / "logs").run(lambda event: None)
                runner_times.append(time.perf_counter() - started)
                if outcome.status != "finished":
                    raise SystemExit(f"runner: {outcome.reason}")
            else:
                script = root / f"{plan.choices.run_id}.sh"
                script.write_text(render_script(plan))
                started = time.perf_counter()
                # the script's output is read through a pipe, as any program running it would
                result = subprocess.run(["bash", str(script)], capture_output=True)
                script_times.append(time.perf_counter() - started)
                if result.returncode != 0:
                    raise SystemExit(f"script: {result.stderr.decode()[-500:]}")
    return runner_times, script_times


def run_overhead(root: Path) -> tuple[list[float], list[float], int]:
    """A real run on a lab made for the purpose (always taken down again)."""
    os.environ[labmod.GUARD_ENV] = "1"  # the runner writes to lab disks only
    lab = labmod.lab_up(disks=2, size="1G", directory=root / "lab", spare_size="256M")
    try:
        data, spare = lab.pairs()[0]

        def choice(path: str) -> DeviceChoice:
            name = Path(path).name
            return DeviceChoice(path, int(Path(f"/sys/class/block/{name}/size").read_text()) * 512)

        def plan_for_round(run_id: str):
            plan = build_plan(Choices(RUN_STUDY, choice(data), choice(spare), workloads=("metadata",),
                                      workload_params={"metadata": {"seconds": 5, "clients": 4}}, repeats=2,
                                      run_id=run_id, mount_root=str(root / "run"), work_root=str(root / "work")))
            return plan, record_identities(plan)

        runner_times, script_times = timed_pair(plan_for_round, RUN_ROUNDS, root)
        return runner_times, script_times, len(plan_for_round("count")[0].steps)
    finally:
        labmod.lab_down(root / "lab")


def mix_overhead(root: Path) -> tuple[list[float], list[float]]:
    return timed_pair(lambda run_id: (plan_of(root, workload_steps(root / f"scratch-{run_id}"), run_id), {}),
                      ROUNDS, root)


def report(name: str, runner_times: list[float], script_times: list[float], what: str, target: bool) -> bool:
    runner_median, script_median = statistics.median(runner_times), statistics.median(script_times)
    ratio = runner_median / script_median - 1
    ok = ratio <= MAX_OVERHEAD
    verdict = (f"target <= +{MAX_OVERHEAD * 100:.0f} % -> {'ok' if ok else 'MISSED'}" if target
               else "for information")
    print(f"{name}: runner {runner_median:.3f} s vs shell script {script_median:.3f} s "
          f"(median of {len(runner_times)} alternating runs of {what}): {ratio * 100:+.1f} %; {verdict}")
    print("  runner runs: " + ", ".join(f"{t:.3f}" for t in runner_times))
    print("  script runs: " + ", ".join(f"{t:.3f}" for t in script_times))
    return ok or not target


def main() -> int:
    if os.geteuid() != 0:
        # the lab and the plan's script (which starts with a root check) need root
        print("bench_runner: run as root.", file=sys.stderr)
        return 2
    root = Path(tempfile.mkdtemp(prefix="fstune-bench-"))
    try:
        rate, raw, count = throughput(root)
        ok_rate = rate >= MIN_LINES_PER_SECOND
        print(f"throughput: {count} lines reached the consumer at {rate:,.0f} lines/s "
              f"(seq alone into /dev/null: {raw:,.0f} lines/s); target >= {MIN_LINES_PER_SECOND:,} "
              f"-> {'ok' if ok_rate else 'MISSED'}")
        runner_times, script_times, steps = run_overhead(root)
        ok_run = report("run overhead", runner_times, script_times,
                        f"a {steps}-step ext4 journal study with dbench on a loop-device lab", target=True)
        runner_times, script_times = mix_overhead(root)
        report("output-heavy mix", runner_times, script_times,
               f"{len(workload_steps(root))} ordinary commands printing 150,000 lines", target=False)
        return 0 if ok_rate and ok_run else 1
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
