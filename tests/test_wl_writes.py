"""writes (MB written by a build): its contract, its phases (a clone, a build that reads its
headers again and again, a clean that reads and looks at every file), spread over journal
commits, and the tree sized to the partition."""

from __future__ import annotations

import os
import time

import pytest

from fstune import workloads
from fstune.errors import UsageError
from fstune.figures import LOWER
from fstune.workloads import helpers
from fstune.workloads.writes import WRITES
from wlcontract import SETTLE, cold, Contract, Recorded, context

PHASES = ("populate", "build", "clean")
COUNTED = {"mb_written": ("MB", LOWER, "exact"), "data_mb_written": ("MB", LOWER, "exact"),
           "journal_mb_written": ("MB", LOWER, "difference"), "seconds": ("s", LOWER, "ratio")}

CONTRACTS = {
    "writes": Contract(
        params={"files": 2000, "spread": 0},
        wizard=("files", "spread"),
        duration_param="files",
        estimate=2000 * 2 / 1000 + 2 * 3,
        metrics={f"{phase}.{quantity}": facts for phase in PHASES for quantity, facts in COUNTED.items()},
        primary=None,
        secondary=(),
        packages={"rm": "coreutils"},
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


def test_spreading_the_phases_makes_the_estimate_that_long():
    assert WRITES.estimate_seconds(WRITES.resolve({"spread": 12})) == 3 * 12 + 2 * 3
    assert WRITES.estimate_seconds(WRITES.resolve({"files": 20000})) == 20000 * 2 / 1000 + 2 * 3


def test_the_phases_are_a_clone_a_build_and_a_clean_each_counted_and_spread():
    ctx = context(WRITES, journal=True, spread="12")
    steps = WRITES.repeat_steps(ctx, 1)
    assert steps[0].argv == SETTLE and steps[1].argv == cold(journal=True)
    measured = [step for step in steps if step.phase]
    assert [step.phase for step in measured] == list(PHASES)
    counter = ("fstune", "workload-helper", "count-writes")
    for step in measured:
        assert step.argv[:3] == counter
        assert step.argv[step.argv.index("--") - 4:step.argv.index("--")] == (
            "--device", "/dev/loop0p1", "--device", "/dev/loop0p2")
    commands = [step.argv[step.argv.index("--") + 1:] for step in measured]
    helper = ("fstune", "workload-helper")
    assert commands == [(*helper, "unpack", "--spread", "12", "/tmp/fstune/source-2000.tar", "/mnt/fstune"),
                        (*helper, "build", "--spread", "12", "/mnt/fstune/src"),
                        (*helper, "clean", "--spread", "12", "/mnt/fstune/src")]
    assert steps[-1].argv == ("rm", "-r", "/mnt/fstune/src")


def test_a_tree_the_partition_cannot_hold_is_refused_with_what_fits():
    with pytest.raises(UsageError) as refused:
        WRITES.prepare_steps(context(WRITES, files="20000"))  # 512 MiB
    text = str(refused.value)
    assert "writes.files=20000 needs a partition of at least 1.2 GiB" in text and "this one is 512 MiB" in text
    assert "writes.files=8192 or fewer" in text
    assert WRITES.prepare_steps(context(WRITES, files="8192"))


@pytest.fixture
def tree(tmp_path):
    tarball = tmp_path / "source.tar"
    helpers.make_tree(str(tarball), kind="source", files=400, top="src")
    helpers.unpack(str(tarball), str(tmp_path / "fs"))
    return tmp_path / "fs" / "src"


def test_the_tree_has_headers_and_a_makefile_in_every_directory(tree):
    assert len(os.listdir(tree / "include")) == helpers.source_headers(400) == 50
    directories = sorted(p.name for p in tree.iterdir() if p.name != "include")
    assert directories == [f"dir{index:04d}" for index in range(8)]  # 50 sources to a directory
    for name in directories:
        assert (tree / name / "Makefile").is_file()
    assert len(list(tree.glob("dir*/*.c"))) == 400


def test_the_build_reads_every_header_many_times_and_the_clean_reads_every_makefile(tree, monkeypatch):
    reads = []
    real = helpers._read
    monkeypatch.setattr(helpers, "_read", lambda path: reads.append(os.path.relpath(path, tree)) or real(path))
    makefiles = [f"dir{index:04d}/Makefile" for index in range(8)]
    assert helpers.build(str(tree)) == 400
    headers = [path for path in reads if path.startswith("include/")]
    assert len(headers) == 400 * helpers.HEADERS_PER_UNIT
    per_header = {path: headers.count(path) for path in set(headers)}
    assert len(per_header) == 50 and min(per_header.values()) > 50  # read again and again between changes
    assert sorted(path for path in reads if path.endswith("Makefile")) == makefiles
    assert len(list(tree.glob("dir*/*.o"))) == 400
    # the same headers for the same unit in the next build
    first = list(reads)
    reads.clear()
    helpers.build(str(tree))
    assert reads == first

    reads.clear()
    assert helpers.clean(str(tree)) == 400
    assert sorted(reads) == makefiles
    assert not list(tree.glob("dir*/*.o")) and len(list(tree.glob("dir*/*.c"))) == 400


def test_a_spread_phase_lasts_at_least_the_spread(tree):
    started = time.monotonic()
    helpers.clean(str(tree), spread=1.0)
    assert time.monotonic() - started >= 1.0
