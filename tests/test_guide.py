"""Guided mode's core (fstune.guide, no Textual) and the runner's gate."""

from __future__ import annotations

import dataclasses
import threading
import time

import pytest

from fstune import steps as kinds
from fstune.results.compare import BETTER, NOISE, compare
from fstune.errors import StudyError, UsageError
from fstune.guide import (
    BackingInfo, GuidePolicy, check_guided_mode, check_typed, configuration_done, explain_step, look_for_note,
    one_disk_reason, summarize,
)
from fstune.measure.record import config_descriptions
from fstune.figures import HIGHER, LOWER, RepeatResult, Sample
from fstune.plan import Choices, DeviceChoice, Plan, build_plan, command_line
from fstune.runner import CANCELLED, FINISHED, Runner, StepGate, StepStarted, StepWaiting
from fstune.steps import Step
from fstune.studies import load_studies, parse_study

STUDIES = load_studies()
JOURNAL = STUDIES["ext4-external-journal"]


def plan_for(study=JOURNAL, target="/dev/loop7p1", log="/dev/loop8p2", target_disk="/dev/loop7",
             log_disk="/dev/loop8", workloads=("metadata", "writes")) -> Plan:
    study = dataclasses.replace(study, workloads=workloads)
    log_choice = DeviceChoice(log, 256 << 20, log_disk) if study.needs_journal_device else None
    return build_plan(Choices(study, DeviceChoice(target, 800 << 20, target_disk), log_choice, run_id="g"))


def first(plan: Plan, **match) -> Step:
    return next(s for s in plan.steps if all(getattr(s, k) == v for k, v in match.items()))


# --- explaining a step --------------------------------------------------------------------------


def test_the_cold_cache_says_what_it_drops_and_why_not_the_whole_machine():
    plan = plan_for()
    mount = first(plan, kind=kinds.MOUNT, config="external")
    step = next(s for s in plan.steps if s.kind == kinds.CACHE and s.config == "external" and "cold-cache" in s.argv)
    explained = explain_step(step, plan)
    assert explained.command == command_line(step) and command_line(step).startswith(
        f"fstune workload-helper cold-cache --umount {mount.mountpoint} --flushbufs /dev/loop7p1 "
        f"--flushbufs /dev/loop8p2 -- {command_line(mount)} || echo")
    assert explained.what.startswith(f"Unmounts the filesystem under test from {mount.mountpoint}, drops the "
                                     "buffer cache of /dev/loop7p1 and /dev/loop8p2 and mounts it again")
    assert "Only its cache goes; dropping the whole machine's would evict every other program's" in explained.why
    assert "marked warm-cache" in explained.why


def test_mkfs_of_the_variant_names_devices_role_and_difference():
    plan = plan_for()
    step = first(plan, kind=kinds.MKFS, config="external")
    explained = explain_step(step, plan)
    assert explained.command == command_line(step) == "mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0,nodiscard -J device=/dev/loop8p2 -F /dev/loop7p1"
    assert explained.what.startswith("Formats /dev/loop7p1 as ext4 with the journal on /dev/loop8p2.")
    assert "tuned variant 'external'" in explained.why
    assert "external journal on /dev/loop8p2" in explained.why  # the option diff against the baseline
    assert explained.erases == ("/dev/loop7p1", "/dev/loop8p2")


def test_baseline_journal_mount_and_measure_steps_are_explained():
    plan = plan_for()
    baseline = explain_step(first(plan, kind=kinds.MKFS, config="internal"), plan)
    assert "This is the baseline, 'internal'" in baseline.why
    journal = explain_step(first(plan, kind=kinds.JOURNAL), plan)
    assert "/dev/loop8p2" in journal.what and "journal-only" in journal.what
    mount = explain_step(first(plan, kind=kinds.MOUNT, config="external"), plan)
    assert "journal_path=/dev/loop8p2 (where the external journal/log is)" in mount.what
    measure = explain_step(first(plan, kind=kinds.MEASURE, workload="metadata", repeat=2), plan)
    assert "Repeat 2 of at least 5, one per block" in measure.what and "dbench" in measure.what
    assert explain_step(first(plan, kind=kinds.CACHE), plan).what.startswith("Writes everything")
    for step in plan.steps:  # every step gets words, none crashes
        explained = explain_step(step, plan)
        assert explained.what and explained.command


