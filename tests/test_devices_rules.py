"""The in-use rules (docs/refused-devices.md) on property sets recorded from real machines.

Fixtures: ``tests/fixtures/udev/<machine>.json`` (udev records, the format of
``python -m fstune.devices.udev``) and ``tests/fixtures/system/<machine>/`` (mountinfo, swaps,
fstab, crypttab as the files read). Machines: a laptop (NVMe, LUKS holding LVM, USB media, a
write-protected SD card, a DVD), a server (md RAID1 with LVM, external XFS log and ext4
journal on an SSD, bcache, btrfs, fstab/crypttab in every spelling) and this VM (vda as /,
loop devices).
"""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import pytest
from rich.console import Console

from fstune.cli import disks as disks_cli
from fstune.devices import CONFIRM, LOCKED, USABLE, Identity, SystemState, build_inventory
from fstune.devices import rules, udev
from fstune.devices.inventory import decode_udev, link_tag, natural_key, transport_of
from fstune.devices.monitor import ADDED, CHANGED, REMOVED, diff
from fstune.devices.system import parse_crypttab, parse_fstab, parse_mountinfo, parse_swaps
from fstune.errors import DeviceError, UsageError

FIXTURES = Path(__file__).parent / "fixtures"


def records_of(machine: str) -> list[dict]:
    return udev.load(FIXTURES / "udev" / f"{machine}.json")


def state_of(machine: str, **override: str) -> SystemState:
    texts = {}
    for name in ("mountinfo", "swaps", "fstab", "crypttab"):
        path = FIXTURES / "system" / machine / name
        texts[name] = override.get(name, path.read_text() if path.exists() else "")
    return SystemState.from_texts(**texts)


def inventory_of(machine: str, records: list[dict] | None = None, lab=lambda path: False, **override):
    return build_inventory(records if records is not None else records_of(machine),
                           state_of(machine, **override), lab_check=lab)


@pytest.fixture(scope="module")
def laptop():
    return inventory_of("laptop")


@pytest.fixture(scope="module")
def server():
    return inventory_of("server")


@pytest.fixture(scope="module")
def vm():
    return inventory_of("vm")


def verdict(inventory, name):
    return inventory.get(name).verdict


# --- parsing the system tables ---------------------------------------------------------------


def test_mountinfo_unescapes_and_skips_optional_fields():
    mounts = parse_mountinfo((FIXTURES / "system" / "laptop" / "mountinfo").read_text())
    backup = next(m for m in mounts if m.majmin == "8:16")
    assert backup.mountpoint == "/media/alice/My Backup"
    assert backup.fs_type == "ext4" and backup.source == "/dev/sdb"
    bind = [m for m in mounts if m.majmin == "254:3"]
    assert [(m.root, m.mountpoint) for m in bind] == [("/", "/home"), ("/alice/shared", "/srv/shared")]
    # a line without optional fields and a broken line
    assert parse_mountinfo("36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw\nbroken\n")[0].source == "/dev/root"
    assert len(parse_mountinfo("garbage line\n1 2 3\n")) == 0


def test_swaps_match_by_device_number_when_given():
    text = (FIXTURES / "system" / "laptop" / "swaps").read_text()
    swaps = parse_swaps(text, rdev_of=lambda path: {"/dev/dm-2": "254:2"}.get(path))
    assert [(s.path, s.kind, s.majmin) for s in swaps] == [
        ("/dev/dm-2", "partition", "254:2"), ("/dev/zram0", "partition", None),
        ("/swapfile", "file", None)]


def test_fstab_and_crypttab_spellings():
    fstab = parse_fstab((FIXTURES / "system" / "server" / "fstab").read_text())
    specs = {(e.tag, e.value): e for e in fstab}
    assert ("UUID", "6dd6e5d4-1937-5e46-bce5-8d7ac9f87af1") in specs  # quotes removed
    assert ("LABEL", "old data") in specs  # \040 undone
    assert (None, "/dev/md/boot") in specs
    assert ("PARTUUID", "3f539bd2-3774-5895-ad2d-8901de5ffea5") in specs
    assert all(e.value not in ("proc", "server:/export/home") for e in fstab)  # not devices
    assert specs[("LABEL", "old data")].line == 9
    crypttab = parse_crypttab("# c\nhome UUID=abc none luks\nk /dev/sdz1 /key.bin:UUID=def luks\n")
    assert [(e.target, e.tag, e.value, e.role) for e in crypttab] == [
        ("home", "UUID", "abc", "device"), ("k", None, "/dev/sdz1", "device"),
        ("k", "UUID", "def", "key file device")]


# --- record → Device fields ------------------------------------------------------------------


