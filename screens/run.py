"""Step 7 of the wizard: the run, live.

``RunScreen(plan, services)`` runs the plan through a run session (``fstune.session``, with
``services.make_runner``) in a thread worker and shows: the step list with a state icon and
duration per step, an overall progress bar with the run's time left (``Measurement.progress``:
from the plan, then the measured blocks), the current step's title and how long it has run, its
tool's own progress bar (when the tool reports one), and the tool's output in a bounded,
scrollable log. A tool's question is a modal dialog whose answer goes back with
``prompt.reply()``; Esc / Ctrl-C ask "Cancel the run?" and then call ``session.cancel()``. At
the end the screen says how the run ended and what the cleanup did; by then the session has
stored the measured figures (``services.open_store()``) and compared them, and the screen
offers the results (``ResultsScreen``). It stores and compares nothing itself.

How events reach the widgets (docs/ARCHITECTURE.md, "The run session"): the session calls
``_on_event`` in the worker thread after ``Measurement.observe`` has seen the event (it must
see every event in order), and ``_on_event`` appends it to a deque. A ``RunEvents`` message is
posted only when none is pending, so a flood of 20,000 lines a second becomes a few dozen
messages; the handler drains the deque in order with a time budget per turn, writes the
finished lines in one ``Log.write_lines`` call (only the last ``LOG_LINES`` of a batch: older
ones would be pruned at once anyway), and posts itself again when it stopped early, so key
presses get their turn between batches.

Why this file is over 600 lines: it is one screen whose parts share one state (the step rows,
the event queue and its drain, the outcome, guided mode's gate), and all of it is rendering:
what a run does is ``fstune.session``'s, what guided mode says is ``fstune.guide``'s (the
figures so far too). The dialogs and the two small widgets could move out, but the state
machine would not get shorter for it.
"""

from __future__ import annotations

import re
import textwrap
import time
from collections import deque
from dataclasses import dataclass
from enum import StrEnum
from time import perf_counter

from rich.markup import escape
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Input, Label, Log, ProgressBar, Static

from fstune.errors import FstuneError
from fstune.guide import GuidePolicy
from fstune.measure.measurement import Measurement
from fstune.plan import Plan
from fstune.runner import (
    CANCELLED, DECLINED, FAILED, FINISHED, OK, WARNING, Notice, OutputLine, Progress, Prompt, RunCancelled,
    RunFailed, RunFinished, RunStarted, StepFinished, StepGate, StepStarted, StepWaiting,
)
from fstune.screens.widgets import Dialog
from fstune.session import RunSession
from fstune.steps import Step
from fstune.units import format_elapsed

LOG_LINES = 2000  # the log pane keeps this many lines; the audit log keeps them all
DRAIN_BUDGET = 0.012  # seconds of event handling per turn before keys and repaints get theirs


class RowState(StrEnum):
    """What a step row shows besides a step's own status (``fstune.runner.StepStatus``)."""

    PENDING = "pending"
    RUNNING = "running"
    SKIPPED = "skipped"  # never ran: the run stopped before it
    WAITING = "waiting"  # guided mode: waits for the attendee's Enter


PENDING, RUNNING, SKIPPED, WAITING = RowState.PENDING, RowState.RUNNING, RowState.SKIPPED, RowState.WAITING

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


WIDE_ETA = 110  # columns from which the time left is said in full beside the overall bar
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


# --- messages (worker thread → screen) -------------------------------------------------------


class RunEvents(Message):
    """Runner events are waiting in the screen's queue: drain it.

    Only one is ever pending (see the module docstring), which is a stronger coalescing than
    ``can_replace``: whatever piled up while the UI was busy is handled in one turn.
    """

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, RunEvents)


@dataclass
class _StepsChanged:
    """The runner inserted extra repeats: the step list as it now stands (read in its thread)."""

    steps: tuple[Step, ...]


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


# --- dialogs -------------------------------------------------------------------------------------


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


# --- the screen ---------------------------------------------------------------------------------


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


