"""A study measured across a fleet through Ansible: ``fstune export RUN --ansible-study DIR``.

A configuration measured on one machine is a guess about the others. This writes a playbook
that runs the same study, with the settings the run recorded (``RunRecord.settings``: workloads
and every parameter, the repeat rules), headless on each host of the inventory group
``fstune_study``, on the spare devices named in its host variables. Ansible is the engine: each
host runs fstune itself, which checks each device with the rules of ``fstune disks --check``
(read-only; the journal with ``--partner`` the target; a device that is not free ends that host
with fstune's reason), then ``fstune plan`` and the run, and measures; the host's JSON export is fetched to the controller, and the controller merges every
host's export with ``fstune results merge`` (one table, each host's own verdict, the pooled
random-effects change across hosts, docs/teaching.md).

Hosts in the group ``fstune_shared`` (for example VMs on one disk) are measured one at a time,
the others in parallel: one host's benchmark must not load another's disk. A canary group
measured this way is how a fleet decides whether to roll a configuration out.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass

from fstune import __version__
from fstune.deploy.ansible import AnsibleExport
from fstune.deploy.ansible_checks import (identity_assert, identity_facts, kernel_name_assert, read_identity_task,
                                         read_links_task)
from fstune.deploy.yaml_writer import Raw, to_yaml
from fstune.deploy.measured import comment, environment_caveats, header_lines
from fstune.errors import UsageError
from fstune.results.records import RunRecord
from fstune.reports.reports import FORMAT_NAME

GROUP, SHARED = "fstune_study", "fstune_shared"
# the host's confirmed filesystems as fstune's --overwrite options (a Jinja list, appended)
OVERWRITE = " + (fstune_overwrite | default([]) | map('regex_replace', '^', '--overwrite=') | list)"


@dataclass(frozen=True)
class StudySettings:
    """How ``run`` was measured, as ``fstune run`` options: the playbook's defaults, each of which
    a fleet may set as a variable (``SETTING_VARIABLES``)."""
    workloads: str
    params: tuple[str, ...]  # WORKLOAD.KEY=VALUE, every parameter the run resolved
    configs: str
    blocks: int
    max_blocks: int
    primary: str  # WORKLOAD:METRIC, or "" when the run did not record it

    def arguments(self) -> list[str]:
        args = ["--workloads", self.workloads]
        for param in self.params:
            args += ["--workload-param", param]
        args += ["--configs", self.configs, "--blocks", str(self.blocks)]
        if self.primary:  # the figure its blocks stopped on
            args += ["--primary", self.primary]
        # the cap decides the looks (fstune.plan.schedule_looks), so the hosts look alike
        return args + ["--max-blocks", str(self.max_blocks)]

    def jinja(self) -> str:
        """The same options as one Jinja list, the variables in place of the defaults: the
        variable's parameters come after the recorded ones, and fstune takes the last value of a
        key, so a parameter the fleet does not set stays the recorded run's."""
        head = json.dumps(["--workloads", self.workloads])
        params = ("(" + json.dumps(list(self.params)) + " + (fstune_workload_params | default([]) | list))"
                  " | map('regex_replace', '^', '--workload-param=') | list")
        tail = (f"['--configs', {json.dumps(self.configs)}, '--blocks', (fstune_blocks | default({self.blocks})"
                f" | string)] + {json.dumps(['--primary', self.primary] if self.primary else [])}"
                f" + ['--max-blocks', (fstune_max_blocks | default({self.max_blocks}) | string)]")
        return f"{head} + {params} + {tail}"


# the study's settings a fleet may set (inventory or -e), each defaulting to the recorded run's
SETTING_VARIABLES = {
    "fstune_workload_params": "JSON list of WORKLOAD.KEY=VALUE, each replacing the recorded value of its key",
    "fstune_blocks": "blocks before the first look",
    "fstune_max_blocks": "the cap on blocks",
}


