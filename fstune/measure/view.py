"""``RunView``: a run's events folded into what the front ends show of it.

The run's thread ``apply``s every event in order (the session does: the runner's, the
measurement's decisions and its progress snapshots, ``fstune.measure.events``); a front end, in
any thread, takes a ``ViewState`` with ``snapshot()`` and draws only that. Both the CLI's
``Display`` (fstune/cli/run.py) and the wizard's ``RunScreen`` (screens/run.py) do, so the two
show one model: the step rows (extra blocks inserted, cleanup rows after them), the running step
and its tool's progress, the output as an ordered log, the looks, dropped blocks, the overall
progress and how the run ended. Nothing in it runs, stores or decides anything.

Thread-safe handoff: ``apply`` and ``snapshot`` take one lock; a snapshot is immutable. The
output log is kept to its last ``keep`` entries and handed out from a sequence number
(``snapshot(since=…)``), so a front end that draws a few times a second while a tool prints
20,000 lines a second copies only what it has not drawn. The time left moves on between events:
the snapshot says the last ``ProgressSnapshot`` at the moment it is taken (pure arithmetic on
it, ``ProgressSnapshot.at``), so reading the view changes neither the view nor the run.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from fstune.measure.events import (
    BlockDropped, BlocksEnded, CancelRequested, LookDecided, ProgressSnapshot, RepeatsMeasured, RunNotStarted,
    RunProgress,
)
from fstune.runner.events import (
    CANCELLED, FINISHED, Notice, OutputLine, Progress, Prompt, RunCancelled, RunFailed, RunFinished, RunStarted,
    StepFinished, StepResult, StepStarted, StepStatus, StepsInserted, StepWaiting,
)
from fstune.steps import Step

KEEP = 2000  # output log entries kept for a front end that fell behind (the wizard's log keeps as many)
TAIL = 8  # the running step's last output lines, for a front end that shows only a few (the CLI's)


class RowState(StrEnum):
    """What a step row shows besides a step's own status (``fstune.runner.StepStatus``)."""

    PENDING = "pending"
    RUNNING = "running"
    SKIPPED = "skipped"  # never ran: the run stopped before it
    WAITING = "waiting"  # guided mode: waits for the attendee's Enter


PENDING, RUNNING, SKIPPED, WAITING = RowState.PENDING, RowState.RUNNING, RowState.SKIPPED, RowState.WAITING


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the step list: a plan step (``number`` "1", "2" …) or a cleanup step ("c")."""

    number: str
    title: str
    state: str  # a RowState or a StepStatus
    seconds: float | None = None
    message: str = ""  # a finished step's reason, when it did not simply succeed
    step: Step | None = None


@dataclass(frozen=True, slots=True)
class Current:
    """The step running now."""

    index: int  # its position in the plan's steps (-1: a cleanup step the runner added)
    total: int  # steps in the plan now
    step: Step
    cleanup: bool
    started: float  # time.monotonic() when it started
    label: str = ""  # "block 2 of 5 (up to 15): external, internal" for a block's step
    row: str = ""  # its row's key: "s3" (a plan row) or "c0" (a cleanup row)


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of the output log, in the order things happened.

    ``kind``: "line" (a finished output line: ``text``), "step" (a step started: ``current``),
    "finished" (a step that did not simply succeed: ``row``, with the reason), "notice" (the
    runner's ``notice``), "look" (a look's ``text``), "dropped" (a block's ``text``)."""

    kind: str
    text: str = ""
    current: Current | None = None
    row: Row | None = None
    notice: Notice | None = None


@dataclass(frozen=True)
class ViewState:
    """What a front end draws, at one moment (``RunView.snapshot``)."""

    rows: tuple[Row, ...]  # the plan's steps, extra blocks inserted
    cleanup_rows: tuple[Row, ...]  # cleanup steps the runner ran after a failure or cancel
    current: Current | None  # the step running (None: between steps, or the run is over)
    tool: Progress | None  # the running step's tool's own progress, when it reports one
    done: int  # plan steps finished
    finished: tuple[StepResult, ...]  # every step that finished, in order (cleanup steps too)
    entries: tuple[Entry, ...]  # the output log after ``since`` (at most ``keep``)
    seq: int  # the sequence number of the last entry: pass it as ``since`` next time
    live: str  # the running tool's unfinished line ("" when none)
    tail: tuple[str, ...]  # the running step's last TAIL output lines, its unfinished one last, if any
    steps_started: int  # how many steps started so far: a new one's title is due when it grows
    looks: tuple[str, ...]  # one line per look taken
    dropped: tuple[BlockDropped, ...]
    inserted: tuple[StepsInserted, ...]
    progress: RunProgress | None  # said at the snapshot's moment; None: the plan has no blocks
    fraction: float  # the overall bar, 0..1
    audit_path: str | None
    prompt: Prompt | None  # a tool's question waiting for an answer
    waiting: StepWaiting | None  # guided mode: the step held at the gate
    cancelling: str | None  # the reason a cancel was asked for
    ended: object | None  # RunFinished / RunFailed / RunCancelled / RunNotStarted
    blocks_ended: BlocksEnded | None  # why no more blocks were added
    repeats: tuple = ()  # the repeats measured so far (RepeatResult), as of the last measured step

    @property
    def at_most(self) -> int:
        """The most blocks the run may come to, as of now."""
        return self.progress.snapshot.at_most if self.progress is not None else 0

    @property
    def status(self) -> str | None:
        """FINISHED, FAILED or CANCELLED once the run is over; None while it runs."""
        ended = self.ended
        if ended is None:
            return None
        if isinstance(ended, RunFinished):
            return FINISHED
        return CANCELLED if isinstance(ended, RunCancelled) else "failed"



