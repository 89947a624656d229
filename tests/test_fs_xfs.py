"""XFS (fstune/filesystems/xfs.py): its contract, the log size cap, and whose log it is."""

from __future__ import annotations

import dataclasses

from fscontract import LOG, MOUNTPOINT, TARGET, Contract, job
from fstune import filesystems

LINK = "/dev/disk/by-uuid/JOURNAL-UUID"

CONTRACTS = {
    "xfs": Contract(
        mkfs=[("mkfs.xfs", "-f", TARGET)],
        mkfs_external=[("mkfs.xfs", "-f", "-l", f"logdev={LOG}", TARGET)],
        mount=("mount", "-t", "xfs", "-o", "noatime", TARGET, MOUNTPOINT),
        mount_external=("mount", "-t", "xfs", "-o", f"noatime,logdev={LOG}", TARGET, MOUNTPOINT),
        record=("xfs_info", MOUNTPOINT),
        fstab_line="UUID=FS-UUID\t/srv/fstune-tuned\txfs\tnoatime\t0\t0",
        fstab_line_external=f"UUID=FS-UUID\t/srv/fstune-tuned\txfs\tnoatime,logdev={LINK},"
                            f"x-systemd.requires={LINK},x-systemd.device-timeout=30s\t0\t0",
        ansible_module=True,
        ansible_journal_match="fstune_t_type == 'xfs' and fstune_j_type == 'xfs_external_log' and "
                              "(fstune_j_blkid.LOGUUID | default('')) == (fstune_t_blkid.UUID | default('-'))",
        package="xfsprogs", tools=("mkfs.xfs", "xfs_info"), kernel_names=("xfs",), modules=("xfs",),
        kernel_log_words=("xfs",),
        min_bytes=300_000_000, journal_min_bytes=64 * 1024**2, journal_noun="log",
    ),
}


def test_a_log_device_larger_than_xfs_can_use_is_used_in_part():
    big = dataclasses.replace(job("external"), log_size=4 * 1024**3)
    (step,) = filesystems.get("xfs").mkfs_steps(big)
    assert step.argv == ("mkfs.xfs", "-f", "-l", f"logdev={LOG},size=2038m", TARGET)
    assert step.written_devices == (TARGET, LOG)


def test_the_log_must_belong_to_the_filesystem():
    xfs = filesystems.get("xfs")
    assert xfs.journal_mismatch(TARGET, LOG, {"UUID": "F1"}, {"LOGUUID": "F1"}) is None
    assert xfs.journal_mismatch(TARGET, LOG, {"UUID": "F1"}, {"LOGUUID": "F2"}) == (
        f"the XFS log on {LOG} belongs to the filesystem with UUID F2, not to the one on {TARGET}.")


def test_an_external_log_names_its_filesystem():
    # the device scan reads this where udev does not export ID_FS_LOGUUID
    import struct
    import uuid

    from fstune.filesystems.xfs import xfs_log_fs_uuid

    fs = uuid.uuid4()
    log = bytearray(512)
    struct.pack_into(">I", log, 0, 0xFEEDBABE)
    log[304:320] = fs.bytes
    assert xfs_log_fs_uuid(bytes(log)) == str(fs)
    assert xfs_log_fs_uuid(bytes(512)) is None


def test_xfs_info_readback_tells_where_the_log_is():
    from pathlib import Path

    xfs = filesystems.get("xfs")
    tools = Path(__file__).parent / "fixtures" / "tools"
    external = xfs.parse_record((tools / "xfs_info-external.txt").read_text())
    assert external == {"journal": "external", "journal_device": "/dev/loop9"}
    assert xfs.placement_problem(external, "external", "/dev/loop9", "7:9") is None
    internal = xfs.parse_record((tools / "xfs_info-internal.txt").read_text())
    assert internal == {"journal": "internal"}
    assert "has it inside the filesystem" in xfs.placement_problem(internal, "external", "/dev/loop9", "7:9")
