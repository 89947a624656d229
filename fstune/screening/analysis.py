"""Which factors matter: the measured runs of a screening design, judged together.

From the primary metric of every run (docs/screening.md, "The model" and "Verdicts"):

1. its logarithm, fitted by ordinary least squares (statsmodels) with an effect per block, the
   factors' ±1 columns and the interaction groups the design estimates (model.py);
2. each factor's main effect, from its first level to its second, as a change in percent, with
   an interval at the level Holm's procedure tests it at (statsmodels.stats.multitest, at 4 % for
   the family: verdicts.py);
3. a verdict per factor: "matters" (Holm rejects: the interval excludes 0), "no detectable
   effect" (the interval lies inside ±δ), "too noisy to tell" (otherwise);
4. the fitted interaction groups, described with an ordinary 95 % interval and never judged; a
   group of several interactions is reported as aliased, under every member's name, never as one;
5. the confirmation configuration: every factor that matters at its better level (the metric's
   declared direction says which is better), the others at their first.

statsmodels and numpy are imported only here, when a design is analysed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from fstune.errors import UsageError
from fstune.figures import HIGHER, LOWER
from fstune.screening.design import Design
from fstune.screening.model import Model, choose_model, exog
from fstune.screening.verdicts import ALPHA, DEFAULT_DELTA, MATTERS, holm_levels, percent, threshold, verdict
from fstune.units import format_percent

INTERACTION_LEVEL = 0.05  # the described interactions' ordinary 95 % interval


def percent_text(estimate: float, low: float, high: float) -> str:
    """"+12.0 % [+8.1, +16.2]" from a change and its interval on the log scale."""
    def one(value: float) -> str:
        return format_percent(math.expm1(value), sign=True, unit="")


    return f"{one(estimate)} % [{one(low)}, {one(high)}]"


@dataclass(frozen=True)
class Effect:
    """One factor's main effect, from its first level to its second, and its verdict."""

    factor: str
    first: str  # the levels as a person reads them ("relatime", "noatime")
    second: str
    estimate: float  # ln(second) − ln(first): the change on the log scale
    low: float  # its interval at ``level``, log scale
    high: float
    level: float  # the Holm level it was judged at (the interval is at 1 − level)
    p_value: float  # the t test's, before any correction
    holm_p: float  # Holm-adjusted
    verdict: str  # MATTERS | NO_EFFECT | TOO_NOISY
    below_delta: bool  # it matters, but its interval lies inside ±δ
    better: int | None  # the better level (−1 first, +1 second) when it matters
    confounded_with: tuple[str, ...]  # interactions that share its column (resolution III)
    partly_confounded: bool  # interactions add a part of themselves to its estimate (Plackett–Burman)

    @property
    def percent(self) -> float:
        return math.expm1(self.estimate) * 100

    @property
    def interval_percent(self) -> tuple[float, float]:
        return math.expm1(self.low) * 100, math.expm1(self.high) * 100

    @property
    def text(self) -> str:
        """"atime (relatime → noatime): matters: +12.0 % [+8.1, +16.2]" and what it may carry."""
        word = self.verdict + (", below δ" if self.below_delta else "")
        line = (f"{self.factor} ({self.first} → {self.second}): {word}: "
                f"{percent_text(self.estimate, self.low, self.high)}")
        if self.confounded_with:
            line += f"; confounded with {', '.join(self.confounded_with)}"
        if self.partly_confounded:
            line += "; partly confounded with two-factor interactions"
        return line


@dataclass(frozen=True)
class Interaction:
    """A fitted interaction group, described with an ordinary 95 % interval, never judged."""

    label: str  # "commit×data" or, aliased, "commit×data = atime×barrier"
    members: tuple[str, ...]
    aliased: bool
    estimate: float  # half the difference between one factor's effect at the other's two levels, log scale
    low: float
    high: float

    @property
    def text(self) -> str:
        what = (f"{self.label} (aliased: the design cannot tell these apart; the estimate is their sum)"
                if self.aliased else self.label)
        return f"{what}: {percent_text(self.estimate, self.low, self.high)}, described, not judged"


@dataclass(frozen=True)
class Confirmation:
    """The configuration to confirm: the factors that matter at their better level, every other
    factor at its first (the defaults, where the filesystem module declared them first)."""

    levels: tuple[tuple[str, int], ...]  # (factor, coded level) for every factor, in design order
    matter: tuple[tuple[str, str], ...]  # (factor, its better level as text) for the factors that matter

    @property
    def codes(self) -> tuple[int, ...]:
        return tuple(code for _name, code in self.levels)

    @property
    def changes(self) -> bool:
        """Does the proposal differ from every factor at its first level?"""
        return any(code > 0 for code in self.codes)

    @property
    def text(self) -> str:
        settings = ", ".join(f"{name} at {level}" for name, level in self.matter)
        if not self.changes:
            return (f"Every factor that matters is better at its first level ({settings}): keep the first levels; "
                    "there is nothing to confirm against them.")
        return (f"To confirm: {settings}, every other factor at its first level, against every factor at its "
                "first level, in an ordinary paired study.")


