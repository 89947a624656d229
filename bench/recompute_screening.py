"""Recompute a screening run (and the run that confirmed its proposal) from their raw figures.

Reads the runs from a results store (``--state DIR --runs SCREEN,CONFIRM``) or from a bundle kept
in bench/runs/ (``--bundle``). Every repeat's figures are parsed again from the tools' raw
outputs by today's parsers (fstune.results.recompute.reparse), put back on the design's runs and
judged by today's model (fstune.screening.record.result_from_run): each factor's verdict, the
interactions, the readback factor by factor and the proposal. A confirmation run is judged again
with the paired decision code at the looks it recorded (bench/recompute_aa.py's ``judge``).

    .venv/bin/python bench/recompute_screening.py --bundle bench/runs/screen-ext4-lab.json.xz
    .venv/bin/python bench/recompute_screening.py --state /tmp/screen-bench/state/fstune --runs 1,2 \\
        --save-bundle bench/runs/screen-ext4-lab.json.xz --command "what made them"
    .venv/bin/python bench/recompute_screening.py --state DIR --runs 1,2 --save-bundle FILE \\
        --declared bench/runs/declared/screen-ext4-modelled.json

``--declared`` names the series' declaration (its command and expected outcome), which must have been
committed before its first run (bench/bench_aa.py's rule, docs/verdicts.md "Every path, for real");
the bundle keeps it with its commit, and the recompute prints it before what the runs gave.

docs/screening.md ("Real runs on the lab") quotes what this prints for the checked-in bundle.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_aa import declared  # noqa: E402
from recompute_aa import Series, judge, read_bundle, write_bundle  # noqa: E402

from fstune.results.recompute import reparse  # noqa: E402
from fstune.results.store import Store  # noqa: E402
from fstune.screening.record import CONFIRMS, is_screening, result_from_run  # noqa: E402


def report(record) -> list[str]:
    """One stored run, recomputed, in lines."""
    results = [reparse(result) for result in record.results]
    minutes = ((record.finished or record.started) - record.started) / 60
    if is_screening(record.design):
        screened = result_from_run(record.design, results)
        lines = [f"Screening run {record.id} ({minutes:.0f} min): {screened.factor_words}; judged on "
                 f"{screened.primary}."]
        if screened.result is None:
            return [*lines, f"  no result: {screened.refusal}"]
        lines += [f"  {line}" for line in screened.result.lines()]
        lines += [f"  {line}" for line in screened.readback]
        lines += [f"  {line}" for line in screened.pacing]
        return lines
    confirms = (record.design or {}).get(CONFIRMS)
    if confirms:
        record.results = results
        outcome = judge(record)
        interval = outcome.get("interval_percent")
        shown = f" [{interval[0]:+.1f}, {interval[1]:+.1f}]" if interval else ""
        return [f"Confirmation run {record.id} of screening run {confirms['run']} ({minutes:.0f} min, "
                f"{outcome['blocks']} blocks, {outcome['stopped']}): proposal against baseline: {outcome['verdict']}, "
                f"{outcome.get('change_percent', float('nan')):+.1f} %{shown}"]
    return [f"Run {record.id} is neither a screening nor a confirmation; left out."]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundle", type=Path, help="a bundle of runs (bench/runs/*.json.xz)")
    parser.add_argument("--state", type=Path, help="a results store's directory")
    parser.add_argument("--runs", help="comma-separated run ids in --state: the screening, then its confirmation")
    parser.add_argument("--save-bundle", type=Path, help="write the runs read as a bundle")
    parser.add_argument("--command", default="", help="with --save-bundle: the commands that made the runs")
    parser.add_argument("--declared", type=Path, metavar="FILE",
                        help="with --state: the series' declaration (bench/runs/declared/*.json), committed before "
                             "its first run; its command is the series' command")
    args = parser.parse_args(argv)
    if args.bundle:
        series = read_bundle(args.bundle)
    elif args.state and args.runs:
        ids = [int(word) for word in args.runs.split(",") if word.strip()]
        manifest: dict = {"run_ids": ids, "command": args.command}
        if args.declared:
            manifest["declared"] = declared(args.declared)
            manifest["command"] = manifest["declared"]["command"]
        with Store(args.state) as store:
            series = [Series(manifest.get("declared", {}).get("series", "screening"), manifest,
                             [store.load_run(i) for i in ids])]
    else:
        parser.error("give --bundle, or --state and --runs")
    if args.save_bundle:
        write_bundle(args.save_bundle, series)
        print(f"wrote {args.save_bundle}")
    for one in series:
        if one.manifest.get("command"):
            print(f"# {one.manifest['command']}")
        if one.manifest.get("declared"):
            said = one.manifest["declared"]
            print(f"# declared before it ran in {said['file']} (commit {said['commit'][:10]}, {said['committed']}): "
                  f"{said['expected']}")
        for record in one.records:
            print("\n".join(report(record)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
