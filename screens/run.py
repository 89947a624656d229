"""Step 7 of the wizard: the run, live.

``RunScreen(plan, services)`` runs the plan through a run session (``fstune.session``, with
``services.make_runner``) in a thread worker and draws the session's ``RunView``
(``fstune.measure.view``) and nothing else: the step list with a state icon and duration per
step, an overall progress bar with the run's time left, the current step's title and how long it
has run, its tool's own progress bar (when the tool reports one), and the output in a bounded,
scrollable log. A tool's question is a modal dialog whose answer goes back with
``prompt.reply()``; Esc / Ctrl-C ask "Cancel the run?" and then call ``session.cancel()``. At
the end the screen says how the run ended and what the cleanup did; by then the session has
stored the measured figures (``services.open_store()``) and compared them, and the screen
offers the results (``ResultsScreen``). It stores and compares nothing itself.

How the view reaches the widgets (docs/ARCHITECTURE.md, "The run session"): the session folds
each event into the view in the worker thread and then calls ``_on_event``, which posts a
``RunEvents`` message only when none is pending, so a flood of 20,000 lines a second becomes a
few dozen messages. The handler takes one snapshot of the view with the output log entries it
has not drawn yet (at most ``LOG_LINES``: older ones would be pruned at once anyway), writes the
lines in one ``Log.write_lines`` call, and brings the rows, the titles and the bars up to the
snapshot; a timer does the same twice a second, which moves the time left on between events.
The dialogs, the output pane and the row helpers are in ``screens/run_panes.py``.

Why this file is about 700 lines: it is one screen, and what is left is what shares its state
(what it drew of the view last, the end of the run, the buttons and bindings that depend on
both) plus its CSS; all of it is drawing. What a run does and shows is ``fstune.session``'s and
``fstune.measure.view``'s, guided mode's actions are ``screens/run_guided.py``, the dialogs,
the output pane, the rows' look and the words at the end are ``screens/run_panes.py``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Label, Log, ProgressBar, Static

from fstune.errors import FstuneError
from fstune.guide import GuidePolicy
from fstune.measure.measurement import Measurement
from fstune.measure.view import KEEP, PENDING, RUNNING, SKIPPED, WAITING, Row, RowState, ViewState
from fstune.plan import Plan
from fstune.runner import FINISHED, OK, Level, Prompt, StepGate, StepWaiting
from fstune.screens.run_guided import GuidedRun
from fstune.screens.run_panes import (
    ICONS, ConfirmCancel, OutputLog, PromptDialog, StepTime, describe_end, fit_title,
)
from fstune.session import RunSession
from fstune.units import format_elapsed

LOG_LINES = KEEP  # the log pane keeps this many lines (as many as the view hands out); the audit log keeps them all
WIDE_ETA = 110  # columns from which the time left is said in full beside the overall bar

__all__ = ["LOG_LINES", "PENDING", "RUNNING", "SKIPPED", "WAITING", "ConfirmCancel", "PromptDialog", "RowState",
           "RunScreen"]


# --- messages (worker thread → screen) -------------------------------------------------------


class RunEvents(Message):
    """The view changed: draw it.

    Only one is ever pending (see the module docstring), which is a stronger coalescing than
    ``can_replace``: whatever piled up while the UI was busy is drawn in one turn.
    """

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, RunEvents)


class RunOver(Message):
    """The worker is done: ``ended`` is what the screen says of it."""

    def __init__(self, ended: _RunEnded) -> None:
        super().__init__()
        self.ended = ended


@dataclass
class _RunEnded:
    """Everything after the run: the session's ``RunEnd`` (record, where it was stored, the
    comparison) as the screen shows it."""

    outcome: object | None
    record: object | None = None
    comparison: object | None = None
    stored_id: int | None = None
    notes: tuple[str, ...] = ()
    error: str | None = None  # the run could not start or fstune itself failed
    guide: object | None = None  # guided mode: the fstune.guide.GuideSummary of the comparison


# --- the screen ---------------------------------------------------------------------------------


class RunScreen(GuidedRun, Screen):
    """Runs ``plan`` in a run session and draws its view; see the module docstring."""

    STEP = "Run"  # the App's help (? and F1); guided mode says "Guided" instead

    DEFAULT_CSS = """
    RunScreen { layout: vertical; }
    RunScreen #run-title { height: 1; padding: 0 1; background: $boost; text-style: bold; }
    RunScreen #panes { height: 1fr; }
    RunScreen #steps {
        width: 45%; min-width: 34; max-width: 64; height: 1fr;
        border: round $primary 50%; border-title-color: $text;
    }
    RunScreen #steps:focus-within { border: round $primary; }
    RunScreen #right { width: 1fr; height: 1fr; }
    RunScreen #current-row { height: 1; padding: 0 1; }
    RunScreen #current { width: 1fr; height: 1; text-style: bold; }
    RunScreen #step-time { width: 8; margin-left: 1; color: $accent; }
    RunScreen #tool-row { height: 1; padding: 0 1; }
    RunScreen #tool-row.hidden { display: none; }
    RunScreen #tool-label { width: auto; max-width: 40%; margin-right: 1; color: $text-muted; }
    RunScreen #output {
        height: 1fr; border: round $secondary 50%; border-title-color: $text;
        overflow: auto auto;  /* Log's default is "scroll": bars even when all fits */
    }
    RunScreen #output:focus { border: round $secondary; }
    RunScreen #live { height: 1; padding: 0 1; color: $text-muted; }
    RunScreen #outcome { height: auto; max-height: 9; padding: 0 1; display: none; overflow-y: auto; }
    RunScreen #outcome.shown { display: block; }
    RunScreen #bottom { height: 1; padding: 0 1; }
    RunScreen #overall-label { width: auto; margin-right: 1; }
    /* the bar gives way to the label ("Block 6 of 10") and the time left at 80 columns */
    RunScreen #overall { width: 1fr; max-width: 40; }
    RunScreen #overall Bar { width: 1fr; min-width: 8; }
    /* the run's own estimate of the time left (fstune/measure/eta.py); an ended run has none */
    RunScreen #overall-eta { width: auto; max-width: 1fr; height: 1; margin-left: 1; color: $text-muted; }
    RunScreen #overall-eta.ended { display: none; }
    RunScreen #status { width: 1fr; height: 1; content-align: right middle; color: $text-muted; }
    RunScreen #buttons { height: 1; padding: 0 1; }
    RunScreen #buttons Button { margin-right: 2; min-width: 16; }
    """

    BINDINGS = [
        Binding("escape", "request_cancel", "Cancel run"),
        # priority: Screen binds ctrl+c to "copy" and the App to "help_quit"; here it means stop
        Binding("ctrl+c", "request_cancel", "Cancel run", show=False, priority=True),
        Binding("r", "results", "Results"),
        Binding("f", "toggle_follow", "Follow output"),
        # guided mode only (check_action hides them otherwise); Enter is priority so that it
        # means "run the step" wherever the focus is, the typed-command input included
        Binding("enter", "guide_go", "Run step", priority=True),
        Binding("t", "guide_type", "Type it"),
        Binding("a", "guide_rest", "Run remaining repeats"),
    ]

    def __init__(self, plan: Plan, services, *, session: RunSession | None = None,
                 measurement: Measurement | None = None, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.plan = plan
        self.services = services
        # the session the Review step checked (locked, identities recorded); without one (tests,
        # a dry run) one is made here. It feeds its measurement (the plan's cap and looks) every
        # event, folds them into its view, stores the run and compares it
        self.session = session or services.session(plan, measurement=measurement)
        self.view = self.session.view
        self._wake_pending = False  # the worker → UI channel: one RunEvents at a time
        # what was drawn of the view last
        self._state: ViewState = self.view.snapshot()
        self._seq = self._state.seq  # the output log is drawn up to this entry
        self._rows: tuple[Row, ...] = self._state.rows
        self._cleanup_rows: tuple[Row, ...] = ()
        self._started_seen = 0  # steps started, as drawn
        self._finished_seen = 0  # steps finished, as drawn (guided mode's "what to look for")
        self._inserted_seen = 0
        self._tool_shown = None
        self._prompt_seen: Prompt | None = None
        self._waiting_seen: StepWaiting | None = None
        self._audit_shown = False
        self._prompt_dialog: PromptDialog | None = None
        self._live_text = ""
        self._blocks_shown = ""  # "Block 6 of 10": beside the overall bar
        self.follow = True
        # the end of the run, for the results
        self.ended = False
        self.ended_at: float | None = None
        self._written_disks: set[str] | None = None  # kernel names of the disks the plan writes
        self.outcome = None
        self.record = None
        self.comparison = None
        self.stored_id: int | None = None
        self.cancelling = False
        # guided mode (``services.guided``): every step waits at the gate for the attendee
        self.guided = bool(getattr(services, "guided", False))
        self._gate: StepGate | None = StepGate() if self.guided else None
        self._policy = GuidePolicy()
        self._waiting: StepWaiting | None = None  # the step the panel shows, waiting for its go
        self._note: str | None = None  # "what to look for" of the configuration that just finished
        self._guided_configs: set[str] = set()  # configurations whose "what to look for" was said
        self.guide_summary = None
        if self.guided:
            self.STEP = "Guided"  # the App's help (F1) explains guided mode on this screen

    # --- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        study = self.plan.study
        mode = " · guided" if self.guided else ""
        yield Static(f"Run{mode} · {escape(study.name)} — {escape(study.title)}", id="run-title")
        if self.guided:
            from .guide import GuidePanel

            yield GuidePanel(id="guide")
        with Horizontal(id="panes"):
            table = DataTable(id="steps", cursor_type="row", zebra_stripes=False, show_cursor=True)
            table.border_title = "Steps"
            yield table
            with Vertical(id="right"):
                with Horizontal(id="current-row"):
                    yield Static("Starting…", id="current")
                    yield StepTime(id="step-time")
                with Horizontal(id="tool-row", classes="hidden"):
                    yield Label("", id="tool-label")
                    yield ProgressBar(total=100, show_eta=False, id="tool-bar")
                log = OutputLog(max_lines=LOG_LINES, id="output")
                log.border_title = "Output"
                log.border_subtitle = "f: follow on"
                yield log
                yield Static("", id="live", markup=False)
        yield Static("", id="outcome")
        with Horizontal(id="bottom"):
            yield Label("Overall", id="overall-label")
            yield ProgressBar(total=max(1, len(self._rows)), show_eta=False, id="overall")
            yield Static("", id="overall-eta", markup=False)
            yield Static("", id="status")
        with Horizontal(id="buttons"):
            yield Button("Cancel run (Esc)", variant="error", id="cancel", compact=True)
            yield Button("Results (r)", variant="success", id="results", disabled=True, compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._rebuild_rows()
        self._update_buttons()
        self._update_overall()  # the plan's estimate, before the first step
        if self.services is None or getattr(self.services, "make_runner", None) is None:
            # the wizard never shows this screen in a dry run; say so rather than pretend to run
            self._show_outcome(Text.from_markup(
                "[bold yellow]Dry run: nothing is executed.[/] This screen runs a plan for real; in a dry run "
                "fstune only writes the script (Review step). Start fstune without --dry-run, as root, to run it."))
            self.query_one("#current", Static).update("Nothing to run (dry run)")
            self.ended = True
            self.ended_at = time.monotonic()
            self._update_buttons()
            return
        self.set_interval(0.5, self._tick)
        self.run_worker(self._work, thread=True, name="fstune-run", group="run", exit_on_error=False)

    def on_unmount(self) -> None:
        # the screen (or the App) is going away mid-run: stop the run so that its cleanup runs
        # now, in the worker thread, instead of leaving a tool writing to a device unwatched
        if not self.ended:
            self.session.cancel(getattr(self.app, "stopped_by", None) or "the wizard was closed")

    # --- the worker (runs in its own thread; touches no widget) ----------------------------------

    def _work(self) -> None:
        try:
            self._run()
        finally:
            self.session.close()  # the locks no runner took over (a run that could not start)

    def _run(self) -> None:
        session = self.session
        try:
            session.start(**({"gate": self._gate} if self._gate is not None else {}))
        except FstuneError as error:
            self._not_run(error.message + (f" {error.hint}" if getattr(error, "hint", None) else ""))
            return
        except Exception as error:  # a bug must reach the screen, not vanish with the thread
            self._not_run(f"the run could not start: {error!r}")
            return
        try:
            outcome = session.run(self._on_event)
        except Exception as error:
            self._not_run(f"fstune failed while running: {error!r}")
            return
        self.post_message(RunOver(self._finish(outcome)))

    def _not_run(self, reason: str) -> None:
        self.session.not_started(reason)
        self.post_message(RunOver(_RunEnded(None, error=reason)))

    def _on_event(self, _event: object) -> None:
        """Called by the session, in the run's thread, after each event was folded into the view."""
        if not self._wake_pending:  # one producer thread: check-then-set cannot race with itself
            self._wake_pending = True
            self.post_message(RunEvents())

    def _finish(self, outcome) -> _RunEnded:
        """After the run: the session stores the record, then compares it (statistics take a
        moment: not in the UI thread); the screen words what it says."""
        ended = self.session.finish(outcome)
        if not self.plan.workloads:
            return _RunEnded(outcome, notes=("This plan measures nothing, so there are no results to show.",))
        notes = list(ended.notes)
        if ended.record is not None and not ended.measured:
            notes.append("No figures were measured, so nothing was stored.")
        guide = None
        if self.guided and ended.comparison is not None:
            from fstune.guide import summarize

            try:
                guide = summarize(ended.comparison, self.plan, record=ended.record)
            except Exception as error:
                notes.append(f"The guided summary could not be made: {error!r}")
        return _RunEnded(outcome, ended.record, ended.comparison, ended.stored_id, tuple(notes), guide=guide)

    # --- control (UI thread) -------------------------------------------------------------------

    def cancel_run(self, reason: str = "cancelled from the wizard") -> None:
        """Ask the session to stop the run (its cleanup still runs)."""
        self.session.cancel(reason)
        if self._gate is not None:
            self._gate.abort()
            self._guide_hide()
        self.cancelling = True
        self._set_status("Cancelling: stopping the current step, then cleaning up…")
        self._update_buttons()

    def action_request_cancel(self) -> None:
        if self.ended:
            self.notify("The run is over; nothing to cancel.", severity="information")
            return
        if self.cancelling:
            self.notify("Already cancelling: waiting for the step to stop and the cleanup to finish.")
            return

        def decided(yes: bool | None) -> None:
            if yes and not self.ended:
                self.cancel_run("cancelled from the wizard")

        self.app.push_screen(ConfirmCancel(), decided)

    def action_results(self) -> None:
        from fstune.screening.record import is_screening

        if self.record is not None and is_screening(self.record.design):
            # a design is judged by its model, not by pairs: its effects and the proposal
            from .screening_results import ScreeningResultsScreen

            self.app.push_screen(ScreeningResultsScreen(self.record, self.stored_id))
            return
        if self.record is None or self.comparison is None:
            self.notify("No results yet." if not self.ended else "This run has no figures to show.",
                        severity="warning")
            return
        from .results import ResultsScreen

        self.app.push_screen(ResultsScreen(self.record, self.comparison, services=self.services))

    def action_toggle_follow(self) -> None:
        self.follow = not self.follow
        log = self.query_one("#output", OutputLog)
        log.follow = self.follow
        log.border_subtitle = f"f: follow {'on' if self.follow else 'off'}"
        if self.follow:
            log.scroll_end(animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "request_cancel":
            # once the run is over, Esc and Ctrl-C go back to meaning what the App makes them mean
            return not self.ended
        if action == "results":
            return self.record is not None and self.comparison is not None  # hidden until there are results
        if action in ("guide_go", "guide_type"):
            return self._waiting is not None
        if action == "guide_rest":
            return self._waiting is not None and self._policy.can_run_rest(self._waiting.step)
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "cancel":
            self.action_request_cancel()
        elif event.button.id == "results":
            self.action_results()

    # --- the view → widgets ------------------------------------------------------------------------

    def on_run_events(self, message: RunEvents) -> None:
        self._wake_pending = False  # first: an event folded in from now on posts a new wake
        self._draw()

    def _draw(self) -> None:
        """Bring every widget up to a snapshot of the view."""
        state = self._state = self.view.snapshot(since=self._seq)
        self._seq = state.seq
        self._draw_rows(state)
        self._draw_log(state)
        if state.steps_started != self._started_seen:
            self._started_seen = state.steps_started
            self._draw_current(state)
        self._draw_tool(state)
        self._set_live(state.live)
        if state.audit_path and not self._audit_shown:
            self._audit_shown = True
            self._set_status(f"audit log: {state.audit_path}")
        for result in state.finished[self._finished_seen:]:
            if self.guided and result.status == OK and not result.cleanup and result.index >= 0:
                self._guide_config_done(result.step)
        self._finished_seen = len(state.finished)
        if state.prompt is not self._prompt_seen:
            self._prompt_seen = state.prompt
            if state.prompt is None:
                self._close_prompt()  # the step ended (or the run did) while its question was open
            else:
                self._ask(state.prompt)
        if state.waiting is not None and state.waiting is not self._waiting_seen:
            self._waiting_seen = state.waiting
            self._guide_waiting(state.waiting)
        self._update_overall()

    def _draw_rows(self, state: ViewState) -> None:
        if state.rows is not self._rows:
            old, self._rows = self._rows, state.rows
            if len(old) != len(state.rows):
                self._rebuild_rows()  # blocks were inserted
            else:
                for position, (was, row) in enumerate(zip(old, state.rows)):
                    if was != row:
                        self._update_row(f"s{position}", self._cells(row))
        if state.cleanup_rows != self._cleanup_rows:
            old, self._cleanup_rows = self._cleanup_rows, state.cleanup_rows
            for position, row in enumerate(state.cleanup_rows):
                if position >= len(old):
                    self._add_row(f"c{position}", self._cells(row))
                elif old[position] != row:
                    self._update_row(f"c{position}", self._cells(row))
        for inserted in state.inserted[self._inserted_seen:]:
            self.notify(f"{len(inserted.steps)} steps added: the study's question is still open, so more blocks "
                        f"run (up to {state.at_most}).", timeout=6)
        self._inserted_seen = len(state.inserted)

    def _draw_log(self, state: ViewState) -> None:
        lines: list[str] = []
        log = self.query_one("#output", Log)
        for entry in state.entries:
            if entry.kind == "line":
                lines.append(entry.text)
                continue
            if entry.kind == "step":
                lines.append(f"── {self._step_title(entry.current)}")
            elif entry.kind == "finished" and entry.text:
                lines.append(f"[fstune] {entry.row.state}: {entry.text}")
            elif entry.kind == "look":  # what the look found and what is expected, as the CLI prints it
                lines.append(f"── {entry.text}")
            elif entry.kind == "notice":
                if entry.notice.level == Level.WARNING:
                    self.notify(entry.text, severity="warning", timeout=8)
                lines.append(f"[fstune] {entry.text}")
        if lines:
            # lines beyond the log's capacity would be pruned right away: do not render them
            log.write_lines(lines[-LOG_LINES:])

    @staticmethod
    def _step_title(current) -> str:
        if current.cleanup:
            return f"Cleanup: {current.step.title}"
        title = f"Step {current.index + 1}/{max(current.total, current.index + 1)}: {current.step.title}"
        return f"{title} · {current.label}" if current.label else title  # the block order, as it runs

    def _draw_current(self, state: ViewState) -> None:
        """A step started (or ended): its title, the cursor on its row."""
        current = state.current
        self._cursor_to_now(state)
        if current is None:
            self.query_one("#step-time", StepTime).shown = ""
            return
        self.query_one("#current", Static).update(Text(self._step_title(current), style="bold"))

    def _draw_tool(self, state: ViewState) -> None:
        tool = state.tool
        if tool is self._tool_shown:
            return
        self._tool_shown = tool
        row = self.query_one("#tool-row")
        if tool is None:
            row.add_class("hidden")
            return
        row.remove_class("hidden")
        bar = self.query_one("#tool-bar", ProgressBar)
        label = tool.label or "progress"
        if tool.eta is not None:
            label += f" · {format_elapsed(tool.eta)} left"
        self.query_one("#tool-label", Label).update(escape(label))
        if tool.fraction is None:
            bar.update(total=None)  # only a phase is known: an indeterminate bar
        else:
            bar.update(total=100, progress=min(1.0, max(0.0, tool.fraction)) * 100)

    def _set_live(self, text: str) -> None:
        if text != self._live_text:
            self._live_text = text
            self.query_one("#live", Static).update(text)

    def _ask(self, prompt: Prompt) -> None:
        if prompt.answered:
            return  # an ``answer`` policy already replied
        dialog = PromptDialog(prompt)
        self._prompt_dialog = dialog

        def answered(text: str | None) -> None:
            if self._prompt_dialog is dialog:
                self._prompt_dialog = None
            if not prompt.answered:
                prompt.reply(text)
                shown = "declined" if text is None else f"answered “{text}”"
                self.query_one("#output", Log).write_line(f"[fstune] you {shown} to “{prompt.text}”")

        self.app.push_screen(dialog, answered)

    def _close_prompt(self) -> None:
        """The step ended (or the run was cancelled) while its question was still open."""
        dialog = self._prompt_dialog
        self._prompt_dialog = None
        if dialog is not None and dialog.is_attached and self.app.screen is dialog:
            dialog.dismiss(None)

    def on_run_over(self, message: RunOver) -> None:
        self._ended(message.ended)

    def _ended(self, ended: _RunEnded) -> None:
        self._draw()  # everything the run said before it ended
        self.ended = True
        self.ended_at = time.monotonic()
        self.outcome = ended.outcome
        self.record = ended.record
        self.comparison = ended.comparison
        self.stored_id = ended.stored_id
        self._close_prompt()
        self._guide_hide()
        self.query_one("#step-time", StepTime).shown = ""
        self.query_one("#tool-row").add_class("hidden")
        self._set_live("")
        overall = self.query_one("#overall", ProgressBar)
        overall.add_class("ended")
        self.query_one("#overall-label", Label).update("Overall")  # no block runs any more
        self.query_one("#overall-eta", Static).add_class("ended")
        text, heading = describe_end(self._state, ended.error)
        self.query_one("#current", Static).update(heading)
        if self._state.status == FINISHED and not ended.error:
            overall.update(total=overall.total, progress=overall.total or 0)
        if self.stored_id is not None:
            text.append(f"\nStored as run {self.stored_id}: ", style="bold")
            text.append(f"fstune results show {self.stored_id}")
        for note in ended.notes:
            text.append(f"\n{note}", style="yellow")
        if self.record is not None and self.comparison is not None:
            text.append("\nPress r (or the Results button) for the before-and-after tables.", style="bold")
        self._show_outcome(text)
        self._set_status("")
        if self.follow:
            # the outcome panel took rows from the log: keep its last lines in view
            log = self.query_one("#output", Log)
            self.call_after_refresh(log.scroll_end, animate=False)
        self._update_buttons()
        self.refresh_bindings()
        if self.record is not None and self.comparison is not None:
            self.query_one("#results", Button).focus()
        if ended.guide is not None:
            self.guide_summary = ended.guide
            self._show_guide_summary()

    # --- small widget helpers ----------------------------------------------------------------------

    def _show_outcome(self, text: Text) -> None:
        outcome = self.query_one("#outcome", Static)
        outcome.update(text)
        outcome.add_class("shown")

    def _set_status(self, text: str) -> None:
        self.query_one("#status", Static).update(Text(text, overflow="ellipsis", no_wrap=True))

    def _update_buttons(self) -> None:
        cancel = self.query_one("#cancel", Button)
        cancel.disabled = self.ended or self.cancelling
        cancel.display = not self.ended
        results = self.query_one("#results", Button)
        results.disabled = self.record is None or self.comparison is None
        results.display = not results.disabled
        self.query_one("#buttons").display = bool(cancel.display or results.display)

    def _update_overall(self) -> None:
        if self.ended:
            return  # the bar keeps what it showed last (full for a finished run)
        state = self._state
        # a share of the run's estimated time over the blocks scheduled now: when blocks are added
        # it starts again from the new total, which the label says (fstune/measure/eta.py); a plan
        # without blocks, its share of steps
        self.query_one("#overall", ProgressBar).update(total=1000, progress=round(1000 * state.fraction))
        progress = state.progress
        if progress is None:
            return
        wide = self.app.size.width >= WIDE_ETA
        self.query_one("#overall-eta", Static).update(progress.eta if wide else progress.eta_short)
        blocks = (progress.blocks if wide else progress.blocks_short).capitalize()
        if blocks != self._blocks_shown:
            self._blocks_shown = blocks
            self.query_one("#overall-label", Label).update(blocks or "Overall")

    def _tick(self) -> None:
        """Twice a second: the view drawn again (the time left moves on while a step runs), and
        the running step's time counting up beside its title.

        Not in the step list: changing any cell makes the DataTable draw every visible row again,
        and on a slow CPU that alone kept key presses waiting for seconds while a benchmark ran."""
        if self.ended:
            return
        self._draw()
        current = self._state.current
        shown = format_elapsed(time.monotonic() - current.started) if current is not None else ""
        self.query_one("#step-time", StepTime).shown = shown

    def _title_width(self) -> int:
        table = self.query_one("#steps", DataTable)
        width = table.size.width or max(34, int(self.app.size.width * 0.45)) - 2
        # the icon 2, the number 4, the time 8 (their spacing included: cells are unpadded), and
        # a scrollbar
        return max(8, width - 2 - 4 - 8 - 2)

    def _cells(self, row: Row) -> tuple:
        icon, style = ICONS.get(row.state, ("?", ""))
        lines = fit_title(row.title, self._title_width())
        return (Text(icon, style=style), Text(f"{row.number:>3} ", style="dim"),
                Text("\n".join(lines), style="bold" if row.state == RUNNING else ""),
                Text(format_elapsed(row.seconds) if row.seconds is not None else "", justify="right"))

    def _add_row(self, key: str, cells: tuple) -> None:
        # as tall as the wrapped title: the device names in it stay visible at 80 columns
        self.query_one("#steps", DataTable).add_row(*cells, key=key, height=len(cells[2].plain.split("\n")))

    def _rebuild_rows(self) -> None:
        """(Re)build the step list; the columns are sized to the pane, so a resize calls this too."""
        table = self.query_one("#steps", DataTable)
        table.clear(columns=True)
        table.cell_padding = 0
        table.add_column(" ", key="icon", width=2)
        table.add_column("  # ", key="n", width=4)
        table.add_column("step", key="title", width=self._title_width())
        table.add_column(Text("time", justify="right"), key="time", width=8)
        for position, row in enumerate(self._rows):
            self._add_row(f"s{position}", self._cells(row))
        for position, row in enumerate(self._cleanup_rows):
            self._add_row(f"c{position}", self._cells(row))
        self._cursor_to_now(self._state)

    def _cursor_to_now(self, state: ViewState) -> None:
        """The cursor on the step running now, else on the last one that ran: the same row
        however the events were batched into draws (a finished run's screen does not depend on it)."""
        if state.current is not None:
            self._move_cursor(state.current.row)
        elif self._cleanup_rows:
            self._move_cursor(f"c{len(self._cleanup_rows) - 1}")
        elif state.done:
            self._move_cursor(f"s{min(state.done, len(self._rows)) - 1}")

    def _update_row(self, key: str, cells: tuple) -> None:
        table = self.query_one("#steps", DataTable)
        if key not in table.rows:
            return
        for column, value in zip(("icon", "n", "title", "time"), cells):
            table.update_cell(key, column, value)

    def _move_cursor(self, key: str) -> None:
        table = self.query_one("#steps", DataTable)
        if key in table.rows:
            table.move_cursor(row=table.get_row_index(key), animate=False)

    def on_resize(self) -> None:
        # titles are cut to the pane's width: recut them when the terminal changes size
        self.call_after_refresh(self._rebuild_rows)

    # --- for tests and the App ----------------------------------------------------------------------

    def made_change(self, device, grace: float) -> bool:
        """Whether a udev change of ``device`` (a ``fstune.devices.Device``) is this run's own:
        on a disk the plan writes, while the run goes on or within ``grace`` seconds of its end
        (releasing a disk's lock asks udev to look at it again, docs/safety.md)."""
        if self.ended_at is not None and time.monotonic() - self.ended_at > grace:
            return False
        if self._written_disks is None:
            from fstune.devlock import whole_disk
            from fstune.errors import DeviceError

            disks = set()
            for path in self.plan.destructive_devices():
                try:
                    disks.add(whole_disk(path)[0].removeprefix("/dev/"))
                except DeviceError:
                    continue  # gone: none of its changes can be told apart
            self._written_disks = disks
        return device.disk in self._written_disks

    def step_states(self) -> list[str]:
        """The state of every plan step as the view has it (pending, running, ok, warning, failed …)."""
        return [row.state for row in self.view.snapshot(since=self._seq).rows]

    @property
    def waiting(self) -> StepWaiting | None:
        """Guided mode: the step held at the gate for the attendee, if any."""
        return self._waiting
