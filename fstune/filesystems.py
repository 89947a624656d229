"""What fstune knows about each filesystem: its mkfs tool, its journal, its mount options.

This is the option knowledge that lets fstune refuse a bad combination *before* anything is
formatted: an out-of-range value (XFS ``logbufs=9``), an option the kernel removed (XFS
``nobarrier``, ext4 ``oldalloc``), an option that belongs to another filesystem (``notail`` on
ext4), or a journal placement the filesystem cannot have (an external journal for Btrfs).

It also answers "can this machine do it?" (kernel support and mkfs tools), so an unavailable
filesystem is shown with its reason and stays available for dry runs.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from fstune.errors import UsageError

MiB = 1024 * 1024

# Journal placements a configuration may ask for.
INTERNAL, EXTERNAL, NONE = "internal", "external", "none"
PLACEMENTS = (INTERNAL, EXTERNAL, NONE)


@dataclass(frozen=True)
class MountOption:
    """One mount option: how its value is checked, and why it may be refused."""

    name: str
    kind: str = "flag"  # flag | int | choice | size | path | text
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    removed: str | None = None  # set: the option is refused, and this says why
    help: str = ""
    managed: bool = False  # fstune sets it itself from the journal placement

    def check(self, value: str | None, fs_name: str) -> None:
        """Raise UsageError when ``value`` is not acceptable for this option."""
        shown = self.name if value is None else f"{self.name}={value}"
        if self.removed:
            raise UsageError(f"{fs_name} mount option '{shown}' is refused: {self.removed}")
        if self.kind == "flag":
            if value is not None:
                raise UsageError(f"{fs_name} mount option '{self.name}' takes no value (got '{value}').")
            return
        if value is None or value == "":
            raise UsageError(f"{fs_name} mount option '{self.name}' needs a value, e.g. {self.example()}.")
        if self.kind == "int":
            if not re.fullmatch(r"\d+", value):
                raise UsageError(f"{fs_name} mount option '{shown}': the value must be a whole number.")
            self._check_range(int(value), shown, fs_name)
        elif self.kind == "size":
            number = _parse_option_size(value)
            if number is None:
                raise UsageError(f"{fs_name} mount option '{shown}': the value must be a size such as 32k.")
            if self.choices and value.lower() not in self.choices and str(number) not in self.choices:
                allowed = ", ".join(self.choices)
                raise UsageError(f"{fs_name} mount option '{shown}' is out of range; allowed: {allowed}.")
            self._check_range(number, shown, fs_name)
        elif self.kind == "choice":
            if value not in self.choices:
                allowed = ", ".join(self.choices)
                raise UsageError(f"{fs_name} mount option '{shown}' is not allowed; choose one of: {allowed}.")
        elif self.kind == "path":
            if not value.startswith("/"):
                raise UsageError(f"{fs_name} mount option '{shown}' needs an absolute device path.")

    def _check_range(self, number: int, shown: str, fs_name: str) -> None:
        low, high = self.minimum, self.maximum
        if (low is not None and number < low) or (high is not None and number > high):
            raise UsageError(
                f"{fs_name} mount option '{shown}' is out of range; allowed: {low} to {high}."
            )

    def example(self) -> str:
        if self.choices:
            return f"{self.name}={self.choices[0]}"
        if self.kind == "int":
            return f"{self.name}={self.minimum if self.minimum is not None else 1}"
        if self.kind == "path":
            return f"{self.name}=/dev/sdb1"
        return f"{self.name}=VALUE"


def _parse_option_size(value: str) -> int | None:
    match = re.fullmatch(r"(\d+)([kKmMgG]?)", value)
    if not match:
        return None
    number, unit = match.groups()
    return int(number) * {"": 1, "k": 1024, "m": MiB, "g": 1024 * MiB}[unit.lower()]


def _opts(*options: MountOption) -> dict[str, MountOption]:
    return {option.name: option for option in options}


def _flags(*names: str, help: str = "") -> list[MountOption]:
    return [MountOption(name, help=help) for name in names]


# Options the VFS itself understands, valid for every filesystem.
GENERIC_OPTIONS = _opts(
    MountOption("noatime", help="never write access times: fewest metadata writes"),
    MountOption("relatime", help="write the access time only when it is older than mtime/ctime or a day old"),
    MountOption("strictatime", help="write the access time on every read (POSIX)"),
    MountOption("atime", help="do not use noatime"),
    MountOption("lazytime", help="keep timestamp updates in memory and write them out lazily"),
    MountOption("nolazytime"),
    MountOption("nodiratime", help="no access-time updates on directories"),
    MountOption("diratime"),
    *_flags("ro", "rw", "sync", "async", "dirsync", "nosuid", "suid", "nodev", "dev", "noexec", "exec"),
    *_flags("iversion", "noiversion", "mand", "nomand", "silent", "loud", "nosymfollow"),
)

_EXT_JOURNALLED = _opts(
    MountOption("data", "choice", choices=("ordered", "journal", "writeback"),
                help="what goes through the journal: metadata only (ordered, writeback) or data too"),
    MountOption("commit", "int", minimum=0, maximum=86400,
                help="seconds between journal commits (default 5)"),
    MountOption("journal_path", "path", managed=True,
                help="the external journal's device path; survives a changed device number"),
    MountOption("journal_dev", "int", managed=True, help="the external journal's device number"),
    MountOption("journal_checksum"),
    MountOption("nojournal_checksum"),
    MountOption("journal_async_commit"),
    MountOption("journal_ioprio", "int", minimum=0, maximum=7),
    MountOption("noload", help="do not replay the journal (dangerous after a crash)"),
    MountOption("norecovery"),
    MountOption("barrier", help="write barriers on (default)"),
    MountOption("nobarrier", help="no write barriers: faster, unsafe on power loss without a protected cache"),
    MountOption("data_err", "choice", choices=("ignore", "abort")),
)
_EXT_COMMON = _opts(
    MountOption("errors", "choice", choices=("continue", "remount-ro", "panic")),
    MountOption("user_xattr"),
    MountOption("acl"),
    MountOption("noacl"),
    MountOption("grpid"),
    MountOption("bsdgroups"),
    MountOption("nogrpid"),
    MountOption("sysvgroups"),
    MountOption("resgid", "int", minimum=0),
    MountOption("resuid", "int", minimum=0),
    MountOption("sb", "int", minimum=0),
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
_EXT4_ONLY = _opts(
    MountOption("delalloc"),
    MountOption("nodelalloc"),
    MountOption("auto_da_alloc"),
    MountOption("noauto_da_alloc"),
    MountOption("dioread_nolock"),
    MountOption("dioread_lock"),
    MountOption("init_itable", "int", minimum=0),
    MountOption("noinit_itable"),
    MountOption("stripe", "int", minimum=0),
    MountOption("max_batch_time", "int", minimum=0),
    MountOption("min_batch_time", "int", minimum=0),
    MountOption("inode_readahead_blks", "int", minimum=0, maximum=1 << 30),
    MountOption("dax"),
    MountOption("prjquota"),
)
_EXT_ALLOCATOR_GONE = (
    "Linux 3.3 removed the choice of block allocator from ext3/ext4; they always use the "
    "Orlov allocator now, so the old oldalloc/orlov trick cannot be tried on a current kernel."
)
_EXT_REMOVED = _opts(
    MountOption("oldalloc", removed=_EXT_ALLOCATOR_GONE),
    MountOption("orlov", removed=_EXT_ALLOCATOR_GONE),
    MountOption("nouser_xattr", removed="user extended attributes are always on in current kernels."),
    MountOption("bh", removed="removed from ext4 in Linux 3.x."),
    MountOption("nobh", removed="removed from ext4 in Linux 3.x."),
)

_XFS_OPTIONS = _opts(
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
    MountOption("bsdgroups"),
    MountOption("nogrpid"),
    MountOption("sysvgroups"),
    MountOption("filestreams"),
    MountOption("swalloc"),
    MountOption("noalign"),
    MountOption("sunit", "int", minimum=0),
    MountOption("swidth", "int", minimum=0),
    MountOption("wsync"),
    MountOption("norecovery"),
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

_REISERFS_OPTIONS = _opts(
    MountOption("notail", help="do not pack small files and file tails into the tree"),
    MountOption("tails", "choice", choices=("on", "off", "small")),
    MountOption("jdev", "path", managed=True, help="the external journal device"),
    MountOption("nolog"),
    MountOption("conv"),
    MountOption("hash", "choice", choices=("rupasov", "tea", "r5", "detect")),
    MountOption("hashed_relocation"),
    MountOption("no_unhashed_relocation"),
    MountOption("noborder"),
    MountOption("barrier", "choice", choices=("none", "flush")),
    MountOption("data", "choice", choices=("ordered", "journal", "writeback")),
    MountOption("commit", "int", minimum=0),
    MountOption("resize", "int", minimum=0),
    MountOption("user_xattr"),
    MountOption("acl"),
    MountOption("errors", "choice", choices=("continue", "remount-ro", "panic")),
)

_JFS_OPTIONS = _opts(
    MountOption("iocharset", "text"),
    MountOption("resize", "int", minimum=0),
    MountOption("nointegrity", help="no journalling at all: fast, unsafe"),
    MountOption("integrity"),
    MountOption("errors", "choice", choices=("continue", "remount-ro", "panic")),
    MountOption("noquota"),
    MountOption("quota"),
    MountOption("usrquota"),
    MountOption("grpquota"),
    MountOption("discard"),
    MountOption("nodiscard"),
)

_BTRFS_OPTIONS = _opts(
    MountOption("compress", "text", help="zlib, lzo, zstd or zstd:LEVEL"),
    MountOption("compress-force", "text"),
    MountOption("space_cache", "text"),
    MountOption("nospace_cache"),
    MountOption("ssd"),
    MountOption("nossd"),
    MountOption("ssd_spread"),
    MountOption("nossd_spread"),
    MountOption("discard", "text"),
    MountOption("nodiscard"),
    MountOption("autodefrag"),
    MountOption("noautodefrag"),
    MountOption("commit", "int", minimum=1, maximum=300, help="seconds between transaction commits"),
    MountOption("datacow"),
    MountOption("nodatacow"),
    MountOption("datasum"),
    MountOption("nodatasum"),
    MountOption("flushoncommit"),
    MountOption("noflushoncommit"),
    MountOption("max_inline", "size"),
    MountOption("thread_pool", "int", minimum=1),
    MountOption("treelog"),
    MountOption("notreelog"),
    MountOption("barrier"),
    MountOption("nobarrier"),
    MountOption("skip_balance"),
    MountOption("clear_cache"),
    MountOption("user_subvol_rm_allowed"),
    MountOption("subvol", "text"),
    MountOption("subvolid", "int", minimum=0),
    MountOption("degraded"),
    MountOption("fatal_errors", "choice", choices=("bug", "panic")),
    MountOption("rescue", "text"),
    MountOption("device", "path", removed="fstune tests one device per filesystem; Btrfs has no "
                "external journal, and multi-device Btrfs is a different experiment."),
    MountOption("inode_cache", removed="removed from Btrfs in Linux 5.11."),
    MountOption("noinode_cache", removed="removed from Btrfs in Linux 5.11."),
    MountOption("alloc_start", removed="removed from Btrfs in Linux 4.13."),
    MountOption("subvolrootid", removed="removed from Btrfs in Linux 3.x."),
    MountOption("check_int", removed="removed from Btrfs in Linux 5.x."),
)


@dataclass(frozen=True)
class ExternalJournal:
    """How one filesystem puts its journal/log on a second device."""

    noun: str  # "journal" or "log", as the filesystem's own docs say
    min_bytes: int  # smallest spare device that works
    max_bytes: int | None  # largest log the filesystem can use (None: no limit we enforce)
    mount_option: str | None  # option naming the log device at mount (None: found by UUID)
    same_block_size: bool = False  # the journal device must use the filesystem's block size
    notes: str = ""


@dataclass(frozen=True)
class Filesystem:
    name: str
    title: str
    mkfs: str
    package: str  # the Debian package with its tools
    kernel_names: tuple[str, ...]  # names in /proc/filesystems
    modules: tuple[str, ...]  # kernel modules that provide it
    force_flag: str  # passed once, only after the user confirmed the device
    min_bytes: int
    placements: tuple[str, ...]
    external: ExternalJournal | None
    mount_options: dict[str, MountOption]
    default_block_size: int | None = None  # fstune passes it so a journal device can match
    removed_in: str | None = None  # kernel version that dropped the filesystem
    notes: str = ""
    extra_tools: tuple[str, ...] = field(default_factory=tuple)

    def option(self, name: str) -> MountOption | None:
        return self.mount_options.get(name) or GENERIC_OPTIONS.get(name)

    @property
    def has_external_journal(self) -> bool:
        return self.external is not None


_EXT_JOURNAL = ExternalJournal(
    noun="journal",
    min_bytes=1024 * 4096,  # mke2fs wants at least 1024 journal blocks
    max_bytes=None,
    mount_option="journal_path",
    same_block_size=True,
    notes="The journal device is made with 'mkfs -O journal_dev' using the same block size as "
    "the filesystem; the whole device becomes the journal.",
)

FILESYSTEMS: dict[str, Filesystem] = {
    "ext2": Filesystem(
        name="ext2", title="ext2 (no journal)", mkfs="mkfs.ext2", package="e2fsprogs",
        kernel_names=("ext2",), modules=("ext2", "ext4"), force_flag="-F",
        min_bytes=1 * MiB, placements=(NONE,), external=None,
        mount_options={**_EXT_COMMON, **_opts(
            MountOption("oldalloc", help="the ext2 driver's old allocator (not in the ext4 driver)"),
            MountOption("orlov"),
            MountOption("nobh"),
        )},
        default_block_size=4096,
        notes="ext2 has no journal, so it writes least but must be checked in full after a crash.",
    ),
    "ext3": Filesystem(
        name="ext3", title="ext3", mkfs="mkfs.ext3", package="e2fsprogs",
        kernel_names=("ext3",), modules=("ext4", "ext3"), force_flag="-F",
        min_bytes=2 * MiB, placements=(INTERNAL, EXTERNAL), external=_EXT_JOURNAL,
        mount_options={**_EXT_COMMON, **_EXT_JOURNALLED, **_EXT_REMOVED},
        default_block_size=4096,
        notes="Current kernels mount ext3 with the ext4 driver.",
    ),
    "ext4": Filesystem(
        name="ext4", title="ext4", mkfs="mkfs.ext4", package="e2fsprogs",
        kernel_names=("ext4",), modules=("ext4",), force_flag="-F",
        min_bytes=2 * MiB, placements=(INTERNAL, EXTERNAL, NONE), external=_EXT_JOURNAL,
        mount_options={**_EXT_COMMON, **_EXT_JOURNALLED, **_EXT4_ONLY, **_EXT_REMOVED},
        default_block_size=4096,
    ),
    "xfs": Filesystem(
        name="xfs", title="XFS", mkfs="mkfs.xfs", package="xfsprogs",
        kernel_names=("xfs",), modules=("xfs",), force_flag="-f",
        min_bytes=300 * 1000 * 1000, placements=(INTERNAL, EXTERNAL),
        external=ExternalJournal(
            noun="log", min_bytes=64 * MiB, max_bytes=2038 * MiB, mount_option="logdev",
            notes="mkfs.xfs is told 'logdev=' and the filesystem must be mounted with the "
            "same 'logdev=' every time; a log device larger than 2038 MiB is used only in part.",
        ),
        mount_options=_XFS_OPTIONS,
        notes="XFS always has a log; it can be inside the filesystem or on another device.",
    ),
    "btrfs": Filesystem(
        name="btrfs", title="Btrfs", mkfs="mkfs.btrfs", package="btrfs-progs",
        kernel_names=("btrfs",), modules=("btrfs",), force_flag="-f",
        min_bytes=256 * MiB, placements=(INTERNAL,), external=None,
        mount_options=_BTRFS_OPTIONS,
        notes="Btrfs is copy-on-write and has no journal to move; its fsync log lives inside it. "
        "Tune it with its own options instead: compress=, commit=, noatime, space_cache=v2.",
    ),
    "reiserfs": Filesystem(
        name="reiserfs", title="ReiserFS (3.6)", mkfs="mkreiserfs", package="reiserfsprogs",
        kernel_names=("reiserfs",), modules=("reiserfs",), force_flag="-f",
        min_bytes=33 * MiB, placements=(INTERNAL, EXTERNAL),
        external=ExternalJournal(
            noun="journal", min_bytes=4 * MiB, max_bytes=None, mount_option="jdev",
            notes="mkreiserfs is told '-j DEVICE'; mount with 'jdev=' naming the same device.",
        ),
        mount_options=_REISERFS_OPTIONS,
        removed_in="6.13",
        notes="ReiserFS was removed from Linux 6.13; older kernels may still have it as a module.",
    ),
    "jfs": Filesystem(
        name="jfs", title="JFS", mkfs="mkfs.jfs", package="jfsutils",
        kernel_names=("jfs",), modules=("jfs",), force_flag="-q",
        min_bytes=16 * MiB, placements=(INTERNAL, EXTERNAL),
        external=ExternalJournal(
            noun="log", min_bytes=4 * MiB, max_bytes=None, mount_option=None,
            notes="The log device is made with 'mkfs.jfs -J journal_dev' and attached with "
            "'-J device=' (or later with 'jfs_tune -J device='); JFS finds it by UUID at mount.",
        ),
        mount_options=_JFS_OPTIONS,
        extra_tools=("jfs_tune",),
        notes="JFS is not built into every kernel.",
    ),
}


def get(name: str) -> Filesystem:
    """The filesystem called ``name`` or a UsageError listing the known ones."""
    try:
        return FILESYSTEMS[name]
    except KeyError:
        known = ", ".join(FILESYSTEMS)
        raise UsageError(f"'{name}' is not a filesystem fstune knows; known: {known}.") from None


def minimum_size(fs_name: str, role: str = "target") -> int:
    """Smallest device, in bytes, that can serve as ``role`` ("target" or "journal") for fs."""
    fs = get(fs_name)
    if role == "journal":
        if fs.external is None:
            raise UsageError(f"{fs.title} cannot keep its journal on another device.")
        return fs.external.min_bytes
    return fs.min_bytes


# --- mount option strings ------------------------------------------------------------------


def split_options(text: str | list | tuple | None) -> list[tuple[str, str | None]]:
    """``"noatime,logbufs=8"`` → ``[("noatime", None), ("logbufs", "8")]``.

    Also accepts a list of such strings, or of (name, value) pairs already split.
    """
    if text is None:
        return []
    items = text if isinstance(text, (list, tuple)) else text.split(",")
    pairs: list[tuple[str, str | None]] = []
    for item in items:
        if isinstance(item, tuple):
            pairs.append(item)
            continue
        item = item.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        pairs.append((name.strip(), value.strip() if sep else None))
    return pairs


def join_options(pairs: list[tuple[str, str | None]]) -> str:
    return ",".join(name if value is None else f"{name}={value}" for name, value in pairs)


def check_mount_options(fs_name: str, options: str | list[str], *, allow_managed: bool = False) -> None:
    """Raise UsageError naming the first option that ``fs_name`` does not accept, and why."""
    fs = get(fs_name)
    for name, value in split_options(options):
        spec = fs.option(name)
        if spec is None:
            owner = [other.title for other in FILESYSTEMS.values() if name in other.mount_options]
            where = f" It is a {', '.join(dict.fromkeys(owner))} option." if owner else ""
            raise UsageError(f"'{name}' is not a {fs.title} mount option.{where}")
        if spec.managed and not allow_managed:
            raise UsageError(
                f"{fs.title} mount option '{name}' is set by fstune from the journal placement; "
                "choose an external journal device instead of setting it by hand."
            )
        spec.check(value, fs.title)


def merge_options(base: list[tuple[str, str | None]], extra: list[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
    """``base`` with ``extra`` applied: same-named options replaced, atime options exclusive."""
    atime = {"noatime", "relatime", "strictatime", "atime"}
    result = list(base)
    for name, value in extra:
        if name in atime:
            result = [(n, v) for n, v in result if n not in atime]
        else:
            result = [(n, v) for n, v in result if n != name]
        result.append((name, value))
    return result


# --- mkfs options --------------------------------------------------------------------------

# mkfs flags fstune manages itself: (flag, value prefix or None, why it is refused)
_FORBIDDEN_MKFS = {
    "ext": [("-F", None, "fstune adds the force flag itself, once"),
            ("-n", None, "-n makes mkfs only pretend"),
            ("-J", None, 'use journal = "external" instead of -J'),
            ("-O", "journal_dev", "fstune makes journal devices itself")],
    "xfs": [("-f", None, "fstune adds the force flag itself, once"),
            ("-N", None, "-N makes mkfs only pretend"),
            ("-l", "logdev", 'use journal = "external" instead of -l logdev=')],
    "btrfs": [("-f", None, "fstune adds the force flag itself, once")],
    "reiserfs": [("-f", None, "fstune adds the force flag itself, once"),
                 ("-q", None, "fstune adds its confirmation flag itself"),
                 ("-j", None, 'use journal = "external" instead of -j'),
                 ("--journal-device", None, 'use journal = "external"')],
    "jfs": [("-q", None, "fstune adds its confirmation flag itself"),
            ("-J", None, 'use journal = "external" instead of -J')],
}


def _family(fs_name: str) -> str:
    return "ext" if fs_name.startswith("ext") else fs_name


def _matches(args: list[str], index: int, flag: str, value: str | None) -> bool:
    arg = args[index]
    doubled = len(flag) == 2 and arg == "-" + flag[1] * (len(arg) - 1) and len(arg) > 2  # -FF, -ff
    if value is None:
        return arg == flag or arg.startswith(flag + "=") or doubled
    following = args[index + 1] if index + 1 < len(args) else ""
    return (arg == flag and following.startswith(value)) or arg.startswith(flag + value)


def check_mkfs_options(fs_name: str, args: list[str] | tuple[str, ...], placement: str) -> None:
    """Refuse mkfs arguments that fight fstune's own (force flags, journal flags)."""
    fs = get(fs_name)
    args = list(args)
    for flag, value, reason in _FORBIDDEN_MKFS.get(_family(fs_name), []):
        for index, arg in enumerate(args):
            if _matches(args, index, flag, value):
                shown = arg if value is None or arg != flag else f"{arg} {args[index + 1]}"
                raise UsageError(f"mkfs option '{shown}' is not allowed for {fs.title}: {reason}.")
    if _family(fs_name) == "ext" and "^has_journal" in " ".join(args) and placement != NONE:
        raise UsageError(
            f"mkfs option '-O ^has_journal' contradicts journal = \"{placement}\"; "
            'use journal = "none" for a filesystem without a journal.'
        )


