"""Plans: the ordered steps for each study and filesystem, and the dry-run script made of them.

Golden scripts (tests/golden/*.sh) pin what each shipped study plans, so any change to a
command is a reviewed change. Regenerate them with FSTUNE_UPDATE_GOLDEN=1 after checking the
diff by eye.
"""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from fstune.errors import DeviceError, UsageError
from fstune.plan import (DEFAULT_MOUNT_ROOT, MOUNT_ROOT_ENV, Choices, DeviceChoice, OptionOverride, balanced_orders, build_plan,
                         describe_looks, render_script)
from fstune.steps import JOURNAL, MKFS, MOUNT, UMOUNT
from fstune.studies import load_studies, parse_study
from fstune.util import paths

GOLDEN = Path(__file__).parent / "golden"
GiB = 1024**3
TARGET = DeviceChoice("/dev/sdb1", 20 * GiB, disk="sdb")
LOG = DeviceChoice("/dev/sdc1", 512 * 1024**2, disk="sdc")


@pytest.fixture(autouse=True)
def machine_mount_root(monkeypatch):
    """The plans here (and the golden scripts) are the ones a user gets: under /run/fstune, not
    under the suite's own mount root (conftest.own_mount_root)."""
    monkeypatch.delenv(MOUNT_ROOT_ENV, raising=False)


def study_of(fs, journal="internal", mount="", mkfs=(), workloads=(), extra=""):
    words = ", ".join(f'"{w}"' for w in mkfs)
    loads = ", ".join(f'"{w}"' for w in workloads)
    return parse_study(
        f'''title = "t"
summary = "s"
explanation = "e"
workloads = [{loads}]
[[configurations]]
name = "base"
title = "baseline"
filesystem = "{fs}"
[[configurations]]
name = "tuned"
title = "tuned"
filesystem = "{fs}"
journal = "{journal}"
mkfs_options = [{words}]
mount_options = "{mount}"
{extra}''',
        "inline.toml",
    )


def argvs(plan, kind=None):
    return [list(s.argv) for s in plan.steps if kind is None or s.kind == kind]


def test_ext3_external_journal_is_made_before_the_filesystem_that_uses_it():
    study = load_studies()["ext3-external-journal"]
    plan = build_plan(Choices(study, TARGET, LOG, force=False, workloads=()))
    commands = argvs(plan)
    journal = ["mkfs.ext3", "-b", "4096", "-O", "journal_dev", "-E", "lazy_journal_init=0", "/dev/sdc1"]
    fs = ["mkfs.ext3", "-b", "4096", "-E", "lazy_itable_init=0,lazy_journal_init=0", "-J", "device=/dev/sdc1", "/dev/sdb1"]
    assert journal in commands and fs in commands
    assert commands.index(journal) < commands.index(fs)
    # the baseline has its journal inside, and is made first
    assert commands.index(["mkfs.ext3", "-b", "4096", "-E", "lazy_itable_init=0,lazy_journal_init=0", "/dev/sdb1"]) < commands.index(journal)


def test_force_flag_is_passed_once_per_mkfs_when_confirmed():
    study = load_studies()["ext3-external-journal"]
    plan = build_plan(Choices(study, TARGET, LOG, workloads=()))
    for step in plan.steps:
        if step.kind in (MKFS, JOURNAL):
            assert step.argv.count("-F") == 1, step.argv
            assert "-FF" not in step.argv