def test_device_fields_from_udev(laptop, server, vm):
    nvme = laptop.get("nvme0n1")
    assert (nvme.transport, nvme.rotational, nvme.model) == ("nvme", False, "Samsung SSD 980 PRO 1TB")
    assert nvme.serial == "S5GXNF0R912345A"  # ID_SERIAL_SHORT before ID_SERIAL
    assert nvme.part_table_type == "gpt" and nvme.children == ["nvme0n1p1", "nvme0n1p2", "nvme0n1p3"]
    efi = laptop.get("nvme0n1p1")
    assert efi.part_label == "EFI System Partition"  # \x20 decoded
    assert (efi.part_number, efi.parent, efi.size) == (1, "nvme0n1", 512 * 1024 * 1024)
    assert efi.part_table_type is None  # udev copies the disk's table type; it is not the partition's
    assert (efi.transport, efi.rotational, efi.serial) == ("nvme", False, "S5GXNF0R912345A")  # inherited
    stick = laptop.get("sda")
    assert (stick.transport, stick.model) == ("usb", "Ultra")  # ID_MODEL_ENC padding trimmed
    assert laptop.get("sdb").fs_label == "My Backup"  # ID_FS_LABEL_ENC, not the "_" version
    assert laptop.get("mmcblk0").transport == "mmc"
    assert server.get("sda").transport == "sata" and server.get("sda").rotational is True
    assert server.get("sdc").transport == "sas"
    assert server.get("sdd").physical_block_size == 512 and server.get("sdd1").logical_block_size == 512
    assert server.get("md1").transport == "md" and server.get("dm-0").transport == "dm"
    assert server.get("sda2").holders == ["md0"]
    vda = vm.get("vda")
    assert (vda.transport, vda.size, vda.serial) == ("virtio", 256 * 1024**3, "overlayblk")
    loop = vm.get("loop2p1")
    assert loop.transport == "loop" and loop.backing_file == "/tmp/fstune-dev-probe/gpt.img"
    assert loop.fs_version == "1.0" and loop.fs_usage == "filesystem"
    assert loop.partuuid == "7884e493-7bf9-416d-b835-c51d337b2be2"


def test_transport_names():
    assert transport_of("sdx", {"ID_BUS": "ata"}) == "sata"
    assert transport_of("sdx", {"ID_BUS": "scsi", "ID_PATH": "pci-0000:00:14.0-usb-0:1:1.0-scsi-0:0:0:0"}) == "usb"
    assert transport_of("sdx", {"ID_PATH": "ip-10.0.0.1:3260-iscsi-iqn.x-lun-0"}) == "iscsi"
    assert transport_of("sdx", {"ID_BUS": "scsi"}) == "scsi"
    assert transport_of("xvda", {}) == "xen" and transport_of("loop7", {}) == "loop"
    assert transport_of("nvme1n1", {}) == "nvme" and transport_of("vdb", {}) == "virtio"
    assert decode_udev("a\\x20b\\xc3\\xa9") == "a bé"
    assert sorted(["sda10", "sda2", "sda1"], key=natural_key) == ["sda1", "sda2", "sda10"]


def test_mountpoints_include_holders_and_swap_through_holders(laptop, server):
    assert laptop.get("dm-3").mountpoints == ["/home", "/srv/shared"]  # a bind mount too
    assert laptop.get("nvme0n1p3").mountpoints == ["/", "/home", "/srv/shared"]  # via dm-0 → LVs
    assert laptop.get("nvme0n1p3").swap is True  # dm-2 (vg0-swap) sits on it
    assert laptop.get("nvme0n1p2").mountpoints == ["/boot"]
    assert server.get("sdn").mountpoints == ["/srv/btrfs"]  # btrfs: 0:45 in mountinfo, matched by source
    assert server.get("sdd1").mountpoints == []  # a log device is not in mountinfo


# --- each rule --------------------------------------------------------------------------------


def test_mounted_itself(laptop, server):
    v = verdict(laptop, "nvme0n1p2")
    assert (v.status, v.reason) == (LOCKED, "is mounted at /boot")
    assert verdict(laptop, "sdb").reason == "is mounted at /media/alice/My Backup"
    assert verdict(laptop, "dm-3").reason == "is mounted at /home and /srv/shared"
    assert verdict(server, "sdn").reason == "is mounted at /srv/btrfs"


def test_mounted_through_a_holder(laptop, server):
    v = verdict(laptop, "nvme0n1p3")
    assert v.status == LOCKED
    assert v.reason == "dm-1 (LVM logical volume vg0-root) on it is mounted at /"
    assert "dm-3 (LVM logical volume vg0-home) on it is mounted at /home and /srv/shared" in v.notes
    assert verdict(server, "sda2").reason == "md0 (raid1 array boot) on it is mounted at /boot"
    assert verdict(server, "sdi").reason == "bcache0 (bcache device) on it is mounted at /srv/cache"


def test_mounted_child(server, laptop):
    v = verdict(server, "sdc")
    assert (v.status, v.reason) == (LOCKED, "its partition sdc1 is mounted at /srv/data")
    assert "has a gpt partition table" in v.notes
    assert "its partition nvme0n1p3 is mounted at / through dm-1" in verdict(laptop, "nvme0n1").notes


def test_active_swap(laptop, server, vm):
    assert verdict(laptop, "dm-2").reason == "is active swap (listed in /proc/swaps)"
    assert verdict(server, "dm-1").reason == "is active swap (listed in /proc/swaps)"
    v = verdict(vm, "loop4")
    assert (v.status, v.reason) == (LOCKED, "is active swap (listed in /proc/swaps)")
    assert not any("inactive" in note for note in v.notes)
    assert "dm-2 (LVM logical volume vg0-swap) on it is active swap" in verdict(laptop, "nvme0n1p3").notes
    assert "its partition sda3 is active swap through dm-1" in verdict(server, "sda").notes
    # zram swap is listed (with --all) and says it is swap before it says it is RAM
    assert verdict(laptop, "zram0").reason == "is active swap (listed in /proc/swaps)"


def test_swap_matched_by_device_number_not_path(server):
    # /proc/swaps names a path udev does not know; the device number still finds the device
    records = records_of("server")
    state = state_of("server", swaps="Filename Type Size Used Priority\n/dev/mapper/odd partition 1 0 -2\n")
    state.swaps[0] = type(state.swaps[0])("/dev/mapper/odd", "partition", "8:51")
    inventory = build_inventory(records, state, lab_check=lambda p: False)
    assert inventory.get("sdd3").verdict.reason == "is active swap (listed in /proc/swaps)"


