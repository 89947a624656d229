"""The wizard runs the checks of ``fstune run`` at Review, before any write (``RunSession.prepare``):
a tool missing from PATH refuses with the reason, and what an interrupted run left mounted is
offered for clearing and cleared. Real loop devices, a real PATH, a real mount."""

from __future__ import annotations

import json
import os
import subprocess
from functools import partial
from pathlib import Path

import pytest
from textual.widgets import Static

from fstune import devlock
from fstune.devices import scan_lab_only
from fstune.runner import STATE_FILE, find_leftovers
from fstune.screens.app import make_app
from fstune.screens.review import ClearLeftovers
from fstune.screens.state import Services
from fstune.studies import load_studies
from fstune.util import paths
from test_tui_lab import words
from test_tui_run import wait_for
from test_tui_wizard import fixed_capabilities, pick_devices, settle, to_devices, to_review

pytestmark = pytest.mark.loopdev


def checking_services(lab) -> Services:
    def no_run(plan, **options):
        raise AssertionError("this test never starts a run")

    return Services(scan=partial(scan_lab_only, lab.directory), studies=load_studies, make_runner=no_run,
                    open_store=None, is_root=True, capabilities=fixed_capabilities, checks=True)


def blkid_type(device: str) -> str:
    return subprocess.run(["blkid", "-p", "-s", "TYPE", "-o", "value", device], capture_output=True,
                          text=True, check=False).stdout.strip()


def path_without(tmp_path: Path, tool: str) -> str:
    """A directory with every program of the system directories but ``tool`` (links to them)."""
    farm = tmp_path / "bin"
    farm.mkdir()
    for directory in paths.SYSTEM_DIRS:
        try:
            names = os.listdir(directory)
        except OSError:
            continue
        for name in names:
            if name != tool and not (farm / name).exists():
                (farm / name).symlink_to(os.path.join(directory, name))
    return str(farm)


async def test_a_tool_missing_from_path_refuses_at_review_before_any_write(lab, tmp_path, monkeypatch):
    data, spare = lab.pairs()[0]
    farm = path_without(tmp_path, "dbench")  # the metadata workload's tool
    monkeypatch.setenv("PATH", farm)
    monkeypatch.setattr(paths, "EXTRA_PATH", farm)  # the sbin directories fstune adds: the farm too
    assert paths.which("dbench") is None and paths.which("mkfs.ext4") is not None
    monkeypatch.setattr("fstune.session.find_leftovers", lambda _root: [])  # not other runs' on the machine
    app = make_app(checking_services(lab))
    started = []
    monkeypatch.setattr(app, "start_run", lambda plan, session=None: started.append(plan))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_review(pilot, "ext4-external-journal", data, spare, run_id="tui-no-dbench")
        review = app.screen
        message = review.query_one("#confirm-message", Static)
        await wait_for(pilot, lambda: "Cannot start" in words(message), timeout=30, what="the refusal")
        said = words(message)
        assert "the plan needs tools that are not installed (dbench:" in said and "nothing was done" in said
        assert not review.query_one("#row-target").display  # nothing to confirm
        assert not devlock.holds(data) and not devlock.holds(spare)  # refused before locking
        await pilot.press("ctrl+n")  # Start: refused again
        await settle(pilot)
        assert started == [] and app.screen is review
    assert blkid_type(data) == "" and blkid_type(spare) == ""  # nothing was written


async def test_a_leftover_mount_is_offered_for_clearing_at_review_and_cleared(lab, tmp_path, monkeypatch,
                                                                           run_destructive):
    data = lab.disks[0].data
    other = lab.disks[1].data  # what the interrupted run had mounted: a loop device of this test's lab
    run_destructive(["mkfs.ext4", "-q", "-F", other], other)
    root = tmp_path / "run"  # the leftovers are looked for here, not in the machine's /run/fstune
    mountpoint = root / "crashed" / "base"
    mountpoint.mkdir(parents=True)
    # what an interrupted run leaves: its state file naming a process that is gone, its mount
    (root / "crashed" / STATE_FILE).write_text(json.dumps({"run_id": "crashed", "pid": 4194000, "study": "x"}))
    subprocess.run(["mount", "-t", "ext4", other, str(mountpoint)], check=True)
    monkeypatch.setattr("fstune.session.find_leftovers", lambda _root: find_leftovers(str(root)))
    app = make_app(checking_services(lab))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            app.state.run_id = "tui-leftover"
            await to_devices(pilot, "ext4-atime-writes")
            await pick_devices(pilot, data, None)
            for _ in range(3):  # Devices → Options → Workloads → Review, whose checks then ask
                await pilot.press("ctrl+n")
                await settle(pilot)
            await wait_for(pilot, lambda: isinstance(app.screen, ClearLeftovers), timeout=30, what="the offer")
            offer = app.screen
            assert any(str(mountpoint) in words(label) for label in offer.query("Label"))
            review = app.get_screen("Review")
            assert "Cannot start yet" in words(review.query_one("#confirm-message", Static))
            assert not devlock.holds(data)  # nothing locked while it asks
            await pilot.press("y")
            await wait_for(pilot, lambda: review.query_one("#row-target").display, timeout=30,
                           what="the confirmation after clearing")
            assert not os.path.ismount(mountpoint) and not (root / "crashed").exists()
            assert f"Unmounted {mountpoint}" in words(review.query_one("#confirm-message", Static))
            assert devlock.holds(data)  # the checks went on: locked until the run or leaving
            await pilot.press("ctrl+b")
            await settle(pilot)
            assert not devlock.holds(data)
    finally:
        if os.path.ismount(mountpoint):
            subprocess.run(["umount", str(mountpoint)], check=False)
    assert blkid_type(data) == ""
