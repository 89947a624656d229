"""Recompute the quiet and loaded medians of the modelled lab, and their ratio, from stored runs.

Reads the runs `bench/bench_modelled_lab.py` stored (the store's modelled-runs.json says which
were loaded), or a bundle of them (--bundle, as kept in bench/runs/), never figures typed into a
note. Every repeat's dbench throughput is parsed again from its raw output by today's parser.
For each configuration it prints the median of the quiet and of the loaded repeats and the
ratio loaded/quiet, twice:

- **without the fidelity rule**: every repeat that has a figure, dropped blocks included;
- **with the fidelity rule**: only the repeats whose turn the declared rule
  (fstune/lab/fidelity.py, the version the run recorded in ``design.model_rule``) did not call
  host-paced, as the run counts them;
- for runs that recorded other processes' sync() calls, also **judged again** from the stored
  records by ``model-in-control/1`` (no sync() criterion) and by today's rule with today's
  thresholds, so what the sync() criterion changes can be read off the same runs.

It also prints the per-repeat fidelity (the share of the data disk's busy time the model gave,
and the time per request it did not; the journal disk's; page-cache drops by other processes
during the turn; other processes' sync() calls and their rate) and what the data disk read, so
the reason for any gap can be read off the same runs.

    .venv/bin/python bench/recompute_modelled_lab.py --state /var/tmp/fstune-modelled \
        [--manifest modelled-runs.json --manifest cpu-runs.json ...]
    .venv/bin/python bench/recompute_modelled_lab.py --bundle bench/runs/modelled-quiet-loaded.json.xz
    .venv/bin/python bench/recompute_modelled_lab.py --state DIR --save-bundle bench/runs/NAME.json.xz
"""

from __future__ import annotations

import argparse
import json
import lzma
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fstune.lab import fidelity  # noqa: E402
from fstune.reports.exports import run_from_json  # noqa: E402
from fstune.results.recompute import reparse  # noqa: E402
from fstune.reports.reports import run_json  # noqa: E402
from fstune.results.store import Store  # noqa: E402

METRIC = "dbench.throughput_mbs"
BUNDLE_FORMAT = "fstune-modelled-lab-runs"


def read_store(state: Path, manifest_names: list[str]) -> list[tuple[dict, list]]:
    series = []
    with Store(state) as store:
        for name in manifest_names:
            manifest = json.loads((state / name).read_text())
            series.append((manifest, [store.load_run(entry["run_id"]) for entry in manifest["runs"]]))
    return series


def write_bundle(path: Path, series: list[tuple[dict, list]]) -> None:
    document = {"format": BUNDLE_FORMAT, "version": 1,
                "series": [{"manifest": manifest, "runs": [run_json(record, raw=True) for record in records]}
                           for manifest, records in series]}
    with lzma.open(path, "wt", encoding="utf-8", preset=9) as out:
        json.dump(document, out, separators=(",", ":"))


def read_bundle(path: Path) -> list[tuple[dict, list]]:
    with lzma.open(path, "rt", encoding="utf-8") as source:
        document = json.load(source)
    if document.get("format") != BUNDLE_FORMAT:
        raise ValueError(f"{path} is not a bundle of the modelled lab's runs")
    return [(one["manifest"], [run_from_json(run) for run in one["runs"]]) for one in document["series"]]


