"""`fstune lab up|status|down`: loop-device disks to practise on."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.table import Table

from fstune import lab as labmod
from fstune.units import format_size

DESCRIPTION = """\
A lab is a set of file-backed loop devices that look like disks, for workshops and for machines
with no spare disk. Each lab disk gets a GPT with two partitions:

  fstune-data    the filesystem under test
  fstune-spare   room for an external journal or log (default 256 MiB)

The spare serving a data partition is on the next disk (disk 1's data uses disk 2's spare, and
so on round-robin), because a journal on the same disk as its filesystem gains no seek benefit.

  sudo fstune lab up                   two 1 GiB sparse disks in /var/tmp/fstune-lab
  fstune lab status                    what is attached, mounted, or was deleted
  sudo fstune lab down                 unmount, detach and delete it all

With FSTUNE_LAB_ONLY=1 fstune refuses to write to anything that is not a lab disk.
"""


# a shipped study that uses both partitions of a pair, for the "Next:" hint
EXAMPLE_STUDY = "ext4-external-journal"


def _disk_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of disks") from None
    if not 1 <= value <= labmod.MAX_DISKS:
        raise argparse.ArgumentTypeError(f"a lab has 1 to {labmod.MAX_DISKS} disks")
    return value


def add_parser(subparsers, formatter_class=argparse.RawDescriptionHelpFormatter) -> None:
    parser = subparsers.add_parser(
        "lab", help="loop-device disks to practise on (up, status, down)",
        description=DESCRIPTION, formatter_class=formatter_class,
    )
    parser.set_defaults(func=lambda args: _no_action(parser))
    actions = parser.add_subparsers(dest="lab_command", metavar="ACTION")
    dir_help = f"the lab's directory (default {labmod.DEFAULT_DIR})"

    up = actions.add_parser(
        "up", help="make the lab disks (needs root)", formatter_class=formatter_class,
        description="Create sparse backing files, attach them as loop devices, and partition each "
        "into a data and a spare partition.\nThe disks take no space until something is written.",
    )
    up.add_argument("--disks", type=_disk_count, default=2, metavar="N",
                    help="how many disks (default 2; 1 puts the spare on the same disk)")
    up.add_argument("--size", default=labmod.DEFAULT_SIZE, metavar="SIZE",
                    help=f"size of each disk, e.g. 1G, 2GiB (default {labmod.DEFAULT_SIZE})")
    up.add_argument("--spare-size", default=labmod.DEFAULT_SPARE_SIZE, metavar="SIZE",
                    help=f"size of each spare partition (default {labmod.DEFAULT_SPARE_SIZE}; "
                    "XFS logs need 64M or more)")
    up.add_argument("--dir", dest="directory", type=Path, metavar="DIR", help=dir_help)
    up.set_defaults(func=run_up)

    status = actions.add_parser(
        "status", help="show lab disks, partitions and mounts", formatter_class=formatter_class,
        description="Show each lab disk: attached or not, backing file present or deleted, its "
        "partitions and mounts.\nWithout --dir it shows every lab it can find.",
    )
    status.add_argument("--dir", dest="directory", type=Path, metavar="DIR", help=dir_help)
    status.add_argument("--json", action="store_true", help='print {"labs": [...]} as JSON')
    status.set_defaults(func=run_status)

    down = actions.add_parser(
        "down", help="unmount, detach and delete the lab (needs root)", formatter_class=formatter_class,
        description="Unmount whatever is mounted from the lab's devices (only those), detach the loop "
        "devices and delete the backing files and manifest.\nWorks after a killed `lab up` and when "
        "the backing files were already deleted.",
    )
    down.add_argument("--dir", dest="directory", type=Path, metavar="DIR", help=dir_help)
    down.set_defaults(func=run_down)


def _no_action(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def _console() -> Console:
    # paths must not be cut: let long lines run on rather than fold them mid-path
    return Console(highlight=False, soft_wrap=True)


def _dir_flag(directory: Path | str) -> str:
    return "" if Path(directory).resolve() == labmod.DEFAULT_DIR.resolve() else f" --dir {directory}"


def run_up(args: argparse.Namespace) -> int:
    lab = labmod.lab_up(args.disks, args.size, args.directory, args.spare_size)
    out = _console()
    out.print(f"Made a lab of {len(lab.disks)} disk(s) of {format_size(lab.size)} in {lab.directory}")
    table = Table(show_edge=False)
    for column in ("disk", "loop", "data partition", "spare partition", "spare serves"):
        table.add_column(column, overflow="fold")
    for disk in lab.disks:
        table.add_row(
            str(disk.index), _short(disk.loop),
            f"{_short(disk.data)} {format_size(disk.data_size)}",
            f"{_short(disk.spare)} {format_size(disk.spare_size)}",
            _short(disk.spare_serves),
        )
    out.print(table)
    out.print("Journal/log pairs (data partition ← the spare that serves it):")
    for data, spare in lab.pairs():
        out.print(f"  {data}  ←  {spare}")
    for warning in lab.warnings:
        out.print(f"[yellow]warning:[/] {warning}")
    data, spare = lab.pairs()[0]
    flag = _dir_flag(lab.directory)
    out.print("\nNext:")
    out.print("  fstune disks                  the lab partitions show up as usable")
    out.print("  fstune recipes                the studies to choose from")
    out.print(f"  fstune plan --study {EXAMPLE_STUDY} --device {data} --log-device {spare}")
    out.print(f"  fstune lab status{flag}")
    out.print(f"Remove it all with: sudo fstune lab down{flag}")
    return 0


def run_status(args: argparse.Namespace) -> int:
    directories = [args.directory] if args.directory else labmod.find_labs()
    statuses = [labmod.lab_status(d) for d in directories]
    statuses = [s for s in statuses if s.exists]
    if args.json:
        print(json.dumps({"labs": [s.to_dict() for s in statuses]}, indent=2))
        return 0
    out = _console()
    if not statuses:
        where = f" in {Path(args.directory).resolve()}" if args.directory else ""
        out.print(f"No fstune lab{where}. Make one with: sudo fstune lab up")
        return 0
    for status in statuses:
        attached = sum(d.attached for d in status.disks)
        state = {"ready": "", "creating": " (unfinished)", None: " (no manifest)"}.get(status.state, f" ({status.state})")
        out.print(f"Lab in {status.directory}{state}: {attached} of {len(status.disks)} disk(s) attached")
        table = Table(show_edge=False)
        for column in ("disk", "loop", "backing file", "data", "spare", "mounted"):
            table.add_column(column, overflow="fold")
        for disk in status.disks:
            if disk.backing_deleted:
                backing = "[red]deleted[/]"
            elif disk.backing_present:
                backing = "present"
            else:
                backing = "[red]missing[/]"
            parts = {p.role: p for p in disk.partitions}
            mounts = disk.mountpoints + [m for p in disk.partitions for m in p.mountpoints]
            table.add_row(
                str(disk.index), _short(disk.loop) if disk.loop else "[red]not attached[/]", backing,
                _part_cell(parts.get("data")), _part_cell(parts.get("spare")),
                ", ".join(mounts) or "no",
            )
        out.print(table)
        pairs = [(p.path, p.pair) for d in status.disks for p in d.partitions if p.role == "data" and p.pair]
        if pairs:
            out.print("Journal/log pairs: " + ", ".join(f"{data} ← {spare}" for data, spare in pairs))
        for warning in status.warnings:
            out.print(f"[yellow]warning:[/] {warning}")
    return 0


def _part_cell(part: labmod.PartitionStatus | None) -> str:
    if part is None or not part.present:
        return "-"
    return f"{_short(part.path)} {format_size(part.size)}"


def _short(path: str) -> str:
    # tables show kernel names so they fit 80 columns; full paths are printed beside them
    return path.removeprefix("/dev/")


def run_down(args: argparse.Namespace) -> int:
    report = labmod.lab_down(args.directory)
    out = _console()
    if not report.found:
        out.print(f"No fstune lab in {report.directory}; nothing to do.")
        others = [d for d in labmod.find_labs() if str(d) != report.directory]
        if others:
            out.print("Labs found elsewhere: " + ", ".join(f"sudo fstune lab down --dir {d}" for d in others))
        return 0
    for mountpoint in report.unmounted:
        out.print(f"unmounted {mountpoint}")
    for device in report.swapped_off:
        out.print(f"swap off  {device}")
    for device in report.detached:
        out.print(f"detached  {device}")
    for path in report.removed:
        out.print(f"removed   {path}")
    out.print(f"The lab in {report.directory} is gone.")
    return 0
