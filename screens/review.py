"""Step 6 — Review: the exact script, destructive steps highlighted, then typed confirmation.

What is shown is ``render_script(build_plan(choices))`` itself, so it is grouped by
configuration exactly as the dry-run script is, and it is what a real run executes; only the
script's shell functions (the guard rails, ~120 lines) are folded to a line each until Ctrl+G. For a
real run the user types the name of every device that will be erased; a dry run saves the
script instead (same text, byte for byte) and ends the wizard.

Before a real run can be confirmed, the run session's checks run here, the very ones of
``fstune run`` (``RunSession.prepare``, with ``services.checks``): what interrupted runs left
mounted is shown and offered for clearing (as the command line asks), a missing tool or a kernel
without the driver refuses with the reason, and then the disks are locked (docs/safety.md: a
disk another process holds is shown with who holds it) and the devices' identities recorded,
refused unless they are the devices chosen; the run checks every destructive step against
that baseline. Leaving this step without starting lets the locks go; starting hands the
session, locks and all, to the run screen (whose runner adopts the locks).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from rich.console import Group
from rich.markup import escape
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Input, Label, Static

from fstune.errors import FstuneError
from fstune.plan import Plan, build_plan, new_run_id, render_script
from fstune.screens.widgets import Dialog, StepScreen


class PlanBuilt(Message):
    def __init__(self, plan: Plan | None, script: str, error: str = "") -> None:
        super().__init__()
        self.plan, self.script, self.error = plan, script, error


class Checked(Message):
    """The run session's checks ended (``RunSession.prepare``): ``ready`` says what they found,
    ``refused`` why the run cannot start when a lock or an identity was refused."""

    def __init__(self, plan: Plan, session, ready=None, refused: str = "") -> None:
        super().__init__()
        self.plan, self.session, self.ready, self.refused = plan, session, ready, refused


class ClearLeftovers(Dialog):
    """"Unmount and remove what an interrupted run left?" — as ``fstune run`` asks."""

    BINDINGS = [Binding("y", "answer(True)", "Yes, clear them"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, leftovers) -> None:
        super().__init__()
        self.leftovers = leftovers

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]An earlier run was interrupted[/b] and left:")
            for leftover in self.leftovers:
                yield Label(escape(leftover.describe()))
            yield Label("Unmount and remove them now? (fstune removes only what a run makes.) The run cannot "
                        "start over them.")
            with Horizontal():
                yield Button("Yes, clear them (y)", variant="warning", id="yes")
                yield Button("No (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


FOLDED = re.compile(r"\(\) \{ … \}  # \d+ lines folded")
FUNCTION_START = re.compile(r"^(fstune_\w+)\(\) \{$")


def fold_functions(script: str) -> str:
    """The script with each of its shell functions (the guard rails and the cleanup, ~120 lines
    before the first step) folded to one line, so the Review step opens on the plan; the saved
    script keeps them whole."""
    out: list[str] = []
    lines = iter(script.splitlines())
    for line in lines:
        start = FUNCTION_START.match(line)
        if start is None:
            out.append(line)
            continue
        body = 1
        for body_line in lines:
            body += 1
            if body_line == "}":
                break
        out.append(f"{start.group(1)}() {{ … }}  # {body} lines folded: Ctrl+G shows them")
    return "\n".join(out)


def highlight_script(script: str, destructive_style, comment_style) -> Text:
    """The script with each destructive step (its title line and its command) highlighted. Long
    lines wrap at the box's edge (a command cut at 80 columns hid the device it writes)."""
    text = Text(overflow="fold")
    in_destructive = False
    for line in script.splitlines():
        if FOLDED.search(line):
            text.append(line + "\n", style=comment_style)
            continue
        if line.startswith("# [") and line.endswith("(DESTROYS DATA)"):
            in_destructive = True
            text.append(line + "\n", style=destructive_style)
        elif in_destructive and not line.startswith("#"):
            text.append(line + "\n", style=destructive_style)
            in_destructive = False
        elif line.startswith("#"):
            text.append(line + "\n", style=comment_style)
        else:
            text.append(line + "\n")
    text.rstrip()
    return text


