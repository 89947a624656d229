"""The ceiling: a short raw-device pass of the throughput phases before the first mkfs, stored
with the run, and each configuration's rates shown as a share of it (docs/ARCHITECTURE.md,
"The ceiling")."""

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from fstune.errors import UsageError
from fstune.figures import RepeatResult, Sample
from fstune.plan import Choices, build_plan, render_script
from fstune.reports.ceiling import ceiling_json, ceiling_lines, shares
from fstune.results.records import ConfigDescription, DeviceRecord, RunRecord
from fstune.steps import CEILING, MKFS
from fstune.studies import load_studies
from test_plan import GOLDEN, LOG, TARGET, golden_choices, study_of

STUDY = "ext4-external-journal"  # journal on a second device: the pass must never touch it


def ceiling_plan(**options):
    study = load_studies()[STUDY]
    return build_plan(Choices(study, TARGET, LOG, run_id="golden", work_root="/var/tmp/fstune", **options))


def test_the_pass_is_planned_only_when_asked_for():
    plain = ceiling_plan()
    assert plain.ceiling == () and not [s for s in plain.steps if s.kind == CEILING]
    assert "ceiling" not in render_script(plain).lower()
    plan = ceiling_plan(ceiling=True)
    assert [s.kind for s in plan.ceiling] == [CEILING] * 3
    assert [s.phase for s in plan.ceiling] == [None, "fio-writes", "fio-reads"]
    # the same steps otherwise: the blocks are untouched
    assert [s for s in plan.steps if s.kind != CEILING] == plain.steps


def test_the_pass_runs_the_workloads_phases_on_the_target_alone_before_the_first_mkfs():
    plan = ceiling_plan(ceiling=True)
    steps = plan.steps
    first_mkfs = next(i for i, s in enumerate(steps) if s.kind == MKFS or s.kind == "journal")
    where = [steps.index(s) for s in plan.ceiling]
    assert where == sorted(where) and where[-1] < first_mkfs
    assert steps.index(plan.prepare[-1]) < where[0]
    for step in plan.ceiling:
        assert "--filename=/dev/sdb1" in step.argv and "--direct=1" in step.argv
        assert not any(LOG.path in word for word in step.argv)
        assert step.written_devices in ((), (TARGET.path,))
    writes, reads = plan.ceiling[1], plan.ceiling[2]
    assert writes.destructive and writes.device == TARGET.path and not reads.destructive
    assert plan.ceiling[0].destructive  # writing the stretch in full before the reads
    asked = [w for s in plan.ceiling[1:] for w in s.argv if w.startswith("--rw=")]
    assert asked == ["--rw=write", "--rw=randwrite", "--rw=read", "--rw=randread"]
    # short and time-based, each thread on its own stretch as large as its file in the filesystem
    assert "--time_based" in writes.argv and "--runtime=5" in writes.argv
    assert "--offset_increment=256m" in writes.argv and "--size=256m" in writes.argv
    assert plan.destructive_devices() == [TARGET.path, LOG.path]


def test_the_pass_is_no_longer_than_the_workloads_own_runtime():
    plan = ceiling_plan(ceiling=True, workload_params={"throughput": {"runtime": "2"}})
    assert "--runtime=2" in plan.ceiling[1].argv


def test_the_pass_is_refused_without_the_throughput_workload():
    with pytest.raises(UsageError) as refused:
        ceiling_plan(ceiling=True, workloads=("metadata",))
    assert "throughput" in refused.value.message and "metadata" in refused.value.message
    with pytest.raises(UsageError):
        build_plan(Choices(study_of("ext4", workloads=("metadata",)), TARGET, None, ceiling=True))


def test_the_script_checks_the_device_again_right_before_each_raw_write():
    plan = ceiling_plan(ceiling=True)
    script = render_script(plan)
    subprocess.run(["bash", "-n"], input=script, text=True, check=True)
    lines = script.splitlines()
    check = f"fstune_check_device {TARGET.path} size={TARGET.size}"
    first_mkfs = next(i for i, line in enumerate(lines) if line.startswith("mkfs."))
    for step in plan.ceiling:
        at = next(i for i, line in enumerate(lines) if shlex.join(step.argv) in line)
        assert at < first_mkfs
        if step.destructive:
            assert lines[at - 1] == check, lines[at - 3:at + 1]
        else:
            assert lines[at - 1] != check
        assert "fstune_keep" in lines[at]  # its output is kept with the other tools'
    assert "the ceiling, a short pass of fio's phases on the raw device /dev/sdb1" in " ".join(
        line.lstrip("# ") for line in lines[:40])