class RunScreen(Screen):
    """Runs ``plan`` in a run session and shows it; see the module docstring."""

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
        # event, stores the run and compares it
        self.session = session or services.session(plan, measurement=measurement)
        self.measurement = self.session.measurement
        # the worker → UI channel
        self._queue: deque = deque()
        self._wake_pending = False
        self._steps_seen = len(plan.steps)
        # what the step list shows: one row per step of the plan (extra repeats inserted), then
        # the cleanup steps the runner ran after a failure or cancel
        self._steps: list[Step] = list(plan.steps)
        self._states: list[str] = [PENDING] * len(self._steps)
        self._times: list[float | None] = [None] * len(self._steps)
        self._cleanup_rows: list[tuple[Step, str, float | None]] = []
        self._current: int | None = None  # plan position of the running step (None: cleanup / idle)
        self._current_started = 0.0
        self._cleanup_running = False
        self._done = 0  # plan steps finished
        self._fraction = 0.0  # the running step's own progress
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
        self.final_event = None  # RunFinished / RunFailed / RunCancelled
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
            yield ProgressBar(total=max(1, len(self._steps)), show_eta=False, id="overall")
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
            self._put(_RunEnded(None, error=error.message + (f" {error.hint}" if getattr(error, "hint", None) else "")))
            return
        except Exception as error:  # a bug must reach the screen, not vanish with the thread
            self._put(_RunEnded(None, error=f"the run could not start: {error!r}"))
            return
        try:
            outcome = session.run(self._on_event)
        except Exception as error:
            self._put(_RunEnded(None, error=f"fstune failed while running: {error!r}"))
            return
        self._put(self._finish(outcome))

    def _on_event(self, event: object) -> None:
        """Called by the session, in the runner's thread, for every event in order."""
        if isinstance(event, StepStarted) and not event.cleanup and event.total != self._steps_seen:
            self._steps_seen = event.total
            steps = getattr(self.session.runner, "steps", None)
            if steps is not None:
                self._queue.append(_StepsChanged(tuple(steps)))
        self._put(event)

    def _put(self, item: object) -> None:
        self._queue.append(item)
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

    # --- events → widgets ----------------------------------------------------------------------

    def on_run_events(self, message: RunEvents) -> None:
        self._wake_pending = False  # first: an event appended from now on posts a new wake
        queue = self._queue
        deadline = perf_counter() + DRAIN_BUDGET
        lines: list[str] = []
        live = None
        count = 0
        while queue:
            count += 1
            if count & 255 == 0 and perf_counter() > deadline:
                break
            event = queue.popleft()
            if type(event) is OutputLine:
                if event.partial:
                    live = event.text
                else:
                    lines.append(event.text)
                    live = ""
                continue
            if lines:
                self._write(lines)
                lines = []
            self._handle(event)
        if lines:
            self._write(lines)
        if live is not None:
            self._set_live(live)
        if queue and not self._wake_pending:
            self._wake_pending = True
            self.post_message(RunEvents())

    def _write(self, lines: list[str]) -> None:
        # lines beyond the log's capacity would be pruned right away: do not render them
        self.query_one("#output", Log).write_lines(lines[-LOG_LINES:])

    def _set_live(self, text: str) -> None:
        if text != self._live_text:
            self._live_text = text
            self.query_one("#live", Static).update(text)

    def _handle(self, event: object) -> None:
        if isinstance(event, StepStarted):
            self._step_started(event)
        elif isinstance(event, StepFinished):
            self._step_finished(event)
        elif isinstance(event, Progress):
            self._progress(event)
        elif isinstance(event, Prompt):
            self._ask(event)
        elif isinstance(event, StepWaiting):
            self._guide_waiting(event)
        elif isinstance(event, Notice):
            if event.level == "warning":
                self.notify(event.text, severity="warning", timeout=8)
            self.query_one("#output", Log).write_line(f"[fstune] {event.text}")
        elif isinstance(event, _StepsChanged):
            self._steps_changed(event.steps)
        elif isinstance(event, RunStarted):
            self._set_status(f"audit log: {event.audit_path}" if event.audit_path else "")
        elif isinstance(event, (RunFinished, RunFailed, RunCancelled)):
            self.final_event = event
            self._close_prompt()
        elif isinstance(event, _RunEnded):
            self._ended(event)

    def _is_plan_row(self, event) -> bool:
        # cleanup steps of the plan (unmount, rmdir) come with their own index; only a
        # synthetic one the runner adds (an unmount the plan lacked) has index -1
        return 0 <= event.index < len(self._states)

    def _step_started(self, event: StepStarted) -> None:
        self._fraction = 0.0
        self._current_started = time.monotonic()
        self._live_text = ""
        self.query_one("#live", Static).update("")
        self.query_one("#tool-row").add_class("hidden")
        self._cleanup_running = bool(event.cleanup)
        if self._is_plan_row(event):
            self._current = event.index
            self._states[event.index] = RUNNING
            self._refresh_row(event.index)
            key = f"s{event.index}"
        else:
            self._current = None
            self._cleanup_rows.append((event.step, RUNNING, None))
            self._add_cleanup_row(len(self._cleanup_rows) - 1)
            key = f"c{len(self._cleanup_rows) - 1}"
        if event.cleanup:
            title = f"Cleanup: {event.step.title}"
        else:
            title = f"Step {event.index + 1}/{max(event.total, event.index + 1)}: {event.step.title}"
            block = self.measurement.progress().label if event.step.block else ""
            title = f"{title} · {block}" if block else title  # the block order, as it runs
        self.query_one("#current", Static).update(Text(title, style="bold"))
        self.query_one("#output", Log).write_line(f"── {title}")
        self._move_cursor(key)
        self._update_overall()

    def _step_finished(self, event: StepFinished) -> None:
        self._close_prompt()
        if self._is_plan_row(event):
            self._states[event.index] = event.status
            self._times[event.index] = event.duration
            self._refresh_row(event.index)
            if not event.cleanup:
                self._done += 1
            if self.guided and event.status == OK:
                self._guide_config_done(event.step)
        elif self._cleanup_rows:
            position = len(self._cleanup_rows) - 1
            step, _, _ = self._cleanup_rows[position]
            self._cleanup_rows[position] = (step, event.status, event.duration)
            self._refresh_cleanup_row(position)
        self._current = None
        self._cleanup_running = False
        self.query_one("#step-time", StepTime).shown = ""
        if event.status != OK and event.message:
            self.query_one("#output", Log).write_line(f"[fstune] {event.status}: {event.message}")
        self._fraction = 0.0
        self.query_one("#tool-row").add_class("hidden")
        self._update_overall()

    def _progress(self, event: Progress) -> None:
        row = self.query_one("#tool-row")
        row.remove_class("hidden")
        bar = self.query_one("#tool-bar", ProgressBar)
        label = event.label or "progress"
        if event.eta is not None:
            label += f" · {format_elapsed(event.eta)} left"
        self.query_one("#tool-label", Label).update(escape(label))
        if event.fraction is None:
            bar.update(total=None)  # only a phase is known: an indeterminate bar
            self._fraction = 0.0
        else:
            fraction = min(1.0, max(0.0, event.fraction))
            bar.update(total=100, progress=fraction * 100)
            self._fraction = fraction
        self._update_overall()

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

    def _steps_changed(self, steps: tuple[Step, ...]) -> None:
        """Blocks were inserted after the step that just finished (all later ones are pending)."""
        old = len(self._steps)
        added = len(steps) - old
        if added <= 0:
            return
        done = self._done
        self._steps = list(steps)
        self._states = self._states[:done] + [PENDING] * (len(steps) - done)
        self._times = self._times[:done] + [None] * (len(steps) - done)
        self._rebuild_rows()
        self.notify(f"{added} steps added: the study's question is still open, so more blocks run "
                    f"(up to {self.measurement.blocks_at_most}).", timeout=6)
        self._update_overall()

    def _ended(self, ended: _RunEnded) -> None:
        self.ended = True
        self.ended_at = time.monotonic()
        self.outcome = ended.outcome
        self.record = ended.record
        self.comparison = ended.comparison
        self.stored_id = ended.stored_id
        self._close_prompt()
        self._guide_hide()
        self._current = None
        self.query_one("#step-time", StepTime).shown = ""
        self.query_one("#tool-row").add_class("hidden")
        self._set_live("")
        if ended.outcome is None or getattr(ended.outcome, "status", None) != FINISHED:
            for position, state in enumerate(self._states):
                if state in (PENDING, RUNNING, WAITING):
                    self._states[position] = CANCELLED if state == RUNNING else SKIPPED
                    self._refresh_row(position)
        overall = self.query_one("#overall", ProgressBar)
        overall.add_class("ended")
        self.query_one("#overall-label", Label).update("Overall")  # no block runs any more
        self.query_one("#overall-eta", Static).add_class("ended")
        final = self.final_event
        text = Text()
        if ended.error:
            text.append("The run did not happen: ", style="bold red")
            text.append(ended.error)
            self.query_one("#current", Static).update(Text("Not run", style="bold red"))
        else:
            status = getattr(ended.outcome, "status", FAILED)
            duration = format_elapsed(getattr(ended.outcome, "duration", 0.0))
            if status == FINISHED:
                overall.update(total=overall.total, progress=overall.total or 0)
                text.append(f"Done: {len(self._steps)} steps in {duration}.", style="bold green")
                heading = Text("Finished", style="bold green")
            elif status == CANCELLED:
                text.append("Cancelled: ", style="bold yellow")
                text.append(getattr(ended.outcome, "reason", "") or "cancelled")
                heading = Text("Cancelled", style="bold yellow")
            else:
                text.append("Failed: ", style="bold red")
                text.append(getattr(ended.outcome, "reason", "") or "a step failed")
                heading = Text("Failed", style="bold red")
            self.query_one("#current", Static).update(heading)
            self._describe_cleanup(text, status, final)
            audit = getattr(ended.outcome, "audit_path", None)
            if audit:
                text.append(f"\nAudit log (every command and its output): {audit}", style="dim")
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

    def _describe_cleanup(self, text: Text, status: str, final) -> None:
        """What the cleanup path did, from the final event's step results."""
        if status == FINISHED:
            return
        results = getattr(final, "results", ()) or ()
        cleanups = [r for r in results if r.cleanup]
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
        leftovers = getattr(final, "leftovers", ()) or ()
        for mountpoint in leftovers:
            text.append(f"\nStill mounted: {mountpoint} — unmount it by hand, or `fstune run --clean-leftovers`.",
                        style="bold red")

    # --- guided mode (services.guided) ------------------------------------------------------------

    def _guide_waiting(self, event: StepWaiting) -> None:
        """The runner holds step ``event.index`` at the gate: explain it, or let it go at once."""
        from fstune.guide import explain_step

        if self._gate is None or self.ended or self.cancelling:
            return
        step = event.step
        if not self._policy.should_pause(step):
            self._gate.allow(event.index)  # a later repeat the attendee let run unattended
            return
        self._waiting = event
        if self._is_plan_row(event):
            self._states[event.index] = WAITING
            self._refresh_row(event.index)
            self._move_cursor(f"s{event.index}")
        title = f"Step {event.index + 1}/{max(event.total, event.index + 1)}: {step.title}"
        self.query_one("#current", Static).update(Text(f"Waiting for you · {title}", style="bold magenta"))
        note, self._note = self._note, None
        from .guide import GuidePanel

        panel = self.query_one("#guide", GuidePanel)
        panel.show(f"Next: step {event.index + 1} of {max(event.total, event.index + 1)}",
                   explain_step(step, self.plan), note=note, can_run_rest=self._policy.can_run_rest(step))
        panel.focus()
        self.refresh_bindings()

    def _guide_config_done(self, step: Step) -> None:
        from fstune.guide import configuration_done, figures_so_far, look_for_note

        config = configuration_done(self.plan, step)
        # a configuration is measured once in every block; what to look for is said after its first
        if config is None or config in self._guided_configs:
            return
        self._guided_configs.add(config)
        note = look_for_note(self.plan.study, config)
        figures = figures_so_far(self.measurement.results.values(), config)
        self._note = f"Configuration '{config}' is measured. What to look for: {note}" + (
            f"\nMeasured: {figures}" if figures else "")
        self.query_one("#output", Log).write_line(f"[guide] {config} done. What to look for: {note}")

    def _guide_release(self, how: str) -> None:
        waiting = self._waiting
        if waiting is None or self._gate is None:
            return
        self._waiting = None
        self._guide_hide()
        if self._is_plan_row(waiting) and self._states[waiting.index] == WAITING:
            self._states[waiting.index] = PENDING
            self._refresh_row(waiting.index)
        self.query_one("#output", Log).write_line(f"[guide] {how}")
        self._gate.allow(waiting.index)
        self.query_one("#steps", DataTable).focus()
        self.refresh_bindings()

    def _guide_hide(self) -> None:
        """Hide the panel; no step waits for the attendee any more (released, cancelled or ended)."""
        if not self.guided:
            return
        from .guide import GuidePanel

        self._waiting = None
        self.query_one("#guide", GuidePanel).hide()
        self.refresh_bindings()

    def action_guide_go(self) -> None:
        """Enter: run the step as shown, or check what the attendee typed and run it if it matches."""
        from fstune.guide import check_typed

        from .guide import GuidePanel

        waiting = self._waiting
        if waiting is None:
            return
        panel = self.query_one("#guide", GuidePanel)
        typed = panel.typed.value
        if not typed.strip():
            self._guide_release(f"step {waiting.index + 1} runs as shown (Enter)")
            return
        check = check_typed(typed, waiting.step)
        if not check.ok:
            panel.set_check(check.message, wrong=True)
            self.query_one("#output", Log).write_line(f"[guide] not run: {check.message}")
            return
        self._guide_release(f"step {waiting.index + 1}: you typed the command; it runs")

    def action_guide_type(self) -> None:
        from .guide import GuidePanel

        if self._waiting is not None:
            self.query_one("#guide", GuidePanel).typed.focus()

    def action_guide_rest(self) -> None:
        waiting = self._waiting
        if waiting is None or not self._policy.can_run_rest(waiting.step):
            return
        self._policy.run_rest(waiting.step)
        self._guide_release(f"the remaining {waiting.step.workload} repeats of '{waiting.step.config}' run "
                            "without stopping")

    def _show_guide_summary(self) -> None:
        from .guide import GuideSummaryScreen

        def closed(results: bool | None) -> None:
            if results:
                self.action_results()

        self.app.push_screen(GuideSummaryScreen(self.guide_summary), closed)

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
        bar = self.query_one("#overall", ProgressBar)
        if not self.plan.blocks:
            bar.update(total=1000, progress=1000 * self._done / max(1, len(self._steps)))
            return
        # a share of the run's estimated time over the blocks scheduled now: when blocks are added
        # it starts again from the new total, which the label says (fstune/measure/eta.py)
        progress = self.measurement.progress()
        bar.update(total=1000, progress=round(1000 * progress.fraction))
        if not self.ended:
            wide = self.app.size.width >= WIDE_ETA
            self.query_one("#overall-eta", Static).update(progress.eta if wide else progress.eta_short)
            blocks = (progress.blocks if wide else progress.blocks_short).capitalize()
            if blocks != self._blocks_shown:
                self._blocks_shown = blocks
                self.query_one("#overall-label", Label).update(blocks or "Overall")

    def _tick(self) -> None:
        """The running step's time, counting up beside its title (twice a second).

        Not in the step list: changing any cell makes the DataTable draw every visible row again,
        and on a slow CPU that alone kept key presses waiting for seconds while a benchmark ran."""
        running = not self.ended and (self._current is not None or (self._cleanup_running and self._cleanup_rows))
        shown = format_elapsed(time.monotonic() - self._current_started) if running else ""
        self.query_one("#step-time", StepTime).shown = shown
        if running:
            self._update_overall()  # the time left moves on while a step runs

    def _title_width(self) -> int:
        table = self.query_one("#steps", DataTable)
        width = table.size.width or max(34, int(self.app.size.width * 0.45)) - 2
        # the icon 2, the number 4, the time 8 (their spacing included: cells are unpadded), and
        # a scrollbar
        return max(8, width - 2 - 4 - 8 - 2)

    def _row_cells(self, number: str, title: str, state: str, seconds: float | None) -> tuple:
        icon, style = ICONS.get(state, ("?", ""))
        lines = fit_title(title, self._title_width())
        return (Text(icon, style=style), Text(f"{number:>3} ", style="dim"),
                Text("\n".join(lines), style="bold" if state == RUNNING else ""),
                Text(format_elapsed(seconds) if seconds is not None else "", justify="right"))

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
        for position, step in enumerate(self._steps):
            self._add_row(f"s{position}", self._row_cells(str(position + 1), step.title, self._states[position],
                                                          self._times[position]))
        for position in range(len(self._cleanup_rows)):
            self._add_cleanup_row(position)
        if self._current is not None:
            self._move_cursor(f"s{self._current}")
        elif self._cleanup_rows:
            self._move_cursor(f"c{len(self._cleanup_rows) - 1}")
        elif self._done:
            self._move_cursor(f"s{min(self._done, len(self._steps)) - 1}")

    def _add_cleanup_row(self, position: int) -> None:
        step, state, seconds = self._cleanup_rows[position]
        self._add_row(f"c{position}", self._row_cells("c", f"cleanup: {step.title}", state, seconds))

    def _refresh_row(self, position: int) -> None:
        cells = self._row_cells(str(position + 1), self._steps[position].title, self._states[position],
                                self._times[position])
        self._update_row(f"s{position}", cells)

    def _refresh_cleanup_row(self, position: int) -> None:
        step, state, seconds = self._cleanup_rows[position]
        self._update_row(f"c{position}", self._row_cells("c", f"cleanup: {step.title}", state, seconds))

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
        """The state of every plan step as shown (pending, running, ok, warning, failed, cancelled …)."""
        return list(self._states)

    @property
    def waiting(self) -> StepWaiting | None:
        """Guided mode: the step held at the gate for the attendee, if any."""
        return self._waiting
