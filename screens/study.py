"""Step 2 — Study: which experiment to run, what it shows, and whether this machine can run it.

A study whose filesystem this kernel or its tools lack is marked with the reason. In dry-run
mode it can still be chosen (the script may be meant for another machine); for a real run it
cannot.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from fstune.filesystems import MachineCapabilities
from fstune.screens.widgets import StepScreen
from fstune.studies import Study

JOURNAL_WORDS = {"internal": "internal", "external": "external", "none": "none"}


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
        for study in ranked:
            prompt = Text(study.name)
            if unavailable_reason(study, caps):
                prompt = Text.assemble(("✗ ", "red"), (study.name, "dim"))
            options.add_option(Option(prompt, id=study.name))
        chosen = self.app.state.study.name if self.app.state.study else ranked[0].name if ranked else None
        if chosen is not None:
            options.highlighted = options.get_option_index(chosen)
            self.show_study(studies[chosen])

    def show_study(self, study: Study) -> None:
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

    def _highlighted(self) -> Study | None:
        options = self.query_one("#study-list", OptionList)
        if options.highlighted is None or self.app.studies is None:
            return None
        return self.app.studies[options.get_option_at_index(options.highlighted).id]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        study = self._highlighted()
        if study is not None:
            self.show_study(study)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.action_next_step()

    def commit(self) -> str | None:
        study = self._highlighted()
        if study is None:
            return "choose a study."
        reason = unavailable_reason(study, self.app.capabilities)
        if reason and not self.app.services.dry_run:
            return (f"'{study.name}' cannot run on this machine ({reason}) "
                    "Start 'fstune --dry-run' to plan it for another machine.")
        self.app.state.choose_study(study)
        return None