def study_settings(run: RunRecord) -> StudySettings:
    """The settings ``run`` recorded (``RunRecord.settings``); a UsageError for a run that does not
    record them or was measured before blocks."""
    settings = run.settings or {}
    params = settings.get("workload_params")
    rules = settings.get("repeat_rules") or {}
    if params is None or not rules:
        raise UsageError(f"run {run.id} does not record the settings it was measured with (made by an older "
                         "fstune), so other hosts cannot measure it the same way.",
                         "Measure it again with this fstune, then export it.")
    if "looks" not in rules:  # a run of an older fstune: its repeats become the blocks
        raise UsageError(f"run {run.id} was measured before blocks (one configuration after another), so other "
                         "hosts cannot measure it the same way.", "Measure it again with this fstune, then export it.")
    primary = (run.design or {}).get("primary") or {}
    planned = rules.get("planned", run.repeats or 3)
    return StudySettings(
        workloads=",".join(params) or "none",
        params=tuple(f"{workload}.{key}={value}" for workload, values in params.items() for key, value in values.items()),
        configs=",".join(c.name for c in run.configs), blocks=planned, max_blocks=rules.get("max", planned),
        primary=f"{primary['workload']}:{primary['metric']}" if primary.get("workload") and primary.get("metric") else "")


def settings_arguments(run: RunRecord) -> list[str]:
    """The ``fstune run`` options that measure the way ``run`` was measured, from its settings."""
    return study_settings(run).arguments()


def _check_tasks(journal: bool) -> list[dict]:
    """Before any write, per host: each device is named for good and is the one the host describes
    (site.yml's own identity checks), and fstune's rules allow writing it (``fstune disks
    --check``, the inventory's rules with the host's ``fstune_overwrite``)."""
    read = {"changed_when": False, "check_mode": False}
    devices = ["{{ fstune_target }}"] + (["{{ fstune_journal }}"] if journal else [])
    roles = [("target", "fstune_t", "fstune_target")] + ([("journal", "fstune_j", "fstune_journal")] if journal else [])
    tasks: list[dict] = [
        read_identity_task(devices, read),
        read_links_task(devices, read),
        {"name": "Collect what the checks need",
         "ansible.builtin.set_fact": {
             k: v for i, (_, prefix, _) in enumerate(roles) for k, v in identity_facts(i, prefix).items()}},
    ]
    for role, prefix, var in roles:
        tasks.append(kernel_name_assert(role, prefix, var, f"{var}_id"))
        tasks.append(identity_assert(role, prefix, var, f"{var}_id"))
    for role, prefix, var in roles:
        tasks += [
            {"name": f"Check the {role} device with fstune's rules (fstune disks --check, read-only)",
             "ansible.builtin.command": {
                 # the journal is checked as the target's: its own journal from an earlier run is asked
                 # about (fstune_overwrite), not refused, as fstune run decides
                 "argv": "{{ ['fstune', 'disks', '--check', " + var + ", '--role', '" + role + "']"
                         + (" + ['--partner', fstune_target]" if role == "journal" else "") + OVERWRITE + " }}"},
             "register": f"{prefix}_check", "failed_when": False, **read, **ENV},
            {"name": f"The rules of fstune allow writing the {role} device",
             "ansible.builtin.assert": {
                 "that": [f"{prefix}_check.rc == 0"],
                 "fail_msg": "{{ (" + prefix + "_check.stderr | trim | regex_replace('^fstune: ', '')) or "
                             "('fstune disks --check exited ' ~ " + prefix + "_check.rc) }}", "quiet": True}}]
    return tasks


# the host's own results store, and the fstab its checks read (fstune_fstab, as in site.yml)
ENV = {"environment": "{{ {'FSTUNE_STATE_DIR': fstune_work ~ '/state'}"
                      " | combine({'FSTUNE_FSTAB': fstune_fstab} if fstune_fstab is defined else {})"
                      " | combine(fstune_environment | default({})) }}"}


