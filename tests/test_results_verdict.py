"""The verdict partition: every interval gets exactly one position, at every boundary.

The positions are checked against predicates written from the definitions in docs/verdicts.md,
independently of how ``interval_position`` is coded, on a grid of interval ends that includes
every boundary (touching 0, touching ±δ, just inside and outside them, infinite ends, zero-width
intervals) and on random intervals.
"""

import itertools
import math
import random

import numpy as np
import pytest

from fstune.figures import HIGHER, LOWER
from fstune.stats.verdict import (CODES, Position, Verdict, interval_position, interval_positions, qualifier,
                                    verdict_for)

DELTA = math.log1p(0.02)


def definitions(low: float, high: float, d: float) -> dict[Position, bool]:
    """Each position's definition, on its own (closed interval [low, high], threshold d)."""
    excludes_zero_up, excludes_zero_down = low > 0, high < 0
    contains_zero = low <= 0 <= high
    beyond_up, beyond_down = low > d, high < -d
    inside = -d < low and high < d
    across_up = low <= d <= high  # the interval holds +d itself
    across_down = low <= -d <= high
    return {
        Position.BEYOND_UP: beyond_up,
        Position.BEYOND_DOWN: beyond_down,
        Position.BELOW_DELTA_UP: excludes_zero_up and inside,
        Position.BELOW_DELTA_DOWN: excludes_zero_down and inside,
        Position.UNCLEAR_UP: excludes_zero_up and across_up,
        Position.UNCLEAR_DOWN: excludes_zero_down and across_down,
        Position.INSIDE: contains_zero and inside,
        Position.WIDE: contains_zero and (low <= -d or high >= d),
    }


def boundary_points(d: float) -> list[float]:
    tiny = d / 1000 if d else 1e-9
    points = {-math.inf, -2 * d, -d - tiny, -d, -d + tiny, -tiny, 0.0, tiny, d - tiny, d, d + tiny, 2 * d, math.inf}
    return sorted(points)


@pytest.mark.parametrize("d", [DELTA, 0.02, 1.0, 0.0])
def test_every_interval_on_the_boundary_grid_has_exactly_one_position(d):
    points = boundary_points(d)
    checked = 0
    for low, high in itertools.combinations_with_replacement(points, 2):
        if low == high and math.isinf(low):
            continue  # [inf, inf] is not an interval
        holds = [position for position, true in definitions(low, high, d).items() if true]
        assert len(holds) == 1, f"[{low}, {high}] against ±{d}: {holds}"
        assert interval_position(low, high, d) is holds[0], f"[{low}, {high}] against ±{d}"
        checked += 1
    assert checked == len(points) * (len(points) + 1) // 2 - 2  # all but [−inf, −inf] and [inf, inf]


def test_random_intervals_have_exactly_one_position_and_both_codings_agree():
    rng = random.Random(4)
    lows, highs, thresholds, expected = [], [], [], []
    for _ in range(20_000):
        d = rng.choice([DELTA, 0.05, 0.0, rng.uniform(0, 0.1)])
        # ends drawn around the interesting places, sometimes exactly on them
        ends = sorted(rng.choice([rng.gauss(0, 0.05), 0.0, d, -d, rng.uniform(-3 * d, 3 * d)]) for _ in range(2))
        holds = [position for position, true in definitions(*ends, d).items() if true]
        assert len(holds) == 1, (ends, d, holds)
        lows.append(ends[0]), highs.append(ends[1]), thresholds.append(d), expected.append(holds[0])
    assert {p for p in expected} == set(Position)  # the draw reached every position
    scalar = [interval_position(low, high, d) for low, high, d in zip(lows, highs, thresholds)]
    assert scalar == expected
    vector = interval_positions(np.array(lows), np.array(highs), np.array(thresholds))
    assert [CODES[code] for code in vector] == expected


def test_the_vectorised_coding_agrees_on_the_boundary_grid():
    for d in (DELTA, 0.0):
        pairs = [(low, high) for low, high in itertools.combinations_with_replacement(boundary_points(d), 2)
                 if not (low == high and math.isinf(low))]
        lows, highs = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
        vector = [CODES[code] for code in interval_positions(lows, highs, d)]
        assert vector == [interval_position(low, high, d) for low, high in pairs]


