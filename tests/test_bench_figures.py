"""The real-run figures docs/verdicts.md and docs/modelled-lab.md quote come from the runs kept in bench/runs/.

Each quoted `bench/recompute_aa.py --bundle …` block in the docs is run again here: today's
parsers read every repeat's raw output, today's decision code judges every run, and the output
must be the one the docs show, line for line. A change to the method that moves a quoted count
fails here until the docs say the new figure (docs/verdicts.md, "Real runs on the loop lab").
The seed table docs/modelled-lab.md publishes ("The seed table") is recomputed the same way by
`bench/seed_table.py --bundle …`.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from quoted import quoted_blocks

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "verdicts.md"
PROMPT = "$ .venv/bin/python bench/recompute_aa.py "


def quoted_runs() -> list[tuple[str, list[str]]]:
    """(the command's arguments, the output lines) of every recompute block in the docs."""
    return quoted_blocks(DOCS, PROMPT)


def test_the_docs_quote_the_a_a_bench_and_a_known_effect():
    arguments = [args for args, _ in quoted_runs()]
    assert len(arguments) >= 3, "docs/verdicts.md should quote the A/A runs and at least one known effect"
    for args in arguments:
        for word in shlex.split(args):
            if word.endswith(".json.xz"):
                assert (ROOT / word).is_file(), f"the docs quote {word}, which is not in the repository"


@pytest.mark.parametrize("args, expected", quoted_runs(), ids=lambda value: value if isinstance(value, str) else "")
def test_a_quoted_figure_is_what_the_kept_runs_give_today(args, expected):
    result = subprocess.run([sys.executable, "bench/recompute_aa.py", *shlex.split(args)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n").split("\n") == expected


MODELLED = ROOT / "docs" / "modelled-lab.md"
SEED_PROMPT = "$ .venv/bin/python bench/seed_table.py "


def quoted_seed_tables() -> list[tuple[str, list[str]]]:
    """(the command's arguments, the output lines) of every seed-table block in docs/modelled-lab.md."""
    return quoted_blocks(MODELLED, SEED_PROMPT)


def test_the_modelled_lab_page_publishes_the_seed_table_from_a_kept_bundle():
    quoted = quoted_seed_tables()
    assert quoted, "docs/modelled-lab.md should quote bench/seed_table.py on a bundle in bench/runs/"
    for args, _ in quoted:
        bundles = [word for word in shlex.split(args) if word.endswith(".json.xz")]
        assert bundles and all((ROOT / word).is_file() for word in bundles), f"{args}: no kept bundle"


@pytest.mark.parametrize("args, expected", quoted_seed_tables(), ids=lambda value: value if isinstance(value, str) else "")
def test_the_published_seed_table_is_what_the_kept_runs_give_today(args, expected):
    result = subprocess.run([sys.executable, "bench/seed_table.py", *shlex.split(args)], cwd=ROOT,
                            capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n").split("\n") == expected


# The series of issue 26's "real runs that exercise every path": each was declared (its expected
# outcome, bench/runs/declared/) in a commit made before its first run started, and its bundle
# holds the path it was run for (docs/verdicts.md, "Every path, for real").
DECLARED = {"drops-aa": "bench/runs/drops-aa.json.xz", "early-stop-journal": "bench/runs/early-stop-journal.json.xz",
            "aa-three": "bench/runs/aa-three.json.xz"}


def _series(name: str):
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from recompute_aa import read_bundle
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return next(one for one in read_bundle(ROOT / DECLARED[name]) if one.name == name)


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_a_series_was_declared_before_its_first_run(name):
    import json

    series = _series(name)
    said = series.manifest["declared"]
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the declaration's commit cannot be looked up")
    known = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{said['commit']}^{{commit}}"],
                           capture_output=True).returncode == 0
    if not known and _git("rev-parse", "--is-shallow-repository").strip() == "true":
        pytest.skip("a shallow clone: the declaration's commit is not in it (a full clone checks it)")
    assert known, f"the declaration's commit {said['commit']} is not in this repository's history"
    at_commit = json.loads(_git("show", f"{said['commit']}:{said['file']}"))
    assert at_commit == {key: value for key, value in said.items() if key not in ("file", "commit", "committed")}
    committed = int(_git("show", "-s", "--format=%ct", said["commit"]).strip())
    assert series.records and committed < min(record.started for record in series.records)
    assert series.manifest["command"] == said["command"], "the series ran as it was declared"


def test_the_quoted_runs_take_every_path():
    quoted = " ".join(args for args, _ in quoted_runs() if "--paths" in args)
    for name, bundle in DECLARED.items():
        assert bundle in quoted, f"docs/verdicts.md should quote {bundle} with --paths"
    drops = _series("drops-aa")
    reasons = [why for record in drops.records for why in (record.design.get("dropped_blocks") or {}).values()]
    assert any("io-pressure" in why for why in reasons), "no block was dropped for the injected bursts"
    early = _series("early-stop-journal")
    assert any(record.design["stopped"] == "decided" and
               len({r.block for r in record.results if r.counts}) < record.design["looks"][-1]
               for record in early.records), "no run stopped before the cap"
    three = _series("aa-three")
    assert all(len(record.configs) == 3 for record in three.records)
