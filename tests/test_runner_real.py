"""The runner on real loop-device disks: mkfs, mount and unmount of every filesystem, a real
tool's question, Ctrl-C in the middle of mkfs and of a benchmark, and the faults the safety
checks exist for (a swapped device, a mount by someone else, a device that goes away).

Every device written here belongs to a lab the test made (the ``lab`` fixture); the guard
``FSTUNE_LAB_ONLY=1`` is on, so the runner itself refuses anything else.
"""

from __future__ import annotations

import dataclasses
import errno
import fcntl
import os
import signal
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from fstune import devlock, filesystems
from fstune.errors import FstuneError
from fstune import steps as kinds
from fstune.runner.audit import read_log
from fstune.plan import Choices, DeviceChoice, build_plan
from fstune.runner import (
    CANCELLED, DECLINED, FAIL_DECLINED, FAIL_ERROR, FAIL_SAFETY, FAIL_STEP, FAILED, FINISHED, OK, Level, Notice,
    OutputLine, Progress, RunFailed, Runner, StepFinished, StepStarted, handle_signals, is_mounted, read_identity,
)

from conftest import study_text, settle_devices
from fstune.studies import parse_study

pytestmark = pytest.mark.loopdev

CAPS = filesystems.MachineCapabilities.probe()


def study(fs: str, *, second: str = "", first: str = "") -> object:
    """A two-configuration study: ``first`` and ``second`` are extra TOML lines per config."""
    return parse_study(study_text(fs, title="runner test", first=first, second=second), "runner-test.toml")


def choice(path: str) -> DeviceChoice:
    name = Path(os.path.realpath(path)).name
    size = int(Path(f"/sys/class/block/{name}/size").read_text()) * 512
    return DeviceChoice(path, size, disk=name.rsplit("p", 1)[0])


def plan_for(tmp_path, the_study, data, spare=None, **kwargs):
    kwargs.setdefault("workloads", ())
    kwargs.setdefault("repeats", 1)
    return build_plan(Choices(the_study, choice(data), choice(spare) if spare else None, run_id="t",
                              mount_root=str(tmp_path / "run"), work_root=str(tmp_path / "work"), **kwargs))


def mounts_text() -> str:
    return Path("/proc/self/mountinfo").read_text()


def assert_nothing_left(tmp_path, *devices):
    text = mounts_text()
    assert str(tmp_path / "run") not in text, "a mountpoint of the run is still mounted"
    assert not (tmp_path / "run" / "t").exists(), "the run directory was not removed"
    for device in devices:
        st = os.stat(device)
        majmin = f" {os.major(st.st_rdev)}:{os.minor(st.st_rdev)} "
        assert majmin not in text, f"{device} is still mounted"


def blkid(device: str, tag: str) -> str:
    """A tag read straight from the device (low-level probe, read-only)."""
    return subprocess.run(["blkid", "-p", "-o", "value", "-s", tag, device], capture_output=True,
                          text=True).stdout.strip()


class Recorder:
    """Collects events; at each successful mount, copies the kernel's line for it."""

    def __init__(self, runner: Runner | None = None) -> None:
        self.events: list = []
        self.mounted: dict[str, str] = {}  # mountpoint → its /proc/self/mountinfo line
        self.runner = runner

    def __call__(self, event) -> None:
        self.events.append(event)
        if isinstance(event, StepFinished) and event.step.kind == kinds.MOUNT and event.status == OK:
            for line in mounts_text().splitlines():
                if line.split()[4] == event.step.mountpoint:
                    self.mounted[event.step.mountpoint] = line

    def output_of(self, predicate) -> str:
        indexes = {e.index for e in self.events if isinstance(e, StepStarted) and predicate(e.step)}
        return "\n".join(e.text for e in self.events
                         if isinstance(e, OutputLine) and e.index in indexes and not e.partial)

    def started(self, predicate) -> list[StepStarted]:
        """Steps of the plan that started (the cleanup path's steps are not counted)."""
        return [e for e in self.events if isinstance(e, StepStarted) and not e.cleanup and predicate(e.step)]


