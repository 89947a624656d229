"""Step 2 — Study: which experiment to run, what it shows, and whether this machine can run it.

A study whose filesystem this kernel or its tools lack is marked with the reason. In dry-run
mode it can still be chosen (the script may be meant for another machine); for a real run it
cannot. The list opens with "Which options matter?": a screening of many options, whose study is
made from the factors chosen on the next steps (screens/screening.py, docs/screening.md).
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from fstune.errors import FstuneError
from fstune.filesystems import MachineCapabilities
from fstune.screens.widgets import StepScreen
from fstune.studies import Study

JOURNAL_WORDS = {"internal": "internal", "external": "external", "none": "none"}
# the list's first entry: not a study but the path that makes one from chosen factors
SCREENING_ID = "which-options-matter"
SCREENING_TITLE = "Which options matter?"
SCREENING_TEXT = (
    "Not sure which of a dozen mount and mkfs options to try? A screening tries them all at once: "
    "every run sets each chosen factor to one of its two levels, following a two-level design, so "
    "that every run tells something about every factor. One model then calls each factor "
    "\"matters\" (with its change and interval), \"no detectable effect\" or \"too noisy to tell\".\n\n"
    "Next: choose the filesystem, the factors with their levels, the workload and a time budget; "
    "the Review shows the design run by run. The factors that matter, at their better level, are "
    "then confirmed against the baseline in an ordinary paired study (docs/screening.md).")


def default_screening(state, capabilities, dry_run: bool):
    """The request the path opens with: the one chosen before, else the shipped screening study
    of the first filesystem that has one (its factors, workload and budget)."""
    if state.screening is not None:
        return state.screening
    from fstune.measure.screening import ScreeningRequest
    from fstune.screens.screening import screenable_filesystems, shipped_for

    for _label, name in screenable_filesystems(capabilities, dry_run):
        shipped = shipped_for(name)
        if shipped is not None:
            return ScreeningRequest(name, shipped.factors, shipped.workloads, shipped.budget,
                                    {k: dict(v) for k, v in shipped.workload_params.items()}, shipped.primary,
                                    shipped.journal, shipped.mount_options)
    return None


def unavailable_reason(study: Study, capabilities: MachineCapabilities) -> str:
    """Why this machine cannot run ``study`` (empty when it can)."""
    reasons = []
    for fs_name in study.filesystems:
        availability = capabilities.availability(fs_name)
        if not availability.available:
            reasons.append(f"{fs_name}: {availability.reason}")
    return " ".join(reasons)


class StudyScreen(StepScreen):
    STEP = "Study"
    HINT = "Enter: choose"
    DEFAULT_CSS = """
    StudyScreen #study-panes { height: 1fr; }
    StudyScreen #study-list { width: 30; height: 1fr; }
    StudyScreen #study-detail { width: 1fr; height: 1fr; padding: 0 1; }
    StudyScreen #study-title { text-style: bold; }
    StudyScreen #study-availability { margin-bottom: 1; }
    StudyScreen #study-configs { height: auto; margin-bottom: 1; }
    StudyScreen #study-problems { display: none; height: auto; max-height: 5; color: $text-error; }
    """

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="study-panes"):
            yield OptionList(id="study-list")
            with VerticalScroll(id="study-detail"):
                yield Static("", id="study-title")
                yield Static("", id="study-availability")
                configs = DataTable(id="study-configs", cursor_type="none", show_cursor=False)
                configs.add_columns("Configuration", "FS", "Journal", "mkfs", "mount -o")
                yield configs
                yield Static("", id="study-explanation")
        yield Static("", id="study-problems")  # study files that do not load (shown only then)

    def on_mount(self) -> None:
        self.studies_changed()

    def studies_changed(self) -> None:
        """(Re)fill the list: usable studies first, each unavailable one marked ✗."""
        studies = self.app.studies
        options = self.query_one("#study-list", OptionList)
        options.clear_options()
        if studies is None:
            self.query_one("#study-title", Static).update("Reading the studies…")
            return
        problems = self.query_one("#study-problems", Static)
        problems.display = bool(self.app.studies_error)
        if self.app.studies_error:
            problems.update(Text("Left out, as they do not load: " + self.app.studies_error))
            self.notify(self.app.studies_error, title="A study file could not be read", severity="error")
        caps = self.app.capabilities
        ranked = sorted(studies.values(), key=lambda s: (bool(unavailable_reason(s, caps)), s.name))
        options.add_option(Option(Text(SCREENING_TITLE, style="bold"), id=SCREENING_ID))
        for study in ranked:
            prompt = Text(study.name)
            if unavailable_reason(study, caps):
                prompt = Text.assemble(("✗ ", "red"), (study.name, "dim"))
            options.add_option(Option(prompt, id=study.name))
        state = self.app.state
        if state.screening is not None:
            options.highlighted = 0
            self.show_screening()
            return
        chosen = state.study.name if state.study and state.study.name in studies else ranked[0].name if ranked else None
        if chosen is not None:
            options.highlighted = options.get_option_index(chosen)
            self.show_study(studies[chosen])

    def show_screening(self) -> None:
        from fstune.screens.screening import screenable_filesystems

        self.query_one("#study-title", Static).update(f"{SCREENING_TITLE} A screening of many options")
        offered = screenable_filesystems(self.app.capabilities, self.app.services.dry_run)
        line = (Text(f"Screens {', '.join(label for label, _name in offered)}.", style="dim") if offered else
                Text("No filesystem this machine can make offers screening factors.", style="bold red"))
        self.query_one("#study-availability", Static).update(line)
        self.query_one("#study-configs", DataTable).display = False
        self.query_one("#study-explanation", Static).update(SCREENING_TEXT)

    def show_study(self, study: Study) -> None:
        self.query_one("#study-configs", DataTable).display = True
        self.query_one("#study-title", Static).update(study.title)
        reason = unavailable_reason(study, self.app.capabilities)
        line = Text()
        if reason:
            line.append("Not available here. ", style="bold red")
            line.append(reason)
            if self.app.services.dry_run:
                line.append(" You can still plan it in this dry run.", style="italic")
        else:
            line.append("Runs on this machine.", style="green")
        if study.needs_journal_device:
            line.append(" Needs a spare partition for the journal/log, best on another disk.")
        line.append(f"\nWorkloads: {', '.join(study.workloads) or 'none'}; {study.repeats} repeats.",
                    style="dim")
        self.query_one("#study-availability", Static).update(line)
        table = self.query_one("#study-configs", DataTable)
        table.clear()
        for index, config in enumerate(study.configurations):
            name = config.name + (" (baseline)" if index == 0 else "")
            table.add_row(name, config.filesystem, JOURNAL_WORDS.get(config.journal, config.journal),
                          " ".join(config.mkfs_options) or "—", config.mount_option_string or "defaults")
        # the TOML text is wrapped at its own width: rejoin lines, keep paragraphs
        paragraphs = [" ".join(p.split()) for p in study.explanation.strip().split("\n\n")]
        self.query_one("#study-explanation", Static).update("\n\n".join(paragraphs))

    @work(thread=True, exclusive=True, group="screening-warm-up", exit_on_error=False)
    def _warm_up(self) -> None:
        """Plan the default screening once in a thread: the first plan loads pyDOE, scipy and
        numpy (seconds on a busy machine), which Next would otherwise wait for."""
        request = default_screening(self.app.state, self.app.capabilities, self.app.services.dry_run)
        if request is not None:
            from fstune.measure.screening import plan_request

            try:
                plan_request(request)
            except FstuneError:
                pass  # Next says why

    def _highlighted_id(self) -> str | None:
        options = self.query_one("#study-list", OptionList)
        if options.highlighted is None or self.app.studies is None:
            return None
        return options.get_option_at_index(options.highlighted).id

    def _highlighted(self) -> Study | None:
        found = self._highlighted_id()
        return None if found in (None, SCREENING_ID) else self.app.studies[found]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self._highlighted_id() == SCREENING_ID:
            self.show_screening()
            self._warm_up()
            return
        study = self._highlighted()
        if study is not None:
            self.show_study(study)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.action_next_step()

    def commit(self) -> str | None:
        if self._highlighted_id() == SCREENING_ID:
            state = self.app.state
            request = default_screening(state, self.app.capabilities, self.app.services.dry_run)
            if request is None:
                return "no filesystem this machine can make offers screening factors."
            try:
                state.choose_screening(request)
            except FstuneError as error:
                return error.message
            return None
        study = self._highlighted()
        if study is None:
            return "choose a study."
        reason = unavailable_reason(study, self.app.capabilities)
        if reason and not self.app.services.dry_run:
            return (f"'{study.name}' cannot run on this machine ({reason}) "
                    "Start 'fstune --dry-run' to plan it for another machine.")
        self.app.state.choose_study(study)
        return None
