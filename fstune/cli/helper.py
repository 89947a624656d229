"""``fstune workload-helper`` — the small commands workloads run (hidden from --help)."""

from __future__ import annotations

import argparse

from fstune.workloads import helpers


def add_parser(sub, formatter_class) -> None:
    # no help=: keeps it out of `fstune --help`; it is plumbing, not a user command
    parser = sub.add_parser("workload-helper", formatter_class=formatter_class,
                            description="Internal commands used by fstune's workload steps.")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    tree = actions.add_parser("make-tree", help="write a reproducible tree as a tarball")
    tree.add_argument("out")
    tree.add_argument("--kind", choices=("tree", "source", "mixed"), default="tree")
    tree.add_argument("--top", default="tree")
    tree.add_argument("--levels", type=int, default=3)
    tree.add_argument("--dirs", type=int, default=6)
    tree.add_argument("--files", type=int, default=100)
    tree.add_argument("--file-size", type=int, default=1024)
    tree.add_argument("--order", help="also write the files' paths here, in a fixed scattered order")
    tree.set_defaults(func=lambda a: _report(helpers.make_tree(
        a.out, kind=a.kind, top=a.top, levels=a.levels, dirs=a.dirs, files=a.files, file_size=a.file_size,
        order=a.order), f"files written to {a.out}"))

    spread = dict(type=float, default=0, help="spread the work over at least this many seconds")
    unpack = actions.add_parser("unpack", help="unpack a tarball member by member (a clone)")
    unpack.add_argument("tarball")
    unpack.add_argument("dest")
    unpack.add_argument("--spread", **spread)
    unpack.set_defaults(func=lambda a: _report(helpers.unpack(a.tarball, a.dest, a.spread), "entries unpacked"))

    build = actions.add_parser("build", help="write an object file for every *.c file, reading its headers")
    build.add_argument("src")
    build.add_argument("--spread", **spread)
    build.set_defaults(func=lambda a: _report(helpers.build(a.src, a.spread), "object files written"))

    clean = actions.add_parser("clean", help="read every Makefile, stat every file, delete the *.o files")
    clean.add_argument("src")
    clean.add_argument("--spread", **spread)
    clean.set_defaults(func=lambda a: _report(helpers.clean(a.src, a.spread), "object files deleted"))

    count = actions.add_parser("count-writes", help="run a command and count sectors written")
    count.add_argument("--device", action="append", required=True)
    count.add_argument("--result", required=True)
    count.add_argument("command", nargs=argparse.REMAINDER)
    count.set_defaults(func=lambda a: helpers.count_writes(
        a.device, a.result, a.command[1:] if a.command[:1] == ["--"] else a.command))
    _settle_parser(actions)


def _settle_parser(actions) -> None:
    settle = actions.add_parser("settle", help="sync and wait until dirty data is written (or the timeout)")
    settle.add_argument("--timeout", type=float, default=helpers.SETTLE_TIMEOUT)
    settle.set_defaults(func=lambda a: helpers.settle(a.timeout))

    timed = actions.add_parser("timed", help="run a command and time it with the flush of a filesystem")
    timed.add_argument("--flush", required=True, help="a path on the filesystem to flush (syncfs) after it")
    timed.add_argument("--result", required=True)
    timed.add_argument("command", nargs=argparse.REMAINDER)
    timed.set_defaults(func=lambda a: helpers.timed(
        a.flush, a.result, a.command[1:] if a.command[:1] == ["--"] else a.command))

    cold = actions.add_parser("cold-cache", help="unmount a filesystem, flush its devices' buffers, mount it again")
    cold.add_argument("--umount", required=True, metavar="MOUNTPOINT", help="the filesystem to evict from memory")
    cold.add_argument("--flushbufs", action="append", default=[], metavar="DEVICE",
                      help="a block device of it whose buffer cache to drop (blockdev --flushbufs)")
    cold.add_argument("command", nargs=argparse.REMAINDER, help="-- and the mount command that mounts it again")
    cold.set_defaults(func=lambda a: helpers.cold_cache(
        a.umount, a.flushbufs, a.command[1:] if a.command[:1] == ["--"] else a.command))


def _report(count: int, what: str) -> int:
    print(f"{count} {what}")
    return 0
