"""ReiserFS (fstune/filesystems/reiserfs.py): its contract; removed from Linux 6.13."""

from __future__ import annotations

from fscontract import LOG, MOUNTPOINT, TARGET, Contract, job
from fstune import filesystems

LINK = "/dev/disk/by-uuid/JOURNAL-UUID"

CONTRACTS = {
    "reiserfs": Contract(
        mkfs=[("mkreiserfs", "-f", TARGET)],
        mkfs_external=[("mkreiserfs", "-f", "-j", LOG, TARGET)],
        mount=("mount", "-t", "reiserfs", "-o", "noatime", TARGET, MOUNTPOINT),
        mount_external=("mount", "-t", "reiserfs", "-o", f"noatime,jdev={LOG}", TARGET, MOUNTPOINT),
        record=("debugreiserfs", TARGET),
        fstab_line="UUID=FS-UUID\t/srv/fstune-tuned\treiserfs\tnoatime\t0\t2",
        fstab_line_external=f"UUID=FS-UUID\t/srv/fstune-tuned\treiserfs\tnoatime,jdev={LINK},x-systemd.requires={LINK}"
                            ",x-systemd.device-timeout=30s\t0\t0",
        ansible_module=True,
        # blkid does not tie a ReiserFS journal to its filesystem: any signature will do
        ansible_journal_match="fstune_t_type == 'reiserfs' and fstune_j_type != ''",
        package="reiserfsprogs", tools=("mkreiserfs", "debugreiserfs"), kernel_names=("reiserfs",),
        modules=("reiserfs",), kernel_log_words=("reiserfs",),
        min_bytes=33 * 1024**2, journal_min_bytes=4 * 1024**2, journal_noun="journal",
    ),
}


def test_steps_name_it_without_its_version():
    (step,) = filesystems.get("reiserfs").mkfs_steps(job("external"))
    assert step.title == f"Format {TARGET} as ReiserFS with its journal on {LOG}"


def test_the_kernel_that_dropped_it_is_known():
    assert filesystems.get("reiserfs").removed_in == "6.13"
