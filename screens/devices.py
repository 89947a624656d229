"""Step 3 — Devices: the target partition and, for an external journal/log, the spare one.

Checks appear as the user picks, from the core's own rules: the inventory's verdict for each
configuration's filesystem (size minimums, in-use locks) with the other device as partner
(journal = target refused, same disk warned), then the plan builder's own errors and warnings.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Select, Static

from fstune import filesystems
from fstune.devices import CONFIRM, LOCKED, Inventory
from fstune.devices.rules import orphan_journal
from fstune.errors import FstuneError
from fstune.plan import build_plan
from fstune.screens.widgets import StepScreen
from fstune.studies import Study
from fstune.units import format_size


def device_checks(inventory: Inventory, study: Study, path: str, role: str,
                  partner: str | None) -> tuple[list[str], list[str]]:
    """(refusals, notes) for ``path`` as ``role`` ("target"/"journal") in every configuration."""
    device = inventory.find(path)
    if device is None:
        return [f"{path} is no longer on this machine."], []
    partner_device = inventory.find(partner) if partner else None
    configs = [c for c in study.configurations if role == "target" or c.external_journal]
    refusals: list[str] = []
    notes: list[str] = []
    checked_sizes = []
    for config in configs:
        verdict = inventory.verdict_for(device, config.filesystem, role, partner=partner_device)
        if verdict.status == LOCKED:
            refusals.append(f"{device.name} {verdict.reason}")
        else:
            minimum = filesystems.minimum_size(config.filesystem, role)
            checked_sizes.append(f"{config.filesystem} ≥ {format_size(minimum)}")
        notes += [f"{device.name} {note}" for note in verdict.notes]
    if device.verdict.status == CONFIRM:
        notes.append(f"{device.name} {device.verdict.reason}")
    if not refusals and checked_sizes:
        notes.insert(0, f"{device.name} ({format_size(device.size)}) is large enough: "
                        + ", ".join(dict.fromkeys(checked_sizes)))
    if role == "journal" and not refusals:
        for config in configs:
            fs = filesystems.get(config.filesystem)
            if fs.external and fs.external.same_block_size:
                block = filesystems.mkfs_block_size(config.filesystem, list(config.mkfs_options))
                notes.append(f"{config.name}: the {fs.external.noun} is made with the filesystem's "
                             f"block size ({block} bytes), as {fs.title} requires")
    return list(dict.fromkeys(refusals)), list(dict.fromkeys(notes))


def checks_text(refusals: list[str], notes: list[str]) -> Text:
    text = Text()
    for line in refusals:
        text.append("✗ ", style="bold red")
        text.append(line + "\n")
    for line in notes:
        text.append("✓ " if "large enough" in line else "! ", style="green" if "large enough" in line else "yellow")
        text.append(line + "\n")
    text.rstrip()
    return text


class SpareReinitialised(Message):
    def __init__(self, lines: list[str], inventory: Inventory | None, failure: str = "") -> None:
        super().__init__()
        self.lines = lines  # one per device wiped
        self.inventory = inventory  # scanned after the wipe
        self.failure = failure


class DevicesScreen(StepScreen):
    STEP = "Devices"
    HINT = "pick, then Next"
    DEFAULT_CSS = """
    DevicesScreen #devices-form { height: 1fr; padding: 0 1; }
    DevicesScreen .device-label { text-style: bold; margin-top: 1; }
    DevicesScreen .device-checks { height: auto; padding-left: 2; }
    DevicesScreen Select { width: 1fr; }
    DevicesScreen #plan-check { height: auto; margin-top: 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._study: Study | None = None
        self._inventory: Inventory | None = None
        self._choice_paths: set[str] = set()  # what the two selects offer
        self._reinit_tried: set[str] = set()  # lab spares this screen tried to wipe (once each)

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="devices-form"):
            yield Static("Target partition — formatted once per configuration", classes="device-label")
            yield Select([], id="target", prompt="choose the target…", compact=True)
            yield Static("", id="target-checks", classes="device-checks")
            yield Static("Spare partition for the external journal/log", id="log-label",
                         classes="device-label")
            yield Select([], id="log", prompt="choose the spare…", compact=True)
            yield Static("", id="log-checks", classes="device-checks")
            yield Static("", id="plan-check")

    def on_screen_resume(self) -> None:
        # the study or the inventory may have changed while the user was on another step
        if self._study is not self.app.state.study or self._inventory is not self.app.inventory:
            self._study, self._inventory = self.app.state.study, self.app.inventory
            self.fill()

    def fill(self, picked: tuple[str | None, str | None] | None = None) -> None:
        """Offer the usable devices; select ``picked`` (target, log), by default the state's."""
        inventory, study, state = self.app.inventory, self.app.state.study, self.app.state
        if inventory is None or study is None:
            return
        choices = []
        for device in inventory.usable():
            model = "fstune lab" if device.lab else device.model or device.transport or ""
            label = f"{device.name:<10} {format_size(device.size):>10}  {model}"
            if device.fs_type:
                label += f"  (holds {device.fs_type})"
            choices.append((label, device.path))
        paths = {path for _, path in choices}
        self._choice_paths = paths
        needs_log = study.needs_journal_device
        want_target, want_log = picked or (state.target, state.log_device)
        with self.prevent(Select.Changed):
            target = self.query_one("#target", Select)
            target.set_options(choices)
            target.value = want_target if want_target in paths else Select.NULL
            log = self.query_one("#log", Select)
            log.set_options(choices)
            log.value = want_log if needs_log and want_log in paths else Select.NULL
        for widget in (log, self.query_one("#log-label"), self.query_one("#log-checks")):
            widget.display = needs_log
        self._suggest_lab_spare()
        self.update_checks()

    def _suggest_lab_spare(self) -> None:
        """A lab target gets the lab spare that serves it (on the other disk) until one is picked."""
        lab = self.app.services.lab
        if lab is None or not self.app.state.study or not self.app.state.study.needs_journal_device:
            return
        target, log = self._value("#target"), self._value("#log")
        if not target or log:
            return
        device = self.app.inventory.find(target) if self.app.inventory else None
        if device is None or not device.lab:
            return
        found = lab.find()
        spare = dict(found.pairs()).get(device.path) if found else None
        select = self.query_one("#log", Select)
        if spare and spare in self._choice_paths:
            with self.prevent(Select.Changed):
                select.value = spare
        elif spare and spare not in self._reinit_tried:
            # an earlier run (or a later study on the data partition) left an unused journal on
            # it: fstune's own leftover on fstune's own disk, wiped, then suggested
            services = self.app.services
            spare_device = self.app.inventory.find(spare)
            if spare_device is not None and orphan_journal(spare_device, self.app.inventory.facts) \
                    and services.is_root and not services.dry_run:
                self._reinit_tried.add(spare)
                self._reinit_spare(spare)

    @work(thread=True, exclusive=True, group="lab-reinit", exit_on_error=False)
    def _reinit_spare(self, spare: str) -> None:
        services = self.app.services
        try:
            lines = services.lab.reinit([spare])
            self.post_message(SpareReinitialised(lines, services.scan()))
        except Exception as error:  # wipefs failed (the device is busy): the spare stays locked
            hint = getattr(error, "hint", None)
            self.post_message(SpareReinitialised([], None, str(getattr(error, "message", error))
                                                 + (f" {hint}" if hint else "")))

    def on_spare_reinitialised(self, message: SpareReinitialised) -> None:
        for line in message.lines:
            self.notify(line[:1].upper() + line[1:], title="Practice lab", timeout=8)
        if message.failure:
            self.notify(message.failure, title="Practice lab", severity="warning", timeout=10)
        if message.inventory is not None:
            picked = self._value("#target"), self._value("#log")  # what the user has meanwhile
            self.app.inventory = self._inventory = message.inventory
            self.fill(picked)

    def _value(self, selector: str) -> str | None:
        value = self.query_one(selector, Select).value
        return None if value is Select.NULL else str(value)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "target":
            self._suggest_lab_spare()
        self.update_checks()

    def update_checks(self) -> list[str]:
        """Show every check for the current picks; returns the refusals."""
        inventory, study = self.app.inventory, self.app.state.study
        if inventory is None or study is None:
            return ["the disks are still being read."]
        target, log = self._value("#target"), self._value("#log")
        needs_log = study.needs_journal_device
        refusals: list[str] = []
        target_checks = self.query_one("#target-checks", Static)
        if target:
            bad, notes = device_checks(inventory, study, target, "target", log if needs_log else None)
            refusals += bad
            target_checks.update(checks_text(bad, notes))
        else:
            target_checks.update(Text("Pick the partition fstune will format for each configuration.",
                                      style="dim"))
        log_checks = self.query_one("#log-checks", Static)
        if needs_log and log:
            bad, notes = device_checks(inventory, study, log, "journal", target)
            refusals += bad
            log_checks.update(checks_text(bad, notes))
        elif needs_log:
            log_checks.update(Text("Pick a small spare partition, ideally on another disk: a journal "
                                   "on its own spindle saves the seeks between data and journal."
                                   + (" Only the journal's place factor needs it: without a spare, leave "
                                      "that factor out on the next step." if self.app.state.screening else ""),
                                   style="dim"))
        plan_check = self.query_one("#plan-check", Static)
        plan_check.update("")
        if target and (log or not needs_log) and not refusals:
            # the plan builder has the last word (e.g. a log device smaller than the log)
            state = self.app.state
            saved = state.target, state.log_device
            state.target, state.log_device = target, log if needs_log else None
            try:
                plan = build_plan(state.to_choices(inventory))
                warnings = list(plan.warnings)
                text = Text()
                for warning in warnings:
                    if "repeat" in warning:
                        continue
                    text.append("! ", style="yellow")
                    text.append(warning + "\n")
                text.rstrip()
                plan_check.update(text)
            except FstuneError as error:
                refusals.append(error.message)
                plan_check.update(Text.assemble(("✗ ", "bold red"), error.message))
            finally:
                state.target, state.log_device = saved
        return refusals

    def commit(self) -> str | None:
        study = self.app.state.study
        if study is None:
            return "choose a study first."
        target, log = self._value("#target"), self._value("#log")
        if not target:
            return "choose the target partition."
        if study.needs_journal_device and not log and self.app.state.screening is None:
            return "choose a spare partition for the external journal/log."
        # a screening needs the spare only for the journal's place, a factor the next step may drop:
        # it goes on, and the factors' step refuses the place without a spare
        refusals = self.update_checks()
        if refusals:
            return refusals[0]
        self.app.state.target = target
        self.app.state.log_device = log if study.needs_journal_device else None
        return None
