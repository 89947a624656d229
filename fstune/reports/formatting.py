"""How a figure, a change, a p-value, a time and a direction read, wherever results are shown.

Every report (``fstune.reports.reports``, ``fstune.reports.html_report``), the terminal tables
(``fstune.reports.terminal``), the class merge, the fstab comments and the guided run's words use
these, so one figure reads the same everywhere: as many decimals as its size deserves, a dash
when there is no figure, a change with its sign.
"""

from __future__ import annotations

import math
from datetime import datetime, timezone

from fstune.figures import HIGHER, LOWER
from fstune.results.compare import Summary
from fstune.units import format_percent


def finite(value) -> bool:
    """A real number that can be shown (not None, not a bool, not NaN or infinite)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def places_for(value: float) -> int | None:
    """How many decimals a figure of this size is shown with; None: significant digits instead."""
    size = abs(value)
    if size >= 1000:
        return 0
    if size >= 100:
        return 1
    if size >= 1:
        return 2
    if size >= 0.01 or size == 0:
        return 3
    return None  # very small: significant digits instead


def fmt_value(value, decimals: int | None = -1) -> str:
    """A figure for people: as many decimals as its size deserves; "–" when there is none."""
    if not finite(value):
        return "–"
    places = places_for(value) if decimals == -1 else decimals
    return f"{value:.3g}" if places is None else f"{value:.{places}f}"


def fmt_summary(summary: Summary | None, n: bool = True) -> str:
    """``15.44 ± 0.21 (n=5)``: median ± standard deviation, in the median's precision."""
    if summary is None or not summary.n:
        return "–"
    places = places_for(summary.median) if finite(summary.median) else None
    text = fmt_value(summary.median, places)
    if finite(summary.stdev) and summary.n > 1:
        text += f" ± {fmt_value(summary.stdev, places)}"
    return text + (f" (n={summary.n})" if n else "")


def fmt_change(value) -> str:
    return format_percent(value / 100, sign=True) if finite(value) else "–"


def fmt_p(value) -> str:
    if not finite(value):
        return ""
    return "p<0.001" if value < 0.001 else f"p={value:.3f}"


def fmt_time(timestamp: float | None) -> str:
    if timestamp is None:
        return "–"
    return datetime.fromtimestamp(timestamp).astimezone().strftime("%Y-%m-%d %H:%M %Z").strip()


def iso_time(timestamp: float | None) -> str | None:
    if timestamp is None:
        return None
    return datetime.fromtimestamp(timestamp, timezone.utc).isoformat(timespec="seconds")


def direction(better: str) -> str:
    return {HIGHER: "higher is better", LOWER: "lower is better"}.get(better, "direction unknown")


__all__ = ["direction", "finite", "fmt_change", "fmt_p", "fmt_summary", "fmt_time", "fmt_value", "iso_time",
           "places_for"]
