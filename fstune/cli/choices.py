"""What `fstune plan` and `fstune run` share: their options and turning them into Choices."""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap

from fstune import workloads
from fstune.devices import overwrite as overwrites
from fstune.errors import UsageError
from fstune.plan import (
    DEFAULT_LOOKS, Choices, DeviceChoice, OptionOverride, check_max_blocks, check_run_id, new_run_id, resolve_device,
    select_configurations,
)
from fstune.studies import find_study
from fstune.units import format_size
from fstune.workloads import WORKLOADS


def add_choice_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--study", required=True, metavar="NAME",
                        help="the study to run (see 'fstune recipes'), or a path to a study .toml file")
    parser.add_argument("--device", metavar="DEV",
                        help="the target partition; it is formatted once per configuration")
    parser.add_argument("--lab", nargs="?", const="", metavar="DIR",
                        help="no spare disk? use the loop-device lab's first data partition and the spare "
                        "on the other lab disk (from 'fstune lab up'; DIR if it is not the default)")
    parser.add_argument("--log-device", metavar="DEV",
                        help="a spare partition for the external journal/log, best on another disk")
    parser.add_argument("--option", action="append", default=[], metavar="[CONFIG:]NAME[=VALUE]",
                        help="add or change a mount option in every configuration (or only in CONFIG); "
                        "checked against the filesystem, e.g. --option noatime --option tuned:logbufs=8")
    parser.add_argument("--workloads", metavar="NAME,…|none",
                        help=f"workloads to run instead of the study's own: {', '.join(WORKLOADS)}; "
                        "'none' only makes and mounts each configuration")
    parser.add_argument("--workload-param", action="append", default=[], metavar="WORKLOAD.KEY=VALUE",
                        help=f"a workload parameter (listed below), e.g. {_example_param()}")
    parser.add_argument("--configs", metavar="NAME,…",
                        help="run only these configurations (the baseline is always kept), e.g. to skip a "
                        "filesystem this kernel lacks")
    parser.add_argument("--blocks", "--repeats", dest="repeats", type=int, metavar="N",
                        help="blocks planned before the first look: each block makes, measures (one repeat of "
                        "every workload) and unmounts every configuration once, in an order drawn for each block "
                        "(default: the study's 'repeats', at least 3; --repeats is the old name)")
    parser.add_argument("--order-seed", type=int, metavar="N",
                        help="draw the order of the configurations in each block from this seed instead of a "
                        "new one (the plan, the dry-run script and the stored run show the seed used)")
    parser.add_argument("--max-blocks", "--max-repeats", dest="max_blocks", type=int, default=DEFAULT_LOOKS[-1],
                        metavar="N",
                        help="the cap: never more than N blocks (default %(default)s; --max-repeats is the old "
                        "name). After the planned blocks fstune looks at the study's primary metric; while "
                        "its interval does not decide (beyond or inside ±δ) it adds blocks up to the next "
                        "look (by default after 5, 10 and 15 blocks), then stops at the cap. A cap at or "
                        "below --blocks gives one look at the cap: a fixed number of blocks. The plan's "
                        "header states the looks and the cap")
    parser.add_argument("--primary", metavar="WORKLOAD:METRIC",
                        help="the figure the blocks stop on, instead of the study's own primary metric: one of "
                        "the running workloads' metrics, e.g. writes:build.mb_written (needed when the chosen "
                        "workloads declare none; docs/verdicts.md)")
    parser.add_argument("--assume-size", metavar="SIZE",
                        help="plan for a --device that is not on this machine, of this size (dry runs only)")
    parser.add_argument("--assume-log-size", metavar="SIZE",
                        help="likewise for a --log-device that is not on this machine")
    parser.add_argument("--overwrite", action="append", default=[], metavar="UUID=<uuid>",
                        help="the filesystem you agree to destroy on a device that holds one, by its UUID "
                        "(repeatable; `fstune disks --check DEV` prints it). Without a terminal (--yes, a saved "
                        "script) fstune writes a device that holds a filesystem only when it is named here")
    parser.add_argument("--no-force", action="store_true",
                        help="do not pass the mkfs tools' force flag; they may then stop and ask")
    parser.add_argument("--ceiling", action="store_true",
                        help=f"before the first mkfs, run the {_ceiling_workloads()} workload's phases once on the "
                        "raw target device (direct I/O, a few seconds a phase; it is formatted next anyway), and "
                        "show each configuration's rates as a share of it, e.g. 'internal reaches 83 %% of the "
                        "raw device's sequential write rate'. Only with that workload; never touches the "
                        "journal/log device")
    parser.epilog = workload_params_help()


def _ceiling_workloads() -> str:
    from fstune.plan import ceiling_workload

    return " or ".join(name for name in WORKLOADS if ceiling_workload([name]))


def _example_param() -> str:
    workload = workloads.all()[0]
    param = next(iter(workload.params.values()))
    return f"{workload.name}.{param.name}={param.default}"


def workload_params_help(width: int | None = None) -> str:
    """Every workload's parameters as ``--workload-param`` takes them, from their declarations.

    As wide as argparse makes the options above it (the terminal's width, less 2)."""
    if width is None:
        width = max(60, shutil.get_terminal_size().columns - 2)
    lines = textwrap.wrap("Workload parameters (--workload-param WORKLOAD.KEY=VALUE; without one, the "
                          "study's value):", width=width)
    column = 30
    for workload in workloads.all():
        for param in workload.params.values():
            key = f"  {workload.name}.{param.name}={param.default}"
            text = f"{param.help}; {param.describe()}"
            if len(key) + 2 > column:  # a long default (a path) gets a line of its own
                lines.append(key)
                key = ""
            lines.append(textwrap.fill(text, width=width, initial_indent=key.ljust(column),
                                       subsequent_indent=" " * column))
    return "\n".join(lines)


