"""Step 1 — Disks: every block device, whether fstune may use it, and why not.

The inventory is read in a thread worker (udev and /proc can take a moment). With a monitor
(``Services.monitor``) the same worker keeps listening for hotplug events and posts a fresh
inventory each time, so a disk plugged in while the screen is open shows up without a restart.
``fstune`` itself starts the first scan in a child process at launch (``Services.first_scan``):
when it is done by the time the screen mounts, its rows come with the first paint, and the
worker's scan, taken once udev is listened to, replaces it only if something changed in between.
Only the UI thread (the mount, the message handlers) touches the table.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from fstune.screens.widgets import StepScreen
from fstune.units import format_size

if TYPE_CHECKING:  # the first screen is drawn before the inventory's modules load (in the scan's thread)
    from fstune.devices import Device, Inventory


# how long after fstune's own work on a disk (a run, building or wiping the lab) the udev events
# of that disk are still its own: releasing a disk asks udev to look at it again
OWN_GRACE = 15.0


class InventoryUpdated(Message):
    """A new inventory snapshot, from the first scan or after a hotplug burst; ``changes`` are
    the burst's (kind, Device) pairs."""

    def __init__(self, inventory: Inventory, changes: tuple[tuple[str, Device], ...] = (), note: str = "") -> None:
        super().__init__()
        self.inventory = inventory
        self.changes = changes
        self.note = note

    def can_replace(self, message: Message) -> bool:
        # a burst of udev events can queue several snapshots; only the newest matters. A snapshot
        # that carries change descriptions is kept, so the user is told what appeared or went.
        return isinstance(message, InventoryUpdated) and not message.changes


class LabBuilt(Message):
    def __init__(self, lab) -> None:
        super().__init__()
        self.lab = lab  # a fstune.lab.Lab


class LabFailed(Message):
    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class LabReinitialised(Message):
    def __init__(self, lines: list[str], failure: str = "") -> None:
        super().__init__()
        self.lines = lines  # one per device wiped
        self.failure = failure


class InventoryFailed(Message):
    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


def describe_change(kind: str, device: Device) -> str:
    from fstune.devices.monitor import ADDED, REMOVED

    if kind == ADDED:
        return f"{device.name} appeared ({format_size(device.size)})"
    if kind == REMOVED:
        return f"{device.name} was removed"
    return f"{device.name} changed: {device.verdict.status}"


def _differs(first: Inventory, now: Inventory) -> bool:
    """Whether a scan shows anything the one shown first did not (then it replaces it silently,
    as if the first scan had come that much later)."""
    from fstune.devices.monitor import diff

    return bool(diff(first, now)) or first.warnings != now.warnings


def verdict_cell(device: Device) -> Text:
    from fstune.devices import CONFIRM, LOCKED

    style = {LOCKED: "red", CONFIRM: "yellow"}.get(device.verdict.status, "green")
    return Text(device.verdict.status, style=style)


# The Mountpoint column has a fixed width: another device's long mountpoint (CI shares its
# machine) must not push Bus ("lab") off an 80-column screen. The whole path is in the reason box.
MOUNTPOINT_WIDTH = 14


def fit_mountpoint(mountpoints: tuple[str, ...] | list[str], width: int = MOUNTPOINT_WIDTH) -> str:
    """The mountpoints in ``width`` cells; a long one keeps its end, which tells paths apart."""
    text = ", ".join(mountpoints)
    return text if len(text) <= width else "…" + text[-(width - 1):]


def device_row(device: Device) -> tuple:
    # a loop device's own flag means nothing: the reason box says what holds its file
    rotational = "file" if device.backing_file else {True: "hdd", False: "ssd", None: "?"}[device.rotational]
    mountpoint = fit_mountpoint(device.mountpoints)
    name = device.name if device.devtype == "disk" else f" {device.name}"  # partitions indent
    # "lab" in the Bus column, which still shows at 80 columns (Model does not)
    bus = "lab" if device.lab else device.transport or ""
    model = "fstune lab" if device.lab else device.model or ""
    return (name, format_size(device.size), verdict_cell(device), device.fs_type or "",
            mountpoint, bus, rotational, model)


