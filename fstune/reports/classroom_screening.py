"""The class merge of screening runs: each factor's effect on every machine, and pooled.

A screening run's configurations are the design's runs (run-01 …), not a baseline and its
variants: set side by side as an ordinary study they would read as fifteen "changes" against
run-01. What a screening answers is each factor's effect, so a class of screenings is merged
factor by factor (docs/screening.md, "In a class"):

- per machine, the factor's effect as that machine's own analysis found it (its interval at the
  Holm level it was judged at, its verdict), recomputed from the run's stored repeats;
- across machines, the random-effects pooling the class merge uses for changes (``Pooled``,
  DerSimonian and Laird), on the log scale the effects are estimated on: each machine's effect
  in log points (100 × ln), its standard error from its own interval and residual degrees of
  freedom, at 95 %; tau, the spread of the true effect between machines, on the same scale;
- the resolved (unaliased) two-factor interactions the same way, described, never judged;
- each machine's proposal, and in words whether the machines agree on which factors matter.

``check_screenings`` refuses a mix of screening and ordinary runs, and screenings of different
designs, naming the difference; ``merge_screenings`` builds the result; ``render`` writes it.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from fstune import __version__
from fstune.errors import UsageError
from fstune.reports.classroom import Z95, Machine, MergeError, Pooled
from fstune.reports.formatting import finite
from fstune.reports.html_report import escape, html_head
from fstune.reports.reports import json_text
from fstune.results.records import RunRecord
from fstune.screening.analysis import INTERACTION_LEVEL
from fstune.screening.record import Screened, is_screening, result_from_run
from fstune.screening.verdicts import MATTERS


def check_screenings(runs: Sequence[tuple[str, RunRecord]]) -> bool:
    """True when every run is a screening of one design; False when none is. MergeError for a mix
    or for designs that differ (their factors, levels, filesystem or primary figure)."""
    kinds = [is_screening(run.design) for _, run in runs]
    if not any(kinds):
        return False
    if not all(kinds):
        screens = sorted({source for (source, _), screen in zip(runs, kinds) if screen})
        others = sorted({source for (source, _), screen in zip(runs, kinds) if not screen})
        raise MergeError(f"the files mix screening runs ({', '.join(screens)}) with ordinary studies "
                         f"({', '.join(others)}); merge each kind separately.")
    first_source, first = runs[0]
    reference = _design(first)
    for source, run in runs[1:]:
        theirs = _design(run)
        found = [f"{what}: {reference[what]} vs {theirs[what]}" for what in reference
                 if what in theirs and reference[what] != theirs[what]]
        if reference["factors"] != theirs["factors"]:
            found = [f"factors: {reference['factors']} vs {theirs['factors']}"]
        if found:
            raise MergeError(f"the screening runs differ in their design: {first_source} and {source} differ in "
                             f"{'; '.join(found)}. Their effects do not measure the same changes.",
                             "Merge screenings of the same factors and levels, judged on the same figure.")
    return True


def _design(run: RunRecord) -> dict[str, str]:
    data = run.design["screening"]
    primary = data.get("primary") or {}
    setup = data.get("setup") or {}
    # each factor's levels on their own, so that a refusal names only the factor that differs
    levels = {f"levels of {f['name']}": f"{' '.join(f['first']) or '(none)'} → {' '.join(f['second']) or '(none)'}"
              for f in data.get("factors", [])}
    return {"factors": ", ".join(f["name"] for f in data.get("factors", [])), **levels,
            "filesystem": str(setup.get("filesystem")),
            "primary figure": f"{primary.get('workload')}:{primary.get('metric')} ({primary.get('better')} is better)"}


@dataclass(frozen=True)
class Cell:
    """One machine's effect: in %, its interval at ``level`` and its verdict ("" for an interaction)."""

    percent: float
    low: float
    high: float
    level: float
    verdict: str
    log: float  # the estimate, log points (100 × ln)
    se: float  # its standard error, log points


