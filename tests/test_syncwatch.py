"""Other processes' sync() calls, counted per turn (fstune/measure/syncwatch.py), and the rule that reads them.

The counter runs for real on this kernel's syscall tracepoints: a process that stands for the run
opens the watch and starts a child of its own that calls sync(); a process outside it (started by
the test, not by the run) calls sync() 50 times; only the outsider is counted, by its name. The
rule (``model-in-control/2``) is judged on recorded counts; the measurement stores the counts with
every turn and drops a modelled lab's block for them; the readback and the caveats say them. A
real ``fstune run`` removes its tracing instances when it ends and when it is stopped by SIGTERM,
and a killed run's instances are removed by the next one.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from fstune.lab import fidelity
from fstune.measure import syncwatch
from fstune.measure.measurement import Measurement
from fstune.util import procfs

from test_measure import dbench_output, feed, make_plan
from test_modelled_lab import model_clock

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = syncwatch.TRACEFS / "instances"


def tracing_skip_reason() -> str | None:
    if os.geteuid() != 0:
        return "needs root for the kernel's tracing"
    if not (syncwatch.TRACEFS / "events" / "syscalls" / "sys_enter_sync").is_dir():
        return "this kernel has no syscall tracepoints (or tracefs is not mounted)"
    return None


needs_tracing = pytest.mark.skipif(tracing_skip_reason() is not None, reason=tracing_skip_reason() or "")

# a process that calls itself NAME (what the trace records) and then sync() COUNT times
SYNCER = textwrap.dedent("""
    import ctypes, os, sys
    ctypes.CDLL(None).prctl(15, sys.argv[1].encode(), 0, 0, 0)  # PR_SET_NAME
    for _ in range(int(sys.argv[2])):
        os.sync()
""")

# the run: opens the watch, marks a turn, lets its own child sync, waits for the outsider, counts
RUN = textwrap.dedent("""
    import json, subprocess, sys, time
    from fstune.measure.syncwatch import SyncWatch
    watch = SyncWatch()
    opened = watch.open()
    watch.mark()
    print(json.dumps({"opened": opened, "instances": sorted(str(p) for p in watch.instances.values())}), flush=True)
    subprocess.run([sys.executable, "-c", sys.argv[1], "fstune-own-sync", "30"], check=True)
    sys.stdin.readline()  # the outsider has finished
    print(json.dumps(watch.count()), flush=True)
    watch.close()
