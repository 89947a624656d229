"""What every progress parser shares: the interface the runner calls, an ETA from the rate seen
so far, and the parser for any tool that rewrites a percentage in place.

A tool's own parser lives with whoever owns the tool: fio's and dbench's in their workload
modules (``fstune/workloads/``), mke2fs's in the runner until the filesystems package takes it
(docs/ARCHITECTURE.md). The runner asks for a step's parser and falls back to
``PercentProgress``.
"""

from __future__ import annotations

import re
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


class PercentProgress(ProgressParser):
    """Any tool's progress line that it rewrites in place ("\\r… 45%"): the runner only
    offers it lines that were updated or are unfinished, never plain log lines."""

    PERCENT = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d+)?)\s?%")

    def __init__(self) -> None:
        self._rate = RateEta()

    def parse(self, text):
        found = self.PERCENT.findall(text)
        if not found:
            return None
        value = float(found[-1])
        if value > 100:
            return None
        fraction = value / 100
        return fraction, self._rate.eta("percent", fraction), "progress"
