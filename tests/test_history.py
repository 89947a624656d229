"""What earlier stored runs on the same devices say before a run (fstune/results/history.py): the
floor for correlated blocks a run keeps, and what the plan says it can decide."""

from __future__ import annotations

import math

import numpy as np
import pytest

from fstune.figures import HIGHER, RepeatResult, Sample
from fstune.plan import Choices, build_plan
from fstune.plan.script import render_script
from fstune.results.history import before_the_run, earlier_contrasts, floor_note, run_lag1_floor
from fstune.results.records import ConfigDescription, RunRecord
from fstune.stats.paired import DEFAULT_LAG1_FLOOR, lag1_inflation
from fstune.stats.sequential import METHOD, LookSchedule, boundaries, design_detectable
from fstune.studies import find_study
from test_plan import DEFAULT_MOUNT_ROOT, LOG, TARGET

PRIMARY = ("metadata", "dbench.throughput_mbs")
SETTINGS = {"machine_id": "m1", "lab_kind": "loop lab", "device_roles": {"/dev/sdb1": "data", "/dev/sdc1": "journal"}}
DESIGN = {"primary": {"workload": "metadata", "metric": "dbench.throughput_mbs"},
          "delta": {"default": 0.02, "metrics": {}}, "looks": [5, 10, 15], "max_blocks": 15}


def stored(number: int, contrasts: list[float], settings=SETTINGS) -> RunRecord:
    """A stored blocked run whose variant's log contrast in block i is contrasts[i]."""
    results = []
    for block, change in enumerate(contrasts, start=1):
        for name, value in (("internal", 100.0), ("external", 100.0 * math.exp(change))):
            results.append(RepeatResult(name, "metadata", block, [Sample(*PRIMARY, value, "MB/s", HIGHER)],
                                        block=block, position=1))
    record = RunRecord("ext4-external-journal", "t", 0.0, "finished",
                       [ConfigDescription("internal", "ext4"), ConfigDescription("external", "ext4")], results,
                       method=METHOD, design=dict(DESIGN), settings=dict(settings))
    record.id = number
    return record


@pytest.fixture
def plan():
    study = find_study("ext4-external-journal")
    return build_plan(Choices(study, TARGET, LOG, run_id="history", mount_root=DEFAULT_MOUNT_ROOT,
                              work_root="/var/tmp/fstune", order_seed=5))


def test_a_first_run_gets_the_declared_floor_and_the_plan_says_it_cannot_know_yet(plan):
    said = before_the_run(plan, [], SETTINGS)
    assert said[0].startswith(f"First run on these devices (no earlier runs there): correlated blocks assumed up to "
                              f"r = {DEFAULT_LAG1_FLOOR:.2f}") and "bench/runs/" in said[0]
    assert "cannot be known before the first look" in said[1] and len(said) == 2
    # the dry-run script's header says the same, after the looks; without them it is unchanged
    script = render_script(plan, said)
    header = script.split("set -euo pipefail")[0]
    assert "# First run on these devices" in header and "cannot be known before" in header.replace("\n# ", " ")
    assert "First run" not in render_script(plan).split("set -euo pipefail")[0]
    # a store that could not be read: the same floor, and the plan says why it knows nothing
    assert "could not be read" in before_the_run(plan, None, SETTINGS)[0]


def test_too_few_earlier_blocks_keep_the_declared_floor_and_say_how_many():
    rng = np.random.default_rng(1)
    records = [stored(n, list(0.05 * rng.standard_normal(10))) for n in (1, 2)]  # 20 blocks: fewer than 30
    entry = run_lag1_floor(records, SETTINGS, PRIMARY)
    assert entry["default"] and entry["floor"] == DEFAULT_LAG1_FLOOR and (entry["runs"], entry["blocks"]) == (2, 20)
    assert "(20 blocks of earlier runs there, fewer than the 30 a measured floor needs)" in floor_note(entry)
    records.append(stored(3, list(0.05 * rng.standard_normal(10))))
    measured = run_lag1_floor(records, SETTINGS, PRIMARY)  # 30 blocks: their own floor, measured
    assert "default" not in measured and measured["blocks"] == 30 and "stored runs 1, 2, 3" in measured["source"]
    # another machine's runs say nothing about these devices
    assert run_lag1_floor(records, {**SETTINGS, "machine_id": "m2"}, PRIMARY)["blocks"] == 0
    assert run_lag1_floor(records, SETTINGS, None) is None


