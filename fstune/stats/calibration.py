"""Calibrating the group-sequential boundaries by simulation, and the script that writes the table.

Why simulate (docs/verdicts.md, "Calibration"): the textbook O'Brien–Fleming boundaries are for
a normal statistic with known variance. fstune's looks come after 5, 10 and 15 blocks, and each
look estimates the noise from those few blocks, so its statistic is a t statistic with 4, 9 or 14
degrees of freedom, and the looks share blocks, so they are correlated. The joint law of
(|T_1|, …, |T_K|) has no closed form worth trusting here, but it is free of the true change and
of the noise's size, so one simulation serves every metric: draw many studies of iid noise,
compute each look's |t|, and choose the critical values c_1 < … so that the share of studies
whose |t| first exceeds its look's value by look k equals the alpha spent by then:

    alpha(t) = 2 − 2 Φ(z_{1−alpha/2} / √t),   t = blocks at the look / blocks at the cap

(Lan and DeMets' spending function of O'Brien–Fleming type, two-sided). c_k is chosen with the
cumulative target, so Monte Carlo error in earlier looks does not pile up. Each value comes with
its Monte Carlo standard error (binomial error of the crossing share divided by the density of
|t| at the cut).

The design spends ``SPEND`` of each level, not all of it (4 % of the 5 %): the reference noise
is the lightest-tailed shape the design meets, and what it was not calibrated on (a neighbour's
job that lands on one side, identical variants, an outside spike) costs a few tenths of a point,
which must stay within the promise (docs/verdicts.md, "Calibration"). Each look's statistic
widens the noise's spread for correlated blocks (``paired.lag1_inflations``) exactly as
``sequential.decide_batch`` does, so independent blocks lose nothing in the false-claim rate.

Regenerate the table after changing anything here (a few minutes):

    .venv/bin/python -m fstune.stats.calibration --write
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist

# The reference noise for one block's contrast: independent Gaussian blocks. A t statistic is
# conservative under heavier tails, so Gaussian noise is where its false-claim rate is highest;
# paired-gs-obf/1 calibrated on t5 noise and gave 5.4 % on Gaussian noise (docs/verdicts.md,
# "Calibration").
REFERENCE = "independent Gaussian contrasts, lag-1 widening in place"
# the share of each level the limits spend: 4 % of the 5 % (docs/verdicts.md, "Calibration")
SPEND = 0.8
TABLE_PATHS = 4_000_000
TABLE_SEED = 20_240_601
FIRST_LOOK_FACTOR = 10  # the first look is calibrated on ten times as many (short) studies
ON_DEMAND_PATHS = 400_000  # a schedule missing from the table is calibrated when first used
TABLE_FILE = Path(__file__).with_name("boundary_table.py")
# the schedules and alpha levels the table holds: the default looks, and the levels Holm uses
# for up to five secondary metrics when one to three variants share the 5 % (0.05/(m·k),
# fstune/results/blocked.py), so that showing a run never waits for a calibration
TABLE_SCHEDULES = ((5, 10, 15), (5, 10, 15, 20), (4, 8, 12), (6, 12, 18), (5, 10))
TABLE_ALPHAS = (0.05, 0.025, 0.05 / 3, 0.0125, 0.01, 0.05 / 6, 0.05 / 7, 0.00625, 0.05 / 9, 0.005, 0.05 / 12,
                0.05 / 15)


def obf_cumulative_alpha(fractions: tuple[float, ...], alpha: float) -> tuple[float, ...]:
    """Alpha spent by each look: Lan–DeMets' O'Brien–Fleming-type function, two-sided."""
    normal = NormalDist()
    z = normal.inv_cdf(1.0 - alpha / 2.0)
    return tuple(min(alpha, 2.0 - 2.0 * normal.cdf(z / math.sqrt(t))) if t > 0 else 0.0 for t in fractions)


@dataclass(frozen=True)
class Calibration:
    looks: tuple[int, ...]
    alpha: float
    critical: tuple[float, ...]  # |t| must exceed critical[k] at look k
    standard_errors: tuple[float, ...]  # Monte Carlo standard error of each critical value
    paths: int
    seed: int
    reference: str = REFERENCE


def reference_contrasts(rng, paths: int, blocks: int):
    """``paths`` studies of ``blocks`` contrasts drawn from the reference noise."""
    return rng.standard_normal((paths, blocks))


def spent(alpha: float) -> float:
    """The part of a level the limits spend (``SPEND``)."""
    return SPEND * alpha


def look_statistics(contrasts, looks: tuple[int, ...]):
    """|mean| / (sd·√inflation/√n) at each look, one row per study (numpy array, paths × looks):
    the statistic ``sequential.decide_batch`` compares with the limits."""
    import numpy as np

    from fstune.stats.paired import lag1_inflations

    stats = np.empty((contrasts.shape[0], len(looks)))
    for index, n in enumerate(looks):
        block = contrasts[:, :n]
        spread = block.std(axis=1, ddof=1) * np.sqrt(lag1_inflations(block))
        stats[:, index] = np.abs(block.mean(axis=1)) / (spread / math.sqrt(n))
    return stats


def simulate_statistics(looks: tuple[int, ...], paths: int, seed: int, chunk: int = 250_000):
    """|t| at every look for ``paths`` reference studies (paths × looks)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    parts = []
    for start in range(0, paths, chunk):
        parts.append(look_statistics(reference_contrasts(rng, min(chunk, paths - start), looks[-1]), looks))
    return np.concatenate(parts)


