"""``fstune run`` — execute a study for real, headless, with live progress and a summary.

The options are those of ``fstune plan``; the steps are exactly the plan's. Before anything
is written: root, a terminal to confirm on (or --yes), then the run session's checks
(``fstune.session``: leftovers of earlier runs, the filesystems' kernel drivers, every tool
the plan needs, the disks' locks). Then the user types the name of each device that will be
erased, and the session runs, stores and compares the run; this module only prints.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys

from fstune.cli.choices import add_choice_arguments, build_choices, describe_device
from fstune.errors import ExitCode, UsageError
from fstune.plan import DEFAULT_LOOKS, Plan, build_plan, new_run_id
from fstune.studies.presets import LABS, class_preset, shipped_presets
from fstune.measure.view import TAIL, Entry, RunView, ViewState
from fstune.runner import (
    CANCELLED, FAIL_SAFETY, FINISHED, OK, WARNING, Level, Prompt, RunFailed, confirmed_device_answerer, handle_signals,
)
from fstune.session import ProblemKind, RunEnd, RunSession
from fstune.units import format_elapsed, format_percent


# injectable for tests: who we are, and whether a person can answer on stdin
geteuid = os.geteuid


def stdin_is_interactive() -> bool:
    return sys.stdin is not None and not sys.stdin.closed and sys.stdin.isatty()


DESCRIPTION = """\
Run a study for real, in blocks: each block formats the target (and the journal/log device),
mounts it with one configuration's options, runs one repeat of every workload and unmounts, for
every configuration once, in an order drawn for each block from the run's seed. After the planned
blocks (--blocks) fstune judges the study's primary metric and adds blocks until the answer is
clear or the cap (--max-blocks) is reached (docs/verdicts.md).
Exactly the commands `fstune plan` prints, with live progress, an audit log of every command
and its output, and a summary at the end. Needs root.

You are asked to type the name of every device that will be erased, after fstune showed what
it holds; --yes skips that (for scripts) and also lets fstune answer "y" when a tool asks to
overwrite a device you named. With --yes a device that holds a filesystem is written only when
--overwrite UUID=<its uuid> names that filesystem (`fstune disks --check DEV` prints the option);
otherwise nothing is done (exit 2). Lab disks (`fstune lab`) need no --overwrite.

Examples:
  fstune run --study ext3-external-journal --device /dev/sdb1 --log-device /dev/sdc1
  fstune run --study xfs-log-tuning --device /dev/loop0p1 --log-device /dev/loop1p2 \\
             --workloads none --yes

While it runs, fstune holds the lock on the whole disk of every device it writes (the flock
convention of udev and util-linux): a device whose disk another fstune run or any other program
holds is refused with who holds it (docs/safety.md).

Exit codes: 0 done, 1 a step failed, 2 refused before anything ran, 3 a safety check stopped
a write (said on stderr), 130 cancelled: by Ctrl-C, SIGTERM or the terminal closing (SIGHUP,
e.g. a dropped SSH session). A cancelled run unmounts and removes what it made, keeps its
audit log and stores what it had measured ('fstune results'); press Ctrl-C twice to stop at
once without cleaning up.
"""


def _class_flags(args) -> list[str]:
    """The flags given that would make this machine's run unlike the class's."""
    return [flag for flag, value, default in (
        ("--configs", args.configs, None),
        ("--option", args.option, []),
        ("--workloads", args.workloads, None),
        ("--workload-param", args.workload_param, []),
        ("--blocks", args.repeats, None),
        ("--max-blocks", args.max_blocks, DEFAULT_LOOKS[-1]),
        ("--primary", args.primary, None),
        ("--ceiling", args.ceiling, False)) if value != default]


def apply_class_preset(args) -> None:
    """--class: the class study --study names, with its preset's settings
    (recipes/presets/), refusing any flag that would change the study's configurations, their
    options or the workloads' settings."""
    if not getattr(args, "class_preset", False):
        return
    preset = class_preset(args.study)
    preset.check_study()
    given = _class_flags(args)
    if given:
        raise UsageError(f"--class fixes the study ({preset.study}), its configurations and their options, the "
                         f"workloads and their parameters, the primary metric and the blocks for the whole class; "
                         f"leave out {', '.join(given)}.",
                         "Or leave out --class and choose them yourself (the class merge then refuses the run, "
                         "or marks it with --allow-different-params).")
    for key, value in preset.settings().items():
        setattr(args, key, value)


