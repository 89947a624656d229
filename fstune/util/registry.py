"""One registry of plug-in classes by name: the filesystems and the workloads both use it.

A plug-in module defines a subclass of its kind's base class and decorates it with the
registry's ``register``; the package imports every module it holds (``load_modules``), so a new
module is found without a list to edit (docs/ARCHITECTURE.md, "How to add a filesystem" and "How
to add a workload"). The base class declares what every subclass must set (``REQUIRED``) and
override (``REQUIRED_METHODS``); everything else has a default on the base class, so callers
never probe for an ability.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

from fstune.errors import UsageError

T = TypeVar("T")


def load_modules(package: str, path: Iterable[str]) -> None:
    """Import every module of the package ``package`` at ``path``; their ``@register`` does the rest."""
    for module in pkgutil.iter_modules(list(path)):
        importlib.import_module(f"{package}.{module.name}")


class Registry(Generic[T]):
    """The one instance of each registered subclass of ``base``, by name, in listing order
    (``listing_order``, then the name), so lists and messages name them the same way always.
    ``base`` declares ``REQUIRED`` (attributes) and ``REQUIRED_METHODS`` (methods to override).

    ``kind`` names one in messages ("filesystem"); ``unknown`` ends "'zfs' is not …" when a name
    is not registered; ``check`` returns what is wrong with a new instance's declarations.
    """

    def __init__(self, base: type[T], kind: str, unknown: str,
                 check: Callable[[T], Iterable[str]] | None = None) -> None:
        self.base = base
        self.kind = kind
        self.unknown = unknown
        self.check = check
        # the mapping callers read; kept as one object (re-ordered in place), so aliases stay live
        self.by_name: dict[str, T] = {}

    def register(self, cls: type[T]) -> type[T]:
        """Class decorator: make ``cls`` known under its ``name``. Refuses an incomplete class."""
        base = self.base
        missing = [attribute for attribute in base.REQUIRED if not hasattr(cls, attribute)]  # type: ignore[attr-defined]
        missing += [f"{method}()" for method in base.REQUIRED_METHODS  # type: ignore[attr-defined]
                    if getattr(cls, method) is getattr(base, method)]
        if missing:
            raise TypeError(f"{cls.__name__} does not set {', '.join(missing)}; every {self.kind} must.")
        name = cls.name  # type: ignore[attr-defined]  # REQUIRED holds it
        if name in self.by_name:
            raise TypeError(f"{cls.__name__}: a {self.kind} called '{name}' is registered already.")
        instance = cls()
        problems = list(self.check(instance)) if self.check is not None else []
        if problems:
            raise TypeError(f"{cls.__name__}: {'; '.join(problems)}.")
        self.by_name[name] = instance
        ordered = sorted(self.by_name.values(), key=lambda item: (item.listing_order, item.name))  # type: ignore[attr-defined]
        self.by_name.clear()
        self.by_name.update((item.name, item) for item in ordered)  # type: ignore[attr-defined]
        return cls

    def get(self, name: str) -> T:
        """The one called ``name`` or a UsageError listing the known ones."""
        try:
            return self.by_name[name]
        except KeyError:
            raise UsageError(f"'{name}' is not {self.unknown}; known: {', '.join(self.by_name)}.") from None

    def find(self, name: str) -> T | None:
        """The one called ``name``, or None (e.g. a stored run from a newer fstune)."""
        return self.by_name.get(name)

    def all(self) -> tuple[T, ...]:
        """Every registered one, in listing order."""
        return tuple(self.by_name.values())
