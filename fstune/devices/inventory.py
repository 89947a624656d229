"""Build the inventory: udev records + system state → Devices with verdicts.

``build_inventory`` is pure (apart from asking ``fstune.lab`` whether a loop device's backing
file belongs to a lab) and runs in linear time: every relation — parent/children, holders,
mounts, swaps, fstab references, journal owners — is indexed in a dict once, so a machine with
thousands of LUNs or loop devices is as quick to list as a laptop.
"""

from __future__ import annotations

import os
import re
from typing import Callable, Iterable, Iterator

from fstune.devices import rules
from fstune.devices.model import LOCKED, Device, Identity, Verdict
from fstune.devices.system import SystemState, TabEntry, parse_spec
from fstune.errors import GONE_HINT, DeviceError, device_gone
from fstune.devices.labdisk import is_lab_backing_file

SECTOR = 512  # sysfs "size" is always in 512-byte units, whatever the logical block size

_ESCAPE = re.compile(r"\\x([0-9a-fA-F]{2})")
_DIGITS = re.compile(r"(\d+)")


def decode_udev(text: str | None) -> str | None:
    r"""Undo udev's ``\x20``-style escapes (used in *_ENC properties and partition names)."""
    if text is None or "\\x" not in text:
        return text
    raw = bytearray()
    pos = 0
    for match in _ESCAPE.finditer(text):
        raw += text[pos:match.start()].encode("utf-8", "surrogateescape")
        raw.append(int(match.group(1), 16))
        pos = match.end()
    raw += text[pos:].encode("utf-8", "surrogateescape")
    return raw.decode("utf-8", "replace")


def natural_key(name: str) -> tuple:
    """``sda2`` < ``sda10``; ``nvme0n1p2`` < ``nvme0n1p10``."""
    return tuple(int(part) if part.isdigit() else part for part in _DIGITS.split(name))


def transport_of(name: str, props: dict) -> str | None:
    """How the device is attached: usb, sata, nvme, virtio, loop, scsi, sas, mmc, …"""
    bus = props.get("ID_BUS", "")
    path = props.get("ID_PATH", "")
    # checked in order: a USB enclosure holding a SATA or NVMe disk is "usb" to the user
    if name.startswith("loop"):
        return "loop"
    if bus == "usb" or "-usb-" in path:
        return "usb"
    if name.startswith("nvme") or bus == "nvme" or "-nvme-" in path:
        return "nvme"
    if name.startswith("mmcblk") or "-mmc-" in path or bus == "mmc":
        return "mmc"
    if name.startswith("vd") or "virtio" in path:
        return "virtio"
    if name.startswith("xvd"):
        return "xen"
    for prefix, label in (("dm-", "dm"), ("md", "md"), ("nbd", "nbd"), ("bcache", "bcache"),
                          ("zram", "ram"), ("ram", "ram")):
        if name.startswith(prefix):
            return label
    if "-sas-" in path:
        return "sas"
    if "-iscsi-" in path or path.startswith("ip-"):
        return "iscsi"
    if "ieee1394" in path:
        return "firewire"
    if bus == "ata" or "-ata-" in path:
        return "sata"
    if bus == "scsi" or "-scsi-" in path:
        return "scsi"
    return bus or None


def _model(props: dict) -> str | None:
    encoded = decode_udev(props.get("ID_MODEL_ENC"))
    if encoded and encoded.strip():
        return " ".join(encoded.split())
    model = props.get("ID_MODEL")
    return model.replace("_", " ").strip() if model else None


