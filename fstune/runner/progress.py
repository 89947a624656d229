"""Progress parsers: a tool's output line → (fraction done, seconds left, label).

Moved here verbatim from ``fstune/runner.py``, less mke2fs's parser (``fstune.filesystems.ext``
owns it; the runner asks the filesystems first) and the base class and rate estimate, which
moved to ``fstune.util.progress`` for both. The runner picks one per step and feeds it the
step's lines (see ``fstune.runner.engine``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from fstune.util.progress import ProgressParser
from fstune.util.progress import RateEta as _RateEta


def _seconds(text: str) -> float | None:
    """fio's ETA "01h:02m:03s", "00m:11s", "1d:02h:00m:00s" → seconds."""
    total = 0
    found = False
    for number, unit in re.findall(r"(\d+)([dhms])", text):
        total += int(number) * {"d": 86400, "h": 3600, "m": 60, "s": 1}[unit]
        found = True
    return float(total) if found else None


MAX_ETA = 7 * 86400  # beyond this an ETA is a tool's placeholder, not an estimate


class FioProgress(ProgressParser):
    """fio --eta=always: "Jobs: 4 (f=4): [W(4)][45.0%][w=…][eta 00m:11s]"."""

    PERCENT = re.compile(r"\]\[(\d+(?:\.\d+)?)%\]")
    ETA = re.compile(r"\[eta ([0-9dhms:]+)\]")

    def parse(self, text):
        if not text.startswith("Jobs:"):
            return None
        pct = self.PERCENT.search(text)
        eta = self.ETA.search(text)
        if not pct and not eta:
            return None
        fraction = min(1.0, float(pct.group(1)) / 100) if pct else None
        seconds = _seconds(eta.group(1)) if eta else None
        if seconds is not None and seconds > MAX_ETA:
            seconds = None  # fio prints ETAs of thousands of days while it cannot estimate yet
        return fraction, seconds, "fio"


class DbenchProgress(ProgressParser):
    """dbench's per-second lines against the known run time (-t) plus its warm-up.

    "   8   1234   56.78 MB/sec  warmup   3 sec  latency 12.345 ms" counts from the start;
    "execute 5 sec" counts from the end of the warm-up. The warm-up length comes from dbench's
    own "minimum warmup N secs" line (or its rule: a fifth of -t).
    """

    LINE = re.compile(r"^\s*\d+\s+\d+\s+[\d.]+ MB/sec\s+(warmup|execute)\s+(\d+) sec")
    WARMUP = re.compile(r"minimum warmup (\d+) secs?")
    CLEANUP = re.compile(r"^\s*\d+\s+cleanup\s+\d+ sec")

    def __init__(self, seconds: int) -> None:
        self.seconds = max(1, seconds)
        self.warmup = max(1, self.seconds // 5)

    def parse(self, text):
        match = self.WARMUP.search(text)
        if match:
            self.warmup = int(match.group(1))
            return None
        match = self.LINE.match(text)
        total = self.warmup + self.seconds
        if match:
            phase, sec = match.group(1), int(match.group(2))
            done = sec if phase == "warmup" else self.warmup + sec
            done = min(done, total)
            return done / total, float(total - done), f"dbench {phase}"
        if self.CLEANUP.match(text):
            return 1.0, 0.0, "dbench cleanup"
        return None


class PercentProgress(ProgressParser):
    """Any tool's progress line that it rewrites in place ("\\r… 45%"): the runner only
    offers it lines that were updated or are unfinished, never plain log lines."""

    PERCENT = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d+)?)\s?%")

    def __init__(self) -> None:
        self._rate = _RateEta()

    def parse(self, text):
        found = self.PERCENT.findall(text)
        if not found:
            return None
        value = float(found[-1])
        if value > 100:
            return None
        fraction = value / 100
        return fraction, self._rate.eta("percent", fraction), "progress"


def progress_parser_for(argv: Iterable[str]) -> ProgressParser | None:
    """The parser for a step's tool, looking through fstune's own wrappers (``… -- CMD``)."""
    words = list(argv)
    if not words:
        return None
    tool = os.path.basename(words[0])
    if tool == "fstune" and "--" in words:
        return progress_parser_for(words[words.index("--") + 1:])
    if tool == "fio":
        return FioProgress()
    if tool == "dbench":
        seconds = 600  # dbench's own default
        for flag, value in zip(words, words[1:]):
            if flag in ("-t", "--timelimit") and value.isdigit():
                seconds = int(value)
        for word in words:
            if word.startswith("--timelimit=") and word.split("=", 1)[1].isdigit():
                seconds = int(word.split("=", 1)[1])
        return DbenchProgress(seconds)
    return None
