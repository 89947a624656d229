"""Measurement: figures from runner events, failed repeats kept as failures, extra repeats while noisy."""

import pytest

from fstune import runner as r
from fstune.results.collection import Measurement, config_descriptions
from fstune.plan import Choices, DeviceChoice, build_plan
from fstune.studies import parse_study

GiB = 1024**3
STUDY = '''title = "t"
summary = "s"
explanation = "e"
workloads = ["metadata"]
[[configurations]]
name = "base"
title = "b"
filesystem = "ext4"
[[configurations]]
name = "ext"
title = "e"
filesystem = "ext4"
journal = "external"
mount_options = "noatime"
'''


def make_plan(repeats=3):
    study = parse_study(STUDY, "t.toml")
    return build_plan(Choices(study, DeviceChoice("/dev/sdb1", 10 * GiB, disk="sdb"),
                              DeviceChoice("/dev/sdc1", GiB, disk="sdc"), repeats=repeats, run_id="m"))


def dbench_output(mbs):
    return f"  4      1234   {mbs:.2f} MB/sec  execute   5 sec  latency 1.0 ms\n" \
           f"Throughput {mbs:.4f} MB/sec  4 clients  4 procs  max_latency=12.500 ms\n"


def feed(measurement, index, step, output="", status="ok", exit_status=0, duration=5.0, message=""):
    measurement.observe(r.StepStarted(index, 0, step, False, 0.0))
    for line in output.splitlines():
        measurement.observe(r.OutputLine(index, line))
    result = r.StepResult(index, step, status, exit_status, None, duration, message)
    measurement.observe(r.StepFinished(index, step, status, exit_status, None, duration, message, False, result))


def run_fake(plan, measurement, figures, status_of=lambda step: "ok"):
    """Feed every step of the plan (and any the measurement adds) with dbench figures."""
    steps = list(plan.steps)
    index = 0
    counts = {}
    while index < len(steps):
        step = steps[index]
        if step.phase == "dbench":
            n = counts.get(step.config, 0)
            counts[step.config] = n + 1
            value = figures[step.config][n % len(figures[step.config])]
            feed(measurement, index, step, dbench_output(value), status_of(step))
        else:
            feed(measurement, index, step, status="warning" if step.kind == "cache" and status_of(step) == "warm"
                 else "ok")
        steps[index + 1:index + 1] = measurement.extend(index, step)
        index += 1
    return steps


def test_figures_are_parsed_per_repeat():
    plan = make_plan()
    measurement = Measurement(plan, adaptive=False)
    run_fake(plan, measurement, {"base": [15.4, 15.5, 15.45], "ext": [17.2, 17.3, 17.25]})
    results = measurement.repeat_results()
    assert [(x.config, x.repeat) for x in results] == [("base", 1), ("base", 2), ("base", 3),
                                                       ("ext", 1), ("ext", 2), ("ext", 3)]
    assert all(x.ok for x in results)
    assert measurement.values("ext", "metadata", "dbench.throughput_mbs") == [17.2, 17.3, 17.25]
    assert "Throughput 15.4000 MB/sec" in results[0].raw["dbench"]


def test_a_failed_step_or_rejected_output_marks_the_repeat_failed_never_a_number():
    plan = make_plan()
    measurement = Measurement(plan, adaptive=False)
    steps = [s for s in plan.steps if s.phase == "dbench"]
    feed(measurement, 1, steps[0], "dbench: fatal error\n", status="failed", exit_status=1, message="exit status 1")
    feed(measurement, 2, steps[1], "  4 1234 10.0 MB/sec execute 5 sec\n")  # no Throughput line
    feed(measurement, 3, steps[2], dbench_output(15.0))
    results = {x.repeat: x for x in measurement.repeat_results()}
    assert results[1].failed == "exit status 1" and not results[1].samples
    assert results[2].failed.startswith("dbench:") and not results[2].samples
    assert results[3].ok
    assert measurement.values("base", "metadata", "dbench.throughput_mbs") == [15.0]


def test_caches_that_could_not_be_dropped_mark_the_repeat_warm():
    plan = make_plan()
    measurement = Measurement(plan, adaptive=False)
    run_fake(plan, measurement, {"base": [15.0], "ext": [17.0]},
             status_of=lambda step: "warm" if step.repeat == 2 else "ok")
    warm = {(x.config, x.repeat) for x in measurement.repeat_results() if x.warm_cache}
    assert warm == {("base", 2), ("ext", 2)}


def test_noisy_figures_get_more_repeats_up_to_the_cap():
    plan = make_plan()
    measurement = Measurement(plan, rsd_threshold=0.03, max_repeats=6)
    steps = run_fake(plan, measurement, {"base": [10.0, 14.0, 18.0], "ext": [17.2, 17.3, 17.25]})
    repeats = {c: max(x.repeat for x in measurement.repeat_results() if x.config == c) for c in ("base", "ext")}
    assert repeats == {"base": 6, "ext": 3}  # noisy baseline went to the cap; steady variant did not
    assert measurement.added_repeats == {"base": 3}
    # the extra repeats ran before the unmount of their configuration
    kinds = [(s.config, s.kind) for s in steps]
    last_base_repeat = max(i for i, s in enumerate(steps) if s.config == "base" and s.repeat == 6)
    assert kinds.index(("base", "umount")) > last_base_repeat
    assert not any(s.destructive for s in steps[len(plan.steps):])


@pytest.mark.parametrize("threshold, shown", [(0.03, "3%"), (0.025, "2.5%"), (0.0001, "0.01%")])
def test_the_threshold_that_added_repeats_is_stated_as_given(threshold, shown):
    from types import SimpleNamespace

    from fstune.results.collection import run_record

    plan = make_plan()
    measurement = Measurement(plan, rsd_threshold=threshold, max_repeats=4)
    run_fake(plan, measurement, {"base": [10.0, 14.0, 18.0, 11.0], "ext": [17.2, 17.3, 17.25]})
    outcome = SimpleNamespace(status="finished", reason="", warnings=())
    record = run_record(plan, measurement, outcome, 0.0)
    assert f"base: 1 repeat(s) added because the figures varied more than {shown}" in record.warnings


def test_fewer_planned_repeats_than_three_are_respected():
    plan = make_plan(repeats=1)
    measurement = Measurement(plan)
    run_fake(plan, measurement, {"base": [10.0], "ext": [30.0]})
    assert measurement.added_repeats == {}


def test_config_descriptions_leave_out_the_journal_option_fstune_adds_itself():
    base, ext = config_descriptions(make_plan())
    assert ext.log_device == "/dev/sdc1" and ext.journal == "external"
    assert ext.mount_options == (("noatime", None),)
    assert base.log_device is None


def test_a_progress_line_finished_in_place_does_not_replace_the_line_before_it():
    plan = make_plan()
    measurement = Measurement(plan, adaptive=False)
    step = next(s for s in plan.steps if s.phase == "dbench")
    measurement.observe(r.StepStarted(0, 0, step, False, 0.0))
    measurement.observe(r.OutputLine(0, "line1"))
    measurement.observe(r.OutputLine(0, "45%", update=False, partial=True))
    measurement.observe(r.OutputLine(0, "46%", update=True, partial=False))
    for line in dbench_output(15.0).splitlines():
        measurement.observe(r.OutputLine(0, line))
    result = r.StepResult(0, step, "ok", 0, None, 5.0)
    measurement.observe(r.StepFinished(0, step, "ok", 0, None, 5.0, "", False, result))
    raw = measurement.repeat_results()[0].raw["dbench"].splitlines()
    assert raw[:2] == ["line1", "46%"]