def nested_table_type(props: dict, disk_props: dict | None) -> str | None:
    """The type of a partition table *inside* a partition (``props``), or None.

    udev imports the disk's ID_PART_TABLE_TYPE/UUID onto every partition, then its blkid builtin
    (libblkid, as ``blkid -p``, which says PTTYPE) overwrites them when the partition holds a table
    of its own: a type or UUID unlike the disk's is that table (docs/refused-devices.md).
    """
    own = props.get("ID_PART_TABLE_TYPE")
    if not own:
        return None
    if disk_props is None:  # a hand-written record without its disk: only a different scheme tells
        scheme = props.get("ID_PART_ENTRY_SCHEME")
        return own if scheme and scheme != own else None
    disk = (disk_props.get("ID_PART_TABLE_TYPE"), disk_props.get("ID_PART_TABLE_UUID"))
    return own if (own, props.get("ID_PART_TABLE_UUID")) != disk else None


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def device_from_record(record: dict) -> Device:
    """The record's own facts; inherited and relational fields are filled in later."""
    props = record["properties"]
    attrs = record["attributes"]
    name = record["name"]
    devtype = record.get("devtype") or "disk"
    rotational = attrs.get("queue/rotational")
    label = decode_udev(props.get("ID_FS_LABEL_ENC")) or props.get("ID_FS_LABEL")
    links = props.get("DEVLINKS", "").split()
    return Device(
        name=name,
        path=props.get("DEVNAME") or f"/dev/{name}",
        devtype=devtype,
        major=int(record["major"]),
        minor=int(record["minor"]),
        size=int(attrs.get("size") or 0) * SECTOR,
        model=_model(props),
        serial=props.get("ID_SERIAL_SHORT") or props.get("ID_SERIAL"),
        transport=transport_of(name, props),
        rotational=None if rotational is None else bool(rotational),
        read_only=bool(attrs.get("ro")),
        logical_block_size=attrs.get("queue/logical_block_size"),
        physical_block_size=attrs.get("queue/physical_block_size"),
        fs_type=props.get("ID_FS_TYPE") or None,
        fs_usage=props.get("ID_FS_USAGE") or None,
        fs_label=label or None,
        fs_uuid=props.get("ID_FS_UUID") or None,
        fs_version=props.get("ID_FS_VERSION") or None,
        # udev copies the disk's table type onto its partitions; a partition's own (nested)
        # table is told apart in build_inventory, where the disk's properties are at hand
        part_table_type=(props.get("ID_PART_TABLE_TYPE") or None) if devtype == "disk" else None,
        partuuid=props.get("ID_PART_ENTRY_UUID") or None,
        part_label=decode_udev(props.get("ID_PART_ENTRY_NAME")) or None,
        part_number=_int(props.get("ID_PART_ENTRY_NUMBER") or props.get("PARTN")),
        parent=record.get("parent"),
        holders=list(record.get("holders") or ()),
        devlinks=links,
        backing_file=record.get("backing_file") or None,
    )


