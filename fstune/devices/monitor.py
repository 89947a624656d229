"""Hotplug: watch udev for block-device events and report what changed in the inventory.

A single udev event says little (attaching a loop device is a "change" of an existing, empty
node; ``losetup -P`` brings a burst of events), and a verdict depends on the whole machine, so
the monitor does not translate events one by one. It waits for a burst to go quiet, re-scans,
and diffs the new inventory against the last one, yielding typed ``Change``s:

    with InventoryMonitor() as monitor:          # opens the netlink socket, takes a first scan
        for change in monitor.changes():         # blocks; ends after monitor.stop()
            print(change.kind, change.device.name, change.device.verdict.reason)

``stop()`` may be called from another thread (a TUI worker's cancel) and wakes ``changes()``
at once. Nothing here knows about Textual.
"""

from __future__ import annotations

import os
import select
import threading
import time
from dataclasses import dataclass
from typing import Callable, Iterator

from fstune.devices.inventory import Inventory
from fstune.devices.model import Device
from fstune.errors import DeviceError

ADDED, REMOVED, CHANGED = "added", "removed", "changed"


@dataclass(frozen=True)
class Change:
    kind: str  # ADDED | REMOVED | CHANGED
    device: Device  # the new state (the last known one for REMOVED)
    previous: Device | None  # the old state (None for ADDED)
    inventory: Inventory  # the snapshot the change belongs to

    @property
    def name(self) -> str:
        return self.device.name


def diff(old: Inventory, new: Inventory) -> list[Change]:
    """The devices that appeared, vanished or changed (any field, the verdict included)."""
    before = {d.name: d for d in old.devices}
    after = {d.name: d for d in new.devices}
    changes = [Change(REMOVED, d, d, new) for name, d in before.items() if name not in after]
    for name, device in after.items():
        previous = before.get(name)
        if previous is None:
            changes.append(Change(ADDED, device, None, new))
        elif previous.to_json() != device.to_json():
            changes.append(Change(CHANGED, device, previous, new))
    return changes


def _default_scan() -> Inventory:
    from fstune.devices import scan

    return scan()


class InventoryMonitor:
    """Re-scans on udev block events and yields inventory ``Change``s until stopped."""

    def __init__(self, scan: Callable[[], Inventory] = _default_scan, quiet: float = 0.3,
                 max_wait: float = 2.0, context=None) -> None:
        self._scan = scan
        self.quiet = quiet  # a burst is over after this long without another event
        self.max_wait = max_wait  # …or after this long in all, so a chatty device cannot stall us
        self._context = context
        self._monitor = None
        self._wake_r, self._wake_w = os.pipe()
        self._stopped = threading.Event()
        self.inventory: Inventory | None = None

    # --- lifecycle ------------------------------------------------------------------------

    def start(self) -> Inventory:
        """Listen first, then scan, so no event between the two is lost. Returns the scan."""
        if self._monitor is None:
            try:
                import pyudev

                context = self._context or pyudev.Context()
                monitor = pyudev.Monitor.from_netlink(context, source="udev")
                monitor.filter_by("block")
                monitor.start()
            except Exception as error:
                raise DeviceError(f"cannot listen to udev for device changes: {error}.",
                                  "fstune needs a Linux host with systemd-udevd running.") from error
            self._monitor = monitor
        self.inventory = self._scan()
        return self.inventory

    def stop(self) -> None:
        """Make ``changes()`` return; safe from any thread, idempotent."""
        if not self._stopped.is_set():
            self._stopped.set()
            try:
                os.write(self._wake_w, b"x")
            except OSError:
                pass

    def close(self) -> None:
        self.stop()
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass
        self._monitor = None  # pyudev closes the netlink socket when the monitor is collected

    def __enter__(self) -> "InventoryMonitor":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    # --- events ---------------------------------------------------------------------------

    def _wait(self, timeout: float | None) -> bool:
        """True when a udev event is ready; False on timeout or stop."""
        if self._stopped.is_set():
            return False
        ready, _, _ = select.select([self._monitor.fileno(), self._wake_r], [], [], timeout)
        return self._monitor.fileno() in ready and not self._stopped.is_set()

    def _drain(self) -> int:
        count = 0
        while True:
            device = self._monitor.poll(timeout=0)
            if device is None:
                return count
            count += 1

    def events(self, timeout: float | None = None) -> int:
        """Wait for one burst of udev block events; the number of events (0: timeout/stop)."""
        if self._monitor is None:
            self.start()
        if not self._wait(timeout):
            return 0
        count = self._drain()
        started = time.monotonic()
        while time.monotonic() - started < self.max_wait and self._wait(self.quiet):
            count += self._drain()
        return count

    def rescan(self) -> list[Change]:
        """Scan now and return what changed since the last scan."""
        old = self.inventory
        self.inventory = self._scan()
        return diff(old, self.inventory) if old is not None else []

    def changes(self, timeout: float | None = None) -> Iterator[Change]:
        """Yield changes as devices come and go, until ``stop()`` (or ``timeout`` seconds)."""
        if self._monitor is None:
            self.start()
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._stopped.is_set():
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if left == 0.0:
                return
            if not self.events(left):
                continue
            yield from self.rescan()

    def wait_for(self, predicate: Callable[[Change], bool], timeout: float) -> Change | None:
        """The first change matching ``predicate`` within ``timeout`` seconds, or None."""
        for change in self.changes(timeout):
            if predicate(change):
                return change
        return None
