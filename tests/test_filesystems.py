"""Option knowledge: bad combinations are refused with the reason, before anything runs."""

import pytest

from fstune import filesystems
from fstune.errors import UsageError
from fstune.filesystems import MachineCapabilities


@pytest.mark.parametrize(
    "fs, options, words",
    [
        ("xfs", "logbufs=9", ["logbufs=9", "out of range", "2 to 8"]),
        ("xfs", "logbufs=1", ["out of range"]),
        ("xfs", "nobarrier", ["nobarrier", "refused", "4.19"]),
        ("xfs", "logbsize=48k", ["logbsize=48k", "allowed"]),
        ("ext4", "notail", ["notail", "not an ext4 mount option", "ReiserFS"]),
        ("xfs", "data=writeback", ["data", "not an XFS mount option", "ext"]),
        ("ext4", "oldalloc", ["oldalloc", "3.3", "Orlov"]),
        ("ext4", "data=fast", ["data=fast", "ordered, journal, writeback"]),
        ("ext4", "commit=soon", ["whole number"]),
        ("ext4", "noatime=1", ["takes no value"]),
        ("btrfs", "device=/dev/sdb1", ["device", "refused"]),
        ("ext4", "journal_path=/dev/sdb1", ["set by fstune", "journal placement"]),
        ("ext4", "noacl", ["noacl", "refused", "3.5"]),
        ("ext3", "journal_async_commit", ["not an ext3 mount option", "ext4"]),
        ("xfs", "norecovery", ["norecovery", "read-only"]),
        # valid alone, refused together (tests/test_mount_options_real.py: the kernel agrees)
        ("ext4", "journal_async_commit", ["'journal_async_commit'", "data=ordered", "data=writeback"]),
        ("ext4", "journal_async_commit,data=ordered", ["'journal_async_commit'", "data=ordered"]),
        ("ext4", "noatime,data=journal,delalloc", ["'data=journal,delalloc' cannot go together"]),
        ("ext4", "data=journal,dioread_nolock", ["'data=journal,dioread_nolock'", "without a word"]),
        ("ext3", "noload,data=ordered", ["'noload,data=ordered' cannot go together", "not replayed"]),
        ("ext4", "data=writeback,norecovery", ["'norecovery,data=writeback'"]),
        ("ext3", "noload,commit=30", ["'noload,commit=30' cannot go together", "not replayed"]),
        ("ext4", "norecovery,journal_checksum", ["'norecovery,journal_checksum'"]),
        ("ext4", "noload,data_err=abort", ["'noload,data_err=abort'"]),
        ("btrfs", "nodatacow,datasum", ["'nodatacow,datasum'", "copy-on-write back on"]),
        # a second name is refused with the one to write, so the readback compares one name
        ("ext4", "dioread_lock", ["another name for 'nodioread_nolock'"]),
        ("xfs", "bsdgroups", ["another name for 'grpid'"]),
        ("ext3", "sysvgroups", ["another name for 'nogrpid'"]),
        ("btrfs", "discard=async,nodiscard", ["'discard' and 'nodiscard' contradict"]),
    ],
)
def test_bad_mount_options_are_refused_with_a_reason(fs, options, words):
    with pytest.raises(UsageError) as caught:
        filesystems.check_mount_options(fs, options)
    for word in words:
        assert word in caught.value.message


@pytest.mark.parametrize(
    "fs, options",
    [
        ("xfs", "logbufs=8,logbsize=32k"),
        ("xfs", "logbufs=2,logbsize=256k,noatime"),
        ("ext4", "data=writeback,commit=30,noatime"),
        ("ext3", "data=journal,relatime"),
        ("reiserfs", "notail,noatime"),
        ("btrfs", "compress=zstd:1,commit=60,noatime,space_cache=v2"),
        ("jfs", "noatime,discard"),
        ("ext2", "noatime"),
        ("ext4", "journal_async_commit,data=writeback"),
        ("ext4", "data=journal,journal_async_commit,nodelalloc"),
        ("ext4", "noload"),
        ("ext4", "delalloc,dioread_nolock"),
        ("ext3", "noload,data_err=ignore,nobarrier"),
        ("ext4", "nodioread_nolock,grpid"),
    ],
)
def test_good_mount_options_pass(fs, options):
    filesystems.check_mount_options(fs, options)


@pytest.mark.parametrize(
    "fs, args, placement, words",
    [
        ("ext4", ["-F"], "internal", ["-F", "force flag"]),
        ("ext4", ["-FF"], "internal", ["-FF"]),
        ("ext4", ["-J", "device=/dev/sdb1"], "internal", ["external"]),
        ("ext4", ["-O", "journal_dev"], "internal", ["journal_dev"]),
        ("ext4", ["-O", "^has_journal"], "internal", ["journal = \"none\""]),
        ("xfs", ["-f"], "internal", ["force flag"]),
        ("xfs", ["-l", "logdev=/dev/sdb1"], "internal", ["logdev"]),
        ("reiserfs", ["-j", "/dev/sdb1"], "internal", ["external"]),
        ("jfs", ["-q"], "internal", ["confirmation"]),
    ],
)
def test_mkfs_options_fstune_manages_are_refused(fs, args, placement, words):
    with pytest.raises(UsageError) as caught:
        filesystems.check_mkfs_options(fs, args, placement)
    for word in words:
        assert word in caught.value.message


