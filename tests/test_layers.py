"""The layering of docs/ARCHITECTURE.md holds: import-linter's contracts (pyproject.toml), and
what they cannot see — the screens, installed inside the fstune namespace from screens/."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _lint_imports() -> str | None:
    beside = Path(sys.executable).with_name("lint-imports")
    return str(beside) if beside.exists() else shutil.which("lint-imports")


@pytest.mark.skipif(_lint_imports() is None, reason="import-linter is not installed (.ci/setup.sh installs it)")
def test_import_contracts_are_kept():
    result = subprocess.run([_lint_imports(), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "broken" not in result.stdout.split("Contracts:")[-1].split("\n")[0].replace("0 broken", "")


def _imports(path: Path) -> list[tuple[str, list[str], int]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, [alias.name for alias in node.names], node.lineno))
        elif isinstance(node, ast.Import):
            found.extend((alias.name, [], node.lineno) for alias in node.names)
    return found


def test_the_screens_use_only_the_cores_public_names():
    problems = []
    for path in sorted((ROOT / "screens").rglob("*.py")):
        for module, names, line in _imports(path):
            where = f"screens/{path.relative_to(ROOT / 'screens')}:{line}"
            if module == "fstune.cli" or module.startswith("fstune.cli."):
                problems.append(f"{where} imports the CLI ({module})")
            if module.startswith("fstune.") and not module.startswith("fstune.screens"):
                private = [n for n in names if n.startswith("_")]
                if private or any(part.startswith("_") for part in module.split(".")):
                    problems.append(f"{where} imports private {module}: {', '.join(private) or module}")
    assert problems == []


def test_no_core_module_imports_the_front_ends():
    problems = []
    for path in sorted((ROOT / "fstune").rglob("*.py")):
        if path.is_relative_to(ROOT / "fstune" / "cli") or path.name == "__main__.py":
            continue
        for module, _names, line in _imports(path):
            if module.split(".")[:2] in (["fstune", "cli"], ["fstune", "screens"]):
                problems.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert problems == []


def test_every_filesystem_and_workload_module_is_held_independent():
    # a new module is found by its package on its own; the contract that keeps it from importing
    # its siblings has to name it (import-linter cannot: base and registry are siblings too)
    import tomllib

    from fstune import filesystems, workloads

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    independent = {module for contract in contracts if contract["type"] == "independence"
                   for module in contract["modules"]}
    registered = ({type(fs).__module__ for fs in filesystems.all()}
                  | {type(workload).__module__ for workload in workloads.all()})
    missing = sorted(registered - independent)
    assert not missing, f"add {', '.join(missing)} to its independence contract in pyproject.toml"
