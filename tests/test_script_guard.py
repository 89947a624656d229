"""The saved script's guard rails, run for real on lab disks: before it writes, the device must
still be the one reviewed, unused and unlocked; otherwise it stops before any write.

The scripts are planned as the wizard and `fstune plan` plan them (the device resolved from
the live inventory), then the world changes under them: the loop device is swapped for another
backing file, its partition is mounted, another fstune holds its disk.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fstune import devlock
from fstune.devices import scan
from fstune.plan import Choices, build_plan, render_script, resolve_device
from fstune.studies import parse_study
from conftest import settle_devices

pytestmark = pytest.mark.loopdev

STUDY = '''title = "guard"
summary = "s"
explanation = "e"
[[configurations]]
name = "base"
title = "ext4"
filesystem = "ext4"
[[configurations]]
name = "noatime"
title = "ext4, noatime"
filesystem = "ext4"
mount_options = "noatime"
'''


def saved_script(tmp_path: Path, device: str) -> Path:
    """The dry-run script for ``device``, planned from the machine as it is now."""
    study = parse_study(STUDY, "guard.toml")
    choice = resolve_device(device, study, "target", None, scan())
    assert choice.majmin and choice.backing_file  # what the script will check again
    choices = Choices(study, choice, workloads=(), repeats=1, run_id="guard",
                      mount_root=str(tmp_path / "mnt"), work_root=str(tmp_path / "work"))
    script = tmp_path / "plan.sh"
    script.write_text(render_script(build_plan(choices)))
    return script


def run(script: Path, run_destructive, device: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    return run_destructive(["bash", str(script)], [device], check=False, env=env, timeout=300)


def digest(path: Path) -> str:
    sha = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            sha.update(chunk)
    return sha.hexdigest()


@pytest.mark.parametrize("other_size", ["600M", "1G"], ids=["other-size", "same-size"])
def test_a_swapped_loop_device_is_refused_before_any_write(tmp_path, run_destructive, make_lab, other_size):
    planned = make_lab(disks=1, size="1G", spare_size="64M")
    other = make_lab(disks=1, size=other_size, spare_size="64M")
    data = planned.disks[0].data
    script = saved_script(tmp_path, data)
    # the swap: the same /dev/loopN now serves the other lab's file, with its own partitions
    loop, their_loop = planned.disks[0].loop, other.disks[0].loop
    their_file = Path(subprocess.run(["losetup", "-nO", "BACK-FILE", their_loop], capture_output=True,
                                     text=True, check=True).stdout.strip())
    subprocess.run(["losetup", "-d", their_loop], check=True)
    subprocess.run(["losetup", "-d", loop], check=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the kernel frees the node once its last user let go
        attach = subprocess.run(["losetup", "--partscan", "--direct-io=on", loop, str(their_file)],
                                capture_output=True, text=True)
        if attach.returncode == 0:
            break
        time.sleep(0.2)
    else:
        pytest.fail(f"could not attach {their_file} to {loop}: {attach.stderr}")
    # the kernel's own scan at attach time can lose the race with udev's probe: add them by hand
    subprocess.run(["partx", "-a", loop], capture_output=True, check=False)
    settle_devices(loop, data)  # this loop's events, no other disk's
    assert Path(data).exists(), "the swapped disk has no partition at the planned path"
    before = digest(their_file)
    result = run(script, run_destructive, data)
    assert result.returncode == 3, result.stdout + result.stderr
    assert f"fstune: refusing to write to {data}:" in result.stderr
    assert "the plan was made for" in result.stderr
    assert "mke2fs" not in result.stdout + result.stderr  # mkfs never started
    assert digest(their_file) == before  # not one byte of the other disk changed


@pytest.mark.parametrize("mkfs", [["mkfs.ext4", "-q", "-F"], ["mkfs.btrfs", "-q", "-f"]], ids=["ext4", "btrfs"])
def test_a_mounted_target_is_refused(tmp_path, run_destructive, make_lab, mkfs):
    # btrfs's mountinfo line carries an anonymous device number, not the partition's: only its
    # source names the device
    lab = make_lab(disks=1, size="600M", spare_size="64M")
    data = lab.disks[0].data
    run_destructive([*mkfs, data], data)
    settle_devices(data)
    script = saved_script(tmp_path, data)  # planned while unmounted (a confirm device)
    mountpoint = tmp_path / "elsewhere"
    mountpoint.mkdir()
    subprocess.run(["mount", data, str(mountpoint)], check=True)
    try:
        result = run(script, run_destructive, data)
    finally:
        subprocess.run(["umount", str(mountpoint)], check=True)
    assert result.returncode == 3, result.stdout + result.stderr
    assert f"is mounted on {mountpoint}" in result.stderr
    assert "mke2fs" not in result.stdout + result.stderr  # refused before mkfs started


def test_a_disk_another_fstune_holds_is_refused_at_once(tmp_path, run_destructive, make_lab):
    lab = make_lab(disks=1, size="600M", spare_size="64M")
    data = lab.disks[0].data
    script = saved_script(tmp_path, data)
    locks = devlock.lock_devices([data], run_id="other-run")
    try:
        result = run(script, run_destructive, data)
    finally:
        locks.release()
    assert result.returncode == 3
    assert f"is locked by fstune run (pid {os.getpid()})" in result.stderr


def test_a_log_device_the_plan_does_not_use_is_neither_checked_nor_locked(tmp_path, run_destructive, make_lab):
    """`fstune plan --study btrfs-options … --log-device X` says X is not used: the script (and a
    real run) must leave X alone, so it runs while another process holds X's disk."""
    from fstune.runner import plan_devices
    from fstune.studies import find_study

    lab = make_lab(disks=2, size="1G", spare_size="256M")  # a spare Btrfs would accept, were it used
    data, spare = lab.disks[0].data, lab.disks[1].spare  # the spare on the other disk
    study = find_study("btrfs-options")
    inventory = scan()
    choices = Choices(study, resolve_device(data, study, "target", None, inventory),
                      resolve_device(spare, study, "log", None, inventory, partner=data), workloads=(), repeats=1,
                      run_id="unused-log", mount_root=str(tmp_path / "mnt"), work_root=str(tmp_path / "work"))
    plan = build_plan(choices)
    assert f"{spare} is not used: no configuration of 'btrfs-options' has an external journal." in plan.warnings
    assert plan_devices(plan) == [data]  # what a real run records and locks
    text = render_script(plan)
    assert f"fstune_check_device {data} " in text and f"fstune_check_device {spare}" not in text
    script = tmp_path / "plan.sh"
    script.write_text(text)
    locks = devlock.lock_devices([spare], run_id="other-run")  # X's whole disk, held by another process
    try:
        result = run(script, run_destructive, data)
    finally:
        locks.release()
    assert result.returncode == 0, result.stderr[-3000:]
    assert "fstune: plan finished" in result.stdout