def test_ordinary_mkfs_options_pass():
    filesystems.check_mkfs_options("ext4", ["-b", "4096", "-O", "^dir_index", "-L", "fs"], "internal")
    filesystems.check_mkfs_options("ext4", ["-O", "^has_journal"], "none")
    filesystems.check_mkfs_options("xfs", ["-l", "size=64m", "-b", "size=4096"], "internal")


def test_merge_replaces_same_option_and_keeps_atime_exclusive():
    merged = filesystems.merge_options([("noatime", None), ("commit", "5")], [("relatime", None), ("commit", "30")])
    assert merged == [("relatime", None), ("commit", "30")]


def test_a_flag_replaces_its_negation_and_a_set_holding_both_is_refused():
    merged = filesystems.merge_options([("delalloc", None), ("nodiscard", None)], [("nodelalloc", None), ("discard", None)])
    assert merged == [("nodelalloc", None), ("discard", None)]
    # whatever their values: nodiscard turns btrfs's discard=async off, and back
    assert filesystems.merge_options([("discard", "async")], [("nodiscard", None)]) == [("nodiscard", None)]
    assert filesystems.merge_options([("nodiscard", None)], [("discard", "async")]) == [("discard", "async")]
    with pytest.raises(UsageError, match="'delalloc' and 'nodelalloc' contradict each other"):
        filesystems.check_mount_options("ext4", "delalloc,noatime,nodelalloc")


def test_size_minimums():
    assert filesystems.minimum_size("xfs") == 300_000_000
    assert filesystems.minimum_size("btrfs") == 256 * 1024 * 1024
    assert filesystems.minimum_size("ext4", "journal") == 1024 * 4096
    with pytest.raises(UsageError, match="cannot keep its journal"):
        filesystems.minimum_size("btrfs", "journal")


def test_capabilities_from_recorded_machine(tmp_path):
    proc = "nodev\tsysfs\n\text3\n\text2\n\text4\n\txfs\nnodev\ttmpfs\n\tbtrfs\n"
    release = "6.18.0-test"
    (tmp_path / release).mkdir()
    (tmp_path / release / "modules.dep").write_text("kernel/fs/jfs/jfs.ko.xz:\nkernel/fs/nls/nls_utf8.ko:\n")
    caps = MachineCapabilities.probe(proc, release, tmp_path, path="/nonexistent")
    assert caps.kernel_has("xfs") and caps.kernel_has("ext3")
    assert caps.kernel_has("jfs")  # loadable as a module
    assert not caps.kernel_has("reiserfs")
    reiser = caps.availability("reiserfs")
    assert not reiser.available
    assert "6.13" in reiser.reason and "reiserfsprogs" in reiser.reason
    assert "jfsutils" in caps.availability("jfs").reason  # module there, tool missing


def test_capabilities_of_this_machine_explain_what_is_missing():
    caps = MachineCapabilities.probe()
    for name in filesystems.FILESYSTEMS:
        availability = caps.availability(name)
        assert availability.available == (availability.reason == "")
        if not availability.available:
            assert availability.reason.endswith(".")


@pytest.mark.parametrize("options", ["data=writeback", "commit=30", "journal_checksum", "data_err=abort",
                                     "journal_async_commit,data=writeback"])
def test_an_ext4_made_without_a_journal_refuses_the_journals_options(options):
    with pytest.raises(UsageError, match='without a journal \\(journal = "none"\\) cannot take'):
        filesystems.check_mount_options("ext4", options, journal="none")
    filesystems.check_mount_options("ext4", options.replace("journal_async_commit,", ""), journal="internal")
    filesystems.check_mount_options("ext4", "noatime,nobarrier,data_err=ignore", journal="none")


def test_each_title_takes_the_article_it_is_said_with():
    """"an ext4" (e-x-t), "an XFS" (ex-ef-es), "a Btrfs" (butter), as a refusal reads them."""
    said = {name: filesystems.get(name).a_title for name in ("ext2", "ext3", "ext4", "xfs", "btrfs", "jfs",
                                                            "reiserfs")}
    assert said == {"ext2": "an ext2 (no journal)", "ext3": "an ext3", "ext4": "an ext4", "xfs": "an XFS",
                    "btrfs": "a Btrfs", "jfs": "a JFS", "reiserfs": "a ReiserFS (3.6)"}
    with pytest.raises(UsageError, match="'bogus' is not an ext4 mount option"):
        filesystems.check_mount_options("ext4", "bogus")
    with pytest.raises(UsageError, match="'data' is not an XFS mount option. It is an ext3, ext4"):
        filesystems.check_mount_options("xfs", "data=writeback")