@dataclass
class FactorRow:
    name: str
    levels: str  # "barrier → nobarrier"; "" for an interaction
    interaction: bool
    cells: dict[str, Cell | None]  # machine label → its effect (None: no result on that machine)
    pooled: Pooled = Pooled(0)  # log points

    @property
    def matters_on(self) -> list[str]:
        return [label for label, cell in self.cells.items() if cell is not None and cell.verdict == MATTERS]


@dataclass
class ScreeningClass:
    factors: str  # the factors in words
    primary: str  # "metadata:dbench.throughput_mbs"
    screened: dict[str, Screened]  # machine label → its screening read back
    rows: list[FactorRow]
    agreement: list[str] = field(default_factory=list)


def _cell(estimate: float, low: float, high: float, level: float, df: int, verdict: str) -> Cell:
    from scipy import stats  # lazily, as classroom.machine_change does

    se = float((high - low) / (2 * stats.t.ppf(1 - level / 2, df))) if df > 0 else float("nan")
    return Cell(math.expm1(estimate) * 100, math.expm1(low) * 100, math.expm1(high) * 100, level, verdict,
                100 * estimate, 100 * se)


def merge_screenings(machines: list[Machine]) -> ScreeningClass:
    """Every machine's screening result, factor by factor, pooled over the machines measured the
    class's way (a machine marked as measured otherwise is shown, not pooled)."""
    screened = {}
    for m in machines:
        try:
            screened[m.label] = result_from_run(m.run.design, m.run.results)
        except UsageError as refused:  # its design cannot be made again: no figure can be put on its runs
            raise MergeError(f"{m.label} ({m.source}): {refused.message}") from None
    first = next(iter(screened.values()))
    rows: dict[str, FactorRow] = {}
    for factor in first.plan.factors:
        rows[factor.name] = FactorRow(factor.name, "", False, {})
    for label, s in screened.items():
        result = s.result
        for row in rows.values():
            row.cells[label] = None
        if result is None:
            continue
        for effect in result.effects:
            row = rows[effect.factor]
            row.levels = row.levels or f"{effect.first} → {effect.second}"
            row.cells[label] = _cell(effect.estimate, effect.low, effect.high, effect.level, result.residual_df,
                                     effect.verdict)
        for interaction in result.interactions:
            if interaction.aliased:  # a sum of several interactions: not one thing to pool
                continue
            row = rows.setdefault(interaction.label, FactorRow(interaction.label, "", True,
                                                               dict.fromkeys(screened)))
            row.cells[label] = _cell(interaction.estimate, interaction.low, interaction.high, INTERACTION_LEVEL,
                                     result.residual_df, "")
    pooled_labels = [m.label for m in machines if not m.differs]
    for row in rows.values():
        row.pooled = Pooled.of([(c.log, c.log - Z95 * c.se, c.log + Z95 * c.se) if c is not None and finite(c.se)
                                else (None, None, None) for c in (row.cells.get(label) for label in pooled_labels)])
    out = ScreeningClass(first.factor_words, first.primary, screened, list(rows.values()))
    out.agreement = agreement_lines(out, pooled_labels)
    return out


def agreement_lines(merged: ScreeningClass, labels: list[str]) -> list[str]:
    """Whether the machines agree on which factors matter, in words."""
    judged = [label for label in labels if merged.screened[label].result is not None]
    if not judged:
        return ["No machine's screening gave a result: nothing to compare."]
    lines = []
    factors = [row for row in merged.rows if not row.interaction]
    sets = {label: frozenset(row.name for row in factors if label in row.matters_on) for label in judged}
    if len(set(sets.values())) == 1:
        matter = sorted(next(iter(sets.values())), key=[row.name for row in factors].index)
        words = ", ".join(matter) if matter else "none"
        lines.append(f"Only {judged[0]}'s screening gave a result (factors that matter: {words}): there is nothing "
                     "to compare it with." if len(judged) == 1 else
                     f"The {len(judged)} machines agree on which factors matter: "
                     + (words if matter else "none on any machine") + ".")
    else:
        lines.append(f"The {len(judged)} machines do not agree on which factors matter:")
        for row in factors:
            on = [label for label in judged if label in row.matters_on]
            if on:
                lines.append(f"{row.name} matters on {len(on)} of {len(judged)} ({', '.join(on)})"
                             + (f"; elsewhere: " + ", ".join(f"{label} {row.cells[label].verdict}"
                                                              for label in judged if label not in on)
                                if len(on) < len(judged) else "") + ".")
    return lines


