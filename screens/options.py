"""Step 4 — Options: each configuration's mkfs and mount options, checked at the field.

The checks are the core's (``check_mkfs_options``, ``check_mount_options``), wrapped as
Textual validators, so a bad value is explained next to the field while typing, not at the end.
Mount options are kept as the core's per-configuration overrides (what ``fstune plan --option
CONFIG:NAME=VALUE`` passes), so the wizard and the command line make the same plan.
"""

from __future__ import annotations

import shlex

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.validation import ValidationResult, Validator
from textual.widgets import Input, Label, Static

from fstune import filesystems
from fstune.errors import UsageError
from fstune.plan import OptionOverride
from fstune.screens.widgets import StepScreen
from fstune.studies import Configuration, Study


def mkfs_words(config: Configuration, text: str) -> tuple[str, ...]:
    """The mkfs arguments typed for ``config``; UsageError says what is wrong with them."""
    try:
        words = tuple(shlex.split(text))
    except ValueError as error:
        raise UsageError(f"cannot split these words: {error}.") from None
    filesystems.check_mkfs_options(config.filesystem, words, config.journal)
    filesystems.mkfs_block_size(config.filesystem, list(words))  # refuses "-b x" where fstune reads the block size
    return words


def mount_overrides(config: Configuration, text: str) -> list[OptionOverride]:
    """The overrides that turn ``config``'s mount options into ``text``; UsageError if impossible."""
    filesystems.check_mount_options(config.filesystem, text, journal=config.journal)
    wanted = filesystems.split_options(text)
    base = list(config.mount_options)
    extra = [pair for pair in wanted if pair not in base]
    merged = filesystems.merge_options(base, extra)
    dropped = [name for name, value in merged if (name, value) not in wanted]
    if dropped:
        raise UsageError(f"'{dropped[0]}' comes from the study and can be changed here but not "
                         "removed; give it another value (for atime: relatime, noatime or strictatime).")
    return [OptionOverride(name, value, config.name) for name, value in extra]


class CoreCheck(Validator):
    """A Textual validator around one of the core's checks (which raise UsageError)."""

    def __init__(self, check, config: Configuration) -> None:
        super().__init__()
        self.check = check
        self.config = config

    def validate(self, value: str) -> ValidationResult:
        try:
            self.check(self.config, value)
        except UsageError as error:
            return self.failure(error.message)
        return self.success()


class OptionsScreen(StepScreen):
    STEP = "Options"
    HINT = "edit, then Next"
    DEFAULT_CSS = """
    OptionsScreen #options-form { height: 1fr; padding: 0 1; }
    OptionsScreen .config-title { text-style: bold; margin-top: 1; }
    OptionsScreen .field { height: 1; }
    OptionsScreen .field > Label { width: 7; color: $text-muted; }
    OptionsScreen .field > Input { width: 1fr; }
    OptionsScreen .field-message { height: auto; padding-left: 7; color: $text-muted; }
    OptionsScreen .field-message.-invalid { color: $error; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._study: Study | None = None

    def compose_body(self) -> ComposeResult:
        yield VerticalScroll(id="options-form")

    async def on_screen_resume(self) -> None:
        study = self.app.state.study
        if study is not None and study is not self._study:
            self._study = study
            await self.build_form(study)

    async def build_form(self, study: Study) -> None:
        form = self.query_one("#options-form", VerticalScroll)
        await form.remove_children()
        state = self.app.state
        widgets = []
        for index, config in enumerate(study.configurations):
            role = "baseline" if index == 0 else "variant"
            fs = filesystems.get(config.filesystem)
            journal = {"internal": "internal journal", "external": f"external {fs.journal_noun}",
                       "none": "no journal"}[config.journal]
            widgets.append(Static(f"{config.name} ({role}) — {fs.title}, {journal}", classes="config-title"))
            mkfs = " ".join(shlex.quote(w) for w in state.mkfs_options.get(config.name, config.mkfs_options))
            overrides = [(o.name, o.value) for o in state.options if o.config in (None, config.name)]
            mount = filesystems.join_options(filesystems.merge_options(list(config.mount_options), overrides))
            for kind, value, check, placeholder in (
                ("mkfs", mkfs, mkfs_words, f"{fs.mkfs} defaults"),
                ("mount", mount, mount_overrides, "defaults"),
            ):
                field = Input(value, placeholder=placeholder, compact=True, id=f"{kind}-{config.name}",
                              validators=[CoreCheck(check, config)], validate_on=["changed", "submitted"])
                widgets.append(Horizontal(Label(kind), field, classes="field"))
                widgets.append(Static("", id=f"{kind}-{config.name}-message", classes="field-message"))
        await form.mount_all(widgets)

    def on_input_changed(self, event: Input.Changed) -> None:
        message = self.query_one(f"#{event.input.id}-message", Static)
        result = event.validation_result
        if result is not None and not result.is_valid:
            message.update(Text("✗ " + " ".join(result.failure_descriptions)))
            message.add_class("-invalid")
        else:
            message.update("")
            message.remove_class("-invalid")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def commit(self) -> str | None:
        study = self.app.state.study
        if study is None:
            return "choose a study first."
        mkfs_edits: dict[str, tuple[str, ...]] = {}
        overrides: list[OptionOverride] = []
        for config in study.configurations:
            for kind in ("mkfs", "mount"):
                field = self.query_one(f"#{kind}-{config.name}", Input)
                try:
                    if kind == "mkfs":
                        words = mkfs_words(config, field.value)
                        if words != config.mkfs_options:
                            mkfs_edits[config.name] = words
                    else:
                        overrides += mount_overrides(config, field.value)
                except UsageError as error:
                    field.focus()
                    return f"{config.name} {kind} options: {error.message}"
        self.app.state.mkfs_options = mkfs_edits
        self.app.state.options = overrides
        return None
