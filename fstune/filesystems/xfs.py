"""XFS: always a log, inside the filesystem or on another device (``logdev=``)."""

from __future__ import annotations

import struct
import uuid

from fstune.errors import UsageError
from fstune.filesystems.base import (EXTERNAL, INTERNAL, MKFS_FACTOR, MOUNT_FACTOR, PLACE_FACTOR, ExternalJournal,
                                     Filesystem, MiB, MkfsJob, RefusedMkfsOption, ScreeningFactor, SuperblockReader,
                                     UuidLink)
from fstune.filesystems.options import MountOption, alias, option_table
from fstune.filesystems.registry import register
from fstune.steps import Step

_XFS_OPTIONS = option_table(
    MountOption("logbufs", "int", minimum=2, maximum=8,
                help="log buffers held in memory (2-8); more lets more transactions be in flight"),
    MountOption("logbsize", "size", choices=("16k", "32k", "64k", "128k", "256k"),
                help="size of each in-memory log buffer (16k-256k, a power of two)"),
    MountOption("logdev", "path", managed=True, help="the external log device"),
    MountOption("rtdev", "path"),
    MountOption("allocsize", "size"),
    MountOption("inode32"),
    MountOption("inode64"),
    MountOption("largeio"),
    MountOption("nolargeio"),
    MountOption("discard"),
    MountOption("nodiscard"),
    MountOption("grpid"),
    alias("bsdgroups", "grpid"),
    MountOption("nogrpid"),
    alias("sysvgroups", "nogrpid"),
    MountOption("filestreams"),
    MountOption("swalloc"),
    MountOption("noalign"),
    MountOption("sunit", "int", minimum=0),
    MountOption("swidth", "int", minimum=0),
    MountOption("wsync"),
    MountOption("norecovery", removed="XFS mounts without log recovery only read-only, and every "
                "benchmark writes."),
    MountOption("noquota"),
    MountOption("quota"),
    MountOption("uquota"),
    MountOption("usrquota"),
    MountOption("gquota"),
    MountOption("grpquota"),
    MountOption("pquota"),
    MountOption("prjquota"),
    MountOption("uqnoenforce"),
    MountOption("gqnoenforce"),
    MountOption("pqnoenforce"),
    MountOption("dax"),
    MountOption("nobarrier", removed="XFS dropped barrier/nobarrier in Linux 4.19; "
                "it always flushes caches correctly now."),
    MountOption("barrier", removed="XFS dropped barrier/nobarrier in Linux 4.19."),
    MountOption("ikeep", removed="removed from XFS in Linux 6.x."),
    MountOption("noikeep", removed="removed from XFS in Linux 6.x."),
    MountOption("attr2", removed="deprecated and removed from XFS; v5 filesystems always use attr2."),
    MountOption("noattr2", removed="deprecated and removed from XFS; v5 filesystems always use attr2."),
    MountOption("ihashsize", removed="removed from XFS long ago; it had no effect."),
    MountOption("osyncisdsync", removed="removed from XFS in Linux 3.x."),
    MountOption("osyncisosync", removed="removed from XFS in Linux 3.x."),
    MountOption("delaylog", removed="delayed logging is always on since Linux 3.3."),
    MountOption("logbufsize", removed="there is no such option; the number of log buffers is 'logbufs'."),
)

# The knobs a screening study may try (docs/screening.md), the kernel's or mkfs.xfs's default first.
# The log's place is made as a paired study's configuration of that placement makes it (-l logdev=,
# mount logdev=), on the spare --log-device.
_XFS_FACTORS = (
    ScreeningFactor("log", PLACE_FACTOR, (INTERNAL,), (EXTERNAL,),
                    help="the log on the spare device (--log-device) instead of inside"),
    ScreeningFactor("atime", MOUNT_FACTOR, ("relatime",), ("noatime",),
                    help="write access times only now and then, or never"),
    ScreeningFactor("lazytime", MOUNT_FACTOR, ("nolazytime",), ("lazytime",),
                    help="keep timestamp updates in memory and write them out lazily"),
    ScreeningFactor("logbufs", MOUNT_FACTOR, ("logbufs=8",), ("logbufs=2",),
                    help="log buffers held in memory"),
    ScreeningFactor("logbsize", MOUNT_FACTOR, ("logbsize=32k",), ("logbsize=256k",),
                    help="size of each in-memory log buffer"),
    ScreeningFactor("largeio", MOUNT_FACTOR, ("nolargeio",), ("largeio",),
                    help="report the stripe width or allocation size as the preferred I/O size"),
    ScreeningFactor("wsync", MOUNT_FACTOR, (), ("wsync",),
                    help="namespace operations synchronous"),
    ScreeningFactor("agcount", MKFS_FACTOR, ("-d", "agcount=4"), ("-d", "agcount=16"),
                    help="allocation groups: how many allocations can proceed at once"),
    ScreeningFactor("inode_size", MKFS_FACTOR, ("-i", "size=512"), ("-i", "size=1024"),
                    help="inode size: room for more extended attributes and extents inside the inode"),
)