def run(plan, tmp_path, recorder=None, **kwargs):
    runner = Runner(plan, log_dir=tmp_path / "logs", **kwargs)
    recorder = recorder or Recorder()
    recorder.runner = runner
    outcome = runner.run(recorder)
    return outcome, recorder


def mount_options(line: str) -> set[str]:
    before, after = line.split(" - ")
    return set(before.split()[5].split(",")) | set(after.split()[2].split(","))


# --- every kernel filesystem, made and mounted through the runner --------------------------------


EXT_CASES = {
    "ext2": dict(first='journal = "none"', second='journal = "none"\nmount_options = "noatime"'),
    "ext3": dict(second='journal = "external"\nmount_options = "noatime,commit=15"'),
    "ext4": dict(second='journal = "external"\nmount_options = "noatime,commit=15"'),
}


@pytest.mark.parametrize("fs", ["ext2", "ext3", "ext4"])
def test_ext_filesystems_with_internal_and_external_journal(tmp_path, lab, fs):
    data, spare = lab.pairs()[0]
    plan = plan_for(tmp_path, study(fs, **EXT_CASES[fs]), data, spare if fs != "ext2" else None)
    outcome, rec = run(plan, tmp_path)
    assert outcome.status == FINISHED, outcome.reason
    base_mp, tuned_mp = (cp.mountpoint for cp in plan.configs)
    dumps = [e for e in rec.events if isinstance(e, StepStarted) and e.step.argv[0] == "dumpe2fs"]
    assert len(dumps) == 2
    base_dump = "\n".join(e.text for e in rec.events if isinstance(e, OutputLine) and e.index == dumps[0].index)
    tuned_dump = "\n".join(e.text for e in rec.events if isinstance(e, OutputLine) and e.index == dumps[1].index)
    assert rec.mounted[base_mp].split(" - ")[1].split()[:2] == [fs, data]
    if fs == "ext2":
        assert "has_journal" not in base_dump and "has_journal" not in tuned_dump
        assert "noatime" in mount_options(rec.mounted[tuned_mp])
    else:
        assert "has_journal" in base_dump and "Journal inode:" in base_dump
        # the variant's journal is the spare partition: its UUID is the journal's
        journal_uuid = blkid(spare, "UUID")
        assert f"Journal UUID:             {journal_uuid}" in tuned_dump
        assert blkid(spare, "TYPE") == "jbd"
        options = mount_options(rec.mounted[tuned_mp])
        assert {"noatime", "commit=15"} <= options
        assert rec.mounted[tuned_mp].split(" - ")[1].split()[0] == fs
    assert_nothing_left(tmp_path, data, spare)


def test_xfs_with_internal_and_external_log(tmp_path, lab):
    data, spare = lab.pairs()[0]
    plan = plan_for(tmp_path, study("xfs", second='journal = "external"\nmount_options = "noatime,logbufs=8"'),
                    data, spare)
    outcome, rec = run(plan, tmp_path)
    assert outcome.status == FINISHED, outcome.reason
    infos = rec.output_of(lambda s: s.argv[0] == "xfs_info").split("meta-data=")
    base_info, tuned_info = infos[1], infos[2]
    assert "log      =internal log" in base_info
    assert f"log      ={spare}" in tuned_info
    tuned_line = rec.mounted[plan.configs[1].mountpoint]
    assert {"noatime", "logbufs=8", f"logdev={spare}"} <= mount_options(tuned_line)
    assert_nothing_left(tmp_path, data, spare)


def test_btrfs_made_and_mounted_with_its_options(tmp_path, lab):
    data = lab.disks[0].data
    plan = plan_for(tmp_path, study("btrfs", second='mount_options = "noatime,compress=zstd"'), data)
    outcome, rec = run(plan, tmp_path)
    assert outcome.status == FINISHED, outcome.reason
    shown = rec.output_of(lambda s: s.argv[:3] == ("btrfs", "filesystem", "show"))
    assert shown.count(f"path {data}") == 2 and blkid(data, "UUID") in shown
    options = mount_options(rec.mounted[plan.configs[1].mountpoint])
    assert {"noatime", "compress=zstd:3"} & options or "compress=zstd" in options
    assert_nothing_left(tmp_path, data)


