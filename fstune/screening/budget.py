"""How many replicates a time budget buys, and the smallest effect they find.

The caller says how long one configuration takes (mkfs, mount and the workload: an estimate),
the budget, and the noise: the spread of one block's contrast on the log scale, ln(variant) −
ln(baseline) of two configurations measured side by side, as the paired studies measure it (the
quiet loop lab's median is 0.073, docs/verdicts.md). One run's own noise is that spread over √2.

**The smallest detectable effect** (docs/screening.md, "What a budget buys"). With N runs of an
orthogonal two-level design, a factor's main effect (from its first level to its second) is
estimated with standard error 2σ/√N = √2 · spread/√N whatever the other factors do, and it is
tested with a t statistic on the model's residual degrees of freedom ν (model.py). Holm rejects
a factor whose p is below α/m whatever the other p values are, so the power of a test at α/m is
a lower bound on the power of the procedure, and the effect that test finds with the stated
power is what is promised: the effect e with P(|T| > t(1 − α/2m, ν)) = power, T noncentral t
with ν degrees of freedom and noncentrality e/se. It is exact for Gaussian noise;
tests/test_screening_sim.py checks it against simulated studies.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from fstune.errors import UsageError
from fstune.screening.design import BaseDesign
from fstune.screening.model import choose_model
from fstune.screening.verdicts import ALPHA, DEFAULT_DELTA, DEFAULT_POWER, percent, threshold
from fstune.units import format_estimate

DEFAULT_BUDGET = "30m"  # what a screening may take when no budget is given
QUIET_LAB_SPREAD = 0.073  # one block contrast's spread, the quiet loop lab's A/A median (docs/verdicts.md)

_UNIT = r"(hours?|h|minutes?|mins?|m|seconds?|secs?|s)"
_PART = rf"(\d+(?:\.\d+)?)\s*{_UNIT}"
_SECONDS = {"h": 3600, "m": 60, "s": 1}


def parse_duration(text: str) -> float:
    """Seconds in "30 minutes", "1h30m", "90 s", or a bare number of seconds ("45")."""
    words = str(text).strip().lower()
    if re.fullmatch(r"\d+(?:\.\d+)?", words):
        return float(words)
    if not re.fullmatch(rf"(?:{_PART}\s*)+", words):
        raise UsageError(f"'{text}' is not a duration.", "Write it like 30 minutes, 1h30m or 90s.")
    return sum(float(number) * _SECONDS[unit[0]] for number, unit in re.findall(_PART, words))


def effect_se(runs: int, spread: float) -> float:
    """The standard error of one main effect (log scale) from ``runs`` runs of an orthogonal
    two-level design, when one block's contrast spreads ``spread``: 2σ/√N with σ = spread/√2."""
    return math.sqrt(2.0) * spread / math.sqrt(runs)


def power_at(effect: float, runs: int, residual_df: int, factors: int, spread: float, alpha: float = ALPHA) -> float:
    """The chance a main effect of ``effect`` (log scale) is rejected by a two-sided t test at
    alpha/m: a lower bound on its chance under Holm's procedure."""
    from scipy import stats

    critical = stats.t.ppf(1 - alpha / factors / 2, residual_df)
    shift = abs(effect) / effect_se(runs, spread)
    # the far tail as the survival function of the mirrored statistic: scipy's nct.cdf gives NaN
    # deep in its left tail
    return float(stats.nct.sf(critical, residual_df, shift) + stats.nct.sf(critical, residual_df, -shift))


def detectable_effect(runs: int, residual_df: int, factors: int, spread: float, power: float = DEFAULT_POWER,
                      alpha: float = ALPHA) -> float:
    """The smallest main effect (log scale) found with ``power`` (``power_at``)."""
    from scipy import optimize

    if residual_df < 1:
        raise ValueError("no degrees of freedom are left for the noise")
    se = effect_se(runs, spread)
    high = se
    while power_at(high, runs, residual_df, factors, spread, alpha) < power:
        high *= 2
    return float(optimize.brentq(lambda e: power_at(e, runs, residual_df, factors, spread, alpha) - power,
                                 0.0, high, xtol=1e-10))


