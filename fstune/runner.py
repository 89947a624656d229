"""The runner: executes a Plan's Steps one at a time, each in a pseudo-terminal, as typed events.

    runner = Runner(plan)                       # records the chosen devices' identities now
    outcome = runner.run(on_event)              # synchronous; on_event gets every event
    for event in Runner(plan).events(): ...     # or iterate (the run happens in a thread)

Semantics are those of the dry-run script (``fstune.plan.render_script``), step for step: the
same argv (never a shell), ``cwd``, ``stdout`` redirected to a file, ``allow_failure`` turning
a failure into a warning, and on any failure or cancel the cleanup steps (unmount, remove the
mountpoints) that still have something to undo.

What the runner adds to the script:

- **A pty per step** (pexpect). Tools behave as they do for a person (progress, questions).
  A pty merges stdout and stderr, so a step with ``stdout`` gets its fd 1 pointed at the file
  in the child right before exec (``preexec_fn``: open + ``dup2``) while fd 2 stays on the
  pty — exactly what ``cmd > file`` does in the script. The redirect happens in the child, not
  through a shell, so no argv word is ever interpreted. ONLCR is switched off on the pty in
  the same hook, so every ``\\r`` the runner sees was written by the tool (progress) rather
  than added by the line discipline.
- **Events** in order and complete: ``OutputLine`` per line (lines a tool rewrites with
  ``\\r``/backspaces come as one line updated in place), ``Progress`` parsed from mke2fs,
  badblocks, fio and dbench, ``Prompt`` when a tool asks a question.
- **No answers on anyone's behalf**: a question is a ``Prompt``; the caller answers (an
  ``answer`` callable, or ``prompt.reply()`` from any thread). Declining stops the step.
- **Safety right before every destructive step**: identity (major:minor, size,
  serial/PARTUUID) against what was recorded when the run was built, not mounted, not swap,
  no holders, an ``O_EXCL`` open that is closed again, and the lab guard
  (``FSTUNE_LAB_ONLY=1``). Any difference aborts before the tool starts.
- **One owner per device**: ``run()`` holds the lock of every disk the plan writes
  (``fstune.devlock``: a BSD flock on the whole-disk node, the convention systemd-udevd and
  util-linux follow) from before its first step to after its last cleanup step; a disk
  another process holds fails the run before anything ran. Steps run as children of this
  process and never take that lock themselves.
- **The right filesystem is measured**: before every step of a benchmark repeat and after
  each measured step, the repeat's directory must still be the chosen device's filesystem
  (``fstune.mountcheck``); otherwise the run stops as failed and that
  repeat yields no figures.
- **Cleanup always**, also on ``cancel()`` (first: the step's process group gets SIGINT, then
  SIGTERM, then SIGKILL) — and a state file with the pid in the run directory, so that
  ``find_leftovers()`` can tell mounts of a dead run from those of a live one.
- **An audit log** (``fstune.audit``) of every command, its output and its outcome.
- **A gate** for guided mode (``StepGate``): each plan step is announced with ``StepWaiting``
  and starts only after ``gate.allow(index)``; ``cancel()`` opens the way to the cleanup.

Nothing here imports Textual; the TUI and the headless CLI both consume these events.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import json
import os
import queue
import re
import select
import shutil
import signal
import subprocess
import termios
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pexpect

from fstune import __version__, devlock, filesystems, mountcheck
from fstune import lab as labmod
from fstune import steps as kinds
from fstune.audit import AuditLog, now
from fstune.devices.model import Identity
from fstune.devices.system import parse_mountinfo, parse_swaps, rdev_majmin, read_or_empty
from fstune.errors import DeviceError, FstuneError, UnsafeDeviceError, UsageError
from fstune.plan import Plan
from fstune.steps import Step
from fstune.util.progress import PercentProgress, ProgressParser
from fstune.util.progress import RateEta as _RateEta

# sudo and `su` without `-` often leave the sbin directories out of PATH; mkfs tools live there
EXTRA_PATH = "/usr/local/sbin:/usr/sbin:/sbin:/usr/local/bin:/usr/bin:/bin"
STATE_FILE = ".fstune-run.json"

# step outcomes
OK = "ok"
WARNING = "warning"  # failed, but the step allows it (allow_failure): the run goes on
FAILED = "failed"
CANCELLED = "cancelled"
DECLINED = "declined"  # the tool asked a question and the answer was no

# run outcomes
FINISHED = "finished"
# FAILED, CANCELLED as above

# why a run failed, for exit codes and wording
FAIL_STEP = "step"  # a step exited non-zero or could not start
FAIL_SAFETY = "safety"  # a check before a destructive step refused
FAIL_DECLINED = "declined"
FAIL_ERROR = "error"  # fstune itself went wrong (a bug, a full disk for the log …)

EXIT_CODES = {FINISHED: 0, FAIL_STEP: 1, FAIL_DECLINED: 1, FAIL_ERROR: 1, FAIL_SAFETY: 3, CANCELLED: 130}

# the Debian package that brings each tool a plan may run (for "install it" messages)
PACKAGES = {
    "mkfs.ext2": "e2fsprogs", "mkfs.ext3": "e2fsprogs", "mkfs.ext4": "e2fsprogs", "mke2fs": "e2fsprogs",
    "dumpe2fs": "e2fsprogs", "tune2fs": "e2fsprogs", "mkfs.xfs": "xfsprogs", "xfs_info": "xfsprogs",
    "xfs_io": "xfsprogs", "mkfs.btrfs": "btrfs-progs", "btrfs": "btrfs-progs", "mkfs.jfs": "jfsutils",
    "jfs_tune": "jfsutils", "mkreiserfs": "reiserfsprogs", "debugreiserfs": "reiserfsprogs",
    "fio": "fio", "dbench": "dbench", "mount": "mount", "umount": "mount", "sysctl": "procps",
    "tar": "tar", "find": "findutils", "mkdir": "coreutils", "rmdir": "coreutils", "rm": "coreutils",
    "sync": "coreutils", "ls": "coreutils", "dd": "coreutils", "cat": "coreutils",
}


def package_hint(tool: str) -> str:
    package = PACKAGES.get(os.path.basename(tool))
    if package:
        return f"install the Debian package {package} (apt install {package})"
    if os.path.basename(tool) == "fstune":
        return "install fstune itself so that the `fstune` command is on PATH (pip install .)"
    return "install it or put it on PATH"


def search_path(environ: dict[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    return f"{env.get('PATH', '')}:{EXTRA_PATH}".strip(":")


def missing_tools(plan: Plan, environ: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(tool, how to get it) for every argv[0] of the plan that is not on PATH."""
    path = search_path(environ)
    missing = []
    for tool in dict.fromkeys(step.argv[0] for step in plan.steps):
        if shutil.which(tool, path=path) is None:
            missing.append((tool, package_hint(tool)))
    return missing


# ============================================================================================
# Events


@dataclass(frozen=True, slots=True)
class RunStarted:
    run_id: str
    total: int  # steps in the plan
    run_dir: str
    audit_path: str | None
    time: float


@dataclass(frozen=True, slots=True)
class StepStarted:
    index: int  # position in plan.steps (0-based); -1 for a cleanup step the runner added
    total: int
    step: Step
    cleanup: bool  # run by the cleanup path after a failure or cancel
    time: float


@dataclass(frozen=True, slots=True)
class StepWaiting:
    """Guided mode: step ``index`` is next and waits until the gate lets it go (nothing ran yet)."""

    index: int
    total: int
    step: Step


@dataclass(slots=True)  # not frozen: it is made once per line, and frozen fields cost twice as much
class OutputLine:
    """One line of a step's terminal output.

    ``update``: this replaces the previous OutputLine of the step (a progress line rewritten
    with ``\\r`` or backspaces, or an unfinished line that has grown). ``partial``: the line
    has no newline yet and may still be replaced; every line arrives exactly once with
    ``partial=False`` in its final form, which is what the audit log keeps.
    """

    index: int
    text: str
    update: bool = False
    partial: bool = False


