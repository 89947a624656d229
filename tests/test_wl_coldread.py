"""coldread (a start-up's reads from a cold cache): its contract, the fixed scattered order it
reads the tree in, and the five runs its study keeps one by one."""

from __future__ import annotations

from pathlib import Path

from fstune.figures import LOWER
from fstune.plan import Choices, DeviceChoice, build_plan
from fstune.studies import find_study
from fstune.workloads import helpers
from fstune.workloads.coldread import COLDREAD
from wlcontract import SETTLE, cold, Contract, Recorded, context

CONTRACTS = {
    "coldread": Contract(
        params={"files": 3000},
        wizard=("files",),
        duration_param="files",
        estimate=3000 * 2 / 1000 + 2 * 3,
        metrics={"read.seconds": ("s", LOWER, "ratio")},
        primary="read.seconds",
        secondary=(),
        packages={"tar": "tar", "xargs": "findutils", "cat": "coreutils"},
        recorded=Recorded(phase="read", seconds=3.25),
        reported=("read.seconds",),
        progress=None,
    ),
}


def test_the_tree_and_its_reading_order_are_made_once_and_read_from_a_cold_cache():
    ctx = context(COLDREAD)
    [prepare] = COLDREAD.prepare_steps(ctx)
    assert prepare.argv == ("fstune", "workload-helper", "make-tree", "--kind", "mixed", "--files", "3000",
                            "--top", "startup", "--order", "/tmp/fstune/startup-3000.order",
                            "/tmp/fstune/startup-3000.tar")
    steps = COLDREAD.repeat_steps(ctx, 4)
    assert [step.argv for step in steps[:2]] == [SETTLE, cold()]
    [read] = [step for step in steps if step.phase]
    # cat gets the listed paths in the list's order, relative to the filesystem under test
    assert read.argv == ("xargs", "-d", "\\n", "-a", "/tmp/fstune/startup-3000.order", "cat")
    assert read.cwd == ctx.mountpoint and read.stdout == "/dev/null" and read.repeat == 4


def test_the_order_lists_every_file_once_scattered_across_the_tree_and_never_changes(tmp_path):
    def make(name):
        order = tmp_path / f"{name}.order"
        count = helpers.make_tree(str(tmp_path / f"{name}.tar"), kind="mixed", files=500, top="startup",
                                  order=str(order))
        return count, order.read_text().splitlines()

    count, paths = make("a")
    assert count == 500 and len(paths) == len(set(paths)) == 500
    assert all(path.startswith("startup/dir") for path in paths)
    assert paths != sorted(paths)
    # scattered: most consecutive reads go to another directory than the one before
    moves = sum(Path(a).parent != Path(b).parent for a, b in zip(paths, paths[1:]))
    assert moves > 0.8 * (len(paths) - 1)
    assert make("b")[1] == paths  # the same order for every configuration and every run


def test_the_seed_s_five_runs_are_five_repeats_each_with_its_own_figure():
    study = find_study("coldread-filesystems")
    plan = build_plan(Choices(study, DeviceChoice("/dev/sdx1", 20 * 1024 ** 3, disk="sdx"), None, run_id="five"))
    for config in plan.configs:
        reads = [step for step in plan.steps if step.phase == "read" and step.config == config.config.name]
        # one read per block, in five blocks
        assert [(step.repeat, step.block) for step in reads] == [(n, n) for n in (1, 2, 3, 4, 5)]
