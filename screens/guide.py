"""Guided mode's widgets: the pause panel before each step and the summary at the end.

The words come from ``fstune.guide`` (headless, unit-tested); these widgets only show them.
``GuidePanel`` sits at the top of the run screen while a step waits for the attendee: the
command exactly as it will run, what it does and why, an input to type it by hand, and the
"what to look for" note of the configuration that just finished. ``GuideSummaryScreen`` is
shown when a guided run ends: per metric better / worse / within noise, and the caveats.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from fstune.guide import GuideSummary, StepExplanation
from fstune.results.compare import BETTER, NOISE, WORSE


class GuidePanel(VerticalScroll):
    """What the next step will do; Enter runs it, or the attendee types it (``RunScreen`` acts)."""

    DEFAULT_CSS = """
    GuidePanel {
        height: auto; max-height: 70%; display: none;
        border: round $accent; border-title-color: $text; border-title-style: bold;
        padding: 0 1; background: $boost;
    }
    GuidePanel.shown { display: block; }
    GuidePanel #guide-note { height: auto; color: $text; background: $success 20%; padding: 0 1; margin-bottom: 1; }
    GuidePanel #guide-note.hidden { display: none; }
    GuidePanel #guide-command { height: auto; text-style: bold; color: $text-accent; }
    GuidePanel #guide-erases { height: auto; color: $text-error; text-style: bold; }
    GuidePanel #guide-erases.hidden { display: none; }
    GuidePanel #guide-what, GuidePanel #guide-why { height: auto; }
    GuidePanel #guide-check { height: auto; }
    GuidePanel #guide-check.empty { display: none; }
    GuidePanel #guide-check.wrong { color: $text-error; text-style: bold; }
    GuidePanel #guide-keys { height: auto; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="guide-note", classes="hidden")
        yield Static("", id="guide-command", markup=False)
        yield Static("", id="guide-erases", classes="hidden", markup=False)
        yield Static("", id="guide-what")
        yield Static("", id="guide-why")
        yield Input(placeholder="t: type the command yourself, then Enter", id="guide-typed", compact=True)
        yield Static("", id="guide-check", markup=False, classes="empty")
        yield Static("", id="guide-keys")

    def show(self, title: str, explanation: StepExplanation, *, note: str | None, can_run_rest: bool) -> None:
        self.border_title = title
        note_widget = self.query_one("#guide-note", Static)
        if note:
            note_widget.update(Text(note))
            note_widget.remove_class("hidden")
        else:
            note_widget.update("")
            note_widget.add_class("hidden")
        self.query_one("#guide-command", Static).update(f"$ {explanation.command}")
        erases = self.query_one("#guide-erases", Static)
        if explanation.erases:
            erases.update(f"This erases everything on {' and '.join(explanation.erases)}.")
            erases.remove_class("hidden")
        else:
            erases.add_class("hidden")
        what = Text()
        what.append("What: ", style="bold")
        what.append(explanation.what)
        self.query_one("#guide-what", Static).update(what)
        why = Text()
        why.append("Why: ", style="bold")
        why.append(explanation.why or "–")
        self.query_one("#guide-why", Static).update(why)
        typed = self.query_one("#guide-typed", Input)
        typed.value = ""
        self.set_check("", wrong=False)
        keys = "Enter run it · t type it yourself"
        if can_run_rest:
            keys += " · a run the remaining repeats without stopping"
        keys += " · Esc cancel the run"
        self.query_one("#guide-keys", Static).update(Text(keys))
        self.add_class("shown")
        self.scroll_home(animate=False)

    def hide(self) -> None:
        self.remove_class("shown")

    def set_check(self, message: str, *, wrong: bool) -> None:
        check = self.query_one("#guide-check", Static)
        check.update(message)
        check.set_class(wrong, "wrong")
        check.set_class(not message, "empty")

    @property
    def typed(self) -> Input:
        return self.query_one("#guide-typed", Input)


class GuideSummaryScreen(ModalScreen[bool]):
    """What the measurements say, and the caveats. Dismisses with True to open the results."""

    DEFAULT_CSS = """
    GuideSummaryScreen { align: center middle; }
    GuideSummaryScreen > Vertical {
        width: 96%; max-width: 110; height: 94%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    GuideSummaryScreen #summary-title { height: 1; text-style: bold; }
    GuideSummaryScreen VerticalScroll { height: 1fr; }
    GuideSummaryScreen #summary-buttons { height: 1; align: center middle; }
    GuideSummaryScreen Button { margin: 0 2; }
    """
    BINDINGS = [
        Binding("r,enter", "close(True)", "Results tables"),
        Binding("escape", "close(False)", "Close"),
    ]

    def __init__(self, summary: GuideSummary) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("What the measurements say  (↑↓ PgDn scroll)", id="summary-title")
            with VerticalScroll():
                yield Static(self._text(), id="summary-text")
            with Horizontal(id="summary-buttons"):
                yield Button("Results tables (r)", variant="success", id="results", compact=True)
                yield Button("Close (Esc)", id="close", compact=True)

    def _text(self) -> Text:
        summary = self.summary
        text = Text()
        text.append(summary.headline + "\n", style="bold")
        styles = {BETTER: "green", WORSE: "red", NOISE: "yellow"}
        for finding in summary.findings:
            text.append("• ", style=styles.get(finding.verdict, "dim"))
            text.append(finding.text + "\n")
        if summary.caveats:
            text.append("\nHonest caveats\n", style="bold")
            for caveat in summary.caveats:
                text.append("• ", style="yellow")
                text.append(caveat + "\n")
        return text

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # arrows and PgDn scroll to the caveats

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "results")

    def action_close(self, results: bool) -> None:
        self.dismiss(results)