@pytest.mark.parametrize("fs", ["jfs", "reiserfs"])
def test_jfs_and_reiserfs_are_made_for_real_and_the_mount_says_why_it_fails(tmp_path, lab, fs):
    if not CAPS.tools.get(filesystems.get(fs).mkfs):
        pytest.skip(f"{filesystems.get(fs).mkfs} is not installed")
    data, spare = lab.pairs()[0]
    plan = plan_for(tmp_path, study(fs, second='journal = "external"'), data, spare)
    outcome, rec = run(plan, tmp_path)
    assert outcome.results[0].step.kind == kinds.MKFS and outcome.results[0].status == OK
    assert blkid(data, "TYPE") == fs  # the mkfs really ran
    if CAPS.kernel_has(fs):
        assert outcome.status == FINISHED, outcome.reason
    else:
        assert outcome.status == FAILED and outcome.kind == FAIL_STEP
        assert f"has no {fs} driver" in outcome.reason and "cannot be mounted here" in outcome.reason
        assert "wrong fs type" not in outcome.reason  # fstune's sentence, not mount's
        assert [r.step.kind for r in outcome.results if not r.cleanup][-1] == kinds.MOUNT
    assert_nothing_left(tmp_path, data, spare)


# --- a real tool's question -----------------------------------------------------------------------


def test_mke2fs_question_is_a_prompt_and_no_writes_nothing(tmp_path, lab, run_destructive):
    data = lab.disks[0].data
    run_destructive(["mkfs.ext4", "-q", "-F", data], data)
    old_uuid = blkid(data, "UUID")
    assert old_uuid
    plan = plan_for(tmp_path, study("ext4"), data, force=False)
    assert "-F" not in plan.steps[0].argv
    prompts = []
    outcome, rec = run(plan, tmp_path, answer=lambda p: prompts.append(p) or None)
    assert [(p.tool, p.text, p.known) for p in prompts] == [("mkfs.ext4", "Proceed anyway? (y,N)", True)]
    assert outcome.status == FAILED and outcome.kind == FAIL_DECLINED and outcome.exit_code == 1
    assert "you declined" in outcome.reason
    assert outcome.results[0].status == DECLINED
    assert blkid(data, "UUID") == old_uuid, "declining must leave the old filesystem untouched"
    assert "contains a ext4 file system" in rec.output_of(lambda s: s.kind == kinds.MKFS)
    assert_nothing_left(tmp_path, data)

    # answering yes lets mke2fs go on: the filesystem is new
    plan = plan_for(tmp_path, study("ext4"), data, force=False)
    outcome, rec = run(plan, tmp_path, answer=lambda p: "y")
    assert outcome.status == FINISHED, outcome.reason
    assert blkid(data, "UUID") not in ("", old_uuid)
    assert "Proceed anyway? (y,N) y" in rec.output_of(lambda s: s.kind == kinds.MKFS)


# --- Ctrl-C -------------------------------------------------------------------------------------


def test_sigint_in_the_middle_of_mkfs_cancels_and_cleans_up(tmp_path, lab):
    data = lab.disks[0].data
    # -c -c makes mke2fs run a read-write bad-block test first (four patterns over the whole
    # partition): long enough that the interrupt always lands inside it, even on a fast disk
    # (a read-only -c scan of a direct-I/O lab partition can end within the signal's delivery)
    plan = plan_for(tmp_path, study("ext4", first='mkfs_options = ["-c", "-c"]'), data)
    sent = []

    def on_event(event):
        rec(event)
        if isinstance(event, Progress) and event.label == "Checking for bad blocks" and not sent:
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)

    rec = Recorder()
    runner = Runner(plan, log_dir=tmp_path / "logs")
    with handle_signals(runner):
        outcome = runner.run(on_event)
    assert sent, "mke2fs never showed its bad-block scan"
    assert outcome.status == CANCELLED and outcome.exit_code == 130 and "Ctrl-C" in outcome.reason
    mkfs = outcome.results[0]
    assert mkfs.step.kind == kinds.MKFS and mkfs.status == CANCELLED and mkfs.signal == signal.SIGINT
    said = rec.output_of(lambda s: s.kind == kinds.MKFS)
    assert "Writing superblocks" not in said, "mke2fs finished before the interrupt reached it"
    assert not rec.started(lambda s: s.kind == kinds.MOUNT)
    assert read_log(outcome.audit_path)[-1]["status"] == CANCELLED
    assert_nothing_left(tmp_path, data)