def _measure_tasks(run: RunRecord, journal: bool) -> list[dict]:
    """One host's study, written once (``measure.yml``) for both plays: a refusal or failure is
    recorded as the host's reason (``fstune_refused``) and ends that host only."""
    settings = study_settings(run).jinja()
    devices = ["--device", "{{ fstune_target }}"] + (["--log-device", "{{ fstune_journal }}"] if journal else [])
    study = ["--study", "{{ fstune_study_ref }}"]

    def argv(words: list[str], tail: list[str] = ()) -> str:
        # one Jinja list: the words as literals, each {{ variable }} in them as that variable, then
        # the study's settings (variables with the recorded run's defaults), then tail
        def terms(items):
            for word in items:
                parts = re.split(r"\{\{ *(\w+) *\}\}", word)
                yield " ~ ".join(json.dumps(p) if i % 2 == 0 else p for i, p in enumerate(parts) if p or i % 2)
        return ("{{ [" + ", ".join(terms(words)) + "] + " + settings + " + [" + ", ".join(terms(tail)) + "]"
                + OVERWRITE + " }}")

    steps = [
        {"name": "The devices to measure on are set",
         "ansible.builtin.assert": {
             "that": ["fstune_target is defined and fstune_target | length > 0"]
                     + (["fstune_journal is defined and fstune_journal | length > 0"] if journal else []),
             "fail_msg": "set fstune_target" + (" and fstune_journal" if journal else "")
                         + " (spare devices: everything on them is destroyed) for this host.", "quiet": True}},
        {"name": "The study's settings, where set, are lists and numbers",
         "ansible.builtin.assert": {
             "that": ["fstune_workload_params is not defined or (fstune_workload_params is sequence"
                      " and fstune_workload_params is not string and fstune_workload_params is not mapping)",
                      "fstune_blocks is not defined or fstune_blocks | string is match('^[0-9]+$')",
                      "fstune_max_blocks is not defined or fstune_max_blocks | string is match('^[0-9]+$')"],
             "fail_msg": "fstune_workload_params is a list of WORKLOAD.KEY=VALUE (e.g. [\"writes.files=400\"]), "
                         "fstune_blocks and fstune_max_blocks whole numbers.", "quiet": True}},
        {"name": "Make the host's own results store", "ansible.builtin.file": {
            "path": "{{ fstune_work }}/state", "state": "directory", "mode": "0700"}},
        *_check_tasks(journal),
        # read-only: the study's settings (the fleet's variables included) and sizes checked by
        # fstune itself, which refuses what it does not accept with its own message
        {"name": "Check the study on these devices (fstune plan, read-only)",
         "ansible.builtin.command": {"argv": argv(["fstune", "plan", *study, *devices])},
         "changed_when": False, "check_mode": False, **ENV},
        {"name": "Measure the study (fstune run)",
         "ansible.builtin.command": {"argv": argv(["fstune", "run", *study, *devices],
                                                  ["--yes", "--run-id", "fleet-{{ fstune_label }}"])},
         "changed_when": True, **ENV},
        {"name": "Export this host's run",
         "ansible.builtin.command": {"argv": ["fstune", "results", "export", "last", "--format", "json",
                                              "-o", "{{ fstune_work }}/{{ fstune_label }}.json"]},
         "changed_when": False, **ENV},
        {"name": "Fetch it to the controller",
         "ansible.builtin.fetch": {"src": "{{ fstune_work }}/{{ fstune_label }}.json",
                                   "dest": "{{ fstune_results }}/", "flat": True}},
        # the merge takes the very file fetched, wherever this host's fstune_results_dir put it
        {"name": "Remember that this host has results",
         "ansible.builtin.set_fact": {"fstune_exported": "{{ fstune_results }}/{{ fstune_label }}.json"}},
    ]
    return [
        # the merge runs on localhost, which a --limit without it leaves out: no merged table at all
        {"name": "A --limit names localhost too, where the results are merged",
         "ansible.builtin.assert": {
             "that": ["ansible_limit is not defined or ansible_limit is search('(^|[,:])localhost($|[,:])')"],
             "fail_msg": "--limit {{ ansible_limit | default('') }} leaves out localhost, where the hosts' results "
                         "are merged: add it (--limit '{{ ansible_limit | default('') }},localhost'). Nothing was "
                         "measured.", "quiet": True}},
        {"name": "Name this host's results",
         "ansible.builtin.set_fact": {
             "fstune_label": "{{ fstune_host_label | default(inventory_hostname) }}",
             "fstune_study_ref": "{{ fstune_study | default('" + run.study + "') }}",
             "fstune_results": "{{ fstune_results_dir | default(playbook_dir ~ '/results') }}",
             "fstune_work": "{{ fstune_work_dir | default('/var/tmp/fstune-study') }}/"
                            "{{ fstune_host_label | default(inventory_hostname) }}"}},
        {"name": "Check and measure this host (a refusal ends this host only)",
         "block": steps,
         "rescue": [
             {"name": "Record why this host was not measured",
              "ansible.builtin.set_fact": {
                  "fstune_refused": Raw("{{ ((ansible_failed_result.stderr | default('', true) | trim"
                                        " | regex_replace('^fstune: ', ''))\n"
                                        "    or ansible_failed_result.msg | default('failed', true))"
                                        " ~ ' (' ~ ansible_failed_task.name ~ ')' }}")}},
             {"name": "Say so", "ansible.builtin.debug": {
                 "msg": "{{ inventory_hostname }} is not measured: {{ fstune_refused }}"}}]},
    ]