""")


@needs_tracing
def test_an_outside_processs_syncs_are_counted_and_named_and_the_runs_own_childs_are_not():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.Popen([sys.executable, "-c", RUN, SYNCER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True, env=env)
    try:
        opened = json.loads(run.stdout.readline())
        assert opened["opened"] and len(opened["instances"]) == 2
        assert all(Path(p).is_dir() for p in opened["instances"])
        # not a child of the run: started by the test
        subprocess.run([sys.executable, "-c", SYNCER, "fstune-foreign", "50"], check=True)
        run.stdin.write("\n")
        run.stdin.flush()
        counted = json.loads(run.stdout.readline())
        assert run.wait(timeout=30) == 0
    finally:
        if run.poll() is None:
            run.kill()
    assert counted["sync"] >= 50 and counted["seconds"] > 0
    assert counted["by"]["fstune-foreign"] == 50, counted
    assert "fstune-own-sync" not in counted["by"] and "fstune-own-sync" not in counted["sync_s_by"], counted
    assert counted["sync_s_by"]["fstune-foreign"] > 0  # the time between each call's entry and return
    assert "fstune-foreign 50" in syncwatch.describe(counted) or "by fstune-foreign" in syncwatch.describe(counted)
    assert not any(Path(p).exists() for p in opened["instances"])  # closed: removed


def test_the_time_inside_sync_is_read_off_a_known_trace():
    """Entries and returns paired per process, clipped to the stretch [10, 16]: a call that began
    before it counts from its start, one still running at its end counts to then."""
    trace = textwrap.dedent("""\
        # tracer: nop
               loop-7       [000] .....     9.000000: sys_sync()
               loop-7       [000] .....    11.000000: sys_sync -> 0x0
               loop-7       [000] .....    11.000100: sys_sync()
          settle-ng-9       [001] .....    12.000000: sys_sync()
               loop-7       [000] .....    13.000000: sys_sync -> 0x0
               loop-7       [000] .....    13.000100: sys_sync()
          settle-ng-9       [001] .....    12.500000: sys_sync -> 0x0
               <...>-999999 [001] .....    14.000000: sys_syncfs(fd: 3)
    """)
    seen = syncwatch.parse(trace, 10.0, 16.0)
    assert seen["calls"] == {"loop": 3, "settle-ng": 1, "?": 1}  # a name the kernel did not keep, pid gone: "?"
    assert seen["busy"]["loop"] == pytest.approx(1.0 + 1.9999 + 2.9999)
    assert seen["busy"]["settle-ng"] == pytest.approx(0.5)
    assert seen["longest"][0] == "loop" and seen["longest"][2] == 3
    assert seen["first"] == 9.0


@needs_tracing
def test_a_killed_runs_instances_are_removed_by_the_next_and_a_live_ones_are_kept():
    dead = subprocess.Popen(["true"])
    dead.wait()
    gone = INSTANCES / f"{syncwatch.PREFIX}{dead.pid}-12345-sync"
    mine = INSTANCES / f"{syncwatch.PREFIX}{os.getpid()}-{procfs.process_start(os.getpid())}-syncfs"
    gone.mkdir()
    mine.mkdir()
    try:
        removed = syncwatch.clear_leftovers()
        assert gone.name in removed and not gone.exists()
        assert mine.exists() and mine.name not in removed
    finally:
        for path in (gone, mine):
            if path.exists():
                path.rmdir()


def test_where_tracing_cannot_be_used_the_turn_says_why_and_nothing_fails(tmp_path, monkeypatch):
    watch = syncwatch.SyncWatch(tmp_path / "no-tracefs", mount=False)
    if os.geteuid() == 0:
        assert watch.open() is False
        assert "does not exist" in watch.unavailable
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    other = syncwatch.SyncWatch(tmp_path / "no-tracefs", mount=False)
    assert other.open() is False and "not running as root" in other.unavailable
    other.mark()
    assert other.count() == {"not_counted": other.unavailable}
    assert "not counted" in syncwatch.describe(other.count())
    assert syncwatch.SyncWatch(tmp_path).count() is None  # never opened: nothing to say


# --------------------------------------------------------------------------------------------
# the rule on recorded counts


# as recorded beside stress-ng --io 2 on a busy host (each sync() takes about a second), and beside
# other fstune users only (one sync() per settle step, some of them seconds long)
LOADED = {"sync": 64, "by": {"stress-ng-io": 60, "fstune": 4}, "sync_s": 25.2,
          "sync_s_by": {"stress-ng-io": 23.1, "fstune": 2.1},
          "longest": {"name": "stress-ng-io", "sync_s": 11.8, "calls": 31}, "syncfs": 700000, "syncfs_by": {},
          "seconds": 12.5}
QUIET = {"sync": 9, "by": {"fstune": 6, "sfdisk": 3}, "sync_s": 9.0, "sync_s_by": {"fstune": 6.0, "sfdisk": 3.0},
         "longest": {"name": "sfdisk", "sync_s": 2.9, "calls": 1}, "syncfs": 0, "syncfs_by": {}, "seconds": 12.5}


def test_the_rule_calls_a_turn_with_a_sync_loop_beside_it_host_paced_and_a_quiet_one_not():
    record = fidelity.delta(snap_quiet(0), snap_quiet(9000))  # the model gave 95 % of the busy time
    assert fidelity.judge({"data": record}, 0, QUIET) is None
    why = fidelity.judge({"data": record}, 0, LOADED)
    assert why.startswith("the host, not the modelled disk, set the pace: stress-ng-io (outside the run) was inside "
                          f"sync() 94% of the time its workloads ran (31 calls; over {fidelity.SYNC_SHARE_MAX:.0%})")
    assert why.endswith("(rule model-in-control/2)")
    assert fidelity.RULE == "model-in-control/2"
    # a stored run judged by its own rule: /1 did not read the sync() calls
    assert fidelity.judge({"data": record}, 0, LOADED, rule="model-in-control/1") is None
    assert fidelity.judge({"data": record}, 2, LOADED, rule="model-in-control/1").endswith("(rule model-in-control/1)")
    assert fidelity.judge({"data": record}, 0, {"not_counted": "no tracefs"}) is None
    with pytest.raises(ValueError, match="unknown fidelity rule"):
        fidelity.judge({"data": record}, rule="model-in-control/9")
    # one process syncing in a loop, not many syncing once each: QUIET's others were inside sync()
    # 72 % of the turn between them, none of them more than 23 %; sfdisk's two slow syncs at its
    # exit, 56 % of a quiet turn on the busy host, are not a loop either
    assert fidelity.judge({}, 0, dict(QUIET, longest={"name": "sfdisk", "sync_s": 7.0, "calls": 2})) is None
    # nor is one call that took the whole turn: a loop calls again after sync() returns
    assert fidelity.judge({}, 0, dict(QUIET, longest={"name": "fstune", "sync_s": 12.0, "calls": 2})) is None
    assert fidelity.judge({}, 0, dict(QUIET, longest={"name": "fstune", "sync_s": 12.0, "calls": 3})) is not None
    assert fidelity.foreign_sync_share(QUIET) == pytest.approx(0.72)
    assert fidelity.foreign_sync_share(QUIET, one=True) == pytest.approx(0.232)
    # a run recorded before the time inside sync() was: not judged on it
    assert fidelity.judge({}, 0, {"sync": 5000, "by": {"stress-ng-io": 5000}, "seconds": 10.0}) is None
    # the figures cover the stretch the buffer still held when it overwrote the oldest
    assert fidelity.foreign_sync_share(dict(LOADED, covered_s=6.0), one=True) == pytest.approx(11.8 / 6.0)


def snap_quiet(io_ticks):
    from test_modelled_lab import snap

    return snap(io_ticks, io_ticks // 30, io_ticks * 0.95 / 1000)


# --------------------------------------------------------------------------------------------
# the measurement: stored with every turn, and the modelled lab's block dropped


class RecordedWatch:
    """Stands for the tracing instances: each turn's count is given by the test."""

    def __init__(self, counts):
        self.counts = counts  # (config, block) → foreign_syncs
        self.turn = None
        self.marks = 0

    def open(self):
        return True

    note = ""

    def mark(self):
        self.marks += 1

    def count(self):
        return self.counts.get(self.turn, QUIET)

    def close(self):
        pass


