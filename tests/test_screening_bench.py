"""The real screening runs docs/screening.md quotes come from the runs kept in bench/runs/.

Each quoted `bench/recompute_screening.py --bundle …` block is run again here: today's parsers
read every repeat's raw output and today's model judges the design, and the output must be the
one the docs show, line for line (docs/screening.md, "Real runs on the lab")."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from quoted import quoted_blocks

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "screening.md"
PROMPT = "$ .venv/bin/python bench/recompute_screening.py "


def quoted_runs() -> list[tuple[str, list[str]]]:
    return quoted_blocks(DOCS, PROMPT)


def test_the_docs_quote_real_screening_runs_kept_in_the_repository():
    quoted = quoted_runs()
    assert quoted, "docs/screening.md should quote the real screening runs"
    for args, _ in quoted:
        for word in shlex.split(args):
            if word.endswith(".json.xz"):
                assert (ROOT / word).is_file(), f"the docs quote {word}, which is not in the repository"


@pytest.mark.parametrize("args, expected", quoted_runs(), ids=lambda value: value if isinstance(value, str) else "")
def test_a_quoted_screening_is_what_the_kept_runs_give_today(args, expected):
    result = subprocess.run([sys.executable, "bench/recompute_screening.py", *shlex.split(args)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n").split("\n") == expected


# The screen on the modelled lab was declared (its command and expected outcome,
# bench/runs/declared/) in a commit made before its first run; its bundle keeps the declaration
# with that commit (bench/recompute_screening.py --declared; docs/screening.md).
DECLARED = {"screen-ext4-modelled": "bench/runs/screen-ext4-modelled.json.xz"}


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_the_modelled_lab_screen_was_declared_before_it_ran(name):
    import json

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from recompute_aa import read_bundle
    finally:
        sys.path.remove(str(ROOT / "bench"))
    series = next(one for one in read_bundle(ROOT / DECLARED[name]) if one.name == name)
    said = series.manifest["declared"]
    assert said["series"] == name and said["command"] == series.manifest["command"]
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
