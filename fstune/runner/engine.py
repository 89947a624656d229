"""The Runner: executes a Plan's Steps one at a time, each in a pseudo-terminal, as typed events.

    runner = Runner(plan, identities=recorded)  # the baseline recorded at the confirmation
    outcome = runner.run(on_event)              # synchronous; on_event gets every event
    for event in Runner(plan).events(): ...     # or iterate (the run happens in a thread)

Semantics are those of the dry-run script (``fstune.plan.render_script``), step for step: the
same argv (never a shell), ``cwd``, ``stdout`` redirected to a file, ``allow_failure`` turning
a failure into a warning, and on any failure or cancel the cleanup steps (unmount, remove the
mountpoints) that still have something to undo. This module is the order of things; each job
of a step is another module's (``terminal``, ``safety``, ``output`` …).

What the runner adds to the script (a pty per step, complete events, no answers on anyone's
behalf, safety right before every destructive step, one owner per device, the right filesystem
measured, cleanup always, an audit log, a gate for guided mode) is listed in the package's
docstring (``fstune.runner``), with the module that does each.

Why this file is over 600 lines: it is one class, whose methods share one run's state (the step
list that grows when blocks are added, the cancel request, the disks' locks, what is mounted and
guarded, the audit log, the cleanup still owed). Every job that does not need that state is
already its own module (``terminal``, ``safety``, ``output``, ``mountguard``, ``mountcheck``,
``audit``, ``signals``, ``leftovers``); cutting the class into mixins would spread the state over
files without making any job separate.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shlex
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator

import pexpect

from fstune import __version__, devlock
from fstune import lab as labmod
from fstune import steps as kinds
from fstune.devices.model import Identity
from fstune.errors import DeviceError, FstuneError
from fstune.plan import Plan
from fstune.runner import mountcheck, mountguard
from fstune.runner.audit import AuditLog, now
from fstune.util.holders import describe_holders
from fstune.runner.events import (
    Answer, FailKind, Level, Notice, Prompt, RunCancelled, RunFailed, RunFinished, RunOutcome,
    RunStarted, RunStatus, StepFinished, StepGate, StepResult, StepStarted, StepStatus, StepWaiting, StepsInserted,
    decline_unread,
)
from fstune.runner.output import OutputTail, failure_message, line_handler
from fstune.runner.leftovers import STATE_FILE, claim_run_dir, remove_state
from fstune.runner.safety import (
    check_device, device_trouble, devices_written_by, identity_json, is_mounted, record_identities,
)
from fstune.runner.terminal import Control, StepError, pump, spawn
from fstune.steps import Step
from fstune.util.paths import search_path
from fstune.util.threaded import thread_events

log = logging.getLogger(__name__)

UNMOUNT_PATIENCE = 30.0  # seconds a busy filesystem is waited for at cleanup before it is left mounted


class Runner:
    """Runs one Plan. Build it when the user confirms; ``run()`` or ``events()`` once.

    ``identities``: what the chosen devices looked like when the user confirmed them (the run
    session records them there, ``RunSession.record_identities``); if not given they are
    recorded now, by the same ``record_identities(plan)``, which refuses a device that is not
    the one in the plan's choices. ``answer``: called with each
    ``Prompt`` (return the text to send, or None to decline); without it, the consumer answers
    with ``prompt.reply()``. ``log_dir``: where the audit log goes (default: see
    ``fstune.runner.audit``). ``grace``: seconds to wait after SIGINT and after SIGTERM before
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
        # called after each step that succeeded; the steps it returns run next (further blocks
        # while the study's question is open). They may write only to the devices confirmed for
        # the plan as it was shown, and each write is checked like the plan's own.
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
        self._child: pexpect.spawn | None = None  # the step running now, for abort_now() from a signal
        self._lock = threading.Lock()
        self._consumer: Callable[[object], None] | None = None
        self._audit: AuditLog | None = None
        self._started = False
        self._mounted: list[str] = []  # mountpoints this run mounted and has not unmounted
        # mountpoint directories this run made → whether they are immutable underneath
        # (fstune.runner.mountguard: nothing may land below a mountpoint)
        self._guarded: dict[str, bool] = {}
        self._unsealable_said = False  # the run said once that its mountpoints cannot be sealed
        self._results: list[StepResult] = []
        self._made_run_dir = False
        self._warnings: list[str] = []
        self._audit_failure = ""  # why the audit log could not be written, once it could not
        self.outcome: RunOutcome | None = None

    # --- control, from any thread -----------------------------------------------------------

    def cancel(self, reason: str = "cancelled") -> None:
        """Stop the run: the current step's processes are stopped, then cleanup runs."""
        with self._lock:
            if not self._cancel.is_set():
                self._cancel_reason = reason
                self._cancel.set()
                log.info("cancel: %s", reason)
        if self.gate is not None:
            self.gate.abort()  # a step waiting for its go ahead must not wait forever

    @property
    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    def abort_now(self, reason: str = "stopped at once (second interrupt)") -> None:
        """Kill the current step's process group and record the abort; no cleanup.

        For a second Ctrl-C. What stays mounted is found later by ``find_leftovers()``.
        """
        child = self._child
        if child is not None:
            with contextlib.suppress(OSError):
                os.killpg(child.pid, signal.SIGKILL)
        if self._audit is not None:
            # called from a signal handler: the handler may have interrupted a write to the log
            with contextlib.suppress(OSError, RuntimeError, ValueError):
                self._audit.write("run-end", status=RunStatus.CANCELLED, reason=reason, time=now(),
                                  leftovers=list(self._mounted))
                self._audit.close()

    # --- running ----------------------------------------------------------------------------

    def events(self) -> Iterator[object]:
        """Run in a background thread and yield its events in order.

        Leaving the loop early cancels the run (and waits for its cleanup; a question nobody
        will answer now is declined).
        """
        return thread_events(self.run, self.cancel, name="fstune-runner",
                             reason="the run's consumer stopped listening", unread=decline_unread)

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
        audit.on_failure = self._audit_failed
        audit.write("run-start", run_id=plan.choices.run_id, study=plan.study.name, time=now(), pid=os.getpid(),
                    fstune=__version__, kernel=os.uname().release, steps=len(self.steps),
                    run_dir=plan.run_dir, work_dir=plan.work_dir,
                    devices={path: identity_json(identity) for path, identity in self.identities.items()},
                    lab_only=labmod.guard_enabled())
        log.info("run %s of study %s: %d steps; audit log %s", plan.choices.run_id, plan.study.name, len(self.steps),
                 audit.path)
        for path, identity in self.identities.items():
            log.debug("device %s: %s", path, identity_json(identity))
        refusal = self._claim_run_dir()
        if refusal is None:
            refusal = self._take_locks()
            if refusal is not None:
                self._release_run_dir()
        if refusal is not None:
            return self._refused(refusal, started)
        status, reason, kind, failed_at = RunStatus.FINISHED, "", None, None
        resume = 0  # where the cleanup path looks for steps that still have something to undo
        leftovers: tuple[str, ...] = ()
        try:
            self._emit(RunStarted(plan.choices.run_id, len(self.steps), plan.run_dir, str(audit.path), time.time()))
            if self._locks is not None:
                disks = " and ".join(sorted(self._locks.disks.values()))
                self._notice(None, Level.INFO, f"{disks} stay locked for this run until its cleanup has ended: "
                             "other fstune processes refuse them, udev and util-linux tools that lock wait "
                             "(docs/safety.md).")
            for index, step in enumerate(self.steps):
                failed_at = resume = index  # a step not run (or cut short) may still be owed
                if self._cancel.is_set():
                    status, reason, failed_at = RunStatus.CANCELLED, self._cancel_reason, index
                    break
                if self.gate is not None:
                    # before the safety check: the devices are re-checked after the wait
                    self._emit(StepWaiting(index, len(self.steps), step))
                    allowed = self.gate.wait(index)
                    if not allowed or self._cancel.is_set():
                        status, reason, failed_at = RunStatus.CANCELLED, self._cancel_reason or "cancelled", index
                        break
                    audit.write("guided-go", step=index, time=now())
                if step.destructive:
                    refusal = self._safety(index, step)
                    if refusal:
                        status, kind, reason, failed_at = RunStatus.FAILED, FailKind.SAFETY, refusal, index
                        break
                if step.repeat is not None and step.config in self._measured:
                    refusal = self._check_measured(index, step)  # before every step of a repeat
                    if refusal and self._disk_failing(step):
                        # the disk itself went away (unplugged, detached): a failure, not a wrong
                        # filesystem; the end of the run says what happened to it
                        status, kind, failed_at = RunStatus.FAILED, FailKind.STEP, index
                        reason = f"Step {index + 1} ({step.title}) could not run"
                        break
                    if refusal:
                        status, kind, reason, failed_at = RunStatus.FAILED, FailKind.SAFETY, refusal, index
                        break
                if step.kind == kinds.RMDIR and step.mountpoint == plan.run_dir and self._run_dir_empty():
                    remove_state(self.plan.run_dir)
                result = self._execute(index, step)
                if result.status in (StepStatus.OK, StepStatus.WARNING):
                    if result.status == StepStatus.OK:
                        self._track(step)
                        self._insert_extra_steps(index, step)
                    failed_at, resume = None, index + 1
                    continue
                resume = index + 1  # it ran and failed: its own undo is not owed
                if step.kind == kinds.MOUNT and step.mountpoint and is_mounted(step.mountpoint):
                    self._mounted.append(step.mountpoint)  # stopped too late: it did mount
                if result.status == StepStatus.CANCELLED:
                    status, reason = RunStatus.CANCELLED, self._cancel_reason or result.message
                elif result.status == StepStatus.DECLINED:
                    status, kind, reason = RunStatus.FAILED, FailKind.DECLINED, result.message
                elif self._wrong_filesystem:
                    status, kind, reason = RunStatus.FAILED, FailKind.SAFETY, result.message
                else:
                    status, kind = RunStatus.FAILED, FailKind.STEP
                    reason = f"Step {index + 1} ({step.title}) failed: {result.message}"
                break
        except KeyboardInterrupt:
            # a library user without signal handlers pressed Ctrl-C between steps
            status, reason = RunStatus.CANCELLED, "interrupted (Ctrl-C)"
        except Exception as error:  # fstune's own fault: still clean up, then say what it was
            log.info("fstune's own error during the run", exc_info=True)  # the outcome says it; the traceback
            status, kind = RunStatus.FAILED, FailKind.ERROR
            reason = error.message if isinstance(error, FstuneError) else f"fstune failed: {error!r}"
            audit.write("notice", step=None, level=Level.ERROR, text=reason)
        finally:
            if self._audit_failure and status == RunStatus.CANCELLED and self._cancel_reason == self._audit_failure:
                # the run stopped because nothing it did could be recorded any more: a failure
                status, kind = RunStatus.FAILED, FailKind.ERROR
                reason = f"{self._audit_failure} The run was stopped."
            # the cleanup, the lock release and the final event each run even when the one
            # before them raised: a bug in one must not leave disks mounted or locked
            try:
                if status != RunStatus.FINISHED:
                    # what happened to the devices is clearest before the cleanup (a detached loop
                    # device vanishes at the unmount) and may only show after it
                    trouble = device_trouble(self.identities) if kind == FailKind.STEP else []
                    leftovers = self._safe_cleanup(resume)
                    if kind == FailKind.STEP:
                        trouble = trouble or device_trouble(self.identities)
                        if trouble:
                            reason = f"{reason} — {'; '.join(trouble)}."
                elif self._mounted:
                    leftovers = self._safe_cleanup(len(self.steps))
                if not self._mounted and self._run_dir_empty():
                    self._release_run_dir()
            finally:
                try:
                    self._release_locks()  # after the last cleanup step
                finally:
                    self._finish(status, kind, reason, failed_at, leftovers, started)
        return self.outcome

    # --- pieces of run() ----------------------------------------------------------------------

    def _finish(self, status: RunStatus, kind: FailKind | None, reason: str, failed_at: int | None,
                leftovers: tuple[str, ...], started: float) -> None:
        """The run's last record, its outcome and its final event."""
        plan, audit = self.plan, self._audit
        duration = time.monotonic() - started
        results = tuple(self._results)
        if leftovers:
            reason = (reason + " " if reason else "") + (
                f"Could not unmount {', '.join(leftovers)}; `fstune run` offers to clean it up next time.")
        audit.write("run-end", status=status, kind=kind, reason=reason, duration=round(duration, 6),
                    time=now(), leftovers=list(leftovers))
        audit.close()
        log.info("run %s: %s%s after %.1f s%s%s", plan.choices.run_id, status, f" ({kind})" if kind else "",
                 duration, f": {reason}" if reason else "", f"; still mounted: {leftovers}" if leftovers else "")
        if status == RunStatus.FINISHED:
            final: object = RunFinished(duration, results, tuple(self._warnings), str(audit.path))
        elif status == RunStatus.CANCELLED:
            final = RunCancelled(reason, failed_at, duration, results, str(audit.path), leftovers)
        else:
            final = RunFailed(reason, kind or FailKind.ERROR, failed_at, duration, results, str(audit.path),
                              leftovers)
        self.outcome = RunOutcome(status, reason, kind, results, duration, str(audit.path),
                                  tuple(self._warnings), leftovers)
        self._emit(final)

    def _audit_failed(self, message: str) -> None:
        """The audit log broke (its filesystem is full): say so once, and stop the run safely.

        Every later write is skipped by the log itself, so the cleanup and the lock release
        still run; a run that goes on formatting with nothing recorded is stopped instead.
        """
        self._audit_failure = message
        log.warning("%s", message)
        self._warnings.append(message)
        self._emit(Notice(None, Level.WARNING, message))
        self.cancel(message)

    def _claim_run_dir(self) -> str | None:
        """Make the run directory ours (no live run may share it); the reason it cannot, or None."""
        plan = self.plan
        self._made_run_dir = not os.path.exists(plan.run_dir)
        try:
            claim_run_dir(plan.run_dir, run_id=plan.choices.run_id, study=plan.study.name, audit=str(self._audit.path))
        except FstuneError as error:
            reason = f"Stopped before anything ran: {error}"
            self._audit.write("notice", step=None, level=Level.ERROR, text=reason)
            log.info("run directory refused: %s", reason)
            return reason
        return None

    def _release_run_dir(self) -> None:
        remove_state(self.plan.run_dir)
        if self._made_run_dir:
            # a hand-made plan may lack the finish step that removes it
            with contextlib.suppress(OSError):
                os.rmdir(self.plan.run_dir)

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
            log.info("lock refused: %s", reason)
            return reason
        self._audit.write("lock", ok=True, disks=sorted(self._locks.disks.values()), time=now())
        log.info("locked %s", ", ".join(sorted(self._locks.disks.values())))
        return None

    def _release_locks(self) -> None:
        locks, self._locks = self._locks, None
        if locks is None:
            return
        try:
            locks.release()
            self._audit.write("unlock", disks=sorted(locks.disks.values()), time=now())
            log.info("unlocked %s", ", ".join(sorted(locks.disks.values())))
        except Exception as error:  # the process's exit releases them anyway
            self._audit.write("notice", step=None, level=Level.ERROR, text=f"releasing the locks failed: {error!r}")
            log.warning("releasing the locks failed: %r", error, exc_info=True)

    def _refused(self, reason: str, started: float) -> RunOutcome:
        """The disks could not be locked: nothing ran, so there is nothing to clean up."""
        audit = self._audit
        duration = time.monotonic() - started
        audit.write("run-end", status=RunStatus.FAILED, kind=FailKind.SAFETY, reason=reason,
                    duration=round(duration, 6), time=now(), leftovers=[])
        audit.close()
        self.outcome = RunOutcome(RunStatus.FAILED, reason, FailKind.SAFETY, (), duration, str(audit.path))
        self._emit(RunFailed(reason, FailKind.SAFETY, None, duration, (), str(audit.path)))
        return self.outcome

    def _check_measured(self, index: int, step: Step, *, after: bool = False, measured: bool = True) -> str | None:
        """Is the directory this repeat measures still the target's filesystem? The reason it is
        not (the run stops, the repeat gives no figures), or None. ``after``: the check after the
        step, which ``measured`` (else it is the check after a step that failed there)."""
        mountpoint, fs_name = self._measured[step.config]
        target = self.identities.get(self.plan.choices.target.path)
        if target is None:
            return None
        why = mountcheck.verify(mountpoint, target.path, target.major, target.minor, fs_name)
        if why is None:
            log.debug("mount check %s step %d: %s is %s's %s", "after" if after else "before", index + 1, mountpoint,
                      target.path, fs_name)
            return None
        below = self._below_mountpoint(mountpoint, during=after, writer="the benchmark" if measured else "the step")
        title = f"Step {index + 1} ({step.title})"
        if after and measured:
            reason = f"{title} measured the wrong filesystem: {why}. {below}Its figures are not used."
        elif after:
            reason = f"{title} failed, and not in the filesystem under test: {why}. {below}".rstrip()
        else:
            reason = f"Stopped before step {index + 1} ({step.title}): {why}. {below}Nothing was measured there."
        self._audit.write("mount-check", step=index, ok=False, reason=reason, time=now())
        log.info("mount check failed: %s", reason)
        return reason

    def _disk_failing(self, step: Step) -> bool:
        """The measured directory fails because its disk does (gone, detached, I/O errors), not
        because another filesystem answers there: the kernel may still list an unplugged disk
        for a moment after its filesystem's I/O started failing, hence the second test."""
        return bool(device_trouble(self.identities)) or mountcheck.unreadable(self._measured[step.config][0])

    def _seal(self, mountpoint: str) -> None:
        """Make a mountpoint directory this run just made unwritable underneath (mountguard)."""
        why = mountguard.seal(mountpoint)
        self._guarded[mountpoint] = why is None
        self._audit.write("mountpoint-guard", mountpoint=mountpoint, sealed=why is None, reason=why or "",
                          time=now())
        if why is not None:
            log.info("cannot make %s immutable: %s", mountpoint, why)
            if not self._unsealable_said:
                self._unsealable_said = True
                self._notice(None, Level.INFO, f"{mountpoint} cannot be made unwritable underneath ({why}): "
                             "should the filesystem under test stop being mounted during a step, what a "
                             "benchmark writes there lands on the filesystem below, and fstune removes it "
                             "afterwards (docs/safety.md).")

    def _clear_below(self, mountpoint: str) -> mountguard.Stray | None:
        """Remove what was written into a mountpoint directory while nothing was mounted on it."""
        sealed = self._guarded.get(mountpoint, False)
        if sealed:
            try:
                mountguard.unseal(mountpoint)  # entries of an immutable directory cannot be removed
            except OSError as error:  # then clear() lists what it could not remove
                log.info("cannot clear the immutable flag of %s: %s", mountpoint, error)
        stray = mountguard.clear(mountpoint)
        if sealed:
            mountguard.seal(mountpoint)
        if stray is not None:
            self._audit.write("stray-removed", mountpoint=mountpoint, files=stray.files,
                              directories=stray.directories, bytes=stray.size, left=list(stray.left), time=now())
            log.info("removed %s from %s, written while nothing was mounted there", stray.describe(), mountpoint)
        return stray

    def _below_mountpoint(self, mountpoint: str, *, during: bool, writer: str) -> str:
        """For a failed mount check: what became of writes below the mountpoint, in sentences that
        end with ". " ("" when something is still mounted on it)."""
        if mountpoint not in self._guarded or is_mounted(mountpoint):
            return ""
        below = mountcheck.below(mountpoint)
        when = "during the step" if during else "before this step"
        writer = writer if during else "earlier steps"
        stray = self._clear_below(mountpoint)
        stopped = f"The mountpoint stopped being a mount {when}"
        if stray is None:
            if self._guarded[mountpoint]:
                return (f"{stopped}; nothing {writer} wrote after that landed on {below}: fstune keeps a "
                        "mountpoint's directory immutable underneath. ")
            return f"{stopped}; nothing was written into it. "
        if stray.left:
            return (f"{stopped}; {stray.describe()} {writer} wrote went to {below}, and not all of it could be "
                    f"removed ({'; '.join(stray.left)}): remove it by hand. ")
        return f"{stopped}; {stray.describe()} {writer} wrote went to {below} and were removed. "

    def _unguard(self, index: int, mountpoint: str) -> None:
        """Right before a mountpoint directory is removed: clear its flag, and remove (and say)
        anything that was written into it while nothing was mounted there."""
        try:
            mountguard.unseal(mountpoint)
        except OSError as error:
            self._notice(index, Level.WARNING, f"cannot make {mountpoint} writable again to remove it: "
                         f"{error.strerror}; `fstune run` removes it next time.")
            return
        self._guarded[mountpoint] = False
        stray = self._clear_below(mountpoint)
        if stray is not None:
            left = f"; not removed: {'; '.join(stray.left)}" if stray.left else ""
            self._notice(index, Level.WARNING, f"{mountpoint} held {stray.describe()} written while nothing was "
                         f"mounted there, on {mountcheck.below(mountpoint)}: removed{left}.")

    def _run_dir_empty(self) -> bool:
        """Nothing but the state file in the run directory (or no run directory): a run that
        leaves something there keeps its state file, so the next start finds and clears it."""
        try:
            return set(os.listdir(self.plan.run_dir)) <= {STATE_FILE}
        except OSError:
            return True

    def _insert_extra_steps(self, index: int, step: Step) -> None:
        if self.extend is None:
            return
        extra = list(self.extend(index, step))
        for added in extra:
            unconfirmed = [device for device in added.written_devices if device not in self.identities]
            if added.destructive and unconfirmed:
                raise FstuneError(f"extra step '{added.title}' would write to {', '.join(unconfirmed)}, which "
                                  "was not confirmed for this run; only the plan's devices may be written.")
        if extra:
            # run() walks self.steps by index, so steps inserted after this one run next
            self.steps[index + 1:index + 1] = extra
            self._emit(StepsInserted(index, tuple(extra), len(self.steps)))
            self._audit.write("notice", step=index, level=Level.INFO,
                              text=f"{len(extra)} steps added after step {index + 1}: {extra[0].title} …")
            log.info("%d steps added after step %d (the study's question is still open): %s", len(extra), index + 1,
                     [step.title for step in extra])

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
        log.warning("%s", reason, exc_info=error)
        if self._audit:
            self._audit.write("notice", step=None, level=Level.ERROR, text=reason)
        self.cancel(reason)

    def _safe_cleanup(self, start: int) -> tuple[str, ...]:
        """The cleanup path, which must not be cut short by a bug of its own."""
        try:
            return self._cleanup(start)
        except Exception as error:
            self._audit.write("notice", step=None, level=Level.ERROR, text=f"cleanup failed: {error!r}")
            log.warning("cleanup failed: %r", error, exc_info=True)
            return tuple(mp for mp in self._mounted if is_mounted(mp))

    def _notice(self, index: int | None, level: str, text: str) -> None:
        if level == Level.WARNING:
            self._warnings.append(text)
        if self._audit:
            self._audit.write("notice", step=index, level=level, text=text)
        log.debug("notice (%s): %s", level, text)
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
                log.info("safety check refused: %s", reason)
                return reason
            self._audit.write("safety", step=index, device=path, ok=True, reason="")
            log.debug("safety check step %d: %s is still the device you confirmed, unused", index + 1, path)
        return None

    def _track(self, step: Step) -> None:
        if step.kind == kinds.MKDIR and step.mountpoint:
            self._seal(step.mountpoint)
        if step.kind == kinds.MOUNT and step.mountpoint:
            self._mounted.append(step.mountpoint)
        elif step.kind == kinds.UMOUNT and step.mountpoint in self._mounted:
            self._mounted.remove(step.mountpoint)

    def _cleanup(self, start: int) -> tuple[str, ...]:
        """Run the plan's remaining cleanup steps that still have something to undo.

        Unmount steps run only for what is mounted, rmdir steps only for directories that
        exist; an unmount that finds the filesystem busy (processes of a stopped step still
        exiting) is retried for a few seconds. Returns mountpoints left mounted.
        """
        log.info("cleanup from step %d; mounted now: %s", start + 1, self._mounted)
        self._notice(None, Level.INFO, "Cleaning up: unmounting what this run mounted and removing its mountpoints.")
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
                    if any(is_mounted(mp) for mp in self._mounted) or not self._run_dir_empty():
                        continue  # keep the state file: the leftover must stay findable
                    remove_state(self.plan.run_dir)
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
        left = tuple(mp for mp in self._mounted if is_mounted(mp))
        log.info("cleanup done%s", f"; still mounted: {left}" if left else ": nothing left mounted")
        return left

    def _unmount(self, index: int, step: Step) -> None:
        """Unmount, retrying while the filesystem is busy: a stopped step's processes may still be
        exiting, and a process outside the run (a shell's working directory, an indexer) may let go
        soon. The waits grow (0.5 s to 4 s, UNMOUNT_PATIENCE in all); the holders are named as soon
        as one is seen and again if the filesystem stays mounted (docs/safety.md, "Cleanup")."""
        deadline = time.monotonic() + UNMOUNT_PATIENCE
        pause, named = 0.5, ""
        while True:
            result = self._execute(index, step, cleanup=True)
            if result.status == StepStatus.OK or not is_mounted(step.mountpoint):
                if step.mountpoint in self._mounted:
                    self._mounted.remove(step.mountpoint)
                return
            held = describe_holders(step.mountpoint)
            if time.monotonic() > deadline:
                self._notice(index, Level.WARNING, f"{step.mountpoint} stays mounted: {result.message}{held}. "
                             "Stop those processes, then run `fstune run --clean-leftovers`")
                return
            if held and held != named:
                self._notice(index, Level.INFO, f"{step.mountpoint} is busy{held}; waiting up to "
                             f"{UNMOUNT_PATIENCE:.0f} s for it to be let go")
                named = held
            time.sleep(pause)
            pause = min(pause * 2, 4.0)

    # --- one step -----------------------------------------------------------------------------

    def _execute(self, index: int, step: Step, *, cleanup: bool = False) -> StepResult:
        audit = self._audit
        if step.kind == kinds.RMDIR and step.mountpoint in self._guarded and not is_mounted(step.mountpoint):
            self._unguard(index, step.mountpoint)  # before rmdir: an immutable directory cannot go
        started = time.monotonic()
        self._emit(StepStarted(index, len(self.steps), step, cleanup, time.time()))
        audit.write("step-start", step=index, title=step.title, argv=list(step.argv), cwd=step.cwd,
                    stdout=step.stdout, kind=step.kind, destructive=step.destructive, device=step.device,
                    cleanup=cleanup, time=now())
        log.debug("step %s%s start: %s: %s%s%s", index + 1, " (cleanup)" if cleanup else "", step.title,
                  shlex.join(step.argv), f" (in {step.cwd})" if step.cwd else "",
                  f" > {step.stdout}" if step.stdout else "")
        lines = OutputTail(maxlen=40)  # the last finished lines, for failure messages
        if self._audit_failure and not cleanup:
            # its start could not be recorded: a step with no record must not write to a disk
            status, exit_status, sig, message = StepStatus.CANCELLED, None, None, self._audit_failure
        else:
            try:
                child = spawn(step, self._env)
            except StepError as error:
                status, exit_status, sig, message = StepStatus.FAILED, None, None, str(error)
            else:
                status, exit_status, sig, message = self._pump(index, step, child, lines, cleanup)
        measured = step.measured  # what becomes figures
        # the figures count only if the filesystem under test is still what was measured; and a
        # step that failed inside it may have failed because it was not (its writes refused)
        inside = step.config in self._measured and self._measured[step.config][0] in self._mounted
        if not cleanup and step.config in self._measured and (
                (status == StepStatus.OK and measured) or (status == StepStatus.FAILED and inside)):
            refusal = self._check_measured(index, step, after=True, measured=measured)
            if refusal and self._disk_failing(step):
                # its disk went away under it (unplugged, detached) or fails: the step failed, and
                # the run's end says what happened to the disk; an unreadable directory is no mystery
                if status != StepStatus.FAILED or not message:
                    message = "its filesystem could not be read any more; its figures are not used"
                status = StepStatus.FAILED
            elif refusal:
                status, message = StepStatus.FAILED, refusal
                self._wrong_filesystem = True
        if status == StepStatus.FAILED:
            message = message or failure_message(step, exit_status, sig, lines, started)
            if step.allow_failure and not self._wrong_filesystem:
                status = StepStatus.WARNING
                message = f"{step.allow_failure} ({message})"
        duration = time.monotonic() - started
        shown = message if status != StepStatus.OK else ""
        result = StepResult(index, step, status, exit_status, sig, duration, shown, cleanup)
        self._results.append(result)
        audit.write("step-end", step=index, status=status, exit_status=exit_status, signal=sig,
                    duration=round(duration, 6), message=result.message, time=now())
        log.log(logging.DEBUG if status == StepStatus.OK else logging.INFO, "step %s end: %s, exit status %s%s, "
                "%.3f s%s", index + 1, status, exit_status, f", signal {sig}" if sig else "", duration,
                f": {result.message}" if result.message else "")
        audit.sync()
        self._emit(StepFinished(index, step, status, exit_status, sig, duration, result.message, cleanup, result))
        if status == StepStatus.WARNING:
            self._notice(index, Level.WARNING, f"step {index + 1} ({step.title}): {message}")
        return result

    def _pump(self, index: int, step: Step, child: pexpect.spawn, lines: deque[str],
              cleanup: bool) -> tuple[StepStatus, int | None, int | None, str]:
        """Run a spawned step to its end: its status, exit status, signal and message."""
        self._child = child
        try:
            on_line = line_handler(index, step, self._audit, lines, self._consumer, self._consumer_failed)
            ending = pump(child, on_line, self._control(index, step, cleanup))
        finally:
            self._child = None
            with contextlib.suppress(Exception):
                child.ptyproc.delayafterclose = 0
                child.close(force=True)
        status, exit_status, sig, message = ending.status, ending.exit_status, ending.signal, ending.detail
        if status == StepStatus.DECLINED:
            message = (f"Step {index + 1} ({step.title}): you declined “{message}” from "
                       f"{os.path.basename(step.argv[0])}; the step was stopped before it went on")
        return status, exit_status, sig, message

    def _control(self, index: int, step: Step, cleanup: bool) -> Control:
        """How the step's pump reaches this run: cancels (not for a cleanup step), questions, the log."""
        audit = self._audit

        def stop_reason() -> str | None:
            return self._cancel_reason if self._cancel.is_set() else None

        def signalled(number: int) -> None:
            audit.write("notice", step=index, level=Level.INFO, text=f"sent {signal.Signals(number).name} "
                        "to the step's processes")
            log.info("step %d: sent %s to its processes", index + 1, signal.Signals(number).name)

        return Control(stop_reason=(lambda: None) if cleanup else stop_reason, interrupt=self.cancel,
                       ask=lambda text, known: self._ask(index, step, text, known), flush=audit.flush,
                       signalled=signalled, grace=self.grace, prompt_idle=self.prompt_idle)

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
        log.info("step %d: %s asked %r; answer %r", index + 1, prompt.tool, text, reply)
        return reply
