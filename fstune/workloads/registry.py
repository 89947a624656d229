"""The registered workloads, by name, and the questions that need all of them.

A workload module registers its class with ``@register``; ``fstune.workloads`` imports every
module of the package, so a new module is found without a list to edit (see
docs/ARCHITECTURE.md, "How to add a workload").
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

from fstune.errors import UsageError
from fstune.util.progress import ProgressParser
from fstune.workloads.base import Workload
from fstune.workloads.metrics import Metric

# name → the workload; ordered by ``listing_order``, so lists and messages name them the same way
WORKLOADS: dict[str, Workload] = {}


def register(cls: type[Workload]) -> type[Workload]:
    """Class decorator: make ``cls`` known under its ``name``. Refuses an incomplete class."""
    missing = [attribute for attribute in Workload.REQUIRED if not hasattr(cls, attribute)]
    missing += [f"{method}()" for method in Workload.REQUIRED_METHODS
                if getattr(cls, method) is getattr(Workload, method)]
    if missing:
        raise TypeError(f"{cls.__name__} does not set {', '.join(missing)}; every workload must.")
    if cls.name in WORKLOADS:
        raise TypeError(f"{cls.__name__}: a workload called '{cls.name}' is registered already.")
    workload = cls()
    problems = workload.declaration_problems()
    if problems:
        raise TypeError(f"{cls.__name__}: {'; '.join(problems)}.")
    WORKLOADS[cls.name] = workload
    ordered = sorted(WORKLOADS.values(), key=lambda w: (w.listing_order, w.name))
    WORKLOADS.clear()
    WORKLOADS.update((w.name, w) for w in ordered)
    return cls


def load_modules(package: str, path: list[str]) -> None:
    """Import every module of the package ``package`` at ``path``; their ``@register`` does the rest."""
    for module in pkgutil.iter_modules(path):
        importlib.import_module(f"{package}.{module.name}")


def get(name: str) -> Workload:
    """The workload called ``name`` or a UsageError listing the known ones."""
    try:
        return WORKLOADS[name]
    except KeyError:
        raise UsageError(f"'{name}' is not a workload; known: {', '.join(WORKLOADS)}.") from None


def find(name: str) -> Workload | None:
    """The workload called ``name``, or None (e.g. a stored run from a newer fstune)."""
    return WORKLOADS.get(name)


def all() -> tuple[Workload, ...]:
    """Every registered workload, in listing order. (Named to be read as ``workloads.all()``;
    this module does not use the builtin ``all``.)"""
    return tuple(WORKLOADS.values())


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
