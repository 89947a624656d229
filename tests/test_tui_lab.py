"""The practice lab in the wizard, for real: offered when no disk is usable, built with L (or at
once with ``fstune --lab``), its devices marked, its spare suggested, and removed on quitting."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest
from textual.widgets import DataTable, Label, Select, Static

from fstune import devlock
from fstune import lab as labmod
from fstune.devices import scan_lab_only
from fstune.screens.app import make_app
from fstune.screens.lab import RemoveLabDialog
from fstune.screens.state import LabControl, Services
from fstune.studies import load_studies
from test_tui_run import wait_for
from test_tui_wizard import fixed_capabilities, settle, to_review

pytestmark = pytest.mark.loopdev
STUDY = "ext4-external-journal"


def lab_services(lab_dir: Path, *, requested: bool = False, is_root: bool = True) -> Services:
    return Services(scan=partial(scan_lab_only, lab_dir), studies=load_studies, make_runner=None,
                    open_store=None, is_root=is_root, dry_run=not is_root, capabilities=fixed_capabilities,
                    lab=LabControl(lab_dir, requested=requested))


@pytest.fixture
def lab_dir(udevd, tmp_path):
    directory = tmp_path / "wizard-lab"
    try:
        yield directory
    finally:
        labmod.lab_down(directory)  # whatever the test left: the lab never outlives it


def table_models(app) -> dict[str, str]:
    table = app.screen.query_one("#disks-table", DataTable)
    return {key.value: str(table.get_row(key)[-1]) for key in table.rows}


async def test_offers_a_lab_builds_it_marks_it_and_removes_it_on_quit(lab_dir):
    app = make_app(lab_services(lab_dir))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        offer = app.screen.query_one("#lab-offer", Static)
        assert offer.has_class("-shown")
        assert "No disk here is free" in str(offer.render()) and "Press L" in str(offer.render())
        assert not any(app.services.lab.owns(d) for d in app.inventory.devices)

        await pilot.press("l")
        await wait_for(pilot, lambda: app.lab_built and any(app.services.lab.owns(d) for d in app.inventory.devices),
                       timeout=60, what="the lab to be built and listed")
        await settle(pilot)
        made = labmod.load_lab(lab_dir)
        data, spare = made.pairs()[0]
        assert not offer.has_class("-shown")
        models = table_models(app)
        for path in made.data_partitions + made.spare_partitions:
            assert models[Path(path).name] == "fstune lab"
        table = app.screen.query_one("#disks-table", DataTable)
        await wait_for(pilot, lambda: table.coordinate_to_cell_key((table.cursor_row, 0)).row_key.value
                       == Path(data).name, what="the cursor on the lab's first data partition")
        reason = " ".join(str(app.screen.query_one("#disks-reason", Static).render()).split())
        # the backing file by name (its folder may be shortened to fit), then the disk it lives on
        assert "practice lab disk: fstune-lab-disk1.img in " in reason
        assert "Its file is on " in reason

        # Enter picks it; on Devices the spare that serves it (on the other disk) is suggested
        await pilot.press("enter")
        await settle(pilot)
        assert app.state.target == data
        options = app.screen.query_one("#study-list")
        options.highlighted = options.get_option_index(STUDY)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen.query_one("#target", Select).value == data
        assert app.screen.query_one("#log", Select).value == spare

        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, RemoveLabDialog), what="the remove-lab question")
        assert app.screen.focused.id == "remove"  # built this session: removing is the default
        await pilot.press("r")
        await wait_for(pilot, lambda: not app.is_running, timeout=60, what="the wizard to quit")
    assert not labmod.lab_status(lab_dir).exists
    attached = [p for p in Path("/sys/block").glob("loop*/loop/backing_file") if str(lab_dir) in p.read_text()]
    assert attached == []


async def test_dash_dash_lab_builds_at_once_and_keeping_it_says_how_to_remove(lab_dir):
    app = make_app(lab_services(lab_dir, requested=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.lab_built and app.inventory is not None
                       and any(app.services.lab.owns(d) for d in app.inventory.devices), timeout=60,
                       what="the lab")
        await settle(pilot)
        made = labmod.load_lab(lab_dir)
        table = app.screen.query_one("#disks-table", DataTable)
        await wait_for(pilot, lambda: table.coordinate_to_cell_key((table.cursor_row, 0)).row_key.value
                       == Path(made.data_partitions[0]).name, what="the cursor on the lab")
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, RemoveLabDialog), what="the remove-lab question")
        await pilot.press("escape")  # back to the wizard: nothing removed, nothing quit
        await settle(pilot)
        assert app.is_running and not isinstance(app.screen, RemoveLabDialog)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, RemoveLabDialog), what="the question again")
        await pilot.press("k")
        await wait_for(pilot, lambda: not app.is_running, what="the wizard to quit")
    assert app.lab_kept == str(lab_dir)
    assert labmod.load_lab(lab_dir).data_partitions == made.data_partitions  # still there, still attached


async def test_an_existing_lab_is_used_not_rebuilt(lab_dir):
    made = labmod.lab_up(2, directory=lab_dir)
    app = make_app(lab_services(lab_dir, requested=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await wait_for(pilot, lambda: any(app.services.lab.owns(d) for d in app.inventory.devices),
                       what="the lab listed")
        assert not app.lab_built
        assert not app.screen.query_one("#lab-offer", Static).has_class("-shown")
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, RemoveLabDialog), what="the remove-lab question")
        assert app.screen.focused.id == "keep"  # not ours to remove unasked: keeping is the default
        await pilot.press("k")
        await wait_for(pilot, lambda: not app.is_running, what="the wizard to quit")
    assert labmod.load_lab(lab_dir).pairs() == made.pairs()


async def test_not_root_is_told_how_to_get_a_lab_and_nothing_is_built(lab_dir):
    app = make_app(lab_services(lab_dir, requested=True, is_root=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        offer = str(app.screen.query_one("#lab-offer", Static).render())
        assert "sudo fstune --lab" in offer
        await pilot.press("l")
        await settle(pilot)
        assert not app.lab_built
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: not app.is_running, what="the wizard to quit")
    assert not lab_dir.exists()


def held_by_another_run(device: str, run_id: str) -> subprocess.Popen:
    """Another process holding ``device``'s disk as `fstune run RUN_ID` does, until its stdin closes."""
    code = ("import sys\nfrom fstune import devlock\n"
            f"locks = devlock.lock_devices([{device!r}], run_id={run_id!r})\n"
            "print('locked', flush=True)\nsys.stdin.read()\nlocks.release()\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "locked"
    return proc


def words(widget) -> str:
    return " ".join(str(widget.render()).split())


async def test_a_lab_disk_another_run_holds_is_locked_and_the_lab_is_not_removed(lab_dir):
    made = labmod.lab_up(2, directory=lab_dir)
    data, loop = made.data_partitions[0], made.disks[0].loop
    holder = held_by_another_run(data, "held-by-test")
    held = f"locked: in use by fstune run held-by-test (pid {holder.pid})"
    try:
        app = make_app(lab_services(lab_dir, requested=True))
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            table = app.screen.query_one("#disks-table", DataTable)
            await wait_for(pilot, lambda: table.row_count and table.coordinate_to_cell_key(
                (table.cursor_row, 0)).row_key.value == Path(data).name, what="the cursor on the lab")
            reason = app.screen.query_one("#disks-reason", Static)
            assert f"Locked: its disk {Path(loop).name} is {held}" in words(reason)
            await pilot.press("enter")  # refused, with the reason where the user looks
            await settle(pilot)
            assert app.state.target is None and f"Cannot be chosen: its disk {Path(loop).name} is {held}" in words(reason)

            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, RemoveLabDialog), what="the remove-lab question")
            progress = app.screen.query_one("#lab-progress", Label)
            assert f"It cannot be removed now: {loop} is {held}" in words(progress)
            assert app.screen.focused.id == "keep"
            await pilot.press("r")
            await wait_for(pilot, lambda: "Could not remove it" in words(progress), timeout=30, what="the refusal")
            assert f"Cannot take the lab down: {loop} is {held}" in words(progress)
            await pilot.press("k")
            await wait_for(pilot, lambda: not app.is_running, what="the wizard to quit")
        assert labmod.load_lab(lab_dir).pairs() == made.pairs()  # all of it still there
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)