@pytest.mark.parametrize(
    "fs, journal, expected_mkfs, expected_mount_opt",
    [
        ("ext2", "none", [["mkfs.ext2", "-b", "4096", "-F", "/dev/sdb1"]], None),
        ("ext4", "none", [["mkfs.ext4", "-b", "4096", "-E", "lazy_itable_init=0,lazy_journal_init=0", "-O", "^has_journal", "-F", "/dev/sdb1"]], None),
        ("ext4", "external", [["mkfs.ext4", "-b", "4096", "-O", "journal_dev", "-E", "lazy_journal_init=0", "-F",
                               "/dev/sdc1"],
                              ["mkfs.ext4", "-b", "4096", "-E", "lazy_itable_init=0,lazy_journal_init=0", "-J", "device=/dev/sdc1", "-F", "/dev/sdb1"]],
         "journal_path=/dev/sdc1"),
        ("xfs", "external", [["mkfs.xfs", "-f", "-l", "logdev=/dev/sdc1", "/dev/sdb1"]], "logdev=/dev/sdc1"),
        ("reiserfs", "external", [["mkreiserfs", "-f", "-j", "/dev/sdc1", "/dev/sdb1"]], "jdev=/dev/sdc1"),
        ("jfs", "external", [["mkfs.jfs", "-q", "-J", "journal_dev", "/dev/sdc1"],
                             ["mkfs.jfs", "-q", "-J", "device=/dev/sdc1", "/dev/sdb1"]], None),
        ("btrfs", "internal", [["mkfs.btrfs", "-f", "/dev/sdb1"]], None),
    ],
)
def test_each_filesystem_plans_its_own_commands(fs, journal, expected_mkfs, expected_mount_opt):
    study = study_of(fs, journal)
    log = LOG if journal == "external" else None
    plan = build_plan(Choices(study, TARGET, log, workloads=()))
    tuned = plan.configs[1]
    commands = [list(s.argv) for s in tuned.steps if s.kind in (MKFS, JOURNAL)]
    assert commands == expected_mkfs
    mount = next(s for s in tuned.steps if s.kind == MOUNT)
    assert mount.argv[:3] == ("mount", "-t", fs)
    assert mount.argv[-2:] == ("/dev/sdb1", tuned.mountpoint)
    if expected_mount_opt:
        assert expected_mount_opt in mount.argv[mount.argv.index("-o") + 1]
    # every configuration ends unmounted and its mountpoint removed
    assert [s.kind for s in tuned.steps][-2:] == [UMOUNT, "rmdir"]


def test_jfs_attach_later_uses_jfs_tune_after_mkfs():
    study = study_of("jfs", "external", extra='journal_attach = "tune"')
    plan = build_plan(Choices(study, TARGET, LOG, workloads=()))
    commands = [list(s.argv) for s in plan.configs[1].steps if s.destructive]
    assert commands == [["mkfs.jfs", "-q", "-J", "journal_dev", "/dev/sdc1"],
                        ["mkfs.jfs", "-q", "/dev/sdb1"],
                        ["jfs_tune", "-J", "device=/dev/sdc1", "/dev/sdb1"]]


def test_xfs_log_larger_than_the_maximum_is_capped():
    big_log = DeviceChoice("/dev/sdc1", 4 * GiB, disk="sdc")
    plan = build_plan(Choices(study_of("xfs", "external"), TARGET, big_log, workloads=()))
    mkfs = next(s for s in plan.configs[1].steps if s.kind == MKFS)
    assert "logdev=/dev/sdc1,size=2038m" in mkfs.argv


def test_option_overrides_are_checked_per_configuration():
    study = load_studies()["xfs-log-tuning"]
    plan = build_plan(Choices(study, TARGET, LOG, options=(OptionOverride.parse("noatime"),), workloads=()))
    for config_plan in plan.configs:
        assert ("noatime", None) in config_plan.mount_options
    with pytest.raises(UsageError, match="logbufs=9"):
        build_plan(Choices(study, TARGET, LOG, options=(OptionOverride.parse("logbufs=9"),), workloads=()))
    with pytest.raises(UsageError, match="not an XFS mount option"):
        build_plan(Choices(study, TARGET, LOG, options=(OptionOverride.parse("data=writeback"),), workloads=()))
    with pytest.raises(UsageError, match="has no configuration 'nope'"):
        build_plan(Choices(study, TARGET, LOG, options=(OptionOverride.parse("nope:noatime"),), workloads=()))


