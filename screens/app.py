"""The fstune wizard: an App built by ``make_app(services)`` from injected dependencies.

The App holds the state every step reads and fills (``WizardState``), the latest inventory
(kept fresh by the Disks screen's monitor worker), the studies and what this machine can run.
Steps are installed screens: going back and forth keeps each one's widgets as the user left
them, and ``commit()`` copies a step's choices into the state before moving on.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from typing import TYPE_CHECKING

from textual import work
from textual.app import App
from textual.binding import Binding
from textual.message import Message

from fstune.errors import ExitCode
from fstune.screens.state import Services, WizardState
from fstune.screens.widgets import StepScreen

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # the core's modules load in the workers, after the first screen is drawn
    from fstune.devices import Inventory
    from fstune.filesystems import MachineCapabilities
    from fstune.plan import Plan
    from fstune.studies import Study
    from fstune.util.forked import ForkedCall

# wizard steps this app owns, in order: screen name → (module, class); imported on first visit
STEP_SCREENS = {
    "Disks": ("fstune.screens.disks", "DisksScreen"),
    "Study": ("fstune.screens.study", "StudyScreen"),
    "Devices": ("fstune.screens.devices", "DevicesScreen"),
    "Options": ("fstune.screens.options", "OptionsScreen"),
    "Workloads": ("fstune.screens.workloads", "WorkloadsScreen"),
    "Review": ("fstune.screens.review", "ReviewScreen"),
}
ORDER = tuple(STEP_SCREENS)
# "Which options matter?" (screens/screening.py): the factors' step stands in for Options, and the
# workload is chosen there, so the path skips Workloads
SCREENING_STEPS = {"Options": ("Factors", "fstune.screens.screening", "FactorsScreen")}
SCREENING_ORDER = ("Disks", "Study", "Devices", "Options", "Review")
# seconds after the start when the studies load even if the disk list is not up yet (a slow scan)
STUDIES_AT_THE_LATEST = 2.0
# how long the Disks screen waits for the scan started at launch before scanning itself (it
# usually has its inventory before the screen is up: a scan takes tens of milliseconds)
FIRST_SCAN_TIMEOUT = 20.0
# what stops the wizard from outside, and the reason a run in progress is cancelled with
STOP_SIGNALS = {signal.SIGHUP: "the terminal was lost (SIGHUP)", signal.SIGTERM: "stopped by SIGTERM"}


class StudiesLoaded(Message):
    """The studies were read, and what this machine can make probed (a worker: parsing every TOML
    file and importing every filesystem's module take a while, and the first screen needs neither)."""

    def __init__(self, studies: dict[str, Study], error: str | None = None,
                 capabilities: MachineCapabilities | None = None) -> None:
        super().__init__()
        self.studies = studies
        self.error = error
        self.capabilities = capabilities


class FstuneApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "fstune"
    BINDINGS = [
        Binding("ctrl+n", "next_step", "Next", priority=True),
        Binding("ctrl+b", "back_step", "Back", priority=True),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f1", "help", "Help", show=False, priority=True),
        Binding("ctrl+t", "toggle_theme", "Theme", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        self.state = WizardState()
        self.inventory: Inventory | None = None
        self.studies: dict[str, Study] | None = None
        self.studies_error: str | None = None
        self.capabilities: MachineCapabilities | None = None
        self.lab_built = False  # this session built the practice lab (so offers to remove it)
        self.lab_kept: str | None = None  # the lab directory the user chose to keep on quitting
        self.stop_on_signals = False  # ``run()`` sets it: tests' apps leave pytest's signals alone
        self.stopped_by: str | None = None  # a STOP_SIGNALS reason, once one arrived
        self.stopped_mid_run = False
        self._studies_started = False

    # --- start ----------------------------------------------------------------------------

    def on_mount(self) -> None:
        if self.stop_on_signals:
            loop = asyncio.get_running_loop()
            for number, reason in STOP_SIGNALS.items():
                loop.add_signal_handler(number, self.stop_by_signal, number, reason)
        self.goto("Disks")
        # The disk list is what a user waits for: the studies (every study file parsed, every
        # workload module imported) load once it is shown (DisksScreen calls load_studies), when
        # a later step opens first, or after STUDIES_AT_THE_LATEST, whichever comes first; loaded
        # beside the scan they would take the interpreter from it (docs/ARCHITECTURE.md, start-up)
        self.set_timer(STUDIES_AT_THE_LATEST, self.load_studies)

    def load_studies(self) -> None:
        """Read the studies and probe the machine, once, in a worker."""
        if self._studies_started:
            return
        self._studies_started = True
        self._load_studies()

    @work(thread=True, exclusive=True, group="studies")
    def _load_studies(self) -> None:
        probe = self.services.capabilities
        if probe is None:
            from fstune.filesystems import MachineCapabilities

            probe = MachineCapabilities.probe  # a few ms: /proc and PATH
        capabilities = probe()
        try:
            studies = self.services.studies()
        except Exception as error:  # a broken user study file must not kill the wizard: say which
            self.post_message(StudiesLoaded({}, str(getattr(error, "message", error)), capabilities))
            return
        # a broken user study file leaves out only itself; say which (file, line, key)
        broken = getattr(studies, "broken", ())
        self.post_message(StudiesLoaded(studies, "\n".join(b.error.message for b in broken) or None, capabilities))

    def on_studies_loaded(self, message: StudiesLoaded) -> None:
        self.capabilities = message.capabilities
        self.studies = message.studies
        self.studies_error = message.error
        if self.is_screen_installed("Study"):
            self.get_screen("Study").studies_changed()

    # --- navigation -----------------------------------------------------------------------

    @property
    def order(self) -> tuple[str, ...]:
        return SCREENING_ORDER if self.state.screening is not None else ORDER

    @property
    def skipped_steps(self) -> frozenset[str]:
        """The steps this path does not visit because another step chose what they choose (the
        factors' step chooses a screening's workload): the step list shows them done."""
        return frozenset(ORDER) - frozenset(self.order)

    def step_screen(self, name: str) -> StepScreen:
        if self.state.screening is not None and name in SCREENING_STEPS:
            name, module, cls = SCREENING_STEPS[name]
        else:
            module, cls = STEP_SCREENS[name]
        if not self.is_screen_installed(name):
            import importlib

            if name != "Disks":
                self.load_studies()  # every later step shows or uses them
            self.install_screen(getattr(importlib.import_module(module), cls)(), name)
        return self.get_screen(name)

    def goto(self, name: str) -> None:
        screen = self.step_screen(name)
        if len(self.screen_stack) <= 1 and not isinstance(self.screen, StepScreen):
            self.push_screen(screen)
        elif self.screen is not screen:
            self.switch_screen(screen)

    def action_next_step(self) -> None:
        screen = self.screen
        if not isinstance(screen, StepScreen):
            return
        if screen.STEP == ORDER[-1]:
            # Next on Review is "Start" (typed confirmation) or "Save script". This binding runs
            # ahead of keys still queued for the focused input: queue it behind them, or a
            # burst like "sdc1" + Ctrl+N (a fast typist, a slow machine) reads a half-typed field
            (self.focused or screen).call_later(screen.commit_and_go)
            return
        problem = screen.commit()
        if problem:
            self.notify(problem, title="Not yet", severity="warning")
            return
        order = self.order  # the Study step's choice may have changed the path
        index = order.index(screen.STEP)
        if index + 1 < len(order):
            self.goto(order[index + 1])

    def action_back_step(self) -> None:
        screen = self.screen
        if isinstance(screen, StepScreen) and screen.STEP != ORDER[0]:
            self.goto(self.order[self.order.index(screen.STEP) - 1])

    def action_help(self) -> None:
        from fstune.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
            return
        # the step under any dialog: a question asked on the Run screen is still the Run step
        step = next((getattr(s, "HELP_TOPIC", None) or s.STEP for s in reversed(self.screen_stack)
                     if getattr(s, "STEP", None)), ORDER[0])
        self.push_screen(HelpScreen(step))

    async def action_quit(self) -> None:
        """Quit; a run in progress is cancelled first, and a practice lab is offered for removal."""
        from fstune.screens.run import RunScreen

        screen = self.screen
        if isinstance(screen, RunScreen) and not screen.ended:
            screen.action_request_cancel()  # asks, then cleans up; quit again once it has ended
            return
        lab = self.services.lab
        if lab is None or not self.services.is_root or not lab.exists():
            self.exit()
            return
        from fstune.screens.lab import RemoveLabDialog

        if not isinstance(self.screen, RemoveLabDialog):
            self.push_screen(RemoveLabDialog(lab, built_here=self.lab_built))

    def stop_by_signal(self, number: int, reason: str) -> None:
        """SIGHUP (the SSH session or terminal went away) or SIGTERM: quit without asking.

        A run in progress is cancelled as the cancel dialog does (the run screen's unmount
        passes this reason to the runner), and its cleanup finishes in the worker thread
        before the process exits: nothing stays mounted, no benchmark runs on unwatched."""
        from fstune.screens.run import RunScreen

        if self.stopped_by is not None:
            return
        self.stopped_by = reason
        self.stopped_mid_run = any(isinstance(s, RunScreen) and not s.ended for s in self.screen_stack)
        if number == signal.SIGHUP:
            # the terminal is gone: writing to it fails, and Textual's writer thread would die
            # and then stall the app behind its full queue. Draw to nowhere from now on.
            devnull = os.open(os.devnull, os.O_RDWR)
            for fd in (1, 2):
                os.dup2(devnull, fd)
            os.close(devnull)
        self.exit(return_code=ExitCode.INTERRUPTED)

    def action_toggle_theme(self) -> None:
        # Textual's built-in themes; the command palette (Ctrl+P → "Theme") offers all of them
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"

    # --- the run (the Run and Results screens are another module's) ----------------------

    def start_run(self, plan: Plan, session=None) -> None:
        """Called by Review after the typed confirmation, with the run session whose checks passed
        there (its locks and the devices' identities); the run screen takes over from here."""
        from fstune.screens.run import RunScreen

        self.state.plan = plan
        self.push_screen(RunScreen(plan, services=self.services, session=session))


class FirstScan:
    """The device scan ``fstune`` started in a child at launch (``fstune.util.forked``), as the
    Disks screen takes it: ``Services.first_scan``."""

    def __init__(self, call: ForkedCall) -> None:
        self._call = call

    def ready(self) -> bool:
        return self._call.ready()

    def inventory(self) -> Inventory | None:
        """Its Inventory, waiting for it if need be; None when it failed (then the screen scans
        as without it, and says what fails). Once only."""
        from fstune.util.forked import ForkedCallFailed

        try:
            return self._call.result(timeout=FIRST_SCAN_TIMEOUT)
        except ForkedCallFailed as error:
            log.debug("the scan started at launch gave nothing: %s", error)
            return None


def make_app(services: Services) -> FstuneApp:
    """The wizard with its dependencies injected (tests pass fixture inventories and studies)."""
    return FstuneApp(services)


def real_services(dry_run: bool = False, lab: bool = False, guided: bool = False,
                  first_scan: ForkedCall | None = None) -> Services:
    """What ``fstune`` itself runs with: the live machine, the real runner and results store.

    Each service imports its module when first called, in the worker that calls it: the first
    screen is drawn before the inventory, the studies and the lab's modules are loaded.
    ``first_scan`` is the device scan the command line started before Textual loaded."""
    from fstune.screens.state import LabControl

    def scan():
        from fstune.devices import scan

        return scan()

    def monitor():
        from fstune.devices.monitor import InventoryMonitor

        return InventoryMonitor()

    def load_studies():
        from fstune.studies import load_studies

        return load_studies()

    def make_runner(plan: Plan, **options):
        from fstune.runner import Runner

        return Runner(plan, **options)

    def open_store():
        from fstune.results.store import Store

        return Store()

    is_root = os.geteuid() == 0
    return Services(scan=scan, studies=load_studies, make_runner=make_runner, open_store=open_store,
                    monitor=monitor, first_scan=FirstScan(first_scan) if first_scan else None, is_root=is_root,
                    dry_run=dry_run or not is_root,
                    lab=LabControl(requested=lab), guided=guided, checks=is_root and not dry_run)


class _DropFailedWrites:
    """The terminal stream, minus its errors.

    Textual draws from a writer thread that dies on the first failed write: once the terminal
    has hung up, writes fail (EIO) before the SIGHUP handler can run, and the app then blocks
    for good on the thread's full queue, never exiting (its run's cleanup had finished).
    Here a failed write is dropped, so the app keeps going until the handler stops it."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except (OSError, ValueError):
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except (OSError, ValueError):
            pass

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def kept_lab_message(directory: str) -> str:
    """What ``fstune`` prints on quitting with the lab kept: where it is, and the exact command
    that removes it (with ``--dir`` when it is not in the built-in place)."""
    from fstune.lab import dir_flag

    return (f"fstune: the practice lab is still in {directory}. "
            f"Remove it with: sudo fstune lab down{dir_flag(directory)}")


def run(dry_run: bool = False, lab: bool = False, guided: bool = False, first_scan: ForkedCall | None = None) -> int:
    """Start the wizard on this machine; the exit code of ``fstune``."""
    import sys

    app = make_app(real_services(dry_run, lab=lab, guided=guided, first_scan=first_scan))
    app.stop_on_signals = True
    terminal = sys.__stderr__  # what Textual draws on (read when the app starts)
    sys.__stderr__ = _DropFailedWrites(terminal)
    try:
        app.run()
    finally:
        sys.__stderr__ = terminal
    if app.stopped_by and app.stopped_mid_run:
        # (after SIGHUP this goes nowhere; the audit log has the same reason)
        print(f"fstune: {app.stopped_by}: the run was cancelled; fstune exits once its cleanup "
              "(unmounting, removing its directories) has finished.", flush=True)
    if app.lab_kept:
        # the terminal is back: say once more where the practice disks are and how they go
        print(kept_lab_message(app.lab_kept))
    return app.return_code or 0
