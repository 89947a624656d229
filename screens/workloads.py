"""Step 5 — Workloads: what to measure, with which sizes and threads, how many repeats, how long.

Parameters are typed as text and checked with the workloads' own ``Param.parse`` (the
command line's ``--workload-param`` goes through the same check). Only values that differ
from the study's are kept, as ``fstune plan --workload-param`` would pass them. The fields, the
estimate and its notes all come from the workloads' declarations: this screen names none of
them (docs/ARCHITECTURE.md, "Workloads: one module each").
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.validation import ValidationResult, Validator
from textual.widgets import Checkbox, Input, Label, Static

from fstune.errors import UsageError
from fstune.plan import DEFAULT_LOOKS, ceiling_workload, check_max_blocks
from fstune.screens.widgets import StepScreen
from fstune.studies import Study
from fstune.units import format_estimate
from fstune.workloads import WORKLOADS

MAKE_SECONDS = 20  # mkfs, mount and the record step of one configuration, on an ordinary disk


def field_params(name: str) -> tuple[str, ...]:
    """The parameters of workload ``name`` worth a field; the others keep the study's value."""
    return tuple(param.name for param in WORKLOADS[name].params.values() if param.wizard)


class ParamCheck(Validator):
    def __init__(self, workload: str, param: str) -> None:
        super().__init__()
        self.workload, self.param = workload, param

    def validate(self, value: str) -> ValidationResult:
        try:
            WORKLOADS[self.workload].check_params({self.param: value})
        except UsageError as error:
            return self.failure(error.message)
        return self.success()


class RepeatsCheck(Validator):
    def validate(self, value: str) -> ValidationResult:
        if not value.strip().isdigit() or int(value) < 1:
            return self.failure("repeats must be a whole number, at least 1.")
        if int(value) < 3:
            return self.failure("fewer than 3 repeats cannot tell a real change from noise.")
        return self.success()


class CapCheck(Validator):
    def validate(self, value: str) -> ValidationResult:
        try:
            check_max_blocks(int(value.strip()) if value.strip().isdigit() else 0)
        except UsageError:
            return self.failure("the cap must be a whole number of blocks, at least 1.")
        return self.success()


