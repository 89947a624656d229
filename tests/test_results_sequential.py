"""The group-sequential design: spending, calibrated boundaries, and decide() at every kind of look."""

import math

import numpy as np
import pytest
from scipy import stats

from fstune.figures import HIGHER, LOWER
from fstune.stats import boundary_table, calibration
from fstune.stats.sequential import (DEFAULT_SCHEDULE, METHOD, Action, LookSchedule, Reason, boundaries, decide,
                                       decide_batch, predict)
from fstune.stats.verdict import CODES, Position, Verdict

THETA = math.log1p(0.02)


def test_obrien_fleming_spending_matches_scipys_normal():
    fractions = (1 / 3, 2 / 3, 1.0)
    ours = calibration.obf_cumulative_alpha(fractions, 0.05)
    z = stats.norm.ppf(0.975)
    theirs = [2 * stats.norm.sf(z / math.sqrt(t)) for t in fractions]
    assert ours == pytest.approx(theirs, rel=1e-9)
    assert ours[-1] == pytest.approx(0.05)
    assert ours[0] == pytest.approx(0.000687, abs=2e-6)  # the first look spends almost nothing


def test_the_method_is_named_and_versioned():
    assert METHOD == "paired-gs-obf/4"
    assert METHOD in DEFAULT_SCHEDULE.describe()


@pytest.mark.parametrize("looks", [(), (2, 4), (5, 5, 10), (10, 5)])
def test_bad_schedules_are_refused(looks):
    with pytest.raises(ValueError):
        LookSchedule(looks)


def test_the_table_holds_the_default_schedule_and_its_holm_levels():
    for alpha in calibration.TABLE_ALPHAS:
        assert ((5, 10, 15), alpha) in boundary_table.TABLE
    values = boundaries((5, 10, 15), 0.05)
    assert values[0] > values[1] > values[2]  # O'Brien–Fleming: strict early, close to fixed at the end
    # the last look is close to the fixed-sample t quantile, a little above it (some alpha went earlier)
    assert stats.t.ppf(0.975, 14) * 0.97 < values[2] < stats.t.ppf(0.975, 14) * 1.12


@pytest.mark.parametrize(("looks", "alpha"), [((5, 10, 15), 0.05), ((5, 10, 15), 0.025), ((4, 8, 12), 0.05)])
def test_a_fresh_calibration_reproduces_the_table(looks, alpha):
    """Recompute with fewer studies and another seed: equal within Monte Carlo error."""
    fresh = calibration.calibrate(looks, (alpha,), paths=200_000, seed=99)[alpha]
    table_values, table_errors = boundary_table.TABLE[(looks, alpha)]
    for k in range(1, len(looks)):  # the later looks: the ones the simulation calibrates jointly
        error = math.hypot(fresh.standard_errors[k], table_errors[k])
        assert abs(fresh.critical[k] - table_values[k]) < 4.5 * error, (k, fresh.critical[k], table_values[k])
    error = math.hypot(fresh.standard_errors[0], table_errors[0])
    assert abs(fresh.critical[0] - table_values[0]) < 4.5 * error


def test_the_table_is_what_the_calibration_script_writes():
    calibrations = [calibration.Calibration(looks, alpha, values, errors, boundary_table.PATHS, boundary_table.SEED)
                    for (looks, alpha), (values, errors) in boundary_table.TABLE.items()]
    assert calibration.table_source(calibrations, boundary_table.PATHS) == calibration.TABLE_FILE.read_text()
    assert boundary_table.REFERENCE == calibration.REFERENCE
    assert {looks for looks, _alpha in boundary_table.TABLE} == set(calibration.TABLE_SCHEDULES)


def test_the_boundaries_spend_alpha_as_planned_on_the_reference_noise():
    """Fresh reference studies cross the table's boundaries as often as the spending allows: 4 %
    of the 5 % by the cap (docs/verdicts.md, "Calibration")."""
    looks, alpha = (5, 10, 15), 0.05
    assert calibration.spent(alpha) == pytest.approx(0.04)
    statistics = calibration.simulate_statistics(looks, 400_000, seed=5)
    crossed = np.zeros(len(statistics), dtype=bool)
    for k, (value, spent) in enumerate(zip(boundaries(looks, alpha), calibration.obf_cumulative_alpha(
            tuple(n / 15 for n in looks), calibration.spent(alpha)))):
        crossed |= statistics[:, k] > value
        assert crossed.mean() == pytest.approx(spent, abs=4 * math.sqrt(spent / len(statistics)) + 1e-4)


