"""metadata (dbench): its contract, and what only it does."""

from __future__ import annotations

from fstune import workloads
from fstune.figures import HIGHER, LOWER
from fstune.workloads.metadata import LOADFILE, DbenchProgress
from wlcontract import Contract, ProgressLine, Recorded

CONTRACTS = {
    "metadata": Contract(
        params={"clients": 8, "seconds": 60, "loadfile": LOADFILE},
        wizard=("clients", "seconds"),  # the load file keeps the study's value
        duration_param="seconds",
        estimate=60 + 3 + 2,  # the run, the cache flush, dbench's start and cleanup
        metrics={"dbench.throughput_mbs": ("MB/s", HIGHER, "ratio"),
                 "dbench.max_latency_ms": ("ms", LOWER, "ratio")},
        primary="dbench.throughput_mbs",
        secondary=(),
        packages={"dbench": "dbench"},
        recorded=Recorded(phase="dbench", output="dbench-4.00.txt"),
        reported=("dbench.throughput_mbs", "dbench.max_latency_ms"),
        # -t 10 and "minimum warmup 2 secs": "execute 3 sec" is 5 of 12 seconds
        progress=ProgressLine("dbench-4.00-warmup.txt", 8, (5 / 12, 7.0, "dbench execute"),
                              params={"seconds": "10"}),
    ),
}


def test_dbench_s_run_time_comes_from_its_command_line():
    assert DbenchProgress.for_argv(("dbench", "-t", "30", "4")).seconds == 30
    assert DbenchProgress.for_argv(("dbench", "--timelimit=45", "4")).seconds == 45
    assert DbenchProgress.for_argv(("dbench", "4")).seconds == 600  # dbench's own default
    assert DbenchProgress.for_argv(("dbench", "4")).warmup == 120  # a fifth, until dbench says


def test_dbench_3_has_no_latency_so_it_is_optional():
    metadata = workloads.get("metadata")
    assert metadata.metric("dbench.max_latency_ms").optional
    assert not metadata.metric("dbench.throughput_mbs").optional
