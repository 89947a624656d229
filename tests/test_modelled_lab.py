"""The modelled lab: disks served through the disk model on the host kernel, and its fidelity.

The first half runs anywhere: the fidelity figure and the declared rule on known counter
sequences, and the measurement dropping a block the rule calls host-paced. The ``loopdev`` half
makes a real modelled lab (nbdkit → nbdfuse → loop), reads the fidelity of one real repeat, takes
the lab down with nothing left behind, and kills the serving processes with SIGKILL in the middle
of a run: the run fails with a clear reason, nothing stays mounted, and the next ``lab up`` clears
what the killed lab left.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from fstune import lab as labmod
from fstune import steps as kinds
from fstune.lab import fidelity, served
from fstune.measure.conditions import host_delta as _host_delta
from fstune.measure.measurement import Measurement

from test_measure import dbench_output, feed, make_plan

MODEL_MISSING = served.missing()


# --------------------------------------------------------------------------------------------
# the fidelity figure on known sequences


def snap(io_ticks, requests, modelled_s, took_s=None, late_hist=None, pid=7, generation=1, late_sum_s=0.0):
    """One device's snapshot as fidelity.snapshot stores it."""
    edges = [50, 100, 250, 500, 1000, 2000, 5000, 10000, 20000, 50000]
    return {"disk": "loop9", "io_ticks_ms": io_ticks, "queue_ms": io_ticks,
            "stats": {"pid": pid, "generation": generation, "requests": requests, "modelled_s": modelled_s,
                      "took_s": modelled_s if took_s is None else took_s, "late_sum_s": late_sum_s,
                      "late_hist": late_hist or [0] * 11, "late_edges_us": edges, "written": 0}}


def test_share_and_path_time_of_a_stretch_where_the_model_paced_the_disk():
    # 1000 random reads of 12 ms each by the model; the device was busy 12.3 s
    record = fidelity.delta(snap(5000, 100, 1.0), snap(17300, 1100, 13.0, late_hist=[980, 15, 5] + [0] * 8,
                                                      late_sum_s=0.05))
    assert record["busy_ms"] == 12300 and record["requests"] == 1000
    assert record["modelled_ms"] == pytest.approx(12000)
    assert record["share"] == pytest.approx(12000 / 12300, abs=1e-4)
    assert record["path_ms"] == pytest.approx(0.3)
    assert record["late_mean_ms"] == pytest.approx(0.05)
    assert record["late_p99_ms"] == pytest.approx(0.1)  # 99 % of the requests within the 100 µs bucket
    assert fidelity.judge({"data": record}) is None
    assert fidelity.describe(record) == "model 98% of 12.3 s busy, +0.30 ms per request, late p99 ≤ 0.1 ms"


def test_cheap_requests_with_the_paths_fixed_cost_are_not_called_host_paced():
    # 20000 cached 4 KiB writes at 0.13 ms each (2.6 s) in 5.6 s busy: 46 % share, 0.15 ms per request
    record = fidelity.delta(snap(0, 0, 0.0), snap(5600, 20000, 2.6))
    assert record["share"] < fidelity.SHARE_MIN and record["path_ms"] == pytest.approx(0.15)
    assert fidelity.judge({"data": record}) is None


def test_a_stretch_where_the_path_took_the_time_is_host_paced_by_the_declared_rule():
    # the busy host: 240 requests the model timed at 2.4 s, the device busy 12 s
    record = fidelity.delta(snap(0, 0, 0.0), snap(12000, 240, 2.4))
    assert record["share"] == pytest.approx(0.2) and record["path_ms"] == pytest.approx(40.0)
    why = fidelity.judge({"data": record, "journal": fidelity.delta(snap(0, 0, 0.0), snap(100, 10, 0.01))})
    assert why.startswith("the host, not the modelled disk, set the pace: data loop9: the model accounted for 20%")
    assert "journal" not in why  # idle (under MIN_BUSY_MS): not judged
    assert why.endswith(f"(rule {fidelity.RULE})")


def test_idle_and_restarted_servers_are_not_judged():
    assert fidelity.judge({"data": fidelity.delta(snap(0, 0, 0.0), snap(300, 2, 0.0))}) is None
    restarted = fidelity.delta(snap(0, 50, 1.0), snap(9000, 3, 0.1, pid=8))
    assert "restarted" in restarted["error"] and fidelity.judge({"data": restarted}) is None


def test_lateness_past_the_last_bucket_is_said_as_over():
    record = fidelity.delta(snap(0, 0, 0.0), snap(1000, 10, 0.9, late_hist=[0] * 10 + [10]))
    assert record["late_p99_ms"] is None and record["late_p99_over_ms"] == 50
    assert "late p99 > 50 ms" in fidelity.describe(record)


# --------------------------------------------------------------------------------------------
# the measurement: the record stored with the repeat, and the declared drop