def _workloads(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    if text.strip().lower() == "none":
        return ()
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    for name in names:
        if name not in WORKLOADS:
            raise UsageError(f"'{name}' is not a workload; known: {', '.join(WORKLOADS)} (or 'none').")
    return names


def _workload_params(items: list[str]) -> dict[str, dict[str, object]]:
    params: dict[str, dict[str, object]] = {}
    for item in items:
        key, sep, value = item.partition("=")
        workload, dot, name = key.partition(".")
        if not sep or not dot or not name:
            raise UsageError(f"--workload-param '{item}' must look like WORKLOAD.KEY=VALUE, e.g. metadata.clients=15.")
        params.setdefault(workload.strip(), {})[name.strip()] = value.strip()
    return params


def lab_devices(args: argparse.Namespace, *, build: bool, journal: bool = True) -> None:
    """Fill in --device/--log-device from the lab; with ``build``, make the lab if there is none.
    ``journal``: some chosen configuration has an external journal, so the lab's spare is named."""
    from fstune import lab as labs

    if args.device:
        raise UsageError("--lab picks the devices itself; leave out --device (and --log-device).")
    directory = args.lab or None
    status = labs.lab_status(directory)
    if not status.live or (build and status.server_ended):  # lab_up clears a lab whose server ended
        if not build:
            raise UsageError(f"there is no lab in {status.directory} to plan for.",
                             "Make one with 'sudo fstune lab up' (or let 'fstune run --lab' make it).")
        lab = labs.lab_up(directory=directory)
        print(f"fstune: made a lab of {len(lab.disks)} loop-device disks in {lab.directory}; "
              f"remove it with 'sudo fstune lab down{' --dir ' + str(lab.directory) if directory else ''}'.",
              file=sys.stderr)
    else:
        lab = labs.load_lab(directory)
    args.device, spare = lab.pairs()[0]
    args.log_device = args.log_device or (spare if journal else None)


def build_choices(args: argparse.Namespace, inventory, *, run_id: str | None = None, study=None,
                  build_lab: bool = False) -> Choices:
    """Turn the parsed options into Choices; the inventory decides what each device may be.

    ``build_lab`` (``fstune run``): with --lab, make the lab if there is none, and on lab
    devices wipe the unused journals earlier runs left.
    """
    if run_id is not None:
        check_run_id(run_id)  # before anything is made (a lab) or read under that name
    if getattr(args, "max_blocks", None) is not None:
        check_max_blocks(args.max_blocks)
    overwrite = overwrites.parse(getattr(args, "overwrite", ()))
    study = study if study is not None else find_study(args.study)  # fstune screen makes its own
    chosen_workloads = _workloads(args.workloads)
    if getattr(args, "primary", None):
        study = study.with_primary(args.primary, study.workloads if chosen_workloads is None else chosen_workloads)
    configs = tuple(n.strip() for n in args.configs.split(",") if n.strip()) if args.configs else None
    chosen = select_configurations(study, configs)  # devices are checked for these only (--configs)
    if args.lab is not None:
        lab_devices(args, build=build_lab, journal=chosen.needs_journal_device)
        if build_lab:
            from fstune.devices import scan

            inventory = scan()  # the lab's partitions were not there when the caller scanned
    elif not args.device:
        raise UsageError("name the target partition with --device DEV.",
                         "No spare disk? Practise on loop-device disks with --lab.")
    if build_lab and inventory is not None:
        # `fstune run` only: a journal an earlier run left on a lab disk is fstune's own
        # leftover, wiped rather than refused (docs/refused-devices.md) — but only on a device
        # the run will write: a spare no chosen configuration uses is left as it is
        from fstune import lab as labs
        from fstune.devices.rules import orphan_journal

        written = (args.device, args.log_device if chosen.needs_journal_device else None)
        picked = [inventory.find(path) for path in written if path]
        stale = [d.path for d in picked if d is not None and d.lab and orphan_journal(d, inventory.facts)]
        if stale:
            for line in labs.reinit_orphans(stale):
                print(f"fstune: {line}", file=sys.stderr)
            from fstune.devices import scan

            inventory = scan()
    target = resolve_device(args.device, chosen, "target", args.assume_size, inventory, overwrite=overwrite)
    log = None
    if args.log_device:
        log = resolve_device(args.log_device, chosen, "journal", args.assume_log_size, inventory,
                             partner=None if target.assumed else target.path, overwrite=overwrite)
    return Choices(
        study=study,
        target=target,
        log_device=log,
        options=tuple(OptionOverride.parse(text) for text in args.option),
        workloads=chosen_workloads,
        workload_params=_workload_params(args.workload_param),
        repeats=args.repeats,
        order_seed=getattr(args, "order_seed", None),
        max_blocks=getattr(args, "max_blocks", None),
        configs=configs,
        force=not args.no_force,
        ceiling=args.ceiling,
        overwrite=overwrite,
        run_id=run_id or new_run_id(),
    )


def describe_device(choice: DeviceChoice) -> str:
    return f"{choice.path} ({format_size(choice.size)})"
