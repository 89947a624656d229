"""Screening factors: what each filesystem declares, and the pairs its own rules refuse.

A factor is a mount or mkfs option at two levels (fstune/filesystems/base.py, ScreeningFactor);
the screening study checks them with the filesystem's option rules before any design is made
(fstune/screening/factors.py, docs/screening.md "Factors").
"""

from __future__ import annotations

import pytest

from fstune import filesystems
from fstune.errors import UsageError
from fstune.filesystems import MKFS_FACTOR, MOUNT_FACTOR, ScreeningFactor
from fstune.screening import Setup, base_design, check_factors, check_runs, offered, pick, plan_screening, run_options

FILESYSTEMS = [fs.name for fs in filesystems.all()]


@pytest.mark.parametrize("name", FILESYSTEMS)
def test_every_filesystem_offers_factors_each_valid_alone_with_unique_names(name):
    factors = offered(name)
    assert factors, f"{name} declares no screening factors"
    assert len({factor.name for factor in factors}) == len(factors)
    for factor in factors:
        assert factor.help, f"{name}: factor {factor.name} has no help"
        check_factors(Setup(name), [factor])  # each level passes the filesystem's own checks


@pytest.mark.parametrize("name", FILESYSTEMS)
def test_every_declared_mount_level_names_options_the_filesystem_declares(name):
    fs = filesystems.get(name)
    for factor in offered(name):
        if factor.kind != MOUNT_FACTOR:
            continue
        for level in factor.levels:
            for item in level:
                option = fs.option(item.partition("=")[0])
                assert option is not None and not option.removed and not option.managed, (name, factor.name, item)


def test_ext4_data_journal_cannot_be_screened_with_delalloc_the_kernel_refuses_both():
    with pytest.raises(UsageError) as refused:
        check_factors(Setup("ext4"), pick("ext4", ["atime", "data", "delalloc"]))
    message = str(refused.value)
    assert "data (data=ordered / data=journal)" in message and "delalloc (delalloc / nodelalloc)" in message
    assert "cannot be screened together" in message and "data=journal cannot delay allocation" in message


def test_ext4_data_journal_cannot_be_screened_with_dioread_nolock():
    with pytest.raises(UsageError, match="dioread_nolock.*without a word"):
        check_factors(Setup("ext4"), pick("ext4", ["data", "dioread_nolock"]))


def test_a_pair_the_option_rules_refuse_is_refused_on_btrfs_too():
    datasum = ScreeningFactor("checksums", MOUNT_FACTOR, ("datasum",), ("nodatasum",), help="data checksums")
    with pytest.raises(UsageError, match="nodatacow would not be what was measured"):
        check_factors(Setup("btrfs"), [*pick("btrfs", ["datacow"]), datasum])


def test_the_declared_ext4_factors_without_data_screen_together():
    names = [factor.name for factor in offered("ext4") if factor.name != "data"]
    check_factors(Setup("ext4"), pick("ext4", names))  # -O flex_bg and -O metadata_csum are different features


@pytest.mark.parametrize("declared, other, words", [
    ("commit", ScreeningFactor("interval", MOUNT_FACTOR, ("commit=30",), ("commit=120",)), "both set 'commit=5'"),
    ("atime", ScreeningFactor("strict", MOUNT_FACTOR, ("strictatime",), ("noatime",)), "both set 'relatime'"),
    ("delalloc", ScreeningFactor("alloc", MOUNT_FACTOR, ("nodelalloc",), ("delalloc",)), "both set 'delalloc'"),
])
def test_two_factors_setting_the_same_mount_option_are_refused(declared, other, words):
    with pytest.raises(UsageError) as refused:
        check_factors(Setup("ext4"), [*pick("ext4", [declared]), other])
    assert words in str(refused.value) and "one would undo the other" in str(refused.value)


def test_two_factors_setting_the_same_mkfs_option_are_refused():
    inodes = ScreeningFactor("inodes", MKFS_FACTOR, ("-i", "4096"), ("-i", "8192"))
    with pytest.raises(UsageError, match="both set mkfs -i"):
        check_factors(Setup("ext4"), [*pick("ext4", ["inode_ratio"]), inodes])
    csum = ScreeningFactor("csum_again", MKFS_FACTOR, ("-O", "^metadata_csum"), ("-O", "metadata_csum"))
    with pytest.raises(UsageError, match="both set mkfs -O metadata_csum"):
        check_factors(Setup("ext4"), [*pick("ext4", ["metadata_csum"]), csum])