def model_clock():
    """Host snapshots 10 s apart whose modelled data disk's share is set per turn (``clock["share"]``)."""
    clock = {"now": 0.0, "busy": 0, "modelled": 0.0, "requests": 0, "share": 0.95}

    def snapshot(devices):
        clock["now"] += 10.0
        return {"time": clock["now"], "monotonic": clock["now"], "load": (1.0, 1.0, 1.0),
                "io": {}, "cpu": {}, "ticks": {}, "devices": {},
                "model": {"data": snap(clock["busy"], clock["requests"], clock["modelled"])}}

    return clock, snapshot


def test_a_host_paced_turn_is_stored_with_its_repeat_and_its_block_is_dropped_and_replaced():
    clock, snapshot = model_clock()
    plan = make_plan()
    measurement = Measurement(plan, looks=(3,), snapshot=snapshot)
    steps = list(plan.steps)
    index = 0
    while index < len(steps):
        step = steps[index]
        if step.kind == "umount":  # the turn ends: 9 s busy, 300 requests; block 2 paced by the host
            share = 0.25 if step.block == 2 else 0.95
            clock["busy"] += 9000
            clock["requests"] += 300
            clock["modelled"] += 9.0 * share
        if step.phase == "dbench":
            feed(measurement, index, step, dbench_output(10.0 + step.block))
        else:
            feed(measurement, index, step)
        steps[index + 1:index + 1] = measurement.extend(index, step)
        index += 1
    assert set(measurement.dropped_blocks) == {2}
    assert max(s.block for s in steps if s.block) == 4  # a new block replaced it
    results = measurement.repeat_results()
    kept = next(x for x in results if x.block == 1).conditions["host"]["model"]
    assert kept["rule"] == fidelity.RULE and kept["host_paced"] is None
    assert kept["devices"]["data"]["share"] == pytest.approx(0.95)
    paced = [x for x in results if x.block == 2]
    assert paced and all(x.dropped and not x.counts for x in paced)
    assert "the host, not the modelled disk, set the pace" in paced[0].conditions["host"]["model"]["host_paced"]
    assert "set the pace" in measurement.notes[0]
    assert measurement.design("finished")["model_rule"] == fidelity.RULE


def test_the_model_rule_drops_no_more_than_its_limit_and_keeps_the_rest_marked():
    clock, snapshot = model_clock()
    plan = make_plan()
    measurement = Measurement(plan, looks=(3,), snapshot=snapshot)  # a cap of 3: the limit is 1 block
    assert measurement.drop_limit == 1
    steps = list(plan.steps)
    index = 0
    while index < len(steps):
        step = steps[index]
        if step.kind == "umount":  # blocks 2 and 3 paced by the host
            share = 0.25 if step.block in (2, 3) else 0.95
            clock["busy"] += 9000
            clock["requests"] += 300
            clock["modelled"] += 9.0 * share
        if step.phase == "dbench":
            feed(measurement, index, step, dbench_output(10.0 + step.block))
        else:
            feed(measurement, index, step)
        steps[index + 1:index + 1] = measurement.extend(index, step)
        index += 1
    assert set(measurement.dropped_blocks) == {2}
    assert set(measurement.disturbed_blocks) == {3} and "limit of 1" in measurement.disturbed_blocks[3]
    assert max(s.block for s in steps if s.block) == 4  # one block replaced the dropped one
    assert measurement.design("finished")["disturbed_blocks"] == {"3": measurement.disturbed_blocks[3]}


def test_a_page_cache_drop_by_another_process_during_a_turn_drops_its_block():
    """fstune's own cold cache does not drop the page cache globally, so every drop the kernel
    counts during a turn is another process's: one during block 3 drops it."""
    clock, snapshot = model_clock()
    drops = {"count": 100}
    plan = make_plan()
    measurement = Measurement(plan, looks=(3,), snapshot=snapshot, cache_drops=lambda: drops["count"])
    steps = list(plan.steps)
    assert not any("drop_caches" in word for step in steps for word in step.argv)
    index = 0
    while index < len(steps):
        step = steps[index]
        if step.kind == "umount":
            clock["busy"] += 9000
            clock["requests"] += 300
            clock["modelled"] += 9.0 * 0.95
            if step.block == 3 and step.config == "ext":
                drops["count"] += 1  # someone else's run dropped the cache meanwhile
        if step.phase == "dbench":
            feed(measurement, index, step, dbench_output(10.0 + step.block))
        else:
            feed(measurement, index, step)
        steps[index + 1:index + 1] = measurement.extend(index, step)
        index += 1
    assert set(measurement.dropped_blocks) == {3}
    model = next(x for x in measurement.repeat_results() if x.block == 3 and x.config == "ext").conditions["host"]["model"]
    assert model["foreign_cache_drops"] == 1 and "dropped the page cache 1 time(s)" in model["host_paced"]
    kept = next(x for x in measurement.repeat_results() if x.block == 1).conditions["host"]["model"]
    assert kept["foreign_cache_drops"] == 0 and kept["host_paced"] is None


