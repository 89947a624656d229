"""The device a run protects is the device the user chose (docs/safety.md, "The device you chose").

A disk swapped in under the chosen name after the choice (the same /dev/loopN, another image with
the same layout but other PARTUUIDs) is refused when the identities are recorded, by the run
session, by ``fstune run`` and by the wizard's Review step, before anything is written; and a
lock this process holds on a disk node that was replaced is taken again on the current node.
"""

from __future__ import annotations

import contextlib
import os
import stat
import subprocess
from functools import partial
from pathlib import Path

import pytest

import fstune.cli.run as cli_run
from fstune import devlock
from fstune.cli import main
from fstune.devices import scan, scan_lab_only
from fstune.errors import UnsafeDeviceError
from fstune.plan import Choices, build_plan, resolve_device
from fstune.runner import Runner, read_identity
from fstune.session import RunSession
from fstune.units import format_size
from conftest import study_text, settle_devices
from test_runner_real import blkid, study

pytestmark = pytest.mark.loopdev


@contextlib.contextmanager
def another_disk_in_its_place(disk, tmp_path: Path):
    """Detach the lab disk's loop device and attach another image under the very same /dev/loopN:
    the same partition sizes, new PARTUUIDs, another backing file, as a disk plugged in under the
    chosen name would be. Detaches that image again afterwards, whatever happened."""
    other = tmp_path / "other-disk.img"
    with open(other, "wb") as handle:
        handle.truncate(os.path.getsize(disk.backing_file))
    layout = f"label: gpt\nsize={disk.data_size // 512}, type=L\nsize={disk.spare_size // 512}, type=L\n"
    subprocess.run(["sfdisk", "-q", str(other)], input=layout, text=True, check=True)
    subprocess.run(["losetup", "-d", disk.loop], check=True)
    attached = subprocess.run(["losetup", "-P", disk.loop, str(other)], capture_output=True, text=True)
    try:
        if attached.returncode != 0:
            pytest.fail(f"could not attach another image as {disk.loop}: {attached.stderr.strip()}")
        settle_devices(disk.loop, timeout=30)  # this loop's events, no other disk's
        if not Path(disk.data).exists():  # some kernels do not scan the table on attach
            subprocess.run(["partx", "--add", disk.loop], capture_output=True, check=False)
            settle_devices(disk.loop, disk.data, timeout=30)
        yield other
    finally:
        backing = Path(f"/sys/block/{Path(disk.loop).name}/loop/backing_file")
        if backing.exists() and backing.read_text().strip() == str(other):  # only what this test attached
            subprocess.run(["losetup", "-d", disk.loop], check=False)


def chosen_plan(tmp_path: Path, data: str):
    """The plan for ``data`` chosen from a real scan, as ``fstune run`` and the wizard make it."""
    the_study = study("ext4")
    choice = resolve_device(data, the_study, "target", None, scan())
    assert choice.majmin and choice.partuuid and choice.backing_file  # what the check compares
    return build_plan(Choices(the_study, choice, run_id="t", workloads=(), repeats=1,
                              mount_root=str(tmp_path / "run"), work_root=str(tmp_path / "work")))


def assert_refusal_names_both(message: str, choice, data: str) -> None:
    assert f"{data} is not the device you chose" in message, message
    assert f"its PARTUUID is now {read_identity(data).partuuid}, was {choice.partuuid}" in message
    assert f"When you chose it: {format_size(choice.size)}, PARTUUID {choice.partuuid}" in message
    assert "it is now backed by" in message and choice.backing_file in message


def test_a_disk_swapped_in_after_the_choice_cannot_become_the_run_s_baseline(tmp_path, lab):
    disk = lab.disks[0]
    plan = chosen_plan(tmp_path, disk.data)
    session = RunSession(plan, open_store=None, scan=None)
    assert session.record_identities()[disk.data].partuuid == plan.choices.target.partuuid  # unchanged: fine
    with another_disk_in_its_place(disk, tmp_path):
        now = read_identity(disk.data)
        assert now.size == plan.choices.target.size  # the size alone would not tell them apart
        with pytest.raises(UnsafeDeviceError) as refused:
            session.record_identities()
        assert_refusal_names_both(refused.value.message, plan.choices.target, disk.data)
        # a runner given no baseline records it with the same check, before any step
        with pytest.raises(UnsafeDeviceError):
            Runner(plan, log_dir=tmp_path / "logs")
        assert blkid(disk.data, "TYPE") == ""  # nothing was written to the disk now there


