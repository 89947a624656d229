"""RunView: a run's events folded into what both front ends draw (fstune/measure/view.py).

Events are fed as the run emits them: through a real RunSession and Measurement with a runner
that plays a plan's steps and inserts the steps its ``extend`` hook asks for, as the Runner does,
or one by one into a view. The front ends' own tests (test_tui_run.py, test_runner_cli.py) only
check that they draw it."""

import threading

import pytest

from fstune import runner as r
from fstune.measure.events import BlockDropped, CancelRequested, LookDecided, ProgressSnapshot, RunNotStarted
from fstune.measure.measurement import Measurement
from fstune.measure.view import PENDING, RUNNING, SKIPPED, TAIL, WAITING, RunView
from fstune.session import RunSession
from fstune.steps import Step

from tests.test_measure import dbench_output, make_plan, pressure_clock


@pytest.fixture(autouse=True)
def quiet_host(monkeypatch):
    """Fake runs: the host counters are not this machine's (whose I/O would drop blocks)."""
    _, snapshot = pressure_clock()
    monkeypatch.setattr("fstune.measure.measurement.host_snapshot", snapshot)


class Played:
    """Plays a plan's steps as the Runner emits them, with dbench figures for the measured steps
    and the ``extend`` hook's extra steps inserted (and announced) after the step that asked."""

    def __init__(self, plan, figures, clock, *, extend=None, **options):
        self.plan, self.figures, self.clock, self.extend = plan, figures, clock, extend
        self.steps = list(plan.steps)
        self.cancelled = None

    def cancel(self, reason="cancelled"):
        self.cancelled = reason

    def run(self, emit):
        emit(r.RunStarted("view", len(self.steps), "/run/x", "/var/log/audit.jsonl", 0.0))
        counts, results, index = {}, [], 0
        while index < len(self.steps):
            step = self.steps[index]
            self.clock[0] += 5.0
            emit(r.StepStarted(index, len(self.steps), step, False, 0.0))
            if step.phase == "dbench":
                n = counts.get(step.config, 0)
                counts[step.config] = n + 1
                emit(r.Progress(index, 0.5, 2.0, "dbench execute"))
                for line in dbench_output(self.figures[step.config][n % len(self.figures[step.config])]).splitlines():
                    emit(r.OutputLine(index, line))
            result = r.StepResult(index, step, r.OK, 0, None, 5.0)
            results.append(result)
            emit(r.StepFinished(index, step, r.OK, 0, None, 5.0, "", False, result))
            extra = self.extend(index, step) if self.extend else []
            if extra:
                self.steps[index + 1:index + 1] = extra
                emit(r.StepsInserted(index, tuple(extra), len(self.steps)))
            index += 1
        emit(r.RunFinished(5.0 * len(results), tuple(results), (), None))
        return r.RunOutcome(r.FINISHED, "", None, tuple(results), 5.0 * len(results), None)


def played_session(figures, looks=(3, 6)):
    plan = make_plan()
    clock = [0.0]
    measurement = Measurement(plan, looks=looks, clock=lambda: clock[0])
    session = RunSession(plan, measurement=measurement, scan=None, open_store=None,
                         make_runner=lambda plan, **options: Played(plan, figures, clock, **options))
    return plan, session, clock


NOISY = {"base": [10.0, 14.0, 18.0, 9.0, 16.0, 11.0], "ext": [12.0, 17.0, 10.0, 15.0, 11.0, 18.0]}


def test_a_played_run_folds_into_rows_looks_and_progress():
    plan, session, clock = played_session(NOISY)
    states = []
    session.run(lambda event: states.append(session.view.snapshot()) if isinstance(event, r.StepStarted) else None)
    state = session.view.snapshot()
    # three blocks planned, three added at the undecided first look: the rows follow, numbered
    assert len(plan.steps) < len(state.rows) == 2 * len(plan.steps) - len([s for s in plan.steps if not s.block])
    assert [row.number for row in state.rows] == [str(n) for n in range(1, len(state.rows) + 1)]
    assert all(row.state == r.OK for row in state.rows) and state.done == len(state.rows)
    assert state.status == r.FINISHED and state.fraction == 1.0 and state.current is None
    [inserted] = state.inserted
    assert len(inserted.steps) == len(state.rows) - len(plan.steps)
    # the looks, as the measurement worded them, in order, and why the blocks ended
    assert [line.split(":")[0] for line in state.looks] == ["Look at 3 blocks", "Look at 6 blocks"]
    assert state.blocks_ended is not None and state.blocks_ended.blocks == 6
    assert [e.text for e in state.entries if e.kind == "look"] == list(state.looks)
    # the step rows said which block each step belongs to, with the cap while it could add some
    labels = {s.current.label for s in states if s.current is not None and s.current.label}
    assert "block 2 of 3 (up to 6): ext, base" in labels and "block 6 of 6: ext, base" in labels
    # the bar's share starts again when blocks are added; never backwards otherwise
    shares = [s.fraction for s in states]
    added = next(i for i, s in enumerate(states) if s.inserted)
    assert shares[added - 1] > 0.9 and shares[added] < 0.6
    assert all(b >= a for a, b in zip(shares[added:], shares[added + 1:]))
    assert state.audit_path == "/var/log/audit.jsonl"


