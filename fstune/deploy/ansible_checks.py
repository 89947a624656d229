"""fstune's device rules as Ansible facts and asserts: what the playbook checks on every host
before it formats anything.

fstune refuses a device that is mounted, active swap, held by LVM/RAID/crypt or partitioned,
another filesystem's journal, read-only, on the disk of /, /boot or /var, named in fstab or
crypttab, or too small (``fstune/devices/rules.py``, docs/refused-devices.md). A host the
playbook reaches was never scanned by fstune, so the same rules are written here as facts
gathered with lsblk and blkid (``device_facts``, ``device_state``) and one ``assert`` task per
rule (``device_asserts``), each failing with a message naming the fact. ``fstune.deploy.ansible``
puts them in the playbook; a rule added to devices/rules.py belongs here too.
"""

from __future__ import annotations

import json

from fstune import filesystems
from fstune.deploy.mount import IDENTITY_FIELDS
from fstune.deploy.yaml_writer import Raw
from fstune.devices.rules import MEMBER_TYPES, journal_types


def blkid_dict(lines: str) -> str:
    """A Jinja expression: blkid's ``KEY=value`` export lines as a dict, with ansible.builtin only."""
    return f"dict({lines} | select('search', '=') | map('split', '=', 1) | list)"


def owner_query(prefix: str) -> str:
    """A Jinja expression: the ``blkid -t`` search that finds the filesystem using this device as
    its external journal/log ('' when it is none), from each filesystem's UuidLink: ext's
    filesystem names its journal (EXT_JOURNAL=journal UUID), XFS's log names its filesystem
    (LOGUUID=filesystem UUID)."""
    parts = []
    for fs in filesystems.all():
        journal = fs.external
        if not (journal and journal.blkid_type and journal.uuid_link):
            continue
        link = journal.uuid_link
        if link.holder == "filesystem":  # the filesystem's blkid has KEY=<journal UUID>
            term = f"('{link.key}=' ~ {prefix}_blkid.UUID) if {prefix}_blkid.UUID is defined"
        else:  # the journal's blkid has KEY=<filesystem UUID>
            term = f"('UUID=' ~ {prefix}_blkid.{link.key}) if {prefix}_blkid.{link.key} is defined"
        part = f"{term} and {prefix}_type == '{journal.blkid_type}' else"
        if part not in parts:
            parts.append(part)
    return "{{ " + " ".join(parts) + " '' }}"


def read_identity_task(devices: list[str], read: dict) -> dict:
    """The task that reads what names each device for good (``identity_facts``' _identity)."""
    return {"name": "Read what names each device for good (size, serial, WWN, PARTUUID)",
            "ansible.builtin.command": {"argv": ["lsblk", "--json", "--bytes", "--nodeps", "--output",
                                                 ",".join(f.upper() for f in IDENTITY_FIELDS), "{{ item }}"]},
            "loop": devices, "register": "fstune_identity", **read}


def read_links_task(devices: list[str], read: dict) -> dict:
    """The task that reads every name udev has for each device (``identity_facts``' _links)."""
    return {"name": "Read every name udev has for each device",
            "ansible.builtin.command": {"argv": ["udevadm", "info", "--query=symlink", "--name", "{{ item }}"]},
            "loop": devices, "register": "fstune_links", "failed_when": False, **read}


def identity_facts(i: int, prefix: str) -> dict:
    """What names device ``i`` for good, from the two reads above: _identity (lsblk --nodeps of the
    device alone, IDENTITY_FIELDS) and _links (every /dev link udev made for it: by-id, by-uuid,
    by-label, by-partuuid, by-path …)."""
    return {
        f"{prefix}_identity": "{{ (fstune_identity.results[" + str(i) + "].stdout | from_json).blockdevices[0] }}",
        f"{prefix}_links": "{{ fstune_links.results[" + str(i) + "].stdout.split()"
                           " | map('regex_replace', '^/?(dev/)?', '/dev/') | list }}",
    }


def device_facts(i: int, prefix: str) -> dict:
    """What the host's lsblk and blkid said about device ``i`` (0: target, 1: journal), as the
    facts ``prefix``_rows, _blkid and _disks the assertions are written in."""
    rows = f"(fstune_lsblk.results[{i}].stdout | from_json).blockdevices"
    return {
        f"{prefix}_rows": "{{ " + rows + " }}",
        f"{prefix}_blkid": "{{ " + blkid_dict(f"fstune_blkid.results[{i}].stdout_lines") + " }}",
        **identity_facts(i, prefix),
        # the whole disks under it: `lsblk --inverse` lists the device and its ancestors
        f"{prefix}_disks": "{{ fstune_ancestors.results[" + str(i) + "].stdout_lines | map('split')"
                           " | selectattr(1, 'equalto', 'disk') | map('first') | list }}",
    }