@dataclass(frozen=True)
class ScreeningResult:
    design: Design
    better: str  # HIGHER or LOWER: the primary metric's declared direction
    delta: float
    alpha: float
    model: Model  # as fitted (its blocks and runs are those measured)
    residual_df: int
    residual_sd: float  # one run's noise, log scale
    effects: tuple[Effect, ...]
    interactions: tuple[Interaction, ...]
    missing: tuple[tuple[int, int], ...]  # (block, position) of the runs without a figure
    confirmation: Confirmation | None  # None when no factor matters

    @property
    def spread(self) -> float:
        """The noise as one block contrast's spread (√2 × one run's), to set beside the plan's."""
        return self.residual_sd * math.sqrt(2.0)

    def effect(self, factor: str) -> Effect:
        return next(effect for effect in self.effects if effect.factor == factor)

    def lines(self) -> list[str]:
        """The result in plain words: the design, each factor, the interactions, the proposal."""
        base = self.design.base
        lines = [f"{base.title}, {self.design.blocks} blocks (order seed {self.design.seed}); "
                 f"{len(self.design.runs) - len(self.missing)} runs measured"
                 + (f", {len(self.missing)} without a figure" if self.missing else "") + "."]
        lines += base.aliases.words()
        lines.append(f"Main effects, from each factor's first level to its second (Holm over {len(self.effects)} "
                     f"factors at {percent(self.alpha, None)}; δ = {percent(self.delta, None)}; noise: a block "
                     f"contrast spread of {self.spread:.3f}, {self.residual_df} degrees of freedom):")
        lines += [f"  {effect.text}" for effect in self.effects]
        if self.interactions:
            lines.append("Two-factor interactions:")
            lines += [f"  {interaction.text}" for interaction in self.interactions]
        elif self.model.left_out:
            lines.append(f"Two-factor interactions: not fitted; {self.model.left_out} groups would leave fewer than "
                         "the degrees of freedom the noise needs, so they count as noise.")
        if self.confirmation is None:
            lines.append("No factor matters at this noise: there is nothing to confirm.")
        else:
            lines.append(self.confirmation.text)
        return lines


def analyse(design: Design, values: Sequence[float | None], better: str, *, delta: float = DEFAULT_DELTA,
            alpha: float = ALPHA, labels: Sequence[tuple[str, str]] | None = None) -> ScreeningResult:
    """Judge every factor of ``design`` from ``values``, the primary metric of each run in the
    order of ``design.runs`` (None or NaN: the run gave no figure). ``better`` is the metric's
    declared direction; ``labels`` names each factor's two levels (default "first", "second")."""
    import numpy as np
    from statsmodels.regression.linear_model import OLS
    from statsmodels.stats.multitest import multipletests

    if better not in (HIGHER, LOWER):
        raise ValueError(f"better must be '{HIGHER}' or '{LOWER}', not {better!r}")
    runs = design.runs
    if len(values) != len(runs):
        raise UsageError(f"the design has {len(runs)} runs, but {len(values)} figures were given.")
    base = design.base
    labels = tuple(labels) if labels is not None else (("first", "second"),) * base.factors
    measured, missing, logs = [], [], []
    for run, value in zip(runs, values):
        if value is None or (isinstance(value, float) and math.isnan(value)):
            missing.append((run.block, run.position))
            continue
        if value <= 0:
            raise UsageError(f"run {run.position} of block {run.block} measured {value}: a screening compares on the "
                             "log scale, which needs figures above 0.")
        measured.append((run.block, run.codes))
        logs.append(math.log(value))
    blocks = len({block for block, _codes in measured})
    model = choose_model(base, blocks, len(measured))
    matrix, names = exog(base, model, measured)
    if np.linalg.matrix_rank(matrix) < matrix.shape[1]:
        raise UsageError(f"{len(missing)} runs gave no figure, and without them the design can no longer tell "
                         "every factor apart.", "Measure the missing runs again.")
    fit = OLS(np.asarray(logs), matrix).fit()
    df = int(round(fit.df_resid))
    if df < 1:
        raise UsageError("the runs leave no degrees of freedom to measure the noise with: nothing can be judged.",
                         "Measure another replicate.")
    first_factor = names.index(base.names[0])
    mains = range(first_factor, first_factor + base.factors)
    p_values = [float(fit.pvalues[column]) for column in mains]
    rejected, holm_p, _sidak, _bonferroni = multipletests(p_values, alpha=alpha, method="holm")
    levels = holm_levels(p_values, rejected, alpha)
    intervals = {level: fit.conf_int(alpha=level) for level in set(levels)}
    limit = threshold(delta)
    effects = []
    for index, column in enumerate(mains):
        estimate = 2 * float(fit.params[column])
        low, high = (2 * float(bound) for bound in intervals[levels[index]][column])
        judged = verdict(low, high, bool(rejected[index]), delta)
        better_level = None
        if judged == MATTERS:
            better_level = 1 if (estimate > 0) == (better == HIGHER) else -1
        aliases = base.aliases.mains[index]
        effects.append(Effect(
            base.names[index], labels[index][0], labels[index][1], estimate, low, high, levels[index],
            p_values[index], float(holm_p[index]), judged, judged == MATTERS and -limit <= low and high <= limit,
            better_level, tuple(base.aliases.pair(pair) for pair in aliases.full), bool(aliases.partial)))
    described = fit.conf_int(alpha=INTERACTION_LEVEL)
    interactions = []
    for offset, chain in enumerate(model.chains):
        column = first_factor + base.factors + offset
        interactions.append(Interaction(
            base.aliases.chain_label(chain), tuple(base.aliases.pair(pair) for pair in chain.members), chain.aliased,
            2 * float(fit.params[column]), 2 * float(described[column][0]), 2 * float(described[column][1])))
    matter = tuple((effect.factor, effect.second if effect.better == 1 else effect.first)
                   for effect in effects if effect.verdict == MATTERS)
    confirmation = None
    if matter:
        confirmation = Confirmation(tuple((effect.factor, effect.better or -1) for effect in effects), matter)
    return ScreeningResult(design, better, delta, alpha, model, df, math.sqrt(float(fit.scale)), tuple(effects),
                           tuple(interactions), tuple(missing), confirmation)
