"""What the original experiment found, beside what this run found, and whether they agree.

A study that encodes a seed experiment carries the original result as data (``[[expected]]`` in
its file, ``fstune.studies.Expectation``): a configuration against a reference, a figure, the
direction it moved, the original figures, what the effect depends on, the hardware of the time.
``outcomes`` sets each beside the run's own judgement of the same pair and figure and says, in one
of four words, how they relate (docs/verdicts.md, "Expected outcomes"):

- **agrees**: the run's interval lies on the original's side of 0 (higher or lower) and does not
  lie wholly inside ±δ; for "unchanged", the interval lies inside ±δ;
- **disagrees**: the interval lies on the other side, inside ±δ where a change was found, or
  beyond ±δ where none was;
- **cannot tell**: the run has no verdict for that figure (too noisy, undecided, described only,
  not measured);
- **cannot show here**: the place the run was measured cannot show the effect (``Place`` in
  ``fstune.results.caveats``): the journal and the data on one physical disk for an effect of a
  second disk, no moving head (loop devices, flat VM disks, a solid-state disk) for an effect of
  seeks, an emulated CPU (TCG) for any timed figure. What the verdict alone would say is kept
  beside it.

Legacy runs' verdicts (better, worse, within noise) are read the same way, and marked legacy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fstune.figures import HIGHER
from fstune.results.blocked import DESCRIPTION, NOT_YET, WAITING
from fstune.results.caveats import ONE_DISK_TEXT, Place, place
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, Comparison, Row, compare_runs
from fstune.results.formatting import fmt_change
from fstune.results.records import RunRecord
from fstune.results.settings import VM_LAB
from fstune.results.verdict import Position
from fstune.studies import HIGHER_VALUE, LOWER_VALUE, SEEKS, SEPARATE_DISKS, UNCHANGED, Expectation

AGREES, DISAGREES, CANNOT_TELL, CANNOT_SHOW = "agrees", "disagrees", "cannot tell", "cannot show here"
AGREEMENTS = (AGREES, DISAGREES, CANNOT_TELL, CANNOT_SHOW)
COUNTED_UNITS = ("MB",)  # figures that count bytes: an emulated CPU changes how long, not how much


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
    alone: str = ""  # with CANNOT_SHOW: what the verdict alone would say (agrees, disagrees, cannot tell)

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
        """"+30.0 % [+22.0, +38.0], better"; or why there is no figure."""
        if not self.verdict:
            return "no figure"
        said = ", ".join(filter(None, (self.interval, self.verdict)))
        return said + (" (legacy rule)" if self.legacy else "")

    def judged(self) -> str:
        """"agrees"; "cannot tell: too noisy"; "cannot show here: … (the verdict alone: agrees)"."""
        text = self.agreement + (f": {self.reason}" if self.reason else "")
        if self.alone:
            text += f" (the verdict alone: {self.alone})"
        return text

    def text(self) -> str:
        """The whole line: "external against internal: the original measurement: … / yours: … — agrees"."""
        return f"{self.pair}: the original measurement: {self.original()} / yours: {self.yours()} — {self.judged()}"

    def as_dict(self) -> dict:
        """The structured comparison (the JSON export's ``expected`` list)."""
        e = self.expectation
        return {
            "configuration": e.configuration, "against": e.against, "workload": e.workload, "metric": e.metric,
            "metric_title": self.metric_title,
            "original": {"direction": e.direction, "percent": e.percent, "before": e.before, "after": e.after,
                         "unit": e.unit, "hardware": e.hardware, "reference": e.reference, "needs": list(e.needs),
                         "note": e.note, "text": self.original()},
            "yours": {"verdict": self.verdict, "change": self.change, "low": self.low, "high": self.high,
                      "unit": self.unit, "interval": self.interval, "legacy": self.legacy, "text": self.yours()},
            "agreement": self.agreement, "reason": self.reason, "verdict_alone": self.alone, "text": self.text(),
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
    if where.accel == "TCG" and not _counted(expectation.workload, expectation.metric):
        found.append("TCG: the emulated guest CPU, not the disk, sets the pace of anything timed")
    return found


def _side(row: Row) -> tuple[str, str]:
    """Where the run's figure lies: ("up" | "down" | "inside" | "small-up" | "small-down" |
    "unclear-up" | "unclear-down" | "" , why there is no side)."""
    if row.legacy:
        if row.verdict in (BETTER, WORSE):
            up = (row.verdict == BETTER) == (row.better == HIGHER)
            return ("up" if up else "down"), ""
        return "", {NOISE: "within noise", NO_DATA: "not enough data"}.get(row.verdict, row.verdict)
    judgement = row.judgement
    if judgement is None or row.verdict == NOT_YET:
        return "", "not enough blocks for a verdict"
    if row.verdict == WAITING:
        return "", "not judged: the primary metric is undecided"
    if judgement.role == DESCRIPTION:
        return "", "described only: a run judges its primary metric and the declared secondary ones"
    if not judgement.position:
        return "", row.verdict
    position = Position(judgement.position)
    if position is Position.WIDE:
        return "", "too noisy to tell"
    if position is Position.INSIDE:
        return "inside", ""
    kind = {Position.BEYOND_UP: "up", Position.BEYOND_DOWN: "down", Position.UNCLEAR_UP: "unclear-up",
            Position.UNCLEAR_DOWN: "unclear-down", Position.BELOW_DELTA_UP: "small-up",
            Position.BELOW_DELTA_DOWN: "small-down"}[position]
    return kind, ""


def agreement(direction: str, row: Row | None) -> tuple[str, str]:
    """(agrees | disagrees | cannot tell, why) for the original ``direction`` and the run's row."""
    if row is None:
        return CANNOT_TELL, "the run has no figure for it"
    side, why = _side(row)
    if not side:
        return CANNOT_TELL, why
    interim = row.judgement is not None and not row.judgement.final
    said = " (interim: the run ended before its last look)" if interim else ""
    if direction == UNCHANGED:
        if row.legacy:
            return DISAGREES, "a change was found"
        if side in ("inside", "small-up", "small-down"):
            return AGREES, "within ±δ" + said
        if side.startswith("unclear"):
            return CANNOT_TELL, "a change was found, but whether it reaches δ is unclear" + said
        return DISAGREES, "a change beyond δ" + said
    wanted = "up" if direction == HIGHER_VALUE else "down"
    if side in (wanted, f"unclear-{wanted}"):
        return AGREES, said.strip()
    if side == f"small-{wanted}":
        return DISAGREES, "the same direction, but smaller than δ" + said
    if side == "inside":
        return DISAGREES, "no change beyond δ" + said
    return DISAGREES, f"the figure went the other way ({'lower' if wanted == 'up' else 'higher'})" + said


def _row(comparison: Comparison, config: str, workload: str, metric: str) -> Row | None:
    return next((r for r in comparison.rows if (r.config, r.workload, r.metric) == (config, workload, metric)),
                None)


def outcomes(expectations: Sequence[Expectation], comparison: Comparison, record: RunRecord | None = None
             ) -> list[Outcome]:
    """Each expectation beside the run's judgement of the same pair and figure.

    ``comparison`` is the run's own (``compare_runs([record])``); an expectation against another
    configuration than the baseline is read as that pair (``compare_runs(…, pair=…)``: described,
    not judged, when neither is the baseline), which
    needs ``record``, as does what the place of measurement can show."""
    where = place(record) if record is not None else None
    pairs: dict[tuple[str, str], Comparison | None] = {}
    found = []
    for expectation in expectations:
        title = _metric_title(expectation.workload, expectation.metric)
        missing = [name for name in (expectation.configuration, expectation.against) if name not in comparison.configs]
        if missing:
            found.append(Outcome(expectation, title, CANNOT_TELL, f"{', '.join(missing)} not measured in this run"))
            continue
        if expectation.against == comparison.baseline and comparison.pair is None:
            judged_in = comparison
        else:
            key = (expectation.against, expectation.configuration)
            if key not in pairs:
                pairs[key] = compare_runs([record], pair=key) if record is not None else None
            judged_in = pairs[key]
        row = _row(judged_in, expectation.configuration, expectation.workload, expectation.metric) \
            if judged_in is not None else None
        word, why = agreement(expectation.direction, row)
        alone = ""
        if blocked := limits(expectation, where):
            alone, word, why = word, CANNOT_SHOW, "; ".join(blocked)
        judgement = row.judgement if row is not None else None
        shown = bool(judgement and (judgement.role != DESCRIPTION or judgement.change is not None))
        found.append(Outcome(
            expectation, title, word, why, verdict=row.verdict if row is not None else "",
            change=judgement.change if judgement else (row.change_pct if row is not None else None),
            low=judgement.low if judgement else None, high=judgement.high if judgement else None,
            unit=judgement.unit if judgement else ("%" if row is not None else ""),
            interval=judgement.interval_text() if shown else (
                fmt_change(row.change_pct) if row is not None and row.change_pct is not None else ""),
            legacy=bool(row is not None and row.legacy), alone=alone))
    return found


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


__all__ = ["AGREEMENTS", "AGREES", "CANNOT_SHOW", "CANNOT_TELL", "DISAGREES", "Outcome", "agreement", "limits",
           "outcomes", "outcomes_for", "study_expectations"]
