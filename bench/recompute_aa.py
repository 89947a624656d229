"""Recompute the A/A false-positive count and the order effect from stored runs' raw figures.

Reads the runs `bench/bench_aa.py` stored (their ids from the store's aa-runs.json, or given
with --runs, or from a bundle), never figures typed into a note. For each run it takes the primary metric's value
per block and configuration from the stored repeats that count (not failed, block not dropped),
pairs them by block, and judges them again with the decision code at the looks the run recorded
(`fstune.stats.judge.judge_primary`). Then:

- the **false positives**: runs whose verdict claims a difference (anything but "no detectable
  difference" and "too noisy to tell"), with a 95 % Clopper–Pearson interval on their share;
- the **order effect**: within each block, ln(value in position 1) − ln(value in position 2),
  less the run's mean change between the two configurations (its sign following which one ran
  first), pooled over all blocks of all runs, with its mean, a 95 % t interval and the share of
  blocks where the first position was faster. On identical configurations only the position
  differs, so a mean away from 0 is what running first or second costs; for a known effect the
  effect itself is taken out first.

    .venv/bin/python bench/recompute_aa.py --state /var/tmp/fstune-aa [--runs 3,4,5]
    .venv/bin/python bench/recompute_aa.py --state /var/tmp/aa-1 --state /var/tmp/aa-2   # pooled
    .venv/bin/python bench/recompute_aa.py --bundle bench/runs/aa-loop-lab.json.xz       # checked in

Every figure is parsed again from the repeats' raw tool outputs by today's parsers, and judged
by today's decision code. `--save-bundle FILE.json.xz` writes the runs read (their JSON exports,
raw outputs included) with their benches' manifests as one file: the bundles in `bench/runs/`
are what docs/verdicts.md quotes, so anyone can recompute those figures from the repository.

For a known-effect manifest (bench_aa.py --variant-option, e.g. data=journal) the same count is
the **power**: how often the effect was found, with its interval, the verdicts' directions, and
the median number of blocks and minutes to a decision.
"""

from __future__ import annotations

import argparse
import copy
import json
import lzma
import math
import re
import statistics
import sys
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fstune.reports.exports import run_from_json  # noqa: E402
from fstune.reports.reports import run_json  # noqa: E402
from fstune.results.blocked import comparison_schedule  # noqa: E402
from fstune.measure.conditions import DROP_RULE  # noqa: E402
from fstune.results.compare import compare_runs  # noqa: E402
from fstune.results.recompute import reparse  # noqa: E402
from fstune.stats.judge import judge_primary  # noqa: E402
from fstune.stats.scales import MetricRule, Scale  # noqa: E402
from fstune.stats.sequential import Action  # noqa: E402
from fstune.results.store import Store  # noqa: E402
from fstune.workloads import metric as declared_metric  # noqa: E402


@dataclass
class Series:
    """One bench's runs: where they were read from, its manifest, the runs as stored."""

    name: str
    manifest: dict
    records: list


def read_store(state: Path, manifest_name: str, runs: str | None) -> Series:
    if runs:
        ids = [int(word) for word in runs.split(",") if word.strip()]
        manifest = {"run_ids": ids, "variant_option": None, "command": f"runs {runs} of {state}"}
    else:
        if not (state / manifest_name).is_file():
            raise ValueError(f"{state / manifest_name} does not exist: give the bench's --manifest, or --runs")
        manifest = json.loads((state / manifest_name).read_text())
    # a declared series is named by its declaration (bench/runs/declared/), else by its store
    name = (manifest.get("declared") or {}).get("series") or state.name
    with Store(state) as store:
        return Series(name, manifest, [store.load_run(run_id) for run_id in manifest["run_ids"]])


BUNDLE_FORMAT = "fstune-bench-runs"


def write_bundle(path: Path, series: list[Series]) -> None:
    """Every run as its JSON export (raw outputs included), with its bench's manifest, xz-compressed."""
    document = {"format": BUNDLE_FORMAT, "version": 1,
                "series": [{"name": one.name, "manifest": one.manifest,
                            "runs": [run_json(record, raw=True) for record in one.records]} for one in series]}
    with lzma.open(path, "wt", encoding="utf-8", preset=9) as out:
        json.dump(document, out, separators=(",", ":"))


def read_bundle(path: Path) -> list[Series]:
    with lzma.open(path, "rt", encoding="utf-8") as source:
        document = json.load(source)
    if document.get("format") != BUNDLE_FORMAT:
        raise ValueError(f"{path} is not a bundle of bench runs (written by --save-bundle)")
    return [Series(one["name"], one["manifest"], [run_from_json(run) for run in one["runs"]])
            for one in document["series"]]