@dataclass(frozen=True, slots=True)
class Progress:
    index: int
    fraction: float | None  # 0..1, None when only a phase is known
    eta: float | None  # seconds left, when the tool says or the rate allows it
    label: str  # "Writing inode tables", "fio", "dbench execute"


@dataclass(frozen=True, slots=True)
class Notice:
    index: int | None
    level: str  # "info" | "warning"
    text: str


class Prompt:
    """A tool asked a question and waits. Answer it with ``reply(text)`` or ``reply(None)``.

    The runner sends the text and a newline to the tool; ``None`` (or "n"/"no") declines: the
    runner stops the step without sending anything and the run fails with "you declined".
    With an ``answer`` callable given to the Runner, the runner calls it instead and no one
    needs to call ``reply``.
    """

    __slots__ = ("index", "step", "text", "tool", "known", "_answer", "_answered")

    def __init__(self, index: int, step: Step, text: str, tool: str, known: bool) -> None:
        self.index = index
        self.step = step
        self.text = text  # the question as shown, e.g. "Proceed anyway? (y,N)"
        self.tool = tool
        self.known = known  # matched a known tool's question (else the generic rule)
        self._answer: str | None = None
        self._answered = threading.Event()

    def reply(self, text: str | None) -> None:
        self._answer = text
        self._answered.set()

    @property
    def answered(self) -> bool:
        return self._answered.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._answered.wait(timeout)

    @property
    def answer(self) -> str | None:
        return self._answer

    def __repr__(self) -> str:
        return f"Prompt(index={self.index}, tool={self.tool!r}, text={self.text!r})"


@dataclass(frozen=True, slots=True)
class StepResult:
    index: int
    step: Step
    status: str  # OK | WARNING | FAILED | CANCELLED | DECLINED
    exit_status: int | None
    signal: int | None  # the signal that ended the process, if one did
    duration: float
    message: str = ""  # for anything but OK: what went wrong, in a sentence
    cleanup: bool = False


@dataclass(frozen=True, slots=True)
class StepFinished:
    index: int
    step: Step
    status: str
    exit_status: int | None
    signal: int | None
    duration: float
    message: str
    cleanup: bool
    result: StepResult


@dataclass(frozen=True, slots=True)
class RunFinished:
    duration: float
    results: tuple[StepResult, ...]
    warnings: tuple[str, ...]
    audit_path: str | None


@dataclass(frozen=True, slots=True)
class RunFailed:
    reason: str
    kind: str  # FAIL_STEP | FAIL_SAFETY | FAIL_DECLINED | FAIL_ERROR
    index: int | None  # the step that failed or was refused
    duration: float
    results: tuple[StepResult, ...]
    audit_path: str | None
    leftovers: tuple[str, ...] = ()  # mountpoints that cleanup could not unmount


@dataclass(frozen=True, slots=True)
class RunCancelled:
    reason: str
    index: int | None  # the step that was running
    duration: float
    results: tuple[StepResult, ...]
    audit_path: str | None
    leftovers: tuple[str, ...] = ()


class StepGate:
    """Holds each step of a run until someone lets it go: guided mode.

    The runner calls ``wait(index)`` in its own thread before a plan step (not before cleanup
    steps); another thread (the UI) calls ``allow(index)`` for that step, or ``abort()`` to stop
    the run — ``Runner.cancel()`` aborts its gate too. Waiting blocks on a condition variable:
    no polling, and a step never starts before it was allowed.
    """

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._allowed: set[int] = set()
        self._aborted = False

    def wait(self, index: int) -> bool:
        """Block until step ``index`` is allowed (True) or the gate is aborted (False)."""
        with self._condition:
            self._condition.wait_for(lambda: self._aborted or index in self._allowed)
            if self._aborted:
                return False
            self._allowed.discard(index)
            return True

    def allow(self, index: int) -> None:
        with self._condition:
            self._allowed.add(index)
            self._condition.notify_all()

    def abort(self) -> None:
        with self._condition:
            self._aborted = True
            self._condition.notify_all()

    @property
    def aborted(self) -> bool:
        return self._aborted


Event = (RunStarted | StepStarted | StepWaiting | OutputLine | Progress | Notice | Prompt | StepFinished
         | RunFinished | RunFailed | RunCancelled)


@dataclass(frozen=True)
class RunOutcome:
    status: str  # FINISHED | FAILED | CANCELLED
    reason: str
    kind: str | None  # for FAILED: FAIL_*
    results: tuple[StepResult, ...]
    duration: float
    audit_path: str | None
    warnings: tuple[str, ...] = ()
    leftovers: tuple[str, ...] = ()

    @property
    def exit_code(self) -> int:
        if self.status == FINISHED:
            return 0
        if self.status == CANCELLED:
            return EXIT_CODES[CANCELLED]
        return EXIT_CODES.get(self.kind or FAIL_ERROR, 1)


# ============================================================================================
# Terminal output → lines

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


# ============================================================================================
# Progress parsers


class Mke2fsProgress(ProgressParser):
    """mke2fs: "Writing inode tables: 12/64"; its badblocks scan: "12.34% done, 0:05 elapsed"."""

    COUNT = re.compile(r"^(?P<label>[A-Z][A-Za-z ]+?):\s+(?P<done>\d+)/(?P<total>\d+)\s*$")
    PERCENT = re.compile(r"(?P<pct>\d+(?:\.\d+)?)% done, (?:(?P<h>\d+):)?(?P<m>\d+):(?P<s>\d+) elapsed")

    def __init__(self) -> None:
        self._rate = _RateEta()

    def parse(self, text):
        match = self.COUNT.match(text)
        if match and int(match["total"]) > 0:
            fraction = min(1.0, int(match["done"]) / int(match["total"]))
            label = match["label"]
            return fraction, self._rate.eta(label, fraction), label
        match = self.PERCENT.search(text)
        if match:
            fraction = min(1.0, float(match["pct"]) / 100)
            elapsed = int(match["h"] or 0) * 3600 + int(match["m"]) * 60 + int(match["s"])
            eta = elapsed * (1 - fraction) / fraction if fraction > 0 and elapsed else None
            return fraction, eta, "Checking for bad blocks"
        return None


def progress_parser_for(argv: Iterable[str]) -> ProgressParser | None:
    """The parser for a step's tool, looking through fstune's own wrappers (``… -- CMD``)."""
    words = list(argv)
    if not words:
        return None
    tool = os.path.basename(words[0])
    if tool == "fstune" and "--" in words:
        return progress_parser_for(words[words.index("--") + 1:])
    if tool == "mke2fs" or tool.startswith("mkfs.ext"):
        return Mke2fsProgress()
    from fstune import workloads  # each workload parses its own tool's progress (docs/ARCHITECTURE.md)

    return workloads.progress_parser_for(words)


# ============================================================================================
# Questions tools ask

KNOWN_PROMPTS = (
    re.compile(r"Proceed anyway\? \(y,N\)\s*$"),  # mke2fs
    re.compile(r"Continue\? \(Y/N\)\s*$"),  # mkfs.jfs
    re.compile(r"Continue \(y/n\):?\s*$"),  # mkreiserfs
    re.compile(r"\(y/n\)\s*\[?[yn]?\]?:?\s*$", re.I),  # debugreiserfs, reiserfstune
)
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
    if any(pattern.search(text) for pattern in KNOWN_PROMPTS):
        return "known"
    if GENERIC_PROMPT.search(text):
        return "generic"
    return None


# system call numbers of "wait for input": read-like ones carry the fd as first argument
_READ_CALLS = {"x86_64": {0, 17, 19}, "aarch64": {63, 65, 67}}
_POLL_CALLS = {"x86_64": {7, 23, 232, 270, 271, 281, 441}, "aarch64": {22, 72, 73, 441}}


def _group_members(pgid: int) -> list[int]:
    """Processes in process group ``pgid`` (the step's leader and what it started)."""
    members = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        data = read_or_empty(f"/proc/{entry.name}/stat")
        if ")" not in data:
            continue
        fields = data[data.rindex(")") + 2:].split()
        if len(fields) > 2 and fields[2] == str(pgid):
            members.append(int(entry.name))
    return members or [pgid]


