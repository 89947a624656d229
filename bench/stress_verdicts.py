"""Attack the verdict method with what it was not calibrated on, through fstune's real decision code.

The limits of docs/verdicts.md were calibrated on one noise shape. This harness runs whole
simulated studies — blocks in the order the plan draws them, the declared drop rule on every
block, replacement blocks, the looks, the alpha split — on scenarios the calibration never saw,
and counts the verdicts that break a promise. Every study goes through the code a run uses:

- the block orders: ``fstune.plan.block_order``, with a seed drawn for each study as for each run;
- the drop rule: ``fstune.measure.conditions.outside_drop`` with the run's ``drop_limit``, fed
  each turn's host conditions the way ``Measurement`` records them (the I/O pressure, and what
  processes outside the run read and wrote), block after block, with the dropped blocks replaced
  up to twice the cap, as the run does;
- the looks and the verdicts: ``fstune.stats.sequential.decide_batch`` with the schedule of
  ``fstune.results.blocked.comparison_schedule`` (the alpha split between variants);
- every pair shown: ``fstune.results.blocked.in_budget``, which pairs the pair table and
  ``--pair`` judge (the others are described).

A row's promise is one-sided: the upper end of the 95 % Clopper–Pearson interval of the rate
must not exceed it (5 % for any false claim, 2.5 % for "better" when the true change is exactly
+δ or below). Scenarios (docs/verdicts.md, "Under stress", says why each):

    .venv/bin/python bench/stress_verdicts.py                 # every row, 20,000 studies each
    .venv/bin/python bench/stress_verdicts.py --studies 2000 --only periodic

tests/test_verdict_stress.py runs a subset with fewer studies (each still able to fail).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fstune.results.blocked import comparison_schedule  # noqa: E402
from fstune.plan import DEFAULT_LOOKS  # noqa: E402
from fstune.measure.conditions import drop_limit, outside_drop  # noqa: E402
from fstune.stats.scales import DEFAULT_DELTA  # noqa: E402
from fstune.stats.sequential import LookSchedule, decide_batch  # noqa: E402
from fstune.stats.verdict import CODES, Position  # noqa: E402

LOOKS = DEFAULT_LOOKS
CAP = LOOKS[-1]
MOST_BLOCKS = 2 * CAP  # a run never makes more than twice its cap (dropped blocks included)
DELTA = math.log1p(DEFAULT_DELTA)  # δ = 2 % on the log scale
SPREAD = 0.05  # one measurement's log spread: a block contrast of 0.071, the quiet lab's 0.073
PRESSURE_LEVEL = 0.30  # the shared lab's I/O pressure at rest ("some" share)
PRESSURE_JITTER = 0.03
OUTSIDE_LEVEL, OUTSIDE_JITTER = 0.5, 0.3  # MiB/s other processes read or write at rest (log, cron)
TURN_SECONDS = 10.0
SEED = 20_261_127
STUDIES = 20_000

CLAIMS = np.array([position.excludes_zero for position in CODES])  # better, worse or probably either
DECIDED = np.array([position.decided for position in CODES])  # beyond or inside ±δ: the study stops
BETTER = np.array([position == Position.BEYOND_UP for position in CODES])  # "better" (higher is better)


@dataclass
class Outcome:
    """What one scenario's studies did."""

    hits: int  # studies that broke the promise
    studies: int
    reached_cap_look: float | None = None  # share of studies that ended at the last look
    dropped_median: float | None = None  # dropped blocks per study, median
    extra: str = ""


@dataclass(frozen=True)
class Scenario:
    name: str
    key: str
    counts: str  # what a hit is: "any false claim", "better", …
    promise: float  # one-sided: the interval's upper end must not exceed it
    run: Callable[[np.random.Generator, int], Outcome]


# --- the real code, in the loop ------------------------------------------------------------------------


def orders(rng: np.random.Generator, studies: int, configs: int, blocks: int = MOST_BLOCKS) -> np.ndarray:
    """studies × blocks × configs: the position each configuration takes in each block, as the
    plan orders them (``fstune.plan.block_order``), each study with a seed of its own as each run
    draws one."""
    from fstune.plan import ORDER_SEED_LIMIT, block_order

    out = np.empty((studies, blocks, configs), dtype=np.int64)
    seeds = rng.integers(ORDER_SEED_LIMIT, size=studies)
    for study in range(studies):
        for number in range(blocks):
            out[study, number, list(block_order(configs, number + 1, int(seeds[study])))] = np.arange(configs)
    return out