def per_block(record, workload: str, metric: str) -> dict[int, dict[str, tuple[int, float]]]:
    """block → config → (position, value), from the repeats that count."""
    found: dict[int, dict[str, tuple[int, float]]] = {}
    for result in record.results:
        if not result.counts or result.workload != workload or result.block is None:
            continue
        for sample in result.samples:
            if sample.metric == metric:
                found.setdefault(result.block, {})[result.config] = (result.position or 0, sample.value)
    return found


def primary_blocks(names):
    """Every stored run with a primary figure in the bundles ``names`` of bench/runs/, with that
    figure per block and configuration (``per_block``): the simulations resample their noise."""
    for name in names:
        for series in read_bundle(ROOT / "bench" / "runs" / f"{name}.json.xz"):
            for record in series.records:
                if not record.design or not record.design.get("primary"):
                    continue
                primary = record.design["primary"]
                yield record, per_block(record, primary["workload"], primary["metric"])


def judge(record, paths: bool = False) -> dict:
    """The run judged again: each variant against the baseline on the blocks every configuration
    has, with the α the run shares among its variants; with ``paths`` also where today's code
    stops on those blocks and how every pair is shown."""
    design = record.design
    workload, metric = design["primary"]["workload"], design["primary"]["metric"]
    declared = declared_metric(workload, metric)
    rule = MetricRule(scale=Scale(declared.scale), better=declared.better, delta=design["delta"]["default"])
    baseline = record.baseline
    variants = [c.name for c in record.configs if c.name != baseline]
    blocks = per_block(record, workload, metric)
    paired = [b for b in sorted(blocks) if all(c in blocks[b] for c in (baseline, *variants))]
    looks = tuple(design["looks"])
    outcome = {"run": record.id, "blocks": len(paired), "stopped": design.get("stopped"), "verdict": None,
               "minutes": ((record.finished or record.started) - record.started) / 60,
               "order": [blocks[b][c][1] for b in paired for c in sorted(blocks[b], key=lambda c: blocks[b][c][0])],
               "variants": {}, "order_contrasts": []}
    schedule = comparison_schedule(design, len(variants))
    if looks and len(paired) >= looks[0]:
        for variant in variants:
            result = judge_primary(metric, [blocks[b][baseline][1] for b in paired],
                                   [blocks[b][variant][1] for b in paired], rule, schedule, outlook=False)
            outcome["variants"][variant] = {
                "verdict": str(result.decision.verdict),
                "claims_difference": bool(result.decision.verdict and result.decision.verdict.claims_difference),
                "interval_percent": result.interval_percent, "change_percent": result.change_percent}
        first = outcome["variants"][variants[0]]
        outcome.update(verdict="; ".join(f"{v}: {j['verdict']}" for v, j in outcome["variants"].items())
                       if len(variants) > 1 else first["verdict"],
                       claims_difference=any(j["claims_difference"] for j in outcome["variants"].values()),
                       interval_percent=first["interval_percent"], change_percent=first["change_percent"])
    for variant in variants:
        # ln(first) − ln(second) once the run's own mean change is taken out, so that a known effect
        # (the variant first in half the blocks, second in the other half) does not pass for one of order
        both = [b for b in paired if blocks[b][baseline][1] > 0 and blocks[b][variant][1] > 0]
        changes = {b: math.log(blocks[b][variant][1]) - math.log(blocks[b][baseline][1]) for b in both}
        mean = sum(changes.values()) / len(changes) if changes else 0.0
        outcome["order_contrasts"] += [
            (1 if blocks[b][variant][0] < blocks[b][baseline][0] else -1) * (changes[b] - mean) for b in both]
    if paths:
        outcome.update(_paths(record, blocks, paired, baseline, variants, rule, schedule, metric, workload))
    return outcome


