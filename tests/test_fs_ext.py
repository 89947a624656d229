"""ext2, ext3, ext4 (fstune/filesystems/ext.py): their contract and what only the ext family does."""

from __future__ import annotations

import pytest

from fscontract import LOG, MOUNTPOINT, TARGET, Contract, job
from fstune import filesystems
from fstune.errors import UsageError

FSTAB = "UUID=FS-UUID\t/srv/fstune-tuned\t{fs}\t{options}\t0\t2"
# every fresh ext3/ext4 is complete at mkfs: no inode table or journal written after the mount
LAZY_OFF = "lazy_itable_init=0,lazy_journal_init=0"
JOURNALLED = ("noatime,journal_path=/dev/disk/by-uuid/JOURNAL-UUID,x-systemd.requires=/dev/disk/by-uuid/JOURNAL-UUID,"
              "x-systemd.device-timeout=30s")


def _journalled(fs: str, modules: tuple[str, ...]) -> Contract:
    mkfs = f"mkfs.{fs}"
    return Contract(
        mkfs=[(mkfs, "-b", "4096", "-E", LAZY_OFF, "-F", TARGET)],
        mkfs_external=[(mkfs, "-b", "4096", "-O", "journal_dev", "-E", "lazy_journal_init=0", "-F", LOG),
                       (mkfs, "-b", "4096", "-E", LAZY_OFF, "-J", f"device={LOG}", "-F", TARGET)],
        mount=("mount", "-t", fs, "-o", "noatime", TARGET, MOUNTPOINT),
        mount_external=("mount", "-t", fs, "-o", f"noatime,journal_path={LOG}", TARGET, MOUNTPOINT),
        record=("dumpe2fs", "-h", TARGET),
        fstab_line=FSTAB.format(fs=fs, options="noatime"),
        # no boot fsck with an external journal: it cannot be ordered after the journal device
        fstab_line_external=FSTAB.format(fs=fs, options=JOURNALLED).removesuffix("2") + "0",
        ansible_module=True,
        ansible_journal_match=f"fstune_t_type == '{fs}' and fstune_j_type == 'jbd' and "
                              "(fstune_t_blkid.EXT_JOURNAL | default('')) == (fstune_j_blkid.UUID | default('-'))",
        package="e2fsprogs", tools=(mkfs, "dumpe2fs"), kernel_names=(fs,), modules=modules,
        kernel_log_words=(fs, "ext4", "EXT4-fs"),
        min_bytes=2 * 1024**2, journal_min_bytes=4 * 1024**2, journal_noun="journal",
    )


CONTRACTS = {
    "ext2": Contract(
        mkfs=[("mkfs.ext2", "-b", "4096", "-F", TARGET)],  # no journal to leave out: ext2 has none
        mkfs_external=None,
        mount=("mount", "-t", "ext2", "-o", "noatime", TARGET, MOUNTPOINT),
        mount_external=None,
        record=("dumpe2fs", "-h", TARGET),
        fstab_line=FSTAB.format(fs="ext2", options="noatime"),
        fstab_line_external=None,
        ansible_module=True, ansible_journal_match=None,
        package="e2fsprogs", tools=("mkfs.ext2", "dumpe2fs"), kernel_names=("ext2",), modules=("ext2", "ext4"),
        kernel_log_words=("ext2", "ext4", "EXT4-fs"),
        min_bytes=1024**2, journal_min_bytes=None, journal_noun="journal",
    ),
    "ext3": _journalled("ext3", ("ext4", "ext3")),
    "ext4": _journalled("ext4", ("ext4",)),
}


def test_ext4_without_a_journal_says_so_to_mke2fs():
    ext4 = filesystems.get("ext4")
    steps = ext4.mkfs_steps(job("none"))
    assert [s.argv for s in steps] == [("mkfs.ext4", "-b", "4096", "-E", LAZY_OFF, "-O", "^has_journal", "-F", TARGET)]
    # the study may say it itself; it is not repeated
    steps = ext4.mkfs_steps(job("none", options=("-O", "^has_journal")))
    assert [s.argv for s in steps] == [("mkfs.ext4", "-b", "4096", "-O", "^has_journal", "-E", LAZY_OFF, "-F", TARGET)]