class Inventory:
    """The block devices of one moment, each with its verdict."""

    def __init__(self, devices: list[Device], facts: rules.Facts,
                 index: dict[str, Device], tags: dict[tuple[str, str], list[Device]],
                 warnings: list[str] | None = None) -> None:
        self.devices = devices
        self.facts = facts
        self.warnings = warnings or []
        self._index = index
        self._tags = tags

    def __iter__(self) -> Iterator[Device]:
        return iter(self.devices)

    def __len__(self) -> int:
        return len(self.devices)

    def __contains__(self, path_or_name: str) -> bool:
        return self.find(path_or_name) is not None

    # --- lookup ---------------------------------------------------------------------------

    def find(self, path_or_name: str) -> Device | None:
        """The device named by ``sdb1``, ``/dev/sdb1``, a /dev/disk/by-* link, ``UUID=…``, or None."""
        if not path_or_name:
            return None
        key = str(path_or_name)
        device = self._index.get(key)
        if device is not None:
            return device
        tag, value = parse_spec(key)
        if tag:
            matches = self._tags.get((tag, value), [])
            return matches[0] if len(matches) == 1 else None
        if key.startswith("/"):
            # a link udev does not list (/dev/mapper/x is one on some systems), or a relative one
            real = os.path.realpath(key)
            if real != key and real.startswith("/dev/"):
                return self._index.get(os.path.basename(real))
        return None

    def get(self, path_or_name: str) -> Device:
        """Like ``find`` but raises a DeviceError a user can act on."""
        device = self.find(path_or_name)
        if device is not None:
            return device
        tag, value = parse_spec(str(path_or_name))
        if tag and len(self._tags.get((tag, value), [])) > 1:
            names = ", ".join(d.name for d in self._tags[(tag, value)])
            raise DeviceError(f"{path_or_name} matches several devices ({names}).",
                              "Name the one you mean by its /dev path.")
        raise DeviceError(f"there is no block device '{path_or_name}' on this machine.",
                          "Run 'fstune disks' to see the devices fstune can use.")

    def children(self, device: Device) -> list[Device]:
        return [self._index[name] for name in device.children if name in self._index]

    def usable(self) -> list[Device]:
        """Devices that may be chosen (USABLE or CONFIRM), in listing order."""
        return [d for d in self.devices if d.verdict.choosable]

    # --- verdicts -------------------------------------------------------------------------

    def verdict_for(self, device: Device | str, fs_name: str | None = None, role: str = "target",
                    partner: Device | str | None = None) -> Verdict:
        """The stored verdict plus the size rule for ``fs_name`` in ``role`` ("target"/"journal").

        ``partner`` is the other device of a target/journal pair: the journal may not be the
        target, may not overlap it, and gets a note when it shares the target's disk.
        """
        if isinstance(device, str):
            device = self.get(device)
        verdict = device.verdict
        if fs_name is not None:
            verdict = rules.combine(verdict, rules.size_verdict(device, fs_name, role),
                                    rules.size_notes(device, fs_name, role))
        if partner is not None:
            if isinstance(partner, str):
                partner = self.get(partner)
            if role == "journal" and self.facts.journal_owner.get(device.name) == partner.name:
                # re-running a journal study on the same pair: the journal belongs to the target
                verdict = rules.evaluate(device, self.facts, journal_of_partner=partner.name)
                if fs_name is not None:
                    verdict = rules.combine(verdict, rules.size_verdict(device, fs_name, role),
                                            rules.size_notes(device, fs_name, role))
            verdict = rules.combine(verdict, *self._pair_rule(device, partner, role))
        return verdict

    def _pair_rule(self, device: Device, partner: Device, role: str) -> tuple[Verdict | None, list[str]]:
        other = "target" if role == "journal" else "journal"
        if device.majmin == partner.majmin:
            return Verdict(LOCKED, f"is also the {other}: the journal must be a different device"), []
        if partner.name in device.children or device.name in partner.children:
            return Verdict(LOCKED, f"overlaps the {other} {partner.name} (one contains the other)"), []
        mine = set(self.facts.base_disks.get(device.name, [device.disk]))
        theirs = set(self.facts.base_disks.get(partner.name, [partner.disk]))
        shared = sorted(mine & theirs)
        if shared:
            return None, [f"is on the same disk ({', '.join(shared)}) as the {other}: an external "
                          "journal there saves no seeks"]
        return None, []

    def verify_identity(self, identity: Identity) -> Device:
        """The device ``identity`` describes, still the same; else a DeviceError saying what changed.

        The runner calls this on a fresh scan right before a destructive step.
        """
        return self.verify(identity.path, majmin=f"{identity.major}:{identity.minor}", size=identity.size,
                           serial=identity.serial, partuuid=identity.partuuid, backing_file=identity.backing_file)

    def verify(self, path: str, *, majmin: str | None = None, size: int | None = None, serial: str | None = None,
               partuuid: str | None = None, backing_file: str | None = None) -> Device:
        """The device at ``path``, if it matches what is given (None: not known, not compared);
        else a DeviceError naming the device, each value as chosen and as it is now, and what
        the device there now holds (docs/safety.md, "The device you chose")."""
        device = self.find(path)
        if device is None:
            raise DeviceError(f"{device_gone(path)}.", GONE_HINT)
        changed = []
        if majmin and device.majmin != majmin:
            changed.append(f"its device number is now {device.majmin}, was {majmin}")
        if size is not None and device.size != size:
            changed.append(f"its size is now {device.size} bytes, was {size}")
        if serial and device.serial != serial:
            changed.append(f"its serial is now {device.serial}, was {serial}")
        if partuuid and (device.partuuid or "").lower() != partuuid.lower():
            changed.append(f"its PARTUUID is now {device.partuuid or 'none'}, was {partuuid}")
        if backing_file and _backing(device.backing_file) != _backing(backing_file):
            changed.append(f"it is now backed by {_backing(device.backing_file) or 'nothing'}, "
                           f"was {_backing(backing_file)}")
        if changed:
            raise DeviceError(f"{path} is not the device you chose: {'; '.join(changed)}{_holding(device)}.",
                              "Choose the device again.")
        return device

    def to_json(self) -> list[dict]:
        return [device.to_json() for device in self.devices]