def first_look_critical(looks: tuple[int, ...], alphas: tuple[float, ...], paths: int, seed: int,
                        chunk: int = 1_000_000) -> dict[float, tuple[float, float]]:
    """The first look's critical value per alpha, from ``paths`` studies of that look's blocks only.

    The first look spends very little (0.04 % at 5 of 15 blocks, 0.0004 % for alpha = 0.01), so
    its cut needs many more studies than the later looks; it needs only the first blocks, which
    makes them cheap. Only the largest values are kept (enough for the smallest spend).
    """
    import numpy as np

    rng = np.random.default_rng(seed + 1)
    spends = {alpha: obf_cumulative_alpha((looks[0] / looks[-1],), spent(alpha))[0] for alpha in alphas}
    keep = max(64, int(max(spends.values()) * paths * 4))
    top = np.empty(0)
    for start in range(0, paths, chunk):
        stats = look_statistics(reference_contrasts(rng, min(chunk, paths - start), looks[0]), looks[:1])[:, 0]
        top = np.sort(np.concatenate([top, np.partition(stats, -min(keep, stats.size))[-keep:]]))[-keep:]
    result = {}
    for alpha, spend in spends.items():
        wanted = int(round(spend * paths))
        if wanted <= 0 or wanted >= top.size:
            result[alpha] = (math.inf, 0.0) if wanted <= 0 else (float(top[0]), math.inf)
            continue
        value = float((top[-wanted - 1] + top[-wanted]) / 2.0)
        result[alpha] = (value, _standard_error(top, value, spend, paths))
    return result


