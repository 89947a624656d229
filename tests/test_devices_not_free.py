"""Devices that look free but are not, for real (issue 20, item 3; docs/refused-devices.md).

A partition holding a partition table of its own (sfdisk writes one inside a lab partition) is
locked in the inventory, ``fstune disks``, the wizard's reason box and ``fstune run``. An
external journal or log no filesystem uses is fstune's own leftover on a lab disk, wiped by
``fstune run`` and the wizard, and on any other device refused once, with the command that
frees it. Every device written to is a lab disk or a loop device on a file under tmp_path.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

from fstune import lab as labmod
from fstune.devices import LOCKED, USABLE, scan
from conftest import settle_devices

pytestmark = pytest.mark.loopdev
ROOT = Path(__file__).resolve().parent.parent
SBIN = f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin"
DOS_TABLE = "label: dos\nsize=64MiB, type=83\n"


def blkid(device: str, tag: str) -> str:
    return subprocess.run(["blkid", "-p", "-o", "value", "-s", tag, device], capture_output=True,
                          text=True).stdout.strip()


def settle(*devices: str) -> None:
    # a write reaches udev through its inotify watch, asynchronously: the re-probe settle_devices
    # asks for is waited for, and only for these devices (conftest.settle_devices)
    settle_devices(*devices)


def fstune(*args: str, tmp_path: Path, lab_dir: Path | None = None) -> subprocess.CompletedProcess:
    """The CLI as a user runs it: its own process, its exit code, its stderr."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", "XDG_STATE_HOME": str(tmp_path / "state")}
    if lab_dir is not None:
        env["FSTUNE_LAB_DIR"] = str(lab_dir)
    return subprocess.run([sys.executable, "-m", "fstune", *args], capture_output=True, text=True,
                          env=env, timeout=180, cwd=ROOT)


# --- a partition table inside a partition ---------------------------------------------------------


def test_a_nested_dos_table_locks_the_partition_everywhere(lab, run_destructive, tmp_path):
    data = lab.disks[0].data
    written = run_destructive(["sfdisk", "--quiet", data], data, input=DOS_TABLE, check=False)
    assert written.returncode == 0, written.stderr  # (it cannot make the kernel re-read a partition)
    settle(data)
    assert blkid(data, "PTTYPE") == "dos"  # blkid -p and udev's blkid builtin agree

    device = scan().get(data)
    reason = "holds a dos partition table (a nested disk image?)"
    assert device.part_table_type == "dos" and (device.verdict.status, device.verdict.reason) == (LOCKED, reason)
    assert scan().get(lab.disks[0].loop).part_table_type == "gpt"  # the disk's own is unchanged

    from fstune.screens.disks import explain

    assert f"Locked: {reason}" in explain(device).plain

    listing = fstune("disks", tmp_path=tmp_path)
    name = Path(data).name
    row = next(line for line in listing.stdout.splitlines() if line.startswith(f" {name} "))
    assert "dos" in row and "locked" in row and reason in row

    run = fstune("run", "--study", "ext4-journal-writes", "--device", data, "--workloads", "none", "--yes",
                 tmp_path=tmp_path)
    assert run.returncode == 2
    assert run.stderr.count(reason) == 1 and "Traceback" not in run.stderr
    assert f"`wipefs --all --force {data}`" in run.stderr
    assert blkid(data, "PTTYPE") == "dos"  # refused before anything was written

    # as the hint says: without --force wipefs leaves it alone (and exits 0); with it, it is gone
    run_destructive(["wipefs", "--all", data], data)
    settle(data)
    assert scan().get(data).verdict.status == LOCKED
    run_destructive(["wipefs", "--all", "--force", data], data)
    settle(data)
    assert scan().get(data).verdict.status == USABLE


# --- an external journal or log that no filesystem uses -------------------------------------------