def kept_blocks(outside: np.ndarray, pressure: np.ndarray, blocks: int = CAP) -> tuple[np.ndarray, np.ndarray]:
    """Which blocks each study keeps (studies × MOST_BLOCKS bool, at most ``blocks`` kept) and how
    many it dropped, running the declared rule block after block on each turn's host conditions
    as ``Measurement`` records them: ``outside`` the MiB/s processes outside the run read or wrote,
    ``pressure`` the I/O pressure share (studies × blocks × configs each); 10 s per turn."""
    studies = outside.shape[0]
    keep = np.zeros((studies, MOST_BLOCKS), dtype=bool)
    dropped_count = np.zeros(studies, dtype=int)
    limit = drop_limit(CAP)
    for study in range(studies):
        hosts: dict[int, list[dict]] = {}
        dropped: dict[int, str] = {}
        kept = 0
        for block in range(MOST_BLOCKS):
            if kept >= blocks:
                break
            hosts[block + 1] = [{"seconds": TURN_SECONDS, "io_some": {"share": float(share)},
                                 "outside_io": {"bytes": float(rate) * TURN_SECONDS * 2**20, "top": []}}
                                for rate, share in zip(outside[study, block], pressure[study, block])]
            call = outside_drop(hosts, dropped, block + 1, limit)
            if call is not None and call.drop:
                dropped[block + 1] = call.reason
            else:
                keep[study, block] = True
                kept += 1
        dropped_count[study] = len(dropped)
    return keep, dropped_count


def judge(contrasts: np.ndarray, keep: np.ndarray | None, variants: int) -> tuple[np.ndarray, np.ndarray]:
    """Verdict codes and the look each study ended at (−1: no look), from the kept blocks' contrasts
    (studies × MOST_BLOCKS), judged as the run judges them."""
    schedule: LookSchedule = comparison_schedule({"looks": list(LOOKS)}, variants)
    return judge_with(contrasts, keep, schedule)


def judge_with(contrasts: np.ndarray, keep: np.ndarray | None, schedule: LookSchedule, floors: np.ndarray | None = None):
    studies = contrasts.shape[0]
    if keep is None:
        if floors is not None:  # each study's floor for correlated blocks, from its device's earlier runs
            from fstune.stats.paired import lag1_inflations

            batch = decide_batch(contrasts[:, :CAP], schedule, DELTA,
                                 widening=lambda part: lag1_inflations(part, floors))
        else:
            batch = decide_batch(contrasts[:, :CAP], schedule, DELTA)
        return batch.code, batch.look_index
    code = np.full(studies, CODES.index(Position.WIDE), dtype=np.int8)
    look = np.full(studies, -1, dtype=np.int16)
    counts = keep.sum(axis=1)
    for count in np.unique(counts):
        rows = np.flatnonzero(counts == count)
        if count < LOOKS[0]:
            continue
        picked = np.stack([contrasts[row, keep[row]] for row in rows])
        batch = decide_batch(picked, schedule, DELTA)
        code[rows], look[rows] = batch.code, batch.look_index
    return code, look


# --- measurements -------------------------------------------------------------------------------------


def gaussian(rng, studies, configs):
    return SPREAD * rng.standard_normal((studies, MOST_BLOCKS, configs))


def contrasts_of(values: np.ndarray, variant: int = 1, reference: int = 0) -> np.ndarray:
    return values[:, :, variant] - values[:, :, reference]


def quiet_pressure(rng, studies, configs):
    return PRESSURE_LEVEL + PRESSURE_JITTER * rng.standard_normal((studies, MOST_BLOCKS, configs))


def quiet_outside(rng, studies, configs):
    return np.abs(OUTSIDE_LEVEL + OUTSIDE_JITTER * rng.standard_normal((studies, MOST_BLOCKS, configs)))


def any_claim(code) -> np.ndarray:
    return CLAIMS[code]


def outcome(hits, studies, look=None, dropped=None, extra="") -> Outcome:
    return Outcome(int(np.sum(hits)), studies, None if look is None else float(np.mean(look == len(LOOKS) - 1)),
                   None if dropped is None else float(np.median(dropped)), extra)


