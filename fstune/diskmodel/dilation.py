"""Time dilation: the disk model slowed by the factor by which the VM lab's CPU is slower than the
host's, and the figures measured against it converted back (docs/vmlab.md, "Time dilation").

Under TCG the guest's CPU runs many times slower than the host's, so a metadata workload is paced
by the emulated CPU, not by the modelled disk. DieCast (Gupta et al., "DieCast: Testing
Distributed Systems with an Accurate Scale Model", NSDI 2008) keeps a system's balance by
stretching time for everything in it: here the guest's CPU is already slow, so the disk is
slowed by the same factor. Every time parameter of the model is multiplied by it (every rate
divided), so the named 2003 disk keeps its geometry and each request costs exactly ``factor``
times what it would natively; CPU and disk keep their native ratio, and a figure measured in the
guest converts back to native time: throughput × factor, latency and duration ÷ factor.

The factor is measured, never assumed (``Dilation.from_pairs``): the same workload on a tmpfs in
the guest and on the host, interleaved, several times; the factor is the median of the paired
ratios, its spread their range. How that spread propagates: a common factor cancels in every
change between two configurations of one run, so percent changes and their intervals stay as
measured; absolute figures are converted by the median and can be off by the spread, which every
result states beside them.

The guest's own clocks that shape its I/O are stretched by the same factor (``scale_clock``):
the kernel's writeback timers and XFS's periodic log work (sysctls, set once in the guest by
``fstune.vmlab.dilation``), and the mount options that are intervals (a journal's ``commit=``,
jbd2's ``max_batch_time``), added by the plan where a configuration sets none (``timer_option``). Left on the guest's real clock they would fire
``factor`` times as often per unit of native work as on a native machine.

Pure arithmetic: no clock, no I/O. The VM lab measures (``fstune.vmlab.dilation``) and the
results path converts (``convert_samples``).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace

from fstune.diskmodel.model import DiskModelError, DiskParams, validate
from fstune.figures import Sample

# DiskParams fields that are durations (scaled × factor) and rates (scaled ÷ factor); everything
# else (sizes, the write-cache switch, the name) is geometry and stays. rpm is a rate of turns.
TIME_FIELDS = ("track_to_track_ms", "average_seek_ms", "full_stroke_ms", "overhead_ms")
RATE_FIELDS = ("rpm", "media_mbs", "interface_mbs")

# units of figures that count per unit of time (multiplied back by the factor) and that are
# durations (divided by it); any other unit (MB, %, a yes/no) does not depend on the clock
RATE_UNITS = ("MB/s", "IOPS", "ops/s", "/s")
TIME_UNITS = ("s", "ms", "us", "µs")

MAX_FACTOR = 1000.0

# The guest's sysctls that are intervals on its clock, in centiseconds, with the largest value
# each may take: the writeback timers are turned into milliseconds (× 10) in an int by the kernel,
# so above INT_MAX / 10 they would overflow; XFS's handler refuses anything over 720000 (2 hours).
INT_MAX = 2**31 - 1
GUEST_SYSCTLS: dict[str, int] = {
    "vm.dirty_expire_centisecs": INT_MAX // 10,
    "vm.dirty_writeback_centisecs": INT_MAX // 10,
    "fs.xfs.xfssyncd_centisecs": 720000,
}


def dilate(params: DiskParams, factor: float) -> DiskParams:
    """``params`` with time stretched ``factor`` times: every duration × factor, every rate ÷
    factor. The disk's name and geometry stay (a track holds the same bytes), so each request's
    service time is exactly ``factor`` × its native one when requests arrive ``factor`` × as
    far apart."""
    check_factor(factor)
    if factor == 1:
        return params
    changes = {name: getattr(params, name) * factor for name in TIME_FIELDS}
    changes.update({name: getattr(params, name) / factor for name in RATE_FIELDS})
    dilated = replace(params, **changes)
    validate(dilated)
    return dilated


def check_factor(factor: float) -> float:
    if not (isinstance(factor, (int, float)) and 1 <= factor <= MAX_FACTOR):
        raise DiskModelError(f"A time-dilation factor must be between 1 and {MAX_FACTOR:g}, not {factor!r}.")
    return float(factor)


@dataclass(frozen=True)
class ScaledClock:
    """One of the guest's intervals stretched by the factor: what it was, what it is now, and
    the limit it was capped at (None: not capped)."""

    name: str              # "vm.dirty_expire_centisecs", "commit"
    native: int            # the guest's value before (its kernel's default, or what was set)
    dilated: int           # the value in force
    unit: str = "cs"       # "cs" (centiseconds) or "s"
    capped: int | None = None   # the limit the scaled value exceeded, and was set to

    def text(self, factor: float) -> str:
        """"vm.dirty_expire_centisecs 500 × 15.2 = 7600", or "… capped at 720000 (its largest): ×4.8,
        not ×15.2"."""
        if self.capped is None:
            return f"{self.name} {self.native} × {factor:g} = {self.dilated}"
        stretch = self.dilated / self.native if self.native else 1.0
        return (f"{self.name} {self.native} × {factor:g} capped at {self.dilated} (its largest): ×{stretch:.1f}, "
                f"not ×{factor:.1f}")

    @classmethod
    def from_dict(cls, data: dict) -> "ScaledClock":
        return cls(str(data["name"]), int(data["native"]), int(data["dilated"]), str(data.get("unit") or "cs"),
                   data.get("capped"))


