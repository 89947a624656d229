"""Step 4 of "Which options matter?": the filesystem, the factors with their two levels, the
workload, the time budget and the cap on distinct runs of a screening (docs/screening.md).

The factors offered are the filesystem's own (``Filesystem.screening_factors``), each checked
alone and in pairs by the core's ``check_factors`` — the very check ``fstune screen`` makes — so
a factor this kernel or the filesystem refuses is shown greyed with the reason, and a factor
that cannot be screened beside one already chosen (``data`` and ``delalloc``: the kernel refuses
``data=journal,delalloc``) is greyed while the other is chosen, with the rule that refuses the
pair: a refused pair is never combined. A factor of one's own is typed as ``fstune screen
--factor`` takes it (``commit=5,30``, ``discard``).

Every change plans the screening again in a worker (``fstune.measure.screening.plan_request``,
as the command line plans it: pyDOE and scipy load there), and the line under the list says
what the budget buys. Next stores the request in the wizard's state (``choose_screening``); the
Workloads step is not visited on this path (the workload is chosen here).
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Label, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from fstune.errors import FstuneError, UsageError
from fstune.screens.widgets import StepScreen


class Planned(Message):
    """The worker planned the current choices: the plan's headline, or why it is refused."""

    def __init__(self, generation: int, lines: list[str], refusal: str = "") -> None:
        super().__init__()
        self.generation, self.lines, self.refusal = generation, lines, refusal


def screenable_filesystems(capabilities, dry_run: bool) -> list[tuple[str, str]]:
    """(label, name) of the filesystems that declare factors, this machine's first; one it cannot
    make is offered only in a dry run (the script may be meant for another machine)."""
    from fstune import filesystems

    found = []
    for name, fs in filesystems.FILESYSTEMS.items():
        if not fs.screening_factors:
            continue
        why = capabilities.availability(name).reason if capabilities is not None else ""
        if why and not dry_run:
            continue
        found.append((bool(why), f"{fs.title}{' (not on this machine)' if why else ''}", name))
    return [(label, name) for _missing, label, name in sorted(found, key=lambda item: item[0])]


def offered_names(filesystem: str) -> set[str]:
    from fstune.screening import offered

    return {factor.name for factor in offered(filesystem)}


def shipped_for(filesystem: str):
    """The shipped screening study of ``filesystem`` (its factors, workload and budget are the
    defaults offered), or None."""
    from fstune.plan.screening import shipped_screening_studies

    return next((study for study in shipped_screening_studies().values() if study.filesystem == filesystem), None)


def headline(planned) -> list[str]:
    """What the plan buys, in three lines of at most 78 columns (80×24)."""
    from fstune.units import format_estimate

    plan = planned.plan
    base, budget = plan.design.base, plan.budget
    gain, loss = budget.detectable_percent
    kind = base.title.rsplit(", ", 1)[0]  # "fractional factorial, resolution IV"
    return [f"{kind}: {base.runs} runs × {budget.replicates} replicate{'s' if budget.replicates != 1 else ''}, "
            f"about {format_estimate(budget.seconds)}.",
            f"Finds {gain:+.1f} % / {loss:+.1f} % in {budget.power:.0%} of studies"
            f"{'.' if budget.can_show_no_effect else '; no effect reads too noisy.'}",
            f"Judged on {':'.join(planned.primary)}; the Review shows each run."]