def explain(device: Device, *, refused: bool = False) -> Text:
    """The reason line under the table: what the verdict means for this device."""
    from pathlib import Path

    from fstune.devices import CONFIRM, LOCKED
    from fstune.devices.loop import backing_of

    verdict = device.verdict
    text = Text()
    text.append(f"{device.path}", style="bold")
    backing = backing_of(device.backing_file) if device.backing_file else None
    if backing is not None:  # short: at 80×24 the box shows four lines, and the verdict comes next
        what = "practice lab disk" if device.lab else "loop device"
        file = Path(backing.file)
        text.append(f"  {format_size(device.size)}  {what}: {file.name} in {file.parent}\n")
    else:
        text.append(f"  {format_size(device.size)}  {device.model or device.transport or ''}\n")
    if verdict.status == LOCKED:
        text.append("Cannot be chosen: " if refused else "Locked: ", style="bold red")
        text.append(verdict.reason)
    elif verdict.status == CONFIRM:
        text.append("Usable after typed confirmation: ", style="bold yellow")
        text.append(verdict.reason)
    else:
        text.append("Usable: ", style="bold green")
        text.append("nothing on it that fstune would destroy unasked. Enter picks it as the target.")
    if backing is not None:  # what a loop device's I/O really meets (its own flag says nothing)
        text.append(f"\nIts file is {'deleted; it was ' if backing.deleted else ''}{backing.where()}.")
    for note in verdict.notes:
        text.append(f"\nNote: {note}", style="italic")
    return text


