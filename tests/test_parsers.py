"""Workload parsers against recorded tool outputs (tests/fixtures/tools/, see its README.md).

Every expected figure below is read off the fixture by hand (the JSON field or the printed
line), so a parser that picks the wrong section, the wrong unit or the wrong line fails.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from fstune.figures import HIGHER, LOWER, MeasurementError, Sample
from fstune.steps import MEASURE, Step
from fstune.workloads import WORKLOADS
from fstune.workloads.base import Workload, WorkloadContext
from fstune.workloads.coldread import COLDREAD
from fstune.workloads.command import COMMAND
from fstune.workloads.metadata import METADATA
from fstune.workloads.smallfiles import SMALLFILES
from fstune.workloads.throughput import THROUGHPUT
from fstune.workloads.writes import WRITES

TOOLS = Path(__file__).parent / "fixtures" / "tools"
PHASES = ("seqwrite", "randwrite", "seqread", "randread")


def fixture(name: str) -> str:
    return (TOOLS / name).read_text()


def context(workload: Workload, data="/dev/loop0p1", journal=None, **params) -> WorkloadContext:
    return WorkloadContext(config="base", fs_name="ext4", mountpoint="/mnt/fstune", workdir="/tmp/fstune/base",
                           shared_dir="/tmp/fstune", data_device=data, journal_device=journal,
                           target_size=512 * 1024 * 1024, params=workload.check_params(params),
                           mount_argv=("mount", "-t", "ext4", data, "/mnt/fstune"))


def measured(workload: Workload, ctx: WorkloadContext, phase: str | None = None) -> Step:
    """The real measured step the workload generates (its argv is what the parser inspects)."""
    steps = [step for step in workload.repeat_steps(ctx, 1) if step.phase and (phase is None or step.phase == phase)]
    assert steps, f"{workload.name} has no measured step {phase}"
    return steps[0]


def by_metric(samples: list[Sample]) -> dict[str, Sample]:
    metrics = {sample.metric: sample for sample in samples}
    assert len(metrics) == len(samples), "a metric was reported twice"
    return metrics


def values(samples: list[Sample]) -> dict[str, float]:
    return {sample.metric: sample.value for sample in samples}


def test_every_workload_has_its_own_parser():
    for workload in WORKLOADS.values():
        assert type(workload).parse is not Workload.parse, f"{workload.name} has no parse()"


# ---------------------------------------------------------------------------------------------
# fio (throughput)


@pytest.fixture
def fio_step() -> Step:
    """A fio step asking for all four phases, as the run that recorded fio-3.33.json did (fstune
    now runs the writes and the reads as two steps: tests/test_wl_throughput.py)."""
    return old_fio_step(("seqwrite", "write"), ("randwrite", "randwrite"), ("seqread", "read"),
                        ("randread", "randread"))


def old_fio_step(*phases: tuple[str, str]) -> Step:
    """A fio step asking only for the phases an old single-job fixture contains."""
    argv = ["fio", "--output-format=json", "--output=/tmp/fstune/base/throughput-1.json"]
    for name, rw in phases:
        argv += [f"--name={name}", f"--rw={rw}"]
    return Step(tuple(argv), title="fio", why="test", kind=MEASURE, workload="throughput", phase="fio",
                repeat=1, result_file="/tmp/fstune/base/throughput-1.json")


def test_fio_3_33_recording_gives_the_tiobench_table(fio_step):
    samples = THROUGHPUT.parse(fio_step, "Jobs: 0 (f=0)\r\n", 1.7, 0, fixture("fio-3.33.json"))
    metrics = by_metric(samples)
    expected = {f"{phase}.{quantity}" for phase in PHASES for quantity in
                ("rate_mbs", "cpu_pct", "lat_avg_ms", "lat_max_ms", "over_2s_pct", "over_10s_pct", "cpu_eff")}
    assert set(metrics) == expected
    got = values(samples)
    # seqwrite: write.bw_bytes 195083906, usr 0.588235 + sys 16.764706, lat_ns mean 82644.592285, max 1192972
    assert got["seqwrite.rate_mbs"] == pytest.approx(195.083906, rel=1e-12)
    assert got["seqwrite.cpu_pct"] == pytest.approx(17.352941, rel=1e-12)
    assert got["seqwrite.lat_avg_ms"] == pytest.approx(0.082644592285, rel=1e-12)
    assert got["seqwrite.lat_max_ms"] == pytest.approx(1.192972, rel=1e-12)
    assert got["seqwrite.cpu_eff"] == pytest.approx(195.083906 / 17.352941, rel=1e-12)
    # read phases come from the read section: seqread read.bw_bytes 202135132
    assert got["seqread.rate_mbs"] == pytest.approx(202.135132, rel=1e-12)
    assert got["randwrite.rate_mbs"] == pytest.approx(209.7152, rel=1e-12)
    # randread: bw_bytes 156796411, usr 1.218027 + sys 9.013398, lat_ns max 19448421
    assert got["randread.rate_mbs"] == pytest.approx(156.796411, rel=1e-12)
    assert got["randread.cpu_pct"] == pytest.approx(10.231425, rel=1e-12)
    assert got["randread.lat_max_ms"] == pytest.approx(19.448421, rel=1e-12)
    # nothing took 2 s (every ">=2000" bucket is 0) and the slowest request took 19 ms
    for phase in PHASES:
        assert got[f"{phase}.over_2s_pct"] == 0.0 and got[f"{phase}.over_10s_pct"] == 0.0


def test_fio_metric_directions_and_units(fio_step):
    metrics = by_metric(THROUGHPUT.parse(fio_step, "", 1.7, 0, fixture("fio-3.33.json")))
    assert (metrics["seqread.rate_mbs"].unit, metrics["seqread.rate_mbs"].better) == ("MB/s", HIGHER)
    assert (metrics["seqread.cpu_pct"].unit, metrics["seqread.cpu_pct"].better) == ("%", LOWER)
    assert (metrics["seqread.lat_avg_ms"].unit, metrics["seqread.lat_avg_ms"].better) == ("ms", LOWER)
    assert metrics["seqread.over_2s_pct"].better == LOWER and metrics["seqread.over_10s_pct"].better == LOWER
    assert metrics["seqread.cpu_eff"].better == HIGHER
    assert all(sample.workload == "throughput" for sample in metrics.values())


def test_fio_on_tmpfs_leaves_out_cpu_efficiency_where_fio_measured_no_cpu(fio_step):
    got = values(THROUGHPUT.parse(fio_step, "", 1.2, 0, fixture("fio-3.33-tmpfs.json")))
    # seqwrite and seqread report usr_cpu = sys_cpu = 0: rate / 0 % is not a number
    assert got["seqwrite.cpu_pct"] == 0.0 and "seqwrite.cpu_eff" not in got
    assert "seqread.cpu_eff" not in got
    # randwrite: bw_bytes 4194304000, sys_cpu 33.333333
    assert got["randwrite.rate_mbs"] == pytest.approx(4194.304, rel=1e-12)
    assert got["randwrite.cpu_eff"] == pytest.approx(4194.304 / 33.333333, rel=1e-12)
    # randread: bw_bytes 5592405333, lat_ns mean 910.310059
    assert got["randread.rate_mbs"] == pytest.approx(5592.405333, rel=1e-12)
    assert got["randread.lat_avg_ms"] == pytest.approx(0.000910310059, rel=1e-12)


def test_fio_banner_before_the_json_is_skipped(fio_step):
    plain = THROUGHPUT.parse(fio_step, "", 1.7, 0, fixture("fio-3.33.json"))
    assert fixture("fio-3.33-banner.json").startswith("fio-3.33\n")
    assert THROUGHPUT.parse(fio_step, "", 1.7, 0, fixture("fio-3.33-banner.json")) == plain


@pytest.mark.parametrize("status", [0, 8])
def test_fio_job_error_is_a_measurement_error_whatever_the_exit_status(fio_step, status):
    # recorded: writes hit RLIMIT_FSIZE; fio put its messages before the JSON and exited 8
    with pytest.raises(MeasurementError, match=r"error 27 \(File too large\) in phase 'seqwrite'"):
        THROUGHPUT.parse(fio_step, "", 0.4, status, fixture("fio-3.33-efbig.json"))


def test_fio_eio_in_one_phase_fails_the_whole_repeat(fio_step):
    with pytest.raises(MeasurementError, match=r"error 5 \(Input/output error\) in phase 'randread'"):
        THROUGHPUT.parse(fio_step, "", 1.7, 0, fixture("fio-3.33-eio.json"))


def test_fio_truncated_json_is_refused(fio_step):
    with pytest.raises(MeasurementError, match="truncated"):
        THROUGHPUT.parse(fio_step, "", 1.7, 0, fixture("fio-3.33-truncated.json"))


@pytest.mark.parametrize("text", [None, "", "fio: failed parsing rw=sideways\n"])
def test_fio_without_a_report_is_refused(fio_step, text):
    with pytest.raises(MeasurementError, match="report|JSON"):
        THROUGHPUT.parse(fio_step, "fio: failed parsing\n", 0.01, 1, text)


def test_fio_non_zero_exit_with_a_clean_report_is_refused(fio_step):
    with pytest.raises(MeasurementError, match="status 1"):
        THROUGHPUT.parse(fio_step, "", 1.7, 1, fixture("fio-3.33.json"))


def test_fio_killed_by_a_signal_says_so(fio_step):
    with pytest.raises(MeasurementError, match="signal 9"):
        THROUGHPUT.parse(fio_step, "", 1.7, -9, fixture("fio-3.33.json"))


def test_fio_phase_missing_from_the_report_is_refused(fio_step):
    # the 2.2.10 report has only one job; the real step asked for four phases
    with pytest.raises(MeasurementError, match="no phase 'randwrite'"):
        THROUGHPUT.parse(fio_step, "", 600, 0, fixture("fio-2.2.10.json"))


def edited(name: str, edit) -> str:
    report = json.loads(fixture(name))
    edit({job["jobname"]: job for job in report["jobs"]})
    return json.dumps(report)


def test_fio_zero_rate_is_refused(fio_step):
    def stall(jobs):
        jobs["randwrite"]["write"]["bw_bytes"] = 0
        jobs["randwrite"]["write"]["bw"] = 0
    with pytest.raises(MeasurementError, match="0 MB/s in phase 'randwrite'"):
        THROUGHPUT.parse(fio_step, "", 1.7, 0, edited("fio-3.33.json", stall))


def test_fio_requests_over_two_and_ten_seconds(fio_step):
    def slow(jobs):
        jobs["randread"]["latency_ms"][">=2000"] = 1.25  # % of requests at 2 s or more
        jobs["randread"]["read"]["clat_ns"]["max"] = 12_500_000_000  # one took 12.5 s
        jobs["randread"]["read"]["lat_ns"]["max"] = 12_500_000_100
        jobs["seqread"]["latency_ms"][">=2000"] = 0.5
        jobs["seqread"]["read"]["clat_ns"]["max"] = 3_000_000_000  # the slowest took 3 s
        jobs["seqread"]["read"]["lat_ns"]["max"] = 3_000_000_050
    got = values(THROUGHPUT.parse(fio_step, "", 30, 0, edited("fio-3.33.json", slow)))
    assert got["randread.over_2s_pct"] == 1.25
    assert got["randread.lat_max_ms"] == pytest.approx(12500.0001, rel=1e-12)
    # fio's buckets end at ">=2000" ms: with a 12.5 s request the share over 10 s is unknown,
    # so it is left out rather than guessed
    assert "randread.over_10s_pct" not in got
    # with nothing over 3 s, nothing was over 10 s: exactly 0
    assert got["seqread.over_2s_pct"] == 0.5 and got["seqread.over_10s_pct"] == 0.0


def test_fio_without_group_reporting_is_refused(fio_step):
    report = json.loads(fixture("fio-3.33.json"))
    report["jobs"].append(json.loads(json.dumps(report["jobs"][0])))
    with pytest.raises(MeasurementError, match="'seqwrite' more than once"):
        THROUGHPUT.parse(fio_step, "", 1.7, 0, json.dumps(report))


def test_fio_3_1_without_bw_bytes_uses_kib_per_second():
    step = old_fio_step(("seqwrite", "write"))
    got = values(THROUGHPUT.parse(step, "", 1.0, 0, fixture("fio-3.1-gvisor.json")))
    # write.bw 1753471 KiB/s; lat_ns mean 2117.878979, max 754770; usr 17.922948 + sys 81.574539
    assert got["seqwrite.rate_mbs"] == pytest.approx(1753471 * 1024 / 1e6, rel=1e-12)
    assert got["seqwrite.rate_mbs"] == pytest.approx(1795.554304, rel=1e-12)
    assert got["seqwrite.lat_avg_ms"] == pytest.approx(0.002117878979, rel=1e-12)
    assert got["seqwrite.lat_max_ms"] == pytest.approx(0.75477, rel=1e-12)
    assert got["seqwrite.cpu_pct"] == pytest.approx(99.497487, rel=1e-12)
    assert got["seqwrite.over_2s_pct"] == 0.0 and got["seqwrite.over_10s_pct"] == 0.0


def test_fio_2_2_10_latencies_in_microseconds():
    step = old_fio_step(("seqwrite", "write"))
    got = values(THROUGHPUT.parse(step, "", 661, 0, fixture("fio-2.2.10.json")))
    # write.bw 62499 KiB/s; lat (usec) mean 8182.26, max 261142; usr 0.41 + sys 1.05
    assert got["seqwrite.rate_mbs"] == pytest.approx(63.998976, rel=1e-12)
    assert got["seqwrite.lat_avg_ms"] == pytest.approx(8.18226, rel=1e-12)
    assert got["seqwrite.lat_max_ms"] == pytest.approx(261.142, rel=1e-12)
    assert got["seqwrite.cpu_pct"] == pytest.approx(1.46, rel=1e-12)
    assert got["seqwrite.cpu_eff"] == pytest.approx(63.998976 / 1.46, rel=1e-12)
    assert got["seqwrite.over_2s_pct"] == 0.0 and got["seqwrite.over_10s_pct"] == 0.0


def test_fio_2_1_11_read_phase_without_job_options():
    # no "job options" in 2.1.11: the direction comes from the step's own --rw=randread
    step = old_fio_step(("randread", "randread"))
    got = values(THROUGHPUT.parse(step, "", 2128, 0, fixture("fio-2.1.11-storperf.json")))
    # read.bw 21 KiB/s; lat (usec) mean 255.56, max 6330; usr 0.96 + sys 23.82
    assert got["randread.rate_mbs"] == pytest.approx(0.021504, rel=1e-12)
    assert got["randread.lat_avg_ms"] == pytest.approx(0.25556, rel=1e-12)
    assert got["randread.lat_max_ms"] == pytest.approx(6.33, rel=1e-12)
    assert got["randread.cpu_pct"] == pytest.approx(24.78, rel=1e-12)


def test_fio_reads_the_section_fio_says_it_ran():
    # a step that (wrongly) says --rw=read for a job fio reports as rw=write: fio's own
    # "job options" win, so the figures still come from the write section
    step = old_fio_step(("seqwrite", "read"))
    got = values(THROUGHPUT.parse(step, "", 1.0, 0, fixture("fio-3.1-gvisor.json")))
    assert got["seqwrite.rate_mbs"] == pytest.approx(1795.554304, rel=1e-12)


# ---------------------------------------------------------------------------------------------
# dbench (metadata)


@pytest.fixture
def dbench_step() -> Step:
    return measured(METADATA, context(METADATA, clients=2, seconds=5))


@pytest.mark.parametrize("name, throughput, max_latency", [
    ("dbench-4.00.txt", 1119.17, 29.045),  # "Throughput 1119.17 MB/sec  2 clients  2 procs  max_latency=29.045 ms"
    ("dbench-4.00-warmup.txt", 1107.79, 42.816),
    ("dbench-4.00-btrfs-sync-open.txt", 452.385, 1963.312),  # "(sync open)" between MB/sec and clients
    ("dbench-3.03-lkml.txt", 179.726, None),  # 3.x: no latency at all
    ("dbench-3.04-format.txt", 15.4433, None),
    ("dbench-2-colinux-sync.txt", 10.0026, None),  # "(sync open) (sync dirs) 5 procs"
])
def test_dbench_versions(dbench_step, name, throughput, max_latency):
    samples = METADATA.parse(dbench_step, fixture(name), 6.1, 0, None)
    metrics = by_metric(samples)
    assert metrics["dbench.throughput_mbs"].value == throughput
    assert (metrics["dbench.throughput_mbs"].unit, metrics["dbench.throughput_mbs"].better) == ("MB/s", HIGHER)
    if max_latency is None:
        assert set(metrics) == {"dbench.throughput_mbs"}
    else:
        assert metrics["dbench.max_latency_ms"].value == max_latency
        assert (metrics["dbench.max_latency_ms"].unit, metrics["dbench.max_latency_ms"].better) == ("ms", LOWER)


def test_dbench_progress_lines_are_not_the_result(dbench_step):
    # the recording's last progress line says 1119.17 MB/sec too; a run with only progress
    # lines must fail, not return that figure
    progress_only = "".join(line for line in fixture("dbench-4.00.txt").splitlines(keepends=True)
                            if "Throughput" not in line)
    assert "MB/sec  execute" in progress_only
    with pytest.raises(MeasurementError, match="no 'Throughput' line"):
        METADATA.parse(dbench_step, progress_only, 6.1, 0, None)


def test_dbench_2_progress_line_is_ignored(dbench_step):
    # "   0     62477  10.01 MB/sec" precedes "Throughput 10.0026 MB/sec …"
    got = values(METADATA.parse(dbench_step, fixture("dbench-2-colinux-sync.txt"), 30, 0, None))
    assert got == {"dbench.throughput_mbs": 10.0026}


@pytest.mark.parametrize("status", [0, 130, -2])
def test_dbench_interrupted_run_is_refused(dbench_step, status):
    # recorded: SIGINT after 3.5 s, output ends in progress lines
    with pytest.raises(MeasurementError):
        METADATA.parse(dbench_step, fixture("dbench-4.00-interrupted.txt"), 3.5, status, None)


def test_dbench_non_zero_exit_is_refused_even_with_a_throughput_line(dbench_step):
    with pytest.raises(MeasurementError, match="status 1"):
        METADATA.parse(dbench_step, fixture("dbench-4.00.txt"), 6.1, 1, None)


@pytest.mark.parametrize("line", [
    "Throughput 0 MB/sec  2 clients  2 procs  max_latency=0.000 ms",
    "Throughput nan MB/sec  2 clients  2 procs  max_latency=0.000 ms",
    "Throughput -nan MB/sec 15 procs",
])
def test_dbench_zero_or_nonsense_throughput_is_refused(dbench_step, line):
    with pytest.raises(MeasurementError, match="throughput"):
        METADATA.parse(dbench_step, f"releasing clients\r\n\r\n{line}\r\n", 6.0, 0, None)


def test_dbench_1_netbench_style_line_takes_the_first_figure(dbench_step):
    # dbench 1.x printed "Throughput %g MB/sec (NB=%g MB/sec  %g MBit/sec)"
    got = values(METADATA.parse(dbench_step, "Throughput 12.5 MB/sec (NB=3.125 MB/sec  25 MBit/sec)\n", 60, 0, None))
    assert got == {"dbench.throughput_mbs": 12.5}


# ---------------------------------------------------------------------------------------------
# coldread: wall time (smallfiles' timer: tests/test_wl_smallfiles.py)


def test_coldread_time():
    step = measured(COLDREAD, context(COLDREAD))
    assert COLDREAD.parse(step, "", 3.25, 0, None) == [Sample("coldread", "read.seconds", 3.25, "s", LOWER)]


@pytest.mark.parametrize("workload, phase", [(SMALLFILES, "rm"), (COLDREAD, "read")])
def test_timed_phase_that_failed_is_refused(workload, phase):
    step = measured(workload, context(workload), phase)
    with pytest.raises(MeasurementError, match="status 2"):
        workload.parse(step, "tar: Error is not recoverable: exiting now\n", 1.0, 2, None)


@pytest.mark.parametrize("seconds", [0.0, -1.0, math.nan, math.inf])
def test_timed_phase_needs_a_real_duration(seconds):
    step = measured(COLDREAD, context(COLDREAD), "read")
    with pytest.raises(MeasurementError, match="wall time"):
        COLDREAD.parse(step, "", seconds, 0, None)


def test_parse_refuses_a_step_that_is_not_measured():
    cache_step = [step for step in SMALLFILES.repeat_steps(context(SMALLFILES), 1) if step.phase is None][0]
    with pytest.raises(ValueError, match="not a measured step"):
        SMALLFILES.parse(cache_step, "", 1.0, 0, None)
    with pytest.raises(ValueError, match="belongs to workload smallfiles"):
        COLDREAD.parse(measured(SMALLFILES, context(SMALLFILES), "tar"), "", 1.0, 0, None)


# ---------------------------------------------------------------------------------------------
# writes and command: the count-writes report


def test_writes_single_device_report():
    step = measured(WRITES, context(WRITES, data="/dev/vda"), "populate")
    samples = WRITES.parse(step, "/dev/vda: 26.68 MB written\r\n", 0.3, 0, fixture("count-writes.json"))
    metrics = by_metric(samples)
    # bytes_written 26681344 → 26.681344 MB (10^6 bytes); no journal device → no journal figure
    assert values(samples) == {"populate.mb_written": 26.681344, "populate.data_mb_written": 26.681344,
                               "populate.seconds": 0.092788}
    assert all(sample.better == LOWER for sample in samples)
    assert metrics["populate.mb_written"].unit == "MB" and metrics["populate.seconds"].unit == "s"


def test_writes_with_external_journal_counts_both_devices():
    step = measured(WRITES, context(WRITES, data="/dev/loop0p1", journal="/dev/loop0p2"), "clean")
    got = values(WRITES.parse(step, "", 0.6, 0, fixture("count-writes-journal.json")))
    assert got == {"clean.mb_written": pytest.approx(14.598144, rel=1e-12), "clean.data_mb_written": 7.340032,
                   "clean.journal_mb_written": 7.258112, "clean.seconds": 0.412345}


def test_writes_second_device_with_no_writes_is_a_real_zero():
    step = measured(WRITES, context(WRITES, data="/dev/vda", journal="/dev/zram0"), "build")
    got = values(WRITES.parse(step, "", 0.1, 0, fixture("count-writes-two-devices.json")))
    assert got["build.journal_mb_written"] == 0.0
    assert got["build.mb_written"] == got["build.data_mb_written"] == 7.602176


def test_writes_failed_command_is_refused():
    # recorded: the counted command exited 2; the helper passes that status on
    step = measured(WRITES, context(WRITES, data="/dev/vda"), "build")
    with pytest.raises(MeasurementError, match="phase 'build': 'fstune workload-helper build' exited with status 2"):
        WRITES.parse(step, "make: *** [all] Error 2\r\n", 0.1, 2, fixture("count-writes-exit2.json"))
    # and even if the step's own status were lost, the report's exit_status still refuses it
    with pytest.raises(MeasurementError, match="status 2"):
        WRITES.parse(step, "", 0.1, 0, fixture("count-writes-exit2.json"))


def test_writes_helper_failure_without_report():
    step = measured(WRITES, context(WRITES, data="/dev/vda"), "populate")
    with pytest.raises(MeasurementError, match="write counter .* exited with status 2"):
        WRITES.parse(step, "/dev/vda has no I/O counters", 0.1, 2, None)
    with pytest.raises(MeasurementError, match="no report"):
        WRITES.parse(step, "", 0.1, 0, None)


def test_writes_truncated_report_is_refused():
    step = measured(WRITES, context(WRITES, data="/dev/vda"), "populate")
    with pytest.raises(MeasurementError, match="not complete JSON"):
        WRITES.parse(step, "", 0.1, 0, fixture("count-writes.json")[:120])


def test_writes_report_must_cover_every_counted_device():
    # the step counts a journal device too, but the report only has /dev/vda
    step = measured(WRITES, context(WRITES, data="/dev/vda", journal="/dev/loop0p2"), "populate")
    with pytest.raises(MeasurementError, match="no figure for /dev/loop0p2"):
        WRITES.parse(step, "", 0.1, 0, fixture("count-writes.json"))


def test_writes_counter_going_backwards_is_refused():
    report = json.loads(fixture("count-writes.json"))
    report["devices"]["/dev/vda"]["bytes_written"] = -4096
    step = measured(WRITES, context(WRITES, data="/dev/vda"), "populate")
    with pytest.raises(MeasurementError, match="went backwards"):
        WRITES.parse(step, "", 0.1, 0, json.dumps(report))


def test_command_workload_phase_is_command():
    ctx = context(COMMAND, data="/dev/loop0p1", journal="/dev/loop0p2", command="make -j2")
    step = measured(COMMAND, ctx)
    assert step.phase == "command"
    got = values(COMMAND.parse(step, "", 0.6, 0, fixture("count-writes-journal.json")))
    assert got == {"command.mb_written": pytest.approx(14.598144, rel=1e-12), "command.data_mb_written": 7.340032,
                   "command.journal_mb_written": 7.258112, "command.seconds": 0.412345}
    with pytest.raises(MeasurementError, match="phase 'command': 'make' exited with status 2"):
        COMMAND.parse(step, "", 0.1, 2, fixture("count-writes-exit2.json"))
