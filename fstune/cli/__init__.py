"""fstune's command line: one module per noun, each adding its own sub-command.

Every module in ``COMMANDS`` provides ``add_parser(subparsers)``, which registers the
sub-command and sets ``func`` to a function taking the parsed arguments and returning an exit
code. Errors a user can act on are ``FstuneError``s: printed as one line (plus a hint) on
stderr, never as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from fstune import __version__
from fstune.errors import ExitCode, FstuneError

# sub-command modules, in the order `fstune --help` lists them
COMMANDS = ("disks", "recipes", "plan", "run", "results", "export", "lab", "helper")


DESCRIPTION = """\
fstune tunes Linux filesystems by measuring them: it formats a spare partition once as a
baseline and once per tuned variant (external journal/log, mount options, mkfs options), runs
real benchmarks on each, and tells you whether the difference is a real gain or noise.

Start here:
  fstune                       the wizard: disks, study, devices, options, run, results
  fstune --lab                 the wizard on practice loop-device disks (built if missing)
  fstune --guided              the wizard for workshops: each command explained before it runs
  fstune disks                 which disks fstune may use, and why the others are locked
  fstune recipes               the studies it knows (ext3 external journal, XFS log buffers …)
  fstune plan --study NAME --device DEV [--log-device DEV]
                               the exact commands as a reviewable bash script; runs nothing
  fstune lab up                loop-device "disks" to practise on when you have no spare disk
"""


class _Formatter(argparse.RawDescriptionHelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=32)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full parser; with ``only``, just that sub-command (imports nothing else: faster)."""
    parser = argparse.ArgumentParser(
        prog="fstune", description=DESCRIPTION, formatter_class=_Formatter,
        epilog="Exit codes: 0 done, 1 a step or benchmark failed, 2 bad input or a locked "
        "device (nothing was done), 3 a safety check stopped a write, 130 interrupted (Ctrl-C, "
        "SIGTERM or a closed terminal).",
    )
    parser.add_argument("--version", action="version", version=f"fstune {__version__}")
    parser.add_argument("--dry-run", action="store_true",
                        help="start the wizard in dry-run mode: it ends by saving the commands as a script")
    parser.add_argument("--lab", action="store_true",
                        help="start the wizard on the practice lab (two loop-device disks in "
                        "/var/tmp/fstune-lab), building it first if there is none; you are offered "
                        "to remove it when you quit")
    parser.add_argument("--guided", action="store_true",
                        help="workshop mode: before each step show the command, what it does and why, "
                        "and wait for Enter (or for the attendee to type it); notes and caveats at the end")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    # only="" (no command named): the wizard starts, so import no sub-command module at all
    for name in COMMANDS if only is None else (only,) if only else ():
        module = importlib.import_module(f"fstune.cli.{name}")
        module.add_parser(sub, _Formatter)
    return parser


def report_error(error: FstuneError) -> None:
    try:
        print(f"fstune: {error.message}", file=sys.stderr)
        if error.hint:
            print(f"  {error.hint}", file=sys.stderr)
    except OSError:
        _drop_output(sys.stderr)  # the terminal hung up: nobody to tell; the exit status says it


def _drop_output(stream) -> None:
    """Point ``stream`` at /dev/null once nobody reads it (a closed pipe, a hung-up terminal),
    so that neither a later write nor Python's last flush at exit fails."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, stream.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test's capture): its writes do not fail
    finally:
        os.close(devnull)


# sub-commands spelled differently from their module
_MODULE_OF = {"workload-helper": "helper"}


def _command_module(argv: list[str]) -> str | None:
    """The module of the sub-command ``argv`` names, if any. Top-level options take no values,
    so the first word that is not an option is the command."""
    word = next((w for w in argv if not w.startswith("-")), None)
    module = _MODULE_OF.get(word, word)
    return module if module in COMMANDS else None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    module = _command_module(argv)
    names_a_word = any(not word.startswith("-") for word in argv)
    if module is None and not names_a_word and not any(word in ("-h", "--help") for word in argv):
        module = ""  # no sub-command: the wizard; skip importing every sub-command's module
    # an unknown word falls through to the full parser, whose error lists the real commands
    parser = build_parser(module)
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            from fstune.screens import app as wizard  # Textual only loads for the wizard

            if args.guided:
                from fstune.guide import check_guided_mode

                check_guided_mode(dry_run=args.dry_run, is_root=os.geteuid() == 0)
            return wizard.run(dry_run=args.dry_run, lab=args.lab, guided=args.guided)
        return int(args.func(args) or 0)
    except FstuneError as error:
        report_error(error)
        return error.exit_code
    except KeyboardInterrupt:
        print("fstune: interrupted.", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except BrokenPipeError:
        # `fstune plan … | head` closed the pipe: not an error of ours
        _drop_output(sys.stdout)
        return ExitCode.OK
