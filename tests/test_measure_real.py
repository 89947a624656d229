"""Every workload for real on lab disks, through the runner, stored and compared; and the
seed's ext3 external-journal study end to end from the command line."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fstune.results.compare import compare
from fstune.results.collection import Measurement, run_record
from fstune.plan import Choices, DeviceChoice, build_plan
from fstune.runner import Runner
from fstune.results.store import Store
from fstune.studies import parse_study

pytestmark = pytest.mark.loopdev

STUDY = '''title = "every workload"
summary = "s"
explanation = "e"
workloads = ["throughput", "metadata", "smallfiles", "writes", "coldread", "command"]
[[configurations]]
name = "journal"
title = "with a journal"
filesystem = "ext4"
mount_options = "strictatime"
[[configurations]]
name = "external"
title = "journal on the spare"
filesystem = "ext4"
journal = "external"
mount_options = "noatime"
'''
TINY = {
    "throughput": {"size": "16M", "threads": "2", "runtime": "2"},
    "metadata": {"seconds": "5", "clients": "2"},
    "smallfiles": {"preset": "quick"},
    "writes": {"files": "60"},
    "coldread": {"files": "60"},
    "command": {"command": "sh -c 'dd if=/dev/zero of=blob bs=1M count=4 conv=fsync status=none && rm blob'"},
}
EXPECTED = {
    "throughput": {"seqwrite.rate_mbs", "randwrite.rate_mbs", "seqread.rate_mbs", "randread.rate_mbs",
                   "seqread.lat_avg_ms", "randwrite.lat_max_ms"},
    "metadata": {"dbench.throughput_mbs"},
    "smallfiles": {"untar.seconds", "tar.seconds", "read.seconds", "ls-lR.seconds", "ls-flR.seconds",
                   "find.seconds", "rm.seconds"},
    "writes": {"populate.mb_written", "build.mb_written", "clean.mb_written", "build.data_mb_written"},
    "coldread": {"read.seconds"},
    "command": {"command.seconds", "command.mb_written"},
}


def choice(path):
    size = int(Path(f"/sys/class/block/{Path(path).name}/size").read_text()) * 512
    return DeviceChoice(path, size, disk=Path(path).name.rsplit("p", 1)[0])


def test_every_workload_runs_is_parsed_stored_and_compared(lab, tmp_path):
    data, spare = lab.pairs()[0]
    plan = build_plan(Choices(parse_study(STUDY, "all.toml"), choice(data), choice(spare), repeats=2,
                              workload_params=TINY, run_id="all", mount_root=str(tmp_path / "mnt"),
                              work_root=str(tmp_path / "work")))
    measurement = Measurement(plan)
    events = []

    def on_event(event):
        measurement.observe(event)
        events.append(type(event).__name__)

    outcome = Runner(plan, extend=measurement.extend, log_dir=tmp_path / "logs").run(on_event)
    assert outcome.status == "finished", outcome.reason
    results = measurement.repeat_results()
    failed = [(x.config, x.workload, x.repeat, x.failed) for x in results if not x.ok]
    assert not failed
    for config in ("journal", "external"):
        for workload, metrics in EXPECTED.items():
            got = {s.metric for x in results if x.config == config and x.workload == workload for s in x.samples}
            assert metrics <= got, (config, workload, metrics - got)
    # with the journal on the spare, the write counter sees that device too
    assert not measurement.values("journal", "writes", "build.journal_mb_written")
    journal_writes = measurement.values("external", "writes", "build.journal_mb_written")
    assert journal_writes and all(v > 0 for v in journal_writes)

    record = run_record(plan, measurement, outcome, started=0.0)
    with Store(tmp_path / "state") as store:
        run_id = store.save_run(record)
        loaded = store.load_run(run_id)
    comparison = compare(loaded.results, loaded.configs, loaded.baseline)
    workloads = {row.workload for row in comparison.rows}
    assert workloads == set(EXPECTED)
    assert comparison.option_diffs["external"].startswith("+ external journal on " + spare)
    assert "strictatime" in comparison.option_diffs["external"] and "noatime" in comparison.option_diffs["external"]
    judged = [row for row in comparison.rows if row.variant.n >= 2 and row.baseline.n >= 2]
    assert judged and all(row.verdict in ("better", "worse", "within noise") for row in judged)


def test_seed_ext3_external_journal_study_end_to_end(lab, tmp_path):
    """The seed's experiment on two loop "disks": a before-and-after table from the real CLI."""
    data, spare = lab.pairs()[0]
    env = {**os.environ, "FSTUNE_STATE_DIR": str(tmp_path / "state"), "COLUMNS": "100",
           "XDG_STATE_HOME": str(tmp_path / "xdg")}
    run = subprocess.run(
        [sys.executable, "-m", "fstune", "run", "--study", "ext3-external-journal", "--device", data,
         "--log-device", spare, "--workloads", "metadata", "--workload-param", "metadata.seconds=5",
         "--workload-param", "metadata.clients=4", "--repeats", "3", "--max-repeats", "3", "--yes"],
        capture_output=True, text=True, timeout=400, env=env, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    flat = " ".join(run.stdout.split())
    assert "Workload: metadata" in flat and "dbench." in flat
    assert f"+ external journal on {spare}" in flat
    verdicts = [v for v in ("better", "worse", "within noise") if v in flat]
    assert verdicts, flat[-2000:]
    assert "stored as run 1" in " ".join((run.stdout + run.stderr).split())
    exported = subprocess.run([sys.executable, "-m", "fstune", "results", "export", "1", "--format", "json"],
                              capture_output=True, text=True, timeout=60, env=env)
    assert exported.returncode == 0, exported.stderr
    data_json = json.loads(exported.stdout)
    text = json.dumps(data_json)
    assert "ext3-external-journal" in text and "dbench.throughput_mbs" in text
    markdown = subprocess.run([sys.executable, "-m", "fstune", "results", "export", "1", "--format", "md"],
                              capture_output=True, text=True, timeout=60, env=env).stdout
    assert "internal" in markdown and "external" in markdown
    assert any(v in markdown for v in ("better", "worse", "within noise"))
    assert f" {data} " not in Path("/proc/self/mountinfo").read_text()
