"""A step's process in a pseudo-terminal: started, read line by line, asked, stopped.

- ``spawn(step, env)``: the step's argv (never a shell) in a new pty, ``stdout`` redirected to
  its file in the child right before exec (``cmd > file``, with fd 2 still on the pty), ONLCR
  off so that every ``\\r`` the runner sees was written by the tool.
- ``pump(child, on_line, control)``: reads the output until the step ends. ``LineAssembler``
  turns it into lines as a terminal shows them; a question (``match_prompt``, and for an
  unfamiliar one ``waiting_for_input``) goes to ``control.ask``; a cancel stops the process
  group with SIGINT, then SIGTERM, then SIGKILL.
- ``reap`` waits for the exit status; ``drain`` reads what is left on the pty.

The runner (``fstune.runner.engine``) decides what a line, a question or a cancel means for the
run; nothing here knows about plans, devices or the audit log.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import re
import select
import shutil
import signal
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass

import pexpect

from fstune import filesystems
from fstune.runner.events import StepStatus
from fstune.runner.tools import package_hint
from fstune.steps import Step
from fstune.util import procfs

_SPECIAL = re.compile(r"[\r\x08\x1b]")
_TOKEN = re.compile(
    r"\x1b\[([0-9;?]*)[ -/]*([@-~])"  # CSI: colours, erase-line …
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: window titles
    r"|\x1b[@-_]?"  # other escapes
    r"|\r|\x08"
    r"|[^\r\x08\x1b]+"
)


_COMPLETE_ESCAPE = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")


class LineAssembler:
    """Turns a tool's terminal output into finished and in-progress lines, like a terminal.

    ``emit(text, update, partial, rewritten)`` is called for each line (see ``OutputLine``;
    ``rewritten``: the line was redrawn with ``\\r`` or backspaces, i.e. it is a progress line). Plain lines
    take a fast path (split on newlines); a line containing ``\\r``, backspaces or escape
    sequences is replayed on a one-line screen with a cursor, so "12/64\\b\\b\\b\\b\\b13/64" shows
    as "13/64" and "45%\\r46%" as "46%". Within one chunk of output an in-progress line is
    reported once, in its latest state, so a fast progress counter costs one event per read.
    """

    __slots__ = ("_emit", "_plain", "_cells", "_col", "_slow", "_held_cr", "_held_esc", "_shown")

    def __init__(self, emit: Callable[[str, bool, bool, bool], None]) -> None:
        self._emit = emit
        self._plain = ""  # the current line while it has no special characters
        self._cells: list[str] = []  # the current line on the slow path
        self._col = 0
        self._slow = False
        self._held_cr = False  # a chunk ended in "\r": is it "\r\n" or a progress rewind?
        self._held_esc = ""  # an escape sequence cut in two by the end of a chunk
        self._shown: str | None = None  # what was last emitted for the current line

    @property
    def partial_text(self) -> str:
        """The unfinished current line as it would show on a terminal."""
        return "".join(self._cells).rstrip() if self._slow else self._plain

    def feed(self, text: str) -> None:
        if self._held_esc:
            text = self._held_esc + text
            self._held_esc = ""
        if self._held_cr:
            text = "\r" + text
            self._held_cr = False
        cut = text.rfind("\x1b", max(0, len(text) - 64))
        if cut != -1 and not _COMPLETE_ESCAPE.match(text, cut):
            text, self._held_esc = text[:cut], text[cut:]
        if text.endswith("\r"):
            text = text[:-1]
            self._held_cr = True
        if "\r\n" in text:
            text = text.replace("\r\n", "\n")
        pieces = text.split("\n")
        if len(pieces) > 1:
            # the first piece ends the line already begun; the ones in between are whole lines
            self._add(pieces[0])
            self._finish()
            emit = self._emit
            plain = _SPECIAL.search(text) is None
            for piece in pieces[1:-1]:
                if plain or _SPECIAL.search(piece) is None:
                    emit(piece, False, False, False)  # the common case: a line of plain text
                else:
                    self._add(piece)
                    self._finish()
        self._add(pieces[-1])
        self._show_partial()

    def flush(self) -> None:
        """The tool went quiet: a held-back ``\\r`` is a rewind after all."""
        if self._held_esc and len(self._held_esc) > 64:
            self._held_esc = ""  # not an escape sequence that will ever end: drop it
        if self._held_cr:
            self._held_cr = False
            self._add("\r")

    def close(self) -> None:
        """End of output: an unfinished last line becomes a finished one."""
        self.flush()
        if self._slow or self._plain or self._shown is not None:
            self._finish()

    def _add(self, piece: str) -> None:
        if not piece:
            return
        if not self._slow:
            if not _SPECIAL.search(piece):
                self._plain += piece
                return
            self._cells = list(self._plain)
            self._col = len(self._cells)
            self._plain = ""
            self._slow = True
        cells = self._cells
        for match in _TOKEN.finditer(piece):
            token = match.group(0)
            if token == "\r":
                self._col = 0
            elif token == "\x08":
                self._col = max(0, self._col - 1)
            elif token[0] == "\x1b":
                if match.group(2) == "K":  # erase in line: 0 to the end, 1 to the start, 2 all
                    mode = match.group(1) or "0"
                    if mode == "0":
                        del cells[self._col:]
                    elif mode == "1":
                        cells[: self._col] = [" "] * min(self._col, len(cells))
                    else:
                        cells.clear()
                # every other escape (colours, cursor keys) is dropped: the UI shows plain text
            else:
                end = self._col + len(token)
                if self._col > len(cells):
                    cells.extend(" " * (self._col - len(cells)))
                cells[self._col:end] = token
                self._col = end

    def _finish(self) -> None:
        text = "".join(self._cells).rstrip() if self._slow else self._plain
        self._emit(text, self._shown is not None, False, self._slow)
        self._plain = ""
        self._cells = []
        self._col = 0
        self._slow = False
        self._shown = None

    def _show_partial(self) -> None:
        text = self.partial_text
        if text and text != self._shown:
            self._emit(text, self._shown is not None, True, self._slow)
            self._shown = text



# --- questions tools ask

# anything ending in a question mark or a yes/no choice, once the tool has gone quiet
GENERIC_PROMPT = re.compile(
    r"(\?|[(\[]\s*(?:y|yes)\s*[/,|]\s*(?:n|no)\s*[)\]]|[(\[]\s*(?:n|no)\s*[/,|]\s*(?:y|yes)\s*[)\]])\s*:?\s*$",
    re.I,
)
NEGATIVE_ANSWER = re.compile(r"^\s*(n|no)\s*$", re.I)


def match_prompt(text: str) -> str | None:
    """"known" or "generic" when ``text`` (an unfinished line) looks like a question."""
    if not text.strip():
        return None
    if any(pattern.search(text) for pattern in filesystems.known_prompts()):  # mke2fs's, mkfs.jfs's …
        return "known"
    if GENERIC_PROMPT.search(text):
        return "generic"
    return None


# system call numbers of "wait for input": read-like ones carry the fd as first argument
_READ_CALLS = {"x86_64": {0, 17, 19}, "aarch64": {63, 65, 67}}
_POLL_CALLS = {"x86_64": {7, 23, 232, 270, 271, 281, 441}, "aarch64": {22, 72, 73, 441}}


def _group_members(pgid: int) -> list[int]:
    """Processes in process group ``pgid`` (the step's leader and what it started)."""
    return [stat.pid for stat in procfs.processes() if stat.pgrp == pgid] or [pgid]


def waiting_for_input(pgid: int) -> bool:
    """True when a process of the step's group is blocked waiting for input.

    /proc/PID/syscall names the system call a sleeping process is in: a read on a terminal
    (or a poll/select, whose descriptors it does not show) means it waits for someone to
    type. Where that file is not readable, any process asleep (state S) counts.
    """
    machine = os.uname().machine
    reads, polls = _READ_CALLS.get(machine), _POLL_CALLS.get(machine)
    for pid in _group_members(pgid):
        text = procfs.read_text(f"/proc/{pid}/syscall").split()
        if not text or reads is None:
            stat = procfs.proc_stat(pid)
            if stat is not None and stat.state == "S":
                return True
            continue
        if not text[0].isdigit():
            continue  # "running"
        number = int(text[0])
        if number in polls:
            return True
        if number in reads and len(text) > 1:
            try:
                target = os.readlink(f"/proc/{pid}/fd/{int(text[1], 16)}")
            except (OSError, ValueError):
                continue
            if target.startswith(("/dev/pts/", "/dev/tty")):
                return True
    return False


# --- the step's process ---------------------------------------------------------------------------


class StepError(Exception):
    """A step could not even start (missing tool, unwritable stdout file, missing cwd)."""


def spawn(step: Step, env: dict[str, str]) -> pexpect.spawn:
    """Start ``step`` in a new pty with ``env`` (whose PATH finds its tool); StepError if it cannot."""
    program = shutil.which(step.argv[0], path=env["PATH"])
    if program is None:
        raise StepError(f"{step.argv[0]} is not installed: {package_hint(step.argv[0])}.")
    stdout = os.path.abspath(step.stdout) if step.stdout else None  # as `cmd > file` resolves it
    if stdout:
        try:
            fd = os.open(stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
            os.close(fd)
        except OSError as error:
            raise StepError(f"cannot write the output file {stdout}: {error.strerror}.") from None
    if step.cwd and not os.path.isdir(step.cwd):
        raise StepError(f"cannot change to the directory {step.cwd}: it does not exist.")

    def preexec() -> None:
        # runs in the child between fork and exec: fd 0, 1 and 2 are the pty's slave side
        for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT,
                       signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(number, signal.SIG_DFL)  # Python ignores SIGPIPE; tools expect it
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
        attrs = termios.tcgetattr(0)
        attrs[1] &= ~termios.ONLCR  # keep "\n" as "\n": every "\r" then is the tool's own
        termios.tcsetattr(0, termios.TCSANOW, attrs)
        if stdout:
            out = os.open(stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
            os.dup2(out, 1)
            os.close(out)

    try:
        child = pexpect.spawn(program, args=list(step.argv[1:]), cwd=step.cwd, env=env,
                              preexec_fn=preexec, dimensions=(40, 200), echo=True, encoding=None)
    except (OSError, pexpect.ExceptionPexpect) as error:
        raise StepError(f"{step.argv[0]} could not be started: {error}.") from None
    child.delaybeforesend = None
    return child


@dataclass
class Control:
    """What ``pump`` asks of whoever runs the step.

    ``stop_reason``: the reason once the step must stop (a cancel), else None; a cleanup step,
    which must not be cut short, passes ``lambda: None``. ``interrupt``: Ctrl-C reached the
    pumping thread. ``ask``: a question (its text, whether a known tool asked it) → the answer
    to type, or None to decline. ``flush``: after each chunk of output. ``signalled``: a signal
    was sent to the step's process group. ``grace``: seconds after SIGINT and after SIGTERM
    before the next one. ``prompt_idle``: how long a tool must be quiet before an unfamiliar
    line ending in "?" counts as a question.
    """

    stop_reason: Callable[[], str | None]
    interrupt: Callable[[str], None]
    ask: Callable[[str, bool], str | None]
    flush: Callable[[], None] = lambda: None
    signalled: Callable[[int], None] = lambda number: None
    grace: tuple[float, float] = (3.0, 2.0)
    prompt_idle: float = 0.5


@dataclass(frozen=True)
class Ending:
    """How a step's process ended: ``status`` OK, FAILED, CANCELLED or DECLINED; ``detail`` is
    the cancel's reason (CANCELLED) or the question that was declined (DECLINED)."""

    status: StepStatus
    exit_status: int | None
    signal: int | None
    detail: str = ""


def pump(child: pexpect.spawn, on_line: Callable[[str, bool, bool, bool], None], control: Control) -> Ending:
    """Read the step's output until it ends; handle questions and cancels on the way.

    ``on_line`` gets every line as ``LineAssembler`` emits it.
    """
    terminal = LineAssembler(on_line)
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    fd = child.child_fd
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    last_output = time.monotonic()
    asked_for: tuple[int, str] | None = None  # the (output count, text) last asked about
    next_generic = 0.0  # looking into /proc for a waiting reader is done twice a second at most
    output_count = 0
    stopping: StepStatus | None = None  # CANCELLED or DECLINED once we decided to stop the step
    stop_detail = ""
    escalation: list[tuple[int, float]] = []
    escaped: set[tuple[int, int]] = set()  # descendants outside the step's process group, once stopping

    last_control = 0.0
    while True:
        try:
            ready = poller.poll(100)
        except KeyboardInterrupt:
            control.interrupt("interrupted (Ctrl-C)")
            ready = []
        now_ = time.monotonic()
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError as error:
                if error.errno != errno.EIO:  # EIO: every holder of the pty's slave is gone
                    raise
                data = b""
            if not data:
                break
            terminal.feed(decoder.decode(data))
            control.flush()
            output_count += 1
            last_output = now_
            if now_ - last_control < 0.1:
                continue  # under a flood of output, look at cancels ten times a second
        else:
            terminal.flush()
        last_control = now_
        # --- stopping: escalate SIGINT → SIGTERM → SIGKILL until the process is gone
        if stopping is None:
            reason = control.stop_reason()
            if reason is not None:
                stopping, stop_detail = StepStatus.CANCELLED, reason
                escalation = _escalation(now_, control.grace)
        if stopping is not None:
            escaped |= escaped_descendants(child.pid)  # before the leader dies and they lose it
            if not child.isalive():
                _kill_stragglers(child.pid, escaped)
                drain(fd, terminal, decoder)
                break
            while escalation and escalation[0][1] <= now_:
                number, _ = escalation.pop(0)
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(child.pid, number)
                if number == signal.SIGKILL:
                    _signal_each(escaped, number)
                control.signalled(number)
            continue
        if ready:
            continue
        if not child.isalive():
            # the tool exited but something it started still holds the pty: read what is
            # there and stop waiting for an EOF that may never come
            drain(fd, terminal, decoder)
            break
        # --- a question?
        text = terminal.partial_text
        kind = match_prompt(text) if text else None
        if kind and asked_for != (output_count, text):
            idle = now_ - last_output
            generic_due = kind == "generic" and idle >= control.prompt_idle and now_ >= next_generic
            if generic_due:
                next_generic = now_ + 0.5
            if (kind == "known" and idle >= 0.1) or (generic_due and waiting_for_input(child.pid)):
                asked_for = (output_count, text)
                reply = control.ask(text.strip(), kind == "known")
                if reply is None or NEGATIVE_ANSWER.match(reply):
                    stopping, stop_detail = StepStatus.DECLINED, text.strip()
                    reason = control.stop_reason()
                    if reason is not None:
                        stopping, stop_detail = StepStatus.CANCELLED, reason
                    escalation = _escalation(time.monotonic(), control.grace)  # the answer may have taken long
                else:
                    with contextlib.suppress(OSError):
                        os.write(fd, (reply + "\n").encode())
    terminal.close()
    control.flush()
    exit_status, sig = reap(child, control)
    if stopping is not None:
        return Ending(stopping, exit_status, sig, stop_detail)
    if exit_status == 0:
        return Ending(StepStatus.OK, exit_status, sig)
    reason = control.stop_reason()
    if reason is not None and sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
        return Ending(StepStatus.CANCELLED, exit_status, sig, reason)
    return Ending(StepStatus.FAILED, exit_status, sig)


def _escalation(now_: float, grace: tuple[float, float]) -> list[tuple[int, float]]:
    """SIGINT now, SIGTERM after the first grace, SIGKILL after the second."""
    first, second = grace
    return [(signal.SIGINT, now_), (signal.SIGTERM, now_ + first), (signal.SIGKILL, now_ + first + second)]


def _kill_stragglers(pgid: int, escaped: set[tuple[int, int]] = frozenset()) -> None:
    """The step's leader is gone; stop whatever it left in its process group, and the
    descendants that had left the group (``escaped_descendants``)."""
    _signal_each(escaped, signal.SIGKILL)  # the leader is gone: nobody is left to stop them gently
    try:
        os.killpg(pgid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        return
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def escaped_descendants(leader: int) -> set[tuple[int, int]]:
    """The step's descendants that left its process group (fio's job processes each call
    setsid()), as (pid, start time) so a reused pid is never signalled: signals to the group
    miss them, and once the leader is killed they would run on, or wait forever, unwatched."""
    return {(stat.pid, stat.start) for stat in procfs.descendants(leader, procfs.processes())
            if stat.pgrp != leader}


def _signal_each(processes: set[tuple[int, int]], number: int) -> None:
    for pid, started in processes:
        stat = procfs.proc_stat(pid)
        if stat is not None and stat.start == started:  # still the same process
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, number)


def drain(fd: int, terminal: LineAssembler, decoder) -> bool:
    """Read whatever is buffered on the pty now; True when something was read."""
    got = False
    while True:
        ready, _, _ = select.select([fd], [], [], 0)
        if not ready:
            return got
        try:
            data = os.read(fd, 65536)
        except OSError:
            return got
        if not data:
            return got
        terminal.feed(decoder.decode(data))
        got = True


def reap(child: pexpect.spawn, control: Control | None) -> tuple[int | None, int | None]:
    """Wait for the step's process; a stop requested while waiting ends it the hard way."""
    deadline = None
    pause = 0.0005  # the pty's EOF comes a moment before the exit status: poll fast, then slower
    while child.isalive():
        if control is not None and control.stop_reason() is not None:
            if deadline is None:
                deadline = time.monotonic() + sum(control.grace)
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(child.pid, signal.SIGTERM)
            elif time.monotonic() > deadline:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(child.pid, signal.SIGKILL)
        time.sleep(pause)
        pause = min(0.02, pause * 2)
    return child.exitstatus, child.signalstatus