def test_golden_plan_with_the_ceiling_pass():
    study = load_studies()[STUDY]
    from dataclasses import replace

    script = render_script(build_plan(replace(golden_choices(study), ceiling=True)))
    path = GOLDEN / f"ceiling-{STUDY}.sh"
    if os.environ.get("FSTUNE_UPDATE_GOLDEN") == "1":
        path.write_text(script)
    assert path.is_file(), "no golden script for the ceiling; make it with FSTUNE_UPDATE_GOLDEN=1 and review it"
    assert script == path.read_text(), "the plan with the ceiling pass changed; review and regenerate the golden file"


def test_the_time_left_counts_the_pass_before_the_first_block():
    from dataclasses import replace

    from fstune.measure.measurement import Measurement
    from fstune.measure.eta import MAKE_SECONDS
    from fstune.workloads import WORKLOADS

    study = load_studies()[STUDY]
    plain = build_plan(golden_choices(study))
    with_pass = build_plan(replace(golden_choices(study), ceiling=True))
    extra = Measurement(with_pass).eta.estimate().seconds_left - Measurement(plain).eta.estimate().seconds_left
    throughput = WORKLOADS["throughput"]
    phases = throughput.ceiling_seconds(throughput.resolve(with_pass.configs[0].contexts["throughput"].params))
    assert phases >= 4 * 5 and extra == pytest.approx(phases + MAKE_SECONDS)  # and writing its stretch once


# --- what is shown ---------------------------------------------------------------------------


def _record(ceiling, target="/dev/sdb1", transport="sata"):
    configs = [ConfigDescription("internal", "ext4", "internal"), ConfigDescription("external", "ext4", "external")]
    results = []
    for number, (config, rate) in enumerate([("internal", 400.0), ("external", 410.0), ("internal", 420.0),
                                            ("external", 430.0)], 1):
        results.append(RepeatResult(config, "throughput", number, block=number,
                                    samples=[Sample("throughput", "seqwrite.rate_mbs", rate, "MB/s", "higher"),
                                             Sample("throughput", "seqwrite.lat_avg_ms", 0.1, "ms", "lower")]))
    return RunRecord("s", "t", 0.0, "finished", configs, results, ceiling=ceiling,
                     devices=[DeviceRecord(target, "target", transport=transport)])


def test_each_configuration_is_a_share_of_the_raw_rate():
    record = _record({"throughput": {"seqwrite.rate_mbs": 500.0, "seqwrite.lat_avg_ms": 0.05}})
    found = {(s.config, s.metric): s for s in shares(record)}
    assert set(found) == {("internal", "seqwrite.rate_mbs"), ("external", "seqwrite.rate_mbs")}  # rates only
    assert found["internal", "seqwrite.rate_mbs"].fraction == pytest.approx(0.82)
    lines = ceiling_lines(record)
    assert lines[0] == "internal reaches 82 % of the raw device's sequential write rate (410.0 of 500.0 MB/s)."
    assert lines[1].startswith("external reaches 84 %")
    assert "once" in lines[-1] and "no interval" in lines[-1] and "loop" not in lines[-1]
    assert ceiling_json(record)["shares"][0]["fraction"] == 0.82


def test_on_loop_devices_the_caveat_says_it_measured_a_backing_file():
    record = _record({"throughput": {"seqwrite.rate_mbs": 500.0}}, target="/dev/loop3p1", transport="loop")
    assert "backing file" in ceiling_lines(record)[-1]


def test_a_run_without_the_pass_shows_nothing_of_it():
    record = _record(None)
    assert ceiling_lines(record) == [] and ceiling_json(record) is None


# --- for real ----------------------------------------------------------------------------------