@dataclass(frozen=True)
class Budget:
    """What a time budget buys for one base design: replicates, runs and what they can find."""

    base: BaseDesign
    seconds_per_run: float
    budget_seconds: float
    spread: float  # one block contrast's spread, log scale
    power: float
    delta: float
    alpha: float
    replicates: int  # how many fit (0: not even one)
    residual_df: int  # of the model fitted to them (0 when none fit)
    interactions_fitted: int  # interaction groups the model fits
    detectable: float | None  # smallest main effect found with ``power``, log scale (None: nothing to fit)
    half_width: float | None  # a factor's interval half-width at Holm's strictest level, log scale

    @property
    def runs(self) -> int:
        return self.replicates * self.base.runs

    @property
    def seconds(self) -> float:
        return self.runs * self.seconds_per_run

    @property
    def detectable_percent(self) -> tuple[float, float] | None:
        """The detectable effect as a gain and as a loss, in percent: (+x, −y)."""
        if self.detectable is None:
            return None
        return math.expm1(self.detectable) * 100, math.expm1(-self.detectable) * 100

    @property
    def can_show_no_effect(self) -> bool:
        """Can a factor without an effect read "no detectable effect" (its interval inside ±δ)
        at this noise? Only when the interval's half-width is below δ."""
        return self.half_width is not None and self.half_width < threshold(self.delta)

    @property
    def refusal(self) -> str | None:
        """Why nothing bought could be judged, as fstune's refusals are worded (lower case after
        "fstune: "); None when the budget buys a judgeable design."""
        if self.replicates == 0:
            replicate = self.base.runs * self.seconds_per_run
            return (f"the budget of {format_estimate(self.budget_seconds)} does not fit one replicate: "
                    f"give it at least {format_estimate(replicate)}, or screen fewer factors.")
        if self.detectable is None:
            return (f"the budget of {format_estimate(self.budget_seconds)} fits {self.replicates} "
                    f"replicate{'s' if self.replicates != 1 else ''}, which leave no degrees of freedom to measure "
                    f"the noise with: nothing could be judged. {_sentence(MORE_BUDGET)}")
        return None

    def words(self) -> list[str]:
        """What the budget buys, in sentences."""
        base = self.base
        replicate = base.runs * self.seconds_per_run
        blocks = self.replicates * base.halves
        lines = [f"{base.factors} factors: {base.title}. One replicate is {base.runs} runs of about "
                 f"{format_estimate(self.seconds_per_run)}, {format_estimate(replicate)} in all"
                 + (f", in {base.halves} blocks." if base.halves > 1 else ".")]
        if self.replicates == 0:
            lines.append(_sentence(self.refusal))
            return lines
        lines.append(f"The budget of {format_estimate(self.budget_seconds)} fits {self.replicates} "
                     f"replicate{'s' if self.replicates != 1 else ''} ({self.runs} runs in {blocks} "
                     f"block{'s' if blocks != 1 else ''}, about {format_estimate(self.seconds)}).")
        if self.detectable is None:
            lines.append("They leave no degrees of freedom to measure the noise with: nothing could be judged. "
                         f"{_sentence(MORE_BUDGET)}")
            return lines
        gain, loss = self.detectable_percent
        lines.append(f"At a block contrast spread of {self.spread:.3f} on the log scale, a factor whose effect is "
                     f"{percent(gain / 100, sign=True)} or {percent(loss / 100, sign=True)} or larger is called "
                     f"\"matters\" in at least {percent(self.power, None)} of studies (Holm at "
                     f"{percent(self.alpha, None)} over {base.factors} factors, {self.residual_df} degrees of freedom "
                     "for the noise).")
        if not self.can_show_no_effect:
            lines.append(f"A factor without an effect reads \"too noisy to tell\" rather than \"no detectable "
                         f"effect\": its interval reaches about ±{percent(math.expm1(self.half_width))}, wider than "
                         f"δ = {percent(self.delta, None)}.")
        return lines


MORE_BUDGET = "a larger budget buys another replicate."


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def plan_budget(base: BaseDesign, seconds_per_run: float, budget_seconds: float, spread: float = QUIET_LAB_SPREAD,
                *, power: float = DEFAULT_POWER, delta: float = DEFAULT_DELTA, alpha: float = ALPHA) -> Budget:
    """How many replicates of ``base`` fit ``budget_seconds`` at ``seconds_per_run`` each, and the
    smallest main effect they find with ``power`` at the noise ``spread``."""
    from scipy import stats

    if seconds_per_run <= 0 or budget_seconds <= 0:
        raise UsageError("the time per configuration and the budget must be above 0.")
    if spread <= 0:
        raise UsageError("the noise (a block contrast's spread) must be above 0.")
    if not 0 < power < 1:
        raise UsageError("the power is a share between 0 and 1.")
    replicates = int(budget_seconds // (base.runs * seconds_per_run))
    if replicates == 0:
        return Budget(base, seconds_per_run, budget_seconds, spread, power, delta, alpha, 0, 0, 0, None, None)
    model = choose_model(base, replicates * base.halves, replicates * base.runs)
    df = model.residual_df
    if df < 1:
        return Budget(base, seconds_per_run, budget_seconds, spread, power, delta, alpha, replicates, df,
                      len(model.chains), None, None)
    runs = replicates * base.runs
    half = float(stats.t.ppf(1 - alpha / base.factors / 2, df)) * effect_se(runs, spread)
    return Budget(base, seconds_per_run, budget_seconds, spread, power, delta, alpha, replicates, df,
                  len(model.chains), detectable_effect(runs, df, base.factors, spread, power, alpha), half)
