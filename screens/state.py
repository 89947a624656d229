"""What the wizard has collected so far, and what it needs from the outside world.

The screens read and fill a ``WizardState``; nothing in it is Textual, so the same choices
can be checked with the core's own functions (``fstune.plan.build_plan``) at every step.
``Services`` is what the app factory injects: tests and snapshots pass fixtures and a dry-run
runner; the real program passes the live inventory, the real runner and the results store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from typing import TYPE_CHECKING

from fstune.errors import FstuneError, UsageError

if TYPE_CHECKING:  # imported where used: the first screen must not wait for the core's modules
    from fstune.devices import Inventory
    from fstune.filesystems import MachineCapabilities
    from fstune.plan import Choices, OptionOverride, Plan
    from fstune.studies import Study


class LabControl:
    """The practice lab as the wizard sees it: find it, build it, remove it (``fstune.lab``).

    ``requested`` is ``fstune --lab``: build it without asking when there is none. Tests point
    ``directory`` at a temporary directory; without one it is ``fstune.lab``'s default, looked up
    when first needed (that module is not imported before the first screen is drawn).
    """

    def __init__(self, directory: Path | None = None, requested: bool = False, disks: int = 2) -> None:
        self._directory = directory
        self.requested = requested
        self.disks = disks

    @property
    def directory(self) -> Path:
        if self._directory is None:
            from fstune.lab import default_lab_dir

            self._directory = default_lab_dir()
        return self._directory

    def find(self):
        """The ready, attached lab in ``directory`` (a ``fstune.lab.Lab``), or None."""
        from fstune import lab as labmod

        if not (self.directory / labmod.MANIFEST_NAME).is_file():
            return None
        try:
            return labmod.load_lab(self.directory)
        except FstuneError:
            return None  # half-made or detached: `fstune lab status` explains, `lab down` clears

    def owns(self, device) -> bool:
        """True for a ``Device`` of this lab (a loop on one of its files, or a partition of one)."""
        backing = (device.backing_file or "").removesuffix(" (deleted)")
        return device.lab and Path(backing).parent == self.directory.resolve()

    def exists(self) -> bool:
        """Anything of a lab in ``directory`` (even half-made) that ``lab down`` would remove."""
        from fstune import lab as labmod

        return labmod.lab_status(self.directory).exists

    def up(self):
        from fstune import lab as labmod

        return labmod.lab_up(self.disks, directory=self.directory)

    def down(self):
        from fstune import lab as labmod

        return labmod.lab_down(self.directory)

    def reinit(self, paths) -> list[str]:
        """Wipe the unused journals earlier runs left on these lab devices (one line each)."""
        from fstune import lab as labmod

        return labmod.reinit_orphans(paths)

    def in_use(self) -> str | None:
        """Why the lab cannot be removed now (a run holds one of its disks locked), or None."""
        from fstune import lab as labmod

        return labmod.lab_in_use(self.directory)


@dataclass
class Services:
    """The outside world, injected: an app factory receives its dependencies (docs/ARCHITECTURE.md,
    "The run session"). ``session(plan)`` hands ``make_runner``, ``open_store`` and ``scan`` to a
    run session (``fstune.session``), which checks, runs, stores and compares."""

    scan: Callable[[], Inventory]  # a fresh inventory (udev, or a recorded fixture)
    studies: Callable[[], dict[str, Study]]  # the shipped and user studies
    make_runner: Callable[..., object] | None  # Plan (+ extend=…, answer=…) → a Runner; None = dry run
    open_store: Callable[[], object] | None  # → a fstune.results.store.Store; None = keep nothing
    monitor: Callable[[], object] | None = None  # → a fstune.devices.monitor.InventoryMonitor, or None
    is_root: bool = True
    dry_run: bool = False
    guided: bool = False
    # → what this kernel and its tools can make; None = probe this machine. Snapshots inject a
    # fixed one so that they look the same on every machine.
    capabilities: Callable[[], MachineCapabilities] | None = None
    # the practice lab (offered when no disk is usable, removable on exit); None = never offer
    lab: LabControl | None = None
    # run the run session's checks at the Review step, before any write (``RunSession.prepare``:
    # leftovers, tools, kernel drivers, the disks' locks, the devices' identities), as `fstune run`
    # does. False: fixture devices that are not on this machine (the runner itself still locks).
    checks: bool = False

    def session(self, plan: Plan, **options):
        """The run session of ``plan`` with these services (``fstune.session.RunSession``)."""
        from fstune.session import RunSession

        return RunSession(plan, make_runner=self.make_runner, open_store=self.open_store, scan=self.scan, **options)


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
    max_blocks: int | None = None  # the cap on blocks in all (``fstune run --max-blocks``); None: the default
    ceiling: bool = False  # the raw-device pass before the first mkfs (``fstune run --ceiling``)
    plan: Plan | None = None  # built on the Review screen from everything above
    run_id: str | None = None  # the run directory's name; None = the time the plan is built (as the CLI)
    order_seed: int | None = None  # drawn with the first plan, then kept: the review shows what runs
    # "Which options matter?" (docs/screening.md): the factors, workloads and budget chosen, and
    # the plan made of them (``fstune.measure.screening.plan_request``, as ``fstune screen``);
    # ``study`` is then that plan's study. None: an ordinary study.
    screening: object | None = None  # a ScreeningRequest
    screened: object | None = None  # its PlannedScreening
    # what the run's record keeps besides its plan: the screening's design, or the screening run a
    # confirmation confirms (``design["confirms_screening"]``); None: nothing
    record_extra: dict | None = None
    paired: bool = True  # the run judges at its looks (False: a screening, judged once by its model)

    def choose_study(self, study: Study, *, record_extra: dict | None = None) -> None:
        """Pick ``study``; the edits made for another study do not carry over. ``record_extra``:
        what its record keeps besides (a confirmation's screening run)."""
        self.screening = self.screened = None
        self.record_extra, self.paired = record_extra, True
        if self.study is not None and self.study.name == study.name:
            self.study = study
            return
        self._reset(study)

    def choose_screening(self, request) -> None:
        """Screen the factors of ``request`` (a ``ScreeningRequest``): planned at once, as
        ``fstune screen`` plans it, its seed then kept so that every later step shows the same
        design; UsageError says why it cannot be screened (and nothing changes)."""
        from dataclasses import replace

        from fstune.measure.screening import plan_request, screening_record

        planned = plan_request(request)
        if request.seed is None:
            request = replace(request, seed=planned.plan.design.seed)
        study = planned.study()
        if self.study is None or self.study.name != study.name or self.screening is None:
            self._reset(study)
        self.study = study
        self.screening, self.screened = request, planned
        self.record_extra, self.paired = screening_record(planned), False

    def measurement(self, plan: Plan):
        """The run's measurement when its record keeps more than the plan (a screening, a
        confirmation), else None: the session's own."""
        if self.record_extra is None:
            return None
        from fstune.measure.screening import screening_measurement

        return screening_measurement(plan, self.record_extra, sequential=self.paired)

    def _reset(self, study: Study) -> None:
        self.study = study
        self.options = []
        self.mkfs_options = {}
        self.workloads = None
        self.workload_params = {}
        self.repeats = None
        self.max_blocks = None
        self.ceiling = False
        self.plan = None
        if not study.needs_journal_device:
            self.log_device = None

    def to_choices(self, inventory: Inventory | None) -> Choices:
        """The core's Choices for what was picked so far; UsageError/DeviceError say what is missing.

        Devices go through ``fstune.plan.resolve_device``, as in ``fstune plan``, so the wizard
        and the CLI accept and describe a device identically (same checks, same script header).
        """
        from fstune.plan import Choices, resolve_device

        study = self.study
        if study is None:
            raise UsageError("choose a study first (step 2).")
        if not self.target:
            raise UsageError("choose the target partition (step 3).")
        target = resolve_device(self.target, study, "target", None, inventory)
        log = None
        if study.needs_journal_device:
            if not self.log_device:
                raise UsageError("choose a spare partition for the external journal/log (step 3).")
            log = resolve_device(self.log_device, study, "journal", None, inventory)
        choices = Choices(
            study=study, target=target, log_device=log, options=tuple(self.options),
            workloads=self.workloads, workload_params={k: dict(v) for k, v in self.workload_params.items()},
            repeats=self.repeats, max_blocks=self.max_blocks, mkfs_options=dict(self.mkfs_options),
            run_id=self.run_id or "plan", ceiling=self.ceiling, order_seed=self.order_seed,
        )
        self.order_seed = choices.order_seed
        if self.screened is not None:  # the design's blocks, orders and seed (fstune screen's)
            from fstune.plan.screening import screening_choices

            choices = screening_choices(choices, self.screened.plan)
        return choices