def device_state(prefix: str, path_var: str) -> dict:
    """From those facts: its kernel name, blkid type, mounts, holders, swap, and every name an
    fstab or crypttab line may use for it."""
    rows = f"{prefix}_rows"
    return {
        f"{prefix}_kname": "{{ " + rows + "[0].name }}",
        f"{prefix}_type": "{{ " + prefix + "_blkid.TYPE | default('') }}",
        # mounted itself or through a partition/holder (lsblk lists those after the device),
        # as lsblk and the mount facts see it
        f"{prefix}_mounts": Raw(
            "{{ (" + rows + " | selectattr('mountpoint') | map(attribute='mountpoint') | list\n"
            "    + ansible_facts.mounts | selectattr('device', 'in', " + rows + " | map(attribute='name') | list)\n"
            "    | map(attribute='mount') | list) | unique }}"),
        f"{prefix}_holders": "{{ " + rows + "[1:] | map(attribute='name') | list }}",
        f"{prefix}_swap": "{{ fstune_swaps | intersect([" + rows + "[0].name, " + path_var + "]) | length > 0 }}",
        # every name an fstab/crypttab line may use for this device, as fstune's inventory matches
        # them (fstune/devices/inventory.py): its path and kernel name, UUID=, LABEL=, PARTUUID=,
        # PARTLABEL=, ID= (a by-id link's name), every /dev link udev made or would make for those, and any other path in
        # those files that resolves to it (fstune_tab_paths: path → what it resolves to)
        f"{prefix}_ids": Raw(
            "{{ ([" + path_var + ", " + rows + "[0].name] + " + prefix + "_links\n"
            + "".join(f"    + (['{tag}=' ~ {prefix}_blkid.{key}] if {prefix}_blkid.{key} is defined else [])\n"
                      for tag, key in (("UUID", "UUID"), ("LABEL", "LABEL"), ("PARTUUID", "PART_ENTRY_UUID"),
                                       ("PARTLABEL", "PART_ENTRY_NAME")))
            # the /dev/disk/by-* spelling of each, whether or not udev has made that link (yet)
            + "".join(f"    + (['/dev/disk/{link}/' ~ {prefix}_blkid.{key}] if {prefix}_blkid.{key} is defined else [])\n"
                      for link, key in (("by-uuid", "UUID"), ("by-label", "LABEL"), ("by-partuuid", "PART_ENTRY_UUID"),
                                        ("by-partlabel", "PART_ENTRY_NAME")))
            + "    + (" + prefix + "_links | select('match', '/dev/disk/by-id/') | map('regex_replace', "
            "'^/dev/disk/by-id/', 'ID=') | list)\n"
            "    + (fstune_tab_paths | dict2items | selectattr('value', 'equalto', " + rows + "[0].name)"
            " | map(attribute='key') | list))"
            " | unique }}"),
    }


def tab_hits(prefix: str, table: str, field: int) -> str:
    """Lines of fstab/crypttab (not ours) whose ``field`` names the device."""
    lines = f"{table} | reject('match', '^\\\\s*(#|$)') | map('split') | rejectattr(1, 'equalto', fstune_mp)" \
        if table == "fstune_fstab_lines" else f"{table} | reject('match', '^\\\\s*(#|$)') | map('split')"
    return "{{ " + lines + f" | selectattr({field}, 'in', {prefix}_ids) | map('join', ' ') | list" + " }}"