# --- scenarios ----------------------------------------------------------------------------------------


def aa_gaussian(rng, studies):
    values = gaussian(rng, studies, 2)
    code, look = judge(contrasts_of(values), None, 1)
    return outcome(any_claim(code), studies, look)


def aa_heavy(rng, studies):
    """t3 noise scaled to the same spread, and 2 % of measurements slowed by 5 spreads."""
    draws = rng.standard_t(3.0, size=(studies, MOST_BLOCKS, 2)) / math.sqrt(3.0)
    values = SPREAD * draws - np.where(rng.random(draws.shape) < 0.02, 5 * SPREAD, 0.0)
    code, look = judge(contrasts_of(values), None, 1)
    return outcome(any_claim(code), studies, look)


_REAL: dict[str, np.ndarray] = {}


def real_contrasts(kind: str) -> np.ndarray:
    """Block contrasts ln(variant) − ln(baseline) of the runs kept in bench/runs/, each run's mean
    taken out (so resampling them is an A/A study with the real shape): "aa" the A/A bundles,
    "effects" the data=journal and nodelalloc ones (their stalls make them skewed)."""
    if kind not in _REAL:
        sys.path.insert(0, str(ROOT / "bench"))
        from recompute_aa import primary_blocks

        names = {"aa": ("aa-quiet", "aa-loaded"), "effects": ("effect-data-journal", "effect-nodelalloc")}[kind]
        found = []
        for record, blocks in primary_blocks(names):
            variant = next(c.name for c in record.configs if c.name != record.baseline)
            pairs = [math.log(blocks[b][variant][1]) - math.log(blocks[b][record.baseline][1])
                     for b in sorted(blocks) if record.baseline in blocks[b] and variant in blocks[b]
                     and blocks[b][variant][1] > 0 and blocks[b][record.baseline][1] > 0]
            if len(pairs) >= 3:
                mean = sum(pairs) / len(pairs)
                found += [value - mean for value in pairs]
        _REAL[kind] = np.asarray(found)
    return _REAL[kind]


def resampled(kind: str):
    def run(rng, studies):
        pool = real_contrasts(kind)
        contrasts = rng.choice(pool, size=(studies, MOST_BLOCKS))
        code, look = judge(contrasts, None, 1)
        skew = float(np.mean((pool - pool.mean()) ** 3) / pool.std() ** 3)
        return outcome(any_claim(code), studies, look, extra=f"{pool.size} blocks, sd {pool.std():.3f}, skew {skew:+.2f}")
    return run


STALL_SHARE, STALL_SPREADS = 0.10, 4.0  # skew −1.2 of the contrast, as data=journal's


def skewed_at_delta(rng, studies):
    """The variant's true mean change is exactly +δ, but it stalls in 10 % of blocks (its contrast
    skewed −1.2): "better" must stay within the 2.5 % one direction has."""
    sd = SPREAD * math.sqrt(2)
    stall = STALL_SPREADS * sd * (rng.random((studies, MOST_BLOCKS)) < STALL_SHARE)
    contrasts = DELTA + STALL_SHARE * STALL_SPREADS * sd + sd * rng.standard_normal((studies, MOST_BLOCKS)) - stall
    code, look = judge(contrasts, None, 1)
    return outcome(BETTER[code], studies, look)


def own_stalls(rng, studies):
    """The variant is truly −2.7 % (its mean log change); in 15 % of its turns its own I/O stalls
    (−40 %) and the pressure of that turn rises by 50 points. No one outside the run did anything."""
    values = gaussian(rng, studies, 2)
    stalls = rng.random((studies, MOST_BLOCKS)) < 0.15
    values[:, :, 1] += np.where(stalls, math.log(0.6), 0.0) + (math.log(0.973) - 0.15 * math.log(0.6))
    pressure = quiet_pressure(rng, studies, 2)
    pressure[:, :, 1] += np.where(stalls, 0.50, 0.0)
    keep, dropped = kept_blocks(quiet_outside(rng, studies, 2), pressure)
    code, look = judge(contrasts_of(values), keep, 1)
    return outcome(BETTER[code], studies, look, dropped)


