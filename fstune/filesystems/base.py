"""The shape every filesystem module fills in: the ``Filesystem`` base class and its parts.

A filesystem is a subclass of ``Filesystem`` whose class attributes are its facts (mkfs tool,
package, kernel modules, minimum size, journal placements, mount options) and whose methods are
its commands (how it is made, mounted and recorded). An ability a filesystem lacks keeps the
base class's null default (no external journal, no record command, fsck pass 0, ...), so
callers ask ``fs.external`` or ``fs.record_argv(...)`` and never test ``name == "xfs"``.

Also here: the external journal's parts (``ExternalJournal``, ``SuperblockReader``,
``UuidLink``), ``MkfsJob`` (what a filesystem needs to say how one configuration is made) and
``ScreeningFactor`` (a knob a screening study may try, docs/screening.md). Mount options and
their rules are in ``fstune.filesystems.options``. See docs/ARCHITECTURE.md, "Filesystems: one
module each".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from fstune import steps as kinds
from fstune.errors import UsageError
from fstune.filesystems.options import GENERIC_OPTIONS, MountOption, OptionRule, join_options
from fstune.steps import Step
from fstune.util.progress import ProgressParser

MiB = 1024 * 1024

# Journal placements a configuration may ask for.
INTERNAL, EXTERNAL, NONE = "internal", "external", "none"
PLACEMENTS = (INTERNAL, EXTERNAL, NONE)

# How an external journal is attached (a study's ``journal_attach``).
ATTACH_AT_MKFS, ATTACH_LATER = "mkfs", "tune"


# --- the external journal/log ----------------------------------------------------------------


@dataclass(frozen=True)
class SuperblockReader:
    """Where a device's own bytes name the other end of a ``UuidLink``, for the device scan
    (``fstune.devices.udev``), which reads them read-only when udev does not export the link."""

    offset: int  # the bytes to read from the start of the device
    length: int
    read: Callable[[bytes], str | None]  # those bytes → the other end's UUID, or None
    types: tuple[str, ...]  # blkid TYPE= of the devices that carry it
    probed_key: str  # the value's name among a scan's probed facts (machine recordings keep it)


@dataclass(frozen=True)
class UuidLink:
    """How blkid shows that a filesystem and its external journal/log belong together: the
    value of ``key`` in the blkid output of ``holder`` ("filesystem" or "journal") is the UUID
    of the other one. fstab export and the Ansible playbook check it before they trust a pair;
    the device rules use it to find a journal's owner (docs/refused-devices.md)."""

    holder: str  # "filesystem" | "journal"
    key: str  # e.g. EXT_JOURNAL (in the filesystem's blkid) or LOGUUID (in the log's)
    udev_property: str | None = None  # the udev property that carries it, where udev does
    reader: SuperblockReader | None = None  # how the scan reads it otherwise (None: it cannot)


@dataclass(frozen=True)
class ExternalJournal:
    """How one filesystem puts its journal/log on a second device."""

    noun: str  # "journal" or "log", as the filesystem's own docs say
    min_bytes: int  # smallest spare device that works
    max_bytes: int | None  # largest log the filesystem can use (None: no limit we enforce)
    mount_option: str | None  # option naming the log device at mount (None: found by UUID)
    same_block_size: bool = False  # the journal device must use the filesystem's block size
    notes: str = ""
    blkid_type: str | None = None  # TYPE= blkid gives the journal device (None: blkid cannot tell)
    uuid_link: UuidLink | None = None  # how to tell that a journal belongs to a filesystem
    # the filesystems such a journal belongs to, with the article, as the device rules say it
    # ("an ext3/ext4"); empty: "a" and their titles
    family: str = ""
    owner_command: str | None = None  # the read-only command that names a filesystem's journal device


# --- mkfs ------------------------------------------------------------------------------------


class RefusedMkfsOption(NamedTuple):
    """An mkfs flag fstune manages itself, so a study may not pass it."""

    flag: str
    value: str | None  # refuse only with a value starting like this (None: always)
    reason: str


def _matches(args: list[str], index: int, flag: str, value: str | None) -> bool:
    arg = args[index]
    doubled = len(flag) == 2 and arg == "-" + flag[1] * (len(arg) - 1) and len(arg) > 2  # -FF, -ff
    if value is None:
        return arg == flag or arg.startswith(flag + "=") or doubled
    following = args[index + 1] if index + 1 < len(args) else ""
    return (arg == flag and following.startswith(value)) or arg.startswith(flag + value)


