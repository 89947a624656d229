"""The seed experiments' table (issue 16): what each seed found, what fstune measured, and whether
they agree — recomputed from the stored runs' raw outputs, never from figures typed into a note.

For every run it reads from the results store (``--state``, the FSTUNE_STATE_DIR a bench used), it
parses the stored tool outputs again and judges them with today's method
(``fstune.results.recompute``), then sets each of the study's expected outcomes (``[[expected]]``
in its file) beside that judgement (``fstune.reports.expected``). One row per expected figure:

    seed | experiment | seed's result | fstune (interval) | verdict | agreement | environment | blocks

The agreement column is ``judge_agreement``'s, as in every report: direction and size, with the
study's likely reason beside a size that differs (docs/verdicts.md, "Expected outcomes"); a figure
the run only describes is judged for the table, and its verdict says "(judged here only)". The
environment names the lab kind, the disk model or disk, and KVM or TCG
(``fstune.reports.caveats.place``); where the place cannot show an effect, the agreement column
says "cannot show here" and why. The blocks column counts the blocks compared and, on the modelled
lab, how many of them the declared fidelity rule called host-paced (kept once the rule had dropped
its share: docs/modelled-lab.md), and the blocks dropped.

    .venv/bin/python bench/seed_table.py --state /var/tmp/fstune-seeds [--manifest FILE] [--json]
    .venv/bin/python bench/seed_table.py --state DIR --manifest FILE --save-bundle bench/runs/NAME.json.xz
    .venv/bin/python bench/seed_table.py --bundle bench/runs/seeds-host.json.xz [--bundle bench/runs/OTHER.json.xz]

``--manifest FILE`` names the runs, as the seed bench writes them:
``{"runs": [{"study": NAME, "run": ID}, ...]}``; given again, for the bench's later sittings, a
later sitting's run of a study replaces an earlier one's; without it, the newest run of every stored study
that carries expected outcomes is used. Studies the manifest lists under ``elsewhere`` (the host
bench's studies whose baseline filesystem the kernel lacks) get their seed rows with no figure and
the reason. ``--save-bundle`` keeps the runs read (their raw outputs included) and the manifest in
one file, as kept in bench/runs/; ``--bundle`` reads the table from such a file instead of a store.
"""

from __future__ import annotations

import argparse
import json
import lzma
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fstune.errors import FstuneError  # noqa: E402
from fstune.reports.caveats import place  # noqa: E402
from fstune.reports.classroom import run_from_json  # noqa: E402
from fstune.reports.expected import outcomes, study_expectations  # noqa: E402
from fstune.reports.formatting import fmt_change  # noqa: E402
from fstune.reports.reports import run_json  # noqa: E402
from fstune.results.recompute import recompute  # noqa: E402
from fstune.results.store import Store, store_path  # noqa: E402

BUNDLE_FORMAT = "fstune-seed-runs"
# what the JFS and ReiserFS rows need, which the host kernel cannot give (docs/modelled-lab.md)
ELSEWHERE = ("it needs the VM lab with time dilation (the disk model slowed as much as the guest's CPU is, "
             "so the two keep their native ratio: bench/bench_seeds.py --where vm --dilate auto), not run for this row yet: "
             "no figures")
COLUMNS = ("seed", "experiment", "seed's result", "fstune (interval)", "verdict", "agreement", "environment", "blocks")


class TableError(Exception):
    """A store or manifest this script cannot read; the message says which and why."""