def test_swap_file_locks_nothing(laptop):
    # /swapfile in /proc/swaps lives on / (already locked); it must not be matched to a device
    assert all(d.swap is False for d in laptop.devices if d.name not in ("dm-2", "zram0", "dm-0", "nvme0n1p3"))


def test_holders_lock(server):
    v = verdict(server, "md1")
    assert v.status == LOCKED
    assert ("is in use by dm-0 (LVM logical volume vg0-root), dm-1 (LVM logical volume vg0-swap), "
            "dm-2 (LVM logical volume vg0-var)") in v.notes
    # a holder that is not mounted: the holder rule leads
    records = records_of("server")
    state = state_of("server", mountinfo="", swaps="")
    inventory = build_inventory(records, state, lab_check=lambda p: False)
    assert inventory.get("sdi").verdict.reason == "is in use by bcache0 (bcache device)"
    # with nothing mounted, the RAID member is locked by its holder first, its signature second
    v = inventory.get("sda3").verdict
    assert v.reason == "is in use by md1 (raid1 array root)"
    assert v.notes[0].startswith("holds a Linux RAID (md) member 'server:root'")


def test_holder_on_a_plain_device_without_other_facts():
    records = records_of("server")
    for record in records:
        if record["name"] == "sdf":
            record["holders"] = ["dm-7"]
    records.append({"name": "dm-7", "devtype": "disk", "major": 253, "minor": 7,
                    "properties": {"DM_NAME": "cryptdata", "DM_UUID": "CRYPT-PLAIN-cryptdata"},
                    "attributes": {"size": 100}})
    inventory = build_inventory(udev.load(records), state_of("server"), lab_check=lambda p: False)
    assert inventory.get("sdf").verdict.reason == "is in use by dm-7 (dm-crypt mapping cryptdata)"


def test_whole_disk_with_partitions(server, laptop, vm):
    v = verdict(server, "sdd")
    assert (v.status, v.reason) == (LOCKED, "has a gpt partition table: choose one of its partitions: sdd1, sdd2, sdd3")
    assert verdict(laptop, "sda").reason == "has a dos partition table: choose one of its partitions: sda1"
    assert verdict(vm, "loop2").reason == "its partition loop2p1 is mounted at /tmp/fstune-dev-probe/mnt"


def test_empty_partition_table(server):
    v = verdict(server, "sdg")
    assert v.status == LOCKED
    assert v.reason.startswith("has an empty gpt partition table: create a partition on it")


def test_read_only(server, laptop):
    v = verdict(server, "sdh")
    assert (v.status, v.reason) == (LOCKED, "is read-only (the kernel marks it ro)")
    assert "holds ext4 'golden' (uuid 30834211-e749-5477-825a-1e935431c93e)" in v.notes
    # the SD card's partitions are read-only too (write-protect switch)
    assert verdict(laptop, "mmcblk0p1").reason == "is read-only (the kernel marks it ro)"
    assert "is read-only (the kernel marks it ro)" in verdict(laptop, "mmcblk0").notes


def test_partition_of_read_only_disk_inherits_ro(server):
    records = records_of("server")
    for record in records:
        if record["name"] == "sdd":
            record["attributes"]["ro"] = 1
    inventory = build_inventory(records, state_of("server"), lab_check=lambda p: False)
    assert inventory.get("sdd3").verdict.reason == "is read-only (the kernel marks it ro)"


def test_system_disk_through_holders(server, laptop, vm):
    # / on dm-0 on md1 on sda3+sdb3: the bios_grub partitions of both disks are locked
    for name, disk in (("sda1", "sda"), ("sdb1", "sdb")):
        v = verdict(server, name)
        assert (v.status, v.reason) == (
            LOCKED, f"is on {disk}, the disk that holds / (on dm-0), /boot (on md0) and /var (on dm-2)")
    assert "is on nvme0n1, the disk that holds / (on dm-1), /boot and /boot/efi" in verdict(laptop, "nvme0n1p1").notes
    # root on a whole disk
    assert "is the disk that holds /" in verdict(vm, "vda").notes
    assert verdict(vm, "vda").reason == "is mounted at /"


def test_free_partition_on_system_disk_is_locked():
    # a free partition on the laptop's NVMe: locked by the system-disk rule alone
    records = records_of("laptop")
    nvme = next(r for r in records if r["name"] == "nvme0n1p2")
    free = copy.deepcopy(nvme)
    free["name"], free["minor"] = "nvme0n1p4", 9
    free["properties"] = {k: v for k, v in free["properties"].items() if not k.startswith("ID_FS_")}
    free["properties"]["ID_PART_ENTRY_NUMBER"] = "4"
    free["properties"]["DEVLINKS"] = ""
    records.append(free)
    inventory = build_inventory(records, state_of("laptop"), lab_check=lambda p: False)
    v = inventory.get("nvme0n1p4").verdict
    assert (v.status, v.reason) == (LOCKED, "is on nvme0n1, the disk that holds / (on dm-1), /boot and /boot/efi")


def test_listed_in_fstab_by_every_spelling(server):
    assert verdict(server, "sde1").reason == (
        "is listed in /etc/fstab line 7 (UUID=00891b40-8700-5c6f-a16b-d3dfe1374b29 on /archive)")
    assert verdict(server, "sdm1").reason == (
        "is listed in /etc/fstab line 8 (PARTUUID=3f539bd2-3774-5895-ad2d-8901de5ffea5 on /scratch)")
    assert verdict(server, "sdm2").reason == "is listed in /etc/fstab line 9 (LABEL=old data on /olddata)"
    assert "is listed in /etc/fstab line 3 (/dev/md/boot on /boot)" in verdict(server, "md0").notes  # a devlink
    assert "is listed in /etc/fstab line 5 (/dev/mapper/vg0-swap as swap)" in verdict(server, "dm-1").notes