@pytest.mark.parametrize(("low", "high", "position"), [
    (DELTA, 0.5, Position.UNCLEAR_UP),  # touching +δ is not beyond it
    (DELTA + 1e-12, 0.5, Position.BEYOND_UP),
    (-0.5, -DELTA, Position.UNCLEAR_DOWN),
    (0.0, 0.01, Position.INSIDE),  # touching 0 does not exclude it
    (0.0, DELTA, Position.WIDE),  # …and touching +δ reaches it
    (1e-12, 0.01, Position.BELOW_DELTA_UP),
    (-0.01, -1e-12, Position.BELOW_DELTA_DOWN),
    (0.0, 0.0, Position.INSIDE),  # zero width, at 0
    (0.01, 0.01, Position.BELOW_DELTA_UP),  # zero width, a small sure change
    (DELTA, DELTA, Position.UNCLEAR_UP),  # zero width, exactly δ
    (0.5, 0.5, Position.BEYOND_UP),
    (-math.inf, math.inf, Position.WIDE),  # too few blocks to know anything
    (-DELTA, DELTA, Position.WIDE),
    (-DELTA / 2, DELTA / 2, Position.INSIDE),
])
def test_constructed_intervals(low, high, position):
    assert interval_position(low, high, DELTA) is position


def test_a_zero_threshold_leaves_only_beyond_and_wide():
    assert interval_position(0.001, 0.002, 0.0) is Position.BEYOND_UP
    assert interval_position(0.0, 0.002, 0.0) is Position.WIDE
    assert interval_position(0.0, 0.0, 0.0) is Position.WIDE  # 0 itself is on the threshold


@pytest.mark.parametrize(("low", "high", "d"), [(math.nan, 1.0, DELTA), (0.2, 0.1, DELTA), (0.0, 1.0, -0.1)])
def test_nonsense_is_refused(low, high, d):
    with pytest.raises(ValueError):
        interval_position(low, high, d)


def test_verdicts_follow_the_metrics_direction():
    assert verdict_for(Position.BEYOND_UP, HIGHER) is Verdict.BETTER
    assert verdict_for(Position.BEYOND_UP, LOWER) is Verdict.WORSE
    assert verdict_for(Position.BEYOND_DOWN, LOWER) is Verdict.BETTER
    assert verdict_for(Position.UNCLEAR_UP, HIGHER) is Verdict.PROBABLY_BETTER
    assert verdict_for(Position.BELOW_DELTA_DOWN, HIGHER) is Verdict.PROBABLY_WORSE
    assert verdict_for(Position.BELOW_DELTA_DOWN, LOWER) is Verdict.PROBABLY_BETTER
    for better in (HIGHER, LOWER):
        assert verdict_for(Position.INSIDE, better) is Verdict.NO_DIFFERENCE
        assert verdict_for(Position.WIDE, better) is Verdict.TOO_NOISY
    with pytest.raises(ValueError):
        verdict_for(Position.INSIDE, "sideways")


def test_mirrored_intervals_get_mirrored_verdicts():
    """Swapping baseline and variant negates the interval: better becomes worse, and so on."""
    for low, high in itertools.combinations_with_replacement(boundary_points(DELTA), 2):
        if low == high and math.isinf(low):
            continue
        here, mirrored = verdict_for(interval_position(low, high, DELTA), HIGHER), \
            verdict_for(interval_position(-high, -low, DELTA), HIGHER)
        swap = {Verdict.BETTER: Verdict.WORSE, Verdict.WORSE: Verdict.BETTER,
                Verdict.PROBABLY_BETTER: Verdict.PROBABLY_WORSE, Verdict.PROBABLY_WORSE: Verdict.PROBABLY_BETTER}
        assert mirrored is swap.get(here, here)


def test_stopping_positions_and_claims():
    decided = {position for position in Position if position.decided}
    assert decided == {Position.BEYOND_UP, Position.BEYOND_DOWN, Position.INSIDE, Position.BELOW_DELTA_UP,
                       Position.BELOW_DELTA_DOWN}
    claims = {verdict for verdict in Verdict if verdict.claims_difference}
    assert claims == {Verdict.BETTER, Verdict.WORSE, Verdict.PROBABLY_BETTER, Verdict.PROBABLY_WORSE}
    assert qualifier(Position.BELOW_DELTA_UP) == "below δ"
    assert qualifier(Position.UNCLEAR_DOWN).startswith("unclear")


def test_the_stored_words_never_change():
    assert [verdict.value for verdict in Verdict] == [
        "better", "worse", "probably better", "probably worse", "no detectable difference", "too noisy to tell"]
