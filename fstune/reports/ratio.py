"""The ratio of arithmetic means, on request (``--ratio-of-means``): described, never judged.

The percent fstune shows beside a verdict is a ratio of geometric means (the mean of the blocks'
log contrasts, docs/verdicts.md, "Paired contrasts and scales"). Where a reader wants the change
in the average itself, this gives the ratio of the arithmetic means over the same paired blocks,
with its interval (``paired.ratio_of_means``); the verdict stays on the geometric scale.
"""

from __future__ import annotations

from dataclasses import dataclass

from fstune.results.blocked import block_values, metric_rule, paired
from fstune.stats.paired import RatioOfMeans, ratio_of_means
from fstune.stats.scales import DEFAULT_DELTA, Scale

EXPLAINED = ("The percent beside each verdict is a ratio of geometric means, the scale the verdict is judged on; "
             "the ratio of arithmetic means compares the averages themselves. The two differ when one "
             "configuration's figures spread more widely at the same mean: a wider spread lowers its geometric "
             "mean, so the geometric ratio reads as a small loss while the averages are equal. The interval is "
             "the delta method's over the paired blocks (95 %, t with n − 1 degrees of freedom), one look, not "
             "adjusted for the run's looks: a description, not a verdict.")


@dataclass(frozen=True)
class RatioRow:
    reference: str
    config: str
    workload: str
    metric: str
    result: RatioOfMeans | None  # None: fewer than 2 paired blocks, or a figure not above 0
    why: str = ""

    def text(self) -> str:
        """"+9.8 % [+4.1, +15.8] (geometric +9.5 %) over 15 blocks"."""
        if self.result is None:
            return self.why
        r = self.result
        if r.n < 2:
            return f"{100 * (r.ratio - 1):+.1f} % from 1 block: no interval"
        return (f"{100 * (r.ratio - 1):+.1f} % [{100 * (r.low - 1):+.1f}, {100 * (r.high - 1):+.1f}] "
                f"(geometric {100 * (r.geometric - 1):+.1f} %) over {r.n} blocks")


def ratio_rows(record, pair: tuple[str, str] | None = None) -> list[RatioRow]:
    """Each variant against the baseline (or the one ``pair``: reference, other) of a blocked run,
    for every figure compared on the ratio scale, over the blocks both measured."""
    if record.legacy or not record.method:
        return []
    names = [c.name for c in record.configs]
    pairs = [pair] if pair else [(record.baseline, name) for name in names if name != record.baseline]
    metrics: dict[tuple[str, str], str] = {}
    for result in record.results:
        for sample in result.samples:
            metrics.setdefault((sample.workload, sample.metric), sample.better)
    rows = []
    for reference, other in pairs:
        for (workload, metric), better in metrics.items():
            if metric_rule(workload, metric, better, DEFAULT_DELTA).scale != Scale.RATIO:
                continue
            _blocks, base, values, _missing = paired(block_values(record.results, reference, workload, metric),
                                                     block_values(record.results, other, workload, metric))
            if not base:
                continue
            try:
                found, why = ratio_of_means(base, values), ""
            except ValueError as error:
                found, why = None, f"not shown: {error}"
            rows.append(RatioRow(reference, other, workload, metric, found, why))
    return rows


def ratio_markdown(record) -> list[str]:
    """The ratio of means of ``record``'s pairs as a Markdown section (the export's ``--ratio-of-means``)."""
    rows = ratio_rows(record)
    out = ["## The ratio of arithmetic means (described, not judged)", ""]
    if not rows:
        return out + ["Not available: the run was not measured in blocks, or none of its figures is compared "
                      "as a ratio.", ""]
    out += ["| pair | figure | mean over mean [95 %] (geometric) |", "|---|---|---|"]
    out += [f"| {row.config} vs {row.reference} | {row.workload}:{row.metric} | {row.text()} |" for row in rows]
    return out + ["", EXPLAINED, ""]


def ratio_json(record) -> list[dict]:
    """The same rows for the JSON export: ratios as fractions (1.0 is no change)."""
    return [{"reference": row.reference, "config": row.config, "workload": row.workload, "metric": row.metric,
             "blocks": row.result.n if row.result else None,
             "ratio_of_means": row.result.ratio if row.result else None,
             "low": row.result.low if row.result else None, "high": row.result.high if row.result else None,
             "ratio_of_geometric_means": row.result.geometric if row.result else None,
             "level": row.result.level if row.result else None, "why": row.why}
            for row in ratio_rows(record)]


__all__ = ["EXPLAINED", "RatioRow", "ratio_json", "ratio_markdown", "ratio_rows"]
