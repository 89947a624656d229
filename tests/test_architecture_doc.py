"""docs/ARCHITECTURE.md names only what exists: every repository path it gives (``fstune/…``,
``screens/…``, ``tests/…``, ``bench/…``, ``recipes/…``, ``docs/…``) is a file or directory, and
every dotted ``fstune.x.y`` name is a module, or a name a module defines. A doc that sends a
newcomer to a module that was moved or removed fails here, naming it."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "ARCHITECTURE.md"
# a placeholder such as fstune/workloads/NAME.py or recipes/STUDY.toml is a pattern, not a path
PLACEHOLDER = re.compile(r"[A-Z]{3,}")


def named_paths(text: str) -> list[str]:
    found = re.findall(r"(?<![\w./-])((?:fstune|screens|tests|bench|recipes|docs)/[\w./-]*\w)", text)
    return sorted({path for path in found if not PLACEHOLDER.search(path)})


def named_modules(text: str) -> list[str]:
    found = re.findall(r"(?<![\w./-])(fstune(?:\.[A-Za-z_]\w*)+)", text)
    return sorted(set(found))


def _exists(path: str) -> bool:
    return (ROOT / path).exists()


def _resolves(dotted: str) -> bool:
    """A module, or a name defined by the longest importable module before it."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            thing = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            if not hasattr(thing, name):
                return False
            thing = getattr(thing, name)
        return True
    return False


def test_the_page_names_paths_and_modules():
    text = PAGE.read_text()
    assert len(named_paths(text)) > 20 and len(named_modules(text)) > 10


@pytest.mark.parametrize("path", named_paths(PAGE.read_text()))
def test_every_path_it_names_exists(path):
    assert _exists(path), f"docs/ARCHITECTURE.md names {path}, which does not exist"


@pytest.mark.parametrize("dotted", named_modules(PAGE.read_text()))
def test_every_module_it_names_exists(dotted):
    assert _resolves(dotted), f"docs/ARCHITECTURE.md names {dotted}, which is neither a module nor a name in one"


def test_the_checks_catch_a_stale_name():
    # the two names the issue found stale, and a placeholder that is not a path
    assert not _exists("fstune/runner.py") and not _resolves("fstune.results.export.compare_runs")
    assert named_paths("see `fstune/workloads/NAME.py` and fstune/plan/build.py. **In docs/vmlab.md**") == [
        "docs/vmlab.md", "fstune/plan/build.py"]
    assert named_modules("`fstune.screens.app`, fstune.plan.build_plan.") == ["fstune.plan.build_plan",
                                                                               "fstune.screens.app"]