def test_fstune_run_refuses_a_disk_swapped_in_after_it_built_the_choices(tmp_path, lab, monkeypatch, capsys):
    disk = lab.disks[0]
    study_path = tmp_path / "swap.toml"
    study_path.write_text(study_text("ext4", title="swapped"))
    swapped = contextlib.ExitStack()
    swaps = []
    real_build_plan = cli_run.build_plan

    def build_plan_after_a_swap(choices):
        # the choices were made from the scan; the disk changes before the run records it
        if not swaps:
            swaps.append(swapped.enter_context(another_disk_in_its_place(disk, tmp_path)))
        return real_build_plan(choices)

    monkeypatch.setattr(cli_run, "build_plan", build_plan_after_a_swap)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    with swapped:
        code = main(["run", "--study", str(study_path), "--device", disk.data, "--workloads", "none", "--yes",
                     "--run-id", f"swap-{os.getpid()}"])
        out, err = capsys.readouterr()
        assert swaps and code == 3, out + err
        assert f"{disk.data} is not the device you chose" in err and "PARTUUID" in err, err
        assert "Format" not in out
        assert blkid(disk.data, "TYPE") == ""
    assert not devlock.holds(disk.loop)  # the command let its locks go


@contextlib.contextmanager
def node_replaced(path: str):
    """Replace the /dev node of ``path`` with a new one for the same device number: what a disk
    that went away and came back under the same name and number gets (a new node, a new inode).
    The original node is put back afterwards."""
    st = os.stat(path)
    old = f"{path}.fstune-test-{os.getpid()}"
    os.rename(path, old)
    try:
        os.mknod(path, stat.S_IFBLK | stat.S_IMODE(st.st_mode), st.st_rdev)
        os.chown(path, st.st_uid, st.st_gid)
        yield
    finally:
        os.replace(old, path)


def flock_free(path: str) -> bool:
    """Another process can lock ``path`` at once (util-linux flock, which fstune's lock follows)."""
    return subprocess.run(["flock", "-n", "-x", path, "true"], capture_output=True).returncode == 0


def test_a_held_lock_on_a_replaced_disk_node_is_taken_again_on_the_new_node(lab):
    disk = lab.disks[0]
    locks = devlock.lock_devices([disk.data], run_id="replug")
    try:
        with node_replaced(disk.loop):
            assert flock_free(disk.loop)  # the lock held is on the old node: it protects nothing now
            adopted = devlock.lock_devices([disk.data], run_id="replug")
            assert adopted is locks and locks.disks == {disk.major_minor: disk.loop}
            assert not flock_free(disk.loop)  # the current node is locked now
            held = devlock.holder_of(disk.loop)
            assert (held.run_id, held.pid) == ("replug", os.getpid()), held
            assert devlock.lock_devices([disk.data], run_id="replug") is locks  # still the same node: adopted
    finally:
        locks.release()
    # released; udev may be reading the disk a moment (it just changed), so wait for it
    assert subprocess.run(["flock", "-w", "20", "-x", disk.loop, "true"]).returncode == 0


async def test_review_records_the_chosen_devices_and_refuses_one_swapped_in_since(tmp_path, lab, monkeypatch):
    from textual.widgets import Static

    from fstune.screens.app import make_app
    from fstune.screens.state import Services
    from fstune.studies import load_studies
    from test_tui_lab import words
    from test_tui_run import wait_for
    from test_tui_wizard import fixed_capabilities, settle, to_review

    disk = lab.disks[0]
    data = disk.data
    # Review runs the run's checks: leftovers are looked for here, not among other runs' on the machine
    monkeypatch.setattr("fstune.session.find_leftovers", lambda _root: [])

    services = Services(scan=partial(scan_lab_only, lab.directory), studies=load_studies, make_runner=None,
                        open_store=None, is_root=True, capabilities=fixed_capabilities, checks=True)
    app = make_app(services)
    started = []

    def start_run(plan, session=None):
        started.append(session.identities)
        session.close()  # as the runner does with the locks it adopted, after its cleanup

    monkeypatch.setattr(app, "start_run", start_run)

    with contextlib.ExitStack() as swapped:
        async with app.run_test(size=(100, 30)) as pilot:
            await to_review(pilot, "ext4-atime-writes", data, None, run_id="tui-identity")
            review = app.screen
            await wait_for(pilot, lambda: review.query_one("#row-target").display, what="the plan")
            assert review.identities[data] == read_identity(data)  # recorded here, while locked
            review.query_one("#confirm-target").value = Path(data).name
            await pilot.press("ctrl+n")
            await settle(pilot)
            assert started == [review.identities]  # the run starts from this baseline

            await pilot.press("ctrl+b")  # to Workloads: the locks go
            await settle(pilot)
            swapped.enter_context(another_disk_in_its_place(disk, tmp_path))
            await pilot.press("ctrl+n")  # Review again, for the device chosen before the swap
            await settle(pilot)
            message = review.query_one("#confirm-message", Static)
            await wait_for(pilot, lambda: "Cannot start" in words(message), what="the refusal")
            assert f"{data} is not the device you chose" in words(message)
            assert not review.query_one("#row-target").display  # nothing to confirm
            assert not devlock.holds(data)  # the refusal let the locks go
            await pilot.press("ctrl+n")  # Start: refused again, no run
            await settle(pilot)
            assert len(started) == 1 and "Cannot start" in words(message)
        assert blkid(data, "TYPE") == ""
