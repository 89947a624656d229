"""How long a run has left: from the plan first, then from the blocks as they are measured.

Before anything has run, one block is the plan's sum: every configuration's workloads by their
``estimate_seconds``, plus making and mounting each configuration (a guess until the device has
shown how long that takes, then the median it showed). Once a block has finished, the measured
blocks' median replaces the plan's figure, so the estimate converges on what this machine takes.
Whatever runs once before the first block (the ceiling's raw-device pass) is counted until the
first block starts.

A study that is still undecided may add blocks up to its cap (docs/verdicts.md). The time left
is said for the blocks scheduled now, and, while blocks may still be added, what the cap could
add: "about 4 min left, up to 11 min if it needs all 15 blocks".

The share shown is one of time, of the blocks scheduled now: each update moves it by the time
that passed as a share of the time that was left, and never lets it fall behind elapsed /
(elapsed + left), so between changes of the schedule it never goes backwards. When blocks are
added it starts again from elapsed / (elapsed + left) of the new total, and the front ends say
the new total beside it ("block 6 of up to 15"): a share that kept its value would sit at 99 %
for as long as the added blocks take, and mean nothing. It reaches 1 only when the run has ended.

Pure arithmetic on a clock: the run's collector (``fstune.measure.measurement.Measurement``)
feeds it in the run's thread; the front ends show an ``Estimate`` of its frozen ``EtaState``,
which the run sends them (``fstune.measure.events.ProgressSnapshot``), moved on to the time they
draw it.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from fstune.units import format_estimate

MAKE_SECONDS = 5.0  # making, mounting and reading back one configuration, until measured
UNFINISHED_AT_MOST = 0.99  # the share shown while the run has not ended, however little is left


@dataclass(frozen=True)
class Estimate:
    """What the progress panes show about the whole run."""

    fraction: float  # 0..1 of the run's time; never less than the one before
    seconds_left: float  # for the blocks scheduled now
    seconds_left_at_most: float | None  # if the study needs every block up to the cap; None: it cannot add any
    blocks: int  # scheduled now
    cap: int | None  # the most blocks it can come to, while it can still add some
    measured: bool  # the block time is measured on this machine (else the plan's)

    def text(self, *, short: bool = False) -> str:
        """"about 4 min left, up to 11 min if it needs all 15 blocks"; ``short``: "4 min left,
        ≤ 11 min (15 blocks)" (the plan's guess is then not marked)."""
        if self.fraction >= 1.0:
            return "done"
        if self.seconds_left < 1:
            left = "finishing"
        else:
            left = f"{'' if short else 'about '}{format_estimate(self.seconds_left)} left"
            if not self.measured and not short:
                left += " (planned)"
        at_most = self.seconds_left_at_most
        if at_most is not None and self.cap is not None and format_estimate(at_most) != format_estimate(
                self.seconds_left):
            if short:
                left += f", ≤ {format_estimate(at_most)} ({self.cap} blocks)"
            else:
                left += f", up to {format_estimate(at_most)} if it needs all {self.cap} blocks"
        return left