def test_the_raw_device_pass_says_it_runs_before_any_filesystem_and_what_it_erases():
    study = dataclasses.replace(JOURNAL, workloads=("metadata", "throughput"))
    plan = build_plan(Choices(study, DeviceChoice("/dev/loop7p1", 800 << 20, "/dev/loop7"),
                              DeviceChoice("/dev/loop8p2", 256 << 20, "/dev/loop8"), run_id="g", ceiling=True))
    raw = [step for step in plan.steps if step.kind == kinds.CEILING]
    assert raw
    for step in raw:
        explained = explain_step(step, plan)
        assert "before any filesystem exists" in explained.what and "ceiling" in explained.what
        assert "/dev/loop8p2" not in explained.what + " ".join(explained.erases)  # never the journal's device
    layout = explain_step(raw[0], plan)
    assert layout.erases == ("/dev/loop7p1",) and "which the first mkfs formats next anyway" in layout.what


# --- typing the command ------------------------------------------------------------------------------


def test_typed_command_matches_with_any_spacing_and_quoting():
    step = first(plan_for(), kind=kinds.MKFS, config="external")
    assert check_typed("mkfs.ext4  -b 4096 -E lazy_itable_init=0,lazy_journal_init=0,nodiscard -J device=/dev/loop8p2 -F /dev/loop7p1", step).ok
    assert check_typed("  mkfs.ext4 -b '4096' -E lazy_itable_init=0,lazy_journal_init=0,nodiscard -J \"device=/dev/loop8p2\" -F /dev/loop7p1\t", step).ok


@pytest.mark.parametrize("typed, says", [
    ("mkfs.ext4 -b 1024 -E lazy_itable_init=0,lazy_journal_init=0,nodiscard -J device=/dev/loop8p2 -F /dev/loop7p1", "word 3 is '1024'; the step has '4096'"),
    ("mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0,nodiscard -J device=/dev/loop8p2 /dev/loop7p1", "'-F' is missing before '/dev/loop7p1'"),
    ("mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0,nodiscard -J device=/dev/loop8p2 -F -F /dev/loop7p1", "'-F' is one word too many"),
    ("mkfs.ext4 -b 4096", "missing at the end: -E lazy_itable_init=0,lazy_journal_init=0,nodiscard -J device=/dev/loop8p2 -F /dev/loop7p1"),
    ("mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0,nodiscard -J device=/dev/loop8p2 -F /dev/loop7p1 && rm -rf /", "does not run && rm -rf /"),
    ("mkfs.ext4 -F -b 4096 -E lazy_itable_init=0,lazy_journal_init=0,nodiscard -J device=/dev/loop8p2 /dev/loop7p1", "different order"),
    ("", "Nothing typed"),
])
def test_typed_command_that_differs_says_how(typed, says):
    step = first(plan_for(), kind=kinds.MKFS, config="external")
    check = check_typed(typed, step)
    assert not check.ok and says in check.message


def test_guided_mode_refuses_dry_run_and_non_root():
    with pytest.raises(UsageError, match="--dry-run runs none"):
        check_guided_mode(dry_run=True, is_root=True)
    with pytest.raises(UsageError, match="needs root"):
        check_guided_mode(dry_run=False, is_root=False)
    check_guided_mode(dry_run=False, is_root=True)


# --- pausing ------------------------------------------------------------------------------------------


def test_policy_offers_unattended_repeats_from_the_second_one_per_configuration_and_workload():
    plan = plan_for()
    policy = GuidePolicy()
    r1 = first(plan, config="internal", workload="metadata", repeat=1)
    r2 = first(plan, config="internal", workload="metadata", repeat=2)
    r3 = first(plan, config="internal", workload="metadata", repeat=3, kind=kinds.MEASURE)
    writes2 = first(plan, config="internal", workload="writes", repeat=2)
    other = first(plan, config="external", workload="metadata", repeat=2)
    mkfs = first(plan, kind=kinds.MKFS)
    assert not policy.can_run_rest(r1) and not policy.can_run_rest(mkfs)
    assert policy.can_run_rest(r2) and policy.should_pause(r2)
    assert policy.run_rest(r2)
    assert not policy.should_pause(r2) and not policy.should_pause(r3)
    assert policy.should_pause(writes2) and policy.should_pause(other) and policy.should_pause(r1)
    assert not policy.run_rest(mkfs)


def test_configuration_done_is_its_last_step():
    plan = plan_for()
    last = plan.configs[0].steps[-1]
    assert configuration_done(plan, last) == "internal"
    assert configuration_done(plan, plan.configs[0].steps[-2]) is None
    assert configuration_done(plan, plan.finish[0]) is None


# --- what to look for ---------------------------------------------------------------------------------


STUDY_TOML = '''
title = "t"
summary = "s"
explanation = """
First paragraph.

What to look for: the clean phase.
"""
workloads = ["writes"]
primary = "writes:build.mb_written"
{study_look_for}
[[configurations]]
name = "a"
title = "a"
filesystem = "ext4"
{config_look_for}
[[configurations]]
name = "b"
title = "b"
filesystem = "ext4"
journal = "none"
'''