def outside_spikes(rng, studies):
    """A/A; in 10 % of blocks a job outside the run writes 30 MiB/s, adds 40 points of I/O pressure
    and slows both configurations' turns by 10 % (the drop rule's own case)."""
    values = gaussian(rng, studies, 2)
    hit = rng.random((studies, MOST_BLOCKS)) < 0.10
    values += np.where(hit, math.log(0.9), 0.0)[:, :, None]
    pressure = quiet_pressure(rng, studies, 2) + np.where(hit, 0.40, 0.0)[:, :, None]
    outside = quiet_outside(rng, studies, 2) + np.where(hit, 30.0, 0.0)[:, :, None]
    keep, dropped = kept_blocks(outside, pressure)
    code, look = judge(contrasts_of(values), keep, 1)
    return outcome(any_claim(code), studies, look, dropped)


def level_shift(rng, studies):
    """A/A; from block 8 on, a lasting job outside the run writes 30 MiB/s, adds 30 points of I/O
    pressure and slows everything by 10 %. The run must still take its looks and decide (or say it
    cannot)."""
    values = gaussian(rng, studies, 2)
    values[:, 7:, :] += math.log(0.9)
    pressure = quiet_pressure(rng, studies, 2)
    pressure[:, 7:, :] += 0.30
    outside = quiet_outside(rng, studies, 2)
    outside[:, 7:, :] += 30.0
    keep, dropped = kept_blocks(outside, pressure)
    code, look = judge(contrasts_of(values), keep, 1)
    # a study that neither decided at a look nor reached its last look had looks that never happened
    unfinished = (look != len(LOOKS) - 1) & ~DECIDED[code]
    return outcome(any_claim(code) | unfinished, studies, look, dropped,
                   extra=f"false claims {np.mean(any_claim(code)):.2%}, looks never taken {np.mean(unfinished):.2%}")


def periodic(low: float, high: float):
    """A/A; a neighbour's job slows the machine 15 % for half of every period (period drawn per study
    in [low, high] blocks, random phase); each turn is slowed by the share of it the job overlaps."""
    def run(rng, studies):
        configs = 2
        values = gaussian(rng, studies, configs)
        position = orders(rng, studies, configs)
        # a turn's time span in blocks: [block + position/configs, block + (position+1)/configs)
        start = np.arange(MOST_BLOCKS)[None, :, None] + position / configs
        period = rng.uniform(low, high, size=(studies, 1, 1))
        phase = rng.uniform(0, 1, size=(studies, 1, 1))
        steps = 16
        inside = np.zeros(values.shape)
        for step in range(steps):
            t = start + (step + 0.5) / (steps * configs)
            inside += ((t / period + phase) % 1.0) < 0.5
        values += math.log(0.85) * inside / steps
        code, look = judge(contrasts_of(values), None, 1)
        return outcome(any_claim(code), studies, look)
    return run


AR_LAG1 = 0.29  # the nodelalloc runs' lag-1 correlation of consecutive contrasts
EARLIER_RUNS = 3  # stored runs of 15 blocks on the same device before the run (the floor's source)


def ar_contrasts(rng, shape, r: float = AR_LAG1) -> np.ndarray:
    """Contrasts whose consecutive blocks are correlated (AR(1), lag-1 ``r``), unit spread; the last
    axis is the blocks."""
    shocks = rng.standard_normal(shape)
    contrasts = np.empty_like(shocks)
    contrasts[..., 0] = shocks[..., 0]
    for block in range(1, shape[-1]):
        contrasts[..., block] = r * contrasts[..., block - 1] + math.sqrt(1 - r**2) * shocks[..., block]
    return contrasts


def earlier_floors(rng, studies: int, r: float) -> np.ndarray:
    """Each study's floor for correlated blocks, as a run reads it from the stored runs on its
    device (``paired.lag1_floor``, what ``history.earlier_lag1_floor`` pools): ``EARLIER_RUNS``
    earlier runs of 15 blocks with the same correlation ``r``."""
    from fstune.stats.paired import lag1_floor

    earlier = ar_contrasts(rng, (studies, EARLIER_RUNS, CAP), r)
    return np.array([lag1_floor(list(runs)).floor for runs in earlier])


FIRST, EARLIER, OWN = "first run", "earlier runs", "own blocks"  # where a run's floor for correlated blocks comes from