def test_mkfs_option_keys_tell_settings_apart():
    ext4, xfs = filesystems.get("ext4"), filesystems.get("xfs")
    assert ext4.mkfs_option_keys(["-O", "^flex_bg,metadata_csum", "-I", "256"]) == {
        ("-O", "flex_bg"), ("-O", "metadata_csum"), ("-I", "")}
    assert xfs.mkfs_option_keys(["-i", "size=512", "-d", "agcount=4", "-K"]) == {
        ("-i", "size"), ("-d", "agcount"), ("-K", "")}
    assert xfs.mkfs_option_keys(["-O", "a"]) == {("-O", "")}  # not a feature list on XFS


def test_a_factor_that_sets_a_shared_option_is_refused():
    with pytest.raises(UsageError, match="sets 'noatime', which the shared mount options already set"):
        check_factors(Setup("ext4", mount_options=("noatime",)), pick("ext4", ["atime", "commit"]))
    with pytest.raises(UsageError, match="already set"):
        check_factors(Setup("ext4", mkfs_options=("-i", "4096")), pick("ext4", ["inode_ratio", "commit"]))


def test_a_journal_option_is_refused_on_a_filesystem_without_a_journal():
    with pytest.raises(UsageError, match="without a journal"):
        check_factors(Setup("ext4", journal="none"), pick("ext4", ["atime", "commit"]))


@pytest.mark.parametrize("factor, words", [
    (ScreeningFactor("logdev", MOUNT_FACTOR, (), ("logdev=/dev/sdc1",)), "set by fstune"),
    (ScreeningFactor("barrier", MOUNT_FACTOR, ("barrier",), ("nobarrier",)), "dropped barrier/nobarrier"),
    (ScreeningFactor("buffers", MOUNT_FACTOR, ("logbufs=2",), ("logbufs=9",)), "out of range"),
    (ScreeningFactor("tail", MOUNT_FACTOR, (), ("notail",)), "is a ReiserFS"),
    (ScreeningFactor("force", MKFS_FACTOR, (), ("-f",)), "force flag"),
])
def test_a_level_the_filesystem_refuses_is_refused_with_its_reason(factor, words):
    with pytest.raises(UsageError, match=f"factor {factor.name} .*{words}"):
        check_factors(Setup("xfs"), [factor, *pick("xfs", ["atime"])])


def test_a_factor_named_twice_and_an_unknown_factor_are_refused():
    with pytest.raises(UsageError, match="named twice"):
        check_factors(Setup("ext4"), pick("ext4", ["atime", "atime"]))
    with pytest.raises(UsageError, match="'noatime' is not a screening factor ext4 offers; it offers: atime"):
        pick("ext4", ["noatime"])


@pytest.mark.parametrize("args, words", [
    (("Atime", MOUNT_FACTOR, ("relatime",), ("noatime",)), "lower-case"),
    (("atime", "sysctl", ("relatime",), ("noatime",)), "kind must be"),
    (("atime", MOUNT_FACTOR, ("noatime",), ["noatime"]), "the same"),
])
def test_a_malformed_factor_is_refused(args, words):
    with pytest.raises(UsageError, match=words):
        ScreeningFactor(*args)


def test_a_run_refused_as_a_whole_is_refused_with_its_options():
    async_commit = ScreeningFactor("async_commit", MOUNT_FACTOR, (), ("journal_async_commit",))
    with pytest.raises(UsageError, match=r"run 1 of the design \(journal_async_commit\) is refused: .*data=ordered"):
        check_runs(Setup("ext4"), [async_commit], [(1,)])


def test_a_run_s_options_are_the_shared_ones_then_each_factor_at_its_level():
    setup = Setup("ext4", mount_options=("errors=remount-ro",), mkfs_options=("-I", "256"))
    factors = pick("ext4", ["atime", "commit", "flex_bg"])
    options = run_options(setup, factors, (1, -1, 1))
    assert options.mount == ("errors=remount-ro", "noatime", "commit=5")
    assert options.mkfs == ("-I", "256", "-O", "^flex_bg")
    assert factors[0].level_text(1) == "noatime" and factors[2].level_text(-1) == "-O flex_bg"
    assert ScreeningFactor("wsync", MOUNT_FACTOR, (), ("wsync",)).level_text(-1) == "(not set)"


def test_the_plan_checks_every_run_of_its_design_and_names_each_run_s_options():
    setup = Setup("xfs")
    factors = pick("xfs", ["atime", "logbufs", "logbsize", "largeio", "agcount", "inode_size"])
    plan = plan_screening(setup, factors, seconds_per_run=60, budget_seconds=40 * 60, seed=3)
    assert plan.design.base == base_design([factor.name for factor in factors])
    for run in plan.design.runs:
        options = plan.configuration(run)
        filesystems.check_mount_options("xfs", list(options.mount))
        levels = list(zip(factors, run.codes))
        assert options.mount == tuple(word for factor, code in levels if factor.kind == MOUNT_FACTOR
                                      for word in factor.level(code))
        assert options.mkfs == tuple(word for factor, code in levels if factor.kind == MKFS_FACTOR
                                     for word in factor.level(code))
