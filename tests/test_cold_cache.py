"""A cold cache for the filesystem under test only (docs/verdicts.md, "Quiet, repeatable
preconditions"): the cold-cache steps unmount it, drop its devices' buffer cache and mount it again
with the plan's own mount command. On real loop devices: its file pages leave the page cache
(``fincore``, the kernel's mincore) and its inodes and directories are read from the device again,
while a file on another filesystem stays cached; the options still hold after the remount; a
busy filesystem gives a warm-cache repeat and a warning naming the holder, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fstune import filesystems
from fstune.lab import fidelity
from fstune.measure.measurement import Measurement
from fstune.runner import FINISHED, Runner, StepFinished, StepStarted
from fstune.util import procfs
from fstune.workloads import WorkloadContext, cold_cache_steps
from test_runner_real import Recorder, assert_nothing_left, plan_for, study

pytestmark = pytest.mark.loopdev

SIZE = 4 * 1024 * 1024
ATTEMPTS = 10  # other processes' global drops (other fstune runs) spoil an attempt


def cached_bytes(path: Path) -> int:
    """How much of ``path`` is in the page cache, as mincore(2) tells (util-linux fincore)."""
    done = subprocess.run(["fincore", "--bytes", "--noheadings", "--output", "RES", str(path)],
                          capture_output=True, text=True, check=True)
    return int(done.stdout.split()[0])


def read_sectors(device: str) -> int:
    return procfs.block_stat(device)["read_sectors"]


def make_fs(run_destructive, fs: str, device: str, mountpoint: Path, log: str | None = None) -> tuple[str, ...]:
    """Format ``device`` (its log on ``log``), mount it on ``mountpoint``; return the mount command."""
    if fs == "xfs":
        argv = ["mkfs.xfs", "-q", "-f", *(["-l", f"logdev={log}"] if log else []), device]
    else:
        argv = ["mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0", device]
    run_destructive(argv, [device, *([log] if log else [])])
    options = [("noatime", None), *filesystems.get(fs).journal_mount_options(log)]
    mount = filesystems.get(fs).mount_argv(device, str(mountpoint), options)
    mountpoint.mkdir()
    subprocess.run(mount, check=True, capture_output=True)
    return mount


def fill(mountpoint: Path) -> Path:
    """A written file in a directory of many small ones, flushed, then read into the page cache."""
    tree = mountpoint / "tree"
    tree.mkdir()
    for index in range(200):
        (tree / f"f{index}").write_bytes(os.urandom(100))
    data = mountpoint / "data"
    data.write_bytes(os.urandom(SIZE))
    os.sync()
    data.read_bytes()
    return data


def unmount(*mountpoints: Path) -> None:
    for mountpoint in mountpoints:
        if os.path.ismount(mountpoint):
            subprocess.run(["umount", str(mountpoint)], check=False, capture_output=True)


@pytest.mark.parametrize("fs", ["ext4", "xfs"])
def test_the_cold_cache_evicts_the_filesystem_under_test_and_nothing_else(tmp_path, lab, run_destructive, fs):
    (data, log), (other, _) = lab.pairs()[0], lab.pairs()[1]
    log = log if fs == "xfs" else None  # XFS with its log on another disk: logdev= in the mount again
    tested, beside = tmp_path / "tested", tmp_path / "beside"
    try:
        mount = make_fs(run_destructive, fs, data, tested, log)
        make_fs(run_destructive, "ext4", other, beside)
        ours, theirs = fill(tested), fill(beside)
        ctx = WorkloadContext(config="base", fs_name=fs, mountpoint=str(tested), workdir=str(tmp_path),
                              shared_dir=str(tmp_path), data_device=data, journal_device=log,
                              target_size=0, mount_argv=mount)
        steps = cold_cache_steps(ctx, "the test")
        assert [step.argv[2] for step in steps] == ["settle", "cold-cache"]
        for attempt in range(ATTEMPTS):
            # everything cached again: both files read, both trees listed
            for mountpoint, path in ((tested, ours), (beside, theirs)):
                path.read_bytes()
                assert len([entry.stat() for entry in os.scandir(mountpoint / "tree")]) == 200
            drops = fidelity.cache_drops()
            assert cached_bytes(ours) == SIZE and cached_bytes(theirs) == SIZE
            for step in steps:
                done = subprocess.run(step.argv, capture_output=True, text=True)
                assert done.returncode == 0, done.stdout + done.stderr
            assert f"+ blockdev --flushbufs {data}" in done.stdout and "+ " + " ".join(mount) in done.stdout
            ours_left, theirs_left = cached_bytes(ours), cached_bytes(theirs)
            # its inodes and directories too: listing the tree reads the device again, the other's does not
            before, beside_before = read_sectors(data), read_sectors(other)
            assert len([entry.stat() for entry in os.scandir(tested / "tree")]) == 200
            assert len([entry.stat() for entry in os.scandir(beside / "tree")]) == 200
            reread, beside_reread = read_sectors(data) - before, read_sectors(other) - beside_before
            if fidelity.cache_drops() == drops:
                break  # no other process dropped the whole cache meanwhile: the figures are ours
        else:
            pytest.skip(f"another process dropped the whole page cache during each of {ATTEMPTS} attempts")
        assert ours_left == 0, "the file just read on the filesystem under test is still cached"
        assert theirs_left == SIZE, "the file on the other filesystem was evicted too"
        assert reread > 0 and beside_reread == 0
        # mounted again with the plan's options (and log device)
        line = next(m for m in procfs.read_text("/proc/self/mountinfo").splitlines() if m.split()[4] == str(tested))
        assert "noatime" in line.split()[5]
        if log:
            assert f"logdev={log}" in line
    finally:
        unmount(tested, beside)


def test_a_busy_filesystem_gives_a_warm_cache_repeat_naming_its_holder(tmp_path, lab):
    data = lab.disks[0].data
    plan = plan_for(tmp_path, study("ext4"), data, workloads=("command",), repeats=1,
                    workload_params={"command": {"command": "true"}})
    base = plan.configs[0].mountpoint
    measurement = Measurement(plan, sequential=False)
    runner = Runner(plan, log_dir=tmp_path / "logs", extend=measurement.extend)
    rec = Recorder()
    holder: list[subprocess.Popen] = []

    def observe(event):
        measurement.observe(event)
        rec(event)
        cold = "cold-cache" in event.step.argv if isinstance(event, (StepStarted, StepFinished)) else False
        if isinstance(event, StepStarted) and cold and event.step.config == "base":
            holder.append(subprocess.Popen(["sleep", "60"], cwd=base))  # a shell left in the directory
            time.sleep(0.2)
        elif isinstance(event, StepFinished) and cold and holder:
            process = holder.pop()
            process.kill()  # let go, so the turn's own unmount works
            process.wait()

    try:
        outcome = runner.run(observe)
    finally:
        for process in holder:
            process.kill()
            process.wait()
    assert outcome.status == FINISHED, outcome.reason
    [warning] = [w for w in outcome.warnings if "warm cache" in w]
    assert "could not be evicted from memory" in warning and "target is busy" in warning
    assert "held by sleep (pid " in warning and "its working directory" in warning
    results = {r.config: r for r in measurement.repeat_results()}
    assert results["base"].warm_cache and not results["tuned"].warm_cache
    assert results["base"].ok and results["tuned"].ok
    assert_nothing_left(tmp_path, data)


def test_a_run_measures_after_the_remount_with_the_configuration_still_applied(tmp_path, lab):
    """Through the runner: every repeat is cold, measured, and its options read back after the
    remount; the variant's external journal is flushed and named in the mount again."""
    data, spare = lab.pairs()[0]
    tuned = study("ext4", second='journal = "external"\nmount_options = "noatime"')
    plan = plan_for(tmp_path, tuned, data, spare, workloads=("command",), repeats=2,
                    workload_params={"command": {"command": "dd if=/dev/zero of=f bs=64k count=16 conv=fsync"}})
    colds = [s for s in plan.steps if "cold-cache" in s.argv]
    assert all(f"journal_path={spare}" in s.argv[-3] and ("--flushbufs", spare) == s.argv[7:9]
               for s in colds if s.config == "tuned")
    assert not any(spare in s.argv for s in colds if s.config == "base")
    measurement = Measurement(plan, sequential=False)
    runner = Runner(plan, log_dir=tmp_path / "logs", extend=measurement.extend)
    after: dict[tuple[str, int], str] = {}

    def observe(event):
        measurement.observe(event)
        if isinstance(event, StepFinished) and "cold-cache" in event.step.argv:
            line = next(m for m in procfs.read_text("/proc/self/mountinfo").splitlines()
                        if m.split()[4] == event.step.mountpoint)
            after[(event.step.config, event.step.repeat)] = line.split()[5]

    outcome = runner.run(observe)
    assert outcome.status == FINISHED and not outcome.warnings, outcome.reason or outcome.warnings
    assert set(after) == {(c, r) for c in ("base", "tuned") for r in (1, 2)}
    assert all("noatime" in after[("tuned", r)] for r in (1, 2)), after
    assert not any("noatime" in after[("base", r)] for r in (1, 2))
    results = measurement.repeat_results()
    assert len(results) == 4 and all(r.ok and not r.warm_cache for r in results)
    assert_nothing_left(tmp_path, data, spare)


