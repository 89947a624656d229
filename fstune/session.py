"""One real run of a plan, the same flow for the CLI and the wizard: checks, the run, the stored record.

    session = RunSession(plan)                   # a Measurement(plan): the plan's cap and looks
    ready = session.prepare()                    # everything before the first write, see below
    if ready.leftovers and not ready.cleaned:    # an interrupted run left something mounted: ask,
        ready = session.prepare(clear_leftovers=True)  # then clear it and check again
    if not ready.ok: …                           # ready.problems says why (a missing tool …)
    session.start(answer=…, gate=…)              # builds the Runner (adopting the locks)
    outcome = session.run(on_change)             # its events, measured and folded into session.view
    ended = session.finish(outcome)              # stored first, then compared: a RunEnd
    session.close()                              # lets go of locks no runner took over

``prepare`` is the one entry point before any write, for both front ends: it removes what dead
runs left with nothing mounted, stops at leftovers that are still mounted (unless told to clear
them), checks the plan can run here (``preflight``: every tool on PATH, the kernel's drivers),
then locks the plan's disks and records the devices' identities (raising FstuneError naming
who holds a disk, or which device is not the one chosen).

The front-ends only render: ``session.view`` (``fstune.measure.view.RunView``) folds every
event of the run (the runner's, the measurement's decisions, a progress snapshot after each
event that moves the run on) in the run's thread; ``fstune run`` (``fstune.cli.run``) prints it
and the summary, the wizard (``fstune.screens.review`` before the run, ``fstune.screens.run``
during it) draws it; ``on_change`` only tells them something changed. Commands go the other way,
through the session (``cancel``). What they have in common is here, so a run is checked, measured, stored and
compared the same way from both: docs/ARCHITECTURE.md, "The run session".

Storing comes first: ``finish`` saves the record before anything is compared, printed or shown,
so a terminal that went away (SIGHUP) can cost the display but never the run. ``finish`` does
not raise: what went wrong after the run (the store, the comparison) is in ``RunEnd.notes``.
"""

from __future__ import annotations

import logging
import os
import shlex
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum

from fstune import devlock, filesystems
from fstune.errors import FstuneError
from fstune.measure.events import CancelRequested, RepeatsMeasured, RunNotStarted
from fstune.measure.measurement import Measurement
from fstune.measure.record import run_record
from fstune.measure.view import RunView
from fstune.plan import Plan
from fstune.runner import (
    CleanReport, Leftover, Progress, Runner, RunOutcome, StepFinished, StepStarted, StepsInserted, clean_leftovers,
    find_leftovers, missing_tools, plan_devices, record_identities, refuse_live_run,
)

log = logging.getLogger(__name__)


# --- before anything is written ---------------------------------------------------------------


class ProblemKind(StrEnum):
    MKFS_MISSING = "mkfs-missing"  # a configuration's mkfs tool is not installed
    NO_DRIVER = "no-driver"  # this kernel cannot mount a configuration's filesystem
    TOOLS_MISSING = "tools-missing"  # other tools the plan runs are not installed
    LEFTOVERS = "leftovers"  # what an interrupted run left mounted could not be cleared


@dataclass(frozen=True)
class Problem:
    """Something the checks before a run found. ``blocking``: the run must not start; otherwise a
    note (a kernel without the driver when the user allowed that: the run stops at the mount)."""

    kind: ProblemKind
    text: str  # one sentence, without its end: the front-end says what it did about it
    blocking: bool = True


