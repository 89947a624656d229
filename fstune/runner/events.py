"""What a run tells its consumer, and what the consumer tells the run.

Events come in order from ``Runner.run(on_event)`` (or ``Runner.events()``): ``RunStarted``,
then per step ``StepWaiting`` (guided mode), ``StepStarted``, ``OutputLine``s, ``Progress``,
``Notice``s, ``Prompt``s, ``StepFinished`` (and ``StepsInserted`` when the run adds steps); last exactly one of ``RunFinished``, ``RunFailed``,
``RunCancelled``. ``RunOutcome`` is what ``run()`` returns. A ``Prompt`` is answered with
``reply()``; a ``StepGate`` lets each step of a guided run go.

Nothing here runs anything: the CLI, the wizard and the run session import these to render.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from fstune.errors import ExitCode
from fstune.steps import Step


class StepStatus(StrEnum):
    """How a step ended; the audit log and the wizard show these words."""

    OK = "ok"
    WARNING = "warning"  # failed, but the step allows it (allow_failure): the run goes on
    FAILED = "failed"
    CANCELLED = "cancelled"
    DECLINED = "declined"  # the tool asked a question and the answer was no


class RunStatus(StrEnum):
    """How a run ended; stored with the run (``fstune results``) and in the audit log."""

    FINISHED = "finished"
    FAILED = "failed"
    CANCELLED = "cancelled"


class FailKind(StrEnum):
    """Why a run failed, for exit codes and wording."""

    STEP = "step"  # a step exited non-zero or could not start
    SAFETY = "safety"  # a check before a destructive step refused
    DECLINED = "declined"
    ERROR = "error"  # fstune itself went wrong (a bug, a full disk for the log …)


class Level(StrEnum):
    """How much a ``Notice`` matters; "error" only reaches the audit log (fstune's own trouble)."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


# the names callers use (``from fstune.runner import OK, FAILED``); FAILED and CANCELLED are the
# same words for a step and for a run
OK, WARNING, DECLINED = StepStatus.OK, StepStatus.WARNING, StepStatus.DECLINED
FINISHED, FAILED, CANCELLED = RunStatus.FINISHED, RunStatus.FAILED, RunStatus.CANCELLED
FAIL_STEP, FAIL_SAFETY, FAIL_DECLINED, FAIL_ERROR = FailKind.STEP, FailKind.SAFETY, FailKind.DECLINED, FailKind.ERROR


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


@dataclass(frozen=True, slots=True)
class StepsInserted:
    """Steps were inserted after step ``index`` (the ``extend`` hook: blocks added while the study
    is undecided); the steps after them moved down, and ``total`` is the new count."""

    index: int
    steps: tuple[Step, ...]
    total: int


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
    level: Level  # INFO | WARNING
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


def decline_unread(event: object) -> None:
    """An event its reader will never see (it stopped reading, fstune.util.threaded): a question
    in it is declined, so that the run does not wait for an answer and goes on to its cleanup."""
    if isinstance(event, Prompt) and not event.answered:
        event.reply(None)


@dataclass(frozen=True, slots=True)
class StepResult:
    index: int
    step: Step
    status: StepStatus
    exit_status: int | None
    signal: int | None  # the signal that ended the process, if one did
    duration: float
    message: str = ""  # for anything but OK: what went wrong, in a sentence
    cleanup: bool = False


@dataclass(frozen=True, slots=True)
class StepFinished:
    index: int
    step: Step
    status: StepStatus
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
    kind: FailKind
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


Event = (RunStarted | StepStarted | StepWaiting | StepsInserted | OutputLine | Progress | Notice | Prompt | StepFinished
         | RunFinished | RunFailed | RunCancelled)


@dataclass(frozen=True)
class RunOutcome:
    status: RunStatus
    reason: str
    kind: FailKind | None  # for FAILED: why
    results: tuple[StepResult, ...]
    duration: float
    audit_path: str | None
    warnings: tuple[str, ...] = ()
    leftovers: tuple[str, ...] = ()

    @property
    def exit_code(self) -> ExitCode:
        if self.status == RunStatus.FINISHED:
            return ExitCode.OK
        if self.status == RunStatus.CANCELLED:
            return ExitCode.INTERRUPTED
        return ExitCode.UNSAFE if self.kind == FailKind.SAFETY else ExitCode.FAILED


Answer = Callable[[Prompt], str | None]
