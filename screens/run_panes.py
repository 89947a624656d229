"""The run screen's parts (``screens/run.py``): its two dialogs, the output pane, the running
step's time, how a step's row looks (its icon, its title wrapped to the pane), and what the
screen says when the run is over (``describe_end``)."""

from __future__ import annotations

import re
import textwrap

from rich.markup import escape
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Log

from fstune.measure.view import PENDING, RUNNING, SKIPPED, WAITING, ViewState
from fstune.runner import CANCELLED, DECLINED, FAILED, FINISHED, OK, WARNING, Prompt
from fstune.screens.widgets import Dialog
from fstune.units import format_elapsed

ICONS = {  # state → (icon, style)
    PENDING: ("·", "dim"),
    WAITING: ("⏸", "bold magenta"),  # guided mode: waits for the attendee's Enter
    SKIPPED: ("–", "dim"),  # never ran: the run stopped before it
    RUNNING: ("▶", "bold cyan"),
    OK: ("✓", "green"),
    WARNING: ("!", "bold yellow"),
    FAILED: ("✗", "bold red"),
    DECLINED: ("✗", "bold red"),
    CANCELLED: ("■", "yellow"),
}


TITLE_LINES = 3  # a step's title wraps to at most this many lines in the step list


def fit_title(title: str, width: int, lines: int = TITLE_LINES) -> list[str]:
    """A step's title wrapped at word boundaries to ``width``, in at most ``lines`` lines.

    Titles name their devices ("Make /dev/loop3 an external journal"), and a title cut to one
    line at 80 columns lost them. Wrapping keeps a device name whole; a title too long even so
    loses words from its end towards its start, each run of them shown as "…", but never a
    device name nor the "(repeat N)" that tells repeats apart."""
    wrapped = textwrap.wrap(title, width, break_on_hyphens=False) or [""]
    if len(wrapped) <= lines:
        return wrapped
    words = title.split()
    keep = {index for index, word in enumerate(words) if "/dev/" in word}
    opening = title.rfind("(")
    if title.endswith(")") and opening > 0:
        keep |= set(range(len(title[:opening].split()), len(words)))
    shown = list(words)
    for index in reversed(range(1, len(words))):  # the first word says what the step does
        if index in keep:
            continue
        shown[index] = "…"
        wrapped = textwrap.wrap(re.sub(r"…( …)+", "…", " ".join(shown)), width, break_on_hyphens=False)
        if len(wrapped) <= lines:
            return wrapped
    return [*wrapped[:lines - 1], wrapped[lines - 1][:width - 1] + "…"]