def _class_help() -> str:
    """--help of --class: every class run fstune ships, with what it fixes and how long it took."""
    runs = [f"--study {preset.study}: {preset.describe()}, about {preset.minutes} minutes on the {LABS[preset.lab]} "
            "of a 2-core VM, measured" for preset in shipped_presets()]
    return ("a workshop's run, the same on every machine, with all the study's configurations as its file "
            f"defines them; one of {len(runs)} class runs: {'; or '.join(runs)}. Refuses --configs, --option, "
            "--workloads, --workload-param, --blocks, --max-blocks, --primary and --ceiling (docs/teaching.md, "
            "which also says what each kind of lab can show)")


def add_parser(sub, formatter_class) -> None:
    parser = sub.add_parser("run", help="run a study for real: format, mount, measure (needs root)",
                            description=DESCRIPTION, formatter_class=formatter_class)
    add_choice_arguments(parser)
    parser.add_argument("--yes", action="store_true",
                        help="confirm the devices on the command line instead of typing their names")
    parser.add_argument("--run-id", metavar="ID",
                        help="name of the run and its directories: up to 64 letters, digits, '.', '_', '-' "
                        "(default: the current time and pid; one a live run uses is refused)")
    parser.add_argument("--clean-leftovers", action="store_true",
                        help="first unmount what earlier, interrupted runs left under /run/fstune "
                        "(or $FSTUNE_MOUNT_ROOT)")
    parser.add_argument("--allow-unmountable", action="store_true",
                        help="run even when this kernel cannot mount the filesystem: mkfs runs, then the "
                        "run stops at the mount step")
    parser.add_argument("--class", dest="class_preset", action="store_true", help=_class_help())
    parser.set_defaults(func=run)


def _say(line: str) -> None:
    print(f"fstune: {line}", file=sys.stderr)


def run(args) -> int:
    sessions: list[RunSession] = []  # the session this command opened: its locks go however it ends
    try:
        return _prepare(args, sessions)
    finally:
        for session in sessions:
            session.close()


def _prepare(args, sessions: list[RunSession]) -> int:
    """Everything before the first step: checks, the plan, leftovers, locks, the confirmation."""
    apply_class_preset(args)
    if args.assume_size or args.assume_log_size:
        raise UsageError("--assume-size and --assume-log-size are for dry runs (fstune plan); "
                         "fstune run works on real devices only.")
    if geteuid() != 0:
        _say("fstune run formats and mounts devices and needs root: run it with sudo "
             "(`fstune plan` shows the commands without root).")
        return ExitCode.USAGE
    if not args.yes and not stdin_is_interactive():
        _say("there is no terminal on stdin to type the device names on; add --yes to confirm them "
             "on the command line.")
        return ExitCode.USAGE

    from fstune.cli.plan import scan_inventory

    run_id = args.run_id or new_run_id()
    # --lab without a lab makes one (loop devices only), as the plan command's hint promises
    choices = build_choices(args, scan_inventory(), run_id=run_id, build_lab=True)
    plan = build_plan(choices)
    for warning in plan.warnings:
        _say(f"note: {warning}")
    from fstune.cli.plan import decidable

    for line in decidable(plan):  # what earlier runs on these devices say the run can decide
        _say(f"before the run: {line}")
    if args.yes:
        code = _refuse_unconfirmed(plan)
        if code is not None:
            return code
    session = RunSession(plan)  # the plan's cap and looks (--max-blocks) go to its measurement
    sessions.append(session)

    # leftovers, preflight, then the disks' locks (one owner per device from here to the run's
    # last cleanup step; a disk another process holds ends here with who holds it) and identities
    code = _prepare_session(session, args)
    if code is not None:
        return code
    if not args.yes and not _confirm(plan):
        return ExitCode.USAGE

    with _output_may_vanish():
        return _execute(session, args)


