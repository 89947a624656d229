"""Pilot tests of the wizard's steps (Disks … Review) on the recorded 'server' inventory."""

from __future__ import annotations

import asyncio
import re

import subprocess
import sys
import threading
import time
from pathlib import Path

from textual.widgets import Checkbox, DataTable, Input, Select

from fstune.devices import SystemState, build_inventory, udev
from fstune.filesystems import MachineCapabilities
from fstune.plan import build_plan, render_script
from fstune.studies import load_studies
from fstune.screens.app import make_app
from fstune.screens.study import SCREENING_ID
from fstune.screens.state import Services

FIXTURES = Path(__file__).parent / "fixtures"
SIZE = (80, 24)


def fixture_inventory(machine: str = "server"):
    texts = {n: (FIXTURES / "system" / machine / n).read_text() for n in ("mountinfo", "swaps", "fstab", "crypttab")}
    return build_inventory(udev.load(FIXTURES / "udev" / f"{machine}.json"), SystemState.from_texts(**texts),
                           lab_check=lambda path: False)


def fixed_capabilities() -> MachineCapabilities:
    # the same answer on every machine: ext*, xfs, btrfs present; jfs and reiserfs missing
    return MachineCapabilities(kernel_release="6.18.0", kernel_filesystems={"ext2", "ext3", "ext4", "xfs", "btrfs"},
                               loadable_modules=set(),
                               tools={t: f"/sbin/{t}" for t in ("mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "mke2fs",
                                                                 "mkfs.xfs", "mkfs.btrfs")})


def services(*, dry_run: bool = False, is_root: bool = True) -> Services:
    return Services(scan=fixture_inventory, studies=load_studies, make_runner=None, open_store=None,
                    is_root=is_root, dry_run=dry_run, capabilities=fixed_capabilities)


async def settle(pilot, times: int = 3) -> None:
    """Let the app finish its background work (inventory scan, study loading), then repaint.

    Waiting on the workers rather than a fixed number of pauses keeps snapshots the same on a
    loaded machine, where a scan may take longer than a few frames.
    """
    app = pilot.app
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while loop.time() < deadline:
        await pilot.pause(0.02)
        loaded = app.inventory is not None and (app.studies is not None or app.studies_error)
        if loaded and not any(worker.is_running for worker in app.workers):
            break
    else:
        raise AssertionError("the inventory or the studies did not load within 20 s")
    for _ in range(times):
        await pilot.pause()


async def to_devices(pilot, study: str) -> None:
    """From Disks to Devices with ``study`` chosen."""
    app = pilot.app
    await settle(pilot)
    await pilot.press("ctrl+n")
    await settle(pilot)
    options = app.screen.query_one("#study-list")
    options.highlighted = options.get_option_index(study)
    await pilot.press("ctrl+n")
    await settle(pilot)


async def pick_devices(pilot, target: str, log: str | None) -> None:
    screen = pilot.app.screen
    screen.query_one("#target", Select).value = target
    if log:
        screen.query_one("#log", Select).value = log
    await settle(pilot)


async def to_review(pilot, study="ext4-external-journal", target="/dev/sdm3", log="/dev/sdd3", *,
                    run_id="tui-test") -> None:
    pilot.app.state.run_id = run_id
    await to_devices(pilot, study)
    await pick_devices(pilot, target, log)
    for _ in range(3):  # Devices → Options → Workloads → Review
        await pilot.press("ctrl+n")
        await settle(pilot)
    assert pilot.app.screen.STEP == "Review"
    await settle(pilot, 5)


def text_of(widget) -> str:
    return str(widget.render())


# --- Disks ----------------------------------------------------------------------------------


async def test_disks_lists_inventory_and_explains_highlighted_row():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#disks-table", DataTable)
        assert table.row_count == len(fixture_inventory())
        table.move_cursor(row=table.get_row_index("sdd1"))
        await settle(pilot)
        assert "external log" in text_of(app.screen.query_one("#disks-reason"))


def _column_offsets(table: DataTable) -> dict[str, int]:
    offsets, x = {}, 0
    for column in table.columns.values():
        offsets[str(column.label)] = x
        x += column.get_render_width(table)
    return offsets