class WorkloadsScreen(StepScreen):
    STEP = "Workloads"
    HINT = "space: toggle"
    DEFAULT_CSS = """
    WorkloadsScreen #workloads-form { height: 1fr; padding: 0 1; }
    WorkloadsScreen Checkbox { margin-top: 1; }
    WorkloadsScreen .params { height: auto; padding-left: 4; }
    WorkloadsScreen .param { height: 1; }
    WorkloadsScreen .param > Label { width: 12; color: $text-muted; }
    WorkloadsScreen .param > Input { width: 20; }
    WorkloadsScreen .param > .param-help { width: 1fr; color: $text-muted; padding-left: 1; }
    WorkloadsScreen .field-message { height: auto; padding-left: 16; color: $error; }
    WorkloadsScreen #repeats-row { margin-top: 1; }
    WorkloadsScreen #estimate { height: auto; padding: 0 1; border-top: solid $primary 50%; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._study: Study | None = None

    def compose_body(self) -> ComposeResult:
        yield VerticalScroll(id="workloads-form")
        yield Static("", id="estimate")

    async def on_screen_resume(self) -> None:
        study = self.app.state.study
        if study is not None and study is not self._study:
            self._study = study
            await self.build_form(study)
        if self.focused is None or self.focused.id == "workloads-form":
            # the form is built after the screen is shown, too late for Textual's auto-focus,
            # which found only the empty scroll container: the keyboard did nothing useful here
            checkboxes = self.query(Checkbox)
            if checkboxes:
                checkboxes.first().focus()

    async def build_form(self, study: Study) -> None:
        form = self.query_one("#workloads-form", VerticalScroll)
        await form.remove_children()
        state = self.app.state
        selected = study.workloads if state.workloads is None else state.workloads
        widgets = []
        for name, workload in WORKLOADS.items():
            widgets.append(Checkbox(f"{name} — {workload.title}", name in selected, id=f"use-{name}",
                                    compact=True))
            rows = []
            values = {**workload.resolve(study.workload_params.get(name, {})),
                      **state.workload_params.get(name, {})}
            for param_name in field_params(name):
                param = workload.params[param_name]
                field = Input(str(values[param_name]), id=f"param-{name}-{param_name}", compact=True,
                              validators=[ParamCheck(name, param_name)], validate_on=["changed"])
                rows.append(Horizontal(Label(param_name), field, Static(param.help, classes="param-help"),
                                       classes="param"))
                rows.append(Static("", id=f"param-{name}-{param_name}-message", classes="field-message"))
            # not a scroll container: that would be a Tab stop of its own between the fields
            group = Vertical(*rows, classes="params", id=f"params-{name}")
            group.display = name in selected
            widgets.append(group)
        repeats = str(study.repeats if state.repeats is None else state.repeats)
        widgets.append(Horizontal(Label("repeats"), Input(repeats, id="repeats", compact=True,
                                                          validators=[RepeatsCheck()], validate_on=["changed"]),
                                  Static("per configuration; more are added while figures are noisy",
                                         classes="param-help"),
                                  classes="param", id="repeats-row"))
        widgets.append(Static("", id="repeats-message", classes="field-message"))
        cap = str(DEFAULT_LOOKS[-1] if state.max_blocks is None else state.max_blocks)
        widgets.append(Horizontal(Label("at most"), Input(cap, id="max-blocks", compact=True,
                                                          validators=[CapCheck()], validate_on=["changed"]),
                                  Static("repeats in all: the cap on what noisy figures add (--max-blocks)",
                                         classes="param-help"),
                                  classes="param", id="max-blocks-row"))
        widgets.append(Static("", id="max-blocks-message", classes="field-message"))
        widgets.append(self._ceiling_box(selected))
        await form.mount_all(widgets)
        self.update_estimate()

    def _ceiling_box(self, selected) -> Checkbox:
        """``fstune run --ceiling``: offered while a workload that can measure the raw device is chosen."""
        box = Checkbox("ceiling — first measure the raw target once, a few seconds a phase (formatted next anyway)",
                       self.app.state.ceiling, id="ceiling", compact=True)
        box.display = ceiling_workload(selected) is not None
        return box

    # --- reading the form -----------------------------------------------------------------

    def selected(self) -> tuple[str, ...]:
        return tuple(name for name in WORKLOADS if self.query_one(f"#use-{name}", Checkbox).value)

    def params_of(self, name: str) -> dict[str, str]:
        """The typed values of workload ``name`` (strings, as --workload-param gives them)."""
        return {p: self.query_one(f"#param-{name}-{p}", Input).value.strip() for p in field_params(name)}

    def resolved(self, name: str) -> dict[str, object] | None:
        """Defaults + study + typed values, parsed; None while a field is invalid."""
        workload = WORKLOADS[name]
        try:
            typed = workload.check_params(self.params_of(name))
        except UsageError:
            return None
        return {**workload.resolve(self._study.workload_params.get(name, {})), **typed}

    def update_estimate(self) -> None:
        study = self._study
        names = self.selected()
        repeats_text = self.query_one("#repeats", Input).value.strip()
        repeats = int(repeats_text) if repeats_text.isdigit() and int(repeats_text) > 0 else None
        configs = len(study.configurations)
        text = Text()
        if repeats is None or any(self.resolved(name) is None for name in names):
            text.append("Estimated duration: fix the marked field first.", style="dim")
        elif not names:
            text.append(f"No workloads: only makes and mounts each of the {configs} configurations "
                        f"(about {format_estimate(configs * MAKE_SECONDS)}).")
        else:
            per_repeat = {name: WORKLOADS[name].estimate_seconds(self.resolved(name)) for name in names}
            total = configs * (MAKE_SECONDS + repeats * sum(per_repeat.values()))
            raw = self._ceiling_seconds(names)
            text.append(f"Estimated duration: about {format_estimate(total + raw)}", style="bold")
            text.append(f" — {configs} configurations × {repeats} repeats × "
                        + " + ".join(f"{n} {format_estimate(s)}" for n, s in per_repeat.items()))
            if raw:
                text.append(f", and the ceiling {format_estimate(raw)}")
            for name in names:
                if WORKLOADS[name].estimate_note:
                    text.append(f"; {WORKLOADS[name].estimate_note}")
            cap = self.query("#max-blocks")
            most = cap.first(Input).value.strip() if cap else ""
            text.append(f". Noisy figures add repeats{f', up to {most} in all' if most.isdigit() else ''}.",
                        style="dim")
        self.query_one("#estimate", Static).update(text)

    def _ceiling_seconds(self, names: tuple[str, ...]) -> float:
        """The raw-device pass's phases when the box is ticked (``fstune run --ceiling``); else 0."""
        name = ceiling_workload(names)
        boxes = self.query("#ceiling")
        if name is None or not boxes or not boxes.first(Checkbox).value:
            return 0.0
        return WORKLOADS[name].ceiling_seconds(self.resolved(name))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "ceiling":
            self.update_estimate()
            return
        name = (event.checkbox.id or "").removeprefix("use-")
        if name in WORKLOADS:
            self.query_one(f"#params-{name}").display = event.value
            self.query_one("#ceiling", Checkbox).display = ceiling_workload(self.selected()) is not None
            self.update_estimate()

    def on_input_changed(self, event: Input.Changed) -> None:
        message = self.query_one(f"#{event.input.id}-message", Static)
        result = event.validation_result
        message.update("" if result is None or result.is_valid else "✗ " + " ".join(result.failure_descriptions))
        self.update_estimate()

    def commit(self) -> str | None:
        study = self._study
        if study is None:
            return "choose a study first."
        names = self.selected()
        params: dict[str, dict[str, object]] = {}
        for name in names:
            workload = WORKLOADS[name]
            study_values = workload.resolve(study.workload_params.get(name, {}))
            for param, value in self.params_of(name).items():
                try:
                    workload.check_params({param: value})
                except UsageError as error:
                    self.query_one(f"#param-{name}-{param}", Input).focus()
                    return error.message
                # keep only what the user changed, as the command line would pass it
                if value != str(study_values[param]):
                    params.setdefault(name, {})[param] = value
        repeats = self.query_one("#repeats", Input).value.strip()
        if not repeats.isdigit() or int(repeats) < 1:
            self.query_one("#repeats", Input).focus()
            return "repeats must be a whole number, at least 1."
        cap = self.query_one("#max-blocks", Input).value.strip()
        if not cap.isdigit() or int(cap) < 1:
            self.query_one("#max-blocks", Input).focus()
            return "the cap must be a whole number of blocks, at least 1."
        state = self.app.state
        # the study's own order first: it is the order the plan runs them in
        ordered = tuple(n for n in study.workloads if n in names) + tuple(n for n in names if n not in study.workloads)
        try:
            study.primary_for(ordered)  # some figure must say when the blocks may stop (docs/verdicts.md)
        except UsageError as error:
            return error.message
        state.workloads = None if ordered == tuple(study.workloads) else ordered
        state.workload_params = params
        state.repeats = None if int(repeats) == study.repeats else int(repeats)
        state.max_blocks = None if int(cap) == DEFAULT_LOOKS[-1] else int(cap)
        state.ceiling = self.query_one("#ceiling", Checkbox).value and ceiling_workload(names) is not None
        return None