def test_fstab_reference_by_id_and_by_realpath(server):
    records = records_of("server")
    by_id = "/dev/disk/by-id/wwn-0x5000c500000000b0 /data ext4 defaults 0 2\n"
    inventory = build_inventory(records, state_of("server", fstab=by_id, crypttab=""), lab_check=lambda p: False)
    assert inventory.get("sdl").verdict.reason == (
        "is listed in /etc/fstab line 1 (/dev/disk/by-id/wwn-0x5000c500000000b0 on /data)")
    # a live SystemState resolves /dev paths udev does not list
    state = state_of("server", fstab="/dev/odd-link /data ext4 defaults 0 2\n", crypttab="")
    state.fstab[0] = type(state.fstab[0])(**{**state.fstab[0].__dict__, "resolved": "sdf"})
    inventory = build_inventory(records, state, lab_check=lambda p: False)
    assert inventory.get("sdf").verdict.reason == "is listed in /etc/fstab line 1 (/dev/odd-link on /data)"


def test_fstab_uuid_case_insensitive(server):
    records = records_of("server")
    fstab = "UUID=00891B40-8700-5C6F-A16B-D3DFE1374B29 /archive ext4 noauto 0 2\n"
    inventory = build_inventory(records, state_of("server", fstab=fstab), lab_check=lambda p: False)
    assert inventory.get("sde1").verdict.reason.startswith("is listed in /etc/fstab line 1")


def test_fstab_by_link_spelling_matches_without_the_link(server):
    """A /dev/disk/by-label (by-uuid, by-partlabel …) path names what its spelling says, even
    when udev has not made that link (yet) or it points at another device with the same label:
    which of those mounts at boot is udev's choice, so every one of them is listed."""
    records = records_of("server")
    fstab = ("/dev/disk/by-label/archive /archive ext4 noauto 0 2\n"  # sde1 has no by-label link
             "/dev/disk/by-partlabel/jbd none ext4 noauto 0 0\n"  # sdd2's partition name, no link either
             "/dev/disk/by-uuid/2C02365A-A974-52F7-9F1A-A0F9BE343479 /old ext4 noauto 0 2\n"
             "/dev/disk/by-label/server:boot /boot ext4 noauto 0 2\n")  # on sda2 and sdb2 alike
    inventory = build_inventory(records, state_of("server", fstab=fstab, crypttab=""), lab_check=lambda p: False)
    listed = {name: [e.line for e in entries] for name, entries in inventory.facts.tab_refs.items()}
    assert listed == {"sde1": [1], "sdd2": [2], "sdm2": [3], "sda2": [4], "sdb2": [4]}
    assert inventory.get("sde1").verdict.reason == (
        "is listed in /etc/fstab line 1 (/dev/disk/by-label/archive on /archive)")
    assert link_tag("/dev/disk/by-label/old\\x20data") == ("LABEL", "old data")
    assert link_tag("/dev/disk/by-id/wwn-0x5000c500000000b0") == ("ID", "wwn-0x5000c500000000b0")
    assert link_tag("/dev/disk/by-path/pci-0000:00:1f.2-ata-1") is None
    assert link_tag("/dev/sdb1") is None


def test_listed_in_crypttab(server, laptop):
    assert verdict(server, "sdl").reason == (
        "is listed in /etc/crypttab line 3 (device of cryptswap: /dev/disk/by-id/wwn-0x5000c500000000b0)")
    assert ("is listed in /etc/crypttab line 2 (device of vault: UUID=f6156759-737c-5955-b3f1-24db6c776c86)"
            in verdict(server, "sdk").notes)
    assert any(n.startswith("is listed in /etc/crypttab line 1 (device of luks-aabf4273")
               for n in verdict(laptop, "nvme0n1p3").notes)


def test_member_signatures(server, laptop):
    v = verdict(server, "sdj")
    assert v.status == LOCKED
    assert v.reason == ("holds an LVM physical volume (LVM2_member, uuid Ab3dEf-GhIj-KlMn-OpQr-StUv-WxYz-0123ab); "
                        "it is not active now, but its data are still there")
    assert verdict(server, "sdk").reason.startswith("holds LUKS-encrypted data (crypto_LUKS, uuid f6156759")
    assert ("holds a Linux RAID (md) member 'server:boot' (linux_raid_member, uuid "
            "1d6491aa-3278-56d3-bee2-b94920819da3)") in verdict(server, "sda2").notes
    assert any(n.startswith("holds a bcache backing or cache device") for n in verdict(server, "sdi").notes)
    # a generic raid/crypto usage with a type fstune has no name for
    records = records_of("server")
    for record in records:
        if record["name"] == "sdf":
            record["properties"].update({"ID_FS_TYPE": "silicon_medley_raid_member", "ID_FS_USAGE": "raid"})
    inventory = build_inventory(records, state_of("server"), lab_check=lambda p: False)
    assert inventory.get("sdf").verdict.reason == (
        "holds RAID member data (silicon_medley_raid_member); it is not active now, but its data are still there")


def test_external_journal_and_log_say_whose(server, vm):
    v = verdict(server, "sdd2")
    assert (v.status, v.reason) == (LOCKED, "is the external journal (jbd) of ext4 'archive' on sde1")
    assert verdict(server, "sdd1").reason == "is the external log (xfs_external_log) of xfs 'data' on sdc1"
    assert verdict(vm, "loop2p2").reason == "is the external journal (jbd) of ext4 'fstdata' on loop2p1"