def test_look_for_falls_back_from_configuration_to_study_to_explanation():
    both = parse_study(STUDY_TOML.format(study_look_for='look_for = "study note"', config_look_for='look_for = "a note"'), "x.toml")
    assert look_for_note(both, "a") == "a note"
    assert look_for_note(both, "b") == "study note"
    none = parse_study(STUDY_TOML.format(study_look_for="", config_look_for=""), "x.toml")
    assert look_for_note(none, "b") == "the clean phase."


@pytest.mark.parametrize("where", ["study_look_for", "config_look_for"])
def test_look_for_must_be_text(where):
    values = {"study_look_for": "", "config_look_for": ""}
    values[where] = "look_for = 3"
    with pytest.raises(StudyError, match="look_for: must be a non-empty text"):
        parse_study(STUDY_TOML.format(**values), "x.toml")


def test_every_shipped_study_has_a_note_for_every_configuration():
    for study in STUDIES.values():
        for config in study.configurations:
            note = look_for_note(study, config.name)
            assert len(note) > 40, (study.name, config.name)


# --- the end summary and its caveats ---------------------------------------------------------------------


def results(config, values, metric="dbench.throughput_mbs", workload="metadata", unit="MB/s", better=HIGHER):
    return [RepeatResult(config, workload, i + 1, [Sample(workload, metric, v, unit, better)])
            for i, v in enumerate(values)]


def lab_backing(path):
    return BackingInfo(path, f"/var/tmp/fstune-lab/fstune-lab-disk{path[9]}.img", 2049, True)


def comparison_for(plan, rows):
    return compare([r for rs in rows for r in rs], config_descriptions(plan), plan.study.baseline.name)


def test_summary_on_a_one_disk_lab_says_seeks_cannot_show_and_lists_what_moved():
    plan = plan_for()
    comparison = comparison_for(plan, [
        results("internal", [100, 101, 99]), results("external", [100.5, 99.5, 100.2]),
        results("internal", [50, 50.2, 49.9], "clean.mb_written", "writes", "MB", LOWER),
        results("external", [30, 30.1, 29.8], "clean.mb_written", "writes", "MB", LOWER),
    ])
    summary = summarize(comparison, plan, backing=lab_backing)
    verdicts = {f.metric: f.verdict for f in summary.findings}
    assert verdicts == {"dbench.throughput_mbs": NOISE, "clean.mb_written": BETTER}
    text = "\n".join(summary.lines())
    assert "2 comparison(s) of 'external' against the baseline 'internal': 1 better, 0 worse, 1 within noise" in text
    assert "clean MB written (external): better, 50.00 ± 0.15 → 30.00 ± 0.15 MB (-40.0%" in text
    lab = next(c for c in summary.caveats if c.startswith("One physical disk"))
    assert "/dev/loop7p1 and /dev/loop8p2 are lab disks whose backing files" in lab
    assert "cannot show that saving" in lab
    assert "What still moved beyond noise: clean MB written of 'external' (better, -40.0%)" in lab
    assert any(c.startswith("'Within noise' (1 of 2)") for c in summary.caveats)


def test_fewer_writes_on_the_data_device_alone_are_not_called_a_saving():
    plan = plan_for()
    comparison = comparison_for(plan, [
        results("internal", [50, 50.2, 49.9], "clean.data_mb_written", "writes", "MB", LOWER),
        results("external", [30, 30.1, 29.8], "clean.data_mb_written", "writes", "MB", LOWER),
        results("internal", [50, 50.2, 49.9], "clean.mb_written", "writes", "MB", LOWER),
        results("external", [50.1, 49.8, 50.0], "clean.mb_written", "writes", "MB", LOWER),
    ])
    lab = next(c for c in summarize(comparison, plan, backing=lab_backing).caveats
               if c.startswith("One physical disk"))
    assert "What still moved" not in lab  # the only move is writes going to the other device
    assert "that is where the writes went, not a saving: compare the total MB written" in lab


def test_the_journal_device_s_own_figure_is_said_but_not_counted_as_a_comparison():
    plan = plan_for()
    comparison = comparison_for(plan, [
        results("internal", [50, 50.2, 49.9], "clean.mb_written", "writes", "MB", LOWER),
        results("external", [50.1, 49.8, 50.0], "clean.mb_written", "writes", "MB", LOWER),
        results("external", [0.11, 0.11, 0.11], "clean.journal_mb_written", "writes", "MB", LOWER),
    ])
    summary = summarize(comparison, plan, backing=lab_backing)
    assert "1 comparison(s) of 'external'" in summary.headline and "without enough data" not in summary.headline
    journal = next(f for f in summary.findings if f.metric == "clean.journal_mb_written")
    assert "0.110 ± 0.000 MB; the baseline has no such device" in journal.text
    assert not any("without enough data" in line or "fewer than two" in line for line in summary.lines())