@dataclass(frozen=True)
class MkfsJob:
    """One configuration to make on one device: what ``Filesystem.mkfs_steps`` needs.

    Plain values rather than the study's Configuration, so a filesystem module needs nothing
    but this file, and a test can write a job in one line.
    """

    config: str  # the configuration's name
    title: str  # the configuration's title, quoted in the steps' "why"
    target: str  # the device that gets the filesystem
    options: tuple[str, ...] = ()  # the study's mkfs options
    journal: str = INTERNAL  # INTERNAL | EXTERNAL | NONE
    attach: str = ATTACH_AT_MKFS  # when an external journal is attached: at mkfs or later
    log: str | None = None  # the external journal/log device
    log_size: int | None = None  # its size in bytes
    force: bool = True  # pass the force flag once: the user confirmed the devices
    discard: bool = True  # False: tell mkfs not to discard (a loop device: see nodiscard_mkfs_options)

    @classmethod
    def for_configuration(cls, config, target, log=None, force: bool = True, discard: bool = True) -> "MkfsJob":
        """From a study ``Configuration`` and the chosen devices (``DeviceChoice``: path, size)."""
        external = config.journal == EXTERNAL and log is not None
        return cls(config=config.name, title=config.title, target=target.path, options=tuple(config.mkfs_options),
                   journal=config.journal, attach=config.journal_attach, log=log.path if external else None,
                   log_size=log.size if external else None, force=force, discard=discard)

    @property
    def external(self) -> bool:
        return self.journal == EXTERNAL

    @property
    def why(self) -> str:
        return f"configuration '{self.config}': {self.title}.{self.why_force}"

    @property
    def why_force(self) -> str:
        return " The force flag is passed once because you confirmed this device." if self.force else ""


# --- screening factors -----------------------------------------------------------------------

# What a screening factor changes (docs/screening.md): a mount option, an mkfs option, or where
# the journal/log is (its levels are placements, made as a paired study's configurations make them).
MOUNT_FACTOR, MKFS_FACTOR, PLACE_FACTOR = "mount", "mkfs", "place"
FACTOR_KINDS = (MOUNT_FACTOR, MKFS_FACTOR, PLACE_FACTOR)


