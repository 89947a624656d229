"""bench/bench_aa.py's studies and its outside writer (bench/io_pressure.py), which the kept
series of docs/verdicts.md ("Every path, for real") were run with."""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import bench_aa  # noqa: E402
import io_pressure  # noqa: E402

from fstune.measure.conditions import outside_io  # noqa: E402
from fstune.studies import parse_study  # noqa: E402
from fstune.util import procfs  # noqa: E402


def test_three_identical_configurations_make_a_study_of_three_the_same():
    study = parse_study(bench_aa.variant_study(None, [], identical=3), "aa3.toml")
    assert [config.name for config in study.configurations] == ["a", "b", "c"]
    made = {(config.filesystem, config.mount_options, config.mkfs_options) for config in study.configurations}
    assert len(made) == 1, "the three configurations must be identical"


def test_a_known_effect_changes_only_the_second_configuration():
    study = parse_study(bench_aa.variant_study("data=journal", []), "effect.toml")
    first, second = study.configurations
    assert (first.mount_options, second.mount_options) == ((), (("data", "journal"),))


def test_the_bursts_come_from_their_seed():
    drawn = list(islice(io_pressure.bursts(2611, 60.0), 20))
    assert drawn == list(islice(io_pressure.bursts(2611, 60.0), 20))
    assert drawn != list(islice(io_pressure.bursts(2612, 60.0), 20))
    assert min(drawn) >= 5.0


def test_a_burst_beside_the_run_counts_as_outside_io(tmp_path):
    # "the run": a process of its own; the burst: a sibling of it, as the bench starts io_pressure
    # beside fstune, so the drop rule must count its bytes (docs/verdicts.md, "Dropped blocks")
    run = subprocess.Popen(["sleep", "60"])
    try:
        before = procfs.process_io(run.pid)
        subprocess.run([sys.executable, "-c", "import sys, pathlib; sys.path.insert(0, sys.argv[1]); "
                        "import io_pressure; io_pressure.burst(pathlib.Path(sys.argv[2]), 64)",
                        str(ROOT / "bench"), str(tmp_path)], check=True)
        after = procfs.process_io(run.pid)
    finally:
        run.kill()
        run.wait()
    assert outside_io(before, after)["bytes"] >= 64 * 2**20
    assert not any(tmp_path.iterdir()), "a burst deletes its file"
    assert os.getpid() in after, "the bench's side of the tree is outside the run"
