"""Progress lines: what a parser gives, and an ETA from the rate seen so far.

A parser turns one line of a tool's output into ``(fraction, eta, label)`` (fraction done 0..1
or None when only a phase is known, seconds left or None, a label) or None when the line says
nothing about progress. Each tool's parser lives with what knows the tool: mke2fs's in
``fstune.filesystems.ext``; the runner asks for one per step and feeds it the step's lines.
"""

from __future__ import annotations

import time


class ProgressParser:
    """Base: ``parse(text)`` → (fraction, eta, label) or None."""

    def parse(self, text: str) -> tuple[float | None, float | None, str] | None:
        raise NotImplementedError


class RateEta:
    """ETA from the rate seen so far, per label."""

    def __init__(self) -> None:
        self._start: dict[str, tuple[float, float]] = {}

    def eta(self, label: str, fraction: float) -> float | None:
        now_ = time.monotonic()
        first = self._start.setdefault(label, (now_, fraction))
        done = fraction - first[1]
        elapsed = now_ - first[0]
        if done <= 0 or elapsed <= 0:
            return None
        return max(0.0, (1.0 - fraction) * elapsed / done)