async def test_review_locks_the_disks_leaving_it_lets_them_go_and_a_held_disk_cannot_start(lab, tmp_path,
                                                                                       monkeypatch):
    data, spare = lab.pairs()[0]  # on two disks
    # Review runs the run's checks: leftovers are looked for here, not among other runs' on the machine
    monkeypatch.setattr("fstune.session.find_leftovers", lambda _root: [])

    def no_run(plan, **options):
        raise AssertionError("this test never starts a run")

    services = Services(scan=partial(scan_lab_only, lab.directory), studies=load_studies, make_runner=no_run,
                        open_store=None, is_root=True, capabilities=fixed_capabilities, checks=True)
    app = make_app(services)
    holder = None
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await to_review(pilot, STUDY, data, spare, run_id="tui-lock")
            review = app.screen
            await wait_for(pilot, lambda: review.query_one("#row-target").display, what="the plan")
            for device in (data, spare):
                held = devlock.holder_of(device)
                assert (held.run_id, held.pid) == ("tui-lock", os.getpid()), held

            await pilot.press("ctrl+b")  # back to Workloads: nothing is locked any more
            await settle(pilot)
            assert all(devlock.holder_of(d) is None or not devlock.holder_of(d).exclusive for d in (data, spare))

            holder = held_by_another_run(data, "held-by-test")
            await pilot.press("ctrl+n")
            await settle(pilot)
            message = review.query_one("#confirm-message", Static)
            await wait_for(pilot, lambda: "Cannot start" in words(message), what="the refusal")
            assert f"Cannot start: {data} is locked: in use by fstune run held-by-test (pid {holder.pid})" \
                in words(message)
            assert not review.query_one("#row-target").display  # nothing to confirm
            held = devlock.holder_of(spare)
            assert held is None or not held.exclusive  # all or nothing: the free disk was let go
            await pilot.press("ctrl+n")  # Start: refused again, no run
            await settle(pilot)
            assert app.screen is review and "Cannot start" in words(message)
    finally:
        if holder is not None:
            holder.stdin.close()
            holder.wait(timeout=30)