def test_no_lab_caveat_on_separate_disks_or_without_an_external_journal():
    plan = plan_for()
    comparison = comparison_for(plan, [results("internal", [100, 101, 99]), results("external", [120, 121, 119])])

    def separate(path):
        return BackingInfo(path, f"/mnt/disk{path[9]}/lab.img", int(path[9]), False)

    assert one_disk_reason(plan, separate) is None
    assert not any("One physical disk" in c for c in summarize(comparison, plan, backing=separate).caveats)
    assert one_disk_reason(plan, lambda path: None) is None  # not loop devices, different disks
    same_disk = plan_for(target="/dev/sdb1", log="/dev/sdb2", target_disk="/dev/sdb", log_disk="/dev/sdb")
    assert "partitions of the same disk (/dev/sdb)" in one_disk_reason(same_disk, lambda path: None)
    writes = plan_for(STUDIES["ext4-journal-writes"], workloads=("writes",))
    comparison = comparison_for(writes, [
        results("journal", [50, 50.2, 49.9], "clean.mb_written", "writes", "MB", LOWER),
        results("no-journal", [30, 30.1, 29.8], "clean.mb_written", "writes", "MB", LOWER)])
    summary = summarize(comparison, writes, backing=lab_backing)
    assert not any("One physical disk" in c for c in summary.caveats)
    assert summary.findings[0].verdict == BETTER


def test_noisy_repeats_warm_caches_and_failures_are_caveats():
    plan = plan_for()
    failed = RepeatResult("external", "metadata", 4, failed="dbench stopped")
    comparison = comparison_for(plan, [results("internal", [100, 130, 80]), results("external", [101, 99, 100]),
                                       [failed]])
    comparison.warm = True
    caveats = summarize(comparison, plan, rsd_threshold=0.03, backing=lambda p: None).caveats
    noisy = next(c for c in caveats if "threshold" in c)
    assert "varied more than the 3.0 % threshold for dbench throughput of 'internal' (RSD 2" in noisy
    assert "'external'" not in noisy  # its RSD is 1 %
    assert any("warm caches" in c for c in caveats)
    assert any("1 repeat(s) failed" in c and "metadata repeat 4 of 'external'" in c for c in caveats)


# --- the runner's gate ---------------------------------------------------------------------------------


def test_gate_blocks_until_allowed_and_abort_releases():
    gate = StepGate()
    got = []
    thread = threading.Thread(target=lambda: got.append(gate.wait(3)))
    thread.start()
    time.sleep(0.1)
    assert thread.is_alive() and not got
    gate.allow(2)  # another step's go ahead does not release this one
    time.sleep(0.05)
    assert thread.is_alive()
    gate.allow(3)
    thread.join(2)
    assert got == [True]
    gate.abort()
    assert gate.wait(4) is False


def _harmless_plan(tmp_path, *argvs):
    from test_tui_run import make_plan, step

    return make_plan(tmp_path, [step(*argv) for argv in argvs])


def test_runner_waits_at_the_gate_before_every_step_and_cancel_stops_there(tmp_path):
    marker = tmp_path / "ran"
    plan = _harmless_plan(tmp_path, ("true",), ("touch", str(marker)))
    gate = StepGate()
    runner = Runner(plan, identities={}, log_dir=tmp_path / "logs", gate=gate)
    events = []
    seen = threading.Event()

    def consume(event):
        events.append(event)
        if isinstance(event, StepWaiting):
            if event.index == 0:
                gate.allow(0)
            else:
                seen.set()

    thread = threading.Thread(target=lambda: runner.run(consume))
    thread.start()
    assert seen.wait(10)
    time.sleep(0.2)
    assert not marker.exists()
    runner.cancel("stopped at the pause")
    thread.join(10)
    assert runner.outcome.status == CANCELLED and not marker.exists()
    kinds_seen = [type(e).__name__ for e in events if isinstance(e, (StepWaiting, StepStarted))]
    assert kinds_seen[:3] == ["StepWaiting", "StepStarted", "StepWaiting"]


def test_runner_without_gate_announces_no_waiting(tmp_path):
    plan = _harmless_plan(tmp_path, ("true",))
    events = []
    outcome = Runner(plan, identities={}, log_dir=tmp_path / "logs").run(events.append)
    assert outcome.status == FINISHED and not any(isinstance(e, StepWaiting) for e in events)
