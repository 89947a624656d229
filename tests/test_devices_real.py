"""The inventory on real loop devices: mounted, swap, a filesystem, GPT partitions, an external
journal and log, a device-mapper holder, hotplug, and `fstune disks --json` end to end.

Every device written to here is a loop device this file attached, backed by a sparse file under
pytest's tmp_path, and detached again in a ``finally`` even when the test fails. ``_run_on``
refuses any command that names a block device this file did not create.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest

from fstune.devices import CONFIRM, LOCKED, USABLE, scan
from fstune.devices.monitor import ADDED, REMOVED, InventoryMonitor
from fstune.devices.udev import load
from conftest import LAB_DISK_SIZE, LAB_SPARE_SIZE, settle_devices

ROOT = Path(__file__).resolve().parent.parent
MiB = 1024 * 1024
SBIN = f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin"

pytestmark = [
    pytest.mark.loopdev,
    pytest.mark.skipif(os.geteuid() != 0, reason="needs root to attach loop devices"),
]

# loop devices (and their partitions) this module attached; nothing else may be written to
_CREATED: set[str] = set()


def _tool(name: str) -> str:
    path = shutil.which(name, path=SBIN)
    if path is None:
        pytest.skip(f"{name} is not installed")
    return path


def _sh(*argv: str, check: bool = True, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([_tool(argv[0]), *argv[1:]], capture_output=True, text=True,
                          check=check, timeout=timeout)


def _ours(path: str) -> bool:
    return any(path == dev or re.fullmatch(re.escape(dev) + r"p\d+", path) for dev in _CREATED)


def _run_on(argv: list[str], device: str) -> subprocess.CompletedProcess:
    """Run a command that writes to ``device``, which must be one of ours (and so must every
    block device the argv names)."""
    named = re.findall(r"/dev/[^\s,=:]+", " ".join(argv))
    for path in [device, *named]:
        if not _ours(path):
            raise AssertionError(f"refusing to write to {path}: this test did not create it")
    result = _sh(*argv)
    _settle(device)
    return result


def _settle(*devices: str) -> None:
    # a write fires udev's inotify watch asynchronously; the change event settle_devices
    # triggers re-probes them, so the database is current before we scan (and only ours are
    # waited for: conftest.settle_devices)
    settle_devices(*devices)


@pytest.fixture(scope="module", autouse=True)
def _udev_for_every_test(udevd):
    """Every test here reads udev's database: conftest's session fixture starts udevd (or skips)."""


def _partition(device: str, number: int) -> str:
    return f"{device}p{number}"


@contextmanager
def loop_device(tmp_path: Path, size: int, *, name: str | None = None,
                partitions: list[tuple[str, int | None]] | None = None, directory: Path | None = None):
    """A loop device on a sparse file in ``tmp_path``; GPT ``partitions`` as (name, bytes|None).

    The partition table is written to the *file* before it is attached, so no device is
    written to; the device is always detached on the way out.
    """
    folder = directory or tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    image = folder / (name or f"fst-{uuid.uuid4().hex[:8]}.img")
    with open(image, "wb") as handle:
        handle.truncate(size)
    if partitions:
        script = "label: gpt\n" + "".join(
            f"{'size=' + str(part_size // 1024) + 'KiB, ' if part_size else ''}name={part_name}\n"
            for part_name, part_size in partitions)
        subprocess.run([_tool("sfdisk"), "--quiet", str(image)], input=script, text=True,
                       check=True, capture_output=True, timeout=60)
    argv = ["losetup", "--find", "--show"] + (["--partscan"] if partitions else []) + [str(image)]
    device = _sh(*argv).stdout.strip()
    assert device.startswith("/dev/loop"), device
    _CREATED.add(device)
    try:
        if partitions:
            # on this kernel the partitions only appear after partx
            _sh("partx", "-a", device, check=False)
            for number in range(1, len(partitions) + 1):
                _wait_for(lambda: os.path.exists(_partition(device, number)), 20)
        _settle(device, *(_partition(device, n) for n in range(1, len(partitions or ()) + 1)))
        yield device
    finally:
        _release(device)
        _sh("losetup", "-d", device, check=False)
        _CREATED.discard(device)


def _release(device: str) -> None:
    """Unmount and swapoff anything on ``device`` or its partitions (a failed test's leftovers)."""
    ours = re.compile(re.escape(device) + r"(p\d+)?$")
    for line in Path("/proc/swaps").read_text().splitlines()[1:]:
        path = line.split()[0]
        if ours.match(path):
            _sh("swapoff", path, check=False)
    for line in reversed(Path("/proc/self/mounts").read_text().splitlines()):
        source, target = line.split()[:2]
        if ours.match(source):
            _sh("umount", target.replace("\\040", " "), check=False)


def _wait_for(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


@contextmanager
def mounted(device: str, mountpoint: Path, *options: str):
    mountpoint.mkdir(parents=True, exist_ok=True)
    assert _ours(device)
    _sh("mount", *(["-o", ",".join(options)] if options else []), device, str(mountpoint))
    try:
        yield mountpoint
    finally:
        _sh("umount", str(mountpoint), check=False)


def _label() -> str:
    return "fst" + uuid.uuid4().hex[:8]


def _blkid(device: str, tag: str) -> str:
    return _sh("blkid", "-p", "-s", tag, "-o", "value", device).stdout.strip()


# --- the rules on real devices -------------------------------------------------------------------


def test_mounted_device_is_locked(tmp_path):
    with loop_device(tmp_path, 64 * MiB) as dev:
        _run_on(["mkfs.ext4", "-q", "-F", "-L", _label(), dev], dev)
        with mounted(dev, tmp_path / "mnt") as mountpoint:
            device = scan().get(dev)
            assert device.mountpoints == [str(mountpoint)]
            assert (device.verdict.status, device.verdict.reason) == (LOCKED, f"is mounted at {mountpoint}")
        # unmounted again: the filesystem now only needs typed confirmation
        assert scan().get(dev).verdict.status == CONFIRM


def test_active_swap_is_locked(tmp_path):
    with loop_device(tmp_path, 64 * MiB) as dev:
        _run_on(["mkswap", "-L", _label(), dev], dev)
        assert scan().get(dev).verdict.reason.startswith("holds an inactive swap area")
        _sh("swapon", dev)
        try:
            device = scan().get(dev)
            assert device.swap is True
            assert (device.verdict.status, device.verdict.reason) == (LOCKED, "is active swap (listed in /proc/swaps)")
        finally:
            _sh("swapoff", dev, check=False)


def test_filesystem_needs_confirmation(tmp_path):
    label = _label()
    with loop_device(tmp_path, 64 * MiB) as dev:
        assert scan().get(dev).verdict.status == USABLE  # blank
        _run_on(["mkfs.ext4", "-q", "-F", "-L", label, dev], dev)
        device = scan().get(dev)
        fs_uuid = _blkid(dev, "UUID")
        assert (device.fs_type, device.fs_label, device.fs_uuid) == ("ext4", label, fs_uuid)
        assert device.verdict.status == CONFIRM
        assert device.verdict.reason == f"holds ext4 '{label}' (uuid {fs_uuid}): type its name to overwrite it"
        assert device.transport == "loop" and device.backing_file and device.backing_file.startswith(str(tmp_path))


def test_gpt_disk_with_partitions(tmp_path):
    names = [_label(), _label(), _label()]
    parts = [(names[0], 64 * MiB), (names[1], 32 * MiB), (names[2], None)]
    with loop_device(tmp_path, 160 * MiB, partitions=parts) as dev:
        base = os.path.basename(dev)
        inventory = scan()
        disk = inventory.get(dev)
        children = [f"{base}p1", f"{base}p2", f"{base}p3"]
        assert disk.children == children and disk.part_table_type == "gpt"
        assert (disk.verdict.status, disk.verdict.reason) == (
            LOCKED, f"has a gpt partition table: choose one of its partitions: {', '.join(children)}")
        for number, (label, _) in enumerate(parts, start=1):
            part = inventory.get(f"/dev/disk/by-partlabel/{label}")  # a by-* link finds it
            assert part.name == f"{base}p{number}" and part.parent == base
            assert part.part_label == label and part.part_number == number
            assert part.verdict.status == USABLE
        # a mounted sibling: the disk names it, the siblings stay usable with a note
        _run_on(["mkfs.ext4", "-q", "-F", _partition(dev, 1)], _partition(dev, 1))
        with mounted(_partition(dev, 1), tmp_path / "p1") as mountpoint:
            inventory = scan()
            assert inventory.get(dev).verdict.reason == f"its partition {base}p1 is mounted at {mountpoint}"
            sibling = inventory.get(_partition(dev, 2)).verdict
            assert sibling.status == USABLE
            assert sibling.notes == (f"its sibling {base}p1 is mounted at {mountpoint}; "
                                     "formatting this partition does not touch it",)
            assert inventory.verdict_for(_partition(dev, 2), "ext4", role="journal",
                                         partner=_partition(dev, 3)).notes[-1].startswith(
                f"is on the same disk ({base}) as the target")


def test_ext4_external_journal_names_its_owner(tmp_path):
    label = _label()
    with loop_device(tmp_path, 32 * MiB) as journal, loop_device(tmp_path, 96 * MiB) as data:
        _run_on(["mkfs.ext4", "-q", "-F", "-O", "journal_dev", "-b", "4096", journal], journal)
        _run_on(["mkfs.ext4", "-q", "-F", "-b", "4096", "-L", label, "-J", f"device={journal}", data], data)
        _settle(journal)
        inventory = scan()
        device = inventory.get(journal)
        assert device.fs_type == "jbd"
        assert (device.verdict.status, device.verdict.reason) == (
            LOCKED, f"is the external journal (jbd) of ext4 '{label}' on {os.path.basename(data)}")
        assert inventory.get(data).verdict.status == CONFIRM


def test_xfs_external_log_names_its_owner(tmp_path):
    _tool("mkfs.xfs")
    label = _label()[:12]
    with loop_device(tmp_path, 80 * MiB) as log, loop_device(tmp_path, 320 * MiB) as data:
        _run_on(["mkfs.xfs", "-q", "-f", "-L", label, "-l", f"logdev={log},size=64m", data], data)
        _settle(log)
        device = scan().get(log)
        assert device.fs_type == "xfs_external_log"
        assert device.verdict.reason == (
            f"is the external log (xfs_external_log) of xfs '{label}' on {os.path.basename(data)}")


def test_too_small_for_xfs(tmp_path):
    with loop_device(tmp_path, 256 * MiB) as dev:
        inventory = scan()
        verdict = inventory.verdict_for(dev, "xfs")
        assert (verdict.status, verdict.reason) == (LOCKED, "XFS needs at least 300 MB; this is 256 MiB")
        assert inventory.verdict_for(dev, "btrfs").status == USABLE
        assert inventory.verdict_for(dev, "xfs", role="journal").status == USABLE


def test_device_mapper_holder(tmp_path):
    _tool("dmsetup")
    if not os.path.exists("/dev/mapper/control") or \
            subprocess.run(["dmsetup", "version"], capture_output=True).returncode != 0:
        pytest.skip("this kernel has no device-mapper")
    name = f"fst-{uuid.uuid4().hex[:8]}"
    with loop_device(tmp_path, 64 * MiB) as dev:
        sectors = int(Path(f"/sys/class/block/{os.path.basename(dev)}/size").read_text())
        assert _ours(dev)
        _sh("dmsetup", "create", name, "--table", f"0 {sectors} linear {dev} 0")
        try:
            _sh("udevadm", "wait", "--timeout=60", f"/dev/mapper/{name}", check=False)  # made and described
            _settle(dev)
            device = scan().get(dev)
            holder = device.holders[0]
            assert device.verdict.reason == f"is in use by {holder} (device-mapper {name})"
        finally:
            _sh("dmsetup", "remove", name, check=False)


def test_lab_disks_are_flagged(tmp_path):
    lab_dir = tmp_path / "fakelab"
    lab_dir.mkdir()
    (lab_dir / "fstune-lab.json").write_text("{}\n")
    with loop_device(tmp_path, 32 * MiB, name="fstune-lab-disk1.img", directory=lab_dir) as dev, \
            loop_device(tmp_path, 32 * MiB) as other:
        inventory = scan()
        assert inventory.get(dev).lab is True
        assert inventory.get(other).lab is False


def test_cli_json_and_recorder_see_our_device(tmp_path):
    label = _label()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with loop_device(tmp_path, 64 * MiB) as dev:
        _run_on(["mkfs.ext4", "-q", "-F", "-L", label, dev], dev)
        out = subprocess.run([sys.executable, "-m", "fstune", "disks", "--json"], capture_output=True,
                             text=True, env=env, timeout=60, check=True).stdout
        entry = next(d for d in json.loads(out) if d["path"] == dev)
        assert entry["verdict"]["status"] == CONFIRM and entry["fs_label"] == label
        text = subprocess.run([sys.executable, "-m", "fstune", "disks"], capture_output=True,
                              text=True, env={**env, "COLUMNS": "80"}, timeout=60, check=True).stdout
        assert os.path.basename(dev) in text and max(map(len, text.splitlines())) <= 80
        # the hidden recorder writes records build_inventory can read back
        recording = subprocess.run([sys.executable, "-m", "fstune.devices.udev", "--system"],
                                   capture_output=True, text=True, env=env, timeout=60, check=True)
        assert "RuntimeWarning" not in recording.stderr
        data = json.loads(recording.stdout)
        assert set(data["system"]) == {"mountinfo", "swaps", "fstab", "crypttab"}
        record = next(r for r in load(data) if r["properties"].get("DEVNAME") == dev)
        assert record["properties"]["ID_FS_LABEL"] == label and record["backing_file"]


# --- hotplug ---------------------------------------------------------------------------------------


def test_monitor_sees_a_loop_device_attached_and_detached(tmp_path):
    with InventoryMonitor(quiet=0.3) as monitor:
        with loop_device(tmp_path, 32 * MiB) as dev:
            name = os.path.basename(dev)
            added = monitor.wait_for(lambda c: c.kind == ADDED and c.name == name, timeout=30)
            assert added is not None, f"no 'added' change for {name}"
            assert added.device.verdict.status == USABLE and added.device.transport == "loop"
            assert added.inventory.get(dev) is added.device
        removed = monitor.wait_for(lambda c: c.kind == REMOVED and c.name == name, timeout=30)
        assert removed is not None, f"no 'removed' change for {name}"


def test_monitor_stops_from_another_thread():
    monitor = InventoryMonitor()
    monitor.start()
    seen = []
    worker = threading.Thread(target=lambda: seen.extend(monitor.changes()), daemon=True)
    worker.start()
    time.sleep(0.2)
    started = time.monotonic()
    monitor.stop()
    worker.join(5)
    monitor.close()
    assert not worker.is_alive() and time.monotonic() - started < 2


def test_a_loop_device_is_described_by_its_file_and_the_device_holding_it(tmp_path):
    # the kernel marks every loop device rotational: fstune names the file behind it and the
    # device under that file instead, in the wizard, `fstune disks` and a run's device record
    from fstune.devices.loop import describe_loop
    from fstune.results.environment import describe_device
    from fstune.reports.views import device_summary
    from fstune.screens.disks import device_row, explain

    with loop_device(tmp_path, 32 * MiB) as dev:
        device = scan().get(dev)
        backing = device.backing_file
        assert backing and Path(backing).parent == tmp_path
        # the device holding the file, found here independently of fstune
        st = os.stat(backing)
        node = Path(f"/sys/dev/block/{os.major(st.st_dev)}:{os.minor(st.st_dev)}")
        holder = f"/dev/{node.resolve().name}" if node.exists() else None
        words = describe_loop(backing)
        assert words.startswith(f"a file, {backing}")
        assert (f", on {holder} (" in words) if holder else ("in memory" in words or ", on " in words)
        # the wizard: the Rot column does not claim a spindle, the reason box says what is behind it
        assert device_row(device)[6] == "file"
        shown = explain(device).plain
        # its file first (the verdict must stay in view at 80×24), where its I/O goes after the verdict
        assert shown.splitlines()[0].endswith(f"loop device: {Path(backing).name} in {tmp_path}")
        assert shown.splitlines()[1].startswith("Usable") and words.split(", ", 2)[2] in shown.splitlines()[2]
        # a run's record and its summary (results screen, reports, exports)
        record = describe_device(dev, "target")
        assert record.rotational is None and record.model == f"loop device backed by {words}"
        summary = device_summary(record)
        assert summary.startswith(f"loop device backed by {words}")
        assert summary.count("rotating disk") == words.count("rotating disk")  # only the holder's
        # `fstune disks` shows "file" in its Rot column for it
        out = subprocess.run([sys.executable, "-m", "fstune", "disks"], capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120"}, timeout=60,
                             check=True).stdout
        row = next(line for line in out.splitlines() if line.split()[:1] == [os.path.basename(dev)])
        assert " file " in f" {row} "


def test_the_suite_s_device_fixtures_do_not_wait_for_a_disk_another_process_holds(tmp_path):
    """udev puts off every event of a disk another process holds with flock (another fstune run
    on the machine): a plain `udevadm settle` then waits out its timeout. The suite's fixtures and
    helpers wait only for their own devices, so with such a disk held they go on at once."""
    from fstune import lab as labmod

    with loop_device(tmp_path, 16 * MiB, name="held.img") as held:
        holder = subprocess.Popen(
            [sys.executable, "-c", "import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDONLY); "
             "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); sys.stdin.read()", held],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert holder.stdout.readline().strip() == "held"
            _sh("udevadm", "trigger", "--action=change", held)  # an event udev must put off now
            plain = subprocess.run(["udevadm", "settle", "--timeout=3"], capture_output=True)
            assert plain.returncode != 0, "udev did not put off the held disk's event: nothing to show here"
            started = time.monotonic()
            with loop_device(tmp_path, 64 * MiB, partitions=[("a", 32 * MiB), ("b", None)]) as dev:
                _run_on(["mkfs.ext4", "-q", "-F", _partition(dev, 1)], _partition(dev, 1))
                assert scan().get(_partition(dev, 1)).fs_type == "ext4"  # udev's description is current
            lab_dir = tmp_path / "quick-lab"
            try:
                labmod.lab_up(disks=1, size=LAB_DISK_SIZE, directory=lab_dir, spare_size=LAB_SPARE_SIZE)
            finally:
                labmod.lab_down(lab_dir)  # the lab fixtures' teardown
            elapsed = time.monotonic() - started
            # a plain settle after each step would have waited its 60 s several times over
            assert elapsed < 30, f"the fixtures took {elapsed:.0f} s with a disk held elsewhere"
        finally:
            holder.stdin.close()
            holder.wait(timeout=30)
