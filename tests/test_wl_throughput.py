"""throughput (fio): its contract, and what only it does."""

from __future__ import annotations

import pytest

from fstune import runner, workloads
from fstune.figures import HIGHER, LOWER
from fstune.workloads.throughput import THROUGHPUT, FioProgress
from wlcontract import SETTLE, cold, Contract, ProgressLine, Recorded, context, fixture, measured_steps, terminal_lines

PHASES = ("seqwrite", "randwrite", "seqread", "randread")
PER_PHASE = {
    "rate_mbs": ("MB/s", HIGHER, "ratio"),
    "cpu_pct": ("%", LOWER, "difference"),  # fio reports 0 % for a phase too short for its clock
    "lat_avg_ms": ("ms", LOWER, "ratio"),
    "lat_max_ms": ("ms", LOWER, "ratio"),
    "over_2s_pct": ("%", LOWER, "difference"),
    "over_10s_pct": ("%", LOWER, "difference"),
    "cpu_eff": ("MB/s per CPU %", HIGHER, "ratio"),
    "steady": ("1 = yes", HIGHER, "difference"),  # 1 when fio ended the phase on a steady state
}

CONTRACTS = {
    "throughput": Contract(
        params={"threads": 4, "size": "auto", "runtime": 30, "block_size": "4k", "io": "direct"},
        wizard=("threads", "size", "runtime", "block_size", "io"),
        duration_param="runtime",
        estimate=4 * (2 + 30) + 2 * 3,  # four phases of a 2 s ramp and at most 30 s, two cache flushes
        metrics={f"{phase}.{quantity}": facts for phase in PHASES for quantity, facts in PER_PHASE.items()},
        primary=None,
        secondary=tuple(f"{phase}.rate_mbs" for phase in PHASES),
        packages={"fio": "fio"},
        # fio 3.33's own JSON report of the four phases, each ended by its steady-state test
        recorded=Recorded(phase="fio-writes", result="fio-3.33-steady.json"),
        reported=tuple(f"{phase}.{quantity}" for phase in PHASES[:2] for quantity in PER_PHASE),
        # "Jobs: 4 (f=4): [_(8),R(4),P(4)][40.0%][…][eta 00m:06s]"
        progress=ProgressLine("fio-3.33-eta.txt", 2, (0.4, 6.0, "fio")),
    ),
}


def test_fio_s_placeholder_eta_is_no_estimate():
    # recorded: before fio can estimate it prints an ETA of about 270 years
    lines = terminal_lines(fixture("fio-3.33-eta.txt"))
    assert FioProgress().parse(lines[0]) == (0.0, None, "fio")
    assert FioProgress().parse(lines[3]) == (pytest.approx(0.833), 1.0, "fio")


def test_fio_run_inside_the_write_counter_still_shows_its_progress():
    wrapped = ["fstune", "workload-helper", "count-writes", "--result", "r", "--device", "/dev/x", "--", "fio", "x"]
    assert isinstance(runner.progress_parser_for(wrapped), FioProgress)
    assert workloads.progress_parser_for(["/usr/bin/fio", "--name=x"]) is not None
    assert workloads.progress_parser_for(["fiod"]) is None


def test_the_estimate_is_an_upper_bound_and_says_so():
    throughput = workloads.get("throughput")
    assert throughput.estimate_note == "an upper bound, plus writing fio's files once"
    assert throughput.estimate_seconds(throughput.resolve({"runtime": 5})) == 4 * (2 + 5) + 2 * 3


# --- every phase to a steady state, and the figure that says whether it got there -----------------


