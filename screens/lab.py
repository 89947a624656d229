"""The practice lab in the wizard: what the Disks step offers, and the question on quitting.

Building and removing run ``fstune.lab`` in a thread worker (losetup, sfdisk and udev take a
few seconds); the widgets here only show what happens and pass the user's answer on.
"""

from __future__ import annotations

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label
from textual.worker import get_current_worker

from fstune.lab import DEFAULT_SIZE
from fstune.screens.state import LabControl
from fstune.screens.widgets import Dialog


def offer_text(lab: LabControl, *, can_build: bool) -> str:
    """The Disks step's offer when no device is usable (markup)."""
    what = (f"{lab.disks} file-backed loop-device disks of {DEFAULT_SIZE} in {escape(str(lab.directory))}, "
            "each with a data and a spare partition")
    if can_build:
        return (f"[b]No disk here is free for fstune to format.[/b] Press [b]L[/b] to build a practice lab: "
                f"{what}. It is offered for removal when you quit.")
    return (f"[b]No disk here is free for fstune to format.[/b] A practice lab ({what}) needs root and a "
            "real run: start [b]sudo fstune --lab[/b].")


class RemoveLabDialog(Dialog):
    """"Remove the practice lab?" on quitting: Remove / Keep / Cancel (stay in the wizard)."""

    BINDINGS = [
        Binding("r", "remove", "Remove lab"),
        Binding("k", "keep", "Keep lab"),
        Binding("escape", "stay", "Back to fstune"),
    ]

    def __init__(self, lab: LabControl, *, built_here: bool) -> None:
        super().__init__()
        self.lab = lab
        self.built_here = built_here
        self.removing = False

    def compose(self) -> ComposeResult:
        where = escape(str(self.lab.directory))
        made = "This session built it." if self.built_here else "It was there before this session."
        with Vertical():
            yield Label("[b]Remove the practice lab before quitting?[/b]")
            yield Label(f"The lab in {where} holds only fstune's practice disks. {made} Removing "
                        "unmounts them, detaches the loop devices and deletes the backing files; "
                        "the results you measured are kept.", id="lab-what")
            yield Label("", id="lab-progress")
            with Horizontal():
                yield Button("Remove (r)", variant="warning", id="remove")
                yield Button("Keep it (k)", variant="primary", id="keep")
                yield Button("Back (Esc)", id="stay")

    def on_mount(self) -> None:
        # the default answer: remove what this session made, keep what was there before
        busy = self.lab.in_use()
        if busy:  # a run (this wizard's or another's) holds one of its disks: removing is refused
            self.query_one("#lab-progress", Label).update(
                f"[b red]It cannot be removed now:[/] {escape(busy)}. Keep it, or wait for that run to end.")
        self.query_one("#remove" if self.built_here and not busy else "#keep", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {"remove": self.action_remove, "keep": self.action_keep, "stay": self.action_stay}[event.button.id]()

    def action_stay(self) -> None:
        if not self.removing:
            self.dismiss(None)

    def action_keep(self) -> None:
        if not self.removing:
            self.app.lab_kept = str(self.lab.directory)
            self.app.exit()

    def action_remove(self) -> None:
        if self.removing:
            return
        self.removing = True
        for button in self.query(Button):
            button.disabled = True
        self.query_one("#lab-progress", Label).update("Removing the lab…")
        self._remove()

    @work(thread=True, exclusive=True, group="lab", exit_on_error=False)
    def _remove(self) -> None:
        worker = get_current_worker()
        try:
            report = self.lab.down()
        except Exception as error:  # a DeviceError says what still holds a disk: show it, stay
            message = str(getattr(error, "message", error))
            hint = getattr(error, "hint", None)
            if not worker.is_cancelled:
                self.app.call_from_thread(self._failed, message + (f" {hint}" if hint else ""))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._removed, len(report.detached))

    def _removed(self, detached: int) -> None:
        self.app.lab_kept = None
        self.app.exit(message=f"fstune: removed the practice lab in {self.lab.directory} "
                              f"({detached} loop device(s) detached).")

    def _failed(self, reason: str) -> None:
        self.removing = False
        for button in self.query(Button):
            button.disabled = False
        self.query_one("#lab-progress", Label).update(f"[b red]Could not remove it:[/] {escape(reason)}")