@dataclass
class _Log:
    entries: list[Entry] = field(default_factory=list)
    first: int = 1  # the sequence number of entries[0]

    @property
    def last(self) -> int:
        return self.first + len(self.entries) - 1

    def add(self, entry: Entry, keep: int) -> None:
        self.entries.append(entry)
        if len(self.entries) > 2 * keep:  # trimmed in halves: appending stays O(1)
            cut = len(self.entries) - keep
            del self.entries[:cut]
            self.first += cut

    def since(self, seq: int, keep: int) -> tuple[Entry, ...]:
        start = max(seq + 1, self.first, self.last - keep + 1) - self.first
        return tuple(self.entries[start:])


class RunView:
    """Folds a run's events (``apply``) into what is shown (``snapshot``); see the module docstring.

    ``steps``: the plan's steps; ``clock``: time.monotonic (for the running step's time)."""

    def __init__(self, steps: Sequence[Step], *, keep: int = KEEP,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._keep = keep
        self._clock = clock
        self._rows: list[Row] = [Row(str(i + 1), step.title, PENDING, step=step) for i, step in enumerate(steps)]
        self._rows_shown: tuple[Row, ...] | None = None  # the tuple handed out, until a row changes
        self._cleanup: list[Row] = []
        self._current: Current | None = None
        self._tool: Progress | None = None
        self._done = 0
        self._finished: tuple[StepResult, ...] = ()  # a tuple: a snapshot per output line copies nothing
        self._log = _Log()
        self._live = ""
        self._step_lines = 0
        self._started = 0
        self._looks: list[str] = []
        self._dropped: list[BlockDropped] = []
        self._repeats: tuple = ()
        self._inserted: list[StepsInserted] = []
        self._snapshot: ProgressSnapshot | None = None
        self._frozen_at: float | None = None  # the run ended: the time left stops moving
        self._audit: str | None = None
        self._prompt: Prompt | None = None
        self._waiting: StepWaiting | None = None
        self._cancelling: str | None = None
        self._ended: object | None = None
        self._blocks_ended: BlocksEnded | None = None

    # --- the run's thread -----------------------------------------------------------------------

    def apply(self, event: object) -> None:
        """Fold one event in (the run's thread, in order)."""
        with self._lock:
            if type(event) is OutputLine:  # the flood: first, and cheap
                self._line(event)
                return
            handler = self._HANDLERS.get(type(event))
            if handler is not None:
                handler(self, event)

    def _line(self, event: OutputLine) -> None:
        if event.partial:
            self._live = event.text
            return
        self._live = ""
        self._step_lines += 1
        self._log.add(Entry("line", event.text), self._keep)

    def _step_started(self, event: StepStarted) -> None:
        self._tool, self._live, self._step_lines, self._prompt, self._waiting = None, "", 0, None, None
        self._started += 1
        # cleanup steps of the plan (unmount, rmdir) have their own row; only one the runner adds
        # (an unmount the plan lacked) has index -1 and gets a cleanup row
        if 0 <= event.index < len(self._rows):
            row = self._rows[event.index]
            self._set_row(event.index, Row(row.number, row.title, RUNNING, step=row.step))
            key = f"s{event.index}"
        else:
            self._cleanup.append(Row("c", f"cleanup: {event.step.title}", RUNNING, step=event.step))
            key = f"c{len(self._cleanup) - 1}"
        snapshot = self._snapshot
        label = snapshot.label if snapshot is not None and event.step.block and not event.cleanup else ""
        self._current = Current(event.index, event.total, event.step, event.cleanup, self._clock(), label, key)
        self._log.add(Entry("step", current=self._current), self._keep)

    def _step_finished(self, event: StepFinished) -> None:
        self._prompt = None
        message = event.message if event.status != StepStatus.OK else ""
        if 0 <= event.index < len(self._rows):
            old = self._rows[event.index]
            row = Row(old.number, old.title, event.status, event.duration, message, old.step)
            self._set_row(event.index, row)
            if not event.cleanup:
                self._done += 1
        elif self._cleanup:
            old = self._cleanup[-1]
            row = self._cleanup[-1] = Row(old.number, old.title, event.status, event.duration, message, old.step)
        else:
            row = Row("c", f"cleanup: {event.step.title}", event.status, event.duration, message, event.step)
        self._finished += (event.result,)
        self._current, self._tool, self._live = None, None, ""
        if event.status != StepStatus.OK:
            self._log.add(Entry("finished", message, row=row), self._keep)

    def _inserted_steps(self, event: StepsInserted) -> None:
        at = event.index + 1
        added = [Row("", step.title, PENDING, step=step) for step in event.steps]
        self._rows[at:at] = added
        self._rows = [Row(str(i + 1), row.title, row.state, row.seconds, row.message, row.step)
                      if row.number != str(i + 1) else row for i, row in enumerate(self._rows)]
        self._rows_shown = None
        self._inserted.append(event)

    def _set_row(self, index: int, row: Row) -> None:
        self._rows[index] = row
        self._rows_shown = None

    def _progress(self, event: Progress) -> None:
        self._tool = event

    def _snapshot_of(self, event: ProgressSnapshot) -> None:
        self._snapshot = event

    def _notice(self, event: Notice) -> None:
        self._log.add(Entry("notice", event.text, notice=event), self._keep)

    def _look(self, event: LookDecided) -> None:
        self._looks.append(event.line)
        self._log.add(Entry("look", event.line), self._keep)

    def _drop(self, event: BlockDropped) -> None:
        self._dropped.append(event)
        self._log.add(Entry("dropped", event.line), self._keep)

    def _blocks_end(self, event: BlocksEnded) -> None:
        self._blocks_ended = event

    def _run_started(self, event: RunStarted) -> None:
        self._audit = event.audit_path

    def _prompted(self, event: Prompt) -> None:
        self._prompt = event

    def _waits(self, event: StepWaiting) -> None:
        self._waiting = event
        if 0 <= event.index < len(self._rows):
            row = self._rows[event.index]
            self._set_row(event.index, Row(row.number, row.title, WAITING, step=row.step))

    def _cancel(self, event: CancelRequested) -> None:
        if self._cancelling is None:
            self._cancelling = event.reason

    def _end(self, event: object) -> None:
        """The run is over: what never ran is skipped, what was running was cancelled."""
        if self._ended is not None and not isinstance(self._ended, RunNotStarted):
            return
        self._ended = event
        self._frozen_at = self._clock() if self._snapshot is None else self._snapshot.eta.clock()
        self._current, self._tool, self._live, self._prompt, self._waiting = None, None, "", None, None
        if isinstance(event, RunFinished):
            return
        for index, row in enumerate(self._rows):
            if row.state in (PENDING, RUNNING, WAITING):
                state = CANCELLED if row.state == RUNNING else SKIPPED
                self._set_row(index, Row(row.number, row.title, state, row.seconds, row.message, row.step))

    def _measured(self, event: RepeatsMeasured) -> None:
        self._repeats = event.repeats

    _HANDLERS: dict = {
        StepStarted: _step_started, StepFinished: _step_finished, StepsInserted: _inserted_steps,
        Progress: _progress, ProgressSnapshot: _snapshot_of, Notice: _notice, LookDecided: _look,
        BlockDropped: _drop, BlocksEnded: _blocks_end, RunStarted: _run_started, Prompt: _prompted,
        StepWaiting: _waits, CancelRequested: _cancel, RunFinished: _end, RunFailed: _end, RunCancelled: _end,
        RunNotStarted: _end, RepeatsMeasured: _measured,
    }

    # --- any thread -----------------------------------------------------------------------------

    def snapshot(self, since: int = 0) -> ViewState:
        """What to draw now; ``entries`` holds the output log after entry ``since`` (0: all kept)."""
        with self._lock:
            if self._rows_shown is None:
                self._rows_shown = tuple(self._rows)
            snapshot = self._snapshot
            progress = None
            if snapshot is not None and snapshot.scheduled:
                progress = snapshot.at(self._frozen_at)
            ended = self._ended
            if isinstance(ended, RunFinished):
                fraction = 1.0
            elif progress is not None:
                fraction = progress.fraction
            else:
                fraction = self._done / max(1, len(self._rows))
            return ViewState(
                rows=self._rows_shown, cleanup_rows=tuple(self._cleanup), current=self._current, tool=self._tool,
                done=self._done, finished=self._finished, entries=self._log.since(since, self._keep),
                seq=self._log.last, live=self._live, steps_started=self._started, looks=tuple(self._looks),
                dropped=tuple(self._dropped), inserted=tuple(self._inserted), progress=progress,
                fraction=fraction, audit_path=self._audit, prompt=self._prompt, waiting=self._waiting,
                cancelling=self._cancelling, ended=ended, blocks_ended=self._blocks_ended, repeats=self._repeats,
                tail=self._tail())

    def _tail(self) -> tuple[str, ...]:
        lines: list[str] = []
        entries = self._log.entries
        position = len(entries) - 1
        wanted = min(TAIL - (1 if self._live else 0), self._step_lines)  # the unfinished line is one of them
        while len(lines) < wanted and position >= 0:
            if entries[position].kind == "line":
                lines.append(entries[position].text)
            position -= 1
        lines.reverse()
        return (*lines, self._live) if self._live else tuple(lines)


__all__ = ["KEEP", "PENDING", "TAIL", "RUNNING", "SKIPPED", "WAITING", "Current", "Entry", "Row", "RowState", "RunView",
           "ViewState"]
