"""Sizes as people write them ("300M", "1GiB", "4k") and as people read them."""

from __future__ import annotations

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
