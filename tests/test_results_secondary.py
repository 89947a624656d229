"""Secondary metrics: judged after the primary, Holm across them, labelled secondary."""

import math

import numpy as np
import pytest

from fstune.figures import HIGHER, LOWER
from fstune.stats.scales import MetricRule, Scale, paired_contrasts
from fstune.stats.secondary import SECONDARY, describe, judge_secondaries
from fstune.stats.sequential import DEFAULT_SCHEDULE, LookSchedule, decide, decide_batch
from fstune.stats.verdict import Verdict

THETA = math.log1p(0.02)


def contrasts_of(mean, sd, n=15, seed=1, rule=MetricRule()):
    rng = np.random.default_rng(seed)
    baseline = 100 * np.exp(rng.normal(0, sd / math.sqrt(2), n))
    variant = 100 * np.exp(mean + rng.normal(0, sd / math.sqrt(2), n))
    return paired_contrasts(baseline.tolist(), variant.tolist(), rule)


def final_primary(n=15):
    primary = decide(list(np.random.default_rng(0).normal(0, 0.3, n)), threshold=THETA)
    assert primary.final
    return primary


def test_nothing_is_judged_before_the_primary_is_final():
    undecided = decide(list(np.random.default_rng(0).normal(0, 0.3, 5)), threshold=THETA)
    with pytest.raises(ValueError, match="final"):
        judge_secondaries({"a": (contrasts_of(0.0, 0.1), HIGHER)}, undecided, DEFAULT_SCHEDULE)


def test_verdicts_are_labelled_and_ranked_by_p():
    metrics = {"clear": (contrasts_of(0.4, 0.05, seed=2), HIGHER),
               "nothing": (contrasts_of(0.0, 0.05, seed=3), HIGHER),
               "slower": (contrasts_of(0.4, 0.05, seed=4), LOWER)}
    results = {r.metric: r for r in judge_secondaries(metrics, final_primary(), DEFAULT_SCHEDULE)}
    assert all(r.label == SECONDARY for r in results.values())
    assert results["clear"].verdict is Verdict.BETTER
    assert results["slower"].verdict is Verdict.WORSE
    assert results["nothing"].holm_rank == 3
    assert results["nothing"].alpha == pytest.approx(0.05)  # the last rank is tested at alpha
    assert sorted(r.alpha for r in results.values())[:2] == pytest.approx([0.05 / 3, 0.05 / 2])


def test_after_the_first_failure_every_later_metric_keeps_its_level():
    """Holm stops at the first metric it cannot reject: the rest are judged at that level too."""
    metrics = {"big": (contrasts_of(0.5, 0.05, seed=5), HIGHER),
               "borderline": (contrasts_of(0.02, 0.05, seed=6), HIGHER),
               "also": (contrasts_of(0.025, 0.05, seed=7), HIGHER)}
    results = sorted(judge_secondaries(metrics, final_primary(), DEFAULT_SCHEDULE), key=lambda r: r.holm_rank)
    assert results[0].verdict is Verdict.BETTER and results[0].alpha == pytest.approx(0.05 / 3)
    first_failure = next(r for r in results if not r.position.excludes_zero)
    for later in results[first_failure.holm_rank:]:
        assert later.alpha == first_failure.alpha and not later.position.excludes_zero


def test_an_interval_excludes_zero_exactly_when_holm_rejects():
    """Checked against Holm written from its definition on the same statistics."""
    rng = np.random.default_rng(9)
    primary = final_primary()
    for trial in range(30):
        metrics = {f"m{i}": (contrasts_of(rng.choice([0.0, 0.05, 0.1]), 0.1, seed=100 * trial + i), HIGHER)
                   for i in range(4)}
        results = judge_secondaries(metrics, primary, DEFAULT_SCHEDULE)
        ordered = sorted(results, key=lambda r: r.holm_rank)
        rejected, still = set(), True
        for rank, r in enumerate(ordered, start=1):
            level = 0.05 / (4 - rank + 1)
            values = np.asarray(metrics[r.metric][0].values)[None, :]
            crossed = decide_batch(values, LookSchedule((5, 10, 15), level), THETA, stop_at_decision=False)
            from fstune.stats.verdict import CODES
            still = still and CODES[crossed.code[0]].excludes_zero
            if still:
                rejected.add(r.metric)
        assert {r.metric for r in results if r.position.excludes_zero} == rejected


def test_secondaries_use_the_looks_the_primary_used():
    primary = decide(list(np.random.default_rng(0).normal(0.5, 0.01, 15)), threshold=THETA)
    assert primary.n_used == 5  # stopped at the first look
    results = judge_secondaries({"a": (contrasts_of(0.0, 0.1), HIGHER)}, primary, DEFAULT_SCHEDULE)
    assert results[0].n == 5 and results[0].interval.n == 5


def test_exact_secondaries_need_no_interval():
    exact = paired_contrasts([8.0] * 15, [6.0] * 15, MetricRule(scale=Scale.EXACT, better=LOWER))
    results = judge_secondaries({"bytes": (exact, LOWER)}, final_primary(), DEFAULT_SCHEDULE)
    assert results[0].exact and results[0].verdict is Verdict.BETTER and results[0].low == results[0].high == -2.0


def test_everything_else_is_described_without_a_verdict():
    description = describe("other", contrasts_of(0.1, 0.05))
    assert description.n == 15 and not hasattr(description, "verdict")
    assert description.estimate == pytest.approx(0.1, abs=0.05)
