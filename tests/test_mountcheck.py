"""Measuring the right filesystem (docs/safety.md): a target unmounted underneath a run — between
repeats or in the middle of a measured step — stops the run as failed, and no figure of that
repeat is stored; what the benchmark writes after that never stays on the filesystem below the
mountpoint (``fstune.runner.mountguard``). ``fstune.runner.mountcheck.verify`` on real mounts of
a lab partition."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import threading
import time

import pytest

from fstune.plan import build_plan
from fstune.runner import mountcheck, mountguard
from fstune import steps as kinds
from fstune.measure.measurement import Measurement
from fstune.measure.record import run_record
from fstune.runner import FAIL_SAFETY, FAILED, Notice, Runner, StepFinished, StepStarted, is_mounted
from fstune.results.store import Store
from test_runner_real import Recorder, assert_nothing_left, plan_for, study

pytestmark = pytest.mark.loopdev


def command_plan(tmp_path, data, command: str, repeats: int = 2):
    return plan_for(tmp_path, study("ext4"), data, workloads=("command",), repeats=repeats,
                    workload_params={"command": {"command": command}})


def run_and_store(tmp_path, plan, on_event):
    """Run with the CLI's measurement, then store the record as `fstune run` does."""
    measurement = Measurement(plan, sequential=False)
    runner = Runner(plan, log_dir=tmp_path / "logs", extend=measurement.extend)
    rec = Recorder()

    def observe(event):
        measurement.observe(event)
        rec(event)
        on_event(event)

    started = time.time()
    outcome = runner.run(observe)
    record = run_record(plan, measurement, outcome, started)
    with Store(tmp_path / "store") as store:
        stored = store.load_run(store.save_run(record)) if record.results else None
    return outcome, rec, stored


def figures(stored) -> dict[tuple[str, int], list[str]]:
    """(configuration, repeat) → the metrics stored for it ([] for a failed repeat)."""
    return {(r.config, r.repeat): [s.metric for s in r.samples] for r in (stored.results if stored else [])}


def test_a_target_unmounted_between_repeats_stops_the_run_and_that_repeat_gives_no_figures(tmp_path, lab):
    data = lab.disks[0].data
    plan = command_plan(tmp_path, data, "sh -c 'echo measured > f'")
    base = plan.configs[0].mountpoint

    def on_event(event):
        # in block 2, after the cold cache and before base's measured step
        if (isinstance(event, StepFinished) and event.step.kind == kinds.CACHE and event.step.repeat == 2
                and event.step.config == "base" and "cold-cache" in event.step.argv):
            subprocess.run(["umount", "-l", base], check=True)  # someone unmounts it under the run

    outcome, rec, stored = run_and_store(tmp_path, plan, on_event)
    assert (outcome.status, outcome.kind, outcome.exit_code) == (FAILED, FAIL_SAFETY, 3)
    assert f"{base} is not the ext4 filesystem on {data}" in outcome.reason
    # "…of the filesystem mounted at /" names the mount below where mountinfo shows it; in a
    # chroot that mount is outside the root, and the device number is named instead
    assert "nothing is mounted there any more, so it is a plain directory of " in outcome.reason
    assert "The mountpoint stopped being a mount before this step; nothing earlier steps wrote" in outcome.reason
    assert not rec.started(lambda s: s.repeat == 2 and s.config == "base" and s.kind == kinds.MEASURE), \
        "base's measured step of block 2 may not run"
    found = figures(stored)
    assert ("base", 2) not in found and "command.seconds" in found[("base", 1)]
    assert_nothing_left(tmp_path, data)  # and so nothing was written into the bare directory


def test_a_target_unmounted_during_a_measured_step_gives_no_figures(tmp_path, lab):
    data = lab.disks[0].data
    plan = command_plan(tmp_path, data, "sh -c 'sleep 1.5; echo measured > f'", repeats=1)
    base = plan.configs[0].mountpoint

    def on_event(event):
        if isinstance(event, StepStarted) and event.step.kind == kinds.MEASURE:
            threading.Timer(0.5, subprocess.run, (["umount", "-l", base],), {"check": True}).start()

    outcome, rec, stored = run_and_store(tmp_path, plan, on_event)
    assert (outcome.status, outcome.kind, outcome.exit_code) == (FAILED, FAIL_SAFETY, 3)
    assert "measured the wrong filesystem" in outcome.reason and "Its figures are not used" in outcome.reason
    measured = [r for r in outcome.results if r.step.kind == kinds.MEASURE]
    assert [r.status for r in measured] == [FAILED]
    assert figures(stored) == {("base", 1): []}  # the repeat is recorded as failed, without a figure
    assert "measured the wrong filesystem" in stored.results[0].failed
    assert_nothing_left(tmp_path, data)


# "started" tells the test the shell runs (and has its working directory) before the unmount:
# a shell started after it would find no working directory and make $PWD/data "/data"
WRITER = "sh -c 'touch started; sleep 3; dd if=/dev/zero of=$PWD/data bs=1M count=4 conv=fsync status=none'"


def unmount_lazily_during_the_measured_step(base: str):
    def unmount_once_started():
        deadline = time.monotonic() + 60
        while not os.path.exists(f"{base}/started") and time.monotonic() < deadline:
            time.sleep(0.02)
        subprocess.run(["umount", "-l", base], check=True)

    def on_event(event):
        if isinstance(event, StepStarted) and event.step.kind == kinds.MEASURE:
            threading.Thread(target=unmount_once_started, daemon=True).start()
    return on_event


