"""A first run on a device: which rule keeps correlated blocks honest without earlier runs.

Since paired-gs-obf/3 a run widens its interval at least as much as the lag-1 correlation of
earlier stored runs on the same devices shows (``paired.lag1_floor``). A first run on a device has
none, and its own 5 to 15 blocks measure the correlation too roughly: identical configurations
whose blocks correlate at +0.29 are called different in 9.5 % of runs (docs/verdicts.md,
"Correlated blocks"). This bench compares what a first run could do instead, every study through
``sequential.decide_batch`` with the method's limits (calibrated on independent Gaussian blocks;
none is recalibrated here):

- ``own blocks``: what /3 does without history (the run's own lag-1 estimate only);
- ``default F``: a declared floor F for the correlation of consecutive blocks, applied only when
  the device has no earlier runs; the values tried include the correlation measured in the
  project's own stored lab runs (bench/runs/, printed first);
- ``strict claim``: "better"/"worse" also need the interval at a twentieth of the level beyond δ
  (instead of a fifth) while "probably …" stays as it is.

Rows: A/A with independent Gaussian blocks (what the limits were calibrated on: the rate must
stay ≤ 5 %), A/A with AR(1) blocks at r = +0.29 (the stress table's row), and what no option was
chosen on: AR(1) at +0.2 and at +0.33, MA(1) blocks with lag-1 +0.29, the data=journal and
nodelalloc contrasts resampled in runs of 5 consecutive blocks (their own correlation kept), and
AR(1) at +0.45 (beyond any stored series: where an assumption stops holding). Then the power:
"better" for a true +6 and +10 % on independent blocks, and the blocks it took.

    nice -n 19 .venv/bin/python bench/first_run_floor.py                 # 20,000 studies a row
    nice -n 19 .venv/bin/python bench/first_run_floor.py --studies 4000 --only "default 0.33"
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import stress_verdicts as stress  # noqa: E402
from fstune.results.blocked import comparison_schedule  # noqa: E402
from fstune.stats import sequential  # noqa: E402
from fstune.stats.paired import DEFAULT_LAG1_FLOOR, lag1_floor  # noqa: E402

SEED = 20_261_128
LOOKS = stress.LOOKS
CAP = stress.CAP
SD = stress.SPREAD * math.sqrt(2)  # one block's contrast: 0.071
# the bundles of bench/runs/ whose primary figure was judged in blocks (the screening and
# modelled-lab bundles are not paired contrasts of two configurations)
BUNDLES = ("aa-quiet", "aa-loaded", "aa-three", "drops-aa", "early-stop-journal", "effect-data-journal",
           "effect-data-writeback", "effect-nobarrier", "effect-nodelalloc")
STRICT_SHARE = 0.05  # the "strict claim" option: a twentieth of the level


def stored_series(names=BUNDLES) -> dict[str, list[list[float]]]:
    """Each bundle's contrasts ln(variant) − ln(baseline), one series per run and variant, in block order."""
    from recompute_aa import primary_blocks

    found: dict[str, list[list[float]]] = {}
    for name in names:
        for record, blocks in primary_blocks([name]):
            for variant in (c.name for c in record.configs if c.name != record.baseline):
                series = [math.log(blocks[b][variant][1]) - math.log(blocks[b][record.baseline][1])
                          for b in sorted(blocks) if record.baseline in blocks[b] and variant in blocks[b]
                          and blocks[b][variant][1] > 0 and blocks[b][record.baseline][1] > 0]
                found.setdefault(name, []).append(series)
    return found


def stored_correlations() -> list[str]:
    """The pooled, bias-corrected lag-1 correlation per bundle (``paired.lag1_floor``, no margin)."""
    lines = []
    everything = []
    for name, series in stored_series().items():
        pooled = lag1_floor(series, margin=0.0)
        everything += series
        if pooled is not None:
            lines.append(f"  {name}: r = {pooled.estimate:+.2f} over {pooled.blocks} blocks of {pooled.runs} series")
    pooled = lag1_floor(everything, margin=0.0)
    lines.append(f"  all of them: r = {pooled.estimate:+.2f} over {pooled.blocks} blocks of {pooled.runs} series")
    return lines


# --- the noise -------------------------------------------------------------------------------------


def ar(rng, studies, r):
    return SD * stress.ar_contrasts(rng, (studies, CAP), r)


def ma(rng, studies, lag1):
    """MA(1) contrasts with the given lag-1 correlation: x_t = e_t + θ e_(t−1), θ/(1 + θ²) = lag1."""
    theta = (1 - math.sqrt(1 - 4 * lag1**2)) / (2 * lag1)
    shocks = rng.standard_normal((studies, CAP + 1))
    return SD * (shocks[:, 1:] + theta * shocks[:, :-1]) / math.sqrt(1 + theta**2)


