"""The ext family: ext2, ext3 and ext4, one class each, sharing e2fsprogs and most options.

ext3 is ext2 with a journal, ext4 is ext3 with more; the classes say so by inheritance. Current
kernels mount all three with the ext4 driver, which is why its modules and kernel messages show
up for ext2 and ext3 too.
"""

from __future__ import annotations

import re
import struct
import uuid

from fstune.errors import UsageError
from fstune.filesystems.base import (EXTERNAL, INTERNAL, MKFS_FACTOR, MOUNT_FACTOR, NONE, PLACE_FACTOR, ExternalJournal,
                                     Filesystem, MiB, MkfsJob, RefusedMkfsOption, ScreeningFactor, SuperblockReader,
                                     TimerOption, UuidLink)
from fstune.filesystems.options import MountOption, OptionRule, alias, option_table
from fstune.filesystems.registry import register
from fstune.steps import Step
from fstune.util.progress import ProgressParser
from fstune.util.progress import RateEta as _RateEta

_EXT_JOURNALLED = option_table(
    MountOption("data", "choice", choices=("ordered", "journal", "writeback"),
                help="what goes through the journal: metadata only (ordered, writeback) or data too"),
    MountOption("commit", "int", minimum=0, maximum=86400,
                help="seconds between journal commits (default 5)"),
    MountOption("journal_path", "path", managed=True,
                help="the external journal's device path; survives a changed device number"),
    MountOption("journal_dev", "int", managed=True, help="the external journal's device number"),
    MountOption("journal_ioprio", "int", minimum=0, maximum=7),
    MountOption("noload", help="do not replay the journal (dangerous after a crash)"),
    MountOption("norecovery"),
    MountOption("barrier", help="write barriers on (default)"),
    MountOption("nobarrier", help="no write barriers: faster, unsafe on power loss without a protected cache"),
    MountOption("data_err", "choice", choices=("ignore", "abort")),
    # jbd2's batching wait, in µs; the ext4 driver takes them in ext3 mode too (Linux 6.1 mounts
    # ext3 with commit=51,max_batch_time=153870). jbd2 multiplies the value by 1000 in 32 bits:
    # above 4294967 µs the wait would wrap round
    MountOption("max_batch_time", "int", minimum=0, maximum=4294967),
    MountOption("min_batch_time", "int", minimum=0),
)
_EXT_COMMON = option_table(
    MountOption("errors", "choice", choices=("continue", "remount-ro", "panic")),
    MountOption("user_xattr"),
    MountOption("acl"),
    MountOption("noacl", removed="ACLs cannot be turned off at mount any more: it did nothing since "
                "Linux 3.5, and the ext4 driver, which mounts ext2/3/4 on current kernels, now rejects it."),
    MountOption("grpid"),
    alias("bsdgroups", "grpid"),
    MountOption("nogrpid"),
    alias("sysvgroups", "nogrpid"),
    MountOption("resgid", "int", minimum=0),
    MountOption("resuid", "int", minimum=0),
    MountOption("sb", "int", minimum=1, help="read the superblock from this 1 KiB block (a backup), not the first"),
    MountOption("quota"),
    MountOption("noquota"),
    MountOption("usrquota"),
    MountOption("grpquota"),
    MountOption("discard"),
    MountOption("nodiscard"),
    MountOption("block_validity"),
    MountOption("noblock_validity"),
    MountOption("nouid32"),
)
# Refused in ext3 mode by the ext4 driver ("Mount option(s) incompatible with ext3").
_EXT4_ONLY = option_table(
    MountOption("journal_checksum", help="checksums in the journal (the default with metadata_csum)"),
    MountOption("nojournal_checksum"),
    MountOption("journal_async_commit",
                help="write a commit block without waiting for the descriptor blocks; needs data=writeback "
                     "or data=journal"),
    MountOption("delalloc"),
    MountOption("nodelalloc"),
    MountOption("auto_da_alloc"),
    MountOption("noauto_da_alloc"),
    MountOption("dioread_nolock"),
    MountOption("nodioread_nolock"),
    alias("dioread_lock", "nodioread_nolock"),
    MountOption("init_itable", "int", minimum=0),
    MountOption("noinit_itable"),
    MountOption("stripe", "int", minimum=0),
    MountOption("inode_readahead_blks", "int", minimum=0, maximum=1 << 30),
    MountOption("dax"),
    MountOption("prjquota"),
)
# What the ext4 driver refuses together, each option being valid alone (its mount-time checks).
# Without a journal, or with one it does not replay (noload, norecovery), it refuses what only a
# journal uses: a data= mode, a commit interval (any but the default 5 s; fstune refuses them all),
# journal checksums and aborting on a data error.
_EXT3_JOURNAL_OPTIONS = ("data=", "commit=", "data_err=abort")
_EXT4_JOURNAL_OPTIONS = (*_EXT3_JOURNAL_OPTIONS, "journal_checksum", "journal_async_commit")


