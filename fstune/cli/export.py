"""``fstune export RUN --config NAME --ansible DIR | --fstab | --systemd [--write-fstab]``.

From one measured server to the fleet: the configuration a run measured, as an Ansible
playbook, as fstab lines, or as a systemd .mount unit, each saying what it was measured to do.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from fstune.devices.system import FSTAB_ENV  # where --write-fstab writes (the fstab fstune reads)
from fstune.errors import UsageError

DESCRIPTION = """\
Turn a measured configuration into what you keep on your servers.

  fstune export RUN --config NAME --ansible DIR   a playbook (site.yml), an inventory stub and a
                                                  README: checks each host's devices with fstune's
                                                  safety rules, makes the same filesystem with the
                                                  same mkfs options and journal, mounts it for good
  fstune export RUN --config NAME --fstab         the fstab line (UUID=, options, the journal by its
                                                  /dev/disk/by-partuuid path, else by-uuid) for
                                                  this machine
  fstune export RUN --config NAME --systemd       the same as a systemd .mount unit
  fstune export RUN --ansible-study DIR           a playbook that measures the run's study, with its
                                                  settings, on every host of an inventory group and
                                                  merges the hosts' results (each host's verdict and
                                                  the pooled change across hosts)
  fstune export RUN --config NAME --fstab --write-fstab
                                                  add the line to /etc/fstab: backup, temp file,
                                                  fsync, rename; refused if the mountpoint or the
                                                  devices already have an entry

--fstab and --systemd read the UUIDs from the devices as they are now (the run's devices unless
--device/--log-device name others), so the configuration must have been made there first.
RUN is a run id from 'fstune results list', or "last".
"""



def add_parser(sub, formatter_class) -> None:
    parser = sub.add_parser("export", help="a measured configuration as Ansible playbook, fstab lines or .mount unit",
                            description=DESCRIPTION, formatter_class=formatter_class)
    parser.add_argument("run", metavar="RUN", help='a run id, or "last"')
    parser.add_argument("--config", metavar="NAME", help="the configuration to export (all but --ansible-study)")
    what = parser.add_argument_group("what to export (at least one)")
    what.add_argument("--ansible", metavar="DIR", help="write site.yml, inventory.ini and README.md into DIR")
    what.add_argument("--fstab", action="store_true", help="print the fstab line")
    what.add_argument("--systemd", action="store_true", help="print a systemd .mount unit")
    what.add_argument("--ansible-study", metavar="DIR",
                      help="write study.yml, inventory.ini and README.md into DIR: a playbook that measures the "
                      "run's study with its settings on every host of an inventory group and merges the results")
    parser.add_argument("--mountpoint", metavar="PATH", help="where to mount it (default /srv/fstune-CONFIG)")
    parser.add_argument("--device", metavar="DEV", help="the device holding the filesystem (default: the run's)")
    parser.add_argument("--log-device", metavar="DEV", help="its external journal/log device (default: the run's)")
    parser.add_argument("--nofail", action="store_true",
                        help="let the machine boot without this filesystem when a device is missing (fstab's "
                        "nofail; the playbook's fstune_nofail=true)")
    parser.add_argument("--write-fstab", action="store_true",
                        help="also add the line to /etc/fstab (backup, temp file, fsync, rename)")
    parser.add_argument("--force", action="store_true",
                        help="export a configuration that was not measured better than the baseline on the "
                        "study's primary metric (refused otherwise, with the verdict)")
    parser.add_argument("--replace", action="store_true",
                        help="let --ansible and --ansible-study replace files already in DIR (refused otherwise)")
    # hidden: tests point --write-fstab at a copy; nobody else needs another fstab
    parser.add_argument("--fstab-path", help=argparse.SUPPRESS)
    parser.set_defaults(func=run_export)


def _load_run(text: str):
    from fstune.cli.results import load_runs

    (run,) = load_runs([text])
    return run


def run_export(args) -> int:
    from fstune.deploy.fstab import DEFAULT_FSTAB, fstab_text, write_fstab
    from fstune.deploy.measured import environment_caveats, export_refusal, find_config, header_lines
    from fstune.deploy.mount import default_mountpoint, normalize_mountpoint, resolve_mount
    from fstune.deploy.systemd import unit_text

    if not (args.ansible or args.fstab or args.systemd or args.ansible_study):
        raise UsageError("say what to export: --ansible DIR, --fstab, --systemd or --ansible-study DIR.")
    if args.ansible_study:
        from fstune.deploy.ansible import write_export
        from fstune.deploy.fleet_study import build_study_export

        run = _load_run(args.run)
        export = build_study_export(run)
        write_export(Path(args.ansible_study), export.files, args.replace)
        print(f"fstune: wrote {', '.join(export.files)} in {args.ansible_study}. It needs ansible-core, and fstune on "
              "every host. Edit inventory.ini, then: ansible-playbook -i inventory.ini study.yml", file=sys.stderr)
        if not (args.ansible or args.fstab or args.systemd):
            return 0
    if not args.config:
        raise UsageError("say which configuration to export with --config NAME.")
    if args.write_fstab and not args.fstab:
        raise UsageError("--write-fstab writes the --fstab line; pass --fstab too, and check what it prints.")
    run = _load_run(args.run)
    config = find_config(run, args.config)
    from fstune.screening.record import export_refusal as screening_refusal

    why = screening_refusal(run.design or {}, run.id) or export_refusal(run, config.name)
    if why and not args.force:
        raise UsageError(f"{why} Rolling it out would repeat a change nobody showed to help.",
                         "Pass --force to export it anyway; its header will say the same.")
    if why:
        print(f"fstune: warning: {why}", file=sys.stderr)
    mountpoint = normalize_mountpoint(args.mountpoint or default_mountpoint(config.name))
    if args.ansible:
        from fstune.deploy.ansible import build_export, write_export

        export = build_export(run, config.name, mountpoint)
        directory = Path(args.ansible)
        write_export(directory, export.files, args.replace)
        print(f"fstune: wrote {', '.join(export.files)} in {directory}. It needs ansible-core only (every task "
              "is ansible.builtin; no collections). Edit inventory.ini (name devices by /dev/disk/by-id or "
              f"by-partuuid), then: ansible-playbook -i inventory.ini site.yml --check --diff", file=sys.stderr)
    if args.fstab or args.systemd:
        spec = resolve_mount(run, config.name, mountpoint, args.device, args.log_device, nofail=args.nofail)
        about = header_lines(run, config.name, environment_caveats(run))
        if args.fstab:
            text = fstab_text(spec, about)
            sys.stdout.write(text)
            if args.write_fstab:
                path = args.fstab_path or os.environ.get(FSTAB_ENV) or DEFAULT_FSTAB
                backup = write_fstab(spec, text, path)
                print(f"fstune: added {spec.mountpoint} to {path}; the old one is {backup}.", file=sys.stderr)
        if args.systemd:
            if args.fstab:
                sys.stdout.write("\n")
            sys.stdout.write(unit_text(spec, about))
    return 0
