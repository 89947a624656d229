"""What the filesystem and workload contract tests share (helper for the tests).

Each ``tests/<prefix><module>.py`` (``test_fs_``, ``test_wl_``) declares ``CONTRACTS``, the
exact promises of what its module registers (``tests/fscontract.py``, ``tests/wlcontract.py``
say what a contract holds); ``gather`` collects them all, and ``contract_for`` finds the one for a
registered filesystem or workload, or fails naming the file to declare it in.
docs/ARCHITECTURE.md, "How to add a filesystem" and "How to add a workload".
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def gather(prefix: str) -> dict:
    """name → contract, from every ``tests/<prefix>*.py``."""
    found: dict = {}
    for path in sorted(HERE.glob(f"{prefix}*.py")):
        found.update(importlib.import_module(path.stem).CONTRACTS)
    return found


def contract_for(contracts: dict, registered, prefix: str):
    """The contract of ``registered`` (a Filesystem or a Workload); a registered one without a
    contract fails, by name, saying where to write it."""
    if registered.name not in contracts:
        module = type(registered).__module__.rsplit(".", 1)[-1]
        pytest.fail(f"{registered.name} has no contract: declare CONTRACTS[{registered.name!r}] in "
                    f"tests/{prefix}{module}.py")
    return contracts[registered.name]
