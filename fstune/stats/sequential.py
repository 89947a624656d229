"""The group-sequential design: a few planned looks, and whether to stop at each one.

A study runs blocks (every configuration once per block, in an order drawn for each block) and looks at the
primary metric only after the planned numbers of blocks, by default 5, 10 and 15; 15 is the cap
(docs/verdicts.md, "Looks and stopping"). Looking after every block and stopping at the first
p < 0.05 would call identical configurations different about one time in five; the design keeps
that to alpha (5 %):

- O'Brien–Fleming-type alpha spending (Lan–DeMets) of 4 % of the 5 % (``calibration.SPEND``:
  the rest is room for noise the calibration does not see): the early looks spend almost
  nothing (0.04 % at 5 of 15 blocks), so only an overwhelming difference stops a study early,
  and the last look keeps nearly the whole 4 %;
- repeated confidence intervals: at look k the interval is mean ± c_k · sd·√f/√n, with f the
  widening for correlated blocks (``paired.lag1_inflations``: 1 when consecutive blocks do not
  err alike) and c_k from the calibration (``calibration``, table in ``boundary_table``). All looks' intervals hold the
  true change together with probability 1 − alpha, so the interval shown is their intersection
  (still a 1 − alpha interval, never wider than the latest), and a study may stop at any look
  without breaking it;
- the study stops when the interval decides: it lies beyond ±δ (better/worse) or inside ±δ (the
  change, if any, is too small to matter). Stopping inside ±δ is non-binding: the boundaries
  were computed as if it never happened, so going on to the cap is always allowed.

``decide`` is what the runner calls after every block; ``decide_batch`` is the same kernel on
many studies at once (the simulation in tests/test_verdict_simulation.py runs it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from fstune.figures import HIGHER
from fstune.stats import calibration
from fstune.stats.paired import (PairedInterval, lag1_inflation, lag1_inflations, mean_and_sd,
                                   minimum_detectable_effect)
from fstune.stats.verdict import CODES, Position, Verdict, interval_positions, verdict_for

METHOD_NAME = "paired-gs-obf"
METHOD_VERSION = 2
# Stored with every run: a run's verdicts can only be compared with runs of the same method.
# A new version for any change to the spending, the calibration's reference noise, the
# intersection of the looks' intervals or the verdict partition. /2 spends 4 % of the 5 % on
# Gaussian noise and widens the interval for correlated blocks; /1 spent all of it on t5 noise
# (docs/verdicts.md, "Method versions").
METHOD = f"{METHOD_NAME}/{METHOD_VERSION}"
OUTLOOK_PATHS = 2000
OUTLOOK_SEED = 7


@dataclass(frozen=True)
class LookSchedule:
    """After how many blocks the primary metric is looked at; the last look is the cap."""

    looks: tuple[int, ...] = (5, 10, 15)
    alpha: float = 0.05

    def __post_init__(self) -> None:
        looks = tuple(int(n) for n in self.looks)
        object.__setattr__(self, "looks", looks)
        if not looks:
            raise ValueError("a schedule needs at least one look")
        if looks[0] < 3:
            raise ValueError("the first look needs at least 3 blocks: with fewer, the noise is unknown")
        if any(b <= a for a, b in zip(looks, looks[1:])):
            raise ValueError(f"looks must come after more and more blocks: {looks}")
        if not 0 < self.alpha < 0.5:
            raise ValueError(f"alpha must be between 0 and 0.5, not {self.alpha}")

    @property
    def cap(self) -> int:
        return self.looks[-1]

    def critical_values(self) -> tuple[float, ...]:
        return boundaries(self.looks, self.alpha)

    def describe(self) -> str:
        return (f"{METHOD}: looks after {', '.join(map(str, self.looks))} blocks, O'Brien–Fleming-type alpha "
                f"spending, alpha {self.alpha:g}, critical |t| {', '.join(f'{c:.3g}' for c in self.critical_values())}")


DEFAULT_SCHEDULE = LookSchedule()


@lru_cache(maxsize=64)
def boundaries(looks: tuple[int, ...], alpha: float) -> tuple[float, ...]:
    """Critical |t| per look: from the checked-in table, else calibrated now (about a second)."""
    from fstune.stats.boundary_table import TABLE

    for (table_looks, table_alpha), (values, _errors) in TABLE.items():
        if table_looks == tuple(looks) and math.isclose(table_alpha, alpha, rel_tol=1e-9):
            return tuple(values)
    return calibration.calibrate(tuple(looks), (alpha,))[alpha].critical


class Action(StrEnum):
    CONTINUE = "continue"
    STOP = "stop"


class Reason(StrEnum):
    BEFORE_FIRST_LOOK = "before the first look"
    BETWEEN_LOOKS = "between looks"
    UNDECIDED = "the interval does not decide yet"
    BEYOND_DELTA = "the interval lies beyond ±δ"
    INSIDE_DELTA = "the interval lies inside ±δ"
    CAP = "the cap is reached"
    EXACT = "exact: every block gave the same values"


@dataclass(frozen=True)
class Outlook:
    """What happens next if the study goes on (only while it continues, from the first look).

    A predictive simulation: the true change is drawn around today's estimate with today's
    uncertainty, the noise keeps today's spread, and the remaining looks run as planned.
    """

    expected_further_blocks: float
    decision_probability: float  # the interval decides (beyond or inside ±δ) by the cap
    expected_seconds: float | None = None  # expected_further_blocks × the seconds one block takes


@dataclass(frozen=True)
class Decision:
    """The state of one comparison after ``n`` blocks (everything on the contrast scale)."""

    action: Action
    reason: Reason
    n: int  # blocks seen
    n_used: int  # blocks the interval uses (the latest look's count)
    look: int | None  # 1-based number of the latest look, None before the first
    interval: PairedInterval | None  # the latest look's repeated confidence interval
    low: float | None  # the interval shown: the intersection of all looks' intervals so far
    high: float | None
    threshold: float
    position: Position | None
    verdict: Verdict | None  # final when action is STOP; an interim reading otherwise
    minimum_detectable: float | None  # smallest change detected 8 times in 10 at this look
    outlook: Outlook | None = None
    consistent: bool = True  # False: this look's interval missed an earlier one entirely
    method: str = METHOD
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def final(self) -> bool:
        return self.action == Action.STOP


@dataclass(frozen=True)
class BatchDecisions:
    """``decide_batch``'s answer, one entry per study (numpy arrays)."""

    look_index: object  # 0-based index of the look reported, −1 before the first look
    stopped: object  # bool: the study stops at that look
    low: object
    high: object
    estimate: object
    sd: object
    code: object  # index into verdict.CODES
    consistent: object

    def positions(self) -> list[Position]:
        return [CODES[int(code)] for code in self.code]


