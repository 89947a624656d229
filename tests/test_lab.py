"""The loop-device lab and the lab-only write guard.

The first half runs anywhere (recorded sysfs/proc trees, argument checks); the ``loopdev``
half attaches real loop devices, mounts real filesystems on them, kills a real ``lab up``
midway and checks that ``lab down`` leaves nothing behind.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from fstune import lab as labmod
from fstune.lab import down as labdown
from fstune.lab import files as labfiles
from fstune.lab import kernel as labkernel
from fstune.errors import FstuneError, UnsafeDeviceError, UsageError

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024**2


# --------------------------------------------------------------------------------------------
# helpers


def lab_loops(directory: Path) -> list[str]:
    """Loop devices the kernel has bound to lab files of ``directory`` (read straight from sysfs)."""
    directory = Path(directory).resolve()
    found = []
    for node in sorted(Path("/sys/block").glob("loop*")):
        try:
            backing = (node / "loop" / "backing_file").read_text().strip()
        except OSError:
            continue
        backing = backing.removesuffix(" (deleted)")
        if Path(backing).parent == directory and labmod.BACKING_RE.match(Path(backing).name):
            found.append(f"/dev/{node.name}")
    return found


def parent_disk(partition: str) -> str:
    """/dev/loop3 for /dev/loop3p2, by sysfs (not by string surgery)."""
    name = Path(partition).name
    return "/dev/" + Path(f"/sys/class/block/{name}").resolve().parent.name


def real_disk() -> str | None:
    """A block device that is certainly not a lab's: the disk holding /, or any non-loop disk."""
    candidates = []
    dev = os.stat("/").st_dev
    sys_node = Path(f"/sys/dev/block/{os.major(dev)}:{os.minor(dev)}")
    if sys_node.exists():
        candidates.append(sys_node.resolve().name)
    candidates += sorted(p.name for p in Path("/sys/block").iterdir() if not p.name.startswith(("loop", "ram")))
    for name in candidates:
        if Path(f"/dev/{name}").exists():
            return f"/dev/{name}"
    return None


def _full_cli_available() -> bool:
    """`python -m fstune` builds every sub-command; while some are not written yet it cannot."""
    from fstune.cli import COMMANDS

    sys.path.insert(0, str(ROOT))
    try:
        return all(importlib.util.find_spec(f"fstune.cli.{name}") for name in COMMANDS)
    finally:
        sys.path.remove(str(ROOT))


# Used only while other sub-command modules are missing: the same `fstune lab` parser and the
# same error printing as fstune.cli.main, without importing the absent modules.
_LAB_ONLY_CLI = textwrap.dedent("""
    import argparse, sys
    from fstune.cli import _Formatter, report_error
    from fstune.cli import lab
    from fstune.errors import FstuneError
    parser = argparse.ArgumentParser(prog="fstune")
    lab.add_parser(parser.add_subparsers(dest="command"), _Formatter)
    args = parser.parse_args(sys.argv[1:])
    try:
        sys.exit(args.func(args))
    except FstuneError as error:
        report_error(error)
        sys.exit(error.exit_code)
""")


def fstune_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120"}
    if _full_cli_available():
        argv = [sys.executable, "-m", "fstune", *args]
    else:
        argv = [sys.executable, "-c", _LAB_ONLY_CLI, *args]
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=timeout, cwd=ROOT)


# --------------------------------------------------------------------------------------------
# anywhere: the guard switch, argument checks, recorded kernel views


def test_guard_is_on_for_the_whole_session(monkeypatch):
    assert os.environ["FSTUNE_LAB_ONLY"] == "1"
    assert labmod.guard_enabled()
    monkeypatch.setenv("FSTUNE_LAB_ONLY", "0")
    assert not labmod.guard_enabled()
    monkeypatch.delenv("FSTUNE_LAB_ONLY")
    assert not labmod.guard_enabled()
    labmod.guard_device("/nonexistent/anything")  # guard off: no check at all


def test_guard_device_checks_when_enabled():
    with pytest.raises(UnsafeDeviceError):
        labmod.guard_device("/nonexistent/anything")


