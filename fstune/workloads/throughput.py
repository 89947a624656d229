"""throughput — the tiobench-style test, done with fio.

Four phases in the order tiobench ran them, each waiting for the one before (stonewall):
sequential write, random write, sequential read, random read; N threads, 4 KiB blocks, fsync at
the end of the writes. All phases share the same files, so the reads read what the writes wrote.
The writes and the reads are two fio runs with the caches dropped between them. By default the
I/O is direct, so the page cache does not flatter the reads; ``io=buffered`` goes through it as
the seed's tiotest did (its shape: ``threads=32``, 4 KiB blocks), with files as large as the
partition allows so that less of them fits in the cache.

A phase that ends after a second or two varies by 5–15 % from run to run. Every phase is
therefore time-based: a ramp whose figures are dropped, then fio's own steady-state detection
(the bandwidth's trend over a rolling window flat to within STEADY_SLOPE) ends it, or
``runtime`` does. ``PHASE.steady`` says which: 1 when fio saw a steady state, 0 when the phase
ran out of time first and its figures are not to be trusted as the device's steady rate.
fio writes its JSON report to a result file; the live status line goes to the terminal.
"""

from __future__ import annotations

import json
import math
import os
import re

from fstune.figures import HIGHER, LOWER, MeasurementError, Sample
from fstune.steps import CEILING, MEASURE, Step
from fstune.util.progress import ProgressParser
from fstune.workloads.base import CACHE_SECONDS, Param, Workload, WorkloadContext, cold_cache_steps, describe_exit
from fstune.workloads.metrics import DIFFERENCE, RATIO, Metric, in_phases
from fstune.workloads.registry import get, register

MiB = 1024 * 1024
PHASES = (("seqwrite", "write"), ("randwrite", "randwrite"), ("seqread", "read"), ("randread", "randread"))
# the two fio runs (measured steps), each with its phases; the caches are dropped between them
RUNS = (("fio-writes", "writes", "write, then rewrite at random", PHASES[:2]),
        ("fio-reads", "reads", "read, then read at random", PHASES[2:]))
RAMP_SECONDS = 2  # each phase's start, left out of its figures (fio's ramp_time)
STEADY_WINDOW = 5  # seconds of bandwidth samples (one a second) fio judges the steady state on
STEADY_SLOPE = "2%"  # the bandwidth's least-squares slope, of its mean, under which it is steady
CEILING_SECONDS = 5  # each phase of the raw-device pass (``ceiling_steps``), at most ``runtime``
CEILING_RAMP_SECONDS = 1
PHASE_TITLES = {"seqwrite": "sequential write", "randwrite": "random write", "seqread": "sequential read",
                "randread": "random read"}
# which section of fio's per-job report holds a phase's figures
DIRECTION = {"write": "write", "randwrite": "write", "read": "read", "randread": "read"}

# Per phase. The rates are the secondary figures a verdict judges; the guide's words for the
# others are their names spelt out until the guide's phrasing is reviewed (a change of its texts).
PER_PHASE = (
    Metric("rate_mbs", "MB/s", HIGHER, RATIO, "rate", "rate", secondary=True),
    # fio reports 0 % for a phase too short for its clock (tests/fixtures/tools/fio-3.33-tmpfs.json)
    Metric("cpu_pct", "%", LOWER, DIFFERENCE, "CPU use", "cpu pct"),
    Metric("lat_avg_ms", "ms", LOWER, RATIO, "average latency", "lat avg ms"),
    Metric("lat_max_ms", "ms", LOWER, RATIO, "maximum latency", "lat max ms"),
    # shares of slow requests: 0 on a healthy disk
    Metric("over_2s_pct", "%", LOWER, DIFFERENCE, "requests over 2 s", "over 2s pct"),
    Metric("over_10s_pct", "%", LOWER, DIFFERENCE, "requests over 10 s", "over 10s pct", optional=True),
    Metric("cpu_eff", "MB/s per CPU %", HIGHER, RATIO, "CPU efficiency", "cpu eff", optional=True),
    # 1: fio ended the phase on a steady state; 0: runtime ran out first (fio 2.x cannot tell)
    Metric("steady", "1 = yes", HIGHER, DIFFERENCE, "reached a steady state", "steady state", optional=True),
)