def device_asserts(role: str, prefix: str, path_var: str, minimum: int, allowed_types: list[str],
                    done: str) -> list[dict]:
    """fstune's in-use rules (fstune/devices/rules.py) for one device, one assert each."""
    dev = "{{ " + path_var + " }}"
    # an overwrite is confirmed for a filesystem, by its UUID, never for a path (fstune.devices.overwrite)
    confirmed = f"({prefix}_blkid.UUID is defined and ({prefix}_blkid.UUID | lower) in fstune_overwrite_uuids)"
    add = ("{{ ('to destroy it, add \"UUID=' ~ " + prefix + "_blkid.UUID ~ '\" to fstune_overwrite for this host') if "
           + prefix + "_blkid.UUID is defined else ('it has no UUID to confirm it by: erase it yourself (wipefs --all ' ~ "
           + path_var + " ~ ') if it is not needed') }}.")
    member = json.dumps(sorted(MEMBER_TYPES))
    journals = json.dumps(sorted(journal_types()))
    return [
        {"name": f"The {role} device is not mounted",
         "ansible.builtin.assert": {
             # done: nothing is formatted, so mounts elsewhere too are harmless
             "that": [f"{done} or {prefix}_mounts | length == 0"],
             "fail_msg": Raw(
                 "{{ (" + path_var + " ~ ' already holds this configuration, mounted on ' ~ " + prefix
                 + "_mounts | join(', ') ~ ' and not on ' ~ fstune_mp ~ '; nothing was changed. Set "
                 "fstune_mountpoint to where it is mounted, or unmount it first.')\n"
                 "   if fstune_match | default(false) else (" + path_var + " ~ ' is mounted (on ' ~ " + prefix
                 + "_mounts | join(', ') ~ '); formatting it would destroy a filesystem in use. Unmount it or "
                 "choose another device.') }}"), "quiet": True}},
        {"name": f"The {role} device is not active swap",
         "ansible.builtin.assert": {
             "that": [f"not {prefix}_swap"],
             "fail_msg": f"{dev} is active swap (/proc/swaps); swapoff it and remove it from fstab first.",
             "quiet": True}},
        {"name": f"The {role} device has no holders and no partitions",
         "ansible.builtin.assert": {
             "that": [f"{prefix}_holders | length == 0",
                      f"not ({prefix}_rows[0].type == 'disk' and {prefix}_blkid.PTTYPE is defined)"],
             "fail_msg": f"{dev} is in use by {{{{ {prefix}_holders | join(', ') or 'its partition table' }}}} "
                         "(partitions, LVM, RAID, dm-crypt or bcache on top of it).", "quiet": True}},
        {"name": f"The {role} device holds no LVM, RAID or encryption signature",
         "ansible.builtin.assert": {
             "that": [f"{prefix}_type not in {member}"],
             "fail_msg": f"{dev} is part of something bigger: blkid says {{{{ {prefix}_type }}}} (LVM, RAID, "
                         "LUKS …).", "quiet": True}},
        {"name": f"The {role} device is not the journal or log of a filesystem that still exists",
         "ansible.builtin.assert": {
             # fstune_overwrite cannot override this: the owner would lose its journal, mounted or not
             "that": [f"{prefix}_owners | difference([fstune_t_kname]) | length == 0"],
             "fail_msg": f"{dev} is the external journal/log ({{{{ {prefix}_type }}}}) of the filesystem on "
                         f"{{{{ {prefix}_owners | join(', ') }}}}, mounted or not; overwriting it would lose that "
                         "filesystem's journal. Remove that filesystem first (wipefs it), then run again.",
             "quiet": True}},
        {"name": f"The {role} device is not a leftover journal or log nobody confirmed",
         "ansible.builtin.assert": {
             "that": [f"{prefix}_type not in {journals} or ({prefix}_type in {json.dumps(allowed_types)} and {done})"
                      f" or {confirmed}"],
             "fail_msg": f"{dev} is an external journal/log ({{{{ {prefix}_type }}}}) that no filesystem on this "
                         f"host uses now; {add}", "quiet": True}},
        {"name": f"The {role} device is writable",
         "ansible.builtin.assert": {
             "that": [f"not ({prefix}_rows[0].ro | bool)"],
             "fail_msg": f"{dev} is read-only.", "quiet": True}},
        {"name": f"The {role} device is not on the disk of /, /boot or /var",
         "ansible.builtin.assert": {
             "that": [f"{prefix}_disks | intersect(fstune_system_disks) | length == 0"],
             "fail_msg": f"{dev} is on {{{{ {prefix}_disks | intersect(fstune_system_disks) | join(', ') }}}}, "
                         "the disk the system runs from; fstune never formats there.", "quiet": True}},
        {"name": f"The {role} device is not in fstab or crypttab",
         "ansible.builtin.assert": {
             "that": [f"{prefix}_fstab_hits | length == 0", f"{prefix}_crypttab_hits | length == 0"],
             "fail_msg": f"{dev} is named in {{{{ fstune_fstab_file }}}} or /etc/crypttab: "
                         f"{{{{ ({prefix}_fstab_hits + {prefix}_crypttab_hits) | join('; ') }}}}.", "quiet": True}},
        {"name": f"The {role} device is large enough",
         "ansible.builtin.assert": {
             "that": [f"{prefix}_rows[0].size | int >= {minimum}"],
             "fail_msg": f"{dev} has {{{{ {prefix}_rows[0].size | int | human_readable }}}}; it needs at least "
                         f"{{{{ {minimum} | human_readable }}}}.", "quiet": True}},
        {"name": f"The {role} device holds no other filesystem, or this host confirmed it may be overwritten",
         "ansible.builtin.assert": {
             "that": [f"{done} or {prefix}_type == '' or {confirmed}"],
             "fail_msg": f"{dev} holds {{{{ {prefix}_type }}}}{{{{ \" '\" ~ {prefix}_blkid.LABEL ~ \"'\" if "
                         f"{prefix}_blkid.LABEL is defined else '' }}}}; {add}", "quiet": True}},
    ]


