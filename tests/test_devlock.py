"""One owner per device, across processes (docs/safety.md), on real lab disks.

Two real ``fstune run`` processes released together from a barrier race for one device, twenty
times: exactly one proceeds each time and the other exits with who holds it. util-linux's own
``flock`` holding a lab disk makes fstune refuse it; while fstune holds one, util-linux's
``--lock=nonblock`` fails on it and ``fstune lab down`` refuses to take the lab away.
"""

from __future__ import annotations

import json
import os
import queue
import select
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from fstune import devlock
from fstune import steps as kinds
from fstune.plan import default_mount_root
from fstune.runner.audit import read_log
from fstune.runner import FAIL_SAFETY, FAILED, FINISHED, Runner, StepGate, StepStarted, StepWaiting, is_mounted
from test_runner_real import blkid, plan_for, study

pytestmark = pytest.mark.loopdev


# a process that imports fstune once, says "ready", then runs `fstune run … --run-id ID` for
# every ID it reads: the parent writes to both processes' stdin at once, which is the barrier
DRIVER = textwrap.dedent('''\
    import contextlib, io, json, os, sys
    import fstune.cli.run as cli_run
    from fstune.cli import main
    from fstune.runner import find_leftovers

    root, args = sys.argv[1], json.loads(sys.argv[2])
    # leftovers of other people's runs in /run/fstune are no business of this test
    cli_run.find_leftovers = lambda _root: find_leftovers(root)
    print("ready", flush=True)
    for line in sys.stdin:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([*args, "--run-id", line.strip()])
        print(json.dumps({"run_id": line.strip(), "pid": os.getpid(), "code": code,
                          "err": err.getvalue(), "out": out.getvalue()[-3000:]}), flush=True)
''')

RACES = 20


def read_line(proc: subprocess.Popen, timeout: float) -> str:
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, f"pid {proc.pid} said nothing for {timeout} s"
    line = proc.stdout.readline()
    assert line, f"pid {proc.pid} ended: exit status {proc.wait()}"
    return line