class DisksScreen(StepScreen):
    STEP = "Disks"
    HINT = "Enter: use as target"
    BINDINGS = [Binding("l", "build_lab", "Build a practice lab")]
    DEFAULT_CSS = """
    DisksScreen #disks-summary { height: 1; padding: 0 1; color: $text-muted; }
    DisksScreen #lab-offer {
        height: auto; padding: 0 1; background: $warning 20%; display: none;
    }
    DisksScreen #lab-offer.-shown { display: block; }
    DisksScreen #disks-table { height: 1fr; }
    DisksScreen #disks-reason {
        height: 4;
        padding: 0 1;
        border-top: solid $primary 50%;
    }
    """
    COLUMNS = ("Device", "Size", "Verdict", "FS", "Mountpoint", "Bus", "Rot", "Model")

    def __init__(self) -> None:
        super().__init__()
        self._monitor = None
        # the practice lab: "" (nothing yet), "offered", "building", "failed", "built"
        self._lab_step = ""
        self._focus_lab: str | None = None  # a lab partition to put the cursor on once it shows
        self._lab_swept = False  # `fstune --lab` wiped the leftovers of earlier runs (once)
        self._lab_quiet_until = 0.0  # until then the lab's udev events follow this wizard's own work
        self._first_shown: Inventory | None = None  # the scan started at launch, shown at mount

    def compose_body(self) -> ComposeResult:
        yield Static("Reading the disks…", id="disks-summary")
        yield Static("", id="lab-offer")
        table = DataTable(id="disks-table", cursor_type="row", zebra_stripes=True)
        for label in self.COLUMNS:
            table.add_column(label, width=MOUNTPOINT_WIDTH if label == "Mountpoint" else None)
        yield table
        yield Static("", id="disks-reason")

    def on_mount(self) -> None:
        first = self.app.services.first_scan
        if first is not None and first.ready():
            # the scan started at launch is done (it usually is): its rows come with the first paint
            self._first_shown = first.inventory()
            if self._first_shown is not None:
                self.take_inventory(self._first_shown)
        # the scan's thread imports the inventory's modules: let the screen be drawn first
        self.call_after_refresh(self.watch_inventory)

    def on_unmount(self) -> None:
        if self._monitor is not None:
            self._monitor.stop()  # wakes the worker blocked in changes() at once

    # --- the worker: pure core calls, results posted as messages --------------------------

    @work(thread=True, exclusive=True, group="inventory")
    def watch_inventory(self) -> None:
        worker = get_current_worker()
        services = self.app.services
        # what was shown first (the scan started at launch), to be confirmed by a scan taken once
        # udev is listened to; the first time only
        first, self._first_shown = self._first_shown, None
        if first is None and services.first_scan is not None and self.app.inventory is None:
            first = services.first_scan.inventory()  # not ready at mount: wait for it here
            if first is not None:
                self.post_message(InventoryUpdated(first))
        monitor = None
        note = ""
        if services.monitor is not None:
            try:
                monitor = services.monitor()
                inventory = monitor.start()
            except Exception as error:  # no netlink (container): a plain scan still works
                monitor = None
                note = f"Live updates are off: {getattr(error, 'message', error)}"
        try:
            if monitor is None:
                inventory = services.scan()
        except Exception as error:
            self.post_message(InventoryFailed(str(getattr(error, "message", error))))
            return
        if first is None or note or _differs(first, inventory):
            self.post_message(InventoryUpdated(inventory, note=note))
        if monitor is None:
            return
        self._monitor = monitor
        try:
            # changes() returns after each timeout, so a cancelled worker ends within 0.5 s
            # even if nobody called stop()
            while not worker.is_cancelled and not monitor.stopped:
                # one message (and one notification) per burst: a lab coming up changes a
                # dozen devices within a second
                batch = list(monitor.changes(timeout=0.5))
                if batch:
                    self.post_message(InventoryUpdated(batch[-1].inventory, tuple((c.kind, c.device) for c in batch)))
        finally:
            monitor.close()

    # --- handlers -------------------------------------------------------------------------

    def on_inventory_failed(self, message: InventoryFailed) -> None:
        self.query_one("#disks-summary", Static).update(f"Cannot read the disks: {message.reason}")
        self.app.load_studies()

    def on_inventory_updated(self, message: InventoryUpdated) -> None:
        self.take_inventory(message.inventory, message.changes, message.note)

    def take_inventory(self, inventory: Inventory, changes: tuple[tuple[str, Device], ...] = (),
                       note: str = "") -> None:
        self.app.inventory = inventory
        self.show_inventory(inventory)
        self.call_after_refresh(self.app.load_studies)  # after the rows are drawn (FstuneApp.on_mount)
        # announce what changed, but not what fstune did itself (its mkfs and mounts, its lab)
        changes = [describe_change(kind, device) for kind, device in changes
                   if not self.made_by_fstune(device)]
        if changes:
            shown = changes[:3]
            if len(changes) > 3:
                shown.append(f"and {len(changes) - 3} more")
            self.notify("; ".join(shown), title="Disks changed")
        if note:
            self.notify(note, severity="warning")
        self._consider_lab(inventory)

    def made_by_fstune(self, device: Device) -> bool:
        """Whether a udev change of ``device`` is this wizard's own doing: its disk is locked by
        this process (Review, a run, removing the lab), a run of this wizard writes it or did so a
        moment ago, or this wizard is building or wiping the lab it is part of."""
        from fstune import devlock

        if devlock.holds(device.path):
            return True
        if any(screen.made_change(device, OWN_GRACE) for screen in self.app.screen_stack
               if hasattr(screen, "made_change")):
            return True
        lab = self.app.services.lab
        busy = self._lab_step == "building" or time.monotonic() < self._lab_quiet_until
        return busy and lab is not None and lab.owns(device)

    # --- the practice lab -------------------------------------------------------------------

    def _lab_buildable(self) -> bool:
        services = self.app.services
        return services.is_root and not services.dry_run

    def _consider_lab(self, inventory: Inventory) -> None:
        """Offer (or, with ``fstune --lab``, build) a lab when there is nothing else to use."""
        from fstune.screens.lab import offer_text

        lab = self.app.services.lab
        if lab is None or self._lab_step in ("building", "failed"):
            return
        lab_devices = [d for d in inventory.devices if lab.owns(d)]
        if lab_devices:
            self._set_offer(None)
            # not while a superblock was unreadable (a device vanished mid-scan): then no journal
            # counts as unused, and the next scan decides
            if lab.requested and not self._lab_swept and self._lab_buildable() \
                    and not inventory.facts.unreadable:
                from fstune.devices.rules import orphan_journal

                self._lab_swept = True
                stale = [d.path for d in lab_devices if orphan_journal(d, inventory.facts)]
                if stale:
                    self._reinit_lab(stale)
            if lab.requested and self._lab_step != "built":
                found = lab.find()
                self._focus_lab = found.data_partitions[0] if found else lab_devices[0].path
                self._lab_step = "built"
            self._put_cursor_on_lab(inventory)
            return
        if lab.requested and self._lab_step == "" and self._lab_buildable():
            self.action_build_lab()
        elif not inventory.usable():
            self._lab_step = "offered"
            self._set_offer(offer_text(lab, can_build=self._lab_buildable()))
        else:
            self._set_offer(None)

    def _set_offer(self, markup: str | None) -> None:
        offer = self.query_one("#lab-offer", Static)
        offer.set_class(markup is not None, "-shown")
        offer.update(markup or "")
        self.refresh_bindings()

    def _put_cursor_on_lab(self, inventory: Inventory) -> None:
        if self._focus_lab is None or self._focus_lab not in inventory:
            return
        table = self.query_one("#disks-table", DataTable)
        table.move_cursor(row=table.get_row_index(inventory.get(self._focus_lab).name))
        self._focus_lab = None  # done: from now on the cursor is the user's
        self._show_reason()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "build_lab":
            return self._lab_step in ("offered", "failed") and self._lab_buildable()
        return True

    def action_build_lab(self) -> None:
        lab = self.app.services.lab
        if lab is None or not self._lab_buildable() or self._lab_step == "building":
            return
        self._lab_step = "building"
        self._set_offer(f"Building the practice lab in {lab.directory}: backing files, loop devices, "
                        "partitions…")
        self.refresh_bindings()
        self._build_lab()

    @work(thread=True, exclusive=True, group="lab", exit_on_error=False)
    def _build_lab(self) -> None:
        try:
            made = self.app.services.lab.up()
        except Exception as error:  # a clear FstuneError (no root, no loop driver, a stale lab)
            reason = str(getattr(error, "message", error))
            hint = getattr(error, "hint", None)
            self.post_message(LabFailed(reason + (f" {hint}" if hint else "")))
            return
        self.post_message(LabBuilt(made))

    def on_lab_built(self, message: LabBuilt) -> None:
        lab = message.lab
        self.app.lab_built = True
        self._lab_step = "built"
        self._lab_quiet_until = time.monotonic() + OWN_GRACE
        self._focus_lab = lab.data_partitions[0]
        self._set_offer(None)
        self.notify(f"{len(lab.disks)} disks in {lab.directory} (Bus: lab). Each data partition's spare "
                    "is on the other disk. Quitting offers to remove them (or: sudo fstune lab down).",
                    title="Practice lab ready", timeout=8)
        for warning in lab.warnings:
            self.notify(warning, severity="warning", timeout=10)
        self.watch_inventory()  # a fresh scan now, whether or not hotplug events arrive

    @work(thread=True, exclusive=True, group="lab-reinit", exit_on_error=False)
    def _reinit_lab(self, paths: list[str]) -> None:
        try:
            self.post_message(LabReinitialised(self.app.services.lab.reinit(paths)))
        except Exception as error:  # wipefs failed (the device is busy): say so, lock stays
            hint = getattr(error, "hint", None)
            self.post_message(LabReinitialised([], str(getattr(error, "message", error))
                                               + (f" {hint}" if hint else "")))

    def on_lab_reinitialised(self, message: LabReinitialised) -> None:
        self._lab_quiet_until = time.monotonic() + OWN_GRACE
        for line in message.lines:
            self.notify(line[:1].upper() + line[1:], title="Practice lab", timeout=8)
        if message.failure:
            self.notify(message.failure, title="Practice lab", severity="warning", timeout=10)
        if message.lines:
            self.watch_inventory()  # a fresh scan now, whether or not hotplug events arrive

    def on_lab_failed(self, message: LabFailed) -> None:
        self._lab_step = "failed"
        from rich.markup import escape

        self._set_offer(f"[b red]Could not build the practice lab:[/] {escape(message.reason)} "
                        "Press L to try again.")

    def show_inventory(self, inventory: Inventory) -> None:
        table = self.query_one("#disks-table", DataTable)
        keep = None
        if table.row_count and table.cursor_row < table.row_count:
            keep = table.coordinate_to_cell_key((table.cursor_row, 0)).row_key.value
        table.clear()
        for device in inventory.devices:
            table.add_row(*device_row(device), key=device.name)
        usable = len(inventory.usable())
        summary = f"{len(inventory)} devices, {usable} usable."
        if self.app.state.target:
            summary += f" Target: {self.app.state.target}."
        if inventory.warnings:
            summary += " " + inventory.warnings[0]
        self.query_one("#disks-summary", Static).update(summary)
        if keep is not None and keep in inventory:
            table.move_cursor(row=table.get_row_index(keep))
        elif self.app.state.target and self.app.state.target in inventory:
            table.move_cursor(row=table.get_row_index(inventory.get(self.app.state.target).name))
        self._show_reason()

    def _device_at_cursor(self) -> Device | None:
        table = self.query_one("#disks-table", DataTable)
        inventory = self.app.inventory
        if inventory is None or not table.row_count:
            return None
        key = table.coordinate_to_cell_key((table.cursor_row, 0)).row_key.value
        return inventory.find(key)

    def _show_reason(self, refused: bool = False) -> None:
        device = self._device_at_cursor()
        reason = self.query_one("#disks-reason", Static)
        reason.update(explain(device, refused=refused) if device else "")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_reason()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        device = self.app.inventory.find(event.row_key.value) if self.app.inventory else None
        if device is None:
            return
        if not device.verdict.choosable:
            # a locked row cannot be chosen: say why, right where the user is looking
            self._show_reason(refused=True)
            self.app.bell()
            return
        self.app.state.target = device.path
        self.app.action_next_step()

    def commit(self) -> str | None:
        if self.app.inventory is None:
            return "the disks are still being read."
        return None