def test_a_target_unmounted_during_a_step_takes_no_write_below_its_mountpoint(tmp_path, run_destructive, make_lab):
    """The script keeps a mountpoint's directory immutable underneath, as a run does: a write
    after `umount -l` fails (the script stops), nothing is left, and its cleanup removes the
    directory."""
    lab = make_lab(disks=1, size="600M", spare_size="64M")
    data = lab.disks[0].data
    study = parse_study(STUDY, "guard.toml")
    choice = resolve_device(data, study, "target", None, scan())
    writer = "sh -c 'touch started; sleep 3; dd if=/dev/zero of=$PWD/data bs=1M count=4 conv=fsync status=none'"
    choices = Choices(study, choice, workloads=("command",), workload_params={"command": {"command": writer}},
                      repeats=1, run_id="guard", mount_root=str(tmp_path / "mnt"), work_root=str(tmp_path / "work"))
    plan = build_plan(choices)
    base = plan.configs[0].mountpoint
    script = tmp_path / "plan.sh"
    script.write_text(render_script(plan))
    assert f"fstune_seal {base}" in script.read_text() and f"fstune_unseal {base}" in script.read_text()
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    # run_destructive's checks, then the script in the background so the test can unmount
    run_destructive(["true"], [data])
    child = subprocess.Popen(["bash", str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env)
    try:
        # once the measured step (the sleeping command) has started, pull the filesystem away
        deadline = time.monotonic() + 120
        while not os.path.exists(f"{base}/started") and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.05)
        subprocess.run(["umount", "-l", base], check=True)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode != 0
    assert "Operation not permitted" in out + err
    assert not Path(base).exists() and not (tmp_path / "mnt" / "guard").exists()