def run_measured(measurement, plan, clock, watch):
    steps = list(plan.steps)
    index = 0
    while index < len(steps):
        step = steps[index]
        if step.config is not None and step.block is not None:
            watch.turn = (step.config, step.block)
        if step.kind == "umount" and clock is not None:
            clock["busy"] += 9000
            clock["requests"] += 300
            clock["modelled"] += 9.0 * 0.95
        if step.phase == "dbench":
            feed(measurement, index, step, dbench_output(10.0 + step.block))
        else:
            feed(measurement, index, step)
        steps[index + 1:index + 1] = measurement.extend(index, step)
        index += 1
    return steps


def test_a_turn_beside_a_sync_loop_on_the_modelled_lab_drops_its_block():
    clock, snapshot = model_clock()
    plan = make_plan()
    watch = RecordedWatch({("ext", 2): LOADED})
    measurement = Measurement(plan, looks=(3,), snapshot=snapshot, syncs=watch)
    measurement.open_syncs()
    steps = run_measured(measurement, plan, clock, watch)
    assert set(measurement.dropped_blocks) == {2}
    assert max(s.block for s in steps if s.block) == 4  # replaced
    assert watch.marks == 8  # once per turn: two configurations in four blocks
    results = measurement.repeat_results()
    paced = next(r for r in results if r.block == 2 and r.config == "ext").conditions["host"]
    assert paced["foreign_syncs"] == LOADED and "stress-ng-io (outside the run)" in paced["model"]["host_paced"]
    kept = next(r for r in results if r.block == 1).conditions["host"]
    assert kept["foreign_syncs"] == QUIET and kept["model"]["host_paced"] is None
    assert measurement.design("finished")["model_rule"] == "model-in-control/2"