def waiting_for_input(pgid: int) -> bool:
    """True when a process of the step's group is blocked waiting for input.

    /proc/PID/syscall names the system call a sleeping process is in: a read on a terminal
    (or a poll/select, whose descriptors it does not show) means it waits for someone to
    type. Where that file is not readable, any process asleep (state S) counts.
    """
    machine = os.uname().machine
    reads, polls = _READ_CALLS.get(machine), _POLL_CALLS.get(machine)
    for pid in _group_members(pgid):
        text = read_or_empty(f"/proc/{pid}/syscall").split()
        if not text or reads is None:
            state = read_or_empty(f"/proc/{pid}/stat")
            if ")" in state and state[state.rindex(")") + 2: state.rindex(")") + 3] == "S":
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


# ============================================================================================
# Device identity and safety


def _udev_settle(path: str | None = None) -> None:
    """Let udev finish pending events so the properties read next are current.

    Not for a device on a disk this process holds locked: udev puts off its events for that
    disk until the lock is released, so waiting for them would only wait out the timeout.
    """
    if not Path("/run/udev/control").exists():
        return
    if path is not None and devlock.holds(path):
        return
    udevadm = shutil.which("udevadm", path=search_path())
    if udevadm:
        subprocess.run([udevadm, "settle", "--timeout=10"], capture_output=True, check=False, timeout=30)


def _scan():
    from fstune.devices import scan  # late: the inventory pulls in pyudev

    return scan()


def read_identity(path: str) -> Identity:
    """What identifies the device at ``path`` now: major:minor, size, serial, PARTUUID.

    Read from a fresh udev inventory (the same data the user chose from); a device that is
    not there is a DeviceError.
    """
    _udev_settle(path)
    device = _scan().get(path)
    identity = device.identity()
    # keep the path the user gave (a by-id link stays a by-id link in messages)
    return Identity(path, identity.major, identity.minor, identity.size, identity.serial, identity.partuuid)


def plan_devices(plan: Plan) -> list[str]:
    """The devices a real run of ``plan`` records and locks: target, journal/log, and every
    device a step writes."""
    chosen = [c.path for c in (plan.choices.target, plan.choices.log_device) if c is not None and not c.assumed]
    return list(dict.fromkeys([*chosen, *plan.destructive_devices()]))


def record_identities(plan: Plan) -> dict[str, Identity]:
    """Identities of every device the plan writes to, recorded when the run is built."""
    identities: dict[str, Identity] = {}
    choices = plan.choices
    for choice in (choices.target, choices.log_device):
        if choice is None:
            continue
        if choice.assumed:
            raise UsageError(f"{choice.path} is not on this machine (its size was assumed for a dry run); "
                             "a real run needs a real device.")
        identities[choice.path] = read_identity(choice.path)
    for path in plan.destructive_devices():
        if path not in identities:
            identities[path] = read_identity(path)
    return identities


def _majmin_of(path: str) -> tuple[int, int] | None:
    text = rdev_majmin(path)
    return None if text is None else tuple(int(part) for part in text.split(":"))


def _sysfs(major: int, minor: int) -> Path:
    return Path(f"/sys/dev/block/{major}:{minor}")


def _related_majmins(major: int, minor: int) -> list[tuple[int, int]]:
    """The device itself and, for a whole disk, its partitions."""
    found = [(major, minor)]
    base = _sysfs(major, minor)
    try:
        entries = list(base.iterdir())
    except OSError:
        return found
    for entry in entries:
        if (entry / "partition").exists():
            try:
                text = (entry / "dev").read_text().strip()
                major_text, minor_text = text.split(":")
                found.append((int(major_text), int(minor_text)))
            except (OSError, ValueError):
                continue
    return found


def mountpoints_of(major: int, minor: int) -> list[str]:
    """Where the device (or, for a disk, any partition of it) is mounted now."""
    related = set(_related_majmins(major, minor))
    return [m.mountpoint for m in parse_mountinfo(read_or_empty("/proc/self/mountinfo")) if (m.major, m.minor) in related]


def is_mounted(directory: str) -> bool:
    """True when something is mounted exactly on ``directory``."""
    target = os.path.realpath(directory)
    return any(m.mountpoint == target for m in parse_mountinfo(read_or_empty("/proc/self/mountinfo")))


def check_device(identity: Identity, *, context: str = "") -> None:
    """Raise UnsafeDeviceError unless the device is still the one chosen and nothing uses it.

    Order matters only for the message: identity first (a swapped disk is the most important
    thing to say), then mounts, swap, holders, an exclusive open, and the lab guard.
    """
    path = identity.path
    where = f" {context}" if context else ""
    _udev_settle(path)
    try:
        _scan().verify_identity(identity)
    except DeviceError as error:
        raise UnsafeDeviceError(f"Stopped before{where}: {error.message}",
                                error.hint or "Choose the device again and start a new run.") from None
    majmin = _majmin_of(path)
    if majmin is None or majmin != (identity.major, identity.minor):
        raise UnsafeDeviceError(f"Stopped before{where}: {path} is no longer block device "
                                f"{identity.major}:{identity.minor}.", "Choose the device again.")
    mounts = mountpoints_of(*majmin)
    if mounts:
        raise UnsafeDeviceError(f"Stopped before{where}: {path} is mounted at {', '.join(mounts)}.",
                                "Someone mounted it after you chose it; unmount it or choose another device.")
    related = set(_related_majmins(*majmin))
    for swap in parse_swaps(read_or_empty("/proc/swaps"), rdev_majmin):
        if swap.majmin and tuple(int(x) for x in swap.majmin.split(":")) in related:
            raise UnsafeDeviceError(f"Stopped before{where}: {path} is in use as swap ({swap.path}).",
                                    "Turn it off with swapoff or choose another device.")
    for major, minor in related:
        try:
            holders = sorted(os.listdir(_sysfs(major, minor) / "holders"))
        except OSError:
            holders = []
        if holders:
            raise UnsafeDeviceError(f"Stopped before{where}: {path} is held by {', '.join(holders)} "
                                    "(device-mapper, LVM, RAID or bcache).",
                                    "Remove those first or choose another device.")
    try:
        # an exclusive open fails with EBUSY while the kernel or any program holds it exclusively
        # (a mount, a RAID member, another mkfs); it is closed again before the tool starts
        fd = os.open(path, os.O_RDONLY | os.O_EXCL | os.O_CLOEXEC)
    except OSError as error:
        if error.errno == errno.EBUSY:
            raise UnsafeDeviceError(f"Stopped before{where}: {path} is busy: something holds it open "
                                    "exclusively (a mount, a RAID/LVM member, or another program).",
                                    "Find it with `lsof` or `fuser -v`, or choose another device.") from None
        raise UnsafeDeviceError(f"Stopped before{where}: {path} cannot be opened ({error.strerror}).",
                                "Check the device.") from None
    os.close(fd)
    if labmod.guard_enabled():
        labmod.assert_lab_device(path)


def devices_written_by(step: Step, identities: dict[str, Identity]) -> list[str]:
    """The recorded devices a destructive step writes: its ``device`` and any its argv names.

    An external journal or log named in the argv (``-J device=…``, ``-l logdev=…``, ``-j …``)
    is written too, so it is checked as well.
    """
    found = [step.device] if step.device else []
    for path in identities:
        if path in found:
            continue
        pattern = re.compile(rf"(^|[=,]){re.escape(path)}($|,)")
        if any(pattern.search(word) for word in step.argv):
            found.append(path)
    return found


# ============================================================================================
# Leftovers from runs that did not clean up (killed, crashed, a second Ctrl-C)


def _process_start(pid: int) -> str | None:
    """The process's start time in clock ticks since boot: tells a reused pid apart."""
    data = read_or_empty(f"/proc/{pid}/stat")
    if not data or ")" not in data:
        return None
    fields = data[data.rindex(")") + 2:].split()
    return fields[19] if len(fields) > 19 else None


def _alive(pid: int, start: str | None) -> bool:
    if pid <= 0:
        return False
    current = _process_start(pid)
    if current is None:
        return False
    return start is None or current == start


