"""`fstune lab up|status|down`: loop-device disks to practise on."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.table import Table

from fstune import diskmodel
from fstune import lab as labmod
from fstune import vmlab
from fstune.diskmodel.dilation import Dilation
from fstune.errors import UsageError
from fstune.units import format_size

DESCRIPTION = """\
A lab is a set of loop devices that look like disks, for workshops and for machines with no
spare disk. Where nbdkit, its Python plugin and nbdfuse are installed, each disk is served through
a model of a 7200 rpm disk of 2003 (a head that moves, seeks that grow with distance, half a turn
of latency, a read-ahead buffer, a write cache) on this machine's own kernel, so a journal on a
second spindle gains what it gained then (docs/modelled-lab.md); every measured repeat records
how much of the disk's time the model accounted for. Elsewhere, or with --disk-model none, the
disks are plain files, with no head. Each lab disk gets a GPT with two partitions:

  fstune-data    the filesystem under test
  fstune-spare   room for an external journal or log (default 256 MiB)

The spare serving a data partition is on the next disk (disk 1's data uses disk 2's spare, and
so on round-robin), because a journal on the same disk as its filesystem gains no seek benefit.

  sudo fstune lab up                   two 1 GiB disks in /var/tmp/fstune-lab
  sudo fstune lab up --disk-model none plain loop disks: no head, no seeks (fast)
  fstune lab status                    what is attached, mounted, or was deleted
  sudo fstune lab down                 unmount, detach, stop the disk servers, delete it all

With FSTUNE_LAB_ONLY=1 fstune refuses to write to anything that is not a lab disk.

