"""A real terminal for tests: a detached tmux session of a fixed size, read as plain text.

The tests that type into fstune as a user would (the README's try command, the wizard at
80×24, the wizard inside the VM lab) drive it through this one helper. The session is always
killed on leaving the ``with`` block, even when the test fails.
"""

from __future__ import annotations

import subprocess
import time
import uuid
from collections.abc import Callable

import pytest


class Terminal:
    def __init__(self, command: str, *, width: int = 80, height: int = 24, cwd: str | None = None,
                 env: dict[str, str] | None = None, name: str = "fstune-test") -> None:
        self.session = f"{name}-{uuid.uuid4().hex[:8]}"
        argv = ["tmux", "new-session", "-d", "-x", str(width), "-y", str(height), "-s", self.session]
        if cwd:
            argv += ["-c", cwd]
        for key, value in (env or {}).items():
            argv += ["-e", f"{key}={value}"]
        subprocess.run([*argv, command], check=True)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)

    def keys(self, *keys: str) -> None:
        """Press keys by tmux's names (``Down``, ``Enter``, ``C-q`` …)."""
        subprocess.run(["tmux", "send-keys", "-t", self.session, *keys], check=True)

    def type(self, text: str) -> None:
        """Type ``text`` literally, character by character."""
        subprocess.run(["tmux", "send-keys", "-t", self.session, "-l", text], check=True)

    def screen(self, history: int = 0) -> str:
        """What the terminal shows now; with ``history`` also that many lines scrolled off it."""
        argv = ["tmux", "capture-pane", "-p", "-t", self.session]
        if history:
            argv += ["-J", "-S", f"-{history}"]
        return subprocess.run(argv, capture_output=True, text=True).stdout

    def alive(self) -> bool:
        return subprocess.run(["tmux", "has-session", "-t", self.session], capture_output=True).returncode == 0

    def wait_for(self, predicate: Callable[[str], object], timeout: float, what: str,
                 history: int = 0, poll: float = 0.25) -> str:
        """Poll the screen until ``predicate(screen)`` holds; fail the test showing the screen."""
        deadline = time.monotonic() + timeout
        shown = ""
        while time.monotonic() < deadline:
            shown = self.screen(history)
            if predicate(shown):
                return shown
            time.sleep(poll)
        pytest.fail(f"{what} did not show within {timeout:.0f} s; the terminal shows:\n{shown}")

    def press_and_settle(self, key: str, timeout: float = 30, quiet: float = 1.0) -> str:
        """Press ``key``, wait for the screen to change and then to stay the same for ``quiet``
        seconds; return it. A slow program repaints in parts (a list, then its side pane):
        reading the screen halfway would act on what it showed before the key."""
        before = self.screen()
        self.keys(key)
        shown = self.wait_for(lambda s: s != before, timeout=timeout, what=f"the answer to {key!r}", poll=0.1)
        deadline = time.monotonic() + timeout
        stable_since = time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.1)
            now = self.screen()
            if now != shown:
                shown, stable_since = now, time.monotonic()
            elif time.monotonic() - stable_since >= quiet:
                return shown
        pytest.fail(f"the screen did not settle within {timeout:.0f} s after {key!r}:\n{shown}")

    def press_until(self, key: str, found: Callable[[str], object], what: str, limit: int = 40,
                    timeout: float = 30) -> str:
        """Press ``key`` (settling after each) until ``found(screen)``; fail after ``limit`` presses."""
        shown = self.screen()
        for _ in range(limit):
            if found(shown):
                return shown
            shown = self.press_and_settle(key, timeout=timeout)
        if found(shown):
            return shown
        pytest.fail(f"{what} never came under the cursor:\n{shown}")

    def wait_gone(self, timeout: float, what: str) -> None:
        """Wait until the session's command has exited (the session closes with it)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.alive():
                return
            time.sleep(0.2)
        pytest.fail(f"{what} within {timeout:.0f} s; the terminal shows:\n{self.screen()}")


def start_wizard_run(term: Terminal, device: str, study: str, study_title: str, timeout: float = 60) -> None:
    """Walk the wizard in ``term`` with its own keys from the Disks screen to a running ``study``
    on ``device``: the cursor to the device, Enter, the cursor to the study (found by the
    ``study_title`` its side pane shows), Enter, Next through Devices, Options and Workloads,
    the device's name typed as the confirmation, Next. Returns when the Run screen shows."""
    import re

    name = device.removeprefix("/dev/")
    term.wait_for(lambda s: "1 Disks" in s and "usable." in s, timeout=timeout * 2, what="the Disks screen")
    # the box under the table describes the row under the cursor
    term.press_until("Down", lambda s: re.search(rf"^ {re.escape(device)}\s", s, re.M), device, timeout=timeout)
    term.keys("Enter")
    term.wait_for(lambda s: "✓ Disks" in s and study in s, timeout=timeout, what="the study list")
    term.press_until("Down", lambda s: study_title in s, f"the study {study}", limit=30, timeout=timeout)
    term.keys("Enter")
    term.wait_for(lambda s: "✓ Study" in s and name in s, timeout=timeout, what="the Devices step with the target")
    for done in ("Devices", "Options", "Workloads"):
        term.keys("C-n")
        term.wait_for(lambda s, done=done: f"✓ {done}" in s, timeout=timeout, what=f"the step after {done}")
    term.wait_for(lambda s: f"Type {name} to erase it" in s, timeout=timeout, what="the typed confirmation")
    term.type(name)
    term.keys("C-n")
    term.wait_for(lambda s: f"Run · {study}" in s, timeout=timeout, what="the Run screen")
