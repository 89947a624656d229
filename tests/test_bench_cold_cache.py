"""The cold-cache figures docs/verdicts.md quotes ("A cold cache for the filesystem under test
only") are what `bench/bench_cold_cache.py --recompute` prints today from the runs kept in
bench/runs/, line for line."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

from quoted import quoted_blocks

ROOT = Path(__file__).resolve().parent.parent
PROMPT = "$ .venv/bin/python bench/bench_cold_cache.py "


def test_the_quoted_cold_cache_figures_are_what_the_kept_runs_give():
    [(args, expected)] = quoted_blocks(ROOT / "docs" / "verdicts.md", PROMPT)
    words = shlex.split(args)
    assert words[0] == "--recompute" and all((ROOT / word).is_file() for word in words[1:])
    result = subprocess.run([sys.executable, "bench/bench_cold_cache.py", *words], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n").split("\n") == expected
