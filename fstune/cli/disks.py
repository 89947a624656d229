"""``fstune disks``: every block device, and for each locked one the reason it is locked."""

from __future__ import annotations

import argparse
import json
import sys

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fstune.devices import CONFIRM, LOCKED, USABLE, Inventory, scan
from fstune.devices import overwrite as overwrites
from fstune.devices.rules import remedy
from fstune.errors import UsageError
from fstune.units import format_size

HELP = "list disks and partitions, and why fstune may or may not use each"
DESCRIPTION = """\
List the block devices fstune sees, with a verdict for each:
  usable   nothing on it that fstune would destroy unasked
  confirm  holds a filesystem: fstune asks you to type its name before formatting it
  locked   cannot be chosen; the reason column says why (mounted, swap, in /etc/fstab,
           part of LVM/RAID/LUKS, the system disk, an external journal …)

--check DEV gives fstune's verdict for one device, the one every path that writes uses (the
wizard, fstune run, a saved plan, the fleet study): exit 0 when it may be written, 2 with the
reason when not. A device that holds a filesystem may be written without a terminal only when
--overwrite UUID=<uuid> names that filesystem; the refusal prints the option to add.
  fstune disks --check /dev/sdb1
  fstune disks --check /dev/disk/by-partuuid/… --overwrite UUID=0f3c… --json
"""

_STYLE = {USABLE: "green", CONFIRM: "yellow", LOCKED: "red"}