def test_a_run_on_plain_disks_records_no_model_and_no_model_rule():
    before = {"time": 0, "monotonic": 0, "load": None, "io": {}, "cpu": {}, "ticks": {}, "devices": {}, "model": {}}
    after = dict(before, time=5, monotonic=5)
    assert "model" not in _host_delta(before, after)
    measurement = Measurement(make_plan(), looks=(3,))
    assert "model_rule" not in measurement.design("finished")


def test_a_run_on_the_modelled_lab_says_so_and_its_seeks_can_show():
    from test_results_caveats import journal_run, kinds
    from fstune.reports import caveats as cv
    from fstune.reports.expected import limits
    from fstune.results.records import DeviceRecord

    placement = {f"/dev/loop{i}p1": {"disk": f"loop{i}", "backing_file": f"/var/tmp/lab/fstune-lab-disk{i}.img",
                                     "backing_device": f"0:{40 + i}", "backing_dev": 40 + i, "lab": True,
                                     "disk_model": "deskstar-7k250"} for i in (0, 1)}
    devices = [DeviceRecord("/dev/loop0p1", "target", transport="loop"),
               DeviceRecord("/dev/loop1p1", "journal", transport="loop")]
    record = journal_run(devices, {"placement": placement})
    found = kinds(record)
    assert found[cv.ENVIRONMENT].startswith("Modelled lab: disk model deskstar-7k250")
    assert cv.ONE_DISK not in found  # each served disk is a spindle of its own
    where = cv.place(record)
    assert where.heads_move is True and where.summary() == "modelled lab, disk model deskstar-7k250"

    class Needs:  # an expected outcome that needs seeks and separate disks
        needs = ("seeks", "separate-disks")
        workload, metric = "metadata", "dbench.throughput_mbs"

    assert limits(Needs(), where) == []


# --------------------------------------------------------------------------------------------
# a real modelled lab


def leftovers_of(directory: Path) -> dict:
    """Everything of a modelled lab in ``directory`` that the kernel, /proc and /dev/shm show."""
    directory = Path(directory).resolve()
    mounts = [line for line in Path("/proc/self/mountinfo").read_text().splitlines() if str(directory) in line]
    loops = [n.name for n in Path("/sys/block").glob("loop*")
             if str(directory) in ((n / "loop" / "backing_file").read_text() if (n / "loop").exists() else "")]
    stores = [p for p in served.MEMORY_DIR.glob(served.store_file(directory, 1).name.replace("disk1", "disk*"))]
    return {"mounts": mounts, "loops": loops, "processes": served.serving_processes(directory), "stores": stores,
            "files": sorted(p.name for p in directory.iterdir()) if directory.exists() else []}


NOTHING = {"mounts": [], "loops": [], "processes": {}, "stores": [], "files": []}


@pytest.fixture
def modelled_lab(udevd, tmp_path):
    if MODEL_MISSING:
        pytest.skip(f"the modelled lab cannot be served here: {MODEL_MISSING}")
    directory = tmp_path / "lab"
    try:
        yield labmod.lab_up(disks=2, size="600M", directory=directory, spare_size="64M", disk_model="deskstar-7k250")
    finally:
        labmod.lab_down(directory)


@pytest.mark.loopdev
def test_modelled_lab_up_status_and_down_leave_nothing_behind(modelled_lab):
    lab = modelled_lab
    assert lab.disk_model["name"] == "deskstar-7k250" and lab.path == served.PATH
    status = labmod.lab_status(lab.directory)
    assert status.disk_model == lab.disk_model and status.server_ended is None
    assert all(d.serving and d.serving.startswith("nbdfuse ") for d in status.disks)
    for disk in lab.disks:
        name = Path(disk.loop).name
        assert Path(f"/sys/block/{name}/queue/rotational").read_text().strip() == "1"
        assert Path(f"/sys/block/{name}/loop/dio").read_text().strip() == "1"
        # the loop's backing file is the lab's name, served: a modelled disk is a lab disk to the guard
        assert labmod.assert_lab_device(disk.data) == Path(disk.backing_file)
    found = leftovers_of(lab.directory)
    assert len(found["mounts"]) == 2 and len(found["loops"]) == 2 and len(found["stores"]) == 2
    assert sorted(found["processes"].values()) == ["nbdfuse", "nbdfuse", "nbdkit", "nbdkit"]
    # a random read costs what the model says: a full-stroke-ish seek, half a turn (about 13 ms)
    fd = os.open(lab.disks[0].loop, os.O_RDONLY | os.O_DIRECT)
    try:
        import mmap

        buf = mmap.mmap(-1, 4096)
        started = time.monotonic()
        for offset in (0, 500 * 2**20, 4096, 520 * 2**20, 8192):
            os.preadv(fd, [buf], offset)
        per_read = (time.monotonic() - started) / 5
    finally:
        os.close(fd)
    assert 0.006 < per_read < 0.05, f"{per_read * 1000:.1f} ms per far read: no head"
    from fstune.results.environment import device_placement
    from fstune.results.settings import MODELLED_LAB, lab_kind

    placement = device_placement([lab.disks[0].data, lab.disks[1].spare])
    assert placement[lab.disks[0].data]["disk_model"] == "deskstar-7k250"
    assert placement[lab.disks[0].data]["backing_dev"] != placement[lab.disks[1].spare]["backing_dev"]
    assert lab_kind(lab.disks[0].data) == MODELLED_LAB
    report = labmod.lab_down(lab.directory)
    assert len(report.stopped) == 2 and not report.killed
    assert leftovers_of(lab.directory) == NOTHING