def command_plan(tmp_path, data, command: str, spare=None):
    return plan_for(tmp_path, study("ext4"), data, spare, workloads=("command",),
                    workload_params={"command": {"command": command}})


# synchronous 4 KiB writes: each one waits for the device, so this runs for minutes if let be
SLOW_WRITER = "dd if=/dev/zero of=fstune-big bs=4k count=1000000 oflag=dsync status=progress"


def test_sigint_in_the_middle_of_a_benchmark_unmounts_and_marks_cancelled(tmp_path, lab):
    data = lab.disks[0].data
    plan = command_plan(tmp_path, data, SLOW_WRITER)
    rec = Recorder()
    runner = Runner(plan, log_dir=tmp_path / "logs")

    def on_event(event):
        rec(event)
        if isinstance(event, StepStarted) and event.step.kind == kinds.MEASURE:
            threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGINT)).start()

    with handle_signals(runner):
        outcome = runner.run(on_event)
    assert outcome.status == CANCELLED, outcome.reason
    measured = [r for r in outcome.results if r.step.kind == kinds.MEASURE]
    assert [r.status for r in measured] == [CANCELLED]
    cleanup = [r for r in outcome.results if r.cleanup]
    assert [r.step.kind for r in cleanup][:2] == [kinds.UMOUNT, kinds.RMDIR] and cleanup[0].status == OK
    assert not is_mounted(plan.configs[0].mountpoint)
    assert subprocess.run(["pgrep", "-f", "of=fstune-big"], capture_output=True).returncode != 0
    log = read_log(outcome.audit_path)
    assert log[-1]["event"] == "run-end" and log[-1]["status"] == CANCELLED
    assert_nothing_left(tmp_path, data)


# --- faults ----------------------------------------------------------------------------------------


def test_a_failing_mount_removes_its_mountpoint(tmp_path, lab):
    data = lab.disks[0].data
    plan = plan_for(tmp_path, study("ext4"), data)
    first = plan.configs[0]
    block = plan.blocks[0]
    broken = [dataclasses.replace(s, argv=(*s.argv[:3], "-o", "fstune_no_such_option", *s.argv[3:]))
              if s.kind == kinds.MOUNT and s.config == first.config.name else s for s in block.steps]
    plan = dataclasses.replace(plan, blocks=(dataclasses.replace(block, steps=tuple(broken)), *plan.blocks[1:]))
    outcome, rec = run(plan, tmp_path)
    assert outcome.status == FAILED and outcome.kind == FAIL_STEP
    assert "Mount" in outcome.reason and "mount exited with status" in outcome.reason
    assert "fstune_no_such_option" in outcome.reason  # the kernel's own complaint is quoted
    rmdirs = [r for r in outcome.results if r.cleanup and r.step.kind == kinds.RMDIR]
    assert rmdirs and rmdirs[0].step.mountpoint == first.mountpoint and rmdirs[0].status == OK
    assert not Path(first.mountpoint).exists()
    assert_nothing_left(tmp_path, data)


def test_a_kernel_complaint_is_quoted_once(tmp_path, lab):
    # this kernel message comes with its prefix twice ("EXT4-fs: EXT4-fs: …") on Linux 6.x
    data = lab.disks[0].data
    plan = plan_for(tmp_path, study("ext4", first='mount_options = "inode_readahead_blks=3"'), data)
    outcome, _ = run(plan, tmp_path)
    assert outcome.status == FAILED and outcome.kind == FAIL_STEP
    assert "inode_readahead_blks must be 0 or a power of 2" in outcome.reason, outcome.reason
    assert "EXT4-fs: EXT4-fs" not in outcome.reason
    assert_nothing_left(tmp_path, data)


