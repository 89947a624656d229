"""The real-run figures docs/verdicts.md quotes come from the runs kept in bench/runs/.

Each quoted `bench/recompute_aa.py --bundle …` block in the docs is run again here: today's
parsers read every repeat's raw output, today's decision code judges every run, and the output
must be the one the docs show, line for line. A change to the method that moves a quoted count
fails here until the docs say the new figure (docs/verdicts.md, "Real runs on the loop lab").
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "verdicts.md"
PROMPT = "$ .venv/bin/python bench/recompute_aa.py "


def quoted_runs() -> list[tuple[str, list[str]]]:
    """(the command's arguments, the output lines) of every recompute block in the docs."""
    found = []
    for block in re.findall(r"```\n(.*?)```", DOCS.read_text(), flags=re.S):
        lines = block.rstrip("\n").split("\n")
        if lines[0].startswith(PROMPT):
            found.append((lines[0].removeprefix(PROMPT), lines[1:]))
    return found


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