def scale_clock(name: str, native: int, factor: float, maximum: int | None, unit: str = "cs") -> ScaledClock:
    """``native`` × ``factor``, rounded, capped at ``maximum`` (None: no limit). A native 0 (a timer
    switched off) stays 0. A value that would pass its limit is capped, never refused: the lab
    stays usable and the record says how much the interval was really stretched."""
    check_factor(factor)
    if native < 0:
        raise ValueError(f"{name} is {native}: an interval cannot be negative")
    scaled = round(native * factor)
    if maximum is not None and scaled > maximum:
        return ScaledClock(name, native, max(native, maximum), unit, capped=maximum)
    return ScaledClock(name, native, scaled, unit)


def guest_sysctls(native: dict[str, int], factor: float) -> list[ScaledClock]:
    """The guest's sysctls of ``GUEST_SYSCTLS`` found in ``native`` (name → its value now),
    stretched by ``factor``, in ``GUEST_SYSCTLS``' order."""
    return [scale_clock(name, native[name], factor, maximum) for name, maximum in GUEST_SYSCTLS.items()
            if name in native]


def timer_option(name: str, default: int, unit: str, factor: float, maximum: int | None) -> ScaledClock:
    """A mount option that is an interval (a journal's ``commit=``) for a dilated guest: its
    kernel's default × ``factor``, capped at the largest the option takes (``maximum``)."""
    return scale_clock(name, default, factor, maximum, unit=unit)


# how the plan's warning about a stretched mount option ends, so that the run's caveat can quote
# the warnings the run kept (``timers_stretched``)
KEEPS_NATIVE_TIMING = "to keep native timing"


def timer_sentence(config: str, clock: ScaledClock, factor: float, title: str, fs_title: str) -> str:
    """The plan's warning for a configuration mounted with a stretched interval (``title``: "commit
    interval")."""
    capped = (f", capped at {clock.dilated} {clock.unit}, the largest {fs_title} takes: ×"
              f"{clock.dilated / clock.native:.1f}, not ×{factor:.1f}" if clock.capped else "")
    return (f"Time dilated ×{factor:.1f}: configuration '{config}' mounts with {clock.name}={clock.dilated}, the "
            f"guest's {title} {clock.native} {clock.unit} × {factor:g} = {round(clock.native * factor)} {clock.unit} "
            f"{KEEPS_NATIVE_TIMING}{capped} (docs/vmlab.md, \"Time dilation\").")


def timers_stretched(warnings: Iterable[str]) -> list[str]:
    """Of a run's kept plan warnings, those that say a mount option's interval was stretched."""
    return [w for w in warnings if KEEPS_NATIVE_TIMING in w]


