"""A step's output: where each line goes, and what it said when the step failed.

``line_handler`` sends every line of a step to the audit log and the consumer, with ``Progress``
parsed from it. ``OutputTail`` keeps a step's last lines and its first complaint;
``failure_message`` builds "mkfs.xfs exited with status 1: <the complaint>"; for a mount,
``explain_mount`` adds what the kernel said, or that this kernel has no driver for it at all.
"""

from __future__ import annotations

import os
import re
import signal
from collections import deque
from collections.abc import Callable, Iterable

from fstune import filesystems
from fstune import steps as kinds
from fstune.runner.audit import AuditLog
from fstune.runner.events import OutputLine, Progress
from fstune.runner.kernellog import kernel_messages
from fstune.runner.progress import PercentProgress, progress_parser_for
from fstune.steps import Step

def line_handler(index: int, step: Step, audit: AuditLog, lines: deque[str], emit: Callable[[object], None] | None,
                 consumer_failed: Callable[[Exception], None]) -> Callable[[str, bool, bool, bool], None]:
    """What becomes of each line of step ``index``'s output (``LineAssembler`` emits them): the
    audit log and ``lines`` (its finished lines), a ``Progress`` for ``emit`` when the tool's
    progress moved, and an ``OutputLine``. A consumer that raises gets ``consumer_failed`` and no
    more lines. The step's parser is the filesystems' for their tools (mke2fs), else the one
    ``progress_parser_for`` knows, else any percentage the tool rewrites in place."""
    parser = filesystems.progress_parser(step.argv[0]) or progress_parser_for(step.argv)
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
                consumer_failed(error)

    return on_line


# a tool's complaint, to quote in a failure message rather than its last (summary) line
_ERROR_WORDS = re.compile(r"error|fail|cannot|can't|unable|denied|invalid|not found|no such|refus|wrong|bad ", re.I)


class OutputTail(deque):
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


def failure_message(step: Step, exit_status: int | None, sig: int | None, lines: OutputTail,
                    started: float) -> str:
    """How ``step`` ended ("exited with status 1", "was killed by SIGKILL") and what it said."""
    tool = os.path.basename(step.argv[0])
    if sig:
        try:
            how = f"was killed by {signal.Signals(sig).name}"
        except ValueError:
            how = f"was killed by signal {sig}"
    else:
        how = f"exited with status {exit_status}"
    said = lines.first_error or _last_lines(lines, 2)  # the first complaint is the cause
    message = f"{tool} {how}" + (f": {said}" if said else "")
    if step.kind == kinds.MOUNT:
        message = explain_mount(step, message, started)
    return message


def explain_mount(step: Step, message: str, started: float) -> str:
    """A failed mount's message, with the reason this kernel cannot mount it or its last words."""
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
            known = filesystems.find(fs_name)  # its driver's words, e.g. "EXT4-fs" for ext3
            words += known.kernel_log_words if known else [fs_name]
        kernel = kernel_messages(words, started)
        if kernel:
            message += f" (kernel: {kernel[-1]})"
    return message
