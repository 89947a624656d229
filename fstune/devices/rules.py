"""The in-use rules (docs/refused-devices.md): may fstune destroy what is on this device?

Every rule looks at one device plus the facts the inventory gathered about the whole machine
(``Facts``) and returns findings: a status and a one-line reason that names the concrete fact —
which mountpoint, which holder, which fstab line. The most serious finding becomes the verdict;
the others stay as notes, so a user who fixes one problem is not surprised by the next.

The size rule depends on the filesystem the user picks, so it lives in ``size_verdict`` and is
applied by ``Inventory.verdict_for``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from fstune.devices.model import CONFIRM, LOCKED, USABLE, Device, Verdict
from fstune.devices.system import Mount, Swap, TabEntry
from fstune.units import format_size

# fstune.filesystems (every filesystem's module) is imported by the functions that use it: the
# wizard's first screen unpickles an Inventory, which imports this module, before it needs any
# filesystem (docs/ARCHITECTURE.md, "Start-up")

# A device on the same disk as one of these mountpoints may take the system down with it.
SYSTEM_MOUNTS = ("/", "/boot", "/boot/efi", "/efi", "/usr", "/var")

# Signatures that mean "this is a piece of something bigger", whatever ID_FS_USAGE says.
MEMBER_TYPES = {
    "LVM2_member": "an LVM physical volume",
    "LVM1_member": "an LVM1 physical volume",
    "linux_raid_member": "a Linux RAID (md) member",
    "isw_raid_member": "an Intel firmware RAID member",
    "ddf_raid_member": "a DDF firmware RAID member",
    "crypto_LUKS": "LUKS-encrypted data",
    "BitLocker": "BitLocker-encrypted data",
    "bcache": "a bcache backing or cache device",
    "zfs_member": "a ZFS pool member",
    "ceph": "a Ceph OSD",
    "drbd": "a DRBD replicated device",
}


@cache
def journal_types() -> dict[str, str]:
    """blkid's types for an external journal/log → "external journal" (each filesystem declares its own)."""
    from fstune import filesystems

    return {kind: journal.noun for kind, journal in filesystems.journal_kinds().items()}


# RAM-backed devices: never a disk worth tuning, and zram is usually swap already
_RAM_PREFIXES = ("ram", "zram")


def hidden_reason(name: str, attributes: dict) -> str | None:
    """Why a scan leaves a device out unless asked for all (``fstune disks --all``), else None."""
    if name.startswith(_RAM_PREFIXES):
        return "RAM disk"
    if attributes.get("hidden") == 1:
        return "hidden path device"  # an NVMe multipath leg; the namespace device is listed
    if not attributes.get("size"):
        return "empty"  # an unattached loop device, a card reader or drive with no medium
    return None


# Priorities: lower is more serious. The first finding becomes the verdict.
P_DEVICE_LOCK = 5  # another process writes to it now (and may have mounted it for that)
P_MOUNTED, P_MOUNTED_HOLDER, P_MOUNTED_CHILD = 10, 11, 12
P_SWAP = 20
P_SYSTEM_DISK = 30
P_HOLDERS = 40
P_MEMBER = 50
P_JOURNAL = 55
P_TAB = 60
P_PARTITIONED = 70
P_READ_ONLY = 80
P_OPTICAL = 85
P_HIDDEN = 90
P_UNPROBED = 95
P_FILESYSTEM = 100


@dataclass(frozen=True)
class Finding:
    priority: int
    status: str
    reason: str  # the verdict's reason when this finding wins
    note: str = ""  # how it reads as a secondary note (defaults to ``reason``)