class FactorsScreen(StepScreen):
    STEP = "Options"  # where the options are chosen on this path; the step list says so
    HELP_TOPIC = "Factors"  # ? explains the factors, not the Options step's fields
    HINT = "space: toggle"
    DEFAULT_CSS = """
    FactorsScreen #screen-row { height: 1; padding: 0 1; }
    FactorsScreen #screen-row > Label { width: auto; padding-right: 1; color: $text-muted; }
    FactorsScreen #screen-row > Select { width: 1fr; }
    FactorsScreen #screen-row > Input { width: 8; }
    FactorsScreen #screen-row > #max-runs { width: 6; }
    FactorsScreen #factors { height: 1fr; border: round $primary 50%; padding: 0; }
    FactorsScreen #factors:focus { border: round $primary; }
    FactorsScreen #typed-row { height: 1; padding: 0 1; }
    FactorsScreen #typed-row > Label { width: auto; padding-right: 1; color: $text-muted; }
    FactorsScreen #typed-row > Input { width: 1fr; }
    FactorsScreen #factor-why { height: 3; padding: 0 1; color: $text-muted; }
    FactorsScreen #design-line { height: 4; padding: 0 1; border-top: solid $primary 50%; }
    FactorsScreen #design-line.-refused { color: $text-error; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.filesystem: str | None = None
        self.factors: dict[str, object] = {}  # name → ScreeningFactor, offered and typed, in list order
        self.typed: dict[str, str] = {}  # a factor of one's own → as it was typed (what plan_request reads)
        self.alone: dict[str, str] = {}  # factor → why it cannot be screened at all
        self.pairs: dict[frozenset, str] = {}  # two factors → why they cannot be screened together
        self.generation = 0  # the choices' version: a plan of older choices is not shown
        self.refusal = "the plan is being made."
        self.offered: list[tuple[str, str]] = []
        self.width = 10  # the factor names' column in the list
        self.previous: set[str] = set()  # the factors chosen before the last change

    def compose_body(self) -> ComposeResult:
        from fstune.workloads import WORKLOADS

        self.offered = screenable_filesystems(self.app.capabilities, self.app.services.dry_run)
        with Horizontal(id="screen-row"):
            yield Label("Filesystem")
            # the initial values are given here: a Select posts its first Changed after mounting
            request = self.app.state.screening
            names = [name for _label, name in self.offered]
            first = request.filesystem if request is not None and request.filesystem in names else (
                names[0] if names else Select.BLANK)
            workload = request.workloads[0] if request is not None else next(iter(WORKLOADS))
            yield Select(self.offered, id="filesystem", allow_blank=not self.offered, compact=True, value=first)
            yield Label(" Workload")
            yield Select([(name, name) for name in WORKLOADS], id="workload", allow_blank=False, compact=True,
                         value=workload)
            yield Label(" Budget")
            yield Input(id="budget", compact=True)
            # fstune screen --max-runs: the most distinct runs the design may have (empty: no cap)
            yield Label(" Max runs")
            yield Input(id="max-runs", compact=True, type="integer", placeholder="any",
                        value=str(request.max_runs) if request is not None and request.max_runs else "")
        list_ = SelectionList(id="factors")
        list_.border_title = "Factors: first level / second level"
        yield list_
        with Horizontal(id="typed-row"):
            yield Label("Your own (NAME=A,B or OPTION), Enter adds it:")
            yield Input(id="typed", compact=True, placeholder="commit=5,30")
        yield Static("", id="factor-why")
        yield Static("", id="design-line")

    def on_screen_resume(self) -> None:
        if self.filesystem is None:
            self.fill_choices()

    def fill_choices(self) -> None:
        """The filesystems and workloads offered, and the state's request (or the shipped study's)."""
        request = self.app.state.screening
        select = self.query_one("#filesystem", Select)
        names = [name for _label, name in self.offered]
        filesystem = request.filesystem if request is not None and request.filesystem in names else (
            names[0] if names else None)
        if filesystem is None:
            self.show_refusal("no filesystem here declares screening factors.")
            return
        with self.prevent(Select.Changed):
            select.value = filesystem
        self.load_filesystem(filesystem, request)

    def load_filesystem(self, filesystem: str, request=None) -> None:
        """Offer ``filesystem``'s factors; choose the request's (same filesystem) or the shipped
        study's, with its workload and budget."""
        from fstune.screening import check_factors, offered
        from fstune.screening.budget import DEFAULT_BUDGET
        from fstune.screening.factors import Setup, parse_factor
        from fstune.screening.study import DEFAULT_WORKLOAD

        self.filesystem = filesystem
        setup = Setup(filesystem)
        shipped = shipped_for(filesystem)
        if request is not None and request.filesystem == filesystem:
            chosen, workload, budget = list(request.factors), request.workloads[0], request.budget
        elif shipped is not None:
            chosen, workload, budget = list(shipped.factors), shipped.workloads[0], shipped.budget
        else:
            chosen, workload, budget = [], DEFAULT_WORKLOAD, DEFAULT_BUDGET
        factors = {factor.name: factor for factor in offered(filesystem)}
        self.typed = {}
        picked = []
        for text in chosen:  # as typed in a study or a request: "noatime" is the atime factor
            try:
                factor = parse_factor(filesystem, text)
            except UsageError:
                continue
            if factor.name not in factors:
                factors[factor.name] = factor
                self.typed[factor.name] = text
            picked.append(factor.name)
        self.factors = factors
        self.alone, self.pairs = {}, {}
        for name, factor in factors.items():
            try:
                check_factors(setup, [factor])
            except UsageError as refused:
                self.alone[name] = refused.message
        names = [name for name in factors if name not in self.alone]
        for index, one in enumerate(names):
            for other in names[index + 1:]:
                try:
                    check_factors(setup, [factors[one], factors[other]])
                except UsageError as refused:
                    self.pairs[frozenset((one, other))] = refused.message
        with self.prevent(Select.Changed):
            self.query_one("#workload", Select).value = workload
        self.query_one("#budget", Input).value = budget
        same = request is not None and request.filesystem == filesystem
        self.query_one("#max-runs", Input).value = str(request.max_runs) if same and request.max_runs else ""
        self.fill_list(set(picked))

    def fill_list(self, picked: set[str]) -> None:
        factors = self.query_one("#factors", SelectionList)
        self.width = max((len(name) for name in self.factors), default=8) + 2
        with self.prevent(SelectionList.SelectedChanged):
            factors.clear_options()
            for name in self.factors:
                factors.add_option(Selection(self.prompt(name, False), name, name in picked and name not in self.alone,
                                             id=name))
        self.refresh_refusals()

    def chosen(self) -> list[str]:
        return list(self.query_one("#factors", SelectionList).selected)

    def clash(self, name: str) -> str:
        """Why ``name`` cannot be chosen now: alone, or beside a factor already chosen."""
        if name in self.alone:
            return self.alone[name]
        for other in self.chosen():
            if other != name and frozenset((name, other)) in self.pairs:
                return self.pairs[frozenset((name, other))]
        return ""

    def prompt(self, name: str, refused: bool) -> Text:
        """"atime  relatime / noatime"; a refused one greyed and marked ✗ (Tab to read why)."""
        factor = self.factors[name]
        levels = f"{factor.level_text(-1)} / {factor.level_text(1)}"
        if refused:
            return Text.assemble(("✗ ", "red"), (f"{name:<{self.width}}", "dim"), (levels, "dim"))
        return Text.assemble(("  "), (f"{name:<{self.width}}", "bold"), levels)

    def refresh_refusals(self) -> None:
        """Grey out what cannot be chosen beside the current choice, then plan again."""
        factors = self.query_one("#factors", SelectionList)
        for name in self.factors:
            refused = name not in factors.selected and bool(self.clash(name))
            # greyed, not disabled: a disabled option cannot be highlighted, and its reason read
            factors.replace_option_prompt(name, self.prompt(name, refused))
        chosen = self.chosen()
        self.previous = set(chosen)
        factors.border_subtitle = f"{len(chosen)} chosen" + (f": {', '.join(chosen)}" if len(chosen) <= 7 else "")
        self.show_highlighted()
        self.replan()

    def show_highlighted(self) -> None:
        factors = self.query_one("#factors", SelectionList)
        why = self.query_one("#factor-why", Static)
        if factors.highlighted is None:
            why.update("")
            return
        name = factors.get_option_at_index(factors.highlighted).value
        factor = self.factors[name]
        clash = self.clash(name) if name not in factors.selected else ""
        if clash:
            why.update(Text.assemble(("✗ Refused: ", "bold red"), clash))
        else:
            why.update(Text(f"{name} ({factor.kind}): {factor.help}"))

    def request(self):
        from fstune.measure.screening import ScreeningRequest

        state = self.app.state
        workload = self.query_one("#workload", Select).value
        previous = state.screening
        same = previous is not None and previous.filesystem == self.filesystem
        params = dict(previous.workload_params) if same else {}
        shipped = shipped_for(self.filesystem) if not same else None
        if shipped is not None:
            params = {name: dict(values) for name, values in shipped.workload_params.items()}
        params = {name: values for name, values in params.items() if name == workload}
        primary = (previous.primary if same else shipped.primary if shipped is not None else None)
        if primary and primary.split(":")[0] != workload:
            primary = None
        cap = self.query_one("#max-runs", Input).value.strip()
        return ScreeningRequest(
            self.filesystem, tuple(self.typed.get(name, name) for name in self.chosen()), (str(workload),),
            self.query_one("#budget", Input).value.strip(), params, primary, seed=previous.seed if same else None,
            max_runs=int(cap) if cap.lstrip("-").isdigit() else None)

    def replan(self) -> None:
        self.generation += 1
        self.refusal = "the plan is being made."
        self.query_one("#design-line", Static).update(Text("Planning…", style="dim"))
        if self.filesystem is not None:
            self._plan(self.generation, self.request())

    @work(thread=True, exclusive=True, group="screening-plan")
    def _plan(self, generation: int, request) -> None:
        from fstune.measure.screening import plan_request

        try:
            planned = plan_request(request)
        except FstuneError as error:
            self.post_message(Planned(generation, [], error.message))
            return
        self.post_message(Planned(generation, headline(planned)))

    def on_planned(self, message: Planned) -> None:
        if message.generation != self.generation:
            return  # the choices changed since
        if message.refusal:
            self.show_refusal(message.refusal)
            return
        self.refusal = ""
        line = self.query_one("#design-line", Static)
        line.remove_class("-refused")
        line.update("\n".join(message.lines))

    def show_refusal(self, refusal: str) -> None:
        self.refusal = refusal
        line = self.query_one("#design-line", Static)
        line.add_class("-refused")
        line.update(Text.assemble(("Cannot screen these: ", "bold"), refusal))

    # --- events ---------------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "filesystem" and event.value != self.filesystem and event.value is not Select.BLANK:
            self.load_filesystem(str(event.value))
        else:
            self.replan()

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:
        factors = self.query_one("#factors", SelectionList)
        for name in self.chosen():
            if name in self.previous:
                continue
            others = [other for other in self.chosen() if other != name]
            clash = self.alone.get(name) or next((self.pairs[frozenset((name, other))] for other in others
                                                  if frozenset((name, other)) in self.pairs), "")
            if clash:  # a refused pair is never combined: the newcomer goes, and the rule is said
                with self.prevent(SelectionList.SelectedChanged):
                    factors.deselect(name)
                self.refresh_refusals()
                self.query_one("#factor-why", Static).update(Text.assemble(("✗ Refused: ", "bold red"), clash))
                return
        self.refresh_refusals()

    def on_selection_list_selection_highlighted(self, event: SelectionList.SelectionHighlighted) -> None:
        self.show_highlighted()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in ("budget", "max-runs"):
            self.replan()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "typed" or not event.value.strip():
            return
        from fstune.screening import check_factors
        from fstune.screening.factors import Setup, parse_factor

        try:
            factor = parse_factor(self.filesystem, event.value)
            check_factors(Setup(self.filesystem), [factor])
        except UsageError as refused:
            self.query_one("#factor-why", Static).update(Text.assemble(("✗ ", "bold red"), refused.message))
            return
        setup = Setup(self.filesystem)
        for other in self.factors:
            if other != factor.name and other not in self.alone:
                try:
                    check_factors(setup, [self.factors[other], factor])
                except UsageError as refused:
                    self.pairs[frozenset((other, factor.name))] = refused.message
        picked = set(self.chosen())
        self.factors[factor.name] = factor
        if factor.name not in offered_names(self.filesystem):
            self.typed[factor.name] = event.value.strip()
        if not self.clash(factor.name):
            picked.add(factor.name)
        event.input.value = ""
        self.fill_list(picked)

    def commit(self) -> str | None:
        if self.filesystem is None:
            return self.refusal
        try:
            self.app.state.choose_screening(self.request())
        except FstuneError as error:
            return error.message
        state = self.app.state
        if state.study.needs_journal_device and not state.log_device:
            # the Devices step came first and asked for no spare: the place factor needs one now
            from fstune.filesystems import get
            from fstune.screening.factors import describe, place_factor

            place = place_factor(state.screened.plan.factors)
            return (f"the factor {describe(place)} puts the {get(self.filesystem).journal_noun} on a spare "
                    "partition in half of the runs: pick one on the Devices step (step 3), or leave out the factor.")
        return None