def test_the_output_log_keeps_order_and_hands_out_only_what_is_new():
    step = Step(("dbench",), title="measure", why="w", kind="measure")
    view = RunView([step, Step(("true",), title="next", why="w", kind="prepare")], keep=10)
    view.apply(r.StepStarted(0, 2, step, False, 0.0))
    for n in range(12):
        view.apply(r.OutputLine(0, f"line {n}"))
    view.apply(r.OutputLine(0, "12%", partial=True))
    first = view.snapshot()
    # the front end that fell behind gets the last ``keep`` entries, and where to go on from
    assert [e.text for e in first.entries] == [f"line {n}" for n in range(2, 12)]
    assert first.live == "12%" and first.tail == (*[f"line {n}" for n in range(13 - TAIL, 12)], "12%")
    view.apply(r.OutputLine(0, "13%", update=True, partial=False))
    view.apply(r.Notice(0, r.Level.WARNING, "the kernel said something"))
    result = r.StepResult(0, step, r.FAILED, 1, None, 2.0, "dbench exited 1")
    view.apply(r.StepFinished(0, step, r.FAILED, 1, None, 2.0, "dbench exited 1", False, result))
    second = view.snapshot(since=first.seq)
    assert [(e.kind, e.text) for e in second.entries] == [
        ("line", "13%"), ("notice", "the kernel said something"), ("finished", "dbench exited 1")]
    assert second.live == "" and second.rows[0].state == r.FAILED and second.rows[0].message == "dbench exited 1"
    assert view.snapshot(since=second.seq).entries == ()


def test_a_cancelled_run_shows_its_cleanup_rows_and_what_never_ran():
    steps = [Step(("true",), title=f"step {n}", why="w", kind="prepare") for n in range(3)]
    view = RunView(steps)
    view.apply(r.StepWaiting(0, 3, steps[0]))
    assert view.snapshot().rows[0].state == WAITING and view.snapshot().waiting.index == 0
    view.apply(r.StepStarted(0, 3, steps[0], False, 0.0))
    view.apply(CancelRequested("cancelled from the wizard"))
    unmount = Step(("umount", "/mnt"), title="Unmount /mnt", why="w", kind="umount")
    view.apply(r.StepStarted(-1, 3, unmount, True, 0.0))
    running = view.snapshot()
    assert running.cancelling == "cancelled from the wizard"
    assert [(row.number, row.title, row.state) for row in running.cleanup_rows] == [
        ("c", "cleanup: Unmount /mnt", RUNNING)]
    assert running.current.row == "c0" and running.current.cleanup
    result = r.StepResult(-1, unmount, r.OK, 0, None, 0.2, cleanup=True)
    view.apply(r.StepFinished(-1, unmount, r.OK, 0, None, 0.2, "", True, result))
    view.apply(r.RunCancelled("cancelled from the wizard", 0, 1.0, (result,), None))
    ended = view.snapshot()
    assert ended.status == r.CANCELLED and ended.current is None
    assert [row.state for row in ended.rows] == [r.CANCELLED, SKIPPED, SKIPPED]
    assert ended.cleanup_rows[0].state == r.OK and ended.cleanup_rows[0].seconds == 0.2


def test_a_run_that_never_started_skips_every_row():
    view = RunView([Step(("true",), title="t", why="w", kind="prepare")])
    view.apply(RunNotStarted("/dev/fstune-test-none is not on this machine."))
    state = view.snapshot()
    assert state.status == "failed" and state.ended.reason.endswith("machine.")
    assert [row.state for row in state.rows] == [SKIPPED]


def test_a_tools_question_is_shown_until_its_step_ends():
    step = Step(("mkfs.ext4", "/dev/x"), title="mkfs", why="w", kind="mkfs")
    view = RunView([step])
    view.apply(r.StepStarted(0, 1, step, False, 0.0))
    prompt = r.Prompt(0, step, "Proceed anyway? (y,N)", "mke2fs", True)
    view.apply(prompt)
    assert view.snapshot().prompt is prompt
    result = r.StepResult(0, step, r.DECLINED, None, None, 1.0, "you declined")
    view.apply(r.StepFinished(0, step, r.DECLINED, None, None, 1.0, "you declined", False, result))
    assert view.snapshot().prompt is None


