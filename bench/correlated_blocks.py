"""Which widening for correlated blocks: the options compared, each calibrated as the method is.

When consecutive blocks err alike (lag-1 r = +0.29 in the nodelalloc runs), the mean's variance
is larger than sd²/n and a plain t interval is too narrow (docs/verdicts.md, "Correlated
blocks"). Each option below widens the interval by a factor read from the run's own contrasts;
each gets limits calibrated on independent Gaussian blocks with that factor in place, at the
method's spend (``calibration.SPEND``), so all of them keep the same rate on independent blocks
and differ only in what they do elsewhere. Every study goes through ``sequential.decide_batch``
with the option's widening and limits:

    nice -n 19 .venv/bin/python bench/correlated_blocks.py             # 20,000 studies a row
    nice -n 19 .venv/bin/python bench/correlated_blocks.py --studies 4000 --only lag1+1/n

Rows: A/A with independent Gaussian blocks, A/A with AR(1) blocks (r = +0.29), A/A with the
stress bench's neighbour of period 1–3 blocks (its lag-1 correlation is negative), and the
share of studies saying "better" for a true +4, +6 and +10 % (one block's contrast spread
0.071, δ = 2 %, as in bench/stress_verdicts.py).
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import stress_verdicts as stress  # noqa: E402
from fstune.stats import calibration, paired, sequential  # noqa: E402

LOOKS = stress.LOOKS
ALPHA = 0.05
SEED = 20_261_128
CALIBRATION_PATHS = 400_000  # 4,000,000 for the first look, which spends little


def _lag1(data):
    centred = data - data.mean(axis=1, keepdims=True)
    square = (centred * centred).sum(axis=1)
    return np.where(square > 0, (centred[:, 1:] * centred[:, :-1]).sum(axis=1) / np.where(square > 0, square, 1), 0)


def independent(data):
    return np.ones(data.shape[0])


def lag1_plain(data):
    r = np.clip(_lag1(data), 0.0, paired.LAG1_CEILING)
    return (1 + r) / (1 - r)


def newey_west(data):
    """Bartlett weights, one lag: 1 + r, with r + 1/n clipped at 0."""
    return 1 + np.clip(_lag1(data) + 1.0 / data.shape[1], 0.0, None)


def lag1_squared(data):
    return paired.lag1_inflations(data) ** 2


def batch_means(data):
    """Means of consecutive pairs of blocks: the variance of one block implied by theirs."""
    pairs = data.shape[1] // 2
    means = data[:, :2 * pairs].reshape(data.shape[0], pairs, 2).mean(axis=2)
    return 2 * means.var(axis=1, ddof=1) / data.std(axis=1, ddof=1) ** 2


OPTIONS = {
    "independent": (independent, "none: sd/√n (what /1 did)"),
    "lag1": (lag1_plain, "(1 + r)/(1 − r), r the lag-1 autocorrelation clipped to [0, 0.5]"),
    "lag1+1/n": (paired.lag1_inflations, "(1 + r)/(1 − r), r = lag-1 autocorrelation + 1/n clipped to [0, 0.5] "
                                         "(the method's)"),
    "newey-west": (newey_west, "1 + r, r = lag-1 autocorrelation + 1/n clipped at 0 (Bartlett, one lag)"),
    "lag1-squared": (lag1_squared, "((1 + r)/(1 − r))², r as the method's"),
    "batch-means": (batch_means, "the variance of means of pairs of consecutive blocks"),
}


def limits(widening) -> tuple[float, ...]:
    """The option's limits for one variant, calibrated as ``calibration`` does, its widening in place."""
    def statistics(contrasts, looks):
        out = np.empty((contrasts.shape[0], len(looks)))
        for index, n in enumerate(looks):
            part = contrasts[:, :n]
            spread = part.std(axis=1, ddof=1) * np.sqrt(widening(part))
            out[:, index] = np.abs(part.mean(axis=1)) / (spread / math.sqrt(n))
        return out

    rng = np.random.default_rng(SEED)
    every = statistics(calibration.reference_contrasts(rng, CALIBRATION_PATHS, LOOKS[-1]), LOOKS)
    first = np.sort(statistics(calibration.reference_contrasts(rng, 10 * CALIBRATION_PATHS, LOOKS[0]), LOOKS[:1])[:, 0])
    spend = calibration.obf_cumulative_alpha((LOOKS[0] / LOOKS[-1],), calibration.spent(ALPHA))[0]
    wanted = int(round(spend * first.size))
    first_value = float((first[-wanted - 1] + first[-wanted]) / 2.0)
    values, _errors = calibration.critical_values(every, LOOKS, ALPHA, (first_value, 0.0))
    return values


def run_option(name: str, studies: int) -> list[str]:
    widening, described = OPTIONS[name]
    started = time.monotonic()
    critical = limits(widening)
    # the widening alone is compared: a claim beyond δ needs only the interval shown (the stricter
    # check of paired-gs-obf/3 is bench/stall_options.py's question)
    rule = functools.partial(sequential.decide_batch, widening=widening, critical=critical, directional=critical)
    stress.decide_batch = rule  # the stress bench's scenarios judge through this rule
    lines = [f"{name}: {described}; limits {', '.join(f'{c:.2f}' for c in critical)}"]
    for key in ("aa-gaussian", "autocorrelated-alone", "periodic-1-3"):
        scenario = next(s for s in stress.SCENARIOS + stress.DESCRIBED if s.key == key)
        row = stress.run_scenario(scenario, studies)
        lines.append(f"  {scenario.name}: {row.rate:.2%} [{row.low:.2%}, {row.high:.2%}]")
    rng = np.random.default_rng([SEED, 1])
    sd = stress.SPREAD * math.sqrt(2)
    found = []
    for change in (0.04, 0.06, 0.10):
        contrasts = math.log1p(change) + sd * rng.standard_normal((studies, stress.CAP))
        batch = rule(contrasts, sequential.LookSchedule(LOOKS, ALPHA), stress.DELTA)
        better = int(stress.BETTER[batch.code].sum())
        low, high = stress.clopper_pearson(better, studies)
        blocks = np.asarray(LOOKS)[batch.look_index].mean()
        found.append(f"+{change:.0%} {better / studies:.1%} [{low:.1%}, {high:.1%}] in {blocks:.1f} blocks")
    lines.append("  better, for a true " + "; ".join(found))
    lines[0] += f"  ({time.monotonic() - started:.0f} s)"
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--studies", type=int, default=stress.STUDIES)
    parser.add_argument("--only", action="append", default=[], help="an option's name: " + ", ".join(OPTIONS))
    args = parser.parse_args(argv)
    for name in args.only or OPTIONS:
        for line in run_option(name, args.studies):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