def load_manifest(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise TableError(f"{path}: cannot be read ({error.strerror}).") from None
    except ValueError as error:
        raise TableError(f"{path}: not JSON ({error}).") from None


def combine_manifests(manifests: list[dict]) -> dict:
    """One manifest from several sittings' (in order): a later sitting's run of a study replaces an
    earlier one's, ``elsewhere`` is the union, and each sitting's own fields are kept under
    ``sittings``."""
    runs: dict[str, dict] = {}
    elsewhere: dict[str, dict] = {}
    for manifest in manifests:
        for entry in manifest.get("runs") or []:
            runs.pop(entry.get("study"), None)
            runs[entry.get("study")] = entry
        for entry in manifest.get("elsewhere") or []:
            elsewhere.setdefault(entry.get("study"), entry)
    kernels = [m["kernel"] for m in manifests if m.get("kernel")]
    return {"runs": list(runs.values()), "elsewhere": [e for e in elsewhere.values() if e.get("study") not in runs],
            **({"kernel": kernels[-1]} if kernels else {}),
            "sittings": [{key: value for key, value in m.items() if key not in ("runs", "elsewhere")}
                         for m in manifests]}


def manifest_runs(data, path) -> list[tuple[str, int]]:
    runs = data.get("runs") if isinstance(data, dict) else None
    if not isinstance(runs, list):
        raise TableError(f'{path}: expected {{"runs": [{{"study": NAME, "run": ID}}, ...]}}.')
    found = []
    for index, entry in enumerate(runs):
        if not (isinstance(entry, dict) and isinstance(entry.get("study"), str) and isinstance(entry.get("run"), int)):
            raise TableError(f'{path}: runs[{index}] must be {{"study": NAME, "run": ID}}, not {entry!r}.')
        found.append((entry["study"], entry["run"]))
    return found


def newest_seed_runs(store: Store) -> list[tuple[str, int]]:
    """The newest stored run of every study that carries expected outcomes, by study name."""
    newest: dict[str, int] = {}
    for summary in store.list_runs():  # newest first
        if summary.study not in newest and study_expectations(summary.study):
            newest[summary.study] = summary.id
    return sorted(newest.items())


def seed_of(reference: str) -> str:
    found = re.match(r"Seed (\d+)", reference)
    return found.group(1) if found else "?"


def seeds_result(outcome) -> str:
    return seeds_result_of(outcome.expectation)


def seeds_result_of(e) -> str:
    size = fmt_change(e.percent) if e.percent is not None else e.direction
    if e.direction == "unchanged":
        size = "unchanged" + (f" ({fmt_change(e.percent)})" if e.percent is not None else "")
    return size + (f", {e.before:g} → {e.after:g} {e.unit}" if e.before is not None else "")


def rows_for(store: Store, study: str, run_id: int) -> list[dict]:
    try:
        record = store.load_run(run_id)
    except FstuneError as error:
        raise TableError(f"run {run_id} ({study}): {error}") from None
    return rows_for_record(record, study, run_id)


def rows_for_record(record, study: str, run_id: int) -> list[dict]:
    if record.study != study:
        raise TableError(f"run {run_id} is a run of {record.study}, not of {study}.")
    expectations = study_expectations(study)
    where = place(record)
    environment = where.summary() if where else "not recorded"
    kernel = (record.environment.get("lab") or {}).get("guest_kernel") or record.environment.get("kernel")
    if kernel:
        environment += f", kernel {kernel}"
    if not expectations:
        return [{"seed": "?", "experiment": f"{study} (run {run_id})", "seed's result": "no expected outcomes",
                 "fstune (interval)": "", "verdict": "", "agreement": "", "environment": environment,
                 "blocks": blocks_said(record)}]
    done = recompute(record)
    blocks = blocks_said(record)
    found = []
    for outcome in outcomes(expectations, done.after, done.record):
        found.append({
            "seed": seed_of(outcome.expectation.reference),
            "experiment": f"{study} (run {run_id}): {outcome.pair}, {outcome.metric_title}",
            "seed's result": seeds_result(outcome),
            "fstune (interval)": outcome.interval or outcome.yours(),
            "verdict": (outcome.verdict or "–") + (" (judged here only)" if outcome.beside else ""),
            "agreement": outcome.judged(),
            "environment": environment,
            "blocks": blocks,
            "outcome": outcome.as_dict(),
            "recompute_notes": done.newly_failed + done.notes,
        })
    return found


def blocks_said(record) -> str:
    """How many blocks were compared, how many of those the modelled lab's declared rule called
    host-paced (kept once the rule had dropped its share, docs/modelled-lab.md), how many dropped."""
    compared = sorted({r.block for r in record.results if r.block is not None and not r.dropped})
    paced = {r.block for r in record.results if r.block in compared
             and ((r.conditions.get("host") or {}).get("model") or {}).get("host_paced")}
    dropped = len((record.design or {}).get("dropped_blocks") or {})
    modelled = bool((record.design or {}).get("model_rule"))
    text = f"{len(compared)} compared"
    if modelled:
        text += f", {len(paced)} of them host-paced"
    return text + (f"; {dropped} dropped" if dropped else "")


def rows_elsewhere(study: str, why: str) -> list[dict]:
    """A seed study the bench could not run here: its seed rows, with no figure and the reason."""
    from fstune.workloads.registry import metric

    def title(e) -> str:
        known = metric(e.workload, e.metric)
        return known.title if known is not None else f"{e.workload} {e.metric}"

    return [{"seed": seed_of(e.reference), "experiment": f"{study}: {e.configuration} against {e.against}, "
             f"{title(e)}", "seed's result": seeds_result_of(e), "fstune (interval)": "–", "verdict": "–",
             "agreement": f"not measured: {why}", "environment": "–", "blocks": "–"}
            for e in study_expectations(study)]


def write_bundle(path: Path, manifest: dict, records: list) -> None:
    """The manifest and its runs, raw outputs included, in one xz-compressed JSON file."""
    document = {"format": BUNDLE_FORMAT, "version": 1, "manifest": manifest,
                "runs": [run_json(record, raw=True) for record in records]}
    with lzma.open(path, "wt", encoding="utf-8", preset=9) as out:
        json.dump(document, out, separators=(",", ":"))


def read_bundle(path: Path) -> tuple[dict, dict[int, object]]:
    """(the manifest, {run id: record}) of a bundle ``write_bundle`` wrote."""
    try:
        with lzma.open(path, "rt", encoding="utf-8") as source:
            document = json.load(source)
    except (OSError, lzma.LZMAError, ValueError) as error:
        raise TableError(f"{path}: not a readable bundle ({error}).") from None
    if not isinstance(document, dict) or document.get("format") != BUNDLE_FORMAT:
        raise TableError(f"{path}: not a bundle of the seed bench's runs (format {BUNDLE_FORMAT}).")
    try:
        records = {run["id"]: run_from_json(run) for run in document["runs"]}
    except (KeyError, TypeError, ValueError) as error:
        raise TableError(f"{path}: a run cannot be read ({error}).") from None
    return document["manifest"], records


def read_bundles(paths: list[Path]) -> tuple[dict, dict[str, object]]:
    """(one manifest, {study: record}) from several bundles, in order: each manifest's runs are
    found in its own bundle (run ids are a store's, so two bundles may share one), and a later
    bundle's run of a study replaces an earlier one's, as ``combine_manifests`` does."""
    manifests, by_study = [], {}
    for path in paths:
        manifest, records = read_bundle(path)
        runs = manifest_runs(manifest, path)
        missing = [run_id for _, run_id in runs if run_id not in records]
        if missing:
            raise TableError(f"{path}: the manifest names runs the bundle lacks: {missing}.")
        manifests.append(manifest)
        by_study.update({study: records[run_id] for study, run_id in runs})
    return (manifests[0] if len(manifests) == 1 else combine_manifests(manifests)), by_study


def table_rows(manifest: dict | None, runs: list[tuple[str, int]], load) -> list[dict]:
    """Every row: each run's (``load(run_id)`` gives its record), then the studies run elsewhere."""
    from fstune.studies import find_study

    kernel = (manifest or {}).get("kernel") or "the host"
    left_out = {entry.get("study"): entry.get("left_out") or [] for entry in (manifest or {}).get("runs") or []}
    rows = []
    for study, run_id in runs:
        filesystems = {c.name: c.filesystem for c in find_study(study).configurations}
        for row in rows_for_record(load(study, run_id), study, run_id):
            config = (row.get("outcome") or {}).get("configuration")
            if config in left_out.get(study, ()) and row["fstune (interval)"] == "not measured":
                # the bench left it out because this kernel lacks its filesystem (bench_seeds.host_configs)
                row["agreement"] = f"not measured: this kernel ({kernel}) has no {filesystems[config]}; {ELSEWHERE}"
            rows.append(row)
    for entry in (manifest or {}).get("elsewhere") or []:
        baseline = find_study(entry["study"]).configurations[0].filesystem
        rows += rows_elsewhere(entry["study"], f"this kernel ({kernel}) has no {baseline}; {ELSEWHERE}")
    return rows


def markdown(rows: list[dict]) -> str:
    def cell(text: str) -> str:
        return str(text).replace("|", "\\|").replace("\n", " ")

    out = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    out += ["| " + " | ".join(cell(row[column]) for column in COLUMNS) + " |" for row in rows]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--state", type=Path, help="the results store (a bench's FSTUNE_STATE_DIR)")
    parser.add_argument("--manifest", type=Path, action="append",
                        help='the runs: {"runs": [{"study": NAME, "run": ID}, ...]}; repeat it for several sittings '
                             "(a later one's run of a study replaces an earlier one's)")
    parser.add_argument("--bundle", type=Path, action="append",
                        help="read the runs and their manifest from a bundle instead; repeat it to combine "
                             "sittings kept apart (the host's and the VM lab's: a later bundle's run of a study "
                             "replaces an earlier one's)")
    parser.add_argument("--save-bundle", type=Path, metavar="FILE.json.xz",
                        help="with --state and --manifest: keep the runs read, and the manifest, in a bundle")
    parser.add_argument("--json", action="store_true", help="every row with its structured comparison, as JSON")
    args = parser.parse_args(argv)
    if bool(args.state) == bool(args.bundle):
        parser.error("give --state (a results store) or --bundle (a file of runs)")
    if args.save_bundle and not (args.state and args.manifest):
        parser.error("--save-bundle needs --state and --manifest")
    try:
        if args.bundle:
            manifest, records = read_bundles(args.bundle)
            rows = table_rows(manifest, manifest_runs(manifest, args.bundle[0]), lambda study, run_id: records[study])
        else:
            if not store_path(args.state).exists():  # reading only: never make an empty store
                print(f"seed_table: no results store at {args.state} ({store_path(args.state).name} is not there).",
                      file=sys.stderr)
                return 2
            manifest = None
            if args.manifest:
                loaded = [load_manifest(path) for path in args.manifest]
                for path, one in zip(args.manifest, loaded):
                    manifest_runs(one, path)  # each checked, so an error names its file
                manifest = loaded[0] if len(loaded) == 1 else combine_manifests(loaded)
            with Store(args.state) as store:
                runs = manifest_runs(manifest, args.manifest[0]) if manifest is not None else newest_seed_runs(store)
                if not runs:
                    print(f"seed_table: no run of a study with expected outcomes in {args.state}.", file=sys.stderr)
                    return 1

                def load(study, run_id):
                    try:
                        return store.load_run(run_id)
                    except FstuneError as error:
                        raise TableError(f"run {run_id} ({study}): {error}") from None

                rows = table_rows(manifest, runs, load)
                if args.save_bundle:
                    write_bundle(args.save_bundle, manifest, [load(study, run_id) for study, run_id in runs])
    except TableError as error:
        print(f"seed_table: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