def test_external_journal_owner_unknown(server):
    records = records_of("server")
    records = [r for r in records if r["name"] not in ("sde", "sde1", "sdc", "sdc1")]
    inventory = build_inventory(records, state_of("server", mountinfo=""), lab_check=lambda p: False)
    v = inventory.get("sdd2").verdict
    assert v.status == LOCKED
    assert v.reason.startswith("is the external journal (jbd, uuid ")
    assert "of an ext3/ext4 filesystem that is not attached here" in v.reason
    assert "of an XFS filesystem" in inventory.get("sdd1").verdict.reason


def test_newer_udev_log_uuid_property(server):
    records = records_of("server")
    for record in records:
        if record["name"] == "sdd1":
            record["probed"] = {}
            record["properties"]["ID_FS_LOGUUID"] = "6dd6e5d4-1937-5e46-bce5-8d7ac9f87af1"
    inventory = build_inventory(records, state_of("server"), lab_check=lambda p: False)
    assert inventory.get("sdd1").verdict.reason.endswith("of xfs 'data' on sdc1")


def test_an_unused_journal_refusal_says_how_to_free_it(server):
    # its owners are not attached: each refusal names the check and the command, once
    records = [r for r in records_of("server") if r["name"] not in ("sde", "sde1", "sdc", "sdc1")]
    inventory = build_inventory(records, state_of("server", mountinfo=""), lab_check=lambda p: False)
    jbd, log = inventory.get("sdd2"), inventory.get("sdd1")
    assert rules.orphan_journal(jbd, inventory.facts) and rules.orphan_journal(log, inventory.facts)
    assert rules.remedy(jbd, inventory.facts) == (
        f"If no filesystem uses it any more (`blkid -t EXT_JOURNAL={jbd.fs_uuid}` lists none, with every "
        "disk that might hold one attached), free it with `wipefs --all /dev/sdd2`.")
    assert "`blkid -t UUID=6dd6e5d4-1937-5e46-bce5-8d7ac9f87af1` lists none" in rules.remedy(log, inventory.facts)
    # a journal whose filesystem is here is no orphan, and has no such remedy
    assert not rules.orphan_journal(server.get("sdd2"), server.facts)
    assert rules.remedy(server.get("sdd2"), server.facts) is None


def test_an_unused_journal_on_a_lab_disk_is_the_lab_s_own_leftover():
    records = records_of("vm")
    for record in records:
        if record["name"] == "loop2p1":
            record["probed"] = {}  # its ext4 no longer uses loop2p2 (a later study reformatted it)
    inventory = build_inventory(records, state_of("vm"), lab_check=lambda path: "gpt.img" in path)
    spare = inventory.get("loop2p2")
    assert spare.lab and (spare.verdict.status, spare.verdict.reason) == (
        LOCKED, "holds an ext3/ext4 external journal (jbd) that no filesystem uses: a leftover of an "
                "earlier run on this practice disk")
    assert rules.orphan_journal(spare, inventory.facts)
    assert "`sudo fstune --lab`" in rules.remedy(spare, inventory.facts)
    # something else locking it (an fstab line) and it is no leftover to wipe
    listed = build_inventory(records, state_of("vm", fstab="/dev/loop2p2 none swap sw 0 0\n"),
                             lab_check=lambda path: "gpt.img" in path)
    assert not rules.orphan_journal(listed.get("loop2p2"), listed.facts)


def _nested(records: list[dict], name: str, table: str, uuid: str) -> list[dict]:
    for record in records:
        if record["name"] == name:
            record["properties"].update(ID_PART_TABLE_TYPE=table, ID_PART_TABLE_UUID=uuid)
    return records


def test_a_partition_holding_a_partition_table_is_locked(server, vm):
    # as udev reports a nested table: the partition's own ID_PART_TABLE_* replace the disk's
    inventory = inventory_of("server", records=_nested(records_of("server"), "sdd3", "dos", "2ab975dd"))
    part = inventory.get("sdd3")
    assert part.part_table_type == "dos"
    assert (part.verdict.status, part.verdict.reason) == (LOCKED, "holds a dos partition table (a nested disk image?)")
    assert rules.remedy(part, inventory.facts) == ("If nothing in that image is needed any more, erase it "
                                                  "with `wipefs --all --force /dev/sdd3`; fstune never does.")
    assert inventory.get("sdd").part_table_type == "gpt"
    # a GPT inside a GPT partition differs in its UUID only; with a filesystem too, both are said
    records = _nested(records_of("vm"), "loop2p1", "gpt", "00000000-1111-2222-3333-444444444444")
    part = inventory_of("vm", records=records, mountinfo="").get("loop2p1")
    assert part.verdict.reason == "holds a gpt partition table (a nested disk image?)"
    assert any(note.startswith("holds ext4") for note in part.verdict.notes)
    # every other partition carries only the copy of its disk's table
    assert [d.name for d in server.devices if d.devtype == "partition" and d.part_table_type] == []
    assert [d.name for d in vm.devices if d.devtype == "partition" and d.part_table_type] == []


def test_a_nested_table_without_the_disk_record():
    from fstune.devices.inventory import nested_table_type

    props = {"ID_PART_TABLE_TYPE": "gpt", "ID_PART_TABLE_UUID": "x", "ID_PART_ENTRY_SCHEME": "gpt"}
    assert nested_table_type(props, None) is None  # the disk's own, copied: cannot tell, so no
    assert nested_table_type({**props, "ID_PART_TABLE_TYPE": "dos"}, None) == "dos"
    assert nested_table_type({"ID_PART_ENTRY_SCHEME": "gpt"}, {"ID_PART_TABLE_TYPE": "gpt"}) is None