def repeats(manifest: dict, records: list) -> list[dict]:
    """One row per repeat with a figure: load ("quiet" or the load's command), config, block,
    value, host-paced, fidelity."""
    rows = []
    for entry, record in zip(manifest["runs"], records):
        for result in record.results:
            fresh = reparse(result)
            values = [s.value for s in fresh.samples if s.metric == METRIC]
            if not values or not fresh.ok:
                continue
            model = (result.conditions.get("host") or {}).get("model") or {}
            data = (model.get("devices") or {}).get("data") or {}
            journal = (model.get("devices") or {}).get("journal") or {}
            syncs = (result.conditions.get("host") or {}).get("foreign_syncs")
            rule = (record.design or {}).get("model_rule") or fidelity.RULES[0]
            rows.append({"loaded": entry["loaded"], "load": manifest.get("load") if entry["loaded"] else "quiet",
                         "run": entry["run_id"],
                         "config": result.config, "block": result.block, "value": values[0],
                         "paced": bool(model.get("host_paced")), "dropped": result.dropped, "rule": rule,
                         "paced_1": bool(model) and bool(fidelity.judge(model.get("devices") or {},
                                                                        model.get("foreign_cache_drops"),
                                                                        rule=fidelity.RULES[0])),
                         "paced_now": bool(model) and bool(fidelity.judge(model.get("devices") or {},
                                                                          model.get("foreign_cache_drops"), syncs)),
                         "syncs": (syncs or {}).get("sync"), "sync_rate": fidelity.foreign_sync_rate(syncs),
                         "sync_share": fidelity.foreign_sync_share(syncs),
                         "sync_one": fidelity.foreign_sync_share(syncs, one=True),
                         "sync_longest": ((syncs or {}).get("longest") or {}).get("name"),
                         "sync_paced": bool(fidelity.syncs_paced(syncs)),
                         "sync_names": list((syncs or {}).get("by") or {})[:2],
                         "share": data.get("share"), "path_ms": data.get("path_ms"),
                         "journal": fidelity.describe(journal) if journal else None,
                         "foreign_drops": model.get("foreign_cache_drops"),
                         "read_mb": ((result.conditions.get("host") or {}).get("devices", {}).get("data", {})
                                     .get("read_sectors", 0)) * 512 / 1e6})
    return rows