def orphan_journal(run_destructive, spare: str, kind: str, data: str) -> None:
    """Leave ``spare`` as a cancelled run or a later study does: a journal or log of nothing."""
    if kind == "jbd":
        run_destructive(["mkfs.ext4", "-q", "-F", "-b", "4096", "-O", "journal_dev", spare], spare)
    else:  # the log of an XFS that was then reformatted away
        run_destructive(["mkfs.xfs", "-q", "-f", "-l", f"logdev={spare}", data], [data, spare])
        run_destructive(["wipefs", "--all", "--quiet", data], data)
    settle(spare, data)
    assert blkid(spare, "TYPE") == kind


@pytest.mark.parametrize("kind", ["jbd", "xfs_external_log"])
def test_only_the_lab_s_own_leftovers_are_wiped(lab, run_destructive, kind):
    data, spare = lab.pairs()[0]
    orphan_journal(run_destructive, spare, kind, data)
    inventory = scan()
    assert inventory.get(spare).verdict.status == LOCKED
    assert "a leftover of an earlier run on this practice disk" in inventory.get(spare).verdict.reason

    lines = labmod.reinit_orphans([spare, data])
    assert lines == [f"re-initialised {spare}, a practice lab disk: it held "
                     f"{'an ext3/ext4 journal' if kind == 'jbd' else 'an XFS log'} ({kind}) that no "
                     "filesystem uses, left by an earlier run."]
    assert blkid(spare, "TYPE") == "" and scan().get(spare).verdict.status == USABLE


def test_a_journal_in_use_is_never_wiped(lab, run_destructive):
    data, spare = lab.pairs()[0]
    run_destructive(["mkfs.ext4", "-q", "-F", "-b", "4096", "-O", "journal_dev", spare], spare)
    run_destructive(["mkfs.ext4", "-q", "-F", "-b", "4096", "-J", f"device={spare}", data], [data, spare])
    settle(spare, data)
    assert labmod.reinit_orphans([spare]) == []
    assert blkid(spare, "TYPE") == "jbd"