def test_guard_refuses_paths_that_are_not_block_devices(tmp_path):
    plain = tmp_path / "fstune-lab-disk1.img"
    plain.write_bytes(b"\0" * 4096)
    (tmp_path / labmod.MANIFEST_NAME).write_text("{}")
    cases = {
        str(tmp_path / "missing"): "does not exist",
        str(plain): "not a block device",  # even a lab backing file itself: it is not a device
        "/dev/null": "not a block device",
    }
    for path, why in cases.items():
        with pytest.raises(UnsafeDeviceError, match=why) as info:
            labmod.assert_lab_device(path)
        assert info.value.exit_code == 3
        assert "FSTUNE_LAB_ONLY" in info.value.hint


def test_guard_refuses_the_real_disk():
    disk = real_disk()
    if disk is None:
        pytest.skip("no block device node for a real disk here")
    with pytest.raises(UnsafeDeviceError, match="not a loop device"):
        labmod.assert_lab_device(disk)


def test_is_lab_backing_file_needs_name_and_manifest(tmp_path):
    disk = tmp_path / "fstune-lab-disk1.img"
    assert not labmod.is_lab_backing_file(disk)  # no manifest beside it
    (tmp_path / labmod.MANIFEST_NAME).write_text("{}")
    assert labmod.is_lab_backing_file(disk)
    assert labmod.is_lab_backing_file(f"{disk} (deleted)")
    assert not labmod.is_lab_backing_file(tmp_path / "disk1.img")
    assert not labmod.is_lab_backing_file(None)


@pytest.mark.parametrize(
    ("disks", "size", "spare", "match"),
    [
        (0, "1G", "256M", "1 to 16 disks"),
        (17, "1G", "256M", "1 to 16 disks"),
        (True, "1G", "256M", "1 to 16 disks"),
        (2, "400M", "256M", "less than 300 MiB"),
        (2, "1G", "16M", "too small for an external log"),
        (2, "lots", "256M", "not a size"),
    ],
)
def test_lab_up_rejects_bad_shapes_before_touching_anything(tmp_path, disks, size, spare, match):
    with pytest.raises(UsageError, match=match):
        labmod.lab_up(disks, size, tmp_path / "lab", spare)
    assert not (tmp_path / "lab").exists()


def test_lab_up_needs_root(monkeypatch, tmp_path):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(FstuneError) as info:
        labmod.lab_up(directory=tmp_path / "lab")
    assert info.value.message == "fstune lab needs root to attach loop devices; run it with sudo."
    assert not (tmp_path / "lab").exists()


def test_lab_up_names_the_package_of_a_missing_tool(monkeypatch, tmp_path):
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setenv("PATH", str(tmp_path))  # no tools at all
    monkeypatch.setattr(labkernel, "EXTRA_PATH", str(tmp_path))
    with pytest.raises(FstuneError, match="losetup is not installed") as info:
        labmod.lab_up(directory=tmp_path / "lab")
    assert "util-linux" in info.value.hint
    assert not (tmp_path / "lab").exists()


@pytest.mark.parametrize(("count", "expected"), [(1, [0]), (2, [1, 0]), (3, [1, 2, 0])])
def test_spares_go_round_robin(count, expected):
    assert [labmod.serving_spare_index(i, count) for i in range(count)] == expected


def _fake_kernel(root: Path, lab_dir: Path) -> None:
    """A recorded /sys and /proc: one lab loop whose file was deleted, one plain loop, one idle."""
    block = root / "sys" / "block"
    loop7 = block / "loop7"
    (loop7 / "loop").mkdir(parents=True)
    (loop7 / "loop" / "backing_file").write_text(f"{lab_dir}/fstune-lab-disk1.img (deleted)\n")
    (loop7 / "dev").write_text("7:7\n")
    for number, (mm, sectors) in enumerate([("259:8", "1568768"), ("259:9", "524288")], start=1):
        part = loop7 / f"loop7p{number}"
        part.mkdir()
        (part / "partition").write_text(f"{number}\n")
        (part / "dev").write_text(f"{mm}\n")
        (part / "size").write_text(f"{sectors}\n")
    (block / "loop8" / "loop").mkdir(parents=True)
    (block / "loop8" / "loop" / "backing_file").write_text("/srv/images/debian.img\n")
    (block / "loop8" / "dev").write_text("7:8\n")
    (block / "loop9").mkdir()  # unbound: no loop/ directory
    proc = root / "proc" / "self"
    proc.mkdir(parents=True)
    (proc / "mountinfo").write_text(
        "22 1 254:0 / / rw,relatime - ext4 /dev/vda rw\n"
        "40 22 259:8 / /mnt/with\\040space rw,relatime - ext4 /dev/loop7p1 rw\n"
        "41 22 0:39 / /mnt/btrfs rw,relatime - btrfs /dev/loop7p2 rw,subvol=/\n"
    )
    (root / "proc" / "swaps").write_text("Filename\tType\tSize\tUsed\tPriority\n")


