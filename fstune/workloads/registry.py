"""The registered workloads, by name, and the questions that need all of them.

A workload module registers its class with ``@register``; ``fstune.workloads`` imports every
module of the package (``load_modules``), so a new module is found without a list to edit
(``fstune.util.registry``; docs/ARCHITECTURE.md, "How to add a workload").
"""

from __future__ import annotations

from collections.abc import Iterable

from fstune.util.progress import ProgressParser
from fstune.util.registry import Registry
from fstune.workloads.base import Workload
from fstune.workloads.metrics import Metric

_REGISTRY: Registry[Workload] = Registry(Workload, "workload", "a workload",
                                         check=lambda workload: workload.declaration_problems())
# name → the workload; ordered by ``listing_order``, so lists and messages name them the same way
WORKLOADS: dict[str, Workload] = _REGISTRY.by_name
# Class decorator: make a Workload subclass known under its ``name``; refuses an incomplete class
register = _REGISTRY.register
get = _REGISTRY.get  # the workload called ``name`` or a UsageError listing the known ones
find = _REGISTRY.find  # the workload called ``name``, or None (a stored run from a newer fstune)
all = _REGISTRY.all  # every registered workload, in listing order (read as ``workloads.all()``)


def metric(workload: str, name: str) -> Metric | None:
    """The declaration of ``workload``'s metric ``name``.

    A figure fstune does not declare for that workload (a stored run of a workload this fstune
    lacks) is described by the first workload that declares the same quantity, if any: every
    ``.seconds`` is a time. None when no workload knows the quantity.
    """
    known = find(workload)
    declared = known.metric(name) if known is not None else None
    if declared is not None:
        return declared
    quantity = name.partition(".")[2]
    return next((m for w in WORKLOADS.values() for m in w.metrics if m.quantity == quantity), None)


def progress_parser_for(argv: Iterable[str]) -> ProgressParser | None:
    """The parser of the first workload whose tool ``argv`` runs; None when none claims it."""
    words = tuple(argv)
    if not words:
        return None
    for workload in WORKLOADS.values():
        parser = workload.progress_parser(words)
        if parser is not None:
            return parser
    return None


def version_argv(tool: str) -> tuple[str, ...] | None:
    """How a workload's tool tells its version (``fio --version``), or None: not one of theirs."""
    return next((w.version_argv[tool] for w in WORKLOADS.values() if tool in w.version_argv), None)


def versioned_tools() -> tuple[str, ...]:
    """Every tool whose version a workload asks a run to record, once each."""
    return tuple(dict.fromkeys(tool for w in WORKLOADS.values() for tool in w.version_argv))
