"""judge_primary: from raw block values to what a screen shows beside the verdict."""

import math
import re

import numpy as np
import pytest

from fstune.figures import HIGHER, LOWER
from fstune.stats.judge import judge_primary, percent_or_unit
from fstune.stats.scales import MetricRule, Scale, paired_contrasts
from fstune.stats.secondary import judge_secondaries
from fstune.stats.sequential import DEFAULT_SCHEDULE, METHOD, Action, Reason
from fstune.stats.verdict import Verdict


def blocks(change, spread, n, seed=1):
    rng = np.random.default_rng(seed)
    baseline = 200 * np.exp(rng.normal(0, spread, n))
    return baseline.tolist(), (baseline * (1 + change) * np.exp(rng.normal(0, spread, n))).tolist()


def test_a_clear_gain_is_better_with_its_interval_in_percent():
    baseline, variant = blocks(0.25, 0.01, 5)
    result = judge_primary("dbench.throughput_mbs", baseline, variant, MetricRule())
    assert result.decision.final and result.decision.verdict is Verdict.BETTER
    assert result.method == METHOD
    low, high = result.interval_percent
    assert 2.0 < low < 25.0 < high
    assert result.change_percent == pytest.approx(math.expm1(result.decision.interval.estimate) * 100)
    assert percent_or_unit(result).startswith("+2")


def test_lower_is_better_turns_a_rise_into_worse():
    baseline, variant = blocks(0.25, 0.01, 5)
    assert judge_primary("build.seconds", baseline, variant, MetricRule(better=LOWER)).decision.verdict is Verdict.WORSE


def test_while_undecided_it_forecasts_blocks_and_time():
    baseline, variant = blocks(0.05, 0.05, 5, seed=3)
    result = judge_primary("x", baseline, variant, MetricRule(), block_seconds=90.0)
    outlook = result.decision.outlook
    assert result.decision.action is Action.CONTINUE and outlook is not None
    assert outlook.expected_seconds == pytest.approx(90.0 * outlook.expected_further_blocks)


def test_exact_values_stop_at_the_first_look_with_an_exact_answer():
    rule = MetricRule(scale=Scale.EXACT, better=LOWER)
    early = judge_primary("populate.mb_written", [12.0] * 4, [11.0] * 4, rule)
    assert early.decision.action is Action.CONTINUE and early.decision.reason is Reason.BEFORE_FIRST_LOOK
    done = judge_primary("populate.mb_written", [12.0] * 7, [11.0] * 7, rule)
    assert done.decision.reason is Reason.EXACT and done.decision.verdict is Verdict.BETTER
    assert done.decision.low == done.decision.high == -1.0 and done.decision.n_used == 5
    assert done.interval_percent == pytest.approx((-100 / 12, -100 / 12))
    secondary = paired_contrasts([3.0] * 7, [3.0] * 7, MetricRule(scale=Scale.EXACT))
    (judged,) = judge_secondaries({"clean.mb_written": (secondary, LOWER)}, done.decision, DEFAULT_SCHEDULE)
    assert judged.verdict is Verdict.NO_DIFFERENCE


def test_a_count_rising_from_zero_is_shown_in_its_unit():
    rule = MetricRule(scale=Scale.DIFFERENCE, better=LOWER, delta=1.0, delta_absolute=True)
    rng = np.random.default_rng(4)
    variant = (40 + rng.normal(0, 0.5, 5)).tolist()
    result = judge_primary("build.journal_mb_written", [0.0] * 5, variant, rule)
    assert result.decision.verdict is Verdict.WORSE
    assert result.interval_percent == (None, None)
    assert percent_or_unit(result).startswith("+40")


def test_a_count_that_stays_zero_on_both_sides_is_no_difference():
    """An internal journal writes nothing to the journal device in either configuration."""
    rule = MetricRule(scale=Scale.DIFFERENCE, better=LOWER)  # δ relative to a level of 0
    result = judge_primary("build.journal_mb_written", [0.0] * 5, [0.0] * 5, rule)
    assert result.decision.reason is Reason.EXACT and result.decision.verdict is Verdict.NO_DIFFERENCE


def test_notes_say_what_was_changed_and_what_drifted():
    varied = judge_primary("x", [8.0, 8.0, 8.1, 8.0, 8.0], [6.0] * 5, MetricRule(scale=Scale.EXACT, better=LOWER))
    assert any("varied" in note for note in varied.notes)
    rising = [100.0 + 10 * k for k in range(10)]
    drifting = judge_primary("x", rising, [value * 1.001 for value in rising], MetricRule(better=HIGHER))
    assert drifting.drift.found and any(note.startswith("Drift:") for note in drifting.notes)


def test_a_look_line_caps_a_wild_interval_as_the_results_do():
    """Five blocks of a variant that swings from a tenth to forty times the baseline: the interval
    reaches thousands of percent, every digit of it noise; the look line caps it like the results."""
    result = judge_primary("dbench.throughput_mbs", [10.0, 10.1, 9.9, 10.0, 10.2], [1.0, 400.0, 30.0, 2.0, 200.0],
                           MetricRule())
    assert result.interval_percent[1] > 1000
    text = percent_or_unit(result)
    assert "> +1000" in text and "4514016" not in text, text
    assert re.fullmatch(r"[+-]\d+\.\d % \[[^,]+, > \+1000\]", text), text