def test_status_from_a_recorded_kernel_sees_deleted_files_and_mounts(monkeypatch, tmp_path):
    lab_dir = tmp_path / "gone-lab"  # the directory does not even exist any more
    _fake_kernel(tmp_path, lab_dir)
    monkeypatch.setattr(labkernel, "SYS", tmp_path / "sys")
    monkeypatch.setattr(labkernel, "PROC", tmp_path / "proc")
    monkeypatch.setattr(labfiles, "DEFAULT_DIR", tmp_path / "default-lab")

    loops = labkernel.scan_loops()
    assert [(lp.name, lp.deleted, lp.directory) for lp in loops] == [("loop7", True, lab_dir)]
    assert labmod.find_labs() == [lab_dir]

    status = labmod.lab_status(lab_dir)
    assert status.exists and status.live and not status.manifest
    (disk,) = status.disks
    assert disk.loop == "/dev/loop7" and disk.backing_deleted and not disk.backing_present
    data, spare = disk.partitions
    # the mount point is unescaped; the ext4 mount matches by number, the Btrfs one (anonymous
    # 0:N device number) by its source
    assert data.mountpoints == ["/mnt/with space"]
    assert spare.mountpoints == ["/mnt/btrfs"]
    assert data.size == 1568768 * 512 and spare.size == 256 * MIB
    assert any("deleted" in w for w in status.warnings)
    assert any("not in the manifest" in w for w in status.warnings)
    assert json.loads(json.dumps(status.to_dict()))["disks"][0]["mounted"] is True


def test_status_of_an_empty_directory(tmp_path):
    status = labmod.lab_status(tmp_path)
    assert not status.exists and not status.live and status.disks == []


# --------------------------------------------------------------------------------------------
# real loop devices