# --- the words shared by every format ---------------------------------------------------------------

POOLED_NOTE = ("Pooled effect: a random-effects estimate (DerSimonian and Laird) of each factor's effect across the "
               "machines, on the log scale the effects are estimated on: each machine weighted by the precision of "
               "its own interval, widened by the spread between machines (tau, shown as a %). Each machine's own "
               "interval is at the Holm level it was judged at; the pooled one is at 95 %.")
NOTE = ("A screening suggests; it does not decide: confirm a proposal on each machine (fstune screen --confirm RUN) "
        "before using it.")


def fmt_cell(cell: Cell | None) -> str:
    if cell is None:
        return "no result"
    figure = f"{cell.percent:+.1f} % [{cell.low:+.1f}, {cell.high:+.1f}]"
    return f"{cell.verdict}: {figure}" if cell.verdict else f"{figure}, described"


def fmt_pooled_effect(pooled: Pooled) -> str:
    if pooled.estimate is None:
        return f"not pooled ({pooled.k} machine{'s' if pooled.k != 1 else ''} with an interval)"
    pct = [math.expm1(value / 100) * 100 for value in (pooled.estimate, pooled.low, pooled.high)]
    return f"{pct[0]:+.1f} % [{pct[1]:+.1f}, {pct[2]:+.1f}] over {pooled.k}"


def fmt_tau_effect(pooled: Pooled) -> str:
    return "–" if pooled.tau is None else f"{math.expm1(pooled.tau / 100) * 100:.1f} %"


def proposal_words(screened: Screened) -> str:
    if screened.result is None:
        return f"no result: {screened.refusal}"
    proposal = screened.proposal()
    if proposal is None:
        return "no factor matters: nothing to confirm"
    return "confirm " + ", ".join(f"{name} at {level}" for name, level in proposal["matter"])


def table(results) -> tuple[list[str], list[list[str]]]:
    merged: ScreeningClass = results.screening
    labels = [m.label + (" (other settings)" if m.differs else "") for m in results.machines]
    header = ["factor", "first → second", *labels, "pooled effect (95 %)", "tau"]
    lines = []
    for row in merged.rows:
        lines.append([row.name, row.levels or "interaction, described",
                      *(fmt_cell(row.cells.get(m.label)) if row.cells.get(m.label) or not row.interaction
                        or merged.screened[m.label].result is None else "not fitted" for m in results.machines),
                      fmt_pooled_effect(row.pooled), fmt_tau_effect(row.pooled)])
    return header, lines


def _spread(results) -> list[str]:
    """The design's alias structure (one design: the same words on every machine), then each
    machine's noise, as its own report states it."""
    merged: ScreeningClass = results.screening
    found = [(m.label, merged.screened[m.label].result) for m in results.machines]
    words = next((list(result.design.base.aliases.words()) for _, result in found if result is not None), [])
    return words + [f"{label}: noise, a block contrast spread of {result.spread:.3f} on the log scale, "
                    f"{result.residual_df} degrees of freedom" if result is not None
                    else f"{label}: no result ({(merged.screened[label].refusal or '').rstrip('.')})" for label, result in found]


def to_markdown(results) -> str:
    merged: ScreeningClass = results.screening
    header, lines = table(results)
    out = [f"# {results.heading}: {results.study} (screening)", "",
           f"Factors: {merged.factors}. Judged on {merged.primary}.", "", *merged.agreement, "",
           "## Effects per factor", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in line) + " |" for line in lines]
    out += ["", "## Proposals", ""]
    out += [f"- {m.label}: {proposal_words(merged.screened[m.label])}" for m in results.machines]
    out += ["", "## Notes", "", f"- {POOLED_NOTE}", f"- {NOTE}", *(f"- {line}" for line in _spread(results)),
            *(f"- {line}" for line in results.merged), *(f"- warning: {line}" for line in results.warnings)]
    return "\n".join(out) + "\n"