def assert_cleanup_clean(outcome):
    """Every cleanup step that ran succeeded: no "rmdir … Directory not empty"."""
    failed = [(r.step.title, r.message) for r in outcome.results if r.cleanup and r.status != "ok"]
    assert not failed, failed


def test_what_a_benchmark_writes_after_its_target_was_unmounted_never_lands_below(tmp_path, lab):
    """The issue's case: a command that sleeps, then writes 4 MiB into its directory; the target
    is unmounted lazily during the sleep. The write is refused (the mountpoint's directory is
    immutable underneath), nothing is left on the filesystem below, and the message says so."""
    data = lab.disks[0].data
    plan = command_plan(tmp_path, data, WRITER, repeats=1)
    base = plan.configs[0].mountpoint
    outcome, rec, stored = run_and_store(tmp_path, plan, unmount_lazily_during_the_measured_step(base))
    assert (outcome.status, outcome.kind, outcome.exit_code) == (FAILED, FAIL_SAFETY, 3)
    assert "measured the wrong filesystem" in outcome.reason
    # "the filesystem mounted at /", or its device number where mountinfo does not show it (a chroot)
    assert ("The mountpoint stopped being a mount during the step; nothing the benchmark wrote after that landed "
            f"on {mountcheck.below(str(tmp_path))}:") in outcome.reason, outcome.reason
    assert "Its figures are not used." in outcome.reason
    assert "Operation not permitted" in rec.output_of(lambda s: s.kind == kinds.MEASURE)  # dd was refused
    assert figures(stored) == {("base", 1): []}
    assert_cleanup_clean(outcome)
    assert_nothing_left(tmp_path, data)


def test_without_the_immutable_flag_what_landed_below_is_removed_and_counted(tmp_path, lab):
    """ramfs cannot mark a directory immutable: the 4 MiB land in the bare mountpoint directory,
    and the runner removes them and says how much it removed, and where it was."""
    data = lab.disks[0].data
    ram = tmp_path / "ram"
    ram.mkdir()
    subprocess.run(["mount", "-t", "ramfs", "fstune-test", str(ram)], check=True)
    try:
        assert mountguard.seal(str(ram)) is not None  # the premise: no immutable flag there
        plan = command_plan(tmp_path, data, WRITER, repeats=1)
        plan = build_plan(dataclasses.replace(plan.choices, mount_root=str(ram / "run")))
        base = plan.configs[0].mountpoint
        notices = []
        unmount = unmount_lazily_during_the_measured_step(base)

        def on_event(event):
            if isinstance(event, Notice):
                notices.append(event.text)
            unmount(event)

        outcome, rec, stored = run_and_store(tmp_path, plan, on_event)
        assert (outcome.status, outcome.kind, outcome.exit_code) == (FAILED, FAIL_SAFETY, 3)
        assert (f"The mountpoint stopped being a mount during the step; 4.0 MiB (4194304 bytes in 1 file(s)) the "
                f"benchmark wrote went to the filesystem mounted at {ram} and were removed.") in outcome.reason, \
            outcome.reason
        assert any("cannot be made unwritable underneath" in text for text in notices), notices
        assert_cleanup_clean(outcome)
        assert list((ram / "run").iterdir()) == []  # the run directory went, and all it held
    finally:
        subprocess.run(["umount", str(ram)], check=False)
    assert_nothing_left(tmp_path, data)


@pytest.mark.parametrize("fs", ["ext4", "btrfs"])
def test_verify_on_real_mounts(tmp_path, lab, run_destructive, fs):
    data = lab.disks[0].data
    st = os.stat(data)
    major, minor = os.major(st.st_rdev), os.minor(st.st_rdev)
    run_destructive([f"mkfs.{fs}", "-q", "-f" if fs == "btrfs" else "-F", data], data)
    where = tmp_path / "mnt"
    where.mkdir()
    mounted: list[str] = []

    def mount(*args: str) -> None:
        subprocess.run(["mount", *args], check=True)
        mounted.append(args[-1])

    try:
        mount("-t", fs, data, str(where))
        assert mountcheck.verify(str(where), data, major, minor, fs) is None
        assert "it holds " + fs in mountcheck.verify(str(where), data, major, minor, "xfs")
        other = lab.disks[1].data
        other_st = os.stat(other)
        assert "it holds" in mountcheck.verify(str(where), other, os.major(other_st.st_rdev),
                                               os.minor(other_st.st_rdev), fs)

        (where / "sub").mkdir()
        mount("--bind", str(where / "sub"), str(where))  # a subtree of it over it
        assert "/sub of" in mountcheck.verify(str(where), data, major, minor, fs) and "bind-mounted" in \
            mountcheck.verify(str(where), data, major, minor, fs)
        subprocess.run(["umount", str(where)], check=True)
        mounted.pop()

        mount("-t", "tmpfs", "fstune-test", str(where))  # something else over it
        assert "it holds tmpfs" in mountcheck.verify(str(where), data, major, minor, fs)
        subprocess.run(["umount", str(where)], check=True)
        mounted.pop()
        assert mountcheck.verify(str(where), data, major, minor, fs) is None  # itself again
    finally:
        for point in reversed(mounted):
            subprocess.run(["umount", point], check=False)
    assert not is_mounted(str(where))
    assert "nothing is mounted there" in mountcheck.verify(str(where), data, major, minor, fs)
