"""What every filesystem module promises, written down per filesystem (helper for the tests).

Each ``tests/test_fs_<module>.py`` declares ``CONTRACTS = {name: Contract(...)}``, the exact
commands and facts of the filesystems its module registers, for the standard job below;
``tests/test_filesystems_contract.py`` checks them, and the rules every filesystem obeys, for
every registered filesystem. See docs/ARCHITECTURE.md, "How to add a filesystem".
"""

from __future__ import annotations

from dataclasses import dataclass

from fstune.filesystems import MiB, MkfsJob

TARGET, LOG = "/dev/sdb1", "/dev/sdc1"
LOG_SIZE = 512 * MiB
MOUNTPOINT = "/run/fstune/contract/tuned"
JOURNAL_LINK = "/dev/disk/by-uuid/JOURNAL-UUID"  # what the fstab export names the journal by


def job(journal: str, *, force: bool = True, options: tuple[str, ...] = (), attach: str = "mkfs") -> MkfsJob:
    """The standard job: configuration 'tuned' on /dev/sdb1, its journal/log (if any) on /dev/sdc1."""
    external = journal == "external"
    return MkfsJob(config="tuned", title="tuned", target=TARGET, options=options, journal=journal, attach=attach,
                   log=LOG if external else None, log_size=LOG_SIZE if external else None, force=force)


@dataclass(frozen=True)
class Contract:
    # mkfs with the filesystem's default placement (its first), forced, no study options
    mkfs: list[tuple[str, ...]]
    # mkfs with the journal/log on /dev/sdc1 (512 MiB); None: the filesystem refuses it
    mkfs_external: list[tuple[str, ...]] | None
    # mount with noatime, and with the journal/log on /dev/sdc1 (None: refused as above)
    mount: tuple[str, ...]
    mount_external: tuple[str, ...] | None
    # the command that records how it was made (target /dev/sdb1, mounted at MOUNTPOINT)
    record: tuple[str, ...] | None
    # the fstab line for UUID=FS-UUID on /srv/fstune-tuned with noatime (and with the journal)
    fstab_line: str
    fstab_line_external: str | None
    # Ansible: made with community.general.filesystem? how the playbook knows the pair is its own
    ansible_module: bool
    ansible_journal_match: str | None
    # where it comes from
    package: str
    tools: tuple[str, ...]
    kernel_names: tuple[str, ...]
    modules: tuple[str, ...]
    kernel_log_words: tuple[str, ...]
    # how small a device may be, in bytes (the journal's: None when it cannot have one)
    min_bytes: int
    journal_min_bytes: int | None
    journal_noun: str
