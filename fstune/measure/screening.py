"""A screening run from what a person asked for to what the run measures: the request (``fstune
screen``'s options, or the wizard's "Which options matter?" choices) made into its plan, with the
time one run takes as the run's estimate counts it, and the measurement that keeps the design in
the stored record (docs/screening.md, "Running a screening").

Here, beside the run's time estimate, so that the command line and the wizard plan the same
design from the same choices and both run it through the same measurement.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fstune import workloads
from fstune.errors import UsageError
from fstune.plan.screening import screening_study
from fstune.screening import QUIET_LAB_SPREAD, ScreeningPlan, Setup, parse_duration, plan_screening, primary_direction
from fstune.screening.budget import DEFAULT_BUDGET
from fstune.screening.factors import check_journal_given, parse_factor
from fstune.screening.study import DEFAULT_WORKLOAD
from fstune.studies import Study


@dataclass(frozen=True)
class ScreeningRequest:
    """What ``fstune screen`` and the wizard's "Which options matter?" path are given: the
    factors as typed, the workloads, the budget. ``plan_request`` makes the plan of both, so the
    two make the same design from the same choices."""

    filesystem: str
    factors: tuple[str, ...]  # as typed: each goes through parse_factor
    workloads: tuple[str, ...] = (DEFAULT_WORKLOAD,)
    budget: str = DEFAULT_BUDGET
    workload_params: dict[str, dict[str, object]] = field(default_factory=dict)  # as given, checked here
    primary: str | None = None  # "workload:metric"; None: the first workload's declared one
    journal: str | None = None
    mount_options: tuple[str, ...] = ()
    spread: float | None = None  # None: the quiet loop lab's
    seconds_per_run: float | None = None  # None: the workloads' estimate
    seed: int | None = None  # None: drawn
    max_runs: int | None = None  # distinct runs at most; None: blocks of at most MAX_BLOCK_RUNS runs


@dataclass(frozen=True)
class PlannedScreening:
    """A request made into its plan: the design, and the workloads, parameters and figure it
    measures (what ``screening_study`` needs)."""

    plan: ScreeningPlan
    workloads: tuple[str, ...]
    params: dict[str, dict[str, object]]
    primary: tuple[str, str]

    def study(self) -> Study:
        return screening_study(self.plan, workloads=self.workloads, primary=self.primary,
                               workload_params=self.params)


def check_workloads(names) -> tuple[str, ...]:
    names = tuple(name.strip() for name in names if name.strip())
    if not names:
        raise UsageError("a screening measures something: name at least one workload with --workloads.")
    for name in names:
        if name not in workloads.WORKLOADS:
            raise UsageError(f"'{name}' is not a workload; known: {', '.join(workloads.WORKLOADS)}.")
    return names


def check_params(names: tuple[str, ...], given: dict[str, dict[str, object]]) -> dict[str, dict[str, object]]:
    for name in given:
        if name not in names:
            raise UsageError(f"--workload-param for '{name}', which this screening does not run.")
    return {name: workloads.WORKLOADS[name].check_params(given.get(name, {})) for name in names}


def choose_primary(names: tuple[str, ...], primary: str | None) -> tuple[str, str]:
    """The figure the factors are judged on: ``primary`` ("workload:metric"), else the first
    workload's declared one; refused when it cannot be judged on the log scale."""
    from fstune.studies import metric_key

    if primary:
        workload, metric = metric_key(primary, names)
    else:
        found = next(((name, m.name) for name in names for m in workloads.WORKLOADS[name].metrics
                      if getattr(m, "primary", False) and workloads.metric(name, m.name) is not None), None)
        if found is None:
            raise UsageError(f"none of {', '.join(names)} declares a primary figure; name one with --primary.")
        workload, metric = found
    primary_direction(workload, metric)
    return workload, metric


def seconds_per_run(names: tuple[str, ...], params: dict[str, dict[str, object]]) -> float:
    """One run: making and mounting the filesystem, and every workload once."""
    from fstune.measure.eta import MAKE_SECONDS

    return MAKE_SECONDS + sum(workloads.WORKLOADS[name].estimate_seconds(workloads.WORKLOADS[name].resolve(
        params.get(name, {}))) for name in names)


def plan_request(request: ScreeningRequest) -> PlannedScreening:
    """The request checked and planned; UsageError with the reason (a refused factor or pair, a
    budget that fits nothing to judge)."""
    if len(request.factors) < 2:
        raise UsageError("a screening needs at least 2 factors (--factor, once each); for one option, compare its "
                         "two levels with fstune run.", f"fstune screen --list-factors {request.filesystem}")
    names = check_workloads(request.workloads)
    params = check_params(names, request.workload_params)
    primary = choose_primary(names, request.primary)
    setup = Setup(request.filesystem, request.journal, tuple(request.mount_options))
    factors = [parse_factor(request.filesystem, text) for text in request.factors]
    check_journal_given(request.journal, factors)
    each = request.seconds_per_run or seconds_per_run(names, params)
    plan = plan_screening(setup, factors, seconds_per_run=each, budget_seconds=parse_duration(request.budget),
                          spread=request.spread or QUIET_LAB_SPREAD, seed=request.seed, max_runs=request.max_runs)
    return PlannedScreening(plan, names, params, primary)


def screening_measurement(plan, extra: dict, *, sequential: bool = False):
    """A run's measurement whose record keeps ``extra`` in its design (a screening's design, or
    what a confirmation confirms). A screening judges nothing on the way (``sequential`` False):
    its blocks are the replicates the budget bought, and the model judges them at the end."""
    from fstune.measure.measurement import Measurement

    class ScreeningMeasurement(Measurement):
        def design(self, status: str) -> dict:
            found = super().design(status)
            found.update(extra)
            return found

    return ScreeningMeasurement(plan, sequential=sequential)


def screening_record(planned: PlannedScreening) -> dict:
    """What the stored run keeps of the design (``design["screening"]``)."""
    from fstune.screening.record import KEY, to_record
    from fstune.screening.verdicts import DEFAULT_DELTA

    return {KEY: to_record(planned.plan, workload=planned.primary[0], metric=planned.primary[1],
                           better=primary_direction(*planned.primary), delta=DEFAULT_DELTA,
                           workloads=planned.workloads, workload_params=planned.params)}