@pytest.mark.loopdev
def test_a_real_run_stores_the_ceiling_and_results_show_prints_the_share(lab, tmp_path, write_study):
    data, _spare = lab.pairs()[0]
    study = write_study("ceiling", head='workloads = ["throughput"]\nprimary = "throughput:seqwrite.rate_mbs"')
    env = {**os.environ, "FSTUNE_STATE_DIR": str(tmp_path / "state"), "COLUMNS": "120",
           "XDG_STATE_HOME": str(tmp_path / "xdg")}
    run = subprocess.run(
        [sys.executable, "-m", "fstune", "run", "--study", str(study), "--device", data, "--ceiling",
         "--workload-param", "throughput.size=16M", "--workload-param", "throughput.threads=2",
         "--workload-param", "throughput.runtime=1", "--blocks", "1", "--max-blocks", "1", "--yes",
         "--run-id", f"ceiling-{os.getpid()}"],  # /run/fstune/<id>: one per process
        capture_output=True, text=True, timeout=400, env=env, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    from fstune.results.store import Store

    with Store(tmp_path / "state") as store:
        record = store.load_run(store.latest_id())
    raw = record.ceiling["throughput"]
    assert {"seqwrite.rate_mbs", "randwrite.rate_mbs", "seqread.rate_mbs", "randread.rate_mbs"} <= set(raw)
    assert all(value > 0 for name, value in raw.items() if name.endswith(".rate_mbs"))
    shown = subprocess.run([sys.executable, "-m", "fstune", "results", "show", str(record.id)],
                           capture_output=True, text=True, timeout=60, env=env)
    assert shown.returncode == 0, shown.stderr
    flat = " ".join(shown.stdout.split())
    for config in ("base", "tuned"):
        assert f"{config} reaches" in flat and "of the raw device's sequential write rate" in flat
    assert "backing file" in flat  # the lab's caveat
    exported = json.loads(subprocess.run([sys.executable, "-m", "fstune", "results", "export", str(record.id),
                                          "--format", "json"], capture_output=True, text=True, timeout=60,
                                         env=env).stdout)
    assert exported["runs"][0]["ceiling"]["raw"] == record.ceiling
    # what fio printed is kept, in the store and the export, and today's parsers read it again
    assert set(record.ceiling_raw["throughput"]) == {"fio-writes", "fio-reads"}
    assert all('"jobs"' in text for text in record.ceiling_raw["throughput"].values())
    assert exported["runs"][0]["ceiling"]["outputs"] == record.ceiling_raw
    again = subprocess.run([sys.executable, "-m", "fstune", "results", "recompute", str(record.id)],
                           capture_output=True, text=True, timeout=60, env=env)
    assert again.returncode == 0, again.stderr
    flat = " ".join(again.stdout.split())
    figures = sum(len(r.samples) for r in record.results) + len(raw)
    assert f"0 of {figures} figures changed when parsed again" in flat, flat
    assert "no longer parses" not in flat and "kept no raw output" not in flat
    assert f" {data} " not in Path("/proc/self/mountinfo").read_text()


# --- the wizard ------------------------------------------------------------------------------------


async def test_the_wizard_offers_the_pass_with_throughput_and_shows_it_in_the_review():
    from textual.widgets import Checkbox

    from fstune.screens.app import make_app
    from test_tui_wizard import SIZE, pick_devices, services, settle, text_of, to_devices

    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        app.state.run_id = "tui-test"
        await to_devices(pilot, STUDY)
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        assert app.screen.STEP == "Workloads"
        box = app.screen.query_one("#ceiling", Checkbox)
        assert box.display and not box.value  # offered, off by default
        app.screen.query_one("#use-throughput", Checkbox).value = False
        await settle(pilot)
        assert not box.display  # no fio phases to run on the raw device
        app.screen.query_one("#use-throughput", Checkbox).value = True
        await settle(pilot)
        before = text_of(app.screen.query_one("#estimate"))
        box.value = True
        await settle(pilot)
        assert "and the ceiling 24 s" in text_of(app.screen.query_one("#estimate")) != before
        await pilot.press("ctrl+n")
        await settle(pilot, 5)
        assert app.screen.STEP == "Review" and app.state.ceiling
        assert "The ceiling: the raw device, once, before the first mkfs" in text_of(app.screen.query_one("#script"))
        assert [s.device for s in app.state.plan.ceiling if s.destructive] == ["/dev/sdm3", "/dev/sdm3"]


@pytest.mark.loopdev
def test_a_target_mounted_by_someone_else_before_the_raw_pass_is_refused(lab, tmp_path, run_destructive):
    """The runner checks the device before the raw writes as it does before mkfs."""
    from fstune.runner import FAIL_SAFETY, FAILED, Runner, StepFinished, StepStarted
    from fstune.studies import parse_study
    from conftest import study_text
    from test_measure_real import choice

    data = lab.disks[0].data
    run_destructive(["mkfs.ext4", "-q", "-F", data], data)  # something someone else could mount
    study = parse_study(study_text(head='workloads = ["throughput"]\nprimary = "throughput:seqwrite.rate_mbs"'),
                        "ceiling.toml")
    plan = build_plan(Choices(study, choice(data), None, repeats=1, ceiling=True, run_id="c",
                              workload_params={"throughput": {"size": "16M", "threads": "1", "runtime": "1"}},
                              mount_root=str(tmp_path / "run"), work_root=str(tmp_path / "work")))
    first_raw = len(plan.prepare)
    assert plan.steps[first_raw] == plan.ceiling[0]
    elsewhere = tmp_path / "someone-else"
    elsewhere.mkdir()
    events = []

    def on_event(event):
        events.append(event)
        if isinstance(event, StepFinished) and event.index == first_raw - 1:
            subprocess.run(["mount", "-t", "ext4", data, str(elsewhere)], check=True)

    try:
        outcome = Runner(plan, log_dir=tmp_path / "logs").run(on_event)
        assert outcome.status == FAILED and outcome.kind == FAIL_SAFETY and outcome.exit_code == 3
        assert f"{data} is mounted at {elsewhere}" in outcome.reason
        assert not [e for e in events if isinstance(e, StepStarted) and e.step.kind == CEILING]
    finally:
        subprocess.run(["umount", str(elsewhere)], check=False)
    found = subprocess.run(["blkid", "-p", "-o", "value", "-s", "TYPE", data], capture_output=True, text=True)
    assert found.stdout.strip() == "ext4"  # not a byte of the raw pass was written


def test_the_reports_lay_out_the_same_sentences():
    from fstune.reports import reports
    from fstune.results.compare import compare_runs

    record = _record({"throughput": {"seqwrite.rate_mbs": 500.0}})
    record.method = "paired-gs-obf/1"
    comparison = compare_runs([record])
    sentence = ceiling_lines(record)[0]
    markdown = reports.export([record], comparison, "md")
    assert "## The ceiling: the raw device" in markdown and f"- {sentence}" in markdown
    html = reports.export([record], comparison, "html")
    assert "<h2>The ceiling: the raw device</h2>" in html and "internal reaches 82 %" in html
    document = json.loads(reports.export([record], comparison, "json"))
    assert document["runs"][0]["ceiling"]["raw"] == record.ceiling
    plain = _record(None)
    plain.method = record.method
    for fmt in ("md", "html", "json"):
        assert "ceiling" not in reports.export([plain], compare_runs([plain]), fmt)


async def test_the_results_screen_shows_the_shares():
    from textual.widgets import Static

    from fstune.results.compare import compare_runs
    from fstune.screens.results import ResultsScreen
    from test_tui_results import HostApp, plain

    record = _record({"throughput": {"seqwrite.rate_mbs": 500.0}}, target="/dev/loop3p1", transport="loop")
    record.id = 3
    screen = ResultsScreen(record, compare_runs([record]), services=None)
    async with HostApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = " ".join(plain(screen.query_one("#ceiling", Static)).split())
        assert "internal reaches 82 % of the raw device's sequential write rate" in text
        assert "backing file" in text
    bare = _record(None)
    screen = ResultsScreen(bare, compare_runs([bare]), services=None)
    async with HostApp(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not screen.query("#ceiling")


@pytest.mark.loopdev
def test_the_saved_script_runs_the_guarded_raw_pass_for_real(lab, tmp_path, run_destructive):
    from conftest import study_text
    from fstune.studies import parse_study
    from fstune.workloads.throughput import load_fio_report
    from test_scripts_real import device_choice

    data = lab.disks[0].data
    study = parse_study(study_text(head='workloads = ["throughput"]\nprimary = "throughput:seqwrite.rate_mbs"'),
                        "ceiling.toml")
    plan = build_plan(Choices(study, device_choice(data), None, repeats=1, ceiling=True, run_id="script",
                              workload_params={"throughput": {"size": "16M", "threads": "1", "runtime": "1"}},
                              mount_root=str(tmp_path / "mnt"), work_root=str(tmp_path / "work")))
    script = tmp_path / "plan.sh"
    script.write_text(render_script(plan))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    result = run_destructive(["bash", str(script)], [data], env=env, timeout=300)
    for phase in ("fio-writes", "fio-reads"):
        report = load_fio_report((tmp_path / "work" / "script" / f"ceiling-{phase}.json").read_text())
        assert report["jobs"] and all(job["error"] == 0 for job in report["jobs"])
    assert all(f"--filename={data}" in step.argv for step in plan.ceiling)
    assert "plan finished" in result.stdout
