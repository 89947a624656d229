"""JFS (fstune/filesystems/jfs.py): its contract, and a log attached later with jfs_tune."""

from __future__ import annotations

from fscontract import LOG, MOUNTPOINT, TARGET, Contract, job
from fstune import filesystems
from fstune import steps as kinds

CONTRACTS = {
    "jfs": Contract(
        mkfs=[("mkfs.jfs", "-q", TARGET)],
        mkfs_external=[("mkfs.jfs", "-q", "-J", "journal_dev", LOG), ("mkfs.jfs", "-q", "-J", f"device={LOG}", TARGET)],
        mount=("mount", "-t", "jfs", "-o", "noatime", TARGET, MOUNTPOINT),
        mount_external=("mount", "-t", "jfs", "-o", "noatime", TARGET, MOUNTPOINT),  # found by UUID
        record=("jfs_tune", "-l", TARGET),
        fstab_line="UUID=FS-UUID\t/srv/fstune-tuned\tjfs\tnoatime\t0\t2",
        fstab_line_external="UUID=FS-UUID\t/srv/fstune-tuned\tjfs\tnoatime,"
                            "x-systemd.requires=/dev/disk/by-uuid/JOURNAL-UUID,x-systemd.device-timeout=30s\t0\t0",
        ansible_module=False,
        ansible_journal_match="fstune_t_type == 'jfs' and fstune_j_type != ''",
        package="jfsutils", tools=("mkfs.jfs", "jfs_tune"), kernel_names=("jfs",), modules=("jfs",),
        kernel_log_words=("jfs",),
        min_bytes=16 * 1024**2, journal_min_bytes=4 * 1024**2, journal_noun="log",
    ),
}


def test_a_log_attached_later_is_moved_by_jfs_tune_after_mkfs():
    steps = filesystems.get("jfs").mkfs_steps(job("external", attach="tune"))
    assert [s.argv for s in steps] == [("mkfs.jfs", "-q", "-J", "journal_dev", LOG),
                                       ("mkfs.jfs", "-q", TARGET),
                                       ("jfs_tune", "-J", f"device={LOG}", TARGET)]
    assert [s.kind for s in steps] == [kinds.JOURNAL, kinds.MKFS, kinds.TUNE]
    assert steps[2].written_devices == (TARGET, LOG)
