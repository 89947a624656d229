"""A screening design as a plan: each distinct run of the design is a configuration of one study,
each replicate a block whose runs go in the design's drawn order (docs/screening.md, "Running a
screening").

The plan that comes out is an ordinary ``Plan``: the same script, the same runner, the same
session checks (preflight, leftovers, locks, identities) and the same readback of each run's
mount options and filesystem as every paired study. Only two things differ, both in the
``Choices``: the block orders are the design's (``block_orders``, drawn from the design's seed,
which is also the plan's ``order_seed`` so the script states it), and the number of blocks is the
replicates the budget fits, with no looks: a design is judged once, by its model.
"""

from __future__ import annotations

from dataclasses import replace

from fstune import filesystems
from fstune.plan.build import Choices
from fstune.screening import ScreeningPlan
from fstune.screening.factors import describe
from fstune.screening.record import config_name, config_title
from fstune.studies import Configuration, Study


def screening_study(plan: ScreeningPlan, *, workloads: tuple[str, ...], primary: tuple[str, str],
                    workload_params: dict[str, dict[str, object]] | None = None,
                    delta_percent: float | None = None) -> Study:
    """The study whose configurations are the design's runs (base rows), in row order."""
    setup = plan.setup
    configurations = []
    for row in range(plan.design.base.runs):
        options = plan.configuration(plan.design.base.rows[row])
        configurations.append(Configuration(
            name=config_name(row), title=config_title(plan, row), filesystem=setup.filesystem,
            mkfs_options=tuple(options.mkfs), journal=setup.journal,
            mount_options=tuple(filesystems.split_options(list(options.mount)))))
    factors = "; ".join(describe(factor) for factor in plan.factors)
    fs = filesystems.get(setup.filesystem)
    study = Study(
        name=f"screen-{setup.filesystem}", title=f"Screening: which of {len(plan.factors)} options matter on {fs.title}",
        summary=f"{plan.design.base.title}, {plan.design.replicates} replicates: {factors}.",
        explanation="Each run of the design sets every factor to one of its two levels; one linear model then "
                    "judges every factor (docs/screening.md).",
        configurations=tuple(configurations), workloads=tuple(workloads), repeats=plan.design.replicates,
        workload_params=dict(workload_params or {}), primary_metric=primary, tags=("screening",))
    if delta_percent is not None:
        study = replace(study, delta_percent=delta_percent)
    return study


def screening_choices(choices: Choices, plan: ScreeningPlan) -> Choices:
    """``choices`` (made for the screening study) with the design's blocks: its orders and seed,
    as many blocks as replicates, and no more."""
    replicates = plan.design.replicates
    return replace(choices, block_orders=plan.design.orders, order_seed=plan.design.seed, repeats=replicates,
                   max_blocks=replicates)
