"""fstune's command line: one module per noun, each adding its own sub-command.

Every module in ``COMMANDS`` provides ``add_parser(subparsers)``, which registers the
sub-command and sets ``func`` to a function taking the parsed arguments and returning an exit
code. Errors a user can act on are ``FstuneError``s: printed as one line (plus a hint) on
stderr, never as a traceback.

Logging is configured here, once per ``main()``: every module logs to
``logging.getLogger(__name__)``. Without ``--debug`` only warnings reach stderr (a command) or
nothing at all (the wizard's screen); ``fstune --debug …`` also writes everything to
``debug-ID.log`` beside the audit logs (``fstune.runner.audit.default_log_dir``) and says
where at the end, for a bug report.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import platform
import sys
import time
from pathlib import Path

from fstune import __version__
from fstune.errors import ExitCode, FstuneError

log = logging.getLogger(__name__)

# sub-command modules, in the order `fstune --help` lists them
COMMANDS = ("disks", "recipes", "plan", "run", "screen", "results", "export", "lab", "helper")


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
    parser.add_argument("--debug", action="store_true",
                        help="also write a detailed log for a bug report (versions, the plan, every step's "
                        "command, exit status and time, locks, checks, cleanup); where it is is said at the end. "
                        "Give it before the command: fstune --debug run …")
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
    logs = Logging(debug=args.debug, wizard=args.command is None, name=_log_name(args))
    try:
        logs.start(argv)
        return _dispatch(args)
    finally:
        logs.stop()


def _dispatch(args) -> int:
    try:
        if args.command is None:
            return _wizard(args)
        return int(args.func(args) or 0)
    except FstuneError as error:
        log.debug("refused: %s", error, exc_info=True)
        report_error(error)
        return error.exit_code
    except KeyboardInterrupt:
        print("fstune: interrupted.", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except BrokenPipeError:
        # `fstune plan … | head` closed the pipe: not an error of ours
        _drop_output(sys.stdout)
        return ExitCode.OK
    except BaseException:
        log.debug("fstune stopped on an error of its own", exc_info=True)  # the traceback, for the report
        raise


def _wizard(args) -> int:
    # The Disks table's first row is what a user waits for: its scan starts now, in a child on
    # the other core, while this process imports Textual (docs/ARCHITECTURE.md, "Start-up");
    # before the import, as a fork must happen while this process runs one thread
    from fstune.util.forked import ForkedCall

    try:
        first_scan = ForkedCall("fstune.devices:scan")
    except OSError as error:  # no process to spare: the Disks screen scans, as it can
        log.debug("no scan at launch: %s", error)
        first_scan = None
    try:
        from fstune.screens import app as wizard  # Textual only loads for the wizard

        if args.guided:
            from fstune.guide import check_guided_mode

            check_guided_mode(dry_run=args.dry_run, is_root=os.geteuid() == 0)
        return wizard.run(dry_run=args.dry_run, lab=args.lab, guided=args.guided, first_scan=first_scan)
    finally:
        if first_scan is not None:
            first_scan.cancel()


# --- logging -----------------------------------------------------------------------------------


def _log_name(args) -> str:
    """``debug-NAME.log``: a run's id (``--run-id``, or the time and pid a run is named after)."""
    run_id = getattr(args, "run_id", None)
    if run_id:
        # only then: the plan's import loads every filesystem, workload and study module, which
        # the wizard's first screen must not wait for (docs/ARCHITECTURE.md, start-up)
        from fstune.plan import RUN_ID_RE

        if RUN_ID_RE.match(run_id) and ".." not in run_id:
            return run_id
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"


class _Stderr(logging.StreamHandler):
    """Warnings on whatever ``sys.stderr`` is when one comes (``fstune run`` wraps it so that a
    lost terminal costs nothing); a failed write is dropped, as the terminal may be gone."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        pass


class Logging:
    """The ``fstune`` loggers for one ``main()``: installed by ``start``, taken away by ``stop``
    (tests call ``main`` many times in one process)."""

    FORMAT = "%(asctime)s.%(msecs)03d %(levelname)-7s %(threadName)s %(name)s: %(message)s"

    def __init__(self, *, debug: bool, wizard: bool, name: str) -> None:
        self.debug, self.wizard, self.name = debug, wizard, name
        self.path: Path | None = None
        self._handlers: list[logging.Handler] = []
        self._level = logging.NOTSET

    def start(self, argv: list[str]) -> None:
        root = logging.getLogger("fstune")
        self._level = root.level
        root.setLevel(logging.DEBUG if self.debug else logging.WARNING)
        if not self.wizard:  # the wizard's screen shows nothing of the log
            stderr = _Stderr()
            stderr.setLevel(logging.WARNING)
            stderr.setFormatter(logging.Formatter("fstune: %(message)s"))
            self._add(root, stderr)
        if self.debug:
            self.path = self._open_file(root)
            if self.path is not None:
                _log_versions(argv)

    def _open_file(self, root: logging.Logger) -> Path | None:
        from fstune.runner.audit import default_log_dir

        directory = default_log_dir()
        try:
            directory.mkdir(parents=True, exist_ok=True, mode=0o750)
            path = directory / f"debug-{self.name}.log"
            for attempt in range(1, 1000):
                if not path.exists():
                    break
                path = directory / f"debug-{self.name}-{attempt}.log"
            handler = logging.FileHandler(path, encoding="utf-8")
        except OSError as error:
            print(f"fstune: no debug log: cannot write in {directory} ({error.strerror}); "
                  "set XDG_STATE_HOME to a writable directory.", file=sys.stderr)
            return None
        handler.setLevel(logging.DEBUG)
        handler.setFormatter(logging.Formatter(self.FORMAT, "%Y-%m-%d %H:%M:%S"))
        self._add(root, handler)
        return path

    def _add(self, root: logging.Logger, handler: logging.Handler) -> None:
        root.addHandler(handler)
        self._handlers.append(handler)

    def stop(self) -> None:
        root = logging.getLogger("fstune")
        if self.path is not None:
            log.debug("fstune ends")
        for handler in self._handlers:
            root.removeHandler(handler)
            handler.close()
        self._handlers.clear()
        root.setLevel(self._level)
        if self.path is not None:
            try:
                print(f"fstune: the debug log is {self.path} (attach it to a bug report).", file=sys.stderr,
                      flush=True)
            except (OSError, ValueError):
                pass  # the terminal is gone; the file is there all the same


def _log_versions(argv: list[str]) -> None:
    """What a bug report needs first: what ran, where, with which versions."""
    from importlib import metadata

    versions = {}
    for package in ("textual", "rich", "pexpect", "pyudev", "scipy"):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = "not installed"
    uname = os.uname()
    log.info("fstune %s: %s", __version__, " ".join(["fstune", *argv]))
    log.info("Python %s on %s %s (%s), %s", platform.python_version(), uname.sysname, uname.release,
             uname.machine, _os_name())
    log.info("libraries: %s", ", ".join(f"{name} {version}" for name, version in versions.items()))
    log.info("euid %d, PATH=%s, FSTUNE_LAB_ONLY=%s, XDG_STATE_HOME=%s", os.geteuid(), os.environ.get("PATH", ""),
             os.environ.get("FSTUNE_LAB_ONLY", ""), os.environ.get("XDG_STATE_HOME", ""))


def _os_name() -> str:
    try:
        return platform.freedesktop_os_release().get("PRETTY_NAME", "?")
    except OSError:
        return "?"