def test_a_schedule_outside_the_table_is_calibrated_when_first_used():
    schedule = LookSchedule((3, 6, 9), 0.05)
    values = schedule.critical_values()
    assert len(values) == 3 and values[0] > values[1] > values[2] > stats.t.ppf(0.975, 8) * 0.95


def widening(part) -> float:
    """(1 + r)/(1 − r), r = lag-1 autocorrelation + 1/n clipped to [0, 0.5], worked out here again."""
    centred = part - part.mean()
    r = min(max(float(centred[1:] @ centred[:-1] / (centred @ centred)) + 1 / len(part), 0.0), 0.5)
    return (1 + r) / (1 - r)


def test_correlated_blocks_widen_the_interval_and_independent_ones_may_not_narrow_it():
    from fstune.stats.paired import lag1_inflation

    rng = np.random.default_rng(4)
    steady = list(rng.normal(0.0, 0.05, 15))
    assert lag1_inflation(steady) == pytest.approx(widening(np.asarray(steady)))
    alternating = [0.05 * (-1) ** k for k in range(15)]  # negative correlation: never narrower
    assert lag1_inflation(alternating) == 1.0
    trend = [0.01 * k for k in range(15)]  # consecutive blocks err alike: at most (1.5)/(0.5)
    assert lag1_inflation(trend) == pytest.approx(3.0)
    assert lag1_inflation([0.1, 0.2]) == lag1_inflation([0.1] * 6) == 1.0
    decision = decide(trend, threshold=THETA, stop_at_decision=False)
    plain = DEFAULT_SCHEDULE.critical_values()[-1] * np.std(trend, ddof=1) / math.sqrt(15)
    assert decision.interval.half_width == pytest.approx(plain * math.sqrt(3.0))
    assert decision.interval.inflation == pytest.approx(3.0)


def contrasts(mean, sd, n, seed=1):
    return list(np.random.default_rng(seed).normal(mean, sd, n))


def test_before_the_first_look_it_just_continues():
    decision = decide([0.5, 0.4, 0.6, 0.5], threshold=THETA)
    assert decision.action is Action.CONTINUE and decision.reason is Reason.BEFORE_FIRST_LOOK
    assert decision.interval is None and decision.verdict is None and decision.look is None


def test_an_overwhelming_change_stops_at_the_first_look():
    decision = decide(contrasts(0.3, 0.01, 5), threshold=THETA)
    assert decision.action is Action.STOP and decision.reason is Reason.BEYOND_DELTA
    assert decision.look == 1 and decision.verdict is Verdict.BETTER and decision.final
    assert decision.low > THETA


def test_the_direction_comes_from_the_metric():
    decision = decide(contrasts(0.3, 0.01, 5), threshold=THETA, better=LOWER)
    assert decision.verdict is Verdict.WORSE


def test_a_clear_no_difference_stops_inside_delta():
    decision = decide(contrasts(0.0, 0.004, 10, seed=3), threshold=THETA)
    assert decision.reason is Reason.INSIDE_DELTA and decision.look == 2
    assert decision.verdict in (Verdict.NO_DIFFERENCE, Verdict.PROBABLY_BETTER, Verdict.PROBABLY_WORSE)
    assert -THETA < decision.low and decision.high < THETA


def test_an_undecided_look_continues_with_an_outlook_and_between_looks_the_look_stands():
    data = contrasts(0.03, 0.05, 15, seed=2)
    at_look = decide(data[:5], threshold=THETA, block_seconds=60.0)
    assert at_look.action is Action.CONTINUE and at_look.reason is Reason.UNDECIDED
    assert at_look.outlook is not None and 0 < at_look.outlook.expected_further_blocks <= 10
    assert at_look.outlook.expected_seconds == pytest.approx(60.0 * at_look.outlook.expected_further_blocks)
    assert 0 <= at_look.outlook.decision_probability <= 1
    between = decide(data[:7], threshold=THETA)
    assert between.reason is Reason.BETWEEN_LOOKS and between.n == 7 and between.n_used == 5
    assert (between.low, between.high) == (at_look.low, at_look.high)


