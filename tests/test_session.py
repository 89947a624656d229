"""The run session (``fstune.session``): the checks before a run, the run measured on the way, and
the run stored before anything is compared or shown — with a recorded runner, no root needed."""

from __future__ import annotations

from pathlib import Path

import pytest

from fstune import steps as kinds
from fstune.errors import FstuneError
from fstune.plan import Choices, DeviceChoice, Plan, build_plan
from fstune.runner import (
    FINISHED, OK, OutputLine, RunFinished, RunOutcome, RunStarted, StepFinished, StepResult, StepStarted,
)
from fstune.session import ProblemKind, RunSession, preflight
from fstune.steps import Step
from fstune.results.store import Store
from fstune.studies import load_studies
from test_store import _dbench_output

STUDY = load_studies()["ext4-external-journal"]


def measured_plan(tmp_path: Path) -> Plan:
    choices = Choices(study=STUDY, target=DeviceChoice("/dev/sdz1", 10**10, assumed=True),
                      log_device=DeviceChoice("/dev/sdy1", 2**28, assumed=True), workloads=("metadata",),
                      repeats=5, run_id="session", mount_root=str(tmp_path / "mnt"), work_root=str(tmp_path / "w"))
    return build_plan(choices)


class Recorded:
    """A Runner that plays back a finished run of the plan whose dbench steps print ``figures``."""

    def __init__(self, plan: Plan, figures: dict[str, list[float]], **options) -> None:
        self.plan, self.options, self.steps = plan, options, list(plan.steps)
        self.cancelled: str | None = None
        self.events: list[object] = [RunStarted(plan.choices.run_id, len(plan.steps), plan.run_dir, None, 0.0)]
        served = {config: iter(values) for config, values in figures.items()}
        results = []
        for index, item in enumerate(plan.steps):
            self.events.append(StepStarted(index, len(plan.steps), item, False, 0.0))
            if item.phase == "dbench":
                for line in _dbench_output(next(served[item.config])).splitlines():
                    self.events.append(OutputLine(index, line))
            result = StepResult(index, item, OK, 0, None, 0.5)
            results.append(result)
            self.events.append(StepFinished(index, item, OK, 0, None, 0.5, "", False, result))
        self.events.append(RunFinished(0.5 * len(results), tuple(results), (), None))
        self.outcome = RunOutcome(FINISHED, "", None, tuple(results), 0.5 * len(results), None)

    def cancel(self, reason: str = "cancelled") -> None:
        self.cancelled = reason

    def run(self, on_event):
        for event in self.events:
            on_event(event)
        return self.outcome


# five blocks: the first look of the default schedule, where a clear 11 % gain is decided
FIGURES = {"internal": [15.41, 15.52, 15.38, 15.47, 15.44], "external": [17.20, 17.31, 17.18, 17.26, 17.22]}


def test_a_run_is_measured_stored_then_compared(tmp_path):
    plan = measured_plan(tmp_path)
    seen = []
    session = RunSession(plan, make_runner=lambda plan, **options: Recorded(plan, FIGURES, **options),
                         open_store=lambda: Store(tmp_path / "state"), scan=None)
    runner = session.start()
    assert runner.options["extend"] == session.measurement.extend  # further blocks while the question is open
    outcome = session.run(seen.append)
    # every event, in order, after the measurement saw it, with a progress snapshot before each
    # that moves the run on; the view folded them all
    from fstune.measure.events import ProgressSnapshot, RepeatsMeasured

    assert [e for e in seen if not isinstance(e, (ProgressSnapshot, RepeatsMeasured))] == runner.events
    measured = [e for e in seen if isinstance(e, RepeatsMeasured)]
    assert measured and measured[-1].repeats == tuple(session.measurement.repeat_results())
    assert isinstance(seen[seen.index(runner.events[1]) - 1], ProgressSnapshot)
    state = session.view.snapshot()
    assert state.status == FINISHED and state.fraction == 1.0 and state.done == len(plan.steps)
    ended = session.finish(outcome)
    assert ended.measured and ended.stored_id is not None and ended.notes == ()
    with Store(tmp_path / "state") as store:
        stored = store.load_run(ended.stored_id)
    values = sorted(s.value for r in stored.results if r.config == "external" for s in r.samples
                    if s.metric == "dbench.throughput_mbs")
    assert values == sorted(FIGURES["external"])
    row = next(r for r in ended.comparison.rows if r.metric == "dbench.throughput_mbs")
    assert row.verdict == "better"