_XLOG_MAGIC = 0xFEEDBABE


def xfs_log_fs_uuid(first_sector: bytes) -> str | None:
    """The owning filesystem's UUID from an XFS external log's first record header, or None."""
    # xlog_rec_header: magic, cycle, version, len, lsn(8), tail_lsn(8), crc, prev_block,
    # num_logops, cycle_data[64 words], fmt, then the filesystem's UUID at byte 304
    if len(first_sector) < 320 or struct.unpack_from(">I", first_sector, 0)[0] != _XLOG_MAGIC:
        return None
    raw = first_sector[304:320]
    return None if raw == bytes(16) else str(uuid.UUID(bytes=raw))


@register
class Xfs(Filesystem):
    name = "xfs"
    title = "XFS"
    article = "an"  # "an XFS": said ex-ef-es
    mkfs = "mkfs.xfs"
    package = "xfsprogs"
    package_tools = ("xfs_io",)
    kernel_names = ("xfs",)
    modules = ("xfs",)
    force_flag = "-f"
    min_bytes = 300 * 1000 * 1000
    placements = (INTERNAL, EXTERNAL)
    external = ExternalJournal(
        noun="log", min_bytes=64 * MiB, max_bytes=2038 * MiB, mount_option="logdev",
        notes="mkfs.xfs is told 'logdev=' and the filesystem must be mounted with the "
        "same 'logdev=' every time; a log device larger than 2038 MiB is used only in part.",
        blkid_type="xfs_external_log",
        # an XFS external log carries the UUID of the filesystem it belongs to (blkid: LOGUUID)
        # (newer udev exports it as ID_FS_LOGUUID; the device scan reads the log's first sector otherwise)
        uuid_link=UuidLink(holder="journal", key="LOGUUID", udev_property="ID_FS_LOGUUID",
                           reader=SuperblockReader(offset=0, length=512, read=xfs_log_fs_uuid,
                                                   types=("xfs_external_log",), probed_key="log_uuid")),
        family="an XFS",
        owner_command="xfs_info",
    )
    mount_options = _XFS_OPTIONS
    screening_factors = _XFS_FACTORS
    refused_mkfs_options = (
        RefusedMkfsOption("-f", None, "fstune adds the force flag itself, once"),
        RefusedMkfsOption("-N", None, "-N makes mkfs only pretend"),
        RefusedMkfsOption("-l", "logdev", 'use journal = "external" instead of -l logdev='),
    )
    notes = "XFS always has a log; it can be inside the filesystem or on another device."
    fsck_pass = 0  # fsck.xfs does nothing; XFS replays its log at mount
    ansible_filesystem_module = True
    nodiscard_mkfs_options = ("-K",)
    listing_order = 20
    version_argv = {"mkfs.xfs": ("mkfs.xfs", "-V"), "xfs_info": ("xfs_info", "-V")}

    # -l suboptions that place an internal log: mkfs.xfs refuses them beside -l logdev=
    # ("Cannot specify both -l agnum and -l logdev")
    _INTERNAL_LOG_SUBOPTIONS = ("internal", "agnum")

    def check_mkfs_options(self, args: list[str] | tuple[str, ...], placement: str) -> None:
        super().check_mkfs_options(args, placement)
        if placement != EXTERNAL:
            return
        for flag, name in sorted(self.mkfs_option_keys(args)):
            if flag == "-l" and name in self._INTERNAL_LOG_SUBOPTIONS:
                raise UsageError(f"mkfs option '-l {name}=' places an internal log, and this configuration's log is "
                                 "external (journal = \"external\"): mkfs.xfs refuses both.")

    def _mkfs_steps(self, job: MkfsJob) -> list[Step]:
        log_args: tuple[str, ...] = ()
        if job.external:
            spec = f"logdev={job.log}"
            # XFS cannot use a larger log: ask for the most it can, the rest of the device stays unused
            maximum = self.external.max_bytes
            if maximum and job.log_size and job.log_size > maximum:
                spec += f",size={maximum // MiB}m"
            log_args = ("-l", spec)
        return [self._format_step(
            job, (self.mkfs, *self._force(job), *self._settled(job), *job.options, *log_args, job.target),
            f"Format {job.target} as {self.title}" + (f" with its log on {job.log}" if log_args else ""),
            writes_log=bool(log_args))]

    def record_argv(self, target: str, mountpoint: str) -> tuple[str, ...]:
        return ("xfs_info", mountpoint)

    def parse_record(self, text: str) -> dict:
        """``xfs_info``: "log =internal log" or "log =/dev/sdc1" (the external log's device)."""
        import re

        match = re.search(r"^log\s+=(internal log|\S+)", text, re.M)
        if match is None:
            return {}
        if match.group(1) == "internal log":
            return {"journal": INTERNAL}
        return {"journal": EXTERNAL, "journal_device": match.group(1)}