def summary(rows: list[dict], with_rule: bool | str, load: str) -> dict[str, dict]:
    """Per configuration: the quiet median (all quiet repeats), the median under ``load``, the ratio;
    ``with_rule``: False (every repeat), True (the run's own rule), "paced_1" (rule /1 again) or
    "paced_now" (today's rule again)."""
    key = "paced" if with_rule is True else with_rule
    out: dict[str, dict] = {}
    for config in sorted({r["config"] for r in rows}):
        figures = {}
        for side in ("quiet", load):
            values = [r["value"] for r in rows if r["config"] == config and r["load"] == side
                      and not (key and r[key])]
            figures["loaded" if side == load else "quiet"] = (statistics.median(values), len(values)) if values else (None, 0)
        quiet, loaded = figures["quiet"][0], figures["loaded"][0]
        figures["ratio"] = loaded / quiet if quiet and loaded is not None else None
        out[config] = figures
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--state", type=Path, help="the bench's results store")
    parser.add_argument("--manifest", action="append",
                        help="a manifest in --state (repeat it; default modelled-runs.json)")
    parser.add_argument("--bundle", type=Path, help="read the runs from a bundle instead")
    parser.add_argument("--save-bundle", type=Path, metavar="FILE.json.xz", help="write the runs read as a bundle")
    args = parser.parse_args(argv)
    if bool(args.state) == bool(args.bundle):
        parser.error("give --state or --bundle")
    series = read_bundle(args.bundle) if args.bundle else read_store(args.state, args.manifest or ["modelled-runs.json"])
    if args.save_bundle:
        write_bundle(args.save_bundle, series)
    rows = [row for manifest, records in series for row in repeats(manifest, records)]
    loads = list(dict.fromkeys(r["load"] for r in rows if r["load"] != "quiet"))
    rules = sorted({r["rule"] for r in rows})
    print(f"{sum(len(records) for _, records in series)} runs, {len(rows)} repeats with a figure; "
          f"rule {', '.join(rules)} (a foreign page-cache drop, or share < {fidelity.SHARE_MIN:.0%} "
          f"and > {fidelity.PATH_MS_MAX:g} ms per request"
          + (f"; since /2 also one process outside the run inside sync() over {fidelity.SYNC_SHARE_MAX:.0%} "
             f"of the turn in at least {fidelity.SYNC_LOOP_CALLS} calls)" if any(r != fidelity.RULES[0] for r in rules)
             else ")"))
    for row in sorted(rows, key=lambda r: (r["run"], r["block"] or 0, r["config"])):
        share = f"{row['share']:.0%}" if row["share"] is not None else "-"
        path = f"{row['path_ms']:.2f}" if row["path_ms"] is not None else "-"
        print(f"  run {row['run']:>3} {row['load'].removeprefix('stress-ng '):12} block {row['block']} "
              f"{row['config']:9} {row['value']:7.2f} MB/s  read {row['read_mb']:4.1f} MB"
              + (f", foreign cache drops {row['foreign_drops']}" if row["foreign_drops"] is not None else "")
              + f"; data: model share {share:>4}, +{path} ms/request"
              + (f"; journal: {row['journal']}" if row["journal"] and row["journal"] != "idle" else "")
              + (f"; foreign sync() {row['syncs']} ({row['sync_rate']:.1f}/s"
                 + (f", {', '.join(row['sync_names'])}" if row["sync_names"] else "") + ")"
                 if row["syncs"] is not None and row["sync_rate"] is not None else "")
              + (f", inside sync() {row['sync_share']:.0%}, {row['sync_longest']} alone {row['sync_one']:.0%}"
                 if row["sync_share"] is not None and row["sync_longest"] else "")
              + ("  HOST-PACED" if row["paced"] else "")
              + ("  (not by /1)" if row["paced"] and not row["paced_1"] and row["rule"] != fidelity.RULES[0] else ""))
    newer = [r for r in rows if r["syncs"] is not None]
    for side in dict.fromkeys(r["load"] for r in newer):
        turns = [r for r in newer if r["load"] == side]
        said = []
        for key, what, unit in (("sync_rate", "foreign sync() calls", " a second"),
                                ("sync_share", "time inside sync() by others", ""),
                                ("sync_one", "by the one process longest inside it", "")):
            values = sorted(r[key] for r in turns if r[key] is not None)
            if values:
                shown = (lambda v: f"{v:.1f}") if key == "sync_rate" else (lambda v: f"{v:.0%}")
                said.append(f"{what} {shown(values[0])} to {shown(values[-1])}{unit}, median "
                            f"{shown(statistics.median(values))}")
        print(f"{side}: {len(turns)} repeats; host-paced {sum(r['paced'] for r in turns)} as recorded, "
              f"{sum(r['paced_1'] for r in turns)} by /1 alone, {sum(r['paced_now'] for r in turns)} by today's "
              f"{fidelity.RULE}; {sum(r['sync_paced'] for r in turns)} by its sync() criterion; " + "; ".join(said))
    variants = (False, "paced_1", "paced_now", True) if newer else (False, True)
    words = {False: "without the fidelity rule:", "paced_1": f"with rule {fidelity.RULES[0]} only (judged again):",
             "paced_now": f"with today's rule {fidelity.RULE} (judged again):",
             True: "with the fidelity rule (as the runs recorded it):"}
    for load, with_rule in [(load, rule) for load in loads for rule in variants]:
        print(f"{load}, {words[with_rule]}")
        for config, figures in summary(rows, with_rule, load).items():
            (quiet, nq), (loaded, nl) = figures["quiet"], figures["loaded"]
            ratio = f"{figures['ratio']:.3f}" if figures["ratio"] is not None else "-"
            q = f"{quiet:.2f}" if quiet is not None else "-"
            lo = f"{loaded:.2f}" if loaded is not None else "-"
            print(f"  {config:9} quiet median {q} MB/s (n={nq}), loaded median {lo} MB/s (n={nl}), "
                  f"ratio loaded/quiet {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