def _paths(record, blocks, paired, baseline, variants, rule, schedule, metric, workload) -> dict:
    """Where the run stopped (as measured, and by today's code on the same blocks), its dropped
    and marked blocks, and what fstune shows for every pair (``pair_table``'s comparisons)."""
    design = record.design
    looks = schedule.looks
    kept = len(paired)
    found = {"dropped": {int(n): why for n, why in (design.get("dropped_blocks") or {}).items()},
             "disturbed": {int(n): why for n, why in (design.get("disturbed_blocks") or {}).items()},
             "measured_look": looks.index(kept) + 1 if kept in looks and design.get("stopped") == "decided" else None,
             "today_look": None, "windows": {}, "looks": looks, "alpha": schedule.alpha}
    for look_number, look in enumerate(looks, 1):  # the run goes on while any variant is undecided
        if look > kept:
            break
        if all(judge_primary(metric, [blocks[b][baseline][1] for b in paired[:look]],
                             [blocks[b][variant][1] for b in paired[:look]], rule, schedule,
                             outlook=False).decision.action == Action.STOP for variant in variants):
            found["today_look"] = look_number
            break
    found["load"] = []
    for result in record.results:  # each block's measured turns, to place the outside bursts
        host = (result.conditions or {}).get("host") or {}
        if result.block is not None and host.get("start") and host.get("end"):
            found["windows"].setdefault(result.block, []).append((host["start"], host["end"]))
        if host.get("load"):
            found["load"].append(host["load"][0])
    shown = compare_runs([record])
    rows = [row for row in shown.rows if row.workload == workload and row.metric == metric]
    found["early_note"] = sum(any(note.startswith("Stopped early") for note in row.judgement.notes)
                              for row in rows if row.judgement is not None)
    names = [c.name for c in record.configs]
    found["pairs"] = {}
    if len(names) > 2:
        for reference, other in combinations(names, 2):
            row = next((r for r in compare_runs([record], pair=(reference, other)).rows
                        if r.workload == workload and r.metric == metric), None)
            found["pairs"][f"{reference}-{other}"] = row.verdict if row is not None else "no figure"
    return found


def _who(reason: str) -> list[str]:
    """The processes a dropped block's reason names (outside I/O), else the rule that dropped it."""
    if DROP_RULE in reason:
        named = re.search(r"processes outside the run \((.*?)\) read or wrote", reason)
        return named.group(1).split(", ") if named else [f"none ({DROP_RULE})"]
    if "model-in-control" in reason or "host_paced" in reason:
        rule = re.search(r"model-in-control/\d+", reason)
        return [f"none ({rule.group(0) if rule else 'model-in-control/1'})"]
    return ["none (a configuration without its primary figure)"]


def _counted(words: list[str], by_word: bool = False, shape: str = "{word} {count}") -> str:
    """"worse 10, too noisy to tell 1": the most frequent first (``by_word``: in the words' order)."""
    counts: dict[str, int] = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    order = (lambda kv: kv[0]) if by_word else (lambda kv: (-kv[1], kv[0]))
    return ", ".join(shape.format(word=word, count=count) for word, count in sorted(counts.items(), key=order))