_DECIDED_CODES = tuple(index for index, position in enumerate(CODES) if position.decided)


def decide_batch(contrasts, schedule: LookSchedule = DEFAULT_SCHEDULE, threshold=0.0,
                 stop_at_decision: bool = True, *, widening=lag1_inflations,
                 critical: Sequence[float] | None = None) -> BatchDecisions:
    """The sequential rule on many studies at once: ``contrasts`` is (studies × blocks), each row
    one study's contrasts in block order; ``threshold`` δ on the contrast scale (scalar or one
    per study). Blocks beyond the cap are ignored. With ``stop_at_decision`` False every look is
    taken even after the interval decided (allowed: equivalence stopping is non-binding).
    ``widening`` (the variance factor per study) and ``critical`` (the limits) are the method's
    own unless given: bench/correlated_blocks.py compares other choices through this same rule."""
    import numpy as np

    data = np.asarray(contrasts, dtype=float)
    if data.ndim != 2:
        raise ValueError("contrasts must be a 2-D array: studies × blocks")
    if not np.isfinite(data).all():
        raise ValueError("contrasts must be finite numbers")
    studies, blocks = data.shape
    theta = np.broadcast_to(np.asarray(threshold, dtype=float), (studies,))
    if np.isnan(theta).any() or (theta < 0).any():
        raise ValueError("δ must be a number ≥ 0")
    critical = schedule.critical_values() if critical is None else tuple(critical)
    nan = np.full(studies, np.nan)
    look_index = np.full(studies, -1, dtype=np.int16)
    stopped = np.zeros(studies, dtype=bool)
    low, high, estimate, sd = nan.copy(), nan.copy(), nan.copy(), nan.copy()
    code = np.full(studies, CODES.index(Position.WIDE), dtype=np.int8)
    consistent = np.ones(studies, dtype=bool)
    running_low, running_high = np.full(studies, -np.inf), np.full(studies, np.inf)
    last = len(schedule.looks) - 1
    for index, n in enumerate(schedule.looks):
        if n > blocks:
            break
        active = ~stopped
        part = data[:, :n]
        mean = part.mean(axis=1)
        spread = part.std(axis=1, ddof=1)
        half = critical[index] * spread * np.sqrt(widening(part)) / math.sqrt(n)
        look_low, look_high = mean - half, mean + half
        meet_low, meet_high = np.maximum(running_low, look_low), np.minimum(running_high, look_high)
        # disjoint intervals: the change seems to have moved; show this look's own interval
        disjoint = meet_low > meet_high
        shown_low = np.where(disjoint, look_low, meet_low)
        shown_high = np.where(disjoint, look_high, meet_high)
        look_code = interval_positions(shown_low, shown_high, theta)
        for target, source in ((low, shown_low), (high, shown_high), (estimate, mean), (sd, spread),
                               (running_low, shown_low), (running_high, shown_high)):
            target[active] = source[active]
        code[active] = look_code[active]
        look_index[active] = index
        consistent[active] &= ~disjoint[active]
        decides = np.isin(look_code, _DECIDED_CODES) if stop_at_decision else np.zeros(studies, dtype=bool)
        stopped |= active & (decides | (index == last))
    return BatchDecisions(look_index, stopped, low, high, estimate, sd, code, consistent)


