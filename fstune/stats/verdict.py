"""Where an interval lies against 0 and ±δ, and the verdict that position earns.

An interval [low, high] on the contrast scale (docs/verdicts.md, "The verdicts") is asked two
questions: does it exclude 0 (is there a difference at all)? and does it lie beyond ±δ, inside
±δ, or across δ (does the difference matter)? The answers give eight positions, and the
positions give six verdicts:

===========================  ====================================  ==========================
position                     interval                              verdict
===========================  ====================================  ==========================
``BEYOND_UP``                low > +δ                              better / worse
``UNCLEAR_UP``               0 < low ≤ +δ ≤ high                   probably … (unclear)
``BELOW_DELTA_UP``           0 < low, high < +δ                    probably … (below δ)
``INSIDE``                   −δ < low ≤ 0 ≤ high < +δ              no detectable difference
``WIDE``                     low ≤ 0 ≤ high, reaching ±δ           too noisy to tell
… and the three ``_DOWN`` mirrors of the first three.
===========================  ====================================  ==========================

The interval is closed: touching a bound is being on it. So an interval with low = δ exactly
is not *beyond* δ (the change could be exactly δ), and one with low = 0 does not exclude 0.
"No detectable difference" needs the interval to contain 0: an interval inside ±δ that excludes
0 has detected a difference, a small one, and says so ("probably better, below δ").

Which direction is better depends on the metric (more MB/s, fewer seconds): the position says
up or down, ``verdict_for`` turns it into better or worse.
"""

from __future__ import annotations

import math
from enum import StrEnum

from fstune.figures import HIGHER, LOWER


class Position(StrEnum):
    BEYOND_UP = "beyond +δ"
    UNCLEAR_UP = "above 0, across +δ"
    BELOW_DELTA_UP = "above 0, below +δ"
    INSIDE = "contains 0, inside ±δ"
    WIDE = "contains 0, reaches ±δ"
    BELOW_DELTA_DOWN = "below 0, above −δ"
    UNCLEAR_DOWN = "below 0, across −δ"
    BEYOND_DOWN = "beyond −δ"

    @property
    def decided(self) -> bool:
        """The interval answers the question: beyond ±δ, or inside ±δ (the study may stop)."""
        return self in _DECIDED

    @property
    def excludes_zero(self) -> bool:
        return self not in (Position.INSIDE, Position.WIDE)


_DECIDED = frozenset({Position.BEYOND_UP, Position.BEYOND_DOWN, Position.BELOW_DELTA_UP, Position.BELOW_DELTA_DOWN,
                      Position.INSIDE})
UP = frozenset({Position.BEYOND_UP, Position.UNCLEAR_UP, Position.BELOW_DELTA_UP})
DOWN = frozenset({Position.BEYOND_DOWN, Position.UNCLEAR_DOWN, Position.BELOW_DELTA_DOWN})


class Verdict(StrEnum):
    """The verdict words. Their values are stored with every run: never change them."""

    BETTER = "better"
    WORSE = "worse"
    PROBABLY_BETTER = "probably better"
    PROBABLY_WORSE = "probably worse"
    NO_DIFFERENCE = "no detectable difference"
    TOO_NOISY = "too noisy to tell"

    @property
    def claims_difference(self) -> bool:
        """Does this verdict say the configurations differ? (An A/A study must rarely get one.)"""
        return self not in (Verdict.NO_DIFFERENCE, Verdict.TOO_NOISY)


def interval_position(low: float, high: float, threshold: float) -> Position:
    """Where [low, high] lies against 0 and ±threshold (δ on the contrast scale).

    Infinite bounds are allowed (an interval from too few blocks is (−inf, inf): too noisy).
    """
    if math.isnan(low) or math.isnan(high) or math.isnan(threshold):
        raise ValueError(f"an interval needs numbers, not [{low}, {high}] against ±{threshold}")
    if low > high:
        raise ValueError(f"an interval's low end {low} is above its high end {high}")
    if threshold < 0:
        raise ValueError(f"δ cannot be negative ({threshold})")
    if low > threshold:
        return Position.BEYOND_UP
    if high < -threshold:
        return Position.BEYOND_DOWN
    inside = -threshold < low and high < threshold
    if low > 0:
        return Position.BELOW_DELTA_UP if inside else Position.UNCLEAR_UP
    if high < 0:
        return Position.BELOW_DELTA_DOWN if inside else Position.UNCLEAR_DOWN
    return Position.INSIDE if inside else Position.WIDE


# The same rules on numpy arrays, for the batch kernel in ``sequential``. The order of CODES is
# the order of the integer codes; tests check both functions agree at every boundary.
CODES = tuple(Position)


def interval_positions(low, high, threshold):
    """``interval_position`` element-wise on numpy arrays; returns indices into ``CODES``."""
    import numpy as np

    low, high, threshold = np.broadcast_arrays(np.asarray(low, float), np.asarray(high, float),
                                               np.asarray(threshold, float))
    inside = (low > -threshold) & (high < threshold)
    code = np.full(low.shape, CODES.index(Position.WIDE), dtype=np.int8)
    code[inside] = CODES.index(Position.INSIDE)
    up, down = low > 0, high < 0
    code[up] = np.where(inside[up], CODES.index(Position.BELOW_DELTA_UP), CODES.index(Position.UNCLEAR_UP))
    code[down] = np.where(inside[down], CODES.index(Position.BELOW_DELTA_DOWN), CODES.index(Position.UNCLEAR_DOWN))
    code[low > threshold] = CODES.index(Position.BEYOND_UP)
    code[high < -threshold] = CODES.index(Position.BEYOND_DOWN)
    return code


def verdict_for(position: Position, better: str) -> Verdict:
    """The verdict for a position, given which direction is better for the metric."""
    if better not in (HIGHER, LOWER):
        raise ValueError(f"better must be '{HIGHER}' or '{LOWER}', not {better!r}")
    if position is Position.INSIDE:
        return Verdict.NO_DIFFERENCE
    if position is Position.WIDE:
        return Verdict.TOO_NOISY
    good = (position in UP) == (better == HIGHER)
    if position in (Position.BEYOND_UP, Position.BEYOND_DOWN):
        return Verdict.BETTER if good else Verdict.WORSE
    return Verdict.PROBABLY_BETTER if good else Verdict.PROBABLY_WORSE


def qualifier(position: Position) -> str:
    """What a "probably" verdict adds: the change is below δ, or may or may not reach it."""
    if position in (Position.BELOW_DELTA_UP, Position.BELOW_DELTA_DOWN):
        return "below δ"
    if position in (Position.UNCLEAR_UP, Position.UNCLEAR_DOWN):
        return "unclear whether it reaches δ"
    return ""
