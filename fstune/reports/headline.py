"""The answer first: one line per variant that a person can act on, and the caveats under it.

    external: dbench throughput +11.7 % [+8.0, +15.6], better; throughput unchanged

Every place a run's results are shown starts with this (the wizard's results screen,
``fstune results show``, the Markdown and HTML reports; docs/verdicts.md, "The headline"), so it
is built here once, as plain words, from the ``Comparison``'s own verdicts:

- the **primary** metric's verdict (a blocked run: the study's primary, with its change and
  interval, "cap reached while undecided", the change the run could have shown when it was too
  noisy; a legacy run: each workload's declared primary metric with the legacy rule's word);
- the **secondary** metrics, briefly, per workload: "unchanged" when none differs, else each
  one's verdict word and change;
- the **caveats** of the runs (``fstune.reports.caveats``), then failed repeats and an
  unfinished run, which the figures below rest on.

The full tables, the charts and the notes follow in each front end; nothing here is new
information, only the order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fstune.results.blocked import DESCRIBED, NOT_YET, PRIMARY, SECONDARY, WAITING
from fstune.reports.caveats import caveats_of_runs
from fstune.results.compare import NO_DATA, NOISE, Comparison, Row
from fstune.reports.formatting import fmt_change, fmt_p
from fstune.results.records import FINISHED, RunRecord
from fstune.stats.verdict import Verdict

NO_VARIANT = "Only one configuration was measured: there is nothing to compare it with."
UNCHANGED = "unchanged"  # a secondary metric's "no detectable difference", briefly
# a secondary metric's verdict in the headline's few words (the tables below say it in full)
BRIEF = {Verdict.NO_DIFFERENCE.value: UNCHANGED, Verdict.TOO_NOISY.value: "too noisy to tell",
         WAITING: "not judged yet", NOISE: "within noise", NO_DATA: NO_DATA, DESCRIBED: "no verdict"}


@dataclass(frozen=True)
class VariantLine:
    """One variant's line: its name, the primary verdict word (colours it) and the sentence."""

    config: str
    verdict: str
    primary: str  # "dbench throughput +11.7 % [+8.0, +15.6], better"
    others: str = ""  # "throughput unchanged"

    @property
    def text(self) -> str:
        return f"{self.config}: {self.primary}" + (f"; {self.others}" if self.others else "")


@dataclass(frozen=True)
class Headline:
    """What a run showed, in a few lines: one per variant, then what the reader must know."""

    lines: tuple[VariantLine, ...]
    caveats: tuple[str, ...]
    baseline: str
    legacy: bool


def _title(workload: str, metric: str) -> str:
    """A metric's short title as its workload declares it ("dbench throughput"), else its name."""
    from fstune.workloads.registry import metric as declared

    known = declared(workload, metric)
    return known.title if known is not None and known.title else metric


def _role(row: Row) -> str:
    """primary / secondary / "" (only described): a blocked run's judgement says, except that a
    declared secondary metric left undecided (its blocks did not allow a verdict) stays in the
    headline as "no verdict"; a legacy run's rows take the role their workload declares."""
    from fstune.workloads.registry import metric as declared

    if row.judgement is not None and row.judgement.role in (PRIMARY, SECONDARY):
        return row.judgement.role
    known = declared(row.workload, row.metric)
    if known is None:
        return ""
    if row.judgement is None and known.primary:
        return PRIMARY
    return SECONDARY if known.secondary else ""


def primary_phrase(row: Row) -> str:
    """"dbench throughput +11.7 % [+8.0, +15.6], better": the verdict with its interval."""
    name = _title(row.workload, row.metric)
    judgement = row.judgement
    if judgement is None:  # legacy: the old rule's word, its change and p
        p = fmt_p(row.p_value)
        change = fmt_change(row.change_pct)
        return (f"{name} {change}, {row.verdict}" if row.change_pct is not None else f"{name}: {row.verdict}") \
            + f" (legacy rule{', ' + p if p else ''})"
    if row.verdict == NOT_YET:
        return f"{name}: {NOT_YET} for a verdict"
    # the interval as the tables write it: "+11.7 % [+8.0, +15.6]", or "+3 MB exactly"
    said = f"{name} {judgement.interval_text()}, {row.verdict}"
    if judgement.moved:  # not one change: say how it moved before any verdict word
        said = f"{name} moved during the run ({judgement.moved}); on average {judgement.interval_text()}, {row.verdict}"
    if judgement.qualifier:
        said += f", {judgement.qualifier}"
    if row.verdict == Verdict.TOO_NOISY and judgement.detectable_text():
        said += f" ({judgement.detectable_text()})"  # what this run could have shown
    if judgement.cap_undecided:
        said += "; cap reached while undecided"
    elif not judgement.final:
        said += " (interim)"
    return said


def _brief(row: Row) -> str:
    """A secondary verdict in a word or two; a claimed difference with its change."""
    if row.verdict in BRIEF:
        return BRIEF[row.verdict]
    return f"{row.verdict} {fmt_change(row.change_pct)}" if row.change_pct is not None else row.verdict


def others_phrase(rows: Sequence[Row]) -> str:
    """The secondary metrics per workload, briefly: "throughput unchanged", or each one's word."""
    by_workload: dict[str, list[Row]] = {}
    for row in rows:
        by_workload.setdefault(row.workload, []).append(row)
    parts = []
    for workload, found in by_workload.items():
        words = [_brief(row) for row in found]
        if len(set(words)) == 1 and words[0] in BRIEF.values():
            parts.append(f"{workload} {words[0]}")
        else:
            parts.append(f"{workload}: " + ", ".join(f"{_title(r.workload, r.metric)} {w}"
                                                     for r, w in zip(found, words)))
    return "; ".join(parts)


def variant_line(comparison: Comparison, variant: str) -> VariantLine:
    rows = [row for row in comparison.rows if row.config == variant]
    primaries = [row for row in rows if _role(row) == PRIMARY]
    others = [row for row in rows if _role(row) == SECONDARY]
    name = f"{variant} against {comparison.baseline}" if comparison.pair else variant
    if not primaries:
        verdict = NO_DATA if not rows else DESCRIBED
        said = ("no figures to compare" if not rows
                else "no verdict: the study's primary metric was not judged (see the tables)")
        return VariantLine(name, verdict, said, others_phrase(others))
    # a legacy run has a declared primary per workload; the first is the headline's verdict
    return VariantLine(name, primaries[0].verdict, "; ".join(primary_phrase(row) for row in primaries),
                       others_phrase(others))


def headline(runs: Sequence[RunRecord], comparison: Comparison) -> Headline:
    """The headline of a comparison of ``runs``: a line per variant, then the caveats."""
    lines = tuple(variant_line(comparison, variant) for variant in comparison.variants)
    caveats = [caveat.text for caveat in caveats_of_runs(runs, comparison)] if runs else []
    for run in runs:
        if run.status != FINISHED:
            label = f"Run {run.id}" if run.id is not None else "The run"
            caveats.append(f"{label} {run.status}: its figures come only from the repeats that completed.")
    if comparison.failed:
        caveats.append(f"{len(comparison.failed)} repeat(s) failed and are in no figure (the notes say why).")
    return Headline(lines, tuple(caveats), comparison.baseline, comparison.legacy)


__all__ = ["BRIEF", "NO_VARIANT", "UNCHANGED", "Headline", "VariantLine", "headline", "others_phrase", "primary_phrase",
           "variant_line"]