@dataclass(frozen=True)
class ScreeningFactor:
    """One knob a screening study may try, at two levels (docs/screening.md, "Factors").

    A level is what the configuration gets at it, written the way the filesystem's options are
    written elsewhere: mount options as ``"name"`` or ``"name=value"`` items, mkfs options as
    argv words (``("-O", "^flex_bg")``), a place as one placement (``("external",)``, the
    journal/log on the spare device). ``()`` is the option left out (the kernel's or mkfs's
    default). ``first`` is coded −1 in the design and ``second`` +1; a filesystem module puts the
    default first where there is one, so "from first to second" reads as "what changing it does".
    """

    name: str  # short and unique per filesystem: "atime", "commit", "inode_ratio"
    kind: str  # MOUNT_FACTOR | MKFS_FACTOR | PLACE_FACTOR
    first: tuple[str, ...]
    second: tuple[str, ...]
    help: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "first", tuple(self.first))  # a list from a caller: still hashable, still frozen
        object.__setattr__(self, "second", tuple(self.second))
        if not re.fullmatch(r"[a-z][a-z0-9_]*", self.name):
            raise UsageError(f"a screening factor's name is lower-case letters, digits and '_', not {self.name!r}")
        if self.kind not in FACTOR_KINDS:
            raise UsageError(f"screening factor '{self.name}': kind must be one of {', '.join(FACTOR_KINDS)}, "
                             f"not {self.kind!r}")
        if self.first == self.second:
            raise UsageError(f"screening factor '{self.name}': its two levels are the same")
        if self.kind == PLACE_FACTOR and not all(len(level) == 1 and level[0] in PLACEMENTS for level in self.levels):
            raise UsageError(f"screening factor '{self.name}': each level of a place factor is one placement "
                             f"({', '.join(PLACEMENTS)})")

    @property
    def levels(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return (self.first, self.second)

    def level(self, code: int) -> tuple[str, ...]:
        """The options at coded level −1 (``first``) or +1 (``second``)."""
        if code not in (-1, 1):
            raise ValueError(f"a level is coded -1 or +1, not {code!r}")
        return self.first if code < 0 else self.second

    def level_text(self, code: int) -> str:
        """A level as a person reads it: "noatime", "-O ^flex_bg", "(not set)", "external journal"
        (a place factor is named after what it places)."""
        words = self.level(code)
        if not words:
            return "(not set)"
        if self.kind == PLACE_FACTOR:
            return f"{words[0]} {self.name}"
        return ",".join(words) if self.kind == MOUNT_FACTOR else " ".join(words)




@dataclass(frozen=True)
class TimerOption:
    """A mount option whose value is an interval on the kernel's clock (``commit=``)."""

    name: str     # the mount option
    default: int  # the kernel's value when the options set none
    unit: str     # "s", "µs"
    title: str    # what it is, in a sentence: "commit interval"


class Filesystem:
    """One filesystem: facts as class attributes, commands as methods.

    A subclass sets every attribute in ``REQUIRED``; the others default to "cannot" or "nothing
    special". Register it with ``@register`` (fstune.filesystems.registry) in a module of this
    package; fstune finds the module by itself. docs/ARCHITECTURE.md says how to add one.
    """

    REQUIRED = ("name", "title", "mkfs", "package", "kernel_names", "modules", "force_flag", "min_bytes")
    REQUIRED_METHODS: tuple[str, ...] = ()  # every command has a default (fstune.util.registry)

    name: str  # as mount -t, blkid TYPE= and the study files spell it
    title: str  # as people write it, in messages
    # the article the title takes as it is said, not spelled: "an ext4", "an XFS", "a Btrfs"
    article: str = "a"
    mkfs: str  # the program that makes it
    package: str  # the Debian package with its tools
    kernel_names: tuple[str, ...]  # names in /proc/filesystems
    modules: tuple[str, ...]  # kernel modules that provide it; the first is its own driver
    force_flag: str  # passed once, only after the user confirmed the device
    min_bytes: int  # the smallest target device mkfs accepts

    placements: tuple[str, ...] = (INTERNAL,)  # the first is the default
    external: ExternalJournal | None = None  # None: the journal cannot live on another device
    mount_options: Mapping[str, MountOption] = MappingProxyType({})  # besides GENERIC_OPTIONS
    option_rules: tuple[OptionRule, ...] = ()  # combinations of mount options the kernel refuses
    journal_options: tuple[str, ...] = ()  # refused without a journal (OptionRule items: "name", "name=" …)
    refused_mkfs_options: tuple[RefusedMkfsOption, ...] = ()
    default_block_size: int | None = None  # fstune passes it so a journal device can match
    removed_in: str | None = None  # kernel version that dropped the filesystem
    notes: str = ""
    extra_tools: tuple[str, ...] = ()  # besides mkfs, tools its steps run that must be installed
    package_tools: tuple[str, ...] = ()  # other programs of ``package`` a plan may name ("install it" messages)
    prompts: tuple[re.Pattern[str], ...] = ()  # the questions its tools ask (the runner passes them on)
    journal_attach_tool: str | None = None  # attaches an external journal to an existing filesystem
    fsck_pass: int = 0  # fstab's sixth field: 2 when its fsck checks it usefully at boot
    ansible_filesystem_module: bool = False  # community.general.filesystem can make it (fstype = name)
    # mkfs flags that finish the filesystem at mkfs, so no initialisation writes in the background
    # land inside a measured window (docs/verdicts.md, "Quiet, repeatable preconditions")
    complete_mkfs_options: tuple[str, ...] = ()
    # mkfs flags that skip discarding the device: on a loop device discard punches holes into the
    # backing file, and the next block would measure a different file ((): no such flag)
    nodiscard_mkfs_options: tuple[str, ...] = ()
    listing_order: int = 1000  # where it appears in lists of filesystems and messages; lower first
    # how its tools tell their version, for a run's record (fstune.results.environment); a tool
    # not listed is asked with --version
    version_argv: Mapping[str, tuple[str, ...]] = MappingProxyType({})
    # the knobs a screening study may try on it, first level the default where there is one
    # (docs/screening.md); () offers none
    screening_factors: tuple[ScreeningFactor, ...] = ()
    # mkfs flags whose value is a list of features, each turned off with ^ (mke2fs -O): options
    # naming different features set different things (``mkfs_option_keys``)
    mkfs_feature_options: tuple[str, ...] = ()
    # its mount options that are intervals on the kernel's clock, each with the kernel's default
    # when the options set none: a time-dilated VM lab stretches them (fstune/plan/build.py,
    # ``fstune.plan.dilation.dilate_timers``; docs/vmlab.md, "Time dilation"); () when it has none
    timer_options: tuple[TimerOption, ...] = ()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    # --- facts derived from the attributes ---

    @property
    def a_title(self) -> str:
        """The title with its article: "an ext4", "a Btrfs"."""
        return f"{self.article} {self.title}"

    @property
    def short_title(self) -> str:
        """The title without its remark: "ReiserFS (3.6)" → "ReiserFS"."""
        return self.title.split(" ")[0]

    @property
    def journal_noun(self) -> str:
        """What the filesystem calls its journal: "journal", or "log" for XFS and JFS."""
        return self.external.noun if self.external else "journal"

    @property
    def managed_options(self) -> frozenset[str]:
        """Mount options fstune sets itself from the journal placement, never taken from a user."""
        return frozenset(name for name, option in self.mount_options.items() if option.managed)

    @property
    def tools(self) -> tuple[str, ...]:
        """Every program its steps run (all from ``package``): mkfs, extra tools, the record command."""
        recorder = self.record_argv("DEVICE", "MOUNTPOINT") or ()
        return tuple(dict.fromkeys((self.mkfs, *self.extra_tools, *recorder[:1])))

    @property
    def kernel_log_words(self) -> tuple[str, ...]:
        """Words that mark the kernel's messages about it (to explain a failed mount)."""
        return (self.name,)

    def provides(self, tool: str) -> bool:
        """True when ``tool`` (a program name) comes with this filesystem's ``package``."""
        return tool in self.tools or tool in self.package_tools

    def progress_parser(self, tool: str) -> ProgressParser | None:
        """A parser for the progress ``tool`` prints while it works (``fstune.util.progress``), or
        None: the runner then shows a percentage the tool rewrites in place, if any."""
        return None

    def option(self, name: str) -> MountOption | None:
        return self.mount_options.get(name) or GENERIC_OPTIONS.get(name)

    # --- mkfs ---

    def check_mkfs_options(self, args: list[str] | tuple[str, ...], placement: str) -> None:
        """Refuse mkfs arguments that fight fstune's own (force flags, journal flags)."""
        args = list(args)
        for flag, value, reason in self.refused_mkfs_options:
            for index, arg in enumerate(args):
                if _matches(args, index, flag, value):
                    shown = arg if value is None or arg != flag else f"{arg} {args[index + 1]}"
                    raise UsageError(f"mkfs option '{shown}' is not allowed for {self.title}: {reason}.")

    def block_size(self, args: list[str]) -> int | None:
        """The block size these mkfs arguments make; None when fstune does not manage it."""
        return self.default_block_size

    def mkfs_option_keys(self, args: list[str] | tuple[str, ...]) -> set[tuple[str, str]]:
        """What these mkfs arguments set, one key per thing: ``-I 256`` sets ("-I", ""), ``-d
        agcount=4`` sets ("-d", "agcount"), ``-O ^flex_bg`` ("-O", "flex_bg") where -O is a
        feature list. Two sets of arguments with a key in common set the same thing, and the
        later would silently win (a screening study refuses such factors: docs/screening.md)."""
        keys: set[tuple[str, str]] = set()
        words = list(args)
        index = 0
        while index < len(words):
            flag = words[index]
            following = words[index + 1] if index + 1 < len(words) else None
            if not flag.startswith("-") or following is None or following.startswith("-"):
                keys.add((flag, ""))  # a flag alone (or a stray word): the flag is the thing
                index += 1
                continue
            for item in following.split(","):
                name, sep, _value = item.partition("=")
                if sep:
                    keys.add((flag, name))
                elif flag in self.mkfs_feature_options:
                    keys.add((flag, item.lstrip("^")))
                else:
                    keys.add((flag, ""))
            index += 2
        return keys

    def placement_refusal(self, journal: str) -> str | None:
        """Why this filesystem cannot have ``journal`` (a placement), or None when it can."""
        if journal in self.placements:
            return None
        allowed = ", ".join(self.placements)
        reason = self.notes or f"{self.title} allows: {allowed}."
        return f"{self.title} cannot have journal = \"{journal}\" ({allowed} only). {reason}"

    def mkfs_steps(self, job: MkfsJob) -> list[Step]:
        """The destructive steps that make ``job``: the journal device first, when it needs one.

        Refuses (UsageError) a job this filesystem cannot do, then asks ``_mkfs_steps``.
        """
        refusal = self.placement_refusal(job.journal)
        if refusal:
            raise UsageError(refusal)
        if job.external and (self.external is None or job.log is None):
            raise UsageError(f"{self.title} with an external {self.journal_noun} needs a device for it; "
                             "none was given.")
        if job.attach != ATTACH_AT_MKFS and not (job.external and self.journal_attach_tool):
            raise UsageError(f"{self.title} cannot attach an external {self.journal_noun} after mkfs; "
                             f"use journal_attach = \"{ATTACH_AT_MKFS}\".")
        return self._mkfs_steps(job)

    def _mkfs_steps(self, job: MkfsJob) -> list[Step]:
        """Override for a filesystem whose journal can move; this is the plain ``mkfs -f DEV``."""
        return [self._format_step(job, (self.mkfs, *self._force(job), *self._settled(job), *job.options, job.target),
                                  f"Format {job.target} as {self.title}")]

    def _force(self, job: MkfsJob) -> tuple[str, ...]:
        return (self.force_flag,) if job.force else ()

    def _settled(self, job: MkfsJob) -> tuple[str, ...]:
        """The flags every fresh filesystem of a run gets: complete at mkfs, no discard on a loop."""
        return (*self.complete_mkfs_options, *(() if job.discard else self.nodiscard_mkfs_options))

    def _format_step(self, job: MkfsJob, argv: tuple[str, ...], title: str, writes_log: bool = False) -> Step:
        """The step that makes the filesystem on the target (``writes_log``: and formats the log)."""
        return Step(argv, title=title, why=job.why, device=job.target,
                    also_writes=(job.log,) if writes_log and job.log else (),
                    config=job.config, destructive=True, kind=kinds.MKFS)

    def _journal_step(self, job: MkfsJob, argv: tuple[str, ...], title: str, why: str) -> Step:
        """The step that makes the journal/log device, before the filesystem that uses it."""
        return Step(argv, title=title, why=f"{why}{job.why_force}", device=job.log, config=job.config,
                    destructive=True, kind=kinds.JOURNAL)

    # --- mount and record ---

    def journal_mount_options(self, journal_path: str | None) -> list[tuple[str, str | None]]:
        """The option that names the external journal at mount; [] when it is found by UUID."""
        if self.external and self.external.mount_option and journal_path:
            return [(self.external.mount_option, journal_path)]
        return []

    def mount_argv(self, device: str, mountpoint: str, options: list[tuple[str, str | None]]) -> tuple[str, ...]:
        argv = ["mount", "-t", self.name]
        if options:
            argv += ["-o", join_options(options)]
        return (*argv, device, mountpoint)

    def record_argv(self, target: str, mountpoint: str) -> tuple[str, ...] | None:
        """The read-only command that shows how it was really made; None: there is none."""
        return None

    def parse_record(self, text: str) -> dict:
        """What ``record_argv``'s output says the filesystem really is (docs/verdicts.md, "Proof
        that the variant ran"): "journal" ("internal", "external", "none"), and where the tool
        tells them "uuid", "features", "journal_uuid", "journal_device" (a path, or "MAJOR:MINOR").
        {} when the tool says nothing fstune can check."""
        return {}

    def placement_problem(self, readback: dict, journal: str, journal_device: str | None,
                          journal_majmin: str | None) -> str | None:
        """Why the readback shows another journal placement than the configuration's ``journal``
        (and, for an external one, another device than ``journal_device``, whose device number
        is ``journal_majmin``); None when it matches or the readback cannot tell."""
        found = readback.get("journal")
        if not found:
            return None
        noun = self.journal_noun
        if found != journal:
            where = {INTERNAL: "inside the filesystem", EXTERNAL: "on another device", NONE: "absent"}
            return (f"the configuration puts the {noun} {where.get(journal, journal)}, but the filesystem that was "
                    f"made has it {where.get(found, found)}")
        seen = readback.get("journal_device")
        if journal == EXTERNAL and seen and seen not in (journal_device, journal_majmin):
            return f"the {noun} is on device {seen}, not on {journal_device} ({journal_majmin})"
        return None

    # --- a journal found on a device ---

    def journal_mismatch(self, target: str, journal: str, fs_info: dict[str, str],
                         journal_info: dict[str, str]) -> str | None:
        """Why the journal on ``journal`` is not the one of the filesystem on ``target`` (blkid
        output of each), or None when they belong together or blkid cannot tell."""
        link = self.external.uuid_link if self.external else None
        if link is None:
            return None
        noun = self.journal_noun
        if link.holder == "filesystem":
            pointer = fs_info.get(link.key)
            if pointer != journal_info.get("UUID"):
                return (f"the {self.title} on {target} keeps its {noun} on the device with UUID "
                        f"{pointer or f'(none: internal {noun})'}, not on {journal}.")
            return None
        pointer = journal_info.get(link.key)
        if pointer != fs_info.get("UUID"):
            return (f"the {self.title} {noun} on {journal} belongs to the filesystem with UUID "
                    f"{pointer or '?'}, not to the one on {target}.")
        return None
