"""The run's time left (fstune/measure/eta.py), on synthetic event sequences and a fake clock."""

import pytest

from fstune.measure.eta import RunEta


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


def run_blocks(eta: RunEta, clock: Clock, seconds: list[float], *, first: int = 1, shown=None) -> None:
    """Blocks ``first``… taking ``seconds`` each, asked for an estimate every tenth of a block."""
    for number, length in enumerate(seconds, first):
        eta.block_started(number)
        for _ in range(10):
            clock.wait(length / 10)
            if shown is not None:
                shown.append(eta.estimate())
        eta.block_finished(number)
        if shown is not None:
            shown.append(eta.estimate())


def test_before_a_block_has_run_the_plan_says_how_long():
    clock = Clock()
    eta = RunEta(50.0, 2, 5, cap=15, clock=clock)
    estimate = eta.estimate()
    assert estimate.seconds_left == pytest.approx(5 * 2 * (50 + 5))  # workloads and making, per configuration
    assert estimate.seconds_left_at_most == pytest.approx(15 * 2 * 55)
    assert estimate.fraction == 0.0 and not estimate.measured
    assert estimate.text() == "about 9 min left (planned), up to 28 min if it needs all 15 blocks"
    eta.making(20.0)  # the device took longer to make and mount a configuration than the guess
    assert eta.estimate().seconds_left == pytest.approx(5 * 2 * 70)


def test_the_estimate_converges_to_the_measured_block_time():
    clock = Clock()
    eta = RunEta(30.0, 2, 5, clock=clock)  # the plan says 70 s a block; this machine takes 200 s
    run_blocks(eta, clock, [200.0, 190.0, 210.0])
    assert eta.block_seconds() == pytest.approx(200.0)
    estimate = eta.estimate()
    assert estimate.measured and estimate.seconds_left == pytest.approx(2 * 200.0)
    assert estimate.seconds_left_at_most is None and estimate.text() == "about 7 min left"


def test_a_first_block_slower_than_the_plan_counts_before_it_ends():
    clock = Clock()
    eta = RunEta(30.0, 2, 3, clock=clock)
    eta.block_started(1)
    clock.wait(500.0)  # the plan said 70 s
    estimate = eta.estimate()
    assert eta.block_seconds() == pytest.approx(500.0)
    assert estimate.seconds_left == pytest.approx(2 * 500.0)


def test_the_share_starts_again_from_the_new_total_when_blocks_are_added_and_never_goes_back_otherwise():
    clock = Clock()
    eta = RunEta(45.0, 2, 5, cap=15, clock=clock)  # 100 s a block, as planned
    eta.start()
    shown = []
    run_blocks(eta, clock, [100.0] * 5, shown=shown)
    before = shown[-1]
    assert before.fraction == pytest.approx(0.99)  # the five blocks are done: all but the end
    eta.schedule(10, 15)  # undecided at the first look: five more blocks
    added = eta.estimate()
    assert added.seconds_left > before.seconds_left  # the time left grows ...
    assert added.fraction == pytest.approx(0.5) and added.blocks == 10  # ... and the share is of the 10
    first = len(shown)
    shown.append(added)
    run_blocks(eta, clock, [100.0] * 5, first=6, shown=shown)
    eta.schedule(10, None)  # decided at the second look
    shown.append(eta.estimate())
    eta.end()
    shown.append(eta.estimate())
    fractions = [e.fraction for e in shown]
    assert all(b >= a for a, b in zip(fractions[:first], fractions[1:first])), fractions
    assert all(b >= a for a, b in zip(fractions[first:], fractions[first + 1:])), fractions
    assert fractions[-1] == 1.0 and max(fractions[:-1]) < 1.0
    # with the blocks' time as planned, the share is a share of time: 2½ of the first five blocks
    assert shown[2 * 11 + 4].fraction == pytest.approx(0.5)


def test_a_study_decided_early_jumps_ahead_and_never_back():
    clock = Clock()
    eta = RunEta(40.0, 2, 5, cap=15, clock=clock)
    eta.start()
    shown = []
    run_blocks(eta, clock, [100.0] * 3, shown=shown)
    eta.schedule(3, None)  # the run was stopped after three blocks (cancelled or decided)
    stopped = eta.estimate()
    assert stopped.seconds_left == 0.0 and stopped.fraction == pytest.approx(0.99)
    assert stopped.text() == "finishing"
    assert stopped.fraction >= shown[-1].fraction


def test_what_the_cap_could_add_is_said_only_while_blocks_may_be_added():
    clock = Clock()
    eta = RunEta(25.0, 2, 5, cap=15, clock=clock)
    run_blocks(eta, clock, [120.0] * 4)
    eta.block_started(5)
    clock.wait(60.0)
    estimate = eta.estimate()
    assert estimate.seconds_left == pytest.approx(60.0)
    assert estimate.seconds_left_at_most == pytest.approx(60.0 + 10 * 120.0)
    assert estimate.text() == "about 60 s left, up to 21 min if it needs all 15 blocks"
    eta.schedule(5, None)
    assert eta.estimate().text() == "about 60 s left"


def test_the_short_wording_says_the_same_in_fewer_columns():
    clock = Clock()
    eta = RunEta(25.0, 2, 5, cap=15, clock=clock)
    run_blocks(eta, clock, [120.0] * 4)
    assert eta.estimate().text(short=True) == "2 min left, ≤ 22 min (15 blocks)"


def test_the_pass_before_the_first_block_counts_until_that_block_starts():
    """--ceiling's raw-device pass runs once before block 1: it is in the time left, and the share
    moves while it runs instead of sitting at 0 % (docs/ARCHITECTURE.md, "The ceiling")."""
    clock = Clock()
    eta = RunEta(30.0, 2, 2, prelude_seconds=60.0, clock=clock)
    assert eta.estimate().seconds_left == pytest.approx(60.0 + 2 * 2 * 35)
    eta.start()
    clock.wait(40.0)
    during = eta.estimate()
    assert during.seconds_left == pytest.approx(20.0 + 2 * 2 * 35) and during.fraction == pytest.approx(40 / 200)
    clock.wait(30.0)  # the pass ran longer than planned: nothing of it is left to count, nor negative
    assert eta.estimate().seconds_left == pytest.approx(2 * 2 * 35)
    eta.block_started(1)
    assert eta.estimate().seconds_left == pytest.approx(2 * 2 * 35)
    assert eta.estimate().fraction >= during.fraction