def overwrite_vars() -> dict:
    """``fstune_overwrite`` as the asserts read it: the confirmed UUIDs, and the entries that are not one."""
    entries = "(fstune_overwrite | default([]) | map('string') | map('trim') | list)"
    return {"fstune_overwrite_uuids": "{{ " + entries + " | map('lower') | select('match', 'uuid=')"
                                      " | map('regex_replace', '^uuid=', '') | list }}",
            "fstune_overwrite_paths": "{{ " + entries + " | reject('match', '(?i)uuid=') | list }}"}


def overwrite_assert(devices: list[tuple[str, str]]) -> dict:
    """``fstune_overwrite`` names filesystems (``UUID=…``), not paths: a path may name another device
    tomorrow. The refusal says what to write instead for each ``(path_var, prefix)`` device."""
    instead = " ~ '; '".join(
        f" ~ {path} ~ ' holds ' ~ ({prefix}_blkid.UUID is defined) | ternary('a filesystem: write \"UUID=' ~ "
        f"{prefix}_blkid.UUID | default('') ~ '\"', 'no filesystem: leave it out')" for path, prefix in devices)
    return {"name": "The overwrite list (fstune_overwrite) names filesystems by UUID, not devices by path",
            "ansible.builtin.assert": {
                "that": ["fstune_overwrite_paths | length == 0"],
                "fail_msg": Raw("{{ 'fstune_overwrite lists ' ~ fstune_overwrite_paths | join(', ') ~ ': it names the "
                                "filesystems you agree to destroy, as UUID=<uuid>, not devices by path (a path may "
                                "name another device after disks are renumbered). Now '" + instead + " ~ '.' }}"),
                "quiet": True}}


def kernel_name_assert(role: str, prefix: str, path_var: str, expect_var: str) -> dict:
    """A kernel name (/dev/sdX, /dev/loopN, /dev/nvme…: anything not under /dev/disk/by-*) names
    another device once disks are renumbered: refused unless the host says what the device is
    (``expect_var``, checked by ``identity_assert``). The refusal lists the stable names it has now."""
    return {"name": f"The {role} device is named for good, or its identity is given",
            "ansible.builtin.assert": {
                "that": [f"{path_var} is match('/dev/disk/by-') or {expect_var} is defined"],
                "fail_msg": Raw("{{ " + path_var + " ~ ' is a kernel name, which names another device once disks "
                                "are renumbered, and this host sets no " + expect_var + " to check it by. Name it by "
                                "one of its stable names now: ' ~ (" + prefix + "_links | select('match', "
                                "'/dev/disk/by-') | join(', ') or 'none: give " + expect_var + "') ~ '.' }}"),
                "quiet": True}}


def identity_assert(role: str, prefix: str, path_var: str, expect_var: str) -> dict:
    """The device at the path is the one the inventory describes (size, serial, WWN, PARTUUID):
    a renumbered disk leaves a path that exists and names another device."""
    checks = [f"({expect_var}.{field} is not defined or ({prefix}_identity.{field} | string) == "
              f"({expect_var}.{field} | string))" for field in IDENTITY_FIELDS]
    found = " ~ ', ' ~ ".join(f"'{field} ' ~ ({prefix}_identity.{field} | default('none', true))"
                                  for field in IDENTITY_FIELDS)
    return {"name": f"The {role} device is the one named for this host",
            "ansible.builtin.assert": {
                "that": [f"{expect_var} is not defined or ({' and '.join(checks)})"],
                "fail_msg": Raw("{{ " + path_var + " ~ ' exists but is not the expected device: it has ' ~ "
                                + found + " ~ '; this host expects ' ~ (" + expect_var + " | to_json) ~ '. "
                                "Devices may have been renumbered: name it by /dev/disk/by-id or by-partuuid.' }}"),
                "quiet": True},
            "when": f"{expect_var} is defined"}


__all__ = ["IDENTITY_FIELDS", "blkid_dict", "device_asserts", "device_facts", "device_state", "identity_assert",
           "identity_facts", "kernel_name_assert", "overwrite_assert", "overwrite_vars", "owner_query",
           "read_identity_task", "read_links_task", "tab_hits"]