def _execute(session: RunSession, args) -> int:
    plan = session.plan
    display = Display(plan, session.view, interactive_answers=not args.yes)
    answer = _answer_for_confirmed_devices(session.identities, display) if args.yes else None
    session.start(answer=answer)
    # a hang-up cancels the run like Ctrl-C (handle_signals); once the run is over it must not
    # kill fstune before the run is stored: store first, print second (README, "Exit codes")
    hangup = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # what handle_signals restores
    try:
        with handle_signals(session, on_signal=display.interrupted), display:
            outcome = session.run(display.changed)
        ended = session.finish(outcome)  # stored before anything is printed
        display.summary()
        if plan.workloads:
            _show_stored(ended, display)
    finally:
        signal.signal(signal.SIGHUP, hangup)
    if plan.workloads and ended.stored_id is None and outcome.exit_code == ExitCode.OK:
        # the run went well but its figures are not kept (the store failed, or the record could
        # not even be put together): say so in the status, where a script looks
        return ExitCode.FAILED
    return outcome.exit_code


def _show_stored(ended: RunEnd, display) -> None:
    """The before-and-after tables of the stored run, how to see it again, and what went wrong."""
    from fstune.cli.results import show_comparison

    for note in ended.notes:
        _say(note)
    if not ended.measured:
        display.note("no figures were measured, so nothing was stored.")
        return
    if ended.comparison is not None:
        show_comparison(display.console, [ended.record], ended.comparison)
    if ended.stored_id is not None:
        display.note(f"stored as run {ended.stored_id}: 'fstune results show {ended.stored_id}', "
                     f"'fstune results export {ended.stored_id} --format html -o report.html'.")


class _SurvivesHangup:
    """stdout or stderr while a run may outlive its terminal.

    Once the terminal hangs up (an SSH session drops, a tmux pane is killed) every write to it
    fails with EIO, possibly before the SIGHUP that cancels the run is handled. Printing to
    nobody is not an error: the first failed write points the descriptor at /dev/null, so it
    and every later write (Python's last flush at exit too) succeeds and goes nowhere. The audit
    log and the results store keep everything."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError:
            self._gone()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError:
            self._gone()

    def _gone(self) -> None:
        with contextlib.suppress(OSError, ValueError):  # a stream without a descriptor (tests)
            devnull = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(devnull, self._stream.fileno())
            finally:
                os.close(devnull)
            self._stream.flush()  # what was buffered for the terminal goes to /dev/null now

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextlib.contextmanager
def _output_may_vanish():
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _SurvivesHangup(sys.stdout), _SurvivesHangup(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved  # their descriptors lead to /dev/null if the terminal went


def _answer_for_confirmed_devices(identities, display):
    """--yes: say "y" to a tool's question only about a device the user named."""
    policy = confirmed_device_answerer(identities)

    def answer(prompt: Prompt) -> str | None:
        reply = policy(prompt)
        if reply is None:
            display.note(f"not answering “{prompt.text}” from {prompt.tool} for you: the step's device "
                         "is not one you confirmed.")
        return reply

    return answer


# --- before anything runs ----------------------------------------------------------------------