def test_an_option_override_is_checked_with_the_options_the_study_already_sets():
    from conftest import study_text

    # journal_async_commit is refused in ext4's default data=ordered mode, allowed beside data=writeback
    writeback = 'mount_options = "data=writeback"'
    study = parse_study(study_text("ext4", first=writeback, second=writeback), "writeback.toml")
    plan = build_plan(Choices(study, TARGET, LOG, workloads=(),
                              options=(OptionOverride.parse("journal_async_commit"),)))
    assert all(("journal_async_commit", None) in c.mount_options for c in plan.configs)
    ordered = parse_study(study_text("ext4"), "ordered.toml")  # ext4's default: data=ordered
    with pytest.raises(UsageError, match="--option for configuration '.*'.*data=ordered"):
        build_plan(Choices(ordered, TARGET, LOG, workloads=(), options=(OptionOverride.parse("journal_async_commit"),)))


def test_journal_equal_to_target_is_refused():
    study = study_of("ext4", "external")
    with pytest.raises(DeviceError, match="cannot be the target itself"):
        build_plan(Choices(study, TARGET, DeviceChoice("/dev/sdb1", GiB, disk="sdb"), workloads=()))


def test_journal_on_the_same_disk_is_a_warning():
    study = study_of("ext4", "external")
    plan = build_plan(Choices(study, TARGET, DeviceChoice("/dev/sdb2", GiB, disk="sdb"), workloads=()))
    assert any("same disk" in w and "seek" in w for w in plan.warnings)
    assert "same disk" in render_script(plan)


def test_external_study_without_log_device_says_what_to_do():
    with pytest.raises(UsageError) as caught:
        build_plan(Choices(study_of("xfs", "external"), TARGET, None, workloads=()))
    assert "--log-device" in caught.value.hint


def test_too_small_devices_are_refused_with_sizes():
    small = DeviceChoice("/dev/sdb1", 256 * 1024**2, disk="sdb")
    with pytest.raises(DeviceError, match="too small for XFS.*286 MiB.*256 MiB"):
        build_plan(Choices(study_of("xfs"), small, None, workloads=()))
    tiny_log = DeviceChoice("/dev/sdc1", 32 * 1024**2, disk="sdc")
    with pytest.raises(DeviceError, match="too small for an XFS external log"):
        build_plan(Choices(study_of("xfs", "external"), TARGET, tiny_log, workloads=()))


def test_workload_steps_repeat_with_cold_caches_and_results_outside_the_filesystem():
    study = study_of("ext4", workloads=("metadata", "throughput"))
    plan = build_plan(Choices(study, TARGET, None, repeats=3, run_id="r1"))
    measured = [s for s in plan.steps if s.phase and s.config == "base"]
    # one repeat of every workload per block, numbered by the block; throughput measures its
    # writes and its reads in two fio runs
    assert [(s.workload, s.repeat, s.block) for s in measured] == [
        (workload, block, block) for block in (1, 2, 3) for workload in ("metadata", "throughput", "throughput")]
    steps = list(plan.steps)
    mount = next(s for s in plan.steps if s.kind == "mount" and s.config == "base")
    for step in measured:
        before = steps[steps.index(step) - 1]
        # the filesystem under test alone is evicted, and mounted again with the mount step's own words
        assert before.argv[:5] == ("fstune", "workload-helper", "cold-cache", "--umount", mount.mountpoint)
        assert before.argv[before.argv.index("--") + 1:] == mount.argv
        assert before.argv[5:before.argv.index("--")] == ("--flushbufs", TARGET.path)
    fio = next(s for s in measured if s.workload == "throughput")
    assert fio.result_file.startswith(f"{paths.reports_root()}/r1/base/")  # the user's own, not /var/tmp
    assert "--direct=1" in fio.argv and "--bs=4k" in fio.argv
    assert [a for s in measured[1:3] for a in s.argv if a.startswith("--rw=")] == [
        "--rw=write", "--rw=randwrite", "--rw=read", "--rw=randread"]