def add_parser(subparsers, formatter_class=argparse.HelpFormatter) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("disks", help=HELP, description=DESCRIPTION,
                                   formatter_class=formatter_class)
    parser.add_argument("--json", action="store_true",
                        help="print the inventory as JSON (one object per device)")
    parser.add_argument("--all", action="store_true",
                        help="also list empty devices (unattached loops, drives without a medium), "
                             "RAM disks and hidden NVMe paths")
    check = parser.add_argument_group("one device (--check)")
    check.add_argument("--check", metavar="DEV",
                       help="only this device (a path, /dev/disk/by-* link or UUID=…): may fstune write it? "
                            "Exit 0 when it may, 2 with the reason when not")
    check.add_argument("--role", choices=("target", "journal"), default="target",
                       help="what it would be: the target, or the external journal/log device (default target)")
    check.add_argument("--overwrite", action="append", default=[], metavar="UUID=<uuid>",
                       help="the filesystem on it you agree to destroy (repeatable), as for fstune run --yes")
    check.add_argument("--partner", metavar="DEV",
                       help="with --role journal: the target it would serve. A journal that belongs to the very "
                            "filesystem the run reformats there is then asked about, not refused, as fstune run "
                            "decides")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if getattr(args, "check", None) is not None:
        return check_device(args)
    if getattr(args, "role", "target") != "target" or getattr(args, "overwrite", None) \
            or getattr(args, "partner", None):
        raise UsageError("--role, --overwrite and --partner go with --check DEV.")
    inventory = scan(include_all=args.all)
    if args.json:
        json.dump(inventory.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    render(inventory, Console())
    return 0


def check_device(args: argparse.Namespace) -> int:
    """``--check DEV``: the verdict for one device, and whether a write without a terminal may go
    ahead (fstune.devices.overwrite). The same answer fstune run --yes gives."""
    uuids = overwrites.parse(args.overwrite)
    inventory = scan(include_all=True)
    device = inventory.get(args.check)  # a DeviceError says what to do when there is none
    partner = getattr(args, "partner", None)
    if partner and args.role != "journal":
        raise UsageError("--partner names the target a journal/log device would serve: it goes with --role journal.")
    verdict = inventory.verdict_for(device, role=args.role, partner=inventory.get(partner) if partner else None)
    what = "target" if args.role == "target" else "journal/log device"
    if not verdict.choosable:
        reason = f"{device.path} cannot be the {what}: {verdict.reason}"
        hint = remedy(device, inventory.facts, verdict)
    else:
        reason = overwrites.unconfirmed(device, verdict, uuids) or ""
        hint = None
    answer = {"device": args.check, "path": device.path, "name": device.name, "role": args.role,
              "may_write": not reason, "status": str(verdict.status), "reason": reason or verdict.reason,
              "notes": list(verdict.notes), "holds": overwrites.holding(device) if device.fs_type else None,
              "overwrite": (f"{overwrites.PREFIX}{device.fs_uuid}"
                            if overwrites.needs_confirmation(device, verdict) and device.fs_uuid else None),
              "stable_names": [link for link in device.devlinks if link.startswith("/dev/disk/by-")]}
    if args.json:
        json.dump(answer, sys.stdout, indent=2)
        sys.stdout.write("\n")
    elif reason:
        print(f"fstune: {reason}.", file=sys.stderr)
        if hint:
            print(f"  {hint}", file=sys.stderr)
    else:
        held = f"; it holds {answer['holds']}, which you confirmed" if answer["overwrite"] else ""
        print(f"{device.path} may be the {what}{held}.")
    return 2 if reason else 0


def _rot(device) -> str:
    if device.backing_file:  # a loop device's flag means nothing; `--reasons` names its file's device
        return "file"
    return "?" if device.rotational is None else ("yes" if device.rotational else "no")


def _model(device) -> str:
    if device.model:
        return device.model
    if device.backing_file and device.devtype == "disk":
        # a loop device is best recognised by its file; mark the ones `fstune lab` made
        return ("lab " if device.lab else "") + device.backing_file.rsplit("/", 1)[-1]
    return ""


def _fs(device) -> str:
    if not device.fs_type:
        return device.part_table_type or ""
    return f"{device.fs_type} '{device.fs_label}'" if device.fs_label else device.fs_type


# At this width and above the reason fits as a column; below it, reasons go under the table.
WIDE = 130


def build_table(inventory: Inventory, with_reason: bool = True) -> Table:
    """The device table; without ``with_reason`` the reasons are left for ``build_reasons``."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=0, show_edge=False,
                  header_style="bold", expand=False)
    # narrow columns never wrap; free text folds or is cut with an ellipsis
    table.add_column("device", no_wrap=True)
    table.add_column("size", justify="right", no_wrap=True)
    table.add_column("type", no_wrap=True)
    table.add_column("tran", no_wrap=True)
    table.add_column("rot", no_wrap=True)
    # without the reason column the table must fit 80 columns on its own
    narrow = 12 if not with_reason else 20
    table.add_column("model", overflow="fold", max_width=narrow - 2, min_width=5)
    table.add_column("fs", overflow="fold", max_width=narrow, min_width=4)
    table.add_column("mountpoint", overflow="ellipsis", no_wrap=True, max_width=narrow + 2,
                     min_width=10)
    table.add_column("verdict", no_wrap=True, min_width=7)
    if with_reason:
        table.add_column("reason", overflow="fold", ratio=1, min_width=30)
    for device in inventory.devices:
        verdict = device.verdict
        # Text, not str: labels and paths are data, never Rich markup ("[x]" must print as is)
        cells = [Text(value) for value in (
            device.name if device.devtype == "disk" else f" {device.name}",
            format_size(device.size), "part" if device.devtype == "partition" else "disk",
            device.transport or "", _rot(device), _model(device), _fs(device),
            _mounts(device, narrow + 2))]
        cells.append(Text(verdict.status, style=_STYLE.get(verdict.status, "")))
        if with_reason:
            cells.append(_reason(verdict))
        table.add_row(*cells)
    return table


def build_reasons(inventory: Inventory) -> Table:
    """Device name and reason (plus notes), folding under a hanging indent: the narrow layout."""
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(overflow="fold", ratio=1)
    for device in inventory.devices:
        if device.verdict.reason or device.verdict.notes:
            grid.add_row(Text(device.name), _reason(device.verdict))
    return grid


def _mounts(device, width: int) -> str:
    # the end of a long path says more than its start (/tmp/pytest-…/mnt/data): keep the end
    shown = [p if len(p) <= width else "…" + p[-(width - 1):] for p in device.mountpoints]
    return "\n".join(shown + (["[SWAP]"] if device.swap else []))


def _reason(verdict) -> Text:
    reason = Text(verdict.reason or "")
    for note in verdict.notes:
        reason.append(("\n" if reason else "") + f"· {note}", style="dim")
    return reason


def render(inventory: Inventory, console: Console) -> None:
    if not inventory.devices:
        console.print("No block devices found. Run 'fstune lab up' to make loop-device disks "
                      "to practise on.")
    elif console.width >= WIDE:
        console.print(build_table(inventory))
    else:
        console.print(build_table(inventory, with_reason=False))
        reasons = build_reasons(inventory)
        if reasons.row_count:
            console.print()
            console.print(reasons)
    for warning in inventory.warnings:
        console.print(Text(f"warning: {warning}", style="yellow"))