@dataclass
class Facts:
    """Everything the rules need to know about the machine, indexed by kernel name."""

    devices: dict[str, Device]
    properties: dict[str, dict]  # udev properties
    mounts: dict[str, list[Mount]] = field(default_factory=dict)  # the device's own mounts
    swaps: dict[str, Swap] = field(default_factory=dict)  # the device's own active swap
    tab_refs: dict[str, list[TabEntry]] = field(default_factory=dict)
    uppers: dict[str, list[str]] = field(default_factory=dict)  # transitive holders, nearest first
    base_disks: dict[str, list[str]] = field(default_factory=dict)  # physical disks under it
    system_disks: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # disk → (mnt, dev)
    journal_owner: dict[str, str] = field(default_factory=dict)  # journal dev → owning fs dev
    unprobed: set[str] = field(default_factory=set)
    hidden: dict[str, str] = field(default_factory=dict)  # name → why (--all only)
    unreadable: set[str] = field(default_factory=set)  # superblocks we could not read (not root)
    log_fs_uuids: dict[str, str] = field(default_factory=dict)  # a journal that names its fs (XFS log) → that UUID
    locks: dict[str, str] = field(default_factory=dict)  # name → "locked: in use by fstune run R (pid N)"

    def describe_holder(self, name: str) -> str:
        """``dm-0 (LVM logical volume vg0-root)``, ``md127 (raid1 array)`` …"""
        props = self.properties.get(name, {})
        dm_name = props.get("DM_NAME")
        dm_uuid = props.get("DM_UUID", "")
        if dm_name:
            kind = {"LVM-": "LVM logical volume", "CRYPT-": "dm-crypt mapping",
                    "mpath-": "multipath map", "part": "partition mapping"}
            for prefix, label in kind.items():
                if dm_uuid.startswith(prefix):
                    return f"{name} ({label} {dm_name})"
            return f"{name} (device-mapper {dm_name})"
        if name.startswith("md"):
            level = props.get("MD_LEVEL")
            array = props.get("MD_DEVNAME")
            label = f"{level} array" if level else "RAID array"
            return f"{name} ({label}{' ' + array if array and array != name else ''})"
        if name.startswith("bcache"):
            return f"{name} (bcache device)"
        return name


def _where(mounts: list[str]) -> str:
    """``/srv`` · ``/srv and /mnt`` · ``/srv and 2 more``"""
    if len(mounts) == 1:
        return mounts[0]
    if len(mounts) == 2:
        return f"{mounts[0]} and {mounts[1]}"
    return f"{mounts[0]} and {len(mounts) - 1} more"


def _join(items: list[str]) -> str:
    """``a`` · ``a and b`` · ``a, b and c``"""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _unique(items):
    return list(dict.fromkeys(items))


def filesystem_words(device: Device, uuid_word: str = "uuid") -> str:
    """``ext4 'home' (uuid 1234…)`` — the facts a person recognises a filesystem by."""
    text = device.fs_type or "data"
    if device.fs_label:
        text += f" '{device.fs_label}'"
    if device.fs_uuid:
        text += f" ({uuid_word} {device.fs_uuid})"
    return text


def _mount_points_of(name: str, facts: Facts) -> list[str]:
    return _unique(m.mountpoint for m in facts.mounts.get(name, ()))


# --- the rules ------------------------------------------------------------------------------


def _mounted(device: Device, facts: Facts) -> list[Finding]:
    found = []
    own = _mount_points_of(device.name, facts)
    if own:
        found.append(Finding(P_MOUNTED, LOCKED, f"is mounted at {_where(own)}"))
    for upper in facts.uppers.get(device.name, ()):
        points = _mount_points_of(upper, facts)
        if points:
            found.append(Finding(P_MOUNTED_HOLDER, LOCKED,
                                 f"{facts.describe_holder(upper)} on it is mounted at {_where(points)}"))
    for child in device.children:
        points = _mount_points_of(child, facts)
        via = ""
        if not points:
            for upper in facts.uppers.get(child, ()):
                points = _mount_points_of(upper, facts)
                if points:
                    via = f" through {upper}"
                    break
        if points:
            found.append(Finding(P_MOUNTED_CHILD, LOCKED,
                                 f"its partition {child} is mounted at {_where(points)}{via}"))
    return found


