"""The real program in tmux, and hotplug with the real udev monitor on loop devices."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid

import pytest
from textual.widgets import DataTable

from fstune.devices import scan
from fstune.devices.monitor import InventoryMonitor
from fstune.studies import load_studies
from fstune.screens.app import make_app
from fstune.screens.state import Services


def capture(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_real_program_in_tmux_shows_disks_then_quits():
    session = f"fstune-tui-{uuid.uuid4().hex[:8]}"
    subprocess.run(["tmux", "new-session", "-d", "-x", "80", "-y", "24", "-s", session,
                    f"{sys.executable} -m fstune --dry-run"], check=True)
    try:
        deadline = time.monotonic() + 15
        screen = ""
        while time.monotonic() < deadline:
            screen = capture(session)
            if "usable." in screen:
                break
            time.sleep(0.2)
        assert "1 Disks" in screen and "Verdict" in screen and "usable." in screen, screen
        assert "Dry run" in screen or "Not root" in screen
        subprocess.run(["tmux", "send-keys", "-t", session, "C-q"], check=True)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if subprocess.run(["tmux", "has-session", "-t", session], capture_output=True).returncode != 0:
                break
            time.sleep(0.2)
        else:
            pytest.fail("fstune did not quit on Ctrl+Q:\n" + capture(session))
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


@pytest.mark.loopdev
async def test_hotplug_loop_device_appears_without_restart(make_lab):
    services = Services(scan=scan, studies=load_studies, make_runner=None, open_store=None,
                        monitor=InventoryMonitor, is_root=True, dry_run=True)
    app = make_app(services)
    async with app.run_test(size=(80, 24)) as pilot:
        deadline = time.monotonic() + 10
        while app.inventory is None and time.monotonic() < deadline:
            await pilot.pause(0.1)
        before = {d.name for d in app.inventory}
        lab = make_lab(disks=1)
        new = lab.disks[0].data.removeprefix("/dev/")
        assert new not in before
        table = app.screen.query_one("#disks-table", DataTable)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            await pilot.pause(0.2)
            if new in {key.value for key in table.rows}:
                break
        assert new in {key.value for key in table.rows}