async def test_another_devices_long_mountpoint_does_not_move_the_columns(monkeypatch):
    """CI shares its machine: a stranger's long mountpoint must not push Bus off 80 columns."""
    long_path = "/srv/" + "a-very-long-mountpoint-somebody-else-made/" * 3 + "data"
    layouts = []
    for mountpoint in ("/srv/data", long_path):
        def scan(mountpoint=mountpoint):
            texts = {n: (FIXTURES / "system" / "server" / n).read_text()
                     for n in ("mountinfo", "swaps", "fstab", "crypttab")}
            texts["mountinfo"] = texts["mountinfo"].replace(" /srv/data ", f" {mountpoint} ")
            return build_inventory(udev.load(FIXTURES / "udev" / "server.json"), SystemState.from_texts(**texts),
                                   lab_check=lambda path: False)
        app = make_app(Services(scan=scan, studies=load_studies, make_runner=None, open_store=None,
                                is_root=True, dry_run=False, capabilities=fixed_capabilities))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            table = app.screen.query_one("#disks-table", DataTable)
            offsets = _column_offsets(table)
            assert offsets["Bus"] + 3 <= SIZE[0] - 2  # "lab" fits inside the table's border
            table.move_cursor(row=table.get_row_index("sdc1"))
            await settle(pilot)
            reason = "".join(text_of(app.screen.query_one("#disks-reason")).split())
            assert "".join(mountpoint.split()) in reason  # the whole path is still told
            layouts.append(offsets)
    assert layouts[0] == layouts[1]


async def test_locked_row_cannot_be_chosen_and_says_why():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#disks-table", DataTable)
        table.focus()
        table.move_cursor(row=table.get_row_index("sdc1"))
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.STEP == "Disks" and app.state.target is None
        reason = text_of(app.screen.query_one("#disks-reason"))
        assert "Cannot be chosen" in reason and "mounted at /srv/data" in reason


async def test_usable_row_becomes_target_and_moves_on():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#disks-table", DataTable)
        table.focus()
        table.move_cursor(row=table.get_row_index("sdm3"))
        await pilot.press("enter")
        await settle(pilot)
        assert app.state.target == "/dev/sdm3" and app.screen.STEP == "Study"


# --- Study ----------------------------------------------------------------------------------


async def test_study_unavailable_refused_for_real_run_allowed_in_dry_run():
    for dry_run, expected in ((False, "Study"), (True, "Devices")):
        app = make_app(services(dry_run=dry_run))
        async with app.run_test(size=SIZE) as pilot:
            await to_devices(pilot, "jfs-external-log")
            assert app.screen.STEP == expected
            if not dry_run:
                assert "jfs" in text_of(app.screen.query_one("#study-availability"))


