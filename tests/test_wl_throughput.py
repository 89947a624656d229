"""throughput (fio): its contract, and what only it does."""

from __future__ import annotations

import pytest

from fstune import runner, workloads
from fstune.figures import HIGHER, LOWER
from fstune.workloads.throughput import FioProgress
from wlcontract import Contract, ProgressLine, Recorded, fixture, terminal_lines

PHASES = ("seqwrite", "randwrite", "seqread", "randread")
PER_PHASE = {
    "rate_mbs": ("MB/s", HIGHER, "ratio"),
    "cpu_pct": ("%", LOWER, "difference"),  # fio reports 0 % for a phase too short for its clock
    "lat_avg_ms": ("ms", LOWER, "ratio"),
    "lat_max_ms": ("ms", LOWER, "ratio"),
    "over_2s_pct": ("%", LOWER, "difference"),
    "over_10s_pct": ("%", LOWER, "difference"),
    "cpu_eff": ("MB/s per CPU %", HIGHER, "ratio"),
}

CONTRACTS = {
    "throughput": Contract(
        params={"threads": 4, "size": "auto", "runtime": 30, "block_size": "4k"},
        wizard=("threads", "size", "runtime", "block_size"),
        duration_param="runtime",
        estimate=4 * 30 + 3,  # four phases of at most 30 s, and the cache flush before them
        metrics={f"{phase}.{quantity}": facts for phase in PHASES for quantity, facts in PER_PHASE.items()},
        primary=None,
        secondary=tuple(f"{phase}.rate_mbs" for phase in PHASES),
        steering=tuple(f"{phase}.rate_mbs" for phase in PHASES),
        packages={"fio": "fio"},
        # fio 3.33's own JSON report: every phase with CPU time and nothing over 10 s
        recorded=Recorded(phase="fio", result="fio-3.33.json"),
        reported=tuple(f"{phase}.{quantity}" for phase in PHASES for quantity in PER_PHASE),
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
    assert throughput.estimate_note == "fio's figure is an upper bound"
    assert throughput.estimate_seconds(throughput.resolve({"runtime": 5})) == 4 * 5 + 3