def floors_for(rng, studies: int, r: float, source: str) -> np.ndarray | None:
    """Each study's floor for correlated blocks: from ``EARLIER_RUNS`` stored runs on its device
    (``earlier_floors``), the declared first-run floor a device without them gets since
    paired-gs-obf/4 (``paired.first_run_floor``, what ``history.run_lag1_floor`` gives it), or none
    at all (``OWN``: the run's own blocks alone, as /3 judged a first run)."""
    from fstune.stats.paired import first_run_floor

    if source == EARLIER:
        return earlier_floors(rng, studies, r)
    if source == FIRST:
        return np.full(studies, first_run_floor().floor)
    return None


def autocorrelated(source: str):
    """A/A; consecutive blocks' contrasts correlated (AR(1), lag-1 r = +0.29), same spread; the floor
    from three stored runs on the device, the first-run floor, or the run's own blocks alone."""
    def run(rng, studies):
        contrasts = SPREAD * math.sqrt(2) * ar_contrasts(rng, (studies, MOST_BLOCKS))
        floors = floors_for(rng, studies, AR_LAG1, source)
        schedule = comparison_schedule({"looks": list(LOOKS)}, 1)
        code, look = judge_with(contrasts, None, schedule, floors)
        found = outcome(any_claim(code), studies, look)
        if source == OWN:  # described, not a promise: the rate /3 gave a run without earlier runs
            found.extra = f"any false claim {found.hits / studies:.2%}"
        elif source == EARLIER:
            found.extra = f"floor median {np.median(floors):.2f}"
        else:
            found.extra = f"floor {floors[0]:.2f}"
        return found
    return run


def floor_power(r: float, source: str, change: float = 0.10):
    """Not an error rate: "better" for a true ``change`` with blocks correlated at ``r``, the floor
    from ``source`` (what the floor costs or saves)."""
    def run(rng, studies):
        contrasts = math.log1p(change) + SPREAD * math.sqrt(2) * ar_contrasts(rng, (studies, MOST_BLOCKS), r)
        floors = floors_for(rng, studies, r, source)
        code, look = judge_with(contrasts, None, comparison_schedule({"looks": list(LOOKS)}, 1), floors)
        better = int(BETTER[code].sum())
        return Outcome(better, studies, extra=f"better for a true +{change:.0%} {better / studies:.1%} in "
                                              f"{np.asarray(LOOKS)[look].mean():.1f} blocks")
    return run


def identical(configs: int, every_pair: bool):
    """``configs`` identical configurations (the first the baseline); any false claim among the
    comparisons shown with a verdict: each variant against the baseline, or every pair (the pair
    table), where ``blocked.in_budget`` says which pairs get a verdict at all."""
    from itertools import combinations

    from fstune.results.blocked import in_budget

    def run(rng, studies):
        values = gaussian(rng, studies, configs)
        names = [str(index) for index in range(configs)]
        pairs = list(combinations(range(configs), 2)) if every_pair else [(0, j) for j in range(1, configs)]
        judged = [(a, b) for a, b in pairs if in_budget(names[0], names[a], names[b])]
        hits = np.zeros(studies, dtype=bool)
        for reference, other in judged:
            code, _look = judge(contrasts_of(values, other, reference), None, configs - 1)
            hits |= any_claim(code)
        return outcome(hits, studies, extra=f"{len(judged)} of {len(pairs)} pairs judged")
    return run


ADJUSTED_AT_MOST = 1000  # early stops whose adjusted estimate is worked out (each takes milliseconds)


def early_stop_bias(true_change: float):
    """Not an error rate: the change shown after a "better" before the cap, against the truth —
    the raw mean, and the estimate adjusted for stopping early (``sequential.early_stop_estimate``)."""
    def run(rng, studies):
        from fstune.stats.sequential import early_stop_estimate

        sd = 0.05 * math.sqrt(2)
        contrasts = math.log1p(true_change) + sd * rng.standard_normal((studies, MOST_BLOCKS))
        schedule = comparison_schedule({"looks": list(LOOKS)}, 1)
        batch = decide_batch(contrasts[:, :CAP], schedule, DELTA)
        early = np.flatnonzero((batch.look_index < len(LOOKS) - 1) & batch.stopped & BETTER[batch.code])
        if not early.size:
            return Outcome(0, studies, extra=f"true {true_change:+.1%}: no early better")
        shown = np.expm1(batch.estimate[early]).mean()
        some = early[:ADJUSTED_AT_MOST]
        adjusted = np.expm1([early_stop_estimate(contrasts[i, :CAP].tolist(), schedule, DELTA) for i in some])
        return Outcome(int(early.size), studies, extra=f"true {true_change:+.1%}: shown after a better before the cap "
                                                       f"{shown:+.1%} on average ({early.size} studies), adjusted for "
                                                       f"the early stop {np.mean(adjusted):+.1%} (median "
                                                       f"{np.median(adjusted):+.1%}, {some.size} studies)")
    return run