# what must match for an earlier play's export to be merged with this play's (the rest of the
# settings name the host: its devices, machine id, hostname)
COMPARED = ("workload_params", "repeat_rules", "study_version")


def _merge_play(run: RunRecord) -> dict:
    """On the controller: this play's exports and those an earlier play fetched (a rerun with
    ``--limit`` measures some hosts again and keeps the others' results), merged into one table
    titled as a fleet's."""
    members = f"groups['{GROUP}'] | map('extract', hostvars)"
    compared = json.dumps(list(COMPARED))

    def settings_of(doc: str) -> str:
        return f"{doc}.runs[0].settings | dict2items | selectattr('key', 'in', {compared}) | items2dict"

    # an earlier play's file counts only when it is one run of this study measured the way this
    # play's hosts were: the merge would refuse it otherwise, and with it every other host
    ok = ("doc.runs | default([]) | length == 1 and doc.runs[0].study == fstune_this_study\n"
          "   and (fstune_reference == {} or (" + settings_of("doc") + ") == fstune_reference)")
    why_not = Raw("{{ item.path ~ ': ' ~ ('not the export of one fstune run' if doc.runs | default([]) | length != 1\n"
                  "   else 'an export of study ' ~ doc.runs[0].study ~ ', not ' ~ fstune_this_study\n"
                  "     if doc.runs[0].study != fstune_this_study\n"
                  "   else 'measured with other settings (workload parameters, blocks or study version) than "
                  "this play') }}")
    # a file that is no fstune export is left out, not parsed (a parse error would stop the merge)
    doc = Raw("{{ (lookup('file', item.path) | from_json) if lookup('file', item.path)\n"
              "   is regex('^\\s*\\{\\s*\"format\":\\s*\"" + FORMAT_NAME + "\"') else {} }}")
    labels = ("fstune_this_labels + (fstune_earlier | map('basename') | map('regex_replace', '[.]json$', '')"
              " | map('regex_replace', '$', ' (earlier play)') | list)")
    merge = ("{{ ['fstune', 'results', 'merge', '--title', 'fstune fleet results'] + fstune_files"
             " + (fstune_files | map('basename') | zip(" + labels + ")"
             " | map('join', '=') | map('regex_replace', '^', '--label=') | list)"
             " + ['-o', fstune_out ~ '/merged.' ~ item] }}")
    reasons = Raw("{{ fstune_missing | map('extract', hostvars) | map(attribute='fstune_refused', default='not "
                  "reached: see the errors above') | list }}")
    why = "fstune_missing | zip(fstune_reasons) | map('join', ': ') | list"
    summary = Raw("{{ fstune_out ~ '/merged.md (and .html, .json): ' ~ fstune_files | length ~ ' host(s)'\n"
                  " ~ ((', from an earlier play: ' ~ fstune_earlier_said | join('; ')) if fstune_earlier else '')\n"
                  " ~ ((', missing ' ~ fstune_missing | length ~ ' (' ~ fstune_out ~ '/missing.txt): '\n"
                  "     ~ (" + why + ") | join('; ')) if fstune_missing else '')\n"
                  " ~ ((', left out: ' ~ fstune_left_out | join('; ')) if fstune_left_out else '')\n"
                  " ~ ((', not measured by this play (its earlier results are merged): '\n"
                  "     ~ (fstune_not_now | zip(fstune_not_now | map('extract', hostvars) | map(attribute='fstune_refused'))"
                  " | map('join', ': ') | join('; '))) if fstune_not_now else '') }}")
    this = members + " | selectattr('fstune_exported', 'defined')"
    return {
        "name": "Merge every measured host's results into one table on the controller",
        "hosts": "localhost", "connection": "local", "gather_facts": False,
        "vars": {"fstune_reasons": reasons},
        "tasks": [
            {"name": "Collect this play's exports",
             "ansible.builtin.set_fact": {
                 "fstune_this_files": "{{ " + this + " | map(attribute='fstune_exported') | map('realpath') | list }}",
                 "fstune_this_labels": "{{ " + this + " | map(attribute='fstune_label') | list }}",
                 "fstune_dirs": "{{ " + members + " | map(attribute='fstune_results_dir', default=playbook_dir"
                                " ~ '/results') | map('realpath') | unique | list }}",
                 "fstune_earlier": [], "fstune_earlier_said": [], "fstune_left_out": []}},
            {"name": "Take the study and settings this play measured",
             "ansible.builtin.set_fact": {
                 "fstune_this_study": "{{ doc.runs[0].study if fstune_this_files else '" + run.study + "' }}",
                 "fstune_reference": "{{ (" + settings_of("doc") + ") if fstune_this_files else {} }}"},
             "vars": {"doc": "{{ (lookup('file', fstune_this_files | first) | from_json) if fstune_this_files "
                             "else {} }}"}},
            {"name": "Find every export in the results directories (an earlier play's too)",
             "ansible.builtin.find": {"paths": "{{ fstune_dirs }}", "patterns": ["*.json"],
                                      "excludes": ["merged.json"]},
             "register": "fstune_found"},
            {"name": "Keep an earlier play's export when it is of this study, measured the same way",
             "ansible.builtin.set_fact": {
                 "fstune_earlier": Raw("{{ (fstune_earlier + [item.path]) if " + ok + "\n   else fstune_earlier }}"),
                 "fstune_earlier_said": Raw(
                     "{{ (fstune_earlier_said + [item.path ~ ' (fetched ' ~ ('%Y-%m-%d %H:%M' | strftime(item.mtime"
                     " | int)) ~ ')']) if " + ok + "\n   else fstune_earlier_said }}"),
                 "fstune_left_out": Raw("{{ fstune_left_out if " + ok + "\n   else (fstune_left_out + [why]) }}")},
             "vars": {"doc": doc, "why": why_not},
             "loop": "{{ fstune_found.files | rejectattr('path', 'in', fstune_this_files) | list }}",
             "loop_control": {"label": "{{ item.path }}"}},
            {"name": "Which exports are merged, and where the merged table goes",
             "ansible.builtin.set_fact": {
                 "fstune_files": "{{ fstune_this_files + fstune_earlier }}",
                 "fstune_out": "{{ (fstune_this_files + fstune_earlier + [fstune_dirs | first ~ '/x']) | first"
                               " | dirname }}",
                 "fstune_merged_labels": "{{ fstune_this_labels + (fstune_earlier | map('basename')"
                                         " | map('regex_replace', '[.]json$', '') | list) }}"}},
            {"name": "Name every host of the group as its results are named",
             "ansible.builtin.set_fact": {
                 "fstune_label_of": "{{ fstune_label_of | default({}) | combine({item: hostvars[item].fstune_host_label"
                                    " | default(item)}) }}"},
             "loop": "{{ groups['" + GROUP + "'] }}"},
            {"name": "Which hosts are missing (neither measured now nor by an earlier play)",
             "ansible.builtin.set_fact": {
                 "fstune_missing": "{{ fstune_label_of | dict2items | rejectattr('value', 'in', fstune_merged_labels)"
                                   " | map(attribute='key') | list }}",
                 # refused now, merged from an earlier play's file: said, not hidden
                 "fstune_not_now": "{{ fstune_label_of | dict2items | selectattr('value', 'in', fstune_merged_labels)"
                                   " | map(attribute='key') | map('extract', hostvars) | selectattr('fstune_refused',"
                                   " 'defined') | map(attribute='inventory_hostname') | list }}"}},
            {"name": "Some host has results", "ansible.builtin.assert": {
                "that": ["fstune_files | length > 0"],
                "fail_msg": "no host of the group " + GROUP + " was measured: {{ " + why
                            + " | join('; ') }}.", "quiet": True}},
            {"name": "Say which results come from an earlier play",
             "ansible.builtin.debug": {"msg": "{{ fstune_earlier_said }}"}, "when": "fstune_earlier | length > 0"},
            {"name": "Merge them (fstune results merge)",
             "ansible.builtin.command": {"argv": merge},
             "loop": ["md", "html", "json"], "changed_when": True},
            {"name": "Write down which hosts are missing and why, next to the merged table",
             "ansible.builtin.copy": {
                 "dest": "{{ fstune_out }}/missing.txt", "mode": "0644",
                 "content": "{{ ((" + why + ") | join('\n') ~ '\n') if fstune_missing else '' }}"}},
            {"name": "Where the merged table is", "ansible.builtin.debug": {"msg": summary}}]}