def test_the_cli_refusal_carries_the_remedy_as_its_hint():
    from fstune.plan import resolve_device
    from fstune.studies import find_study

    inventory = inventory_of("server", records=_nested(records_of("server"), "sdd3", "dos", "2ab975dd"))
    with pytest.raises(DeviceError) as raised:
        resolve_device("/dev/sdd3", find_study("ext4-journal-writes"), "target", None, inventory)
    assert raised.value.message == ("/dev/sdd3 cannot be the target: holds a dos partition table "
                                    "(a nested disk image?)")
    assert raised.value.hint == rules.remedy(inventory.get("sdd3"), inventory.facts)


def test_filesystem_needs_typed_confirmation(laptop, vm):
    v = verdict(laptop, "sda1")
    assert (v.status, v.reason) == (CONFIRM, "holds vfat 'STICK' (uuid 7A3F-11C2): type its name to overwrite it")
    assert v.choosable
    assert verdict(vm, "loop3").reason == (
        "holds xfs 'scratch' (uuid eb5bceee-1a25-411a-a840-571db8484f57): type its name to overwrite it")


def test_inactive_swap_needs_confirmation(vm):
    inventory = inventory_of("vm", swaps="Filename Type Size Used Priority\n")
    v = inventory.get("loop4").verdict
    assert (v.status, v.reason) == (
        CONFIRM, "holds an inactive swap area (uuid ab199635-edeb-4cac-8bbc-c71b0adbf48a): type its name to overwrite it")


def test_blank_devices_are_usable(laptop, server):
    for inventory, name in ((laptop, "nvme1n1"), (server, "sdf"), (server, "sdd3")):
        v = verdict(inventory, name)
        assert (v.status, v.reason, v.notes) == (USABLE, "", ())


def test_sibling_mounted_is_a_note(server, vm):
    v = verdict(server, "sdm3")
    assert v.status == USABLE
    assert v.notes == ("its sibling sdm4 is mounted at /mnt/tmp; formatting this partition does not touch it",)
    assert verdict(vm, "loop2p3").status == USABLE
    assert verdict(vm, "loop2p3").notes[0].startswith("its sibling loop2p1 is mounted at /tmp/fstune-dev-probe/mnt")


def test_optical_and_hidden_devices(laptop, vm):
    v = verdict(laptop, "sr0")
    assert v.reason == "is listed in /etc/fstab line 13 (/dev/sr0 on /media/cdrom0)"
    assert "is an optical drive" in v.notes
    assert verdict(vm, "loop5").reason.startswith("is empty (size 0)")
    assert verdict(vm, "zram0").reason.startswith("is a RAM disk")


def test_unprobed_devices_stay_locked():
    records = records_of("vm")
    for record in records:
        if record["name"] == "loop3":
            record["initialized"] = False
            record["properties"] = {k: v for k, v in record["properties"].items() if not k.startswith("ID_")}
    inventory = inventory_of("vm", records=records)
    v = inventory.get("loop3").verdict
    assert v.status == LOCKED and v.reason.startswith("has not been probed by udev")
    assert inventory.warnings and "loop3" in inventory.warnings[0] and "it stays locked" in inventory.warnings[0]


def test_priority_most_serious_wins_and_rest_are_notes(server):
    # sdk: LUKS (member) beats crypttab; make it mounted too and mounted must lead
    records = records_of("server")
    mountinfo = (FIXTURES / "system" / "server" / "mountinfo").read_text() + \
        "90 21 8:160 / /mnt/odd rw,relatime - ext4 /dev/sdk rw\n"
    inventory = build_inventory(records, state_of("server", mountinfo=mountinfo), lab_check=lambda p: False)
    v = inventory.get("sdk").verdict
    assert v.reason == "is mounted at /mnt/odd"
    assert v.notes[0].startswith("holds LUKS-encrypted data")
    assert v.notes[1].startswith("is listed in /etc/crypttab line 2")
    assert len(set(v.notes)) == len(v.notes)


def test_a_disk_another_process_holds_locked_is_locked_with_its_holder(server):
    """fstune.devlock's view of /proc/locks (SystemState.locks) leads every other reason."""
    held = "locked: in use by fstune run 20240501-1 (pid 4242)"
    state = state_of("server")
    state.locks = {"8:32": held, "8:195": "locked by another process (pid 77, flock)"}
    inventory = build_inventory(records_of("server"), state, lab_check=lambda p: False)
    disk, mounted = inventory.get("sdc").verdict, inventory.get("sdc1").verdict
    assert (disk.status, disk.reason) == (LOCKED, f"is {held}")
    assert (mounted.status, mounted.reason) == (LOCKED, f"its disk sdc is {held}")
    assert "is mounted at /srv/data" in mounted.notes  # the run's own mount is only a note
    assert inventory.get("sdm3").verdict.reason == "is locked by another process (pid 77, flock)"
    assert inventory.get("sdm").verdict.status == LOCKED
    assert inventory.get("sdd1").verdict == verdict(inventory_of("server"), "sdd1")  # other disks: as before


def test_lab_flag_and_backing_file(vm):
    inventory = inventory_of("vm", lab=lambda path: path == "/tmp/fstune-dev-probe/gpt.img")
    assert inventory.get("loop2").lab and inventory.get("loop2p1").lab  # partitions of a lab disk too
    assert not inventory.get("loop3").lab
    assert inventory.get("loop2p3").backing_file == "/tmp/fstune-dev-probe/gpt.img"


# --- lookup, size rule, pairs, identity --------------------------------------------------------