def drift_power(total_spreads: float):
    """Not an error rate: how often the drift check (``drift.drift_report``, as a run's verdict
    runs it) finds the contrast trending when the change moves linearly by ``total_spreads``
    spreads of one block's contrast over the 15 blocks (0: how often it finds a trend that is not there)."""
    def run(rng, studies):
        from fstune.stats.drift import drift_report

        values = gaussian(rng, studies, 2)[:, :CAP]
        sd = SPREAD * math.sqrt(2)
        values[:, :, 1] += total_spreads * sd * np.linspace(0, 1, CAP)[None, :]
        found = 0
        for study in range(studies):
            base, other = values[study, :, 0], values[study, :, 1]
            report = drift_report({"baseline": base.tolist(), "variant": other.tolist()}, (other - base).tolist())
            found += any(check.series == "contrast" and check.drifting for check in report.checks)
        return Outcome(found, studies, extra=f"the contrast moving by {total_spreads:g} spreads over {CAP} blocks: "
                                             f"the drift check finds it in {found / studies:.1%}")
    return run


SCENARIOS = [
    Scenario("A/A, Gaussian noise", "aa-gaussian", "any false claim", 0.05, aa_gaussian),
    Scenario("A/A, the bench's A/A contrasts resampled", "aa-real", "any false claim", 0.05, resampled("aa")),
    Scenario("A/A, data=journal and nodelalloc residuals resampled", "aa-real-effects", "any false claim", 0.05,
             resampled("effects")),
    Scenario("A/A, heavy tails (t3, 2 % slowed by 5 spreads)", "aa-heavy", "any false claim", 0.05, aa_heavy),
    Scenario("true change exactly +δ, variant stalls in 10 % of blocks (skew −1.2)", "skewed-delta", "better",
             0.025, skewed_at_delta),
    Scenario("variant truly −2.7 %, its own stalls (−40 %, 15 % of turns) raise the pressure", "own-stalls",
             "better", 0.025, own_stalls),
    Scenario("A/A, outside pressure spikes (+40 points, −10 %) in 10 % of blocks", "outside-spikes",
             "any false claim", 0.05, outside_spikes),
    Scenario("A/A, a lasting +30-point pressure step at block 8", "level-shift",
             "false claim, or the last look never taken", 0.05, level_shift),
    Scenario("A/A, a neighbour every ≈2 blocks (1.9–2.1) slowing 15 %", "periodic-2", "any false claim", 0.05,
             periodic(1.9, 2.1)),
    Scenario("A/A, a neighbour with a period anywhere in 1–3 blocks", "periodic-1-3", "any false claim", 0.05,
             periodic(1.0, 3.0)),
    Scenario("A/A, autocorrelated blocks (lag-1 r = +0.29), three earlier runs on the device", "autocorrelated",
             "any false claim", 0.05, autocorrelated(EARLIER)),
    Scenario("A/A, autocorrelated blocks (lag-1 r = +0.29), a first run on the device", "first-run-correlated",
             "any false claim", 0.05, autocorrelated(FIRST)),
    Scenario("3 identical configurations, each variant against the baseline", "identical-3", "any false claim",
             0.05, identical(3, False)),
    Scenario("3 identical configurations, every pair shown", "identical-3-pairs", "any false pair", 0.05,
             identical(3, True)),
    Scenario("4 identical configurations, every pair shown", "identical-4-pairs", "any false pair", 0.05,
             identical(4, True)),
]

