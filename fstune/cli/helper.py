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
    tree.set_defaults(func=lambda a: _report(helpers.make_tree(
        a.out, kind=a.kind, top=a.top, levels=a.levels, dirs=a.dirs, files=a.files, file_size=a.file_size),
        f"files written to {a.out}"))

    build = actions.add_parser("build", help="write an object file for every *.c file")
    build.add_argument("src")
    build.set_defaults(func=lambda a: _report(helpers.build(a.src), "object files written"))

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


def _report(count: int, what: str) -> int:
    print(f"{count} {what}")
    return 0
