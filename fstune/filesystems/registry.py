"""The registered filesystems, by name, and the checks that need all of them.

A filesystem module registers its classes with ``@register``; ``fstune.filesystems`` imports
every module of the package (``load_modules``), so a new module is found without a list to edit
(``fstune.util.registry``; docs/ARCHITECTURE.md, "How to add a filesystem").
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from fstune.errors import UsageError
from fstune.filesystems.base import NONE, ExternalJournal, Filesystem
from fstune.filesystems.options import join_options, negation, options_matching, split_options
from fstune.util.progress import ProgressParser
from fstune.util.registry import Registry

_REGISTRY: Registry[Filesystem] = Registry(Filesystem, "filesystem", "a filesystem fstune knows")
# name → the filesystem; ordered by ``listing_order``, so messages list them the same way always
FILESYSTEMS: dict[str, Filesystem] = _REGISTRY.by_name
# Class decorator: make a Filesystem subclass known under its ``name``; refuses an incomplete class
register = _REGISTRY.register
get = _REGISTRY.get  # the filesystem called ``name`` or a UsageError listing the known ones
find = _REGISTRY.find  # the filesystem called ``name``, or None (a stored run from a newer fstune)
all = _REGISTRY.all  # every registered filesystem, in listing order (read as ``filesystems.all()``)


def package_of(tool: str) -> str | None:
    """The Debian package that brings a filesystem's program (``mkfs.xfs`` → xfsprogs), or None."""
    name = os.path.basename(tool)
    return next((fs.package for fs in FILESYSTEMS.values() if fs.provides(name)), None)


def progress_parser(tool: str) -> ProgressParser | None:
    """A progress parser for a filesystem's program (mke2fs → ``Mke2fsProgress``), or None."""
    name = os.path.basename(tool)
    return next((parser for fs in FILESYSTEMS.values() if (parser := fs.progress_parser(name)) is not None), None)


def known_prompts() -> tuple[re.Pattern[str], ...]:
    """Every question the filesystems' tools are known to ask, e.g. mke2fs's "Proceed anyway? (y,N)"."""
    return tuple(dict.fromkeys(pattern for fs in FILESYSTEMS.values() for pattern in fs.prompts))


def version_argv(tool: str) -> tuple[str, ...] | None:
    """How a filesystem's program tells its version (``mkfs.xfs -V``), or None: not one of theirs."""
    return next((fs.version_argv[tool] for fs in FILESYSTEMS.values() if tool in fs.version_argv), None)


@dataclass(frozen=True)
class JournalKind:
    """An external journal/log as blkid types it (``jbd``, ``xfs_external_log``): what the device
    rules and the scan need to recognise one, find its owner and name it."""

    blkid_type: str
    external: ExternalJournal
    filesystems: tuple[Filesystem, ...]  # the ones whose journal it can be

    @property
    def noun(self) -> str:
        """"external journal", "external log"."""
        return f"external {self.external.noun}"

    @property
    def family(self) -> str:
        """"an ext3/ext4", "an XFS": the filesystems it belongs to, with the article."""
        return self.external.family or "a " + "/".join(fs.short_title for fs in self.filesystems)

    @property
    def fs_names(self) -> frozenset[str]:
        return frozenset(fs.name for fs in self.filesystems)


def journal_kinds() -> dict[str, JournalKind]:
    """Every external journal type blkid can tell, by its TYPE=, in listing order."""
    grouped: dict[str, list[Filesystem]] = {}
    for fs in FILESYSTEMS.values():
        if fs.external is not None and fs.external.blkid_type:
            grouped.setdefault(fs.external.blkid_type, []).append(fs)
    return {kind: JournalKind(kind, members[0].external, tuple(members)) for kind, members in grouped.items()}


def journal_kind(blkid_type: str | None) -> JournalKind | None:
    """The journal kind of a device whose blkid TYPE= is ``blkid_type``, or None: not a journal."""
    return journal_kinds().get(blkid_type or "")


def minimum_size(fs_name: str, role: str = "target") -> int:
    """Smallest device, in bytes, that can serve as ``role`` ("target" or "journal") for fs."""
    fs = get(fs_name)
    if role == "journal":
        if fs.external is None:
            raise UsageError(f"{fs.title} cannot keep its journal on another device.")
        return fs.external.min_bytes
    return fs.min_bytes


def check_mount_options(fs_name: str, options: str | list[str], *, allow_managed: bool = False,
                        journal: str | None = None) -> None:
    """Raise UsageError naming the first option that ``fs_name`` does not accept, and why.

    ``options`` is one configuration's whole set (options clash only within a set); ``journal``,
    its placement when known, refuses the journal's options on a filesystem made without one."""
    fs = get(fs_name)
    pairs = split_options(options)
    for name, value in pairs:
        spec = fs.option(name)
        if spec is None:
            # name the filesystems that do have it: "notail" on ext4 is a ReiserFS habit
            owner = [other for other in FILESYSTEMS.values() if name in other.mount_options]
            titles = ", ".join(dict.fromkeys(other.title for other in owner))
            where = f" It is {owner[0].article} {titles} option." if owner else ""
            raise UsageError(f"'{name}' is not {fs.a_title} mount option.{where}")
        if spec.managed and not allow_managed:
            raise UsageError(
                f"{fs.title} mount option '{name}' is set by fstune from the journal placement; "
                "choose an external journal device instead of setting it by hand."
            )
        spec.check(value, fs.title)
    names = [name for name, _value in pairs]
    for name in names:
        if negation(name) in names:
            raise UsageError(f"{fs.title} mount options '{name}' and '{negation(name)}' contradict each other; "
                             "keep one.")
    _check_option_rules(fs, pairs)
    if journal == NONE:
        for item in fs.journal_options:
            found = options_matching(pairs, item)
            if found:
                raise UsageError(f"{fs.title} without a journal (journal = \"none\") cannot take "
                                 f"'{join_options(found)}': the kernel refuses it when there is no journal.")


def _check_option_rules(fs: Filesystem, pairs: list[tuple[str, str | None]]) -> None:
    """Raise UsageError when ``pairs``, one configuration's whole set of mount options, combine
    in a way the kernel refuses or silently undoes (``Filesystem.option_rules``)."""
    for rule in fs.option_rules:
        if rule.broken_by(pairs):
            shown = join_options(rule.matching(pairs))
            if len(rule.together) == 1:
                raise UsageError(f"{fs.title} mount option '{shown}': {rule.reason}")
            raise UsageError(f"{fs.title} mount options '{shown}' cannot go together: {rule.reason}")


def check_mkfs_options(fs_name: str, args: list[str] | tuple[str, ...], placement: str) -> None:
    """Refuse mkfs arguments that fight fstune's own (force flags, journal flags)."""
    get(fs_name).check_mkfs_options(args, placement)


def mkfs_block_size(fs_name: str, args: list[str]) -> int | None:
    """The block size these mkfs arguments make for ``fs_name``; None when fstune does not manage it."""
    return get(fs_name).block_size(args)
