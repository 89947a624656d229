"""SVG snapshots of each wizard step at 80×24 and 120×40 on the recorded 'server' inventory."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from fstune.screens.app import make_app
from test_plan import GOLDEN_ORDER_SEED
from test_tui_wizard import pick_devices, services, settle, to_devices, to_review


async def at_disks(pilot):
    await settle(pilot)
    # Come back to Disks once everything has loaded: the first paint races the inventory
    # worker, and although the text ends the same, the runs of background colour can be
    # split differently in the SVG. A second visit draws the settled screen in one go.
    await pilot.press("ctrl+n")
    await settle(pilot)
    await pilot.press("ctrl+b")
    await settle(pilot, times=5)


async def at_study(pilot):
    await settle(pilot)
    await pilot.press("ctrl+n")
    await settle(pilot)


async def at_devices(pilot):
    await to_devices(pilot, "ext4-external-journal")
    await pick_devices(pilot, "/dev/sdm3", "/dev/sdd3")


async def at_options(pilot):
    await at_devices(pilot)
    await pilot.press("ctrl+n")
    await settle(pilot)


async def at_workloads(pilot):
    await at_options(pilot)
    await pilot.press("ctrl+n")
    await settle(pilot)


async def at_review(pilot):
    pilot.app.state.order_seed = GOLDEN_ORDER_SEED  # the review shows the drawn order and its seed
    await to_review(pilot)


async def at_help(pilot):
    await at_study(pilot)
    await pilot.press("f1")
    await settle(pilot)


def steady(step):
    """``step``, then a steady cursor in every text box: a blinking one is drawn or not depending
    on the moment the picture is taken (the review's confirmation box)."""
    async def run(pilot):
        await step(pilot)
        for box in pilot.app.screen.query(Input):
            box.cursor_blink = False
        await settle(pilot)
    return run


STEPS = {"disks": at_disks, "study": at_study, "devices": at_devices, "options": at_options,
         "workloads": at_workloads, "review": at_review, "help": at_help}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("step", list(STEPS))
def test_snapshot(snap_compare, step, size):
    app = make_app(services())
    assert snap_compare(app, terminal_size=size, run_before=steady(STEPS[step]))


def test_snapshot_review_dry_run(snap_compare):
    app = make_app(services(dry_run=True, is_root=False))
    assert snap_compare(app, terminal_size=(80, 24), run_before=steady(at_review))