def _device_lock(device: Device, facts: Facts) -> list[Finding]:
    """Another process holds the device's node, or its disk's, locked (docs/safety.md)."""
    held = facts.locks.get(device.name)
    if held:
        return [Finding(P_DEVICE_LOCK, LOCKED, f"is {held}")]
    for disk in _unique([device.disk, *facts.base_disks.get(device.name, ())]):
        if disk != device.name and disk in facts.locks:
            return [Finding(P_DEVICE_LOCK, LOCKED, f"its disk {disk} is {facts.locks[disk]}")]
    return []


def _swap(device: Device, facts: Facts) -> list[Finding]:
    found = []
    if device.name in facts.swaps:
        found.append(Finding(P_SWAP, LOCKED, "is active swap (listed in /proc/swaps)"))
    for upper in facts.uppers.get(device.name, ()):
        if upper in facts.swaps:
            found.append(Finding(P_SWAP, LOCKED,
                                 f"{facts.describe_holder(upper)} on it is active swap"))
    for child in device.children:
        if child in facts.swaps:
            found.append(Finding(P_SWAP, LOCKED, f"its partition {child} is active swap"))
            continue
        via = next((u for u in facts.uppers.get(child, ()) if u in facts.swaps), None)
        if via:
            found.append(Finding(P_SWAP, LOCKED, f"its partition {child} is active swap through {via}"))
    return found


def _system_disk(device: Device, facts: Facts) -> list[Finding]:
    disks = [d for d in facts.base_disks.get(device.name, [device.disk]) if d in facts.system_disks]
    if not disks:
        return []
    uses: dict[str, list[str]] = {}
    for disk in disks:
        for mountpoint, via in facts.system_disks[disk]:
            uses.setdefault(mountpoint, [])
            # name the stacked device in between (dm-0, md0): that is the link a person misses
            if via not in uses[mountpoint] and facts.devices[via].devtype == "disk" and via not in disks \
                    and via != device.name:
                uses[mountpoint].append(via)
    points = [f"{mnt} (on {', '.join(via)})" if via else mnt for mnt, via in uses.items()]
    held = _join(points)
    if disks == [device.name]:
        return [Finding(P_SYSTEM_DISK, LOCKED, f"is the disk that holds {held}")]
    if len(disks) == 1:
        return [Finding(P_SYSTEM_DISK, LOCKED, f"is on {disks[0]}, the disk that holds {held}")]
    return [Finding(P_SYSTEM_DISK, LOCKED, f"is on {_join(disks)}, the disks that hold {held}")]


def _holders(device: Device, facts: Facts) -> list[Finding]:
    if not device.holders:
        return []
    named = ", ".join(facts.describe_holder(h) for h in device.holders)
    return [Finding(P_HOLDERS, LOCKED, f"is in use by {named}")]


def _member(device: Device, facts: Facts) -> list[Finding]:
    kind = MEMBER_TYPES.get(device.fs_type or "")
    if kind is None and device.fs_usage in ("raid", "crypto"):
        kind = "RAID member data" if device.fs_usage == "raid" else "encrypted data"
    if kind is None:
        return []
    label = f" '{device.fs_label}'" if device.fs_label else ""
    uuid = f", uuid {device.fs_uuid}" if device.fs_uuid else ""
    inactive = "" if device.holders else "; it is not active now, but its data are still there"
    return [Finding(P_MEMBER, LOCKED,
                    f"holds {kind}{label} ({device.fs_type}{uuid}){inactive}",
                    note=f"holds {kind}{label} ({device.fs_type}{uuid})")]


