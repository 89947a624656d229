"""A screening result for people: the effects table, the Pareto chart of effects with their
intervals (as text for the terminal, as SVG for the HTML report), and the caveats every export
carries (docs/screening.md, "Reading a screening result").

The chart sorts the factors by the size of their effect, largest first, and draws each effect's
interval at the level Holm judged it at around a zero line: an interval clear of zero is a factor
that matters. Both renderings are made from ``chart_rows`` so they cannot disagree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from fstune.screening.analysis import ScreeningResult, percent_text
from fstune.screening.verdicts import MATTERS, NO_EFFECT, PROMISE, percent, threshold


@dataclass(frozen=True)
class ChartRow:
    factor: str
    levels: str  # "relatime → noatime"
    estimate: float  # percent
    low: float
    high: float
    verdict: str
    text: str  # "matters: +12.0 % [+8.1, +16.2]"


def chart_rows(result: ScreeningResult) -> list[ChartRow]:
    """The main effects, largest first (by the size of the change on the log scale)."""
    rows = []
    for effect in sorted(result.effects, key=lambda e: -abs(e.estimate)):
        low, high = effect.interval_percent
        word = effect.verdict + (", below δ" if effect.below_delta else "")
        rows.append(ChartRow(effect.factor, f"{effect.first} → {effect.second}", effect.percent, low, high,
                             effect.verdict, f"{word}: {percent_text(effect.estimate, effect.low, effect.high)}"))
    return rows


def _span(rows: list[ChartRow], delta: float) -> float:
    limit = math.expm1(threshold(delta)) * 100
    return max([limit, *(abs(row.low) for row in rows), *(abs(row.high) for row in rows)]) * 1.05


def pareto_lines(result: ScreeningResult, width: int = 80) -> list[tuple[str, str]]:
    """The Pareto chart as (text, verdict) lines: the name, the interval drawn as ``├──●──┤``
    around the zero line ``│`` (``┆`` marks ±δ), and the verdict in words below each bar."""
    rows = chart_rows(result)
    if not rows:
        return []
    name_width = min(18, max(len(row.factor) for row in rows))
    bar = max(20, width - name_width - 3)
    span = _span(rows, result.delta)
    delta_percent = math.expm1(threshold(result.delta)) * 100

    def column(value: float) -> int:
        return max(0, min(bar - 1, round((value + span) / (2 * span) * (bar - 1))))

    zero = column(0.0)
    marks = {column(-delta_percent): "┆", column(delta_percent): "┆", zero: "│"}
    lines = []
    for row in rows:
        cells = [marks.get(index, " ") for index in range(bar)]
        low, high, mid = column(row.low), column(row.high), column(row.estimate)
        for index in range(low, high + 1):
            cells[index] = "─"
        cells[low], cells[high] = "├", "┤"
        if low <= zero <= high:
            cells[zero] = "┼"
        cells[mid] = "●"
        lines.append((f"{row.factor[:name_width]:<{name_width}} {''.join(cells)}", row.verdict))
        lines.append((f"{'':<{name_width}} {row.levels}: {row.text}", row.verdict))
    scale = f"{-span:+.0f} %".ljust(zero) + "0" + f"{span:+.0f} %".rjust(bar - zero - 1)
    lines.append((f"{'':<{name_width}} {scale}", ""))
    lines.append((f"{'':<{name_width}} ● the effect, from each factor's first level to its second; ├─┤ its "
                  f"interval at Holm's level; ┆ ±δ ({percent(result.delta, None)})", ""))
    return lines


_COLOURS = {MATTERS: "#1a7f37", NO_EFFECT: "#57606a"}


def pareto_svg(result: ScreeningResult, width: int = 640) -> str:
    """The same chart as an inline SVG for the HTML report (no script, no external file)."""
    rows = chart_rows(result)
    left, right, row_height, top = 170, 20, 34, 24
    height = top + row_height * len(rows) + 30
    span = _span(rows, result.delta)
    inner = width - left - right

    def x(value: float) -> float:
        return left + (value + span) / (2 * span) * inner

    delta_percent = math.expm1(threshold(result.delta)) * 100
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="pareto" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="Effects of the screened factors, largest first">']
    for value in (-delta_percent, delta_percent):
        parts.append(f'<line x1="{x(value):.1f}" y1="{top - 8}" x2="{x(value):.1f}" y2="{height - 26}" '
                     'stroke="#bbb" stroke-dasharray="3,3"/>')
    parts.append(f'<line x1="{x(0):.1f}" y1="{top - 8}" x2="{x(0):.1f}" y2="{height - 26}" stroke="#333"/>')
    for index, row in enumerate(rows):
        y = top + index * row_height + 8
        colour = _COLOURS.get(row.verdict, "#9a6700")
        parts.append(f'<text x="{left - 8}" y="{y + 4}" text-anchor="end" font-size="12">{escape(row.factor)}</text>')
        parts.append(f'<line x1="{x(row.low):.1f}" y1="{y}" x2="{x(row.high):.1f}" y2="{y}" stroke="{colour}" '
                     'stroke-width="3"/>')
        parts.append(f'<circle cx="{x(row.estimate):.1f}" cy="{y}" r="5" fill="{colour}"/>')
        parts.append(f'<text x="{left}" y="{y + 17}" font-size="10" fill="#444">{escape(row.levels)}: '
                     f'{escape(row.text)}</text>')
    parts.append(f'<text x="{x(-span):.1f}" y="{height - 10}" font-size="10">{-span:+.0f} %</text>')
    parts.append(f'<text x="{x(0):.1f}" y="{height - 10}" font-size="10" text-anchor="middle">0</text>')
    parts.append(f'<text x="{x(span):.1f}" y="{height - 10}" font-size="10" text-anchor="end">{span:+.0f} %</text>')
    parts.append("</svg>")
    return "".join(parts)


def caveats(result: ScreeningResult) -> list[str]:
    """What every report of a screening says beside its verdicts."""
    lines = list(result.design.base.aliases.words())
    lines.append(f"Holm's procedure at {percent(result.alpha, None)} over {len(result.effects)} factors: in at most "
                 f"{percent(PROMISE, None)} of studies is any factor without an effect called \"matters\".")
    lines.append("A screening suggests; it does not decide. Confirm the proposed configuration against the baseline "
                 "in an ordinary paired study before using it (fstune screen --confirm RUN).")
    if result.missing:
        lines.append(f"{len(result.missing)} runs gave no figure and were left out of the model.")
    return lines


def effects_json(result: ScreeningResult) -> list[dict]:
    """The effects as an export carries them."""
    out = []
    for effect in result.effects:
        low, high = effect.interval_percent
        out.append({"factor": effect.factor, "first": effect.first, "second": effect.second,
                    "verdict": effect.verdict, "below_delta": effect.below_delta,
                    "percent": round(effect.percent, 3), "low_percent": round(low, 3), "high_percent": round(high, 3),
                    "level": effect.level, "p_value": effect.p_value, "holm_p": effect.holm_p,
                    "better": None if effect.better is None else (effect.second if effect.better > 0 else effect.first),
                    "confounded_with": list(effect.confounded_with), "partly_confounded": effect.partly_confounded,
                    "text": effect.text})
    return out


# --- the exports: what a stored screening run adds to each format --------------------------------------


def screening_json(screened) -> dict:
    """A stored screening run (``record.Screened``) as the JSON export carries it."""
    data = screened.data
    out = {"factors": data["factors"], "primary": data["primary"], "plan": list(data.get("words", [])),
           "design": {"kind": data["kind"], "title": data["title"], "seed": data["seed"],
                      "replicates": data["replicates"], "orders": data["orders"], "rows": data["rows"],
                      "configs": data["configs"]},
           "figures": list(screened.values)}
    result = screened.result
    if result is None:
        out["refusal"] = screened.refusal
        return out
    out["effects"] = effects_json(result)
    out["interactions"] = [{"label": i.label, "members": list(i.members), "aliased": i.aliased,
                            "percent": round(math.expm1(i.estimate) * 100, 3),
                            "low_percent": round(math.expm1(i.low) * 100, 3),
                            "high_percent": round(math.expm1(i.high) * 100, 3), "text": i.text}
                           for i in result.interactions]
    out["spread"] = result.spread
    out["residual_df"] = result.residual_df
    out["missing"] = [list(place) for place in result.missing]
    out["caveats"] = caveats(result)
    out["readback"] = list(screened.readback)
    out["pacing"] = list(screened.pacing)
    out["proposal"] = screened.proposal()
    out["conclusion"] = result.lines()[-1]
    return out


def screening_markdown(screened) -> list[str]:
    out = ["", "## Screening: which options matter", "", f"Factors: {screened.factor_words}.",
           f"Judged on {screened.primary}.", ""]
    result = screened.result
    if result is None:
        return [*out, f"No result: {screened.refusal}"]
    out += [result.lines()[0], "", "| factor | first → second | verdict | change [interval] |", "|---|---|---|---|"]
    for row in chart_rows(result):
        verdict, _, figure = row.text.partition(": ")
        out.append(f"| {row.factor} | {row.levels} | {verdict} | {figure} |")
    if result.interactions:
        out += ["", "Two-factor interactions (described, not judged):", ""]
        out += [f"- {interaction.text}" for interaction in result.interactions]
    out += ["", *(f"- {line}" for line in [*caveats(result), *screened.pacing, *screened.readback]), "", result.lines()[-1]]
    return out


CSV_FIELDS = ("kind", "factor", "first", "second", "verdict", "percent", "low_percent", "high_percent", "text")


def screening_csv_rows(screened) -> list[list[str]]:
    """Effects, interactions, caveats and the proposal, one row each (``CSV_FIELDS``)."""
    result = screened.result
    if result is None:
        return [["refusal", "", "", "", "", "", "", "", screened.refusal or ""]]
    rows = []
    for effect in effects_json(result):
        rows.append(["effect", effect["factor"], effect["first"], effect["second"], effect["verdict"],
                     f"{effect['percent']:.3f}", f"{effect['low_percent']:.3f}", f"{effect['high_percent']:.3f}",
                     effect["text"]])
    for interaction in result.interactions:
        rows.append(["interaction", interaction.label, "", "", "", "", "", "", interaction.text])
    rows += [["caveat", "", "", "", "", "", "", "", line] for line in [*caveats(result), *screened.pacing]]
    rows += [["readback", "", "", "", "", "", "", "", line] for line in screened.readback]
    rows.append(["conclusion", "", "", "", "", "", "", "", result.lines()[-1]])
    return rows


def screening_html(screened) -> list[str]:
    """The screening section of the HTML report: the effects table and the Pareto chart."""
    out = ['<section class="screening"><h2>Screening: which options matter</h2>',
           f"<p>Factors: {escape(screened.factor_words)}. Judged on {escape(screened.primary)}.</p>"]
    result = screened.result
    if result is None:
        return [*out, f"<p>No result: {escape(screened.refusal or '')}</p></section>"]
    out.append(f"<p>{escape(result.lines()[0])}</p>")
    out.append("<table><tr><th>factor</th><th>first → second</th><th>verdict: change [interval]</th></tr>")
    for row in chart_rows(result):
        out.append(f"<tr><td>{escape(row.factor)}</td><td>{escape(row.levels)}</td><td>{escape(row.text)}</td></tr>")
    out.append("</table>")
    out.append(pareto_svg(result))
    if result.interactions:
        out.append("<p>Two-factor interactions (described, not judged):</p><ul>")
        out += [f"<li>{escape(interaction.text)}</li>" for interaction in result.interactions]
        out.append("</ul>")
    out.append('<ul class="notes">' + "".join(f"<li>{escape(line)}</li>"
                                              for line in [*caveats(result), *screened.pacing, *screened.readback]) + "</ul>")
    out.append(f"<p><strong>{escape(result.lines()[-1])}</strong></p></section>")
    return out


def screened_of(runs) -> object | None:
    """The screening result of ``runs`` when they are one stored screening run (else None): what
    each export format adds or, for the CSV, shows instead of the per-configuration rows."""
    from fstune.screening.record import is_screening, result_from_run

    runs = list(runs)
    if len(runs) != 1 or not is_screening(getattr(runs[0], "design", None)):
        return None
    return result_from_run(runs[0].design, runs[0].results)


def screening_csv(screened) -> str:
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    writer.writerows(screening_csv_rows(screened))
    return buffer.getvalue()