def test_the_cap_ends_the_study_with_whatever_the_interval_says():
    data = contrasts(0.0, 0.2, 15, seed=4)
    decision = decide(data, threshold=THETA)
    assert decision.action is Action.STOP and decision.reason is Reason.CAP and decision.look == 3
    assert decision.position is Position.WIDE and decision.verdict is Verdict.TOO_NOISY
    assert decision.outlook is None
    assert decision.minimum_detectable > 0.1  # such noise could only have shown a big change
    more = decide(data + [0.0, 0.0], threshold=THETA)
    assert more.n_used == 15 and any("after the cap" in note for note in more.notes)


def test_the_interval_shown_is_the_intersection_of_the_looks():
    data = contrasts(0.02, 0.03, 15, seed=8)
    decision = decide(data, threshold=THETA, stop_at_decision=False)
    criticals = DEFAULT_SCHEDULE.critical_values()
    lows, highs = [], []
    for n, c in zip(DEFAULT_SCHEDULE.looks, criticals):
        part = np.asarray(data[:n])
        half = c * part.std(ddof=1) * math.sqrt(widening(part)) / math.sqrt(n)
        lows.append(part.mean() - half), highs.append(part.mean() + half)
    assert decision.low == pytest.approx(max(lows)) and decision.high == pytest.approx(min(highs))
    assert decision.interval.low == pytest.approx(lows[-1])  # this look's own repeated interval


def test_decide_is_the_batch_kernel_study_by_study():
    rng = np.random.default_rng(12)
    batch_data = rng.normal(rng.normal(0, 0.03, (400, 1)), rng.uniform(0.005, 0.08, (400, 1)), (400, 15))
    batch = decide_batch(batch_data, DEFAULT_SCHEDULE, THETA)
    for row in range(400):
        single = decide(batch_data[row].tolist(), threshold=THETA, outlook=False)
        assert single.position is CODES[batch.code[row]]
        assert single.look == batch.look_index[row] + 1
        assert (single.low, single.high) == pytest.approx((batch.low[row], batch.high[row]))


def test_disjoint_looks_are_flagged_and_the_latest_interval_is_shown():
    # five blocks at +0.3 almost exactly, then a sudden drop: look 3's interval misses look 1's
    # (ten blocks after the drop, so that the step's lag-1 widening cannot cover it)
    data = [0.3, 0.3001, 0.2999, 0.3, 0.3] + [-0.3] * 9 + [-0.31]
    decision = decide(data, threshold=THETA, stop_at_decision=False)
    assert not decision.consistent and any("moved" in note for note in decision.notes)
    assert decision.low == pytest.approx(decision.interval.low)


def test_an_estimate_outside_the_shared_interval_is_said():
    # about +3.2 % for five blocks, then about -0.9 %: look 2's interval still overlaps look 1's,
    # so the interval shown is their overlap, and the latest estimate lies below it
    data = [0.030, 0.034, 0.031, 0.033, 0.032, -0.008, -0.010, -0.009, -0.011, -0.007]
    decision = decide(data, threshold=THETA, stop_at_decision=False)
    assert decision.consistent and decision.look == 2
    assert not decision.low <= decision.interval.estimate <= decision.high
    assert any("latest estimate lies outside the interval shown" in note for note in decision.notes)
    steady = decide(contrasts(0.03, 0.01, 10, seed=3), threshold=THETA, stop_at_decision=False)
    assert steady.low <= steady.interval.estimate <= steady.high and not steady.notes


def test_the_outlook_is_repeatable_and_sensible():
    clear = contrasts(0.12, 0.05, 5, seed=6)
    assert predict(clear, DEFAULT_SCHEDULE, THETA) == predict(clear, DEFAULT_SCHEDULE, THETA)
    likely = predict(clear, DEFAULT_SCHEDULE, THETA)
    # "better" must also pass the stricter directional limits, so even a clear gain mostly waits
    # for the second look
    assert likely.decision_probability > 0.85 and likely.expected_further_blocks <= 8
    hopeless = predict(contrasts(0.02, 0.3, 5, seed=6), DEFAULT_SCHEDULE, THETA)
    assert hopeless.decision_probability < 0.2 and hopeless.expected_further_blocks > 9


def test_bad_contrasts_are_refused():
    with pytest.raises(ValueError):
        decide_batch(np.array([1.0, 2.0]), DEFAULT_SCHEDULE, THETA)
    with pytest.raises(ValueError):
        decide([0.1, math.inf, 0.1, 0.1, 0.1], threshold=THETA)


def test_higher_is_the_default_direction():
    assert decide(contrasts(0.3, 0.01, 5), threshold=THETA).verdict is decide(
        contrasts(0.3, 0.01, 5), threshold=THETA, better=HIGHER).verdict