def test_on_plain_disks_the_counts_are_stored_said_and_caveated_but_drop_nothing():
    from fstune.measure.record import run_record
    from fstune.reports.caveats import SYNCS, caveats
    from fstune.reports.readback import turns
    from fstune.runner import FINISHED, RunOutcome

    plan = make_plan()
    watch = RecordedWatch({("ext", 2): LOADED})
    measurement = Measurement(plan, looks=(3,), syncs=watch)
    measurement.open_syncs()
    run_measured(measurement, plan, None, watch)
    assert not measurement.dropped_blocks
    host = next(r for r in measurement.repeat_results() if r.block == 2 and r.config == "ext").conditions["host"]
    assert host["foreign_syncs"] == LOADED and "model" not in host
    record = run_record(plan, measurement, RunOutcome(FINISHED, "", None, (), 1.0, None), time.time())
    rows = {(t.block, t.config): t.status for t in turns(record)}
    assert ("64 sync() calls by stress-ng-io 60, fstune 4, inside sync() 202% of the time (stress-ng-io alone 94%)"
            in rows[(2, "ext")])
    assert "9 sync() calls by fstune 6, sfdisk 3, inside sync() 72% of the time (sfdisk alone 23%)" in rows[(1, "ext")]
    # a stored record's keys come back sorted by name: still said most calls first
    assert syncwatch.describe(dict(LOADED, by={"fstune": 4, "stress-ng-io": 60})).startswith(
        "64 sync() calls by stress-ng-io 60, fstune 4")
    found = [c for c in caveats(record) if c.kind == SYNCS]
    assert len(found) == 1 and found[0].text.startswith(
        "1 of 6 turn(s) ran while a process outside the run (stress-ng-io) was inside sync() more than "
        f"{fidelity.SYNC_SHARE_MAX:.0%} of the time")


# --------------------------------------------------------------------------------------------
# a real run removes its instances, also when stopped by SIGTERM


def own_instances(pid: int) -> list[Path]:
    return sorted(INSTANCES.glob(f"{syncwatch.PREFIX}{pid}-*"))


@needs_tracing
@pytest.mark.loopdev
def test_a_real_run_removes_its_instances_when_it_ends_and_when_stopped_by_sigterm(lab, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_STATE_HOME": str(tmp_path / "state"), "COLUMNS": "200"}
    argv = [sys.executable, "-m", "fstune", "run", "--study", "ext4-external-journal", "--lab", str(lab.directory),
            "--yes"]
    done = subprocess.Popen([*argv, "--workloads", "none"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    out, err = done.communicate(timeout=300)
    assert done.returncode == 0, err + out
    assert own_instances(done.pid) == []

    run = subprocess.Popen([*argv, "--workloads", "metadata", "--workload-param", "metadata.seconds=60"], env=env,
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while len(own_instances(run.pid)) < 2 and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.1)
        assert len(own_instances(run.pid)) == 2, "the run never opened its sync() counters"
        time.sleep(3)  # into its making or measuring
        run.send_signal(signal.SIGTERM)
        out, err = run.communicate(timeout=300)
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()
    assert run.returncode == 130, err + out
    assert "Traceback" not in err
    assert own_instances(run.pid) == []