def to_html(results) -> str:
    merged: ScreeningClass = results.screening
    header, lines = table(results)
    title = f"{results.heading}: {results.study} (screening)"
    out = [*html_head(title),
           f"<p>Factors: {escape(merged.factors)}. Judged on {escape(merged.primary)}.</p>",
           *(f"<p>{escape(line)}</p>" for line in merged.agreement), "<h2>Effects per factor</h2><table><tr>",
           "".join(f"<th>{escape(cell)}</th>" for cell in header) + "</tr>"]
    out += ["<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in line) + "</tr>" for line in lines]
    out += ["</table><h2>Proposals</h2><ul>"]
    out += [f"<li>{escape(m.label)}: {escape(proposal_words(merged.screened[m.label]))}</li>" for m in results.machines]
    out += ["</ul><h2>Notes</h2><ul>",
            *(f"<li>{escape(line)}</li>" for line in [POOLED_NOTE, NOTE, *_spread(results), *results.merged,
                                                       *results.warnings]), "</ul></main></body></html>"]
    return "\n".join(out) + "\n"


CSV_FIELDS = ("factor", "first_second", "interaction", "machine", "percent", "low_percent", "high_percent", "level",
              "verdict", "pooled_percent", "pooled_low_percent", "pooled_high_percent", "tau_percent")


def _pooled_percent(pooled: Pooled) -> list[float | None]:
    return [None if v is None else math.expm1(v / 100) * 100 for v in (pooled.estimate, pooled.low, pooled.high,
                                                                       pooled.tau)]


def to_csv(results) -> str:
    """One row per factor and machine, then one per factor for the pooled effect (machine "pooled")."""
    merged: ScreeningClass = results.screening
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)

    def number(value) -> str:
        return "" if value is None or not finite(value) else f"{value:.3f}"

    for row in merged.rows:
        for m in results.machines:
            cell = row.cells.get(m.label)
            writer.writerow([row.name, row.levels, row.interaction, m.label,
                             *(number(getattr(cell, f, None)) for f in ("percent", "low", "high")),
                             "" if cell is None else f"{cell.level:g}", "" if cell is None else cell.verdict,
                             "", "", "", ""])
        writer.writerow([row.name, row.levels, row.interaction, "pooled", "", "", "", "0.05", "",
                         *(number(v) for v in _pooled_percent(row.pooled))])
    return buffer.getvalue()


def to_json(results) -> str:
    merged: ScreeningClass = results.screening

    def pooled(p: Pooled) -> dict:
        pct = _pooled_percent(p)
        return {"k": p.k, "percent": pct[0], "low_percent": pct[1], "high_percent": pct[2], "tau_percent": pct[3],
                "log_points": asdict(p)}

    document = {
        "format": "fstune-class-results", "format_version": 1, "fstune": __version__, "kind": "screening",
        "heading": results.heading, "study": results.study, "title": results.title, "factors": merged.factors,
        "primary": merged.primary,
        "machines": [{"label": m.label, "file": m.source, "run": m.run.id, "host": m.run.hostname,
                      "other_settings": m.differs, "pooled": not m.differs,
                      "proposal": merged.screened[m.label].proposal(),
                      "refusal": merged.screened[m.label].refusal} for m in results.machines],
        "effects": [{"factor": row.name, "levels": row.levels, "interaction": row.interaction,
                     "machines": {label: None if c is None else {"percent": c.percent, "low_percent": c.low,
                                                                 "high_percent": c.high, "level": c.level,
                                                                 "verdict": c.verdict or None}
                                  for label, c in row.cells.items()},
                     "matters_on": row.matters_on, "pooled": pooled(row.pooled)} for row in merged.rows],
        "agreement": merged.agreement, "notes": [POOLED_NOTE, NOTE], "merged": results.merged,
        "warnings": results.warnings,
    }
    return json_text(document)


RENDERERS = {"md": to_markdown, "html": to_html, "csv": to_csv, "json": to_json}

__all__ = ["CSV_FIELDS", "Cell", "FactorRow", "RENDERERS", "ScreeningClass", "check_screenings", "merge_screenings"]