def _sfdisk_json(device: str) -> dict:
    out = subprocess.run(["sfdisk", "--json", device], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["partitiontable"]


@pytest.mark.loopdev
def test_up_status_down_round_trip(udevd, tmp_path):
    directory = tmp_path / "lab"
    try:
        lab = labmod.lab_up(disks=2, size="1G", directory=directory, spare_size="256M")
        assert lab.warnings == [] or all("udev" in w for w in lab.warnings)
        assert sorted(lab_loops(directory)) == sorted(d.loop for d in lab.disks)
        for disk in lab.disks:
            backing = Path(disk.backing_file)
            assert backing.parent == directory.resolve() and labmod.BACKING_RE.match(backing.name)
            assert backing.stat().st_size == 1024 * MIB
            # preallocated: writes never pay for the host filesystem's block allocation
            assert backing.stat().st_blocks * 512 >= backing.stat().st_size
            table = _sfdisk_json(disk.loop)
            assert table["label"] == "gpt"
            names = [p.get("name") for p in table["partitions"]]
            assert names == ["fstune-data", "fstune-spare"]
            assert disk.spare_size == 256 * MIB
            assert disk.data_size >= 300 * MIB
            for path, mm in ((disk.data, disk.data_major_minor), (disk.spare, disk.spare_major_minor)):
                rdev = os.stat(path).st_rdev
                assert f"{os.major(rdev)}:{os.minor(rdev)}" == mm

        manifest = json.loads((directory / labmod.MANIFEST_NAME).read_text())
        assert manifest["state"] == "ready"
        assert [d["loop"] for d in manifest["disks"]] == [d.loop for d in lab.disks]
        assert manifest["pairs"] == [{"data": d, "spare": s} for d, s in lab.pairs()]
        assert labmod.load_lab(directory).pairs() == lab.pairs()

        status = labmod.lab_status(directory)
        assert status.live and not status.mounted and status.state == "ready"
        assert all(d.attached and d.backing_present and not d.backing_deleted for d in status.disks)
        assert [p.path for d in status.disks for p in d.partitions] == [
            p for d in lab.disks for p in (d.data, d.spare)
        ]
        assert directory.resolve() in labmod.find_labs()
    finally:
        report = labmod.lab_down(directory)
    assert report.found and sorted(report.detached) == sorted(d.loop for d in lab.disks)
    assert lab_loops(directory) == []
    assert not directory.exists()  # lab up made it, lab down removed it
    assert not labmod.lab_status(directory).exists
    assert not labmod.lab_down(directory).found  # idempotent


@pytest.mark.loopdev
def test_spare_serving_a_data_partition_is_on_another_disk(lab):
    spares = [spare for _data, spare in lab.pairs()]
    assert sorted(spares) == sorted(lab.spare_partitions)  # each spare serves exactly one
    for data, spare in lab.pairs():
        assert parent_disk(data) != parent_disk(spare)
    first, second = lab.disks
    assert first.data_spare == second.spare and second.data_spare == first.spare
    assert first.spare_serves == second.data and second.spare_serves == first.data


@pytest.mark.loopdev
def test_three_disks_go_round_robin(make_lab):
    lab = make_lab(disks=3, size="600M", spare_size="64M")
    disks = [d.loop for d in lab.disks]
    assert [(parent_disk(d), parent_disk(s)) for d, s in lab.pairs()] == [
        (disks[0], disks[1]), (disks[1], disks[2]), (disks[2], disks[0])
    ]
    assert all(d.spare_size == 64 * MIB for d in lab.disks)


@pytest.mark.loopdev
def test_one_disk_lab_warns_that_the_spare_shares_the_disk(make_lab):
    lab = make_lab(disks=1, size="600M", spare_size="64M")
    ((data, spare),) = lab.pairs()
    assert parent_disk(data) == parent_disk(spare)
    assert any("same disk" in w for w in lab.warnings)


@pytest.mark.loopdev
def test_refuses_a_second_lab_in_the_same_directory(lab):
    before = lab_loops(lab.directory)
    with pytest.raises(UsageError, match="already running") as info:
        labmod.lab_up(disks=1, size="600M", directory=lab.directory, spare_size="64M")
    assert "fstune lab down" in info.value.hint and "--dir" in info.value.hint
    assert lab_loops(lab.directory) == before
    assert labmod.load_lab(lab.directory).pairs() == lab.pairs()  # manifest untouched


@pytest.mark.loopdev
def test_refuses_a_stale_manifest_and_down_removes_it(udevd, tmp_path):
    directory = tmp_path / "stale"
    directory.mkdir()
    (directory / labmod.MANIFEST_NAME).write_text(json.dumps({"state": "ready", "disks": []}))
    (directory / "notes.txt").write_text("not the lab's")
    with pytest.raises(UsageError, match="no longer attached"):
        labmod.lab_up(disks=1, size="600M", directory=directory, spare_size="64M")
    report = labmod.lab_down(directory)
    assert report.found and report.detached == []
    assert not (directory / labmod.MANIFEST_NAME).exists()
    assert (directory / "notes.txt").exists()  # only the lab's own files go


def _run_child_until_paused(directory: Path, marker: Path) -> subprocess.Popen:
    """Start `lab up` in a child that pauses right after partitioning, before it finishes."""
    script = textwrap.dedent("""
        import signal, sys, time
        import fstune.lab as lab
        import fstune.lab.build as build
        # a shell's background job inherits SIGINT ignored; a terminal's Ctrl-C would not be
        signal.signal(signal.SIGINT, signal.default_int_handler)
        directory, marker = sys.argv[1], sys.argv[2]
        wait_for_partitions = build.wait_for_partitions
        def wait_then_pause(*args, **kwargs):
            found = wait_for_partitions(*args, **kwargs)
            open(marker, "w").close()
            time.sleep(600)
            return found
        build.wait_for_partitions = wait_then_pause
        lab.lab_up(disks=2, size="1G", directory=directory, spare_size="256M")
    """)
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(directory), str(marker)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 120
    while not marker.exists():
        if child.poll() is not None:
            raise AssertionError(f"lab up ended early: {child.communicate()}")
        if time.monotonic() > deadline:
            child.kill()
            raise AssertionError("lab up never reached the pause")
        time.sleep(0.05)
    return child


@pytest.mark.loopdev
def test_down_cleans_up_after_lab_up_was_killed_midway(udevd, tmp_path):
    directory = tmp_path / "killed"
    child = None
    try:
        child = _run_child_until_paused(directory, tmp_path / "paused")
        child.send_signal(signal.SIGKILL)  # no chance to clean up
        child.communicate(timeout=30)
        assert len(lab_loops(directory)) == 2
        manifest = json.loads((directory / labmod.MANIFEST_NAME).read_text())
        assert manifest["state"] == "creating"  # written first, never finished
        status = labmod.lab_status(directory)
        assert status.live and status.state == "creating"
        assert any("stopped before it finished" in w for w in status.warnings)
        with pytest.raises(FstuneError, match="never finished"):
            labmod.load_lab(directory)
        # the partitions exist, the lab is not finished: the guard still knows it is ours
        labmod.assert_lab_device(status.disks[0].partitions[0].path)
    finally:
        if child and child.poll() is None:
            child.kill()
            child.communicate()
        report = labmod.lab_down(directory)
    assert len(report.detached) == 2
    assert lab_loops(directory) == []
    assert not directory.exists()


@pytest.mark.loopdev
def test_ctrl_c_during_lab_up_rolls_back(udevd, tmp_path):
    directory = tmp_path / "interrupted"
    child = None
    try:
        child = _run_child_until_paused(directory, tmp_path / "paused")
        child.send_signal(signal.SIGINT)
        _out, err = child.communicate(timeout=60)
        assert "KeyboardInterrupt" in err
        assert lab_loops(directory) == []
        assert not directory.exists()
    finally:
        if child and child.poll() is None:
            child.kill()
            child.communicate()
        labmod.lab_down(directory)


@pytest.mark.loopdev
def test_deleted_backing_file_is_reported_and_down_still_cleans(lab, run_destructive, tmp_path, capsys):
    first = lab.disks[0]
    run_destructive(["mkfs.ext4", "-q", first.data], first.data)
    mountpoint = tmp_path / "mnt"
    mountpoint.mkdir()
    subprocess.run(["mount", first.data, str(mountpoint)], check=True)
    Path(first.backing_file).unlink()

    status = labmod.lab_status(lab.directory)
    disk1 = status.disks[0]
    assert disk1.attached and disk1.backing_deleted and not disk1.backing_present
    assert disk1.partitions[0].mountpoints == [str(mountpoint)]
    assert not status.disks[1].backing_deleted
    assert any("deleted" in w for w in status.warnings)
    # the manifest still sits beside the (deleted) file: the guard still accepts the device
    assert labmod.assert_lab_device(first.data) == Path(first.backing_file)
    # and what the user reads says so, on the disk's own row
    from fstune.cli import main

    assert main(["lab", "status", "--dir", str(lab.directory)]) == 0
    shown = capsys.readouterr().out
    rows = [line for line in shown.splitlines() if f" {first.loop.removeprefix('/dev/')} " in line]
    assert rows and "deleted" in rows[0], shown
    assert f"was deleted while {first.loop} still uses it" in shown

    report = labmod.lab_down(lab.directory)
    assert report.unmounted == [str(mountpoint)]
    assert sorted(report.detached) == sorted(d.loop for d in lab.disks)
    assert lab_loops(lab.directory) == []
    assert str(mountpoint) not in Path("/proc/self/mountinfo").read_text()


@pytest.mark.loopdev
def test_down_unmounts_lab_filesystems_only(lab, run_destructive, tmp_path):
    first, second = lab.disks
    # ext4 with its journal on the other disk's spare, and Btrfs (anonymous 0:N in mountinfo)
    run_destructive(["mkfs.ext4", "-q", "-O", "journal_dev", "-b", "4096", second.spare], second.spare)
    run_destructive(
        ["mkfs.ext4", "-q", "-b", "4096", "-J", f"device={second.spare}", first.data], first.data
    )
    run_destructive(["mkfs.btrfs", "-q", second.data], second.data)
    ext4, btrfs, other = tmp_path / "ext4", tmp_path / "btrfs", tmp_path / "other"
    for path in (ext4, btrfs, other):
        path.mkdir()
    subprocess.run(["mount", first.data, str(ext4)], check=True)
    subprocess.run(["mount", second.data, str(btrfs)], check=True)
    subprocess.run(["mount", "-t", "tmpfs", "fstune-test", str(other)], check=True)
    try:
        status = labmod.lab_status(lab.directory)
        assert status.mounted
        report = labmod.lab_down(lab.directory)
        assert sorted(report.unmounted) == sorted([str(ext4), str(btrfs)])
        mountinfo = Path("/proc/self/mountinfo").read_text()
        assert f" {other} " in mountinfo  # not a lab device: left alone
        assert f" {ext4} " not in mountinfo and f" {btrfs} " not in mountinfo
        assert lab_loops(lab.directory) == []
    finally:
        subprocess.run(["umount", str(other)], check=False)


@pytest.mark.loopdev
def test_down_keeps_what_is_still_in_use_and_finishes_later(lab, monkeypatch):
    monkeypatch.setattr(labdown, "DETACH_TIMEOUT", 1.0)
    first, second = lab.disks
    holder = os.open(first.spare, os.O_RDONLY)  # like a filesystem elsewhere using it as its log
    try:
        with pytest.raises(FstuneError, match="still in use") as info:
            labmod.lab_down(lab.directory)
        assert first.loop in info.value.message and second.loop not in info.value.message
        assert "lab down" in info.value.hint
        # the busy disk keeps its file and the manifest; the free one is gone
        assert lab_loops(lab.directory) == [first.loop]
        assert Path(first.backing_file).exists() and not Path(second.backing_file).exists()
        assert (lab.directory / labmod.MANIFEST_NAME).exists()
        labmod.assert_lab_device(first.spare)  # still guarded as a lab device
    finally:
        os.close(holder)
    # the kernel lets go of the device once it is closed (losetup marked it for auto-clear);
    # a second `down` then removes what is left
    report = labmod.lab_down(lab.directory)
    assert lab_loops(lab.directory) == []
    assert str(lab.directory / labmod.MANIFEST_NAME) in report.removed
    assert not lab.directory.exists()


@pytest.mark.loopdev
def test_guard_accepts_lab_devices(shared_lab, tmp_path):
    for disk in shared_lab.disks:
        for path in (disk.loop, disk.data, disk.spare):
            assert labmod.assert_lab_device(path) == Path(disk.backing_file)
    link = tmp_path / "data-link"
    link.symlink_to(shared_lab.disks[0].data)
    assert labmod.assert_lab_device(link) == Path(shared_lab.disks[0].backing_file)


@pytest.mark.loopdev
def test_guard_refuses_a_symlink_to_a_real_disk(tmp_path):
    disk = real_disk()
    if disk is None:
        pytest.skip("no block device node for a real disk here")
    link = tmp_path / "innocent-name"
    link.symlink_to(disk)
    with pytest.raises(UnsafeDeviceError):
        labmod.assert_lab_device(link)


@pytest.mark.loopdev
@pytest.mark.parametrize("name", ["plain.img", "fstune-lab-disk1.img"])
def test_guard_refuses_a_loop_device_that_is_not_a_labs(udevd, tmp_path, name):
    # a lab-looking file name is not enough: without the manifest beside it, it is not a lab
    image = tmp_path / name
    with open(image, "wb") as handle:
        handle.truncate(64 * MIB)
    loop = subprocess.run(
        ["losetup", "--find", "--show", "--partscan", str(image)], capture_output=True, text=True, check=True
    ).stdout.strip()
    try:
        with pytest.raises(UnsafeDeviceError, match="not an fstune lab disk"):
            labmod.assert_lab_device(loop)
    finally:
        subprocess.run(["losetup", "--detach", loop], check=True)
    with pytest.raises(UnsafeDeviceError):  # now an unbound loop device
        labmod.assert_lab_device(loop)


@pytest.mark.loopdev
def test_run_destructive_refuses_before_running(shared_lab, run_destructive, tmp_path):
    disk = real_disk()
    marker = tmp_path / "ran"
    with pytest.raises(UnsafeDeviceError):
        run_destructive(["touch", str(marker)], disk or "/dev/vda")
    # the guarded device is a lab's, but the argv names another device
    if disk:
        with pytest.raises(UnsafeDeviceError):
            run_destructive(["touch", str(marker), disk], shared_lab.disks[0].data)
    with pytest.raises(TypeError):
        run_destructive(f"touch {marker}", shared_lab.disks[0].data)
    assert not marker.exists()
    done = run_destructive(["wipefs", "--no-act", shared_lab.disks[0].data], shared_lab.disks[0].data)
    assert done.returncode == 0


# --------------------------------------------------------------------------------------------
# the command line


def test_cli_help_explains_the_lab():
    result = fstune_cli("lab", "--help")
    assert result.returncode == 0, result.stderr
    assert "fstune-spare" in result.stdout and "round-robin" in result.stdout
    up = fstune_cli("lab", "up", "--help")
    assert "--spare-size" in up.stdout and "--disks" in up.stdout


def test_cli_status_without_a_lab(tmp_path):
    result = fstune_cli("lab", "status", "--dir", str(tmp_path))
    assert result.returncode == 0
    assert "No fstune lab" in result.stdout
    as_json = fstune_cli("lab", "status", "--dir", str(tmp_path), "--json")
    assert json.loads(as_json.stdout) == {"labs": []}


def test_cli_rejects_a_bad_disk_count(tmp_path):
    result = fstune_cli("lab", "up", "--disks", "0", "--dir", str(tmp_path / "lab"))
    assert result.returncode == 2
    assert "1 to 16 disks" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.loopdev
def test_cli_up_status_down(udevd, tmp_path):
    directory = tmp_path / "cli-lab"
    try:
        up = fstune_cli("lab", "up", "--dir", str(directory), "--size", "1G")
        assert up.returncode == 0, up.stderr
        lab = labmod.load_lab(directory)  # the process that made it has exited
        for data, spare in lab.pairs():
            assert f"{data}  ←  {spare}" in up.stdout
        assert f"fstune lab down --dir {directory}" in up.stdout
        assert "fstune plan" in up.stdout

        again = fstune_cli("lab", "up", "--dir", str(directory))
        assert again.returncode == 2 and "already running" in again.stderr

        status = fstune_cli("lab", "status", "--dir", str(directory), "--json")
        assert status.returncode == 0, status.stderr
        (info,) = json.loads(status.stdout)["labs"]
        assert info["live"] and not info["mounted"] and info["state"] == "ready"
        assert [d["loop"] for d in info["disks"]] == [d.loop for d in lab.disks]
        assert all(d["attached"] and d["backing_present"] for d in info["disks"])
        pairs = {p["path"]: p["pair"] for d in info["disks"] for p in d["partitions"] if p["role"] == "data"}
        assert pairs == dict(lab.pairs())

        human = fstune_cli("lab", "status", "--dir", str(directory))
        assert "2 of 2 disk(s) attached" in human.stdout

        down = fstune_cli("lab", "down", "--dir", str(directory))
        assert down.returncode == 0, down.stderr
        assert all(f"detached  {d.loop}" in down.stdout for d in lab.disks)
        assert "is gone" in down.stdout
        assert lab_loops(directory) == []
        assert not directory.exists()

        nothing = fstune_cli("lab", "down", "--dir", str(directory))
        assert nothing.returncode == 0 and "nothing to do" in nothing.stdout
    finally:
        labmod.lab_down(directory)


@pytest.mark.loopdev
def test_lab_disks_do_direct_io_so_figures_are_not_page_cache_figures(lab):
    for disk in lab.disks:
        name = Path(disk.loop).name
        assert Path(f"/sys/block/{name}/loop/dio").read_text().strip() == "1"