DESCRIBED = [
    Scenario("A/A, autocorrelated blocks (lag-1 r = +0.29), the run's own blocks alone (/3's first run)",
             "autocorrelated-alone", "described", 1.0, autocorrelated(OWN)),
    Scenario("power, independent blocks, the run's own blocks alone (/3's first run)", "power-alone", "described",
             1.0, floor_power(0.0, OWN)),
    Scenario("power, independent blocks, a first run (the declared floor)", "power-first", "described", 1.0,
             floor_power(0.0, FIRST)),
    Scenario("power at +6 %, independent blocks, the run's own blocks alone (/3's first run)", "power6-alone",
             "described", 1.0, floor_power(0.0, OWN, 0.06)),
    Scenario("power at +6 %, independent blocks, a first run (the declared floor)", "power6-first", "described",
             1.0, floor_power(0.0, FIRST, 0.06)),
    Scenario("power, independent blocks, three earlier runs", "power-floor", "described", 1.0,
             floor_power(0.0, EARLIER)),
    Scenario("power, blocks correlated at +0.29, three earlier runs", "power-floor-correlated", "described", 1.0,
             floor_power(AR_LAG1, EARLIER)),
    Scenario("power, blocks correlated at +0.29, a first run", "power-first-correlated", "described", 1.0,
             floor_power(AR_LAG1, FIRST)),
    Scenario("estimate after an early stop, true +10 %", "early-10", "described", 1.0, early_stop_bias(0.10)),
    Scenario("estimate after an early stop, true +30 %", "early-30", "described", 1.0, early_stop_bias(0.30)),
    Scenario("drift check, no drift", "drift-0", "described", 1.0, drift_power(0.0)),
    Scenario("drift check, a drift of 1 spread", "drift-1", "described", 1.0, drift_power(1.0)),
    Scenario("drift check, a drift of 2 spreads", "drift-2", "described", 1.0, drift_power(2.0)),
]


def clopper_pearson(hits: int, n: int, level: float = 0.95) -> tuple[float, float]:
    from scipy import stats

    tail = (1 - level) / 2
    low = 0.0 if hits == 0 else float(stats.beta.ppf(tail, hits, n - hits + 1))
    high = 1.0 if hits == n else float(stats.beta.ppf(1 - tail, hits + 1, n - hits))
    return low, high


@dataclass
class Row:
    scenario: Scenario
    outcome: Outcome
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.outcome.hits / self.outcome.studies

    @property
    def holds(self) -> bool:
        return self.high <= self.scenario.promise

    def line(self) -> str:
        o = self.outcome
        if self.scenario.counts == "described":
            return f"{self.scenario.name}: {o.extra}"
        text = (f"{self.scenario.name}: {self.scenario.counts} {self.rate:.2%} [{self.low:.2%}, {self.high:.2%}] "
                f"of {o.studies} (promise ≤ {self.scenario.promise:.1%}: {'holds' if self.holds else 'BROKEN'})")
        if o.dropped_median is not None:
            text += f"; dropped blocks median {o.dropped_median:g}"
        if o.reached_cap_look is not None and o.dropped_median is not None:
            text += f"; ended at the last look {o.reached_cap_look:.1%}"
        if o.extra:
            text += f"; {o.extra}"
        return text


def run_scenario(scenario: Scenario, studies: int, seed: int = SEED) -> Row:
    rng = np.random.default_rng([seed, sum(map(ord, scenario.key))])
    found = scenario.run(rng, studies)
    low, high = clopper_pearson(found.hits, found.studies)
    return Row(scenario, found, low, high)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--studies", type=int, default=STUDIES, help="studies per scenario (default 20000)")
    parser.add_argument("--only", action="append", default=[],
                        help="run the scenarios whose key starts with this (repeatable); keys: "
                             + ", ".join(s.key for s in SCENARIOS + DESCRIBED))
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    chosen = [s for s in SCENARIOS + DESCRIBED if not args.only or any(s.key.startswith(o) for o in args.only)]
    if not chosen:
        parser.error("no scenario matches --only")
    broken = 0
    for scenario in chosen:
        started = time.monotonic()
        row = run_scenario(scenario, args.studies, args.seed)
        broken += scenario.counts != "described" and not row.holds
        print(f"{row.line()}  ({time.monotonic() - started:.0f} s)", flush=True)
    print(f"{broken} of {sum(s.counts != 'described' for s in chosen)} promises broken")
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