The VM lab (--vm) boots Debian's distribution kernel in QEMU instead, for what this kernel may
lack (JFS, ReiserFS, device-mapper, md) and for disks that behave like separate spindles. The
guest shares this machine's root filesystem read-only (writes go to RAM), so it runs the same
fstune; its disks are files in /var/tmp/fstune-vmlab, each on its own controller, served
through a model of a 7200 rpm disk of 2003 (a head that moves, seeks that grow with distance,
half a turn of latency, a read-ahead buffer, a write cache): see docs/vmlab.md.

  sudo fstune lab up --vm --disks 3                 boot it (10 to 30 s without KVM)
  sudo fstune lab up --vm --dilate auto             under TCG: slow the disk model as much as
                                                    the guest's CPU is slowed (docs/vmlab.md)
  sudo fstune lab vm run -- fstune disks            run a command inside and see its output
  sudo fstune lab vm run -- fstune                  the wizard, inside, in this terminal
  sudo fstune lab down                              stop the VM and delete its files
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
        description="Create the disks, attach them as loop devices, and partition each into a "
        "data and a spare partition.\nWith a disk model (the default where nbdkit and nbdfuse are "
        "installed) each disk is served through it from memory\n(docs/modelled-lab.md); with "
        "--disk-model none the disks are backing files in DIR.\nThe files are preallocated (their whole size is taken at once), and "
        "fstune's own mkfs steps do not\ndiscard a loop device, so they stay so. A mkfs run by hand discards "
        "by default, which punches the\nspace back out of the file; writes into those holes make the host "
        "filesystem allocate blocks,\nwhich a real disk never does, and slow whichever configuration writes "
        "a region first. Keep the\nspace with mke2fs -E nodiscard or mkfs.xfs -K.",
    )
    up.add_argument("--disks", type=_disk_count, default=2, metavar="N",
                    help="how many disks (default 2; 1 puts the spare on the same disk)")
    up.add_argument("--size", default=labmod.DEFAULT_SIZE, metavar="SIZE",
                    help=f"size of each disk, e.g. 1G, 2GiB (default {labmod.DEFAULT_SIZE})")
    up.add_argument("--spare-size", default=labmod.DEFAULT_SPARE_SIZE, metavar="SIZE",
                    help=f"size of each spare partition (default {labmod.DEFAULT_SPARE_SIZE}; "
                    "XFS logs need 64M or more)")
    up.add_argument("--dir", dest="directory", type=Path, metavar="DIR",
                    help=f"{dir_help[:-1]}; {vmlab.DEFAULT_DIR} with --vm)")
    up.add_argument("--vm", action="store_true",
                    help="boot a VM with a full distribution kernel and emulated disks instead")
    up.add_argument("--disk-model", metavar="MODEL",
                    help="the disks' mechanical model: a preset "
                    f"({', '.join(diskmodel.PRESETS)}), key=value settings on top of it "
                    "(e.g. average_seek_ms=12,rpm=5400,write_cache=off), or none (plain loop disks). "
                    "Default: the preset where nbdkit, nbdkit-plugin-python and nbdfuse (libnbd-bin) "
                    "are installed (with --vm: nbdkit alone), else none")
    up.add_argument("--seek-ms", type=float, metavar="MS",
                    help="with --vm --disk-model none: a flat cost of MS milliseconds for every I/O, "
                    "near or far (QEMU caps each disk at 1000/MS operations per second; no head)")
    up.add_argument("--dilate", metavar="auto|N|off",
                    help="with --vm: slow the disk model's time so that it keeps its native ratio to the "
                    "guest's CPU (time dilation, docs/vmlab.md). auto measures how much slower the guest's CPU "
                    "is than this machine's (dbench on a tmpfs on both, interleaved: a few minutes under TCG); "
                    "N slows it N times unmeasured. Every result of the lab then converts its figures back "
                    "and states the factor and its spread. Default off")
    up.add_argument("--accel", choices=("auto", "kvm", "tcg"),
                    help=f"with --vm: KVM or software emulation (default auto: KVM when it works; "
                    f"also ${vmlab.ACCEL_ENV})")
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
        "devices, stop a modelled lab's disk servers (nbdkit under nbdfuse) and unmount their files, and "
        "delete the backing files, the servers' stores and the manifest.\nWorks after a killed `lab up` and when "
        "the backing files were already deleted.",
    )
    down.add_argument("--dir", dest="directory", type=Path, metavar="DIR", help=dir_help)
    down.add_argument("--vm", action="store_true", help=f"only the VM lab (default directory {vmlab.DEFAULT_DIR})")
    down.set_defaults(func=run_down)

    vm = actions.add_parser(
        "vm", help="work with the VM lab (run a command inside, unplug a disk)",
        formatter_class=formatter_class,
        description="Commands for the VM lab started with `fstune lab up --vm`.",
    )
    vm.set_defaults(func=lambda args: _no_action(vm))
    vm_actions = vm.add_subparsers(dest="vm_command", metavar="ACTION")
    run = vm_actions.add_parser(
        "run", help="run a command inside the VM and stream its output", formatter_class=formatter_class,
        description="Run COMMAND inside the VM lab, as root, and stream its output here; the exit "
        "status is the command's.\nIn a terminal the command gets a terminal of the same size "
        "(so the wizard works); otherwise stdin is passed through. Ctrl-C reaches the command; if "
        "this end goes away (the terminal closed, the client killed) the command gets SIGHUP, "
        "and fstune in it cancels its run and cleans up.\n\n"
        "  fstune lab vm run -- fstune disks --json\n  fstune lab vm run -- fstune",
    )
    run.add_argument("--dir", dest="directory", type=Path, metavar="DIR",
                     help=f"the VM lab's directory (default {vmlab.DEFAULT_DIR})")
    run.add_argument("--tty", action=argparse.BooleanOptionalAction, default=None,
                     help="give the command a terminal (default: when stdin and stdout are terminals)")
    run.add_argument("--timeout", type=float, metavar="SECONDS", help="kill the command after this long")
    run.add_argument("argv", nargs=argparse.REMAINDER, metavar="-- COMMAND", help="the command and its arguments")
    run.set_defaults(func=run_vm_command)
    unplug = vm_actions.add_parser(
        "unplug", help="hot-unplug one of the VM's disks, as if it were pulled out",
        formatter_class=formatter_class,
        description="Remove emulated disk N from the running VM (QEMU device_del). For fault "
        "drills: a benchmark running on it fails.",
    )
    unplug.add_argument("disk", type=int, metavar="N", help="the disk's number (1 = the first)")
    unplug.add_argument("--dir", dest="directory", type=Path, metavar="DIR",
                        help=f"the VM lab's directory (default {vmlab.DEFAULT_DIR})")
    unplug.set_defaults(func=run_vm_unplug)