def _backing(path: str | None) -> str | None:
    """A loop device's backing file, without the " (deleted)" the kernel adds once it is unlinked."""
    return path.removesuffix(" (deleted)") if path else None


def _holding(device: Device) -> str:
    """What the device now at a chosen path is, for the refusal: its model and what it holds."""
    parts = [f"model {device.model}"] if device.model else []
    if device.fs_type:
        parts.append(f"holds {device.fs_type}" + (f" '{device.fs_label}'" if device.fs_label else ""))
    return f" (it is now {', '.join(parts)})" if parts else ""


# --- building -------------------------------------------------------------------------------


def _closure(start: str, edges: dict[str, list[str]], memo: dict[str, list[str]]) -> list[str]:
    """All nodes reachable from ``start`` (nearest first), memoised; edges form a DAG."""
    if start in memo:
        return memo[start]
    memo[start] = []  # guards against a (kernel-impossible) cycle in hand-written fixtures
    result: list[str] = []
    for nxt in edges.get(start, ()):
        result.append(nxt)
        result.extend(_closure(nxt, edges, memo))
    memo[start] = list(dict.fromkeys(result))
    return memo[start]


def _tag_keys(device: Device, props: dict) -> Iterable[tuple[str, str]]:
    if device.fs_uuid:
        yield ("UUID", device.fs_uuid)
    if device.fs_label:
        yield ("LABEL", device.fs_label)
    if device.partuuid:
        yield ("PARTUUID", device.partuuid)
    if device.part_label:
        yield ("PARTLABEL", device.part_label)
    for link in device.devlinks:
        if link.startswith("/dev/disk/by-id/"):
            yield ("ID", link.rsplit("/", 1)[1])


def _journal_owners(devices: dict[str, Device], properties: dict[str, dict], probed: dict[str, dict],
                    tags: dict) -> tuple[dict[str, str], dict[str, str]]:
    """journal device → the filesystem device that uses it, and journal device → the UUID it names.

    Each filesystem declares how blkid links the pair (``UuidLink``): the filesystem names its
    journal (ext: the journal UUID in the superblock, read by the scan), or the journal names its
    filesystem (an XFS log: udev's ID_FS_LOGUUID, else the scan's read of the log).
    """
    journal_owner: dict[str, str] = {}
    log_fs_uuids: dict[str, str] = {}
    from fstune import filesystems  # where used, as in fstune.devices.rules

    for blkid_type, kind in filesystems.journal_kinds().items():
        link = kind.external.uuid_link
        if link is None:
            continue
        key = link.reader.probed_key if link.reader else None
        if link.holder == "filesystem":
            by_journal: dict[str, str] = {}
            for name, extra in probed.items():
                if key and extra.get(key):
                    by_journal.setdefault(extra[key], name)
            for name, device in devices.items():
                if device.fs_type == blkid_type and device.fs_uuid in by_journal:
                    journal_owner[name] = by_journal[device.fs_uuid]
            continue
        for name, device in devices.items():
            if device.fs_type != blkid_type:
                continue
            owner_uuid = ((properties[name].get(link.udev_property) if link.udev_property else None)
                          or (probed[name].get(key) if key else None))
            if owner_uuid:
                log_fs_uuids[name] = owner_uuid
            owners = [d for d in tags.get(("UUID", owner_uuid), []) if d.fs_type in kind.fs_names]
            if owners:
                journal_owner[name] = owners[0].name
    return journal_owner, log_fs_uuids