def test_a_store_that_fails_is_a_note_and_the_comparison_still_comes(tmp_path):
    class Broken:
        def save_run(self, record):
            raise FstuneError("the disk of the results store is full.")

        def close(self):
            pass

    plan = measured_plan(tmp_path)
    session = RunSession(plan, make_runner=lambda plan, **options: Recorded(plan, FIGURES, **options),
                         open_store=Broken, scan=None)
    ended = session.finish(session.run())
    assert ended.stored_id is None and ended.comparison is not None
    assert ended.notes == ("The run could not be stored: the disk of the results store is full.",)


def test_a_plan_that_measures_nothing_ends_without_a_record(tmp_path):
    plan = Plan(Choices(STUDY, DeviceChoice("/dev/sdz1", 10**9), run_id="nothing", mount_root=str(tmp_path)),
                (Step(("true",), title="t", why="w", kind=kinds.PREPARE),), (), (), (), (), 1)
    session = RunSession(plan, make_runner=lambda plan, **options: Recorded(plan, {}, **options),
                         open_store=lambda: pytest.fail("nothing to store"))
    ended = session.finish(session.run())
    assert ended.record is None and not ended.measured and ended.outcome.status == FINISHED


def test_a_cancel_before_the_runner_exists_reaches_it(tmp_path):
    plan = measured_plan(tmp_path)
    session = RunSession(plan, make_runner=lambda plan, **options: Recorded(plan, FIGURES, **options))
    session.cancel("the wizard was closed")
    session.cancel("a second reason")
    assert session.cancel_requested
    assert session.start().cancelled == "the wizard was closed"


def test_preflight_names_what_is_missing_before_anything_runs(tmp_path):
    plan = Plan(Choices(STUDY, DeviceChoice("/dev/sdz1", 10**9), run_id="pre", mount_root=str(tmp_path)),
                (Step(("fstune-no-such-tool", "x"), title="t", why="w", kind=kinds.PREPARE),), (), (), (), (), 1)
    [problem] = preflight(plan)
    assert problem.kind == ProblemKind.TOOLS_MISSING and problem.blocking
    assert "fstune-no-such-tool: install it or put it on PATH" in problem.text


def test_events_can_be_iterated_from_a_real_runner(tmp_path):
    from fstune.runner import Runner

    plan = Plan(Choices(STUDY, DeviceChoice("/dev/fstune-test-none", 10**9), run_id="iterate",
                        mount_root=str(tmp_path / "run"), work_root=str(tmp_path / "work")),
                (Step(("echo", "hello"), title="say hello", why="w", kind=kinds.PREPARE),), (), (), (), (), 1)
    session = RunSession(plan, make_runner=lambda plan, **options: Runner(plan, identities={}, log_dir=tmp_path,
                                                                          **options))
    events = list(session.events())
    assert isinstance(events[0], RunStarted) and isinstance(events[-1], RunFinished)
    assert any(isinstance(e, OutputLine) and e.text == "hello" for e in events)
    assert session.runner.outcome.status == FINISHED


def test_earlier_runs_in_the_store_give_a_later_run_its_floor_for_correlated_blocks(tmp_path):
    from fstune.reports.caveats import CORRELATED, caveats

    plan = measured_plan(tmp_path)
    # the variant's gain wanders slowly from block to block: consecutive contrasts err alike
    trending = {"internal": [15.40, 15.41, 15.39, 15.42, 15.40], "external": [17.00, 17.10, 17.25, 17.32, 17.40]}

    def one_run():
        session = RunSession(plan, make_runner=lambda plan, **options: Recorded(plan, trending, **options),
                             open_store=lambda: Store(tmp_path / "state"), scan=None)
        return session, session.finish(session.run())

    from fstune.stats.paired import DEFAULT_LAG1_FLOOR

    session, ended = one_run()  # a first run on these devices: the declared floor, said so
    first = ended.record.design["lag1_floor"]
    assert first["default"] and first["floor"] == DEFAULT_LAG1_FLOOR and first["runs"] == first["blocks"] == 0
    assert any("First run on these devices (no earlier runs there)" in c.text for c in caveats(ended.record))
    for _ in range(5):  # 30 blocks before the next run: enough to read a correlation from
        session, ended = one_run()
        assert ended.stored_id is not None
    partial = ended.record.design["lag1_floor"]  # 25 earlier blocks: too few, still the declared floor
    assert partial["default"] and (partial["runs"], partial["blocks"]) == (5, 25)
    session, ended = one_run()
    entry = ended.record.design["lag1_floor"]
    assert "default" not in entry and entry["runs"] == 6 and entry["blocks"] == 30 and entry["floor"] > 0.1
    assert session.measurement.lag1_floor == entry
    assert [c.kind for c in caveats(ended.record)].count(CORRELATED) == 1