def test_get_by_name_path_and_links(server, laptop):
    sdd1 = server.get("sdd1")
    assert server.get("/dev/sdd1") is sdd1
    assert server.get("/dev/disk/by-partuuid/" + sdd1.partuuid) is sdd1
    assert laptop.get("/dev/mapper/vg0-home").name == "dm-3"
    assert laptop.get("/dev/vg0/home").name == "dm-3"
    assert laptop.get("/dev/disk/by-label/My\\x20Backup").name == "sdb"
    assert laptop.get("UUID=7A3F-11C2").name == "sda1"
    assert server.find("sdz") is None
    with pytest.raises(DeviceError, match="there is no block device 'sdz'"):
        server.get("sdz")
    with pytest.raises(DeviceError, match="matches several devices"):
        server.get("UUID=1d6491aa-3278-56d3-bee2-b94920819da3")  # both RAID members share it


def test_verdict_for_size_rule(vm, server):
    # loop2p3 is 211 MiB: too small for XFS (300 MB) and Btrfs (256 MiB), fine for ext4
    spare = vm.get("loop2p3")
    v = vm.verdict_for(spare, "xfs")
    assert (v.status, v.reason) == (LOCKED, "XFS needs at least 300 MB; this is 211 MiB")
    assert v.notes[-1].startswith("its sibling loop2p1 is mounted")  # the earlier note survives
    assert vm.verdict_for(spare, "btrfs").reason == "Btrfs needs at least 256 MiB; this is 211 MiB"
    assert vm.verdict_for(spare, "ext4").status == USABLE
    assert vm.verdict_for(spare, "xfs", role="journal").status == USABLE  # a 64 MiB log fits
    assert spare.verdict.status == USABLE  # the stored verdict is unchanged
    # a CONFIRM device that is too small: locked, and the filesystem stays a note
    assert vm.verdict_for("loop3", "btrfs").status == CONFIRM  # 300 MiB is enough for both
    assert vm.verdict_for("loop3", "xfs").status == CONFIRM  # 314,572,800 bytes ≥ 300 MB
    tiny = vm.verdict_for("loop2p2", "xfs", role="journal")  # locked already: size becomes a note
    assert tiny.reason.startswith("is the external journal") and tiny.status == LOCKED
    big_log = server.verdict_for("sdd3", "xfs", role="journal")
    assert big_log.status == USABLE and "uses at most 2038 MiB of a log device" in big_log.notes[-1]
    with pytest.raises(UsageError):
        vm.verdict_for(spare, "btrfs", role="journal")


def test_size_rule_for_journal(vm):
    records = records_of("vm")
    for record in records:
        if record["name"] == "loop3":
            record["attributes"]["size"] = 32 * 2048  # 32 MiB
    inventory = inventory_of("vm", records=records)
    v = inventory.verdict_for("loop3", "xfs", role="journal")
    assert v.status == LOCKED
    assert v.reason == "an external XFS log needs at least 64 MiB; this is 32 MiB"
    assert v.notes[0].startswith("holds xfs 'scratch'")


def test_journal_partner_rules(server):
    same = server.verdict_for("sdd3", "ext4", role="journal", partner="sdd3")
    assert same.status == LOCKED and same.reason == "is also the target: the journal must be a different device"
    same_disk = server.verdict_for("sdd3", "ext4", role="journal", partner="sdd2")
    assert same_disk.status == USABLE and "is on the same disk (sdd) as the target" in same_disk.notes[0]
    other = server.verdict_for("sdd3", "ext4", role="journal", partner="sdf")
    assert other.status == USABLE and other.notes == ()
    overlap = server.verdict_for("sdd3", "ext4", role="journal", partner="sdd")
    assert overlap.status == LOCKED and "overlaps the target sdd" in overlap.reason


def test_verify_identity(server):
    device = server.get("sdd3")
    assert server.verify_identity(device.identity()) is device
    changed = Identity(device.path, device.major, device.minor, device.size + 512, device.serial, device.partuuid)
    with pytest.raises(DeviceError, match="its size is now"):
        server.verify_identity(changed)
    with pytest.raises(DeviceError, match=r"/dev/sdz9 is gone \(no such device\)"):
        server.verify_identity(Identity("/dev/sdz9", 8, 250, 1))


def test_to_json_round_trip(laptop):
    data = json.loads(json.dumps(laptop.to_json()))
    assert [d["name"] for d in data] == [d.name for d in laptop.devices]
    stick = next(d for d in data if d["name"] == "sda1")
    assert stick["verdict"] == {"status": CONFIRM, "reason": verdict(laptop, "sda1").reason, "notes": []}
    assert stick["fs_label"] == "STICK" and stick["transport"] == "usb"


def test_listing_order_physical_first(server):
    names = [d.name for d in server.devices]
    assert names.index("sda") < names.index("sda1") < names.index("sda2") < names.index("sdb")
    assert names.index("sdn") < names.index("md0") and names.index("sdn") < names.index("dm-0")


def test_every_device_has_a_reason_unless_usable(laptop, server, vm):
    for inventory in (laptop, server, vm):
        for device in inventory.devices:
            assert device.verdict.status in (USABLE, CONFIRM, LOCKED)
            if device.verdict.status != USABLE:
                assert device.verdict.reason, device.name
            assert "\n" not in device.verdict.reason


# --- record helpers, recorder and monitor diff --------------------------------------------------


def test_hidden_reason():
    assert rules.hidden_reason("zram0", {"size": 100}) == "RAM disk"
    assert rules.hidden_reason("loop7", {"size": 0}) == "empty"
    assert rules.hidden_reason("nvme0c0n1", {"size": 100, "hidden": 1}) == "hidden path device"
    assert rules.hidden_reason("sda", {"size": 100}) is None