def test_reading_the_progress_changes_nothing_and_moves_the_time_left_on():
    plan = make_plan()
    clock = [100.0]
    measurement = Measurement(plan, looks=(3, 6), clock=lambda: clock[0])
    view = RunView(plan.steps)
    index, first = next((i, s) for i, s in enumerate(plan.steps) if s.block)  # the first block starts
    measurement.observe(r.RunStarted("v", len(plan.steps), "/run/x", None, 0.0))
    measurement.observe(r.StepStarted(index, len(plan.steps), first, False, 0.0))
    view.apply(measurement.snapshot())
    before = view.snapshot().progress
    eta_before = measurement.eta.state()
    clock[0] += 60.0
    later = [view.snapshot().progress for _ in range(3)]
    # a minute later the time left is a minute shorter and the share higher, however often it is read
    assert later[0] == later[1] == later[2]
    assert later[0].estimate.seconds_left == pytest.approx(before.estimate.seconds_left - 60.0)
    assert later[0].fraction > before.fraction
    assert measurement.eta.state() == eta_before  # the run's ETA was not touched


def test_a_view_read_while_the_run_feeds_it_is_always_whole():
    steps = [Step(("true",), title=f"s{n}", why="w", kind="prepare") for n in range(200)]
    view = RunView(steps, keep=50)
    stop = threading.Event()
    seen = []

    def read():
        since = 0
        while not stop.is_set():
            state = view.snapshot(since)
            seen.extend(e.text for e in state.entries if e.kind == "line")
            since = state.seq
            assert state.done <= len(state.rows) == 200

    reader = threading.Thread(target=read)
    reader.start()
    for n, step in enumerate(steps):
        view.apply(r.StepStarted(n, 200, step, False, 0.0))
        view.apply(r.OutputLine(n, f"out {n}"))
        result = r.StepResult(n, step, r.OK, 0, None, 0.0)
        view.apply(r.StepFinished(n, step, r.OK, 0, None, 0.0, "", False, result))
    stop.set()
    reader.join()
    state = view.snapshot()
    assert state.done == 200 and all(row.state == r.OK for row in state.rows)
    numbers = [int(text.split()[1]) for text in seen]
    assert numbers == sorted(numbers)  # in order, never twice (some skipped only if the reader fell behind)


def test_a_look_line_is_capped_as_the_results_show_it():
    """A two-degree-of-freedom interval can reach 10^6 % (seen: "+130.6 % [−100.0, +4514016.4]");
    the look says "> +1000" as the results screen does."""
    plan, session, clock = played_session({"base": [1.0, 9.0, 0.5], "ext": [30.0, 2.0, 80.0]}, looks=(3,))
    session.run()
    [line] = session.view.snapshot().looks
    assert "> +1000" in line and "4514016" not in line
    assert not any(len(part) > 9 for part in line.replace("[", " ").replace("]", " ").replace(",", " ").split()
                   if part.lstrip("+-−").replace(".", "").isdigit())


def test_dropped_blocks_reach_the_view_with_their_reason():
    view = RunView([])
    view.apply(BlockDropped(4, "ext has no dbench throughput in it (it failed)"))
    view.apply(BlockDropped(5, "processes outside the run read 40 MiB/s", kept=True))
    view.apply(LookDecided(5, "Look at 5 blocks: ext better, +3.1 % [+1.0, +5.2]"))
    state = view.snapshot()
    assert [e.text for e in state.entries] == [
        "Block 4 was dropped and replaced: ext has no dbench throughput in it (it failed).",
        "Block 5 was disturbed and kept: processes outside the run read 40 MiB/s.",
        "Look at 5 blocks: ext better, +3.1 % [+1.0, +5.2]"]
    assert state.progress is None and state.fraction == 0.0  # no steps, no blocks


def test_a_plan_without_blocks_shows_its_share_of_steps():
    steps = [Step(("true",), title=f"s{n}", why="w", kind="prepare") for n in range(4)]
    view = RunView(steps)
    for n in range(3):
        view.apply(r.StepStarted(n, 4, steps[n], False, 0.0))
        result = r.StepResult(n, steps[n], r.OK, 0, None, 0.0)
        view.apply(r.StepFinished(n, steps[n], r.OK, 0, None, 0.0, "", False, result))
    assert view.snapshot().fraction == 0.75 and view.snapshot().rows[3].state == PENDING


def test_the_view_carries_copies_of_the_repeats_measured_so_far():
    _, session, _ = played_session(NOISY)
    seen = []

    def on_change(event):
        state = session.view.snapshot()
        if state.repeats:
            seen.append(len(state.repeats))

    session.run(on_change)
    repeats = session.view.snapshot().repeats
    measured = session.measurement.repeat_results()
    assert [(x.config, x.repeat, [s.value for s in x.samples]) for x in repeats] == \
           [(x.config, x.repeat, [s.value for s in x.samples]) for x in measured]
    assert seen == sorted(seen) and seen[0] < len(measured)  # they grow as the run measures
    assert all(copy is not original and copy.samples is not original.samples
               for copy, original in zip(repeats, measured))  # the run's own stay the run's
