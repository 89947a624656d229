"""writes (MB written by a build): its contract, and which of its figures steers the repeats."""

from __future__ import annotations

from fstune import workloads
from fstune.figures import LOWER
from wlcontract import Contract, Recorded

PHASES = ("populate", "build", "clean")
COUNTED = {"mb_written": ("MB", LOWER, "exact"), "data_mb_written": ("MB", LOWER, "exact"),
           "journal_mb_written": ("MB", LOWER, "difference"), "seconds": ("s", LOWER, "ratio")}

CONTRACTS = {
    "writes": Contract(
        params={"files": 2000},
        wizard=("files",),
        duration_param="files",
        estimate=2000 * 2 / 1000 + 2 * 3,
        metrics={f"{phase}.{quantity}": facts for phase in PHASES for quantity, facts in COUNTED.items()},
        primary=None,
        secondary=(),
        steering=tuple(f"{phase}.mb_written" for phase in PHASES),
        packages={"tar": "tar", "find": "findutils"},
        # the counter's report for a data device and an external journal device
        recorded=Recorded(phase="build", result="count-writes-journal.json", journal=True),
        reported=tuple(f"build.{quantity}" for quantity in COUNTED),
        progress=None,
    ),
}


def test_the_shares_of_each_device_are_declared_parts_of_the_total():
    writes = workloads.get("writes")
    for phase in PHASES:
        assert writes.metric(f"{phase}.data_mb_written").part_of == "mb_written"
        journal = writes.metric(f"{phase}.journal_mb_written")
        assert journal.part_of == "mb_written" and journal.external_journal_only and journal.optional
        assert not writes.metric(f"{phase}.mb_written").part_of
