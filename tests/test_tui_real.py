"""The real program in tmux, and hotplug with the real udev monitor on loop devices."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual.widgets import DataTable

from fstune.devices import scan
from fstune.devices.monitor import InventoryMonitor
from fstune.devices.system import parse_mountinfo
from fstune.studies import load_studies
from fstune.screens.app import make_app
from fstune.screens.state import Services
from terminal import Terminal, start_wizard_run


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_real_program_in_tmux_shows_disks_then_quits():
    with Terminal(f"{sys.executable} -m fstune --dry-run") as term:
        screen = term.wait_for(lambda s: "usable." in s, timeout=15, what="the Disks screen")
        assert "1 Disks" in screen and "Verdict" in screen and "usable." in screen, screen
        assert "Dry run" in screen or "Not root" in screen
        term.keys("C-q")
        term.wait_gone(timeout=10, what="fstune did not quit on Ctrl+Q")


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



def _dbench_on(directory: str) -> list[int]:
    """dbench processes working in ``directory`` (fstune runs them with -D MOUNTPOINT)."""
    found = subprocess.run(["pgrep", "-x", "dbench"], capture_output=True, text=True).stdout.split()
    pids = []
    for pid in found:
        try:
            if directory in Path(f"/proc/{pid}/cmdline").read_text():
                pids.append(int(pid))
        except OSError:
            pass
    return pids


def _mountpoint_of(device: str) -> str | None:
    mounts = parse_mountinfo(Path("/proc/self/mountinfo").read_text())
    return next((m.mountpoint for m in mounts if m.source == device), None)


@pytest.mark.loopdev
@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
@pytest.mark.parametrize("how", ["terminal closed", "SIGTERM"])
def test_wizard_stopped_from_outside_mid_run_cleans_up_before_exiting(lab, tmp_path, how):
    """An SSH session that drops (the terminal hangs up) or a SIGTERM while the wizard runs a
    benchmark: the run is cancelled with its cleanup, nothing stays mounted or running, and the
    audit log says why."""
    data = lab.disks[0].data
    state = tmp_path / "state"
    # the shell stays after fstune to show its last words and exit status
    command = (f"FSTUNE_LAB_ONLY=1 XDG_STATE_HOME={state} {sys.executable} -m fstune; "
               "echo \"fstune exited with status $?\"; sleep 600")
    with Terminal(command, name="fstune-stop") as term:
        start_wizard_run(term, data, "ext4-writeback-commit", "ext4: data=writeback")
        deadline = time.monotonic() + 120
        while not ((mountpoint := _mountpoint_of(data)) and _dbench_on(mountpoint)):
            if time.monotonic() > deadline:
                pytest.fail(f"dbench never ran on {data}:\n{term.screen()}")
            time.sleep(0.3)
        shell = subprocess.run(["tmux", "display-message", "-p", "-t", term.session, "#{pane_pid}"],
                               capture_output=True, text=True, check=True).stdout.strip()
        wizard = int(subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True,
                                    check=True).stdout.split()[0])  # the shell's one child
        if how == "SIGTERM":
            os.kill(wizard, signal.SIGTERM)
            shown = term.wait_for(lambda s: "fstune exited with status" in s, timeout=90, what="fstune's exit")
            flat = " ".join(shown.split())
            assert "stopped by SIGTERM: the run was cancelled" in flat and "exited with status 130" in flat, shown
        else:
            term.close()  # tmux hangs up the terminal: SIGHUP, as over a dropped SSH link
        deadline = time.monotonic() + 90
        while Path(f"/proc/{wizard}").exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not Path(f"/proc/{wizard}").exists(), "fstune did not exit"
    assert _mountpoint_of(data) is None, "the target stayed mounted"
    assert not _dbench_on(mountpoint), "dbench went on running"
    assert not Path(mountpoint).exists(), "the run's mountpoint was left behind"
    logs = list((state / "fstune" / "logs").glob("*.jsonl"))
    assert len(logs) == 1
    audit = logs[0].read_text()
    reason = "stopped by SIGTERM" if how == "SIGTERM" else "the terminal was lost (SIGHUP)"
    assert reason in audit, audit[-2000:]


def test_a_dead_terminal_cannot_stall_the_wizards_drawing():
    # once a terminal hangs up, every write fails (EIO), and that can happen before the SIGHUP
    # handler runs: Textual's writer thread must go on draining its (bounded) queue regardless
    import errno
    import threading

    from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread

    from fstune.screens.app import _DropFailedWrites

    class HungUpTerminal:
        def write(self, text):
            raise OSError(errno.EIO, "Input/output error")

        def flush(self):
            raise OSError(errno.EIO, "Input/output error")

    def frames_written(stream) -> bool:
        writer = WriterThread(stream)
        writer.start()
        done = threading.Event()

        def draw() -> None:
            for _ in range(MAX_QUEUED_WRITES * 3):
                writer.write("a frame")
            writer.stop()
            done.set()

        threading.Thread(target=draw, daemon=True).start()
        return done.wait(5)

    assert frames_written(_DropFailedWrites(HungUpTerminal()))
    # the same thread on the bare stream dies at the first write and the app blocks behind it
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(threading, "excepthook", lambda args: None)  # its death is expected here
        assert not frames_written(HungUpTerminal())