def _fill(directory: Path) -> None:
    """Write to a file in ``directory`` until its filesystem has no byte left."""
    fd = os.open(directory / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    chunk = b"\0" * 65536
    try:
        while True:
            os.write(fd, chunk)  # a short write leaves the rest for the next, which fails
    except OSError as error:
        assert error.errno == errno.ENOSPC, error
    finally:
        os.close(fd)


def test_an_audit_log_that_fills_up_mid_run_still_cleans_up_and_unlocks(tmp_path, lab):
    """The audit log's filesystem fills once the first filesystem is mounted: the run stops
    with a clear failure, says so once, and still unmounts everything and releases its disk."""
    data = lab.disks[0].data
    plan = plan_for(tmp_path, study("ext4"), data)
    logs = tmp_path / "logs"
    logs.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k,mode=0700", "fstune-test-logs", str(logs)],
                   check=True)
    try:
        rec = Recorder()
        filled = []

        def on_event(event) -> None:
            rec(event)
            if (not filled and isinstance(event, StepFinished) and event.step.kind == kinds.MOUNT
                    and event.status == OK):
                assert devlock.holds(data)  # the run holds its disk while it measures
                _fill(logs)
                filled.append(event.index)

        outcome = Runner(plan, log_dir=logs).run(on_event)
        assert filled, "no mount step finished"
        assert outcome.status == FAILED and outcome.kind == FAIL_ERROR, outcome.reason
        assert "can no longer be written (No space left on device)" in outcome.reason
        assert "The run was stopped." in outcome.reason
        warned = [e for e in rec.events if isinstance(e, Notice) and "audit log" in e.text]
        assert len(warned) == 1 and warned[0].level == Level.WARNING
        assert outcome.warnings == (warned[0].text,)
        assert isinstance(rec.events[-1], RunFailed) and rec.events[-1].reason == outcome.reason
        # no step of the plan started after the log broke; the cleanup's steps all ran
        started_after = [e for e in rec.started(lambda s: True) if e.index > filled[0] + 1]
        assert started_after == []
        assert any(r.cleanup and r.step.kind == kinds.UMOUNT and r.status == OK for r in outcome.results)
        assert not devlock.holds(data), "the disk is still locked after the run"
        assert_nothing_left(tmp_path, data)
        # what was written before the disk filled is still a readable log
        records = read_log(outcome.audit_path)
        assert records[0]["event"] == "run-start" and records[-1]["event"] != "run-end"
    finally:
        subprocess.run(["umount", "--lazy", str(logs)], check=False)  # even while a log file is open


@pytest.mark.slow
def test_a_full_disk_is_reported_as_a_full_disk(tmp_path, make_lab):
    """tar runs out of space and then, for every directory it could not make, reports the files
    in it as "No such file or directory": the message names the cause, not the last symptom."""
    lab = make_lab(disks=1, size="366M", spare_size="64M")  # a data partition of about 300 MiB
    data = lab.disks[0].data
    smallfiles = study("ext4").with_primary("smallfiles:untar.seconds", ("smallfiles",))
    plan = plan_for(tmp_path, smallfiles, data, workloads=("smallfiles",),
                    workload_params={"smallfiles": {"preset": "quick", "file_size": "128K"}})  # 320 MiB
    outcome, _ = run(plan, tmp_path)
    assert outcome.status == FAILED and outcome.kind == FAIL_STEP
    assert "untar" in outcome.reason and "No space left on device" in outcome.reason, outcome.reason
    assert "No such file or directory" not in outcome.reason
    assert_nothing_left(tmp_path, data)