# udev's /dev/disk/by-* links and the fstab tag each one spells (see docs/safety.md)
_LINK_TAGS = {"/dev/disk/by-uuid/": "UUID", "/dev/disk/by-label/": "LABEL", "/dev/disk/by-partuuid/": "PARTUUID",
              "/dev/disk/by-partlabel/": "PARTLABEL", "/dev/disk/by-id/": "ID"}


def link_tag(path: str) -> tuple[str, str] | None:
    """``("LABEL", "data")`` for ``/dev/disk/by-label/data``: what a udev link names, from its
    spelling alone, so a line is matched even when the link is missing or points elsewhere."""
    for prefix, tag in _LINK_TAGS.items():
        if path.startswith(prefix) and "/" not in path[len(prefix):]:
            value = path[len(prefix):]
            # by-id keys are kept as udev spells them (see _tag_keys); labels are escaped in links
            return tag, value if tag == "ID" else decode_udev(value)
    return None


def _match_tag(tag: str, value: str, tags: dict[tuple[str, str], list[Device]]) -> list[Device]:
    # case-insensitive for UUIDs: fstab writers differ ("UUID=ABCD-1234" for FAT)
    found = tags.get((tag, value))
    if found is None and tag in ("UUID", "PARTUUID"):
        found = tags.get((tag, value.lower())) or tags.get((tag, value.upper()))
    return found or []


def _match_tab(entry: TabEntry, index: dict[str, Device],
               tags: dict[tuple[str, str], list[Device]]) -> list[Device]:
    if entry.tag:
        return _match_tag(entry.tag, entry.value, tags)
    device = index.get(entry.value) or (index.get(entry.resolved) if entry.resolved else None)
    found = [device] if device else []
    # a by-label link names every device with that label (which one mounts at boot is udev's
    # choice, and the link may not exist yet while udev catches up): all of them are listed
    spelled = link_tag(entry.value)
    if spelled:
        found += [d for d in _match_tag(*spelled, tags) if d not in found]
    return found