def fstune(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """The installed `fstune` command (the venv's, first on PATH), as a user types it."""
    return subprocess.run(["fstune", *args], capture_output=True, text=True, timeout=120, env=env)


def unlocked(path: str) -> bool:
    """Nobody holds the disk of ``path`` exclusively (udev may be reading it: it just changed)."""
    holder = devlock.holder_of(path)
    return holder is None or not holder.exclusive


def verdicts() -> dict[str, dict]:
    """`fstune disks --json` in its own process (this process's own locks are not shown to it)."""
    result = fstune("disks", "--json")
    assert result.returncode == 0, result.stderr
    return {d["name"]: d["verdict"] for d in json.loads(result.stdout)}


def test_two_runs_racing_for_one_device_exactly_one_proceeds(tmp_path, lab, write_study):
    data = lab.disks[0].data
    study_file = write_study("race", title="lock race")
    args = ["run", "--study", str(study_file), "--device", data, "--workloads", "none", "--yes"]
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER)
    procs = [subprocess.Popen([sys.executable, str(driver), str(tmp_path / "no-leftovers"), json.dumps(args)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
             for _ in range(2)]
    outcomes = []
    try:
        for proc in procs:
            assert read_line(proc, 60).strip() == "ready"
        for attempt in range(RACES):
            order = procs if attempt % 2 == 0 else procs[::-1]  # neither is always first
            for proc, side in zip(order, "ab"):
                proc.stdin.write(f"race{attempt}-{side}\n")
            for proc in order:
                proc.stdin.flush()
            results = sorted((json.loads(read_line(proc, 120)) for proc in procs), key=lambda r: r["code"])
            outcomes.append(results)
            winner, loser = results
            assert [winner["code"], loser["code"]] == [0, 2], results
            assert "Done:" in winner["out"]
            # the loser names the winner: its run id and its pid
            said = " ".join(loser["err"].split())
            assert f"locked: in use by fstune run {winner['run_id']} (pid {winner['pid']})" in said, results
            assert "Traceback" not in loser["err"] + winner["err"]
    finally:
        for proc in procs:
            proc.stdin.close()
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    assert len(outcomes) == RACES
    assert blkid(data, "TYPE") == "ext4"
    assert f"{default_mount_root()}/race" not in Path("/proc/self/mountinfo").read_text()
    assert unlocked(data)


@pytest.fixture
def util_linux_flock(lab):
    """util-linux's `flock -x /dev/loopN sleep 60` on the first lab disk, killed at the end."""
    node = lab.disks[0].loop
    proc = subprocess.Popen(["flock", "-x", node, "sleep", "60"], start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while (holder := devlock.holder_of(node)) is None or not holder.exclusive:
            assert time.monotonic() < deadline, "flock did not get the lock"
            time.sleep(0.05)
        yield proc
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # flock and the sleep that inherited its lock
        proc.wait()


def test_a_disk_held_with_util_linux_flock_is_refused_and_plan_still_works(tmp_path, lab, util_linux_flock,
                                                                           write_study):
    disk = lab.disks[0]
    study_file = write_study("held", title="lock race")
    who = f"locked by another process (pid {util_linux_flock.pid}, flock)"

    assert verdicts()[Path(disk.data).name]["reason"] == f"its disk {Path(disk.loop).name} is {who}"
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    run = fstune("run", "--study", str(study_file), "--device", disk.data, "--workloads", "none", "--yes",
                 "--run-id", f"held-{os.getpid()}", env=env)
    assert run.returncode == 2 and who in run.stderr and "Traceback" not in run.stderr
    plan = fstune("plan", "--study", str(study_file), "--device", disk.data, "--workloads", "none")
    assert plan.returncode == 0, plan.stderr
    assert "mkfs.ext4" in plan.stdout and who in plan.stderr  # a note, not a refusal

    # the runner itself (the wizard's way in) refuses too, before any step
    runner = Runner(plan_for(tmp_path, study("ext4"), disk.data), log_dir=tmp_path / "logs")
    started = []
    outcome = runner.run(lambda e: started.append(e) if isinstance(e, StepStarted) else None)
    assert (outcome.status, outcome.kind, outcome.exit_code) == (FAILED, FAIL_SAFETY, 3)
    assert outcome.reason.startswith("Stopped before anything ran:") and who in outcome.reason
    assert started == [] and blkid(disk.data, "TYPE") == ""

    down = fstune("lab", "down", "--dir", str(lab.directory))
    assert down.returncode == 2 and "Cannot take the lab down" in down.stderr and who in down.stderr
    assert Path(disk.data).exists()


def test_while_a_run_holds_its_disk_util_linux_and_lab_down_are_refused(tmp_path, lab, run_destructive):
    """Target and journal on two partitions of one disk: that disk is locked once, for the whole run."""
    disk = lab.disks[0]
    plan = plan_for(tmp_path, study("ext4", second='journal = "external"'), disk.data, disk.spare)
    mount = next(i for i, s in enumerate(plan.steps) if s.kind == kinds.MOUNT)
    gate = StepGate()
    runner = Runner(plan, log_dir=tmp_path / "logs", gate=gate)
    waiting: queue.Queue = queue.Queue()
    box: list = []
    thread = threading.Thread(target=lambda: box.append(runner.run(
        lambda e: waiting.put(e.index) if isinstance(e, StepWaiting) else None)))
    thread.start()
    try:
        assert waiting.get(timeout=60) == 0  # locked, nothing written yet
        mine = f"locked: in use by fstune run t (pid {os.getpid()})"
        assert devlock.holder_of(disk.spare).describe() == mine
        assert verdicts()[Path(disk.spare).name]["reason"] == f"its disk {Path(disk.loop).name} is {mine}"
        assert subprocess.run(["flock", "-n", "-s", disk.loop, "true"]).returncode == 1
        sfdisk = run_destructive(["sfdisk", "--lock=nonblock", "--no-act", disk.loop], disk.loop, check=False,
                                 input="label: gpt\n,100M,L\n")
        assert sfdisk.returncode != 0 and "device already locked" in sfdisk.stderr
        # wipefs 2.38 says so but still exits 0; it changed nothing (no re-read of the table)
        wipefs = run_destructive(["wipefs", "--lock=nonblock", "-n", "-a", disk.loop], disk.loop, check=False)
        assert "device already locked" in wipefs.stderr
        assert Path(disk.data).exists() and Path(disk.spare).exists()

        index = 0
        while index <= mount:  # on to the step after the baseline's mount
            gate.allow(index)
            index = waiting.get(timeout=60)
        mountpoint = plan.steps[mount].mountpoint
        assert is_mounted(mountpoint)
        down = fstune("lab", "down", "--dir", str(lab.directory))
        assert down.returncode == 2, down.stdout + down.stderr
        assert f"Cannot take the lab down: {disk.loop} is {mine}" in " ".join(down.stderr.split())
        assert is_mounted(mountpoint), "lab down must not unmount what a run measures"
        gate.allow(index)
        deadline = time.monotonic() + 120
        while thread.is_alive() and time.monotonic() < deadline:  # the rest of the run, step by step
            try:
                gate.allow(waiting.get(timeout=0.1))
            except queue.Empty:
                continue
    finally:
        gate.abort()
        thread.join(60)
    outcome = box[0]
    assert outcome.status == FINISHED, outcome.reason
    log = read_log(outcome.audit_path)
    assert [r["disks"] for r in log if r["event"] == "lock"] == [[disk.loop]]
    assert [r["disks"] for r in log if r["event"] == "unlock"] == [[disk.loop]]
    assert blkid(disk.data, "TYPE") == "ext4" and blkid(disk.spare, "TYPE") == "jbd"
    assert unlocked(disk.loop)
    # udev reads the disk once the lock is gone (the events it put off): wait for it, not for ever
    assert subprocess.run(["flock", "-w", "20", "-x", disk.loop, "true"]).returncode == 0


def test_one_disk_is_locked_once_and_a_second_run_of_this_process_conflicts(lab):
    disk = lab.disks[0]
    locks = devlock.lock_devices([disk.data, disk.spare], run_id="first")
    try:
        assert list(locks.disks.values()) == [disk.loop]
        assert devlock.lock_devices([disk.spare], run_id="first") is locks  # adopted, not taken twice
        with pytest.raises(devlock.DeviceLockedError) as refused:
            devlock.lock_devices([lab.disks[1].data, disk.data], run_id="second")
        assert f"locked: in use by fstune run first (pid {os.getpid()})" in refused.value.message
        assert unlocked(lab.disks[1].loop)  # all or nothing
    finally:
        locks.release()
    assert unlocked(disk.loop)
    devlock.lock_devices([disk.data], run_id="second").release()


def test_proc_locks_parsing():
    text = ("1: FLOCK  ADVISORY  WRITE 20964 00:06:2980 0 EOF\n"
            "1: -> FLOCK  ADVISORY  WRITE 20999 00:06:2980 0 EOF\n"
            "2: FLOCK  ADVISORY  READ 31 fe:01:12 0 EOF\n"
            "3: POSIX  ADVISORY  WRITE 1 00:06:2980 0 EOF\n"
            "4: OFDLCK ADVISORY  READ -1 fe:00:9978896 201 201\n")
    assert devlock._parse_locks(text) == {(0, 6, 2980): [(20964, True)], (0xFE, 1, 12): [(31, False)]}


def test_udev_waits_only_for_our_devices_while_another_process_holds_a_disk(lab, util_linux_flock):
    """udev puts off a held disk's events, so a plain `udevadm settle` waits out its timeout;
    fstune's settle (lab up/down, the runner) then waits for its own devices only."""
    from fstune.devices.settle import settle

    held, ours = lab.disks[0].loop, lab.disks[1].loop
    subprocess.run(["udevadm", "trigger", "--action=change", held], check=True)
    plain = subprocess.run(["udevadm", "settle", "--timeout=3"], capture_output=True)
    assert plain.returncode != 0, "udev did not put off the held disk's event: nothing to show here"
    started = time.monotonic()
    settle([ours], timeout=45)
    assert time.monotonic() - started < 20  # not the 45 s a plain settle would have waited