class ConfirmCancel(Dialog):
    """"Cancel the run?" — yes stops the current step and runs the cleanup."""

    DEFAULT_CSS = """
    ConfirmCancel > Vertical { width: 60; border: thick $error; }
    """
    BINDINGS = [
        Binding("y", "answer(True)", "Yes, cancel"),
        Binding("n,escape", "answer(False)", "No, keep running"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]Cancel the run?[/b]")
            yield Label("The current step is stopped (SIGINT, then SIGTERM, then SIGKILL) and the cleanup "
                        "unmounts and removes what this run made. Figures measured so far are kept.")
            with Horizontal():
                yield Button("Yes, cancel (y)", variant="error", id="yes")
                yield Button("No, keep running (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()  # the safe answer is the default

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PromptDialog(Dialog):
    """A tool asks a question. fstune never answers for the user: this dialog sends what they type."""

    DEFAULT_CSS = """
    PromptDialog > Vertical { width: 72; }
    PromptDialog #question { text-style: bold; }
    PromptDialog Horizontal { margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "decline", "Decline")]

    def __init__(self, prompt: Prompt) -> None:
        super().__init__()
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        prompt = self.prompt
        with Vertical():
            yield Label(f"[b]{escape(prompt.tool)}[/b] asks, in step {prompt.index + 1} "
                        f"({escape(prompt.step.title)}):")
            yield Label(escape(prompt.text), id="question")
            yield Label("[dim]Your answer is sent to the tool as typed. Declining (Esc, or an empty answer) "
                        "stops the step; the run then cleans up.[/dim]")
            yield Input(placeholder="your answer, e.g. y", id="answer")
            with Horizontal():
                yield Button("Send", variant="primary", id="send")
                yield Button("Decline (Esc)", variant="error", id="decline")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._send(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "send":
            self._send(self.query_one(Input).value)
        else:
            self.dismiss(None)

    def _send(self, text: str) -> None:
        self.dismiss(text.strip() or None)

    def action_decline(self) -> None:
        self.dismiss(None)


class OutputLog(Log):
    """The output pane. Textual's Log keeps following new lines only while its view is exactly
    at the end, and anything that changes its height (the tool's progress row appearing above
    it, the outcome panel below) leaves the view a line or more short of the end: from then on
    it stopped following. This one goes to the end after every write and resize while
    ``follow`` is on."""

    follow = True

    def write_lines(self, lines, scroll_end: bool | None = None) -> OutputLog:
        follow = self.follow if scroll_end is None else scroll_end
        super().write_lines(lines, scroll_end=follow)  # scrolls if the view was at the end
        if follow and not self.is_vertical_scroll_end:  # it was not: catch up (rare, not per batch)
            # force: until the next layout gives the pane its scrollbar, Textual refuses to scroll
            self.scroll_end(animate=False, immediate=True, x_axis=False, force=True)
        return self

    def on_resize(self) -> None:
        if self.follow:
            self.scroll_end(animate=False, x_axis=False, force=True)  # after the layout that resized it


class StepTime(Widget):
    """The running step's time. Its width is fixed and a new value repaints only this widget
    (a Static's update lays the whole screen out again, twice a second)."""

    DEFAULT_CSS = "StepTime { width: 8; height: 1; }"
    shown: reactive[str] = reactive("")

    def render(self) -> Text:
        return Text(self.shown, justify="right")

    def watch_shown(self, shown: str) -> None:
        self.display = bool(shown)  # no step running: the title gets the whole line


def describe_end(state: ViewState, error: str | None) -> tuple[Text, Text]:
    """How the run ended, from the view: the outcome panel's text and the heading above the output
    (``error``: the run did not happen at all)."""
    text = Text()
    if error:
        text.append("The run did not happen: ", style="bold red")
        text.append(error)
        return text, Text("Not run", style="bold red")
    final = state.ended
    status = state.status or FAILED
    duration = format_elapsed(getattr(final, "duration", 0.0))
    if status == FINISHED:
        text.append(f"Done: {len(state.rows)} steps in {duration}.", style="bold green")
        heading = Text("Finished", style="bold green")
    elif status == CANCELLED:
        text.append("Cancelled: ", style="bold yellow")
        text.append(getattr(final, "reason", "") or "cancelled")
        heading = Text("Cancelled", style="bold yellow")
    else:
        text.append("Failed: ", style="bold red")
        text.append(getattr(final, "reason", "") or "a step failed")
        heading = Text("Failed", style="bold red")
    if status != FINISHED:
        _describe_cleanup(text, state)
    audit = getattr(final, "audit_path", None)
    if audit:
        text.append(f"\nAudit log (every command and its output): {audit}", style="dim")
    return text, heading


def _describe_cleanup(text: Text, state: ViewState) -> None:
    """What the cleanup path did, from the steps the view saw finish."""
    cleanups = [r for r in state.finished if r.cleanup]
    if cleanups:
        text.append("\nCleanup:", style="bold")
        for result in cleanups:
            icon, style = ICONS.get(result.status, ("?", ""))
            text.append(f"\n  {icon} ", style=style)
            text.append(f"{result.step.title} ({format_elapsed(result.duration)})")
            if result.status != OK and result.message:
                text.append(f": {result.message}", style="red")
    else:
        text.append("\nCleanup: nothing was mounted or left to remove.", style="dim")
    for mountpoint in getattr(state.ended, "leftovers", ()) or ():
        text.append(f"\nStill mounted: {mountpoint} — unmount it by hand, or `fstune run --clean-leftovers`.",
                    style="bold red")