def _not_without_replay(journal_options: tuple[str, ...]) -> tuple[OptionRule, ...]:
    return tuple(OptionRule((skip, item), "the kernel refuses it when the journal is not replayed.")
                 for skip in ("noload", "norecovery") for item in journal_options)


_EXT3_RULES = _not_without_replay(_EXT3_JOURNAL_OPTIONS)
_EXT4_RULES = (
    *_not_without_replay(_EXT4_JOURNAL_OPTIONS),
    OptionRule(("journal_async_commit",), "the kernel refuses it in data=ordered mode, the default; add "
               "data=writeback or data=journal.", unless=("data=writeback", "data=journal")),
    OptionRule(("data=journal", "delalloc"), "data=journal cannot delay allocation; the kernel refuses both."),
    OptionRule(("data=journal", "dax"), "data=journal cannot bypass the page cache; the kernel refuses both."),
    OptionRule(("data=journal", "dioread_nolock"), "with data=journal the kernel turns dioread_nolock off "
               "without a word, so it would not be what was measured."),
)

_EXT_ALLOCATOR_GONE = (
    "Linux 3.3 removed the choice of block allocator from ext3/ext4; they always use the "
    "Orlov allocator now, so the old oldalloc/orlov trick cannot be tried on a current kernel."
)
_EXT_REMOVED = option_table(
    MountOption("oldalloc", removed=_EXT_ALLOCATOR_GONE),
    MountOption("orlov", removed=_EXT_ALLOCATOR_GONE),
    MountOption("nouser_xattr", removed="user extended attributes are always on in current kernels."),
    MountOption("bh", removed="removed from ext4 in Linux 3.x."),
    MountOption("nobh", removed="removed from ext4 in Linux 3.x."),
)

# The knobs a screening study may try (docs/screening.md), the kernel's or mke2fs's default first.
# ``data`` (its data=journal level) cannot be screened with ``delalloc`` or ``dioread_nolock``
# (their first levels): the option rules above refuse those pairs, so the screening does too.
_ATIME = ScreeningFactor("atime", MOUNT_FACTOR, ("relatime",), ("noatime",),
                         help="write access times only now and then, or never")
_LAZYTIME = ScreeningFactor("lazytime", MOUNT_FACTOR, ("nolazytime",), ("lazytime",),
                            help="keep timestamp updates in memory and write them out lazily")
_COMMIT = ScreeningFactor("commit", MOUNT_FACTOR, ("commit=5",), ("commit=60",),
                          help="seconds between journal commits")
_DATA = ScreeningFactor("data", MOUNT_FACTOR, ("data=ordered",), ("data=journal",),
                        help="file data through the journal too, not only metadata")
_BARRIER = ScreeningFactor("barrier", MOUNT_FACTOR, ("barrier",), ("nobarrier",),
                           help="no cache flushes: faster, unsafe on power loss without a protected cache")
_INODE_RATIO = ScreeningFactor("inode_ratio", MKFS_FACTOR, ("-i", "16384"), ("-i", "65536"),
                               help="bytes per inode: fewer inode tables to write and to search")
# the journal's place: each run makes its journal as a paired study's configuration of that
# placement does (the journal device's mkfs, -J device=, journal_path=), on the spare --log-device
_JOURNAL_PLACE = ScreeningFactor("journal", PLACE_FACTOR, (INTERNAL,), (EXTERNAL,),
                                 help="the journal on the spare device (--log-device) instead of inside")