def _journal(device: Device, facts: Facts) -> list[Finding]:
    noun = journal_types().get(device.fs_type or "")
    if noun is None:
        return []
    owner = facts.journal_owner.get(device.name)
    if owner:
        fs = facts.devices[owner]
        label = f" '{fs.fs_label}'" if fs.fs_label else ""
        return [Finding(P_JOURNAL, LOCKED,
                        f"is the {noun} ({device.fs_type}) of {fs.fs_type}{label} on {owner}")]
    from fstune import filesystems

    family = filesystems.journal_kind(device.fs_type).family
    uuid = f", uuid {device.fs_uuid}" if device.fs_uuid else ""
    if device.lab and not facts.unreadable:
        # the practice lab's own leftover (a cancelled run, a later study that reformatted the
        # data partition): fstune wipes it when the lab is used (docs/refused-devices.md)
        return [Finding(P_JOURNAL, LOCKED,
                        f"holds {family} {noun} ({device.fs_type}) that no filesystem uses: a "
                        "leftover of an earlier run on this practice disk")]
    if facts.unreadable:
        return [Finding(P_JOURNAL, LOCKED,
                        f"is the {noun} ({device.fs_type}{uuid}) of {family} filesystem; run as "
                        "root to see which one")]
    return [Finding(P_JOURNAL, LOCKED,
                    f"is the {noun} ({device.fs_type}{uuid}) of {family} filesystem that is not "
                    "attached here; formatting it would break that filesystem")]


def _tabs(device: Device, facts: Facts) -> list[Finding]:
    return [Finding(P_TAB, LOCKED, f"is listed in {entry.describe()}")
            for entry in facts.tab_refs.get(device.name, ())]


def _partitioned(device: Device, facts: Facts) -> list[Finding]:
    if device.devtype == "partition" and device.part_table_type:
        # a table inside a partition: a VM's disk image, a dd copy of a disk, a nested DOS
        # table; mkfs -F would erase it without asking (docs/refused-devices.md)
        return [Finding(P_PARTITIONED, LOCKED,
                        f"holds a {device.part_table_type} partition table (a nested disk image?)")]
    if device.devtype != "disk" or not (device.children or device.part_table_type):
        return []
    table = f"a {device.part_table_type} partition table" if device.part_table_type else "partitions"
    if device.children:
        return [Finding(P_PARTITIONED, LOCKED,
                        f"has {table}: choose one of its partitions: {', '.join(device.children)}",
                        note=f"has {table}")]
    return [Finding(P_PARTITIONED, LOCKED,
                    f"has an empty {device.part_table_type} partition table: create a partition on "
                    "it (or wipe the table yourself to use the whole disk)",
                    note=f"has an empty {device.part_table_type} partition table")]


def _read_only(device: Device, facts: Facts) -> list[Finding]:
    if not device.read_only:
        return []
    return [Finding(P_READ_ONLY, LOCKED, "is read-only (the kernel marks it ro)")]


def _optical(device: Device, facts: Facts) -> list[Finding]:
    if facts.properties.get(device.name, {}).get("ID_CDROM") != "1":
        return []
    return [Finding(P_OPTICAL, LOCKED, "is an optical drive")]


def _hidden(device: Device, facts: Facts) -> list[Finding]:
    why = facts.hidden.get(device.name)
    if not why:
        return []
    text = {
        "empty": "is empty (size 0): an unattached loop device or a drive without a medium",
        "RAM disk": "is a RAM disk: its contents vanish at reboot and it measures memory, not a disk",
        "hidden path device": "is a hidden NVMe path; use its namespace device instead",
    }.get(why, f"is {why}")
    return [Finding(P_HIDDEN, LOCKED, text)]


def _unprobed(device: Device, facts: Facts) -> list[Finding]:
    if device.name not in facts.unprobed:
        return []
    return [Finding(P_UNPROBED, LOCKED,
                    "has not been probed by udev, so what it holds is unknown (start systemd-udevd, "
                    "then run 'udevadm trigger; udevadm settle')")]