def preflight(plan: Plan, *, allow_unmountable: bool = False,
              capabilities: filesystems.MachineCapabilities | None = None) -> list[Problem]:
    """What stops ``plan`` from running here, in the order a person fixes it: each configuration's
    mkfs tool and kernel driver (only the configurations that will run), then every other tool."""
    capabilities = capabilities or filesystems.MachineCapabilities.probe()
    problems: list[Problem] = []
    # only the configurations that will run (--configs): an unchosen ReiserFS variant must not
    # stop its ext3 baseline on a kernel without ReiserFS
    for fs_name in dict.fromkeys(cp.config.filesystem for cp in plan.configs):
        fs = filesystems.get(fs_name)
        if not capabilities.tools.get(fs.mkfs):
            problems.append(Problem(ProblemKind.MKFS_MISSING,
                                    f"{fs.mkfs} is not installed: install the Debian package {fs.package}"))
            continue
        if not capabilities.kernel_has(fs_name):
            reason = capabilities.availability(fs_name).reason.rstrip(".")
            if allow_unmountable:
                problems.append(Problem(ProblemKind.NO_DRIVER, f"{reason}; the run will stop at the mount step",
                                        blocking=False))
            else:
                problems.append(Problem(ProblemKind.NO_DRIVER, f"{reason}: {fs.title} could be formatted but not "
                                        "mounted, so nothing could be measured"))
    missing = missing_tools(plan)
    if missing:
        listed = "; ".join(f"{tool}: {hint}" for tool, hint in missing)
        problems.append(Problem(ProblemKind.TOOLS_MISSING, f"the plan needs tools that are not installed ({listed})"))
    for problem in problems:
        log.info("preflight: %s%s", problem.text, "" if problem.blocking else " (a note)")
    return problems


def lock_devices(plan: Plan) -> devlock.DeviceLocks:
    """Lock the disk of every device ``plan`` writes, for its run id: one owner per device from the
    confirmation to the run's last cleanup step (the Runner adopts these locks). A disk another
    process holds raises a DeviceError naming who holds it (docs/safety.md); a live run in the
    plan's run directory (the same run id) raises an FstuneError naming it, before any lock."""
    refuse_live_run(plan.run_dir)
    locks = devlock.lock_devices(plan_devices(plan), run_id=plan.choices.run_id)
    log.info("locked %s for run %s", ", ".join(sorted(locks.disks.values())) or "no disk", plan.choices.run_id)
    return locks


@dataclass(frozen=True)
class Readiness:
    """What ``RunSession.prepare`` found before anything was written.

    ``removed``: dead runs' directories with nothing mounted, removed without asking;
    ``leftovers``: dead runs' directories with something still mounted; ``cleaned``: what clearing
    them did (None: not cleared, so the front end asks and calls ``prepare(clear_leftovers=True)``);
    ``problems``: the preflight's findings and a failed clearing; ``ok``: the disks are locked and
    the identities recorded, so the run may start once the user confirms.
    """

    removed: tuple[Leftover, ...] = ()
    leftovers: tuple[Leftover, ...] = ()
    cleaned: CleanReport | None = None
    problems: tuple[Problem, ...] = ()
    ok: bool = False

    @property
    def refusal(self) -> Problem | None:
        """The first problem that stops the run, if any."""
        return next((problem for problem in self.problems if problem.blocking), None)


# --- after the run ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunEnd:
    """How a run ended, and what became of its figures.

    ``record``: what the store keeps (None: the plan measures nothing, or the record could not be
    made: see ``notes``); ``stored_id``: its id in the store (None: not stored); ``comparison``:
    its before-and-after figures (``fstune.results.compare.compare_runs``), when it measured any.
    """

    outcome: RunOutcome
    record: object | None = None
    stored_id: int | None = None
    comparison: object | None = None
    notes: tuple[str, ...] = ()  # what went wrong after the run, one sentence each

    @property
    def measured(self) -> bool:
        """Figures were measured (stored or not)."""
        return self.record is not None and bool(self.record.results)


def _default_store():
    from fstune.results.store import Store

    return Store()


def _default_scan():
    from fstune.devices import scan

    return scan()