def mkfs_block_size(fs_name: str, args: list[str]) -> int | None:
    """The block size given in ext mkfs arguments (``-b N``), else fstune's default."""
    for index, arg in enumerate(args):
        if arg == "-b" and index + 1 < len(args):
            try:
                return int(args[index + 1])
            except ValueError:
                raise UsageError(f"mkfs option '-b {args[index + 1]}' needs a number of bytes.") from None
        if arg.startswith("-b") and arg[2:].isdigit():
            return int(arg[2:])
    return get(fs_name).default_block_size


# --- what this machine can do --------------------------------------------------------------


@dataclass(frozen=True)
class Availability:
    available: bool
    reason: str  # empty when available


def _kernel_filesystems(proc_filesystems: str) -> set[str]:
    names = set()
    for line in proc_filesystems.splitlines():
        parts = line.split()
        if parts:
            names.add(parts[-1])
    return names


def _module_available(module: str, release: str, modules_root: Path) -> bool:
    """True when modules.dep (or a .ko file) for this kernel lists ``module``."""
    base = modules_root / release
    dep = base / "modules.dep"
    if dep.is_file():
        pattern = re.compile(rf"(^|/){re.escape(module)}\.ko(\.\w+)?:")
        try:
            with dep.open() as handle:
                return any(pattern.search(line) for line in handle)
        except OSError:
            return False
    builtin = base / "modules.builtin"
    if builtin.is_file():
        try:
            return any(line.rstrip().endswith(f"/{module}.ko") for line in builtin.read_text().splitlines())
        except OSError:
            return False
    return False