# Run inside a private mount namespace: let go at once of every copied mount but ours and its
# parents (other people's filesystems must not live on in it), say so, then wait.
_KEEP_ONLY = """
import os, subprocess, sys, time
ours = sys.argv[1]
# our copy of the filesystem private, whatever the machine's propagation: an unmount outside must
# not reach it (unshare's own --propagation private needs / to be a mount point, which a chroot's
# is not)
subprocess.run(["mount", "--make-private", ours], check=True)
mounts = [line.split()[4] for line in open("/proc/self/mountinfo")]
for mountpoint in sorted(set(mounts), key=len, reverse=True):
    if mountpoint == ours or ours.startswith(mountpoint.rstrip("/") + "/") or mountpoint == "/":
        continue
    subprocess.run(["umount", "-l", mountpoint], capture_output=True)
print("ready", flush=True)
time.sleep(60)
"""


def test_a_filesystem_that_lives_on_in_another_mount_namespace_is_a_warm_cache(tmp_path, lab, run_destructive):
    """Unmounted here, kept mounted in a namespace an `unshare -m` made meanwhile: mounting it again
    takes up the same filesystem, cache and all; the helper says so and names the process."""
    data = lab.disks[0].data
    tested = tmp_path / "tested"
    holder = None
    try:
        mount = make_fs(run_destructive, "ext4", data, tested)
        ours = fill(tested)
        holder = subprocess.Popen(["unshare", "-m", "--propagation", "unchanged", sys.executable, "-c", _KEEP_ONLY,
                                   str(tested)], stdout=subprocess.PIPE, text=True)
        assert holder.stdout.readline().strip() == "ready"
        done = subprocess.run(["fstune", "workload-helper", "cold-cache", "--umount", str(tested), "--flushbufs",
                               data, "--", *mount], capture_output=True, text=True)
        assert done.returncode == 1, done.stdout + done.stderr
        assert "lives on elsewhere, held by python" in done.stdout and "its own mount namespace" in done.stdout
        assert f"(pid {holder.pid}" in done.stdout
        assert cached_bytes(ours) == SIZE  # indeed warm: the same filesystem was taken up again
        assert os.path.ismount(tested)
    finally:
        if holder is not None:
            holder.kill()
            holder.wait()
        unmount(tested)
