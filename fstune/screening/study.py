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
from fstune.filesystems import EXTERNAL, ScreeningFactor
from fstune.screening import analysis
from fstune.screening.budget import QUIET_LAB_SPREAD, Budget, plan_budget
from fstune.screening.design import FOLDOVER, PLACKETT_BURMAN, Design, Run, designs, make_design
from fstune.screening.factors import RunOptions, Setup, check_factors, check_runs, describe, place_factor, run_options
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
    max_runs: int | None = None  # the cap on distinct runs it was chosen within (None: blocks of 16 at most)
    note: str = ""  # why the design is not the first choice (a foldover the budget did not fit)

    @property
    def labels(self) -> tuple[tuple[str, str], ...]:
        return tuple((factor.level_text(-1), factor.level_text(1)) for factor in self.factors)

    def configuration(self, run: Run | Sequence[int]) -> RunOptions:
        """The mount and mkfs options and the journal's place of a run (or of coded levels, one per
        factor)."""
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
        place = place_factor(self.factors)
        if place is not None:
            spare = [place.level_text(code) for code in (-1, 1) if place.level(code) == (EXTERNAL,)]
            lines.append(f"The runs at {spare[0]} put the {place.name} on the spare partition (--log-device), as a "
                         "paired study makes an external one; the others keep it inside and leave the spare "
                         "unused." if spare else
                         f"Each run makes its {place.name} at its level ({describe(place)}).")
        lines += self.budget.words()
        if self.note:
            lines.append(self.note)
        lines += self.design.base.words()
        lines += self.design.base.aliases.words()
        each = "one block" if self.design.base.halves == 1 else "two blocks, the design and then its mirror"
        lines.append(f"Each replicate is {each}; the runs of each block go in an order drawn from seed "
                     f"{self.design.seed} (the same seed draws the same orders).")
        return lines


def plan_screening(setup: Setup, factors: Sequence[ScreeningFactor], *, seconds_per_run: float,
                   budget_seconds: float, spread: float = QUIET_LAB_SPREAD, power: float = DEFAULT_POWER,
                   delta: float = DEFAULT_DELTA, max_runs: int | None = None,
                   seed: int | None = None) -> ScreeningPlan:
    """Check ``factors`` on ``setup``, choose the best design within ``max_runs`` distinct runs
    that the budget fits, and draw its orders. The foldover of a Plackett–Burman design is the
    first choice where it fits, else the design alone (said in ``note``). UsageError when the
    factors cannot be screened together, or the budget does not fit one replicate or fits too
    few to measure the noise with."""
    factors = tuple(factors)
    check_factors(setup, factors)
    found = designs([factor.name for factor in factors], max_runs)
    base = found[0]
    tried = [base]
    if base.kind == FOLDOVER:  # only a foldover gives way to a smaller design, its own half
        tried += [other for other in found if other.kind == PLACKETT_BURMAN]
    note = ""
    for base in tried:
        check_runs(setup, factors, base.rows)
        budget = plan_budget(base, seconds_per_run, budget_seconds, spread, power=power, delta=delta)
        if budget.detectable is not None:
            break
        if base.kind == FOLDOVER and len(tried) > 1:
            note = (f"The budget does not fit the foldover ({base.runs} runs and enough of them to measure the noise "
                    f"with): the {tried[1].runs}-run Plackett–Burman design runs alone, its main effects partly "
                    "confounded with two-factor interactions. A larger budget buys the foldover.")
    if budget.detectable is None:  # not one replicate, or none that leaves the noise a degree of freedom
        raise UsageError(budget.refusal)
    return ScreeningPlan(setup, factors, make_design(base, budget.replicates, seed), budget, max_runs, note)


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