@dataclass
class MachineCapabilities:
    """A snapshot of kernel filesystems, loadable modules and installed mkfs tools."""

    kernel_release: str
    kernel_filesystems: set[str]
    loadable_modules: set[str]
    tools: dict[str, str | None]  # tool name → path or None

    @classmethod
    def probe(cls, proc_filesystems: str | None = None, release: str | None = None,
              modules_root: Path = Path("/lib/modules"), path: str | None = None) -> "MachineCapabilities":
        release = release or platform.release()
        if proc_filesystems is None:
            try:
                proc_filesystems = Path("/proc/filesystems").read_text()
            except OSError:
                proc_filesystems = ""
        modules = {m for fs in FILESYSTEMS.values() for m in fs.modules}
        loadable = {m for m in modules if _module_available(m, release, modules_root)}
        search = path if path is not None else os.environ.get("PATH", "") + ":/usr/sbin:/sbin"
        tools = {}
        for fs in FILESYSTEMS.values():
            for tool in (fs.mkfs, *fs.extra_tools):
                tools[tool] = shutil.which(tool, path=search)
        return cls(release, _kernel_filesystems(proc_filesystems), loadable, tools)

    def kernel_has(self, fs_name: str) -> bool:
        fs = get(fs_name)
        if any(name in self.kernel_filesystems for name in fs.kernel_names):
            return True
        # a module only counts when it really provides this name (ext2 via ext4 is in the list)
        return fs.modules[0] in self.loadable_modules

    def availability(self, fs_name: str) -> Availability:
        fs = get(fs_name)
        problems = []
        if not self.kernel_has(fs_name):
            why = f"this kernel ({self.kernel_release}) has no {fs.name} driver, built in or as a module"
            if fs.removed_in:
                why += f"; {fs.title.split(' ')[0]} was removed from Linux {fs.removed_in}"
            problems.append(why)
        if not self.tools.get(fs.mkfs):
            problems.append(f"{fs.mkfs} is not installed (Debian package {fs.package})")
        if not problems:
            return Availability(True, "")
        return Availability(False, "; ".join(problems) + ".")