@dataclass(frozen=True)
class Leftover:
    run_id: str
    run_dir: str
    pid: int | None
    mounts: tuple[str, ...]  # mountpoints still mounted under run_dir, deepest first
    started: str = ""
    study: str = ""

    def describe(self) -> str:
        what = f"{len(self.mounts)} mount(s): {', '.join(self.mounts)}" if self.mounts else "an empty run directory"
        who = f" (study {self.study}, started {self.started})" if self.study else ""
        return f"{self.run_dir}{who}: {what}"


def _mounts_under(directory: str) -> list[str]:
    prefix = directory.rstrip("/") + "/"
    found = [m.mountpoint for m in parse_mountinfo(read_or_empty("/proc/self/mountinfo"))
             if m.mountpoint == directory or m.mountpoint.startswith(prefix)]
    return sorted(set(found), key=lambda p: (-p.count("/"), p))


def find_leftovers(root: str = "/run/fstune") -> list[Leftover]:
    """Run directories under ``root`` whose fstune process is gone, with what is still mounted.

    Only directories with fstune's state file count: a run directory of a live run (its pid
    alive with the same start time), or of a dry-run script someone runs by hand (no state
    file), is never touched.
    """
    base = Path(root)
    try:
        entries = sorted(p for p in base.iterdir() if p.is_dir() and not p.is_symlink())
    except OSError:
        return []
    leftovers = []
    for directory in entries:
        state_path = directory / STATE_FILE
        try:
            state = json.loads(state_path.read_text())
        except (OSError, ValueError):
            continue
        pid = state.get("pid") if isinstance(state.get("pid"), int) else None
        if pid is not None and _alive(pid, state.get("start")):
            continue
        leftovers.append(Leftover(str(state.get("run_id", directory.name)), str(directory), pid,
                                  tuple(_mounts_under(str(directory))), str(state.get("started", "")),
                                  str(state.get("study", ""))))
    return leftovers


@dataclass
class CleanReport:
    unmounted: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # "what: why"

    @property
    def ok(self) -> bool:
        return not self.failed


def clean_leftovers(leftovers: Iterable[Leftover]) -> CleanReport:
    """Unmount what dead runs left mounted (deepest first) and remove their directories."""
    report = CleanReport()
    umount = shutil.which("umount", path=search_path()) or "umount"
    for leftover in leftovers:
        if leftover.pid is not None and _alive(leftover.pid, None) and _process_start(leftover.pid) is not None:
            # re-check: it may have been a pid reused by an unrelated process (start differs),
            # which find_leftovers already ruled in; a live fstune run is never cleaned
            state = read_or_empty(os.path.join(leftover.run_dir, STATE_FILE))
            try:
                if _alive(leftover.pid, json.loads(state).get("start")):
                    report.failed.append(f"{leftover.run_dir}: its run (pid {leftover.pid}) is still going")
                    continue
            except ValueError:
                pass
        for mountpoint in _mounts_under(leftover.run_dir):
            result = subprocess.run([umount, mountpoint], capture_output=True, text=True, check=False, timeout=120)
            if result.returncode == 0:
                report.unmounted.append(mountpoint)
            else:
                why = (result.stderr.strip().splitlines() or [f"exit status {result.returncode}"])[-1]
                report.failed.append(f"{mountpoint}: {why}")
        if _mounts_under(leftover.run_dir):
            continue  # keep the state file so the leftover stays findable
        # remove only what a run makes: empty mountpoint directories and the state file
        for directory, dirnames, _files in os.walk(leftover.run_dir, topdown=False):
            if directory == leftover.run_dir:
                continue
            try:
                os.rmdir(directory)
                report.removed.append(directory)
            except OSError as error:
                report.failed.append(f"{directory}: {error.strerror}")
        with contextlib.suppress(FileNotFoundError):
            os.unlink(os.path.join(leftover.run_dir, STATE_FILE))
        try:
            os.rmdir(leftover.run_dir)
            report.removed.append(leftover.run_dir)
        except OSError as error:
            report.failed.append(f"{leftover.run_dir}: {error.strerror}")
    return report


# ============================================================================================
# Explaining failures


# the kernel prints a few messages with their prefix twice ("EXT4-fs: EXT4-fs: inode_readahead_blks …")
_REPEATED_PREFIX = re.compile(r"^([\w-]+(?: \([^)]*\))?: )\1+")


