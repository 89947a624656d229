"""Widgets every wizard step shares: the step list, the dry-run banner, Back/Next, a base Screen.

Widgets only show things and post messages; the screens decide what the choices mean and
store them in the app's ``WizardState`` (docs/ARCHITECTURE.md, the wizard's screens).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Static

# Every step of the wizard, in order; the first six are this module's screens, Run and Results
# belong to the run. The list is always on screen so the user knows where they are.
STEPS = ("Disks", "Study", "Devices", "Options", "Workloads", "Review", "Run", "Results")


class StepList(Widget):
    """One line: ``✓ Disks  ✓ Study  3 Devices  4 Options …`` with the current step highlighted."""

    DEFAULT_CSS = """
    StepList {
        height: 1;
        width: 1fr;
        background: $panel;
        color: $text-muted;
        padding: 0 0 0 1;  /* all eight steps fit in 80 columns */
    }
    StepList > .step-list--current { background: $accent; color: $text; text-style: bold; }
    StepList > .step-list--done { color: $success; }
    """
    COMPONENT_CLASSES = {"step-list--current", "step-list--done"}

    def __init__(self, current: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.current = current

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        position = STEPS.index(self.current)
        current = self.get_component_rich_style("step-list--current")
        done = self.get_component_rich_style("step-list--done")
        skipped = getattr(self.app, "skipped_steps", frozenset())
        for index, name in enumerate(STEPS):
            if index:
                text.append("  ")
            if index < position or name in skipped:
                text.append(f"✓ {name}", style=done)
            elif index == position:
                text.append(f"{index + 1} {name}", style=current)
            else:
                text.append(f"{index + 1} {name}")
        return text


class ModeBanner(Static):
    """Says plainly when nothing will be written: not root, or --dry-run."""

    DEFAULT_CSS = """
    ModeBanner {
        width: 1fr;
        height: auto;
        background: $warning 25%;
        color: $text;
        padding: 0 1;
        display: none;
    }
    ModeBanner.-shown { display: block; }
    """

    def on_mount(self) -> None:
        services = self.app.services
        if not services.is_root:
            self.update("Not root: fstune cannot format, mount or benchmark devices, so this is a "
                        "dry run. It ends by saving the commands as a script to run as root.")
        elif services.dry_run:
            self.update("Dry run: nothing is written to any device. "
                        "The wizard ends by saving the commands as a script.")
        else:
            return
        self.add_class("-shown")


class NavBar(Horizontal):
    """Back and Next for the mouse; Ctrl+B / Ctrl+N do the same from the keyboard."""

    DEFAULT_CSS = """
    NavBar { height: 1; width: 1fr; margin-top: 0; }
    NavBar > Static { width: 1fr; height: 1; color: $text-muted; padding: 0 1; }
    NavBar > Button { min-width: 10; }
    """

    def __init__(self, hint: str = "", *, back: bool = True, next_label: str = "Next ›") -> None:
        super().__init__()
        self.hint = hint
        self.back = back
        self.next_label = next_label

    def compose(self) -> ComposeResult:
        yield Button("‹ Back", id="nav-back", compact=True, disabled=not self.back)
        yield Static(self.hint, id="nav-hint")
        yield Button(self.next_label, id="nav-next", compact=True, variant="primary")


class StepFooter(Footer):
    """Textual's Footer, rebuilt once per refresh however often the bindings changed before it.

    Textual's queues one rebuild (every key widget removed, made and styled again) per change,
    and a screen's first moments change them several times (pushed, focused, a binding's check
    refreshed): five rebuilds before the Disks table's first rows were drawn. The last one shows
    what all of them would have."""

    _rebuild_queued = False

    def bindings_changed(self, screen: Screen) -> None:
        # Footer.bindings_changed, with the rebuild queued once
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen and not self._rebuild_queued:
            self._rebuild_queued = True
            self.call_after_refresh(self.recompose)

    async def recompose(self) -> None:
        self._rebuild_queued = False
        await super().recompose()


class StepScreen(Screen):
    """A wizard step: step list, banner, the step's own body, Back/Next and the footer.

    Subclasses set ``STEP`` and implement ``compose_body``; ``commit`` stores the step's choices
    in the app's state and returns None, or returns one sentence saying what is missing.
    """

    STEP = ""
    HINT = ""
    DEFAULT_CSS = """
    StepScreen > #body { height: 1fr; }
    StepScreen .step-title { text-style: bold; padding: 0 1; height: 1; }
    """

    def compose(self) -> ComposeResult:
        yield StepList(self.STEP)
        yield ModeBanner()
        with Vertical(id="body"):
            yield from self.compose_body()
        yield NavBar(self.HINT, back=self.STEP != STEPS[0])
        yield StepFooter()

    def compose_body(self) -> ComposeResult:
        raise NotImplementedError

    def commit(self) -> str | None:
        return None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "nav-next":
            event.stop()
            self.app.action_next_step()
        elif event.button.id == "nav-back":
            event.stop()
            self.app.action_back_step()


class Dialog(ModalScreen):
    """A question in a framed box over the current screen: a Vertical of Labels, then a
    Horizontal row of Buttons. Subclasses set the frame's colour and width."""

    DEFAULT_CSS = """
    Dialog { align: center middle; }
    Dialog > Vertical {
        width: 70; max-width: 95%; height: auto; padding: 1 2;
        border: thick $warning; background: $surface;
    }
    Dialog Label { width: 100%; margin-bottom: 1; }
    Dialog Horizontal { height: auto; align: center middle; }
    Dialog Button { margin: 0 1; }
    """