def _figures(said: list[str]) -> tuple[float, float, float]:
    equivalence, better = said[1], said[2]
    needed = float(equivalence.split("less than about ")[1].split(" %")[0])
    spread = float(equivalence.split(") spread ")[1].split(" %")[0])
    change = float(better.split("change of about +")[1].split(" %")[0])
    return needed, spread, change


@pytest.mark.parametrize("sd, reachable", [(0.01, True), (0.07, False)])
def test_earlier_runs_say_whether_no_detectable_difference_is_reachable_and_what_better_needs(plan, sd, reachable):
    rng = np.random.default_rng(7)
    runs = [list(0.01 * n + sd * rng.standard_normal(15)) for n in range(3)]  # each around its own mean
    records = [stored(n, values) for n, values in enumerate(runs, start=1)]
    said = before_the_run(plan, records, SETTINGS)
    entry = run_lag1_floor(records, SETTINGS, PRIMARY)
    assert said[0] == floor_note(entry) and len(said) == 3
    needed, spread, change = _figures(said)
    # worked out by hand: the cap's limit at alpha 5 % for one variant, δ = 2 % on the log scale
    threshold = math.log1p(0.02)
    assert needed == pytest.approx(100 * threshold * math.sqrt(15) / boundaries((5, 10, 15), 0.05)[-1], abs=0.05)
    pooled = math.sqrt(sum(((np.asarray(v) - np.mean(v)) ** 2).sum() for v in runs) / (3 * 14))
    effective = pooled * math.sqrt(lag1_inflation([], entry["floor"]))
    assert spread == pytest.approx(100 * effective, abs=0.05)
    assert ("within reach at that noise" in said[1]) is reachable and ("out of reach" in said[1]) is not reachable
    assert "runs 1, 2, 3 here (45 blocks of metadata:dbench.throughput_mbs)" in said[1]
    expected = design_detectable(effective, LookSchedule((5, 10, 15), 0.05), threshold)
    assert change == pytest.approx(100 * math.expm1(expected), abs=0.5)
    assert "looks after 5, 10, 15 blocks" in said[2]


def test_runs_with_another_primary_metric_or_screenings_say_nothing(plan):
    other = stored(1, [0.01] * 15)
    other.design = {**DESIGN, "primary": {"workload": "metadata", "metric": "dbench.max_latency_ms"}}
    assert earlier_contrasts([other], SETTINGS, PRIMARY).blocks == 0
    assert "cannot be known" in before_the_run(plan, [other], SETTINGS)[1]


def test_fstune_plan_says_it_from_the_stored_runs_on_those_devices(tmp_path, plan):
    """End to end: runs stored on the plan's devices of this machine reach `fstune plan`'s header."""
    import os
    import subprocess
    import sys

    from fstune.results.settings import run_settings
    from fstune.results.store import Store

    settings = run_settings(plan)  # the very settings a run of this plan records (machine, lab, devices)
    rng = np.random.default_rng(3)
    with Store(tmp_path / "state") as store:
        for _ in range(3):
            store.save_run(stored(None, list(0.08 * rng.standard_normal(15)), settings))
    env = {**os.environ, "FSTUNE_STATE_DIR": str(tmp_path / "state")}
    done = subprocess.run([sys.executable, "-m", "fstune", "plan", "--study", "ext4-external-journal", "--device",
                           TARGET.path, "--log-device", LOG.path, "--assume-size", str(TARGET.size),
                           "--assume-log-size", str(LOG.size), "--run-id", "history"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    header = " ".join(line[2:] for line in done.stdout.split("set -euo pipefail")[0].splitlines())
    assert "Correlated blocks: every interval is widened at least as for a lag-1 correlation of" in header
    assert "earlier runs 1, 2, 3 here (45 blocks of metadata:dbench.throughput_mbs)" in header
    assert "out of reach at that noise" in header and "comes 8 times in 10 only for a change of about +" in header
    # the same store read in-process gives the same sentences
    with Store(tmp_path / "state") as again:
        records = [again.load_run(i) for i in (3, 2, 1)]
    for line in before_the_run(plan, records, settings):
        assert " ".join(line.split()) in " ".join(header.split())
