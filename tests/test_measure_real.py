"""Every workload for real on lab disks, through the runner, stored and compared; and the
seed's ext3 external-journal study end to end from the command line."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fstune.results.compare import compare
from fstune.measure.measurement import Measurement
from fstune.measure.record import run_record
from fstune.stats.sequential import METHOD
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


# every workload, two configurations, two blocks: up to 52 cold caches, each an unmount and a
# mount again (1 to 4 s each at a load of 20 to 30 from other suites, against 0.4 s for the old
# global drop; the run took 295 s of the default 300 already with that, and 596 s with the cold
# caches at a load of 30)
@pytest.mark.timeout(900)
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


JOURNAL_STUDY = '''title = "journal placement"
summary = "s"
explanation = "e"
workloads = ["metadata"]
[workload_params.metadata]
seconds = 5
clients = 2
[[configurations]]
name = "internal"
title = "journal inside"
filesystem = "ext4"
[[configurations]]
name = "external"
title = "journal on the spare"
filesystem = "ext4"
journal = "external"
mount_options = "noatime"
'''


def _run(plan, tmp_path, **options):
    measurement = Measurement(plan, **options)
    runner = Runner(plan, extend=measurement.extend, log_dir=tmp_path / "logs")
    outcome = runner.run(measurement.observe)
    return measurement, outcome, runner


def test_each_repeat_reads_back_its_journal_and_the_block_order_is_kept(lab, tmp_path):
    data, spare = lab.pairs()[0]
    # two blocks keep it short: too few for a decision, which the record says
    plan = build_plan(Choices(parse_study(JOURNAL_STUDY, "j.toml"), choice(data), choice(spare), repeats=2,
                              run_id="readback", mount_root=str(tmp_path / "mnt"), work_root=str(tmp_path / "work")))
    measurement, outcome, runner = _run(plan, tmp_path, max_blocks=2)
    assert outcome.status == "finished", outcome.reason
    made = [s.argv for s in runner.steps if s.kind == "mkfs"]
    assert len(made) == 4 and all("lazy_itable_init=0,lazy_journal_init=0,nodiscard" in argv for argv in made)
    results = {(x.config, x.block): x for x in measurement.repeat_results()}
    assert {(c, b) for c, b in results} == {(c, b) for c in ("internal", "external") for b in (1, 2)}
    external = results[("external", 2)]
    assert external.position == 1 and results[("internal", 2)].position == 2  # block 2 ran B A
    readback = external.conditions["readback"]
    assert readback["journal"] == "external" and readback["journal_uuid"]
    assert "noatime" in readback["mount_options"].split(",")
    assert readback["journal_write_sectors"] > 0  # the external journal was written while measuring
    assert results[("internal", 2)].conditions["readback"]["journal"] == "internal"
    host = external.conditions["host"]
    assert host["end"] > host["start"] and host["devices"]["data"]["write_sectors"] > 0
    record = run_record(plan, measurement, outcome, started=0.0)
    assert record.method == METHOD and not record.legacy  # today's method's name and version
    assert record.design["order"] == [["internal", "external"], ["external", "internal"]]
    assert record.design["order_seed"] == plan.choices.order_seed
    assert record.design["looks"] == [] and record.design["stopped"] == "too few blocks to decide (fewer than 3)"
    with Store(tmp_path / "state") as store:
        loaded = store.load_run(store.save_run(record))
    again = next(x for x in loaded.results if x.config == "external" and x.block == 2)
    assert again.conditions["readback"]["journal_uuid"] == readback["journal_uuid"]
    # the reports show each block's order and each turn's readback
    from fstune.reports import html_report, reports
    from fstune.results.compare import compare_runs

    comparison = compare_runs([loaded])
    markdown = reports.to_markdown(loaded, comparison)
    blocks = markdown[markdown.index("## Blocks"):markdown.index("## Notes")]
    assert "Order in each block: 1: internal → external; 2: external → internal." in blocks
    row = next(line for line in blocks.splitlines() if line.startswith("| 2 | 1 | external |"))
    assert "| counted |" in row and f"external on {spare}" in row and f"UUID {readback['journal_uuid']}" in row
    assert readback["mount_options"] in row and row.endswith("iB |")  # the journal's device was written
    inside = next(x for x in loaded.results if x.config == "internal" and x.block == 2).conditions["readback"]
    row = next(line for line in blocks.splitlines() if line.startswith("| 2 | 2 | internal |"))
    assert "| counted | internal |" in row and inside["mount_options"] in row and row.endswith("| – |")
    page = html_report.to_html(loaded, comparison)
    assert "<h2>Blocks</h2>" in page and "Order in each block: 1: internal → external; 2: external → internal." in page
    assert f"UUID {readback['journal_uuid']}" in page


def test_a_variant_whose_journal_option_was_dropped_fails_loudly_and_counts_for_nothing(lab, tmp_path):
    """The plan's steps for the variant are edited as a silent mistake would: mkfs without its
    journal device and a mount without it. Everything runs; only the readback can tell."""
    import dataclasses

    data, spare = lab.pairs()[0]
    plan = build_plan(Choices(parse_study(JOURNAL_STUDY, "j.toml"), choice(data), choice(spare), repeats=3,
                              run_id="dropped", mount_root=str(tmp_path / "mnt"), work_root=str(tmp_path / "work")))

    def forget_the_journal(step):
        if step.config != "external":
            return step
        if step.kind == "mkfs":
            at = step.argv.index("-J")
            return dataclasses.replace(step, argv=step.argv[:at] + step.argv[at + 2:], also_writes=())
        if step.kind == "mount":
            options = ",".join(o for o in step.argv[step.argv.index("-o") + 1].split(",")
                               if not o.startswith("journal_path="))
            return dataclasses.replace(step, argv=("mount", "-t", "ext4", "-o", options, *step.argv[-2:]))
        return step

    first = plan.blocks[0]
    edited = dataclasses.replace(first, steps=tuple(forget_the_journal(s) for s in first.steps))
    plan = dataclasses.replace(plan, blocks=(edited, *plan.blocks[1:]))
    measurement, outcome, _ = _run(plan, tmp_path, max_blocks=3)
    assert outcome.status == "failed"
    assert ("Block 1: configuration 'external' was not applied: the configuration puts the journal on another "
            "device, but the filesystem that was made has it inside the filesystem") in outcome.reason
    failed = [x for x in measurement.repeat_results() if x.config == "external" and x.block == 1]
    assert failed and all(x.failed and not x.counts for x in failed)
    # the report's Blocks table says the turn failed, and why
    from fstune.reports import reports
    from fstune.results.compare import compare_runs

    record = run_record(plan, measurement, outcome, started=0.0)
    markdown = reports.to_markdown(record, compare_runs([record]))
    row = next(line for line in markdown.splitlines() if line.startswith("| 1 | 2 | external |"))
    assert "| failed: configuration not applied: the configuration puts the journal on another device" in row
    assert "| internal |" in row  # what was read back: the journal inside, where the mistake put it
    assert f" {data} " not in Path("/proc/self/mountinfo").read_text()