def real_runs(rng, studies, length: int = 5):
    """The data=journal and nodelalloc contrasts, each run around its own mean, resampled in runs of
    ``length`` consecutive blocks from within one run (so their correlation is kept)."""
    segments = []
    for name in ("effect-data-journal", "effect-nodelalloc"):
        for series in stored_series((name,))[name]:
            if len(series) < length:
                continue
            centre = sum(series) / len(series)
            segments += [[v - centre for v in series[i:i + length]] for i in range(len(series) - length + 1)]
    pool = np.asarray(segments)
    picks = rng.integers(len(pool), size=(studies, -(-CAP // length)))
    return pool[picks].reshape(studies, -1)[:, :CAP]


NOISE = [
    ("A/A, independent Gaussian blocks (calibration)", lambda rng, n: ar(rng, n, 0.0)),
    ("A/A, AR(1) r = +0.29 (the stress row)", lambda rng, n: ar(rng, n, 0.29)),
    ("A/A, AR(1) r = +0.20", lambda rng, n: ar(rng, n, 0.20)),
    ("A/A, AR(1) r = +0.33", lambda rng, n: ar(rng, n, 0.33)),
    ("A/A, MA(1) lag-1 +0.29", lambda rng, n: ma(rng, n, 0.29)),
    ("A/A, data=journal and nodelalloc contrasts in runs of 5 blocks", real_runs),
    ("A/A, AR(1) r = +0.45 (beyond every stored series)", lambda rng, n: ar(rng, n, 0.45)),
]


# --- the options -----------------------------------------------------------------------------------


def floor_rule(floor: float):
    schedule = comparison_schedule({"looks": list(LOOKS), "lag1_floor": {"floor": floor} if floor else None}, 1)
    return lambda contrasts: sequential.decide_batch(contrasts, schedule, stress.DELTA)


def strict_rule():
    schedule = comparison_schedule({"looks": list(LOOKS)}, 1)
    strict = sequential.boundaries(schedule.looks, schedule.alpha * STRICT_SHARE)
    return lambda contrasts: sequential.decide_batch(contrasts, schedule, stress.DELTA, directional=strict)


OPTIONS = {
    "own blocks": (lambda: floor_rule(0.0), "the run's own blocks alone (paired-gs-obf/3 without history)"),
    **{f"default {f:.2f}": ((lambda f=f: floor_rule(f)), f"a declared floor of {f:.2f} without history")
       for f in sorted({0.2, 0.29, 0.30, 0.31, DEFAULT_LAG1_FLOOR, 0.39})},
    "strict claim": (strict_rule, f"better/worse also need the interval at 1/{round(1 / STRICT_SHARE)} of the level "
                                  "beyond δ; probably … unchanged"),
}


def run_option(name: str, studies: int) -> list[str]:
    make, described = OPTIONS[name]
    rule = make()
    started = time.monotonic()
    lines = [f"{name}: {described}"]
    for index, (label, noise) in enumerate(NOISE):
        rng = np.random.default_rng([SEED, index])
        batch = rule(noise(rng, studies))
        hits = int(stress.CLAIMS[batch.code].sum())
        low, high = stress.clopper_pearson(hits, studies)
        verdict = "holds" if high <= 0.05 else "BROKEN"
        lines.append(f"  {label}: any false claim {hits / studies:.2%} [{low:.2%}, {high:.2%}] ({verdict})")
    found = []
    for index, change in enumerate((0.06, 0.10)):
        rng = np.random.default_rng([SEED, 100 + index])
        batch = rule(math.log1p(change) + ar(rng, studies, 0.0))
        better = int(stress.BETTER[batch.code].sum())
        blocks = np.asarray(LOOKS)[batch.look_index].mean()
        found.append(f"+{change:.0%} {better / studies:.1%} in {blocks:.1f} blocks")
    lines.append("  better, independent blocks, for a true " + "; ".join(found))
    lines[0] += f"  ({time.monotonic() - started:.0f} s)"
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--studies", type=int, default=stress.STUDIES)
    parser.add_argument("--only", action="append", default=[], help="an option's name: " + ", ".join(OPTIONS))
    args = parser.parse_args(argv)
    unknown = [name for name in args.only if name not in OPTIONS]
    if unknown:
        parser.error(f"no option {', '.join(unknown)}; the options are: {', '.join(OPTIONS)}")
    print("lag-1 correlation of consecutive blocks in the stored lab runs (bench/runs/):")
    for line in stored_correlations():
        print(line, flush=True)
    for name in args.only or OPTIONS:
        for line in run_option(name, args.studies):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