def design_text(plan) -> Group:
    """A screening's design as a table, each distinct run a row and each factor a column (− its
    first level, + its second, as the legend says), then the plan in words: the design, what the
    budget buys, the aliases, the seed (what ``fstune screen`` prints)."""
    from string import ascii_uppercase

    from rich.table import Table

    base = plan.design.base
    letters = ascii_uppercase[:base.factors]  # a column per factor fits 80 columns up to 15 factors
    each = ("every block runs each once" if base.halves == 1 else
            f"odd blocks run 01–{base.block_runs:02d}, even blocks their mirror")
    title = Text(f"The design: {base.runs} runs × {base.factors} factors; {each}", style="bold")
    table = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column("run", no_wrap=True, style="bold")
    for letter in letters:
        table.add_column(letter, no_wrap=True, justify="center")
    for row, codes in enumerate(base.rows):
        table.add_row(f"{row + 1:02d}", *(Text("+", style="bold cyan") if code > 0 else Text("−")
                                         for code in codes))
    legend = [Text.assemble((f"{letter} ", "bold"), f"{factor.name}: − {factor.level_text(-1)}, ",
                            ("+ ", "bold cyan"), factor.level_text(1))
              for letter, factor in zip(letters, plan.factors)]
    said = Text("The script below runs these runs block by block, each block in its drawn order.", style="dim")
    return Group(title, table, Text(""), *legend, said, Text(""), *(Text(line) for line in plan.words()), Text(""))


def device_names(path: str) -> set[str]:
    """What the user may type for ``path``: the full path or the kernel name."""
    return {path, os.path.basename(path)}