def decide(contrasts: Sequence[float], schedule: LookSchedule = DEFAULT_SCHEDULE, threshold: float = 0.0,
           better: str = HIGHER, *, block_seconds: float | None = None, outlook: bool = True,
           stop_at_decision: bool = True) -> Decision:
    """Go on or stop, after ``len(contrasts)`` blocks, for one comparison.

    ``threshold`` is δ on the contrast scale (``scales.paired_contrasts`` gives it), ``better``
    which direction is good for the metric. Between looks the latest look's answer stands; the
    outlook (expected further blocks and time) is worked out while the study continues.
    """
    import numpy as np

    values = [float(value) for value in contrasts]
    n = len(values)
    if n < schedule.looks[0]:
        return Decision(Action.CONTINUE, Reason.BEFORE_FIRST_LOOK, n, 0, None, None, None, None, threshold,
                        None, None, None)
    batch = decide_batch(np.asarray([values]), schedule, threshold, stop_at_decision)
    index = int(batch.look_index[0])
    n_used = schedule.looks[index]
    critical = schedule.critical_values()[index]
    estimate, sd = mean_and_sd(values[:n_used])
    inflation = lag1_inflation(values[:n_used])
    half = critical * sd * math.sqrt(inflation) / math.sqrt(n_used)
    interval = PairedInterval(n_used, estimate, sd, critical, estimate - half, estimate + half, inflation)
    position = CODES[int(batch.code[0])]
    if bool(batch.stopped[0]):
        action = Action.STOP
        reason = (Reason.BEYOND_DELTA if position in (Position.BEYOND_UP, Position.BEYOND_DOWN)
                  else Reason.INSIDE_DELTA if position.decided else Reason.CAP)
    else:
        action = Action.CONTINUE
        reason = Reason.UNDECIDED if n == n_used else Reason.BETWEEN_LOOKS
    notes = []
    if n > schedule.cap:
        notes.append(f"{n - schedule.cap} blocks after the cap ({schedule.cap}) are not used")
    consistent = bool(batch.consistent[0])
    if not consistent:
        notes.append("a look's interval missed an earlier look's entirely: the change seems to have moved "
                     "during the study (see the drift check)")
    elif not float(batch.low[0]) <= estimate <= float(batch.high[0]):
        # the interval shown is the part every look's interval shares (repeated confidence
        # intervals); the latest look's estimate can fall outside it when the change moved
        notes.append("the latest estimate lies outside the interval shown, which is the part every look's "
                     "interval shares: the change seems to have moved during the study (see the drift check)")
    forecast = None
    if outlook and action == Action.CONTINUE:
        forecast = predict(values[:schedule.cap], schedule, threshold, block_seconds=block_seconds,
                           stop_at_decision=stop_at_decision)
    return Decision(action, reason, n, n_used, index + 1, interval, float(batch.low[0]), float(batch.high[0]),
                    threshold, position, verdict_for(position, better),
                    minimum_detectable_effect(interval.effective_sd, n_used, critical), forecast, consistent,
                    notes=tuple(notes))


def predict(contrasts: Sequence[float], schedule: LookSchedule, threshold: float, *, block_seconds: float | None = None,
            paths: int = OUTLOOK_PATHS, seed: int = OUTLOOK_SEED, stop_at_decision: bool = True) -> Outlook:
    """Expected further blocks to a decision, and the chance the interval decides by the cap.

    The true change is drawn from Normal(estimate, sd²/n) (today's estimate with today's
    uncertainty), the future blocks from Normal(that change, sd²), and the remaining looks run
    through ``decide_batch``. A study that reaches the cap undecided counts with the cap's blocks.
    Seeded, so the same blocks always give the same forecast.
    """
    import numpy as np

    n = len(contrasts)
    if n >= schedule.cap:
        return Outlook(0.0, 1.0, 0.0 if block_seconds is not None else None)
    estimate, sd = mean_and_sd(contrasts)
    sd = 0.0 if math.isnan(sd) else sd
    rng = np.random.default_rng(seed)
    change = estimate + sd / math.sqrt(n) * rng.standard_normal(paths)
    future = change[:, None] + sd * rng.standard_normal((paths, schedule.cap - n))
    studies = np.concatenate([np.broadcast_to(np.asarray(contrasts, dtype=float), (paths, n)), future], axis=1)
    batch = decide_batch(studies, schedule, threshold, stop_at_decision)
    stop_blocks = np.asarray(schedule.looks)[batch.look_index]
    decided = np.isin(batch.code, _DECIDED_CODES)
    further = float(stop_blocks.mean()) - n
    return Outlook(further, float(decided.mean()), further * block_seconds if block_seconds is not None else None)