def test_fstune_run_on_the_lab_reinitialises_its_spare_and_says_so_once(lab, run_destructive, tmp_path):
    data, spare = lab.pairs()[0]
    orphan_journal(run_destructive, spare, "jbd", data)

    # fstune plan writes nothing: it refuses, once, and says what frees it
    plan = fstune("plan", "--study", "ext4-external-journal", "--lab", str(lab.directory), "--workloads", "none",
                  tmp_path=tmp_path)
    assert plan.returncode == 2
    assert plan.stderr.count(f"{spare} cannot be the journal/log device") == 1
    assert plan.stderr.count("a leftover of an earlier run on this practice disk") == 1
    assert "`sudo fstune --lab`" in plan.stderr and f"`wipefs --all {spare}`" in plan.stderr
    assert blkid(spare, "TYPE") == "jbd"

    run = fstune("run", "--study", "ext4-external-journal", "--lab", str(lab.directory), "--workloads", "none",
                 "--yes", tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr + run.stdout
    assert run.stderr.count(f"fstune: re-initialised {spare}, a practice lab disk") == 1
    assert "cannot be" not in run.stderr and "Done:" in run.stdout
    # the run made its own journal there; the filesystem it left on the data partition uses it
    # when the external configuration ran last (the order is drawn per block), else the journal
    # is again a leftover of this practice disk, and said to be one
    assert blkid(spare, "TYPE") == "jbd" and blkid(data, "TYPE") == "ext4"
    settle(spare, data)  # udev's record of the new journal's UUID may still be on its way
    listing = subprocess.run(["tune2fs", "-l", data], capture_output=True, text=True, check=True).stdout
    named = re.search(r"^Journal UUID:\s+(\S+)", listing, re.M)
    uses_it = named is not None and named.group(1) == blkid(spare, "UUID")
    reason = scan().get(spare).verdict.reason
    if uses_it:
        assert reason.startswith("is the external journal (jbd) of ext4"), reason
    else:
        assert "a leftover of an earlier run on this practice disk" in reason, reason


def test_a_spare_no_configuration_uses_is_never_wiped(lab, run_destructive, tmp_path):
    """ext4-atime-writes has no external journal: the lab spare is not the run's to touch, so its
    leftover journal stays, whatever the run does with the data partition."""
    data, spare = lab.pairs()[0]
    orphan_journal(run_destructive, spare, "jbd", data)
    run = fstune("run", "--study", "ext4-atime-writes", "--lab", str(lab.directory), "--workloads", "none", "--yes",
                 tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr + run.stdout
    assert "re-initialised" not in run.stderr and "Done:" in run.stdout
    assert blkid(spare, "TYPE") == "jbd" and blkid(data, "TYPE") == "ext4"


def test_an_unused_journal_that_is_not_the_lab_s_is_refused_once_with_the_command(lab, tmp_path):
    image = tmp_path / "journal.img"
    with open(image, "wb") as handle:
        handle.truncate(64 * 1024 * 1024)
    # made in the file before it is attached: no block device is written to
    subprocess.run(["mke2fs", "-q", "-F", "-b", "4096", "-O", "journal_dev", str(image)], check=True,
                   capture_output=True, env={**os.environ, "PATH": SBIN})
    loop = subprocess.run(["losetup", "--find", "--show", str(image)], capture_output=True, text=True,
                          check=True).stdout.strip()
    try:
        settle(loop)
        uuid = blkid(loop, "UUID")
        run = fstune("run", "--study", "ext4-external-journal", "--device", lab.disks[0].data, "--log-device", loop,
                     "--workloads", "none", "--yes", tmp_path=tmp_path)
        assert run.returncode == 2 and "Traceback" not in run.stderr
        assert run.stderr.count(f"{loop} cannot be the journal/log device: is the external journal (jbd") == 1
        assert run.stderr.count("not attached here") == 1
        assert f"`blkid -t EXT_JOURNAL={uuid}` lists none" in run.stderr
        assert f"free it with `wipefs --all {loop}`" in run.stderr
        assert "re-initialised" not in run.stderr and blkid(loop, "TYPE") == "jbd"  # not ours: untouched
        assert labmod.reinit_orphans([loop]) == [] and blkid(loop, "TYPE") == "jbd"
    finally:
        subprocess.run(["losetup", "--detach", loop], capture_output=True)


# --- the wizard -----------------------------------------------------------------------------------


def wizard_services(lab_dir: Path, *, requested: bool):
    from fstune.devices import scan_lab_only
    from fstune.screens.state import LabControl, Services
    from fstune.studies import load_studies
    from test_tui_wizard import fixed_capabilities

    return Services(scan=partial(scan_lab_only, lab_dir), studies=load_studies, make_runner=None,
                    open_store=None, is_root=True, dry_run=False, capabilities=fixed_capabilities,
                    lab=LabControl(lab_dir, requested=requested))


def notifications(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.mark.parametrize("requested", [True, False], ids=["fstune --lab", "fstune"])
async def test_the_wizard_wipes_the_lab_spare_it_suggests(lab, run_destructive, requested):
    from textual.widgets import Select

    from fstune.screens.app import make_app
    from test_tui_run import wait_for
    from test_tui_wizard import settle as settle_app

    data, spare = lab.pairs()[0]
    orphan_journal(run_destructive, spare, "jbd", data)
    app = make_app(wizard_services(lab.directory, requested=requested))
    said = f"Re-initialised {spare}, a practice lab disk"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle_app(pilot)
        if requested:  # at once, before anything is chosen
            await wait_for(pilot, lambda: any(said in n for n in notifications(app)), timeout=30,
                           what="the re-initialised note")
            await wait_for(pilot, lambda: app.inventory.get(spare).verdict.status == USABLE, timeout=30,
                           what="the spare usable")
        else:
            assert app.inventory.get(spare).verdict.status == LOCKED  # untouched until the lab is used
        app.state.target = data
        await pilot.press("ctrl+n")
        await settle_app(pilot)
        options = app.screen.query_one("#study-list")
        options.highlighted = options.get_option_index("ext4-external-journal")
        await pilot.press("ctrl+n")
        await settle_app(pilot)
        await wait_for(pilot, lambda: app.screen.query_one("#log", Select).value == spare, timeout=30,
                       what="the spare suggested")
        assert app.screen.query_one("#target", Select).value == data
        assert sum(said in n for n in notifications(app)) == 1
    assert blkid(spare, "TYPE") == ""