def _no_action(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def _console() -> Console:
    # paths must not be cut: let long lines run on rather than fold them mid-path
    return Console(highlight=False, soft_wrap=True)


def run_up(args: argparse.Namespace) -> int:
    if args.vm:
        return _run_vm_up(args)
    if args.seek_ms is not None or args.accel is not None or args.dilate is not None:
        raise UsageError("--seek-ms, --accel and --dilate are for the VM lab: add --vm.")
    lab = labmod.lab_up(args.disks, args.size, args.directory, args.spare_size, disk_model=args.disk_model)
    out = _console()
    out.print(f"Made a lab of {len(lab.disks)} disk(s) of {format_size(lab.size)} in {lab.directory}")
    out.print(_host_model_line(lab.disk_model, lab.path))
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
    flag = labmod.dir_flag(lab.directory)
    out.print("\nNext:")
    out.print("  fstune disks                  the lab partitions show up as usable")
    out.print("  fstune recipes                the studies to choose from")
    out.print(f"  fstune plan --study {EXAMPLE_STUDY} --device {data} --log-device {spare}")
    out.print(f"  fstune lab status{flag}")
    out.print(f"Remove it all with: sudo fstune lab down{flag}")
    return 0


def run_status(args: argparse.Namespace) -> int:
    directories = [args.directory] if args.directory else labmod.find_labs()
    statuses = [labmod.lab_status(d) for d in directories if not (Path(d) / vmlab.MANIFEST_NAME).exists()]
    statuses = [s for s in statuses if s.exists]
    vm_status = vmlab.vm_status(args.directory if args.directory else None)
    if args.json:
        report = {"labs": [s.to_dict() for s in statuses]}
        if vm_status.exists:  # the key appears only with a VM lab, so loop-lab readers see no change
            report["vm"] = vm_status.to_dict()
        print(json.dumps(report, indent=2))
        return 0
    out = _console()
    if _vm_status_lines(out, args.directory) and not statuses:
        return 0
    if not statuses:
        where = f" in {Path(args.directory).resolve()}" if args.directory else ""
        out.print(f"No fstune lab{where}. Make one with: sudo fstune lab up")
        return 0
    for status in statuses:
        attached = sum(d.attached for d in status.disks)
        state = {"ready": "", "creating": " (unfinished)", None: " (no manifest)"}.get(status.state, f" ({status.state})")
        out.print(f"Lab in {status.directory}{state}: {attached} of {len(status.disks)} disk(s) attached")
        if status.path:
            out.print(_host_model_line(status.disk_model, status.path))
        modelled = any(d.serving for d in status.disks)
        table = Table(show_edge=False)
        for column in ("disk", "loop", "backing file", "data", "spare", "mounted") + (("served",) if modelled else ()):
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
                ", ".join(mounts) or "no", *((disk.serving or "-",) if modelled else ()),
            )
        out.print(table)
        pairs = [(p.path, p.pair) for d in status.disks for p in d.partitions if p.role == "data" and p.pair]
        if pairs:
            out.print("Journal/log pairs: " + ", ".join(f"{data} ← {spare}" for data, spare in pairs))
        for warning in status.warnings:
            out.print(f"[yellow]warning:[/] {warning}")
    return 0


def _host_model_line(model: dict | None, path: str) -> str:
    if model:
        return f"Disk model: {diskmodel.from_dict(model).describe()}; path: {path}."
    return f"No disk model (no head, no seek cost); path: {path}."