def _filesystem(device: Device, facts: Facts) -> list[Finding]:
    if not device.fs_type or device.fs_type in MEMBER_TYPES or device.fs_type in journal_types():
        return []  # those have their own, locking rule
    if device.fs_usage in ("raid", "crypto"):
        return []
    facts_text = filesystem_words(device)
    if device.fs_type == "swap":
        if device.swap:
            return []  # the active-swap rule says it better
        uuid = f" (uuid {device.fs_uuid})" if device.fs_uuid else ""
        return [Finding(P_FILESYSTEM, CONFIRM,
                        f"holds an inactive swap area{uuid}: type its name to overwrite it",
                        note=f"holds an inactive swap area{uuid}")]
    return [Finding(P_FILESYSTEM, CONFIRM, f"holds {facts_text}: type its name to overwrite it",
                    note=f"holds {facts_text}")]


RULES = (_device_lock, _mounted, _swap, _system_disk, _holders, _member, _journal, _tabs, _partitioned,
         _read_only, _optical, _hidden, _unprobed, _filesystem)


def sibling_notes(device: Device, facts: Facts) -> list[str]:
    """Mounted or swapping partitions next to this one: worth knowing, not blocking."""
    if device.devtype != "partition" or not device.parent or device.parent not in facts.devices:
        return []
    notes = []
    for sibling in facts.devices[device.parent].children:
        if sibling == device.name:
            continue
        points = _mount_points_of(sibling, facts)
        for upper in facts.uppers.get(sibling, ()):
            points += _mount_points_of(upper, facts)
        if points:
            notes.append(f"its sibling {sibling} is mounted at {_where(_unique(points))}; "
                         "formatting this partition does not touch it")
        elif sibling in facts.swaps:
            notes.append(f"its sibling {sibling} is active swap; formatting this partition "
                         "does not touch it")
    return notes


def evaluate(device: Device, facts: Facts, *, journal_of_partner: str | None = None) -> Verdict:
    """The verdict for one device: the most serious finding wins, the rest become notes.

    ``journal_of_partner``: the device is the external journal/log of this partner, the very
    filesystem the run is about to reformat; then its being that journal is no reason to lock
    it, only to ask for the typed confirmation. Every other rule still applies.
    """
    findings: list[Finding] = []
    for rule in RULES:
        if rule is _journal and journal_of_partner:
            noun = journal_types().get(device.fs_type or "", "journal")
            findings.append(Finding(P_FILESYSTEM, CONFIRM,
                                    f"holds the {noun} of {journal_of_partner}, which this run reformats too: "
                                    "type its name to overwrite it"))
            continue
        findings.extend(rule(device, facts))
    findings.sort(key=lambda f: f.priority)  # stable: rule order breaks ties
    notes = [f.note or f.reason for f in findings[1:]]
    if not findings or findings[0].status != LOCKED:
        notes += sibling_notes(device, facts)
    if not findings:
        return Verdict(USABLE, "", tuple(_unique(notes)))
    first = findings[0]
    return Verdict(first.status, first.reason, tuple(_unique(n for n in notes if n != first.reason)))


def orphan_journal(device: Device, facts: Facts) -> bool:
    """An external journal/log that no filesystem on this machine uses, and nothing else locks.

    On a lab disk this is fstune's own leftover, which ``fstune.lab.reinit_orphans`` wipes.
    """
    if device.fs_type not in journal_types() or device.name in facts.journal_owner or facts.unreadable:
        return False
    others = [f for rule in RULES if rule is not _journal for f in rule(device, facts)]
    return not any(f.status == LOCKED for f in others)


