"""smallfiles (a tree of small files through tar, ls, find, rm): its contract, its presets, its
phases (cold cache before, the filesystem's flush inside the timing) and the timer it runs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from fstune import workloads
from fstune.errors import UsageError
from fstune.figures import LOWER, MeasurementError, Sample
from fstune.plan import Choices, DeviceChoice, build_plan
from fstune.studies import find_study
from fstune.workloads.smallfiles import SMALLFILES, tree_files
from wlcontract import SETTLE, cold, Contract, Recorded, context, fixture, measured_steps, mounted, sectors_written

PHASES = ("untar", "tar", "read", "ls-lR", "ls-flR", "find", "rm")
MiB, GiB = 1024 ** 2, 1024 ** 3

CONTRACTS = {
    "smallfiles": Contract(
        params={"preset": "default", "file_size": 1024},
        wizard=("preset", "file_size"),
        duration_param="preset",
        estimate=6 ** 3 * 100 * 7 / 1000 + 7 * 3,  # 21,600 files, ~1 ms each in 7 phases, and the flushes
        metrics={f"{phase}.seconds": ("s", LOWER, "ratio") for phase in PHASES},
        primary=None,
        secondary=(),
        packages={"tar": "tar", "find": "findutils", "ls": "coreutils", "rm": "coreutils"},
        # the timer's report around tar -x on a loop device: the untar and the flush after it
        recorded=Recorded(phase="untar", result="timed-untar.json"),
        reported=("untar.seconds",),
        progress=None,
    ),
}


@pytest.mark.parametrize("preset, seconds", [("quick", 4 ** 3 * 40 * 7 / 1000 + 21),
                                             ("spool", 3 ** 3 * 1000 * 7 / 1000 + 21),
                                             ("seed", 10 ** 3 * 1000 * 7 / 1000 + 21)])
def test_the_estimate_follows_the_preset_s_tree(preset, seconds):
    assert SMALLFILES.estimate_seconds(SMALLFILES.resolve({"preset": preset})) == pytest.approx(seconds)


def test_the_seed_s_tree_and_a_lab_sized_one_put_1000_files_in_each_directory():
    assert tree_files("seed") == 10 * 10 * 10 * 1000
    assert tree_files("spool") == 27_000
    steps = SMALLFILES.prepare_steps(context(SMALLFILES, preset="spool"))
    assert steps[0].argv[steps[0].argv.index("--files") + 1] == "1000"
    assert steps[0].argv[steps[0].argv.index("--dirs") + 1] == "3"


# --- every timed phase: from a cold cache, with the flush inside the timing ---------------------


def test_every_phase_starts_cold_and_its_time_ends_after_the_filesystem_s_flush():
    ctx = context(SMALLFILES)
    steps = SMALLFILES.repeat_steps(ctx, 2)
    measured = [i for i, step in enumerate(steps) if step.phase]
    assert [steps[i].phase for i in measured] == list(PHASES)
    for i in measured:
        step = steps[i]
        # sync, then evict the filesystem under test from memory, immediately before the phase
        assert steps[i - 2].argv == SETTLE and steps[i - 1].argv == cold()
        # the timer runs the command and then flushes the filesystem under test (syncfs)
        assert step.argv[:7] == ("fstune", "workload-helper", "timed", "--flush", ctx.mountpoint, "--result",
                                 step.result_file)
        assert step.result_file == f"{ctx.workdir}/smallfiles-{step.phase}-2.json"
        assert step.argv[7] == "--"
    untar = steps[measured[0]]
    assert untar.argv[8:] == ("tar", "-xf", "/tmp/fstune/smallfiles-default-1024.tar", "-C", ctx.mountpoint)


# --- sized to the partition ----------------------------------------------------------------------


def test_a_tree_the_partition_cannot_hold_is_refused_before_anything_runs():
    ctx = context(SMALLFILES, preset="seed")  # 512 MiB
    with pytest.raises(UsageError) as refused:
        SMALLFILES.prepare_steps(ctx)
    text = str(refused.value)
    assert "smallfiles.preset=seed makes 1,000,000 files" in text
    assert "at least 15 GiB" in text and "this one is 512 MiB" in text
    assert "smallfiles.preset=spool" in text  # the largest preset that fits
    SMALLFILES.prepare_steps(context(SMALLFILES, preset="spool"))  # 27,000 files × 16 KiB = 422 MiB fits


def test_the_plan_refuses_the_seed_s_tree_on_a_small_partition_and_takes_it_on_a_large_one():
    study = find_study("smallfiles-ext-tuning")

    def plan(size):
        return build_plan(Choices(study, DeviceChoice("/dev/sdx1", size, disk="sdx"), None,
                                  workload_params={"smallfiles": {"preset": "seed"}}, run_id="fit"))

    with pytest.raises(UsageError, match="needs a partition of at least 15 GiB"):
        plan(8 * GiB)
    steps = plan(16 * GiB).prepare
    assert any("--files" in step.argv and "1000" in step.argv for step in steps)


# --- the timer's report --------------------------------------------------------------------------


def untar_step():
    return next(step for step in measured_steps(SMALLFILES, context(SMALLFILES)) if step.phase == "untar")


def test_the_figure_is_the_time_with_the_flush():
    report = json.loads(fixture("timed-untar.json"))
    [sample] = SMALLFILES.parse(untar_step(), "", 99.0, 0, fixture("timed-untar.json"))
    # the report's "seconds" (command + flush), not the runner's clock, not the command alone
    assert sample == Sample("smallfiles", "untar.seconds", report["seconds"], "s", LOWER)
    assert report["seconds"] > report["seconds_without_flush"]


def test_a_failed_phase_or_a_missing_report_gives_no_figure():
    step = untar_step()
    failed = json.dumps({**json.loads(fixture("timed-untar.json")), "exit_status": 2})
    with pytest.raises(MeasurementError, match="phase 'untar': 'tar' exited with status 2"):
        SMALLFILES.parse(step, "tar: Error is not recoverable: exiting now\n", 1.0, 2, failed)
    with pytest.raises(MeasurementError, match="status 2"):
        SMALLFILES.parse(step, "", 1.0, 0, failed)
    with pytest.raises(MeasurementError, match="the timer around 'tar' exited with status 1"):
        SMALLFILES.parse(step, "cannot be opened to flush", 1.0, 1, None)
    with pytest.raises(MeasurementError, match="no report"):
        SMALLFILES.parse(step, "", 1.0, 0, None)
    with pytest.raises(MeasurementError, match="not complete JSON"):
        SMALLFILES.parse(step, "", 1.0, 0, fixture("timed-untar.json")[:40])


@pytest.mark.parametrize("seconds", [0, -1.0, "1.0", None])
def test_a_report_without_a_real_duration_gives_no_figure(seconds):
    report = json.dumps({**json.loads(fixture("timed-untar.json")), "seconds": seconds})
    with pytest.raises(MeasurementError, match="no usable duration"):
        SMALLFILES.parse(untar_step(), "", 1.0, 0, report)


@pytest.mark.loopdev
def test_the_timer_returns_only_once_the_writes_are_on_the_device(lab, run_destructive, tmp_path):
    """Real: 64 MiB written into the page cache reach the device before the timer returns (the
    kernel would otherwise keep them dirty for up to 30 s), and the flush is inside the time."""
    device = lab.disks[0].data
    with mounted(device, run_destructive, tmp_path / "mnt") as mnt:
        result = tmp_path / "timed.json"
        before = sectors_written(device)
        done = subprocess.run([sys.executable, "-m", "fstune", "workload-helper", "timed", "--flush", str(mnt),
                               "--result", str(result), "--", "dd", "if=/dev/zero", f"of={mnt}/blob", "bs=1M",
                               "count=64", "status=none"], capture_output=True, text=True, timeout=120)
        written = (sectors_written(device) - before) * 512
        assert done.returncode == 0, done.stderr
        assert written >= 64 * MiB, written
        report = json.loads(result.read_text())
        assert report["exit_status"] == 0 and report["flushed"] == str(mnt)
        assert report["seconds"] > report["seconds_without_flush"] > 0
        # the command's own status is passed on, with the report still written
        failed = subprocess.run([sys.executable, "-m", "fstune", "workload-helper", "timed", "--flush", str(mnt),
                                 "--result", str(result), "--", "sh", "-c", "exit 3"], timeout=60)
        assert failed.returncode == 3 and json.loads(result.read_text())["exit_status"] == 3