def _part_cell(part: labmod.PartitionStatus | None) -> str:
    if part is None or not part.present:
        return "-"
    return f"{_short(part.path)} {format_size(part.size)}"


def _short(path: str) -> str:
    # tables show kernel names so they fit 80 columns; full paths are printed beside them
    return path.removeprefix("/dev/")


def run_down(args: argparse.Namespace) -> int:
    out = _console()
    vm_dir = args.directory if args.directory else None
    is_vm_dir = args.vm or (vm_dir is not None and (Path(vm_dir) / vmlab.MANIFEST_NAME).exists())
    vm_report = vmlab.vm_down(vm_dir) if (is_vm_dir or vm_dir is None) else None
    if vm_report is not None and vm_report.found:
        if vm_report.stopped:
            out.print("stopped   the VM")
        for path in vm_report.removed:
            out.print(f"removed   {path}")
        out.print(f"The VM lab in {vm_report.directory} is gone.")
    if is_vm_dir:
        if not vm_report.found:
            out.print(f"No VM lab in {vm_report.directory}; nothing to do.")
        return 0
    if vm_report is not None and vm_report.found and not labmod.find_labs():
        return 0
    report = labmod.lab_down(args.directory)
    if not report.found:
        out.print(f"No fstune lab in {report.directory}; nothing to do.")
        others = [d for d in labmod.find_labs() if str(d) != report.directory]
        if others:
            out.print("Labs found elsewhere: " + ", ".join(f"sudo fstune lab down{labmod.dir_flag(d)}" for d in others))
        return 0
    for mountpoint in report.unmounted:
        out.print(f"unmounted {mountpoint}")
    for device in report.swapped_off:
        out.print(f"swap off  {device}")
    for device in report.detached:
        out.print(f"detached  {device}")
    for mountpoint in report.stopped:
        out.print(f"stopped   serving {mountpoint}")
    if report.killed:
        out.print(f"killed    serving processes {', '.join(map(str, report.killed))}")
    for path in report.removed:
        out.print(f"removed   {path}")
    out.print(f"The lab in {report.directory} is gone.")
    return 0


# --------------------------------------------------------------------------------------------
# The VM lab


def _run_vm_up(args: argparse.Namespace) -> int:
    out = _console()
    out.print("Booting the VM lab (a full kernel under QEMU; without KVM this takes 10 to 30 s)…")
    model = args.disk_model
    if model is None and args.seek_ms is not None:
        raise UsageError("--seek-ms is the flat cap that stands in for the disk model: "
                                "add --disk-model none to use it.")
    lab = vmlab.vm_up(disks=args.disks, size=args.size, directory=args.directory, seek_ms=args.seek_ms,
                      spare_size=args.spare_size, accel=args.accel,
                      disk_model=diskmodel.DEFAULT_PRESET if model is None else model,
                      dilate=args.dilate, say=out.print)
    accel = "KVM" if lab.accel == "kvm" else "software emulation (TCG)"
    out.print(f"The VM lab is ready in {lab.boot_seconds:.1f} s ({accel}, kernel {lab.kernel}), "
              f"files in {lab.directory}")
    for warning in lab.warnings:
        out.print(f"[yellow]warning:[/] {warning}")
    _print_vm_disks(out, lab)
    flag = vmlab.dir_flag(lab.directory)
    out.print("\nNext:")
    out.print(f"  fstune lab vm run{flag} -- fstune disks     the disks, as the guest sees them")
    out.print(f"  fstune lab vm run{flag} -- fstune           the wizard, inside the VM")
    out.print(f"Stop it and remove its files with: sudo fstune lab down{flag or ' --vm'}")
    return 0