def test_monitor_diff():
    old = inventory_of("vm")
    records = [r for r in records_of("vm") if r["name"] != "loop3"]
    records.append({"name": "loop6", "devtype": "disk", "major": 7, "minor": 6,
                    "properties": {}, "attributes": {"size": 2048}, "backing_file": "/tmp/x.img"})
    new = inventory_of("vm", records=udev.load(records), swaps="Filename Type Size Used Priority\n")
    changes = {(c.kind, c.name) for c in diff(old, new)}
    assert (REMOVED, "loop3") in changes and (ADDED, "loop6") in changes
    assert (CHANGED, "loop4") in changes  # swap turned off: its verdict changed
    assert not any(name == "vda" for _, name in changes)


# --- the CLI table -------------------------------------------------------------------------------


def _render(inventory, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, force_terminal=False)
    disks_cli.render(inventory, console)
    return console.export_text()


@pytest.mark.parametrize("machine", ["laptop", "server", "vm"])
def test_table_fits_80_columns(machine):
    text = _render(inventory_of(machine), 80)
    assert max(len(line) for line in text.splitlines()) <= 80
    lines = text.splitlines()
    assert lines[0].split() == ["device", "size", "type", "tran", "rot", "model", "fs", "mountpoint", "verdict"]
    for device in inventory_of(machine).devices:  # every reason is readable in full
        if device.verdict.reason:
            words = device.verdict.reason.split()
            assert words[0] in text and words[-1].rstrip(")") in text


def test_table_wide_has_reason_column(server):
    text = _render(server, 200)
    header = text.splitlines()[0].split()
    assert header[-1] == "reason"
    row = next(line for line in text.splitlines() if line.startswith(" sdd2"))
    assert "locked" in row and "external journal (jbd) of ext4 'archive' on sde1" in row


def test_cli_json_matches_inventory(monkeypatch, capsys, server):
    import argparse

    monkeypatch.setattr(disks_cli, "scan", lambda include_all=False: server)
    assert disks_cli.run(argparse.Namespace(json=True, all=False)) == 0
    assert json.loads(capsys.readouterr().out) == server.to_json()


def test_build_is_linear_and_fast():
    # the benchmark measures properly; this only guards against an O(n²) slip
    template = records_of("server")

    def make(copies):
        out = []
        for i in range(copies):
            for record in template:
                item = copy.deepcopy(record)
                item["name"] = f"{record['name']}x{i}"
                item["parent"] = f"{record['parent']}x{i}" if record["parent"] else None
                item["holders"] = [f"{h}x{i}" for h in record["holders"]]
                item["minor"] = record["minor"] + 1000 * i
                out.append(item)
        return out

    small, large = make(5), make(50)
    state = state_of("server")
    # interleaved, best of 7 each: a busy machine slows single runs, rarely every one of them
    timings = [float("inf"), float("inf")]
    for _ in range(7):
        for index, records in enumerate((small, large)):
            start = time.perf_counter()
            build_inventory(records, state, lab_check=lambda p: False)
            timings[index] = min(timings[index], time.perf_counter() - start)
    assert timings[1] < timings[0] * 10 * 3  # 10× the devices, well under 30× the time


def test_journal_owner_unreadable_without_root(server):
    records = records_of("server")
    for record in records:
        if record["name"] == "sde1":
            record["probed"] = {"unreadable": True}
    inventory = build_inventory(records, state_of("server"), lab_check=lambda p: False)
    assert inventory.get("sdd2").verdict.reason.endswith(
        "of an ext3/ext4 filesystem; run as root to see which one")


def test_a_device_gone_mid_scan_hides_no_journal_owner(monkeypatch):
    # another program detached a loop device between udev's list and our read: that is no
    # unreadable superblock, so an unused journal is still called unused
    import errno
    import os as os_module

    def failing(number):
        def open_(path, flags):
            raise OSError(number, os_module.strerror(number), path)
        return open_

    records = [r for r in records_of("server") if r["name"] not in ("sde", "sde1")]
    monkeypatch.setattr(os_module, "open", failing(errno.ENOENT))
    udev.probe_journals(records)
    assert not any(r["probed"].get("unreadable") for r in records)
    monkeypatch.setattr(os_module, "open", failing(errno.EACCES))  # not root: the owner is unknown
    udev.probe_journals(records)
    assert any(r["probed"].get("unreadable") for r in records)


def test_table_prints_labels_verbatim():
    records = records_of("vm")
    for record in records:
        if record["name"] == "loop3":
            record["properties"]["ID_FS_LABEL_ENC"] = "[bold]x[/]"
    text = _render(inventory_of("vm", records=records), 200)
    assert "[bold]x[/]" in text


def test_a_further_fstab_adds_to_etc_fstab_and_never_replaces_it(tmp_path, monkeypatch):
    """FSTUNE_FSTAB (tests' fstab copies) is read beside /etc/fstab: a device the system mounts at
    boot stays locked whatever it says."""
    etc = tmp_path / "etc"
    etc.mkdir()
    (etc / "fstab").write_text("UUID=1111-2222 /srv ext4 defaults 0 2\n")
    extra = tmp_path / "copy.fstab"
    extra.write_text("LABEL=precious /data ext4 defaults 0 2\n")
    monkeypatch.setenv("FSTUNE_FSTAB", str(extra))
    state = SystemState.read(root=str(tmp_path), device_locks=False)
    assert [e.spec for e in state.fstab] == ["UUID=1111-2222", "LABEL=precious"]
    assert state.fstab[1].file == str(extra)
    monkeypatch.setenv("FSTUNE_FSTAB", str(etc / "fstab"))  # the same file is read once
    assert len(SystemState.read(root=str(tmp_path), device_locks=False).fstab) == 1