async def test_a_broken_user_study_leaves_out_only_itself(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    recipes = tmp_path / "fstune" / "recipes"
    recipes.mkdir(parents=True)
    (recipes / "typo.toml").write_text('title = "mine"\nworklods = ["metadata"]\n')
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen.STEP == "Study"
        options = app.screen.query_one("#study-list")
        listed = {options.get_option_at_index(i).id for i in range(options.option_count)}
        # every shipped study is still there, after the screening path's entry
        assert listed == {SCREENING_ID, *load_studies(extra_dirs=[])}
        problems = app.screen.query_one("#study-problems")
        assert problems.display
        assert f"{recipes / 'typo.toml'}, line 2: worklods: is not a known key" in text_of(problems)


async def test_back_and_forth_keeps_choices():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_devices(pilot, "xfs-log-tuning")
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert app.screen.STEP == "Study"
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert app.screen.STEP == "Disks"
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        assert app.screen.STEP == "Devices" and app.state.study.name == "xfs-log-tuning"


# --- Devices --------------------------------------------------------------------------------


async def test_journal_equal_to_target_is_refused():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_devices(pilot, "ext4-external-journal")
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdm3")
        assert "is also the target" in text_of(app.screen.query_one("#log-checks"))
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen.STEP == "Devices" and app.state.log_device is None


async def test_devices_checks_size_and_accepts_good_pair():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_devices(pilot, "ext4-external-journal")
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")
        assert "large enough" in text_of(app.screen.query_one("#target-checks"))
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen.STEP == "Options"
        assert (app.state.target, app.state.log_device) == ("/dev/sdm3", "/dev/sdd3")


# --- Options --------------------------------------------------------------------------------


async def test_bad_mount_option_explained_at_the_field():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_devices(pilot, "xfs-log-tuning")
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")
        await pilot.press("ctrl+n")
        await settle(pilot)
        field = app.screen.query_one("#mount-defaults", Input)
        field.focus()
        field.value = "nobarrier"
        await settle(pilot)
        message = text_of(app.screen.query_one("#mount-defaults-message"))
        assert "nobarrier" in message
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen.STEP == "Options"  # stays until fixed
        field.value = "noatime"
        await settle(pilot)
        assert text_of(app.screen.query_one("#mount-defaults-message")) == ""
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen.STEP == "Workloads"
        assert [(o.name, o.value, o.config) for o in app.state.options] == [("noatime", None, "defaults")]


async def test_bad_mkfs_option_explained_at_the_field():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_devices(pilot, "ext4-external-journal")
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")
        await pilot.press("ctrl+n")
        await settle(pilot)
        field = app.screen.query_one("#mkfs-internal", Input)
        field.value = "-b 4096 -F"
        await settle(pilot)
        assert "force flag" in text_of(app.screen.query_one("#mkfs-internal-message"))


# --- Workloads ------------------------------------------------------------------------------


async def test_workload_estimate_follows_parameters():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_devices(pilot, "xfs-log-tuning")
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")
        await pilot.press("ctrl+n", "ctrl+n")
        await settle(pilot)
        assert app.screen.STEP == "Workloads"
        before = text_of(app.screen.query_one("#estimate"))
        app.screen.query_one("#param-metadata-seconds", Input).value = "600"
        await settle(pilot)
        after = text_of(app.screen.query_one("#estimate"))
        assert before != after and "min" in after
        app.screen.query_one("#param-metadata-clients", Input).value = "0"
        await settle(pilot)
        assert "out of range" in text_of(app.screen.query_one("#param-metadata-clients-message"))


# --- Review ---------------------------------------------------------------------------------


async def test_typed_confirmation_required(monkeypatch):
    app = make_app(services())
    started = []
    monkeypatch.setattr(app, "start_run", lambda plan, session=None: started.append(plan))
    async with app.run_test(size=SIZE) as pilot:
        await to_review(pilot)
        assert "(DESTROYS DATA)" in text_of(app.screen.query_one("#script"))
        app.screen.query_one("#confirm-target", Input).value = "sdm4"
        app.screen.query_one("#confirm-log", Input).value = "sdd3"
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert started == [] and "sdm3" in text_of(app.screen.query_one("#confirm-message"))
        app.screen.query_one("#confirm-target", Input).value = "sdm3"
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert len(started) == 1
        assert started[0] == build_plan(app.state.to_choices(fixture_inventory()))


async def test_review_opens_on_the_plan_with_the_guard_functions_folded_until_ctrl_g():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_review(pilot)
        script = app.screen.script
        folded = text_of(app.screen.query_one("#script"))
        assert "fstune_check_device() { … }  # " in folded and "lines folded: Ctrl+G shows them" in folded
        assert "fstune_in_use() {\n" not in folded and "[1] " in folded
        # the first step is on the first screens now, not ~150 lines down
        # (every function folded: the device and content checks between are a few lines each)
        between = folded[folded.index("fstune_cleanup() { … }"):folded.index("[1] ")]
        assert "fstune_check_contents() { … }" in folded and between.count("\n") < 40, between
        await pilot.press("ctrl+g")  # from the confirmation field, which has the focus
        await settle(pilot)
        assert text_of(app.screen.query_one("#script")).rstrip() == script.rstrip()
        assert app.screen.query_one("#confirm-target", Input).value == ""  # nothing typed into it
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert text_of(app.screen.query_one("#script")) == folded
        assert app.screen.script == script  # what is saved or run is whole


async def test_confirmation_typed_just_before_ctrl_n_counts(monkeypatch):
    """Ctrl+N is an app-wide binding, handled ahead of keys still queued for the focused input:
    typed fast (or on a slow machine), "sdm3" and Ctrl+N must still start the run."""
    from textual import events

    app = make_app(services())
    started = []
    monkeypatch.setattr(app, "start_run", lambda plan, session=None: started.append(plan))
    async with app.run_test(size=SIZE) as pilot:
        await to_review(pilot)
        app.screen.query_one("#confirm-log", Input).value = "sdd3"
        # all at once, as a terminal delivers a burst of keys: no pause between them
        for key in ("s", "d", "m", "3"):
            app.post_message(events.Key(key, key))
        app.post_message(events.Key("ctrl+n", None))
        await settle(pilot)
        assert app.screen.query_one("#confirm-target", Input).value == "sdm3"
        assert len(started) == 1, text_of(app.screen.query_one("#confirm-message"))


def cli_plan(tmp_path: Path, *args: str) -> str:
    out = tmp_path / "cli.sh"
    subprocess.run([sys.executable, "-m", "fstune", "plan", *args, "--run-id", "tui-test", "--output", str(out)],
                   check=True, capture_output=True, text=True)
    return out.read_text()


async def test_dry_run_saves_the_script_identical_to_fstune_plan(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_app(services(dry_run=True, is_root=False))
    async with app.run_test(size=SIZE) as pilot:
        await to_review(pilot)
        assert app.screen.query_one("#save-path", Input).value == "./fstune-plan-ext4-external-journal.sh"
        await pilot.press("ctrl+n")
        await settle(pilot)
    saved = (tmp_path / "fstune-plan-ext4-external-journal.sh").read_bytes()
    choices = app.state.to_choices(fixture_inventory())
    # with what earlier runs say the run can decide: none here (the test's services keep no store)
    from fstune.results.history import before_the_run

    plan = build_plan(choices)
    assert saved == render_script(plan, before_the_run(plan, [])).encode()
    assert "# First run on these devices" in saved.decode()
    # the command line, for the same study and devices of the same sizes (not on this machine)
    cli = cli_plan(tmp_path, "--study", "ext4-external-journal", "--device", "/dev/sdm3", "--assume-size",
                   str(choices.target.size), "--log-device", "/dev/sdd3", "--assume-log-size",
                   str(choices.log_device.size), "--order-seed", str(choices.order_seed))
    # the CLI marks assumed devices in the header and knows only their sizes (the wizard also
    # recorded what the script checks again before mkfs); everything else is the same bytes
    strip = lambda text: [re.sub(r" (majmin|partuuid|backing)=\S+", "", l) for l in text.splitlines()
                          if not l.startswith(("# Target:", "# Journal/log:", "# /dev/"))]
    assert strip(saved.decode()) == strip(cli)


async def test_help_opens_for_current_step():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert "Help — Disks" in text_of(app.screen.query_one("#help-title"))
        await pilot.press("escape")
        await to_devices(pilot, "ext4-external-journal")
        await pilot.press("f1")
        await settle(pilot)
        assert app.screen.step == "Devices"
        from test_tui_help import shown_text

        assert "same disk" in " ".join(shown_text(app.screen))


async def test_nonroot_banner_and_theme_toggle():
    app = make_app(services(dry_run=True, is_root=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Not root" in text_of(app.screen.query_one("ModeBanner"))
        dark = app.current_theme.dark
        await pilot.press("ctrl+t")
        assert app.current_theme.dark != dark


async def test_workloads_without_a_primary_metric_do_not_go_on_to_review():
    """Only throughput for a study that stops on dbench: no figure could say when the blocks stop,
    so the step says why and stays (docs/verdicts.md, "When the run's workloads are not the study's")."""
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_devices(pilot, "ext4-external-journal")
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")
        for _ in range(2):  # Devices → Options → Workloads
            await pilot.press("ctrl+n")
            await settle(pilot)
        screen = app.screen
        assert screen.STEP == "Workloads"
        screen.query_one("#use-metadata", Checkbox).value = False
        screen.query_one("#use-throughput", Checkbox).value = True
        await settle(pilot, 1)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen is screen and app.screen.STEP == "Workloads"
        said = [n.message for n in app._notifications]
        assert any("none of the chosen workloads (throughput) declares a primary metric" in m for m in said), said
        assert app.state.workloads is None  # nothing was kept of the refused choice
        screen.query_one("#use-metadata", Checkbox).value = True
        await settle(pilot, 1)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen.STEP == "Review"


async def test_workloads_step_opens_with_the_first_workload_focused():
    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_devices(pilot, "ext4-external-journal")
        await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")
        for _ in range(2):  # Devices → Options → Workloads
            await pilot.press("ctrl+n")
            await settle(pilot)
        screen = app.screen
        assert screen.STEP == "Workloads"
        first = screen.query(Checkbox).first()
        assert app.focused is first
        # the keyboard works at once: space toggles the workload, Tab reaches its first field
        before = first.value
        await pilot.press("space")
        await settle(pilot, 1)
        assert first.value is not before
        await pilot.press("space", "tab")
        await settle(pilot, 1)
        assert isinstance(app.focused, Input) and app.focused.id.startswith(f"param-{first.id.removeprefix('use-')}-")


async def test_the_studies_load_after_the_disk_list_not_beside_it():
    """The disk list is what a user waits for at start-up: the studies (every study file parsed,
    every workload module imported) start loading only once it is shown, or when a later step
    opens first, so they do not take the interpreter from the scan (docs/ARCHITECTURE.md)."""
    release = threading.Event()
    calls: list[str] = []

    def slow_scan():
        calls.append("scan")
        assert release.wait(10), "the test never let the scan finish"
        calls.append("scanned")
        return fixture_inventory()

    def studies():
        calls.append("studies")
        return load_studies()

    app = make_app(Services(scan=slow_scan, studies=studies, make_runner=None, open_store=None, is_root=True,
                            dry_run=False, capabilities=fixed_capabilities))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.5)  # well before the 2 s fallback
        assert calls == ["scan"]  # the scan runs; the studies wait for it
        release.set()
        await settle(pilot)
        assert calls == ["scan", "scanned", "studies"]
        assert app.studies


async def test_the_studies_load_when_a_later_step_opens_before_the_disks_are_read():
    release = threading.Event()

    def stuck_scan():
        release.wait(10)
        return fixture_inventory()

    app = make_app(Services(scan=stuck_scan, studies=load_studies, make_runner=None, open_store=None,
                            is_root=True, dry_run=False, capabilities=fixed_capabilities))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            app.goto("Study")
            deadline = time.monotonic() + 10
            while not app.studies and time.monotonic() < deadline:
                await pilot.pause(0.05)
            assert app.studies and app.inventory is None
            release.set()
    finally:
        release.set()
