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


def _independent(contract_name: str) -> list[str]:
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    found = [contract for contract in contracts if contract["name"] == contract_name]
    assert len(found) == 1 and found[0]["type"] == "independence", f"pyproject.toml has no contract '{contract_name}'"
    return found[0]["modules"]


@pytest.mark.parametrize(("package", "contract_name", "test_prefix"), [
    ("filesystems", "Each filesystem module stands alone", "test_fs_"),
    ("workloads", "Each workload module stands alone", "test_wl_"),
])
def test_every_filesystem_and_workload_module_is_held_independent_and_tested(package, contract_name, test_prefix):
    # a new module is found by its package on its own (fstune.util.registry.load_modules); the
    # contract that keeps it from importing its siblings has to name it (import-linter cannot tell
    # a plug-in from base and registry, siblings too), and its own test file declares its contract
    import importlib
    import pkgutil

    imported = importlib.import_module(f"fstune.{package}")
    modules = [f"fstune.{package}.{info.name}" for info in pkgutil.iter_modules(imported.__path__)]
    plugins = sorted({type(registered).__module__ for registered in imported.all()})
    assert set(plugins) <= set(modules)
    listed = _independent(contract_name)
    missing = [module for module in plugins if module not in listed]
    assert not missing, f"add {', '.join(missing)} to '{contract_name}' in pyproject.toml"
    stale = [module for module in listed if module not in plugins]
    assert not stale, (f"'{contract_name}' in pyproject.toml names {', '.join(stale)}, which registers no "
                       f"{package.rstrip('s')} (or no longer exists): take it out")
    untested = [module for module in plugins
                if not (ROOT / "tests" / f"{test_prefix}{module.rsplit('.', 1)[1]}.py").is_file()]
    assert not untested, f"{', '.join(untested)} has no test file tests/{test_prefix}<module>.py"
