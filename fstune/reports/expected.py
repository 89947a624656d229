"""What the original experiment found, beside what this run found, and whether they agree.

A study that encodes a seed experiment carries the original result as data (``[[expected]]`` in
its file, ``fstune.studies.Expectation``): a configuration against a reference, a figure, the
direction it moved, the original figures, what the effect depends on, the hardware of the time.
``outcomes`` sets each beside the run's own judgement of the same pair and figure and says how
they relate, by one rule for direction and size (``judge_agreement``; docs/verdicts.md, "Expected
outcomes"):

- **agrees**: the run's interval lies on the original's side of 0 and the original change lies
  inside it or within a factor of ``SIZE_FACTOR`` of it; for "unchanged", the interval lies
  inside ±δ;
- **much smaller** / **much larger**: the same direction, but the original lies further than that
  factor beyond the interval ("same direction, much smaller (-1.9 % against -12.0 %)"); an
  interval that spans 0 and stays that far short of the original is "much smaller, no change
  found"; a change beyond δ where the original found none counts as larger ("a change where the
  original found none");
- **opposite direction**: the interval lies on the other side of 0;
- **cannot tell**: the interval spans 0 and reaches the original, or the run has no verdict for
  that figure (too noisy, undecided, described only, not measured);
- **cannot show here**: the place the run was measured cannot show the effect (``Place`` in
  ``fstune.reports.caveats``): the journal and the data on one physical disk for an effect of a
  second disk, no moving head (loop devices, flat VM disks, a solid-state disk) for an effect of
  seeks, an emulated CPU (TCG) for any timed figure, unless the lab's time was dilated to match
  it (docs/vmlab.md, "Time dilation"). What the rule alone would say is kept beside it.

Legacy runs' verdicts (better, worse, within noise) are read the same way, with their bootstrap
interval as a percentage of the baseline's median, and marked legacy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from fstune.results.blocked import DESCRIPTION, NOT_YET, WAITING, in_budget
from fstune.reports.caveats import ONE_DISK_TEXT, Place, place
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, Comparison, Row, compare_runs, judge_described
from fstune.reports.formatting import fmt_change
from fstune.stats.judge import format_amount
from fstune.results.records import RunRecord
from fstune.results.settings import VM_LAB
from fstune.stats.verdict import Position
from fstune.studies import HIGHER_VALUE, LOWER_VALUE, SEEKS, SEPARATE_DISKS, UNCHANGED, Expectation

AGREES, SMALLER, LARGER, OPPOSITE = "agrees", "much smaller", "much larger", "opposite direction"
CANNOT_TELL, CANNOT_SHOW = "cannot tell", "cannot show here"
NOT_MEASURED = "not measured"  # how CANNOT_TELL reads when the run has no figure to set beside the original
AGREEMENTS = (AGREES, SMALLER, LARGER, OPPOSITE, CANNOT_TELL, CANNOT_SHOW)
SIZES_DIFFER = (SMALLER, LARGER)  # the direction was not contradicted; the size was
# How far the original change may lie from the run's interval and still agree in size, as a
# factor of the interval's ends: the seed's tree, kernel and disks are not the run's, so only
# the order of a change can be expected to carry over (docs/verdicts.md, "Expected outcomes").
SIZE_FACTOR = 2.0
# positions of the run's interval that say "no change worth having" to an original that found
# none, and those that say there was one
_WITHIN_DELTA = (Position.INSIDE, Position.BELOW_DELTA_UP, Position.BELOW_DELTA_DOWN)
_BEYOND_DELTA = (Position.BEYOND_UP, Position.BEYOND_DOWN)
COUNTED_UNITS = ("MB",)  # figures that count bytes: an emulated CPU changes how long, not how much


@dataclass(frozen=True)
class Agreement:
    """How a run's figure relates to the original's, in words (``judge_agreement``)."""

    word: str  # one of AGREEMENTS
    said: str  # the judgement: "agrees", "same direction, much smaller"
    figures: str = ""  # the two changes side by side: "-1.9 % against -12.0 %"
    why: str = ""  # a clause when the words need one: "the interval spans 0"

    def text(self) -> str:
        """"same direction, much smaller (-1.9 % against -12.0 %)"; "cannot tell: too noisy to tell"."""
        return self.said + (f" ({self.figures})" if self.figures else "") + (f": {self.why}" if self.why else "")


def _percent(value: float) -> str:
    return f"{format_amount(value)} %"


def judge_agreement(original: float | None, direction: str, change: float | None, low: float, high: float,
                    unit: str = "%", position: Position | None = None) -> Agreement:
    """The one rule for whether a run agrees with an original measurement, in direction and size.

    ``original`` is the original change in percent (None when the original gives only its
    ``direction``: higher, lower or unchanged); ``change`` and [``low``, ``high``] are the run's
    estimate and interval (closed), in ``unit``; ``position`` is where the verdict put that
    interval against ±δ, which is how "unchanged" is read. Sizes are compared only in percent: a
    change in a metric's own unit (a baseline of 0) is compared in direction only.

    - The run's direction is up when low > 0, down when high < 0; otherwise the interval spans 0.
    - Same direction: the original agrees in size when it lies inside [low, high] or within
      ``SIZE_FACTOR`` of it (from the nearer end / SIZE_FACTOR to the farther end × SIZE_FACTOR);
      beyond that it is "much smaller" or "much larger" (the run's change, against the original).
    - Opposite directions: "opposite direction".
    - An interval that spans 0 "cannot tell", unless even its end on the original's side, times
      SIZE_FACTOR, falls short of the original: then the change is "much smaller, no change found".
    - "unchanged": agrees when the interval lies inside ±δ; a change beyond δ is "a change where the
      original found none" (LARGER); an interval across δ cannot tell.
    """
    sized = unit == "%"
    ours = "?" if change is None else _percent(change) if sized else f"{format_amount(change, unit)} {unit}"
    up, down = low > 0, high < 0
    if direction == UNCHANGED:
        figures = f"{ours} against no change"
        if position in _WITHIN_DELTA:
            return Agreement(AGREES, "agrees", figures, "within ±δ")
        if position in _BEYOND_DELTA or (position is None and (up or down)):  # a legacy run has no δ
            return Agreement(LARGER, "a change where the original found none", figures)
        if position is None:
            return Agreement(CANNOT_TELL, "cannot tell", why="the interval spans 0")
        if position.excludes_zero:
            return Agreement(CANNOT_TELL, "cannot tell", why="a change was found, but whether it reaches δ is unclear")
        return Agreement(CANNOT_TELL, "cannot tell", why="the interval reaches ±δ")
    wanted_up = direction == HIGHER_VALUE
    size = abs(original) if sized and original is not None else None
    theirs = _percent(original) if original is not None else ("higher" if wanted_up else "lower")
    figures = f"{ours} against {theirs}"
    if not (up or down):
        reach = max(0.0, high if wanted_up else -low)  # how far the interval goes the original's way
        if size is not None and size > reach * SIZE_FACTOR:
            return Agreement(SMALLER, "much smaller, no change found", figures)
        return Agreement(CANNOT_TELL, "cannot tell", why="the interval spans 0")
    if up != wanted_up:
        return Agreement(OPPOSITE, "opposite direction", figures)
    if size is None:
        why = "the original gives only a direction" if original is None else \
            f"the change is in {unit}, not percent, so only its direction is compared"
        return Agreement(AGREES, "agrees", figures, why)
    near, far = sorted((abs(low), abs(high)))
    if size > far * SIZE_FACTOR:
        return Agreement(SMALLER, "same direction, much smaller", figures)
    if size < near / SIZE_FACTOR:
        return Agreement(LARGER, "same direction, much larger", figures)
    if near <= size <= far:
        return Agreement(AGREES, "agrees", figures)
    return Agreement(AGREES, "agrees", figures, f"within a factor of {SIZE_FACTOR:g} of the interval")


@dataclass(frozen=True)
class Outcome:
    """One expectation beside the run's figure, and how they relate."""

    expectation: Expectation
    metric_title: str  # "dbench throughput"
    agreement: str  # one of AGREEMENTS
    reason: str  # why, in a clause ("" when the words say it all)
    verdict: str = ""  # the run's verdict word for the pair and figure ("" : none)
    change: float | None = None  # the run's estimate, in ``unit``
    low: float | None = None  # its interval
    high: float | None = None
    unit: str = ""  # "%" or the metric's unit
    interval: str = ""  # the interval as every report prints it
    legacy: bool = False
    alone: str = ""  # with CANNOT_SHOW: what the rule alone would say ("agrees", "same direction, much smaller (…)")
    said: str = ""  # the judgement in words ("same direction, much smaller"); "" : the agreement word itself
    figures: str = ""  # the two changes side by side ("-1.9 % against -12.0 %")
    beside: bool = False  # the run only describes this figure: it was judged for this comparison alone

    @property
    def pair(self) -> str:
        return f"{self.expectation.configuration} against {self.expectation.against}"

    def original(self) -> str:
        """"dbench throughput +11.7%, 15.44 → 17.25 MB/s (2003, IDE disks)"."""
        e = self.expectation
        size = fmt_change(e.percent) if e.percent is not None else ""
        moved = {HIGHER_VALUE: size or "higher", LOWER_VALUE: size or "lower",
                 UNCHANGED: "unchanged" + (f" ({size})" if size else "")}[e.direction]
        figures = f", {_figure(e.before)} → {_figure(e.after)} {e.unit}" if e.before is not None else ""
        return f"{self.metric_title} {moved}{figures} ({e.hardware})"

    def yours(self) -> str:
        """"+30.0 % [+22.0, +38.0], better"; "not measured" when there is no figure."""
        if not self.verdict:
            return "not measured"
        said = ", ".join(filter(None, (self.interval, self.verdict)))
        return said + (" (legacy rule)" if self.legacy else "") + (" (judged here only)" if self.beside else "")

    def headline(self) -> str:
        """The judgement in words, without figures or reason: "same direction, much smaller"."""
        return self.said or self.agreement

    def likely(self) -> str:
        """The study's reason for a difference in size (``why_different``), when the sizes differ;
        "" otherwise: a reason is shown beside the judgement, never instead of it."""
        return self.expectation.why_different if self.agreement in SIZES_DIFFER else ""

    def detail(self) -> str:
        """What follows the headline: " (-1.9 % against -12.0 %): why (the verdict alone: …); likely
        reason: …"."""
        text = (f" ({self.figures})" if self.figures else "") + (f": {self.reason}" if self.reason else "")
        text += f" (the verdict alone: {self.alone})" if self.alone else ""
        return text + (f"; likely reason: {self.likely()}" if self.likely() else "")

    def judged(self) -> str:
        """"agrees (+11.0 % against +11.7 %)"; "same direction, much smaller (-1.9 % against -12.0 %);
        likely reason: …"; "cannot tell: the interval spans 0"; "cannot show here: … (the verdict
        alone: agrees (…))"."""
        return self.headline() + self.detail()

    def text(self) -> str:
        """The whole line: "external against internal: the original measurement: … / yours: … — agrees (…)"."""
        return f"{self.pair}: the original measurement: {self.original()} / yours: {self.yours()} — {self.judged()}"

    def as_dict(self) -> dict:
        """The structured comparison (the JSON export's ``expected`` list)."""
        e = self.expectation
        return {
            "configuration": e.configuration, "against": e.against, "workload": e.workload, "metric": e.metric,
            "metric_title": self.metric_title,
            "original": {"direction": e.direction, "percent": e.percent, "before": e.before, "after": e.after,
                         "unit": e.unit, "hardware": e.hardware, "reference": e.reference, "needs": list(e.needs),
                         "note": e.note, "why_different": e.why_different, "text": self.original()},
            "yours": {"verdict": self.verdict, "change": self.change, "low": self.low, "high": self.high,
                      "unit": self.unit, "interval": self.interval, "legacy": self.legacy, "judged_here": self.beside,
                      "text": self.yours()},
            "agreement": self.agreement, "said": self.headline(), "figures": self.figures, "reason": self.reason,
            "verdict_alone": self.alone, "likely_reason": self.likely(), "judged": self.judged(), "text": self.text(),
        }


def _figure(value: float | None) -> str:
    return "?" if value is None else f"{value:g}"


def _metric_title(workload: str, metric: str) -> str:
    from fstune.workloads.registry import metric as declared

    known = declared(workload, metric)
    return known.title if known is not None else f"{workload} {metric}"


def _counted(workload: str, metric: str) -> bool:
    from fstune.workloads.registry import metric as declared

    known = declared(workload, metric)
    return known is not None and known.unit in COUNTED_UNITS


def limits(expectation: Expectation, where: Place | None) -> list[str]:
    """Why the place a run was measured cannot show this effect; [] when it can (or is not known)."""
    if where is None:
        return []
    found = []
    if SEPARATE_DISKS in expectation.needs and where.shared_disk:
        found.append(f"{f'one-disk {where.kind}' if where.loop else 'one physical disk'}: {ONE_DISK_TEXT}")
    if SEEKS in expectation.needs and where.heads_move is False:
        if where.loop:
            found.append(f"{where.kind}: loop devices write into files through the host's page cache, so no head "
                         "moves")
        elif where.kind == VM_LAB:
            found.append("VM lab without a disk model: a flat cost per request has no head to move")
        else:
            found.append("solid-state disk: there is no head to move")
    # a dilated lab slowed its disk as much as the emulated CPU is slowed: the pace is theirs together
    if where.accel == "TCG" and where.dilation is None and not _counted(expectation.workload, expectation.metric):
        found.append("TCG: the emulated guest CPU, not the disk, sets the pace of anything timed")
    return found


def _no_verdict(row: Row) -> str:
    """Why the run's row has no verdict the rule can read ("" when it has one)."""
    if row.legacy:
        if row.verdict in (BETTER, WORSE):
            return "" if row.median_diff_ci is not None and row.baseline.median else "no interval"
        return {NOISE: "within noise", NO_DATA: "not enough data"}.get(row.verdict, row.verdict)
    judgement = row.judgement
    if judgement is None or row.verdict == NOT_YET:
        return "not enough blocks for a verdict"
    if row.verdict == WAITING:
        return "not judged: the primary metric is undecided"
    if judgement.role == DESCRIPTION:
        return "described only: a run judges its primary metric and the declared secondary ones"
    if judgement.low is None or judgement.high is None or not judgement.position:
        return row.verdict
    return ""


def agreement(expectation: Expectation, row: Row | None) -> Agreement:
    """How the run's ``row`` relates to the ``expectation`` (``judge_agreement``), or why it cannot
    be told (no figure, no verdict)."""
    if row is None:
        return Agreement(CANNOT_TELL, "cannot tell", why="the run has no figure for it")
    if why := _no_verdict(row):
        return Agreement(CANNOT_TELL, "cannot tell", why=why)
    if row.legacy:  # its bootstrap interval of the medians' difference, as a percentage of the baseline's
        scale = 100.0 / abs(row.baseline.median)
        low, high = (value * scale for value in row.median_diff_ci)
        return judge_agreement(expectation.percent, expectation.direction, row.change_pct, low, high)
    judgement = row.judgement
    found = judge_agreement(expectation.percent, expectation.direction, judgement.change, judgement.low,
                            judgement.high, judgement.unit, Position(judgement.position))
    if not judgement.final:
        interim = "interim: the run ended before its last look"
        found = replace(found, why=f"{found.why}; {interim}" if found.why else interim)
    return found


def _row(comparison: Comparison, config: str, workload: str, metric: str) -> Row | None:
    return next((r for r in comparison.rows if (r.config, r.workload, r.metric) == (config, workload, metric)),
                None)


def outcomes(expectations: Sequence[Expectation], comparison: Comparison, record: RunRecord | None = None
             ) -> list[Outcome]:
    """Each expectation beside the run's judgement of the same pair and figure.

    ``comparison`` is the run's own (``compare_runs([record])``); an expectation against another
    configuration than the baseline is read as that pair (``compare_runs(…, pair=…)``: described,
    not judged, when neither is the baseline). A figure the run only describes is judged here,
    against the baseline, as its own family after the primary
    (``fstune.results.compare.judge_described``), so the original is compared with an interval,
    not with a bare mean; that needs ``record``, as do the pairs and what the place of
    measurement can show."""
    where = place(record) if record is not None else None
    pairs: dict[tuple[str, str], Comparison | None] = {}
    described: dict[str, dict] = {}  # variant → its expected figures judged beside the original
    found = []
    for expectation in expectations:
        title = _metric_title(expectation.workload, expectation.metric)
        missing = [name for name in (expectation.configuration, expectation.against) if name not in comparison.configs]
        if missing:
            found.append(Outcome(expectation, title, CANNOT_TELL, f"{' and '.join(missing)} not in this run",
                                 said=NOT_MEASURED))
            continue
        own = expectation.against == comparison.baseline and comparison.pair is None
        if own:
            judged_in = comparison
        else:
            key = (expectation.against, expectation.configuration)
            if key not in pairs:
                pairs[key] = compare_runs([record], pair=key) if record is not None else None
            judged_in = pairs[key]
        row = _row(judged_in, expectation.configuration, expectation.workload, expectation.metric) \
            if judged_in is not None else None
        beside = False
        if own and record is not None and row is not None and _only_described(row):
            variant = expectation.configuration
            if variant not in described:
                described[variant] = judge_described(record, variant, [
                    (e.workload, e.metric) for e in expectations
                    if e.configuration == variant and e.against == comparison.baseline])
            if (entry := described[variant].get((expectation.workload, expectation.metric))) is not None:
                row, beside = replace(row, verdict=entry[0], judgement=entry[1]), entry[0] != WAITING
        judged = agreement(expectation, row)
        if row is not None and _only_described(row) and not in_budget(
                comparison.baseline, expectation.against, expectation.configuration):
            judged = replace(judged, why="described only: a pair of two variants is beyond the run's error budget")
        elif row is None:
            judged = Agreement(CANNOT_TELL, NOT_MEASURED, why=_not_measured(expectation, title, judged_in))
        alone = ""
        if blocked := limits(expectation, where):
            alone = judged.text()
            judged = Agreement(CANNOT_SHOW, CANNOT_SHOW, why="; ".join(blocked))
        judgement = row.judgement if row is not None else None
        shown = bool(judgement and (judgement.role != DESCRIPTION or judgement.change is not None))
        found.append(Outcome(
            expectation, title, judged.word, judged.why, verdict=row.verdict if row is not None else "",
            change=judgement.change if judgement else (row.change_pct if row is not None else None),
            low=judgement.low if judgement else None, high=judgement.high if judgement else None,
            unit=judgement.unit if judgement else ("%" if row is not None else ""),
            interval=judgement.interval_text() if shown else (
                fmt_change(row.change_pct) if row is not None and row.change_pct is not None else ""),
            legacy=bool(row is not None and row.legacy), alone=alone, said=judged.said, figures=judged.figures,
            beside=beside))
    return found


def _only_described(row: Row) -> bool:
    return not row.legacy and row.judgement is not None and row.judgement.role == DESCRIPTION


def _not_measured(expectation: Expectation, title: str, comparison: Comparison | None) -> str:
    """Why there is no figure to set beside the original, plainly, instead of a number."""
    rows = comparison.rows if comparison is not None else []
    if not any(row.workload == expectation.workload for row in rows):
        return f"the {expectation.workload} workload did not run"
    return f"the run has no {title} figure"


def study_expectations(name: str) -> tuple[Expectation, ...]:
    """The expectations of the study called ``name`` as fstune finds it today; () when it has none
    or no longer loads (a result is still shown without them)."""
    from fstune.errors import FstuneError
    from fstune.studies import find_study

    try:
        return find_study(name).expected
    except FstuneError:
        return ()


def outcomes_for(runs: Sequence[RunRecord], comparison: Comparison) -> list[Outcome]:
    """What every report shows: the expected outcomes of one run's own comparison; [] for several
    runs side by side or one pair, whose columns are not the study's configurations. The run's
    own record of them comes first: a study file edited later does not change an old report."""
    if len(runs) != 1 or comparison.pair is not None:
        return []
    recorded = (runs[0].settings or {}).get("expected")
    if isinstance(recorded, list):  # what the study expected when the run was made
        expectations = tuple(Expectation.from_json(entry) for entry in recorded if isinstance(entry, dict))
    else:  # a run made before runs recorded it: the study as fstune finds it today
        expectations = study_expectations(runs[0].study)
    return outcomes(expectations, comparison, runs[0]) if expectations else []


__all__ = ["AGREEMENTS", "AGREES", "CANNOT_SHOW", "CANNOT_TELL", "LARGER", "OPPOSITE", "SIZES_DIFFER", "SIZE_FACTOR",
           "SMALLER", "Agreement", "Outcome", "agreement", "judge_agreement", "limits", "outcomes", "outcomes_for",
           "study_expectations"]
