"""A measured configuration as an Ansible playbook: the same filesystem on fifty more servers.

``build_export(run, config_name, mountpoint)`` returns the files of a small Ansible project
(``site.yml``, ``inventory.ini``, ``README.md``). Generation only: nothing here writes to a device
(the inventory's example line reads the measured devices' stable names and identity).

It uses ansible.builtin only, so ansible-core alone runs it (no collection to install).

Per host the playbook does what fstune does before it formats anything (docs/ARCHITECTURE.md,
"Before anything is written"), expressed with Ansible facts and ``assert`` tasks
(``fstune.deploy.ansible_checks``), each with a message naming the fact that failed: the
devices exist, are block devices the kernel knows (not a stale node) and are the devices the
inventory describes (size, serial, WWN, PARTUUID: a renumbered disk is refused); are not
mounted and not active swap, have no holders or partitions, carry no LVM/RAID/crypto
signature, are not the journal/log of a filesystem that still exists (looked up with blkid,
mounted or not, whatever ``fstune_overwrite`` says), are not read-only, not on the disk of /,
/boot or /var, not in fstab or crypttab, not the same device, and large enough. A device
holding an ordinary filesystem, or a leftover journal nobody uses, is only overwritten when the
host's ``fstune_overwrite`` list names that filesystem by ``UUID=`` (fstune's typed confirmation; a path
there is refused).

Then it runs the exact mkfs commands fstune measured, the devices as variables. They only run
when the check "does the target already hold this filesystem, with this journal, mounted here or
listed in fstab here?" says no, which makes a second run change nothing. Finally it keeps the
filesystem in fstab (``lineinfile``, so ``--check --diff`` shows the line) by ``UUID=`` with the
measured options, the journal named by its ``/dev/disk/by-partuuid`` path (else ``by-uuid``) and
the boot options of ``fstune.deploy.mount.boot_options``, and mounts it from that line.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

from fstune import __version__, filesystems
from fstune.deploy.ansible_checks import (blkid_dict, device_asserts, device_facts, device_state,
                                         identity_assert, kernel_name_assert, overwrite_assert, overwrite_vars,
                                         owner_query, read_identity_task, read_links_task, tab_hits)
from fstune.deploy.fstab import fsck_pass
from fstune.deploy.measured import (comment, environment_caveats, find_config, header_lines, measured_journal,
                                    measured_target)
from fstune.deploy.mount import (DEVICE_TIMEOUT, boot_options, device_identity, mount_options, normalize_mountpoint,
                                 stable_device_path)
from fstune.deploy.yaml_writer import Raw, to_yaml
from fstune.devices.rules import SYSTEM_MOUNTS
from fstune.errors import UsageError
from fstune.filesystems import EXTERNAL, join_options
from fstune.results.records import ConfigDescription, RunRecord
from fstune.util.files import write_output

TARGET_VAR, JOURNAL_VAR = "{{ fstune_target }}", "{{ fstune_journal }}"
JOURNAL_STABLE_VAR = "{{ fstune_journal_stable }}"


@dataclass(frozen=True)
class MkfsCommand:
    role: str  # "journal" (makes the journal/log device), "target" (the filesystem), "tune" (attaches the log)
    argv: tuple[str, ...]  # device paths replaced by TARGET_VAR / JOURNAL_VAR


def _template_word(word: str, target: str | None, journal: str | None) -> str:
    # a device path appears alone ("/dev/sdb1") or inside an option ("device=/dev/sdc1", "logdev=…")
    for path, var in ((target, TARGET_VAR), (journal, JOURNAL_VAR)):
        if not path:
            continue
        if word == path:
            return var
        head, sep, tail = word.rpartition("=")
        if sep and tail == path:
            return f"{head}={var}"
        for option in word.split(","):
            if option.endswith("=" + path):
                word = word.replace(option, option[: -len(path)] + var)
    return word


def mkfs_commands(run: RunRecord, config: ConfigDescription) -> list[MkfsCommand]:
    """The mkfs commands that made this configuration, as they ran, with the devices as variables."""
    argvs = run.mkfs_argv.get(config.name)
    if not argvs:
        raise UsageError(f"run {run.id} did not record how configuration '{config.name}' was made (no mkfs "
                         "commands are stored), so it cannot be reproduced exactly.",
                         "Measure it again with this fstune version.")
    target, journal = measured_target(run, config), measured_journal(run, config)
    fs = filesystems.find(config.filesystem)
    attach_tool = fs.journal_attach_tool if fs else None
    commands = []
    for argv in argvs:
        words = tuple(_template_word(w, target, journal) for w in argv)
        if attach_tool and words[0] == attach_tool:
            role = "tune"
        elif words[-1] == JOURNAL_VAR:
            role = "journal"
        elif words[-1] == TARGET_VAR:
            role = "target"
        else:
            raise UsageError(f"the recorded command {shlex.join(argv)!r} of configuration '{config.name}' formats "
                             f"neither the run's target ({target}) nor its journal device ({journal}).")
        commands.append(MkfsCommand(role, words))
    if not any(c.role == "target" for c in commands):
        raise UsageError(f"run {run.id} recorded no mkfs of the target for configuration '{config.name}'.")
    return commands


# --- the playbook ------------------------------------------------------------------------------

@dataclass(frozen=True)
class AnsibleExport:
    files: dict[str, str]  # file name → text


def build_export(run: RunRecord, config_name: str, mountpoint: str,
                 caveats: list[str] | None = None, describe=None) -> AnsibleExport:
    """``caveats``: what a reader must know about the measurement (default: ``environment_caveats``);
    ``describe(path)``: a measured device's stable name and identity for the inventory's example
    line (default ``describe_device``, which reads this machine's devices, read-only)."""
    describe = describe or describe_device
    config = find_config(run, config_name)
    mountpoint = normalize_mountpoint(mountpoint)
    fs = filesystems.get(config.filesystem)
    commands = mkfs_commands(run, config)
    external = config.journal == EXTERNAL
    if external and fs.external is None:
        raise UsageError(f"{fs.title} cannot keep its journal on another device; run {run.id} is inconsistent.")
    about = header_lines(run, config.name, environment_caveats(run) if caveats is None else caveats)
    playbook = _playbook(run, config, fs, commands, mountpoint, external)
    header = comment([f"Generated by fstune {__version__} from run {run.id}, configuration '{config.name}'.", *about])
    files = {
        "site.yml": "---\n" + header + "\n" + to_yaml(playbook),
        "inventory.ini": _inventory(run, config, mountpoint, external, describe),
        "README.md": _readme(run, config, fs, mountpoint, external, about, commands),
    }
    return AnsibleExport(files)


def _done_expression(config: ConfigDescription, external: bool) -> tuple[str, str]:
    """(the filesystem matches what the configuration makes, it is ours: mounted or listed here)."""
    match = f"fstune_t_type == '{config.filesystem}'"
    journal = filesystems.get(config.filesystem).external if external else None
    if external and journal and journal.blkid_type:
        match += f" and fstune_j_type == '{journal.blkid_type}'"
    elif external:
        match += " and fstune_j_type != ''"
    if journal and journal.uuid_link:
        # the journal must be this filesystem's, as blkid shows it (the filesystem module says how)
        link = journal.uuid_link
        holder, other = ("fstune_t", "fstune_j") if link.holder == "filesystem" else ("fstune_j", "fstune_t")
        match += f" and ({holder}_blkid.{link.key} | default('')) == ({other}_blkid.UUID | default('-'))"
    ours = (f"({match}) and (fstune_mp in fstune_t_mounts or (fstune_fstab_lines | reject('match', '^\\\\s*(#|$)')"
            " | map('split') | selectattr(1, 'equalto', fstune_mp) | map('first')"
            " | select('equalto', 'UUID=' ~ (fstune_t_blkid.UUID | default('-'))) | list | length > 0))")
    return match, ours


def _playbook(run: RunRecord, config: ConfigDescription, fs, commands: list[MkfsCommand], mountpoint: str,
              external: bool) -> list[dict]:
    devices = ["{{ fstune_target }}"] + (["{{ fstune_journal }}"] if external else [])
    match, ours = _done_expression(config, external)
    owner_queries = ["{{ fstune_t_owner_query }}"] + (["{{ fstune_j_owner_query }}"] if external else [])
    options = mount_options(config, JOURNAL_STABLE_VAR if external else None)
    opts = join_options(list(options) + boot_options(JOURNAL_STABLE_VAR if external else None)) or "defaults"
    variables = {
        "fstune_mp": f"{{{{ fstune_mountpoint | default('{mountpoint}') }}}}",
        # tests and cautious admins point this at a copy; the default is the real one
        "fstune_fstab_file": "{{ fstune_fstab | default('/etc/fstab') }}",
        **overwrite_vars(),
        # nofail: the host boots without this filesystem when a disk is missing (fstune_nofail=true)
        "fstune_fstab_opts": opts + "{{ ',nofail' if fstune_nofail | default(false) | bool else '' }}",
    }
    read = {"changed_when": False, "check_mode": False}
    tasks: list[dict] = [
        {"name": "The device variables are set",
         "ansible.builtin.assert": {
             "that": ["fstune_target is defined and fstune_target | length > 0"]
                     + (["fstune_journal is defined and fstune_journal | length > 0",
                         "fstune_journal != fstune_target"] if external else []),
             "fail_msg": "set fstune_target" + (" and fstune_journal (a different device)" if external else "")
                         + " for this host in inventory.ini.", "quiet": True}},
        {"name": "Look at the devices", "ansible.builtin.stat": {"path": "{{ item }}", "follow": True},
         "loop": devices, "register": "fstune_stat"},
    ]
    # lsblk/blkid are queried even for a missing device so the asserts below can report it
    # clearly; a failing query is the assert's business, hence failed_when: false here
    tasks += [
        # stop with this message, not lsblk's, when a device is missing
        {"name": "The devices exist and are block devices",
         "ansible.builtin.assert": {
             "that": ["item.stat.exists", "item.stat.isblk | default(false)"],
             "fail_msg": "{{ item.item }} does not exist or is not a block device; set the right path "
                         "for this host in inventory.ini.", "quiet": True},
         "loop": "{{ fstune_stat.results }}", "loop_control": {"label": "{{ item.item }}"}},
        {"name": "List each device with its partitions and holders",
         "ansible.builtin.command": {"argv": ["lsblk", "--json", "--list", "--bytes", "--paths", "--output",
                                              "NAME,TYPE,SIZE,RO,MOUNTPOINT", "{{ item }}"]},
         "loop": devices, "register": "fstune_lsblk", "failed_when": False, **read},
        # a node left behind by a renumbered disk passes stat but names nothing the kernel knows
        {"name": "The kernel knows each device",
         "ansible.builtin.assert": {
             "that": ["item.rc == 0"],
             "fail_msg": "{{ item.item }} exists but the kernel has no such device ({{ (item.stderr | default('', "
                         "true)) or 'lsblk exit status ' ~ item.rc }}): a stale device node, e.g. after disks were "
                         "renumbered. Name the device by /dev/disk/by-id or by-partuuid.", "quiet": True},
         "loop": "{{ fstune_lsblk.results }}", "loop_control": {"label": "{{ item.item }}"}},
        read_identity_task(devices, read),
        {"name": "Find the disks each device is on",
         "ansible.builtin.command": {"argv": ["lsblk", "--inverse", "--list", "--noheadings", "--paths", "--output",
                                              "NAME,TYPE", "{{ item }}"]},
         "loop": devices, "register": "fstune_ancestors", **read},
        {"name": "Read the signatures on each device",
         "ansible.builtin.command": {"argv": ["blkid", "--probe", "--output", "export", "{{ item }}"]},
         "loop": devices, "register": "fstune_blkid", "failed_when": "fstune_blkid.rc not in [0, 2]", **read},
        read_links_task(devices, read),
    ]
    system_mounts = json.dumps(list(SYSTEM_MOUNTS))
    tasks += [
        {"name": "Find the disks the system runs from",
         "ansible.builtin.command": {"argv": ["lsblk", "--inverse", "--list", "--noheadings", "--paths", "--output",
                                              "NAME,TYPE", "{{ item }}"]},
         "loop": Raw("{{ ansible_facts.mounts | selectattr('mount', 'in', " + system_mounts + ")\n"
                     "   | map(attribute='device') | select('match', '/dev/') | unique | list }}"),
         "register": "fstune_system_ancestors", "failed_when": False, **read},
        {"name": "Read the fstab", "ansible.builtin.slurp": {"src": "{{ fstune_fstab_file }}"},
         "register": "fstune_fstab_raw"},
        {"name": "Look for a crypttab", "ansible.builtin.stat": {"path": "/etc/crypttab"},
         "register": "fstune_crypttab_stat"},
        {"name": "Read the crypttab", "ansible.builtin.slurp": {"src": "/etc/crypttab"},
         "register": "fstune_crypttab_raw", "when": "fstune_crypttab_stat.stat.exists"},
        {"name": "Read the active swap areas", "ansible.builtin.slurp": {"src": "/proc/swaps"},
         "register": "fstune_swaps_raw"},
        {"name": "Collect what the checks need",
         "ansible.builtin.set_fact": {
             **device_facts(0, "fstune_t"), **(device_facts(1, "fstune_j") if external else {}),
             "fstune_fstab_lines": "{{ (fstune_fstab_raw.content | b64decode).splitlines() }}",
             "fstune_crypttab_lines": "{{ (fstune_crypttab_raw.content | b64decode).splitlines()"
                                      " if fstune_crypttab_stat.stat.exists else [] }}",
             "fstune_swaps": "{{ (fstune_swaps_raw.content | b64decode).splitlines()[1:] | map('split')"
                             " | map('first') | list }}",
             "fstune_system_disks": Raw("{{ fstune_system_ancestors.results | default([])\n"
                                        "   | map(attribute='stdout_lines', default=[]) | flatten | map('split')\n"
                                        "   | selectattr(1, 'equalto', 'disk') | map('first') | unique | list }}"),
         }},
        # an fstab line may name a device by any path (a link of its own, /dev/mapper/…): resolved
        # here, so that it is found whatever it is called (fstune/devices/system.py does the same)
        {"name": "Resolve the device paths in fstab and crypttab",
         "ansible.builtin.command": {"argv": ["readlink", "--canonicalize", "--", "{{ item }}"]},
         "loop": Raw("{{ ((fstune_fstab_lines | reject('match', '^\\\\s*(#|$)') | map('split') | map('first') | list)\n"
                     "    + (fstune_crypttab_lines | reject('match', '^\\\\s*(#|$)') | map('split')\n"
                     "       | map(attribute=1, default='') | list))\n"
                     "   | select('match', '/dev/') | unique | list }}"),
         "register": "fstune_tab_resolved", "failed_when": False, **read},
        {"name": "Remember what each of those paths is",
         "ansible.builtin.set_fact": {
             "fstune_tab_paths": Raw("{{ dict(fstune_tab_resolved.results | default([]) | map(attribute='item')\n"
                                     "   | zip(fstune_tab_resolved.results | default([])"
                                     " | map(attribute='stdout', default=''))) }}")}},
        {"name": "Work out the state of each device",
         "ansible.builtin.set_fact": {
             **device_state("fstune_t", "fstune_target"),
             **(device_state("fstune_j", "fstune_journal") if external else {}),
         }},
        {"name": "Work out which filesystem uses each device as its journal or log",
         "ansible.builtin.set_fact": {
             "fstune_t_owner_query": owner_query("fstune_t"),
             **({"fstune_j_owner_query": owner_query("fstune_j")} if external else {})}},
        # a journal's owner is found whether it is mounted or not: blkid reads every device
        {"name": "Find the filesystems that use them",
         "ansible.builtin.command": {"argv": ["blkid", "--cache-file", "/dev/null", "--output", "device",
                                              "--match-token", "{{ item }}"]},
         "loop": owner_queries, "register": "fstune_owner_raw", "when": "item != ''",
         "failed_when": "fstune_owner_raw.rc not in [0, 2]", **read},
        {"name": "Work out whether this host already has the configuration",
         "ansible.builtin.set_fact": {
             "fstune_match": Raw("{{ " + match + " }}"),
             "fstune_t_owners": "{{ fstune_owner_raw.results[0].stdout_lines | default([]) }}",
             **({"fstune_j_owners": "{{ fstune_owner_raw.results[1].stdout_lines | default([]) }}"}
                if external else {}),
             "fstune_done": Raw("{{ " + ours + " }}"),
             "fstune_t_fstab_hits": tab_hits("fstune_t", "fstune_fstab_lines", 0),
             "fstune_t_crypttab_hits": tab_hits("fstune_t", "fstune_crypttab_lines", 1),
             **({"fstune_j_fstab_hits": tab_hits("fstune_j", "fstune_fstab_lines", 0),
                 "fstune_j_crypttab_hits": tab_hits("fstune_j", "fstune_crypttab_lines", 1)} if external else {}),
         }},
    ]
    tasks.append(kernel_name_assert("target", "fstune_t", "fstune_target", "fstune_target_id"))
    tasks.append(identity_assert("target", "fstune_t", "fstune_target", "fstune_target_id"))
    if external:
        tasks.append(kernel_name_assert("journal", "fstune_j", "fstune_journal", "fstune_journal_id"))
        tasks.append(identity_assert("journal", "fstune_j", "fstune_journal", "fstune_journal_id"))
    tasks.append(overwrite_assert([("fstune_target", "fstune_t")]
                                  + ([("fstune_journal", "fstune_j")] if external else [])))
    tasks += device_asserts("target", "fstune_t", "fstune_target", fs.min_bytes, [], "fstune_done")
    if external:
        jtype = fs.external.blkid_type
        tasks += device_asserts("journal", "fstune_j", "fstune_journal", fs.external.min_bytes,
                                 [jtype] if jtype else [], "fstune_done")
        tasks += [
            {"name": "The journal device is not the target",
             "ansible.builtin.assert": {
                 "that": ["fstune_t_kname != fstune_j_kname"],
                 "fail_msg": "{{ fstune_journal }} and {{ fstune_target }} are the same device ({{ fstune_t_kname }});"
                             " the journal needs a device of its own.", "quiet": True}},
            {"name": "Warn when the journal shares the target's disk",
             "ansible.builtin.debug": {
                 "msg": "{{ fstune_journal }} is on the same disk as {{ fstune_target }} ({{ fstune_t_disks | "
                        "intersect(fstune_j_disks) | join(', ') }}): the journal gains no seek savings there, so "
                        "expect little or no benefit from moving it."},
             "when": "fstune_t_disks | intersect(fstune_j_disks) | length > 0"},
        ]
    tasks += [
        {"name": "The mountpoint is not taken by another filesystem",
         "ansible.builtin.assert": {
             "that": [Raw("fstune_done or (fstune_fstab_lines | reject('match', '^\\\\s*(#|$)') | map('split')\n"
                          "  | selectattr(1, 'equalto', fstune_mp) | list | length == 0\n"
                          "  and fstune_mp not in (ansible_facts.mounts | map(attribute='mount') | list))")],
             "fail_msg": "{{ fstune_mp }} is already mounted or listed in {{ fstune_fstab_file }} for another "
                         "filesystem; choose another fstune_mountpoint.", "quiet": True}},
    ]
    tasks += _make_tasks(config, fs, commands, external)
    probe_devices = devices
    tasks += [
        # udev puts off the events of any disk another process holds locked (docs/safety.md), and
        # settle waits for all of them: a timeout there is not this play's failure. The UUIDs are
        # read with blkid --probe next, from the devices themselves.
        {"name": "Let udev publish the new UUIDs",
         "ansible.builtin.command": {"argv": ["udevadm", "settle", "--timeout=30"]},
         # check mode made nothing for udev to publish
         "when": "not fstune_done and not ansible_check_mode", "failed_when": False, **read},
        {"name": "Read the UUIDs the filesystem and its journal have now",
         "ansible.builtin.command": {"argv": ["blkid", "--probe", "--output", "export", "{{ item }}"]},
         "loop": probe_devices, "register": "fstune_after", "failed_when": "fstune_after.rc not in [0, 2]", **read},
        # The journal by the name mkfs does not change: its PARTUUID when it is a partition, so
        # check mode shows the very line the real run writes. A whole-disk journal has only the
        # UUID mkfs gives it; check mode says so rather than show an old journal's UUID.
        {"name": "Name the filesystem by UUID (and its journal by PARTUUID, else UUID)",
         "ansible.builtin.set_fact": {
             "fstune_t_uuid": "{{ " + blkid_dict("fstune_after.results[0].stdout_lines") + ".UUID | default('') }}",
             **({"fstune_journal_stable": Raw(
                 "{{ ('/dev/disk/by-partuuid/' ~ j.PART_ENTRY_UUID) if j.PART_ENTRY_UUID is defined\n"
                 "   else '/dev/disk/by-uuid/(made-by-mkfs)' if ansible_check_mode and not fstune_done\n"
                 "   else ('/dev/disk/by-uuid/' ~ j.UUID) if j.UUID is defined else '' }}"),
                 } if external else {}),
         },
         **({"vars": {"j": "{{ " + blkid_dict("fstune_after.results[1].stdout_lines") + " }}"}} if external else {})},
    ]
    if external:
        tasks.append({
            "name": "The journal has a stable name",
            "ansible.builtin.assert": {
                "that": ["fstune_journal_stable != ''"],
                "fail_msg": "{{ fstune_journal }} has neither a UUID nor a PARTUUID; the mount could not find it "
                            "after a reboot.", "quiet": True}})
    line = (f"{{{{ ('UUID=' ~ fstune_t_uuid) if fstune_t_uuid != '' else 'UUID=(made-by-mkfs)' }}}} "
            f"{{{{ fstune_mp }}}} {config.filesystem} {{{{ fstune_fstab_opts }}}} 0 "
            f"{fsck_pass(config.filesystem, external)}")
    tasks += [
        {"name": "The filesystem has a UUID to name it by",
         "ansible.builtin.assert": {
             "that": ["fstune_t_uuid != '' or ansible_check_mode"],
             "fail_msg": "{{ fstune_target }} has no UUID after mkfs; the fstab line could not name it.",
             "quiet": True}},
        {"name": "Make the mountpoint", "ansible.builtin.file": {"path": "{{ fstune_mp }}", "state": "directory",
                                                                 "mode": "0755"}},
        # in check mode with --diff this shows the line; the UUID exists only after mkfs
        {"name": "Keep the filesystem in fstab",
         "ansible.builtin.lineinfile": {
             "path": "{{ fstune_fstab_file }}", "regexp": "^\\S+\\s+{{ fstune_mp | regex_escape }}\\s",
             "line": line, "state": "present"}},
        {"name": f"Mount {config.filesystem} on the mountpoint",
         "ansible.builtin.command": {"argv": ["mount", "--fstab", "{{ fstune_fstab_file }}", "{{ fstune_mp }}"]},
         "when": "fstune_mp not in (ansible_facts.mounts | map(attribute='mount') | list)", "changed_when": True},
        {"name": "Say what check mode could not know",
         "ansible.builtin.debug": {
             "msg": "{{ fstune_target }} would be formatted; its UUID exists only after mkfs, so the fstab line "
                    "above names it UUID=(made-by-mkfs)" + (
                        "{{ (' and the journal, a whole disk without a PARTUUID, by the UUID mkfs gives it: '"
                        " ~ fstune_journal_stable) if fstune_journal_stable is search('made-by-mkfs') else '' }}"
                        if external else "") + "."},
         "when": "fstune_t_uuid == ''"},
    ]
    play = {
        "name": f"Apply fstune configuration '{config.name}' of study {run.study} (run {run.id})",
        "hosts": "fstune",
        "become": True,
        "gather_facts": True,
        "gather_subset": ["!all", "!min", "mounts"],
        "vars": variables,
        "tasks": tasks,
    }
    return [play]


def _make_tasks(config: ConfigDescription, fs, commands: list[MkfsCommand], external: bool) -> list[dict]:
    # check mode skips `command` tasks without a word; this says what they would run, as a change
    tasks: list[dict] = [{
        "name": "Check mode: the commands that would make the filesystem",
        "ansible.builtin.debug": {"msg": [shlex.join(c.argv) for c in commands]},
        "when": "ansible_check_mode and not fstune_done", "changed_when": True}]
    for command in commands:
        argv = list(command.argv)
        if command.role == "journal":
            tasks.append({
                "name": f"Make the external {fs.external.noun} as measured on {{{{ fstune_journal }}}}",
                "ansible.builtin.command": {"argv": argv},
                "when": "not fstune_done", "changed_when": True})
        else:
            tasks.append(_command_task(fs, argv) if command.role == "target" else {
                "name": f"Attach the {fs.journal_noun} with {argv[0]} (as measured)",
                "ansible.builtin.command": {"argv": argv}, "when": "not fstune_done", "changed_when": True})
    return tasks


def _command_task(fs, argv: list[str]) -> dict:
    # the measured command itself, force flag included: the asserts above are what stands between
    # it and a device in use, and fstune_done (the journal's UUID included) makes a rerun skip it
    return {"name": f"Make {fs.title} with the measured options and journal on {{{{ fstune_target }}}}",
            "ansible.builtin.command": {"argv": argv},
            "when": "not fstune_done", "changed_when": True}


def describe_device(path: str | None) -> tuple[str | None, dict]:
    """(a name that survives renumbering, what identifies it) of a device on this machine, read-only."""
    if not path:
        return None, {}
    return stable_device_path(path), device_identity(path)


def _inventory(run: RunRecord, config: ConfigDescription, mountpoint: str, external: bool, describe) -> str:
    measured = {"target": measured_target(run, config), "journal": measured_journal(run, config) if external else None}
    lines = [
        f"# fstune export of run {run.id}, configuration '{config.name}'.",
        "# One line per host. Per host variables:",
        "#   fstune_target      the device that gets the filesystem (ALL DATA ON IT IS DESTROYED)",
    ]
    if external:
        lines.append("#   fstune_journal     the device that becomes its external journal/log (destroyed too);"
                     " best on another disk")
    lines += [
        "#   fstune_target_id   what the device must be, checked before anything is written: any of size",
        "#                      (bytes), serial, wwn, partuuid as lsblk shows them, e.g.",
        "#                      fstune_target_id='{\"size\":1073741824,\"wwn\":\"0x5000c500a1b2c3d4\"}'",
    ]
    if external:
        lines.append("#   fstune_journal_id  the same for the journal/log device")
    lines += [
        f"#   fstune_mountpoint  where it is mounted (default {mountpoint})",
        "#   fstune_overwrite   optional JSON list of the filesystems (or unused journals) on these devices you",
        "#                      agree to destroy, by UUID as blkid shows it, never by path, e.g.",
        "#                      fstune_overwrite='[\"UUID=0f3c2a9e-…\"]'",
        "#   fstune_nofail      true: the host boots without this filesystem when a device is missing",
        "#   fstune_fstab       the fstab to edit (default /etc/fstab)",
        "# Name devices by /dev/disk/by-id/wwn-… or a serial-based by-id name, or by /dev/disk/by-partuuid/…:",
        "# /dev/sdX and /dev/loopN are renumbered when disks come and go, so a kernel name without",
        "# fstune_target_id (fstune_journal_id) is refused. Loop devices have no serial and no",
        "# WWN, hence no by-id name; a partition of a loop disk with a GPT (as fstune's lab makes) is named",
        "# by its by-partuuid link instead.",
        "# The example line is this machine as it was measured.",
        "",
        "[fstune]",
    ]
    # the Python running ansible-playbook: discovery may find an interpreter that is not there
    host = ["localhost", "ansible_connection=local", "ansible_python_interpreter=\"{{ ansible_playbook_python }}\""]
    for role, path in measured.items():
        if role == "journal" and not external:
            continue
        stable, identity = describe(path)
        fallback = "/dev/sdX1" if role == "target" else "/dev/sdY1"
        host.append(f"fstune_{role}={stable or path or fallback}")
        if identity:
            host.append(f"fstune_{role}_id='{json.dumps(identity, separators=(',', ':'))}'")
    host.append(f"fstune_mountpoint={mountpoint}")
    return "\n".join(lines + [" ".join(host), ""])


def _readme(run: RunRecord, config: ConfigDescription, fs, mountpoint: str, external: bool, about: list[str],
            commands: list[MkfsCommand]) -> str:
    mkfs = "\n".join(f"    {shlex.join(c.argv)}" for c in commands)
    journal = f" and its external {fs.external.noun} on `fstune_journal`" if external else ""
    return f"""# fstune configuration '{config.name}' as an Ansible playbook

{chr(10).join(about)}

This playbook makes the same {fs.title} on `fstune_target`{journal} of every host in the
`fstune` group, with the mkfs commands fstune ran when it measured it:

{mkfs}

and mounts it on `fstune_mountpoint` (default `{mountpoint}`) with
`{join_options(mount_options(config, '/dev/disk/by-partuuid/JOURNAL' if external else None)) or 'defaults'}`,
by `UUID=`{', the journal by its /dev/disk/by-partuuid path (a whole-disk journal, which has no PARTUUID, by its /dev/disk/by-uuid path)' if external else ''}, and keeps it
in fstab.

## Use

1. Edit `inventory.ini`: one line per host with its devices. **Everything on them is destroyed.**
2. Dry run, changes nothing: `ansible-playbook -i inventory.ini site.yml --check --diff`
3. Apply: `ansible-playbook -i inventory.ini site.yml`
   A second run changes nothing: the playbook sees the filesystem is there, with its journal,
   mounted or listed at the mountpoint, and leaves it alone.

Needs ansible-core only (2.14 or newer): every task is `ansible.builtin`, so no collection has to be
installed (`requirements.yml` is not needed).

## Boot

The fstab line names the filesystem by `UUID=`{' and its journal by a stable path; it waits for the journal device first (`x-systemd.requires=`) and gives up on a missing device after ' + DEVICE_TIMEOUT + ' (`x-systemd.device-timeout=`). Boot-time fsck is off (pass 0) because systemd cannot order it after the journal device; the mount replays the journal' if external else ''}.
Set `fstune_nofail=true` for a host that must boot even when the disk is missing (`nofail`).
`--check --diff` shows the line before anything is written: the same line the real run writes, but
for the UUIDs mkfs has yet to make, shown as `(made-by-mkfs)`{' (a journal partition is named by its PARTUUID, which mkfs does not change, so its path is already the real one)' if external else ''}.

## Naming devices

Name each host's devices by `/dev/disk/by-id/wwn-…` (or another by-id name, from the serial), or by
`/dev/disk/by-partuuid/…`: `/dev/sdX` and `/dev/loopN` change when disks are added or removed. Loop
devices have no serial or WWN and hence no by-id name; a partition of a loop disk with a GPT has a
by-partuuid name. Give `fstune_target_id` (and `fstune_journal_id`) per host: the playbook checks
the device's size, serial, WWN and PARTUUID against it before anything is written, and stops
with a message when a path exists but names another device.

## What it refuses

Before anything is written, each host's devices are checked with the rules fstune uses for its
own inventory; any failure stops that host with a message naming the fact:
the device must exist and be a block device; not be mounted (itself, a partition or a holder)
nor be active swap; have no holders (LVM, RAID, dm-crypt, bcache) and, as a whole disk, no
partition table; carry no LVM/RAID/LUKS signature and not be another filesystem's external
journal/log that a filesystem still uses (its owner is looked up with blkid, mounted or not, and
`fstune_overwrite` cannot override this); be writable; not be on the disk of / , /boot or /var; not be named in fstab or
crypttab in any spelling (`UUID=`, `LABEL=`, `PARTUUID=`, `PARTLABEL=`, `ID=`, every `/dev/disk/by-*`
link udev has for it, its kernel name, or any path there that resolves to it); be large enough
({fs.title} needs {fs.min_bytes} bytes); and the journal must not be the target. A device that holds
a filesystem (or a journal nobody uses) is only formatted when the host's `fstune_overwrite` list
names that filesystem by UUID — `fstune_overwrite='["UUID=0f3c…"]'` — never by path: a path may
name another device after a renumbering, so a path there is refused, with the `UUID=` to write
instead, and the refusal for a filesystem names the exact entry to add. A journal on the
target's own disk is allowed with a warning: it gains no seek savings there.
"""


def write_export(directory: Path, files: dict[str, str], replace: bool = False) -> None:
    """Write the export's files into ``directory``; never replace a file unless ``replace``."""
    if directory.exists() and not directory.is_dir():
        raise UsageError(f"{directory} exists and is not a directory; choose a directory.")
    existing = [name for name in files if (directory / name).exists()]
    if existing and not replace:
        # apart from --force, which only allows a configuration not measured better: allowing one
        # must not also overwrite an edited inventory
        raise UsageError(f"{directory} already has {', '.join(existing)}; nothing was written.",
                         "Choose an empty directory, or pass --replace to replace them.")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot make {directory}: {error.strerror}.") from None
    for name, text in files.items():
        write_output(directory / name, text)


__all__ = ["AnsibleExport", "MkfsCommand", "build_export", "describe_device", "mkfs_commands", "write_export"]
