"""Screening: which of a dozen knobs matter for a workload, in one designed study.

A screening study sets each factor (a mount or mkfs option at two levels, declared by the
filesystem modules) high or low in every run of a two-level design, so that every run informs
every factor; it then fits one linear model and calls each factor "matters", "no detectable
effect" or "too noisy to tell", with the chance of calling any knob that does nothing "matters"
held at 5 % for the whole family (docs/screening.md).

- ``factors``: checking factors against the filesystem's option rules; the options of a run;
- ``design``: the design (pyDOE), its blocks and their drawn orders; ``aliases``: what it confounds;
- ``model``: the model's columns and degrees of freedom; ``budget``: replicates and the
  detectable effect; ``verdicts``: the words, the error budget, Holm's levels;
- ``analysis``: the fit (statsmodels) and the verdicts; ``study``: all of it for one filesystem.

Importing the package loads none of numpy, scipy, pyDOE or statsmodels; they load when a design
is made, planned or analysed.
"""

from __future__ import annotations

from fstune.screening.analysis import Confirmation, Effect, Interaction, ScreeningResult, analyse
from fstune.screening.budget import QUIET_LAB_SPREAD, Budget, detectable_effect, parse_duration, plan_budget, power_at
from fstune.screening.design import (FOLDOVER, FRACTIONAL, FULL_FACTORIAL, MAX_BLOCK_RUNS, PLACKETT_BURMAN, BaseDesign,
                                     Design, Run, base_design, block_order, designs, make_design)
from fstune.screening.factors import RunOptions, Setup, check_factors, check_runs, offered, pick, run_options
from fstune.screening.study import ScreeningPlan, plan_screening, primary_direction
from fstune.screening.verdicts import ALPHA, MATTERS, NO_EFFECT, PROMISE, TOO_NOISY

__all__ = [
    "ALPHA", "FOLDOVER", "FRACTIONAL", "FULL_FACTORIAL", "MATTERS", "MAX_BLOCK_RUNS", "NO_EFFECT", "PLACKETT_BURMAN",
    "PROMISE",
    "QUIET_LAB_SPREAD", "TOO_NOISY", "BaseDesign", "Budget", "Confirmation", "Design", "Effect", "Interaction", "Run",
    "RunOptions", "ScreeningPlan", "ScreeningResult", "Setup", "analyse", "base_design", "block_order",
    "check_factors", "check_runs", "designs", "detectable_effect", "make_design", "offered", "parse_duration", "pick",
    "plan_budget", "plan_screening", "power_at", "primary_direction", "run_options",
]
