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
feeds it, and both front ends show its ``Estimate``.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

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
            return self._block_seconds(self._clock())

    def _block_seconds(self, now: float) -> float:
        if self._measured:
            return statistics.median(self._measured)
        making = statistics.median(self._making) if self._making else self.make_seconds
        planned = self.configs * (self.workload_seconds + making)
        running = max((now - started for started in self._running.values()), default=0.0)
        return max(planned, running)

    def estimate(self) -> Estimate:
        with self._lock:
            now = self._clock()
            per_block = self._block_seconds(now)
            current = sum(max(0.0, per_block - (now - started)) for started in self._running.values())
            waiting = max(0, self._blocks - len(self._finished) - len(self._running))
            left = 0.0 if self._ended else current + waiting * per_block + self._prelude_left(now)
            cap = self._cap if self._cap is not None and self._cap > self._blocks and not self._ended else None
            at_most = left + (cap - self._blocks) * per_block if cap is not None else None
            self._fraction = self._advance(now, left)
            return Estimate(self._fraction, left, at_most, self._blocks, cap, bool(self._measured))

    def _prelude_left(self, now: float) -> float:
        """The part of the once-before pass still to run: none once a block has begun."""
        if self._running or self._finished:
            return 0.0
        spent = now - self._started if self._started is not None else 0.0
        return max(0.0, self.prelude_seconds - spent)

    def _advance(self, now: float, left: float) -> float:
        if self._ended:
            return 1.0
        if self._started is None:
            return self._fraction
        passed = now - (self._last if self._last is not None else now)
        self._last = now
        elapsed = now - self._started
        if self._added:  # a share of the new total: lower than before, once
            self._added = False
            self._fraction = 0.0
            passed = 0.0
        fraction = self._fraction
        if passed > 0:
            fraction += (1.0 - fraction) * passed / (passed + left) if passed + left > 0 else 0.0
        if elapsed + left > 0:
            fraction = max(fraction, elapsed / (elapsed + left))
        return max(self._fraction, min(fraction, UNFINISHED_AT_MOST))
