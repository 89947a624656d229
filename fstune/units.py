"""Sizes as people write them ("300M", "1GiB", "4k") and as people read them."""

from __future__ import annotations

import math
import re

from fstune.errors import UsageError

_FACTORS = {
    "": 1,
    "b": 1,
    "k": 1024,
    "m": 1024**2,
    "g": 1024**3,
    "t": 1024**4,
    "kb": 1000,
    "mb": 1000**2,
    "gb": 1000**3,
    "tb": 1000**4,
    "kib": 1024,
    "mib": 1024**2,
    "gib": 1024**3,
    "tib": 1024**4,
}
_SIZE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$")


def parse_size(text: str) -> int:
    """Bytes in a size such as ``512``, ``4k``, ``300M``, ``1.5GiB`` or ``2GB``.

    Single letters (k, M, G, T) are binary, as in mkfs and losetup; ``MB``/``GB`` are decimal.
    """
    match = _SIZE_RE.match(str(text))
    if not match:
        raise UsageError(f"'{text}' is not a size.", "Write it like 512M, 2G or 1GiB.")
    number, unit = match.groups()
    factor = _FACTORS.get(unit.lower())
    if factor is None:
        raise UsageError(f"'{text}' has an unknown unit '{unit}'.", "Use K, M, G or T (or KiB, MB …).")
    return int(float(number) * factor)


def format_size(num_bytes: int | None) -> str:
    """A short binary size for tables: ``1.0 GiB``, ``300 MiB``, ``512 B``."""
    if num_bytes is None:
        return "?"
    value = float(num_bytes)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if value < 1024 or unit == "TiB":
            if unit == "B":
                return f"{int(value)} B"
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")


def format_percent(fraction: float, places: int | None = 1, *, sign: bool = False, unit: str = "%") -> str:
    """``fraction`` as a percentage: 0.052 → "5.2%" (``places`` decimals), or with
    ``places=None`` as few decimals as the value has (0.03 → "3%", 0.025 → "2.5%").

    A value that is not zero never reads as zero: too small for ``places`` it keeps its first
    significant digit, so a 0.01 % threshold or change shows as "0.01%", not "0%" or "0.0%".
    """
    value = fraction * 100
    plus = "+" if sign else ""
    if places is None:
        text = f"{value:{plus}.4g}"
        if "e" in text:  # far below any threshold a person sets: say how small, plainly
            text = f"{value:{plus}.{min(12, 1 - math.floor(math.log10(abs(value))))}f}".rstrip("0")
    else:
        text = f"{value:{plus}.{places}f}"
        if value and float(text) == 0:
            text = f"{value:{plus}.{min(12, -math.floor(math.log10(abs(value))))}f}"
    return text + unit


def format_elapsed(seconds: float) -> str:
    """A measured duration, as precise as its size deserves: ``4.21 s``, ``37.5 s``, ``2:05``."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"{seconds:.2f} s"
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, sec = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{sec:02d}" if hours else f"{minutes}:{sec:02d}"


def format_estimate(seconds: float) -> str:
    """A duration planned ahead, rounded as a person would say it: ``40 s``, ``5 min``, ``2 h 05 min``."""
    seconds = int(round(seconds))
    if seconds < 90:
        return f"{seconds} s"
    minutes = (seconds + 30) // 60
    return f"{minutes} min" if minutes < 90 else f"{minutes // 60} h {minutes % 60:02d} min"


def format_span(seconds: float | None) -> str:
    """How long a stored run took, for reports: ``45 s``, ``3 min 07 s``, ``1 h 02 min``."""
    if seconds is None or seconds < 0:
        return "–"
    minutes, secs = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"