@pytest.mark.loopdev
def test_the_fidelity_of_one_real_repeat_is_read(modelled_lab, tmp_path):
    from test_runner_real import Recorder, command_plan, run

    disk = modelled_lab.disks[0]
    plan = command_plan(tmp_path, disk.data, "dd if=/dev/zero of=f bs=64k count=200 oflag=direct status=none")
    measurement = Measurement(plan, sequential=False)
    recorder = Recorder()

    def on_event(event):
        recorder(event)
        measurement.observe(event)

    outcome, _ = run(plan, tmp_path, recorder=on_event)
    assert outcome.status == "finished", outcome.reason
    host = measurement.repeat_results()[0].conditions["host"]
    data = host["model"]["devices"]["data"]
    assert data["disk"] == Path(disk.loop).name and data["requests"] >= 200
    assert data["busy_ms"] > 0 and 0 < data["share"] <= 1.05
    assert data["modelled_ms"] > 0 and data["late_mean_ms"] is not None
    assert host["model"]["rule"] == fidelity.RULE


@pytest.mark.loopdev
def test_killing_the_serving_processes_mid_run_fails_the_run_and_the_next_up_clears_the_rest(modelled_lab, tmp_path):
    from test_runner_real import SLOW_WRITER, Recorder, assert_nothing_left, command_plan
    from fstune.runner import FAILED, Runner, StepStarted

    lab = modelled_lab
    disk = lab.disks[0]
    plan = command_plan(tmp_path, disk.data, SLOW_WRITER)
    runner = Runner(plan, log_dir=tmp_path / "logs")
    rec = Recorder()
    killed: list[int] = []

    def kill_servers():
        for pid in served.serving_processes(lab.directory):
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    def on_event(event):
        rec(event)
        if isinstance(event, StepStarted) and event.step.kind == kinds.MEASURE and not killed:
            threading.Timer(1.5, kill_servers).start()

    outcome = runner.run(on_event)
    assert killed, "the benchmark never started"
    assert outcome.status == FAILED, outcome.reason
    assert "Traceback" not in outcome.reason and outcome.reason
    assert_nothing_left(tmp_path, disk.data)
    status = labmod.lab_status(lab.directory)
    assert status.server_ended and "has ended" in status.server_ended
    with _raises_device_error():
        labmod.load_lab(lab.directory)
    # the next start clears what the killed lab left, and makes a working lab in its place
    again = labmod.lab_up(disks=2, size="600M", directory=lab.directory, spare_size="64M",
                          disk_model="deskstar-7k250")
    assert any("Cleared the leftover" in w for w in again.warnings)
    assert labmod.lab_status(lab.directory).server_ended is None
    labmod.lab_down(lab.directory)
    assert leftovers_of(lab.directory) == NOTHING


def _raises_device_error():
    from fstune.errors import DeviceError

    return pytest.raises(DeviceError, match="cannot serve its disks")


@pytest.mark.loopdev
def test_lab_up_refuses_a_model_without_its_packages_and_auto_falls_back(monkeypatch, tmp_path, udevd):
    monkeypatch.setattr(served, "missing", lambda: "nbdfuse is not installed (package libnbd-bin)")
    from fstune.errors import DeviceError

    with pytest.raises(DeviceError, match="libnbd-bin"):
        labmod.lab_up(disks=1, size="600M", directory=tmp_path / "a", spare_size="64M", disk_model="deskstar-7k250")
    assert not (tmp_path / "a").exists()
    directory = tmp_path / "b"
    try:
        lab = labmod.lab_up(disks=1, size="600M", directory=directory, spare_size="64M", disk_model="auto")
        assert lab.disk_model is None and any("have no head" in w for w in lab.warnings)
    finally:
        labmod.lab_down(directory)