def test_a_claim_beyond_delta_needs_the_stricter_interval_too():
    from fstune.stats.sequential import DIRECTIONAL_SHARE, STRICTER_CLAIM

    schedule = LookSchedule((5, 10, 15))
    assert schedule.directional_values() == boundaries((5, 10, 15), 0.05 * DIRECTIONAL_SHARE)
    assert all(strict > shown for strict, shown in zip(schedule.directional_values(), schedule.critical_values()))
    # a gain whose interval at the cap clears δ, but whose stricter interval does not
    # alternating blocks: a negative lag-1 correlation, so the widening is exactly 1
    base = np.array([(-1) ** i * (1 + 0.1 * i) for i in range(15)])
    base = (base - base.mean()) / base.std(ddof=1)
    critical, strict = schedule.critical_values()[-1], schedule.directional_values()[-1]
    sd = 0.05
    mean = THETA + sd / math.sqrt(15) * (critical + strict) / 2  # between the two limits
    values = list(mean + sd * base)
    decision = decide(values, schedule, THETA, outlook=False, stop_at_decision=False)
    assert decision.low > THETA
    assert decision.position is Position.UNCLEAR_UP and decision.verdict is Verdict.PROBABLY_BETTER
    assert STRICTER_CLAIM.format(share=5) in decision.notes
    # with the check turned off (the shown limits as the directional ones) the same blocks read "better"
    batch = decide_batch(np.asarray([values]), schedule, THETA, stop_at_decision=False,
                         directional=schedule.critical_values())
    assert CODES[int(batch.code[0])] is Position.BEYOND_UP


def test_the_estimate_after_an_early_stop_is_adjusted_back_to_the_truth():
    from fstune.stats.sequential import early_stop_estimate

    truth, sd = math.log1p(0.10), 0.05 * math.sqrt(2)
    data = truth + sd * np.random.default_rng(26).standard_normal((1500, 15))
    batch = decide_batch(data, DEFAULT_SCHEDULE, THETA)
    early = np.flatnonzero(batch.stopped & (batch.look_index < 2) & (batch.code == CODES.index(Position.BEYOND_UP)))
    assert len(early) > 150
    adjusted = np.array([early_stop_estimate(data[i].tolist(), DEFAULT_SCHEDULE, THETA) for i in early])
    raw = batch.estimate[early]
    assert raw.mean() > truth + 0.015  # the raw figure overstates a change found early
    assert (adjusted < raw).all()
    # median-unbiased given the stop: about half the adjusted estimates lie above the truth
    assert 0.4 < np.mean(adjusted >= truth) < 0.6
    # nothing to adjust at the cap, or without a difference
    at_cap = [0.3 * (-1) ** i + 0.01 * i for i in range(15)]
    assert decide_batch(np.asarray([at_cap]), DEFAULT_SCHEDULE, THETA).look_index[0] == 2
    assert early_stop_estimate(at_cap, DEFAULT_SCHEDULE, THETA) is None
    assert early_stop_estimate([0.001, -0.002, 0.0, 0.002, -0.001], LookSchedule((5, 10)), THETA) is None


def test_the_smallest_change_better_finds_over_the_whole_design_is_found_eight_times_in_ten():
    import time

    from fstune.stats.paired import minimum_detectable_effect
    from fstune.stats.sequential import design_detectable

    sd = 0.05 * math.sqrt(2)
    change = design_detectable(sd, DEFAULT_SCHEDULE, THETA)
    started = time.monotonic()
    assert design_detectable(sd, DEFAULT_SCHEDULE, THETA) == change  # cached: no second simulation
    assert time.monotonic() - started < 0.05
    # fresh studies, other draws, through the same design: "better" about 8 times in 10
    data = change + sd * np.random.default_rng(81).standard_normal((4000, 15))
    found = np.mean(decide_batch(data, DEFAULT_SCHEDULE, THETA).code == CODES.index(Position.BEYOND_UP))
    assert 0.77 < found < 0.83
    # quieter runs need less; the per-look figure (an interval excluding 0 at one look) is smaller
    assert design_detectable(sd / 2, DEFAULT_SCHEDULE, THETA) < change
    assert minimum_detectable_effect(sd, 15, DEFAULT_SCHEDULE.critical_values()[-1]) < change
    assert design_detectable(0.0, DEFAULT_SCHEDULE, THETA) == THETA
