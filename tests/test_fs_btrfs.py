"""Btrfs (fstune/filesystems/btrfs.py): the base class's plain mkfs and its null defaults."""

from __future__ import annotations

from fscontract import MOUNTPOINT, TARGET, Contract, job
from fstune import filesystems

CONTRACTS = {
    "btrfs": Contract(
        mkfs=[("mkfs.btrfs", "-f", TARGET)],
        mkfs_external=None,  # copy-on-write: no journal to move
        mount=("mount", "-t", "btrfs", "-o", "noatime", TARGET, MOUNTPOINT),
        mount_external=None,
        record=("btrfs", "filesystem", "show", MOUNTPOINT),
        fstab_line="UUID=FS-UUID\t/srv/fstune-tuned\tbtrfs\tnoatime\t0\t0",
        fstab_line_external=None,
        ansible_module=True, ansible_journal_match=None,
        package="btrfs-progs", tools=("mkfs.btrfs", "btrfs"), kernel_names=("btrfs",), modules=("btrfs",),
        kernel_log_words=("btrfs",),
        min_bytes=256 * 1024**2, journal_min_bytes=None, journal_noun="journal",
    ),
}


def test_study_options_go_between_the_force_flag_and_the_device():
    (step,) = filesystems.get("btrfs").mkfs_steps(job("internal", options=("-L", "data")))
    assert step.argv == ("mkfs.btrfs", "-f", "-L", "data", TARGET)
    assert step.title == f"Format {TARGET} as Btrfs"


def test_nothing_about_a_journal_to_check():
    btrfs = filesystems.get("btrfs")
    assert btrfs.external is None and btrfs.managed_options == frozenset()
    assert btrfs.journal_mismatch(TARGET, "/dev/sdc1", {}, {}) is None