@pytest.mark.parametrize("options, block", [(("-b", "1024"), "1024"), (("-b2048",), "2048")])
def test_the_journal_device_gets_the_block_size_the_study_chose(options, block):
    journal, made = filesystems.get("ext4").mkfs_steps(job("external", options=options))
    assert journal.argv == ("mkfs.ext4", "-b", block, "-O", "journal_dev", "-E", "lazy_journal_init=0", "-F", LOG)
    assert made.argv == ("mkfs.ext4", *options, "-E", LAZY_OFF, "-J", f"device={LOG}", "-F", TARGET)
    assert journal.title == f"Make {LOG} an external journal ({block}-byte blocks)"


def test_a_block_size_that_is_not_a_number_is_refused():
    with pytest.raises(UsageError, match="'-b x' needs a number of bytes"):
        filesystems.mkfs_block_size("ext4", ["-b", "x"])
    # only ext reads -b: XFS spells its block size -b size=N, which is not fstune's business
    assert filesystems.mkfs_block_size("xfs", ["-b", "size=4096"]) is None


def test_no_journal_option_contradicts_a_journal():
    with pytest.raises(UsageError, match='contradicts journal = "external"'):
        filesystems.check_mkfs_options("ext4", ["-O", "^has_journal"], "external")


def test_the_journal_must_be_the_filesystem_s_own():
    ext4 = filesystems.get("ext4")
    assert ext4.journal_mismatch(TARGET, LOG, {"EXT_JOURNAL": "J1"}, {"UUID": "J1"}) is None
    assert ext4.journal_mismatch(TARGET, LOG, {"EXT_JOURNAL": "J2"}, {"UUID": "J1"}) == (
        f"the ext4 on {TARGET} keeps its journal on the device with UUID J2, not on {LOG}.")
    assert "(none: internal journal)" in ext4.journal_mismatch(TARGET, LOG, {}, {"UUID": "J1"})


def test_the_superblock_names_an_external_journal():
    # the device scan reads this where udev does not say which journal a filesystem uses
    import struct
    import uuid

    from fstune.filesystems.ext import ext_journal_uuid

    journal = uuid.uuid4()
    sb = bytearray(1024)
    struct.pack_into("<H", sb, 0x38, 0xEF53)
    struct.pack_into("<I", sb, 0x5C, 0x4)
    sb[0xD0:0xE0] = journal.bytes
    assert ext_journal_uuid(bytes(sb)) == str(journal)
    sb[0xD0:0xE0] = bytes(16)
    assert ext_journal_uuid(bytes(sb)) is None  # internal journal
    assert ext_journal_uuid(bytes(1024)) is None  # not ext


def test_a_loop_device_is_made_without_discard_and_a_studys_own_extended_options_are_merged():
    """mke2fs keeps only its last -E: fstune's and the study's go into one, the study's last."""
    from dataclasses import replace

    journal, made = filesystems.get("ext4").mkfs_steps(replace(job("external", options=("-E", "stride=8")),
                                                               discard=False))
    assert journal.argv == ("mkfs.ext4", "-b", "4096", "-O", "journal_dev", "-E", "lazy_journal_init=0,nodiscard",
                            "-F", LOG)
    assert made.argv == ("mkfs.ext4", "-b", "4096", "-E", f"{LAZY_OFF},nodiscard,stride=8", "-J", f"device={LOG}",
                         "-F", TARGET)


def _recorded(name: str) -> str:
    from pathlib import Path

    return (Path(__file__).parent / "fixtures" / "tools" / name).read_text()


def test_dumpe2fs_readback_tells_an_external_journal_and_its_device():
    ext4 = filesystems.get("ext4")
    external = ext4.parse_record(_recorded("dumpe2fs-1.47-ext4-external.txt"))
    assert external["journal"] == "external" and external["journal_device"] == "7:9"
    assert external["journal_uuid"] == "bcafe9e0-af08-4134-8a19-420b38908540" and "has_journal" in external["features"]
    assert ext4.placement_problem(external, "external", "/dev/loop9", "7:9") is None
    assert "not on /dev/loop5 (7:5)" in ext4.placement_problem(external, "external", "/dev/loop5", "7:5")
    internal = ext4.parse_record(_recorded("dumpe2fs-1.47-ext4-internal.txt"))
    assert internal["journal"] == "internal" and "journal_device" not in internal
    assert ext4.placement_problem(internal, "external", "/dev/loop9", "7:9") == (
        "the configuration puts the journal on another device, but the filesystem that was made has it inside "
        "the filesystem")
    assert ext4.parse_record("dumpe2fs: Bad magic number in super-block") == {}