@register
class Throughput(Workload):
    name = "throughput"
    title = "Throughput (fio, tiobench-style)"
    description = (
        "Sequential and random writes and reads of 4 KiB blocks from several threads at once. "
        "This is mostly data, little metadata, so an external journal is expected to change "
        "little here; it is the control that shows tuning did not cost bulk throughput."
    )
    summary = ("fio: sequential and random reads and writes of large files. Mostly data, little metadata: "
               "expect small differences from journal placement.")
    measures = "MB/s, CPU %, average and maximum latency per phase"
    listing_order = 10
    tools = ("fio",)
    packages = {"fio": "fio"}
    version_argv = {"fio": ("fio", "--version")}
    params = {
        "threads": Param("threads", "int", 4, "parallel jobs (the seed used 32)", 1, 256),
        "size": Param("size", "size", "auto", "total bytes of test files (auto: a quarter of the partition, at most 1 GiB; "
                      "with io=buffered three quarters)", 16 * MiB),
        "runtime": Param("runtime", "int", 30, "seconds each phase may take at most after its "
                         f"{RAMP_SECONDS} s ramp; it ends sooner once its rate is steady", 1, 3600, unit="s"),
        "block_size": Param("block_size", "choice", "4k", "I/O size", choices=("4k", "8k", "16k", "64k", "1m")),
        "io": Param("io", "choice", "direct", "direct: past the page cache; buffered: through it, as the "
                    "seed's tiotest (with threads=32)", choices=("direct", "buffered")),
    }
    duration_param = "runtime"
    metrics = in_phases(((phase, PHASE_TITLES[phase]) for phase, _rw in PHASES), *PER_PHASE)
    estimate_note = "an upper bound, plus writing fio's files once"

    def estimate_seconds(self, params: dict[str, object]) -> float:
        # every phase stops at its ramp plus ``runtime`` at the latest (sooner once it is steady);
        # writing the files in full first depends on the disk and is not counted
        return len(PHASES) * (RAMP_SECONDS + int(params["runtime"])) + len(RUNS) * CACHE_SECONDS

    def progress_parser(self, argv: tuple[str, ...]) -> ProgressParser | None:
        return FioProgress() if os.path.basename(argv[0]) == "fio" else None

    def file_size_per_thread(self, ctx: WorkloadContext, params: dict) -> int:
        total = params["size"]
        if total == "auto" and params["io"] == "buffered":
            # buffered reads are cold only as far as the files outgrow the page cache
            total = ctx.target_size * 3 // 4
        elif total == "auto":
            total = min(ctx.target_size // 4, 1024 * MiB)
        per_thread = max(total // params["threads"], 4 * MiB)
        return per_thread // MiB * MiB

    def repeat_steps(self, ctx: WorkloadContext, repeat: int) -> list[Step]:
        params = self.resolve(ctx.params)
        per_thread = self.file_size_per_thread(ctx, params)
        files = [
            "--eta=always", f"--directory={ctx.mountpoint}", "--filename_format=fstune-fio.$jobnum",
            "--ioengine=psync", f"--direct={int(params['io'] == 'direct')}", f"--numjobs={params['threads']}",
            f"--size={per_thread // MiB}m", "--group_reporting",
        ]
        timing = [f"--runtime={params['runtime']}", f"--ramp_time={RAMP_SECONDS}",
                  f"--steadystate=bw_slope:{STEADY_SLOPE}", f"--ss_dur={STEADY_WINDOW}"]
        # A time-based write ends when it is steady, not when it has covered its file, and fio
        # preallocates what it has not written: reads there cost no I/O. So the files are
        # written in full first, unmeasured.
        steps: list[Step] = [
            Step(("fio", *files, "--bs=1m", "--end_fsync=1", "--name=layout", "--rw=write"),
                 title=f"Write fio's files in full (repeat {repeat})", kind="setup",
                 why="every block the measured phases read holds data that was really written",
                 config=ctx.config, workload=self.name, repeat=repeat),
        ]
        for phase, label, what, jobs in RUNS:
            result = f"{ctx.workdir}/throughput-{phase}-{repeat}.json"
            steps += cold_cache_steps(ctx, f"fio's {label}", repeat, self.name)
            steps.append(Step(_phase_argv(result, files, params, timing, phase, jobs),
                              title=f"fio: {what} (repeat {repeat})",
                              why="bulk data throughput and latency the way tiobench measured them, each phase "
                              "until its rate is steady", kind=MEASURE, config=ctx.config, workload=self.name,
                              phase=phase, repeat=repeat, result_file=result))
        steps.append(Step(("rm", "-f", *(f"{ctx.mountpoint}/fstune-fio.{job}" for job in range(params["threads"]))),
                          title="Remove fio's test files", kind="cleanup-files",
                          why="each repeat starts from an empty filesystem",
                          config=ctx.config, workload=self.name, repeat=repeat))
        return steps

    def ceiling_seconds(self, params: dict[str, object]) -> float:
        """How long the raw-device pass's phases take (writing its stretch first is not counted)."""
        return len(PHASES) * (min(CEILING_SECONDS, int(params["runtime"])) + CEILING_RAMP_SECONDS)

    def ceiling_steps(self, ctx: WorkloadContext, result_dir: str) -> list[Step]:
        """The same phases once against the raw target device, before it is first formatted.

        fio's ``--filename`` is the block device itself; each thread gets its own stretch of it,
        as large as its file in the filesystem (``--offset_increment``), so the span the phases
        cover is the one a repeat covers. Always direct I/O, time-based and short (CEILING_SECONDS
        a phase, never longer than ``runtime``), without steady-state detection: once, with no
        interval (docs/ARCHITECTURE.md, "The ceiling"). The stretch is written in full first, for
        the reason a repeat writes its files first; only ``ctx.data_device`` is touched, never the
        journal's device.
        """
        params = self.resolve(ctx.params)
        per_thread = self.file_size_per_thread(ctx, params)
        device = ctx.data_device
        region = [
            "--eta=always", f"--filename={device}", "--ioengine=psync", "--direct=1",
            f"--numjobs={params['threads']}", f"--size={per_thread // MiB}m",
            f"--offset_increment={per_thread // MiB}m", "--group_reporting",
        ]
        seconds = min(CEILING_SECONDS, int(params["runtime"]))  # as ceiling_seconds counts it
        timing = [f"--runtime={seconds}", f"--ramp_time={CEILING_RAMP_SECONDS}"]
        steps = [Step(("fio", *region, "--bs=1m", "--end_fsync=1", "--name=layout", "--rw=write"),
                      title=f"Raw device: write fio's stretch of {device} in full", kind=CEILING,
                      why="the raw reads then read data that was really written; the device is formatted next "
                      "anyway", destructive=True, device=device, workload=self.name)]
        for phase, _label, what, jobs in RUNS:
            result = f"{result_dir}/ceiling-{phase}.json"
            writes = phase == "fio-writes"
            steps.append(Step(_phase_argv(result, region, params, timing, phase, jobs),
                              title=f"Raw device: fio {what} on {device} ({seconds} s a phase)", kind=CEILING,
                              why="what the device itself can do, before any filesystem: the ceiling each "
                              "configuration's rates are shown against", destructive=writes,
                              device=device if writes else None, workload=self.name, phase=phase,
                              result_file=result))
        return steps

    def parse(self, step: Step, output: str, seconds: float, exit_status: int,
              result_text: str | None) -> list[Sample]:
        """The tiobench table from fio's JSON report: one job (group) per phase.

        Per phase: rate (MB/s = 10^6 bytes/s), CPU % (user + system), average and maximum
        latency (ms), % of requests over 2 s and over 10 s, and CPU efficiency (rate / CPU %).
        Works with fio 3.x (``bw_bytes``, ``lat_ns``) and fio 2.x (``bw`` in KiB/s, ``lat`` in µs).
        """
        self.measured_phase(step)
        if result_text is None or not result_text.strip():
            reason = describe_exit(exit_status) if exit_status else "finished"
            raise MeasurementError(f"fio {reason} but wrote no report to {step.result_file}.")
        report = load_fio_report(result_text)
        jobs = _jobs_by_phase(report)
        wanted = _phases_asked(step)
        # fio's own per-job error is the most precise reason, so it goes before the exit status
        for phase, job in jobs.items():
            if job.get("error", 0):
                raise MeasurementError(f"fio reported {_errno_text(job['error'])} in phase '{phase}'.")
        if exit_status != 0:
            raise MeasurementError(f"fio {describe_exit(exit_status)}; its report is not trusted.")
        samples: list[Sample] = []
        for phase, rw in wanted.items():
            job = jobs.get(phase)
            if job is None:
                raise MeasurementError(f"fio's report has no phase '{phase}': the run was cut short.")
            samples += self._phase_samples(phase, _rw_of(job, rw), job)
        return samples

    def _phase_samples(self, phase: str, rw: str, job: dict) -> list[Sample]:
        direction = DIRECTION.get(rw)
        if direction is None:
            raise MeasurementError(f"phase '{phase}' ran rw={rw}; fstune reads only pure read or write phases.")
        section = job.get(direction)
        if not isinstance(section, dict):
            raise MeasurementError(f"fio's report has no {direction} figures for phase '{phase}'.")
        if "bw_bytes" in section:  # fio ≥ 3.5: bytes per second
            bytes_per_s = _field(section, "bw_bytes", phase)
        else:  # fio 2.x and early 3.x: KiB per second
            bytes_per_s = _field(section, "bw", phase) * 1024
        rate = bytes_per_s / 1e6
        if rate <= 0:
            raise MeasurementError(f"fio measured 0 MB/s in phase '{phase}': nothing was transferred.")
        cpu = _field(job, "usr_cpu", phase) + _field(job, "sys_cpu", phase)
        lat_avg, lat_max, clat_max = _latencies_ms(section, phase)
        buckets = job.get("latency_ms")
        if not isinstance(buckets, dict) or ">=2000" not in buckets:
            raise MeasurementError(f"fio's report has no millisecond latency buckets for phase '{phase}'.")
        over_2s = _field(buckets, ">=2000", phase)
        samples = [
            self.sample(f"{phase}.rate_mbs", rate),
            self.sample(f"{phase}.cpu_pct", cpu),
            self.sample(f"{phase}.lat_avg_ms", lat_avg),
            self.sample(f"{phase}.lat_max_ms", lat_max),
            self.sample(f"{phase}.over_2s_pct", over_2s),
        ]
        # fio's buckets stop at ">=2000" ms, so the share over 10 s is only known when nothing
        # took that long (then it is exactly 0); otherwise it is left out rather than guessed
        if clat_max < 10_000:
            samples.append(self.sample(f"{phase}.over_10s_pct", 0.0))
        # with no CPU time recorded (a run too short for fio's clock) the ratio is undefined
        if cpu > 0:
            samples.append(self.sample(f"{phase}.cpu_eff", rate / cpu))
        steady = job.get("steadystate")
        if isinstance(steady, dict):  # asked for, and a fio that knows it (2.17 and later)
            attained = steady.get("attained")
            if attained not in (0, 1) or isinstance(attained, bool):
                raise MeasurementError(f"fio's steady-state report for phase '{phase}' has no verdict ({attained!r}).")
            samples.append(self.sample(f"{phase}.steady", float(attained)))
        return samples


def _phase_argv(result: str, files: list[str], params: dict, timing: list[str], phase: str,
                jobs: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """One measured fio run: its phases one after the other (stonewall), its report to ``result``."""
    argv = ["fio", f"--output={result}", "--output-format=json", *files, f"--bs={params['block_size']}",
            "--time_based", *timing]
    if phase == "fio-writes":
        argv.append("--end_fsync=1")
    for index, (job, rw) in enumerate(jobs):
        argv += [f"--name={job}", f"--rw={rw}"]
        if index:
            argv.append("--stonewall")
    return tuple(argv)


def load_fio_report(text: str) -> dict:
    """fio's JSON report, without what fio printed into the same file before it.

    fio writes error messages ("fio: pid=…, err=5/…") and sometimes its version banner into
    the ``--output`` file ahead of the JSON, so parsing starts at the first line opening with
    "{". A report cut off part-way is not valid JSON and is refused.
    """
    start = re.search(r"^\{", text, re.MULTILINE)
    if start is None:
        raise MeasurementError("fio's report contains no JSON (the run ended before fio wrote it).")
    try:
        report = json.loads(text[start.start():])
    except ValueError as error:
        raise MeasurementError(f"fio's JSON report is truncated or damaged ({error}).") from None
    if not isinstance(report, dict) or not isinstance(report.get("jobs"), list) or not report["jobs"]:
        raise MeasurementError("fio's report lists no jobs.")
    return report


def _jobs_by_phase(report: dict) -> dict[str, dict]:
    jobs: dict[str, dict] = {}
    for job in report["jobs"]:
        if not isinstance(job, dict) or not isinstance(job.get("jobname"), str):
            raise MeasurementError("fio's report has a job without a name.")
        name = job["jobname"]
        if name in jobs:
            # without --group_reporting every thread is its own entry; averaging them here
            # would need weights fio 2.x does not report, so such a report is refused
            raise MeasurementError(f"fio reported phase '{name}' more than once (was --group_reporting lost?).")
        jobs[name] = job
    return jobs


def _phases_asked(step: Step) -> dict[str, str]:
    """The phases the step's command line asked for (``--name=`` then ``--rw=``), in order.

    A step rebuilt from a stored run (``fstune results recompute``) has no command line: it asked
    what its phase asks (``RUNS``), or all four when the phase is an older, single fio run."""
    asked: dict[str, str] = {}
    current = None
    for word in step.argv:
        if word.startswith("--name="):
            current = word[len("--name="):]
            asked[current] = ""
        elif word.startswith("--rw=") and current is not None:
            asked[current] = word[len("--rw="):]
    if asked:
        return asked
    return next((dict(jobs) for phase, _label, _what, jobs in RUNS if phase == step.phase), dict(PHASES))


def _rw_of(job: dict, asked: str) -> str:
    options = job.get("job options")
    if isinstance(options, dict) and isinstance(options.get("rw"), str):
        return options["rw"]  # what fio itself says it ran
    return asked or dict(PHASES).get(job["jobname"], "")


def _field(data: dict, key: str, phase: str) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise MeasurementError(f"fio's report has no usable '{key}' for phase '{phase}' ({value!r}).")
    return float(value)


def _latencies_ms(section: dict, phase: str) -> tuple[float, float, float]:
    """(average, maximum) total latency and maximum completion latency, in milliseconds.

    fio ≥ 3.0 reports nanoseconds (``lat_ns``/``clat_ns``); fio 2.x reported microseconds under
    ``lat``/``clat``. The completion latency is what fio's millisecond buckets count.
    """
    if isinstance(section.get("lat_ns"), dict):
        lat, clat, scale = section["lat_ns"], section.get("clat_ns"), 1e6
    elif isinstance(section.get("lat"), dict):
        lat, clat, scale = section["lat"], section.get("clat"), 1e3
    else:
        raise MeasurementError(f"fio's report has no latency figures for phase '{phase}'.")
    average, maximum = _field(lat, "mean", phase) / scale, _field(lat, "max", phase) / scale
    if maximum <= 0:
        raise MeasurementError(f"fio recorded no latency for phase '{phase}' (was latency measurement off?).")
    # clat ≤ lat for every request, so the total maximum is a safe stand-in when clat is absent
    clat_max = _field(clat, "max", phase) / scale if isinstance(clat, dict) else maximum
    return average, maximum, clat_max


def _errno_text(error: object) -> str:
    if isinstance(error, int) and not isinstance(error, bool) and error > 0:
        return f"error {error} ({os.strerror(error)})"
    return f"error {error!r}"


def _seconds(text: str) -> float | None:
    """fio's ETA "01h:02m:03s", "00m:11s", "1d:02h:00m:00s" → seconds."""
    total = 0
    found = False
    for number, unit in re.findall(r"(\d+)([dhms])", text):
        total += int(number) * {"d": 86400, "h": 3600, "m": 60, "s": 1}[unit]
        found = True
    return float(total) if found else None


MAX_ETA = 7 * 86400  # beyond this an ETA is a tool's placeholder, not an estimate


class FioProgress(ProgressParser):
    """fio --eta=always: "Jobs: 4 (f=4): [W(4)][45.0%][w=…][eta 00m:11s]"."""

    PERCENT = re.compile(r"\]\[(\d+(?:\.\d+)?)%\]")
    ETA = re.compile(r"\[eta ([0-9dhms:]+)\]")

    def parse(self, text):
        if not text.startswith("Jobs:"):
            return None
        pct = self.PERCENT.search(text)
        eta = self.ETA.search(text)
        if not pct and not eta:
            return None
        fraction = min(1.0, float(pct.group(1)) / 100) if pct else None
        seconds = _seconds(eta.group(1)) if eta else None
        if seconds is not None and seconds > MAX_ETA:
            seconds = None  # fio prints ETAs of thousands of days while it cannot estimate yet
        return fraction, seconds, "fio"


THROUGHPUT = get(Throughput.name)