class RunEta:
    """The time a run has left. Safe to ask from another thread than the one feeding it.

    ``workload_seconds``: one configuration's workloads in one block, from the plan;
    ``configs``: configurations per block; ``blocks``: blocks scheduled; ``cap``: the most
    blocks the run can come to (None or ``blocks``: no block can be added); ``prelude_seconds``:
    what runs once before the first block.
    """

    def __init__(self, workload_seconds: float, configs: int, blocks: int, *, cap: int | None = None,
                 make_seconds: float = MAKE_SECONDS, prelude_seconds: float = 0.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.workload_seconds = max(0.0, workload_seconds)
        self.prelude_seconds = max(0.0, prelude_seconds)
        self.configs = max(1, configs)
        self.make_seconds = make_seconds
        self._clock = clock
        self._lock = threading.Lock()
        self._blocks = max(0, blocks)
        self._cap = cap
        self._making: list[float] = []
        self._measured: list[float] = []  # seconds of each finished block
        self._running: dict[int, float] = {}  # block → when it started
        self._finished: set[int] = set()
        self._started: float | None = None
        self._ended = False
        self._fraction = 0.0
        self._last: float | None = None
        self._added = False  # blocks were added since the last estimate: the share starts again

    # --- what happened -------------------------------------------------------------------------

    def start(self) -> None:
        """The run began (the first call counts; later ones change nothing)."""
        with self._lock:
            if self._started is None:
                self._started = self._last = self._clock()

    def making(self, seconds: float) -> None:
        """One configuration was made, mounted and read back in ``seconds``."""
        with self._lock:
            self._making.append(seconds)

    def block_started(self, number: int) -> None:
        self.start()
        with self._lock:
            if number not in self._running and number not in self._finished:
                self._running[number] = self._clock()

    def block_finished(self, number: int) -> None:
        with self._lock:
            started = self._running.pop(number, None)
            if started is not None and number not in self._finished:
                self._finished.add(number)
                self._measured.append(self._clock() - started)

    def schedule(self, blocks: int, cap: int | None) -> None:
        """The run now has ``blocks`` blocks and may come to ``cap`` (None: no more can be added)."""
        with self._lock:
            blocks = max(blocks, len(self._finished) + len(self._running))
            self._added = self._added or blocks > self._blocks
            self._blocks = blocks
            self._cap = cap

    def end(self) -> None:
        """The run is over, however it ended."""
        with self._lock:
            self._ended = True

    # --- what is left --------------------------------------------------------------------------

    @property
    def blocks_finished(self) -> int:
        return len(self._finished)

    def measured_block_seconds(self) -> float | None:
        """The finished blocks' median time, or None before one has finished."""
        with self._lock:
            return statistics.median(self._measured) if self._measured else None

    def block_seconds(self) -> float:
        """One block's time: the measured blocks' median, else the plan's (with making and mounting
        as measured here so far); never less than the running block has taken already."""
        with self._lock:
            return self._state().block_seconds(self._clock())

    def estimate(self) -> Estimate:
        """The estimate now; the share it says is the one the next estimate never falls below.
        Only the thread that feeds the run asks this: others extrapolate a ``state()``."""
        with self._lock:
            now = self._clock()
            estimate = self._state().estimate(now)
            if not self._ended and self._started is not None:
                self._last, self._added = now, False
            self._fraction = estimate.fraction
            return estimate

    def state(self) -> EtaState:
        """What the estimate is made from, frozen: another thread's ``estimate()`` of it changes
        nothing here."""
        with self._lock:
            return self._state()

    def _state(self) -> EtaState:
        return EtaState(self.workload_seconds, self.prelude_seconds, self.configs, self.make_seconds, self._blocks,
                        self._cap, tuple(self._making), tuple(self._measured), tuple(self._running.values()),
                        len(self._finished), self._started, self._ended, self._fraction, self._last, self._added,
                        self._clock)


@dataclass(frozen=True)
class EtaState:
    """A ``RunEta`` at one moment: the plan's figures, what was measured, which blocks run since
    when, and the share shown last. ``estimate(now)`` is pure arithmetic on it, so the front end's
    thread can move the time left on between two of the run's events without touching the run."""

    workload_seconds: float
    prelude_seconds: float
    configs: int
    make_seconds: float
    blocks: int
    cap: int | None
    making: tuple[float, ...]
    measured: tuple[float, ...]  # seconds of each finished block
    running: tuple[float, ...]  # when each running block started
    finished: int
    started: float | None
    ended: bool
    fraction: float  # the share the last estimate showed
    last: float | None  # when it was shown
    added: bool  # blocks were added since: the share starts again from the new total
    clock: Callable[[], float] = field(default=time.monotonic, compare=False, repr=False)

    def block_seconds(self, now: float) -> float:
        if self.measured:
            return statistics.median(self.measured)
        making = statistics.median(self.making) if self.making else self.make_seconds
        planned = self.configs * (self.workload_seconds + making)
        running = max((now - started for started in self.running), default=0.0)
        return max(planned, running)

    def estimate(self, now: float | None = None) -> Estimate:
        """The estimate at ``now`` (the run's clock if not given)."""
        now = self.clock() if now is None else now
        per_block = self.block_seconds(now)
        current = sum(max(0.0, per_block - (now - started)) for started in self.running)
        waiting = max(0, self.blocks - self.finished - len(self.running))
        left = 0.0 if self.ended else current + waiting * per_block + self._prelude_left(now)
        cap = self.cap if self.cap is not None and self.cap > self.blocks and not self.ended else None
        at_most = left + (cap - self.blocks) * per_block if cap is not None else None
        return Estimate(self._advance(now, left), left, at_most, self.blocks, cap, bool(self.measured))

    def _prelude_left(self, now: float) -> float:
        """The part of the once-before pass still to run: none once a block has begun."""
        if self.running or self.finished:
            return 0.0
        spent = now - self.started if self.started is not None else 0.0
        return max(0.0, self.prelude_seconds - spent)

    def _advance(self, now: float, left: float) -> float:
        if self.ended:
            return 1.0
        if self.started is None:
            return self.fraction
        passed = now - (self.last if self.last is not None else now)
        elapsed = now - self.started
        floor = fraction = self.fraction
        if self.added:  # a share of the new total: lower than before, once
            floor = fraction = passed = 0.0
        if passed > 0:
            fraction += (1.0 - fraction) * passed / (passed + left) if passed + left > 0 else 0.0
        if elapsed + left > 0:
            fraction = max(fraction, elapsed / (elapsed + left))
        return max(floor, min(fraction, UNFINISHED_AT_MOST))