def test_a_device_swapped_after_it_was_chosen_is_not_formatted(tmp_path, lab):
    disk = lab.disks[0]
    plan = plan_for(tmp_path, study("ext4"), disk.data)
    runner = Runner(plan, log_dir=tmp_path / "logs")  # identities recorded now, as at confirmation
    recorded = runner.identities[disk.data]
    # a different disk image (other size, other partition table) on the very same loop device
    other = tmp_path / "other-disk.img"
    with open(other, "wb") as handle:
        handle.truncate(900 * 1024 * 1024)
    subprocess.run(["sfdisk", "-q", str(other)], input="label: gpt\n,600M\n,\n", text=True, check=True)
    subprocess.run(["losetup", "-d", disk.loop], check=True)
    attached = subprocess.run(["losetup", "-P", disk.loop, str(other)], capture_output=True, text=True)
    try:
        settle_devices(disk.loop, timeout=30)  # this loop's events, no other disk's
        if attached.returncode == 0 and not Path(f"{disk.loop}p1").exists():
            # some kernels do not scan the table on attach (the lab does the same)
            subprocess.run(["partx", "--add", disk.loop], capture_output=True, check=False)
            settle_devices(disk.loop, timeout=30)
        # the new partition's node must be there, or the run refuses for that (a busy machine is
        # slow to make it) and the identity check this test is about is never reached
        deadline = time.monotonic() + 30
        while attached.returncode == 0 and not Path(disk.data).exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        rec = Recorder()
        outcome = runner.run(rec)
        assert outcome.status == FAILED and outcome.kind == FAIL_SAFETY and outcome.exit_code == 3
        assert not rec.started(lambda s: True), "no step may start"
        assert disk.data in outcome.reason
        if attached.returncode == 0:
            assert "is not the device you chose" in outcome.reason
            now = read_identity(disk.data)
            # same path, other device: its size and PARTUUID (and maybe its number) differ
            assert now.path == recorded.path and now.size != recorded.size and now.partuuid != recorded.partuuid
        assert blkid(disk.data, "TYPE") == ""  # nothing was written to the new disk either
    finally:
        if attached.returncode == 0:
            backing = Path(f"/sys/block/{Path(disk.loop).name}/loop/backing_file").read_text().strip()
            if backing == str(other):  # detach only what this test attached
                subprocess.run(["losetup", "-d", disk.loop], check=False)
    assert not (tmp_path / "run" / "t").exists()


def test_a_target_mounted_by_someone_else_before_mkfs_is_refused(tmp_path, lab):
    data = lab.disks[0].data
    plan = plan_for(tmp_path, study("ext4", second='mount_options = "noatime"'), data)
    elsewhere = tmp_path / "someone-else"
    elsewhere.mkdir()
    tuned_mkfs = next(i for i, s in enumerate(plan.steps) if s.kind == kinds.MKFS and s.config == "tuned")
    rec = Recorder()

    def on_event(event):
        rec(event)
        # right after the baseline is unmounted and before the variant's mkfs: someone mounts it
        if isinstance(event, StepFinished) and event.index == tuned_mkfs - 1:
            subprocess.run(["mount", "-t", "ext4", data, str(elsewhere)], check=True)

    try:
        runner = Runner(plan, log_dir=tmp_path / "logs")
        outcome = runner.run(on_event)
        assert outcome.status == FAILED and outcome.kind == FAIL_SAFETY and outcome.exit_code == 3
        assert f"{data} is mounted at {elsewhere}" in outcome.reason
        assert not [e for e in rec.events if isinstance(e, StepStarted) and e.index == tuned_mkfs]
        log = read_log(outcome.audit_path)
        assert [r for r in log if r["event"] == "safety" and not r["ok"]][0]["step"] == tuned_mkfs
        assert is_mounted(str(elsewhere)), "fstune must not touch a mount that is not its own"
    finally:
        subprocess.run(["umount", str(elsewhere)], check=False)
    assert_nothing_left(tmp_path)


FS_IOC_SHUTDOWN = 0x8004587D  # _IOR('X', 125, __u32): the same number for ext4 and XFS
SHUTDOWN_NOLOGFLUSH = 2