def _kernel_messages(words: list[str], since: float) -> list[str]:
    """Kernel warnings and errors since ``since`` (monotonic seconds) that name one of ``words``.

    /dev/kmsg stamps records with the boot-time monotonic clock, the one time.monotonic() reads.
    "ext4: Unknown parameter 'x'" names the filesystem, "XFS (loop3p1): …" the device.
    """
    patterns = [re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.I) for word in words if word]
    found = []
    try:
        fd = os.open("/dev/kmsg", os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return found
    try:
        while True:
            try:
                record = os.read(fd, 8192)
            except BlockingIOError:
                break
            except OSError as error:
                if error.errno == errno.EPIPE:  # overwritten while reading: skip ahead
                    continue
                break
            if not record:
                break
            head, _, message = record.decode("utf-8", "replace").partition(";")
            parts = head.split(",")
            try:
                level, stamp = int(parts[0]) & 7, int(parts[2]) / 1e6
            except (IndexError, ValueError):
                continue
            message = _REPEATED_PREFIX.sub(r"\1", message.split("\n", 1)[0].strip())
            if stamp >= since and level <= 4 and any(p.search(message) for p in patterns):
                found.append(message)
    finally:
        os.close(fd)
    return found


def _loop_detached(identity: Identity) -> bool:
    """True when the device's loop disk was told to detach (losetup -d) while in use."""
    base = _sysfs(identity.major, identity.minor)
    disk = base.resolve().parent if (base / "partition").exists() else base.resolve()
    return read_or_empty(str(disk / "loop" / "autoclear")).strip() == "1"


def _device_trouble(identities: dict[str, Identity]) -> list[str]:
    """What has happened to the chosen devices, if anything ("/dev/x has disappeared")."""
    problems = []
    for identity in identities.values():
        majmin = _majmin_of(identity.path)
        size = read_or_empty(str(_sysfs(identity.major, identity.minor) / "size")).strip()
        if majmin is None or not _sysfs(identity.major, identity.minor).exists():
            problems.append(f"{identity.path} has disappeared (the disk was removed or detached)")
        elif majmin != (identity.major, identity.minor):
            problems.append(f"{identity.path} is now a different device")
        elif _loop_detached(identity):
            problems.append(f"{identity.path} was detached (its loop device is set to go away "
                            "as soon as it is unmounted)")
        elif size.isdigit() and int(size) * 512 != identity.size:
            problems.append(f"{identity.path} changed size")
    return problems


# a tool's complaint, to quote in a failure message rather than its last (summary) line
_ERROR_WORDS = re.compile(r"error|fail|cannot|can't|unable|denied|invalid|not found|no such|refus|wrong|bad ", re.I)


class _OutputTail(deque):
    """A step's last lines, and its first complaint even once it has scrolled out of them.

    When a disk fills, the first error names the cause ("No space left on device"); the many
    that follow are consequences ("No such file or directory" for a directory that could not
    be made) and push it out of the last lines."""

    def __init__(self, maxlen: int) -> None:
        super().__init__((), maxlen)
        self.first_error: str | None = None

    def append(self, line: str) -> None:
        if self.first_error is None and _ERROR_WORDS.search(line):
            self.first_error = line.strip()
        super().append(line)


def _last_lines(lines: Iterable[str], count: int = 1) -> str:
    meaningful = [line.strip() for line in lines if line.strip()]
    return " / ".join(meaningful[-count:])


# ============================================================================================
# The runner


class _StepError(Exception):
    """A step could not even start (missing tool, unwritable stdout file, missing cwd)."""


@dataclass
class _Live:
    """The step being run now, for cancel() and abort_now() from other threads."""

    child: pexpect.spawn | None = None


Answer = Callable[[Prompt], str | None]


class Runner:
    """Runs one Plan. Build it when the user confirms; ``run()`` or ``events()`` once.

    ``identities``: what the chosen devices looked like when the user confirmed them
    (``record_identities(plan)`` if not given — i.e. now). ``answer``: called with each
    ``Prompt`` (return the text to send, or None to decline); without it, the consumer answers
    with ``prompt.reply()``. ``log_dir``: where the audit log goes (default: see
    ``fstune.audit``). ``grace``: seconds to wait after SIGINT and after SIGTERM before
    escalating. ``prompt_idle``: how long a tool must be quiet before an unfamiliar line
    ending in "?" counts as a question.

    The disks' locks: ``run()`` takes them (``devlock.lock_devices`` with the plan's run id),
    adopting those the caller took already for that run id at its review step, and releases
    them all after its last cleanup step.
    """

    def __init__(self, plan: Plan, *, identities: dict[str, Identity] | None = None,
                 answer: Answer | None = None, log_dir: str | os.PathLike | None = None,
                 grace: tuple[float, float] = (3.0, 2.0), prompt_idle: float = 0.5,
                 environ: dict[str, str] | None = None,
                 extend: Callable[[int, Step], list[Step]] | None = None,
                 gate: StepGate | None = None) -> None:
        self.plan = plan
        # guided mode: every plan step waits for ``gate.allow(index)``, announced by StepWaiting
        self.gate = gate
        self.steps: list[Step] = plan.steps
        # called after each step that succeeded; the steps it returns run next (extra repeats
        # while the figures are still too noisy). They must not be destructive: the devices
        # were confirmed for the plan as it was shown.
        self.extend = extend
        self.identities = dict(identities) if identities is not None else record_identities(plan)
        self.answer = answer
        self.log_dir = log_dir
        self.grace = grace
        self.prompt_idle = prompt_idle
        base = dict(os.environ if environ is None else environ)
        base["PATH"] = search_path(base)
        # the known-question and progress patterns are the tools' English messages
        base["LC_ALL"] = "C"
        base.pop("LANGUAGE", None)
        base["TERM"] = "dumb"  # discourages colours; what escapes remain are stripped
        # this process holds the disks' locks for its steps: a util-linux tool told to lock too
        # (LOCK_BLOCK_DEVICE=1 in the caller's environment) would wait on them for ever
        base["LOCK_BLOCK_DEVICE"] = "0"
        self._env = base
        self._locks: devlock.DeviceLocks | None = None
        # the directory each configuration's workloads measure, and its filesystem
        self._measured = {cp.config.name: (cp.mountpoint, cp.config.filesystem) for cp in plan.configs}
        self._wrong_filesystem = False  # a measured step's directory was not the filesystem under test
        self._cancel = threading.Event()
        self._cancel_reason = ""
        self._live = _Live()
        self._lock = threading.Lock()
        self._consumer: Callable[[object], None] | None = None
        self._audit: AuditLog | None = None
        self._started = False
        self._mounted: list[str] = []  # mountpoints this run mounted and has not unmounted
        self._results: list[StepResult] = []
        self._made_run_dir = False
        self._warnings: list[str] = []
        self.outcome: RunOutcome | None = None

    # --- control, from any thread -----------------------------------------------------------

    def cancel(self, reason: str = "cancelled") -> None:
        """Stop the run: the current step's processes are stopped, then cleanup runs."""
        with self._lock:
            if not self._cancel.is_set():
                self._cancel_reason = reason
                self._cancel.set()
        if self.gate is not None:
            self.gate.abort()  # a step waiting for its go ahead must not wait forever

    @property
    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    def abort_now(self, reason: str = "stopped at once (second interrupt)") -> None:
        """Kill the current step's process group and record the abort; no cleanup.

        For a second Ctrl-C. What stays mounted is found later by ``find_leftovers()``.
        """
        child = self._live.child
        if child is not None:
            with contextlib.suppress(OSError):
                os.killpg(child.pid, signal.SIGKILL)
        if self._audit is not None:
            # called from a signal handler: the handler may have interrupted a write to the log
            with contextlib.suppress(OSError, RuntimeError, ValueError):
                self._audit.write("run-end", status=CANCELLED, reason=reason, time=now(),
                                  leftovers=list(self._mounted))
                self._audit.close()

    # --- running ----------------------------------------------------------------------------

    def events(self) -> Iterator[object]:
        """Run in a background thread and yield its events in order.

        Leaving the loop early cancels the run (and waits for its cleanup).
        """
        box: queue.SimpleQueue = queue.SimpleQueue()
        done = object()

        def work() -> None:
            try:
                self.run(box.put)
            except BaseException as error:  # delivered to the consumer, not lost in a thread
                box.put(error)
            finally:
                box.put(done)

        thread = threading.Thread(target=work, name="fstune-runner", daemon=True)
        thread.start()
        try:
            while True:
                item = box.get()
                if item is done:
                    break
                if isinstance(item, BaseException):
                    raise item
                yield item
        finally:
            if thread.is_alive():
                self.cancel("the run's consumer stopped listening")
                while thread.is_alive():
                    # keep draining: a question nobody will answer now is declined
                    with contextlib.suppress(queue.Empty):
                        item = box.get(timeout=0.1)
                        if isinstance(item, Prompt) and not item.answered:
                            item.reply(None)
                thread.join()

    def run(self, on_event: Callable[[object], None] | None = None) -> RunOutcome:
        """Execute every step in order; return how it ended. Never raises for a failed step."""
        if self._started:
            raise FstuneError("a Runner runs its plan once; build a new one for another run.")
        self._started = True
        self._consumer = on_event
        started = time.monotonic()
        plan = self.plan
        self._audit = AuditLog.create(plan.choices.run_id, self.log_dir)
        audit = self._audit
        audit.write("run-start", run_id=plan.choices.run_id, study=plan.study.name, time=now(), pid=os.getpid(),
                    fstune=__version__, kernel=os.uname().release, steps=len(self.steps),
                    run_dir=plan.run_dir, work_dir=plan.work_dir,
                    devices={path: _identity_json(identity) for path, identity in self.identities.items()},
                    lab_only=labmod.guard_enabled())
        refusal = self._take_locks()
        if refusal is not None:
            return self._refused(refusal, started)
        status, reason, kind, failed_at = FINISHED, "", None, None
        resume = 0  # where the cleanup path looks for steps that still have something to undo
        leftovers: tuple[str, ...] = ()
        try:
            self._write_state()
            self._emit(RunStarted(plan.choices.run_id, len(self.steps), plan.run_dir, str(audit.path), time.time()))
            if self._locks is not None:
                self._notice(None, "info", f"{' and '.join(sorted(self._locks.disks.values()))} stay locked for this "
                             "run until its cleanup has ended: other fstune processes refuse them, udev and "
                             "util-linux tools that lock wait (docs/safety.md).")
            for index, step in enumerate(self.steps):
                failed_at = resume = index  # a step not run (or cut short) may still be owed
                if self._cancel.is_set():
                    status, reason, failed_at = CANCELLED, self._cancel_reason, index
                    break
                if self.gate is not None:
                    # before the safety check: the devices are re-checked after the wait
                    self._emit(StepWaiting(index, len(self.steps), step))
                    allowed = self.gate.wait(index)
                    if not allowed or self._cancel.is_set():
                        status, reason, failed_at = CANCELLED, self._cancel_reason or "cancelled", index
                        break
                    audit.write("guided-go", step=index, time=now())
                if step.destructive:
                    refusal = self._safety(index, step)
                    if refusal:
                        status, kind, reason, failed_at = FAILED, FAIL_SAFETY, refusal, index
                        break
                if step.repeat is not None and step.config in self._measured:
                    refusal = self._check_measured(index, step)  # before every step of a repeat
                    if refusal:
                        status, kind, reason, failed_at = FAILED, FAIL_SAFETY, refusal, index
                        break
                if step.kind == kinds.RMDIR and step.mountpoint == plan.run_dir:
                    self._remove_state()
                result = self._execute(index, step)
                if result.status in (OK, WARNING):
                    if result.status == OK:
                        self._track(step)
                        self._insert_extra_steps(index, step)
                    failed_at, resume = None, index + 1
                    continue
                resume = index + 1  # it ran and failed: its own undo is not owed
                if step.kind == kinds.MOUNT and step.mountpoint and is_mounted(step.mountpoint):
                    self._mounted.append(step.mountpoint)  # stopped too late: it did mount
                if result.status == CANCELLED:
                    status, reason = CANCELLED, self._cancel_reason or result.message
                elif result.status == DECLINED:
                    status, kind, reason = FAILED, FAIL_DECLINED, result.message
                elif self._wrong_filesystem:
                    status, kind, reason = FAILED, FAIL_SAFETY, result.message
                else:
                    status, kind = FAILED, FAIL_STEP
                    reason = f"Step {index + 1} ({step.title}) failed: {result.message}"
                break
        except KeyboardInterrupt:
            # a library user without signal handlers pressed Ctrl-C between steps
            status, reason = CANCELLED, "interrupted (Ctrl-C)"
        except Exception as error:  # fstune's own fault: still clean up, then say what it was
            status, kind = FAILED, FAIL_ERROR
            reason = error.message if isinstance(error, FstuneError) else f"fstune failed: {error!r}"
            audit.write("notice", step=None, level="error", text=reason)
        finally:
            if status != FINISHED:
                # what happened to the devices is clearest before the cleanup (a detached loop
                # device vanishes at the unmount) and may only show after it
                trouble = _device_trouble(self.identities) if kind == FAIL_STEP else []
                leftovers = self._safe_cleanup(resume)
                if kind == FAIL_STEP:
                    trouble = trouble or _device_trouble(self.identities)
                    if trouble:
                        reason = f"{reason} — {'; '.join(trouble)}."
            elif self._mounted:
                leftovers = self._safe_cleanup(len(self.steps))
            if not self._mounted:
                self._remove_state()
                if self._made_run_dir:
                    # a hand-made plan may lack the finish step that removes it
                    with contextlib.suppress(OSError):
                        os.rmdir(self.plan.run_dir)
            self._release_locks()  # after the last cleanup step
            duration = time.monotonic() - started
            results = tuple(self._results)
            if leftovers:
                reason = (reason + " " if reason else "") + (
                    f"Could not unmount {', '.join(leftovers)}; `fstune run` offers to clean it up next time.")
            audit.write("run-end", status=status, kind=kind, reason=reason, duration=round(duration, 6),
                        time=now(), leftovers=list(leftovers))
            audit.close()
            if status == FINISHED:
                final: object = RunFinished(duration, results, tuple(self._warnings), str(audit.path))
            elif status == CANCELLED:
                final = RunCancelled(reason, failed_at, duration, results, str(audit.path), leftovers)
            else:
                final = RunFailed(reason, kind or FAIL_ERROR, failed_at, duration, results, str(audit.path), leftovers)
            self.outcome = RunOutcome(status, reason, kind, results, duration, str(audit.path),
                                      tuple(self._warnings), leftovers)
            self._emit(final)
        return self.outcome

    # --- pieces of run() ----------------------------------------------------------------------

    def _take_locks(self) -> str | None:
        """Lock the disk of every device the run writes; the reason it cannot, or None."""
        paths = list(self.identities)
        if not paths:
            return None
        try:
            self._locks = devlock.lock_devices(paths, run_id=self.plan.choices.run_id)
        except DeviceError as error:
            reason = f"Stopped before anything ran: {error}"
            self._audit.write("lock", ok=False, reason=reason, time=now())
            return reason
        self._audit.write("lock", ok=True, disks=sorted(self._locks.disks.values()), time=now())
        return None

    def _release_locks(self) -> None:
        locks, self._locks = self._locks, None
        if locks is None:
            return
        try:
            locks.release()
            self._audit.write("unlock", disks=sorted(locks.disks.values()), time=now())
        except Exception as error:  # the process's exit releases them anyway
            self._audit.write("notice", step=None, level="error", text=f"releasing the locks failed: {error!r}")

    def _refused(self, reason: str, started: float) -> RunOutcome:
        """The disks could not be locked: nothing ran, so there is nothing to clean up."""
        audit = self._audit
        duration = time.monotonic() - started
        audit.write("run-end", status=FAILED, kind=FAIL_SAFETY, reason=reason, duration=round(duration, 6),
                    time=now(), leftovers=[])
        audit.close()
        self.outcome = RunOutcome(FAILED, reason, FAIL_SAFETY, (), duration, str(audit.path))
        self._emit(RunFailed(reason, FAIL_SAFETY, None, duration, (), str(audit.path)))
        return self.outcome

    def _check_measured(self, index: int, step: Step, *, after: bool = False) -> str | None:
        """Is the directory this repeat measures still the target's filesystem? The reason it is
        not (the run stops, the repeat gives no figures), or None."""
        mountpoint, fs_name = self._measured[step.config]
        target = self.identities.get(self.plan.choices.target.path)
        if target is None:
            return None
        why = mountcheck.verify(mountpoint, target.path, target.major, target.minor, fs_name)
        if why is None:
            return None
        if after:
            reason = f"Step {index + 1} ({step.title}) measured the wrong filesystem: {why}; its figures are not used."
        else:
            reason = f"Stopped before step {index + 1} ({step.title}): {why}; nothing was measured there."
        self._audit.write("mount-check", step=index, ok=False, reason=reason, time=now())
        return reason

    def _insert_extra_steps(self, index: int, step: Step) -> None:
        if self.extend is None:
            return
        extra = list(self.extend(index, step))
        for added in extra:
            if added.destructive:
                raise FstuneError(f"extra step '{added.title}' would write to a device; only the plan may.")
        if extra:
            # run() walks self.steps by index, so steps inserted after this one run next
            self.steps[index + 1:index + 1] = extra
            self._audit.write("notice", step=index, level="info",
                              text=f"{len(extra)} steps added after step {index + 1}: {extra[0].title} …")

    def _emit(self, event: object) -> None:
        if self._consumer is None:
            return
        try:
            self._consumer(event)
        except Exception as error:
            self._consumer_failed(error)

    def _consumer_failed(self, error: Exception) -> None:
        # the display broke, not the run: stop safely (cleanup still runs) and say why
        self._consumer = None
        reason = f"the program showing the run failed ({error!r}); the run was stopped"
        if self._audit:
            self._audit.write("notice", step=None, level="error", text=reason)
        self.cancel(reason)

    def _safe_cleanup(self, start: int) -> tuple[str, ...]:
        """The cleanup path, which must not be cut short by a bug of its own."""
        try:
            return self._cleanup(start)
        except Exception as error:
            self._audit.write("notice", step=None, level="error", text=f"cleanup failed: {error!r}")
            return tuple(mp for mp in self._mounted if is_mounted(mp))

    def _notice(self, index: int | None, level: str, text: str) -> None:
        if level == "warning":
            self._warnings.append(text)
        if self._audit:
            self._audit.write("notice", step=index, level=level, text=text)
        self._emit(Notice(index, level, text))

    def _safety(self, index: int, step: Step) -> str | None:
        """Re-check every device the step writes; the reason it must not run, or None."""
        paths = devices_written_by(step, self.identities)
        for path in paths:
            identity = self.identities.get(path)
            if identity is None:
                reason = (f"Stopped before step {index + 1} ({step.title}): {path} is not a device "
                          "you confirmed for this run.")
                self._audit.write("safety", step=index, device=path, ok=False, reason=reason)
                return reason
            try:
                check_device(identity, context=f"step {index + 1} ({step.title})")
            except FstuneError as error:
                reason = str(error)
                self._audit.write("safety", step=index, device=path, ok=False, reason=reason)
                return reason
            self._audit.write("safety", step=index, device=path, ok=True, reason="")
        return None

    def _track(self, step: Step) -> None:
        if step.kind == kinds.MOUNT and step.mountpoint:
            self._mounted.append(step.mountpoint)
        elif step.kind == kinds.UMOUNT and step.mountpoint in self._mounted:
            self._mounted.remove(step.mountpoint)

    def _write_state(self) -> None:
        """The run directory and its state file: who is running, so leftovers can be told apart."""
        run_dir = Path(self.plan.run_dir)
        try:
            self._made_run_dir = not run_dir.exists()
            run_dir.mkdir(parents=True, exist_ok=True)
            state = {"run_id": self.plan.choices.run_id, "pid": os.getpid(), "start": _process_start(os.getpid()),
                     "started": time.strftime("%Y-%m-%d %H:%M:%S"), "study": self.plan.study.name,
                     "audit": str(self._audit.path) if self._audit else None}
            partial = run_dir / (STATE_FILE + ".tmp")
            partial.write_text(json.dumps(state) + "\n")
            os.replace(partial, run_dir / STATE_FILE)
        except OSError as error:
            raise FstuneError(f"cannot create the run directory {run_dir}: {error.strerror}.",
                              "fstune needs root to work under /run/fstune.") from None

    def _remove_state(self) -> None:
        with contextlib.suppress(FileNotFoundError, NotADirectoryError):
            os.unlink(os.path.join(self.plan.run_dir, STATE_FILE))

    def _cleanup(self, start: int) -> tuple[str, ...]:
        """Run the plan's remaining cleanup steps that still have something to undo.

        Unmount steps run only for what is mounted, rmdir steps only for directories that
        exist; an unmount that finds the filesystem busy (processes of a stopped step still
        exiting) is retried for a few seconds. Returns mountpoints left mounted.
        """
        self._notice(None, "info", "Cleaning up: unmounting what this run mounted and removing its mountpoints.")
        for index in range(start, len(self.steps)):
            step = self.steps[index]
            if not step.cleanup:
                continue
            if step.kind == kinds.UMOUNT:
                if not step.mountpoint or not is_mounted(step.mountpoint):
                    continue
                self._unmount(index, step)
                continue
            if step.kind == kinds.RMDIR and step.mountpoint:
                if not os.path.isdir(step.mountpoint) or is_mounted(step.mountpoint):
                    continue
                if step.mountpoint == self.plan.run_dir:
                    if any(is_mounted(mp) for mp in self._mounted):
                        continue  # keep the state file: the leftover must stay findable
                    self._remove_state()
            self._execute(index, step, cleanup=True)
        # a mount the plan's own steps did not undo (cannot happen with build_plan's plans,
        # but a hand-made plan may lack its umount step)
        for mountpoint in list(reversed(self._mounted)):
            if is_mounted(mountpoint):
                synthetic = Step(("umount", mountpoint), title=f"Unmount {mountpoint}", kind=kinds.UMOUNT,
                                 why="fstune mounted it; nothing may stay mounted after a run", cleanup=True,
                                 mountpoint=mountpoint)
                self._unmount(-1, synthetic)
            else:
                self._mounted.remove(mountpoint)
        return tuple(mp for mp in self._mounted if is_mounted(mp))

    def _unmount(self, index: int, step: Step) -> None:
        deadline = time.monotonic() + 10
        while True:
            result = self._execute(index, step, cleanup=True)
            if result.status == OK or not is_mounted(step.mountpoint):
                if step.mountpoint in self._mounted:
                    self._mounted.remove(step.mountpoint)
                return
            if time.monotonic() > deadline:
                self._notice(index, "warning", f"{step.mountpoint} stays mounted: {result.message}")
                return
            time.sleep(0.5)  # the stopped step's processes may still hold files open

    # --- one step -----------------------------------------------------------------------------

    def _execute(self, index: int, step: Step, *, cleanup: bool = False) -> StepResult:
        audit = self._audit
        started = time.monotonic()
        self._emit(StepStarted(index, len(self.steps), step, cleanup, time.time()))
        audit.write("step-start", step=index, title=step.title, argv=list(step.argv), cwd=step.cwd,
                    stdout=step.stdout, kind=step.kind, destructive=step.destructive, device=step.device,
                    cleanup=cleanup, time=now())
        lines: deque[str] = _OutputTail(maxlen=40)  # the last finished lines, for failure messages
        try:
            child = self._spawn(step)
        except _StepError as error:
            outcome = (FAILED, None, None, str(error))
        else:
            self._live.child = child
            try:
                outcome = self._pump(index, step, child, lines, cancellable=not cleanup, started=started)
            finally:
                self._live.child = None
                with contextlib.suppress(Exception):
                    child.ptyproc.delayafterclose = 0
                    child.close(force=True)
        status, exit_status, sig, message = outcome
        measured = step.kind == kinds.MEASURE or step.phase is not None  # what becomes figures
        if status == OK and not cleanup and measured and step.config in self._measured:
            # the figures count only if the filesystem under test is still what was measured
            refusal = self._check_measured(index, step, after=True)
            if refusal:
                status, message = FAILED, refusal
                self._wrong_filesystem = True
        if status == FAILED:
            message = message or self._failure_message(step, exit_status, sig, lines, started)
            if step.allow_failure and not self._wrong_filesystem:
                status = WARNING
                message = f"{step.allow_failure} ({message})"
        duration = time.monotonic() - started
        result = StepResult(index, step, status, exit_status, sig, duration, message if status != OK else "", cleanup)
        self._results.append(result)
        audit.write("step-end", step=index, status=status, exit_status=exit_status, signal=sig,
                    duration=round(duration, 6), message=result.message, time=now())
        audit.sync()
        self._emit(StepFinished(index, step, status, exit_status, sig, duration, result.message, cleanup, result))
        if status == WARNING:
            self._notice(index, "warning", f"step {index + 1} ({step.title}): {message}")
        return result

    def _spawn(self, step: Step) -> pexpect.spawn:
        program = shutil.which(step.argv[0], path=self._env["PATH"])
        if program is None:
            raise _StepError(f"{step.argv[0]} is not installed: {package_hint(step.argv[0])}.")
        stdout = os.path.abspath(step.stdout) if step.stdout else None  # as `cmd > file` resolves it
        if stdout:
            try:
                fd = os.open(stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
                os.close(fd)
            except OSError as error:
                raise _StepError(f"cannot write the output file {stdout}: {error.strerror}.") from None
        if step.cwd and not os.path.isdir(step.cwd):
            raise _StepError(f"cannot change to the directory {step.cwd}: it does not exist.")

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
            child = pexpect.spawn(program, args=list(step.argv[1:]), cwd=step.cwd, env=self._env,
                                  preexec_fn=preexec, dimensions=(40, 200), echo=True, encoding=None)
        except (OSError, pexpect.ExceptionPexpect) as error:
            raise _StepError(f"{step.argv[0]} could not be started: {error}.") from None
        child.delaybeforesend = None
        return child

    def _pump(self, index: int, step: Step, child: pexpect.spawn, lines: deque[str], *,
              cancellable: bool, started: float) -> tuple[str, int | None, int | None, str]:
        """Read the step's output until it ends; handle questions and cancels on the way."""
        audit = self._audit
        emit = self._consumer
        parser = progress_parser_for(step.argv)
        generic = parser is None
        if generic:
            parser = PercentProgress()
        last_progress: list[tuple | None] = [None]

        def on_line(text: str, update: bool, partial: bool, rewritten: bool) -> None:
            nonlocal emit
            if not partial:
                audit.output(index, text)
                lines.append(text)
            if not generic or rewritten or update or partial:
                found = parser.parse(text)
                if found is not None:
                    # a new event only when something a person would notice changed
                    key = (found[0] if found[0] is None else round(found[0], 3), found[2],
                           None if found[1] is None else round(found[1]))
                    if key == last_progress[0]:
                        found = None
                    else:
                        last_progress[0] = key
            else:
                found = None
            if emit is not None:
                try:  # costs nothing unless the consumer raises
                    emit(OutputLine(index, text, update, partial))
                    if found is not None:
                        emit(Progress(index, found[0], found[1], found[2]))
                except Exception as error:
                    emit = None
                    self._consumer_failed(error)

        terminal = LineAssembler(on_line)
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        fd = child.child_fd
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        last_output = time.monotonic()
        asked_for: tuple[int, str] | None = None  # the (output count, text) last asked about
        next_generic = 0.0  # looking into /proc for a waiting reader is done twice a second at most
        output_count = 0
        stopping: str | None = None  # CANCELLED or DECLINED once we decided to stop the step
        stop_message = ""
        escalation: list[tuple[int, float]] = []

        last_control = 0.0
        while True:
            try:
                ready = poller.poll(100)
            except KeyboardInterrupt:
                self.cancel("interrupted (Ctrl-C)")
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
                audit.flush()
                output_count += 1
                last_output = now_
                if now_ - last_control < 0.1:
                    continue  # under a flood of output, look at cancels ten times a second
            else:
                terminal.flush()
            last_control = now_
            # --- stopping: escalate SIGINT → SIGTERM → SIGKILL until the process is gone
            if stopping is None and cancellable and self._cancel.is_set():
                stopping, stop_message = CANCELLED, self._cancel_reason
                escalation = self._escalation(now_)
            if stopping is not None:
                if not child.isalive():
                    self._kill_stragglers(child.pid)
                    _drain(fd, terminal, decoder)
                    break
                while escalation and escalation[0][1] <= now_:
                    number, _ = escalation.pop(0)
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(child.pid, number)
                    audit.write("notice", step=index, level="info", text=f"sent {signal.Signals(number).name} "
                                "to the step's processes")
                continue
            if ready:
                continue
            if not child.isalive():
                # the tool exited but something it started still holds the pty: read what is
                # there and stop waiting for an EOF that may never come
                _drain(fd, terminal, decoder)
                break
            # --- a question?
            text = terminal.partial_text
            kind = match_prompt(text) if text else None
            if kind and asked_for != (output_count, text):
                idle = now_ - last_output
                generic_due = kind == "generic" and idle >= self.prompt_idle and now_ >= next_generic
                if generic_due:
                    next_generic = now_ + 0.5
                if (kind == "known" and idle >= 0.1) or (generic_due and waiting_for_input(child.pid)):
                    asked_for = (output_count, text)
                    reply = self._ask(index, step, text.strip(), kind == "known")
                    if reply is None or NEGATIVE_ANSWER.match(reply):
                        stopping = DECLINED
                        stop_message = (f"Step {index + 1} ({step.title}): you declined “{text.strip()}” from "
                                        f"{os.path.basename(step.argv[0])}; the step was stopped before it went on")
                        if self._cancel.is_set() and cancellable:
                            stopping, stop_message = CANCELLED, self._cancel_reason
                        escalation = self._escalation(time.monotonic())  # the answer may have taken long
                    else:
                        with contextlib.suppress(OSError):
                            os.write(fd, (reply + "\n").encode())
        terminal.close()
        audit.flush()
        exit_status, sig = _reap(child, self if cancellable else None)
        if stopping is not None:
            return stopping, exit_status, sig, stop_message
        if exit_status == 0:
            return OK, exit_status, sig, ""
        if cancellable and self._cancel.is_set() and sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
            return CANCELLED, exit_status, sig, self._cancel_reason
        return FAILED, exit_status, sig, ""

    def _escalation(self, now_: float) -> list[tuple[int, float]]:
        """SIGINT now, SIGTERM after the first grace, SIGKILL after the second."""
        first, second = self.grace
        return [(signal.SIGINT, now_), (signal.SIGTERM, now_ + first), (signal.SIGKILL, now_ + first + second)]

    @staticmethod
    def _kill_stragglers(pgid: int) -> None:
        """The step's leader is gone; stop whatever it left in its process group."""
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

    def _ask(self, index: int, step: Step, text: str, known: bool) -> str | None:
        prompt = Prompt(index, step, text, os.path.basename(step.argv[0]), known)
        self._audit.write("prompt", step=index, text=text, time=now())
        self._emit(prompt)
        if self.answer is not None:
            reply = self.answer(prompt)
        else:
            while not prompt.wait(0.1):
                if self._cancel.is_set():
                    break
            reply = prompt.answer if prompt.answered else None
        self._audit.write("answer", step=index, text=reply, time=now())
        return reply

    def _failure_message(self, step: Step, exit_status: int | None, sig: int | None, lines: deque[str],
                         started: float) -> str:
        tool = os.path.basename(step.argv[0])
        if sig:
            try:
                how = f"was killed by {signal.Signals(sig).name}"
            except ValueError:
                how = f"was killed by signal {sig}"
        else:
            how = f"exited with status {exit_status}"
        errors = [line.strip() for line in lines if _ERROR_WORDS.search(line)]
        first = getattr(lines, "first_error", None) or (errors[0] if errors else None)
        said = first or _last_lines(lines, 2)  # the first complaint is the cause
        message = f"{tool} {how}" + (f": {said}" if said else "")
        if step.kind == kinds.MOUNT:
            message = self._explain_mount(step, message, started)
        return message

    def _explain_mount(self, step: Step, message: str, started: float) -> str:
        argv = list(step.argv)
        fs_name = argv[argv.index("-t") + 1] if "-t" in argv[:-1] else None
        device = argv[-2] if len(argv) >= 3 else None
        if fs_name in filesystems.FILESYSTEMS:
            capabilities = filesystems.MachineCapabilities.probe()
            if not capabilities.kernel_has(fs_name):
                fs = filesystems.get(fs_name)
                why = capabilities.availability(fs_name).reason.split(";")[0].rstrip(".")
                return (f"{device} holds {fs.title} but cannot be mounted here: {why}. "
                        "The mkfs step worked; mounting (and so measuring) needs the kernel's driver.")
        if device:
            words = [os.path.basename(os.path.realpath(device))]
            if fs_name:
                # ext2/ext3 are mounted by the ext4 driver, which reports as "ext4"/"EXT4-fs"
                words += [fs_name, "ext4", "EXT4-fs"] if fs_name.startswith("ext") else [fs_name]
            kernel = _kernel_messages(words, started)
            if kernel:
                message += f" (kernel: {kernel[-1]})"
        return message


def _drain(fd: int, terminal: LineAssembler, decoder) -> bool:
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


def _reap(child: pexpect.spawn, runner: Runner | None) -> tuple[int | None, int | None]:
    """Wait for the step's process; a cancel while waiting stops it the hard way."""
    deadline = None
    pause = 0.0005  # the pty's EOF comes a moment before the exit status: poll fast, then slower
    while child.isalive():
        if runner is not None and runner.cancel_requested:
            if deadline is None:
                deadline = time.monotonic() + sum(runner.grace)
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(child.pid, signal.SIGTERM)
            elif time.monotonic() > deadline:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(child.pid, signal.SIGKILL)
        time.sleep(pause)
        pause = min(0.02, pause * 2)
    return child.exitstatus, child.signalstatus


def _identity_json(identity: Identity) -> dict:
    return {"path": identity.path, "major": identity.major, "minor": identity.minor, "size": identity.size,
            "serial": identity.serial, "partuuid": identity.partuuid}


# ============================================================================================
# Signals (headless use: the TUI has its own key bindings)


@contextlib.contextmanager
def handle_signals(runner: Runner, on_signal: Callable[[str], None] | None = None):
    """While the block runs: SIGINT/SIGTERM/SIGHUP cancel the run cleanly; a second SIGINT
    kills the current step and exits at once with status 130 (no cleanup; leftovers are found
    by the next ``fstune run``). Only usable from the main thread.
    """
    count = {"int": 0}

    def interrupt(number, frame) -> None:
        if number == signal.SIGINT:
            count["int"] += 1
            if count["int"] >= 2:
                runner.abort_now("stopped at once: second Ctrl-C")
                with contextlib.suppress(OSError):
                    os.write(2, b"\nfstune: stopped at once; anything left mounted is offered for "
                                b"cleanup by the next `fstune run`.\n")
                os._exit(130)
            reason = "interrupted (Ctrl-C)"
        elif number == signal.SIGTERM:
            reason = "stopped by SIGTERM"
        else:
            reason = "the terminal was lost (SIGHUP)"
        runner.cancel(reason)
        if on_signal is not None:
            on_signal(reason)

    previous = {number: signal.signal(number, interrupt) for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def confirmed_device_answerer(identities: dict[str, Identity], answer: str = "y") -> Answer:
    """For ``--yes``: answer ``answer`` only when the asking step's device is one the user
    confirmed and is still that very device (same major:minor); decline everything else."""

    def decide(prompt: Prompt) -> str | None:
        device = prompt.step.device
        identity = identities.get(device) if device else None
        if identity is None:
            return None
        if _majmin_of(device) != (identity.major, identity.minor):
            return None
        return answer

    return decide