def test_fewer_than_three_repeats_is_warned_about():
    plan = build_plan(Choices(study_of("ext4", workloads=("metadata",)), TARGET, None, repeats=1))
    assert any("noise" in w for w in plan.warnings)


def test_the_plan_holds_the_cap_and_its_looks_and_the_script_states_them():
    study = study_of("ext4", workloads=("metadata",))
    plan = build_plan(Choices(study, TARGET, None, repeats=5, max_blocks=12))
    assert (plan.max_blocks, plan.looks) == (12, (5, 10, 12))
    said = describe_looks(plan)
    assert "after 5, 10 and 12 blocks" in said and "never more than 12 in all" in said
    header = [line.removeprefix("# ") for line in render_script(plan).splitlines() if line.startswith("# ")]
    assert said in " ".join(header)  # in the script's header, wrapped
    capped = build_plan(Choices(study, TARGET, None, repeats=8, max_blocks=4))  # the cap wins over --blocks
    assert (capped.repeats, len(capped.blocks), capped.looks) == (4, 4, (4,))
    assert "4 is also the cap" in describe_looks(capped)
    few = build_plan(Choices(study, TARGET, None, repeats=2))
    assert few.looks == () and "# Looks: none" in render_script(few)
    with pytest.raises(UsageError, match="--max-blocks must be at least 1"):
        build_plan(Choices(study, TARGET, None, max_blocks=0))


def test_script_is_valid_bash_and_lists_every_step_in_order():
    study = load_studies()["ext3-external-journal"]
    plan = build_plan(Choices(study, TARGET, LOG, run_id="golden"))
    script = render_script(plan)
    subprocess.run(["bash", "-n"], input=script, text=True, check=True)
    assert script.startswith("#!/usr/bin/env bash")
    assert "set -euo pipefail" in script and "trap fstune_cleanup EXIT" in script
    import shlex

    position = 0
    for step in plan.steps:
        line = shlex.join(step.argv)
        found = script.find(line, position)
        assert found >= 0, f"step missing or out of order: {line}"
        position = found
    assert "ERASES everything on /dev/sdb1 and /dev/sdc1" in script


# any fixed seed would do; this one draws A B, B A, A B … for the first six blocks of two
# configurations, so the golden scripts show what the drawn order changes and nothing else
GOLDEN_ORDER_SEED = 33


def golden_choices(study):
    log = LOG if study.needs_journal_device else None
    # a fixed reports root: the default is the user's state directory, which differs per machine;
    # the machine's mount root, whatever the session's own is (conftest.own_mount_root)
    return Choices(study, TARGET, log, run_id="golden", mount_root=DEFAULT_MOUNT_ROOT, work_root="/var/tmp/fstune",
                   order_seed=GOLDEN_ORDER_SEED)


@pytest.mark.parametrize("name", sorted(load_studies()))
def test_golden_plan_per_shipped_study(name):
    study = load_studies()[name]
    script = render_script(build_plan(golden_choices(study)))
    path = GOLDEN / f"{name}.sh"
    if os.environ.get("FSTUNE_UPDATE_GOLDEN") == "1":
        path.write_text(script)
    assert path.is_file(), f"no golden script for {name}; make it with FSTUNE_UPDATE_GOLDEN=1 and review it"
    assert script == path.read_text(), f"plan for {name} changed; review and regenerate the golden file"


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck not installed")
def test_golden_scripts_pass_shellcheck():
    for path in GOLDEN.glob("*.sh"):
        subprocess.run(["shellcheck", "-S", "warning", str(path)], check=True)


@pytest.mark.parametrize("name", ["xfs-log-tuning", "reiserfs-external-log", "jfs-external-log", "ext4-external-journal"])
def test_every_device_a_step_writes_is_named_and_warned_about(name):
    study = load_studies()[name]
    plan = build_plan(Choices(study, TARGET, LOG, workloads=()))
    # in the order the drawn first block writes them
    assert sorted(plan.destructive_devices()) == ["/dev/sdb1", "/dev/sdc1"]
    for step in plan.steps:
        mentioned = {w.split("=")[-1] for w in step.argv if "/dev/" in w}
        if step.destructive:
            assert mentioned <= set(step.written_devices), (step.argv, step.written_devices)
    assert f"ERASES everything on {' and '.join(plan.destructive_devices())}" in render_script(plan)


