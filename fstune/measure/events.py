"""What a run tells its front ends besides the runner's own events (``fstune.runner.events``).

The run emits, in its own thread and in order: the runner's events (steps started, their output
lines and tool progress, steps finished, cleanup steps, ``StepsInserted``, the final event), the
measurement's decisions (``LookDecided``, ``BlockDropped``, ``BlocksEnded``) and what it measured
(``RepeatsMeasured``), a
``ProgressSnapshot`` after every event that moves the run on, and the session's
``CancelRequested`` and ``RunNotStarted``. ``fstune.measure.view.RunView`` folds them into what
both front ends draw; nothing flows back this way (commands go through the session).

Small frozen dataclasses: any thread may hold one.
"""

from __future__ import annotations

from dataclasses import dataclass

from fstune.figures import RepeatResult
from fstune.measure.eta import Estimate, EtaState


@dataclass(frozen=True, slots=True)
class LookDecided:
    """A look was taken: ``line`` is what it found, already formatted as the results show a change
    (capped at ±1000 %: ``fstune.stats.judge.percent_or_unit``)."""

    blocks: int  # the blocks it counted
    line: str  # "Look at 5 blocks: external too noisy to tell, +3.1 % [−20.4, +33.5]; …"


@dataclass(frozen=True, slots=True)
class BlockDropped:
    """The declared rule found block ``block`` disturbed: dropped and replaced, or (``kept``: the
    rule had dropped its limit) kept and marked."""

    block: int
    reason: str
    kept: bool = False

    @property
    def line(self) -> str:
        if self.kept:
            return f"Block {self.block} was disturbed and kept: {self.reason}."
        return f"Block {self.block} was dropped and replaced: {self.reason}."


@dataclass(frozen=True, slots=True)
class RepeatsMeasured:
    """The repeats measured so far, copied in the run's thread when a measured step finished (guided
    mode shows a configuration's figures once it is done); a front end never reads the
    measurement itself."""

    repeats: tuple[RepeatResult, ...]


@dataclass(frozen=True, slots=True)
class BlocksEnded:
    """No more blocks will be added: ``blocks`` in all (dropped ones included), and why."""

    blocks: int
    stopped: str  # DECIDED, CAP_UNDECIDED (fstune.measure.measurement)


@dataclass(frozen=True, slots=True)
class CancelRequested:
    """Someone asked the session to stop the run (its cleanup still runs)."""

    reason: str


@dataclass(frozen=True, slots=True)
class RunNotStarted:
    """The run could not start (or fstune failed while running it): nothing more will come."""

    reason: str


@dataclass(frozen=True, slots=True)
class ProgressSnapshot:
    """How far the run is, as the run's thread saw it: the ETA's state (``fstune.measure.eta``),
    the block running and the blocks scheduled. ``at(now)`` says it at a later moment without
    touching the run, so the front end's clock can move the time left on between events."""

    eta: EtaState
    block: int | None  # the block running (None before the first)
    scheduled: int  # blocks scheduled now (0: the plan has no blocks)
    at_most: int  # the most the cap could bring them to (= scheduled when none can be added)
    order: tuple[str, ...] = ()  # the running block's configurations, in the order they run

    @property
    def blocks(self) -> str:
        """"block 2 of 5 (up to 15)"; "" before the first block."""
        if self.block is None:
            return ""
        return self.blocks_short + (f" (up to {self.at_most})" if self.at_most > self.scheduled else "")

    @property
    def blocks_short(self) -> str:
        """"block 2 of 5", where the room is short (the short time left names the cap)."""
        return f"block {self.block} of {self.scheduled}" if self.block is not None else ""

    @property
    def label(self) -> str:
        """"block 2 of 5 (up to 15): external, internal"; "" before the first block."""
        return f"{self.blocks}: {', '.join(self.order)}" if self.block is not None else ""

    def at(self, now: float | None = None) -> RunProgress:
        return RunProgress(self, self.eta.estimate(now))


@dataclass(frozen=True, slots=True)
class RunProgress:
    """What the progress panes show at one moment: a snapshot's blocks and its estimate then."""

    snapshot: ProgressSnapshot
    estimate: Estimate  # the share of the run's time (of the blocks scheduled now) and the time left

    @property
    def blocks(self) -> str:
        return self.snapshot.blocks

    @property
    def blocks_short(self) -> str:
        return self.snapshot.blocks_short

    @property
    def label(self) -> str:
        return self.snapshot.label

    @property
    def fraction(self) -> float:
        return self.estimate.fraction

    @property
    def eta(self) -> str:
        """"about 4 min left, up to 11 min if it needs all 15 blocks"."""
        return self.estimate.text()

    @property
    def eta_short(self) -> str:
        """"4 min left, ≤ 11 min (15 blocks)", where the room is short."""
        return self.estimate.text(short=True)


__all__ = ["BlockDropped", "BlocksEnded", "CancelRequested", "LookDecided", "ProgressSnapshot", "RunNotStarted",
           "RunProgress"]