def path_lines(series: list[Series], judged: list[dict], decided: list[dict]) -> list[str]:
    """The lines --paths adds: dropped blocks and why, outside bursts, where runs stopped, pairs."""
    lines = []
    load = sorted(value for j in judged for value in j["load"])
    if load:
        lines.append(f"load average (1 min) at the end of each turn: median {statistics.median(load):.1f}, "
                     f"from {load[0]:.1f} to {load[-1]:.1f}")
    dropped = [why for j in judged for why in j["dropped"].values()]
    disturbed = [why for j in judged for why in j["disturbed"].values()]
    hit = sum(bool(j["dropped"]) for j in judged)
    lines.append(f"dropped blocks: {len(dropped)} in {hit} of {len(judged)} runs, each replaced; "
                 f"{len(disturbed)} more kept and marked past the rule's limit"
                 + (f"; the processes their reasons name: "
                    f"{_counted([w for why in dropped for w in _who(why)])}" if dropped else ""))
    for one in series:
        pressure = one.manifest.get("pressure")
        if not pressure:
            continue
        runs = [j for j in judged if j["store"] == one.name]
        landed = {"dropped": 0, "kept and marked": 0, "kept": 0}
        inside = 0
        for burst in pressure["bursts"]:
            for j in runs:
                blocks = [b for b, windows in j["windows"].items()
                          if any(start < burst["end"] and burst["start"] < end for start, end in windows)]
                for block in blocks:
                    landed["dropped" if block in j["dropped"] else
                           "kept and marked" if block in j["disturbed"] else "kept"] += 1
                inside += bool(blocks)
        lines.append(f"{one.name}: {len(pressure['bursts'])} outside bursts of {pressure['mib']} MiB "
                     f"(mean gap {pressure['every']:g} s, seed {pressure['seed']}), {inside} during a measured turn; "
                     f"the blocks they fell in: " + ", ".join(f"{word} {count}" for word, count in landed.items()))
    def tally(key: str, otherwise: str) -> str:
        return _counted([f"at look {j[key]} of {len(j['looks'])}" + (" (the cap)" if j[key] == len(j["looks"]) else "")
                         if j[key] else otherwise for j in decided],
                        by_word=True, shape="{count} {word}")

    early = [j for j in decided if j["measured_look"] and j["measured_look"] < len(j["looks"])]
    lines.append(f"where the runs stopped, as measured: {tally('measured_look', 'at the cap, undecided')}; by today's code on the same "
                 f"blocks: {tally('today_look', 'not yet (it would go on)')}; early stops with the note that the change may be overstated: "
                 f"{sum(bool(j['early_note']) for j in early)} of {len(early)}")
    several = [j for j in judged if j["pairs"]]
    if several:
        pairs: dict[str, list[str]] = {}
        for j in several:
            for pair, word in j["pairs"].items():
                pairs.setdefault(pair, []).append(word)
        lines.append(f"every pair, as the pair table shows it ({len(several)} runs): "
                     + "; ".join(f"{pair}: {_counted(words)}" for pair, words in pairs.items()))
        claims = {name: sum(j["variants"][name]["claims_difference"] for j in decided)
                  for name in decided[0]["variants"]} if decided else {}
        alphas = sorted({j["alpha"] for j in several})
        lines.append(f"each variant against the baseline, with α = {', '.join(f'{a:.2%}' for a in alphas)} each: "
                     f"claims of a difference "
                     + ", ".join(f"{name} {count}" for name, count in claims.items())
                     + f"; runs with any: {sum(j['claims_difference'] for j in decided)} of {len(decided)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    from scipy import stats

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--state", type=Path, action="append",
                        help="the results store (default /var/tmp/fstune-aa); repeat it to pool several benches")
    parser.add_argument("--runs", help="comma-separated run ids, in a single --state (default: those of --manifest)")
    parser.add_argument("--manifest", default="aa-runs.json", help="the bench's list of runs in each --state")
    parser.add_argument("--bundle", type=Path, action="append", default=[],
                        help="read the runs from a bundle --save-bundle wrote (bench/runs/), instead of a store")
    parser.add_argument("--save-bundle", type=Path, metavar="FILE.json.xz",
                        help="also write the runs read, with their raw outputs and manifests, as one bundle")
    parser.add_argument("--summary", action="store_true", help="leave out the line per run")
    parser.add_argument("--paths", action="store_true",
                        help="also every path the verdict took: the blocks dropped and why (and the outside "
                        "bursts they met), where each run stopped, as measured and by today's code, and every "
                        "pair of a run with several variants as fstune shows it")
    args = parser.parse_args(argv)
    if args.runs and (len(args.state or []) > 1 or args.bundle):
        parser.error("--runs names run ids of one store; give a single --state with it")
    try:
        series = [*(read_bundle(path) for path in args.bundle),
                  *(read_store(state, args.manifest, args.runs) for state in
                    (args.state or ([] if args.bundle else [Path("/var/tmp/fstune-aa")])))]
    except (OSError, ValueError, KeyError) as error:
        parser.error(str(error))
    series = [one for many in series for one in (many if isinstance(many, list) else [many])]
    effects = {one.manifest.get("variant_option") for one in series}
    if len(effects) > 1:
        parser.error(f"these benches measured different things ({', '.join(sorted(map(str, effects)))}): "
                     "pool only A/A with A/A, or one known effect with itself")
    effect = effects.pop()
    for one in series:
        manifest = one.manifest
        ended = ("complete" if manifest.get("complete", True) else
                 f"stopped early ({manifest['stopped_by']})" if manifest.get("stopped_by") else
                 "not complete: still running, or killed")
        print(f"{one.name}: {len(one.records)} runs by `{manifest.get('command', 'bench/bench_aa.py')}`, {ended}, "
              f"{manifest.get('failed_runs', 0)} failed runs")
        if manifest.get("declared"):
            said = manifest["declared"]
            print(f"{one.name}: declared before it ran in {said['file']} (commit {said['commit'][:10]}, "
                  f"{said['committed']}), expecting {said['kind']}"
                  + (f" ({said['direction']})" if said.get("direction") else ""))
    if args.save_bundle:
        write_bundle(args.save_bundle, series)
        print(f"wrote {args.save_bundle}: {sum(len(one.records) for one in series)} runs with their raw outputs")
    # the figures are parsed again from each repeat's raw output, not taken as they were stored
    records, figures, changed, no_raw = [], 0, 0, 0
    for one in series:
        for record in one.records:
            fresh = copy.copy(record)
            fresh.results = [reparse(result) for result in record.results]
            for old, new in zip(record.results, fresh.results):
                no_raw += bool(old.ok and not old.raw)
                stored = {sample.metric: sample.value for sample in old.samples}
                figures += len(new.samples)
                changed += sum(stored.get(sample.metric) != sample.value for sample in new.samples)
            records.append((one.name, fresh))
    print(f"figures parsed again from the raw outputs: {figures}, of which {changed} differ from the stored ones"
          + (f"; {no_raw} repeats kept no raw output (their stored figures are used)" if no_raw else ""))
    states = series
    judged = [{**judge(record, args.paths), "store": name} for name, record in records if not record.legacy]
    decided = [j for j in judged if j["verdict"] is not None]
    positives = sum(j["claims_difference"] for j in decided)
    for j in judged if not args.summary else ():
        interval = j.get("interval_percent")
        shown = f"[{interval[0]:+.1f} %, {interval[1]:+.1f} %]" if interval else ""
        where = f"{j['store']} " if len(states) > 1 else ""
        if len(j["variants"]) > 1:
            shown = "; ".join(f"{name}: {v['verdict']}" + (f" [{v['interval_percent'][0]:+.1f} %, "
                                                          f"{v['interval_percent'][1]:+.1f} %]"
                                                          if v["interval_percent"] else "")
                              for name, v in j["variants"].items())
            print(f"{where}run {j['run']}: {j['blocks']} blocks, {shown} ({j['stopped']})")
            continue
        print(f"{where}run {j['run']}: {j['blocks']} blocks, {j['verdict'] or 'no verdict (too few blocks)'} {shown} "
              f"({j['stopped']})")
    widths = [v["interval_percent"][1] - v["interval_percent"][0]
              for j in decided for v in j["variants"].values() if v.get("interval_percent")]
    if widths:  # how noisy the lab was: an interval wider than 2δ cannot end inside ±δ
        print(f"interval width at the last look: median {statistics.median(widths):.1f} points of percent, "
              f"from {min(widths):.1f} to {max(widths):.1f}")
    if decided:
        low, high = stats.binomtest(positives, len(decided)).proportion_ci(0.95, method="exact")
        share = (f"{positives} of {len(decided)} runs ({positives / len(decided):.1%}; "
                 f"95 % Clopper-Pearson interval {low:.1%} to {high:.1%})")
        if effect:
            words: dict[str, int] = {}
            for j in decided:
                words[j["verdict"]] = words.get(j["verdict"], 0) + 1
            print(f"known effect ({effect}) found: {share}; verdicts: "
                  + ", ".join(f"{word} {count}" for word, count in sorted(words.items())))
            changes = [j["change_percent"] for j in decided if j.get("change_percent") is not None]
            if changes:
                print(f"the change each run measured: median {statistics.median(changes):+.1f} %, "
                      f"from {min(changes):+.1f} to {max(changes):+.1f} %")
            found = [j for j in decided if j["claims_difference"]]
            if found:
                print(f"to a decision: median {statistics.median(j['blocks'] for j in found):g} blocks, "
                      f"{statistics.median(j['minutes'] for j in found):.1f} minutes")
        else:
            print(f"false positives: {share}; the design promises at most 5 %")
    if args.paths:
        for line in path_lines(series, judged, decided):
            print(line)
    contrasts = [c for j in judged for c in j["order_contrasts"]]
    if len(contrasts) >= 2:
        mean = sum(contrasts) / len(contrasts)
        sd = math.sqrt(sum((c - mean) ** 2 for c in contrasts) / (len(contrasts) - 1))
        half = stats.t.ppf(0.975, len(contrasts) - 1) * sd / math.sqrt(len(contrasts))
        first_higher = sum(c > 0 for c in contrasts) / len(contrasts)
        if all(len(j["variants"]) <= 1 for j in judged):
            print(f"order effect (position 1 against position 2, {len(contrasts)} blocks): "
                  f"{100 * math.expm1(mean):+.1f} % [{100 * math.expm1(mean - half):+.1f}, "
                  f"{100 * math.expm1(mean + half):+.1f}]; position 1 higher in {first_higher:.0%} of blocks")
        else:  # several variants: each one's turn ahead of the baseline's against behind it
            print(f"order effect (a variant ahead of the baseline against behind it, {len(contrasts)} "
                  f"variant-blocks): {100 * math.expm1(mean):+.1f} % [{100 * math.expm1(mean - half):+.1f}, "
                  f"{100 * math.expm1(mean + half):+.1f}]; ahead higher in {first_higher:.0%} of them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