class RunSession:
    """One real run of ``plan``; see the module docstring for the order of calls.

    ``measurement``: sees every event and decides on extra repeats (``Measurement(plan)`` if not
    given); ``view``: what the front ends draw (``RunView``). ``make_runner(plan, **options)``:
    builds the Runner (tests pass a recorded one).
    ``open_store()``: the results store to keep the run in, closed after saving (None: keep
    nothing). ``scan()``: the device inventory, for the record's device descriptions.
    """

    def __init__(self, plan: Plan, *, measurement: Measurement | None = None,
                 make_runner: Callable[..., Runner] | None = None,
                 open_store: Callable[[], object] | None = _default_store,
                 scan: Callable[[], object] | None = _default_scan) -> None:
        self.plan = plan
        self.measurement = measurement if measurement is not None else Measurement(plan)
        self.view = RunView(plan.steps)
        self.view.apply(self.measurement.snapshot())  # the plan's estimate, before the first step
        self.measurement.emit = self._emit  # its looks and dropped blocks reach the view in order
        self._listener: Callable[[object], None] | None = None
        self.make_runner = make_runner or Runner
        self.open_store = open_store
        self.scan = scan
        self.identities: dict | None = None  # recorded by ``prepare`` (``record_identities``)
        self.runner: Runner | None = None
        self.started: float | None = None  # time.time() when the run was started
        self._locks: list[devlock.DeviceLocks] = []
        self._guard = threading.Lock()
        self._pending_cancel: str | None = None

    # --- before -------------------------------------------------------------------------------------

    def prepare(self, *, allow_unmountable: bool = False, clear_leftovers: bool = False) -> Readiness:
        """Everything before the first write, in the order a person fixes it (module docstring).

        Stops early, unlocked, at leftovers still mounted (unless ``clear_leftovers``) and at a
        blocking problem; else locks and records the identities, whose refusals raise. Calling it
        again (after the user agreed to clear the leftovers) checks everything again."""
        leftovers, removed = self.tidy_empty_leftovers()
        found = Readiness(tuple(removed), tuple(leftovers))
        if leftovers and not clear_leftovers:
            return found
        cleaned = self.clean_leftovers(leftovers) if leftovers else None
        if cleaned is not None and not cleaned.ok:
            problem = Problem(ProblemKind.LEFTOVERS, "what an interrupted run left could not be cleared ("
                              + "; ".join(cleaned.failed) + ")")
            return replace(found, cleaned=cleaned, problems=(problem,))
        problems = tuple(self.preflight(allow_unmountable=allow_unmountable))
        found = replace(found, cleaned=cleaned, problems=problems)
        if found.refusal is not None:
            return found
        locks = self.lock()  # one owner per device, from here to the run's last cleanup step
        try:
            self.record_identities()
        except BaseException:
            locks.release()
            self._locks.remove(locks)
            raise
        return replace(found, ok=True)

    def preflight(self, *, allow_unmountable: bool = False) -> list[Problem]:
        return preflight(self.plan, allow_unmountable=allow_unmountable)

    def leftovers(self) -> list[Leftover]:
        """Run directories under the plan's mount root that interrupted runs left behind."""
        found = find_leftovers(self.plan.choices.mount_root)
        for leftover in found:
            log.info("leftover of an earlier run: %s", leftover.describe())
        return found

    def tidy_empty_leftovers(self) -> tuple[list[Leftover], list[Leftover]]:
        """Remove, without asking, what dead runs left with nothing mounted under it.

        Such a directory holds only empty mountpoints and the state file, so removing it loses
        nothing, while refusing to run over it would make every later run wait on a person.
        Returns the leftovers still to ask about (something is mounted, or removal failed) and
        the ones removed.
        """
        found = self.leftovers()
        empty = [leftover for leftover in found if not leftover.mounts]
        if empty:
            report = clean_leftovers(empty)
            log.info("removed the empty directories of interrupted runs: removed %s, failed %s", report.removed,
                     report.failed)
        removed = [leftover for leftover in empty if not os.path.isdir(leftover.run_dir)]
        return [leftover for leftover in found if leftover not in removed], removed

    def clean_leftovers(self, leftovers: list[Leftover]) -> CleanReport:
        report = clean_leftovers(leftovers)
        log.info("cleaned leftovers: unmounted %s, removed %s, failed %s", report.unmounted, report.removed,
                 report.failed)
        return report

    def lock(self) -> devlock.DeviceLocks:
        """Lock the plan's disks (``lock_devices``) until ``close()`` or the run's last cleanup step."""
        locks = lock_devices(self.plan)
        self._locks.append(locks)
        return locks

    def record_identities(self) -> dict:
        """What the devices the plan writes are now (the user confirms these), refused unless they
        are the devices of the plan's choices (``fstune.runner.safety.record_identities``); the
        runner checks every destructive step against this baseline and records none itself."""
        self.identities = record_identities(self.plan)
        log.debug("identities: %s", self.identities)
        return self.identities

    def close(self) -> None:
        """Let go of the locks this session took (the runner releases its own after its cleanup)."""
        locks, self._locks = self._locks, []
        for held in locks:
            if not held.released:  # the runner adopted them and let them go after its cleanup
                held.release()
                log.info("unlocked %s (no run took them over)", ", ".join(sorted(held.disks.values())))

    def __enter__(self) -> "RunSession":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- the run ----------------------------------------------------------------------------------

    def start(self, **options) -> Runner:
        """Build the Runner (``make_runner(plan, extend=…, **options)``: ``answer``, ``gate``,
        ``identities``…). A cancel asked for before this happens is passed on at once."""
        options.setdefault("extend", self.measurement.extend)
        self._learn_lag1_floor()
        if self.identities is not None:
            options.setdefault("identities", self.identities)
        self.started = time.time()
        _log_plan(self.plan)
        runner = self.make_runner(self.plan, **options)
        with self._guard:
            self.runner = runner
            pending = self._pending_cancel
        if pending:
            runner.cancel(pending)  # cancelled while the runner was being built
        return runner

    def _learn_lag1_floor(self) -> None:
        """The correlation of consecutive blocks that earlier stored runs on these devices showed,
        for the measurement to widen its intervals by at least; without enough of them (or without
        a store to read) the declared first-run floor (docs/verdicts.md, "Correlated blocks")."""
        measurement = self.measurement
        if not getattr(measurement, "sequential", False):
            return
        from fstune.results.history import first_run_entry, load_recent, run_lag1_floor
        from fstune.results.settings import run_settings

        records = load_recent(self.open_store)
        try:
            entry = (run_lag1_floor(records, run_settings(self.plan, measurement), measurement.primary)
                     if records is not None else first_run_entry())
        except Exception:
            log.info("the earlier runs could not be read for the correlation of blocks", exc_info=True)
            entry = first_run_entry()
        measurement.use_lag1_floor(entry)

    def cancel(self, reason: str = "cancelled") -> None:
        """Stop the run (its cleanup still runs); before ``start`` it stops the run as it starts."""
        with self._guard:
            runner = self.runner
            if runner is None and self._pending_cancel is None:
                self._pending_cancel = reason
        log.info("cancel: %s", reason)
        self.view.apply(CancelRequested(reason))
        if runner is not None:
            runner.cancel(reason)

    def abort_now(self, reason: str) -> None:
        """Kill the current step at once, without cleaning up (a second Ctrl-C)."""
        with self._guard:
            runner = self.runner
        if runner is not None:
            runner.abort_now(reason)

    @property
    def cancel_requested(self) -> bool:
        runner = self.runner
        return runner.cancel_requested if runner is not None else self._pending_cancel is not None

    def not_started(self, reason: str) -> None:
        """The run could not start, or fstune failed while running it: the view says so."""
        self._emit(RunNotStarted(reason))

    def run(self, on_change: Callable[[object], None] | None = None) -> RunOutcome:
        """Run the plan (``start()`` first if it was not). Every event is measured first (the
        measurement must see every event in order), then folded into ``view``, then handed to
        ``on_change``, all in the run's thread; the measurement's decisions take the same way."""
        runner = self.runner or self.start()
        measurement = self.measurement
        self._listener = on_change

        def consume(event: object) -> None:
            measurement.observe(event)
            if isinstance(event, StepFinished) and not event.cleanup and event.step.measured:
                self._emit(RepeatsMeasured(measured_copy(measurement.repeat_results())))
            if isinstance(event, _MOVES):
                # first, so that a step's row starts with the block it belongs to
                self._emit(measurement.snapshot())
            self._emit(event)

        try:
            outcome = runner.run(consume)
        finally:
            self._listener = None
        log.info("run ended: %s%s%s", outcome.status, f" ({outcome.kind})" if outcome.kind else "",
                 f": {outcome.reason}" if outcome.reason else "")
        return outcome

    def _emit(self, event: object) -> None:
        self.view.apply(event)
        listener = self._listener
        if listener is not None:
            listener(event)

    def events(self) -> Iterator[object]:
        """The run's events as ``run`` hands them on, the run in a thread; leaving the loop cancels
        the run (its cleanup still runs)."""
        found: queue.SimpleQueue = queue.SimpleQueue()
        done = object()
        failed: list[BaseException] = []

        def work() -> None:
            try:
                self.run(found.put)
            except BaseException as error:  # raised again in the reader's thread
                failed.append(error)
            finally:
                found.put(done)

        thread = threading.Thread(target=work, name="fstune-session-events", daemon=True)
        thread.start()
        try:
            while (event := found.get()) is not done:
                yield event
        finally:
            if thread.is_alive():
                self.cancel("the events were no longer read")
            thread.join()
        if failed:
            raise failed[0]

    # --- after ------------------------------------------------------------------------------------

    def finish(self, outcome: RunOutcome) -> RunEnd:
        """Store the run (first), then compare it. Never raises: problems become ``notes``."""
        if not self.plan.workloads:
            return RunEnd(outcome)
        notes: list[str] = []
        inventory = None
        if self.scan is not None:
            try:
                inventory = self.scan()  # device models for the record; optional
            except Exception as error:
                log.info("the device descriptions could not be read", exc_info=True)
                notes.append(f"The device descriptions could not be read ({error}); the figures are kept anyway.")
        started = self.started if self.started is not None else time.time()
        try:
            record = run_record(self.plan, self.measurement, outcome, started, inventory=inventory)
        except Exception as error:
            log.info("the run record could not be made", exc_info=True)
            return RunEnd(outcome, notes=(*notes, f"The results could not be put together: {error!r}"))
        try:  # where the devices' writes land, for the caveats (one physical disk, the loop lab)
            from fstune.results.environment import device_placement

            record.environment.setdefault("placement", device_placement(d.path for d in record.devices))
        except Exception:
            log.info("the devices' placement could not be read", exc_info=True)
        if not record.results:
            log.info("nothing was measured; nothing stored")
            return RunEnd(outcome, record, notes=tuple(notes))
        stored_id = self._store(record, notes)
        try:
            from fstune.results.compare import compare_runs

            comparison = compare_runs([record])
        except Exception as error:
            log.info("the comparison failed", exc_info=True)
            return RunEnd(outcome, record, stored_id, notes=(*notes, f"The comparison failed: {error!r}"))
        return RunEnd(outcome, record, stored_id, comparison, tuple(notes))

    def _store(self, record, notes: list[str]) -> int | None:
        if self.open_store is None:
            notes.append("Nothing is stored in this session (no results store).")
            return None
        try:
            store = self.open_store()
            if store is None:
                return None
            try:
                stored_id = store.save_run(record)
            finally:
                store.close()
        except FstuneError as error:
            log.info("the run could not be stored: %s", error.message)
            notes.append(f"The run could not be stored: {error.message}")
            return None
        except Exception as error:
            log.info("the run could not be stored", exc_info=True)
            notes.append(f"The run could not be stored: {error!r}")
            return None
        log.info("stored as run %s (%d repeat results)", stored_id, len(record.results))
        return stored_id


# the events after which the run's progress is sent again (``Measurement.snapshot``)
_MOVES = (StepStarted, StepFinished, Progress, StepsInserted)


def measured_copy(repeats) -> tuple:
    """The repeats as they are now, for another thread: the measurement goes on filling its own."""
    return tuple(replace(repeat, samples=list(repeat.samples), raw=dict(repeat.raw)) for repeat in repeats)


def _log_plan(plan: Plan) -> None:
    if not log.isEnabledFor(logging.DEBUG):
        return
    choices = plan.choices
    log.debug("plan: study %s, run id %s, target %s, journal/log %s, configurations %s, workloads %s, "
              "repeats %s, %d steps", plan.study.name, choices.run_id, choices.target.path,
              choices.log_device.path if choices.log_device else None, [cp.config.name for cp in plan.configs],
              list(plan.workloads), plan.repeats, len(plan.steps))
    for index, step in enumerate(plan.steps):
        log.debug("plan step %d: %s: %s", index + 1, step.title, shlex.join(step.argv))