def test_a_loop_device_detached_mid_benchmark_fails_the_run_clearly(tmp_path, lab):
    """`losetup -d` on a mounted loop device only schedules the detach for the unmount; what a
    filesystem sees when its disk really goes away is every I/O failing. The test does both:
    it detaches the loop device and shuts the filesystem down the way a lost disk does."""
    disk = lab.disks[0]
    plan = command_plan(tmp_path, disk.data, SLOW_WRITER)
    rec = Recorder()
    runner = Runner(plan, log_dir=tmp_path / "logs")
    mountpoint = plan.configs[0].mountpoint

    def pull_the_plug():
        subprocess.run(["losetup", "-d", disk.loop], check=True)
        fd = os.open(mountpoint, os.O_RDONLY)
        try:
            fcntl.ioctl(fd, FS_IOC_SHUTDOWN, struct.pack("I", SHUTDOWN_NOLOGFLUSH))
        finally:
            os.close(fd)

    def on_event(event):
        rec(event)
        if isinstance(event, StepStarted) and event.step.kind == kinds.MEASURE:
            threading.Timer(1.5, pull_the_plug).start()

    outcome = runner.run(on_event)
    assert outcome.status == FAILED and outcome.kind == FAIL_STEP and outcome.exit_code == 1
    assert "Input/output error" in outcome.reason
    assert f"{disk.data} was detached" in outcome.reason
    measured = [r for r in outcome.results if r.step.kind == kinds.MEASURE]
    assert measured[0].status == FAILED
    assert not is_mounted(mountpoint)
    deadline = time.monotonic() + 10
    while Path(f"/sys/block/{Path(disk.loop).name}/loop").exists() and time.monotonic() < deadline:
        time.sleep(0.1)  # the kernel lets the loop device go once the unmount is done
    assert not Path(f"/sys/block/{Path(disk.loop).name}/loop").exists()
    assert_nothing_left(tmp_path)


def test_a_device_detached_after_its_identity_was_recorded_is_gone_not_unlockable(tmp_path, lab):
    """The journal's loop device detached between the confirmation and the run (nothing held it
    yet, so its nodes vanish at once): the run says it is gone, not that it cannot be locked."""
    from fstune.runner import record_identities

    data, spare = lab.pairs()[0]
    plan = plan_for(tmp_path, study("ext4", second='journal = "external"'), data, spare)
    identities = record_identities(plan)
    loop = next(d.loop for d in lab.disks if spare.startswith(d.loop + "p"))
    subprocess.run(["losetup", "-d", loop], check=True)
    deadline = time.monotonic() + 10
    while os.path.exists(spare) and time.monotonic() < deadline:
        time.sleep(0.05)
    outcome, rec = run(plan, tmp_path, identities=identities)
    assert (outcome.status, outcome.kind, outcome.exit_code) == (FAILED, FAIL_SAFETY, 3)
    assert f"Stopped before anything ran: {spare} is gone (no such device)." in outcome.reason, outcome.reason
    assert "cannot be locked" not in outcome.reason
    assert not rec.started(lambda s: True) and blkid(data, "TYPE") == ""


def test_a_run_id_a_live_run_uses_is_refused_before_anything_is_locked(tmp_path, lab):
    """Two runs with one run id would mount over each other in one directory: the second is
    refused, naming the first (a real live process), until that process has ended."""
    from fstune.runner import STATE_FILE
    from fstune.session import lock_devices

    data = lab.disks[0].data
    plan = plan_for(tmp_path, study("ext4"), data)
    first = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\n"
         "from fstune.runner.leftovers import claim_run_dir\n"
         "claim_run_dir(sys.argv[1], run_id='t', study='other-study', audit=None)\n"
         "print('claimed', flush=True); time.sleep(120)", plan.run_dir],
        stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout.readline().strip() == "claimed"
        state = (Path(plan.run_dir) / STATE_FILE).read_text()
        with pytest.raises(FstuneError, match=rf"pid {first.pid}\b") as refused:
            lock_devices(plan)  # the wizard's Review step and `fstune run` lock through this
        assert "study other-study" in str(refused.value) and "--run-id" in str(refused.value)
        assert not devlock.holds(data)
        outcome, rec = run(plan, tmp_path)
        assert outcome.status == FAILED and outcome.kind == FAIL_SAFETY
        assert f"pid {first.pid}" in outcome.reason and "Stopped before anything ran" in outcome.reason
        assert not rec.started(lambda s: True)
        assert (Path(plan.run_dir) / STATE_FILE).read_text() == state, "the live run's state file was touched"
        assert not devlock.holds(data)
    finally:
        first.kill()
        first.wait()
    # its process gone, the directory is a dead run's: a new run takes it over
    outcome, _ = run(plan, tmp_path)
    assert outcome.status == FINISHED, outcome.reason
    assert_nothing_left(tmp_path, data)