def _playbook(run: RunRecord) -> list[dict]:
    return [
        {"name": f"Measure study {run.study} on hosts that share no storage (in parallel)",
         "hosts": f"{GROUP}:!{SHARED}", "become": True, "gather_facts": False,
         "tasks": [{"name": "Measure this host", "ansible.builtin.import_tasks": "measure.yml"}]},
        {"name": f"Measure study {run.study} on hosts that share storage (one at a time)",
         "hosts": f"{GROUP}:&{SHARED}", "serial": 1, "become": True, "gather_facts": False,
         "tasks": [{"name": "Measure this host", "ansible.builtin.import_tasks": "measure.yml"}]},
        _merge_play(run),
    ]


def build_study_export(run: RunRecord, caveats: list[str] | None = None) -> AnsibleExport:
    """The fleet-study project: ``study.yml``, ``measure.yml`` (one host's tasks), an inventory
    stub and a README."""
    # the roles the settings recorded: a study with an external journal needs a second spare
    journal = "journal" in ((run.settings or {}).get("device_roles") or {}).values()
    about = header_lines(run, run.baseline, environment_caveats(run) if caveats is None else caveats)[:1]
    settings = study_settings(run)
    command = shlex.join(["fstune", "run", "--study", run.study, "--device", "DEV"]
                         + (["--log-device", "DEV2"] if journal else []) + settings.arguments() + ["--yes"])
    header = comment([f"Generated by fstune {__version__} from run {run.id}: measures study {run.study} on every "
                      f"host of the group {GROUP} the way run {run.id} was measured, and merges the results.",
                      *about])
    inventory = "\n".join([
        f"# fstune fleet study of run {run.id} ({run.study}). One line per host; per host:",
        "#   fstune_target       a spare device to measure on (ALL DATA ON IT IS DESTROYED, once per configuration)",
        *(["#   fstune_journal      a spare device for the external journal/log (destroyed too)"] if journal else []),
        "#   fstune_host_label   how the host is named in the merged table (default: the inventory name)",
        "#   fstune_study        the study on the host, a name or a file (default: " + run.study + ")",
        "#   fstune_work_dir     where the host keeps its results store and export (default /var/tmp/fstune-study)",
        "#   fstune_target_id    needed when fstune_target is a kernel name (/dev/sdX): what the device must be,",
        "#                       any of size, serial, wwn, partuuid as lsblk shows them (as in site.yml)",
        *(["#   fstune_journal_id   the same for fstune_journal"] if journal else []),
        "#   fstune_overwrite    JSON list of filesystems on these devices you agree to destroy, by UUID:",
        "#                       fstune_overwrite='[\"UUID=0f3c…\"]' (never a path)",
        "#   fstune_fstab        a further fstab the checks read beside /etc/fstab (never instead of it)",
        "#   fstune_results_dir  where the controller keeps the exports and the merged table (default results/)",
        "# The study's settings, the recorded run's unless set (for the whole group, [" + GROUP + ":vars], or the",
        "# merge refuses the hosts that differ); fstune plan checks them on each host before anything is written:",
        *(f"#   {name:<22} {text}" for name, text in SETTING_VARIABLES.items()),
        f"#   (recorded: {shlex.join(['--blocks', str(settings.blocks), '--max-blocks', str(settings.max_blocks)])}; "
        f"{', '.join(settings.params) or 'no workload parameters'})",
        f"# Hosts that share storage (VMs on one disk) go into [{SHARED}] too: they are measured one at a",
        "# time; the others in parallel. Name devices by /dev/disk/by-id or /dev/disk/by-partuuid.",
        "",
        f"[{GROUP}]",
        "canary1 fstune_target=/dev/disk/by-id/CHANGE-ME" + (" fstune_journal=/dev/disk/by-id/CHANGE-ME-TOO"
                                                            if journal else ""),
        "",
        f"[{GROUP}:vars]",
        f"# fstune_workload_params='{json.dumps(list(settings.params[:1]) or ['WORKLOAD.KEY=VALUE'])}'",
        "",
        f"[{SHARED}]",
        "",
    ])
    readme = f"""# Measure study {run.study} across a fleet

{chr(10).join(about)}

`study.yml` runs on every host of the group `{GROUP}`, as root, what run {run.id} ran here:

    {command}

Before anything is written, each host checks its devices (`measure.yml`, the tasks of one host):
a kernel name (`/dev/sdX`, anything not under `/dev/disk/by-*`) needs `fstune_target_id` (and
`fstune_journal_id` for the journal), and the
device must be the one that describes (as `site.yml` checks); then `fstune disks --check` applies
fstune's own rules on the host (mounted, swap, holders, signatures, another filesystem's journal,
fstab/crypttab in every spelling, locks), with the host's `fstune_overwrite`: a device that holds
a filesystem is written only when that list names the filesystem by UUID (`fstune disks --check`
prints the entry). `fstune plan` checks the study's settings, read-only. A host that is refused,
or fails, is recorded with its reason and ends there; the other hosts are measured all the same,
also in `{SHARED}`. A measured host exports its run as JSON and sends it to `fstune_results_dir`
(default `results/`) on the controller. The controller then merges every measured host's file with
`fstune results merge` into `merged.md`, `.html` and `.json` there (titled "fstune fleet
results"), and names each missing host with its reason in the play's last message and in
`missing.txt` beside them: each host's own verdict, and the pooled change across hosts (a
random-effects estimate with its interval and the spread between hosts). The merge refuses a host
whose settings differ (another fstune, an edited study file), naming the difference.

A rerun for some hosts (`--limit canary1,localhost`: the merge runs on localhost, and a `--limit`
without it stops before measuring) keeps the others' results: the merge takes every export
in the results directories, those this play fetched and those an earlier play fetched. An earlier
file is merged only when it is an export of this study measured with the same workload parameters,
blocks and study version as this play's hosts; its row is labelled "(earlier play)", and the
play's last message names each such file with the time it was fetched, each file it left out and
why, and each host this play did not measure whose earlier results it merged. Delete a host's file
from the results directory to leave it out.

The study's settings are the recorded run's unless the inventory (or `-e`) sets them:
{chr(10).join(f"- `{name}`: {text}" for name, text in SETTING_VARIABLES.items())}

Set them for the whole group (`[{GROUP}:vars]`): the merge refuses hosts measured with other
settings, naming the difference. `fstune plan` checks them on each host before anything is
written, and a value fstune does not accept ends that host with fstune's own message.

Each host needs fstune installed (`fstune` on root's PATH) and the study (`fstune_study`, by
default the shipped `{run.study}`). The controller needs fstune too, for the merge, and
ansible-core.

1. Edit `inventory.ini`: one line per host with its spare devices.
2. `ansible-playbook -i inventory.ini study.yml`

Hosts in `{SHARED}` are measured one at a time; the others at the same time.
"""
    return AnsibleExport({"study.yml": "---\n" + header + "\n" + to_yaml(_playbook(run)),
                          "measure.yml": "---\n" + header + "\n" + to_yaml(_measure_tasks(run, journal)),
                          "inventory.ini": inventory, "README.md": readme})


__all__ = ["GROUP", "SETTING_VARIABLES", "SHARED", "StudySettings", "build_study_export", "settings_arguments",
           "study_settings"]
