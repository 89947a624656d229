"""A measured configuration as an Ansible playbook: the same filesystem on fifty more servers.

``build_export(run, config_name, mountpoint)`` returns the files of a small Ansible project
(``site.yml``, ``inventory.ini``, ``README.md``). Pure generation: nothing here touches a device.

Per host the playbook does what fstune does before it formats anything (docs/ARCHITECTURE.md,
"Before anything is written"), expressed with Ansible facts and ``assert`` tasks
(``fstune.deploy.ansible_checks``), each with a message naming the fact that failed: the
devices exist and are block devices, are not mounted and not active swap, have no holders
or partitions, carry no LVM/RAID/crypto signature and are not another filesystem's journal, are
not read-only, not on the disk of /, /boot or /var, not in fstab or crypttab, not the same
device, and large enough. A device holding an ordinary filesystem is only overwritten when the
host's ``fstune_confirm_overwrite`` list names it (fstune's typed confirmation).

Then it makes the filesystem with the exact mkfs options fstune measured: with
``community.general.filesystem`` where that module can say it, and with ``command`` tasks where
it cannot (an external journal/log: the module knows neither ``-O journal_dev`` nor how to tell
whether an existing filesystem uses the right journal). Those tasks only run when the check
"does the target already hold this filesystem, with this journal, mounted here or listed in
fstab here?" says no, which makes a second run change nothing. Finally ``ansible.posix.mount``
mounts it by ``UUID=`` with the measured options and the journal named by its
``/dev/disk/by-uuid`` (or ``by-partuuid``) path.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

from fstune import __version__, filesystems
from fstune.deploy.ansible_checks import device_asserts, device_facts, device_state, tab_hits
from fstune.deploy.fstab import fsck_pass
from fstune.deploy.measured import (comment, environment_caveats, find_config, header_lines, measured_journal,
                                    measured_target)
from fstune.deploy.mount import mount_options, normalize_mountpoint
from fstune.deploy.yaml_writer import Raw, to_yaml
from fstune.devices.rules import SYSTEM_MOUNTS
from fstune.errors import UsageError
from fstune.filesystems import EXTERNAL, join_options
from fstune.results.compare import ConfigDescription
from fstune.results.records import RunRecord
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


def _module_opts(config: ConfigDescription, argv: tuple[str, ...]) -> str:
    """The options community.general.filesystem passes: the argv less the program, the force flag
    (the module adds its own) and the device."""
    fs = filesystems.get(config.filesystem)
    words = list(argv[1:-1])
    if fs.force_flag in words:
        words.remove(fs.force_flag)
    if any(not w or any(c.isspace() for c in w) for w in words):
        # the module splits opts at white space; such a word must go through `command`
        raise ValueError("white space in an mkfs option")
    return " ".join(words)


# --- the playbook ------------------------------------------------------------------------------

@dataclass(frozen=True)
class AnsibleExport:
    files: dict[str, str]  # file name → text


def build_export(run: RunRecord, config_name: str, mountpoint: str,
                 caveats: list[str] | None = None) -> AnsibleExport:
    """``caveats``: what a reader must know about the measurement (default: ``environment_caveats``)."""
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
        "inventory.ini": _inventory(run, config, mountpoint, external),
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
    _, ours = _done_expression(config, external)
    options = mount_options(config, JOURNAL_STABLE_VAR if external else None)
    opts = join_options(options)
    if external:
        opts += ",x-systemd.requires=" + JOURNAL_STABLE_VAR
    variables = {
        "fstune_mp": f"{{{{ fstune_mountpoint | default('{mountpoint}') }}}}",
        # tests and cautious admins point this at a copy; the default is the real one
        "fstune_fstab_file": "{{ fstune_fstab | default('/etc/fstab') }}",
        "fstune_confirm_overwrite": "{{ fstune_overwrite | default([]) }}",
        "fstune_mkfs_force": "{{ fstune_t_type != '' }}",
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
        {"name": "List each device with its partitions and holders",
         "ansible.builtin.command": {"argv": ["lsblk", "--json", "--list", "--bytes", "--paths", "--output",
                                              "NAME,TYPE,SIZE,RO,MOUNTPOINT", "{{ item }}"]},
         "loop": devices, "register": "fstune_lsblk", **read},
        {"name": "Find the disks each device is on",
         "ansible.builtin.command": {"argv": ["lsblk", "--inverse", "--list", "--noheadings", "--paths", "--output",
                                              "NAME,TYPE", "{{ item }}"]},
         "loop": devices, "register": "fstune_ancestors", **read},
        {"name": "Read the signatures on each device",
         "ansible.builtin.command": {"argv": ["blkid", "--probe", "--output", "export", "{{ item }}"]},
         "loop": devices, "register": "fstune_blkid", "failed_when": "fstune_blkid.rc not in [0, 2]", **read},
    ]
    # stop with the assert's message, not lsblk's, when a device is missing
    tasks.insert(2, {"name": "The devices exist and are block devices",
                     "ansible.builtin.assert": {
                         "that": ["item.stat.exists", "item.stat.isblk | default(false)"],
                         "fail_msg": "{{ item.item }} does not exist or is not a block device; set the right path "
                                     "for this host in inventory.ini.", "quiet": True},
                     "loop": "{{ fstune_stat.results }}", "loop_control": {"label": "{{ item.item }}"}})
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
        {"name": "Work out the state of each device",
         "ansible.builtin.set_fact": {
             **device_state("fstune_t", "fstune_target"),
             **(device_state("fstune_j", "fstune_journal") if external else {}),
         }},
        {"name": "Work out whether this host already has the configuration",
         "ansible.builtin.set_fact": {
             "fstune_done": Raw("{{ " + ours + " }}"),
             "fstune_t_fstab_hits": tab_hits("fstune_t", "fstune_fstab_lines", 0),
             "fstune_t_crypttab_hits": tab_hits("fstune_t", "fstune_crypttab_lines", 1),
             **({"fstune_j_fstab_hits": tab_hits("fstune_j", "fstune_fstab_lines", 0),
                 "fstune_j_crypttab_hits": tab_hits("fstune_j", "fstune_crypttab_lines", 1)} if external else {}),
         }},
    ]
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
         "when": "not fstune_done", "failed_when": False, **read},
        {"name": "Read the UUIDs the filesystem and its journal have now",
         "ansible.builtin.command": {"argv": ["blkid", "--probe", "--output", "export", "{{ item }}"]},
         "loop": probe_devices, "register": "fstune_after", "failed_when": "fstune_after.rc not in [0, 2]", **read},
        {"name": "Name the filesystem (and its journal) by UUID",
         "ansible.builtin.set_fact": {
             "fstune_t_uuid": "{{ (fstune_after.results[0].stdout_lines | select('search', '=')"
                              " | map('split', '=', 1) | community.general.dict).UUID | default('') }}",
             **({"fstune_journal_stable": Raw(
                 "{{ ('/dev/disk/by-uuid/' ~ j.UUID) if j.UUID is defined\n"
                 "   else ('/dev/disk/by-partuuid/' ~ j.PART_ENTRY_UUID) if j.PART_ENTRY_UUID is defined\n"
                 "   else '' }}"),
                 } if external else {}),
         },
         **({"vars": {"j": "{{ fstune_after.results[1].stdout_lines | select('search', '=')"
                           " | map('split', '=', 1) | community.general.dict }}"}} if external else {})},
    ]
    if external:
        tasks.append({
            "name": "The journal has a stable name",
            "ansible.builtin.assert": {
                "that": ["fstune_journal_stable != '' or ansible_check_mode"],
                "fail_msg": "{{ fstune_journal }} has neither a UUID nor a PARTUUID; the mount could not find it "
                            "after a reboot.", "quiet": True}})
    tasks += [
        {"name": f"Mount {config.filesystem} on the mountpoint and keep it in fstab",
         "ansible.posix.mount": {
             "path": "{{ fstune_mp }}", "src": "UUID={{ fstune_t_uuid }}", "fstype": config.filesystem,
             "opts": opts or "defaults", "state": "mounted", "fstab": "{{ fstune_fstab_file }}",
             "dump": "0", "passno": str(fsck_pass(config.filesystem))},
         "when": "fstune_t_uuid != ''"},
        {"name": "Say what check mode could not know",
         "ansible.builtin.debug": {
             "msg": "{{ fstune_target }} would be formatted; its UUID (for the fstab line) exists only after mkfs, "
                    "so the mount is not shown in check mode."},
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
        elif command.role == "target" and not external and fs.ansible_filesystem_module:
            try:
                opts = _module_opts(config, command.argv)
            except ValueError:
                opts = None
            if opts is not None:
                tasks.append({
                    "name": f"Make {fs.title} with the measured options on {{{{ fstune_target }}}}",
                    "community.general.filesystem": {
                        "dev": "{{ fstune_target }}", "fstype": config.filesystem,
                        **({"opts": opts} if opts else {}),
                        # only when the asserts above found a signature the host confirmed
                        "force": "{{ fstune_mkfs_force | bool }}"},
                    "when": "not fstune_done"})
                continue
            tasks.append(_command_task(fs, argv))
        else:
            tasks.append(_command_task(fs, argv) if command.role == "target" else {
                "name": f"Attach the {fs.journal_noun} with {argv[0]} (as measured)",
                "ansible.builtin.command": {"argv": argv}, "when": "not fstune_done", "changed_when": True})
    return tasks


def _command_task(fs, argv: list[str]) -> dict:
    # community.general.filesystem cannot name an external journal device, and would call an
    # existing filesystem with the wrong journal "done"; fstune_done checks the journal's UUID
    return {"name": f"Make {fs.title} with the measured options and journal on {{{{ fstune_target }}}}",
            "ansible.builtin.command": {"argv": argv},
            "when": "not fstune_done", "changed_when": True}


def _inventory(run: RunRecord, config: ConfigDescription, mountpoint: str, external: bool) -> str:
    target = measured_target(run, config) or "/dev/sdX1"
    journal = measured_journal(run, config) or "/dev/sdY1"
    lines = [
        f"# fstune export of run {run.id}, configuration '{config.name}'.",
        "# One line per host. Per host variables:",
        "#   fstune_target      the device that gets the filesystem (ALL DATA ON IT IS DESTROYED)",
    ]
    if external:
        lines.append("#   fstune_journal     the device that becomes its external journal/log (destroyed too);"
                     " best on another disk")
    lines += [
        f"#   fstune_mountpoint  where it is mounted (default {mountpoint})",
        "#   fstune_overwrite   optional JSON list of devices that hold a filesystem you agree to destroy,",
        "#                      e.g. fstune_overwrite='[\"/dev/sdb1\"]' (fstune's typed confirmation)",
        "#   fstune_fstab       the fstab to edit (default /etc/fstab)",
        "# The example is this machine as it was measured; prefer /dev/disk/by-id/ paths on real hosts.",
        "",
        "[fstune]",
        # the Python running ansible-playbook: discovery may find an interpreter that is not there
        "localhost ansible_connection=local ansible_python_interpreter=\"{{ ansible_playbook_python }}\""
        f" fstune_target={target}"
        + (f" fstune_journal={journal}" if external else "") + f" fstune_mountpoint={mountpoint}",
        "",
    ]
    return "\n".join(lines)


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
`{join_options(mount_options(config, '/dev/disk/by-uuid/JOURNAL' if external else None)) or 'defaults'}`,
by `UUID=`{', the journal by its /dev/disk/by-uuid (or by-partuuid) path' if external else ''}, and keeps it
in fstab.

## Use

1. Edit `inventory.ini`: one line per host with its devices. **Everything on them is destroyed.**
2. Dry run, changes nothing: `ansible-playbook -i inventory.ini site.yml --check --diff`
3. Apply: `ansible-playbook -i inventory.ini site.yml`
   A second run changes nothing: the playbook sees the filesystem is there, with its journal,
   mounted or listed at the mountpoint, and leaves it alone.

Needs the collections `community.general` and `ansible.posix` (both in the `ansible` package).

## What it refuses

Before anything is written, each host's devices are checked with the rules fstune uses for its
own inventory; any failure stops that host with a message naming the fact:
the device must exist and be a block device; not be mounted (itself, a partition or a holder)
nor be active swap; have no holders (LVM, RAID, dm-crypt, bcache) and, as a whole disk, no
partition table; carry no LVM/RAID/LUKS signature and not be another filesystem's external
journal/log; be writable; not be on the disk of / , /boot or /var; not be named in fstab or
crypttab; be large enough ({fs.title} needs {fs.min_bytes} bytes); and the journal must not be the
target. A device that holds an ordinary filesystem is only formatted when the host's
`fstune_overwrite` list names it. A journal on the target's own disk is allowed with a warning:
it gains no seek savings there.
"""


def write_export(directory: Path, files: dict[str, str], force: bool = False) -> None:
    """Write the export's files into ``directory``; never replace a file unless ``force``."""
    if directory.exists() and not directory.is_dir():
        raise UsageError(f"{directory} exists and is not a directory; choose a directory.")
    existing = [name for name in files if (directory / name).exists()]
    if existing and not force:
        raise UsageError(f"{directory} already has {', '.join(existing)}; nothing was written.",
                         "Choose an empty directory, or pass --force to replace them.")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot make {directory}: {error.strerror}.") from None
    for name, text in files.items():
        write_output(directory / name, text)


__all__ = ["AnsibleExport", "MkfsCommand", "build_export", "mkfs_commands", "write_export"]