class ReviewScreen(StepScreen):
    STEP = "Review"
    HINT = ""
    BINDINGS = [Binding("ctrl+g", "toggle_functions", "Guard code", priority=True)]
    DEFAULT_CSS = """
    ReviewScreen #review-summary { height: auto; padding: 0 1; }
    ReviewScreen #script-view { height: 1fr; border: round $primary 50%; }
    ReviewScreen #script { width: 1fr; }
    ReviewScreen #design { width: 1fr; padding: 0 1; display: none; }
    ReviewScreen .confirm-row { height: 1; padding: 0 1; }
    ReviewScreen .confirm-row > Label { width: auto; padding-right: 1; }
    ReviewScreen .confirm-row > Input { width: 1fr; }
    ReviewScreen #confirm-message { height: auto; padding: 0 1; color: $error; }
    ReviewScreen #confirm-message.-ok { color: $success; }
    ReviewScreen > .review--destructive { color: $error; text-style: bold; background: $error 15%; }
    ReviewScreen > .review--comment { color: $text-muted; }
    """
    COMPONENT_CLASSES = {"review--destructive", "review--comment"}

    def __init__(self) -> None:
        super().__init__()
        self.plan: Plan | None = None
        self.script = ""
        # the run session of the plan shown (a real run only): its checks passed when ``ready.ok``,
        # and then it holds the disks' locks and the devices' identities until the run or leaving
        self.session = None
        self.ready = None
        self.locked = ""  # why the run cannot start (the checks' reason); "" while checking or ready
        self.checking = False
        self.asking = False  # the leftovers' dialog is over this step: its session stays
        self.handed_over = False  # the run started with this session: the runner releases its locks
        self.functions_shown = False  # the script's shell functions, folded until Ctrl+G

    def compose_body(self) -> ComposeResult:
        yield Static("Building the plan…", id="review-summary")
        with VerticalScroll(id="script-view"):
            yield Static("", id="design")  # a screening's design, run by run (``design_table``)
            yield Static("", id="script")
        with Horizontal(classes="confirm-row", id="row-target"):
            yield Label("", id="label-target")
            yield Input(id="confirm-target", compact=True)
        with Horizontal(classes="confirm-row", id="row-log"):
            yield Label("", id="label-log")
            yield Input(id="confirm-log", compact=True)
        with Horizontal(classes="confirm-row", id="row-save"):
            yield Label("Save the script to", id="label-save")
            yield Input(id="save-path", compact=True)
        yield Static("", id="confirm-message")

    def on_mount(self) -> None:
        for row in ("#row-target", "#row-log", "#row-save"):
            self.query_one(row).display = False
        button = self.query_one("#nav-next", Button)
        button.label = "Save script" if self.app.services.dry_run else "Start"
        button.variant = "primary" if self.app.services.dry_run else "error"

    @property
    def identities(self) -> dict | None:
        """The devices' identities recorded by the checks: the run's baseline."""
        return self.session.identities if self.session is not None else None

    def on_screen_suspend(self) -> None:
        if not self.handed_over and not self.asking:
            self.release_locks()  # back to an earlier step: the devices may change

    def release_locks(self) -> None:
        session, self.session, self.ready = self.session, None, None
        if session is not None:
            session.close()

    def on_screen_resume(self) -> None:
        if self.asking:  # back from the leftovers' dialog, not from another step: nothing changed
            self.asking = False
            return
        # every visit rebuilds: any earlier step may have changed
        self.release_locks()
        self.handed_over = False
        self.locked = ""
        self.checking = False
        state = self.app.state
        state.plan = None
        self.plan = None
        if state.run_id is None:
            state.run_id = new_run_id()  # as 'fstune run' names it: two wizards never share a directory
        for row in ("#row-target", "#row-log", "#row-save"):
            self.query_one(row).display = False
        self.query_one("#confirm-message", Static).update("")
        try:
            choices = state.to_choices(self.app.inventory)
        except FstuneError as error:
            self.show_error(error.message)
            return
        self.build(choices)

    @property
    def checks(self) -> bool:
        """Whether this step runs the session's checks: a real run on this machine's devices."""
        services = self.app.services
        return bool(getattr(services, "checks", False)) and not services.dry_run

    @work(thread=True, exclusive=True, group="plan")
    def build(self, choices) -> None:
        try:
            plan = build_plan(choices)
        except FstuneError as error:
            self.post_message(PlanBuilt(None, "", error.message))
            return
        # what earlier stored runs on these devices say the run can decide (read here, in the worker)
        # (the store where runs are kept, read only if it exists: a review never creates it)
        from fstune.results.history import before_the_run, existing_store, load_recent

        stored = existing_store if self.app.services.open_store is not None else None
        decidable = before_the_run(plan, load_recent(stored))
        self.post_message(PlanBuilt(plan, render_script(plan, decidable)))
        if self.checks:
            session = self.app.services.session(plan, measurement=self.app.state.measurement(plan))
            self._check(plan, session, clear_leftovers=False)

    @work(thread=True, exclusive=True, group="plan")
    def check_again(self, plan: Plan, session, clear_leftovers: bool) -> None:
        self._check(plan, session, clear_leftovers)

    def _check(self, plan: Plan, session, clear_leftovers: bool) -> None:
        """In the worker: everything ``fstune run`` checks before its first write."""
        try:
            ready = session.prepare(clear_leftovers=clear_leftovers)
        except FstuneError as error:  # a disk another process holds, a device not the one chosen
            session.close()
            self.post_message(Checked(plan, session, refused=error.message + (f" {error.hint}" if error.hint else "")))
            return
        self.post_message(Checked(plan, session, ready))

    def show_error(self, message: str) -> None:
        self.query_one("#review-summary", Static).update(
            Text.assemble(("Cannot plan yet: ", "bold red"), message, " Go back (Ctrl+B) and fix it."))
        self.query_one("#script", Static).update("")

    def on_plan_built(self, message: PlanBuilt) -> None:
        if message.plan is None:
            self.show_error(message.error)
            return
        self.plan, self.script = message.plan, message.script
        self.app.state.plan = message.plan
        plan = message.plan
        erased = plan.destructive_devices()
        summary = Text()
        summary.append(f"{len(plan.steps)} steps, {len(plan.configs)} configurations. ")
        if erased:
            summary.append(f"ERASES everything on {' and '.join(erased)}.", style="bold red")
        for warning in plan.warnings:
            summary.append(f"\nNote: {warning}", style="yellow")
        self.query_one("#review-summary", Static).update(summary)
        design = self.query_one("#design", Static)
        screened = self.app.state.screened
        design.display = screened is not None
        if screened is not None:
            design.update(design_text(screened.plan))
        self.show_script()
        if self.app.services.dry_run:
            self.query_one("#row-save").display = True
            path = self.query_one("#save-path", Input)
            if not path.value:
                path.value = f"./fstune-plan-{plan.study.name}.sh"
            return
        if self.checks:
            self.checking = True
            self.query_one("#confirm-message", Static).update(
                "Checking: leftovers of earlier runs, the tools, the kernel's drivers, the disks' locks…")
            return
        self.show_confirmation()

    def on_checked(self, message: Checked) -> None:
        if message.plan is not self.plan or not self.is_current or self.handed_over:
            message.session.close()  # the user left, or this visit built another plan
            return
        self.checking = False
        self.session, self.ready = message.session, message.ready
        ready = message.ready
        notice = self.query_one("#confirm-message", Static)
        if ready is not None and ready.leftovers and ready.cleaned is None:
            self.locked = "an earlier run was interrupted and left something mounted: " + "; ".join(
                leftover.describe() for leftover in ready.leftovers) + ". Clear it, or run `fstune run " \
                "--clean-leftovers`."
            notice.update(Text.assemble(("Cannot start yet: ", "bold"), self.locked))

            def decided(yes: bool | None) -> None:
                if yes and self.session is message.session:
                    notice.update("Clearing what the interrupted run left…")
                    self.checking = True
                    self.check_again(self.plan, message.session, True)

            self.asking = True
            self.app.push_screen(ClearLeftovers(ready.leftovers), decided)
            return
        refusal = message.refused or (ready.refusal.text + "; nothing was done." if ready.refusal else "")
        self.locked = refusal
        if refusal:
            self.release_locks()  # nothing is locked after a refusal, but the session goes
            notice.update(Text.assemble(("Cannot start: ", "bold"), refusal))
            return
        notes = [f"Note: {problem.text}." for problem in ready.problems if not problem.blocking]
        cleared = [f"Unmounted {mountpoint}, left by an interrupted run." for mountpoint in
                   (ready.cleaned.unmounted if ready.cleaned else ())]
        self.show_confirmation("\n".join([*cleared, *notes]))

    def show_confirmation(self, said: str = "") -> None:
        """The fields to type the erased devices' names in."""
        plan = self.plan
        erased = plan.destructive_devices()
        notice = self.query_one("#confirm-message", Static)
        notice.update(said)
        notice.set_class(bool(said), "-ok")
        target = plan.choices.target.path
        self.query_one("#label-target", Label).update(f"Type {os.path.basename(target)} to erase it:")
        self.query_one("#row-target").display = True
        if plan.choices.log_device and plan.choices.log_device.path in erased:
            log = plan.choices.log_device.path
            self.query_one("#label-log", Label).update(f"Type {os.path.basename(log)} (journal) too:")
            self.query_one("#row-log").display = True
        self.query_one("#confirm-target", Input).focus()

    def show_script(self) -> None:
        shown = self.script if self.functions_shown else fold_functions(self.script)
        self.query_one("#script", Static).update(highlight_script(
            shown, self.get_component_rich_style("review--destructive"),
            self.get_component_rich_style("review--comment")))

    def action_toggle_functions(self) -> None:
        self.functions_shown = not self.functions_shown
        if self.script:
            self.show_script()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.commit_and_go()

    def commit_and_go(self) -> None:
        message = self.query_one("#confirm-message", Static)
        message.remove_class("-ok")
        if self.plan is None:
            message.update("The plan is not ready: see the message above.")
            return
        if self.app.services.dry_run:
            self.save()
            return
        if self.locked:
            message.update(Text.assemble(("Cannot start: ", "bold"), self.locked))
            return
        if self.checking or (self.checks and (self.ready is None or not self.ready.ok)):
            message.update("Still checking the devices: a moment.")
            return
        wanted = [("#confirm-target", self.plan.choices.target.path)]
        if self.query_one("#row-log").display:
            wanted.append(("#confirm-log", self.plan.choices.log_device.path))
        for selector, path in wanted:
            field = self.query_one(selector, Input)
            if field.value.strip() not in device_names(path):
                field.focus()
                typed = field.value.strip()
                message.update(f"Type {os.path.basename(path)} exactly to confirm that it will be erased"
                               + (f" ('{typed}' is not it)." if typed else "."))
                return
        self.handed_over = self.session is not None  # the runner adopts its locks (same run id)
        session = self.session
        measurement = self.app.state.measurement(self.plan) if session is None else None
        if measurement is not None:  # no checks here (fixture devices): the run's session, with its design
            session = self.app.services.session(self.plan, measurement=measurement)
        self.app.start_run(self.plan, session=session)

    def save(self) -> None:
        message = self.query_one("#confirm-message", Static)
        path = Path(os.path.expanduser(self.query_one("#save-path", Input).value.strip() or
                                       f"./fstune-plan-{self.plan.study.name}.sh"))
        try:
            path.write_text(self.script)
            os.chmod(path, 0o755)
        except OSError as error:
            message.update(f"Cannot write {path}: {error.strerror}. Choose another path.")
            self.query_one("#save-path", Input).focus()
            return
        self.app.exit(result=str(path),
                      message=f"fstune: wrote {len(self.plan.steps)} steps to {path}; read it, then run it as root.")