def _prepare_session(session: RunSession, args) -> int | None:
    """The session's checks before any write (``RunSession.prepare``), said as the command line
    says them; leftovers still mounted are cleared with --clean-leftovers or after asking."""
    ready = session.prepare(allow_unmountable=args.allow_unmountable, clear_leftovers=args.clean_leftovers)
    for leftover in ready.removed:
        strays = f", and {leftover.stray_text()}" if leftover.strays else ""
        _say(f"removed {leftover.run_dir}, left with nothing mounted by an interrupted run{strays}")
    for leftover in ready.leftovers:
        _say(f"an earlier run was interrupted and left {leftover.describe()}")
    if ready.leftovers and ready.cleaned is None:
        if args.yes or not stdin_is_interactive():
            _say("run again with --clean-leftovers to unmount and remove them first; nothing was done.")
            return ExitCode.USAGE
        try:
            reply = input("Unmount and remove them now? [y/N] ")
        except EOFError:
            reply = ""
        if reply.strip().lower() not in ("y", "yes"):
            _say("leftovers kept; nothing was done.")
            return ExitCode.USAGE
        ready = session.prepare(allow_unmountable=args.allow_unmountable, clear_leftovers=True)
    if ready.cleaned is not None:
        for mountpoint in ready.cleaned.unmounted:
            _say(f"unmounted {mountpoint}")
        for cleared in ready.cleaned.cleared:
            _say(f"removed {cleared}")
        for failure in ready.cleaned.failed:
            _say(f"could not clean {failure}")
    for problem in ready.problems:
        if not problem.blocking:
            _say(f"note: {problem.text} (--allow-unmountable).")
        elif problem.kind == ProblemKind.LEFTOVERS:
            return ExitCode.USAGE  # each failure is said above
        elif problem.kind == ProblemKind.NO_DRIVER:
            _say(f"{problem.text}; nothing was done (--allow-unmountable runs mkfs anyway and stops at the mount).")
            return ExitCode.USAGE
        else:
            _say(f"{problem.text}; nothing was done.")
            return ExitCode.USAGE
    return None


def _refuse_unconfirmed(plan: Plan) -> int | None:
    """--yes: a device holding a filesystem is written only when --overwrite names that filesystem
    (fstune.devices.overwrite); otherwise nothing is done, and the message names the option to add."""
    problems = [c.unconfirmed for c in plan.written_choices() if c.unconfirmed]
    for problem in problems:
        _say(f"{problem}; nothing was done.")
    return ExitCode.USAGE if problems else None


def _confirm(plan: Plan) -> bool:
    choices = plan.choices
    print(f"Study {plan.study.name}: {plan.study.title}")
    print(f"{len(plan.steps)} steps, {len(plan.configs)} configurations, workloads: "
          f"{', '.join(plan.workloads) or 'none'}, blocks: {plan.repeats}")
    devices = [("target", choices.target)]
    if choices.log_device is not None and choices.log_device.path in plan.destructive_devices():
        devices.append(("journal/log device", choices.log_device))
    for role, device in devices:
        what = f" — {device.description}" if device.description else ""
        print(f"\nThe {role} {describe_device(device)} will be ERASED{what}.")
        try:
            typed = input(f"Type its name ({device.path}) to confirm: ")
        except EOFError:
            _say("no confirmation; nothing was done.")
            return False
        if typed.strip() != device.path:
            _say(f"you typed '{typed.strip()}', not '{device.path}'; nothing was done.")
            return False
    return True


# --- while it runs --------------------------------------------------------------------------------


