"""Guided mode on the run screen (``services.guided``, docs/teaching.md): every step waits at the
gate until the attendee runs it as shown (Enter), types it (t) or lets a configuration's remaining
repeats run (a); after a configuration's first turn the panel says what to look for. What guided
mode says is ``fstune.guide``'s; ``RunScreen`` (screens/run.py) holds the state these methods
share (the gate, the policy, the step waiting) and calls them as it draws the view."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable, Log, Static

from fstune.runner import StepWaiting
from fstune.steps import Step


class GuidedRun:
    """The run screen's guided-mode actions (a mixin of ``RunScreen``)."""

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
        # read while the run waits at the gate for the attendee (guided mode holds every step)
        figures = figures_so_far(self.view.snapshot(since=self._seq).repeats, config)
        self._note = f"Configuration '{config}' is measured. What to look for: {note}" + (
            f"\nMeasured: {figures}" if figures else "")
        self.query_one("#output", Log).write_line(f"[guide] {config} done. What to look for: {note}")

    def _guide_release(self, how: str) -> None:
        waiting = self._waiting
        if waiting is None or self._gate is None:
            return
        self._waiting = None
        self._guide_hide()
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