def _print_vm_disks(out: Console, lab: vmlab.VmLab) -> None:
    if lab.disk_model:
        seek = "disk model"
    elif lab.seek_ms:
        seek = f"flat {lab.seek_ms:g} ms per I/O"
    else:
        seek = "no seek cost"
    table = Table(show_edge=False)
    for column in ("disk", "serial (in the guest: /dev/disk/by-id/scsi-0FSTUNE_fstune-vmlab_SERIAL)",
                   "size", "spare", "seek"):
        table.add_column(column, overflow="fold")
    for disk in lab.disks:
        table.add_row(str(disk.index), disk.serial, format_size(disk.size), format_size(disk.spare_size), seek)
    out.print(table)
    out.print(_disk_model_line(lab))
    dilation = Dilation.from_dict(lab.dilation)
    if dilation is not None:
        out.print(f"Time dilation: the disk model runs {dilation.label()} slower, as the guest's CPU is; results "
                  "convert their figures back and say so.")
        if dilation.ratios:
            out.print(f"  measured with {dilation.workload} on tmpfs, host {', '.join(f'{v:g}' for v in dilation.host)}"
                      f" {dilation.unit}, guest {', '.join(f'{v:g}' for v in dilation.guest)} {dilation.unit}; "
                      f"ratios {', '.join(f'{r:.2f}' for r in dilation.ratios)}")
        if dilation.clocks:
            out.print(f"  stretched as much to keep native timing: {dilation.clocks_text()}; the mount options "
                      "that are intervals too (a journal's commit=, jbd2's max_batch_time), where a configuration "
                      "sets none (the plan says so)")
    out.print("Each disk has a data partition (-part1) and a spare (-part2); "
              "use a spare on another disk for an external journal or log.")


def _disk_model_line(lab: vmlab.VmLab) -> str:
    served = "served through nbdkit" if lab.disk_serving == "nbdkit" else "plain files (nbdkit not installed)"
    if lab.disk_model:
        params = diskmodel.from_dict(lab.disk_model)
        return (f"Disk model ({served}): {params.describe()}; interface {params.interface_mbs:g} MB/s, "
                f"command overhead {params.overhead_ms:g} ms, read-ahead {params.readahead_kib} KiB.")
    if lab.seek_ms:
        return (f"No disk model ({served}): QEMU caps each disk at {1000 / lab.seek_ms:.0f} I/O per second, "
                "near or far alike (no head, no distance).")
    return f"No disk model ({served}): the disks cost what the host's storage costs."


def _vm_status_lines(out: Console, directory: Path | None) -> bool:
    status = vmlab.vm_status(directory)
    if not status.exists:
        return False
    lab = vmlab.VmLab.from_dict(status.lab)
    state = "running" if status.running else f"not running ({lab.state})"
    out.print(f"VM lab in {lab.directory}: {state}, {len(lab.disks)} disk(s), kernel {lab.kernel}, "
              f"{lab.accel.upper()}, pid {lab.pid}, booted in {lab.boot_seconds:.1f} s")
    _print_vm_disks(out, lab)
    return True


def run_vm_command(args: argparse.Namespace) -> int:
    import os
    import sys

    argv = list(args.argv)
    if argv and argv[0] == "--":
        argv = argv[1:]
    if not argv:
        raise UsageError("Name the command to run in the VM, e.g. fstune lab vm run -- fstune disks")
    lab = vmlab.require_running(args.directory)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    tty = interactive if args.tty is None else args.tty
    if not tty:
        stdin = None if sys.stdin is None or sys.stdin.isatty() else sys.stdin.fileno()
        return vmlab.vm_run(lab, argv, stdin=stdin, timeout=args.timeout)
    import termios
    import tty as ttymod

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        ttymod.setraw(fd)
        # Ctrl-C is a byte for the guest program now, not a signal here
        return vmlab.vm_run(lab, argv, stdin=fd, tty=True, timeout=args.timeout,
                            env={"TERM": os.environ.get("TERM", "xterm-256color")})
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def run_vm_unplug(args: argparse.Namespace) -> int:
    lab = vmlab.require_running(args.directory)
    vmlab.unplug_disk(lab, args.disk)
    _console().print(f"Unplugged disk {args.disk} ({lab.disks[args.disk - 1].serial}) from the VM.")
    return 0