def build_inventory(records: list[dict], state: SystemState | None = None, *,
                    lab_check: Callable[[str | None], bool] = is_lab_backing_file) -> Inventory:
    """Devices with verdicts from udev ``records`` (see ``fstune.devices.udev``) and ``state``."""
    state = state or SystemState()
    devices: dict[str, Device] = {}
    properties: dict[str, dict] = {}
    unprobed: set[str] = set()
    hidden: dict[str, str] = {}
    probed: dict[str, dict] = {}
    for record in records:
        device = device_from_record(record)
        devices[device.name] = device
        properties[device.name] = record["properties"]
        probed[device.name] = record.get("probed") or {}
        if not record.get("initialized", True):
            unprobed.add(device.name)
        why = rules.hidden_reason(device.name, record.get("attributes") or {})
        if why:
            hidden[device.name] = why

    # parents and children; partitions inherit what udev and sysfs only say about the disk
    for device in devices.values():
        if device.devtype == "partition":
            device.part_table_type = nested_table_type(properties[device.name],
                                                       properties.get(device.parent or ""))
        parent = devices.get(device.parent) if device.parent else None
        if parent is None:
            continue
        parent.children.append(device.name)
        for attr in ("model", "serial", "transport", "rotational", "logical_block_size",
                     "physical_block_size", "backing_file"):
            if getattr(device, attr) is None:
                setattr(device, attr, getattr(parent, attr))
        device.read_only = device.read_only or parent.read_only
    for device in devices.values():
        device.children.sort(key=natural_key)
        if device.backing_file:
            device.lab = bool(lab_check(device.backing_file))

    # lookup indexes
    index: dict[str, Device] = {}
    tags: dict[tuple[str, str], list[Device]] = {}
    for device in devices.values():
        index[device.name] = device
        index[device.path] = device
        index[f"/dev/{device.name}"] = device
        index[device.majmin] = device
        for link in device.devlinks:
            index.setdefault(link, device)
        for key in _tag_keys(device, properties[device.name]):
            tags.setdefault(key, []).append(device)

    # holders: upward (what sits on it) and downward (what it sits on)
    holders = {name: [h for h in d.holders if h in devices] for name, d in devices.items()}
    lowers: dict[str, list[str]] = {}
    for name, above in holders.items():
        for holder in above:
            lowers.setdefault(holder, []).append(name)
    up_memo: dict[str, list[str]] = {}
    down_memo: dict[str, list[str]] = {}
    uppers = {name: _closure(name, holders, up_memo) for name in devices}
    base_disks: dict[str, list[str]] = {}
    for name, device in devices.items():
        below = _closure(name, lowers, down_memo)
        leaves = [n for n in below if not lowers.get(n)] or [name]
        base_disks[name] = list(dict.fromkeys(devices[n].disk for n in leaves))

    # mounts by major:minor; sources as a fallback for filesystems on anonymous device numbers
    # (btrfs reports 0:NN in mountinfo)
    mounts: dict[str, list] = {}
    for mount in state.mounts:
        device = index.get(mount.majmin) if mount.major != 0 else None
        if device is None and mount.source.startswith("/dev/"):
            device = index.get(mount.source)
        if device is not None:
            mounts.setdefault(device.name, []).append(mount)
    swaps = {}
    for swap in state.swaps:
        if swap.kind != "partition":
            continue  # a swap file lives on a mounted filesystem, which is locked already
        device = (index.get(swap.majmin) if swap.majmin else None) or index.get(swap.path)
        if device is not None:
            swaps[device.name] = swap
    tab_refs: dict[str, list[TabEntry]] = {}
    for entry in (*state.fstab, *state.crypttab):
        for device in _match_tab(entry, index, tags):
            tab_refs.setdefault(device.name, []).append(entry)

    # disks that hold the system: walk from the mounted device down to its physical disks
    system_disks: dict[str, list[tuple[str, str]]] = {}
    for name, device_mounts in mounts.items():
        for mount in device_mounts:
            if mount.mountpoint in rules.SYSTEM_MOUNTS:
                for disk in base_disks[name]:
                    system_disks.setdefault(disk, []).append((mount.mountpoint, name))

    # external journals and logs: who owns them
    journal_owner, log_fs_uuids = _journal_owners(devices, properties, probed, tags)

    facts = rules.Facts(devices=devices, properties=properties, mounts=mounts, swaps=swaps,
                        tab_refs=tab_refs, uppers=uppers, base_disks=base_disks,
                        system_disks=system_disks, journal_owner=journal_owner,
                        unprobed=unprobed, hidden=hidden,
                        unreadable={n for n, extra in probed.items() if extra.get("unreadable")},
                        log_fs_uuids=log_fs_uuids,
                        locks={index[majmin].name: held for majmin, held in state.locks.items() if majmin in index})

    for name, device in devices.items():
        points = [m.mountpoint for m in mounts.get(name, ())]
        for upper in uppers[name]:
            points += [m.mountpoint for m in mounts.get(upper, ())]
        device.mountpoints = list(dict.fromkeys(points))
        device.swap = name in swaps or any(u in swaps for u in uppers[name])
        device.verdict = rules.evaluate(device, facts)

    # physical disks with their partitions first, then stacked devices (dm, md, bcache)
    ordered = sorted(devices.values(), key=lambda d: (d.disk in lowers, natural_key(d.disk),
                                                      d.part_number or 0, natural_key(d.name)))
    warnings = []
    if unprobed:
        shown = ", ".join(sorted(unprobed, key=natural_key)[:5])
        more = f" and {len(unprobed) - 5} more" if len(unprobed) > 5 else ""
        them = "it stays" if len(unprobed) == 1 else "they stay"
        warnings.append(f"udev has not probed {shown}{more}; {them} locked until it has "
                        "(start systemd-udevd, then run 'udevadm trigger; udevadm settle').")
    return Inventory(ordered, facts, index, tags, warnings)