def remedy(device: Device, facts: Facts, verdict: Verdict | None = None) -> str | None:
    """The exact command that frees a device locked by what is *on* it, when that is safe to say.

    Only for the two locks a user clears by erasing a signature (an unused external journal, a
    partition table inside a partition); None when ``verdict`` leads with another reason.
    """
    verdict = verdict or device.verdict
    if verdict.status != LOCKED:
        return None
    nested = [f.reason for f in _partitioned(device, facts)]
    if device.devtype == "partition" and verdict.reason in nested:
        # without --force wipefs leaves a table inside a partition alone (and exits 0)
        return (f"If nothing in that image is needed any more, erase it with `wipefs --all --force "
                f"{device.path}`; fstune never does.")
    journal = [f.reason for f in _journal(device, facts)]
    if verdict.reason not in journal or not orphan_journal(device, facts):
        return None
    if device.lab:
        return ("`sudo fstune run` and the wizard wipe such a leftover off a lab disk they are to use "
                f"(`sudo fstune --lab` at once); or erase it yourself: `wipefs --all {device.path}`.")
    # blkid shows the link in the filesystem (ext: EXT_JOURNAL=the journal's UUID) or in the journal
    # (an XFS log's LOGUUID=its filesystem's UUID): search for the side that names the other
    from fstune import filesystems

    link = filesystems.journal_kind(device.fs_type).external.uuid_link
    if link is not None and link.holder == "filesystem":
        owner, query = device.fs_uuid, link.key
    else:
        owner, query = (facts.log_fs_uuids.get(device.name), "UUID") if link is not None else (None, "")
    if owner:
        check = f"`blkid -t {query}={owner}` lists none"
    else:
        commands = dict.fromkeys(kind.external.owner_command for kind in filesystems.journal_kinds().values()
                                 if kind.external.owner_command)
        check = " or ".join(f"`{command}`" for command in commands) + " of each filesystem names another journal"
    return (f"If no filesystem uses it any more ({check}, with every disk that might hold one "
            f"attached), free it with `wipefs --all {device.path}`.")


# --- the size rule (depends on the user's choice of filesystem) -----------------------------


def _format_minimum(num_bytes: int) -> str:
    """Say a minimum the way its source states it: XFS's is 300 MB (decimal), Btrfs's 256 MiB."""
    from fstune import filesystems

    if num_bytes % filesystems.MiB == 0:
        return f"{num_bytes // filesystems.MiB} MiB"
    if num_bytes % 1_000_000 == 0:
        return f"{num_bytes // 1_000_000} MB"
    return format_size(num_bytes)


def size_verdict(device: Device, fs_name: str, role: str = "target") -> Verdict | None:
    """A LOCKED verdict when ``device`` is too small for ``fs_name`` in ``role``, else None.

    A UsageError (from ``filesystems``) says when ``fs_name`` is unknown or cannot put its
    journal on another device.
    """
    from fstune import filesystems

    fs = filesystems.get(fs_name)
    minimum = filesystems.minimum_size(fs_name, role)
    if device.size >= minimum:
        return None
    short = fs.title.split(" ")[0]
    # minimum_size already refused a filesystem without external journals
    what = f"an external {short} {fs.external.noun}" if role == "journal" else short
    return Verdict(LOCKED, f"{what} needs at least {_format_minimum(minimum)}; "
                           f"this is {format_size(device.size)}")


def size_notes(device: Device, fs_name: str, role: str = "target") -> list[str]:
    """Non-blocking size remarks: an XFS log device bigger than XFS can use."""
    from fstune import filesystems

    fs = filesystems.get(fs_name)
    if role == "journal" and fs.external and fs.external.max_bytes and device.size > fs.external.max_bytes:
        return [f"{fs.title} uses at most {_format_minimum(fs.external.max_bytes)} of a log device; "
                f"the rest of this {format_size(device.size)} stays unused"]
    return []


def combine(base: Verdict, extra: Verdict | None, notes: list[str] = ()) -> Verdict:
    """``base`` with a further LOCKED finding: the locked one leads, the others become notes."""
    all_notes = list(base.notes)
    if extra is None or extra.status != LOCKED:
        return Verdict(base.status, base.reason, tuple(_unique([*all_notes, *notes])))
    if base.status == LOCKED:
        return Verdict(LOCKED, base.reason, tuple(_unique([*all_notes, extra.reason, *notes])))
    lead = [base.reason] if base.reason else []
    return Verdict(LOCKED, extra.reason, tuple(_unique([*lead, *all_notes, *notes])))