@dataclass(frozen=True)
class Dilation:
    """A measured (or given) factor and its spread, as stored with the lab and every run."""

    factor: float          # the median of the paired ratios (or the factor given)
    low: float             # the smallest paired ratio (= factor when given)
    high: float            # the largest
    how: str               # "measured" or "given"
    workload: str = ""     # what was measured: "dbench 8 clients 10 s on tmpfs"
    ratios: tuple[float, ...] = ()   # host figure / guest figure, per pair
    host: tuple[float, ...] = ()     # the host's figures, in pair order
    guest: tuple[float, ...] = ()    # the guest's
    unit: str = ""         # of host and guest ("MB/s")
    # the guest's sysctls stretched by the factor (``guest_sysctls``), as set in the guest
    clocks: tuple[ScaledClock, ...] = ()

    @classmethod
    def given(cls, factor: float) -> "Dilation":
        factor = check_factor(factor)
        return cls(factor, factor, factor, "given")

    @classmethod
    def from_pairs(cls, host: Sequence[float], guest: Sequence[float], workload: str, unit: str = "MB/s",
                   higher_is_faster: bool = True) -> "Dilation":
        """The factor from interleaved pairs of the same workload on the host and in the guest:
        the median of the per-pair ratios (host/guest for a throughput, guest/host for a time),
        its spread their range, never below 1."""
        if len(host) != len(guest) or not host:
            raise ValueError("the dilation needs pairs of host and guest figures")
        if any(v <= 0 for v in [*host, *guest]):
            raise ValueError("a figure of 0 or less is not a measurement")
        ratios = [(h / g if higher_is_faster else g / h) for h, g in zip(host, guest)]
        factor = max(1.0, statistics.median(ratios))
        return cls(round(factor, 3), round(max(1.0, min(ratios)), 3), round(max(1.0, max(ratios)), 3), "measured",
                   workload, tuple(round(r, 4) for r in ratios), tuple(host), tuple(guest), unit)

    def to_dict(self) -> dict:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict | None) -> "Dilation | None":
        if not isinstance(data, dict) or not isinstance(data.get("factor"), (int, float)):
            return None
        known = {k: data[k] for k in ("factor", "low", "high", "how", "workload", "ratios", "host", "guest", "unit")
                 if k in data}
        known.setdefault("low", data["factor"])
        known.setdefault("high", data["factor"])
        known.setdefault("how", "given")
        for key in ("ratios", "host", "guest"):
            known[key] = tuple(known.get(key) or ())
        known["clocks"] = tuple(ScaledClock.from_dict(c) for c in data.get("clocks") or () if isinstance(c, dict))
        return cls(**known)

    def with_clocks(self, clocks: Iterable[ScaledClock]) -> "Dilation":
        return replace(self, clocks=tuple(clocks))

    def clocks_text(self) -> str:
        """"the guest's vm.dirty_expire_centisecs 500 × 15.2 = 7600, …" ("" when none was scaled)."""
        if not self.clocks:
            return ""
        return "the guest's " + ", ".join(c.text(self.factor) for c in self.clocks)

    def label(self) -> str:
        """"×9.3 [8.1, 10.2]" (measured) or "×9.3 (given, not measured)"."""
        if self.how == "measured":
            return f"×{self.factor:.1f} [{self.low:.1f}, {self.high:.1f}]"
        return f"×{self.factor:.1f} (given, not measured)"

    def spread_pct(self) -> tuple[float, float]:
        """How far an absolute figure converted by ``factor`` could be off by the spread, in
        percent: (low/factor − 1, high/factor − 1) × 100, e.g. (−13.0, +9.7)."""
        return ((self.low / self.factor - 1) * 100, (self.high / self.factor - 1) * 100)

    def describe(self) -> str:
        """The sentence every result carries."""
        what = (f" (median of {len(self.ratios)} interleaved pairs of {self.workload} on tmpfs, host against guest)"
                if self.how == "measured" else "")
        low, high = self.spread_pct()
        spread = (f"; absolute figures carry the factor's spread ({low:+.0f} %, {high:+.0f} %), changes between "
                  "configurations do not (a common factor cancels)" if self.how == "measured" else
                  "; a factor not measured on the workload may not match the guest's CPU")
        clocks = self.clocks_text()
        clocks = (f"; its clocks that shape I/O were stretched as much to keep native timing: {clocks}, and the "
                  "mount options that are intervals (a journal's commit=, jbd2's max_batch_time) where a "
                  "configuration set none (its mount options say)" if clocks else
                  "; the guest's own timers (writeback, journal commits) were not stretched, so per unit of native "
                  "work they fired that much more often")
        return (f"time dilated {self.label()}{what}: the disk model ran that much slower and the figures are "
                f"converted back (rates × {self.factor:.1f}, times ÷ {self.factor:.1f}){clocks}{spread}")


def of_environment(environment: dict | None) -> Dilation | None:
    """The dilation a run's figures were converted back by: from its environment's VM lab
    (``{"lab": {"lab": "vm", "dilation": {...}, ...}}``, what ``fstune.vmlab.environment`` stores),
    or the lab's environment itself; None when time was not dilated (a factor of 1 is none)."""
    lab = (environment or {}).get("lab")
    lab = lab if isinstance(lab, dict) else environment if isinstance(environment, dict) else {}
    if lab.get("lab") != "vm" or not lab.get("disk_model"):
        return None
    found = Dilation.from_dict(lab.get("dilation"))
    return found if found is not None and found.factor > 1 else None


def conversion(unit: str) -> int:
    """+1: a rate (× factor back to native time); −1: a duration (÷ factor); 0: no clock in it."""
    if unit in TIME_UNITS:
        return -1
    if unit in RATE_UNITS or unit.startswith("MB/s"):  # "MB/s per CPU %" too: CPU % is a share
        return 1
    return 0


def convert_value(value: float, unit: str, factor: float, back: bool = True) -> float:
    """A figure measured in dilated time in native time (``back``), or the other way."""
    way = conversion(unit) * (1 if back else -1)
    return value * factor if way > 0 else value / factor if way < 0 else value


def convert_samples(samples: Iterable[Sample], factor: float, back: bool = True) -> list[Sample]:
    """The samples in native time (``back``) or in dilated time (not ``back``)."""
    if factor == 1:
        return list(samples)
    return [replace(s, value=convert_value(s.value, s.unit, factor, back)) for s in samples]


__all__ = ["GUEST_SYSCTLS", "INT_MAX", "KEEPS_NATIVE_TIMING", "ScaledClock", "guest_sysctls", "scale_clock",
           "timer_option", "timer_sentence", "timers_stretched",
           "of_environment", "MAX_FACTOR", "RATE_FIELDS", "RATE_UNITS", "TIME_FIELDS", "TIME_UNITS", "Dilation", "check_factor",
           "conversion", "convert_samples", "convert_value", "dilate"]