def test_writes_and_reads_are_two_fio_runs_from_a_cold_cache_each_phase_until_steady():
    ctx = context(THROUGHPUT)
    steps = THROUGHPUT.repeat_steps(ctx, 2)
    measured = [i for i, step in enumerate(steps) if step.phase]
    assert [steps[i].phase for i in measured] == ["fio-writes", "fio-reads"]
    # first, unmeasured, every file written in full: time-based phases may stop before they cover
    # their files, and reading blocks fio only preallocated would cost no I/O
    layout = steps[0]
    assert layout.phase is None and layout.argv[0] == "fio" and layout.argv[-3:] == (
        "--end_fsync=1", "--name=layout", "--rw=write")
    for word in ("--bs=1m", "--numjobs=4", "--size=32m", "--direct=1", "--filename_format=fstune-fio.$jobnum"):
        assert word in layout.argv, word
    assert "--time_based" not in layout.argv and measured[0] > 0
    for i in measured:
        assert steps[i - 2].argv == SETTLE and steps[i - 1].argv == cold()
    writes, reads = (steps[i] for i in measured)
    for step in (writes, reads):
        argv = step.argv
        assert argv[1] == f"--output={step.result_file}" and step.result_file.endswith(f"-{step.phase}-2.json")
        # time-based: a 2 s ramp left out of the figures, then fio's steady-state test or the runtime
        for word in ("--time_based", "--runtime=30", "--ramp_time=2", "--steadystate=bw_slope:2%", "--ss_dur=5",
                     "--direct=1", "--numjobs=4", "--bs=4k", "--size=32m", "--group_reporting"):
            assert word in argv, word
    names = [word for word in writes.argv if word.startswith(("--name=", "--rw=", "--stonewall"))]
    assert names == ["--name=seqwrite", "--rw=write", "--name=randwrite", "--rw=randwrite", "--stonewall"]
    assert "--end_fsync=1" in writes.argv and "--end_fsync=1" not in reads.argv
    names = [word for word in reads.argv if word.startswith(("--name=", "--rw=", "--stonewall"))]
    assert names == ["--name=seqread", "--rw=read", "--name=randread", "--rw=randread", "--stonewall"]
    assert steps[-1].argv[:2] == ("rm", "-f")


def test_the_seed_s_shape_is_buffered_and_its_files_fill_the_partition():
    ctx = context(THROUGHPUT, threads="32", io="buffered")  # a 512 MiB partition
    [writes, reads] = measured_steps(THROUGHPUT, ctx)
    for step in (writes, reads):
        assert "--direct=0" in step.argv and "--numjobs=32" in step.argv
        assert "--size=12m" in step.argv  # three quarters of 512 MiB over 32 threads
    direct = measured_steps(THROUGHPUT, context(THROUGHPUT, threads="32"))[0]
    assert "--direct=1" in direct.argv and "--size=4m" in direct.argv  # a quarter, at least 4 MiB each


def test_a_phase_that_reached_a_steady_state_says_so():
    # recorded: four 4 KiB phases on a loop device, runtime 10 s, each ended by fio's
    # steady-state test after about 6 s (its "attained": 1)
    got = {}
    for step in measured_steps(THROUGHPUT, context(THROUGHPUT)):
        got.update({s.metric: s.value for s in THROUGHPUT.parse(step, "", 30, 0, fixture("fio-3.33-steady.json"))})
    assert {phase: got[f"{phase}.steady"] for phase in PHASES} == dict.fromkeys(PHASES, 1.0)
    # seqwrite: write.bw_bytes 124816762; the ">=2000" ms bucket is 0
    assert got["seqwrite.rate_mbs"] == pytest.approx(124.816762, rel=1e-12)
    assert got["seqwrite.over_2s_pct"] == 0.0


def test_a_phase_that_ran_out_of_time_before_it_was_steady_is_flagged():
    # recorded: runtime 3 s, shorter than the 5 s window, so fio could never call it steady
    writes = measured_steps(THROUGHPUT, context(THROUGHPUT, runtime="3"))[0]
    samples = THROUGHPUT.parse(writes, "", 5, 0, fixture("fio-3.33-unsteady.json"))
    got = {s.metric: s for s in samples}
    assert got["seqwrite.steady"].value == 0.0 and got["randwrite.steady"].value == 0.0
    assert got["seqwrite.steady"].unit == "1 = yes" and got["seqwrite.rate_mbs"].value > 0  # kept, and flagged


def test_a_fio_without_steady_state_detection_reports_no_flag():
    step = measured_steps(THROUGHPUT, context(THROUGHPUT))[0]
    got = {s.metric for s in THROUGHPUT.parse(step, "", 3, 0, fixture("fio-3.33.json"))}
    assert "seqwrite.rate_mbs" in got and "seqwrite.steady" not in got
    assert THROUGHPUT.metric("seqwrite.steady").optional


def test_latency_columns_as_tiobench_reports_them():
    for phase in PHASES:
        average, maximum, over = (THROUGHPUT.metric(f"{phase}.{q}") for q in ("lat_avg_ms", "lat_max_ms",
                                                                              "over_2s_pct"))
        assert (average.unit, maximum.unit, over.unit) == ("ms", "ms", "%")
        assert over.scale == "difference"  # usually exactly 0: a ratio would be undefined