_EXT3_FACTORS = (_ATIME, _LAZYTIME, _COMMIT, _DATA, _BARRIER, _INODE_RATIO, _JOURNAL_PLACE)
_EXT4_FACTORS = (
    *_EXT3_FACTORS,
    ScreeningFactor("delalloc", MOUNT_FACTOR, ("delalloc",), ("nodelalloc",),
                    help="allocate blocks at each write instead of when the data is flushed"),
    ScreeningFactor("auto_da_alloc", MOUNT_FACTOR, ("auto_da_alloc",), ("noauto_da_alloc",),
                    help="no flush of a file replaced by rename or truncate"),
    ScreeningFactor("dioread_nolock", MOUNT_FACTOR, ("dioread_nolock",), ("nodioread_nolock",),
                    help="take the inode lock for direct I/O reads and buffered writes"),
    ScreeningFactor("flex_bg", MKFS_FACTOR, ("-O", "flex_bg"), ("-O", "^flex_bg"),
                    help="no flexible block groups: metadata stays in each block group"),
    ScreeningFactor("metadata_csum", MKFS_FACTOR, ("-O", "metadata_csum"), ("-O", "^metadata_csum"),
                    help="no checksums on metadata"),
)

_EXT_MAGIC = 0xEF53
_EXT_HAS_JOURNAL = 0x4


def ext_journal_uuid(superblock: bytes) -> str | None:
    """The external journal's UUID from an ext2/3/4 superblock (bytes 1024…2047), or None."""
    if len(superblock) < 0xE8 or struct.unpack_from("<H", superblock, 0x38)[0] != _EXT_MAGIC:
        return None
    if not struct.unpack_from("<I", superblock, 0x5C)[0] & _EXT_HAS_JOURNAL:
        return None
    raw = superblock[0xD0:0xE0]
    if raw == bytes(16):
        return None  # the journal is internal
    return str(uuid.UUID(bytes=raw))


_EXT_JOURNAL = ExternalJournal(
    noun="journal",
    min_bytes=1024 * 4096,  # mke2fs wants at least 1024 journal blocks
    max_bytes=None,
    mount_option="journal_path",
    same_block_size=True,
    notes="The journal device is made with 'mkfs -O journal_dev' using the same block size as "
    "the filesystem; the whole device becomes the journal.",
    blkid_type="jbd",
    # the filesystem's superblock names its journal: blkid shows it as EXT_JOURNAL
    # (udev does not export it: the device scan reads it from the superblock)
    uuid_link=UuidLink(holder="filesystem", key="EXT_JOURNAL",
                       reader=SuperblockReader(offset=1024, length=1024, read=ext_journal_uuid,
                                               types=("ext3", "ext4", "ext4dev", "ext2"),
                                               probed_key="ext_journal_uuid")),
    family="an ext3/ext4",
    owner_command="dumpe2fs -h",
)


class Mke2fsProgress(ProgressParser):
    """mke2fs: "Writing inode tables: 12/64"; its badblocks scan: "12.34% done, 0:05 elapsed"."""

    COUNT = re.compile(r"^(?P<label>[A-Z][A-Za-z ]+?):\s+(?P<done>\d+)/(?P<total>\d+)\s*$")
    PERCENT = re.compile(r"(?P<pct>\d+(?:\.\d+)?)% done, (?:(?P<h>\d+):)?(?P<m>\d+):(?P<s>\d+) elapsed")

    def __init__(self) -> None:
        self._rate = _RateEta()

    def parse(self, text):
        match = self.COUNT.match(text)
        if match and int(match["total"]) > 0:
            fraction = min(1.0, int(match["done"]) / int(match["total"]))
            label = match["label"]
            return fraction, self._rate.eta(label, fraction), label
        match = self.PERCENT.search(text)
        if match:
            fraction = min(1.0, float(match["pct"]) / 100)
            elapsed = int(match["h"] or 0) * 3600 + int(match["m"]) * 60 + int(match["s"])
            eta = elapsed * (1 - fraction) / fraction if fraction > 0 and elapsed else None
            return fraction, eta, "Checking for bad blocks"
        return None