def test_leftover_mount_of_a_dead_run_is_found_and_cleaned(tmp_path, lab, run_destructive):
    from fstune.runner import STATE_FILE, clean_leftovers, find_leftovers

    data = lab.disks[0].data
    run_destructive(["mkfs.ext4", "-q", "-F", data], data)
    root = tmp_path / "run"
    mountpoint = root / "crashed" / "base"
    mountpoint.mkdir(parents=True)
    (root / "crashed" / STATE_FILE).write_text('{"run_id": "crashed", "pid": 4194000, "study": "x"}')
    subprocess.run(["mount", "-t", "ext4", data, str(mountpoint)], check=True)
    try:
        found = find_leftovers(str(root))
        assert [(f.run_id, f.mounts) for f in found] == [("crashed", (str(mountpoint),))]
        report = clean_leftovers(found)
        assert report.ok and report.unmounted == [str(mountpoint)]
        assert not (root / "crashed").exists()
    finally:
        if is_mounted(str(mountpoint)):
            subprocess.run(["umount", str(mountpoint)], check=False)


# --- cleanup when a process outside the run holds the filesystem ----------------------------------


def _hold_then_cancel(tmp_path, lab, release_after: float | None):
    """Run a slow benchmark; once it measures, an outside process takes its working directory on
    the filesystem and the run is cancelled. ``release_after``: seconds until the holder ends
    (None: it stays until the test ends it)."""
    data = lab.disks[0].data
    plan = command_plan(tmp_path, data, SLOW_WRITER)
    mountpoint = plan.configs[0].mountpoint
    runner = Runner(plan, log_dir=tmp_path / "logs")
    rec = Recorder(runner)
    holder: list[subprocess.Popen] = []

    def on_event(event):
        rec(event)
        if isinstance(event, StepStarted) and event.step.kind == kinds.MEASURE and not holder:
            holder.append(subprocess.Popen(["sleep", "600"], cwd=mountpoint, start_new_session=True))
            if release_after is not None:
                threading.Timer(release_after, holder[0].kill).start()
            threading.Timer(1.0, runner.cancel).start()

    try:
        outcome = runner.run(on_event)
        return outcome, rec, holder[0], mountpoint
    finally:
        if holder and holder[0].poll() is None and release_after is None and not is_mounted(mountpoint):
            holder[0].kill()


def test_cleanup_waits_for_an_outside_holder_and_names_it(tmp_path, lab):
    outcome, rec, holder, mountpoint = _hold_then_cancel(tmp_path, lab, release_after=3.0)
    holder.wait(timeout=10)
    assert outcome.status == CANCELLED, outcome.reason
    assert not is_mounted(mountpoint) and outcome.leftovers == ()
    waits = [e.text for e in rec.events if isinstance(e, Notice) and "is busy" in e.text]
    assert waits and f"held by sleep (pid {holder.pid}, its working directory)" in waits[0]
    assert_nothing_left(tmp_path, lab.disks[0].data)


def test_a_holder_that_stays_is_named_and_the_mount_left_for_clean_leftovers(tmp_path, lab, monkeypatch):
    from fstune.runner import engine
    monkeypatch.setattr(engine, "UNMOUNT_PATIENCE", 3.0)
    outcome, rec, holder, mountpoint = _hold_then_cancel(tmp_path, lab, release_after=None)
    try:
        assert is_mounted(mountpoint) and mountpoint in outcome.leftovers
        warning = [e.text for e in rec.events if isinstance(e, Notice) and e.level == Level.WARNING
                   and "stays mounted" in e.text]
        assert warning and f"sleep (pid {holder.pid}, its working directory)" in warning[0]
        assert "--clean-leftovers" in warning[0]
    finally:
        holder.kill()
        holder.wait(timeout=10)
        for _ in range(20):
            if not is_mounted(mountpoint) or subprocess.run(["umount", mountpoint]).returncode == 0:
                break
            time.sleep(0.5)
        from fstune.runner import mountguard
        for directory in (tmp_path / "run").rglob("*"):  # sealed while the run lived: let pytest remove it
            if directory.is_dir() and not is_mounted(str(directory)):
                mountguard.unseal(str(directory))
    assert not is_mounted(mountpoint)
