"""A study measured across a fleet through Ansible: ``fstune export RUN --ansible-study DIR``.

A configuration measured on one machine is a guess about the others. This writes a playbook
that runs the same study, with the settings the run recorded (``RunRecord.settings``: workloads
and every parameter, the repeat rules), headless on each host of the inventory group
``fstune_study``, on the spare devices named in its host variables. Ansible is the engine: each
host runs fstune itself, which checks the devices with the rules of ``fstune disks`` (``fstune
plan`` first, read-only: a device that is not free ends that host with fstune's reason) and
measures; the host's JSON export is fetched to the controller, and the controller merges every
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

from fstune import __version__
from fstune.deploy.ansible import AnsibleExport
from fstune.deploy.ansible_checks import IDENTITY_FIELDS, identity_assert, kernel_name_assert
from fstune.deploy.yaml_writer import Raw
from fstune.deploy.measured import comment, environment_caveats, header_lines
from fstune.deploy.yaml_writer import to_yaml
from fstune.errors import UsageError
from fstune.results.records import RunRecord

GROUP, SHARED = "fstune_study", "fstune_shared"


def settings_arguments(run: RunRecord, rules_too: bool = True) -> list[str]:
    """The ``fstune run`` options that measure the way ``run`` was measured, from its settings;
    without ``rules_too`` only those ``fstune plan`` takes as well (not the cap on blocks)."""
    settings = run.settings or {}
    params = settings.get("workload_params")
    rules = settings.get("repeat_rules") or {}
    if params is None or not rules:
        raise UsageError(f"run {run.id} does not record the settings it was measured with (made by an older "
                         "fstune), so other hosts cannot measure it the same way.",
                         "Measure it again with this fstune, then export it.")
    args = ["--workloads", ",".join(params) or "none"]
    for workload, values in params.items():
        for key, value in values.items():
            args += ["--workload-param", f"{workload}.{key}={value}"]
    args += ["--configs", ",".join(c.name for c in run.configs)]
    args += ["--blocks", str(rules.get("planned", run.repeats or 3))]
    primary = (run.design or {}).get("primary") or {}
    if primary.get("workload") and primary.get("metric"):  # the figure its blocks stopped on
        args += ["--primary", f"{primary['workload']}:{primary['metric']}"]
    if not rules_too:
        return args
    if "looks" not in rules:  # a run of an older fstune: its repeats become the blocks
        raise UsageError(f"run {run.id} was measured before blocks (one configuration after another), so other "
                         "hosts cannot measure it the same way.", "Measure it again with this fstune, then export it.")
    # the cap decides the looks (fstune.plan.schedule_looks), so the hosts look alike
    args += ["--max-blocks", str(rules.get("max", rules.get("planned", 3)))]
    return args


def _check_tasks(journal: bool) -> list[dict]:
    """Before any write, per host: each device is named for good and is the one the host describes
    (site.yml's own identity checks), and fstune's rules allow writing it (``fstune disks
    --check``, the inventory's rules with the host's ``fstune_overwrite``)."""
    read = {"changed_when": False, "check_mode": False}
    devices = ["{{ fstune_target }}"] + (["{{ fstune_journal }}"] if journal else [])
    roles = [("target", "fstune_t", "fstune_target")] + ([("journal", "fstune_j", "fstune_journal")] if journal else [])
    overwrite = " + (fstune_overwrite | default([]) | map('regex_replace', '^', '--overwrite=') | list)"
    tasks: list[dict] = [
        {"name": "Read what names each device for good (size, serial, WWN, PARTUUID)",
         "ansible.builtin.command": {"argv": ["lsblk", "--json", "--bytes", "--nodeps", "--output",
                                              ",".join(f.upper() for f in IDENTITY_FIELDS), "{{ item }}"]},
         "loop": devices, "register": "fstune_identity", **read},
        {"name": "Read every name udev has for each device",
         "ansible.builtin.command": {"argv": ["udevadm", "info", "--query=symlink", "--name", "{{ item }}"]},
         "loop": devices, "register": "fstune_links", "failed_when": False, **read},
        {"name": "Collect what the checks need",
         "ansible.builtin.set_fact": {
             k: v for i, (_, prefix, _) in enumerate(roles) for k, v in {
                 f"{prefix}_identity": "{{ (fstune_identity.results[" + str(i) + "].stdout | from_json)"
                                       ".blockdevices[0] }}",
                 f"{prefix}_links": "{{ fstune_links.results[" + str(i) + "].stdout.split()"
                                    " | map('regex_replace', '^/?(dev/)?', '/dev/') | list }}"}.items()}},
    ]
    for role, prefix, var in roles:
        tasks.append(kernel_name_assert(role, prefix, var, f"{var}_id"))
        tasks.append(identity_assert(role, prefix, var, f"{var}_id"))
    for role, prefix, var in roles:
        tasks += [
            {"name": f"Check the {role} device with fstune's rules (fstune disks --check, read-only)",
             "ansible.builtin.command": {
                 "argv": "{{ ['fstune', 'disks', '--check', " + var + ", '--role', '" + role + "']" + overwrite + " }}"},
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
    settings, checked = settings_arguments(run), settings_arguments(run, rules_too=False)
    devices = ["--device", "{{ fstune_target }}"] + (["--log-device", "{{ fstune_journal }}"] if journal else [])
    study = ["--study", "{{ fstune_study_ref }}"]
    overwrite = " + (fstune_overwrite | default([]) | map('regex_replace', '^', '--overwrite=') | list)"

    def argv(words: list[str]) -> str:
        # one Jinja list: the words as literals, each {{ variable }} in them as that variable
        terms = []
        for word in words:
            parts = re.split(r"\{\{ *(\w+) *\}\}", word)
            terms.append(" ~ ".join(json.dumps(p) if i % 2 == 0 else p for i, p in enumerate(parts) if p or i % 2))
        return "{{ [" + ", ".join(terms) + "]" + overwrite + " }}"

    steps = [
        {"name": "The devices to measure on are set",
         "ansible.builtin.assert": {
             "that": ["fstune_target is defined and fstune_target | length > 0"]
                     + (["fstune_journal is defined and fstune_journal | length > 0"] if journal else []),
             "fail_msg": "set fstune_target" + (" and fstune_journal" if journal else "")
                         + " (spare devices: everything on them is destroyed) for this host.", "quiet": True}},
        {"name": "Make the host's own results store", "ansible.builtin.file": {
            "path": "{{ fstune_work }}/state", "state": "directory", "mode": "0700"}},
        *_check_tasks(journal),
        # read-only: the study's settings and sizes checked by fstune itself
        {"name": "Check the study on these devices (fstune plan, read-only)",
         "ansible.builtin.command": {"argv": argv(["fstune", "plan", *study, *devices, *checked])},
         "changed_when": False, "check_mode": False, **ENV},
        {"name": "Measure the study (fstune run)",
         "ansible.builtin.command": {"argv": argv(["fstune", "run", *study, *devices, *settings, "--yes",
                                                   "--run-id", "fleet-{{ fstune_label }}"])},
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


def _playbook(run: RunRecord) -> list[dict]:
    members = f"groups['{GROUP}'] | map('extract', hostvars)"
    files = "{{ " + members + " | selectattr('fstune_exported', 'defined') | map(attribute='fstune_exported') | list }}"
    labels = "{{ " + members + " | selectattr('fstune_exported', 'defined') | map(attribute='fstune_label') | list }}"
    # a host neither exported nor refused did not get that far (unreachable, or stopped by Ansible itself)
    missing = Raw("{{ " + f"groups['{GROUP}'] | map('extract', hostvars) | rejectattr('fstune_exported', 'defined')\n"
                  "   | map(attribute='inventory_hostname') | list }}")
    merge = ("{{ ['fstune', 'results', 'merge'] + fstune_files + (fstune_files | map('basename') | zip(fstune_labels)"
             " | map('join', '=') | map('regex_replace', '^', '--label=') | list)"
             " + ['-o', fstune_out ~ '/merged.' ~ item] }}")
    reasons = Raw("{{ fstune_missing | map('extract', hostvars) | map(attribute='fstune_refused', default='not "
                  "reached: see the errors above') | list }}")
    why = "fstune_missing | zip(fstune_reasons) | map('join', ': ') | list"
    return [
        {"name": f"Measure study {run.study} on hosts that share no storage (in parallel)",
         "hosts": f"{GROUP}:!{SHARED}", "become": True, "gather_facts": False,
         "tasks": [{"name": "Measure this host", "ansible.builtin.import_tasks": "measure.yml"}]},
        {"name": f"Measure study {run.study} on hosts that share storage (one at a time)",
         "hosts": f"{GROUP}:&{SHARED}", "serial": 1, "become": True, "gather_facts": False,
         "tasks": [{"name": "Measure this host", "ansible.builtin.import_tasks": "measure.yml"}]},
        {"name": "Merge every measured host's results into one table on the controller",
         "hosts": "localhost", "connection": "local", "gather_facts": False,
         "vars": {"fstune_files": files, "fstune_labels": labels, "fstune_missing": missing,
                  "fstune_reasons": reasons,
                  "fstune_out": "{{ (fstune_files | first | dirname) if fstune_files else "
                                "(fstune_results_dir | default(playbook_dir ~ '/results')) }}"},
         "tasks": [
             {"name": "Some host has results", "ansible.builtin.assert": {
                 "that": ["fstune_files | length > 0"],
                 "fail_msg": "no host of the group " + GROUP + " was measured: {{ " + why
                             + " | join('; ') }}.", "quiet": True}},
             {"name": "Merge them (fstune results merge)",
              "ansible.builtin.command": {"argv": merge},
              "loop": ["md", "html", "json"], "changed_when": True},
             {"name": "Write down which hosts are missing and why, next to the merged table",
              "ansible.builtin.copy": {
                  "dest": "{{ fstune_out }}/missing.txt", "mode": "0644",
                  "content": "{{ ((" + why + ") | join('\n') ~ '\n') if fstune_missing else '' }}"}},
             {"name": "Where the merged table is",
              "ansible.builtin.debug": {
                  "msg": Raw("{{ fstune_out ~ '/merged.md (and .html, .json): ' ~ fstune_files | length ~ ' host(s)'"
                             " ~ ((', missing ' ~ fstune_missing | length ~ ' (' ~ fstune_out ~ '/missing.txt): '"
                             " ~ (" + why + ") | join('; ')) if fstune_missing else '') }}")}}]},
    ]


def build_study_export(run: RunRecord, caveats: list[str] | None = None) -> AnsibleExport:
    """The fleet-study project: ``study.yml``, an inventory stub and a README."""
    # the roles the settings recorded: a study with an external journal needs a second spare
    journal = "journal" in ((run.settings or {}).get("device_roles") or {}).values()
    about = header_lines(run, run.baseline, environment_caveats(run) if caveats is None else caveats)[:1]
    command = shlex.join(["fstune", "run", "--study", run.study, "--device", "DEV"]
                         + (["--log-device", "DEV2"] if journal else []) + settings_arguments(run) + ["--yes"])
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
        "#   fstune_overwrite    JSON list of filesystems on these devices you agree to destroy, by UUID:",
        "#                       fstune_overwrite='[\"UUID=0f3c…\"]' (never a path)",
        "#   fstune_fstab        the fstab the checks read (default /etc/fstab)",
        "#   fstune_results_dir  where the controller keeps the exports and the merged table (default results/)",
        f"# Hosts that share storage (VMs on one disk) go into [{SHARED}] too: they are measured one at a",
        "# time; the others in parallel. Name devices by /dev/disk/by-id or /dev/disk/by-partuuid.",
        "",
        f"[{GROUP}]",
        "canary1 fstune_target=/dev/disk/by-id/CHANGE-ME" + (" fstune_journal=/dev/disk/by-id/CHANGE-ME-TOO"
                                                            if journal else ""),
        "",
        f"[{SHARED}]",
        "",
    ])
    readme = f"""# Measure study {run.study} across a fleet

{chr(10).join(about)}

`study.yml` runs on every host of the group `{GROUP}`, as root, what run {run.id} ran here:

    {command}

Before anything is written, each host checks its devices (`measure.yml`, the tasks of one host):
a kernel name (`/dev/sdX`, anything not under `/dev/disk/by-*`) needs `fstune_target_id`, and the
device must be the one that describes (as `site.yml` checks); then `fstune disks --check` applies
fstune's own rules on the host (mounted, swap, holders, signatures, another filesystem's journal,
fstab/crypttab in every spelling, locks), with the host's `fstune_overwrite`: a device that holds
a filesystem is written only when that list names the filesystem by UUID (`fstune disks --check`
prints the entry). `fstune plan` checks the study's settings, read-only. A host that is refused,
or fails, is recorded with its reason and ends there; the other hosts are measured all the same,
also in `{SHARED}`. A measured host exports its run as JSON and sends it to `fstune_results_dir`
(default `results/`) on the controller. The controller then merges every measured host's file with
`fstune results merge` into `merged.md`, `.html` and `.json` there, and names each missing host
with its reason in the play's last message and in `missing.txt` beside them: each host's own verdict,
and the pooled change across hosts (a random-effects estimate with its interval and the spread
between hosts). The merge refuses a host whose settings differ (another fstune, an edited study
file), naming the difference.

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


__all__ = ["GROUP", "SHARED", "build_study_export", "settings_arguments"]