def critical_values(statistics, looks: tuple[int, ...], alpha: float, first: tuple[float, float] | None = None
                    ) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The critical values that spend ``spent(alpha)`` as planned over ``statistics`` (paths × looks), and
    their Monte Carlo standard errors; ``first`` is the first look's (value, error) when it was
    worked out on more studies."""
    import numpy as np

    paths = statistics.shape[0]
    targets = obf_cumulative_alpha(tuple(n / looks[-1] for n in looks), spent(alpha))
    crossed = np.zeros(paths, dtype=bool)
    values, errors = [], []
    for index, target in enumerate(targets):
        survivors = np.sort(statistics[~crossed, index])
        wanted = int(round(target * paths)) - int(crossed.sum())  # crossings this look must add
        if index == 0 and first is not None:
            value, error = first
            values.append(value)
            errors.append(error)
            crossed |= statistics[:, index] > value
            continue
        if wanted <= 0:
            value = math.inf
        elif wanted >= survivors.size:
            value = 0.0
        else:  # exactly `wanted` survivors lie above the midpoint of the two order statistics
            value = float((survivors[-wanted - 1] + survivors[-wanted]) / 2.0)
        values.append(value)
        errors.append(_standard_error(survivors, value, target, paths))
        crossed |= statistics[:, index] > value
    return tuple(values), tuple(errors)


def _standard_error(survivors, value: float, target: float, paths: int) -> float:
    """Binomial error of the crossing share, over the density of |t| at the cut."""
    import numpy as np

    if not math.isfinite(value) or value == 0.0:
        return 0.0
    width = 0.05 * value
    within = np.count_nonzero((survivors > value - width) & (survivors <= value + width))
    density = within / (2.0 * width * paths)
    if density == 0:
        return math.inf
    return math.sqrt(target * (1.0 - target) / paths) / density


def calibrate(looks: tuple[int, ...], alphas: tuple[float, ...], paths: int = ON_DEMAND_PATHS,
              seed: int = TABLE_SEED) -> dict[float, Calibration]:
    """Critical values for one schedule at each alpha level (one simulation serves them all)."""
    statistics = simulate_statistics(looks, paths, seed)
    firsts = first_look_critical(looks, alphas, FIRST_LOOK_FACTOR * paths, seed)
    result = {}
    for alpha in alphas:
        values, errors = critical_values(statistics, looks, alpha, firsts[alpha])
        result[alpha] = Calibration(tuple(looks), alpha, values, errors, paths, seed)
    return result


def _number(value: float) -> str:
    return "inf" if value == math.inf else f"{value:.4f}"


def table_source(calibrations: list[Calibration], paths: int = TABLE_PATHS) -> str:
    lines = [
        '"""Critical values of the group-sequential design: generated, do not edit.',
        "",
        "Made by `python -m fstune.stats.calibration --write` (see that module and docs/verdicts.md).",
        f"Reference noise: {REFERENCE}; each level spends {SPEND:g} of itself; {paths:,} simulated studies "
        f"({FIRST_LOOK_FACTOR * paths:,} for the first look), seed {TABLE_SEED}.",
        '"""',
        "",
        *(["from math import inf", ""] if any(math.inf in c.critical + c.standard_errors for c in calibrations) else []),
        f"REFERENCE = {REFERENCE!r}",
        f"SPEND = {SPEND!r}",
        f"PATHS = {paths}",
        f"SEED = {TABLE_SEED}",
        "",
        "# (looks, alpha) -> (critical |t| per look, Monte Carlo standard error per look)",
        "TABLE = {",
    ]
    for item in calibrations:
        values = ", ".join(map(_number, item.critical))
        errors = ", ".join(map(_number, item.standard_errors))
        lines.append(f"    ({item.looks!r}, {item.alpha!r}): (({values},), ({errors},)),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Calibrate the group-sequential boundaries by simulation.")
    parser.add_argument("--write", action="store_true", help=f"write {TABLE_FILE.name} (else print it)")
    parser.add_argument("--paths", type=int, default=TABLE_PATHS)
    args = parser.parse_args(argv)
    calibrations = []
    for looks in TABLE_SCHEDULES:
        calibrations += calibrate(looks, TABLE_ALPHAS, paths=args.paths, seed=TABLE_SEED).values()
        print(f"calibrated looks {looks}", file=sys.stderr)
    source = table_source(calibrations, args.paths)
    if args.write:
        TABLE_FILE.write_text(source)
        print(f"wrote {TABLE_FILE}", file=sys.stderr)
    else:
        print(source)
    return 0


if __name__ == "__main__":
    sys.exit(main())
