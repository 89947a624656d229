"""The seed experiments' table (issue 16): what each seed found, what fstune measured, and whether
they agree — recomputed from the stored runs' raw outputs, never from figures typed into a note.

For every run it reads from the results store (``--state``, the FSTUNE_STATE_DIR a bench used), it
parses the stored tool outputs again and judges them with today's method
(``fstune.results.recompute``), then sets each of the study's expected outcomes (``[[expected]]``
in its file) beside that judgement (``fstune.reports.expected``). One row per expected figure:

    seed | experiment | seed's result | fstune (interval) | verdict | agreement | environment

The agreement column is ``judge_agreement``'s, as in every report: direction and size, with the
study's likely reason beside a size that differs (docs/verdicts.md, "Expected outcomes"); a figure
the run only describes is judged for the table, and its verdict says "(judged here only)". The
environment names the lab kind, the disk model or disk, and KVM or TCG
(``fstune.reports.caveats.place``); where the place cannot show an effect, the agreement column
says "cannot show here" and why.

    .venv/bin/python bench/seed_table.py --state /var/tmp/fstune-seeds [--manifest FILE] [--json]

``--manifest FILE`` names the runs, as the seed bench writes them:
``{"runs": [{"study": NAME, "run": ID}, ...]}``; without it, the newest run of every stored study
that carries expected outcomes is used.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fstune.errors import FstuneError  # noqa: E402
from fstune.reports.caveats import place  # noqa: E402
from fstune.reports.expected import outcomes, study_expectations  # noqa: E402
from fstune.reports.formatting import fmt_change  # noqa: E402
from fstune.results.recompute import recompute  # noqa: E402
from fstune.results.store import Store, store_path  # noqa: E402

COLUMNS = ("seed", "experiment", "seed's result", "fstune (interval)", "verdict", "agreement", "environment")


class TableError(Exception):
    """A store or manifest this script cannot read; the message says which and why."""


def read_manifest(path: Path) -> list[tuple[str, int]]:
    """(study, run id) pairs from ``{"runs": [{"study": NAME, "run": ID}, ...]}``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise TableError(f"{path}: cannot be read ({error.strerror}).") from None
    except ValueError as error:
        raise TableError(f"{path}: not JSON ({error}).") from None
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
    e = outcome.expectation
    size = fmt_change(e.percent) if e.percent is not None else e.direction
    if e.direction == "unchanged":
        size = "unchanged" + (f" ({fmt_change(e.percent)})" if e.percent is not None else "")
    return size + (f", {e.before:g} → {e.after:g} {e.unit}" if e.before is not None else "")


def rows_for(store: Store, study: str, run_id: int) -> list[dict]:
    try:
        record = store.load_run(run_id)
    except FstuneError as error:
        raise TableError(f"run {run_id} ({study}): {error}") from None
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
                 "fstune (interval)": "", "verdict": "", "agreement": "", "environment": environment}]
    done = recompute(record)
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
            "outcome": outcome.as_dict(),
            "recompute_notes": done.newly_failed + done.notes,
        })
    return found


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
    parser.add_argument("--state", type=Path, required=True, help="the results store (a bench's FSTUNE_STATE_DIR)")
    parser.add_argument("--manifest", type=Path, help='the runs: {"runs": [{"study": NAME, "run": ID}, ...]}')
    parser.add_argument("--json", action="store_true", help="every row with its structured comparison, as JSON")
    args = parser.parse_args(argv)
    if not store_path(args.state).exists():  # reading only: never make an empty store
        print(f"seed_table: no results store at {args.state} ({store_path(args.state).name} is not there).",
              file=sys.stderr)
        return 2
    try:
        with Store(args.state) as store:
            runs = read_manifest(args.manifest) if args.manifest else newest_seed_runs(store)
            if not runs:
                print(f"seed_table: no run of a study with expected outcomes in {args.state}.", file=sys.stderr)
                return 1
            rows = [row for study, run_id in runs for row in rows_for(store, study, run_id)]
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
