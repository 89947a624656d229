"""Which rule keeps "better" honest when a variant stalls now and then: the options compared.

A variant that stalls in some blocks has a skewed contrast; a run of 15 blocks can see no stall
at all and then holds the data of a larger, clean gain, so "better" came in 6.3 % of runs at a
true +δ (the promise is 2.5 %; docs/verdicts.md, "Rare stalls"). docs/verdicts.md named three
ways out; this script runs each through ``sequential.decide_batch`` (the options differ only in
what a claim beyond ±δ needs) on the two stall scenarios of bench/stress_verdicts.py, A/A with
Gaussian noise, and a true +4, +6 and +10 % with Gaussian noise (the power a rule gives up):

    nice -n 19 .venv/bin/python bench/stall_options.py            # 20,000 studies a row
    nice -n 19 .venv/bin/python bench/stall_options.py --studies 4000 --only sign

The third option, a promise about the typical block instead of the mean, is not a rule of the
blocks but another question: "better" would then say that the median block gains δ, and an admin
who acts on it could lose throughput on average. It is described in the docs, not run here.
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import stress_verdicts as stress  # noqa: E402
from fstune.stats import sequential  # noqa: E402

SEED = 20_261_129
SCHEDULE = sequential.LookSchedule(stress.LOOKS, 0.05)



def majority(part, index):
    """The variant wins (its contrast above 0) in more than half of the blocks so far."""
    wins = (part > 0).sum(axis=1)
    losses = (part < 0).sum(axis=1)
    n = part.shape[1]
    return wins > n / 2, losses > n / 2


def at_the_cap(part, index):
    """No claim beyond ±δ before the last look: more blocks before a directional claim."""
    allowed = np.full(part.shape[0], index == len(SCHEDULE.looks) - 1)
    return allowed, allowed


OPTIONS = {
    "none": ("a claim beyond δ needs only the interval shown (paired-gs-obf/2)", None, None),
    "sign": ("and the variant wins in a majority of the blocks (a sign check)", None, majority),
    "cap": ("and the study has reached its cap (more blocks before a claim)", None, at_the_cap),
    "half": ("and the same interval at 1/2 of the level lies beyond δ", 0.5, None),
    "quarter": ("and the same interval at 1/4 of the level lies beyond δ", 0.25, None),
    "fifth": ("and the same interval at 1/5 of the level lies beyond δ (paired-gs-obf/3)", 0.2, None),
}


def run_option(name: str, studies: int) -> list[str]:
    described, share, gate = OPTIONS[name]
    directional = (sequential.boundaries(SCHEDULE.looks, SCHEDULE.alpha * share) if share is not None
                   else SCHEDULE.critical_values())
    rule = functools.partial(sequential.decide_batch, directional=directional, gate=gate)
    stress.decide_batch = rule  # the stress bench's scenarios judge through this rule
    lines = [f"{name}: {described}; limits for the claim {', '.join(f'{c:.2f}' for c in directional)}"]
    for key in ("skewed-delta", "own-stalls", "aa-gaussian"):
        scenario = next(s for s in stress.SCENARIOS if s.key == key)
        row = stress.run_scenario(scenario, studies)
        lines.append(f"  {scenario.name}: {scenario.counts} {row.rate:.2%} [{row.low:.2%}, {row.high:.2%}] "
                     f"({'holds' if row.holds else 'BROKEN'})")
    rng = np.random.default_rng([SEED, 1])
    sd = stress.SPREAD * math.sqrt(2)
    found = []
    for change in (0.04, 0.06, 0.10):
        contrasts = math.log1p(change) + sd * rng.standard_normal((studies, stress.CAP))
        batch = rule(contrasts, SCHEDULE, stress.DELTA)
        better = int(stress.BETTER[batch.code].sum())
        low, high = stress.clopper_pearson(better, studies)
        blocks = np.asarray(stress.LOOKS)[batch.look_index].mean()
        found.append(f"+{change:.0%} {better / studies:.1%} [{low:.1%}, {high:.1%}] in {blocks:.1f} blocks")
    lines.append("  better, for a true " + "; ".join(found))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--studies", type=int, default=stress.STUDIES)
    parser.add_argument("--only", action="append", default=[], help="an option's name: " + ", ".join(OPTIONS))
    args = parser.parse_args(argv)
    for name in args.only or OPTIONS:
        if name not in OPTIONS:
            parser.error(f"no option {name!r}; the options are {', '.join(OPTIONS)}")
        for line in run_option(name, args.studies):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