def test_mkfs_options_can_be_edited_per_configuration_and_are_checked():
    study = load_studies()["ext3-external-journal"]
    plan = build_plan(Choices(study, TARGET, LOG, workloads=(), mkfs_options={"external": ("-b", "4096", "-m", "0")}))
    mkfs = [s.argv for s in plan.configs[1].steps if s.kind == MKFS]
    assert mkfs == [("mkfs.ext3", "-b", "4096", "-m", "0", "-E", "lazy_itable_init=0,lazy_journal_init=0", "-J", "device=/dev/sdc1", "-F", "/dev/sdb1")]
    with pytest.raises(UsageError, match="configuration 'external'.*-FF"):
        build_plan(Choices(study, TARGET, LOG, workloads=(), mkfs_options={"external": ("-FF",)}))
    with pytest.raises(UsageError, match="no configuration 'nope'"):
        build_plan(Choices(study, TARGET, LOG, workloads=(), mkfs_options={"nope": ()}))


@pytest.mark.parametrize("run_id", ["../../x", "a/b", "..", "a..b", ".hidden", "-rf", "", "x" * 65, "sp ace",
                                    "new\nline", "ünï"])
def test_a_run_id_that_is_not_one_plain_file_name_is_refused(run_id):
    # the run id names directories under /run/fstune and the reports root, and the audit log file
    with pytest.raises(UsageError, match="--run-id"):
        build_plan(Choices(study_of("ext4"), TARGET, run_id=run_id))


@pytest.mark.parametrize("run_id", ["20261124-052821-5218", "nightly.ext4_v2", "A", "x" * 64])
def test_plain_run_ids_are_accepted(run_id):
    plan = build_plan(Choices(study_of("ext4"), TARGET, run_id=run_id, workloads=()))
    assert plan.run_dir == f"/run/fstune/{run_id}" and plan.work_dir == f"{paths.reports_root()}/{run_id}"


def test_the_mount_root_may_be_another_directory(monkeypatch):
    monkeypatch.setenv(MOUNT_ROOT_ENV, "/srv/fstune-runs/")
    plan = build_plan(Choices(study_of("ext4"), TARGET, run_id="r1", workloads=()))
    assert plan.run_dir == "/srv/fstune-runs/r1"
    assert "mkdir -p /srv/fstune-runs/r1/" in render_script(plan)
    for bad in ("relative/dir", "/"):
        monkeypatch.setenv(MOUNT_ROOT_ENV, bad)
        with pytest.raises(UsageError, match=f"FSTUNE_MOUNT_ROOT={re.escape(bad)} is not a directory"):
            Choices(study_of("ext4"), TARGET)


