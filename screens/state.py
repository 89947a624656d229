"""What the wizard has collected so far, and what it needs from the outside world.

The screens read and fill a ``WizardState``; nothing in it is Textual, so the same choices
can be checked with the core's own functions (``fstune.plan.build_plan``) at every step.
``Services`` is what the app factory injects: tests and snapshots pass fixtures and a dry-run
runner; the real program passes the live inventory, the real runner and the results store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from fstune.devices import Inventory
from fstune.plan import OptionOverride, Plan
from fstune.studies import Study


@dataclass
class Services:
    """The outside world, injected (DESIGN §7: an app factory receives its dependencies)."""

    scan: Callable[[], Inventory]  # a fresh inventory (udev, or a recorded fixture)
    studies: Callable[[], dict[str, Study]]  # the shipped and user studies
    make_runner: Callable[..., object] | None  # Plan (+ extend=…, answer=…) → a Runner; None = dry run
    open_store: Callable[[], object] | None  # → a fstune.store.Store; None = keep nothing
    monitor: Callable[[], object] | None = None  # → a fstune.devices.monitor.InventoryMonitor, or None
    is_root: bool = True
    dry_run: bool = False
    guided: bool = False


@dataclass
class WizardState:
    """The user's choices, filled screen by screen (back and forth allowed until the run)."""

    study: Study | None = None
    target: str | None = None  # device path
    log_device: str | None = None
    options: list[OptionOverride] = field(default_factory=list)  # per-configuration mount option edits
    mkfs_options: dict[str, tuple[str, ...]] = field(default_factory=dict)  # configuration → its mkfs options, edited
    workloads: tuple[str, ...] | None = None
    workload_params: dict[str, dict[str, object]] = field(default_factory=dict)
    repeats: int | None = None
    plan: Plan | None = None  # built on the Review screen from everything above