def test_keeping_the_lab_says_how_to_remove_it_after_the_wizard_ends(monkeypatch, capsys, tmp_path):
    # the last words of `fstune --lab` after "Keep": printed once the terminal is back
    from fstune.screens import app as wizard

    class KeptLab:
        stop_on_signals = stopped_by = stopped_mid_run = False
        lab_kept = str(tmp_path / "lab")
        return_code = 0

        def run(self):
            pass

    monkeypatch.setattr(wizard, "real_services", lambda *a, **k: None)
    monkeypatch.setattr(wizard, "make_app", lambda services: KeptLab())
    assert wizard.run(lab=True) == 0
    said = capsys.readouterr().out
    assert f"the practice lab is still in {tmp_path / 'lab'}" in said
    assert f"sudo fstune lab down --dir {tmp_path / 'lab'}" in said


def test_the_kept_lab_s_command_names_a_moved_default_with_dir(tmp_path):
    # FSTUNE_LAB_DIR moves the default, but `sudo` drops it: the printed command must say --dir
    moved = tmp_path / "class lab"
    code = ("from fstune.lab import DEFAULT_DIR; from fstune.screens.app import kept_lab_message; "
            "print(kept_lab_message(str(DEFAULT_DIR)))")
    env = {**os.environ, "FSTUNE_LAB_DIR": str(moved)}
    said = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert f"sudo fstune lab down --dir '{moved}'" in said
    # the built-in place needs no flag, wherever the variable points
    from fstune.lab import BUILTIN_DIR
    from fstune.screens.app import kept_lab_message

    assert kept_lab_message(str(BUILTIN_DIR)).endswith("Remove it with: sudo fstune lab down")


async def test_disk_change_toasts_announce_what_others_did_not_what_fstune_did(lab, tmp_path, run_destructive):
    # udev reports fstune's own mkfs and mounts like anyone else's: only the others' are news
    from fstune.devices.monitor import InventoryMonitor
    from fstune.plan import Choices, DeviceChoice, build_plan
    from fstune.screens.run import RunScreen

    lab_dir = Path(lab.directory)
    scan = partial(scan_lab_only, lab_dir)
    services = Services(scan=scan, studies=load_studies, make_runner=None, open_store=None, is_root=True,
                        dry_run=False, capabilities=fixed_capabilities, lab=LabControl(lab_dir),
                        monitor=partial(InventoryMonitor, scan))
    app = make_app(services)
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: (said.append(f"{kw.get('title')}: {message}"), notify(message, **kw))[1]
    data = lab.disks[0].data
    name = Path(data).name

    def fs_type() -> str | None:
        found = app.inventory.find(data) if app.inventory is not None else None
        return found.fs_type if found is not None else None

    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.inventory is not None and app.studies is not None, what="the first scan")
        # fstune's own: a run of this wizard writes the partition (its screen is up; the run has
        # just ended, as when udev looks at the disk again after the run released it)
        study = load_studies()[STUDY]
        choices = Choices(study, DeviceChoice(data, 10**9), DeviceChoice(lab.disks[1].spare, 10**8),
                          run_id="own", mount_root=str(tmp_path / "mnt"), work_root=str(tmp_path / "work"))
        run = RunScreen(build_plan(choices), services)
        app.push_screen(run)
        await wait_for(pilot, lambda: run.ended, what="the dry-run screen")
        run_destructive(["mkfs.ext4", "-q", "-F", data], data)
        await wait_for(pilot, lambda: fs_type() == "ext4", timeout=30, what="udev to report the new ext4")
        await pilot.pause(0.2)
        assert not [line for line in said if line.startswith("Disks changed") and name in line], said
        # someone else's: with no run of this wizard on it, the same kind of change is announced
        app.pop_screen()
        run_destructive(["mkfs.xfs", "-q", "-f", data], data)
        await wait_for(pilot, lambda: fs_type() == "xfs", timeout=30, what="udev to report the new xfs")
        try:
            await wait_for(pilot, lambda: any(line.startswith("Disks changed") and f"{name} changed" in line
                                              for line in said), timeout=30, what="the toast for someone else's mkfs")
        except AssertionError as error:  # what was announced instead tells why
            raise AssertionError(f"{error}; announced: {said}") from None
