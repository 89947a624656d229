"""``fstune plan`` — print the exact commands of a study as a reviewable bash script."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from fstune.cli.choices import add_choice_arguments, build_choices
from fstune.errors import UsageError
from fstune.plan import build_plan, render_script

DESCRIPTION = """\
Print, as a commented bash script, every command that running the study would execute:
formatting the journal/log device and the target, mounting with the chosen options, the
workloads and their repeats, unmounting. Nothing is run and no root is needed; devices not on
this machine can be planned for with --assume-size. The header also says what the run can
decide: the floor for correlated blocks it will use and, from the runs stored on the same devices
(read only), whether "no detectable difference" is within reach at their noise and what change
"better" needs (docs/verdicts.md).

Examples:
  fstune plan --study ext3-external-journal --device /dev/sdb1 --log-device /dev/sdc1
  fstune plan --study xfs-log-tuning --device /dev/sdb1 --log-device /dev/sdc1 \\
              --workloads metadata --repeats 5 --output xfs.sh
  fstune plan --study ext4-journal-writes --device /dev/sdx1 --assume-size 20G --workloads none
"""


def add_parser(sub, formatter_class) -> None:
    parser = sub.add_parser("plan", help="print a study's commands as a bash script (runs nothing)",
                            description=DESCRIPTION, formatter_class=formatter_class)
    add_choice_arguments(parser)
    parser.add_argument("--output", "-o", metavar="FILE", help="write the script to FILE (mode 0755) instead of stdout")
    parser.add_argument("--run-id", metavar="ID",
                        help="name of the run and its directories: up to 64 letters, digits, '.', '_', '-' "
                        "(default: the current time and pid)")
    parser.set_defaults(func=run)


def scan_inventory(device_locks: bool = True):
    """The machine's inventory, or None where there is none to read (not Linux, no /sys).

    ``device_locks=False``: a device another process holds locked is not refused for that.
    """
    if not Path("/sys/class/block").is_dir():
        return None
    from fstune.devices import SystemState, scan

    return scan(state=None if device_locks else SystemState.read(device_locks=False))


def run(args) -> int:
    # a plan writes nothing, so a device in use by a run (locked) may still be planned for
    choices = build_choices(args, scan_inventory(device_locks=False), run_id=args.run_id)
    plan = build_plan(choices)
    script = render_script(plan, decidable(plan))
    for warning in plan.warnings:
        print(f"fstune: note: {warning}", file=sys.stderr)
    for note in _lock_notes(plan):
        print(f"fstune: note: {note}", file=sys.stderr)
    for choice in plan.written_choices():
        if choice.unconfirmed:
            # the saved script refuses it (fstune.devices.overwrite); say so now, not on the day it runs
            print(f"fstune: note: {choice.unconfirmed}; until then the script refuses it.", file=sys.stderr)
    if args.output:
        path = Path(args.output)
        try:
            path.write_text(script)
            os.chmod(path, 0o755)
        except OSError as error:
            raise UsageError(f"cannot write {path}: {error.strerror}.") from None
        print(f"fstune: wrote {len(plan.steps)} steps to {path}; read it, then run it as root.", file=sys.stderr)
    else:
        sys.stdout.write(script)
    return 0


def decidable(plan) -> list[str]:
    """What the stored runs on the plan's devices say the run can decide (docs/verdicts.md, "How a
    run is planned and stopped"); a read of the store only, never a write."""
    from fstune.results.history import before_the_run, load_recent

    return before_the_run(plan, load_recent())


def _lock_notes(plan) -> list[str]:
    """Devices of the plan that another process holds locked now (a run would be refused)."""
    from fstune import devlock
    from fstune.errors import DeviceError

    notes = []
    for choice in plan.written_choices():  # a log device the plan does not use is not locked
        if choice.assumed:
            continue
        try:
            holder = devlock.holder_of(choice.path)
        except DeviceError:
            continue
        if holder is not None and holder.exclusive and holder.pid != os.getpid():
            notes.append(f"{choice.path} is {holder.describe()} now; `fstune run` refuses it until that ends.")
    return notes