class Display:
    """Draws the run's ``RunView`` (``fstune.measure.view``): Rich live progress on a terminal,
    plain lines otherwise. ``changed`` is the session's ``on_change``: it runs in the run's thread
    right after each event was folded into the view, so every entry of the view's output log is
    drawn once, in order."""

    TAIL = TAIL
    SUMMARY_ROWS = 24  # longer runs list only the steps worth a look
    PROGRESS_STEPS = 1000  # the bar's resolution
    WIDE_ETA = 110  # columns from which the live bar says the time left in full

    def __init__(self, plan: Plan, view: RunView, *, interactive_answers: bool) -> None:
        from rich.console import Console

        self.plan = plan
        self.view = view
        self.interactive_answers = interactive_answers
        self.console = Console(stderr=False, highlight=False)
        self.live_mode = self.console.is_terminal
        self.title = ""
        self.block: int | None = None  # the block whose steps are running
        self.looks_shown = 0
        self.lost = False  # the terminal went away (SIGHUP): stop writing to it
        self._seq = 0  # the view's output log is drawn up to here
        self._state = view.snapshot(since=0)
        self._seq = self._state.seq
        self._prompted = None  # the tool's question last handled
        self._live = None
        self._progress = None
        self._task = None

    # context: start/stop the live display
    def __enter__(self) -> "Display":
        if self.live_mode:
            from rich.live import Live
            from rich.progress import BarColumn, Progress as Bar, TaskProgressColumn, TextColumn, TimeElapsedColumn

            # the time left is the run's own estimate (fstune/measure/eta.py), not a rate of steps:
            # blocks added while the study is undecided would make a step rate's countdown jump
            # the share is of the blocks scheduled now: when blocks are added it starts again, and
            # the column before it says the new total ("block 6 of 10 (up to 15)")
            self._progress = Bar(TextColumn("[bold]{task.fields[blocks]}"), BarColumn(), TaskProgressColumn(),
                                 TimeElapsedColumn(), TextColumn("{task.fields[eta]}"), console=self.console)
            self._task = self._progress.add_task("run", total=self.PROGRESS_STEPS, eta="", blocks="run")
            self._live = Live(self._render(), console=self.console, refresh_per_second=8, transient=True)
            self._guard(self._live.start)
        return self

    def __exit__(self, *exc) -> None:
        if self._live is not None:
            with contextlib.suppress(OSError):  # even once lost: it stops its refresh thread
                self._live.stop()

    def _guard(self, action, *args) -> None:
        if self.lost:
            return
        try:
            action(*args)
        except OSError:
            self.lost = True  # EIO/EPIPE after a hang-up: the run goes on, only silently

    def _update_bar(self) -> None:
        """The run's share of its estimated time (of the blocks scheduled now), which block of how
        many, and the time left; a plan without blocks, its share of steps."""
        if self._progress is None:
            return
        state = self._state
        progress = state.progress
        if progress is not None:
            wide = self.console.width >= self.WIDE_ETA
            self._progress.update(self._task, completed=round(progress.fraction * self.PROGRESS_STEPS),
                                  eta=progress.eta if wide else progress.eta_short,
                                  blocks=(progress.blocks if wide else progress.blocks_short) or "run")
        else:
            self._progress.update(self._task, completed=round(state.fraction * self.PROGRESS_STEPS))

    def _render(self):
        from rich.console import Group
        from rich.text import Text

        parts = [self._progress]
        if self.title:
            line = Text(self.title, style="bold")
            tool = self._state.tool
            if tool is not None and tool.fraction is not None:
                line.append(f"  {tool.fraction * 100:5.1f}%")
            if tool is not None and tool.eta is not None:
                line.append(f"  about {format_elapsed(tool.eta)} left")
            parts.append(line)
        for text in self._state.tail[-self.TAIL:]:
            parts.append(Text("  " + text[: max(20, self.console.width - 4)], style="dim", no_wrap=True))
        return Group(*parts)

    def _refresh(self) -> None:
        if self._live is not None:
            self._update_bar()  # the time left moves on while a step runs
            self._guard(self._live.update, self._render())

    def _print(self, text: str, style: str | None = None) -> None:
        self._guard(lambda: self.console.print(text, style=style, markup=False, highlight=False,
                                               soft_wrap=True))

    def note(self, text: str) -> None:
        self._print(f"fstune: {text}", "yellow")

    def interrupted(self, reason: str) -> None:
        # after a hang-up this goes nowhere, harmlessly (_SurvivesHangup), or to where output was redirected
        again = "" if "SIGHUP" in reason else " (press Ctrl-C again to stop at once)"
        self.note(f"{reason}: stopping the current step and cleaning up{again}.")

    def changed(self, _event: object = None) -> None:
        """Draw what the view gained (the session's ``on_change``, in the run's thread)."""
        state = self._state = self.view.snapshot(since=self._seq)
        self._seq = state.seq
        for entry in state.entries:
            self._entry(entry, state)
        prompt = state.prompt
        if prompt is not None and prompt is not self._prompted:
            self._prompted = prompt
            if self.interactive_answers:
                prompt.reply(self._ask(prompt))
            else:
                self.note(f"{prompt.tool} asks “{prompt.text}” (--yes answers only for the devices you named)")
        if self.live_mode:
            self._refresh()

    def _entry(self, entry: Entry, state: ViewState) -> None:
        if entry.kind == "line":
            if not self.live_mode:
                self._print(f"    {entry.text}")
        elif entry.kind == "step":
            current = entry.current
            number = f"{current.index + 1}/{current.total}" if current.index >= 0 else "cleanup"
            self.title = f"[{number}] {'cleanup: ' if current.cleanup else ''}{current.step.title}"
            if current.step.block and current.step.block != self.block and not current.cleanup:
                self.block = current.step.block  # the block order, as it runs
                for line in state.looks[self.looks_shown:]:
                    self._print(f"── {line}", "bold")  # what the look found, and what is expected
                self.looks_shown = len(state.looks)
                if state.progress is not None:
                    progress = state.progress
                    self._print(f"── {progress.label} · {format_percent(progress.fraction, 0)} of the run · "
                                f"{progress.eta}", "bold")
            if not self.live_mode:
                self._print(self.title, "bold")
        elif entry.kind == "finished":
            status = entry.row.state
            self._print(f"  {status}: {entry.text}", "red" if status != WARNING else "yellow")
        elif entry.kind == "notice":
            if entry.notice.level == Level.WARNING:
                self.note(entry.text)

    def _ask(self, prompt: Prompt) -> str | None:
        """Ask the person at the terminal; a cancel (Ctrl-C) while waiting declines."""
        if self._live is not None:
            self._guard(self._live.stop)
        self._print(f"{prompt.tool} asks: {prompt.text}", "bold yellow")
        self._guard(lambda: (sys.stdout.write("Your answer (empty declines): "), sys.stdout.flush()))
        reply: str | None = None
        while True:
            if self.view.snapshot(since=self._seq).cancelling:
                break
            try:
                ready, _, _ = select.select([sys.stdin], [], [], 0.2)
            except (OSError, ValueError):
                break
            if ready:
                line = sys.stdin.readline()
                reply = (line.strip() or None) if line else None
                break
        if self._live is not None:
            self._guard(self._live.start)
        return reply

    def summary(self) -> None:
        """The steps as they ended, the looks not shown yet, why the blocks ended, how the run ended."""
        from rich.table import Table

        state = self._state = self.view.snapshot(since=self._seq)
        ended = state.ended
        table = Table(title="fstune run", show_lines=False, expand=False)
        table.add_column("#", justify="right")
        table.add_column("step")
        table.add_column("status")
        table.add_column("time", justify="right")
        shown = state.finished
        if len(shown) > self.SUMMARY_ROWS:
            # a long run: the steps that did not simply succeed, and the last few
            last = set(range(len(shown) - 3, len(shown)))
            shown = [r for i, r in enumerate(shown) if r.status != OK or i in last]
            ok = sum(1 for r in state.finished if r.status == OK)
            table.caption = f"{ok} of {len(state.finished)} steps ok; the audit log has every one"
        for result in shown:
            number = str(result.index + 1) if result.index >= 0 else "-"
            title = ("cleanup: " if result.cleanup else "") + result.step.title
            style = {OK: "green", WARNING: "yellow"}.get(result.status, "red")
            table.add_row(number, title, f"[{style}]{result.status}[/]", format_elapsed(result.duration))
        self._guard(self.console.print, table)
        audit = getattr(ended, "audit_path", None)
        if audit:
            self._print(f"Audit log (every command and its output): {audit}")
        if self.plan.workloads:
            self._print(f"Tool reports: {self.plan.work_dir}")
        for line in state.looks[self.looks_shown:]:
            self._print(line, "bold")  # the last look: the one the blocks ended on
        self.looks_shown = len(state.looks)
        if state.blocks_ended is not None:
            self._print(f"Blocks: {state.blocks_ended.blocks} ({state.blocks_ended.stopped}).")
        duration = getattr(ended, "duration", 0.0)
        if state.status == FINISHED:
            self._print(f"Done: {len(state.finished)} steps in {format_elapsed(duration)}.", "bold green")
        elif state.status == CANCELLED:
            self._print(f"Cancelled: {ended.reason}", "bold yellow")
        elif isinstance(ended, RunFailed) and ended.kind == FAIL_SAFETY:
            # exit 3: an error like any other refusal, so on stderr (README: exit codes)
            _say(f"a safety check stopped the run: {ended.reason}")
        elif ended is not None:
            self._print(f"Failed: {ended.reason}", "bold red")
        for mountpoint in getattr(ended, "leftovers", ()):
            self._print(f"Still mounted: {mountpoint} (unmount it by hand or run fstune run --clean-leftovers)",
                        "red")