class Ext(Filesystem):
    """What ext2, ext3 and ext4 share: e2fsprogs, mke2fs's flags and progress, dumpe2fs, fsck at boot."""

    package = "e2fsprogs"
    article = "an"  # "an ext4": said e-x-t
    package_tools = ("mke2fs", "tune2fs")
    prompts = (re.compile(r"Proceed anyway\? \(y,N\)\s*$"),)  # mke2fs, about a device that holds something
    force_flag = "-F"
    default_block_size = 4096
    refused_mkfs_options = (
        RefusedMkfsOption("-F", None, "fstune adds the force flag itself, once"),
        RefusedMkfsOption("-n", None, "-n makes mkfs only pretend"),
        RefusedMkfsOption("-J", None, 'use journal = "external" instead of -J'),
        RefusedMkfsOption("-O", "journal_dev", "fstune makes journal devices itself"),
    )
    fsck_pass = 2
    ansible_filesystem_module = True
    version_argv = {tool: (tool, "-V") for tool in ("mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "mke2fs", "dumpe2fs")}
    mkfs_makes_journal = True  # plain mke2fs adds a journal; journal = "none" must say -O ^has_journal
    mkfs_feature_options = ("-O",)  # mke2fs joins every -O it is given into one list

    @property
    def kernel_log_words(self) -> tuple[str, ...]:
        # ext2/ext3 are mounted by the ext4 driver, which reports as "ext4"/"EXT4-fs"
        return (self.name, "ext4", "EXT4-fs")

    def progress_parser(self, tool: str) -> Mke2fsProgress | None:
        return Mke2fsProgress() if tool == "mke2fs" or tool.startswith("mkfs.ext") else None

    def block_size(self, args: list[str]) -> int | None:
        """The block size given as ``-b N``, else fstune's default (which it then passes)."""
        for index, arg in enumerate(args):
            if arg == "-b" and index + 1 < len(args):
                try:
                    return int(args[index + 1])
                except ValueError:
                    raise UsageError(f"mkfs option '-b {args[index + 1]}' needs a number of bytes.") from None
            if arg.startswith("-b") and arg[2:].isdigit():
                return int(arg[2:])
        return self.default_block_size

    # mke2fs keeps only the last -E it is given: fstune's extended options and a study's own are
    # passed as one -E, the study's last (so they win)
    complete_extended = ("lazy_itable_init=0", "lazy_journal_init=0")
    nodiscard_extended = ("nodiscard",)

    def _extended(self, job: MkfsJob, options: list[str], *, journal_device: bool = False) -> list[str]:
        """``options`` with one -E holding fstune's settled extended options and the study's."""
        ours = [*(self.complete_extended if self.mkfs_makes_journal else ()),
                *(() if job.discard else self.nodiscard_extended)]
        if journal_device:  # a journal device has no inode tables
            ours = [word for word in ours if not word.startswith("lazy_itable_init")]
        rest, theirs = [], []
        index = 0
        while index < len(options):
            word = options[index]
            if word == "-E" and index + 1 < len(options):
                theirs.append(options[index + 1])
                index += 2
                continue
            if word.startswith("-E") and len(word) > 2:
                theirs.append(word[2:])
            else:
                rest.append(word)
            index += 1
        merged = ",".join([*ours, *theirs])
        return [*rest, "-E", merged] if merged else rest

    def check_mkfs_options(self, args: list[str] | tuple[str, ...], placement: str) -> None:
        super().check_mkfs_options(args, placement)
        if "^has_journal" in " ".join(args) and placement != NONE:
            raise UsageError(
                f"mkfs option '-O ^has_journal' contradicts journal = \"{placement}\"; "
                'use journal = "none" for a filesystem without a journal.'
            )

    def _mkfs_steps(self, job: MkfsJob) -> list[Step]:
        force = self._force(job)
        options = list(job.options)
        # Always name the block size: mke2fs picks 1 KiB blocks on small devices, which would
        # make a baseline and its variants differ in more than the one thing being studied, and
        # an external journal must match the filesystem's block size anyway.
        block = self.block_size(options)
        if "-b" not in options and not any(o.startswith("-b") and o[2:].isdigit() for o in options):
            options = ["-b", str(block), *options]
        steps: list[Step] = []
        if job.journal == EXTERNAL:
            steps.append(self._journal_step(
                job, (self.mkfs, "-b", str(block), "-O", "journal_dev",
                      *self._extended(job, [], journal_device=True), *force, job.log),
                title=f"Make {job.log} an external journal ({block}-byte blocks)",
                why="the journal device must exist before the filesystem that uses it, with the same block size."))
            journal: tuple[str, ...] = ("-J", f"device={job.log}")
        elif job.journal == NONE and self.mkfs_makes_journal and "^has_journal" not in " ".join(options):
            journal = ("-O", "^has_journal")
        else:
            journal = ()
        external = journal[:1] == ("-J",)
        options = self._extended(job, options)
        steps.append(self._format_step(
            job, (self.mkfs, *options, *journal, *force, job.target),
            f"Format {job.target} as {self.title}" + (f" with its journal on {job.log}" if external else ""),
            writes_log=external))
        return steps

    def record_argv(self, target: str, mountpoint: str) -> tuple[str, ...]:
        return ("dumpe2fs", "-h", target)

    def parse_record(self, text: str) -> dict:
        """``dumpe2fs -h``: an external journal shows "Journal UUID" and "Journal device" (the
        kernel's encoded device number); an internal one "Journal inode"."""
        fields = {}
        for line in text.splitlines():
            key, sep, value = line.partition(":")
            if sep:
                fields.setdefault(key.strip(), value.strip())
        features = fields.get("Filesystem features", "").split()
        if not fields.get("Filesystem UUID"):
            return {}
        found: dict = {"uuid": fields["Filesystem UUID"], "features": features}
        if fields.get("Journal device") or fields.get("Journal UUID"):
            found["journal"] = EXTERNAL
            if fields.get("Journal UUID"):
                found["journal_uuid"] = fields["Journal UUID"]
            if fields.get("Journal device"):
                try:
                    dev = int(fields["Journal device"], 0)
                except ValueError:
                    pass
                else:  # the kernel's new_encode_dev: 12 bits of major, 20 of minor, interleaved
                    found["journal_device"] = f"{(dev & 0xfff00) >> 8}:{(dev & 0xff) | ((dev >> 12) & 0xfff00)}"
        else:
            found["journal"] = INTERNAL if "has_journal" in features else NONE
        return found


@register
class Ext2(Ext):
    name = "ext2"
    title = "ext2 (no journal)"
    mkfs = "mkfs.ext2"
    kernel_names = ("ext2",)
    modules = ("ext2", "ext4")
    min_bytes = 1 * MiB
    placements = (NONE,)
    mount_options = {**_EXT_COMMON, **option_table(
        MountOption("oldalloc", help="the ext2 driver's old allocator (not in the ext4 driver)"),
        MountOption("orlov"),
        MountOption("nobh"),
    )}
    mkfs_makes_journal = False
    screening_factors = (_ATIME, _LAZYTIME, _INODE_RATIO)
    notes = "ext2 has no journal, so it writes least but must be checked in full after a crash."
    listing_order = 10


@register
class Ext3(Ext):
    name = "ext3"
    title = "ext3"
    mkfs = "mkfs.ext3"
    kernel_names = ("ext3",)
    modules = ("ext4", "ext3")
    min_bytes = 2 * MiB
    placements = (INTERNAL, EXTERNAL)
    external = _EXT_JOURNAL
    mount_options = {**_EXT_COMMON, **_EXT_JOURNALLED, **_EXT_REMOVED}
    option_rules = _EXT3_RULES
    journal_options = _EXT3_JOURNAL_OPTIONS
    screening_factors = _EXT3_FACTORS
    notes = "Current kernels mount ext3 with the ext4 driver."
    timer_options = (
        TimerOption("commit", 5, "s", "commit interval"),  # jbd2's JBD2_DEFAULT_MAX_COMMIT_AGE
        # how long a synchronous writer waits for others to join its commit: jbd2 waits the
        # average commit time, at most this (EXT4_DEF_MAX_BATCH_TIME); a dilated disk's commits
        # take factor × longer, so an unstretched cap would cut the wait, and the batching, short
        TimerOption("max_batch_time", 15000, "µs", "longest wait for a commit's batch"),
    )
    listing_order = 11


@register
class Ext4(Ext3):
    name = "ext4"
    title = "ext4"
    mkfs = "mkfs.ext4"
    kernel_names = ("ext4",)
    modules = ("ext4",)
    placements = (INTERNAL, EXTERNAL, NONE)
    mount_options = {**_EXT_COMMON, **_EXT_JOURNALLED, **_EXT4_ONLY, **_EXT_REMOVED}
    option_rules = _EXT4_RULES
    journal_options = _EXT4_JOURNAL_OPTIONS
    screening_factors = _EXT4_FACTORS
    notes = ""
    listing_order = 12
