"""The results of a screening run in the wizard: which options matter, then their confirmation.

``ScreeningResultsScreen(record, run_id)`` shows what ``fstune results show`` prints of a
screening run (``fstune.screening.record.result_from_run``: the stored design made again, the
figures put back on its runs, one model): the design in a line, each factor's verdict in a table
("matters: +12.0 % [+8.1, +16.2]"), the Pareto chart of the effects with their intervals
(``fstune.screening.report.pareto_lines``), the interactions described, the caveats and the
readback, and the proposal. ``c`` then confirms it as ``fstune screen --confirm RUN`` does: the
confirmation study (``fstune.plan.screening.confirmation_study``: every factor at its first level
against the proposal, fstune run's blocks and looks) becomes the wizard's study on the same
target, and the Review step shows its script and asks for the typed confirmation again.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from fstune.errors import FstuneError

VERDICT_STYLES = {"matters": "bold green", "no detectable effect": "dim"}


def effects_table(result) -> Table:
    """One row per factor: its levels, the change from the first to the second, the verdict."""
    table = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False, title="Effects",
                  title_justify="left", title_style="bold", caption="from each factor's first level to its second",
                  caption_justify="left", caption_style="dim")
    table.add_column("factor", style="bold", no_wrap=True)
    table.add_column("levels", overflow="fold", ratio=1)
    table.add_column("change [interval]", no_wrap=True, justify="right")
    table.add_column("verdict", overflow="fold")
    for effect in result.effects:
        low, high = effect.interval_percent
        style = VERDICT_STYLES.get(effect.verdict, "yellow")
        verdict = effect.verdict + (", below δ" if effect.below_delta else "")
        if effect.confounded_with:
            verdict += f" (with {', '.join(effect.confounded_with)})"
        elif effect.partly_confounded:
            verdict += " (partly confounded)"
        table.add_row(effect.factor, f"{effect.first} → {effect.second}",
                      f"{effect.percent:+.1f} % [{low:+.1f}, {high:+.1f}]", Text(verdict, style=style))
    return table


def pareto_text(result, width: int) -> Group:
    from fstune.screening.report import pareto_lines

    lines = [Text("Effects, largest first", style="bold")]
    for text, verdict in pareto_lines(result, width):
        lines.append(Text(text, style=VERDICT_STYLES.get(verdict, "yellow") if verdict else "dim", no_wrap=True))
    return Group(*lines)


class ScreeningResultsScreen(Screen):
    STEP = "Results"  # the step list's
    HELP_TOPIC = "Screening"  # ? explains effects and the confirmation
    DEFAULT_CSS = """
    ScreeningResultsScreen { layout: vertical; }
    ScreeningResultsScreen #screening-title { height: auto; padding: 0 1; background: $boost; }
    ScreeningResultsScreen #screening-body { height: 1fr; padding: 0 1; }
    ScreeningResultsScreen #screening-body > Static { margin-bottom: 1; }
    ScreeningResultsScreen #confirm-note { height: auto; padding: 0 1; color: $text-muted; }
    ScreeningResultsScreen #confirm-note.-error { color: $error; }
    ScreeningResultsScreen #screening-actions { height: 1; padding: 0 1; }
    ScreeningResultsScreen #screening-actions Button { margin-right: 2; min-width: 12; }
    """
    BINDINGS = [
        Binding("c", "confirm", "Confirm the proposal"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, record, run_id: int | None = None, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.record = record
        self.run_id = run_id if run_id is not None else getattr(record, "id", None)
        self.screened = None
        self.refusal = ""
        try:
            from fstune.screening.record import result_from_run

            self.screened = result_from_run(record.design, record.results)
        except FstuneError as error:
            self.refusal = error.message

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="screening-title")
        with VerticalScroll(id="screening-body"):
            yield from self._body()
        yield Static(self._confirm_note(), id="confirm-note")
        with Horizontal(id="screening-actions"):
            yield Button("Confirm the proposal (c)", id="confirm", variant="primary", compact=True,
                         disabled=self.proposal is None)
            yield Button("Back (Esc)", id="back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#screening-body").focus()

    @property
    def proposal(self):
        return self.screened.proposal() if self.screened is not None else None

    def _title(self) -> Text:
        text = Text()
        if self.run_id is not None:
            text.append(f"Run {self.run_id} · ", style="bold")
        text.append(getattr(self.record, "study", "screening"), style="bold")
        title = getattr(self.record, "title", "")
        if title:
            text.append(f" — {title}")
        return text

    def _body(self) -> ComposeResult:
        from fstune.screening.report import caveats

        screened = self.screened
        if screened is None:
            yield Static(Text.assemble(("No result: ", "bold yellow"), self.refusal))
            return
        yield Static(Text.assemble(("Screening: ", "bold"), screened.factor_words, f"\nJudged on {screened.primary}."),
                     id="screening-factors")
        result = screened.result
        if result is None:
            yield Static(Text.assemble(("No result: ", "bold yellow"), screened.refusal or ""), id="no-result")
            return
        yield Static(result.lines()[0], id="screening-design")
        yield Static(effects_table(result), id="effects")
        yield Static(pareto_text(result, 76), id="pareto")
        if result.interactions:
            lines = [Text("Two-factor interactions (described, not judged)", style="bold")]
            lines += [Text(f"  {interaction.text}") for interaction in result.interactions]
            yield Static(Group(*lines), id="interactions")
        notes = [Text(line, style="dim") for line in caveats(result)]
        notes += [Text(line, style="bold red" if line.startswith("NOT") else "dim") for line in screened.readback]
        yield Static(Group(*notes), id="caveats")
        if result.confirmation is None:
            yield Static("No factor matters at this noise: there is nothing to confirm.", id="proposal")
        else:
            yield Static(Text(result.confirmation.text, style="bold"), id="proposal")

    def _confirm_note(self) -> Text:
        if self.proposal is None:
            return Text("Nothing to confirm.")
        if self.run_id is None:
            return Text("This run is not in the history, so a confirmation could not cite it.")
        return Text("c: measure the proposal against the baseline in an ordinary paired study (fstune screen "
                    f"--confirm {self.run_id}); the Review shows its script first.")

    def action_confirm(self) -> None:
        """The proposal against the baseline, as ``fstune screen --confirm RUN``: the wizard's
        study becomes the confirmation, on the same target, and the Review step takes over."""
        from fstune.plan.screening import confirmation_study
        from fstune.screening.record import CONFIRMS, confirmation_design

        note = self.query_one("#confirm-note", Static)
        if self.screened is None or self.proposal is None:
            note.update(Text("Nothing to confirm: no factor matters at its better level."))
            return
        if self.run_id is None:
            note.add_class("-error")
            note.update(Text("This run is not in the history: a confirmation cites the run it confirms. "
                             "Run fstune screen --confirm RUN once it is stored."))
            return
        try:
            study = confirmation_study(self.run_id, self.screened)
        except FstuneError as error:
            note.add_class("-error")
            note.update(Text(error.message))
            return
        app = self.app
        app.state.choose_study(study, record_extra={CONFIRMS: confirmation_design(self.run_id, self.screened)})
        # back to the wizard's steps (below the run and this screen), then on to the Review
        while len(app.screen_stack) > 1 and not getattr(app.screen, "STEP", "") == "Review":
            app.pop_screen()
        app.goto("Review")

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "confirm":
            self.action_confirm()
        elif event.button.id == "back":
            self.action_back()
