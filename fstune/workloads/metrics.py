"""The figures a workload reports, declared once: the parsers, the guide and the verdicts read them.

A ``Metric`` is one figure, named ``PHASE.QUANTITY`` (``fstune.figures.Sample``), with its unit,
which direction is better, the scale a change in it is compared on (docs/verdicts.md, "Paired
contrasts and scales"), a short title, the words the guide says it with, and its role: the
**primary** figure a study stops on, a **secondary** one judged after it, or neither (shown as a
description).

Quantities recur across phases and workloads (every timed phase has ``seconds``), so they are
declared once without a phase, as templates, and placed into phases with ``in_phases``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from fstune.figures import HIGHER, LOWER

# how a change is compared (the names of fstune.stats.scales.Scale)
RATIO, DIFFERENCE, EXACT = "ratio", "difference", "exact"
SCALES = (RATIO, DIFFERENCE, EXACT)


@dataclass(frozen=True)
class Metric:
    name: str  # "seqwrite.rate_mbs"; a template has only the quantity ("rate_mbs")
    unit: str  # as its Sample carries it: "MB/s", "s", "ms", "%", "MB"
    better: str  # HIGHER or LOWER
    # ratio: rates and times; difference: counts that can be 0; exact: byte counts that repeat
    scale: str
    title: str  # short, for tables and charts: "sequential write rate"
    words: str  # what the guide calls the quantity after the phase's name: "seqwrite rate"
    primary: bool = False  # the figure a study's verdict stops on (at most one per workload)
    secondary: bool = False  # judged once the primary decision is final, under Holm
    part_of: str = ""  # the quantity this figure is a share of (data + journal = mb_written)
    external_journal_only: bool = False  # only a configuration with a journal/log device has it
    optional: bool = False  # some runs cannot report it (an older tool, a phase too short)

    @property
    def phase(self) -> str:
        return self.name.partition(".")[0]

    @property
    def quantity(self) -> str:
        return self.name.partition(".")[2]

    def but(self, **changes) -> Metric:
        """This declaration with some attributes changed (a template's role in one workload)."""
        return dataclasses.replace(self, **changes)

    def at(self, phase: str, phase_title: str) -> Metric:
        """The template placed in ``phase``: "rate_mbs" → "seqwrite.rate_mbs", "sequential write rate"."""
        return self.but(name=f"{phase}.{self.name}", title=f"{phase_title} {self.title}")

    def problems(self) -> list[str]:
        """What is missing or contradictory in this declaration (registration refuses it)."""
        found = []
        if not self.phase or not self.quantity:
            found.append(f"metric '{self.name}' is not named PHASE.QUANTITY")
        for attribute in ("unit", "title", "words"):
            if not getattr(self, attribute).strip():
                found.append(f"metric '{self.name}' has no {attribute}")
        if self.better not in (HIGHER, LOWER):
            found.append(f"metric '{self.name}': better must be '{HIGHER}' or '{LOWER}', not {self.better!r}")
        if self.scale not in SCALES:
            found.append(f"metric '{self.name}': scale must be one of {', '.join(SCALES)}, not {self.scale!r}")
        if self.primary and self.secondary:
            found.append(f"metric '{self.name}' cannot be primary and secondary at once")
        return found


def in_phases(phases: Iterable[tuple[str, str]], *templates: Metric) -> tuple[Metric, ...]:
    """Every template in every (phase, phase title), phase by phase."""
    return tuple(template.at(phase, title) for phase, title in phases for template in templates)


# --- quantities several workloads report ------------------------------------------------------

SECONDS = Metric("seconds", "s", LOWER, RATIO, "time", "time")
# MB = 10^6 bytes. The lab's A/A runs gave the same sector count in almost every block
# (tests/fixtures/noise/lab.json), so a change is the change itself; when the counts do vary the
# verdict falls back to the ratio scale and says so (docs/verdicts.md).
MB_WRITTEN = Metric("mb_written", "MB", LOWER, EXACT, "MB written", "MB written")
DATA_MB_WRITTEN = Metric("data_mb_written", "MB", LOWER, EXACT, "MB written to the data device",
                         "MB written to the data device", part_of="mb_written")
# 0 with an internal journal, so a ratio would be undefined
JOURNAL_MB_WRITTEN = Metric("journal_mb_written", "MB", LOWER, DIFFERENCE, "MB written to the journal device",
                            "MB written to the journal device", part_of="mb_written",
                            external_journal_only=True, optional=True)
# what ``fstune workload-helper count-writes`` reports around a phase (base.count_writes_samples)
COUNTED_WRITES = (MB_WRITTEN, DATA_MB_WRITTEN, JOURNAL_MB_WRITTEN, SECONDS)