# --- blocks (docs/verdicts.md, "Blocks, and why the order alternates") ------------------------


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_the_block_orders_are_balanced_over_a_cycle(count):
    from collections import Counter

    from fstune.plan import balanced_orders

    rows = balanced_orders(count)
    assert all(sorted(row) == list(range(count)) for row in rows)
    firsts = Counter(row[0] for row in rows)
    assert set(firsts.values()) == {len(rows) // count}  # each first equally often
    pairs = Counter((a, b) for row in rows for a, b in zip(row, row[1:]))
    assert len(pairs) == count * (count - 1) and len(set(pairs.values())) == 1  # each ordered pair alike


def test_two_configurations_alternate_and_every_block_makes_each_afresh():
    study = load_studies()["ext4-external-journal"]
    plan = build_plan(Choices(study, TARGET, LOG, repeats=4, workloads=("metadata",)))
    assert [b.order for b in plan.blocks] == [("internal", "external"), ("external", "internal")] * 2
    for block in plan.blocks:
        made = [s.config for s in block.steps if s.kind == MKFS]
        assert made == list(block.order)
        measured = [s for s in block.steps if s.phase]
        assert [(s.config, s.repeat, s.block, s.position) for s in measured] == [
            (name, block.number, block.number, position) for position, name in enumerate(block.order, 1)]
    # a block beyond the planned ones is made exactly like them
    assert plan.block(5).order == ("internal", "external") and plan.block(5).steps[0].argv == plan.blocks[0].steps[0].argv
    assert plan.block(6).describe("up to 15") == "block 6/up to 15: external, internal"


def test_on_a_loop_device_mkfs_does_not_discard():
    study = load_studies()["ext4-external-journal"]
    lab = DeviceChoice("/dev/loop7p1", 800 * 1024**2, disk="loop7")
    spare = DeviceChoice("/dev/loop8p2", 256 * 1024**2, disk="loop8")
    plan = build_plan(Choices(study, lab, spare, workloads=()))
    made = [s.argv for s in plan.steps if s.kind in (MKFS, JOURNAL)]
    assert made[0] == ("mkfs.ext4", "-b", "4096", "-E", "lazy_itable_init=0,lazy_journal_init=0,nodiscard", "-F",
                       "/dev/loop7p1")
    assert all(any("nodiscard" in word for word in argv) for argv in made)
    xfs = build_plan(Choices(study_of("xfs", "external"), lab, spare, workloads=()))
    assert all("-K" in s.argv for s in xfs.steps if s.kind == MKFS)


def test_the_script_repeats_mkfs_per_block_exactly_as_the_run_does():
    study = load_studies()["ext4-external-journal"]
    plan = build_plan(Choices(study, TARGET, LOG, repeats=3, workloads=("metadata",), run_id="golden"))
    script = render_script(plan)
    import shlex

    mkfs = [shlex.join(s.argv) for s in plan.steps if s.destructive]
    assert len(mkfs) == 3 * 3  # per block: the baseline's mkfs, the variant's journal and mkfs
    assert [line for line in script.splitlines() if line.startswith("mkfs.")] == mkfs
    assert "#   block 2/3: external, internal" in script
    assert "# ── Block 2/3, 1/2 (variant): external" in script


def test_each_block_s_order_is_a_balanced_row_drawn_from_the_seed():
    from fstune.plan import block_order

    for count in (2, 3, 4):
        for seed in range(20):
            orders = [block_order(count, number, seed) for number in range(1, 31)]
            assert set(orders) <= set(balanced_orders(count))
            assert orders == [block_order(count, number, seed) for number in range(1, 31)]  # the seed repeats it
    # each block on its own: the first order is A B about half the time, and so is the second
    # given the first (a pair drawn together would always mirror)
    pairs = [(block_order(2, 1, seed), block_order(2, 2, seed)) for seed in range(2000)]
    assert 900 < sum(first == (0, 1) for first, _ in pairs) < 1100
    assert 900 < sum(first == second for first, second in pairs) < 1100


def test_the_seed_is_drawn_for_each_plan_unless_given_and_the_script_shows_it(monkeypatch):
    import fstune.plan.build as planmod  # where Choices draws its seed

    study = load_studies()["ext4-external-journal"]
    monkeypatch.setattr(planmod, "draw_order_seed", lambda: 123456)
    drawn = build_plan(Choices(study, TARGET, LOG, workloads=()))
    assert drawn.choices.order_seed == 123456
    assert "drawn with seed 123456; --order-seed 123456 draws it again" in render_script(drawn)
    given = build_plan(Choices(study, TARGET, LOG, workloads=(), order_seed=7))
    assert [b.order for b in given.blocks] == [
        tuple(given.configs[i].config.name for i in planmod.block_order(2, n, 7)) for n in range(1, 6)]
    assert given.block(12).order == tuple(given.configs[i].config.name for i in planmod.block_order(2, 12, 7))
