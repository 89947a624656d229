"""A screening study on one filesystem: its factors checked, its design, its budget, its runs'
options, and the configuration its result proposes to confirm.

This is what the command calls (docs/screening.md, "Running a screening"): ``plan_screening``
for the plan a person reads and the runs a runner makes (``configuration``), ``analyse`` once the
runs are measured, and ``confirmation`` for the two configurations an ordinary paired study then
compares.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fstune.errors import UsageError
from fstune.filesystems import ScreeningFactor
from fstune.screening import analysis
from fstune.screening.budget import QUIET_LAB_SPREAD, Budget, plan_budget
from fstune.screening.design import DEFAULT_MAX_RUNS, Design, Run, base_design, make_design
from fstune.screening.factors import RunOptions, Setup, check_factors, check_runs, describe, run_options
from fstune.screening.verdicts import ALPHA, DEFAULT_DELTA, DEFAULT_POWER
from fstune.workloads import metric as declared_metric
from fstune.workloads.metrics import DIFFERENCE

DEFAULT_WORKLOAD = "metadata"  # dbench, what a screening measures when no workload is named


@dataclass(frozen=True)
class ScreeningPlan:
    setup: Setup
    factors: tuple[ScreeningFactor, ...]
    design: Design
    budget: Budget

    @property
    def labels(self) -> tuple[tuple[str, str], ...]:
        return tuple((factor.level_text(-1), factor.level_text(1)) for factor in self.factors)

    def configuration(self, run: Run | Sequence[int]) -> RunOptions:
        """The mount and mkfs options of a run (or of coded levels, one per factor)."""
        codes = run.codes if isinstance(run, Run) else tuple(run)
        return run_options(self.setup, self.factors, codes)

    def analyse(self, values: Sequence[float | None], better: str, *, delta: float = DEFAULT_DELTA,
                alpha: float = ALPHA) -> analysis.ScreeningResult:
        """``analysis.analyse`` with the factors' levels named."""
        return analysis.analyse(self.design, values, better, delta=delta, alpha=alpha, labels=self.labels)

    def confirmation(self, result: analysis.ScreeningResult) -> tuple[RunOptions, RunOptions] | None:
        """(every factor at its first level, the proposal): the two configurations to confirm in
        an ordinary paired study; None when no factor matters, or every one that does is better
        at its first level (the proposal would be the baseline)."""
        if result.confirmation is None or not result.confirmation.changes:
            return None
        baseline = self.configuration((-1,) * len(self.factors))
        return baseline, self.configuration(result.confirmation.codes)

    def words(self) -> list[str]:
        lines = [f"Screening {len(self.factors)} factors on {self.setup.filesystem}: "
                 + "; ".join(describe(factor) for factor in self.factors) + "."]
        lines += self.budget.words()
        lines += self.design.base.aliases.words()
        lines.append(f"Each replicate is one block; the runs of each block go in an order drawn from seed "
                     f"{self.design.seed} (the same seed draws the same orders).")
        return lines


def plan_screening(setup: Setup, factors: Sequence[ScreeningFactor], *, seconds_per_run: float,
                   budget_seconds: float, spread: float = QUIET_LAB_SPREAD, power: float = DEFAULT_POWER,
                   delta: float = DEFAULT_DELTA, max_runs: int = DEFAULT_MAX_RUNS,
                   seed: int | None = None) -> ScreeningPlan:
    """Check ``factors`` on ``setup``, choose the design, fit it to the budget and draw its
    orders. UsageError when the factors cannot be screened together, or the budget does not fit
    one replicate or fits too few to measure the noise with."""
    factors = tuple(factors)
    check_factors(setup, factors)
    base = base_design([factor.name for factor in factors], max_runs)
    check_runs(setup, factors, base.rows)
    budget = plan_budget(base, seconds_per_run, budget_seconds, spread, power=power, delta=delta)
    if budget.detectable is None:  # not one replicate, or none that leaves the noise a degree of freedom
        raise UsageError(budget.refusal)
    return ScreeningPlan(setup, factors, make_design(base.names, budget.replicates, seed, max_runs), budget)


def primary_direction(workload: str, metric: str) -> str:
    """Which way ``workload``'s ``metric`` is better (its declaration), for ``analyse``; refused
    for a figure fstune does not declare, or one compared as a difference (it can be 0, and a
    screening compares on the log scale)."""
    declared = declared_metric(workload, metric)
    if declared is None:
        raise UsageError(f"'{workload}:{metric}' is not a figure fstune declares.")
    if declared.scale == DIFFERENCE:
        raise UsageError(f"'{workload}:{metric}' can be 0, and a screening compares on the log scale.",
                         "Screen on a rate, a time or a byte count.")
    return declared.better
